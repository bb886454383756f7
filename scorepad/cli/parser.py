"""The command line's grammar: every command, its options and their checks."""

from __future__ import annotations

import argparse
from typing import NoReturn

from scorepad.cli.app import command_app, command_build_web, command_serve_web
from scorepad.cli.backups import command_backup, command_recover, command_restore
from scorepad.cli.common import EXIT_USAGE, STATUSES, folder_name, port_number
from scorepad.cli.games import (
    command_export,
    command_games,
    command_import,
    command_pad,
    command_score,
)
from scorepad.cli.language import OPTION as LANGUAGE_OPTION
from scorepad.cli.records import command_ledger, command_stats
from scorepad.engine import MIN_GAMES, shown
from scorepad.i18n import LANGUAGES, tr
from scorepad.paper import DEFAULT_PAPER, PAPER_SIZES


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (like every other error), still exit code 2."""

    def error(self, message: str) -> NoReturn:
        # TRANSLATORS: a wrong command line: argparse's reason, then where to read how it goes
        said = tr("{program}: {problem} (see '{program} --help')")
        self.exit(EXIT_USAGE, said.format(program=self.prog, problem=shown(message)) + "\n")


def add_language_option(parser: argparse.ArgumentParser) -> None:
    """``--lang``, for the help: it is read before the parser is built (cli/language.py),
    from anywhere on the line, so the parser never sees it."""
    parser.add_argument(
        LANGUAGE_OPTION,
        metavar="CODE",
        default=None,
        help=tr(
            "the language to speak, anywhere on the line: {codes} "
            "(default: $SCOREPAD_LANG, else the system's)"
        ).format(codes=", ".join(language.code for language in LANGUAGES)),
    )


def build_parser() -> argparse.ArgumentParser:  # noqa: PLR0915  (a statement per option)
    data_dir_help = tr("the store folder (default: $SCOREPAD_DATA_DIR, else the user data folder)")
    paper_help = tr("the PDF's paper, printed landscape (default: {paper})").format(
        paper=DEFAULT_PAPER.value
    )
    common = OneLineParser(add_help=False)
    common.add_argument(
        "--data-dir", metavar="DIR", type=folder_name, default=argparse.SUPPRESS, help=data_dir_help
    )
    parser = OneLineParser(
        prog="scorepad",
        description=tr(
            "A score pad for Oh Hell games: Mormon Bridge, Scotch Bridge, Golf. "
            "With no command it starts the app (in the browser where there is no display)."
        ),
    )
    parser.add_argument(
        "--data-dir", metavar="DIR", type=folder_name, default=None, help=data_dir_help
    )
    add_language_option(parser)
    parser.add_argument(
        "--web", action="store_true", help=tr("serve the app to a browser instead of a window")
    )
    parser.add_argument(
        "--share",
        action="store_true",
        help=tr(
            "share the table: phones on this network watch the game and bid; prints the join "
            "address, its QR code, the PIN to keep score and the scorekeeper's address"
        ),
    )
    parser.add_argument(
        "--new-table",
        action="store_true",
        help=tr(
            "with --share: start a new table (a new PIN and scorekeeper's address, every seat "
            "free) instead of the one kept from the last run"
        ),
    )
    parser.add_argument(
        "--host",
        help=tr(
            "address to serve on (default 127.0.0.1: this machine; with --share 0.0.0.0: "
            "every network of this machine); beyond this machine a PIN guards editing"
        ),
    )
    parser.add_argument(
        "--port", type=port_number, help=tr("port to serve on, 1 to 65535 (default 8550)")
    )
    parser.set_defaults(handler=command_app)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    score = commands.add_parser("score", help=tr("print the score sheet of a game record (JSON)"))
    score.add_argument("file", metavar="FILE", help=tr("a game record, as exported by scorepad"))
    score.add_argument("--json", action="store_true", help=tr("print the sheet as JSON"))
    score.set_defaults(handler=command_score)

    importer = commands.add_parser("import", parents=[common], help=tr("store game records"))
    importer.add_argument("files", metavar="FILE", nargs="+", help=tr("game record files (JSON)"))
    importer.set_defaults(handler=command_import)

    games = commands.add_parser("games", parents=[common], help=tr("list the stored games"))
    games.add_argument("--status", choices=STATUSES, help=tr("only games with this status"))
    games.add_argument(
        "--json", action="store_true", help=tr("print the list as one JSON document")
    )
    games.set_defaults(handler=command_games)

    export = commands.add_parser(
        "export", parents=[common], help=tr("print a game's record, score sheet or printable pad")
    )
    export.add_argument("game", metavar="GAME", help=tr("a game id (or the start of one)"))
    export.add_argument(
        "--format",
        choices=("json", "csv", "pdf"),
        default="json",
        help=tr(
            "json: the game record (the default); csv: the score sheet, a row per round; "
            "pdf: the printable score pad"
        ),
    )
    export.add_argument("--out", metavar="FILE", help=tr("write it to a new FILE instead"))
    add_force_option(export)
    export.add_argument("--paper", choices=PAPER_SIZES, help=paper_help)
    export.set_defaults(handler=command_export)

    pad = commands.add_parser(
        "pad", parents=[common], help=tr("write a blank printable score pad (PDF) for a table")
    )
    pad.add_argument("variant", metavar="VARIANT", help=tr("a preset or a saved house rule's name"))
    pad.add_argument("--players", metavar="N", required=True, help=tr("how many play"))
    pad.add_argument("--out", metavar="FILE", help=tr("the PDF file to write (a new file)"))
    add_force_option(pad)
    pad.add_argument("--paper", choices=PAPER_SIZES, help=paper_help)
    pad.set_defaults(handler=command_pad)

    recover = commands.add_parser(
        "recover", parents=[common], help=tr("restore unreadable store files from their backups")
    )
    recover.set_defaults(handler=command_recover)

    backup = commands.add_parser(
        "backup", parents=[common], help=tr("write the whole store (games, roster, rules) to FILE")
    )
    backup.add_argument("file", metavar="FILE", help=tr("a new file to write the backup to"))
    add_force_option(backup)
    backup.set_defaults(handler=command_backup)

    restore = commands.add_parser(
        "restore", parents=[common], help=tr("restore a backup into an empty store (or --merge)")
    )
    restore.add_argument("file", metavar="FILE", help=tr("a file made by scorepad backup"))
    restore.add_argument(
        "--merge",
        action="store_true",
        help=tr(
            "add to a store that is not empty: only games not already stored, players and "
            "house rules it lacks"
        ),
    )
    restore.set_defaults(handler=command_restore)

    add_records_commands(commands, common)
    add_web_commands(commands)
    return parser


def add_force_option(command: argparse.ArgumentParser) -> None:
    """``--force``, the same for every command that writes a FILE: without it an existing file
    is never overwritten."""
    command.add_argument(
        "--force",
        action="store_true",
        help=tr("replace FILE if it exists (keeping its permissions)"),
    )


def add_web_commands(commands: argparse._SubParsersAction[OneLineParser]) -> None:
    """``scorepad build-web`` and ``scorepad serve-web``: the app as an offline web app."""
    build_web = commands.add_parser(
        "build-web", help=tr("build the app as an offline web app: a folder for any static host")
    )
    build_web.add_argument(
        "out", metavar="OUT", help=tr("a new or empty folder (or a previous build)")
    )
    build_web.add_argument(
        "--base-url",
        metavar="PATH",
        default="/",
        help=tr("the path the app is served from, e.g. /scorepad/ (default /)"),
    )
    build_web.set_defaults(handler=command_build_web)

    serve_web = commands.add_parser(
        "serve-web", help=tr("serve a built web app on this machine (plain HTTP) to try it")
    )
    serve_web.add_argument("folder", metavar="DIR", help=tr("a folder made by build-web"))
    serve_web.add_argument(
        "--host", help=tr("address to serve on (default 127.0.0.1: this machine)")
    )
    serve_web.add_argument(
        "--port", type=port_number, help=tr("port to serve on, 1 to 65535 (default 8000)")
    )
    serve_web.set_defaults(handler=command_serve_web)


def add_records_commands(
    commands: argparse._SubParsersAction[OneLineParser], common: OneLineParser
) -> None:
    """``scorepad stats`` and ``scorepad ledger``: what the catalogue's records answer."""
    stats = commands.add_parser(
        "stats", parents=[common], help=tr("the all-time leaderboard: wins, bids made, money")
    )
    stats.add_argument("--variant", metavar="V", help=tr("only games of this variant"))
    stats.add_argument(
        "--since", metavar="DATE", help=tr("only games started on DATE (YYYY-MM-DD) or later")
    )
    stats.add_argument(
        "--min-games",
        metavar="N",
        default=str(MIN_GAMES),
        help=tr("rank only players with at least N games (default {count}, as in the app)").format(
            count=MIN_GAMES
        ),
    )
    stats.add_argument("--json", action="store_true", help=tr("print the leaderboard as JSON"))
    stats.set_defaults(handler=command_stats)

    ledger = commands.add_parser(
        "ledger", parents=[common], help=tr("settle the money of finished games, fewest payments")
    )
    ledger.add_argument(
        "games",
        metavar="GAME",
        nargs="*",
        help=tr("game ids (or starts of ids); default: all games"),
    )
    ledger.add_argument("--since", metavar="DATE", help=tr("only games started on DATE or later"))
    ledger.add_argument("--until", metavar="DATE", help=tr("only games started on DATE or earlier"))
    ledger.add_argument("--json", action="store_true", help=tr("print the ledger as JSON"))
    ledger.set_defaults(handler=command_ledger)
