"""The first-game tutorial: a scripted round on the real table (see :mod:`.scene`)."""

from __future__ import annotations

from .scene import TutorialTable
from .script import STEPS, load_deal

__all__ = ["STEPS", "TutorialTable", "load_deal"]
