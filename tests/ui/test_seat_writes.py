"""Bids from the players' own phones (issue 11): at their turn in a sequential round, the
engine's pad deciding (the dealer's hook greys its number with the reason); in secret in a
simultaneous round, shown all together by "Ready, set, go!" in one save, or by the last bid
when the table chose so. A seat grants this one write to a viewer's app and nothing else."""

from __future__ import annotations

import logging
import random

import pytest

from scorepad.engine import PadKeyError, RoundDraft, Stage, Suit
from scorepad.sharing.errors import NotYourSeatError, NotYourTurnError, ViewerCannotEditError
from scorepad.sharing.table import Role, SharedTable
from scorepad.store import Store
from scorepad.ui.state import MessageKind, ScorepadApp
from scorepad.ui.state.seat_writes import enter_seat_bid, reveal_hidden_bids
from tests.ui.driving import start
from tests.ui.table_driving import TOKEN

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def scorekeeper(store: Store, table: SharedTable, variant: str) -> tuple[ScorepadApp, str]:
    app = ScorepadApp(store, rng=random.Random(3), table=table)
    app.access.identify("laptop", TOKEN)
    start(app, variant, FOUR, dealer="Dan")
    assert app.game.session is not None
    return app, app.game.session.stored.id


def phone(store: Store, table: SharedTable, game_id: str, player: str) -> ScorepadApp:
    """A viewer's phone holding ``player``'s seat."""
    app = ScorepadApp(store, rng=random.Random(3), table=table)
    app.access.identify(f"phone-{player}", None)
    assert app.access.role is Role.VIEWER
    table.claim_seat(f"phone-{player}", game_id, player)
    return app


def test_a_player_bids_from_their_phone_at_their_turn_only(
    store: Store, table: SharedTable
) -> None:
    keeper, game_id = scorekeeper(store, table, "golf")
    keeper.game.choose_trump(Suit.SPADES)
    bob = phone(store, table, game_id, "Bob")
    ann = phone(store, table, game_id, "Ann")
    with pytest.raises(NotYourTurnError):
        enter_seat_bid(bob, game_id, "Bob", 0)  # golf bids from the dealer's left: Ann first
    saved = enter_seat_bid(ann, game_id, "Ann", 1)
    assert saved.draft is not None and dict(saved.draft.bids) == {"Ann": 1}
    assert saved.undo[-1].label == "Ann bid 1"
    enter_seat_bid(bob, game_id, "Bob", 0)
    assert dict(store.load_game(game_id).draft.bids) == {"Ann": 1, "Bob": 0}  # type: ignore[union-attr]


def test_the_dealers_phone_is_refused_the_hooked_number_with_the_reason(
    store: Store, table: SharedTable
) -> None:
    keeper, game_id = scorekeeper(store, table, "golf")
    keeper.game.choose_trump(Suit.SPADES)
    for player in ("Ann", "Bob", "Cat"):
        keeper.game.tap_number(0)
        assert keeper.message is None, (player, keeper.message)
    entry = keeper.game.session.entry  # type: ignore[union-attr]
    assert entry is not None and entry.active == "Dan"
    hooked = next(key for key in entry.pad if not key.enabled)  # as the scorekeeper's pad shows
    dan = phone(store, table, game_id, "Dan")
    with pytest.raises(PadKeyError, match=f"Dan deals and may not bid {hooked.value}"):
        enter_seat_bid(dan, game_id, "Dan", hooked.value)
    assert len(store.load_game(game_id).draft.bids) == 3  # type: ignore[union-attr]


def test_a_phone_cannot_bid_for_a_seat_it_does_not_hold(
    store: Store, table: SharedTable, caplog: pytest.LogCaptureFixture
) -> None:
    keeper, game_id = scorekeeper(store, table, "golf")
    keeper.game.choose_trump(Suit.SPADES)
    bob = phone(store, table, game_id, "Bob")
    before = store.load_game(game_id)
    with caplog.at_level(logging.WARNING), pytest.raises(NotYourSeatError):
        enter_seat_bid(bob, game_id, "Ann", 1)
    assert any("refused" in r.message for r in caplog.records)
    assert store.load_game(game_id) == before


def test_the_go_shows_the_secret_bids_in_the_same_save(store: Store, table: SharedTable) -> None:
    keeper, game_id = scorekeeper(store, table, "mormon-bridge")
    keeper.game.choose_trump(Suit.HEARTS)
    session = keeper.game.session
    assert session is not None and session.entry is not None
    number = session.entry.number
    for player, bid in (("Ann", 1), ("Cat", 0)):
        phone(store, table, game_id, player)
        table.hide_bid(f"phone-{player}", game_id, number, player, bid)
    assert store.load_game(game_id).draft == RoundDraft(turned=Suit.HEARTS), "never before the go"
    revision = session.stored.revision
    keeper.game.say_go()
    assert keeper.message is None, keeper.message
    stored = store.load_game(game_id)
    assert stored.revision == revision + 1, "one save shows them all"
    assert stored.draft is not None and stored.draft.bids_shown
    assert dict(stored.draft.bids) == {"Ann": 1, "Cat": 0}
    assert stored.undo[-1].label == "ready, set, go (bids from phones: Ann, Cat)"
    assert not table.hidden_bidders(game_id, number)
    entry = keeper.game.session.entry  # type: ignore[union-attr]
    assert entry is not None and entry.stage is Stage.BIDS
    assert entry.active == "Bob", "the scorekeeper enters the bids of the players without a phone"


