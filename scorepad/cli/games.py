"""Commands over one game: score a record, import records, list the games, export one,
print a blank pad.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from scorepad.cli.common import (
    EXIT_INTERNAL,
    EXIT_INVALID,
    EXIT_OK,
    CommandError,
    deliver,
    internal_error,
    json_text,
    open_the_store,
    paper_for,
    player_count,
    print_json,
    read_game_file,
    read_record_file,
    refuse_binary_on_terminal,
    store_folder,
    variant_named,
)
from scorepad.engine import Game, ScorepadError, shown
from scorepad.inputs import InputFileError
from scorepad.outputs import ExportTarget
from scorepad.paper import blank_pad_pdf, sheet_csv, sheet_pdf
from scorepad.store import Store, StoreError


def command_score(args: argparse.Namespace) -> int:
    game = read_game_file(Path(args.file))
    if args.json:
        print_json(game.sheet.model_dump(mode="json"))
    else:
        from scorepad.report import render_sheet  # rich is only loaded for the text reports

        print(render_sheet(game.sheet), end="")
    return EXIT_OK


def command_import(args: argparse.Namespace) -> int:
    """Store each file that holds a good record; a bad file is named and skipped, and the
    others are still imported. Ends with how many were not."""
    store = open_the_store(args)
    failed = 0
    internal = False
    for name in args.files:
        try:
            game, played = read_record_file(Path(name))
            existing = store.find_game_with_record(game.record)
            stored = None if existing is not None else store.create_game(game.record, played)
        except CommandError as exc:
            print(f"scorepad: not imported: {shown(str(exc))}", file=sys.stderr)
            failed += 1
            continue
        except (StoreError, OSError) as exc:  # this file is not stored; say so and go on
            print(f"scorepad: not imported: {shown(name)}: {shown(str(exc))}", file=sys.stderr)
            failed += 1
            continue
        except Exception as exc:  # a bug: name it, and still import the other files
            print(f"scorepad: not imported: {shown(name)}: {internal_error(exc)}", file=sys.stderr)
            failed += 1
            internal = True
            continue
        if stored is None:  # the same record twice is one game: stored once, never again
            print(f"{shown(name)}: already stored as {existing}; nothing imported")
            continue
        players = ", ".join(shown(player) for player in game.players)
        print(
            f"imported {shown(name)} as {stored.id} ({shown(game.variant.name)}, "
            f"{players}; round {len(game.results)}/{len(game.schedule)})"
        )
    if failed:
        raise CommandError(
            f"{failed} of {len(args.files)} files not imported (see above)",
            EXIT_INTERNAL if internal else EXIT_INVALID,
        )
    return EXIT_OK


def command_games(args: argparse.Namespace) -> int:
    store = open_the_store(args)
    try:
        summaries = store.list_games(status=args.status)
    except StoreError as exc:  # the games folder cannot be listed, the store is busy
        raise CommandError(str(exc)) from None
    renamed = dict(
        zip(
            (summary.id for summary in summaries),
            renamed_players(store, [summary.players for summary in summaries]),
            strict=True,
        )
    )
    if args.json:
        document = {
            "data_dir": str(store.root),
            "games": [
                summary.model_dump(mode="json")
                | {"current_players": [renamed[summary.id].get(p, p) for p in summary.players]}
                for summary in summaries
            ],
        }
        print_json(document)
        return EXIT_OK
    if not summaries:
        which = "" if args.status is None else f" {args.status.replace('_', ' ')}"
        print(f"no{which} games in {shown(str(store.root))}")
        return EXIT_OK
    from scorepad.report import render_game_list  # rich is only loaded for the text reports

    print(render_game_list(summaries, renamed), end="")
    return EXIT_OK


def renamed_players(store: Store, tables: Sequence[Sequence[str]]) -> list[dict[str, str]]:
    """For each table (its players as played under), those who go by another name now: the
    played-under name to the name now, read from the roster once, as the app's game list and
    game screen show them. A game's record keeps the names it was played under; only what
    is printed changes."""
    from scorepad.ui.state.display_names import RosterNames  # loaded only where names show

    roster = RosterNames.read(store)
    return [dict(roster.for_game(players).renamed) for players in tables]


def command_export(args: argparse.Namespace) -> int:
    """Print a game's record (JSON), score sheet (CSV) or printable pad (PDF), or write it to
    ``--out``: a new plain file, or with ``--force`` an existing plain file (keeping its
    permissions); never a link, a device, a FIFO, a folder or a file inside the store."""
    paper = paper_for(args)
    store = open_the_store(args)
    out = None if args.out is None else Path(args.out)
    if out is None and args.format == "pdf":
        refuse_binary_on_terminal(f"scorepad export {shown(args.game)} --format pdf")
    try:
        target = (
            None if out is None else ExportTarget.open(out, force=args.force, store_root=store.root)
        )
        stored = store.load_game(store.resolve_game_id(args.game))
        symbol = store.settings().currency_symbol  # the pad's money as the table writes it
    except (InputFileError, StoreError) as exc:
        raise CommandError(str(exc)) from None
    if args.format == "json":
        data = json_text(stored.record_file().to_data()).encode()
    else:
        try:
            game = Game(stored.record)
        except ScorepadError as exc:
            raise CommandError(f"game {stored.id}: {exc}") from None
        (renamed,) = renamed_players(store, [game.players])
        if args.format == "csv":
            data = sheet_csv(game, renamed).encode()
        else:
            data = sheet_pdf(
                game, paper, played_on=stored.created.date(), symbol=symbol, renamed=renamed
            )
    deliver(data, target)
    if out is not None:
        what = {"json": "game", "csv": "the score sheet of game", "pdf": "the score pad of game"}
        print(f"exported {what[args.format]} {stored.id} to {shown(str(out))}", file=sys.stderr)
    return EXIT_OK


def command_pad(args: argparse.Namespace) -> int:
    """Write a blank printable pad for a variant (a preset or a saved house rule) and a table
    size: rounds, cards and dealer seats filled in, the rest left for a pencil."""
    paper = paper_for(args)
    variant = variant_named(args)
    players = player_count(args.players)
    out = None if args.out is None else Path(args.out)
    if out is None:
        refuse_binary_on_terminal(f"scorepad pad {shown(args.variant)} --players {players}")
    try:
        data = blank_pad_pdf(variant, players, paper)
        target = (
            None
            if out is None
            else ExportTarget.open(out, force=args.force, store_root=store_folder(args))
        )
    except (ScorepadError, InputFileError) as exc:
        raise CommandError(str(exc)) from None
    deliver(data, target)
    if out is not None:
        print(
            f"wrote a blank {shown(variant.name)} pad for {players} players to {shown(str(out))}",
            file=sys.stderr,
        )
    return EXIT_OK
