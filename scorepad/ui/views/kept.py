"""Parts of a screen that are drawn again only when what they show has changed.

The app re-renders its whole screen on every change (``Root`` in ``app.py``), and Flet then
compares every control of the new screen with the last one to find what to send. Building
and comparing a control costs tens of microseconds, and a round on the pad is a few hundred
controls: on a number-pad tap that was most of the server's time. A kept part is a Flet
component with ``ft.memo``: when its arguments equal the last ones it hands back the very
controls it drew last time, which Flet recognises as unchanged without looking inside.

A kept part must be drawn from its arguments alone, and they must be values that compare
equal only when the part would look the same: the engine's immutable models (a new
``ScoreSheet`` for every change to the game), numbers, strings, tuples of them. An object
that changes in place (the app, a game session) would compare equal to itself after a
change and leave a stale part on screen: :func:`redrawn_on` takes such an object together
with the values the part reads from it, and compares only those.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Generic, ParamSpec, TypeVar

import flet as ft
from flet.components.utils import current_renderer

from scorepad.i18n import Language, active_language

P = ParamSpec("P")
T = TypeVar("T")


def kept(draw: Callable[P, ft.Control]) -> Callable[P, ft.Control]:
    """``draw`` as a part that is drawn again only when its arguments change (each compared
    with ``is``, then ``==``), or the reader's language does. Called outside a rendering page
    (a test drawing a view on its own) it simply draws."""

    @wraps(draw)
    def in_language(language: Language, *args: P.args, **kwargs: P.kwargs) -> ft.Control:
        del language  # compared by the memo: a part drawn in German is redrawn in Polish
        return draw(*args, **kwargs)

    # ft.memo is untyped; the component it wraps takes and returns what ``draw`` does
    part: Callable[..., ft.Control] = ft.memo(  # type: ignore[no-untyped-call]
        ft.component(in_language)
    )

    @wraps(draw)
    def drawn(*args: P.args, **kwargs: P.kwargs) -> ft.Control:
        if not rendering():
            return draw(*args, **kwargs)
        return part(active_language(), *args, **kwargs)

    return drawn


def rendering() -> bool:
    """Whether a Flet page is rendering now (components can only be made then)."""
    try:
        current_renderer()
    except RuntimeError:
        return False
    return True


def redrawn_on(
    depends_on: tuple[object, ...],
    draw: Callable[P, ft.Control],
    *args: P.args,
    **kwargs: P.kwargs,
) -> ft.Control:
    """``draw(*args, **kwargs)`` as a part that is drawn again only when ``depends_on`` (or
    ``draw``) changes, never because of ``args``. For drawing functions that take an object
    changed in place, such as the game session: ``depends_on`` must then hold every value
    the drawing reads from it (for the leaderboard, the score sheet)."""
    return _redrawn(draw, depends_on, _Unread((args, kwargs)))


@dataclass(frozen=True, eq=False)
class _Unread(Generic[T]):
    """An argument that never makes a kept part draw again: equal to any other."""

    value: T

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Unread)

    def __hash__(self) -> int:
        return 0


@kept
def _redrawn(
    draw: Callable[..., ft.Control],
    depends_on: tuple[object, ...],  # noqa: ARG001  (compared by the memo, not read)
    call: _Unread[tuple[tuple[object, ...], dict[str, object]]],
) -> ft.Control:
    args, kwargs = call.value
    return draw(*args, **kwargs)
