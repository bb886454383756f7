"""The viewer screen drawn in a real Flet session on a phone (390x844), no browser (issue 11).

The scorekeeper's laptop is an app driven by its state (as its own session would be); the
phone is drawn through the views, with its device key read from its storage as in a browser.
The phone offers no control that edits anything but the PIN, its seat and its own bid; it
shows the round in progress, the leaderboard and the sheet, and changes made on the laptop
within the table's event, without a tap.
"""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator, Callable

import flet as ft
import msgpack
import pytest
import pytest_asyncio

from scorepad.engine import GOLF, Suit
from scorepad.i18n import LANGUAGES
from scorepad.sharing.table import Role, SeatsChanged, SharedTable
from scorepad.store import Store
from scorepad.ui.state import ScorepadApp, Screen
from tests.ui.driving import play_round, start
from tests.ui.flet_session import ViewDriver
from tests.ui.table_driving import PIN, TableDriver

FOUR = ["Ann", "Bob", "Cat", "Dan"]
pytestmark = pytest.mark.asyncio

HANDLERS = ("on_click", "on_change", "on_submit", "on_select", "on_tap", "on_long_press")


@pytest_asyncio.fixture
async def phone(store: Store, table: SharedTable) -> AsyncIterator[ViewDriver]:
    """A phone at the join address: drawn, its device key read from its storage."""
    app = ScorepadApp(store, rng=random.Random(3), table=table)
    view = await TableDriver.opened(app, kept={"scorepad.device": "ann-phone"})
    assert app.access.device == "ann-phone", "the phone's device key was never read"
    assert app.access.role is Role.VIEWER
    yield view
    view.close()


def texts(view: ViewDriver) -> str:
    return "\n".join(view.texts())


def text_of(view: ViewDriver, identifier: str) -> str:
    control = view.tagged(identifier)
    assert isinstance(control, ft.Text), control
    return control.value or ""


async def eventually(view: ViewDriver, condition: Callable[[], bool], seconds: float = 5.0) -> None:
    """Wait for ``condition`` (what the app does a moment later, such as a phone's sheet
    following its round), checking after each turn of the loop; fail after ``seconds``."""
    assert isinstance(view, TableDriver)
    await view.until(condition, seconds)


async def shown_again(view: ViewDriver, change: Callable[[], None]) -> None:
    """A change made on the laptop, which the table announces to every session."""
    change()
    await view.settle()


def strings_sent(packed: list[bytes]) -> list[str]:
    """Every string in the messages a browser was sent, as it received them."""
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    for message in packed:
        walk(msgpack.unpackb(message, strict_map_key=False))
    return found


def live_controls(view: ViewDriver) -> list[str]:
    """What every control on the screen that answers a tap or typing is, by its tag (or its
    type, untagged): the whole of what a viewer's page lets anyone do."""
    tags = {
        id(c.content): c.identifier
        for c in view.controls()
        if isinstance(c, ft.Semantics) and c.identifier and c.content is not None
    }
    found = []
    for control in view.controls():
        if isinstance(control, ft.Page):
            continue
        answers = any(getattr(control, handler, None) is not None for handler in HANDLERS)
        if answers and not getattr(control, "disabled", False):
            content = getattr(control, "content", None)
            if isinstance(control, ft.PopupMenuItem) and isinstance(content, ft.Semantics):
                found.append(content.identifier or "PopupMenuItem")
            else:
                found.append(tags.get(id(control), type(control).__name__))
    return sorted(found)


LANGUAGE_CHOICES = (
    [f"language-{language.code}" for language in LANGUAGES] if len(LANGUAGES) > 1 else []
)
"""The language menu's entries: a viewer picks the language of its own phone, nothing more."""


def only(*tags: str) -> list[str]:
    return sorted([*tags, *LANGUAGE_CHOICES])


async def test_a_phone_waits_for_a_game_on_the_table(phone: ViewDriver) -> None:
    assert phone.has("viewer-screen") and phone.has("viewer-waiting")
    assert "Waiting for the scorekeeper to open a game" in text_of(phone, "viewer-waiting")
    assert live_controls(phone) == only("pin-field", "unlock")


