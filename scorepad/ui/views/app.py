"""The root of the app: one view per screen, re-rendered whenever the app state changes."""

from __future__ import annotations

import asyncio
import contextvars
import importlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast
from urllib.parse import parse_qs, urlsplit

import flet as ft

from scorepad.i18n import describe, tr
from scorepad.sharing.table import TableEvent, device_hint
from scorepad.ui.state import ScorepadApp, Screen
from scorepad.ui.state.game_links import app_address
from scorepad.ui.views.common import (
    VIEW_KEY,
    connected_loop,
    page_fonts,
    revision_marker,
    text_font,
)
from scorepad.ui.views.downloads import save_files
from scorepad.ui.views.imports import pick_records
from scorepad.ui.views.language import follow_the_language, locale_configuration
from scorepad.ui.views.link_dialog import link_dialog, paste_dialog
from scorepad.ui.views.page_tasks import in_background, then, when_rejoined
from scorepad.ui.views.players import players_dialog
from scorepad.ui.views.share_panel import share_dialog
from scorepad.ui.views.table_dialog import table_dialog

if TYPE_CHECKING:
    from flet.components.hooks.use_ref import MutableRef

SEED_COLOR = ft.Colors.GREEN

# The colours text is read on, and read in, made explicit for both themes (the rest of the
# scheme is still grown from the seed, in Flutter). Flet builds the Material scheme on the
# Flutter side where Python cannot read it, so only colours named here can be checked for
# contrast: tests/ui/test_contrast.py holds every text colour to WCAG AA (4.5:1) against every
# background below. The red suits use ``error`` (see SUIT_COLORS): a deep red in the light
# theme, a light red in the dark one, where the fixed RED_700 was 3.4:1 on the dark surface.
LIGHT_SCHEME = ft.ColorScheme(
    surface="#F7FBF1",
    surface_container_lowest="#FFFFFF",
    surface_container_low="#F1F5EC",
    surface_container="#EBEFE6",
    surface_container_high="#E6E9E0",
    surface_container_highest="#E0E4DB",
    primary_container="#C3EFB8",
    secondary_container="#D5E8CF",
    tertiary_container="#BCEBF2",
    error_container="#FFDAD6",
    on_surface="#181D17",
    on_surface_variant="#414941",
    error="#BA1A1A",
    on_error="#FFFFFF",
    on_error_container="#93000A",
)
DARK_SCHEME = ft.ColorScheme(
    surface="#10140F",
    surface_container_lowest="#0B0F0A",
    surface_container_low="#181D17",
    surface_container="#1C211B",
    surface_container_high="#262B25",
    surface_container_highest="#31362F",
    primary_container="#23502A",
    secondary_container="#3B4B38",
    tertiary_container="#1F4D53",
    error_container="#93000A",
    on_surface="#E0E4DB",
    on_surface_variant="#C1C9BE",
    error="#FFB4AB",
    on_error="#690005",
    on_error_container="#FFDAD6",
)
log = logging.getLogger("scorepad.ui")


@dataclass
class Revision(ft.Observable):
    """Bumped whenever the app state changes; the root component re-renders on it."""

    number: int = 0


