"""Records: stats, the money ledger and finding a record, answered from the catalogue's rows.

Each ``games`` row keeps its players' results as plain arrays (``catalogue.py``), so a
leaderboard over 10,000 games sums rows and never opens a game file; the rows are those of
the list (``game_list.py``), checked against the game files at each look.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import date, datetime

from pydantic import ValidationError
from tinydb import Query
from tinydb.queries import QueryInstance, QueryLike

from scorepad.engine import (
    GameLine,
    GameRecord,
    GameResults,
    PlayerStats,
    SeatRow,
    line_stats,
    name_key,
)
from scorepad.store.bulk import collection_paused
from scorepad.store.catalogue import SEAT_ROWS, Catalogue, CatalogueGame, CatalogueRow, ListedGame
from scorepad.store.errors import GameNotFoundError, StoreFileError
from scorepad.store.fingerprint import record_fingerprint
from scorepad.store.game_list import Listing, Refreshed
from scorepad.store.ids import checked_game_id
from scorepad.store.locking import StoreLock
from scorepad.store.roster_keeper import RosterKeeper


def local_day(text: object) -> date:
    """The day a row's game started on this computer's calendar. Bounds are compared as days,
    never turned into instants: the first and last days of the calendar (0001-01-01,
    9999-12-31) have no midnight every time zone can reach."""
    return _started(text).astimezone().date()


def results_condition(
    *,
    variant: str | None,
    since: date | None,
    until: date | None,
    game_ids: Sequence[str] | None,
) -> QueryInstance | None:
    """The TinyDB query on ``games`` rows for :meth:`Records.game_results`, or ``None``
    when every game is wanted (the all-time leaderboard: nothing to ask). Dates are the days
    of this computer's clock (an evening that runs past midnight UTC is still that evening);
    a game's start is kept in UTC and becomes this computer's day before it is compared."""
    row = Query()
    conditions: list[QueryInstance] = []
    if variant is not None:
        key = variant.casefold()
        conditions.append(
            row.variant.test(lambda name: isinstance(name, str) and name.casefold() == key)
        )
    if since is not None:
        first: date = since
        conditions.append(row.created.test(lambda text: local_day(text) >= first))
    if until is not None:
        last: date = until
        conditions.append(row.created.test(lambda text: local_day(text) <= last))
    if game_ids is not None:
        conditions.append(row.id.one_of(list(game_ids)))
    if not conditions:
        return None
    condition = conditions[0]
    for more in conditions[1:]:
        condition &= more
    return condition


def _started(text: object) -> datetime:
    """A row's start time (rows are checked when read, so this is the text pydantic wrote)."""
    return datetime.fromisoformat(str(text))


