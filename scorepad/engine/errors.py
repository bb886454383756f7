"""Typed errors of the rules engine.

Every error is a ``ValueError`` so that callers who only care that *something* was wrong can
catch one thing, while the app can catch a precise subclass and point at the exact place (the
round, the player, the setting) where the table went wrong. Messages quote the bad input and
name the rule, because the message is what a player reads at the card table.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorepad.engine.message import Listing, Message
from scorepad.engine.text import escape_char, quoted, shown


class ScorepadError(ValueError):
    """Base class of every rule or input error the engine raises.

    The message is always one line with nothing invisible in it: names and keys from a record
    are quoted with their control characters escaped (see :mod:`scorepad.engine.text`), and as
    a last guard the whole message is escaped too, so no input can split an error in two.
    """

    said: Message
    """The sentence as data (its English text and named values), so the app and the CLI say
    it in the reader's language; ``str()`` of the error is the English."""

    def __init__(self, message: str | Message = "") -> None:
        self.said = message if isinstance(message, Message) else Message(_LITERAL, text=message)
        super().__init__(shown(str(self.said)))


_LITERAL = "{text}"
"""The message of an error whose text is not (yet) a catalogue sentence: said as it is."""


# --- Variants -------------------------------------------------------------------------------


class UnknownVariantError(ScorepadError):
    """A variant name that is neither a preset nor a saved custom variant."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        self.name = name
        super().__init__(
            Message(
                "unknown variant {name}; the presets are {presets}",
                name=quoted(name),
                presets=Listing(known),
            )
        )


class VariantSettingError(ScorepadError):
    """A custom variant whose settings are impossible or contradict each other."""

    def __init__(self, setting: str, reason: str | Message) -> None:
        self.setting = setting
        self.reason = reason
        super().__init__(Message("{setting}: {reason}", setting=setting, reason=reason))


# --- Players and game set-up ----------------------------------------------------------------


class PlayerError(ScorepadError):
    """A problem with the list of players."""


class EmptyNameError(PlayerError):
    def __init__(self, position: int) -> None:
        self.position = position
        super().__init__(
            Message("player {position} has no name; every player needs one", position=position)
        )


class DuplicateNameError(PlayerError):
    def __init__(self, name: str, first: str) -> None:
        self.name = name
        if name == first:
            said = Message("two players are called {name}; names must be unique", name=quoted(name))
        else:
            said = Message(
                "two players are called {name} (same as {first}, ignoring case); names must be "
                "unique",
                name=quoted(name),
                first=quoted(first),
            )
        super().__init__(said)


class NameCharacterError(PlayerError):
    """A name with a control or invisible character (newline, tab, zero-width, bidi control):
    it would break lines on the pad or make two names look alike."""

    def __init__(self, name: str, character: str) -> None:
        self.name = name
        self.character = character
        super().__init__(
            Message(
                "the name {name} contains the control or invisible character {character}; "
                "use letters, digits, spaces and punctuation",
                name=quoted(name),
                character=escape_char(character),
            )
        )


class NameTooLongError(PlayerError):
    def __init__(self, name: str, limit: int) -> None:
        self.name = name
        self.limit = limit
        super().__init__(
            Message(
                "the name {name} is {length} characters long; a name has at most {limit}",
                name=quoted(name, limit=20),
                length=len(name),
                limit=limit,
            )
        )


class PlayerCountError(PlayerError):
    def __init__(self, variant_name: str, count: int, minimum: int, maximum: int) -> None:
        self.count = count
        self.minimum = minimum
        self.maximum = maximum
        if minimum == maximum:
            said = Message(
                "{variant} needs exactly {minimum} players, not {count}",
                variant=shown(variant_name),
                minimum=minimum,
                count=count,
            )
        else:
            said = Message(
                "{variant} needs {minimum} to {maximum} players, not {count}",
                variant=shown(variant_name),
                minimum=minimum,
                maximum=maximum,
                count=count,
            )
        super().__init__(said)


class UnknownPlayerError(PlayerError):
    def __init__(self, name: str, role: str, players: tuple[str, ...]) -> None:
        self.name = name
        listed = Listing(tuple(map(shown, players)))
        if role == "first dealer":
            said = Message(
                "first dealer {name} is not one of the players ({players})",
                name=quoted(name),
                players=listed,
            )
        else:  # a role the engine does not name itself: said as the caller wrote it
            said = Message(
                "{role} {name} is not one of the players ({players})",
                role=role,
                name=quoted(name),
                players=listed,
            )
        super().__init__(said)


class StartingTotalError(PlayerError):
    """A total carried in from another evening that cannot be: for someone who does not start
    the game, given twice, or beyond the most an adjustment may be (RULINGS.md, "House rules":
    starting totals). ``name`` is the key as the record wrote it."""

    def __init__(self, name: str, reason: str | Message) -> None:
        self.name = name
        self.reason = reason
        super().__init__(
            Message("starting total for {name}: {reason}", name=quoted(name), reason=reason)
        )


class StakeError(ScorepadError):
    def __init__(self, variant_name: str, stake_cents: int) -> None:
        self.stake_cents = stake_cents
        super().__init__(
            Message(
                "stake_cents: {variant} has no payouts, so a stake of {cents} cents means "
                "nothing; leave it out or use a variant with a stake",
                variant=shown(variant_name),
                cents=stake_cents,
            )
        )


class StakeRangeError(StakeError):
    """A stake below nothing or above the most a table may play for."""

    def __init__(self, stake_cents: int, limit_cents: int) -> None:
        self.stake_cents = stake_cents
        self.limit_cents = limit_cents
        ScorepadError.__init__(
            self,
            Message(
                "a stake of {cents} cents is out of range (0 to ${dollars})",
                cents=stake_cents,
                dollars=limit_cents // 100,
            ),
        )


# --- Rounds ---------------------------------------------------------------------------------


class RoundError(ScorepadError):
    """A recorded (or in-progress) round that breaks a rule. Knows where it happened.

    ``detail`` is what is wrong, without the round ("Ann bid 4, but ..."): a message that
    names the round its own way says that.
    """

    def __init__(
        self, round_number: int, message: str | Message, player: str | None = None
    ) -> None:
        self.round_number = round_number
        self.player = player
        self.detail = message
        super().__init__(Message("round {round}: {problem}", round=round_number, problem=message))


class TooManyRoundsError(RoundError):
    def __init__(self, round_number: int, variant_name: str, players: int, rounds: int) -> None:
        super().__init__(
            round_number,
            Message(
                "{variant} with {players} players has only {rounds} rounds",
                variant=shown(variant_name),
                players=players,
                rounds=rounds,
            ),
        )


class MissingEntryError(RoundError):
    """A bid or trick count missing for a player."""

    def __init__(self, round_number: int, what: str, player: str) -> None:
        self.what = what
        if what == "bid":
            said = Message("no bid recorded for {player}", player=shown(player))
        elif what == "trick count":
            said = Message("no trick count recorded for {player}", player=shown(player))
        else:  # an entry the engine does not name itself: said as the caller wrote it
            said = Message("no {what} recorded for {player}", what=what, player=shown(player))
        super().__init__(round_number, said, player)


class StrangerError(RoundError):
    """A bid or trick count recorded for someone who is not playing."""

    def __init__(self, round_number: int, what: str, name: str, players: tuple[str, ...]) -> None:
        self.what = what
        listed = Listing(tuple(map(shown, players)))
        if what == "a bid":
            said = Message(
                "a bid recorded for {name}, who is not playing ({players})",
                name=quoted(name),
                players=listed,
            )
        elif what == "tricks":
            said = Message(
                "tricks recorded for {name}, who is not playing ({players})",
                name=quoted(name),
                players=listed,
            )
        elif what == "a trick count":
            said = Message(
                "a trick count recorded for {name}, who is not playing ({players})",
                name=quoted(name),
                players=listed,
            )
        else:  # an entry the engine does not name itself: said as the caller wrote it
            said = Message(
                "{what} recorded for {name}, who is not playing ({players})",
                what=what,
                name=quoted(name),
                players=listed,
            )
        super().__init__(round_number, said, name)


class DuplicateEntryError(RoundError):
    """Two keys of one round's bids (or tricks) that name the same player, such as "Ann" and
    "ann": scorepad will not guess which one the scorekeeper meant."""

    def __init__(self, round_number: int, what: str, player: str, keys: tuple[str, str]) -> None:
        self.what = what
        values: dict[str, str] = {
            "player": shown(player),
            "first": quoted(keys[0]),
            "second": quoted(keys[1]),
        }
        if what == "a bid":
            said = Message(
                "a bid recorded twice for {player} (as {first} and {second}); names are "
                "compared ignoring case and surrounding spaces",
                **values,
            )
        elif what == "a trick count":
            said = Message(
                "a trick count recorded twice for {player} (as {first} and {second}); names "
                "are compared ignoring case and surrounding spaces",
                **values,
            )
        else:  # an entry the engine does not name itself: said as the caller wrote it
            said = Message(
                "{what} recorded twice for {player} (as {first} and {second}); names are "
                "compared ignoring case and surrounding spaces",
                what=what,
                **values,
            )
        super().__init__(round_number, said, player)


class BidRangeError(RoundError):
    def __init__(self, round_number: int, player: str, bid: int, cards: int) -> None:
        self.bid = bid
        super().__init__(
            round_number,
            Message(
                "{player} bid {bid}, but a bid in a {cards}-card round is 0 to {cards}",
                player=shown(player),
                bid=bid,
                cards=cards,
            ),
            player,
        )


class TricksRangeError(RoundError):
    def __init__(self, round_number: int, player: str, tricks: int, cards: int) -> None:
        self.tricks = tricks
        super().__init__(
            round_number,
            Message(
                "{player} took {tricks} tricks, but a {cards}-card round has 0 to {cards}",
                player=shown(player),
                tricks=tricks,
                cards=cards,
            ),
            player,
        )


class TricksSumError(RoundError):
    def __init__(self, round_number: int, total: int, cards: int) -> None:
        self.total = total
        self.cards = cards
        if cards == 1:
            said = Message(
                "the tricks taken add up to {total}, but a {cards}-card round has exactly "
                "{cards} trick",
                total=total,
                cards=cards,
            )
        else:
            said = Message(
                "the tricks taken add up to {total}, but a {cards}-card round has exactly "
                "{cards} tricks",
                total=total,
                cards=cards,
            )
        super().__init__(round_number, said)


class HookError(RoundError):
    """The dealer bid the one number the hook forbids."""

    def __init__(self, round_number: int, dealer: str, bid: int, cards: int) -> None:
        self.bid = bid
        super().__init__(
            round_number,
            Message(
                "{dealer} deals and may not bid {bid}: the bids would add up to {cards}, "
                "the number of tricks (the hook)",
                dealer=shown(dealer),
                bid=bid,
                cards=cards,
            ),
            dealer,
        )


class BidOrderError(RoundError):
    """A bid entered out of turn in a variant that bids one by one."""

    def __init__(self, round_number: int, player: str, expected: str) -> None:
        self.expected = expected
        super().__init__(
            round_number,
            Message(
                "it is {expected}'s turn to bid, not {player}'s",
                expected=shown(expected),
                player=shown(player),
            ),
            player,
        )


class TurnedCardError(RoundError):
    """A turned suit recorded where none can be turned, or missing where one must be."""


# --- Entering a round on the pad -------------------------------------------------------------


class EntryRefusedError(RoundError):
    """A tap on the round being entered that the rules refuse now; the draft stays as it was
    and the message says what to do instead."""


class NoCardToTurnError(EntryRefusedError, TurnedCardError):
    """A turned suit tapped in a round that deals every card."""


class NothingToEnterError(EntryRefusedError):
    """A number tapped when no bid or trick count is waiting for one."""


class PadKeyError(EntryRefusedError):
    """A closed key of the number pad: the hook, more tricks than are left, or out of range."""

    def __init__(self, round_number: int, player: str, value: int, reason: str | Message) -> None:
        self.value = value
        self.reason = reason
        super().__init__(round_number, reason, player)


class SelectionRefusedError(EntryRefusedError):
    """An entry picked for correction that cannot be corrected now (or is worked out)."""


class RoundIncompleteError(EntryRefusedError):
    """A round recorded before everything it needs is entered."""


# --- Marking the tricks as they fall (tally mode) --------------------------------------------


class TallyError(EntryRefusedError):
    """A tap on the tally (the tricks marked one by one as they fall) that the rules refuse
    now; the marks stay as they were."""


class TrickWinnerError(TallyError):
    """A trick marked for someone who is not playing this round."""

    def __init__(self, round_number: int, name: str, players: tuple[str, ...]) -> None:
        self.name = name
        super().__init__(
            round_number,
            Message(
                "a trick marked for {name}, who is not playing ({players}); tap the player "
                "who took it",
                name=quoted(name),
                players=Listing(tuple(map(shown, players))),
            ),
            name,
        )


class AllTricksMarkedError(TallyError):
    """More tricks marked than the round has: every trick has its winner already."""

    def __init__(self, round_number: int, marked: int, cards: int, player: str | None) -> None:
        self.marked = marked
        self.cards = cards
        counts = {"marked": marked, "cards": cards}
        if player and cards == 1:
            said = Message(
                "{player} cannot take trick {trick}: {marked} tricks are marked and a "
                "{cards}-card round has only {cards} trick; undo the last trick to change one",
                player=shown(player),
                trick=marked + 1,
                **counts,
            )
        elif player:
            said = Message(
                "{player} cannot take trick {trick}: {marked} tricks are marked and a "
                "{cards}-card round has only {cards} tricks; undo the last trick to change one",
                player=shown(player),
                trick=marked + 1,
                **counts,
            )
        elif cards == 1:
            said = Message(
                "{marked} tricks are marked and a {cards}-card round has only {cards} trick; "
                "undo the last trick to change one",
                **counts,
            )
        else:
            said = Message(
                "{marked} tricks are marked and a {cards}-card round has only {cards} tricks; "
                "undo the last trick to change one",
                **counts,
            )
        super().__init__(round_number, said, player)


class NoTrickToUndoError(TallyError):
    """ "Undo last trick" with no trick marked."""

    def __init__(self, round_number: int) -> None:
        super().__init__(round_number, Message("no trick is marked yet, so there is none to undo"))


class TallyModeError(TallyError):
    """Switching between counting the tricks at the end and marking them as they fall when
    that would lose what was entered, or where the tricks cannot be marked."""


# --- Game state -----------------------------------------------------------------------------


class GameOverError(ScorepadError):
    """A change asked of a game that is finished or abandoned."""


class RoundNotFoundError(ScorepadError):
    def __init__(self, round_number: int, rounds_played: int) -> None:
        self.round_number = round_number
        if rounds_played == 0:
            said = Message(
                "there is no round {number}: no rounds are recorded", number=round_number
            )
        else:
            said = Message(
                "there is no round {number}: rounds 1 to {played} are recorded",
                number=round_number,
                played=rounds_played,
            )
        super().__init__(said)


class RoundShiftError(ScorepadError):
    """Deleting a round would move later rounds into places whose deal they do not fit."""

    def __init__(self, round_number: int, problem: RoundError) -> None:
        self.round_number = round_number
        self.problem = problem
        place = problem.round_number
        super().__init__(
            Message(
                "round {number} cannot be deleted: the rounds after it would move up one "
                "place, and round {moved} would not fit as round {place} ({why}); correct "
                "round {number} instead",
                number=round_number,
                moved=place + 1,
                place=place,
                why=problem.detail,
            )
        )


class RoundInsertError(ScorepadError):
    """Putting a round back would move later rounds into places whose deal they do not fit."""

    def __init__(self, round_number: int, problem: RoundError) -> None:
        self.round_number = round_number
        self.problem = problem
        super().__init__(
            Message(
                "round {number} cannot be put back: the rounds from there on would move "
                "down one place and no longer fit ({problem})",
                number=round_number,
                problem=problem.said,
            )
        )


class NotAbandonedError(ScorepadError):
    """Continuing a game that was never ended early."""

    def __init__(self, status: str) -> None:
        self.status = status
        if status == "in_progress":
            said = Message("the game is in progress, not ended early: there is nothing to continue")
        elif status == "finished":
            said = Message("the game is finished, not ended early: there is nothing to continue")
        else:  # a status the engine does not name itself: said as the caller wrote it
            said = Message(
                "the game is {status}, not ended early: there is nothing to continue",
                status=status.replace("_", " "),
            )
        super().__init__(said)


class RecordFormatError(ScorepadError):
    """A game record (JSON) whose shape is wrong: missing fields, wrong types, bad JSON."""


class NotJsonError(RecordFormatError):
    """Text that is not JSON at all (or not text): not a record of any shape, so a screen
    that takes files can say "not JSON" rather than name a field."""


class GameLinkError(ScorepadError):
    """A game link (``…#game=…``) that holds no record: cut short, mistyped, or not a link
    any scorepad made. The message says which, in words a player can act on."""

    def __init__(self, reason: str | Message) -> None:
        self.reason = reason
        super().__init__(Message("this link holds no game: {reason}", reason=reason))


class GameLinkTooLongError(GameLinkError):
    def __init__(self, length: int, limit: int) -> None:
        self.length = length
        # written with their thousands commas, as the English has always said them
        length_written, limit_written = f"{length:,}", f"{limit:,}"
        super().__init__(
            Message(
                "it is {length} characters long, more than any game's link (at most {limit})",
                length=length_written,
                limit=limit_written,
            )
        )


class GameLinkVersionError(GameLinkError):
    """A link in a form this scorepad does not know: a newer scorepad made it."""

    def __init__(self, version: str) -> None:
        self.version = version
        super().__init__(
            Message(
                "it is in form {version}, which a newer scorepad makes; update scorepad to open it",
                version=quoted(version),
            )
        )


# --- Records: stats and the money ledger over many games -------------------------------------


class RecordsError(ScorepadError):
    """Stats or a money ledger asked of games that cannot give one."""


class DuplicateGameError(RecordsError):
    """One game given twice: it would count twice in every total."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        super().__init__(
            Message("game {game} is listed twice; each game counts once", game=quoted(game_id))
        )


