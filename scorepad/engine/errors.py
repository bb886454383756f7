"""Typed errors of the rules engine.

Every error is a ``ValueError`` so that callers who only care that *something* was wrong can
catch one thing, while the app can catch a precise subclass and point at the exact place (the
round, the player, the setting) where the table went wrong. Messages quote the bad input and
name the rule, because the message is what a player reads at the card table.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorepad.engine.text import escape_char, quoted, shown


class ScorepadError(ValueError):
    """Base class of every rule or input error the engine raises.

    The message is always one line with nothing invisible in it: names and keys from a record
    are quoted with their control characters escaped (see :mod:`scorepad.engine.text`), and as
    a last guard the whole message is escaped too, so no input can split an error in two.
    """

    def __init__(self, message: str = "") -> None:
        super().__init__(shown(message))


# --- Variants -------------------------------------------------------------------------------


class UnknownVariantError(ScorepadError):
    """A variant name that is neither a preset nor a saved custom variant."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        self.name = name
        super().__init__(f"unknown variant {quoted(name)}; the presets are {', '.join(known)}")


class VariantSettingError(ScorepadError):
    """A custom variant whose settings are impossible or contradict each other."""

    def __init__(self, setting: str, reason: str) -> None:
        self.setting = setting
        self.reason = reason
        super().__init__(f"{setting}: {reason}")


# --- Players and game set-up ----------------------------------------------------------------


class PlayerError(ScorepadError):
    """A problem with the list of players."""


class EmptyNameError(PlayerError):
    def __init__(self, position: int) -> None:
        self.position = position
        super().__init__(f"player {position} has no name; every player needs one")


class DuplicateNameError(PlayerError):
    def __init__(self, name: str, first: str) -> None:
        self.name = name
        same = "" if name == first else f" (same as {quoted(first)}, ignoring case)"
        super().__init__(f"two players are called {quoted(name)}{same}; names must be unique")


class NameCharacterError(PlayerError):
    """A name with a control or invisible character (newline, tab, zero-width, bidi control):
    it would break lines on the pad or make two names look alike."""

    def __init__(self, name: str, character: str) -> None:
        self.name = name
        self.character = character
        super().__init__(
            f"the name {quoted(name)} contains the control or invisible character "
            f"{escape_char(character)}; use letters, digits, spaces and punctuation"
        )


class NameTooLongError(PlayerError):
    def __init__(self, name: str, limit: int) -> None:
        self.name = name
        self.limit = limit
        super().__init__(
            f"the name {quoted(name, limit=20)} is {len(name)} characters long; "
            f"a name has at most {limit}"
        )


class PlayerCountError(PlayerError):
    def __init__(self, variant_name: str, count: int, minimum: int, maximum: int) -> None:
        self.count = count
        self.minimum = minimum
        self.maximum = maximum
        need = f"exactly {minimum}" if minimum == maximum else f"{minimum} to {maximum}"
        super().__init__(f"{shown(variant_name)} needs {need} players, not {count}")


class UnknownPlayerError(PlayerError):
    def __init__(self, name: str, role: str, players: tuple[str, ...]) -> None:
        self.name = name
        super().__init__(
            f"{role} {quoted(name)} is not one of the players ({', '.join(map(shown, players))})"
        )


class StakeError(ScorepadError):
    def __init__(self, variant_name: str, stake_cents: int) -> None:
        self.stake_cents = stake_cents
        super().__init__(
            f"stake_cents: {variant_name} has no payouts, so a stake of {stake_cents} cents "
            "means nothing; leave it out or use a variant with a stake"
        )


class StakeRangeError(StakeError):
    """A stake below nothing or above the most a table may play for."""

    def __init__(self, stake_cents: int, limit_cents: int) -> None:
        self.stake_cents = stake_cents
        self.limit_cents = limit_cents
        ScorepadError.__init__(
            self,
            f"a stake of {stake_cents} cents is out of range (0 to ${limit_cents // 100})",
        )


# --- Rounds ---------------------------------------------------------------------------------


class RoundError(ScorepadError):
    """A recorded (or in-progress) round that breaks a rule. Knows where it happened."""

    def __init__(self, round_number: int, message: str, player: str | None = None) -> None:
        self.round_number = round_number
        self.player = player
        super().__init__(f"round {round_number}: {message}")


