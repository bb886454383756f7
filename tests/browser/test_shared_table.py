"""The shared table (issue 11) with several real browser sessions in one headless Chromium.

``scorepad --share --host 127.0.0.1`` serves one game; the scorekeeper's browser opens the
printed address with its ``?token=``; every other context ("a phone") opens the same address
without it. Every connection goes to 127.0.0.1: a "remote" phone is simply a session without
the token, which is all the server can tell anyway (the rule never depends on the address).

Each test can fail: the timing test watches the viewer's screen from before the tap; the
crafted events are first shown to work when the scorekeeper sends them; the hidden-bid check
is shown to find the bids in the same traffic once they are revealed.
"""

from __future__ import annotations

import os
import re
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.engine import GameRecord, RoundDraft, Suit
from scorepad.store import TinyDBStore, open_store
from tests.browser.harness import app_command, free_port, require_chromium, wait_until_listening
from tests.browser.shared import (
    LAPTOP,
    Phone,
    SharedServer,
    Table,
    control_ids,
    decode_frame,
    listening_addresses,
    running_process,
    share_command,
    shared_server,
    table,
)

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
"""Mormon Bridge, Ann deals round 1 (10 cards): bids and tricks go Bob, Cat, Dan, Ann."""
VIEWER_BOUND_SECONDS = 1.0
"""Issue 11: a viewer shows a change within a second. Held here as the viewer's lag behind
the scorekeeper's own screen: on a machine busy with other work both screens slow down alike
(the whole tap-to-viewer time is printed, and benchmarks/shared_table.py measures it)."""


# --- fixtures -------------------------------------------------------------------------------


@pytest.fixture
def store_dir(tmp_path: Path) -> Path:
    return tmp_path / "store"


@pytest.fixture
def game_id(store_dir: Path) -> str:
    """A Mormon Bridge game for four, made through the store before the server starts (this
    file is about the table, not about typing names)."""
    record = GameRecord.from_data({"variant": "mormon-bridge", "players": PLAYERS})
    return open_store(store_dir).create_game(record).id


@pytest.fixture
def server(store_dir: Path, game_id: str) -> Iterator[SharedServer]:
    with shared_server(store_dir) as running:
        yield running


@pytest.fixture
def at_table(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Table]:
    """One Chromium for every phone of the test; on a failure, a screenshot of each phone and
    its console and taps in the test's output."""
    require_chromium()
    failed_before = request.session.testsfailed
    with table(tmp_path) as chairs:
        yield chairs
        if request.session.testsfailed > failed_before:
            for phone in chairs.phones:
                shot = tmp_path / f"failure-{phone.name}.png"
                try:
                    phone.page.screenshot(path=str(shot))
                except Exception as problem:  # the page may be gone
                    print(f"{phone.name}: no screenshot ({problem})")
                print(f"--- {phone.name} ({shot}):\n" + "\n".join(phone.console[-40:]))


# --- the people at the table ------------------------------------------------------------------


def scorekeeper(chairs: Table, server: SharedServer, game_id: str) -> Phone:
    """The laptop that started the server, with the token: it opens the game."""
    keeper = chairs.phone("scorekeeper", LAPTOP)
    keeper.open(server.scorekeeper_url)
    keeper.tap(f"game-{game_id}")
    keeper.wait_for("round-title")
    return keeper


def viewer(chairs: Table, server: SharedServer, name: str) -> Phone:
    """A phone that opened the join address (no token): it sees the shared game."""
    phone = chairs.phone(name)
    phone.open(server.url)
    phone.wait_for("viewer-screen")
    return phone


def ready_to_record(store_dir: Path, game_id: str) -> None:
    """Round 1 entered up to Record, saved as the app saves it after each tap (the typing of
    a round is tested elsewhere): clubs, bids 3 2 3 2 for Bob, Cat, Dan and Ann, tricks
    3 2 3 (Ann's 2 worked out). Recorded, Bob and Dan make 13, Cat and Ann 12. The store locks
    its files, so the test may write while the server runs (as the CLI may)."""
    draft = RoundDraft(
        turned=Suit.CLUBS,
        bids={"Bob": 3, "Cat": 2, "Dan": 3, "Ann": 2},
        bids_shown=True,
        tricks={"Bob": 3, "Cat": 2, "Dan": 3},
    )
    open_store(store_dir).update_game(game_id, lambda game: game, draft=draft)


