"""The ``scorepad`` command: the app, and headless commands over game records.

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
from scorepad.report import render_sheet

EXIT_OK = 0
EXIT_INVALID = 1
"""The input broke a rule or could not be read."""
EXIT_USAGE = 2
EXIT_INTERNAL = 3
"""A bug in scorepad; the message asks for a report."""


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


def command_score(args: argparse.Namespace) -> int:
    game = read_game_file(Path(args.file))
    if args.json:
        print(json.dumps(game.sheet.model_dump(mode="json"), ensure_ascii=False, indent=2))
    else:
        print(render_sheet(game.sheet), end="")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scorepad",
        description="A score pad for Oh Hell games: Mormon Bridge, Scotch Bridge, Golf.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    score = commands.add_parser("score", help="print the score sheet of a game record (JSON)")
    score.add_argument("file", metavar="FILE", help="a game record, as exported by scorepad")
    score.add_argument("--json", action="store_true", help="print the sheet as JSON")
    score.set_defaults(handler=command_score)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return EXIT_OK
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