class Records:
    """The store's records over the rows of the ``listing``, under the names the ``roster``
    says each player goes by now. Each game's results are made once per row and kept: the
    rows of an unchanged catalogue are the same objects from one look to the next."""

    def __init__(
        self, lock: StoreLock, catalogue: Catalogue, listing: Listing, roster: RosterKeeper
    ) -> None:
        self._lock = lock
        self._catalogue = catalogue
        self._listing = listing
        self._roster = roster
        self._lines_made: dict[str, tuple[CatalogueRow, GameLine]] = {}
        """Each game's results as plain lines as last made, with the row they were made from."""
        self._results_made: dict[str, tuple[CatalogueRow, GameResults]] = {}
        """Each game's results as last made, with the row they were made from."""

    def game_results(
        self,
        *,
        variant: str | None,
        since: date | None,
        until: date | None,
        game_ids: Sequence[str] | None,
    ) -> list[GameResults]:
        """Each game's results as stats and the ledger read them, oldest game first: of the
        games played with ``variant`` (its name in any case), started on or after ``since``
        and on or before ``until`` (local dates, both days included), among ``game_ids``
        (full ids; one that is no readable game is refused with :class:`GameNotFoundError`).

        Answered from the catalogue's rows with a TinyDB query; a game file is read only
        when its row is stale (as for the list). Damaged games have no results.
        """
        with self._lock.held(write=False):
            found = self._selected_rows(
                variant=variant, since=since, until=until, game_ids=game_ids
            )
            found.sort(key=lambda listed: (listed.row.created.timestamp(), listed.row.id))
            with collection_paused():  # the first look checks every row's results: bulk.py
                self._lines_of(found)
                return [self._results_of(listed) for listed in found]

    def player_stats(
        self,
        *,
        variant: str | None,
        since: date | None,
        until: date | None,
        player: str | None,
        hands: bool,
    ) -> list[PlayerStats]:
        """Every player's records (the engine's :func:`~scorepad.engine.player_stats`, under
        the names they go by now) over the games chosen as for :meth:`game_results`; with
        ``player`` (any name they were known by), only theirs (an empty list when they have
        no game counted): their games are picked out with one query on the rows' name keys.

        Summed from the rows' plain arrays (:func:`~scorepad.engine.line_stats`): no model is
        built per game or seat, so a leaderboard over 10,000 games takes a fraction of a
        second; ``hands=False`` skips bid accuracy by hand size (a leaderboard's case).
        """
        with self._lock.held(write=False):
            refreshed = self._listing.refreshed()
            names = self._roster.current_names(refreshed.rows)
            keys = None
            if player is not None:
                wanted = name_key(names.get(name_key(player), player))
                keys = {key for key, name in names.items() if name_key(name) == wanted}
                keys.add(wanted)
            found = self._selected_rows(
                variant=variant,
                since=since,
                until=until,
                game_ids=None,
                player_keys=keys,
                refreshed=refreshed,
            )
            with collection_paused():  # the first look checks every row's results: bulk.py
                lines = self._lines_of(found)
        return line_stats(lines, names=names, hands=hands, player=player)

    def current_names(self) -> dict[str, str]:
        """:meth:`RosterKeeper.current_names` over the games on disk now."""
        with self._lock.held(write=False):
            return self._roster.current_names(self._listing.refreshed().rows)

    def find_game_with_record(self, record: GameRecord) -> str | None:
        """The id of a stored game whose record is exactly ``record`` (by its fingerprint: the
        same players, rounds, stake and rules, whatever order the JSON was written in), or
        ``None``; so an import or a restore stores a record once."""
        fingerprint = record_fingerprint(record)
        condition = Query().fingerprint == fingerprint
        with self._lock.held(write=False):
            matching = self._matching_ids(condition, self._listing.refreshed())
        return min(matching) if matching else None

    # --- with the store held ------------------------------------------------------------------

    def _selected_rows(
        self,
        *,
        variant: str | None,
        since: date | None,
        until: date | None,
        game_ids: Sequence[str] | None,
        player_keys: Collection[str] | None = None,
        refreshed: Refreshed | None = None,
    ) -> list[ListedGame]:
        """The up-to-date rows of the games chosen (see :meth:`game_results`), in no order,
        where one of ``player_keys`` sat, if given.

        The players are picked out by the rows' precomputed name keys, in a pass over the
        rows already read (a few milliseconds for 10,000 games, where a TinyDB query calls
        its test on every row, ten times as long); the other conditions are a TinyDB query.
        """
        ids = None if game_ids is None else [checked_game_id(game_id) for game_id in game_ids]
        condition = results_condition(variant=variant, since=since, until=until, game_ids=ids)
        if refreshed is None:
            refreshed = self._listing.refreshed()
        rows = refreshed.rows
        if ids is not None:
            missing = [game_id for game_id in ids if game_id not in rows]
            if missing:
                raise GameNotFoundError(missing[0])
        matching = list(rows) if condition is None else self._matching_ids(condition, refreshed)
        if player_keys is not None:
            wanted = frozenset(player_keys)
            matching = [i for i in matching if not wanted.isdisjoint(rows[i].row.player_keys)]
        for made in (self._lines_made, self._results_made):
            if len(made) > len(rows):  # games gone since: forget their results
                for game_id in [i for i in made if i not in rows]:
                    del made[game_id]
        return [rows[game_id] for game_id in matching]

    def _results_of(self, listed: ListedGame) -> GameResults:
        """A listed game's results as the ledger and the app read them, made once per row
        (see :meth:`_line_of`)."""
        row = listed.row
        known = self._results_made.get(row.id)
        if known is not None and known[0] is row:
            return known[1]
        made = row.game_results(tuple(self._line_of(listed).seats))
        self._results_made[row.id] = (row, made)
        return made

    def _lines_of(self, found: Sequence[ListedGame]) -> list[GameLine]:
        """The listed games' results as plain lines, made once per row: the rows of an
        unchanged catalogue are the same objects from one look to the next, so a second
        leaderboard checks and builds nothing. Results read from the catalogue are checked
        here, the first time they are asked for: all in one pydantic call (plain arrays: no
        model per seat), or row by row when one of them does not read."""
        made = self._lines_made
        lines: list[GameLine | None] = []
        unchecked: list[tuple[int, ListedGame]] = []
        for listed in found:  # thousands of rows: one dictionary look each when all are known
            known = made.get(listed.row.id)
            if known is not None and known[0] is listed.row:
                lines.append(known[1])
                continue
            if not isinstance(listed.results, tuple):
                unchecked.append((len(lines), listed))
            lines.append(None)
        if unchecked:
            try:
                checked = SEAT_ROWS.validate_python([listed.results for _, listed in unchecked])
            except ValidationError:
                pass  # each row on its own, below
            else:
                for (at, listed), seats in zip(unchecked, checked, strict=True):
                    lines[at] = self._remember_line(listed, seats)
        return [
            line if line is not None else self._line_of(listed)
            for line, listed in zip(lines, found, strict=True)
        ]

    def _known_line(self, listed: ListedGame) -> GameLine | None:
        known = self._lines_made.get(listed.row.id)
        return known[1] if known is not None and known[0] is listed.row else None

    def _line_of(self, listed: ListedGame) -> GameLine:
        """One listed game's results as a plain line (see :meth:`_lines_of`)."""
        known = self._known_line(listed)
        if known is not None:
            return known
        if isinstance(listed.results, tuple):  # made from the game file just now: checked
            return self._remember_line(listed, listed.results)
        try:
            (seats,) = SEAT_ROWS.validate_python([listed.results])
        except ValidationError:
            seats = self._seats_from_file(listed.row)
        return self._remember_line(listed, seats)

    def _remember_line(self, listed: ListedGame, seats: tuple[SeatRow, ...]) -> GameLine:
        """Keep the line of ``listed`` with these ``seats``; a row whose name keys are not its
        players' is not trusted (its game file answers)."""
        row = listed.row
        if row.player_keys != tuple(name_key(seat[0]) for seat in seats):
            seats = self._seats_from_file(row)
        made = row.game_line(seats)
        self._lines_made[row.id] = (row, made)
        return made

    def _seats_from_file(self, row: CatalogueRow) -> tuple[SeatRow, ...]:
        """The players' results made again from the game file (none if it is unreadable or
        gone since the look that listed it: it then counts for nobody)."""
        made = self._listing.row_of(row.id, row.signature)
        return made.results if isinstance(made, CatalogueGame) else ()

    def _matching_ids(self, condition: QueryLike, refreshed: Refreshed) -> list[str]:
        """The ids of the games whose rows meet ``condition``: asked of the catalogue file for
        the rows it holds as they are, tested here on the rows it does not (yet)."""
        rows, unwritten = refreshed.rows, refreshed.unwritten
        queried: list[str] = []
        if len(unwritten) < len(rows):
            try:
                found = self._catalogue.search_game_ids(condition)
            except StoreFileError:  # unreadable since: every row is tested here
                unwritten = frozenset(rows)
            else:
                queried = [i for i in found if i in rows and i not in unwritten]
        tested = [
            game_id for game_id in unwritten if condition(rows[game_id].row.model_dump(mode="json"))
        ]
        return queried + tested
