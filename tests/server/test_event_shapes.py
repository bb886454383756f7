"""Every event the app's own screens send passes the server's check of what a Flet client
sends (scorepad/ui/web_budget.py); a switch's change was once refused as "data that is not
what it carries", so "Reveal when the last bid is in" did nothing in a browser (issue 21)."""

from __future__ import annotations

import msgpack
import pytest

from scorepad.ui.web_budget import FLET_MESSAGE, problem_in

CONTROL_EVENT = 3


def event(name: str, data: object) -> bytes:
    packed: bytes = msgpack.packb([CONTROL_EVENT, {"target": 7, "name": name, "data": data}])
    return bytes([FLET_MESSAGE]) + packed


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("change", True),  # a switch turned on (the share panel, the house rules)
        ("change", False),  # a checkbox cleared (the ledger's games)
        ("change", "48"),  # a text field typed into
        ("change", None),
        ("submit", "4821"),
        ("click", None),
    ],
)
def test_what_the_apps_own_controls_send_is_taken(name: str, data: object) -> None:
    assert problem_in(event(name, data)) is None


@pytest.mark.parametrize("data", [{"value": "x"}, ["x"], 3])
def test_a_change_carrying_anything_else_is_refused(data: object) -> None:
    assert problem_in(event("change", data)) == "a 'change' event whose data is not what it carries"
