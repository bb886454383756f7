"""The ``scorepad`` command: the app, and headless commands over game records and the store.

Every failure a user can cause ends in one line on stderr and a non-zero exit; a traceback
never reaches the terminal. Text from files (names, keys, paths) is printed with control
characters escaped, so it can neither split that line nor drive the terminal.

A module per command group (``games``, ``app``, ``backups``, ``records``), what they share
(``common``), the grammar (``parser``) and the entry point (``main``).
"""

from scorepad.cli.common import EXIT_INTERNAL, EXIT_INVALID, EXIT_OK, EXIT_USAGE
from scorepad.cli.main import main

__all__ = ["EXIT_INTERNAL", "EXIT_INVALID", "EXIT_OK", "EXIT_USAGE", "main"]
