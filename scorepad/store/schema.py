"""The store's schema version and the migrations that bring older stores up to date.

Version 1 is the first layout (see the README's design notes):

- ``meta.json``: tables ``schema`` (the version), ``roster``, ``variants``;
- ``games/<id>.json``: table ``game`` with one stored game (record, draft, times, revision);
- ``index.json``: a rebuildable cache of game summaries for the list;
- ``backups/``, ``damaged/``: rolling backups and copies of unreadable files.

Version 2 adds ``undo`` to a stored game: its last steps to undo, each kept as the inverse of
the action (see :class:`~scorepad.store.models.UndoStep`), so undo survives leaving the game.
A version-1 game simply has none, so the migration changes no file; the bump is there so that
an older scorepad refuses a game with undo steps (a field it does not know) with "update
scorepad" instead of calling it damaged.

Version 3 makes TinyDB the store's catalogue (see ``catalogue.py``): ``catalogue.json``
holds the version and the tables ``roster``, ``house_rules`` (the saved variants) and
``games`` (a row per game for the list, rebuildable from the game files). The migration moves
``meta.json``'s roster and variants and ``index.json``'s rows into it and keeps ``meta.json``
as ``backups/meta.json.v2``; game files do not change.

Version 4 lets the round being entered keep the tricks marked as they fall (tally mode, see
:mod:`scorepad.engine.tally`): a :class:`~scorepad.engine.record.RoundDraft` gains
``tallying`` and ``trick_winners``, in a game's ``draft`` and in the drafts its undo steps
keep. A version-3 draft simply has no marks (it counts the tricks at the end, as every draft
did), so the migration changes no file; the bump makes an older scorepad refuse a game with
marks with "update scorepad" instead of calling it damaged.

Version 5 gives the catalogue's ``games`` rows what player records and the money ledger read
without opening a game file: each player's result as a plain array (a
:class:`~scorepad.engine.SeatLine`: player, total, rank, won, rounds, bids made, zeros bid,
zeros made, sets, cents, and the hand sizes flat as ``cards, rounds, made`` triples; objects
per seat and per hand size made a 10,000-game catalogue 23 MB, arrays about 9 MB), the
players' name keys (``player_keys``: a player's games are picked out without working out a
name per row), the variant's direction, the stake and the record's fingerprint (to find a
record already stored); and a ``settings`` table (the currency symbol). The migration drops
the rows, which are made again from the game files at the next look; no game file changes.

Version 6 lets a game's record hold the table's changes between rounds (who joined, left,
took over a seat or sat a hand out, and points adjusted; see
:mod:`scorepad.engine.table_changes`): a :class:`~scorepad.engine.record.GameRecord` gains
``changes``. A version-5 record simply has none (the table never changed), so the migration
changes no file; the bump makes an older scorepad refuse a game whose table changed with
"update scorepad" instead of calling it damaged.

Version 7 lets an undo step keep a change of the table as it was before it was corrected or
taken out from the sheet: an :class:`~scorepad.store.models.UndoStep` gains ``change`` (and
two kinds, ``table_corrected`` and ``table_removed``). A version-6 step has none, so no game
file changes; the list's rows are made again (their ``player_keys`` now name everyone with a
part in a game, a late arrival too). The bump makes an older scorepad refuse such a step with
"update scorepad" instead of calling the game damaged.

Version 8 lists a game by everyone who played a seat: a
:class:`~scorepad.store.models.GameSummary` names a late arrival and whoever took over a seat
too, so the home list's "Golf: Ann, Bob, Cat, Dan, Eve" says who played, and a row's
results give someone who handed a seat over in a game played for money 0 cents (the ledger
refused such a game). No game file changes; the list's rows are made again.

A migration from version *n* takes the store folder to version *n + 1*; each is applied under
the store lock, after a backup of every file it touches (the ordinary write path makes those).
``tests/store/fixtures/v1`` to ``v8`` hold stores written by versions 1 to 8 that every later
version must still open. ``tests/store/schema_v9.json`` is the JSON schema of every stored model
at this version: a stored model that changes without a bump fails a test.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

SCHEMA_VERSION = 9

Migration = Callable[[Path], None]


def _games_gain_undo_steps(_folder: Path) -> None:
    """1 → 2: games gain ``undo``, which defaults to none; every version-1 file is already a
    valid version-2 one (each is rewritten at version 2 the next time it is saved)."""


def _catalogue_from_meta(folder: Path) -> None:
    """2 → 3: see :func:`scorepad.store.migrate.catalogue_from_meta` (imported here, when it
    runs: the store's models import this module for :data:`SCHEMA_VERSION`)."""
    from scorepad.store.migrate import catalogue_from_meta

    catalogue_from_meta(folder)


def _drafts_gain_trick_marks(folder: Path) -> None:
    """3 → 4: a round being entered gains ``tallying`` and ``trick_winners``, which default to
    counting the tricks at the end with nothing marked; every version-3 file is already a
    valid version-4 one (each is rewritten at version 4 the next time it is saved). The list's
    rows gain ``standing_totals``: they are dropped here and made again from the game files
    at the next look (see :func:`scorepad.store.migrate.forget_game_rows`)."""
    from scorepad.store.migrate import forget_game_rows

    forget_game_rows(folder)


def _rows_gain_results(folder: Path) -> None:
    """4 → 5: the list's rows gain the players' results, the variant's direction, the stake
    and the record's fingerprint; they are dropped here and made again from the game files
    at the next look. The new ``settings`` table starts empty (the defaults)."""
    from scorepad.store.migrate import forget_game_rows

    forget_game_rows(folder)


def _records_gain_table_changes(_folder: Path) -> None:
    """5 → 6: a game's record gains ``changes``, which defaults to none; every version-5 file
    is already a valid version-6 one (each is rewritten at version 6 the next time it is
    saved), and the list's rows are what they were: a game without changes scores as before."""


def _undo_keeps_table_changes(folder: Path) -> None:
    """6 → 7: an undo step gains ``change``, which defaults to none; every version-6 file is
    already a valid version-7 one (each is rewritten at version 7 the next time it is
    saved). The list's rows are dropped and made again at the next look: a version-6 row
    named only the players a game started with, so a late arrival's games were not hers."""
    from scorepad.store.migrate import forget_game_rows

    forget_game_rows(folder)


def _rows_name_everyone_who_played(folder: Path) -> None:
    """7 → 8: a list row's ``players`` are everyone who played a seat, not only those the
    game started with, and their results settle a seat taken over; every version-7 game file is
    already a valid version-8 one, and the rows are dropped here and made again at the next
    look."""
    from scorepad.store.migrate import forget_game_rows

    forget_game_rows(folder)


SCHEMA_WITH_THE_FAMILY = 9
"""The first schema with the family's presets beyond the three sheets."""


def _variants_gain_house_scoring(folder: Path) -> None:
    """8 → 9: a variant gains the family's house rules (a missed bid losing points per trick
    off, a fixed amount or per trick bid; a zero scoring per card, made and missed; the hook
    from a hand size on, or not in the first round), each defaulting to what version 8 played,
    so every version-8 game and house rule scores as before. The list's rows are dropped and
    made again at the next look: a record's fingerprint covers every setting, defaults
    included, so a version-8 row's would no longer match the same game imported again. House
    rules saved under the name of a preset new in version 9 ("Blackout") are renamed
    ("Blackout (house rules)"): a game picks its rules by name."""
    from scorepad.store.migrate import forget_game_rows, rename_house_rules_off_the_presets

    forget_game_rows(folder)
    rename_house_rules_off_the_presets(folder)


MIGRATIONS: dict[int, Migration] = {
    1: _games_gain_undo_steps,
    2: _catalogue_from_meta,
    3: _drafts_gain_trick_marks,
    4: _rows_gain_results,
    5: _records_gain_table_changes,
    6: _undo_keeps_table_changes,
    7: _rows_name_everyone_who_played,
    8: _variants_gain_house_scoring,
}
"""``MIGRATIONS[n]`` migrates a version-``n`` store folder to version ``n + 1``."""


def migration_path(found: int) -> list[tuple[int, Migration]]:
    """The migrations from version ``found`` to the current one, in order."""
    steps = []
    for version in range(found, SCHEMA_VERSION):
        if version not in MIGRATIONS:
            raise ValueError(f"no migration from schema {version} to {version + 1}")
        steps.append((version, MIGRATIONS[version]))
    return steps