def standing_js(player: str, total: int) -> str:
    """A JS test: the leaderboard chip of ``player`` shows ``total``."""
    return (
        "() => [...document.querySelectorAll("
        f"'[flt-semantics-identifier=\"standing-{player}\"]')].some(e => "
        f"/\\b{player} {total}\\b/.test((e.getAttribute('aria-label') || '') + ' ' "
        "+ (e.textContent || '')))"
    )


def timeline(pressed: float, sent: float, heard: float, shown: float) -> str:
    """Where a change's time went: the tap reaching the network on the editor's page, the
    server until the other page hears of it, that page drawing it."""
    return (
        f"shown {shown - pressed:.3f} s after the tap: tap to sent {sent - pressed:.3f} s, "
        f"sent to heard on the other page {heard - sent:.3f} s, heard to shown "
        f"{shown - heard:.3f} s"
    )


def rounds_stored(store_dir: Path, game_id: str) -> int:
    return len(TinyDBStore(store_dir).load_game(game_id).record.rounds)


def bids_saved(store_dir: Path, game_id: str) -> dict[str, int]:
    """The bids of the round being entered, as saved (after every tap)."""
    draft = TinyDBStore(store_dir).load_game(game_id).draft
    return {} if draft is None else dict(draft.bids)


# --- serving -----------------------------------------------------------------------------------


def test_the_listening_check_sees_a_socket(tmp_path: Path) -> None:
    """The helper below finds a listening socket of a process (so an empty answer means
    nothing listens, not that the helper is blind)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        probe.listen()
        port = probe.getsockname()[1]
        assert ("127.0.0.1", port) in listening_addresses(os.getpid())


@pytest.mark.parametrize("shared", [False, True], ids=["scorepad --web", "--share --host"])
@pytest.mark.process
def test_the_server_listens_only_on_127_0_0_1_without_share_or_with_its_host(
    tmp_path: Path, shared: bool
) -> None:
    port = free_port()
    command = share_command(port, tmp_path) if shared else app_command(port, tmp_path)
    with running_process(command) as (process, output):
        wait_until_listening(process, port)
        assert listening_addresses(process.pid) == {("127.0.0.1", port)}, output.text


# --- viewers ------------------------------------------------------------------------------------


@pytest.mark.browser
def test_a_viewer_shows_a_recorded_round_within_a_second(
    at_table: Table, server: SharedServer, game_id: str, store_dir: Path
) -> None:
    phone = viewer(at_table, server, "viewer")
    ready_to_record(store_dir, game_id)  # before the scorekeeper opens the game
    keeper = scorekeeper(at_table, server, game_id)
    phone.wait_for("standing-Bob")  # the game the scorekeeper opened, live
    keeper.wait_for("record-round")
    assert not phone.page.evaluate(standing_js("Bob", 13))
    phone.watch("recorded", standing_js("Bob", 13))
    keeper.watch("recorded", standing_js("Bob", 13))
    keeper.tap("record-round")
    shown = phone.seen_at("recorded")
    pressed = keeper.last_pressed()
    sent = keeper.sent_after(pressed)
    print(timeline(pressed, sent, phone.heard_after(pressed), shown))
    own = keeper.seen_at("recorded")
    print(
        f"the scorekeeper's own screen showed it {own - pressed:.3f} s after the tap "
        f"(heard back {keeper.heard_after(sent) - sent:.3f} s after sending)"
    )
    assert shown > pressed  # the viewer did not show it before the tap
    # The viewer's lag behind the scorekeeper's own screen is what sharing costs; the whole
    # tap-to-viewer time depends on what else the machine is doing (benchmarks/shared_table
    # measures it, with the server's CPU time per change beside it).
    assert shown - own < VIEWER_BOUND_SECONDS
    assert phone.page.evaluate(standing_js("Cat", 12))


@pytest.mark.browser
def test_a_viewer_cannot_edit_by_the_ui_or_by_a_crafted_event(
    at_table: Table, server: SharedServer, game_id: str, store_dir: Path
) -> None:
    ready_to_record(store_dir, game_id)
    keeper = scorekeeper(at_table, server, game_id)
    phone = viewer(at_table, server, "viewer")
    phone.wait_for("standing-Bob")
    keeper.wait_for("record-round")  # the round is ready to record on the laptop

    # by the UI: nothing on the viewer's screen edits the game or leaves it
    for identifier in ("record-round", "go", "new-game", "suit-clubs", "pad-3", "share"):
        assert phone.by_id(identifier).count() == 0, identifier
    assert not phone.has_role("button", re.compile("All games|Record|House rules"))

    # by a crafted event over the viewer's own WebSocket: a click on the laptop's Record
    # button, then addresses of screens a viewer may not see
    record_button = record_control_id(keeper)
    keeper_revision = keeper.revision()
    log_before = len(server.log_text())
    phone.send_crafted([3, {"target": record_button, "name": "click", "data": None}])
    for route in ("/rules", "/new", "/", "/players", f"/game/{game_id}/../../rules"):
        phone.send_crafted([3, {"target": 1, "name": "route_change", "data": {"route": route}}])
    last = f"/game/{game_id}/../../rules"
    server.wait_for_log(rf"refused.*{re.escape(last)}.*viewer", since=log_before)  # the last one
    logged = server.log_text()[log_before:]
    for route in ("/rules", "/new", "/players"):
        assert f"refused to open '{route}' from a viewer" in logged, logged
    phone.wait_for("viewer-screen")
    for identifier in ("new-game", "save-rules", "record-round"):
        assert phone.by_id(identifier).count() == 0, identifier
    assert keeper.revision() == keeper_revision
    assert rounds_stored(server.data_dir, game_id) == 0

    # the same click from the scorekeeper's own connection does record the round: the
    # crafted message is a real one
    keeper.send_crafted([3, {"target": record_button, "name": "click", "data": None}])
    keeper.wait_for_change(keeper_revision)
    phone.wait_until_shown("Bob 13")
    assert rounds_stored(server.data_dir, game_id) == 1


def record_control_id(keeper: Phone) -> int:
    """The control id of the scorekeeper's Record button, from what the server sent it."""
    found = None
    for frame in keeper.received:
        for control in control_ids(decode_frame(frame)):
            if control.get("identifier") == "record-round":
                content = control.get("content")
                if isinstance(content, dict) and "_i" in content:
                    found = int(content["_i"])
    assert found is not None, "the scorekeeper was never sent a Record button"
    return found