async def test_the_game_on_the_table_shows_live_and_nothing_on_it_edits(
    phone: ViewDriver, keeper: ScorepadApp
) -> None:
    await shown_again(phone, lambda: start(keeper, "golf", FOUR, dealer="Dan"))
    assert phone.has("standing-Ann") and not phone.has("viewer-waiting")
    await shown_again(phone, lambda: play_round(keeper, bids=dict.fromkeys(FOUR, 0)))
    await shown_again(phone, lambda: keeper.game.choose_trump(Suit.HEARTS))
    await shown_again(phone, lambda: keeper.game.tap_number(1))  # Ann bids 1

    assert "hearts" in text_of(phone, "viewer-trump")
    assert text_of(phone, "viewer-round-title").startswith("Round 2 of ")
    bid = phone.tagged("bid-Ann")
    assert isinstance(bid, ft.Container) and bid.on_click is None
    await eventually(
        phone, lambda: phone.has("sheet")
    )  # the sheet follows the round a moment later
    assert not phone.has("edit-round-1")
    # every seat is free: "I am ..." for each, and the PIN; nothing else answers a tap
    assert live_controls(phone) == only(*(f"claim-{name}" for name in FOUR), "pin-field", "unlock")
    for identifier in ("record-round", "go", "suit-clubs", "pad-0", "undo", "game-menu"):
        assert not phone.has(identifier), identifier


async def test_a_recorded_round_shows_on_a_phone_at_once_and_its_sheet_a_moment_later(
    phone: ViewDriver, keeper: ScorepadApp
) -> None:
    """Every phone at the table draws a change one after the other: the round and the
    leaderboard first, everywhere, then each phone's sheet (most of its drawing) follows."""
    await shown_again(phone, lambda: start(keeper, "golf", FOUR, dealer="Dan"))
    await shown_again(phone, lambda: play_round(keeper, bids=dict.fromkeys(FOUR, 0)))
    assert text_of(phone, "viewer-round-title").startswith("Round 2 of ")
    assert not phone.has("sheet-row-1"), "the sheet is drawn a moment after the round"
    await eventually(phone, lambda: phone.has("sheet-row-1"), seconds=2.0)
    await shown_again(phone, lambda: keeper.game.choose_trump(Suit.HEARTS))
    assert phone.has("sheet-row-1"), "a change that leaves the sheet as it was keeps it drawn"


async def test_a_seat_claimed_and_a_secret_bid_on_the_phone(
    phone: ViewDriver, keeper: ScorepadApp, store: Store
) -> None:
    await shown_again(phone, lambda: start(keeper, "mormon-bridge", FOUR, dealer="Dan"))
    await shown_again(phone, lambda: keeper.game.choose_trump(Suit.CLUBS))
    assert keeper.game.session is not None
    game_id = keeper.game.session.stored.id
    await phone.click("claim-Ann")
    assert text_of(phone, "my-seat") == "You are Ann"
    assert not phone.has("claim-Cat"), "once seated, no other seat is offered"
    pad = [f"pad-{n}" for n in range(11)]  # round 1 deals 10 cards
    assert all(phone.has(key) for key in pad)

    await phone.click("pad-2")
    assert phone.app.message is None, phone.app.message
    assert text_of(phone, "my-bid") == "Your bid: 2 (hidden until Ready, set, go!)"
    assert text_of(phone, "hidden-bids") == (
        "Bid: Ann · every phone has bid · Bob, Cat and Dan have no phone"
    )
    assert not any(phone.has(key) for key in pad), "a secret bid is final"
    draft = store.load_game(game_id).draft
    assert draft is None or draft.bids == {}, "a secret bid is never in the game"

    await shown_again(phone, keeper.game.say_go)
    assert not phone.has("hidden-bids")
    cell = phone.tagged("bid-Ann")
    assert isinstance(cell, ft.Container) and isinstance(cell.content, ft.Text)
    assert cell.content.value == "2"
    assert text_of(phone, "my-bid") == "You bid 2 in round 1"


