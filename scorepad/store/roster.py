"""Changing the roster: renaming a player, merging two entries that are one person, and
undoing either; and who every name a game was played under is now.

A game keeps the names it was played under (its record is what the table wrote, and is never
rewritten); the roster says who those names are today. A rename keeps the old name as an
alias of the entry, a merge folds one entry's names into the other's, so every game played
under any of a person's names counts as theirs (:func:`current_names`, the ``names=`` of the
engine's stats and ledger).

Each change is kept as the roster it replaced (:class:`RosterChange`, the catalogue's
``roster_undo`` table, the last :data:`ROSTER_UNDO_KEPT` of them), so undo needs no inverse
worked out per kind of change: it puts that roster back. The functions here are pure: the
store reads the tables, calls them and writes the result in one write.

>>> from datetime import UTC, datetime
>>> day = datetime(2026, 1, 1, tzinfo=UTC)
>>> bob = RosterPlayer(name="Bob", added=day)
>>> edit = rename([bob], "bob", "Robert")
>>> edit.player.name, edit.player.aliases, edit.change.label
('Robert', ('Bob',), 'rename Bob to Robert')
>>> current_names(edit.roster, ["Bob", "Cat"])
{'bob': 'Robert', 'cat': 'Cat', 'robert': 'Robert'}
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from pydantic import BaseModel, ConfigDict

from scorepad.engine import (
    EmptyNameError,
    Message,
    NameTooLongError,
    PlayerError,
    checked_name,
    name_key,
    shown,
)
from scorepad.i18n import N_, describe, tr, tr_n
from scorepad.store.errors import (
    MergeIntoItselfError,
    NameTakenError,
    NotOnRosterError,
    RosterNameError,
    SameNameError,
)
from scorepad.store.models import RosterPlayer, now

ROSTER_UNDO_KEPT = 10
"""How many roster changes can be undone, newest first (the oldest are dropped)."""

# TRANSLATORS: a roster change, as the undo button names it ("Undo rename Bob to Robert")
RENAME_LABEL = N_("rename {name} to {new_name}")
# TRANSLATORS: a roster change, as the undo button names it ("Undo merge Bob into Robert")
MERGE_LABEL = N_("merge {name} into {into}")
LABELS = (RENAME_LABEL, MERGE_LABEL)
"""The words of a :attr:`RosterChange.label`, kept in English in the catalogue (a store may
be read in any language) and said in the reader's by :func:`label_words`."""


def _label_pattern(label: str) -> re.Pattern[str]:
    parts = [
        re.escape(literal) + ("" if name is None else f"(?P<{name}>.+)")
        for literal, name, _, _ in string.Formatter().parse(label)
    ]
    return re.compile("".join(parts), re.DOTALL)


_LABEL_PATTERNS = tuple((label, _label_pattern(label)) for label in LABELS)


def label_words(label: str) -> str:
    """A kept :attr:`RosterChange.label` as a sentence the reader's language can say (a
    :class:`~scorepad.engine.message.Message`, whose ``str()`` is the label itself); a label
    of another shape as it is.

    >>> said = label_words("rename Bob to Robert")
    >>> said == "rename Bob to Robert", dict(said.values)
    (True, {'name': 'Bob', 'new_name': 'Robert'})
    """
    for text, pattern in _LABEL_PATTERNS:
        found = pattern.fullmatch(label)
        if found is not None:
            return Message(text, **found.groupdict())
    return label