# --- the PIN ------------------------------------------------------------------------------------


def try_pin(phone: Phone, typed: str) -> str:
    """Type ``typed`` into the viewer's PIN field and tap Unlock; the line the app says then
    beside the field (a refused PIN), once the app has handled the tap."""
    field = phone.page.get_by_role("textbox", name="PIN", exact=True).first
    field.wait_for(state="attached", timeout=30000)
    for attempt in range(1, 4):
        if field.input_value() == typed:  # shown by the app: it holds it already
            break
        phone._focus(field, "PIN")
        sent_before = len(phone.sent)
        phone.page.keyboard.press("ControlOrMeta+A")  # what was typed before, replaced
        phone.page.keyboard.type(typed)
        if phone._app_was_told(typed, since=sent_before, timeout=5):
            break
        phone.note(f"typed PIN {typed!r} did not reach the app (try {attempt}); again")
    else:
        raise AssertionError(f"could not type {typed!r} into the PIN field")
    phone.tap("unlock")  # a tap the page never sent is tapped again (see AppPage.tap)
    return said(phone, "pin-message")


def said(phone: Phone, line: str = "message") -> str:
    """The app's message line (or the line tagged ``line``), or '' when it says nothing."""
    return " ".join(
        str(
            phone.page.evaluate(
                """line => [...document.querySelectorAll(`[flt-semantics-identifier="${line}"]`)]
                .map(line => [line, ...line.querySelectorAll('*')]
                    .map(e => e.value || e.getAttribute('aria-label')
                        || (e.childElementCount ? '' : e.textContent) || '').join(' '))
                .join(' ')""",
                line,
            )
        ).split()
    )


def other_pin(pin: str) -> str:
    """A PIN that is not ``pin`` (each digit moved by one)."""
    return "".join(str((int(digit) + 1) % 10) for digit in pin)


