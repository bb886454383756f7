"""What a correction changed, in words: after an earlier round is edited or deleted everything
after it is re-derived, and the table deserves to see which scores moved."""

from __future__ import annotations

from scorepad.engine.sheet import RoundResult, ScoreSheet


def _trump_name(result: RoundResult) -> str:
    return result.trump.value if result.trump else "no trump"


def describe_changes(before: ScoreSheet, after: ScoreSheet) -> list[str]:
    """Lines such as ``"round 2: Bob 1 → 11 points"`` and ``"Bob's total 20 → 30"``.

    >>> from scorepad.engine.game import Game
    >>> from scorepad.engine.record import RoundRecord
    >>> game = Game.start("mormon-bridge", ["Ann", "Bob"]).record_round(RoundRecord(
    ...     turned="hearts", bids={"Ann": 5, "Bob": 4}, tricks={"Ann": 5, "Bob": 5}))
    >>> fixed = game.replace_round(1, RoundRecord(
    ...     turned="hearts", bids={"Ann": 5, "Bob": 5}, tricks={"Ann": 5, "Bob": 5}))
    >>> describe_changes(game.sheet, fixed.sheet)
    ['round 1: Bob 5 → 15 points', "Bob's total 5 → 15", 'leading: Ann → Ann, Bob']
    """
    lines: list[str] = []
    for old, new in zip(before.rounds, after.rounds, strict=False):
        if old.trump != new.trump:
            lines.append(f"round {new.number}: trump {_trump_name(old)} → {_trump_name(new)}")
        for player in after.players:
            if old.points.get(player) != new.points[player]:
                lines.append(
                    f"round {new.number}: {player} {old.points.get(player)} → "
                    f"{new.points[player]} points"
                )
    if len(before.rounds) != len(after.rounds):
        lines.append(f"rounds recorded {len(before.rounds)} → {len(after.rounds)}")
    for player in after.players:
        old_total, new_total = before.totals.get(player), after.totals[player]
        if old_total != new_total:
            lines.append(f"{player}'s total {old_total} → {new_total}")
    if before.leaders != after.leaders and after.leaders:
        was = ", ".join(before.leaders) or "nobody"
        lines.append(f"leading: {was} → {', '.join(after.leaders)}")
    return lines
