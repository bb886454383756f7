"""The browser harness reads what the page told the app from the frames it sent; a tap it
mistakes for sent is never tapped again, so a page's own report must not pass for a tap."""

import msgpack

from tests.browser.harness import taps_told, values_told


def frame(kind: int, body: dict[str, object]) -> bytes:
    """One message as Flet's web client sends it: a 0 byte and a msgpack array."""
    packed = msgpack.packb([kind, body])
    assert isinstance(packed, bytes)
    return b"\x00" + packed


START = [
    frame(4, {"id": 1, "props": {"platform_brightness": "light"}}),
    frame(3, {"target": 1, "name": "platform_brightness_change", "data": "light"}),
    frame(4, {"id": 1, "props": {"width": 390.0, "height": 844.0}}),
    frame(5, {"control_id": 10, "call_id": "x", "result": None, "error": None}),
]
"""What the page sent a moment after it opened, as recorded in Chromium."""


def test_the_pages_own_reports_are_not_a_tap() -> None:
    assert taps_told(START) == []


def test_a_click_and_a_change_are_taps_and_garbage_is_skipped() -> None:
    frames = [
        *START,
        b"\x01not a message",
        b"\x00\xc1",
        frame(3, {"target": 26, "name": "click", "data": None}),
        frame(3, {"target": 1, "name": "route_change", "data": {"route": "/game/x"}}),
        frame(3, {"target": 30, "name": "change", "data": "2"}),
    ]
    assert taps_told(frames) == ["click", "change"]


def test_a_fields_text_is_read_from_its_props_only() -> None:
    frames = [*START, frame(4, {"id": 40, "props": {"value": "Ann"}}), frame(4, {"id": 40})]
    assert values_told(frames) == ["Ann"]
