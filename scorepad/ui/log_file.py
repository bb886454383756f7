"""``scorepad.log``: what went wrong, kept for the user to send us, and never a disk filler.

Log records go to a file, never to the user's screen. Anything a browser sends can make the
server log a line (a refused message, a refused connection), so what one page can make it
write is bounded twice: the same line (same place, same words before their values) is
written at most :data:`REPEATS_KEPT` times in :data:`REPEAT_WINDOW_SECONDS`, then once with a
count of those left out; and the file is rotated at :data:`MAX_LOG_BYTES`, keeping
:data:`LOG_FILES_KEPT` older ones (``scorepad.log.1``, …), so the log never holds more than
a few megabytes.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path

LOG_NAME = "scorepad.log"
MAX_LOG_BYTES = 1024 * 1024
LOG_FILES_KEPT = 3
REPEATS_KEPT = 5
REPEAT_WINDOW_SECONDS = 60.0
LEFT_OUT_WHEN = "in the last minute"
FORMAT = "%(asctime)s %(name)s %(levelname)s %(message)s"


class RepeatLimit(logging.Filter):
    """Lets through at most ``kept`` records of one kind (logger, level and message
    template) in each ``window`` seconds; the first let through after some were left out says
    how many.

    >>> now = [0.0]
    >>> limit = RepeatLimit(kept=2, window=60, clock=lambda: now[0])
    >>> line = "refused %s", ("x",)
    >>> record = lambda: logging.LogRecord("web", logging.WARNING, "", 0, *line, None)
    >>> [limit.filter(record()) for _ in range(4)]
    [True, True, False, False]
    >>> now[0] = 61.0
    >>> later = record(); limit.filter(later), later.getMessage()
    (True, 'refused x (2 more like this were left out in the last minute)')
    """

    def __init__(
        self,
        kept: int = REPEATS_KEPT,
        window: float = REPEAT_WINDOW_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.kept = kept
        self.window = window
        self.clock = clock
        self._seen: dict[tuple[str, int, str], tuple[float, int, int]] = {}
        """kind -> (when its window began, records let through, records left out)."""

    def filter(self, record: logging.LogRecord) -> bool:
        kind = (record.name, record.levelno, str(record.msg))
        now = self.clock()
        began, passed, left_out = self._seen.get(kind, (now, 0, 0))
        if now - began >= self.window:
            began, passed = now, 0
        if passed >= self.kept:
            self._seen[kind] = (began, passed, left_out + 1)
            return False
        if left_out:
            record.msg = f"{record.msg} ({left_out} more like this were left out {LEFT_OUT_WHEN})"
        self._seen[kind] = (began, passed + 1, 0)
        if len(self._seen) > 10_000:  # kinds of lines are few; a flood of new ones is bounded
            self._seen.clear()
        return True


EVENT_DECODER = ("flet", "utils", "from_dict.py")
"""Where Flet turns an event's data into its typed event: an error raised there is data a
client sent that does not fit (``{"width": 400}`` for a resize), not a bug of the app."""


class BadEventData(logging.Filter):
    """Writes Flet's "Unhandled error in 'on_resize' handler" as one line, without the
    traceback, when the error was raised decoding the event's data: a crafted event costs one
    line (and :class:`RepeatLimit` bounds those), while a bug in a handler keeps its
    traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        trace = error.__traceback__ if error is not None else None
        if error is None or trace is None:
            return True
        while trace.tb_next is not None:
            trace = trace.tb_next
        if Path(trace.tb_frame.f_code.co_filename).parts[-3:] == EVENT_DECODER:
            record.msg = (
                f"{record.getMessage()}: refused its data ({type(error).__name__}: {error})"
            )
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


def log_to_file(folder: Path) -> Path:
    """Send log records (tracebacks of bugs included) to ``folder``'s log file, rotated and
    with repeats limited; returns the file's path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOG_NAME
    handler = RotatingFileHandler(
        path, maxBytes=MAX_LOG_BYTES, backupCount=LOG_FILES_KEPT, encoding="utf-8"
    )
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(BadEventData())
    handler.addFilter(RepeatLimit())
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(logging.INFO)
    return path
