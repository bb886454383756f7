"""A viewer's phone at a shared table: the game it watches, its seat and its own bid (issue 11).

Each app here is one browser session on one :class:`SharedTable`, as the server gives each
session its own app: the scorekeeper's laptop (its token) and phones (no token). A phone sees
the game the table watches; it may claim a seat once per game and bid from it, in secret
before "Ready, set, go!" in a simultaneous round (Mormon Bridge) and at its turn in a
sequential one (Golf); every refusal is the message line and changes nothing.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from scorepad.engine import RoundDraft, RoundEntryState, Suit
from scorepad.sharing.table import GameChanged, Role, SharedTable
from scorepad.store import Store
from scorepad.store.errors import StoreUnreadableError
from scorepad.store.models import StoredGame
from scorepad.ui.state import MessageKind, ScorepadApp, Screen, Stage
from scorepad.ui.state.viewer import SeatChoice, SeatState
from tests.ui.driving import play_round, start
from tests.ui.table_driving import PIN, TOKEN

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def scorekeeper(store: Store, table: SharedTable) -> ScorepadApp:
    app = ScorepadApp(store, rng=random.Random(3), table=table)
    app.access.identify("laptop", TOKEN)
    assert app.access.role is Role.SCOREKEEPER
    return app


def phone(store: Store, table: SharedTable, device: str) -> ScorepadApp:
    """A phone opening the join address (no token): a viewer."""
    app = ScorepadApp(store, rng=random.Random(3), table=table)
    app.access.identify(device, None)
    assert app.screen is Screen.VIEWER
    return app


def game_on_table(store: Store, table: SharedTable, variant: str) -> tuple[ScorepadApp, str]:
    """The scorekeeper starts a game of ``variant`` for FOUR (Dan deals): the one the table
    watches."""
    keeper = scorekeeper(store, table)
    start(keeper, variant, FOUR, dealer="Dan")
    assert keeper.game.session is not None
    game_id = keeper.game.session.stored.id
    assert table.shared_game == game_id
    return keeper, game_id


def error(app: ScorepadApp) -> str:
    assert app.message is not None and app.message.kind is MessageKind.ERROR, app.message
    return app.message.text


def stored_draft(store: Store, game_id: str) -> RoundDraft:
    return store.load_game(game_id).draft or RoundDraft()


def seated(store: Store, table: SharedTable, player: str) -> ScorepadApp:
    app = phone(store, table, f"{player.lower()}-phone")
    app.viewer.claim_seat(player)
    assert app.viewer.my_seat == player, app.message
    return app


# --- watching -------------------------------------------------------------------------------


def test_a_phone_waits_while_no_game_is_on_the_table(store: Store, table: SharedTable) -> None:
    visitor = phone(store, table, "ann-phone").viewer
    assert visitor.session is None and visitor.entry is None
    assert visitor.seats() == () and visitor.my_pad is None and visitor.hidden_bids() is None


def test_a_phone_shows_the_game_on_the_table_and_follows_it(
    store: Store, table: SharedTable
) -> None:
    viewer = phone(store, table, "cy-phone")  # there first, before any game
    keeper, game_id = game_on_table(store, table, "golf")
    visitor = viewer.viewer
    session = visitor.session  # the table moved on to a game: read at once
    assert session is not None and session.stored.id == game_id
    assert not session.sheet.rounds
    play_round(keeper)
    visitor.refresh()  # as the app does on the table's GameChanged
    session = visitor.session
    assert session is not None and len(session.sheet.rounds) == 1
    assert session.sheet.standings == keeper.game.session.sheet.standings  # type: ignore[union-attr]


def test_the_round_in_progress_shows_the_trump_and_the_bids_as_they_are_entered(
    store: Store, table: SharedTable
) -> None:
    keeper, _ = game_on_table(store, table, "golf")
    visitor = phone(store, table, "cy-phone").viewer
    keeper.game.choose_trump(Suit.HEARTS)
    keeper.game.tap_number(1)  # Ann, first to bid, bids 1
    visitor.refresh()
    entry = visitor.entry
    assert entry is not None and entry.trump is not None
    assert "hearts" in entry.trump.note
    assert entry.bids == {"Ann": 1}
    assert visitor.hidden_bids() is None, "a sequential round has no secret bids"


# --- seats --------------------------------------------------------------------------------------


def test_a_seat_is_claimed_once_and_a_seat_another_phone_holds_is_refused(
    store: Store, table: SharedTable
) -> None:
    _, game_id = game_on_table(store, table, "golf")
    ann = phone(store, table, "ann-phone")
    ann.viewer.claim_seat("Ann")
    assert ann.message is not None and "You are Ann" in ann.message.text
    assert ann.viewer.my_seat == "Ann"
    assert ann.viewer.seats()[:2] == (
        SeatChoice("Ann", SeatState.MINE),
        SeatChoice("Bob", SeatState.FREE),
    )

    other = phone(store, table, "other-phone")
    other.viewer.claim_seat("Ann")
    assert "Ann" in error(other)
    assert other.viewer.my_seat is None and table.seats(game_id) == {"Ann": "ann-phone"}
    assert other.viewer.seats()[0] == SeatChoice("Ann", SeatState.TAKEN)

    ann.viewer.claim_seat("Bob")  # a seat is claimed once per game
    assert "release Ann's seat" in error(ann)
    assert table.seats(game_id) == {"Ann": "ann-phone"}

    ann.viewer.claim_seat("Zed")
    assert "Zed" in error(ann)
    assert table.seats(game_id) == {"Ann": "ann-phone"}


def test_a_seat_is_kept_by_a_phone_that_comes_back(store: Store, table: SharedTable) -> None:
    game_on_table(store, table, "golf")
    seated(store, table, "Ann")
    again = phone(store, table, "ann-phone")  # the same phone, reloaded: its device key
    assert again.viewer.my_seat == "Ann"


def test_a_phone_whose_seat_the_scorekeeper_released_is_told_so_and_only_it(
    store: Store, table: SharedTable
) -> None:
    keeper, game_id = game_on_table(store, table, "mormon-bridge")
    cat, dan = seated(store, table, "Cat"), seated(store, table, "Dan")
    onlooker = phone(store, table, "onlooker")
    for app in (cat, dan, onlooker):
        app.dismiss_message()
    keeper.share_panel.release("Cat")
    assert keeper.message is not None and "Cat's seat is free" in keeper.message.text
    for app in (cat, dan, onlooker):  # as each session does on the table's SeatsChanged
        app.viewer.refresh()
    assert cat.message is not None and cat.message.kind is MessageKind.INFO
    assert cat.message.text == (
        'The scorekeeper freed Cat\'s seat: to bid from here again, tap "I am" and your name'
    )
    assert cat.viewer.my_seat is None and cat.viewer.freed_seat == "Cat"
    assert SeatChoice("Cat", SeatState.FREE) in cat.viewer.seats()
    assert dan.message is None and dan.viewer.freed_seat is None, "Dan's seat is his still"
    assert onlooker.message is None, "a phone that held no seat is told nothing"

    cat.viewer.refresh()  # told once, not at every change at the table
    keeper.game.choose_trump(Suit.CLUBS)
    cat.dismiss_message()
    cat.viewer.refresh()
    assert cat.message is None
    cat.viewer.bid(3)  # a bid still on its way from the seat freed
    assert error(cat).startswith("The scorekeeper freed Cat's seat")
    assert table.hidden_bidders(game_id, 1) == frozenset()
    cat.viewer.claim_seat("Cat")
    assert cat.viewer.my_seat == "Cat" and cat.viewer.freed_seat is None


def test_a_seat_left_behind_in_another_game_is_no_news(store: Store, table: SharedTable) -> None:
    """The table moved on to another game: the seat of the old one is not this phone's loss
    (a new game's seats are claimed afresh), nor is a seat held under another device key."""
    keeper, _ = game_on_table(store, table, "golf")
    ann = seated(store, table, "Ann")
    ann.dismiss_message()
    start(keeper, "mormon-bridge", FOUR, dealer="Dan")
    ann.viewer.refresh()
    assert ann.viewer.my_seat is None
    assert ann.message is None and ann.viewer.freed_seat is None

    bob = seated(store, table, "Bob")
    bob.dismiss_message()
    bob.access.identify("bobs-key-read-late", None)  # the browser's own key, read late
    bob.viewer.refresh()
    assert bob.message is None and bob.viewer.freed_seat is None


def test_no_seat_can_be_claimed_before_a_game_is_on_the_table(
    store: Store, table: SharedTable
) -> None:
    ann = phone(store, table, "ann-phone")
    ann.viewer.claim_seat("Ann")
    assert "no game is on the table yet" in error(ann)


# --- secret bids (Mormon Bridge bids at once) --------------------------------------------------


def test_a_secret_bid_waits_on_the_table_and_everyone_sees_who_not_what(
    store: Store, table: SharedTable
) -> None:
    keeper, game_id = game_on_table(store, table, "mormon-bridge")
    keeper.game.choose_trump(Suit.CLUBS)
    ann = seated(store, table, "Ann")
    onlooker = phone(store, table, "onlooker").viewer
    assert ann.viewer.my_pad is not None and ann.viewer.my_turn

    ann.viewer.bid(2)
    assert ann.message is None, ann.message
    assert table.hidden_bidders(game_id, 1) == {"Ann"}
    assert stored_draft(store, game_id).bids == {}, "a secret bid is never in the game"
    assert ann.viewer.seat_status == "Your bid: 2 (hidden until Ready, set, go!)"
    assert ann.viewer.my_pad is None, "a secret bid is final: the pad goes"

    onlooker.refresh()
    hidden = onlooker.hidden_bids()
    assert hidden is not None
    assert hidden.words == "Bid: Ann · every phone has bid · Bob, Cat and Dan have no phone"
    entry = onlooker.entry
    assert entry is not None and entry.bids == {} and entry.stage is Stage.GO

    keeper.game.say_go()  # Ready, set, go: the secret bid joins the round
    assert keeper.message is None, keeper.message
    assert stored_draft(store, game_id).bids == {"Ann": 2}
    onlooker.refresh()
    assert onlooker.entry is not None and onlooker.entry.bids == {"Ann": 2}
    assert onlooker.hidden_bids() is None


def test_a_phone_that_comes_back_knows_its_secret_bid_is_in_without_the_number(
    store: Store, table: SharedTable
) -> None:
    keeper, _ = game_on_table(store, table, "mormon-bridge")
    keeper.game.choose_trump(Suit.CLUBS)
    seated(store, table, "Ann").viewer.bid(2)
    again = phone(store, table, "ann-phone").viewer
    assert again.seat_status == "Your bid is in (hidden until Ready, set, go!)"
    assert again.my_pad is None


@pytest.mark.parametrize("bid", [-1, 11])
def test_a_secret_bid_out_of_range_is_refused(store: Store, table: SharedTable, bid: int) -> None:
    keeper, game_id = game_on_table(store, table, "mormon-bridge")
    keeper.game.choose_trump(Suit.CLUBS)
    ann = seated(store, table, "Ann")
    cards = ann.viewer.entry.setup.cards  # type: ignore[union-attr]
    ann.viewer.bid(bid)
    assert f"Ann bid {bid}, but a bid in a {cards}-card round is 0 to {cards}" in error(ann)
    assert table.hidden_bidders(game_id, 1) == frozenset()


def test_secret_bids_wait_for_the_turned_card_and_end_at_the_go(
    store: Store, table: SharedTable
) -> None:
    keeper, game_id = game_on_table(store, table, "mormon-bridge")
    ann = seated(store, table, "Ann")
    assert ann.viewer.my_pad is None
    ann.viewer.bid(1)
    assert "round 1: bid once the turned card is entered" in error(ann)

    keeper.game.choose_trump(Suit.CLUBS)
    ann.viewer.bid(1)
    ann.viewer.bid(0)
    assert "your bid is in already" in error(ann)
    keeper.game.say_go()
    ann.viewer.bid(0)
    assert "the bids are shown already" in error(ann)
    assert stored_draft(store, game_id).bids == {"Ann": 1}


def test_the_last_secret_bid_shows_every_bid_when_the_table_chose_so(
    store: Store, table: SharedTable
) -> None:
    keeper, game_id = game_on_table(store, table, "mormon-bridge")
    keeper.game.choose_trump(Suit.CLUBS)
    table.set_reveal_on_last_bid("laptop", True)
    phones = {name: seated(store, table, name) for name in FOUR}
    for bid, name in enumerate(FOUR[:-1]):
        phones[name].viewer.bid(bid)
        assert stored_draft(store, game_id).bids == {}
    phones["Dan"].viewer.bid(3)
    assert phones["Dan"].message is not None
    assert phones["Dan"].message.text == "Every bid is in: the bids are shown."
    draft = stored_draft(store, game_id)
    assert draft.bids == {"Ann": 0, "Bob": 1, "Cat": 2, "Dan": 3} and draft.bids_shown
    assert table.hidden_bidders(game_id, 1) == frozenset()


def test_without_the_tables_choice_the_last_secret_bid_waits_for_the_go(
    store: Store, table: SharedTable
) -> None:
    keeper, game_id = game_on_table(store, table, "mormon-bridge")
    keeper.game.choose_trump(Suit.CLUBS)
    for bid, name in enumerate(FOUR):
        seated(store, table, name).viewer.bid(bid)
    assert stored_draft(store, game_id).bids == {}
    assert table.hidden_bidders(game_id, 1) == set(FOUR)


def keeper_hears(keeper: ScorepadApp, store: Store, game_id: str) -> RoundEntryState:
    """The scorekeeper's session told of a change another session saved (as the table tells
    it), and the round its pad shows then."""
    keeper.live.event(GameChanged(game_id, store.load_game(game_id).revision))
    assert keeper.game.session is not None and keeper.game.session.entry is not None
    return keeper.game.session.entry


def test_with_a_player_without_a_phone_the_last_phones_bid_shows_them_and_the_pad_waits(
    store: Store, table: SharedTable
) -> None:
    """Dan has no phone. "Reveal when the last bid is in" waits for the phones only: Cat's,
    the last of them, shows Ann's, Bob's and Cat's at once, and the scorekeeper's pad then
    sits on Dan's bid (Dan shows fingers as the others' bids appear)."""
    keeper, game_id = game_on_table(store, table, "mormon-bridge")
    keeper.game.choose_trump(Suit.CLUBS)
    keeper.share_panel.set_reveal_on_last_bid(True)
    phones = {name: seated(store, table, name) for name in ("Ann", "Bob", "Cat")}
    phones["Ann"].viewer.bid(1)
    phones["Bob"].viewer.bid(2)
    assert stored_draft(store, game_id).bids == {}, "Cat's phone is still to bid"
    assert keeper_hears(keeper, store, game_id).stage is Stage.GO

    phones["Cat"].viewer.bid(3)
    assert phones["Cat"].message is not None
    assert phones["Cat"].message.text == (
        "Every phone's bid is in: the bids are shown; the scorekeeper enters Dan's."
    )
    draft = stored_draft(store, game_id)
    assert draft.bids_shown and draft.bids == {"Ann": 1, "Bob": 2, "Cat": 3}
    assert table.hidden_bidders(game_id, 1) == frozenset()
    entry = keeper_hears(keeper, store, game_id)
    assert entry.stage is Stage.BIDS and entry.active == "Dan", "the pad waits on Dan's bid"
    keeper.game.tap_number(4)  # Dan's fingers
    assert keeper.message is None, keeper.message
    assert stored_draft(store, game_id).bids == {"Ann": 1, "Bob": 2, "Cat": 3, "Dan": 4}


def test_a_seat_claimed_after_the_others_bid_is_waited_for_and_a_seat_released_shows_nothing(
    store: Store, table: SharedTable
) -> None:
    """The last bid is the last *seated* phone's as the table is when a bid comes in: a
    phone that sits down late is waited for; a seat released (Cat's phone died, Cat will
    claim the seat again on another) shows nobody's bid by itself."""
    keeper, game_id = game_on_table(store, table, "mormon-bridge")
    keeper.game.choose_trump(Suit.CLUBS)
    keeper.share_panel.set_reveal_on_last_bid(True)
    ann, bob = seated(store, table, "Ann"), seated(store, table, "Bob")
    ann.viewer.bid(0)
    cat = seated(store, table, "Cat")  # sits down late
    bob.viewer.bid(1)
    assert stored_draft(store, game_id).bids == {}, "Cat's phone is waited for"
    keeper.share_panel.release("Cat")
    assert stored_draft(store, game_id).bids == {}, "a release shows no bid"
    hidden = ann.viewer.hidden_bids()
    assert hidden is not None
    assert hidden.words == "Bid: Ann, Bob · every phone has bid · Cat and Dan have no phone"
    cat.viewer.claim_seat("Cat")  # on the phone Cat borrowed
    cat.viewer.bid(2)
    draft = stored_draft(store, game_id)
    assert draft.bids_shown and draft.bids == {"Ann": 0, "Bob": 1, "Cat": 2}


def test_the_switch_turned_on_once_every_phone_has_bid_shows_the_bids_at_once(
    store: Store, table: SharedTable
) -> None:
    keeper, game_id = game_on_table(store, table, "mormon-bridge")
    keeper.game.choose_trump(Suit.CLUBS)
    for bid, name in enumerate(("Ann", "Bob")):
        seated(store, table, name).viewer.bid(bid)
    assert stored_draft(store, game_id).bids == {}
    keeper.share_panel.set_reveal_on_last_bid(True)
    assert keeper.message is None, keeper.message
    draft = stored_draft(store, game_id)
    assert draft.bids_shown and draft.bids == {"Ann": 0, "Bob": 1}
    entry = keeper.game.session.entry  # type: ignore[union-attr]
    assert entry is not None and entry.active == "Cat", "the pad waits on Cat, who has no phone"


# --- bids in turn (Golf bids one by one from the dealer's left) --------------------------------


def test_a_sequential_bid_from_a_phone_only_at_the_players_turn(
    store: Store, table: SharedTable
) -> None:
    keeper, game_id = game_on_table(store, table, "golf")
    keeper.game.choose_trump(Suit.HEARTS)
    bob = seated(store, table, "Bob")
    assert bob.viewer.my_pad is None
    assert bob.viewer.seat_status == "Ann bids now: wait for your turn"
    bob.viewer.bid(0)
    assert "Bob" in error(bob) and "Ann" in error(bob)
    assert stored_draft(store, game_id).bids == {}

    keeper.game.tap_number(0)  # Ann bids 0: Bob's turn
    bob.viewer.refresh()
    pad = bob.viewer.my_pad
    assert pad is not None and all(key.enabled for key in pad)
    bob.viewer.bid(1)
    assert bob.message is None, bob.message
    assert stored_draft(store, game_id).bids == {"Ann": 0, "Bob": 1}
    assert bob.viewer.seat_status == "You bid 1 in round 1"


def test_the_dealers_phone_greys_the_hooked_bid_with_its_reason(
    store: Store, table: SharedTable
) -> None:
    keeper, game_id = game_on_table(store, table, "golf")
    keeper.game.choose_trump(Suit.HEARTS)
    for _ in range(3):
        keeper.game.tap_number(0)  # Ann, Bob and Cat bid 0 in the one-card round
    dan = seated(store, table, "Dan")
    pad = dan.viewer.my_pad
    assert pad is not None
    closed = [key for key in pad if not key.enabled]
    assert [key.value for key in closed] == [1]
    assert closed[0].reason == dan.viewer.pad_note
    assert dan.viewer.pad_note is not None and "Dan deals and may not bid 1" in dan.viewer.pad_note

    dan.viewer.bid(1)
    assert "Dan deals and may not bid 1" in error(dan)
    assert "Dan" not in stored_draft(store, game_id).bids
    dan.viewer.bid(0)
    assert dan.message is None, dan.message
    assert stored_draft(store, game_id).bids["Dan"] == 0


def test_a_bid_without_a_seat_is_refused(store: Store, table: SharedTable) -> None:
    keeper, game_id = game_on_table(store, table, "golf")
    keeper.game.choose_trump(Suit.HEARTS)
    viewer = phone(store, table, "cy-phone")
    viewer.viewer.bid(0)
    assert "say which seat is yours first" in error(viewer)
    assert stored_draft(store, game_id).bids == {}


# --- the PIN --------------------------------------------------------------------------------------


def pin_refused(app: ScorepadApp) -> str:
    """Why the last Unlock was refused, as said beside the PIN field (never in the message
    line at the top of the page, far from the field)."""
    said = app.viewer.pin_message
    assert said is not None and said.kind is MessageKind.ERROR, said
    assert app.message is None, app.message
    return said.text


def test_a_wrong_pin_is_said_beside_the_field_and_the_right_one_keeps_score(
    store: Store, table: SharedTable
) -> None:
    _, game_id = game_on_table(store, table, "golf")
    friend = phone(store, table, "friend-phone")
    friend.viewer.enter_pin("1234")
    assert pin_refused(friend) == (
        "that is not the PIN: check the PIN on the scorekeeper's screen and try again"
    )
    assert friend.screen is Screen.VIEWER and not friend.access.can_edit
    friend.viewer.enter_pin("12a4")
    assert pin_refused(friend).startswith("the PIN is 4 digits, and '12a4' is not")

    friend.viewer.enter_pin(f" {PIN} ")
    assert friend.access.can_edit
    assert friend.screen is Screen.GAME
    assert friend.viewer.pin_message is None
    assert friend.message is not None
    assert friend.message.text == "PIN accepted: this screen keeps score now."
    assert friend.game.session is not None and friend.game.session.stored.id == game_id


def test_too_many_wrong_pins_wait_even_for_the_right_one(store: Store, table: SharedTable) -> None:
    stranger = phone(store, table, "stranger-phone")
    for _ in range(5):
        stranger.viewer.enter_pin("0000")
        pin_refused(stranger)
    stranger.viewer.enter_pin(PIN)
    assert pin_refused(stranger).startswith("too many wrong PINs from this screen: wait ")
    assert not stranger.access.can_edit


def test_a_pin_before_the_browser_is_recognised_is_said_beside_the_field(
    store: Store, table: SharedTable
) -> None:
    app = ScorepadApp(store, rng=random.Random(3), table=table)  # its device key not read yet
    app.viewer.enter_pin(PIN)
    assert pin_refused(app).startswith("this browser is still being recognised")


def test_a_game_on_the_table_that_cannot_be_read_leaves_the_phone_waiting_with_the_reason(
    store: Store, table: SharedTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, game_id = game_on_table(store, table, "golf")
    reads: list[str] = []

    def unreadable(wanted: str) -> StoredGame:
        reads.append(wanted)
        raise StoreUnreadableError(Path(f"games/{wanted}.json"), "not JSON", None, None)

    monkeypatch.setattr(store, "load_game", unreadable)
    visitor = phone(store, table, "cy-phone").viewer
    assert visitor.session is None and visitor.entry is None and visitor.seats() == ()
    assert visitor.problem is not None
    assert visitor.problem.startswith("The game on the table cannot be shown: ")
    assert f"games/{game_id}.json cannot be read: not JSON" in visitor.problem
    assert reads == [game_id], "read once, not at every look at the screen"
