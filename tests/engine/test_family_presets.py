"""The family's presets beyond the three sheets score their sources' own examples, deal the
schedules their sources give for each table size, and copy into house rules unchanged.

Sources (docs/rules.md, "The family's presets"): nommy.co.uk for Nomination Whist, pagat.com's
Oh Hell! as ourpastimes.com and youthmatters.org.au describe Up and Down the River, Wikipedia's
Kachufool for Kachuful, gamerz.net's Blackout.
"""

from __future__ import annotations

import pytest

from scorepad.engine import (
    PRESETS,
    Game,
    GameRecord,
    RoundRecord,
    Suit,
    preset,
)


@pytest.mark.parametrize(
    ("key", "bid", "took", "cards", "points"),
    [
        ("nomination-whist", 1, 2, 5, 2),  # nommy: "if you bid 1 but win 2 you score 2"
        ("nomination-whist", 3, 3, 5, 13),  # "if you bid 3 and win 3 you score 3 + 10 = 13"
        ("up-and-down-the-river", 3, 3, 7, 13),
        ("up-and-down-the-river", 2, 3, 7, 3),  # one point a trick, no penalty
        ("kachuful", 3, 3, 6, 13),  # "ten plus the number of tricks declared"
        ("kachuful", 2, 3, 6, 0),
        ("blackout", 4, 4, 9, 14),  # "their bid plus 10 points"
        ("blackout", 0, 0, 9, 10),
        ("blackout", 4, 3, 9, 0),
    ],
)
def test_each_preset_scores_its_sources_examples(
    key: str, bid: int, took: int, cards: int, points: int
) -> None:
    assert preset(key).points(bid=bid, tricks=took, cards=cards) == points


@pytest.mark.parametrize(
    ("key", "players", "schedule"),
    [
        ("nomination-whist", 5, (*range(10, 0, -1), *range(2, 11))),
        ("nomination-whist", 6, (*range(8, 0, -1), *range(2, 9))),  # nommy: 8…1…8 for six
        ("up-and-down-the-river", 7, (*range(7, 0, -1), *range(2, 8))),
        ("kachuful", 6, tuple(range(1, 9))),  # Wikipedia: "for 6 players 8 rounds"
        ("kachuful", 4, tuple(range(1, 14))),  # no card turned: the whole deck is dealt
        ("blackout", 4, tuple(range(1, 14))),
    ],
)
def test_each_preset_deals_its_sources_schedule(
    key: str, players: int, schedule: tuple[int, ...]
) -> None:
    assert preset(key).schedule(players) == schedule


def test_nomination_whist_rotates_its_trumps_and_plays_a_no_trump_hand() -> None:
    game = Game.start("nomination-whist", ["Ann", "Bob", "Cat"], first_dealer="Cat")
    for _ in range(6):
        setup = game.next_round
        assert setup is not None and not setup.card_turned
        bids = dict.fromkeys(setup.bid_order[:-1], 0) | {setup.bid_order[-1]: 0}
        tricks = dict.fromkeys(setup.bid_order[:-1], 0) | {setup.bid_order[-1]: setup.cards}
        game = game.record_round(RoundRecord(bids=bids, tricks=tricks))
    assert [r.trump for r in game.sheet.rounds] == [
        Suit.SPADES,
        Suit.HEARTS,
        Suit.CLUBS,
        Suit.DIAMONDS,
        None,
        Suit.SPADES,
    ]


def test_blackout_turns_a_card_until_the_last_hand_deals_the_whole_deck() -> None:
    game = Game.start("blackout", ["Ann", "Bob", "Cat", "Dan"])
    assert game.setup(12).card_turned and not game.setup(13).card_turned
    assert game.setup(13).all_dealt


@pytest.mark.parametrize("key", list(PRESETS))
def test_every_preset_round_trips_through_the_record(key: str) -> None:
    variant = PRESETS[key]
    record = GameRecord(variant=variant, players=tuple(f"P{n}" for n in range(variant.min_players)))
    assert Game(GameRecord.from_json(record.model_dump_json())).variant == variant
