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
from scorepad.i18n import describe, tr, tr_n
from scorepad.inputs import InputFileError
from scorepad.outputs import ExportTarget
from scorepad.paper import blank_pad_pdf, sheet_csv, sheet_pdf
from scorepad.store import ListedStatus, Store, StoreError


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
            not_imported(shown(str(exc)))
            failed += 1
            continue
        except (StoreError, OSError) as exc:  # this file is not stored; say so and go on
            not_imported(f"{shown(name)}: {shown(describe(exc))}")
            failed += 1
            continue
        except Exception as exc:  # a bug: name it, and still import the other files
            not_imported(f"{shown(name)}: {internal_error(exc)}")
            failed += 1
            internal = True
            continue
        if stored is None:  # the same record twice is one game: stored once, never again
            print(
                tr("{file}: already stored as {game}; nothing imported").format(
                    file=shown(name), game=existing
                )
            )
            continue
        players = ", ".join(shown(player) for player in game.players)
        print(
            tr("imported {file} as {game} ({variant}, {players}; round {played}/{rounds})").format(
                file=shown(name),
                game=stored.id,
                variant=shown(game.variant.name),
                players=players,
                played=len(game.results),
                rounds=len(game.schedule),
            )
        )
    if failed:
        total = len(args.files)
        # the English says "files" for any count: both forms keep it, and a translation
        # has its own form for each count
        raise CommandError(
            tr_n(
                "{failed} of {count} files not imported (see above)",
                "{failed} of {count} files not imported (see above)",
                total,
            ).format(failed=failed, count=total),
            EXIT_INTERNAL if internal else EXIT_INVALID,
        )
    return EXIT_OK


def not_imported(why: str) -> None:
    """One file ``import`` skipped, and why, on stderr."""
    # TRANSLATORS: a file "scorepad import" did not store; the reason follows the colon
    print("scorepad: " + tr("not imported: {reason}").format(reason=why), file=sys.stderr)


def command_games(args: argparse.Namespace) -> int:
    store = open_the_store(args)
    try:
        summaries = store.list_games(status=args.status)
    except StoreError as exc:  # the games folder cannot be listed, the store is busy
        raise CommandError(describe(exc)) from None
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
        print(no_games_line(args.status, shown(str(store.root))))
        return EXIT_OK
    from scorepad.report import render_game_list  # rich is only loaded for the text reports

    print(render_game_list(summaries, renamed), end="")
    return EXIT_OK


def no_games_line(status: str | None, folder: str) -> str:
    """What an empty game list says: "no games in ...", "no finished games in ..."."""
    if status is None:
        return tr("no games in {folder}").format(folder=folder)
    lines = {
        ListedStatus.IN_PROGRESS: tr("no in progress games in {folder}"),
        ListedStatus.FINISHED: tr("no finished games in {folder}"),
        ListedStatus.ABANDONED: tr("no abandoned games in {folder}"),
        ListedStatus.DAMAGED: tr("no damaged games in {folder}"),
    }
    return lines[ListedStatus(status)].format(folder=folder)


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
        raise CommandError(describe(exc)) from None
    if args.format == "json":
        data = json_text(stored.record_file().to_data()).encode()
    else:
        try:
            game = Game(stored.record)
        except ScorepadError as exc:
            raise CommandError(
                tr("game {game}: {problem}").format(game=stored.id, problem=describe(exc))
            ) from None
        (renamed,) = renamed_players(store, [game.players])
        if args.format == "csv":
            data = sheet_csv(game, renamed).encode()
        else:
            data = sheet_pdf(
                game, paper, played_on=stored.created.date(), symbol=symbol, renamed=renamed
            )
    deliver(data, target)
    if out is not None:
        exported = {
            "json": tr("exported game {game} to {file}"),
            "csv": tr("exported the score sheet of game {game} to {file}"),
            "pdf": tr("exported the score pad of game {game} to {file}"),
        }
        print(exported[args.format].format(game=stored.id, file=shown(str(out))), file=sys.stderr)
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
        raise CommandError(describe(exc)) from None
    deliver(data, target)
    if out is not None:
        print(
            tr_n(
                "wrote a blank {variant} pad for {count} player to {file}",
                "wrote a blank {variant} pad for {count} players to {file}",
                players,
            ).format(variant=shown(variant.name), count=players, file=shown(str(out))),
            file=sys.stderr,
        )
    return EXIT_OK