class TooManyRoundsError(RoundError):
    def __init__(self, round_number: int, variant_name: str, players: int, rounds: int) -> None:
        super().__init__(
            round_number,
            f"{variant_name} with {players} players has only {rounds} rounds",
        )


class MissingEntryError(RoundError):
    """A bid or trick count missing for a player."""

    def __init__(self, round_number: int, what: str, player: str) -> None:
        self.what = what
        super().__init__(round_number, f"no {what} recorded for {player}", player)


class StrangerError(RoundError):
    """A bid or trick count recorded for someone who is not playing."""

    def __init__(self, round_number: int, what: str, name: str, players: tuple[str, ...]) -> None:
        self.what = what
        super().__init__(
            round_number,
            f"{what} recorded for {quoted(name)}, who is not playing "
            f"({', '.join(map(shown, players))})",
            name,
        )


class DuplicateEntryError(RoundError):
    """Two keys of one round's bids (or tricks) that name the same player, such as "Ann" and
    "ann": scorepad will not guess which one the scorekeeper meant."""

    def __init__(self, round_number: int, what: str, player: str, keys: tuple[str, str]) -> None:
        self.what = what
        super().__init__(
            round_number,
            f"{what} recorded twice for {shown(player)} (as {quoted(keys[0])} and "
            f"{quoted(keys[1])}); names are compared ignoring case and surrounding spaces",
            player,
        )


class BidRangeError(RoundError):
    def __init__(self, round_number: int, player: str, bid: int, cards: int) -> None:
        self.bid = bid
        super().__init__(
            round_number,
            f"{player} bid {bid}, but a bid in a {cards}-card round is 0 to {cards}",
            player,
        )


class TricksRangeError(RoundError):
    def __init__(self, round_number: int, player: str, tricks: int, cards: int) -> None:
        self.tricks = tricks
        super().__init__(
            round_number,
            f"{player} took {tricks} tricks, but a {cards}-card round has 0 to {cards}",
            player,
        )


class TricksSumError(RoundError):
    def __init__(self, round_number: int, total: int, cards: int) -> None:
        self.total = total
        self.cards = cards
        trick_s = "trick" if cards == 1 else "tricks"
        super().__init__(
            round_number,
            f"the tricks taken add up to {total}, but a {cards}-card round has exactly "
            f"{cards} {trick_s}",
        )


class HookError(RoundError):
    """The dealer bid the one number the hook forbids."""

    def __init__(self, round_number: int, dealer: str, bid: int, cards: int) -> None:
        self.bid = bid
        super().__init__(
            round_number,
            f"{dealer} deals and may not bid {bid}: the bids would add up to {cards}, "
            "the number of tricks (the hook)",
            dealer,
        )


class BidOrderError(RoundError):
    """A bid entered out of turn in a variant that bids one by one."""

    def __init__(self, round_number: int, player: str, expected: str) -> None:
        self.expected = expected
        super().__init__(round_number, f"it is {expected}'s turn to bid, not {player}'s", player)


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

    def __init__(self, round_number: int, player: str, value: int, reason: str) -> None:
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
            f"a trick marked for {quoted(name)}, who is not playing "
            f"({', '.join(map(shown, players))}); tap the player who took it",
            name,
        )


class AllTricksMarkedError(TallyError):
    """More tricks marked than the round has: every trick has its winner already."""

    def __init__(self, round_number: int, marked: int, cards: int, player: str | None) -> None:
        self.marked = marked
        self.cards = cards
        trick_s = "trick" if cards == 1 else "tricks"
        who = f"{shown(player)} cannot take trick {marked + 1}: " if player else ""
        super().__init__(
            round_number,
            f"{who}{marked} tricks are marked and a {cards}-card round has only {cards} "
            f"{trick_s}; undo the last trick to change one",
            player,
        )


class NoTrickToUndoError(TallyError):
    """ "Undo last trick" with no trick marked."""

    def __init__(self, round_number: int) -> None:
        super().__init__(round_number, "no trick is marked yet, so there is none to undo")


class TallyModeError(TallyError):
    """Switching between counting the tricks at the end and marking them as they fall when
    that would lose what was entered, or where the tricks cannot be marked."""


# --- Game state -----------------------------------------------------------------------------


class GameOverError(ScorepadError):
    """A change asked of a game that is finished or abandoned."""