class DayError(RecordsError):
    """Text that names no day, where records are picked by the day a game started: not
    written YYYY-MM-DD, or a day the calendar lacks (see :func:`scorepad.engine.parse_day`).
    The message says which, quoting the text."""


class MinGamesError(RecordsError):
    """A leaderboard asked to keep players with fewer than no games."""

    def __init__(self, min_games: int) -> None:
        self.min_games = min_games
        super().__init__(
            Message("a minimum of {count} games makes no sense; use 0 or more", count=min_games)
        )


class UnbalancedGameError(RecordsError):
    """A finished game with a stake whose money does not add up: somebody's cents are missing
    or made up, so no ledger built on it could balance."""

    def __init__(self, game_id: str, reason: str | Message) -> None:
        self.game_id = game_id
        self.reason = reason
        super().__init__(
            Message(
                "game {game} cannot go in the ledger: {reason}; open the game to re-save it, "
                "or leave it out",
                game=quoted(game_id),
                reason=reason,
            )
        )


LISTED_BALANCES = 8
"""How many balances an :class:`UnbalancedLedgerError` names before it counts the rest."""


class UnbalancedLedgerError(RecordsError):
    """Balances to settle that do not add up to zero: no set of payments can settle them."""

    def __init__(self, balances: Mapping[str, int]) -> None:
        self.balances = dict(balances)
        self.total = sum(self.balances.values())
        entries = tuple(f"{quoted(name)} {cents}" for name, cents in self.balances.items())
        if len(entries) > LISTED_BALANCES:
            said = Message(
                "the balances add up to {total} cents, not 0 ({balances} and {more} more); "
                "what some pay must equal what the others collect",
                total=self.total,
                balances=Listing(entries[:LISTED_BALANCES]),
                more=len(entries) - LISTED_BALANCES,
            )
        else:
            said = Message(
                "the balances add up to {total} cents, not 0 ({balances}); what some pay "
                "must equal what the others collect",
                total=self.total,
                balances=Listing(entries),
            )
        super().__init__(said)
