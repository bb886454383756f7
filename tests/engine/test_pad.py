"""The round on the pad, checked against its game: every rule of entering a round is the
engine's (Game.entry), so a screen only shows the state and passes taps on."""

from __future__ import annotations

import pytest

from scorepad.engine import (
    GOLF,
    BidOrderError,
    EntryRefusedError,
    Field,
    Game,
    NoCardToTurnError,
    NothingToEnterError,
    PadKeyError,
    RoundDraft,
    RoundEntryState,
    RoundIncompleteError,
    RoundRecord,
    Selection,
    SelectionRefusedError,
    Stage,
    Suit,
    TurnedCardError,
)

TWO_CARD_GOLF = GOLF.with_changes(name="Two Golf", hand_sizes=(2, 2, 2))


def two_card_round() -> Game:
    """Ann, Bob, Cat; Cat deals and is hooked; two cards each."""
    return Game.start(TWO_CARD_GOLF, ["Ann", "Bob", "Cat"], first_dealer="Cat")


def tap(game: Game, number: int, draft: RoundDraft, *values: int) -> RoundEntryState:
    """Enter ``values`` one by one for whoever the pad is entering."""
    entry = game.entry(number, draft)
    for value in values:
        entry = game.entry(number, entry.enter(value).draft)
    return entry


def hearts(game: Game) -> RoundDraft:
    return game.entry(1, RoundDraft()).choose_trump(Suit.HEARTS)


def test_correcting_a_bid_that_breaks_the_hook_takes_back_the_dealers_bid_with_a_note() -> None:
    game = two_card_round()
    entry = tap(game, 1, hearts(game), 1, 0, 0)  # Ann 1, Bob 0, Cat (dealer) 0: 1 for 2
    assert entry.stage is Stage.TRICKS
    selection = entry.select(Field.BID, "Ann")
    assert selection == Selection(Field.BID, "Ann")
    picked = game.entry(1, entry.draft, selection)
    assert picked.active == "Ann"
    step = picked.enter(2)  # Ann 2 + Bob 0: Cat's 0 would make the bids add up to 2
    assert step.note == (
        "Cat's bid of 0 is no longer allowed (Cat deals and may not bid 0: the bids would add "
        "up to 2, the number of tricks); Cat bids again"
    )
    after = game.entry(1, step.draft)
    assert dict(after.bids) == {"Ann": 2, "Bob": 0}
    assert (after.stage, after.active) == (Stage.BIDS, "Cat")
    assert [key.value for key in after.pad if key.enabled] == [1, 2]


def test_the_hook_closes_the_dealers_key_and_says_why() -> None:
    game = two_card_round()
    entry = tap(game, 1, hearts(game), 1, 0)
    closed = [key for key in entry.pad if not key.enabled]
    reason = "Cat deals and may not bid 1: the bids would add up to 2, the number of tricks"
    assert [(key.value, key.reason) for key in closed] == [(1, reason)]
    assert entry.pad_note == reason
    with pytest.raises(PadKeyError, match=f"^round 1: {reason}$") as refused:
        entry.enter(1)
    assert (refused.value.player, refused.value.value) == ("Cat", 1)


def test_trick_counts_are_capped_by_the_tricks_left_with_the_reason() -> None:
    game = two_card_round()
    entry = tap(game, 1, hearts(game), 1, 0, 0, 2)  # bids, then Ann took 2
    assert entry.active == "Bob"
    assert [key.enabled for key in entry.pad] == [True, False, False]
    message = "Bob cannot have taken 1: that makes more than the 2 tricks played"
    assert entry.pad[1].reason == message
    with pytest.raises(PadKeyError, match=f"^round 1: {message}$"):
        entry.enter(1)
    assert entry.pad_note == "None left: Ann already took 2 of the 2 tricks; lower Ann's first"


def test_correcting_a_trick_count_says_who_holds_the_tricks_a_closed_key_would_need() -> None:
    # round 1 as recorded: Ann took 1, Bob 1, Cat (worked out) 0; the table taps Ann's count
    game = two_card_round()
    entry = tap(game, 1, hearts(game), 1, 0, 0, 1, 1)
    assert entry.stage is Stage.CONFIRM
    picked = entry.select(Field.TRICKS, "Ann")
    corrected = game.entry(1, entry.draft, picked)
    assert [key.enabled for key in corrected.pad] == [True, True, False]
    assert corrected.pad_note == "Up to 1: Bob already took 1 of the 2 tricks; lower Bob's first"


def test_no_note_while_every_trick_count_is_open() -> None:
    game = two_card_round()
    entry = tap(game, 1, hearts(game), 1, 0, 0)
    assert (entry.stage, entry.active) == (Stage.TRICKS, "Ann")
    assert all(key.enabled for key in entry.pad) and entry.pad_note is None


