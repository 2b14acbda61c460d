"""Cards, suits, colours, match types and the 104-card deck (R1, R3).

A card is a plain ``int`` from 0 to 51: ``rank * 4 + suit``, with ranks in the
order A, 2, ..., 10, J, Q, K and suits in the order C, D, H, S. Integer order is
therefore the canonical order of NOTATION.md, and a sorted list of cards is a
canonically ordered hand.

>>> card_str(parse_card("10s"))
'10S'
>>> match_type(parse_card("7H"), parse_card("7D")).name
'STRONG'
"""

from __future__ import annotations

from enum import IntEnum

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
SUIT_SYMBOLS: tuple[str, ...] = ("\u2663", "\u2666", "\u2665", "\u2660")
RED_SUITS = frozenset((1, 2))  # R1.2: diamonds and hearts are red

Card = int

CARD_COUNT = 52
COPIES = 2  # R1.1: each card appears exactly twice
DECK_SIZE = CARD_COUNT * COPIES
HIDDEN: Card = CARD_COUNT  # a card this seat may not see (R10): no name, no face, only a back


class MatchType(IntEnum):
    """R3.2: match types, weakest to strongest."""

    WEAK = 0
    STRONG = 1
    PERFECT = 2

    @property
    def label(self) -> str:
        return self.name.lower()


def make_card(rank: int, suit: int) -> Card:
    return rank * 4 + suit


def rank_of(card: Card) -> int:
    return card >> 2


def suit_of(card: Card) -> int:
    return card & 3


def is_red(card: Card) -> bool:
    return (card & 3) in RED_SUITS


CARD_NAMES: tuple[str, ...] = tuple(RANKS[c >> 2] + SUITS[c & 3] for c in range(CARD_COUNT))
CARD_LABELS: tuple[str, ...] = tuple(RANKS[c >> 2] + SUIT_SYMBOLS[c & 3] for c in range(CARD_COUNT))
_BY_NAME: dict[str, Card] = {name: c for c, name in enumerate(CARD_NAMES)}


def card_str(card: Card) -> str:
    """The notation of a card: rank then suit, upper case."""
    return CARD_NAMES[card]


def card_label(card: Card) -> str:
    """A card as players read it, in every language: rank then suit sign (``10♥``)."""
    return CARD_LABELS[card]


def parse_card(text: str) -> Card:
    """Parse a card like ``7h`` or ``10S`` (case-insensitive); ValueError if it is not one."""
    ok = isinstance(text, str) and text.isascii()  # "7ſ".upper() is "7S": not a card
    card = _BY_NAME.get(text.strip().upper()) if ok else None
    if card is None:
        raise ValueError(f"{text!r} is not a card (rank A,2-10,J,Q,K then suit C,D,H,S)")
    return card


def _type_of(a: Card, b: Card) -> MatchType | None:
    if a >> 2 != b >> 2:
        return None  # R3.1
    if a == b:
        return MatchType.PERFECT
    if is_red(a) == is_red(b):
        return MatchType.STRONG
    return MatchType.WEAK


# ``MATCH_TYPES[a][b]`` is ``match_type(a, b)``, precomputed for the engine's and
# the bots' inner loops, which ask it thousands of times a second.
MATCH_TYPES: tuple[tuple[MatchType | None, ...], ...] = tuple(
    tuple(_type_of(a, b) for b in range(CARD_COUNT)) for a in range(CARD_COUNT)
)


def match_type(a: Card, b: Card) -> MatchType | None:
    """R3.2: the type of the match two cards form, or None when the ranks differ."""
    return MATCH_TYPES[a][b]


def upgrades(card: Card, a: Card, b: Card) -> bool:
    """R5.2: whether ``card`` forms, with ``a`` or ``b``, a stronger match than ``a``+``b``.

    >>> upgrades(parse_card("7H"), parse_card("7C"), parse_card("7D"))
    True
    >>> upgrades(parse_card("7C"), parse_card("7D"), parse_card("7H"))
    False
    """
    old = MATCH_TYPES[a][b]
    assert old is not None  # a and b are a match: one rank
    ta, tb = MATCH_TYPES[card][a], MATCH_TYPES[card][b]
    return (ta is not None and ta > old) or (tb is not None and tb > old)


def _upgraders(a: Card, b: Card) -> frozenset[Card]:
    if MATCH_TYPES[a][b] is None:
        return frozenset()  # not a match: nothing upgrades it
    low = a & ~3  # only a card of the match's rank can upgrade it
    return frozenset(c for c in range(low, low + 4) if upgrades(c, a, b))


# ``card in UPGRADERS[a][b]`` is ``upgrades(card, a, b)`` for a match ``a``+``b`` (R5.2),
# precomputed for the engine's legal moves and the bots, which ask it for every match
# on the table at every decision of a search.
UPGRADERS: tuple[tuple[frozenset[Card], ...], ...] = tuple(
    tuple(_upgraders(a, b) for b in range(CARD_COUNT)) for a in range(CARD_COUNT)
)


def canonical_deck() -> list[Card]:
    """NOTATION.md's canonical deck: canonical order, each card twice in a row."""
    return [c for c in range(CARD_COUNT) for _ in range(COPIES)]
