"""Words to be: what a screen will say, kept as a wording function and its arguments and
worded in the current language only when drawn.

A screen that keeps :class:`Words` instead of text never shows two languages at once:
after a language switch every line it keeps is worded again, whole, in the new one.
The players' names are given when the words are drawn (as words in a sentence of the
current language), so a kept line needs no language of its own.

>>> from split.i18n import N_
>>> hi = message(N_("Hint: {action}. {reason}"), action="discard 3\u2665", reason="")
>>> hi.text()
'Hint: discard 3\u2665. '
>>> refused = words(lambda names, seat: f"{names[seat]} said no", 1)
>>> refused.text(["You", "Ada"])
'Ada said no'
>>> hash(hi) == hash(message(N_("Hint: {action}. {reason}"), reason="", action="discard 3\u2665"))
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Concatenate, ParamSpec

from .catalog import _

P = ParamSpec("P")


@dataclass(frozen=True)
class Words:
    """``say(names, *args, **fields)``, worded when drawn (``names``: the players' names
    as words in a sentence of the current language, by seat). Frozen and hashable: its
    arguments are values, never the live objects they were taken from."""

    say: Callable[..., str]
    args: tuple[object, ...] = ()
    fields: tuple[tuple[str, object], ...] = ()

    def __post_init__(self) -> None:
        hash(self)  # TypeError now, not at the draw, for an argument that can change

    def text(self, names: Sequence[str] = ()) -> str:
        """The words in the current language."""
        return self.say(names, *self.args, **dict(self.fields))


def words(
    say: Callable[Concatenate[Sequence[str], P], str], /, *args: P.args, **fields: P.kwargs
) -> Words:
    """What ``say(names, *args, **fields)`` will say (its arguments checked against it)."""
    return Words(say, tuple(args), tuple(sorted(fields.items())))


Field = str | int | Words
"""A message's field: its value as it is (a card's label, a number), or words."""


def message(msgid: str, /, **fields: Field) -> Words:
    """The message ``msgid`` (marked with ``N_`` where it is written, so the catalogs
    list it) with its ``str.format`` fields, translated when drawn."""
    return Words(_message, (msgid,), tuple(sorted(fields.items())))


def verbatim(text: str) -> Words:
    """Words someone else already gave in their own language (a host's reason, the
    system's error message): drawn as they are."""
    return Words(_verbatim, (text,))


def _message(names: Sequence[str], msgid: str, /, **fields: Field) -> str:
    if not fields:
        return _(msgid)
    values = {k: v.text(names) if isinstance(v, Words) else v for k, v in fields.items()}
    return _(msgid).format(**values)


def _verbatim(names: Sequence[str], text: str) -> str:
    return text


__all__ = ["Field", "Words", "message", "verbatim", "words"]
