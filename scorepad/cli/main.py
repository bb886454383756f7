"""The entry point: parse, run the command, and turn every failure into one line on stderr."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Callable, Sequence

from scorepad.cli.argparse_words import speak_the_chosen_language
from scorepad.cli.common import (
    EXIT_INTERNAL,
    EXIT_INVALID,
    EXIT_USAGE,
    CommandError,
    internal_error,
)
from scorepad.cli.language import MissingLanguageError, language_and_rest
from scorepad.cli.parser import build_parser
from scorepad.engine import shown
from scorepad.i18n import UnknownLanguageError, set_default_language, tr


def tolerate_narrow_terminals() -> None:
    """On a terminal whose encoding cannot show a character (a name "Zoë" under a Latin-1 or
    ASCII locale), print it as an escape instead of failing the whole command."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    tolerate_narrow_terminals()
    try:
        chosen = language_and_rest(sys.argv[1:] if argv is None else argv, os.environ)
    except (UnknownLanguageError, MissingLanguageError) as problem:
        print(f"scorepad: {shown(str(problem))}", file=sys.stderr)
        return EXIT_USAGE
    set_default_language(chosen.language)
    speak_the_chosen_language()
    parser = build_parser()
    args = parser.parse_args(chosen.rest)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except CommandError as exc:
        print(f"scorepad: {shown(str(exc))}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        # TRANSLATORS: the command was stopped with Ctrl+C
        print("scorepad: " + tr("interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``scorepad games | head``): stop quietly
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_INVALID
    except Exception as exc:  # a bug: still no traceback for the user
        print(f"scorepad: {internal_error(exc)}", file=sys.stderr)
        return EXIT_INTERNAL