def test_undoing_the_go_hides_the_phones_bids_again(store: Store, table: SharedTable) -> None:
    """A mis-tapped Undo right after the go must not make every phone bid again, having seen
    the others' numbers: the bids go back on the table and the next go shows the same ones."""
    keeper, game_id = scorekeeper(store, table, "mormon-bridge")
    keeper.game.choose_trump(Suit.HEARTS)
    for player, bid in (("Ann", 1), ("Cat", 0)):
        phone(store, table, game_id, player)
        table.hide_bid(f"phone-{player}", game_id, 1, player, bid)
    keeper.game.say_go()
    keeper.game.undo()
    assert keeper.message is not None
    assert keeper.message.text == (
        "undone: ready, set, go (bids from phones: Ann, Cat); the bids from phones (Ann, Cat) "
        "are hidden again: tap Ready, set, go! to show them"
    )
    stored = store.load_game(game_id)
    assert stored.draft == RoundDraft(turned=Suit.HEARTS), "back to before the go"
    assert table.hidden_bidders(game_id, 1) == {"Ann", "Cat"}
    keeper.game.say_go()
    stored = store.load_game(game_id)
    assert stored.draft is not None and dict(stored.draft.bids) == {"Ann": 1, "Cat": 0}


def test_secret_bids_are_kept_when_the_go_cannot_be_saved(store: Store, table: SharedTable) -> None:
    keeper, game_id = scorekeeper(store, table, "mormon-bridge")
    keeper.game.choose_trump(Suit.HEARTS)
    number = 1
    phone(store, table, game_id, "Ann")
    table.hide_bid("phone-Ann", game_id, number, "Ann", 1)
    other = ScorepadApp(store, table=SharedTable.open_table())  # another window, not live
    other.routes.open(f"/game/{game_id}")
    other.game.choose_trump(Suit.CLUBS)
    keeper.game.say_go()  # meant for the game before the other window's tap
    assert keeper.message is not None and keeper.message.kind is MessageKind.ERROR
    assert table.hidden_bidders(game_id, number) == frozenset({"Ann"}), "Ann's bid is kept"


def test_a_viewer_shows_the_bids_only_with_the_last_one_when_the_table_chose_so(
    store: Store, table: SharedTable
) -> None:
    keeper, game_id = scorekeeper(store, table, "mormon-bridge")
    keeper.game.choose_trump(Suit.HEARTS)
    phones = {player: phone(store, table, game_id, player) for player in FOUR}
    for player in FOUR[:3]:
        table.hide_bid(f"phone-{player}", game_id, 1, player, 0)
    with pytest.raises(ViewerCannotEditError):
        reveal_hidden_bids(phones["Cat"], game_id)
    table.hide_bid("phone-Dan", game_id, 1, "Dan", 1)
    with pytest.raises(ViewerCannotEditError):  # everyone in, but the table waits for the go
        reveal_hidden_bids(phones["Dan"], game_id)
    table.set_reveal_on_last_bid("laptop", True)
    assert reveal_hidden_bids(phones["Dan"], game_id)
    stored = store.load_game(game_id)
    assert stored.draft is not None and stored.draft.bids_shown
    assert dict(stored.draft.bids) == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 1}
    assert not reveal_hidden_bids(phones["Dan"], game_id), "shown once"


def test_a_viewer_shows_the_bids_once_every_seated_phone_has_bid(
    store: Store, table: SharedTable
) -> None:
    """Dan has no phone: the last bid the table waits for is Cat's, the last seated phone's;
    Dan's is entered by the scorekeeper after the reveal."""
    keeper, game_id = scorekeeper(store, table, "mormon-bridge")
    keeper.game.choose_trump(Suit.HEARTS)
    table.set_reveal_on_last_bid("laptop", True)
    phones = {player: phone(store, table, game_id, player) for player in FOUR[:3]}
    for player in FOUR[:2]:
        table.hide_bid(f"phone-{player}", game_id, 1, player, 1)
    with pytest.raises(ViewerCannotEditError):  # Cat's phone is still to bid
        reveal_hidden_bids(phones["Bob"], game_id)
    table.hide_bid("phone-Cat", game_id, 1, "Cat", 2)
    assert reveal_hidden_bids(phones["Cat"], game_id)
    stored = store.load_game(game_id)
    assert stored.draft is not None and stored.draft.bids_shown
    assert dict(stored.draft.bids) == {"Ann": 1, "Bob": 1, "Cat": 2}
    entry = stored.game.entry(1, stored.draft)
    assert entry.stage is Stage.BIDS and entry.active == "Dan"
