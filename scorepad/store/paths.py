"""Where the store lives: the user's data folder unless told otherwise."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from platformdirs import user_data_path

APP_NAME = "scorepad"
DATA_DIR_ENV = "SCOREPAD_DATA_DIR"
FLET_STORAGE_ENV = "FLET_APP_STORAGE_DATA"


def data_dir(
    explicit: str | os.PathLike[str] | None = None, environ: Mapping[str, str] | None = None
) -> Path:
    """The store folder, first match wins: ``--data-dir``, ``$SCOREPAD_DATA_DIR``,
    ``$FLET_APP_STORAGE_DATA`` (set by ``flet run`` and packaged Flet apps, the folder an app
    may write to on a phone), then the platform's user data folder.

    >>> data_dir("/tmp/x", environ={})
    PosixPath('/tmp/x')
    >>> data_dir(environ={"FLET_APP_STORAGE_DATA": "/data/app"})
    PosixPath('/data/app/scorepad')
    """
    env = os.environ if environ is None else environ
    if explicit:
        return Path(explicit).expanduser()
    if env.get(DATA_DIR_ENV):
        return Path(env[DATA_DIR_ENV]).expanduser()
    if env.get(FLET_STORAGE_ENV):
        return Path(env[FLET_STORAGE_ENV]) / APP_NAME
    return user_data_path(APP_NAME, appauthor=False)
