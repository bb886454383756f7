"""Renaming and merging roster players: history follows, games keep their names, undo."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.engine import GameRecord, name_key
from scorepad.store import (
    MergeIntoItselfError,
    NameTakenError,
    NothingToUndoError,
    NotOnRosterError,
    RosterError,
    RosterNameError,
    RosterPlayer,
    SameNameError,
    TinyDBStore,
)
from scorepad.store import roster as rosters
from scorepad.store.roster import ROSTER_UNDO_KEPT, known_keys


def new_game(store: TinyDBStore, players: list[str]) -> str:
    return store.create_game(GameRecord(variant="golf", players=players)).id


def names(store: TinyDBStore) -> list[str]:
    return [player.name for player in store.roster()]


def player(store: TinyDBStore, name: str) -> tuple[str, ...]:
    """The aliases of the roster's ``name``."""
    return next(p.aliases for p in store.roster() if p.name == name)


def test_a_rename_keeps_the_old_name_as_an_alias_and_games_keep_theirs(
    store: TinyDBStore,
) -> None:
    game_id = new_game(store, ["Ann", "Bob", "Cat"])
    renamed = store.rename_player("Bob", "Robert")
    assert (renamed.name, renamed.aliases) == ("Robert", ("Bob",))
    assert names(store) == ["Ann", "Cat", "Robert"]
    assert store.load_game(game_id).record.players == ("Ann", "Bob", "Cat")
    assert store.current_names() == {
        "ann": "Ann",
        "bob": "Robert",
        "cat": "Cat",
        "robert": "Robert",
    }


def test_names_follow_the_roster_across_games_played_under_each_name(
    store: TinyDBStore,
) -> None:
    new_game(store, ["Ann", "Bob", "Cat"])
    store.rename_player("Bob", "Robert")
    new_game(store, ["Ann", "Robert", "Dan"])
    new_game(store, ["bob", "Eve"])  # a former name, typed again: still Robert, no new entry
    store.merge_players("Dan", "Eve")
    assert names(store) == ["Ann", "Cat", "Eve", "Robert"]
    current = store.current_names()
    assert {current[name_key(n)] for n in ("Bob", "bob", "Robert")} == {"Robert"}
    assert current["dan"] == current["eve"] == "Eve"


def test_a_name_only_in_games_is_its_own_current_name(store: TinyDBStore) -> None:
    new_game(store, ["Ann", "Zed"])
    store.merge_players("Zed", "Ann")  # Zed leaves the roster: the game still names Zed
    store.add_players(["Yan"])
    assert store.current_names() == {"ann": "Ann", "yan": "Yan", "zed": "Ann"}


def test_renaming_back_takes_the_name_off_the_aliases(store: TinyDBStore) -> None:
    new_game(store, ["Ann", "Bob"])
    store.rename_player("Bob", "Robert")
    store.rename_player("Robert", "Rob")
    assert player(store, "Rob") == ("Bob", "Robert")
    back = store.rename_player("Rob", "bob")
    assert (back.name, back.aliases) == ("bob", ("Robert", "Rob"))


def test_a_change_of_case_or_spacing_only_is_a_rename_without_an_alias(
    store: TinyDBStore,
) -> None:
    store.add_players(["ann lee"])
    renamed = store.rename_player("Ann Lee", "  Ann   Lee ")
    assert (renamed.name, renamed.aliases) == ("Ann Lee", ())


def test_a_merge_leaves_one_entry_with_every_name_of_both(store: TinyDBStore) -> None:
    new_game(store, ["Bob", "Robert", "Cat"])
    store.rename_player("Bob", "Bobby")
    merged = store.merge_players("Bobby", "Robert")
    assert merged.name == "Robert"
    assert merged.aliases == ("Bobby", "Bob")
    assert names(store) == ["Cat", "Robert"]


def test_a_merge_keeps_the_earlier_of_the_two_entries_added_times(store: TinyDBStore) -> None:
    store.add_players(["Bob"])
    store.add_players(["Robert"])
    bob_added = next(p.added for p in store.roster() if p.name == "Bob")
    assert store.merge_players("Bob", "Robert").added == bob_added