def is_editing(phone: Phone) -> bool:
    return phone.by_id("viewer-screen").count() == 0 and (
        phone.by_id("round-title").count() > 0 or phone.by_id("new-game").count() > 0
    )


def wait_for_any(phone: Phone, *identifiers: str, timeout: float = 30000) -> None:
    phone.page.wait_for_function(
        'ids => ids.some(i => document.querySelector(`[flt-semantics-identifier="${i}"]`))',
        arg=list(identifiers),
        timeout=timeout,
    )


def pin_shown(keeper: Phone) -> str:
    """The PIN on the scorekeeper's share panel ("PIN to keep score: 4821")."""
    if keeper.by_id("pin").count() == 0:
        keeper.tap("share")
    found = re.search(r"\b(\d{4})\b", keeper.text_of("pin"))
    assert found, keeper.text_of("pin")
    return found.group(1)


@pytest.mark.browser
def test_the_pin_wrong_tries_a_rate_limit_and_a_new_pin_that_logs_editors_out(
    at_table: Table, server: SharedServer, game_id: str
) -> None:
    keeper = scorekeeper(at_table, server, game_id)
    assert pin_shown(keeper) == server.pin  # the PIN printed at start is the one on screen

    friend = viewer(at_table, server, "friend")
    try_pin(friend, server.pin)
    wait_for_any(friend, "round-title", "new-game")
    assert is_editing(friend)

    # the scorekeeper changes the PIN: the friend is a viewer again, at once
    keeper.tap("change-pin")
    new_pin = pin_shown(keeper)
    assert new_pin != server.pin
    friend.wait_for("viewer-screen", timeout=10000)
    assert not is_editing(friend)
    assert "not the PIN" in try_pin(friend, server.pin)  # the old PIN no longer opens
    try_pin(friend, new_pin)
    wait_for_any(friend, "round-title", "new-game")

    # a stranger guesses: five wrong tries, each told so; then even the right PIN waits
    stranger = viewer(at_table, server, "stranger")
    log_before = len(server.log_text())
    guess = other_pin(new_pin)
    for attempt in range(1, 6):
        message = try_pin(stranger, guess)
        assert "not the PIN" in message, (attempt, message)
    message = try_pin(stranger, new_pin)
    assert re.search(r"too many|wait|try again in", message, re.IGNORECASE), message
    assert stranger.by_id("viewer-screen").count() == 1
    assert not is_editing(stranger)
    logged = server.log_text()[log_before:]
    assert re.search(r"wrong PIN|PIN.*wrong", logged, re.IGNORECASE), logged
    assert "refused for a while" in logged, logged  # the hold is logged (once)
    without_times = re.sub(r"^\S+ \S+ ", "", logged, flags=re.MULTILINE)
    assert not re.search(rf"\b{new_pin}\b", without_times), "the log holds the PIN"


# --- two editors --------------------------------------------------------------------------------


def editor(chairs: Table, server: SharedServer, game_id: str, name: str) -> Phone:
    """A phone that entered the PIN, on the shared game."""
    phone = viewer(chairs, server, name)
    try_pin(phone, server.pin)
    wait_for_any(phone, "round-title", "new-game")
    if phone.by_id("round-title").count() == 0:
        phone.tap(f"game-{game_id}")
        phone.wait_for("round-title")
    return phone


def text_js(identifier: str, pattern: str) -> str:
    """A JS test: the node ``identifier`` reads something matching ``pattern`` (a regex)."""
    return (
        f"() => [...document.querySelectorAll('[flt-semantics-identifier=\"{identifier}\"]')]"
        f".some(e => new RegExp({pattern!r}).test((e.getAttribute('aria-label') || '') + ' ' "
        "+ (e.textContent || '')))"
    )


