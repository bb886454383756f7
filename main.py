"""Entry point for ``flet run`` and ``flet build``: the same app as ``uv run scorepad``."""

import flet as ft

from scorepad.store import data_dir
from scorepad.ui.state import ScorepadApp
from scorepad.ui.views.app import mount


def main(page: ft.Page) -> None:
    mount(page, ScorepadApp.open(data_dir()))


if __name__ == "__main__":
    ft.run(main, assets_dir="assets")
