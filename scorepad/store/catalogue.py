"""``catalogue.json``: the store's one TinyDB database, next to the game records.

Tables (TinyDB tables of the one durable file, see ``storage.py``):

- ``schema``: one row, the store's schema version;
- ``roster``: :class:`RosterPlayer` rows, the players the new-game form suggests (truth);
- ``roster_undo``: :class:`~scorepad.store.roster.RosterChange` rows, the last roster changes
  as the roster before each, for undo (a convenience: a row of the wrong shape is ignored);
- ``house_rules``: :class:`SavedVariant` rows, the variants saved under their own names (truth);
- ``games``: one :class:`CatalogueGame` row per readable game file, keyed by the game id read
  as a number, with the file's signature: what the game list shows, each player's result as
  a plain array (what stats and the money ledger sum, see
  :class:`~scorepad.engine.SeatLine`), the players' name keys (a player's games are found
  with one query) and the record's fingerprint (rebuildable);
- ``settings``: one :class:`Settings` row, the table's settings such as the currency symbol
  (truth).

The roster and the house rules exist nowhere else, so the file keeps rolling backups and a
damaged one is restored from them. The ``games`` rows are only a digest of ``games/*.json``:
a row whose signature no longer matches its file is made again from the file, and a lost
catalogue is rebuilt from the game files (see :meth:`TinyDBStore.list_games`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError
from tinydb import Query
from tinydb.queries import QueryLike
from tinydb.table import Table

from scorepad.engine import (
    GameLine,
    GameResults,
    GameStatus,
    SeatLine,
    SeatRow,
    Winner,
    name_key,
    player_results,
)
from scorepad.store.bulk import collection_paused
from scorepad.store.files import Signature
from scorepad.store.fingerprint import record_fingerprint
from scorepad.store.models import (
    GameSummary,
    ListedStatus,
    RosterPlayer,
    SavedVariant,
    Settings,
    StoredGame,
)
from scorepad.store.roster import RosterChange
from scorepad.store.storage import DurableJSONStorage

CATALOGUE = "catalogue.json"
SCHEMA = "schema"
ROSTER = "roster"
ROSTER_UNDO = "roster_undo"
HOUSE_RULES = "house_rules"
GAMES = "games"
SETTINGS = "settings"

SCHEMA_ROW = 1
"""Document id of the schema table's one row."""

CATALOGUE_MAX_BYTES = 64 * 1024 * 1024
"""The largest catalogue read: a games row is under 1 KB with its players' results as plain
arrays, so this holds well over 50,000 games."""


class CatalogueRow(BaseModel):
    """A ``games`` row as the list and the queries read it: every field but the players'
    results. Those are most of a row (each player's bids by hand size), so the list does not
    check them: they are checked when stats or the ledger first ask for them
    (:data:`SEAT_ROWS`), and a row whose results do not read is made again from its game
    file then."""

    model_config = ConfigDict(frozen=True, extra="ignore", defer_build=True)

    signature: Signature
    id: str
    variant: str
    players: tuple[str, ...]
    status: ListedStatus
    rounds_played: int
    rounds_total: int
    leaders: tuple[str, ...]
    winners: tuple[str, ...]
    created: datetime
    updated: datetime
    standing_totals: tuple[int, ...] = ()
    lowest_wins: bool
    """The variant's direction: Golf's lowest total wins (schema 5)."""
    stake_cents: int | None
    """The stake the game is played for, ``None`` for none (schema 5)."""
    fingerprint: str
    """:func:`~scorepad.store.fingerprint.record_fingerprint` of the game's record: finds a
    record already stored with one query (schema 5)."""
    player_keys: tuple[str, ...]
    """:func:`~scorepad.engine.name_key` of each player, in seating order: a player's games
    are found with one query on it, no name worked out per row (schema 5)."""

    def listed(self, results: object) -> ListedGame:
        """The row as the list uses it, with its players' ``results`` (checked, or as read
        from the file): its summary built without a second check (the row is valid), so
        that a list of thousands costs no model work."""
        fields = self.__dict__
        summary = {name: fields[name] for name in SUMMARY_FIELDS}
        return ListedGame(self.signature, trusted_summary(summary), self, results)

    def game_line(self, seats: tuple[SeatRow, ...]) -> GameLine:
        """The row as stats sum it, with its players' ``seats`` (checked). Its start is
        given in UTC's one ``tzinfo``: stats sort the games by start, and two times with
        distinct ``tzinfo`` objects (as pydantic reads them) compare through Python calls."""
        played_on = self.created.astimezone(UTC)
        return GameLine(self.id, GameStatus(self.status.value), played_on, self.lowest_wins, seats)

    def game_results(self, seats: Iterable[SeatRow]) -> GameResults:
        """The row as the ledger and the app read it (built without a second check: the row
        and ``seats`` are valid)."""
        return GameResults.model_construct(
            game_id=self.id,
            variant=self.variant,
            status=GameStatus(self.status.value),
            played_on=self.created,
            lowest_wins=self.lowest_wins,
            stake_cents=self.stake_cents,
            results=tuple(SeatLine._make(seat).result() for seat in seats),
        )


