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
from scorepad.i18n import N_, describe, say, tr, tr_n
from scorepad.store import Store, StoreError

REASON_WORDS = {
    # TRANSLATORS: why a game is not in the ledger: "game 3f2a (in progress)"
    "in progress": N_("in progress"),
    # TRANSLATORS: why a game is not in the ledger: "game 3f2a (ended early)"
    "ended early": N_("ended early"),
    # TRANSLATORS: why a game is not in the ledger: "game 3f2a (without a stake)"
    "without a stake": N_("without a stake"),
}
"""The engine's reasons a game is not settled (``why_not_settled``) in the reader's words."""


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
        raise CommandError(describe(exc)) from None
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
        print(
            tr_n(
                "nobody is ranked yet: a player needs {count} game (see --min-games)",
                "nobody is ranked yet: a player needs {count} games (see --min-games)",
                min_games,
            ).format(count=min_games)
        )
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
            tr("--since {since} is after --until {until}; give the earlier day first").format(
                since=since.isoformat(), until=until.isoformat()
            )
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
        raise CommandError(describe(exc)) from None
    in_range = {game.game_id for game in games}
    if picked:
        refused = {  # in the order they were named
            game.game_id: why
            for game in sorted(named, key=lambda game: picked.index(game.game_id))
            if (why := not_settled_because(game, in_range, since, until)) is not None
        }
        for game_id, why in refused.items():
            said = tr("not in the ledger: game {game} ({reason})").format(game=game_id, reason=why)
            print(f"scorepad: {said}", file=sys.stderr)
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
        print(say(left_out))
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
        return reason_words(reason)
    if game.game_id not in in_range:
        started = local_day(game.played_on)
        day = started.isoformat()
        if since is not None and started < since:
            return tr("started {day}, before --since {since}").format(
                day=day, since=since.isoformat()
            )
        if until is not None:
            return tr("started {day}, after --until {until}").format(
                day=day, until=until.isoformat()
            )
        return tr("started {day}, outside the days asked for").format(day=day)
    return None


def reason_words(reason: str) -> str:
    """One of the engine's reasons a game is not settled, in the reader's words."""
    words = REASON_WORDS.get(reason)
    return say(reason) if words is None else tr(words)


def local_day(when: datetime) -> date:
    """The day a game started on this computer's calendar, as ``--since``/``--until`` pick."""
    return when.astimezone().date()


def settled_line(games: Sequence[GameResults], *, named_ids: bool) -> str:
    """Which games a ledger settles: "3 games from 2026-11-20 to 2026-11-25", "1 game on
    2026-06-01", and their ids when they were named one by one."""
    days = sorted({local_day(game.played_on) for game in games})
    count = len(games)
    if len(days) == 1:
        line = tr_n("{count} game on {day}", "{count} games on {day}", count).format(
            count=count, day=days[0]
        )
    else:
        line = tr_n(
            "{count} game from {first} to {last}", "{count} games from {first} to {last}", count
        ).format(count=count, first=days[0], last=days[-1])
    if not named_ids:
        return line
    # TRANSLATORS: which games a ledger settles ("3 games on 2026-06-01"), then their ids
    return tr("{games}: {ids}").format(games=line, ids=", ".join(g.game_id for g in games))


def day_option(option: str, text: str | None) -> date | None:
    """A day given as YYYY-MM-DD (a day of this computer's calendar), or ``None``; read by
    the engine's one reader of days, so the app's date fields say the same."""
    if text is None:
        return None
    try:
        return parse_day(text)
    except DayError as exc:
        # TRANSLATORS: a command line option ("--since"), then what is wrong with its value
        said = tr("{option}: {problem}").format(option=option, problem=describe(exc))
        raise CommandError(said) from None


def games_minimum(text: str) -> int:
    """``--min-games``: a whole number, 0 or more."""
    if not text.strip().isdigit() or len(text.strip()) > 6:
        raise CommandError(
            tr("--min-games must be a whole number, 0 or more, not {typed}").format(
                typed=quoted(text)
            )
        )
    return int(text.strip())


def played_variant(store: Store, name: str) -> str:
    """The variant ``name`` means (see :func:`variant_called`): a preset, a saved house rule,
    or one a stored game was played with."""
    known = [saved.name for saved in store.saved_variants()]
    known += [summary.variant for summary in store.list_games() if summary.variant != "?"]
    return variant_called(name, known)


def no_records_line(variant: str | None, since: date | None) -> str:
    """What an empty leaderboard says: which games it looked for."""
    if variant is None:
        if since is None:
            return tr("no finished or abandoned games")
        return tr("no finished or abandoned games since {day}").format(day=since.isoformat())
    if since is None:
        return tr("no finished or abandoned games of {variant}").format(variant=shown(variant))
    return tr("no finished or abandoned games of {variant} since {day}").format(
        variant=shown(variant), day=since.isoformat()
    )