@ft.component
def Root(app: ScorepadApp) -> list[ft.View]:
    # flet's use_state cannot infer a type from a class used as its initializer
    revision, _ = ft.use_state(Revision)  # type: ignore[arg-type]

    def bump() -> None:
        revision.number += 1

    ft.use_effect(lambda: app.subscribe(bump), [])
    page = ft.context.page

    def apply_theme() -> None:
        page.theme_mode = ft.ThemeMode.DARK if app.dark else ft.ThemeMode.LIGHT

    ft.on_updated(apply_theme, [app.dark])

    def apply_language() -> None:
        page.locale_configuration = locale_configuration(app.language.language)
        page.rtl = app.language.language.right_to_left  # the locale alone does not mirror
        dress(page, app.language.language.code)

    ft.on_updated(apply_language, [app.language.language])

    # the players' rename/merge/currency dialog, shown over the page while the state has one
    # (a hook: called on every render, with None when there is no dialog)
    try:
        dialog = (
            players_dialog(app)
            or share_dialog(app)
            or link_dialog(app)
            or paste_dialog(app)
            or table_dialog(app)
        )
    except Exception:  # a bug in the dialog: the screen under it still draws
        log.exception("could not draw the players', a share or the Table dialog")
        dialog = None
    ft.use_dialog(dialog)
    # a viewer is drawn the viewer screen, whatever the state says (the state keeps it there
    # too: this only makes sure no other screen's controls ever reach a viewer's page)
    screen = app.screen if app.access.can_edit else Screen.VIEWER
    try:
        view = view_of(screen)(app, page.width or 1024)
        view.controls.extend([revision_marker(app), SavedMarker(app)])
        return [view]
    except Exception as problem:  # a bug in a view: say so, keep the way home open
        log.exception("could not draw the %s screen", app.screen)
        return [broken_view(app, problem)]


ScreenView = Callable[[ScorepadApp, float], ft.View]
"""Draws one screen at a width: ``x_view`` in ``ui/views/x.py`` for the screen ``x``."""


def view_of(screen: Screen) -> ScreenView:
    """The function that draws ``screen``, found by the screen's name (see
    :class:`~scorepad.ui.state.screens.Screen`) and imported when the screen is first drawn
    (then Python's own module cache answers): a scorekeeper's window never imports the
    viewer's screen, nor a phone the forms."""
    module = importlib.import_module(screen.view_module)
    return cast(ScreenView, getattr(module, screen.view_function))


@ft.component
def SavedMarker(app: ScorepadApp) -> ft.Control:
    """An invisible node naming the newest revision that is durable: in a browser a change is
    saved only once IndexedDB has it, after the tap was drawn; tests wait for this one.

    A component of its own, drawn again alone when a save ends (:meth:`ScorepadApp.on_saved`),
    and with the screen when the screen is drawn. It stops following the saves when it leaves
    the page; the way to stop is kept in a ref and handed to the effect as its ``cleanup``:
    Flet 1.0 forgets a cleanup returned by the effect at the component's next render, which
    left one listener behind for every screen the marker had been drawn on."""
    _, redraw = ft.use_state(0)
    stop: MutableRef[Callable[[], None] | None] = ft.use_ref(None)

    def follow_saves() -> None:
        stop.current = app.on_saved(lambda: redraw(lambda times: times + 1))

    def stop_following() -> None:
        if stop.current is not None:
            stop.current()
            stop.current = None

    ft.use_effect(follow_saves, [], cleanup=stop_following)
    saved = app.revision if app.saved_through is None else app.saved_through
    return ft.Semantics(
        identifier=f"saved-{saved}",
        label=f"saved {saved}",
        content=ft.Container(width=1, height=1),
    )


def broken_view(app: ScorepadApp, problem: Exception) -> ft.View:
    return ft.View(
        key=VIEW_KEY,
        appbar=ft.AppBar(title=ft.Text("scorepad")),
        controls=[
            ft.Text(tr("This screen could not be drawn"), size=22, weight=ft.FontWeight.BOLD),
            ft.Text(
                tr("{problem}. Your games are saved; the details are in {place}.").format(
                    problem=f"{type(problem).__name__}: {describe(problem)}",
                    place=tr(app.log_place),
                ),
                selectable=True,
            ),
            ft.FilledButton(tr("Back to the games"), on_click=app.go_home),
        ],
    )


def dress(page: ft.Page, code: str) -> None:
    """The page's fonts and themes for a reader of the language ``code``: its script's font
    registered and used for all text where Flutter's own fonts lack the letters."""
    page.fonts = page_fonts(code)
    page.theme, page.dark_theme = (
        ft.Theme(color_scheme_seed=SEED_COLOR, color_scheme=scheme, font_family=text_font(code))
        for scheme in (LIGHT_SCHEME, DARK_SCHEME)
    )


