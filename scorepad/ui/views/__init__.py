"""Flet views: functions from the app state (:mod:`scorepad.ui.state`) to controls. They hold
no rules; every tap calls a method of :class:`~scorepad.ui.state.ScorepadApp`."""

__all__: list[str] = []
"""Nothing is offered here: each screen is its own module, imported by scorepad.ui.views.app."""
