"""Players on paper under the names they go by now, the names they played under noted.

A game's record keeps the names it was played under, and always will; after a rename on the
roster ("Bob" is "Robert" now) the table wants its sheet to say "Robert", as the game screen
does, yet the sheet must still be matched to the record, which says "Bob". So the paper takes
``renamed``: each played-under name that shows otherwise now, to the name to print (the
app's ``DisplayNames.renamed``, worked out from the roster by whoever asks for the file; the
paper never reads the store). The record and the engine's sentences stay as they are; only
the words printed change.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from scorepad.i18n import tr

NO_RENAMES: Mapping[str, str] = {}


def now_called(players: Sequence[str], renamed: Mapping[str, str]) -> tuple[str, ...]:
    """Each of ``players`` (as played under) by the name they go by now.

    >>> now_called(["Ann", "Bob"], {"Bob": "Robert"})
    ('Ann', 'Robert')
    """
    return tuple(renamed.get(player, player) for player in players)


def played_as(now: str, played: str) -> str:
    """A player's name now, with the name the game knows them by when it differs.

    >>> played_as("Robert", "Bob"), played_as("Ann", "Ann")
    ('Robert (played as Bob)', 'Ann')
    """
    # TRANSLATORS: a player under their name now, and the name the game was played under
    return now if now == played else tr("{now} (played as {played})").format(now=now, played=played)


def played_as_note(players: Sequence[str], renamed: Mapping[str, str]) -> str | None:
    """The line that ties a sheet in today's names to its record: ``None`` when nobody shows
    under another name.

    >>> played_as_note(["Ann", "Bob", "Cat"], {"Bob": "Robert", "Cat": "Cathy"})
    'Names as known now: Robert played as Bob, Cathy played as Cat.'
    """
    pairs = [(renamed[player], player) for player in players if player in renamed]
    if not pairs:
        return None
    # TRANSLATORS: one of the pairs in "Names as known now: Robert played as Bob, ..."
    pair = tr("{now} played as {played}")
    said = tr(", ").join(pair.format(now=now, played=played) for now, played in pairs)
    # TRANSLATORS: under a printed pad or in a sheet: who goes by another name since the game
    return tr("Names as known now: {pairs}.").format(pairs=said)


def in_current_words(text: str, players: Sequence[str], renamed: Mapping[str, str]) -> str:
    """One of the engine's sentences ("Bob pays Ann 30¢") with each renamed player's
    played-under name, as a whole word in its exact spelling, read as their name now.

    >>> in_current_words("Bob pays Bobby 30¢", ["Bob", "Bobby"], {"Bob": "Robert"})
    'Robert pays Bobby 30¢'
    """
    if not renamed:
        return text
    # every player, longest first: "Ann Marie" is one name, not "Ann" and " Marie"
    every = sorted((re.escape(name) for name in players), key=len, reverse=True)
    pattern = re.compile(rf"(?<!\w)(?:{'|'.join(every)})(?!\w)")
    return pattern.sub(lambda found: renamed.get(found.group(0), found.group(0)), text)
