"""What the web build runs to learn what the app imports on a phone's first evening.

Never run in a browser: ``scorepad build-web`` runs it in Pyodide under Node.js, on a page with
no browser behind it (:mod:`scorepad.web_build.start_trace`), and ships the bytecode of every
module it imported (:mod:`scorepad.web_build.bytecode`). So it goes where a table goes in its
first minute: the list of games, the new-game form, a game of Mormon Bridge for three, a round
bid, played and recorded, and the list again. A screen left out here still works in the
browser; it is only compiled there, the first time it is drawn.
"""

from __future__ import annotations

import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING

from scorepad.engine import Suit
from scorepad.ui.state import ChoiceKey, ScorepadApp, Stage

if TYPE_CHECKING:
    import flet as ft

PLAYERS = ("Ann", "Bob", "Cat")
MOST_TAPS = 3 * len(PLAYERS) * len(PLAYERS)
"""More than a round takes (the trump, go, a bid and tricks each, record); a refused tap would
otherwise repeat for ever."""


async def draw_first_screens(page: ft.Page, drawn: Callable[[], Awaitable[None]]) -> ScorepadApp:
    """The app on a throwaway store, drawn on ``page`` through its first game's first round;
    ``await drawn()`` sends what changed to the page's (absent) browser and lets the redraw
    and the tasks it starts run."""
    import scorepad.browser.start  # noqa: F401  # what main.py imports first
    from scorepad.ui.views.app import mount

    app = ScorepadApp.open(Path(tempfile.mkdtemp(prefix="scorepad-warm-up-")) / "scorepad")
    mount(page, app)
    await drawn()
    app.new_game.open()
    app.new_game.choose_variant(ChoiceKey.preset("mormon-bridge"))
    for name in PLAYERS:
        app.new_game.add_player(name)
    await drawn()
    app.new_game.start_game()
    await drawn()
    session = app.game.session
    for _ in range(MOST_TAPS):
        entry = session.entry if session is not None else None
        if entry is None:
            break
        if entry.stage is Stage.CONFIRM:
            app.game.confirm_round()
            break
        if entry.stage is Stage.TRUMP:
            app.game.choose_trump(Suit.HEARTS)
        elif entry.stage is Stage.GO:
            app.game.say_go()
        else:
            app.game.tap_number(next(key.value for key in entry.pad if key.enabled))
        await drawn()
    await drawn()
    app.go_home()
    await drawn()
    return app
