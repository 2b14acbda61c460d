"""Split Desktop: the half-card game Split as a desktop game."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("split-desktop")
except PackageNotFoundError:  # running from a checkout that was never installed
    __version__ = "0.0.0+source"