@pytest.mark.browser
def test_two_editors_see_each_others_changes_live_and_a_held_tap_is_not_taken_for_another(
    at_table: Table, server: SharedServer, game_id: str, store_dir: Path
) -> None:
    keeper = scorekeeper(at_table, server, game_id)
    friend = editor(at_table, server, game_id, "friend")

    friend.watch("trump", text_js("trump-note", "clubs"))
    keeper.watch("trump", text_js("trump-note", "clubs"))
    keeper.tap("suit-clubs")
    pressed, own = keeper.last_pressed(), keeper.seen_at("trump")
    shown = friend.seen_at("trump", timeout=10000)
    print(
        f"the other editor showed the trump {shown - pressed:.3f} s after the tap, "
        f"{shown - own:.3f} s after the scorekeeper's own screen"
    )
    assert shown - own < VIEWER_BOUND_SECONDS  # see the viewer's test

    keeper.watch("go", "() => !document.querySelector('[flt-semantics-identifier=\"go\"]')")
    tap_never_refused(friend, "go")
    keeper.seen_at("go", timeout=10000)
    keeper.wait_for("pad-3")
    assert "Bob" in keeper.text_of("prompt") and "Bob" in friend.text_of("prompt")

    # Both read "Bob bids". The friend's phone is slow: its tap on 3, meant for Bob, is still
    # on its way when the scorekeeper's 2 for Bob is saved and the change reaches the phone.
    # It must not land on Cat, whose turn it is now.
    friend.hold_taps()
    friend.by_id("pad-3").first.click()
    friend.wait_until_held()
    tap_never_refused(keeper, "pad-2")  # Bob bids 2
    friend.wait_until_heard_after(keeper.last_pressed())
    friend.release()  # the tap drawn for Bob lands, after the pad moved on to Cat
    friend.page.wait_for_function(text_js("prompt", "Cat"), timeout=10000)  # the latest
    assert friend.cell_value("bid-Bob") == "2"
    tap_never_refused(friend, "pad-3")  # read, and tapped: Cat's 3, taken at once
    friend.page.wait_for_function(text_js("prompt", "Dan"), timeout=10000)
    bids = bids_saved(store_dir, game_id)
    assert bids == {"Bob": 2, "Cat": 3}, f"a tap meant for Bob was taken for another: {bids}"


CHANGED_ELSEWHERE = "changed on another screen"
"""What the app says of a tap meant for the game as it looked before a change made elsewhere
(it then shows the latest; the person checks and taps again)."""


def tap_never_refused(phone: Phone, identifier: str) -> None:
    """Tap, at once, however soon after a change from another screen was shown: a tap made
    on the screen as it is means what it shows, and is taken (issue 21: no time window)."""
    phone.tap(identifier)
    assert CHANGED_ELSEWHERE not in said(phone), f"{phone.name}'s tap on {identifier} refused"


# --- secret bids --------------------------------------------------------------------------------

BIDS = {"Ann": 7, "Bob": 9}
"""Ann and Bob bid on their own phones, hidden (round 1 has 10 cards)."""


def claim_and_bid(chairs: Table, server: SharedServer, player: str, bid: int) -> Phone:
    phone = viewer(chairs, server, player)
    phone.tap(f"claim-{player}")
    assert f"You are {player}" in phone.text_of("my-seat")
    phone.tap(f"pad-{bid}")
    return phone


def bid_shown_js(player: str, bid: int) -> str:
    """A JS test: the bid box of ``player`` shows ``bid``."""
    return text_js(f"bid-{player}", rf"\b{bid}\b")


def bid_mentioned(strings: list[str] | str, player: str, bid: int) -> bool:
    """Whether any of ``strings`` gives away ``player``'s bid of ``bid``: the name and the
    number in one text, or the number alone in a text of its own."""
    if isinstance(strings, str):
        strings = strings.splitlines()
    together = re.compile(rf"\b{player}\b.*\b{bid}\b|\b{bid}\b.*\b{player}\b", re.DOTALL)
    return any(together.search(text) or text.strip() == str(bid) for text in strings)


