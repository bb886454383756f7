"""Seats against a model: one phone per seat, one seat per phone and game, whatever the order
of claims and releases."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.sharing import SeatTakenError, SharedTable

GAMES = ["g1", "g2"]
PLAYERS = ["Ann", "Bob", "Cy"]
PHONES = ["p1", "p2", "p3", "p4"]

claims = st.tuples(
    st.just("claim"), st.sampled_from(PHONES), st.sampled_from(GAMES), st.sampled_from(PLAYERS)
)
releases = st.tuples(
    st.just("release"), st.just("laptop"), st.sampled_from(GAMES), st.sampled_from(PLAYERS)
)


@settings(max_examples=150, deadline=None)
@given(st.lists(claims | releases, max_size=40))
def test_seats_follow_the_model(steps: list[tuple[str, str, str, str]]) -> None:
    table = SharedTable("0420", "token")
    table.open_with_token("laptop", "token")
    model: dict[str, dict[str, str]] = {game: {} for game in GAMES}
    for action, device, game, player in steps:
        seats = model[game]
        if action == "release":
            table.release_seat(device, game, player)
            seats.pop(player, None)
        elif seats.get(player, device) != device:
            with pytest.raises(SeatTakenError) as taken:
                table.claim_seat(device, game, player)
            assert taken.value.player == player
        else:
            table.claim_seat(device, game, player)
            for other in [p for p, d in seats.items() if d == device]:
                del seats[other]
            seats[player] = device
        for each in GAMES:
            assert table.seats(each) == model[each]
            for phone in PHONES:
                held = [p for p, d in model[each].items() if d == phone]
                assert len(held) <= 1
                assert table.seat_of(phone, each) == (held[0] if held else None)
