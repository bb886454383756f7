"""What a store file must hold to be read as one, beyond being JSON.

Each check raises ``ValueError`` saying what is wrong (the file is damaged) or
:class:`NewerSchemaDataError` (written by a newer scorepad). They run on every read and on
every backup considered for a restore, so a file that passes cannot make the store fail later
with a ``KeyError`` or a ``ValidationError`` deep in some method.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from scorepad.engine import Game, ScorepadError
from scorepad.i18n import N_, describe, tr
from scorepad.store import schema
from scorepad.store.errors import CurrencySymbolError
from scorepad.store.models import RosterPlayer, SavedVariant, Settings, StoredGame
from scorepad.store.storage import NewerSchemaDataError

ONE = 1
"""Document id of the single document in a game file and of the schema row (game files keep
the layout of schema 1, ``{"game": {"1": <stored game>}}``)."""

Check = Callable[[dict[str, Any]], None]

FIRST_CATALOGUE_SCHEMA = 3
"""The schema that brought ``catalogue.json``: one at an older version was not written by
scorepad (and migrating it again would start its roster afresh)."""


def check_schema_version(found: object) -> None:
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise ValueError(
            tr("not a scorepad store file (schema version {found})").format(found=repr(found))
        )
    if found > schema.SCHEMA_VERSION:
        raise NewerSchemaDataError(
            tr(
                "it was written by a newer scorepad (schema {found}; this one reads up to "
                "{known}); update scorepad to open it"
            ).format(found=found, known=schema.SCHEMA_VERSION)
        )


def first_problem(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error["loc"])
    return f"{where}: {error['msg']}" if where else str(error["msg"])


def _check_rows(data: dict[str, Any], table: str, model: type[BaseModel], what: str) -> None:
    """``what``: the kind of row, marked with ``N_`` ("roster entry"; translated here)."""
    for doc_id, row in data.get(table, {}).items():
        try:
            model.model_validate(row)
        except ValidationError as exc:
            # TRANSLATORS: {what} is a kind of row ("roster entry"), {row} its number
            said = tr("{what} {row} is not valid ({problem})")
            raise ValueError(
                said.format(what=tr(what), row=doc_id, problem=first_problem(exc))
            ) from None


def _check_version_row(data: dict[str, Any]) -> None:
    row = data.get("schema", {}).get(str(ONE))
    check_schema_version(row.get("version") if isinstance(row, dict) else None)


def check_meta(data: dict[str, Any]) -> None:
    """``meta.json`` of schema 1 and 2: a known schema version, then every roster and
    saved-variant row (read once more, to move them into the catalogue)."""
    _check_version_row(data)
    _check_rows(data, "roster", RosterPlayer, N_("roster entry"))
    _check_rows(data, "variants", SavedVariant, N_("saved variant"))


def check_catalogue(data: dict[str, Any]) -> None:
    """``catalogue.json``: a known schema version, then every roster, house-rules and settings
    row (the truth it holds). Its ``games`` rows are only a digest of the game files: one of
    the wrong shape makes the list read the game files again, it does not make the catalogue
    damaged."""
    row = data.get("schema", {}).get(str(ONE))
    found = row.get("version") if isinstance(row, dict) else None
    check_schema_version(found)
    if isinstance(found, int) and found < FIRST_CATALOGUE_SCHEMA:
        raise ValueError(
            tr("not a scorepad catalogue (schema version {found})").format(found=found)
        )
    _check_rows(data, "roster", RosterPlayer, N_("roster entry"))
    _check_rows(data, "house_rules", SavedVariant, N_("saved variant"))
    try:
        _check_rows(data, "settings", Settings, N_("settings row"))
    except CurrencySymbolError as exc:
        raise ValueError(tr("its settings are not valid ({problem})").format(problem=exc)) from None


def _game_document(data: dict[str, Any]) -> dict[str, Any]:
    document = data.get("game", {}).get(str(ONE))
    if not isinstance(document, dict):
        raise ValueError(tr("no game in it"))
    check_schema_version(document.get("schema"))
    return document


def game_file_check(game_id: str) -> Check:
    """The check for ``games/<game_id>.json``: one game document at a known schema version,
    and that game: a file is only ever read under the id its own name gives."""

    def check(data: dict[str, Any]) -> None:
        inner = _game_document(data).get("id")
        if inner != game_id:
            raise ValueError(
                tr("the game in it is {inner}, not {game} as its file name says").format(
                    inner=repr(inner), game=game_id
                )
            )

    return check


def full_game_check(game_id: str) -> Check:
    """:func:`game_file_check`, and the game in it is valid and keeps the rules (for choosing
    a backup to restore: one that would load as damaged is no better than none)."""
    named = game_file_check(game_id)

    def check(data: dict[str, Any]) -> None:
        named(data)
        try:
            Game(StoredGame.model_validate(data["game"][str(ONE)]).record)
        except ValidationError as exc:
            raise ValueError(
                tr("the game in it is not valid ({problem})").format(problem=first_problem(exc))
            ) from None
        except ScorepadError as exc:
            raise ValueError(describe(exc).splitlines()[0]) from None

    return check
