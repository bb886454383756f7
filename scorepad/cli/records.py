"""Commands over the records of many games: stats and the ledger (who owes whom)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Collection, Sequence
from datetime import date, datetime

from scorepad.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    CommandError,
    open_the_store,
    print_json,
    variant_called,
)
from scorepad.engine import (
    DayError,
    GameResults,
    ScorepadError,
    leaderboard,
    ledger_of,
    not_settled_text,
    parse_day,
    quoted,
    shown,
    why_not_settled,
)
from scorepad.store import Store, StoreError


def command_stats(args: argparse.Namespace) -> int:
    """The all-time leaderboard (of one variant, from a day on): each player's games, wins,
    bids made and money, ranked by wins, then win rate, then money; under their current
    roster names."""
    since = day_option("--since", args.since)
    min_games = games_minimum(args.min_games)
    store = open_the_store(args)
    try:
        variant = None if args.variant is None else played_variant(store, args.variant)
        # summed from the catalogue's rows, under current names (no model per game); only the
        # JSON shows bid accuracy by hand size, so only it pays for adding those up. Everyone
        # is asked for, so that those with too few games can be named as not yet ranked.
        every = store.player_stats(variant=variant, since=since, hands=args.json)
        players = leaderboard(every, min_games=min_games)
        symbol = store.settings().currency_symbol
    except (StoreError, ScorepadError) as exc:
        raise CommandError(str(exc)) from None
    unranked = [player.name for player in every if player.games < min_games]
    if args.json:
        ranked = [player.model_dump(mode="json") for player in players]
        print_json({"players": ranked, "unranked": unranked})
        return EXIT_OK
    if not every:
        print(no_records_line(variant, since))
        return EXIT_OK
    from scorepad.report import render_leaderboard, unranked_line  # rich: text reports only

    if players:
        print(render_leaderboard(players, symbol), end="")
    else:
        print(f"nobody is ranked yet: a player needs {min_games} games (see --min-games)")
    if unranked:
        print(unranked_line(unranked, min_games), end="")
    return EXIT_OK


def command_ledger(args: argparse.Namespace) -> int:
    """Each player's net over the finished stake games picked (by id, or by days), and the
    fewest payments that settle it."""
    since = day_option("--since", args.since)
    until = day_option("--until", args.until)
    if since is not None and until is not None and since > until:
        raise CommandError(
            f"--since {since.isoformat()} is after --until {until.isoformat()}; "
            "give the earlier day first"
        )
    store = open_the_store(args)
    try:
        picked = list(dict.fromkeys(store.resolve_game_id(text) for text in args.games))
        games = store.game_results(since=since, until=until, game_ids=picked or None)
        # a game named but outside the days is refused by name, not dropped without a word
        named = store.game_results(game_ids=picked) if picked and (since or until) else games
        ledger = ledger_of(games, names=store.current_names())
        symbol = store.settings().currency_symbol
    except (StoreError, ScorepadError) as exc:
        raise CommandError(str(exc)) from None
    in_range = {game.game_id for game in games}
    if picked:
        refused = {  # in the order they were named
            game.game_id: why
            for game in sorted(named, key=lambda game: picked.index(game.game_id))
            if (why := not_settled_because(game, in_range, since, until)) is not None
        }
        for game_id, why in refused.items():
            print(f"scorepad: not in the ledger: game {game_id} ({why})", file=sys.stderr)
        if len(refused) == len(named):  # nothing named can be settled: that is no ledger
            return EXIT_INVALID
    if args.json:
        transfers = [payment.model_dump(mode="json", by_alias=True) for payment in ledger.transfers]
        print_json({"balances": dict(ledger.balances), "transfers": transfers})
        return EXIT_OK
    from scorepad.report import render_ledger  # rich is only loaded for the text reports

    settled = [game for game in games if settles(game)]
    if picked:
        settled.sort(key=lambda game: picked.index(game.game_id))  # as named
    if settled:
        print(settled_line(settled, named_ids=bool(picked)))
    left_out = not_settled_text(
        reason for game in games if (reason := why_not_settled(game)) is not None
    )
    if not picked and left_out is not None:
        print(left_out)
    print(render_ledger(ledger, symbol), end="")
    return EXIT_OK


def settles(game: GameResults) -> bool:
    """Whether the ledger settles ``game``: a finished game played for a stake."""
    return why_not_settled(game) is None


def not_settled_because(
    game: GameResults, in_range: Collection[str], since: date | None, until: date | None
) -> str | None:
    """Why a game named to ``scorepad ledger`` is not settled (its state first: an unfinished
    game would not count on any day), or ``None`` when it is."""
    reason = why_not_settled(game)
    if reason is not None:
        return reason
    if game.game_id not in in_range:
        day = local_day(game.played_on)
        if since is not None and day < since:
            return f"started {day.isoformat()}, before --since {since.isoformat()}"
        if until is not None:
            return f"started {day.isoformat()}, after --until {until.isoformat()}"
        return f"started {day.isoformat()}, outside the days asked for"
    return None


def local_day(when: datetime) -> date:
    """The day a game started on this computer's calendar, as ``--since``/``--until`` pick."""
    return when.astimezone().date()


def settled_line(games: Sequence[GameResults], *, named_ids: bool) -> str:
    """Which games a ledger settles: "3 games from 2026-11-20 to 2026-11-25", "1 game on
    2026-06-01", and their ids when they were named one by one."""
    days = sorted({local_day(game.played_on) for game in games})
    when = f"on {days[0]}" if len(days) == 1 else f"from {days[0]} to {days[-1]}"
    line = f"{len(games)} game{'' if len(games) == 1 else 's'} {when}"
    return f"{line}: {', '.join(game.game_id for game in games)}" if named_ids else line


def day_option(option: str, text: str | None) -> date | None:
    """A day given as YYYY-MM-DD (a day of this computer's calendar), or ``None``; read by
    the engine's one reader of days, so the app's date fields say the same."""
    if text is None:
        return None
    try:
        return parse_day(text)
    except DayError as exc:
        raise CommandError(f"{option}: {exc}") from None


def games_minimum(text: str) -> int:
    """``--min-games``: a whole number, 0 or more."""
    if not text.strip().isdigit() or len(text.strip()) > 6:
        raise CommandError(f"--min-games must be a whole number, 0 or more, not {quoted(text)}")
    return int(text.strip())


def played_variant(store: Store, name: str) -> str:
    """The variant ``name`` means (see :func:`variant_called`): a preset, a saved house rule,
    or one a stored game was played with."""
    known = [saved.name for saved in store.saved_variants()]
    known += [summary.variant for summary in store.list_games() if summary.variant != "?"]
    return variant_called(name, known)


def no_records_line(variant: str | None, since: date | None) -> str:
    """What an empty leaderboard says: which games it looked for."""
    what = "no finished or abandoned games"
    if variant is not None:
        what += f" of {shown(variant)}"
    if since is not None:
        what += f" since {since.isoformat()}"
    return what
