"""Marking the tricks as they fall (tally mode): the live status of each player, undo of the
last trick, the round complete only once every trick has its winner, typed refusals, and the
round recorded exactly as if the counts had been entered at the end."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.engine import (
    GOLF,
    AllTricksMarkedError,
    Game,
    MissingEntryError,
    NoTrickToUndoError,
    RoundDraft,
    RoundEntryState,
    RoundIncompleteError,
    SelectionRefusedError,
    Stage,
    Suit,
    TallyError,
    TallyModeError,
    TrickStatus,
    TrickWinnerError,
    trick_status,
)
from scorepad.engine.pad import Field
from tests.strategies import games, round_for

FOUR_CARD_GOLF = GOLF.with_changes(name="Four Golf", hand_sizes=(4, 4))


def bid_round(bids: dict[str, int]) -> tuple[Game, RoundDraft]:
    """Ann, Bob, Cat at four cards each (Cat deals), the bids in, the tricks to come."""
    game = Game.start(FOUR_CARD_GOLF, ["Ann", "Bob", "Cat"], first_dealer="Cat")
    return game, RoundDraft(turned=Suit.HEARTS, bids=bids)


def marking(bids: dict[str, int], *winners: str) -> RoundEntryState:
    """The round in tally mode with ``winners`` marked one tap at a time."""
    game, draft = bid_round(bids)
    entry = game.entry(1, game.entry(1, draft).choose_tally(True))
    for name in winners:
        entry = game.entry(1, entry.mark_trick(name))
    return entry


BIDS = {"Ann": 2, "Bob": 0, "Cat": 1}  # 3 for 4 tricks: the hook is kept


def statuses(entry: RoundEntryState) -> dict[str, str]:
    assert entry.tally is not None
    return {line.name: line.text for line in entry.tally.lines}


@pytest.mark.parametrize(
    ("bid", "taken", "left", "status"),
    [
        (2, 0, 4, TrickStatus.NEEDS),
        (2, 1, 1, TrickStatus.NEEDS),
        (2, 2, 2, TrickStatus.MADE),
        (0, 0, 4, TrickStatus.MADE),
        (2, 3, 1, TrickStatus.SET),  # over the bid
        (3, 0, 2, TrickStatus.SET),  # not enough tricks left to make it
        (1, 0, 0, TrickStatus.SET),
    ],
)
def test_a_players_status_follows_bid_taken_and_tricks_left(
    bid: int, taken: int, left: int, status: TrickStatus
) -> None:
    assert trick_status(bid, taken, left) is status


def test_each_line_says_needs_made_it_or_set_as_the_tricks_fall() -> None:
    entry = marking(BIDS)
    assert statuses(entry) == {
        "Ann": "needs 2 more",
        "Bob": "made it so far",
        "Cat": "needs 1 more",
    }
    entry = marking(BIDS, "Ann", "Bob")
    assert statuses(entry) == {"Ann": "needs 1 more", "Bob": "set", "Cat": "needs 1 more"}
    assert entry.tally is not None
    assert entry.tally.lines[1].why_set == "took 1, bid 0"
    entry = marking(BIDS, "Ann", "Bob", "Bob")  # one left: Ann and Cat cannot both make it
    assert statuses(entry) == {"Ann": "needs 1 more", "Bob": "set", "Cat": "needs 1 more"}
    entry = marking(BIDS, "Ann", "Bob", "Bob", "Ann")
    assert statuses(entry) == {"Ann": "made it", "Bob": "set", "Cat": "set"}
    assert (
        entry.tally is not None and entry.tally.lines[2].why_set == "needs 1 more, no tricks left"
    )


def test_the_took_column_counts_the_marks_live_and_no_points_show_until_all_are_in() -> None:
    entry = marking(BIDS, "Cat", "Ann")
    assert [(line.name, line.tricks, line.points) for line in entry.lines] == [
        ("Ann", 1, None),
        ("Bob", 0, None),
        ("Cat", 1, None),
    ]
    assert (entry.stage, entry.active, entry.pad, dict(entry.tricks)) == (
        Stage.TRICKS,
        None,
        (),
        {},
    )


def test_a_marking_table_sees_no_tricks_taken_until_the_tricks_step() -> None:
    # a table that marks carries tally mode into the next round from its first tap
    game, _ = bid_round({})
    bidding = game.entry(1, RoundDraft(turned=Suit.HEARTS, tallying=True, bids={"Ann": 2}))
    assert bidding.stage is Stage.BIDS and bidding.tally is not None
    assert [line.tricks for line in bidding.lines] == [None, None, None]
    playing = marking(BIDS)
    assert [line.tricks for line in playing.lines] == [0, 0, 0]


def test_the_last_trick_is_named_but_never_guessed_and_the_round_waits_for_it() -> None:
    entry = marking(BIDS, "Ann", "Ann", "Cat")
    assert entry.tally is not None and entry.tally.trick_name == "the last trick"
    assert entry.stage is Stage.TRICKS and entry.filled_in is None
    with pytest.raises(RoundIncompleteError, match="round 1: mark the last trick first"):
        entry.record()
    entry = marking(BIDS, "Ann")
    assert entry.tally is not None and entry.tally.trick_name == "trick 2 of 4"
    with pytest.raises(RoundIncompleteError, match="mark the other 3 tricks first"):
        entry.record()


def test_the_last_mark_completes_the_round_with_the_counts_filled_in_from_the_marks() -> None:
    entry = marking(BIDS, "Ann", "Cat", "Ann", "Ann")
    assert entry.stage is Stage.CONFIRM
    assert dict(entry.tricks) == {"Ann": 3, "Bob": 0, "Cat": 1}
    assert [(line.name, line.points) for line in entry.lines] == [
        ("Ann", 0),
        ("Bob", 10),
        ("Cat", 11),
    ]
    record = entry.record()
    assert dict(record.tricks) == {"Ann": 3, "Bob": 0, "Cat": 1}
    assert record.model_dump(mode="json")["tricks"] == {"Ann": 3, "Bob": 0, "Cat": 1}


def test_undo_last_trick_takes_back_the_most_recent_mark_only() -> None:
    entry = marking(BIDS, "Ann", "Cat", "Bob")
    undone = entry.undo_trick()
    assert undone.trick_winners == ("Ann", "Cat")
    assert undone.model_copy(update={"trick_winners": entry.draft.trick_winners}) == entry.draft
    with pytest.raises(NoTrickToUndoError, match="round 1: no trick is marked yet"):
        marking(BIDS).undo_trick()


def test_a_mark_for_someone_not_playing_is_refused_quoting_the_name() -> None:
    with pytest.raises(TrickWinnerError) as refused:
        marking(BIDS).mark_trick("Zed\n")
    assert str(refused.value) == (
        "round 1: a trick marked for 'Zed\\n', who is not playing (Ann, Bob, Cat); "
        "tap the player who took it"
    )


def test_a_fifth_trick_in_a_four_card_round_is_refused() -> None:
    entry = marking(BIDS, "Ann", "Ann", "Ann", "Cat")
    with pytest.raises(AllTricksMarkedError) as refused:
        entry.mark_trick("Bob")
    assert str(refused.value) == (
        "round 1: Bob cannot take trick 5: 4 tricks are marked and a 4-card round has only 4 "
        "tricks; undo the last trick to change one"
    )


def test_marking_needs_tally_mode_and_every_bid() -> None:
    game, draft = bid_round(BIDS)
    with pytest.raises(TallyModeError, match="'Ann' cannot be marked: the tricks are counted"):
        game.entry(1, draft).mark_trick("Ann")
    half = draft.model_copy(update={"bids": {"Ann": 2}})
    with pytest.raises(TallyModeError, match="enter everyone's bid first"):
        game.entry(1, half).choose_tally(True)


def test_switching_modes_never_drops_what_was_entered() -> None:
    game, draft = bid_round(BIDS)
    counted = game.entry(1, draft.model_copy(update={"tricks": {"Ann": 2}}))
    with pytest.raises(TallyModeError, match=r"already entered \(Ann took 2\); undo them first"):
        counted.choose_tally(True)
    entry = marking(BIDS, "Cat", "Ann")
    with pytest.raises(TallyModeError, match="2 tricks marked; undo them first"):
        entry.choose_tally(False)
    assert entry.choose_tally(True) == entry.draft, "choosing the mode it is in changes nothing"
    back = game.entry(1, marking(BIDS).choose_tally(False))
    assert back.draft == draft and back.active == "Ann" and not back.tallying


def test_a_recorded_round_being_corrected_keeps_its_counts() -> None:
    game, draft = bid_round(BIDS)
    entry = game.entry(1, draft.model_copy(update={"tricks": {"Ann": 2, "Bob": 1, "Cat": 1}}))
    game = game.record_round(entry.record())
    with pytest.raises(TallyModeError, match="a recorded round is corrected by its trick counts"):
        game.entry(1, game.correction_of(1)).choose_tally(True)


def test_a_tricks_cell_cannot_be_picked_while_marking() -> None:
    entry = marking(BIDS, "Ann")
    with pytest.raises(SelectionRefusedError, match="Bob's tricks are marked as they fall"):
        entry.select(Field.TRICKS, "Bob")


def marked(**changes: object) -> RoundDraft:
    """The bid round in tally mode with ``changes`` made."""
    return RoundDraft(turned=Suit.HEARTS, bids=BIDS, tallying=True).model_copy(update=changes)


@pytest.mark.parametrize(
    ("draft", "error"),
    [
        (marked(trick_winners=("Zed",)), TrickWinnerError),
        (marked(trick_winners=("Ann",) * 5), AllTricksMarkedError),
        (marked(tallying=False, trick_winners=("Ann",)), TallyModeError),
        (marked(trick_winners=("Ann",), tricks={"Ann": 1}), TallyModeError),
        (marked(bids={"Ann": 2}, trick_winners=("Ann",)), MissingEntryError),
    ],
    ids=["stranger", "too-many", "marks-without-tally", "marks-and-counts", "marks-before-bids"],
)
def test_a_stored_draft_whose_marks_do_not_fit_is_refused_with_a_round_error(
    draft: RoundDraft, error: type[Exception]
) -> None:
    """What a reopened game checks its saved round against (the app clears it with a note)."""
    game, _ = bid_round(BIDS)
    with pytest.raises(error):
        game.check_draft(draft)
    if error is not MissingEntryError:
        assert issubclass(error, TallyError)


@given(st.data())
def test_any_marks_record_the_same_round_as_entering_their_counts(data: st.DataObject) -> None:
    game = data.draw(games().filter(lambda g: g.next_round is not None), label="game")
    setup = game.next_round
    assert setup is not None
    said = data.draw(round_for(game), label="round")
    start = RoundDraft(turned=said.turned, bids=said.bids, bids_shown=True)
    winners = data.draw(
        st.lists(st.sampled_from(setup.bid_order), min_size=setup.cards, max_size=setup.cards),
        label="winners",
    )
    number = setup.number

    tallied = game.entry(number, game.entry(number, start).choose_tally(True))
    for name in winners:
        assert tallied.stage is Stage.TRICKS
        tallied = game.entry(number, tallied.mark_trick(name))

    counted = game.entry(number, start)
    while counted.stage is Stage.TRICKS:
        assert counted.active is not None
        counted = game.entry(number, counted.enter(winners.count(counted.active)).draft)

    assert tallied.stage is counted.stage is Stage.CONFIRM
    assert tallied.record() == counted.record()
    assert tallied.record().model_dump_json() == counted.record().model_dump_json()
    assert game.record_round(tallied.record()).sheet == game.record_round(counted.record()).sheet


def test_a_switch_refused_for_many_counts_stays_one_short_line() -> None:
    game, draft = bid_round(BIDS)
    counted = game.entry(1, draft.model_copy(update={"tricks": {"Ann": 2, "Bob": 1, "Cat": 1}}))
    with pytest.raises(TallyModeError) as refused:
        counted.choose_tally(True)
    assert str(refused.value) == (
        "round 1: trick counts are already entered (for 3 players); undo them first to mark "
        "the tricks as they fall"
    )