def mount(page: ft.Page, app: ScorepadApp) -> None:
    """Set up the page and render the app into it."""
    page.title = "scorepad"
    dress(page, app.language.language.code)
    page.theme_mode = ft.ThemeMode.DARK if app.dark else ft.ThemeMode.LIGHT
    page.on_resize = lambda _: app.refresh()
    app.links.own_address = app_address(page.url, page.route)
    token = token_in(page.route)
    token_later: list[Callable[[str], None]] = [lambda _: None]
    """What a token typed later does (set below: the device is recognised with it)."""
    show_address = follow_the_address(
        page,
        app,
        on_token=lambda later: token_later[0](later),  # noqa: PLW0108  (read when called)
    )
    keep_awake_in_games(page, app)
    follow_the_language(page, app)
    remember_the_theme(page, app)
    come_back_to_the_open_game(page, app, opened_at=page.route or "/")
    save_files(page, app)
    pick_records(page, app)
    watch_the_table(page, app)
    token_later[0] = recognise_the_device(page, app, token, show_address)
    page.render_views(Root, app)


# --- the address bar and the screen in step ---------------------------------------------------

WAKELOCK_TIMEOUT_SECONDS = 5.0
"""How long the device gets to answer a request to keep the screen on (or let it sleep)."""


def follow_the_address(
    page: ft.Page, app: ScorepadApp, on_token: Callable[[str], object] = lambda _: None
) -> Callable[[], None]:
    """Keep the browser's address bar on the screen on show, and the screen on the address.

    The page opens at the address it was loaded with (a reload, or the browser coming back
    after the server restarted, lands on the same game). When the app moves to another
    screen the new address is pushed into the browser's history, so its back button goes
    back; when the user goes back (or types an address) the app shows that screen. Routes
    are plain Python (:mod:`scorepad.ui.state.routes`); this only wires them to Flet. An
    address typed with the scorekeeper's token (in a tab the browser kept, which Flet does
    not load afresh) goes to ``on_token``: the token always wins over the session kept.
    """
    address = [page.route or "/"]
    """The address the browser was last told or told us (Flet does not update page.route
    after a push until the browser answers)."""
    pushed: list[str] = []
    """Addresses pushed whose echo has not come back: the browser reports each push as a
    route change. An echo that arrives after a later tap (a game, then at once "All games")
    must not take the app back to the screen it has just left."""

    def address_changed(event: ft.RouteChangeEvent) -> None:
        if event.route in pushed:  # the browser confirming an address the app gave it
            del pushed[: pushed.index(event.route) + 1]
            return
        pushed.clear()
        address[0] = event.route
        token = token_in(event.route)
        if token is not None:
            on_token(token)
        app.routes.open(event.route)

    def screen_changed() -> None:
        route = app.routes.current
        if route == address[0]:
            return
        address[0] = route
        pushed.append(route)

        async def push() -> None:
            try:
                await page.push_route(route)
            except Exception as problem:  # a closed tab: the next load asks for its address
                log.warning("could not show the address %s: %s", route, problem)

        in_background(page, push)

    page.on_route_change = address_changed
    # a view popped (the system's back gesture): back to the list of games
    page.on_view_pop = lambda _: app.go_home()
    app.subscribe(screen_changed)
    app.routes.open(address[0])
    return screen_changed