def test_a_number_off_the_pad_is_refused_in_the_tables_words() -> None:
    game = two_card_round()
    entry = game.entry(1, hearts(game))
    with pytest.raises(PadKeyError, match=r"^round 1: Ann cannot bid 5 with 2 cards$"):
        entry.enter(5)


def test_the_last_trick_count_is_filled_in_and_every_line_shows_its_points() -> None:
    # the sheets' Scotch Bridge example: a made zero of 13 scores 18, a made 5 scores 15
    game = Game.start("scotch-bridge", ["Ann", "Bob", "Cat", "Dan"], first_dealer="Ann")
    entry = tap(game, 1, RoundDraft(), 0, 5, 4, 3, 0, 5, 5)
    assert (entry.stage, entry.filled_in, entry.tricks["Ann"]) == (Stage.CONFIRM, "Ann", 3)
    assert [(line.name, line.points) for line in entry.lines] == [
        ("Dan", 18),
        ("Cat", 15),
        ("Bob", 0),
        ("Ann", 13),
    ]
    assert entry.balance == "bids total 12 for 13 tricks: 1 under"
    with pytest.raises(NothingToEnterError, match="nothing is waiting for a number now"):
        entry.enter(0)
    assert game.record_round(entry.record()).sheet.totals == {
        "Ann": 13,
        "Bob": 0,
        "Cat": 15,
        "Dan": 18,
    }


def test_a_round_that_deals_every_card_has_no_trump_and_no_card_to_turn() -> None:
    game = Game.start("scotch-bridge", ["Ann", "Bob", "Cat", "Dan"], first_dealer="Ann")
    entry = game.entry(1, RoundDraft())
    assert entry.trump is not None
    assert (entry.trump.trump, entry.trump.note) == (None, "all 52 cards dealt: no trump")
    with pytest.raises(NoCardToTurnError) as refused:
        entry.choose_trump(Suit.SPADES)
    assert isinstance(refused.value, TurnedCardError)
    assert str(refused.value) == "round 1: all the cards are dealt, so no card is turned"


def test_mormon_bridge_waits_for_go_and_repeats_no_trump() -> None:
    game = Game.start("mormon-bridge", ["Ann", "Bob"], first_dealer="Bob")
    entry = game.entry(1, game.entry(1, RoundDraft()).choose_trump(Suit.CLUBS))
    assert entry.stage is Stage.GO
    with pytest.raises(SelectionRefusedError, match="say ready, set, go first"):
        entry.select(Field.BID, "Ann")
    assert game.entry(1, entry.say_go()).stage is Stage.BIDS
    game = game.record_round(
        RoundRecord(turned="clubs", bids={"Ann": 5, "Bob": 5}, tricks={"Ann": 5, "Bob": 5})
    )
    again = game.entry(2, RoundDraft(turned=Suit.CLUBS))
    assert again.trump is not None
    assert again.trump.note == "clubs again: no trump this round"


@pytest.mark.parametrize(
    ("taps", "field", "player", "says"),
    [
        ((), Field.BID, "Ann", "tap the turned suit first"),
        ((1,), Field.BID, "Zed", "'Zed' is not playing"),
        ((1,), Field.BID, "Cat", "bids go in order; it is Bob's turn"),
        ((1,), Field.TRICKS, "Ann", "enter everyone's bid first"),
        (
            (1, 0, 0, 2, 0),
            Field.TRICKS,
            "Cat",
            "Cat's tricks are worked out from the others'; correct one of theirs instead",
        ),
    ],
)
def test_picking_an_entry_to_correct_is_refused_with_the_reason(
    taps: tuple[int, ...], field: Field, player: str, says: str
) -> None:
    game = two_card_round()
    draft = hearts(game) if taps else RoundDraft()
    entry = tap(game, 1, draft, *taps)
    with pytest.raises(SelectionRefusedError, match=f"^round 1: {says}$") as refused:
        entry.select(field, player)
    assert isinstance(refused.value, EntryRefusedError)


def test_picking_the_entry_the_pad_is_on_anyway_selects_nothing() -> None:
    game = two_card_round()
    entry = tap(game, 1, hearts(game), 1)
    assert entry.select(Field.BID, "Bob") is None
    assert entry.select(Field.BID, "Ann") == Selection(Field.BID, "Ann")


@pytest.mark.parametrize(
    ("taps", "says"),
    [
        (None, "tap the turned suit first"),
        ((), "Ann has not bid yet"),
        ((1, 0, 0), "enter Ann's tricks first"),
    ],
)
def test_recording_an_unfinished_round_says_what_is_missing(
    taps: tuple[int, ...] | None, says: str
) -> None:
    game = two_card_round()
    entry = game.entry(1, RoundDraft()) if taps is None else tap(game, 1, hearts(game), *taps)
    assert entry.missing == says
    with pytest.raises(RoundIncompleteError, match=f"^round 1: {says}$"):
        entry.record()