@pytest.mark.browser
def test_secret_bids_stay_hidden_until_ready_set_go_then_show_together(
    at_table: Table, server: SharedServer, game_id: str, store_dir: Path
) -> None:
    keeper = scorekeeper(at_table, server, game_id)
    keeper.tap("suit-clubs")
    onlooker = viewer(at_table, server, "onlooker")
    onlooker.wait_for("hidden-bids")
    heard_from = len(onlooker.received)  # what the onlooker is told from now on
    phones = {player: claim_and_bid(at_table, server, player, bid) for player, bid in BIDS.items()}

    # everyone sees who has bid ...
    for phone in (onlooker, keeper, *phones.values()):
        phone.page.wait_for_function(text_js("hidden-bids", "Ann.*Bob|Bob.*Ann"), timeout=10000)
        assert re.search(r"Cat and Dan have no phone", phone.text_of("hidden-bids")), phone.name
    # ... and nobody sees what: not on screen, not in the onlooker's traffic
    told = onlooker.strings_received(since=heard_from)
    for player, bid in BIDS.items():
        assert not bid_mentioned(told, player, bid), f"{player}'s bid went to the onlooker"
        for phone in (onlooker, keeper):
            assert not bid_mentioned(phone.a11y_text(), player, bid), (phone.name, player)
    assert not bid_mentioned(phones["Bob"].a11y_text(), "Ann", BIDS["Ann"])
    assert not bid_mentioned(phones["Ann"].a11y_text(), "Bob", BIDS["Bob"])
    assert bids_saved(store_dir, game_id) == {}  # a hidden bid is kept in memory only

    # Ready, set, go: both bids show at once, on every screen
    reveal = " && ".join(f"({bid_shown_js(player, bid)})()" for player, bid in BIDS.items())
    anyone = " || ".join(f"({bid_shown_js(player, bid)})()" for player, bid in BIDS.items())
    onlooker.page.evaluate(
        f"""() => {{
            const check = () => {{
                if ({anyone}) {{ window.__together = {reveal}; return; }}
                requestAnimationFrame(check);
            }};
            check();
        }}"""
    )
    revealed_from = len(onlooker.received)
    keeper.tap("go")
    onlooker.page.wait_for_function("() => window.__together !== undefined", timeout=10000)
    assert onlooker.page.evaluate("() => window.__together"), "the bids showed one by one"
    told = onlooker.strings_received(since=revealed_from)
    for player, bid in BIDS.items():
        assert bid_mentioned(told, player, bid)  # the check above would have seen them
        keeper.page.wait_for_function(bid_shown_js(player, bid), timeout=10000)
    assert bids_saved(store_dir, game_id) == BIDS


# --- sequential bids on the phones ----------------------------------------------------------------


@pytest.mark.browser
def test_sequential_bids_on_the_phones_at_each_turn_with_the_dealers_hook_greyed(
    at_table: Table, store_dir: Path
) -> None:
    """Golf for three, round 1 (one card; Ann deals, Bob bids first): Bob and Ann bid on
    their own phones when it is their turn, the scorekeeper bids for Cat, who has no phone.
    Ann's phone closes the 1 with the hook's reason, exactly as the scorekeeper's pad does."""
    record = GameRecord.from_data({"variant": "golf", "players": ["Ann", "Bob", "Cat"]})
    game_id = open_store(store_dir).create_game(record).id
    with shared_server(store_dir) as server:
        keeper = scorekeeper(at_table, server, game_id)
        tap_never_refused(keeper, "suit-hearts")
        bob, ann = (viewer(at_table, server, player) for player in ("Bob", "Ann"))
        bob.tap("claim-Bob")
        ann.tap("claim-Ann")
        assert ann.by_id("pad-0").count() == 0  # not her turn: no pad
        assert "wait for your turn" in ann.text_of("my-bid")

        bob.tap("pad-0")
        keeper.page.wait_for_function(text_js("prompt", "Cat"), timeout=10000)
        tap_never_refused(keeper, "pad-0")  # Cat, who has no phone, bids 0
        ann.wait_for("pad-1", timeout=10000)  # her turn reaches her phone live
        assert ann.is_disabled("pad-1")  # 0 + 0 + 1 would add up to the one trick
        assert "Ann deals and may not bid 1" in ann.text_of("pad-note")
        ann.by_id("pad-1").first.click(force=True)  # a tap on the closed key does nothing
        ann.tap("pad-0")

        keeper.page.wait_for_function(text_js("prompt", "Bob"), timeout=10000)  # tricks now
        tap_never_refused(keeper, "pad-1")  # Bob took the trick
        tap_never_refused(keeper, "pad-0")  # Cat took none; Ann's none is worked out
        tap_never_refused(keeper, "record-round")
        stored = TinyDBStore(store_dir).load_game(game_id).record.rounds
        assert len(stored) == 1
        assert dict(stored[0].bids) == {"Ann": 0, "Bob": 0, "Cat": 0}
