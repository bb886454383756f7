"""The shared table follows the table's changes (issue 23): a late arrival claims a seat and
bids from it, a phone whose player sits a round out, left or handed the seat over is told so
and bids nothing, and the seat of someone gone moves with the phone's next claim."""

from __future__ import annotations

from scorepad.engine import Join, Leave, SitOut, Suit, TakeOver
from scorepad.sharing.table import SharedTable
from scorepad.store import Store
from scorepad.ui.state.viewer import SeatChoice, SeatState
from scorepad.ui.views.viewer import seat_part
from tests.ui.driving import play_round
from tests.ui.test_table_change import identifiers
from tests.ui.test_viewer import error, game_on_table, phone, seated


def test_a_late_arrival_claims_her_seat_and_bids_at_her_turn(
    store: Store, table: SharedTable
) -> None:
    keeper, _ = game_on_table(store, table, "golf")
    play_round(keeper)
    keeper.game.change_table(Join(after=1, player="Eve", left_of="Dan"))
    eve = phone(store, table, "eve-phone")
    eve.viewer.refresh()
    assert SeatChoice("Eve", SeatState.FREE) in eve.viewer.seats()
    eve.viewer.claim_seat("Eve")
    assert eve.viewer.my_seat == "Eve", eve.message
    session = keeper.game.session
    assert session is not None and session.entry is not None
    keeper.game.choose_trump(Suit.HEARTS)
    order = session.entry.setup.bid_order
    assert "Eve" in order
    for player in order[: order.index("Eve")]:
        assert session.entry is not None and session.entry.active == player
        keeper.game.tap_number(0)
    eve.viewer.refresh()
    assert eve.viewer.my_turn and eve.viewer.my_pad is not None
    assert eve.viewer.seat_status == "Your turn to bid in round 2"
    eve.viewer.bid(0)
    draft = store.load_game(session.stored.id).draft
    assert draft is not None and draft.bids["Eve"] == 0


def test_a_phone_whose_player_sits_out_is_told_and_bids_nothing(
    store: Store, table: SharedTable
) -> None:
    keeper, game_id = game_on_table(store, table, "golf")
    cat = seated(store, table, "Cat")
    play_round(keeper)
    keeper.game.change_table(SitOut(after=1, player="Cat"))
    keeper.game.choose_trump(Suit.CLUBS)
    cat.viewer.refresh()
    assert cat.viewer.seat_status == "Cat sits out round 2: no cards, no bid"
    assert not cat.viewer.my_turn and cat.viewer.my_pad is None
    before = store.load_game(game_id).revision
    cat.viewer.bid(0)
    assert error(cat) == "round 2: Cat sits out round 2: no cards, no bid"
    assert store.load_game(game_id).revision == before
    play_round(keeper)
    cat.viewer.refresh()
    assert cat.viewer.seat_status == "Round 3: bid once the turned card is entered"


def test_a_phone_whose_player_left_is_told_and_its_seat_moves_with_a_new_claim(
    store: Store, table: SharedTable
) -> None:
    keeper, game_id = game_on_table(store, table, "golf")
    bob = seated(store, table, "Bob")
    play_round(keeper)
    keeper.game.change_table(Leave(after=1, player="Bob"))
    session = keeper.game.session
    assert session is not None
    kept = session.sheet.totals["Bob"]
    bob.viewer.refresh()
    said = f"Bob left the game after round 1, with {kept} kept. No more bids from here"
    assert bob.viewer.seat_status == said
    assert "Bob" not in {choice.player for choice in bob.viewer.seats()}
    assert "Bob" in {seat.player for seat in keeper.share_panel.seats()}  # the keeper can free it
    other = phone(store, table, "someone-else")
    other.viewer.refresh()
    other.viewer.claim_seat("Bob")
    assert error(other) == f"Bob left the game after round 1, with {kept} kept: no seat to claim"
    # Bob hands his phone to the late arrival: its claim moves, no release needed
    keeper.game.change_table(Join(after=1, player="Eve", left_of="Dan"))
    bob.viewer.refresh()
    assert bob.viewer.seat_gone
    assert "claim-Eve" in identifiers(seat_part(bob.viewer))
    bob.viewer.claim_seat("Eve")
    assert bob.viewer.my_seat == "Eve", bob.message
    assert table.seats(game_id) == {"Eve": "bob-phone"}


def test_a_phone_whose_seat_was_taken_over_is_told_so(store: Store, table: SharedTable) -> None:
    keeper, game_id = game_on_table(store, table, "golf")
    dan = seated(store, table, "Dan")
    play_round(keeper)
    keeper.game.change_table(TakeOver(after=1, seat="Dan", player="Zoe"))
    dan.viewer.refresh()
    assert dan.viewer.seat_status == "Zoe took over Dan's seat. No more bids from here"
    assert not dan.viewer.my_turn
    zoe = phone(store, table, "zoe-phone")
    zoe.viewer.refresh()
    assert SeatChoice("Zoe", SeatState.FREE) in zoe.viewer.seats()
    zoe.viewer.claim_seat("Zoe")
    assert table.seats(game_id) == {"Dan": "dan-phone", "Zoe": "zoe-phone"}
