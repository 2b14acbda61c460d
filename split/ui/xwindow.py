"""A window destroyed under the game by the X server ends it like a normal close.

A window manager's close button sends WM_DELETE_WINDOW, which SDL turns into QUIT.
But ``xdotool windowclose``, a crashed compositor or a killed session destroy the
window outright (XDestroyWindow); SDL's next X call on it then fails with BadWindow,
and Xlib's default error handler prints "X Error of failed request" and exits the
process with status 1 (or, if the error comes at another moment, the game runs on
without a window). SDL exposes no hook for this, so :func:`guard` installs an Xlib
error handler through ctypes that notes the loss; the loop then quits as on QUIT
(the game was autosaved after every action).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys

import pygame

BAD_WINDOW = 3  # X protocol error codes (X.h)
BAD_DRAWABLE = 9


class _XErrorEvent(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("display", ctypes.c_void_p),
        ("resourceid", ctypes.c_ulong),
        ("serial", ctypes.c_ulong),
        ("error_code", ctypes.c_ubyte),
        ("request_code", ctypes.c_ubyte),
        ("minor_code", ctypes.c_ubyte),
    ]


_Handler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(_XErrorEvent))
_installed: list[object] = []  # the handler, kept alive for as long as Xlib may call it
_lost = False


def _on_error(display: int, event: ctypes._Pointer[_XErrorEvent]) -> int:
    """Xlib's error callback: note a lost window; never exit the process."""
    global _lost
    code = event.contents.error_code
    if code in (BAD_WINDOW, BAD_DRAWABLE):
        _lost = True
    else:  # an error that is not ours to handle: say so, and keep going
        print(f"split: X error {code} (request {event.contents.request_code})", file=sys.stderr)
    return 0


def guard() -> bool:
    """Install the handler once, when SDL draws (or will draw) through X11; True if it
    is installed. Call it before ``pygame.init()``: SDL keeps the handler it finds when
    its video starts and puts it back when it stops, so one installed later is lost
    again at quit, when the destroyed window's last error may still arrive."""
    if _installed:
        return True
    if pygame.display.get_init():
        if pygame.display.get_driver() != "x11":
            return False
    elif (
        not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))
        or os.environ.get("SDL_VIDEODRIVER", "x11") != "x11"
        or not os.environ.get("DISPLAY")
    ):
        return False
    try:
        xlib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    except OSError:
        return False
    xlib.XSetErrorHandler.restype = ctypes.c_void_p
    xlib.XSetErrorHandler.argtypes = [_Handler]
    handler = _Handler(_on_error)
    xlib.XSetErrorHandler(handler)
    _installed.append(handler)
    return True


def window_lost() -> bool:
    """Whether the X server has destroyed the game's window."""
    return _lost
