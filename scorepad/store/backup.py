"""The whole store in one JSON file, and that file restored into a store.

A backup holds what exists nowhere else: every game as stored (id, times, revision, record,
the round being entered and the undo steps), the roster, the house rules and the settings.
The games' list rows are left out: they are only a digest of the games, made again from them.

Restoring checks the whole file first (:func:`read_backup`): a file that is not a backup, a
damaged one, or one from a newer scorepad is refused before anything is written, so a restore
changes everything it should or nothing. Into an empty store it is lossless (same ids, times
and everything else); a store that holds anything is refused unless asked to merge, which
adds only what the store lacks (:func:`plan_restore`): a game whose record is already stored
is skipped, a roster entry or house rule already there is kept as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from scorepad.engine import (
    MAX_DEPTH,
    PRESETS,
    EmptyNameError,
    GameRecord,
    Listing,
    Message,
    NotJsonError,
    PlayerError,
    RecordFormatError,
    ScorepadError,
    checked_name,
    name_key,
    not_text_problem,
    quoted,
    read_json,
)
from scorepad.i18n import N_, describe, say, tr, tr_n
from scorepad.store import schema
from scorepad.store.checks import first_problem
from scorepad.store.errors import (
    BackupDamagedError,
    BackupFormatError,
    BackupTooNewError,
    CurrencySymbolError,
    RecordNotBackupError,
    StoreNotEmptyError,
)
from scorepad.store.files import MAX_FILE_BYTES
from scorepad.store.house_rules import renamed_off_the_presets
from scorepad.store.ids import EXPECTED, GAME_ID, new_game_id
from scorepad.store.models import RosterPlayer, SavedVariant, Settings, StoredGame, now
from scorepad.store.records import game_file_size
from scorepad.store.roster import known_keys, names_of, unique_names

if TYPE_CHECKING:
    from scorepad.store.interface import StoreWriter

BACKUP_FORMAT: Final = "scorepad-backup"
"""The ``format`` of every backup: tells a backup from any other JSON file."""
BACKUP_VERSION = 1
"""The layout of the backup file itself (the models in it follow the store's schema)."""
BACKUP_MAX_BYTES = 128 * 1024 * 1024
"""The largest backup read. A full game of Golf with its undo steps is about 30 KB of backup
(measured), so this holds over 4,000 games: years of evenings."""
BACKUP_MAX_VALUES = 5_000_000
"""The most JSON values (counted by the commas and brackets that separate and open them,
before anything is parsed) a backup may hold. A full game of Golf is about 1,100 (measured);
each value parsed costs memory, and 120 MB of ``[]`` would be 40 million lists, several GB,
where this many cost a few hundred MB at most."""
BACKUP_MAX_DEPTH = MAX_DEPTH + 4
"""How deeply a backup nests: a record's depth, inside a stored game, inside the list of
games, inside the backup (with one to spare)."""


class Backup(BaseModel):
    """A backup file's content."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True, defer_build=True)

    format: Literal["scorepad-backup"] = BACKUP_FORMAT
    version: int = BACKUP_VERSION
    schema_version: int = Field(alias="schema", default=schema.SCHEMA_VERSION)
    """The store schema the models in it were written at."""
    made: datetime = Field(default_factory=now)
    games: tuple[StoredGame, ...] = ()
    roster: tuple[RosterPlayer, ...] = ()
    house_rules: tuple[SavedVariant, ...] = ()
    settings: Settings = Field(default_factory=Settings)

    def document(self) -> dict[str, Any]:
        """The backup as the JSON document written to its file."""
        return self.model_dump(mode="json", by_alias=True)


@dataclass
class RestoreReport:
    """What a restore did."""

    restored: list[str] = field(default_factory=list)
    """Ids of the games stored (each under its id in the backup unless that id was taken)."""
    renumbered: dict[str, str] = field(default_factory=dict)
    """Backup id -> the id a game got because its own was taken here (merge only)."""
    skipped: dict[str, str] = field(default_factory=dict)
    """Backup id -> the id its record is already stored under (merge only)."""
    players_added: list[str] = field(default_factory=list)
    players_extended: list[str] = field(default_factory=list)
    """Players already here who gained former names the backup knew them by (merge only)."""
    roster_changes: list[str] = field(default_factory=list)
    """Renames and merges of the backup's roster carried over, in words ("merged Bob into
    Robert, as in the backup") (merge only)."""
    roster_kept: list[str] = field(default_factory=list)
    """Where this store and the backup name a player differently and this store's name was
    kept, in words, saying why (merge only)."""
    house_rules_added: list[str] = field(default_factory=list)
    house_rules_kept: list[str] = field(default_factory=list)
    """House rules whose name was here with other rules: this store's kept (merge only)."""
    settings_restored: bool = False


@dataclass(frozen=True)
class StoreContents:
    """What a store holds, as planning a restore into it needs to know."""

    game_ids: frozenset[str]
    """Every game file's id, damaged ones too (a restore never writes over a file)."""
    roster: tuple[RosterPlayer, ...]
    house_rules: tuple[SavedVariant, ...]
    settings_saved: bool = False
    """Whether settings were ever saved here (a merge then keeps them; else it takes the
    backup's, rather than leave a restored table's "€" behind for the default "$")."""


@dataclass(frozen=True)
class RestorePlan:
    """What to write: the games, and the whole roster and house rules the catalogue will
    hold (``None``: leave the settings as they are)."""

    games: tuple[StoredGame, ...]
    roster: tuple[RosterPlayer, ...]
    house_rules: tuple[SavedVariant, ...]
    settings: Settings | None
    report: RestoreReport


# --- reading ------------------------------------------------------------------------------------


def parse_backup(raw: bytes) -> Backup:
    """The checked backup in a file's bytes (see :func:`read_backup`)."""
    if not raw.strip():
        raise BackupFormatError(tr("the file is empty"))
    if len(raw) > BACKUP_MAX_BYTES:
        raise BackupFormatError(
            tr("it is {size} bytes, over the {limit} a backup may be").format(
                size=f"{len(raw):,}", limit=f"{BACKUP_MAX_BYTES:,}"
            )
        )
    values = raw.count(b",") + raw.count(b"[") + raw.count(b"{")
    if values > BACKUP_MAX_VALUES:
        raise BackupFormatError(
            tr(
                "it holds over {limit} values (about {values}), more than any "
                "backup scorepad writes"
            ).format(limit=f"{BACKUP_MAX_VALUES:,}", values=f"{values:,}")
        )
    try:
        text = raw.decode("utf-8")  # scorepad writes UTF-8, and only that
    except UnicodeDecodeError as exc:
        problem = say(not_text_problem(exc))
        # TRANSLATORS: {problem} says why the file is no text ("not text, byte 0x89 at ...")
        raise BackupFormatError(tr("it is {problem}").format(problem=problem)) from None
    try:
        document = read_json(text, max_depth=BACKUP_MAX_DEPTH, what="a backup")
    except NotJsonError as exc:
        problem = _json_problem(exc)
        raise BackupFormatError(tr("it is not JSON: {problem}").format(problem=problem)) from None
    except RecordFormatError as exc:  # a key twice, nested too deep, a number too long
        raise BackupFormatError(describe(exc)) from None
    return read_backup(document)


def _json_problem(exc: NotJsonError) -> str:
    """What the engine says is wrong with the JSON, without its "not valid JSON: "."""
    found = exc.said.values.get("problem")
    if isinstance(found, str):  # the engine's sentence keeps the problem as a value
        return say(found)
    return describe(exc).removeprefix("not valid JSON: ")


def read_backup(document: object) -> Backup:
    """The backup in a parsed JSON document, checked whole: its format and version, every
    model in it, every game against the rules, ids and names unique. Any problem is a
    :class:`~scorepad.store.errors.BackupError` saying what and where. A :class:`Backup`
    is one already read this way."""
    if isinstance(document, Backup):
        return document
    if not isinstance(document, dict):
        raise BackupFormatError(
            # TRANSLATORS: {kind} is a JSON type as Python names it ("list", "str")
            tr("it holds a JSON {kind}, not an object").format(kind=type(document).__name__)
        )
    if document.get("format") != BACKUP_FORMAT:
        if "variant" in document and "players" in document:
            raise RecordNotBackupError
        raise BackupFormatError(tr('it has no "format": "{format}"').format(format=BACKUP_FORMAT))
    _check_version(document, "version", N_("backup format"), BACKUP_VERSION)
    _check_version(document, "schema", N_("schema"), schema.SCHEMA_VERSION)
    try:
        backup = Backup.model_validate(document)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"]) or tr("the backup")
        raise BackupDamagedError(where, str(error["msg"])) from None
    except CurrencySymbolError as exc:
        raise BackupDamagedError("settings.currency_symbol", str(exc)) from None
    if document["schema"] < schema.SCHEMA_WITH_THE_FAMILY:  # rules saved before the family came
        backup = backup.model_copy(
            update={"house_rules": renamed_off_the_presets(backup.house_rules)}
        )
    _check_games(backup.games)
    _check_roster(backup.roster)
    _check_house_rules(backup.house_rules)
    return backup


def _check_version(document: dict[str, Any], key: str, what: str, known: int) -> None:
    """``what``: the version's name, marked with ``N_`` (translated here)."""
    found = document.get(key)
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise BackupDamagedError(
            key, tr("{found} is not a version number").format(found=repr(found))
        )
    if found > known:
        raise BackupTooNewError(tr(what), found, known)


def _check_games(games: Iterable[StoredGame]) -> None:
    seen: set[str] = set()
    for stored in games:
        # TRANSLATORS: where in a backup a problem is: one of its games, by id
        where = tr("game {game}").format(game=quoted(stored.id))
        if not GAME_ID.fullmatch(stored.id):
            raise BackupDamagedError(
                where, tr("not a game id ({expected})").format(expected=tr(EXPECTED))
            )
        if stored.id in seen:
            raise BackupDamagedError(where, tr("two games have this id"))
        seen.add(stored.id)
        if stored.schema_version > schema.SCHEMA_VERSION:
            raise BackupTooNewError(tr("game schema"), stored.schema_version, schema.SCHEMA_VERSION)
        if (size := game_file_size(stored)) > MAX_FILE_BYTES:
            mb = 1024 * 1024
            raise BackupDamagedError(
                where,
                tr(
                    "its file would be {size} MB, over the {limit} MB "
                    "a game file may hold: it could never be opened"
                ).format(size=f"{size / mb:.1f}", limit=f"{MAX_FILE_BYTES / mb:.1f}"),
            )
        try:
            stored.game  # noqa: B018  (derive it: a game that breaks the rules is damaged)
        except ScorepadError as exc:
            raise BackupDamagedError(where, describe(exc).splitlines()[0]) from None
        except ValidationError as exc:
            raise BackupDamagedError(where, first_problem(exc)) from None


def _check_roster(players: Iterable[RosterPlayer]) -> None:
    """Every name, current or former, is one the engine takes for a player (a roster entry
    called "" would be listed, picked and shown as no one), and none belongs to two entries
    (or twice to one)."""
    seen: set[str] = set()
    for index, player in enumerate(players):
        for place, name in zip(_name_places(index, player), names_of(player), strict=True):
            _check_name(place, name)
            if name_key(name) in seen:
                raise BackupDamagedError(
                    "roster",
                    tr("the name {name} is there twice (ignoring case)").format(name=quoted(name)),
                )
            seen.add(name_key(name))


def _name_places(index: int, player: RosterPlayer) -> list[str]:
    """Where each of a roster entry's names is in the backup ("roster.2.aliases.0")."""
    return [f"roster.{index}.name"] + [
        f"roster.{index}.aliases.{place}" for place in range(len(player.aliases))
    ]


def _check_name(where: str, name: str) -> None:
    """Refuse a name the store would refuse when typed (:func:`checked_name`)."""
    try:
        checked_name(name, 1)
    except EmptyNameError:
        raise BackupDamagedError(where, tr("the name is empty; every player needs one")) from None
    except PlayerError as exc:
        raise BackupDamagedError(where, describe(exc)) from None


def _check_house_rules(house_rules: Iterable[SavedVariant]) -> None:
    presets = {variant.name.casefold() for variant in PRESETS.values()}
    seen: set[str] = set()
    for saved in house_rules:
        key = saved.name.casefold()
        if key in presets:
            raise BackupDamagedError(
                "house_rules", tr("{name} is a preset's name").format(name=quoted(saved.name))
            )
        if key in seen:
            raise BackupDamagedError(
                "house_rules", tr("two are called {name}").format(name=quoted(saved.name))
            )
        seen.add(key)


# --- planning -----------------------------------------------------------------------------------


def plan_restore(
    backup: Backup,
    here: StoreContents,
    *,
    merge: bool,
    root: Path,
    stored_as: Callable[[GameRecord], str | None],
    id_taken: Callable[[str], bool] = lambda _: False,
) -> RestorePlan:
    """What restoring ``backup`` into the store in ``root`` (holding ``here``) writes.

    Without ``merge`` the store must be empty (:class:`StoreNotEmptyError` otherwise) and
    everything is taken as it is. With ``merge``: a game whose record ``stored_as`` finds, or
    that an earlier game of the backup has, is skipped; a game whose id is taken gets a new
    one; a roster entry none of whose names the roster knows is added, one it knows gains the
    former names it lacks; a house rule whose name is here is kept as it is here; settings
    saved here stay as they are (a store that never saved any takes the backup's).
    """
    if not merge:
        holds = _holdings(here)
        if holds:
            raise StoreNotEmptyError(root, holds)
        report = RestoreReport(
            restored=[stored.id for stored in backup.games],
            players_added=[player.name for player in backup.roster],
            house_rules_added=[saved.name for saved in backup.house_rules],
            settings_restored=True,
        )
        return RestorePlan(backup.games, backup.roster, backup.house_rules, backup.settings, report)
    report = RestoreReport(settings_restored=not here.settings_saved)
    games = _merged_games(backup.games, here.game_ids, stored_as, id_taken, report)
    roster = _merged_roster(backup.roster, here.roster, report)
    house_rules = _merged_house_rules(backup.house_rules, here.house_rules, report)
    settings = None if here.settings_saved else backup.settings
    return RestorePlan(games, roster, house_rules, settings, report)


def _holdings(here: StoreContents) -> str:
    """What a store holds, in words ("3 games and 4 players"), or "" when it is empty."""
    games, players, rules = len(here.game_ids), len(here.roster), len(here.house_rules)
    words = [
        tr_n("{count} game", "{count} games", games).format(count=games) if games else "",
        tr_n("{count} player", "{count} players", players).format(count=players) if players else "",
        tr_n("{count} house rule", "{count} house rules", rules).format(count=rules)
        if rules
        else "",
    ]
    return said_list([word for word in words if word])


def said_list(items: list[str]) -> str:
    """Items as a sentence lists them, in the reader's language ("A, B and C"); English is
    :func:`~scorepad.engine.spoken_list`'s.

    >>> said_list(["3 games", "1 player", "2 house rules"]), said_list(["1 game"])
    ('3 games, 1 player and 2 house rules', '1 game')
    """
    if len(items) <= 1:
        return "".join(items)
    # TRANSLATORS: the end of a list: "{items}" is "A, B" (joined by ", "), "{last}" is "C"
    return tr("{items} and {last}").format(items=tr(", ").join(items[:-1]), last=items[-1])


def _merged_games(
    games: Iterable[StoredGame],
    taken: frozenset[str],
    stored_as: Callable[[GameRecord], str | None],
    id_taken: Callable[[str], bool],
    report: RestoreReport,
) -> tuple[StoredGame, ...]:
    planned: list[StoredGame] = []
    ids = set(taken)
    for stored in games:
        existing = stored_as(stored.record) or next(
            (p.id for p in planned if p.record == stored.record), None
        )
        if existing is not None:
            report.skipped[stored.id] = existing
            continue
        game_id = stored.id
        while game_id in ids or id_taken(game_id):
            game_id = new_game_id()
        if game_id != stored.id:
            report.renumbered[stored.id] = game_id
        ids.add(game_id)
        planned.append(stored.model_copy(update={"id": game_id}))
        report.restored.append(game_id)
    return tuple(planned)


def _merged_roster(
    theirs: Iterable[RosterPlayer], ours: tuple[RosterPlayer, ...], report: RestoreReport
) -> tuple[RosterPlayer, ...]:
    """This store's roster with the backup's entries merged in, one at a time in the
    backup's order. Each backup entry says which names are one person and what they are
    called now, and it is carried over as that: entries here that it makes one person are
    merged, a name it has since changed is renamed, names it knows that the roster lacks are
    added as former names. Where this store changed a name the backup did not know about,
    this store's is kept, and the report says so."""
    roster = list(ours)
    for player in theirs:
        owners = _owners(roster, player)
        if not owners:
            roster.append(player)
            report.players_added.append(player.name)
            continue
        owner = (
            owners[0] if len(owners) == 1 else _merge_as_in_backup(roster, owners, player, report)
        )
        owner = _rename_as_in_backup(roster, owner, player, report)
        known = known_keys(roster)
        new_names = tuple(name for name in names_of(player) if name_key(name) not in known)
        if new_names:
            grown = owner.model_copy(update={"aliases": (*owner.aliases, *new_names)})
            roster[roster.index(owner)] = grown
            report.players_extended.append(owner.name)
    return tuple(roster)


def _owners(roster: list[RosterPlayer], player: RosterPlayer) -> list[RosterPlayer]:
    """The entries here that go or went by any of ``player``'s names, in roster order."""
    keys = {name_key(name) for name in names_of(player)}
    return [entry for entry in roster if keys & {name_key(n) for n in names_of(entry)}]


def _merge_as_in_backup(
    roster: list[RosterPlayer],
    owners: list[RosterPlayer],
    player: RosterPlayer,
    report: RestoreReport,
) -> RosterPlayer:
    """The backup has one person where this store has several entries: merge them here,
    under the name the backup gives them (as :func:`~scorepad.store.roster.merge` does)."""
    key = name_key(player.name)
    target = next((o for o in owners if name_key(o.name) == key), owners[0])
    others = [o for o in owners if o is not target]
    names = (*target.aliases, *(name for other in others for name in names_of(other)))
    aliases = unique_names(names, excluding=name_key(target.name))
    merged = RosterPlayer(name=target.name, added=min(o.added for o in owners), aliases=aliases)
    roster[roster.index(target)] = merged
    for other in others:
        roster.remove(other)
    folded = [other.name for other in others]
    if len(folded) == 1:
        merged_words = Message(
            N_("merged {player} into {target}, as in the backup"),
            player=folded[0],
            target=target.name,
        )
    else:
        merged_words = Message(
            N_("merged {players} and {last} into {target}, as in the backup"),
            players=Listing(tuple(folded[:-1])),
            last=folded[-1],
            target=target.name,
        )
    report.roster_changes.append(merged_words)
    return merged


def _rename_as_in_backup(
    roster: list[RosterPlayer], owner: RosterPlayer, player: RosterPlayer, report: RestoreReport
) -> RosterPlayer:
    """The backup calls the player by a name of its own: take it when the backup renamed
    the player from the name used here (Cat to Catherine); keep this store's when this store
    renamed the player since (a name the backup had is a former name here), or when each
    renamed them its own way (said in the report)."""
    if name_key(owner.name) == name_key(player.name):
        return owner
    their_former = {name_key(name) for name in player.aliases}
    our_former = {name_key(name) for name in owner.aliases}
    if name_key(player.name) in our_former:  # renamed here since the backup was made
        return owner
    if name_key(owner.name) not in their_former:
        report.roster_kept.append(
            Message(
                N_(
                    "kept the name {name} here: the backup calls them {theirs}, a name "
                    "this store never had for them (added as a former name)"
                ),
                name=owner.name,
                theirs=player.name,
            )
        )
        return owner
    aliases = unique_names((*owner.aliases, owner.name), excluding=name_key(player.name))
    renamed = RosterPlayer(name=player.name, added=owner.added, aliases=aliases)
    roster[roster.index(owner)] = renamed
    report.roster_changes.append(
        Message(
            N_("renamed {name} to {new_name}, as in the backup"),
            name=owner.name,
            new_name=player.name,
        )
    )
    return renamed


def _merged_house_rules(
    theirs: Iterable[SavedVariant], ours: tuple[SavedVariant, ...], report: RestoreReport
) -> tuple[SavedVariant, ...]:
    house_rules = list(ours)
    for saved in theirs:
        same = next((s for s in house_rules if s.name.casefold() == saved.name.casefold()), None)
        if same is None:
            house_rules.append(saved)
            report.house_rules_added.append(saved.name)
        elif same.variant != saved.variant:
            report.house_rules_kept.append(same.name)
    return tuple(house_rules)


# --- the store's side -------------------------------------------------------------------------


def backup_document(store: StoreWriter) -> dict[str, Any]:
    """The whole store as a backup document (see :meth:`Store.backup`)."""
    return store.backup()


def restore_document(store: StoreWriter, document: object, *, merge: bool) -> RestoreReport:
    """Restore a parsed backup document into ``store`` (see :meth:`Store.restore`)."""
    return store.restore(document, merge=merge)
