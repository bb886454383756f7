"""The names a game's screens show: each player as they are known now, the record unchanged.

A game keeps the names it was played under (its record is never rewritten: every tap, mark
and correction still names the seat as the engine knows it), yet after a rename or a merge
on the roster the table wants to read "Robert", not "Bob". :class:`DisplayNames` is that one
translation, applied where the screens turn the engine's states into words: a played-under
name in, the name to show out, and for a screen reader both ("Robert, played as Bob").

The mapping is worked out once per screen (opening a game, reading the game list), from the
roster alone: the store's ``current_names()`` maps every name of every game too, but a name
that only games know is its own current name, so the roster says all a lookup needs and
reading it skips the catalogue's scan of every game (tens of milliseconds at 10,000 games).
A tap never reads it. No Flet here.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from scorepad.engine import Listing, Message, MessageValue, ScorepadError, current_name, name_key
from scorepad.i18n import say, tr
from scorepad.paper import in_current_words
from scorepad.store import StoreError, StoreReader
from scorepad.store.roster import current_names

log = logging.getLogger("scorepad.ui")


@dataclass(frozen=True)
class DisplayNames:
    """One game's players under the names to show: ``players`` as played under, and those
    shown otherwise (``renamed``: played-under name to current name).

    Two seats that would show the same name (a merge of two entries who sat at the same
    table, "Bob" and "Robert" into "Robert") keep the names they were played under: one
    name on two rows would make every tap on them ambiguous.

    A value (frozen, compared by its pairs), so a kept part of the screen that is handed it
    is drawn again only when the names shown change.
    """

    players: tuple[str, ...] = ()
    renamed: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, players: Iterable[str], names: Mapping[str, str]) -> DisplayNames:
        """``players`` as played under, shown by ``names`` (``name_key`` of any name a
        player was known by to their current name, as the store's ``current_names()``).

        >>> DisplayNames.of(["Ann", "Bob"], {"bob": "Robert"}).shown("Bob")
        'Robert'
        >>> DisplayNames.of(["Bob", "Robert"], {"bob": "Robert", "robert": "Robert"}).renamed
        ()
        """
        played = tuple(players)
        shown = {player: current_name(player, names) for player in played}
        seats = Counter(name_key(name) for name in shown.values())
        return cls(
            played,
            tuple(
                (player, now)
                for player, now in shown.items()
                if now != player and seats[name_key(now)] == 1
            ),
        )

    @cached_property
    def _shown(self) -> dict[str, str]:
        return dict(self.renamed)

    def __bool__(self) -> bool:
        """Whether any player shows under another name than they were played under."""
        return bool(self.renamed)

    def shown(self, played: str) -> str:
        """The name to show for the seat played as ``played``."""
        return self._shown.get(played, played) if self.renamed else played

    def all_shown(self, players: Sequence[str]) -> tuple[str, ...]:
        """Each of ``players`` as shown, in their order."""
        return tuple(self.shown(player) for player in players)

    def said(self, played: str) -> str:
        """The accessible name: the current name and, when it differs, the name the game was
        played under ("Robert, played as Bob"), so a screen reader finds both."""
        now = self.shown(played)
        if now == played:
            return now
        # TRANSLATORS: a renamed player, for a screen reader ("Robert, played as Bob")
        return tr("{name}, played as {played}").format(name=now, played=played)

    @property
    def played_as(self) -> str | None:
        """The renamed players in one line, for the screen (None when nobody was renamed):
        a game shows its players as known now, and says who they played as.

        >>> DisplayNames.of(["Ann", "Bob", "Cat"], {"bob": "Robert", "cat": "Catherine"}).played_as
        'Robert played as Bob, Catherine as Cat'
        """
        if not self.renamed:
            return None
        (first_then, first_now), *rest = self.renamed
        parts = [
            # TRANSLATORS: the first of the renamed players of a game ("Robert played as Bob")
            tr("{name} played as {played}").format(name=first_now, played=first_then),
            # TRANSLATORS: each further renamed player of a game ("…, Catherine as Cat")
            *(tr("{name} as {played}").format(name=now, played=then) for then, now in rest),
        ]
        # TRANSLATORS: between the items of a list ("Ann, Bob, Cat")
        return tr(", ").join(parts)

    def in_words(self, text: str) -> str:
        """One of the engine's sentences ("Bob pays Ann 30¢", "Bob cannot bid 2: …") in the
        reader's language, with each renamed player's played-under name, as a whole word in
        its exact spelling, read as the name shown now (the printed pad rewords its lines the
        same way). In a :class:`~scorepad.engine.message.Message` the names are among its
        values, which are reworded before it is said, never the translated words around them.

        >>> names = DisplayNames.of(["Ann", "Bob"], {"bob": "Robert"})
        >>> print(names.in_words(Message("{payer} pays {payee} {amount}", payer="Bob",
        ...     payee="Ann", amount="30¢")))
        Robert pays Ann 30¢
        """
        if not self.renamed:
            return say(text)
        if isinstance(text, Message):
            return say(self._reworded(text))
        return in_current_words(text, self.players, self._shown)

    def _reworded(self, message: Message) -> Message:
        values = {name: self._reworded_value(value) for name, value in message.values.items()}
        return Message(message.text, **values)

    def _reworded_value(self, value: MessageValue) -> MessageValue:
        if isinstance(value, Message):
            return self._reworded(value)
        if isinstance(value, Listing):
            return Listing(tuple(self._reworded_value(item) for item in value.items))
        if isinstance(value, str):
            return in_current_words(value, self.players, self._shown)
        return value


NO_NAMES = DisplayNames()
"""Every player under the name they were played under (no roster, or it cannot be read)."""


@dataclass
class RosterNames:
    """The roster's current names, read once per screen through ``store`` (``names``: the
    ``name_key`` of every name a roster entry is or was known by, to its current name)."""

    names: dict[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, store: StoreReader) -> RosterNames:
        """The roster's names now; a roster that cannot be read shows every game as played
        (the names are a comfort: never let them keep a game from opening)."""
        try:
            return cls(current_names(store.roster(), ()))
        except (StoreError, ScorepadError) as problem:
            log.warning("the roster cannot be read; games show the names played under: %s", problem)
            return cls()

    def for_game(self, players: Iterable[str]) -> DisplayNames:
        """One game's players as they are shown now."""
        if not self.names:
            return NO_NAMES
        return DisplayNames.of(players, self.names)
