"""Hypothesis strategies for random legal games (shared by engine, store and UI tests)."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from scorepad.engine import (
    PRESETS,
    BidMode,
    Game,
    RoundRecord,
    ScheduleShape,
    ShapeKind,
    SizeSteps,
    Suit,
    TrumpRule,
    Variant,
    VariantSettingError,
    Winner,
)

names = st.lists(
    st.text(
        alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz éø-'",
        min_size=1,
        max_size=12,
    )
    .map(str.strip)
    .filter(bool),
    min_size=2,
    max_size=8,
    unique_by=str.casefold,
)


@st.composite
def custom_variants(draw: st.DrawFn) -> Variant:
    bid_mode = draw(st.sampled_from(BidMode))
    settings = {
        "name": "House",
        "hand_sizes": tuple(draw(st.lists(st.integers(1, 13), min_size=1, max_size=12))),
        "min_players": draw(st.integers(2, 5)),
        "max_players": draw(st.integers(2, 8)),
        "trump_rule": draw(st.sampled_from(TrumpRule)),
        "bid_mode": bid_mode,
        "dealer_hook": bid_mode.is_sequential and draw(st.booleans()),
        "made_bonus": draw(st.integers(-20, 30)),
        "points_per_trick_made": draw(st.integers(-3, 5)),
        "points_per_trick_missed": draw(st.integers(-5, 3)),
        "made_zero_bonus": draw(st.none() | st.integers(0, 10)),
        "made_zero_per_card": draw(st.integers(-10, 10)),
        "missed_points": draw(st.integers(-10, 5)),
        "points_per_trick_off": draw(st.integers(-10, 0)),
        "points_per_trick_bid_missed": draw(st.integers(-3, 0)),
        "missed_zero_points": draw(st.none() | st.integers(-20, 0)),
        "missed_zero_per_card": draw(st.integers(-10, 0)),
        "hook_from_cards": draw(st.integers(1, 4)),
        "hook_skips_first_round": draw(st.booleans()),
        "winner": draw(st.sampled_from(Winner)),
        "stake_cents": draw(st.none() | st.integers(0, 50)),
    }
    if draw(st.booleans()):  # the schedule as a shape (small: whole games stay quick)
        settings["hand_sizes"] = ()
        settings["schedule_shape"] = ScheduleShape(
            kind=draw(st.sampled_from(ShapeKind)),
            largest=draw(st.integers(1, 6)),
            largest_twice=draw(st.booleans()),
            steps=draw(st.sampled_from(SizeSteps)),
        )
    if settings["trump_rule"] is TrumpRule.ROTATION:
        settings["trump_rotation"] = tuple(
            draw(st.lists(st.none() | st.sampled_from(Suit), min_size=1, max_size=5))
        )
    try:
        return Variant.parse(settings)
    except VariantSettingError:
        assume(False)
        raise


variants = st.sampled_from(list(PRESETS.values())) | custom_variants()


@st.composite
def round_for(draw: st.DrawFn, game: Game) -> RoundRecord:
    """A legal next round, bids drawn through the same live help the app uses."""
    setup = game.next_round
    assert setup is not None
    turned = None if not setup.card_turned else draw(st.sampled_from(Suit))
    bids: dict[str, int] = {}
    for name in setup.bid_order:
        state = game.bidding(bids)
        assert state.next_bidder == name
        bids[name] = draw(st.sampled_from(state.allowed))
    tricks: dict[str, int] = {}
    left = setup.cards
    for name in setup.bid_order[:-1]:
        tricks[name] = draw(st.integers(0, left))
        left -= tricks[name]
    tricks[setup.bid_order[-1]] = left
    return RoundRecord(turned=turned, bids=bids, tricks=tricks)


@st.composite
def games(
    draw: st.DrawFn, variant: st.SearchStrategy[Variant] = variants, finished: bool | None = None
) -> Game:
    chosen = draw(variant)
    players = draw(names.filter(lambda p: chosen.min_players <= len(p) <= chosen.max_players))
    game = Game.start(chosen, players, first_dealer=draw(st.sampled_from(players)))
    total = len(game.schedule)
    if finished is None:
        played = draw(st.integers(0, total))
    else:
        played = total if finished else draw(st.integers(0, total - 1))
    for _ in range(played):
        game = game.record_round(draw(round_for(game)))
    return game