def keep_awake_in_games(page: ft.Page, app: ScorepadApp) -> None:
    """Ask the device to keep the screen on while a game is open (or watched from a viewer's
    phone), and let it sleep elsewhere.

    A score pad lies on the table between rounds; a phone that locks itself makes the
    scorekeeper unlock it for every trick. Flet's Wakelock service asks the platform (in a
    browser, the Screen Wake Lock API); where it is refused or missing the app goes on as
    before, with a line in the log.
    """
    try:
        wakelock = ft.Wakelock()
    except Exception as problem:  # no wake lock service on this platform
        log.warning("the screen cannot be kept awake: %s", problem)
        return
    held = [False]

    def screen_changed() -> None:
        # a viewer watches the game too (and may bid from its seat at any moment)
        wanted = app.screen in (Screen.GAME, Screen.VIEWER)
        if wanted == held[0]:
            return
        held[0] = wanted

        async def ask() -> None:
            try:
                # Flet's Wakelock methods carry no type hints
                request = wakelock.enable() if wanted else wakelock.disable()  # type: ignore[no-untyped-call]
                await asyncio.wait_for(request, WAKELOCK_TIMEOUT_SECONDS)
            except Exception as problem:
                log.warning(
                    "could not %s the screen's wake lock: %s",
                    "take" if wanted else "release",
                    f"{type(problem).__name__}: {problem}",
                )

        in_background(page, ask)

    app.subscribe(screen_changed)
    screen_changed()


THEME_KEY = "scorepad.theme"
"""The device's own storage (a browser's local storage) keeps the theme chosen under this key,
as ``"dark"`` or ``"light"``."""


THEME_STORAGE_TIMEOUT_SECONDS = 5.0
"""How long the device gets to read or write the theme kept. Flet's calls to the client wait
forever by default, and an answer can be lost (a reload while it is on its way)."""


def remember_the_theme(page: ft.Page, app: ScorepadApp) -> None:
    """Keep the theme chosen on this device, and show it again on the next visit.

    The choice belongs to the device, not to the games (two phones at one table may differ),
    so it goes to Flet's SharedPreferences: the client's own storage, kept across a reload
    or a restart of the server. It is read once the page is up; a theme chosen before the
    answer arrives wins. Storage that fails only costs the choice (a line in the log).

    The read is asked again each time a browser (re)joins the session until one answers:
    after a server restart the open tab reconnects, the new session asks, the page reloads
    and the answer is lost; the reloaded page rejoins that same session, which had waited
    for its answer forever and so stayed light.
    """
    try:
        preferences = ft.SharedPreferences()
    except Exception as problem:  # no storage service on this platform
        log.warning("the theme chosen cannot be kept: %s", problem)
        return
    chosen_here = [False]
    answered = [False]

    def keep(dark: bool) -> None:
        chosen_here[0] = True

        async def write() -> None:
            try:
                await asyncio.wait_for(
                    preferences.set(THEME_KEY, "dark" if dark else "light"),
                    THEME_STORAGE_TIMEOUT_SECONDS,
                )
            except Exception as problem:
                log.warning(
                    "could not keep the theme chosen: %s", f"{type(problem).__name__}: {problem}"
                )

        in_background(page, write)

    async def restore() -> None:
        if answered[0] or chosen_here[0]:
            return
        try:
            kept = await asyncio.wait_for(preferences.get(THEME_KEY), THEME_STORAGE_TIMEOUT_SECONDS)
        except Exception as problem:  # asked again when a browser (re)joins the session
            log.warning("could not read the theme kept: %s", f"{type(problem).__name__}: {problem}")
            return
        answered[0] = True
        if chosen_here[0] or kept not in ("dark", "light"):
            return
        if (kept == "dark") != app.dark:
            app.dark = kept == "dark"
            app.refresh()

    app.keep_theme = keep
    when_rejoined(page, lambda: in_background(page, restore))
    in_background(page, restore)


OPEN_GAME_KEY = "scorepad.open_game"
"""The device's own storage keeps the id of the game open on it under this key (``""`` on the
list of games): a browser closed and opened again comes back to that game."""


