"""The Flet app: views in :mod:`scorepad.ui.views` over the plain-Python state in
:mod:`scorepad.ui.state` (which tests drive without a browser)."""

__all__: list[str] = []
"""Nothing is offered here: scorepad.ui.launch opens the app; its parts are the subpackages."""
