"""Every rule lives in the engine: the layers around it show what the engine says.

A rule written twice drifts (the trick cap had its own copy of its message, the stake limit
three copies of 100_000, "the deal moves one seat left" a copy of ``seating.left_of``). This
test reads the source of every module outside the engine and fails on the signs of a rule
re-derived there: a rule's number typed in, seats counted round the table, the trump called,
the hook or the points worked out, the money summed up, or a reach into the engine's modules
past :mod:`scorepad.engine` (whose ``__all__`` is the whole surface the outer layers use).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import scorepad.engine

PACKAGE = Path(__file__).resolve().parent.parent / "scorepad"
OUTER = sorted(
    path
    for path in PACKAGE.rglob("*.py")
    if PACKAGE / "engine" not in path.parents and "__pycache__" not in path.parts
)

RULE_NUMBERS = {
    52: "the deck (DECK_SIZE)",
    26: "the largest hand (DECK_SIZE // 2)",
    40: "the longest name (MAX_NAME_LENGTH)",
    100_000: "the largest stake (MAX_STAKE_CENTS, check_stake)",
}
"""Numbers that are rules. (10, the made bonus, is also a padding or a digit count in many
places, so it is caught where it matters: as a setting's default, see ``on=`` below.)"""

RULE_FUNCTIONS = {
    "call_trump": "the trump (Game.entry(...).trump)",
    "bid_options": "the hook (Game.entry(...).pad, .pad_note)",
    "bidding_state": "the bidding (Game.entry / Game.bidding)",
    "tricks_state": "the trick counts (Game.entry(...).tricks, .filled_in)",
    "balance_text": "the balance line (Game.entry(...).balance)",
    "left_of": "seating (Game.next_first_dealer, RoundSetup)",
    "dealer_seat": "seating (RoundSetup.dealer)",
    "settle": "the settlement (ScoreSheet.settlement)",
    "net_cents": "who collects what (ScoreSheet.settlement_summary())",
    "points": "the points (RoundResult.points, Game.entry(...).lines)",
}
"""Functions and methods that work out a rule; outside the engine their results are read."""

ALLOWED: set[tuple[str, str]] = set()
"""(module path from the package, the finding) pairs tolerated for now: none."""


LAYOUT_WORDS = ("height", "width", "size", "padding", "spacing", "radius", "margin")
"""A number given as a keyword named like these is a measure on screen, not a rule."""


def findings(tree: ast.AST) -> Iterator[str]:
    """What in one module's syntax re-derives a rule."""
    layout = {
        id(keyword.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        for keyword in node.keywords
        if keyword.arg and keyword.arg.endswith(LAYOUT_WORDS)
    }
    for node in ast.walk(tree):
        yield from _imports(node)
        if isinstance(node, ast.Constant) and type(node.value) is int:
            if node.value in RULE_NUMBERS and id(node) not in layout:
                yield f"the number {node.value}: {RULE_NUMBERS[node.value]}"
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            if isinstance(node.right, ast.Call) and _called(node.right) == "len":
                yield "counts seats round the table (% len): seating is the engine's"
        elif isinstance(node, ast.Call):
            name = _called(node)
            if name in RULE_FUNCTIONS:
                yield f"calls {name}(): {RULE_FUNCTIONS[name]}"
            for keyword in node.keywords:
                if keyword.arg == "on" and _is_number(keyword.value):
                    yield "a setting's default typed in (on=...): use SWITCHED_ON"


def _imports(node: ast.AST) -> Iterator[str]:
    """A reach past ``scorepad.engine`` into one of its modules."""
    modules: list[str] = []
    if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
        modules = [node.module]
    elif isinstance(node, ast.Import):
        modules = [alias.name for alias in node.names]
    for module in modules:
        if module.startswith("scorepad.engine."):
            yield f"imports {module} (import from scorepad.engine)"


def _called(call: ast.Call) -> str:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return ""


def _is_number(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int


def offences(path: Path) -> list[str]:
    where = str(path.relative_to(PACKAGE.parent))
    found = findings(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return [f"{where}: {finding}" for finding in found if (where, finding) not in ALLOWED]


@pytest.mark.parametrize("path", OUTER, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_module_outside_the_engine_re_derives_a_rule(path: Path) -> None:
    assert offences(path) == []


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from scorepad.engine.trump import call_trump", "imports scorepad.engine.trump"),
        ("import scorepad.engine.seating", "imports scorepad.engine.seating"),
        ("limit = 100_000", "the number 100000"),
        ("next_seat = (seat + 1) % len(players)", "counts seats round the table"),
        ("call = call_trump(rule, turned=None)", "calls call_trump()"),
        ("points = game.variant.points(bid, took, cards)", "calls points()"),
        ("paid = net_cents(players, payments)", "calls net_cents()"),
        ("switch(rules, 'stake_cents', on=5, off=None)", "a setting's default typed in"),
    ],
)
def test_the_check_sees_each_kind_of_re_derived_rule(source: str, expected: str) -> None:
    assert any(expected in finding for finding in findings(ast.parse(source)))


def test_the_check_leaves_alone_what_only_reads_the_engine() -> None:
    source = (
        "from scorepad.engine import Game, DECK_SIZE\n"
        "points = result.points[name]\n"
        "padding = 10\n"
        "row = Table(data_row_max_height=52, width=40)\n"
        "dealer = game.next_first_dealer\n"
    )
    assert list(findings(ast.parse(source))) == []


def test_everything_the_engine_offers_is_in_its_all() -> None:
    exported = set(scorepad.engine.__all__)
    public = {name for name in vars(scorepad.engine) if not name.startswith("_")}
    modules = {name for name in public if type(getattr(scorepad.engine, name)).__name__ == "module"}
    assert public - modules - {"annotations"} == exported
