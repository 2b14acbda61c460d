"""Who may sit where at a hosted table: the join code, each seat's token, the names
friends joined with and the identity each seat belongs to.

A seat's *token* takes it back after a dropped connection (it lives only as long as
the host). A friend's *identity* outlives a restart: the friend's window keeps a
secret key in its own data folder and presents it with every hello; the host keeps
only its digest (:func:`identity_of`), in its save, and gives a seat that has an
identity to the friend who holds its key and to no one else.

>>> s = Seating(["Ann", "Bo"], [True, True])
>>> s.seat_for(name="Cy", identity=identity_of("ab" * 16))
1
>>> s.take(1, "Cy", identity_of("ab" * 16)); s.names
['Ann', 'Cy']
>>> s.seat_for(name="Eve", identity=None) is None  # seat 1 is Cy's, even while away
True
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence

from .protocol import KEY_LENGTH

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I to misread


def new_code(length: int = 6) -> str:
    """A join code to read aloud: letters and digits that cannot be mistaken."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def new_token() -> str:
    """A seat's token: 32 hexadecimal digits nobody can guess."""
    return secrets.token_hex(16)


def new_key() -> str:
    """A friend's key (kept in the friend's data folder): 32 hexadecimal digits."""
    return secrets.token_hex(KEY_LENGTH // 2)


def identity_of(key: str) -> str:
    """What the host keeps of a friend's key: its digest, so a save never holds it."""
    return hashlib.sha256(f"split-friend:{key}".encode()).hexdigest()[:32]


def is_identity(value: object) -> bool:
    """Whether ``value`` is an identity as :func:`identity_of` makes them."""
    return (
        isinstance(value, str) and len(value) == 32 and all(c in "0123456789abcdef" for c in value)
    )


class Seating:
    """The seats' names, tokens and identities (see the module's text). ``people[s]``
    says whether seat ``s`` is a person's (the others are bots); seat 0 is the host's
    own player."""

    def __init__(
        self,
        names: Sequence[str],
        people: Sequence[bool],
        identities: Sequence[str | None] | None = None,
        code: str | None = None,
    ) -> None:
        self.planned = list(names)  # the names the seats were set up with
        self.names = list(names)
        self.people = list(people)
        self.identities: list[str | None] = list(identities or [None] * len(names))
        self.code = code or new_code()
        self.tokens = [new_token() for _ in names]
        self.taken: set[int] = set()  # seats whose person is connected now

    def matches_code(self, code: str) -> bool:
        return secrets.compare_digest(code, self.code)

    def seat_of_token(self, token: str) -> int | None:
        """The seat ``token`` belongs to, if any (compared in constant time)."""
        found = None
        for seat, known in enumerate(self.tokens):
            if secrets.compare_digest(token, known):
                found = seat
        return found

    def owned_by(self, identity: str) -> int | None:
        """The friend's seat that belongs to ``identity``, if any."""
        found = None
        for seat, owner in enumerate(self.identities):
            if seat != 0 and owner is not None and secrets.compare_digest(owner, identity):
                found = seat
        return found

    def seat_for(self, *, name: str, identity: str | None) -> int | None:
        """The seat a friend without a token gets: the seat that belongs to their
        identity (back after a restart), else a free person's seat nobody owns (one
        set up under their name first), else None."""
        owned = None if identity is None else self.owned_by(identity)
        if owned is not None:
            return owned
        free = [
            s
            for s, person in enumerate(self.people)
            if person and s != 0 and s not in self.taken and self.identities[s] is None
        ]
        named = [s for s in free if self.names[s] == name]
        return (named or free)[0] if named or free else None

    def take(self, seat: int, name: str, identity: str | None) -> None:
        """``seat``'s person is here, as ``name``; the seat is theirs from now on."""
        self.taken.add(seat)
        if self.people[seat]:
            self.names[seat] = name
            if seat != 0 and identity is not None:
                self.identities[seat] = identity

    def free(self, seat: int) -> None:
        """The seat is open again for anyone: a new token, the planned name, no owner."""
        self.taken.discard(seat)
        self.tokens[seat] = new_token()
        self.names[seat] = self.planned[seat]
        self.identities[seat] = None


__all__ = ["Seating", "identity_of", "is_identity", "new_code", "new_key", "new_token"]
