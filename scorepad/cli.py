"""The ``scorepad`` command: the app, and headless commands over game records and the store.

Every failure a user can cause ends in one line on stderr and a non-zero exit; a traceback
never reaches the terminal.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from scorepad.engine import Game, ScorepadError
from scorepad.store import StoreError, TinyDBStore, data_dir, open_store, recover_store
from scorepad.store.atomic import replace_atomically

EXIT_OK = 0
EXIT_INVALID = 1
"""The input broke a rule, could not be read, or the store refused."""
EXIT_USAGE = 2
EXIT_INTERNAL = 3
"""A bug in scorepad; the message asks for a report."""

STATUSES = ("in_progress", "finished", "abandoned", "damaged")


class CommandError(Exception):
    """A failure to report in one line (the message), with the exit code to use."""

    def __init__(self, message: str, exit_code: int = EXIT_INVALID) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def read_game_file(path: Path) -> Game:
    """A game from a record file; every way it can fail becomes a one-line CommandError."""
    try:
        text = path.read_bytes()
    except OSError as exc:
        raise CommandError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        return Game.from_json(text)
    except ScorepadError as exc:
        raise CommandError(f"{path}: {exc}") from None


def open_the_store(args: argparse.Namespace) -> TinyDBStore:
    """The store named by ``--data-dir`` / ``$SCOREPAD_DATA_DIR`` / the default folder."""
    try:
        return open_store(getattr(args, "data_dir", None))
    except StoreError as exc:
        raise CommandError(str(exc)) from None


# --- commands ---------------------------------------------------------------------------------


def command_score(args: argparse.Namespace) -> int:
    game = read_game_file(Path(args.file))
    if args.json:
        print(json.dumps(game.sheet.model_dump(mode="json"), ensure_ascii=False, indent=2))
    else:
        from scorepad.report import render_sheet  # rich is only loaded for the text reports

        print(render_sheet(game.sheet), end="")
    return EXIT_OK


def command_import(args: argparse.Namespace) -> int:
    store = open_the_store(args)
    failed = 0
    for name in args.files:
        try:
            game = read_game_file(Path(name))
            stored = store.create_game(game.record)
        except CommandError as exc:
            print(f"scorepad: not imported: {exc}", file=sys.stderr)
            failed += 1
            continue
        except StoreError as exc:  # this file is not stored; say so and go on
            print(f"scorepad: not imported: {name}: {exc}", file=sys.stderr)
            failed += 1
            continue
        print(
            f"imported {name} as {stored.id} ({game.variant.name}, "
            f"{', '.join(game.players)}; round {len(game.results)}/{len(game.schedule)})"
        )
    if failed:
        raise CommandError(f"{failed} of {len(args.files)} files not imported (see above)")
    return EXIT_OK


def command_games(args: argparse.Namespace) -> int:
    store = open_the_store(args)
    summaries = store.list_games(status=args.status)
    if args.json:
        document = {
            "data_dir": str(store.root),
            "games": [summary.model_dump(mode="json") for summary in summaries],
        }
        print(json.dumps(document, ensure_ascii=False, indent=2))
        return EXIT_OK
    if not summaries:
        which = "" if args.status is None else f" {args.status.replace('_', ' ')}"
        print(f"no{which} games in {store.root}")
        return EXIT_OK
    from scorepad.report import render_game_list  # rich is only loaded for the text reports

    print(render_game_list(summaries), end="")
    return EXIT_OK


def command_export(args: argparse.Namespace) -> int:
    store = open_the_store(args)
    try:
        stored = store.load_game(store.resolve_game_id(args.game))
    except StoreError as exc:
        raise CommandError(str(exc)) from None
    text = json.dumps(stored.record.to_data(), ensure_ascii=False, indent=2) + "\n"
    if args.out is None:
        print(text, end="")
        return EXIT_OK
    try:
        replace_atomically(Path(args.out), text.encode())
    except OSError as exc:
        raise CommandError(f"{args.out}: cannot write: {exc.strerror or exc}") from None
    print(f"exported game {stored.id} to {args.out}", file=sys.stderr)
    return EXIT_OK


def command_app(args: argparse.Namespace) -> int:
    """The app itself: a window, or the browser app where there is no display."""
    from scorepad.ui.launch import run_app

    root = data_dir(getattr(args, "data_dir", None))
    try:
        run_app(root, web=args.web, host=args.host, port=args.port)
    except OSError as exc:
        raise CommandError(str(exc)) from None
    return EXIT_OK


def command_recover(args: argparse.Namespace) -> int:
    root = data_dir(getattr(args, "data_dir", None))
    if not root.exists():
        raise CommandError(f"there is no store at {root}")
    try:
        report = recover_store(root)
    except (StoreError, OSError) as exc:
        raise CommandError(str(exc)) from None
    for path in report.restored:
        print(f"restored {path} from its last good backup")
    for path in report.started_fresh:
        print(f"started {path} afresh (no good backup); the roster was rebuilt from the games")
    for path in report.lost:
        print(f"could not recover {path}: no good backup (a copy is in {root / 'damaged'})")
    for problem in report.left_alone:  # cannot be opened, or from a newer scorepad: untouched
        print(f"scorepad: left as it is: {problem}", file=sys.stderr)
    if not (report.restored or report.started_fresh or report.lost or report.left_alone):
        print(f"every file in {root} reads fine; nothing to do")
    return EXIT_INVALID if report.lost or report.left_alone else EXIT_OK


# --- parsing ------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    data_dir_help = "the store folder (default: $SCOREPAD_DATA_DIR, else the user data folder)"
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS, help=data_dir_help)
    parser = argparse.ArgumentParser(
        prog="scorepad",
        description="A score pad for Oh Hell games: Mormon Bridge, Scotch Bridge, Golf. "
        "With no command it starts the app (in the browser where there is no display).",
    )
    parser.add_argument("--data-dir", metavar="DIR", default=None, help=data_dir_help)
    parser.add_argument(
        "--web", action="store_true", help="serve the app to a browser instead of a window"
    )
    parser.add_argument("--host", help="address to serve on (default 127.0.0.1: this machine)")
    parser.add_argument("--port", type=int, help="port to serve on (default 8550)")
    parser.set_defaults(handler=command_app)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    score = commands.add_parser("score", help="print the score sheet of a game record (JSON)")
    score.add_argument("file", metavar="FILE", help="a game record, as exported by scorepad")
    score.add_argument("--json", action="store_true", help="print the sheet as JSON")
    score.set_defaults(handler=command_score)

    importer = commands.add_parser("import", parents=[common], help="store game records")
    importer.add_argument("files", metavar="FILE", nargs="+", help="game record files (JSON)")
    importer.set_defaults(handler=command_import)

    games = commands.add_parser("games", parents=[common], help="list the stored games")
    games.add_argument("--status", choices=STATUSES, help="only games with this status")
    games.add_argument("--json", action="store_true", help="print the list as one JSON document")
    games.set_defaults(handler=command_games)

    export = commands.add_parser("export", parents=[common], help="print a game's record")
    export.add_argument("game", metavar="GAME", help="a game id (or the start of one)")
    export.add_argument("--out", metavar="FILE", help="write the record to FILE instead")
    export.set_defaults(handler=command_export)

    recover = commands.add_parser(
        "recover", parents=[common], help="restore unreadable store files from their backups"
    )
    recover.set_defaults(handler=command_recover)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except CommandError as exc:
        print(f"scorepad: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("scorepad: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug: still no traceback for the user
        print(
            f"scorepad: internal error ({type(exc).__name__}: {exc}); please report it",
            file=sys.stderr,
        )
        return EXIT_INTERNAL
