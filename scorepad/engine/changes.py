"""What a correction changed, in words: after an earlier round is edited or deleted everything
after it is re-derived, and the table deserves to see which scores moved, and also what was
corrected when no score moved (a bid fixed from 0 to 2 that was missed either way)."""

from __future__ import annotations

from scorepad.engine.cards import Suit, suit_name
from scorepad.engine.message import DOLLAR, Listing, Message, Money
from scorepad.engine.sheet import RoundResult, ScoreSheet


def _turned_name(suit: Suit | None) -> Message:
    return suit_name(suit) if suit is not None else Message("nothing")


def _trump_name(result: RoundResult) -> Message:
    return suit_name(result.trump) if result.trump else Message("no trump")


def _entry_changes(old: RoundResult, new: RoundResult, players: tuple[str, ...]) -> list[Message]:
    """What the table typed differently: the turned suit, each bid and each trick count.

    Named separately from the points because a correction can change what was entered without
    moving a single score, and the table must still see that its fix was taken."""
    lines: list[Message] = []
    number = new.number
    if old.turned != new.turned and (old.turned, new.turned) != (old.trump, new.trump):
        lines.append(
            Message(
                "round {round}: turned {was} → {now}",
                round=number,
                was=_turned_name(old.turned),
                now=_turned_name(new.turned),
            )
        )
    if old.trump != new.trump:
        lines.append(_trump_change(number, old, new))
    for player in players:
        bid_was, bid_now = old.bids.get(player), new.bids.get(player)
        if bid_was != bid_now:
            lines.append(
                Message(
                    "round {round}: {player}'s bid {was} → {now}",
                    round=number,
                    player=player,
                    was=_value(bid_was),
                    now=_value(bid_now),
                )
            )
        took_was, took_now = old.tricks.get(player), new.tricks.get(player)
        if took_was != took_now:
            lines.append(
                Message(
                    "round {round}: {player} took {was} → {now}",
                    round=number,
                    player=player,
                    was=_value(took_was),
                    now=_value(took_now),
                )
            )
    return lines


def _trump_change(number: int, old: RoundResult, new: RoundResult) -> Message:
    return Message(
        "round {round}: trump {was} → {now}",
        round=number,
        was=_trump_name(old),
        now=_trump_name(new),
    )


def _value(value: int | None) -> int | str:
    """A number on the sheet, or a dash where the player had none (not at the table yet, or
    not dealt in)."""
    return "–" if value is None else value


def _money_changes(before: ScoreSheet, after: ScoreSheet, symbol: str = DOLLAR) -> list[Message]:
    """In a game played for a stake, each player whose sets moved, with what the sets cost
    (in the table's currency ``symbol``): a corrected set is money changing hands, and the
    table checks the money first.

    >>> from scorepad.engine.game import Game
    >>> from scorepad.engine.record import RoundRecord
    >>> game = Game.start("golf", ["Ann", "Bob"], first_dealer="Bob", stake_cents=10)
    >>> made = game.record_round(RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 0},
    ...     tricks={"Ann": 0, "Bob": 1}))
    >>> set_too = made.replace_round(1, RoundRecord(turned="clubs", bids={"Ann": 1, "Bob": 1},
    ...     tricks={"Ann": 0, "Bob": 1}))
    >>> for line in _money_changes(made.sheet, set_too.sheet):
    ...     print(line)
    Ann: sets 0 → 1, 0¢ → 10¢
    Bob: sets 1 → 0, 10¢ → 0¢
    >>> print(_money_changes(made.sheet, set_too.sheet, "€")[0])
    Ann: sets 0 → 1, €0.00 → €0.10

    Without a stake a set costs nothing, and the points and totals say it all:

    >>> plain = Game.start("mormon-bridge", ["Ann", "Bob"])
    >>> _money_changes(plain.sheet, plain.record_round(RoundRecord(turned="hearts",
    ...     bids={"Ann": 5, "Bob": 4}, tricks={"Ann": 5, "Bob": 5})).sheet)
    []
    """
    stake = after.stake_cents
    if stake is None:
        return []
    lines: list[Message] = []
    for player in after.players:
        was, now = before.sets.get(player, 0), after.sets[player]
        if was != now:
            lines.append(
                Message(
                    "{player}: sets {was} → {now}, {cost_was} → {cost_now}",
                    player=player,
                    was=was,
                    now=now,
                    cost_was=Money(was * stake, symbol),
                    cost_now=Money(now * stake, symbol),
                )
            )
    return lines + _settlement_changes(before, after, symbol)


def _settled(cents: int, symbol: str) -> Message:
    """A player's end of the settlement, as the leaderboard shows it."""
    if cents > 0:
        return Message("collects {amount}", amount=Money(cents, symbol))
    if cents:
        return Message("pays {amount}", amount=Money(-cents, symbol))
    return Message("pays nothing")


