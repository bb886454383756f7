"""Addresses as QR codes: the shared table's join address (in the terminal and the
scorekeeper's panel) and a game's link (its share dialog, in the served and the offline app).

segno is pure Python, so the offline app makes the same codes in the browser. No Flet here.
"""

from __future__ import annotations

import io

import segno

QR_BORDER = 4
"""The QR code's quiet zone in modules: the standard's 4, which phone cameras need to find
the code at a glance on a busy terminal."""

QR_PNG_SCALE = 8
"""Pixels per module in the PNG: about 300 px square for a join address, sharp on any screen."""


def _qr(url: str) -> segno.QRCode:
    return segno.make_qr(url, error="m", boost_error=True)


def qr_terminal(url: str) -> str:
    """The QR code of ``url`` as text for a terminal: Unicode half blocks, two rows of modules
    per line, no escape sequences (so it also survives a log or a pipe). Drawn for the usual
    light-on-dark terminal; phone cameras read the code either way round."""
    out = io.StringIO()
    _qr(url).terminal(out=out, border=QR_BORDER, compact=True)
    return out.getvalue()


def qr_png(url: str) -> bytes:
    """The QR code of ``url`` as a PNG (black on white), for a dialog to show."""
    out = io.BytesIO()
    _qr(url).save(out, kind="png", scale=QR_PNG_SCALE, border=QR_BORDER)
    return out.getvalue()