class CatalogueGame(CatalogueRow):
    """A whole ``games`` row as written: a readable game's summary, each player's result
    (what stats and the ledger sum, see :mod:`scorepad.engine.results`), the record's
    fingerprint, and the signature of the file it was made from (a damaged game has no row:
    it is read again at every look)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    results: tuple[SeatLine, ...]
    """Each player's part in the game, in seating order, as a plain array (schema 5): a
    model per seat made a 10,000-game catalogue 23 MB and its first read seconds long."""

    @classmethod
    def of(cls, stored: StoredGame, signature: Signature) -> CatalogueGame:
        """The row of a stored game read from a file with ``signature``."""
        game = stored.game
        fields = stored.summary().model_dump(exclude={"problem", "recoverable"})
        results = tuple(SeatLine.of(result) for result in player_results(game))
        return cls(
            signature=signature,
            **fields,
            results=results,
            # everyone with a part in the game: a late arrival, or who took a seat over, too
            player_keys=tuple(name_key(line.player) for line in results),
            lowest_wins=game.variant.winner is Winner.LOWEST,
            stake_cents=game.stake_cents,
            fingerprint=record_fingerprint(stored.record),
        )

    def listed_whole(self) -> ListedGame:
        """:meth:`CatalogueRow.listed` with this row's own (checked) results."""
        return self.listed(self.results)


SUMMARY_FIELDS = tuple(
    name for name in GameSummary.model_fields if name in CatalogueRow.model_fields
)
"""The fields of a row that the list's summary carries (a row is never damaged: a summary
made from one has no ``problem`` and is not ``recoverable``)."""

_SUMMARY_DEFAULTS = {"problem": None, "recoverable": False}
_SUMMARY_FIELDS_SET = frozenset(GameSummary.model_fields)


def trusted_summary(fields: dict[str, Any]) -> GameSummary:
    """A :class:`GameSummary` of ``fields`` taken from a checked row, built without a check
    or pydantic's ``model_construct`` (which looks at each field's default and alias: a
    fifth of the first look at 10,000 games). Equal to the summary pydantic would build.

    >>> from datetime import UTC, datetime
    >>> from scorepad.store.models import ListedStatus
    >>> day = datetime(2026, 11, 1, tzinfo=UTC)
    >>> fields = dict(id="0a", variant="Golf", players=("Ann",), status=ListedStatus.FINISHED,
    ...     rounds_played=1, rounds_total=1, leaders=("Ann",), winners=("Ann",), created=day,
    ...     updated=day, standing_totals=(3,))
    >>> trusted_summary(dict(fields)) == GameSummary(**fields)
    True
    """
    summary = GameSummary.__new__(GameSummary)
    object.__setattr__(summary, "__dict__", fields | _SUMMARY_DEFAULTS)
    object.__setattr__(summary, "__pydantic_fields_set__", set(_SUMMARY_FIELDS_SET))
    object.__setattr__(summary, "__pydantic_extra__", None)
    object.__setattr__(summary, "__pydantic_private__", None)
    return summary


SEAT_ROWS: TypeAdapter[list[tuple[SeatRow, ...]]] = TypeAdapter(list[tuple[SeatRow, ...]])
"""Checks many rows' results as read from the catalogue file, in one call (plain arrays, made
plain tuples: no model per seat)."""


class ListedGame(NamedTuple):
    """A game as the catalogue lists it: its file's signature, its summary, its row, and its
    players' results: a checked tuple of :class:`SeatLine` for a row made from its game
    file, else the JSON read from the catalogue, checked when first asked for."""

    signature: Signature
    summary: GameSummary
    row: CatalogueRow
    results: object


