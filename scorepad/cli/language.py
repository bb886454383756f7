"""Which language the command speaks: ``--lang``, else ``$SCOREPAD_LANG``, else the system's.

``--lang`` is taken from anywhere on the command line (``scorepad score --lang de G`` as well
as ``scorepad --lang de score G``) before the parser is built, because the parser's own help
is written in that language.

>>> chosen = language_and_rest(["score", "--lang", "en", "g1"], {"LANG": "ja_JP.UTF-8"})
>>> chosen.language.code, chosen.rest
('en', ['score', 'g1'])
>>> language_and_rest(["--lang=en", "games"], {}).rest
['games']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorepad.i18n import Language, find_language, system_language

OPTION = "--lang"
ENVIRONMENT = "SCOREPAD_LANG"
"""Set in the environment, it speaks for every command (the tests pin it to English)."""


@dataclass(frozen=True)
class Chosen:
    language: Language
    rest: list[str]
    """The command line without ``--lang`` and its code."""


class MissingLanguageError(ValueError):
    def __init__(self) -> None:
        super().__init__(f"{OPTION} needs a language code, such as {OPTION} de")


def language_and_rest(argv: Sequence[str], environ: Mapping[str, str]) -> Chosen:
    """The language asked for and the rest of the command line; an unknown code is an
    :class:`~scorepad.i18n.UnknownLanguageError`, a ``--lang`` with none a
    :class:`MissingLanguageError`."""
    rest: list[str] = []
    code: str | None = None
    arguments = list(argv)
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument == "--":  # everything after is the command's own
            rest += arguments[index:]
            break
        if argument == OPTION:
            if index + 1 >= len(arguments):
                raise MissingLanguageError
            code = arguments[index + 1]
            index += 2
            continue
        if argument.startswith(OPTION + "="):
            code = argument.split("=", 1)[1]
            if not code:
                raise MissingLanguageError
        else:
            rest.append(argument)
        index += 1
    if code is None and environ.get(ENVIRONMENT):
        code = environ[ENVIRONMENT]
    language = find_language(code) if code is not None else system_language(environ)
    return Chosen(language, rest)