class RoundNotFoundError(ScorepadError):
    def __init__(self, round_number: int, rounds_played: int) -> None:
        self.round_number = round_number
        played = "no rounds are" if rounds_played == 0 else f"rounds 1 to {rounds_played} are"
        super().__init__(f"there is no round {round_number}: {played} recorded")


class RoundShiftError(ScorepadError):
    """Deleting a round would move later rounds into places whose deal they do not fit."""

    def __init__(self, round_number: int, problem: RoundError) -> None:
        self.round_number = round_number
        self.problem = problem
        place = problem.round_number
        why = str(problem).removeprefix(f"round {place}: ")
        super().__init__(
            f"round {round_number} cannot be deleted: the rounds after it would move up one "
            f"place, and round {place + 1} would not fit as round {place} ({why}); correct "
            f"round {round_number} instead"
        )


class RoundInsertError(ScorepadError):
    """Putting a round back would move later rounds into places whose deal they do not fit."""

    def __init__(self, round_number: int, problem: RoundError) -> None:
        self.round_number = round_number
        self.problem = problem
        super().__init__(
            f"round {round_number} cannot be put back: the rounds from there on would move "
            f"down one place and no longer fit ({problem})"
        )


class NotAbandonedError(ScorepadError):
    """Continuing a game that was never ended early."""

    def __init__(self, status: str) -> None:
        self.status = status
        super().__init__(
            f"the game is {status.replace('_', ' ')}, not ended early: there is nothing to continue"
        )


class RecordFormatError(ScorepadError):
    """A game record (JSON) whose shape is wrong: missing fields, wrong types, bad JSON."""


class NotJsonError(RecordFormatError):
    """Text that is not JSON at all (or not text): not a record of any shape, so a screen
    that takes files can say "not JSON" rather than name a field."""


class GameLinkError(ScorepadError):
    """A game link (``…#game=…``) that holds no record: cut short, mistyped, or not a link
    any scorepad made. The message says which, in words a player can act on."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"this link holds no game: {reason}")


class GameLinkTooLongError(GameLinkError):
    def __init__(self, length: int, limit: int) -> None:
        self.length = length
        super().__init__(
            f"it is {length:,} characters long, more than any game's link (at most {limit:,})"
        )


class GameLinkVersionError(GameLinkError):
    """A link in a form this scorepad does not know: a newer scorepad made it."""

    def __init__(self, version: str) -> None:
        self.version = version
        super().__init__(
            f"it is in form {quoted(version)}, which a newer scorepad makes; update scorepad "
            "to open it"
        )


# --- Records: stats and the money ledger over many games -------------------------------------


class RecordsError(ScorepadError):
    """Stats or a money ledger asked of games that cannot give one."""


class DuplicateGameError(RecordsError):
    """One game given twice: it would count twice in every total."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        super().__init__(f"game {quoted(game_id)} is listed twice; each game counts once")


class DayError(RecordsError):
    """Text that names no day, where records are picked by the day a game started: not
    written YYYY-MM-DD, or a day the calendar lacks (see :func:`scorepad.engine.parse_day`).
    The message says which, quoting the text."""


class MinGamesError(RecordsError):
    """A leaderboard asked to keep players with fewer than no games."""

    def __init__(self, min_games: int) -> None:
        self.min_games = min_games
        super().__init__(f"a minimum of {min_games} games makes no sense; use 0 or more")


class UnbalancedGameError(RecordsError):
    """A finished game with a stake whose money does not add up: somebody's cents are missing
    or made up, so no ledger built on it could balance."""

    def __init__(self, game_id: str, reason: str) -> None:
        self.game_id = game_id
        self.reason = reason
        super().__init__(
            f"game {quoted(game_id)} cannot go in the ledger: {reason}; "
            "open the game to re-save it, or leave it out"
        )


class UnbalancedLedgerError(RecordsError):
    """Balances to settle that do not add up to zero: no set of payments can settle them."""

    def __init__(self, balances: Mapping[str, int]) -> None:
        self.balances = dict(balances)
        self.total = sum(self.balances.values())
        entries = [f"{quoted(name)} {cents}" for name, cents in self.balances.items()]
        listed = ", ".join(entries[:8]) + (f" and {len(entries) - 8} more" if entries[8:] else "")
        super().__init__(
            f"the balances add up to {self.total} cents, not 0 ({listed}); "
            "what some pay must equal what the others collect"
        )
