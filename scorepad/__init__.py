"""scorepad: a score pad for the Oh Hell family of card games.

The rules live in :mod:`scorepad.engine` (no GUI, no database), persistence in
:mod:`scorepad.store`, the Flet app in :mod:`scorepad.ui`, the command line in :mod:`scorepad.cli`.
"""

__all__ = ["__version__"]

__version__ = "0.1.0"