async def test_a_seat_another_phone_holds_is_shown_as_taken(
    phone: ViewDriver, keeper: ScorepadApp, table: SharedTable
) -> None:
    await shown_again(phone, lambda: start(keeper, "golf", FOUR, dealer="Dan"))
    assert keeper.game.session is not None
    game_id = keeper.game.session.stored.id
    table.claim_seat("bob-phone", game_id, "Bob")
    await shown_again(phone, lambda: table.announce(SeatsChanged(game_id)))
    assert not phone.has("claim-Bob")
    assert text_of(phone, "taken-Bob") == "Bob's seat is taken"


def message_line(view: ViewDriver) -> str:
    """The words of the page's message line ("" when there is none)."""
    if not view.has("message"):
        return ""
    line = view.tagged("message")
    return " ".join(
        str(c.value)
        for c in view.controls()
        if isinstance(c, ft.Text) and c.value and _inside(c, line)
    )


def _inside(control: ft.BaseControl, container: ft.BaseControl) -> bool:
    parent = control.parent
    while parent is not None:
        if parent is container:
            return True
        parent = parent.parent
    return False


async def test_the_phone_whose_seat_is_released_is_told_and_no_other_phone_is(
    phone: ViewDriver, keeper: ScorepadApp, store: Store, table: SharedTable
) -> None:
    await shown_again(phone, lambda: start(keeper, "mormon-bridge", FOUR, dealer="Dan"))
    onlooker_app = ScorepadApp(store, rng=random.Random(3), table=table)
    onlooker = await TableDriver.opened(onlooker_app, kept={"scorepad.device": "onlooker"})
    try:
        await phone.click("claim-Ann")
        assert text_of(phone, "my-seat") == "You are Ann"
        await onlooker.settle()
        assert onlooker.has("taken-Ann")
        phone.app.dismiss_message()
        await phone.settle()
        assert message_line(phone) == ""

        keeper.share_panel.open()
        await shown_again(phone, lambda: keeper.share_panel.release("Ann"))
        await onlooker.settle()
        assert message_line(phone) == (
            'The scorekeeper freed Ann\'s seat: to bid from here again, tap "I am" and your name'
        )
        assert not phone.has("my-seat") and phone.has("claim-Ann"), "free to claim again"
        assert onlooker.has("claim-Ann") and message_line(onlooker) == "", "told only Ann's"
    finally:
        onlooker.close()


async def test_the_dealers_phone_greys_the_hooked_bid_with_its_reason(
    phone: ViewDriver, keeper: ScorepadApp
) -> None:
    await shown_again(phone, lambda: start(keeper, "golf", FOUR, dealer="Dan"))
    await shown_again(phone, lambda: keeper.game.choose_trump(Suit.HEARTS))
    await phone.click("claim-Dan")
    assert not phone.has("pad-0"), "not Dan's turn yet"
    assert text_of(phone, "my-bid") == "Ann bids now: wait for your turn"
    for _ in range(3):
        await shown_again(phone, lambda: keeper.game.tap_number(0))

    hooked = phone.tagged("pad-1")
    assert isinstance(hooked, ft.FilledTonalButton) and hooked.disabled
    assert isinstance(hooked.content, ft.Text)
    assert hooked.content.semantics_label == "1 is not allowed"  # as the scorekeeper's pad
    note = text_of(phone, "pad-note")
    assert note == "Dan deals and may not bid 1: the bids would add up to 1, the number of tricks"
    await phone.click("pad-0")
    assert phone.app.message is None, phone.app.message
    assert keeper.game.session is not None
    draft = keeper.store.load_game(keeper.game.session.stored.id).draft
    assert draft is not None and draft.bids["Dan"] == 0


def parts_around(view: ViewDriver, identifier: str) -> list[str]:
    """The parts of the column whose row holds the control tagged ``identifier``, in order
    (a tagged part by its tag, any other by its type): what is drawn right around it."""
    for column in view.controls():
        if not isinstance(column, ft.Column):
            continue
        rows = [part for part in column.controls if isinstance(part, ft.Row)]
        if any(
            isinstance(cell, ft.Semantics) and cell.identifier == identifier
            for row in rows
            for cell in row.controls
        ):
            return [
                part.identifier or "" if isinstance(part, ft.Semantics) else type(part).__name__
                for part in column.controls
            ]
    raise AssertionError(f"no row holds {identifier!r}")