def test_undo_puts_back_a_rename_then_a_merge_in_reverse_order(store: TinyDBStore) -> None:
    new_game(store, ["Ann", "Bob", "Cat"])
    before = store.roster()
    assert store.roster_change_to_undo() is None
    store.rename_player("Bob", "Robert")
    store.merge_players("Cat", "Robert")
    assert store.roster_change_to_undo() == "merge Cat into Robert"
    assert store.undo_roster_change() == "merge Cat into Robert"
    assert names(store) == ["Ann", "Cat", "Robert"]
    assert store.undo_roster_change() == "rename Bob to Robert"
    assert store.roster() == before
    assert store.current_names() == {"ann": "Ann", "bob": "Bob", "cat": "Cat"}
    with pytest.raises(NothingToUndoError, match="there is no roster change to undo"):
        store.undo_roster_change()


def test_undo_keeps_players_added_since_the_change(store: TinyDBStore) -> None:
    new_game(store, ["Ann", "Bob"])
    store.rename_player("Bob", "Robert")
    new_game(store, ["Ann", "Dan"])
    store.undo_roster_change()
    assert names(store) == ["Ann", "Bob", "Dan"]


def test_only_the_last_few_changes_can_be_undone(store: TinyDBStore) -> None:
    store.add_players(["P0"])
    for step in range(ROSTER_UNDO_KEPT + 2):
        store.rename_player(f"P{step}", f"P{step + 1}")
    for _ in range(ROSTER_UNDO_KEPT):
        store.undo_roster_change()
    assert names(store) == ["P2"]
    assert store.roster_change_to_undo() is None