def come_back_to_the_open_game(page: ft.Page, app: ScorepadApp, opened_at: str) -> None:
    """Open the game that was open when this device last left the app, as a reload does.

    A reload keeps the game's address; a browser (or the offline app on a phone's home
    screen) closed and opened again starts at ``/``, on the list of games, and the table had
    to find its game again. So the device keeps the game on show (what
    :meth:`~scorepad.ui.state.routes.Routes.game_to_keep` says), and a page opened at ``/``
    reads it back and opens that game, unless the user has gone somewhere first. Storage
    that fails only costs the way back (a line in the log).
    """
    try:
        preferences = ft.SharedPreferences()
    except Exception as problem:  # no storage service on this platform
        log.warning("the game open cannot be kept: %s", problem)
        return
    kept: list[str | None] = [None]
    """What the device keeps, as far as this page knows."""
    moved = [False]
    """Whether this page has left the list of games it opened on."""

    def screen_changed() -> None:
        if app.screen is not Screen.HOME:
            moved[0] = True
        if not app.access.can_edit:
            return
        wanted = app.routes.game_to_keep(kept[0])
        if wanted == kept[0]:
            return
        kept[0] = wanted

        async def write() -> None:
            try:
                await asyncio.wait_for(
                    preferences.set(OPEN_GAME_KEY, wanted or ""), THEME_STORAGE_TIMEOUT_SECONDS
                )
            except Exception as problem:
                log.warning(
                    "could not keep the game open: %s", f"{type(problem).__name__}: {problem}"
                )

        in_background(page, write)

    async def come_back() -> None:
        try:
            game_id = await asyncio.wait_for(
                preferences.get(OPEN_GAME_KEY), THEME_STORAGE_TIMEOUT_SECONDS
            )
        except Exception as problem:
            log.warning(
                "could not read the game left open: %s", f"{type(problem).__name__}: {problem}"
            )
            return
        if not isinstance(game_id, str) or not game_id or moved[0]:
            return
        kept[0] = game_id
        app.routes.come_back_to(game_id)

    screen_changed()
    app.subscribe(screen_changed)
    if opened_at.split("?", 1)[0] in ("", "/"):
        in_background(page, come_back)


# --- the shared table: who this device is, and changes made elsewhere ------------------------

DEVICE_KEY = "scorepad.device"
"""The device's own storage keeps this device's key under this name: the shared table knows
the scorekeeper's device, the PIN holders and the seats by it (a reload or a reconnect keeps
them all)."""

DEVICE_STORAGE_TIMEOUT_SECONDS = 5.0
"""How long the browser gets to read or keep the device key (like the theme's)."""

TOKEN_PARAMETER = "token"


def token_in(route: str | None) -> str | None:
    """The scorekeeper's token in the address the page was opened at, if any.

    >>> token_in("/game/1a2b3c4d?token=abc")
    'abc'
    >>> token_in("/") is None
    True
    """
    try:
        values = parse_qs(urlsplit(route or "").query).get(TOKEN_PARAMETER)
    except ValueError:
        return None
    return values[0] if values else None


def recognise_the_device(
    page: ft.Page, app: ScorepadApp, token: str | None, show_address: Callable[[], None]
) -> Callable[[str], None]:
    """Tell the table which device this session is, and with which token it was opened.

    The device key lives in the browser's own storage (made on the first visit), so a
    reload, a reconnect or a restart of the browser is the same device: the scorekeeper
    stays the scorekeeper, a PIN holder an editor, a player in their seat. The token is then
    dropped from the address bar (a screenshot of the screen must not hand it out). At an
    open table (no ``--share``) every session is the scorekeeper: nothing to read, no wait.

    A browser that does not answer in time (or has no storage) still gets this visit a key
    of its own, so the token in its address works; the kept key is asked for again when the
    browser rejoins the session, and recognised then (a seat or the PIN held under it).

    Returns what to do with a token that arrives later (an address typed into this tab):
    this device is then identified again with it, so it becomes the scorekeeper at once.
    """
    if not app.table.sharing:
        return lambda _: None
    opened_with = [token]
    try:
        preferences = ft.SharedPreferences()
    except Exception as problem:  # no storage service on this platform
        log.warning("the device key cannot be kept: %s", problem)
        preferences = None
    kept_key_read = [False]

    def identify(device: str) -> None:
        try:
            app.access.identify(device, opened_with[0])
        except Exception:
            log.exception("could not recognise this device at the table")
        show_address()

    def token_later(later: str) -> None:
        opened_with[0] = later
        if app.access.device is not None:
            identify(app.access.device)

    async def recognise() -> None:
        if kept_key_read[0]:
            return
        device = await read_or_make_device_key(preferences)
        if device is None:
            if app.access.device is None:  # this visit needs a key now: one of its own
                identify(secrets.token_urlsafe(16))
            return
        kept_key_read[0] = True
        if device != app.access.device:
            identify(device)

    when_rejoined(page, lambda: in_background(page, recognise))
    in_background(page, recognise)
    return token_later


