"""A viewer's own socket sends random Flet messages, well-formed and malformed (issue 20).

Afterwards the table still answers, the log holds no traceback, and nothing the viewer was
ever sent holds the PIN, the scorekeeper's token or another game's id. Hypothesis draws the
messages (a fixed seed in CI, see ``tests/conftest.py``; a bounded count).
"""

from __future__ import annotations

import contextlib
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed

from scorepad.engine import GameRecord
from scorepad.store import open_store
from tests.browser.shared import shared_server
from tests.server.raw_phone import RawPhone, frame
from tests.server.test_one_phone_cannot_stall_the_table import JOIN_BOUND_SECONDS

pytestmark = pytest.mark.process

EXAMPLES = int(os.environ.get("SCOREPAD_FUZZ_EXAMPLES", "150"))
"""Messages sent (CI: 150; set SCOREPAD_FUZZ_EXAMPLES to hunt longer)."""

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**64 - 1),
    st.floats(allow_nan=True),
    st.text(max_size=40),
    st.binary(max_size=20),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=12), inner, max_size=5)
    ),
    max_leaves=20,
)
EVENT_NAMES = ["click", "change", "route_change", "resize", "media_change", "submit", "blur"]
event_bodies = st.fixed_dictionaries(
    {
        "target": st.one_of(st.integers(min_value=0, max_value=500), values),
        "name": st.one_of(st.sampled_from(EVENT_NAMES), st.text(max_size=20)),
        "data": values,
    }
)
well_formed = st.one_of(
    st.tuples(st.just(3), event_bodies),
    st.tuples(
        st.just(4),
        st.fixed_dictionaries(
            {"id": st.integers(0, 500), "props": st.dictionaries(st.text(max_size=10), values)}
        ),
    ),
    st.tuples(
        st.just(5),
        st.fixed_dictionaries(
            {
                "control_id": st.integers(0, 500),
                "call_id": st.text(),
                "result": values,
                "error": values,
            }
        ),
    ),
    st.tuples(st.just(1), st.dictionaries(st.text(max_size=12), values, max_size=4)),
    st.tuples(st.integers(-5, 300), values),
).map(lambda pair: frame(list(pair)))
malformed = st.one_of(
    st.binary(max_size=200),
    values.map(lambda value: b"\x00" + msgpack.packb(value, use_bin_type=True)),
    st.binary(max_size=60).map(lambda raw: b"\x00" + raw),
    st.binary(max_size=60).map(lambda raw: b"\x01" + raw),
)
messages = st.one_of(well_formed, malformed)


def strings_in(data: bytes) -> Iterator[str]:
    """Every text value in a frame the server sent (MessagePack after the type byte)."""
    try:
        message = msgpack.unpackb(data[1:], raw=False, strict_map_key=False)
    except Exception:
        yield data.decode("utf-8", "replace")
        return
    pending: list[Any] = [message]
    while pending:
        value = pending.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            pending.extend(value.keys())
            pending.extend(value.values())
        elif isinstance(value, list | tuple):
            pending.extend(value)


def test_random_messages_from_a_viewer_change_nothing_it_may_not_see(tmp_path: Path) -> None:
    data = tmp_path / "data"
    store = open_store(data)
    rng = random.Random(20)
    others = [
        store.create_game(
            GameRecord.from_data(
                {"variant": "golf", "players": rng.sample(["Ann", "Bob", "Cat", "Dan", "Eve"], 3)}
            )
        ).id
        for _ in range(2)
    ]
    with shared_server(data) as table:
        token = table.scorekeeper_url.split("token=", 1)[1]
        phones: list[RawPhone] = []

        def current() -> RawPhone:
            if not phones or phones[-1].socket.close_code is not None:
                phone = RawPhone(table.port)
                phone.register(timeout=JOIN_BOUND_SECONDS)
                phones.append(phone)
            return phones[-1]

        @settings(max_examples=EXAMPLES)
        @given(messages)
        def send_one(data: bytes) -> None:
            # closed for what it sent earlier: the next message opens another
            with contextlib.suppress(ConnectionClosed):
                current().send_raw(data)

        try:
            send_one()
            for phone in phones:
                phone.drain(0.5)
            with RawPhone(table.port) as later:
                later.register(timeout=JOIN_BOUND_SECONDS)
        finally:
            for phone in phones:
                phone.close()
        told = [text for phone in phones for data in phone.received for text in strings_in(data)]
        log = table.log_text()
    assert told, "the viewer was sent nothing at all: the test saw no page"
    assert not [text for text in told if text == table.pin or token in text]
    assert not [text for text in told for game in others if game in text]
    assert "Traceback" not in log, log[log.find("Traceback") - 300 :][:3000]
    print(f"{EXAMPLES} messages over {len(phones)} sockets; log {len(log):,} characters")
