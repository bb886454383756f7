"""argparse's own words (``usage:``, ``options``, its errors) in the command's language.

argparse asks gettext for every sentence it writes, through its module's ``_`` (Python keeps
them translatable for this); :func:`speak_the_chosen_language` points that at
:func:`scorepad.i18n.tr`, so they are looked up in scorepad's catalogue in the language the
command speaks. The sentences are listed here, as argparse writes them, so that extraction puts
them in the catalogue; a sentence another Python version words differently is simply written
in English. Their placeholders are argparse's own (``%s``, ``%(value)r``), which a translation
keeps (tests/i18n checks them too).
"""

from __future__ import annotations

import argparse

from scorepad.i18n import N_, tr

ARGPARSE_SENTENCES = (
    # TRANSLATORS: argparse's own words; keep the space at the end
    N_("usage: "),
    # TRANSLATORS: argparse's own words: the heading of the list of options in --help
    N_("options"),
    # TRANSLATORS: argparse's own words: the heading of the command's arguments in --help
    N_("positional arguments"),
    # TRANSLATORS: argparse's own words: what -h, --help does
    N_("show this help message and exit"),
    # TRANSLATORS: argparse's own words; %s is the names of what is missing
    N_("the following arguments are required: %s"),
    # TRANSLATORS: argparse's own words; %s is what was not understood
    N_("unrecognized arguments: %s"),
    # TRANSLATORS: argparse's own words; keep %(value)r and %(choices)s
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    # TRANSLATORS: argparse's own words; keep %(argument_name)s (an option) and %(message)s
    N_("argument %(argument_name)s: %(message)s"),
    # TRANSLATORS: argparse's own words: an option was given without its value
    N_("expected one argument"),
    # TRANSLATORS: argparse's own words; %(type)s is a type's name, %(value)r what was typed
    N_("invalid %(type)s value: %(value)r"),
    # TRANSLATORS: argparse's own words: an abbreviated option matches several
    N_("ambiguous option: %(option)s could match %(matches)s"),
    # TRANSLATORS: argparse's own words; %s is another option
    N_("not allowed with argument %s"),
    # TRANSLATORS: argparse's own words; %s is the options, one of which is needed
    N_("one of the arguments %s is required"),
    # TRANSLATORS: argparse's own words: an option that takes no value was given one
    N_("ignored explicit argument %r"),
)


def speak_the_chosen_language() -> None:
    """Let argparse write its words with :func:`~scorepad.i18n.tr` (the language of the
    command, set before the parser is built; English leaves them as they are).

    >>> speak_the_chosen_language()
    >>> argparse._("options")  # type: ignore[attr-defined]
    'options'
    """
    setattr(argparse, "_", tr)  # noqa: B010  (argparse's gettext hook has no public setter)