def _settlement_changes(
    before: ScoreSheet, after: ScoreSheet, symbol: str = DOLLAR
) -> list[Message]:
    """Once a game with a stake is won, what each player pays or collects, where a correction
    moved it (a correction can move the money without moving anyone's sets: a new winner).

    >>> from scorepad.engine.game import Game
    >>> from scorepad.engine.presets import GOLF
    >>> from scorepad.engine.record import RoundRecord
    >>> rules = GOLF.with_changes(name="Short Golf", hand_sizes=(1, 1, 1))
    >>> game = Game.start(rules, ["Ann", "Bob"], first_dealer="Bob", stake_cents=10)
    >>> def played(sets: str) -> RoundRecord:
    ...     return RoundRecord(turned="clubs", bids={"Ann": 0, "Bob": 0},
    ...         tricks={"Ann": int(sets == "Ann"), "Bob": int(sets == "Bob")})
    >>> for set_player in ("Ann", "Bob", "Ann"):
    ...     game = game.record_round(played(set_player))
    >>> fixed = game.replace_round(2, played("Ann"))
    >>> for line in _settlement_changes(game.sheet, fixed.sheet):
    ...     print(line)
    Ann: collects 10¢ → pays nothing
    Bob: pays 10¢ → pays nothing
    """
    was, now = before.money_at_end(), after.money_at_end()
    if was is None or now is None:
        return []
    return [
        Message(
            "{player}: {was} → {now}",
            player=player,
            was=_settled(was.get(player, 0), symbol),
            now=_settled(now[player], symbol),
        )
        for player in after.players
        if was.get(player, 0) != now[player]
    ]


def describe_changes(before: ScoreSheet, after: ScoreSheet, symbol: str = DOLLAR) -> list[Message]:
    """Lines such as ``"round 2: Bob 1 → 11 points"`` and ``"Bob's total 20 → 30"`` (money,
    in a game played for a stake, in the table's currency ``symbol``).

    What was corrected comes first, then the points and totals it moved:

    >>> from scorepad.engine.game import Game
    >>> from scorepad.engine.record import RoundRecord
    >>> game = Game.start("mormon-bridge", ["Ann", "Bob"]).record_round(RoundRecord(
    ...     turned="hearts", bids={"Ann": 5, "Bob": 4}, tricks={"Ann": 5, "Bob": 5}))
    >>> fixed = game.replace_round(1, RoundRecord(
    ...     turned="hearts", bids={"Ann": 5, "Bob": 5}, tricks={"Ann": 5, "Bob": 5}))
    >>> for line in describe_changes(game.sheet, fixed.sheet):
    ...     print(line)
    round 1: Bob's bid 4 → 5
    round 1: Bob 5 → 15 points
    Bob's total 5 → 15
    leading: Ann → Ann, Bob

    A fix that moves no score still says what it fixed, never "nothing changed":

    >>> missed = game.replace_round(1, RoundRecord(
    ...     turned="hearts", bids={"Ann": 5, "Bob": 3}, tricks={"Ann": 5, "Bob": 5}))
    >>> [str(line) for line in describe_changes(game.sheet, missed.sheet)]
    ["round 1: Bob's bid 4 → 3", 'no totals changed']

    A changed trump is named too (the turned suit only when it says something more):

    >>> spades = game.replace_round(1, RoundRecord(
    ...     turned="spades", bids={"Ann": 5, "Bob": 4}, tricks={"Ann": 5, "Bob": 5}))
    >>> [str(line) for line in describe_changes(game.sheet, spades.sheet)]
    ['round 1: trump hearts → spades', 'no totals changed']

    A player who was not at the table in a round has a dash there, never a failure (Cat
    joined after round 1; round 1 corrected, then her start):

    >>> from scorepad.engine.table_changes import Join
    >>> joined = game.record_change(Join(after=1, player="Cat", left_of="Bob"))
    >>> corrected = joined.replace_round(1, fixed.record.rounds[0])
    >>> lines = describe_changes(joined.sheet, corrected.sheet)
    >>> [str(line) for line in lines[:2]]
    ["round 1: Bob's bid 4 → 5", 'round 1: Bob 5 → 15 points']
    >>> describe_changes(joined.sheet, joined.replace_change(0, Join(
    ...     after=1, player="Cat", left_of="Bob", starting=0)).sheet)
    [Message("Cat's total 5 → 0")]
    """
    lines: list[Message] = []
    # After a deletion the later rounds move up a line: comparing their entries with the
    # rounds that used to stand there would list edits nobody made, so only the points speak.
    corrected = len(before.rounds) == len(after.rounds)
    for old, new in zip(before.rounds, after.rounds, strict=False):
        if corrected:
            lines += _entry_changes(old, new, after.players)
        elif old.trump != new.trump:
            lines.append(_trump_change(new.number, old, new))
        for player in after.players:
            points_were, points_now = old.points.get(player), new.points.get(player)
            if points_were != points_now:
                lines.append(
                    Message(
                        "round {round}: {player} {was} → {now} points",
                        round=new.number,
                        player=player,
                        was=_value(points_were),
                        now=_value(points_now),
                    )
                )
    if len(before.rounds) != len(after.rounds):
        lines.append(
            Message("rounds recorded {was} → {now}", was=len(before.rounds), now=len(after.rounds))
        )
    totals_moved = False
    for player in after.players:
        old_total, new_total = before.totals.get(player), after.totals.get(player)
        if old_total != new_total:
            totals_moved = True
            lines.append(
                Message(
                    "{player}'s total {was} → {now}",
                    player=player,
                    was=_value(old_total),
                    now=_value(new_total),
                )
            )
    lines += _money_changes(before, after, symbol)
    if before.leaders != after.leaders and after.leaders:
        leading = Listing(after.leaders)
        if before.leaders:
            lines.append(
                Message("leading: {was} → {now}", was=Listing(before.leaders), now=leading)
            )
        else:
            lines.append(Message("leading: nobody → {now}", now=leading))
    if lines and not totals_moved:
        lines.append(Message("no totals changed"))
    return lines