async def read_or_make_device_key(preferences: ft.SharedPreferences | None) -> str | None:
    """The device key kept in the browser, or a new one (kept for the next visit); ``None``
    when the browser did not answer in time."""
    if preferences is None:
        return secrets.token_urlsafe(16)
    try:
        kept = await asyncio.wait_for(preferences.get(DEVICE_KEY), DEVICE_STORAGE_TIMEOUT_SECONDS)
    except Exception as problem:
        log.warning("could not read the device key: %s", f"{type(problem).__name__}: {problem}")
        return None
    if isinstance(kept, str) and kept:
        log.info("the browser's kept device key %s was read", device_hint(kept))
        return kept
    device = secrets.token_urlsafe(16)
    log.info("the browser had no device key (%r): a new one, %s", kept, device_hint(device))
    try:
        await asyncio.wait_for(preferences.set(DEVICE_KEY, device), DEVICE_STORAGE_TIMEOUT_SECONDS)
    except Exception as problem:  # this visit still has its key
        log.warning("could not keep the device key: %s", f"{type(problem).__name__}: {problem}")
    return device


def on_page_loop(page: ft.Page, job: Callable[[], None]) -> None:
    """Run ``job`` on ``page``'s own loop, as that page's code (its session draws what the
    job changes), from any thread or any other session's handler.

    ``page.run_task`` binds the page to the caller's context as well: it runs in a copy, so
    the session that announced a change keeps its own page.
    """

    async def run() -> None:
        job()

    if connected_loop(page) is None:
        return  # shown when the browser rejoins (see watch_the_table)
    try:
        contextvars.copy_context().run(page.run_task, run)
    except Exception as problem:  # a page never connected to a loop (a test without one)
        log.debug("page %s cannot be shown a change now: %s", page, problem)


SHEET_AFTER_SECONDS = 0.3
"""How long after a change heard from the table a viewer's score sheet follows its round: the
round and the leaderboard of every phone are drawn and sent first (a sheet with its chart is
most of a phone's drawing), and a person reading the new round does not see the wait."""


def watch_the_table(page: ft.Page, app: ScorepadApp) -> None:
    """Show every change made at the table by another session within a moment: a game
    changed (an editor's screen shows it as it is now, a viewer's follows it), the PIN
    changed (the other editors view only again), a seat claimed, a secret bid made.

    The table calls from whichever session made the change; each session hops onto its own
    page's loop to show it. The session stops listening when it ends (the browser gone for
    good: Flet closes the session after its timeout; a reconnect keeps it).
    """

    def heard(event: TableEvent) -> None:
        on_page_loop(page, lambda: show(event))

    def show(event: TableEvent) -> None:
        app.live.event(event)
        if app.live.sheet_behind:
            in_background(page, sheet_a_moment_later)

    async def sheet_a_moment_later() -> None:
        await asyncio.sleep(SHEET_AFTER_SECONDS)  # every phone's round drawn and sent first
        app.live.catch_up_sheet()

    stop = app.table.subscribe(heard)
    # a browser away (a phone asleep) misses the changes: shown when it rejoins
    when_rejoined(page, app.live.catch_up)
    page.on_close = then(page.on_close, stop)