class RosterChange(BaseModel):
    """A ``roster_undo`` row: one rename or merge, kept so that it can be undone.

    ``before`` is the whole roster as it was (a roster is a few dozen entries: copying it is
    simpler and surer than an inverse per kind of change). ``after`` holds the name keys of
    every name, current or former, that the roster knew right after the change: an entry
    whose name is in neither was added since (a new game's player) and survives the undo.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    label: str
    """What was done, as the undo button names it ("rename Bob to Robert": in words, which
    every font has and a screen reader says as written)."""
    made: datetime
    before: tuple[RosterPlayer, ...]
    after: tuple[str, ...]


@dataclass(frozen=True)
class RosterEdit:
    """A change worked out: the roster after it, the entry as it now is, and the undo row."""

    roster: tuple[RosterPlayer, ...]
    player: RosterPlayer
    change: RosterChange


def names_of(player: RosterPlayer) -> tuple[str, ...]:
    """Every name the player goes or went by, the current one first."""
    return (player.name, *player.aliases)


def known_keys(players: Iterable[RosterPlayer]) -> set[str]:
    """The name keys of every name, current or former, on the roster."""
    return {name_key(name) for player in players for name in names_of(player)}


def owner_of(players: Iterable[RosterPlayer], name: str) -> RosterPlayer | None:
    """The entry that goes or went by ``name`` (compared as the engine compares names)."""
    key = name_key(name)
    return next((p for p in players if any(name_key(known) == key for known in names_of(p))), None)


def current_player(players: Iterable[RosterPlayer], name: str) -> RosterPlayer:
    """The entry whose current name is ``name``; a former name is refused saying who that
    is now (changing "Bob" when Bob is now Robert would surprise whoever typed it)."""
    owner = owner_of(players, name)
    if owner is None:
        raise NotOnRosterError(name)
    if name_key(owner.name) != name_key(name):
        raise NotOnRosterError(name, now_called=owner.name)
    return owner


def checked_new_name(raw: str) -> str:
    """``raw`` as a player's name under the engine's rule, or :class:`RosterNameError`."""
    try:
        return checked_name(raw, 1)
    except EmptyNameError:
        raise RosterNameError(raw, tr("a player needs a name: type the new name")) from None
    except NameTooLongError as exc:
        # said once and short: the typed name is in the field above the message
        raise RosterNameError(
            raw,
            tr_n(
                "a name has at most {limit} character (this one has {count})",
                "a name has at most {limit} characters (this one has {count})",
                exc.limit,
            ).format(limit=exc.limit, count=len(exc.name)),
        ) from None
    except PlayerError as exc:
        raise RosterNameError(raw, describe(exc)) from None


def rename(players: Sequence[RosterPlayer], name: str, new_name: str) -> RosterEdit:
    """The roster with ``name`` called ``new_name``: the old name becomes an alias (unless
    only its case or spacing changed), so the games played under it stay this player's.
    Renaming back to a former name takes it off the aliases. A name another entry has or had
    is refused (:class:`NameTakenError`: that is a merge)."""
    player = current_player(players, name)
    cleaned = checked_new_name(new_name)
    if cleaned == player.name:
        raise SameNameError(player.name)
    owner = owner_of(players, cleaned)
    if owner is not None and owner is not player:
        raise NameTakenError(player.name, cleaned, owner.name)
    new_key = name_key(cleaned)
    aliases = unique_names((*player.aliases, player.name), excluding=new_key)
    renamed = RosterPlayer(name=cleaned, added=player.added, aliases=aliases)
    label = RENAME_LABEL.format(name=shown(player.name), new_name=shown(cleaned))
    return _edit(players, {id(player): renamed}, renamed, label)


def merge(players: Sequence[RosterPlayer], name: str, into: str) -> RosterEdit:
    """The roster with ``name``'s entry folded into ``into``'s: one entry left, called as
    ``into`` is, with every name of both as its aliases, known since the earlier of the two."""
    source, target = owner_of(players, name), owner_of(players, into)
    if source is not None and source is target:
        raise MergeIntoItselfError(name, source.name)
    source, target = current_player(players, name), current_player(players, into)
    aliases = unique_names((*target.aliases, *names_of(source)), excluding=name_key(target.name))
    merged = RosterPlayer(name=target.name, added=min(source.added, target.added), aliases=aliases)
    label = MERGE_LABEL.format(name=shown(source.name), into=shown(target.name))
    return _edit(players, {id(source): None, id(target): merged}, merged, label)


def undone(players: Sequence[RosterPlayer], change: RosterChange) -> tuple[RosterPlayer, ...]:
    """The roster as it was before ``change``, keeping the entries added since (whose names
    neither the roster before nor right after the change knew)."""
    known = known_keys(change.before) | set(change.after)
    added_since = tuple(p for p in players if name_key(p.name) not in known)
    return (*change.before, *added_since)


def pushed(changes: Sequence[RosterChange], change: RosterChange) -> tuple[RosterChange, ...]:
    """The undo rows with ``change`` the newest, the oldest dropped past the limit."""
    return (*changes, change)[-ROSTER_UNDO_KEPT:]


def current_names(players: Iterable[RosterPlayer], game_names: Iterable[str]) -> dict[str, str]:
    """``name_key`` of every name known (the roster's names, former and current, and those
    games were played under) to the name that person goes by now; a name only in games, not
    on the roster, is its own current name."""
    names: dict[str, str] = {}
    for name in game_names:
        names.setdefault(name_key(name), name)
    for player in players:
        for known in reversed(names_of(player)):  # the current name last: it wins a clash
            names[name_key(known)] = player.name
    return dict(sorted(names.items()))


def unique_names(names: Iterable[str], *, excluding: str) -> tuple[str, ...]:
    """``names`` without repeats (ignoring case) and without the name key ``excluding``."""
    seen = {excluding}
    kept = []
    for name in names:
        key = name_key(name)
        if key not in seen:
            seen.add(key)
            kept.append(name)
    return tuple(kept)


def _edit(
    players: Sequence[RosterPlayer],
    replaced: dict[int, RosterPlayer | None],
    player: RosterPlayer,
    label: str,
) -> RosterEdit:
    """The roster with the entries in ``replaced`` (by identity) swapped or, for ``None``,
    dropped; and the undo row that puts ``players`` back."""
    roster = tuple(new for p in players if (new := replaced.get(id(p), p)) is not None)
    change = RosterChange(
        label=label, made=now(), before=tuple(players), after=tuple(sorted(known_keys(roster)))
    )
    return RosterEdit(roster=roster, player=player, change=change)