_GAME_ROWS: TypeAdapter[dict[int, CatalogueRow]] = TypeAdapter(dict[int, CatalogueRow])


def doc_id_of(game_id: str) -> int:
    """A game's document id: its (hex) id read as a number, so a row is found without a search
    and two games can never share a row."""
    return int(game_id, 16)


class CatalogueTable(Table):
    """A TinyDB table with the batch writes the catalogue needs: each of these is one read and
    one write of the file, whatever the number of rows (TinyDB rewrites the whole file on
    every change, so a listing that refreshed 500 rows must not write it 500 times)."""

    def put_rows(self, rows: Mapping[int, Mapping[str, Any]], removed: Iterable[int] = ()) -> None:
        """Make ``rows`` the documents with those ids and drop the ``removed`` ones."""

        def change(table: dict[int, Mapping[str, Any]]) -> None:
            for doc_id in removed:
                table.pop(doc_id, None)
            table.update(rows)

        self._update_table(change)

    def put_single(self, document: Mapping[str, Any]) -> None:
        """Make ``document`` the table's one row (TinyDB's ``upsert`` would first write an
        empty table when the row is new)."""
        self.put_rows({SCHEMA_ROW: dict(document)})


class Catalogue:
    """The catalogue of the store in ``root``: its tables, each read through the one durable
    storage (which re-reads the file only when another writer replaced it)."""

    def __init__(self, root: Path, check: Callable[[dict[str, Any]], None]) -> None:
        self.path = root / CATALOGUE
        self.storage = DurableJSONStorage(
            self.path,
            root=root,
            backups=root / "backups",
            check=check,
            limit=CATALOGUE_MAX_BYTES,
            keep_parsed=True,
        )
        self._games_seen: tuple[Signature | None, dict[str, ListedGame]] | None = None
        self.stray: list[int] = []
        """Document ids of ``games`` rows found not to be a row's shape at the last look:
        dropped at the next :meth:`put_games`."""

    def table(self, name: str) -> CatalogueTable:
        """A fresh view of a table (no query cache, no cached next id: another process may
        have changed the file since the last look)."""
        return CatalogueTable(self.storage, name, cache_size=0)

    # --- schema -------------------------------------------------------------------------------

    def schema_version(self) -> int | None:
        row = self.table(SCHEMA).get(doc_id=SCHEMA_ROW)
        return None if row is None else int(row["version"])

    def set_schema_version(self, version: int) -> None:
        self.table(SCHEMA).put_single({"version": version})

    # --- roster -------------------------------------------------------------------------------

    def roster(self) -> list[RosterPlayer]:
        return [RosterPlayer.model_validate(row) for row in self.table(ROSTER).all()]

    def find_player(self, name: str) -> RosterPlayer | None:
        """The roster's player who goes or went by ``name`` (a former name is an alias: a
        new game under it is still theirs), compared as the engine compares names."""
        key = name_key(name)
        entry = Query()
        row = self.table(ROSTER).get(
            entry.name.test(lambda known: name_key(known) == key)
            | entry.aliases.test(lambda former: any(name_key(known) == key for known in former))
        )
        return None if row is None else RosterPlayer.model_validate(row)

    def roster_changes(self) -> list[RosterChange]:
        """The roster changes that can be undone, oldest first. A row that is not a change's
        shape is left out (undo is a convenience; the roster itself is the truth)."""
        rows = sorted(self.table(ROSTER_UNDO).all(), key=lambda row: row.doc_id)
        changes = []
        for row in rows:
            with contextlib.suppress(ValidationError):
                changes.append(RosterChange.model_validate(row))
        return changes

    def put_roster(self, players: Iterable[RosterPlayer], changes: Iterable[RosterChange]) -> None:
        """Make ``players`` the roster and ``changes`` the undo rows, in one write of the
        file (never a roster changed without the row that undoes it)."""
        self.put_tables({ROSTER: players, ROSTER_UNDO: changes})

    def put_tables(self, tables: Mapping[str, Iterable[BaseModel]]) -> None:
        """Make each of ``tables`` hold exactly the models given (numbered from 1), in one
        write of the file: a restore or a roster change is all there or not at all."""
        seen = self._games_seen
        data = self.storage.read() or {}
        unchanged_games = seen is not None and seen[0] == self.storage.signature
        for name, rows in tables.items():
            data[name] = {str(i): row.model_dump(mode="json") for i, row in enumerate(rows, 1)}
        self._games_seen = None
        self.storage.write(data)
        if unchanged_games and seen is not None and GAMES not in tables:  # rows untouched
            self._games_seen = (self.storage.signature, seen[1])

    def add_players(self, players: list[RosterPlayer]) -> None:
        if players:
            self.table(ROSTER).insert_multiple(p.model_dump(mode="json") for p in players)

    # --- house rules --------------------------------------------------------------------------

    def house_rules(self) -> list[SavedVariant]:
        return [SavedVariant.model_validate(row) for row in self.table(HOUSE_RULES).all()]

    def house_rule_ids(self, name: str, *, any_case: bool = False) -> list[int]:
        """The document ids of the saved variants called ``name`` (in any case, if asked)."""
        named = Query().variant.name
        if any_case:
            key = name.casefold()
            condition = named.test(lambda known: str(known).casefold() == key)
        else:
            condition = named == name
        return [row.doc_id for row in self.table(HOUSE_RULES).search(condition)]

    def save_house_rule(self, saved: SavedVariant, replacing: int | None) -> None:
        document = saved.model_dump(mode="json")
        table = self.table(HOUSE_RULES)
        if replacing is None:
            table.insert(document)
        else:
            table.put_rows({replacing: document})

    def delete_house_rules(self, doc_ids: list[int]) -> None:
        self.table(HOUSE_RULES).remove(doc_ids=doc_ids)

    # --- settings -----------------------------------------------------------------------------

    def settings(self) -> Settings:
        """The table's settings (the defaults until some are saved)."""
        row = self.table(SETTINGS).get(doc_id=SCHEMA_ROW)
        return Settings() if row is None else Settings.model_validate(dict(row))

    def save_settings(self, settings: Settings) -> None:
        self.table(SETTINGS).put_single(settings.model_dump(mode="json"))

    # --- games --------------------------------------------------------------------------------

    def games(self) -> dict[str, ListedGame] | None:
        """Every ``games`` row by game id, or ``None`` when there is no catalogue file; no
        rows at all if any row is not a row's shape (the rows are only a digest of the game
        files: all are made again rather than one trusted in part).

        The rows last read or written are kept with the catalogue's signature, so that looking
        at an unchanged catalogue again costs no parsing and no validation.
        """
        if self.storage.read() is None:  # the file as it is now (or a store error)
            return None
        seen = self._games_seen
        if seen is not None and seen[0] == self.storage.signature:
            return dict(seen[1])
        with collection_paused():  # thousands of rows: see bulk.py
            raw = {row.doc_id: row for row in self.table(GAMES).all()}
            try:
                validated = _GAME_ROWS.validate_python(raw)
            except ValidationError:
                validated = {}
            rows = {
                row.id: row.listed(raw[doc_id].get("results"))
                for doc_id, row in validated.items()
                if doc_id == _id_number(row.id)
            }
        self.stray = [
            doc_id for doc_id in raw if doc_id not in validated or validated[doc_id].id not in rows
        ]
        self._games_seen = (self.storage.signature, rows)
        return dict(rows)

    def game_ids(self, status: ListedStatus) -> list[str]:
        """The ids of the games listed with ``status``."""
        return [row["id"] for row in self.table(GAMES).search(Query().status == status.value)]

    def search_game_ids(self, condition: QueryLike) -> list[str]:
        """The ids of the ``games`` rows (as stored: JSON values) that meet ``condition``."""
        return [str(row.get("id")) for row in self.table(GAMES).search(condition)]

    def put_games(
        self,
        rows: Mapping[str, ListedGame],
        changed: Iterable[CatalogueGame],
        removed: Iterable[str],
    ) -> None:
        """Store the ``changed`` rows and drop those of games ``removed``, in one write;
        ``rows`` are all the rows once that is done."""
        documents = {doc_id_of(row.id): row.model_dump(mode="json") for row in changed}
        dropped = [doc_id_of(game_id) for game_id in removed] + self.stray
        self._games_seen = None
        self.table(GAMES).put_rows(documents, dropped)
        self.stray = []
        self._games_seen = (self.storage.signature, dict(rows))


def _id_number(game_id: str) -> int | None:
    try:
        return doc_id_of(game_id)
    except ValueError:
        return None