def test_an_earlier_round_opens_for_correction_with_every_count_as_recorded() -> None:
    game = Game.start("mormon-bridge", ["Ann", "Bob"], first_dealer="Bob").record_round(
        RoundRecord(turned="clubs", bids={"Ann": 5, "Bob": 4}, tricks={"Ann": 5, "Bob": 5})
    )
    entry = game.entry(1, game.correction_of(1))
    assert entry.editing
    assert entry.stage is Stage.CONFIRM  # no "ready, set, go" for a round already played
    assert (entry.filled_in, entry.tricks["Bob"]) == (None, 5)  # nothing worked out
    assert entry.record() == game.record.rounds[0]


def golf_for_five_round_one() -> Game:
    """The issue's game: Golf for five, round 1 (one card), Dan took the trick."""
    players = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    game = Game.start("golf", players, first_dealer="Bob")
    bids = {"Cat": 0, "Dan": 1, "Eve": 1, "Ann": 0, "Bob": 0}
    tricks = {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 1, "Eve": 0}
    return game.record_round(RoundRecord(turned="clubs", bids=bids, tricks=tricks))


def test_a_trick_moved_in_a_correction_goes_where_it_was_tapped() -> None:
    """Moving the trick from Dan to Eve gave it to Cat, the player worked out from the
    others, and the screen called the correction "all in". One tap on Eve's 1 moves it."""
    game = golf_for_five_round_one()
    entry = game.entry(1, game.correction_of(1))
    entry = game.entry(1, entry.draft, entry.select(Field.TRICKS, "Eve"))
    assert [key.value for key in entry.pad if key.enabled] == [0, 1]
    assert entry.pad_note == "Dan took 1: a higher number takes the difference from Dan"
    draft, note = entry.enter(1)
    assert note == "Dan took 1 → 0, Eve 1"
    entry = game.entry(1, draft)
    assert entry.stage is Stage.CONFIRM
    assert dict(entry.tricks) == {"Cat": 0, "Dan": 0, "Eve": 1, "Ann": 0, "Bob": 0}


def test_a_trick_taken_away_in_a_correction_waits_for_whoever_took_it() -> None:
    """Lowering Dan first: the trick is given to nobody (never to a worked-out player), the
    correction is not "all in", and Save says what is missing."""
    game = golf_for_five_round_one()
    entry = game.entry(1, game.correction_of(1))
    entry = game.entry(1, entry.draft, entry.select(Field.TRICKS, "Dan"))
    entry = game.entry(1, entry.enter(0).draft)
    assert entry.stage is Stage.TRICKS and entry.active is None
    says = "1 trick is given to nobody: tap the tricks of whoever took it"
    assert entry.missing == says and entry.pad_note == says and entry.pad == ()
    assert all(line.tricks == 0 and not line.tricks_filled_in for line in entry.lines)
    with pytest.raises(RoundIncompleteError, match=says):
        entry.record()
    entry = game.entry(1, entry.draft, entry.select(Field.TRICKS, "Eve"))
    entry = game.entry(1, entry.enter(1).draft)
    assert entry.stage is Stage.CONFIRM
    assert entry.record().tricks["Eve"] == 1


def test_a_correction_with_several_holders_asks_to_lower_one_first() -> None:
    game = Game.start("scotch-bridge", ["Ann", "Bob", "Cat", "Dan"], first_dealer="Dan")
    bids = {"Cat": 4, "Bob": 3, "Ann": 0, "Dan": 5}
    tricks = {"Cat": 4, "Bob": 3, "Ann": 0, "Dan": 6}
    game = game.record_round(RoundRecord(bids=bids, tricks=tricks))
    entry = game.entry(1, game.correction_of(1))
    entry = game.entry(1, entry.draft, entry.select(Field.TRICKS, "Ann"))
    assert [key.value for key in entry.pad if key.enabled] == [0]
    assert (
        entry.pad_note
        == "None left: the others already took 13 of the 13 tricks; lower one of theirs first"
    )


def test_the_draft_is_checked_against_the_game() -> None:
    game = two_card_round()
    with pytest.raises(BidOrderError, match="it is Ann's turn to bid, not Bob's"):
        game.entry(1, RoundDraft(turned=Suit.HEARTS, bids={"Bob": 1}))
    with pytest.raises(TurnedCardError, match="bids were entered before the turned suit"):
        game.entry(1, RoundDraft(bids={"Ann": 1}))


def test_the_next_game_is_dealt_first_by_the_player_left_of_this_ones_first_dealer() -> None:
    assert Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Bob").next_first_dealer == "Cat"
    assert Game.start("golf", ["Ann", "Bob", "Cat"], first_dealer="Cat").next_first_dealer == "Ann"
