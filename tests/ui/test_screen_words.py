"""The words fit the device they are shown on (issue 21): a laptop (the scorekeeper's own
screen, a PIN holder's, or a laptop's tab not recognised yet) is never told "this phone".

What the app says of the session's own device reads "this screen" (or "this browser" while it
is being recognised, "you" for a seat): true on a phone and on a laptop alike. The first test
reads every text the state and the views can show, the others say them on a laptop.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path

from scorepad.engine import Suit
from scorepad.sharing.table import AccessChanged, Role, SharedTable
from scorepad.store import Store
from scorepad.ui.state import ScorepadApp, Screen
from tests.ui.driving import start
from tests.ui.table_driving import PIN, TOKEN

FOUR = ["Ann", "Bob", "Cat", "Dan"]

SOURCES = Path(__file__).resolve().parents[2] / "scorepad"
SHOWN_FROM = [
    *sorted((SOURCES / "ui").rglob("*.py")),
    SOURCES / "sharing" / "errors.py",
    SOURCES / "sharing" / "access.py",
    SOURCES / "sharing" / "table.py",
]
"""Where the words a screen shows come from: the state and the views, and the table's refusals."""


def shown_strings(path: Path) -> Iterator[tuple[int, str]]:
    """Every string in ``path`` that can reach a screen: all but docstrings (a string that
    is a statement of its own), with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            yield node.lineno, node.value


def test_no_text_a_screen_shows_says_this_phone() -> None:
    found = [
        f"{path.relative_to(SOURCES.parent)}:{line}: {text!r}"
        for path in SHOWN_FROM
        for line, text in shown_strings(path)
        if "this phone" in text.lower()
    ]
    assert not found, "\n".join(found)


def test_the_check_sees_a_string_in_an_f_string(tmp_path: Path) -> None:
    """The check above would find the words in a message built with an f-string."""
    module = tmp_path / "m.py"
    module.write_text('"""this phone: a docstring"""\nx = f"{1} this phone only views"\n')
    assert [text for _, text in shown_strings(module)] == [" this phone only views"]


# --- said on a laptop ---------------------------------------------------------------------------


def session(store: Store, table: SharedTable) -> ScorepadApp:
    return ScorepadApp(store, rng=random.Random(3), table=table)


def said(app: ScorepadApp) -> str:
    assert app.message is not None
    return app.message.text


def test_a_laptop_that_enters_the_pin_keeps_score_on_this_screen_then_views_on_it(
    store: Store, table: SharedTable
) -> None:
    keeper = session(store, table)
    keeper.access.identify("the-scorekeepers-laptop", TOKEN)
    start(keeper, "golf", FOUR)
    laptop = session(store, table)  # a second scorekeeper, on a laptop
    laptop.access.identify("a-friends-laptop", None)
    laptop.viewer.enter_pin(PIN)
    assert laptop.access.role is Role.EDITOR
    assert said(laptop) == "PIN accepted: this screen keeps score now."
    keeper.share_panel.change_pin()
    laptop.live.event(AccessChanged())  # as the views hand on the table's announcement
    assert laptop.screen is Screen.VIEWER
    assert said(laptop) == (
        "The PIN was changed: this screen only views the game now. Enter the new PIN to "
        "keep score again."
    )


def test_the_scorekeepers_tab_not_yet_recognised_is_not_told_this_phone(
    store: Store, table: SharedTable
) -> None:
    """The laptop's tab, before its token is read (or a reload with the wrong address), is
    a viewer for a moment: what it is refused says "this screen"."""
    keeper = session(store, table)
    keeper.access.identify("the-scorekeepers-laptop", TOKEN)
    start(keeper, "mormon-bridge", FOUR)
    tab = session(store, table)
    tab.access.identify("the-scorekeepers-laptop-reloaded", None)
    assert tab.game.session is None
    tab.routes.open("/rules")
    assert said(tab) == "this screen only views the game: enter the PIN to open '/rules'"
    keeper.game.choose_trump(Suit.HEARTS)
    tab.game.show(tab.reader.load_game(keeper.game.session.stored.id))  # type: ignore[union-attr]
    tab.game.say_go()  # a tap that reached the game screen's code anyway
    assert said(tab) == "this screen only views the game: enter the PIN to change the game"
