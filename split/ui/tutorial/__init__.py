"""The first-game tutorial: a scripted round on the real table (see :mod:`.scene`)."""

from __future__ import annotations

from .scene import Lesson, lesson_of, tutorial_table
from .script import STEPS, load_deal

__all__ = ["STEPS", "Lesson", "lesson_of", "load_deal", "tutorial_table"]
