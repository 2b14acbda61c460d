"""Issue 27: dates as each language writes them; Persian in the Solar Hijri calendar."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest

from split.i18n.dates import format_datetime, format_stamp, solar_hijri


@pytest.mark.parametrize(
    "gregorian, hijri",
    [
        (date(2026, 3, 21), (1405, 1, 1)),  # Nowruz 1405
        (date(2026, 3, 20), (1404, 12, 29)),  # 1404 is a common year
        (date(2025, 3, 20), (1403, 12, 30)),  # 1403 is a leap year
        (date(2025, 3, 21), (1404, 1, 1)),
        (date(2024, 3, 20), (1403, 1, 1)),
        (date(1979, 2, 11), (1357, 11, 22)),  # 22 Bahman 1357
        (date(2000, 1, 1), (1378, 10, 11)),
        (date(2026, 12, 4), (1405, 9, 13)),
    ],
)
def test_solar_hijri_of_known_dates(gregorian, hijri):
    assert solar_hijri(gregorian) == hijri


def test_solar_hijri_counts_every_day_once_for_two_centuries():
    """Day after day from 1900 to 2100 the Solar Hijri date moves by one: months 1-6
    have 31 days, 7-11 have 30, Esfand 29 or 30, and a leap year every 4 or 5 years."""
    day, prev = date(1900, 1, 1), solar_hijri(date(1900, 1, 1))
    leap_years = []
    while day < date(2100, 1, 1):
        day += timedelta(days=1)
        y, m, d = prev
        cur = solar_hijri(day)
        last = 31 if m <= 6 else 30 if m <= 11 else None
        if cur[0] == y + 1:
            assert m == 12 and d in (29, 30) and cur[1:] == (1, 1), (day, prev, cur)
            if d == 30:
                leap_years.append(y)
        elif cur[1] == m + 1:
            assert d == last and cur[2] == 1, (day, prev, cur)
        else:
            assert cur == (y, m, d + 1), (day, prev, cur)
        prev = cur
    gaps = {b - a for a, b in zip(leap_years, leap_years[1:], strict=False)}
    assert gaps == {4, 5} and 1403 in leap_years and 1404 not in leap_years


def test_the_solar_hijri_range_is_bounded():
    with pytest.raises(ValueError):
        solar_hijri(date(3800, 1, 1))
    assert format_stamp("3800-01-01 10:00", "fa") == "3800-01-01 10:00"  # shown as stored


@pytest.mark.parametrize("lang", ["en", "gl", "id", "te"])
def test_dates_follow_each_languages_cldr_patterns(lang):
    """Medium date and short time joined as CLDR joins them (Babel is the reference)."""
    babel = pytest.importorskip("babel.dates")
    from babel import Locale

    joint = Locale.parse(lang).datetime_formats["medium"]
    for month in range(1, 13):
        for hour, minute in ((0, 5), (9, 30), (12, 0), (23, 59)):
            moment = datetime(2026, month, 4 + month, hour, minute)
            want = joint.format(
                babel.format_time(moment, "short", locale=lang),
                babel.format_date(moment, "medium", locale=lang),
            )
            assert format_datetime(moment, lang) == want


def test_persian_dates_in_the_solar_hijri_calendar():
    assert format_datetime(datetime(2026, 3, 21, 9, 5), "fa") == "1 فروردین 1405\u060c\u200f 9:05"
    assert format_datetime(datetime(2026, 12, 4, 16, 5), "fa") == "13 آذر 1405\u060c\u200f 16:05"


def test_stamps_that_are_not_ours_are_shown_as_they_are():
    assert format_stamp("2026-12-04 16:05", "id") == "4 Des 2026 16.05"
    assert format_stamp("yesterday", "gl") == "yesterday"
    assert format_stamp("2026-13-40 99:99", "en") == "2026-13-40 99:99"
