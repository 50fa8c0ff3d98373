"""The app's shell: the composition of its parts, the one entry of the page's events, and what
a table may use of it (:class:`app.table.Host`), handing each game's routes, taps and keys to
that game's table.

Browser-free: it speaks to the page only through :class:`app.page.Page` (batched updates) and
to the browser's services through an ``Env`` (storage, address, sharing, the thinking worker),
so the CPython tests drive it with a recording page. A table is a package of
:mod:`app.tables` found by its game's id (:class:`app.table.Table`); nothing here names a game.
Until a game is opened the shell knows only what its package declares (:class:`Declared`): a
start imports no game's code, and shows each game's saved game from the line kept in its save.

Its parts, each with its own job: what is on show (:class:`app.shell_navigator.Navigator`:
routing, the home, rules, statistics and about screens, a replay), the player's settings and
their screen (:class:`app.shell_settings.SettingsScreen`), moving the games to another device
(:class:`app.shell_backup.Backup`), the update bar (:class:`app.shell_update.UpdateBar`), what
runs on the page's loop (:class:`app.shell_tasks.Tasks`), and this phone's part in tables of
phones (:class:`app.net.phones.Phones`). A tap goes to the first part whose table of actions
has it, else to the table on show.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from app import settings as cfg
from app import tables as table_packages
from app.daily import Daily
from app.messages import Thinking
from app.net.phones import Phones
from app.net.wire import Wire
from app.page import Page
from app.routes import Route
from app.shell_backup import Backup
from app.shell_navigator import Navigator
from app.shell_settings import SettingsScreen
from app.shell_tasks import Tasks
from app.shell_update import UpdateBar
from app.storage import REFUSED, TabStore, saved_line
from app.table import Declared, Env, Event, Table, Task
from engine.registry import all_games

# the screens that show a game being played (the others show a page, a record or a set-up)
PLAYING_SCREENS = frozenset({"table", "watch", "learn", "daily", "guest"})
# what a share says: shared, copied (then what was), to copy by hand (then what); a daily
# result's words (True), a link's (False)
SHARED = {True: ("Result shared.", "Result copied: ", "Copy your result: "),
          False: ("Shared.", "Link copied: ", "Copy this link: ")}


class WiredEnv(Env, Protocol):
    """The browser as the shell's wiring sees it: with the page's WebRTC, which only the
    table of phones' part (:mod:`app.net`) uses, so that the tables' contract does not know
    it."""

    @property
    def wire(self) -> Wire: ...


class App:
    def __init__(self, page: Page, env: WiredEnv) -> None:
        self.page = page
        self.env = env
        # every read and write of this tab goes through it: refusals, other tabs' saves
        self.store = TabStore(env.store, on_refused=self.storage_refused)
        self.told: tuple[str, str] | None = None  # said when the event being handled is done
        self.games = all_games()
        self.info = {x.id: x for x in self.games}
        self.declared: dict[str, Declared] = table_packages.declarations(
            [x.id for x in self.games if x.available])
        self.problems: list[str] | None = []  # saves that could not be read, during start
        self.jobs = Tasks(page, self.say, self.flush)
        self.settings_screen = SettingsScreen(page, self.store, self.declared, self.say,
                                              self.render)
        # each made when its game is first opened (app.tables.Tables)
        self.tables = table_packages.Tables(self, self.declared, self.table_loaded)
        self.update = UpdateBar(page, env, self.tables)
        self.backup = Backup(page, self.store, self.tables, self.say, self.render,
                             self.settings_screen.reload)
        self.daily = Daily(self)  # the daily deal's screen of every table that has one
        # the page's WebRTC; this phone's seat at another phone's table (app.net)
        self.phones = Phones(page, self.store, env.wire, self.go, env.base_url)
        env.wire.stun = lambda: self.settings.stun  # asked each time a link is made
        self.navigator = Navigator(self, self.games, self.declared, self.tables, self.daily,
                                   self.settings_screen, self.backup, self.phones.open_join)
        # the shell's own taps and changes, by action (before any table's)
        self.actions: dict[str, Callable[[Event], None]] = {
            "share-done": self.act_share_done, **self.navigator.actions,
            **self.update.actions, **self.settings_screen.actions, **self.backup.actions,
            **self.phones.actions}
        self.changes: dict[str, Callable[[Event], bool]] = {
            **self.settings_screen.changes, "net-name": self.phones.on_change}

    # --- what a table may use of the shell (app.table.Host) ---
    @property
    def settings(self) -> cfg.Settings:
        return self.settings_screen.settings

    @settings.setter
    def settings(self, value: cfg.Settings) -> None:
        self.settings_screen.settings = value

    @property
    def route(self) -> Route:
        return self.navigator.route

    def go(self, hash_: str) -> None:
        self.env.go(hash_)

    def go_home(self, notice: str | None) -> None:
        self.navigator.go_home(notice)

    def settle(self, route: Route, hash_: str | None) -> None:
        self.navigator.settle(route, hash_)

    def render(self) -> None:
        self.navigator.render()

    def set_title(self, name: str | None = None) -> None:
        self.navigator.set_title(name)

    def spawn(self, coro: Awaitable[Any]) -> Task:
        return self.jobs.spawn(coro)

    @property
    def tasks(self) -> set[asyncio.Task[None]]:
        """The tasks running (tests wait until there are none)."""
        return self.jobs.running

    def save_settings(self) -> None:
        self.settings_screen.save()

    def cue(self, name: str) -> None:
        self.settings_screen.cue(name)

    def tell(self, text: str, kind: str = "info") -> None:
        """Say ``text`` when the event or task being handled is done, so that the table's
        own message about it does not hide it."""
        self.told = (text, kind)

    # --- start-up ---
    def start(self) -> None:
        for gid in self.tables:  # a save that does not keep its line: read it now
            if not saved_line(self.store, gid)[0]:
                self.tables[gid]  # made: it reads its save (and says if it cannot)
        problems, self.problems = self.problems or [], None
        shown = self.navigator
        shown.notice = " ".join(problems) or self.env.startup_notice or shown.notice
        self.settings_screen.apply()
        self.env.on_update(self.jobs.guard(self.update.show))
        shown.on_route(self.env.hash(), first=True)
        if shown.notice and self.current_table() is not None:
            self.say(shown.notice, "refusal")  # started on a table: say it there too
        self.page.hidden("boot", True)
        self.page.data("ready", "1")
        self.flush()

    def table_loaded(self, problem: str) -> None:
        """A table just made could not read its save (it was set aside): said on the home
        screen, and where the player is when the game was opened after the start."""
        if self.problems is not None:
            self.problems.append(problem)
        else:
            self.navigator.notice = problem
            self.tell(problem, "refusal")

    def storage_refused(self) -> None:
        """The browser refused a write (the store calls this once): play goes on in memory."""
        self.navigator.notice = REFUSED
        self.tell(REFUSED, "refusal")

    # --- events ---
    def handle(self, ev: Event) -> None:
        """The bridge's entry point (decoded by ``app.link``): one event, then one batch of
        updates."""
        try:
            if ev.kind == "route":
                self.navigator.on_route(ev.hash)
            elif ev.kind == "key":
                self.on_key(ev.key)
            elif ev.kind == "change":
                self.on_change(ev)
            elif ev.kind == "click":
                self.on_click(ev)
            elif ev.kind == "storage":
                self.on_storage(ev.key)
            elif ev.kind == "visible":
                table = self.current_table()
                if table is not None and self.route.screen == "table":
                    table.resume_here()
                elif table is not None and self.route.screen == "daily":
                    self.daily.open(table)  # back after midnight: the new day's deal
            elif ev.kind == "hidden":
                table = self.current_table()
                if table is not None:
                    table.hidden()
            elif ev.kind == "file" and ev.action == "import-file":
                self.backup.read_file(ev)
            elif ev.kind == "net":  # the page's WebRTC: a link's description, a message
                self.env.wire.heard(ev)
                self.phones.pump()
        except Exception as e:  # keep the app alive, tell the player
            traceback.print_exc()
            self.say(f"Something went wrong: {e}", "refusal")
        self.flush()

    def flush(self) -> None:
        """Send the batch, with what was to be told after the event's own message."""
        if self.told is not None:
            text, kind = self.told
            self.told = None
            self.say(text, kind)
        texts = self.page.pending().get("texts", {})
        if any(cls and "refusal" in cls.split() for _t, cls in texts.values()):
            self.cue("refused")  # every message line says a refusal with class "msg refusal"
        self.page.flush()

    def say(self, text: str, kind: str = "info") -> None:
        """The message line of the screen now shown (each table has one)."""
        table = self.current_table()
        if self.route.screen == "daily":
            self.page.text("daily-msg", text, f"msg {kind}")
        elif table is not None:
            table.say(text, kind)
        elif self.route.screen == "settings":
            self.page.text("settings-msg", text, f"msg {kind}")

    def thinking(self) -> Thinking:
        """What the page's thinking worker is for now (the link tells the page): "play" when
        computers play in the game on show, "pause" when such a game goes on elsewhere (the
        player reads its rules, or went home), "rest" when none does."""
        route = self.route
        table = self.tables.made.get(route.game) if route.game else None
        if table is not None and route.screen in PLAYING_SCREENS and table.computers.playing():
            return "play"
        if any(t.computers.playing() for t in self.tables.made.values()):
            return "pause"
        return "rest"

    def current_table(self) -> Table | None:
        """The table of the game on show, made now if need be (its rules page does not make
        it)."""
        return self.navigator.current_table()

    def on_storage(self, key: str) -> None:
        """Another tab of this app wrote ``key`` (bridge.js forwards the storage event for the
        saves, records and settings): show what it wrote."""
        if key == cfg.SETTINGS_KEY:
            self.settings_screen.reload()
            if self.route.screen == "settings":
                self.render()
            return
        for t in self.tables.made.values():  # a table not made yet reads the save when it is
            t.changed_elsewhere(key)
        if self.route.screen == "home" or self.route == Route("stats"):
            self.render()
        table = self.current_table()
        if self.route.screen == "daily" and table is not None and key.endswith(".daily"):
            self.daily.open(table)  # another tab's daily result

    def on_click(self, ev: Event) -> None:
        replaying = self.navigator.replaying
        if replaying is not None:  # nothing on a replayed table plays
            replaying.on_click(ev.action)
            return
        daily = self.current_table() if self.route.screen == "daily" else None
        if daily is not None and ev.action.startswith("daily-"):
            self.daily.on_click(daily, ev.action)
            return
        handler = self.actions.get(ev.action)
        if handler is not None:
            handler(ev)
            return
        table = self.current_table()
        if table is None and ev.get("game") in self.tables:
            table = self.tables[ev.get("game")]
        if table is not None:
            table.on_click(ev)

    def on_change(self, ev: Event) -> None:
        taken = self.changes.get(ev.action)
        if taken is not None and taken(ev):
            return
        table = self.current_table()
        if table is not None and self.navigator.replaying is None:
            table.on_change(ev)

    def on_key(self, key: str) -> None:
        replaying = self.navigator.replaying
        if replaying is not None:
            replaying.on_key(key)
            return
        table = self.current_table()
        if table is not None and self.route.screen in ("table", "watch", "guest"):
            table.on_key(key)

    def act_share_done(self, ev: Event) -> None:
        """The page's bridge shared a link (Web Share, or the clipboard, or neither)."""
        how, url = ev.get("how"), ev.get("url")
        result = ev.get("what") == "result"  # a daily result: its text, then its link
        text = f"{ev.get('text')} {url}".strip() if result else url
        shared, copied, copy = SHARED[result]
        if how == "shared":
            self.say(shared)
        elif how == "copied":
            self.say(copied + text, "share")
        elif how != "cancelled":
            self.say(copy + text, "share")