async def test_a_wrong_pin_is_said_beside_the_pin_field_and_the_right_one_keeps_score(
    phone: ViewDriver, keeper: ScorepadApp
) -> None:
    await shown_again(phone, lambda: start(keeper, "golf", FOUR, dealer="Dan"))
    assert not phone.has("pin-message")
    await phone.type_text("pin-field", "1234", submit=False)
    await phone.click("unlock")
    assert phone.has("viewer-screen")
    assert not phone.has("message"), "not in the message line at the top of the page"
    assert text_of(phone, "pin-message").startswith("that is not the PIN")
    # in the line right above the row of the field and Unlock, where the hint was
    assert parts_around(phone, "pin-field")[-2:] == ["pin-message", "Row"]
    await phone.type_text("pin-field", "12", submit=True)  # Enter in the field: the same
    assert text_of(phone, "pin-message").startswith("the PIN is 4 digits, and '12' is not")

    await phone.type_text("pin-field", PIN, submit=False)
    await phone.click("unlock")
    assert phone.app.access.can_edit and phone.app.screen is Screen.GAME
    assert not phone.has("viewer-screen") and phone.has("record-round")


async def test_a_game_over_shows_its_end_with_no_way_on(
    phone: ViewDriver, keeper: ScorepadApp, store: Store
) -> None:
    store.save_variant(GOLF.with_changes(name="One Round", hand_sizes=(1,)))
    await shown_again(phone, lambda: start(keeper, "saved:One Round", ["Ann", "Bob"]))
    await shown_again(phone, lambda: play_round(keeper))
    await eventually(phone, lambda: phone.has("sheet"))  # a moment after the end itself
    assert phone.has("winners")
    assert not phone.has("my-seat") and not phone.has("viewer-round-title")
    for identifier in ("play-again", "continue-game"):
        assert not phone.has(identifier), identifier
    assert live_controls(phone) == only("pin-field", "unlock")


async def test_a_secret_bid_reaches_no_other_phone_until_the_go(
    phone: ViewDriver, keeper: ScorepadApp, store: Store, table: SharedTable
) -> None:
    await shown_again(phone, lambda: start(keeper, "mormon-bridge", FOUR, dealer="Dan"))
    await shown_again(phone, lambda: keeper.game.choose_trump(Suit.CLUBS))
    onlooker_app = ScorepadApp(store, rng=random.Random(3), table=table)
    onlooker = await TableDriver.opened(onlooker_app, kept={"scorepad.device": "onlooker"})
    try:
        assert text_of(onlooker, "hidden-bids") == "No bids yet · no seat is claimed"
        told_before = len(onlooker.connection.packed)
        await phone.click("claim-Ann")
        await phone.click("pad-7")
        assert text_of(phone, "my-bid") == "Your bid: 7 (hidden until Ready, set, go!)"
        await onlooker.settle()
        who = "Bid: Ann · every phone has bid · Bob, Cat and Dan have no phone"
        assert text_of(onlooker, "hidden-bids") == who
        told = strings_sent(onlooker.connection.packed[told_before:])
        assert who in told, "told who has bid"
        counters = re.compile(r"(revision|saved)[ -]\d+")  # the test markers count changes
        leaks = [text for text in told if re.search(r"\b7\b", counters.sub("", text))]
        assert not leaks, leaks
        cell = onlooker.tagged("bid-Ann")
        assert isinstance(cell, ft.Container) and isinstance(cell.content, ft.Text)
        assert cell.content.value == "–"

        keeper.game.say_go()
        await onlooker.settle()
        cell = onlooker.tagged("bid-Ann")
        assert isinstance(cell, ft.Container) and isinstance(cell.content, ft.Text)
        assert cell.content.value == "7"
    finally:
        onlooker.close()