def test_changes_and_their_undo_survive_reopening_the_store(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    new_game(store, ["Ann", "Bob", "Dan"])
    store.rename_player("Bob", "Robert")
    store.merge_players("Dan", "Robert")
    again = TinyDBStore(tmp_path)  # a fresh instance: nothing in memory
    assert player(again, "Robert") == ("Bob", "Dan")
    assert again.current_names()["dan"] == "Robert"
    assert again.roster_change_to_undo() == "merge Dan into Robert"
    again.undo_roster_change()
    assert names(TinyDBStore(tmp_path)) == ["Ann", "Dan", "Robert"]


@pytest.mark.parametrize(
    ("old", "new", "error", "message"),
    [
        ("Bobb", "Rob", NotOnRosterError, "no player called 'Bobb' on the roster; check the"),
        ("Bob", "Ann", NameTakenError, "'Ann' is already on the roster; use Merge to make 'Bob'"),
        ("Bob", "ANN", NameTakenError, "'ANN' is already on the roster; use Merge"),
        ("Cat", "Dan", NameTakenError, "'Dan' is a former name of 'Ann'; use Merge to make 'Cat'"),
        ("Bob", "Bob", SameNameError, "'Bob' is already called that; type a different name"),
        ("Bob", "   ", RosterNameError, "a player needs a name: type the new name"),
        ("Bob", "B\nob", RosterNameError, r"the name 'B\\nob' contains the control"),
        ("Bob", "x" * 41, RosterNameError, "a name has at most 40 characters (this one has 41"),
        ("Dan", "Danny", NotOnRosterError, "'Dan' is a former name of 'Ann'; use 'Ann' instead"),
    ],
)
def test_a_bad_rename_says_why_and_changes_nothing(
    tmp_path: Path, old: str, new: str, error: type[RosterError], message: str
) -> None:
    store = TinyDBStore(tmp_path)
    new_game(store, ["Ann", "Bob", "Cat", "Dan"])
    store.merge_players("Dan", "Ann")
    catalogue = (tmp_path / "catalogue.json").read_bytes()
    with pytest.raises(error, match=message.replace("(", r"\(")) as caught:
        store.rename_player(old, new)
    assert "\n" not in str(caught.value)
    assert (tmp_path / "catalogue.json").read_bytes() == catalogue
    assert store.roster_change_to_undo() == "merge Dan into Ann"


@pytest.mark.parametrize(
    ("name", "into", "error", "message"),
    [
        ("Bob", "Bob", MergeIntoItselfError, "cannot merge 'Bob' into itself; choose two"),
        ("bob", "BOB", MergeIntoItselfError, "cannot merge 'bob' into itself \\('bob' is 'Bob'"),
        ("Dan", "Ann", MergeIntoItselfError, "cannot merge 'Dan' into itself \\('Dan' is 'Ann'"),
        ("Bob", "Zed", NotOnRosterError, "no player called 'Zed' on the roster"),
        ("Zed", "Bob", NotOnRosterError, "no player called 'Zed' on the roster"),
        ("Dan", "Bob", NotOnRosterError, "'Dan' is a former name of 'Ann'; use 'Ann' instead"),
    ],
)
def test_a_bad_merge_says_why_and_changes_nothing(
    tmp_path: Path, name: str, into: str, error: type[RosterError], message: str
) -> None:
    store = TinyDBStore(tmp_path)
    new_game(store, ["Ann", "Bob", "Dan"])
    store.merge_players("Dan", "Ann")
    catalogue = (tmp_path / "catalogue.json").read_bytes()
    with pytest.raises(error, match=message):
        store.merge_players(name, into)
    assert (tmp_path / "catalogue.json").read_bytes() == catalogue


def test_a_damaged_undo_row_is_left_out_and_the_roster_still_reads(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    new_game(store, ["Ann", "Bob"])
    store.rename_player("Bob", "Robert")
    store.rename_player("Robert", "Rob")
    path = tmp_path / "catalogue.json"
    data = json.loads(path.read_text())
    data["roster_undo"]["2"] = {"label": 3}
    path.write_text(json.dumps(data))
    again = TinyDBStore(tmp_path)
    assert names(again) == ["Ann", "Rob"]
    assert again.roster_change_to_undo() == "rename Bob to Robert"


def test_a_roster_written_before_aliases_still_reads(tmp_path: Path) -> None:
    store = TinyDBStore(tmp_path)
    new_game(store, ["Ann", "Bob"])
    path = tmp_path / "catalogue.json"
    data = json.loads(path.read_text())
    for row in data["roster"].values():
        row.pop("aliases", None)
    path.write_text(json.dumps(data))
    again = TinyDBStore(tmp_path)
    assert again.rename_player("Bob", "Robert").aliases == ("Bob",)
    new_game(again, ["Bob", "Cat"])
    assert names(again) == ["Ann", "Cat", "Robert"]


NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "ann", "BOB", "Rob", "Robert", "Zed"]


@settings(max_examples=200, deadline=None)
@given(
    steps=st.lists(
        st.tuples(
            st.sampled_from(["rename", "merge"]), st.sampled_from(NAMES), st.sampled_from(NAMES)
        ),
        max_size=12,
    )
)
def test_any_changes_keep_every_name_one_person_s_and_undo_all_the_way_back(
    steps: list[tuple[str, str, str]],
) -> None:
    """Random renames and merges (refused ones included): no name ever belongs to two
    entries, every name the roster knew still leads to someone on it, and undoing every
    change that went through gives back the roster it started from."""
    day = datetime(2026, 1, 1, tzinfo=UTC)
    start = tuple(RosterPlayer(name=name, added=day) for name in ["Ann", "Bob", "Cat", "Dan"])
    roster, ever = start, set(known_keys(start))
    done: list[rosters.RosterChange] = []
    for kind, name, other in steps:
        try:
            edit = (
                rosters.rename(roster, name, other)
                if kind == "rename"
                else rosters.merge(roster, name, other)
            )
        except RosterError:
            continue
        roster, done = edit.roster, [*done, edit.change]
        ever |= known_keys(roster)
        keys = [name_key(n) for p in roster for n in rosters.names_of(p)]
        assert len(keys) == len(set(keys))
        current = rosters.current_names(roster, [])
        assert ever <= current.keys()
        assert set(current.values()) == {p.name for p in roster}
    for change in reversed(done):
        roster = rosters.undone(roster, change)
    assert roster == start
