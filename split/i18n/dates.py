"""Dates and times as each language writes them; Persian in the Solar Hijri calendar.

Pure Python, no locale data at run time: the patterns are CLDR's medium date and short
time for each language (``tests/test_dates.py`` checks them against Babel), and the
Solar Hijri conversion is the arithmetic of the jalaali algorithm (Borkowski), which
agrees with Iran's astronomical calendar for the years 1178-3177.

>>> from datetime import datetime
>>> solar_hijri(datetime(2026, 3, 21).date())
(1405, 1, 1)
>>> format_datetime(datetime(2026, 12, 4, 16, 5), "gl")
'4 de dec. de 2026, 16:05'
"""

from __future__ import annotations

from datetime import date, datetime

# Years where the 33-year leap cycle of the Solar Hijri calendar shifts (jalaali).
_BREAKS = (
    -61, 9, 38, 199, 426, 686, 756, 818, 1111, 1181, 1210,
    1635, 2060, 2097, 2192, 2262, 2324, 2394, 2456, 3178,
)  # fmt: skip

_MONTHS = {
    "en": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    "gl": [
        "xan.",
        "feb.",
        "mar.",
        "abr.",
        "maio",
        "xuño",
        "xul.",
        "ago.",
        "set.",
        "out.",
        "nov.",
        "dec.",
    ],
    "id": ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"],
    "te": ["జన", "ఫిబ్ర", "మార్చి", "ఏప్రి", "మే", "జూన్", "జులై", "ఆగ", "సెప్టెం", "అక్టో", "నవం", "డిసెం"],
    # the Solar Hijri months, Farvardin to Esfand
    "fa": [
        "فروردین",
        "اردیبهشت",
        "خرداد",
        "تیر",
        "مرداد",
        "شهریور",
        "مهر",
        "آبان",
        "آذر",
        "دی",
        "بهمن",
        "اسفند",
    ],
}


def _jalali_year(jy: int) -> tuple[int, int]:
    """For Solar Hijri year ``jy``: the day of March its year starts on (in the
    Gregorian year jy + 621) and the years since the last leap year (0: ``jy`` is one)."""
    if not _BREAKS[0] <= jy < _BREAKS[-1]:
        raise ValueError(f"Solar Hijri year {jy} is outside 1178-3177")
    gy = jy + 621
    leap_j = -14
    jp = _BREAKS[0]
    jump = 0
    for jm in _BREAKS[1:]:
        jump = jm - jp
        if jy < jm:
            break
        leap_j += jump // 33 * 8 + jump % 33 // 4
        jp = jm
    n = jy - jp
    leap_j += n // 33 * 8 + (n % 33 + 3) // 4
    if jump % 33 == 4 and jump - n == 4:
        leap_j += 1
    leap_g = gy // 4 - (gy // 100 + 1) * 3 // 4 - 150
    march = 20 + leap_j - leap_g
    if jump - n < 6:
        n = n - jump + (jump + 4) // 33 * 33
    leap = _rem(_rem(n + 1, 33) - 1, 4)
    return march, 4 if leap == -1 else leap


def _rem(a: int, b: int) -> int:
    """The remainder with the sign of ``a`` (as the algorithm was written, in C)."""
    return a - int(a / b) * b


def solar_hijri(day: date) -> tuple[int, int, int]:
    """The Solar Hijri (year, month, day) of a Gregorian ``day``: 2026-03-21 is 1405-01-01."""
    jy = day.year - 621
    march, _leap = _jalali_year(jy)
    k = day.toordinal() - date(day.year, 3, march).toordinal()
    if k < 0:  # before Nowruz: the end of the previous year
        jy -= 1
        k += 179 + (1 if _jalali_year(jy)[1] == 0 else 0)
    elif k <= 185:  # the first six months have 31 days
        return jy, 1 + k // 31, k % 31 + 1
    else:
        k -= 186
    return jy, 7 + k // 30, k % 30 + 1


def format_datetime(moment: datetime, lang: str) -> str:
    """``moment`` as ``lang`` writes a date with its time (CLDR medium date, short time;
    Solar Hijri in Persian), in ASCII digits: the screens localize digits."""
    hour, minute = moment.hour, moment.minute
    twelve = f"{(hour - 1) % 12 + 1}:{minute:02d}"
    if lang == "fa":
        y, m, d = solar_hijri(moment.date())
        return f"{d} {_MONTHS['fa'][m - 1]} {y}\u060c\u200f {hour}:{minute:02d}"
    mon = _MONTHS.get(lang, _MONTHS["en"])[moment.month - 1]
    d, y = moment.day, moment.year
    if lang == "gl":
        return f"{d} de {mon} de {y}, {hour:02d}:{minute:02d}"
    if lang == "id":
        return f"{d} {mon} {y} {hour:02d}.{minute:02d}"
    if lang == "te":
        return f"{d} {mon}, {y} {twelve} {'AM' if hour < 12 else 'PM'}"
    return f"{mon} {d}, {y}, {twelve}\u202f{'AM' if hour < 12 else 'PM'}"


def format_stamp(stamp: str, lang: str) -> str:
    """A stored "YYYY-MM-DD HH:MM" time as ``lang`` writes it; anything else as it is."""
    try:
        moment = datetime.strptime(stamp, "%Y-%m-%d %H:%M")
        return format_datetime(moment, lang)
    except ValueError:  # not a stamp of ours, or a year outside the calendar's range
        return stamp


__all__ = ["format_datetime", "format_stamp", "solar_hijri"]
