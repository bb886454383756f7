"""Work a page does beside its drawing: jobs on its event loop, and again each time a
browser (re)joins its session."""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import cast

import flet as ft

log = logging.getLogger("scorepad.ui")

_running: set[asyncio.Task[None]] = set()
"""Background jobs still running: a task nobody holds may be collected before it ends."""


def in_background(page: ft.Page, job: Callable[[], Awaitable[None]]) -> None:
    """Run ``job`` on the page's event loop without waiting for it; it handles its own errors.

    Called from an event handler (on the loop) or from a thread; a page that was never
    connected to a loop (a test without a browser) skips the job.
    """
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # a thread: hand the job to the page's loop
        try:
            page.run_task(job)
        except RuntimeError as problem:
            log.debug("no event loop for a background job: %s", problem)
        return

    async def run() -> None:
        await job()

    task = loop.create_task(run())
    _running.add(task)
    task.add_done_callback(_running.discard)


def when_rejoined(page: ft.Page, job: Callable[[], None]) -> None:
    """Run ``job`` each time a browser (re)joins this session (a reload, a reconnect), after
    whatever already ran then: Flet has one ``on_connect`` per page."""
    page.on_connect = then(page.on_connect, job)


def then(
    before: ft.ControlEventHandler[ft.Page] | None, job: Callable[[], None]
) -> Callable[[ft.Event[ft.Page]], None]:
    """A page event handler that runs ``before`` (the handler already set, if any: Flet takes
    one with or without the event), then ``job``."""

    def handler(event: ft.Event[ft.Page]) -> None:
        if before is not None:
            if inspect.signature(before).parameters:
                cast(Callable[[ft.Event[ft.Page]], object], before)(event)
            else:
                cast(Callable[[], object], before)()
        job()

    return handler
