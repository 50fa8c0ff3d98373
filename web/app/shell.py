"""The app's shell: routing, settings, the update bar, rules pages, and handing each game's
routes, taps and keys to that game's table module.

Browser-free: it speaks to the page only through :class:`app.page.Page` (batched updates) and
to the browser's services through an ``Env`` (storage, address, sharing, the thinking worker),
so the CPython tests drive it with a recording page. A table is a package of
:mod:`app.tables` found by its game's id (:class:`app.table.Table`); nothing here names a game.
Until a game is opened the shell knows only what its package declares (:class:`Declared`): a
start imports no game's code, and shows each game's saved game from the line kept in its save.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from app import guide, screens, stats
from app import settings as cfg
from app import tables as table_packages
from app.daily import Daily, tile_link
from app.kit import APP_NAME
from app.net.phones import Phones
from app.net.wire import Wire
from app.page import Page
from app.routes import Route, parse_hash
from app.shell_backup import Backup, version
from app.shell_settings import SettingsScreen
from app.shell_tasks import Tasks
from app.shell_update import UpdateBar
from app.storage import REFUSED, Record, TabStore, saved_line
from app.table import Declared, Env, Event, Table, Task
from engine.registry import all_games


def installer() -> str:
    """What installed the engine's distribution (micropip, in the browser: About says so), from
    its metadata; "" when it is not installed (imported from a source tree). Imported here: a
    start has no need of importlib.metadata."""
    import importlib.metadata

    try:
        dist = importlib.metadata.distribution("tabletop-engine")
    except importlib.metadata.PackageNotFoundError:
        return ""
    return (dist.read_text("INSTALLER") or "").strip()


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
        self.jobs = Tasks(page, self.say, self.flush)
        self.settings_screen = SettingsScreen(page, self.store, self.declared, self.say,
                                              self.render)
        # each made when its game is first opened (app.tables.Tables)
        self.tables = table_packages.Tables(self, self.declared, self.table_loaded)
        self.update = UpdateBar(page, env, self.tables)
        self.backup = Backup(page, self.store, self.tables, self.say, self.render,
                             self.settings_screen.reload)
        self.problems: list[str] | None = []  # saves that could not be read, during start
        self.route = Route("home")
        self.notice: str | None = None
        self.rules: dict[str, str | None] = {}
        self.routed = 0  # routes handled (tests wait on it)
        self.replaying: stats.ReplayScreen | None = None  # a finished game's replay on show
        self.daily = Daily(self)  # the daily deal's screen of every table that has one
        # the page's WebRTC; this phone's seat at another phone's table (app.net)
        self.phones = Phones(page, self.store, env.wire, self.go, env.base_url)
        env.wire.stun = lambda: self.settings.stun  # asked each time a link is made
        # the shell's own taps and changes, by action (before any table's)
        self.actions: dict[str, Callable[[Event], None]] = {
            "dismiss-notice": self.act_dismiss_notice, "guide-not-now": self.act_guide_not_now,
            "share-done": self.act_share_done, **self.update.actions,
            **self.settings_screen.actions, **self.backup.actions, **self.phones.actions}
        self.changes: dict[str, Callable[[Event], bool]] = {
            **self.settings_screen.changes, "net-name": self.phones.on_change}

    # --- what a table may use of the shell (app.table.Host), besides routing ---
    @property
    def settings(self) -> cfg.Settings:
        return self.settings_screen.settings

    @settings.setter
    def settings(self, value: cfg.Settings) -> None:
        self.settings_screen.settings = value

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

    # --- start-up ---
    def start(self) -> None:
        for gid in self.tables:  # a save that does not keep its line: read it now
            if not saved_line(self.store, gid)[0]:
                self.tables[gid]  # made: it reads its save (and says if it cannot)
        problems, self.problems = self.problems or [], None
        self.notice = " ".join(problems) or self.env.startup_notice or self.notice
        self.settings_screen.apply()
        self.env.on_update(self.jobs.guard(self.update.show))
        self.on_route(self.env.hash(), first=True)
        if self.notice and self.current_table() is not None:
            self.say(self.notice, "refusal")  # started on a table: say it there too
        self.page.hidden("boot", True)
        self.page.data("ready", "1")
        self.flush()

    def handle(self, ev: Event) -> None:
        """The bridge's entry point (decoded by ``app.link``): one event, then one batch of
        updates."""
        try:
            if ev.kind == "route":
                self.on_route(ev.hash)
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

    def table_loaded(self, problem: str) -> None:
        """A table just made could not read its save (it was set aside): said on the home
        screen, and where the player is when the game was opened after the start."""
        if self.problems is not None:
            self.problems.append(problem)
        else:
            self.notice = problem
            self.tell(problem, "refusal")

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

    def tell(self, text: str, kind: str = "info") -> None:
        """Say ``text`` when the event or task being handled is done, so that the table's
        own message about it does not hide it."""
        self.told = (text, kind)

    def storage_refused(self) -> None:
        """The browser refused a write (the store calls this once): play goes on in memory."""
        self.notice = REFUSED
        self.tell(REFUSED, "refusal")

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

    def say(self, text: str, kind: str = "info") -> None:
        """The message line of the screen now shown (each table has one)."""
        table = self.current_table()
        if self.route.screen == "daily":
            self.page.text("daily-msg", text, f"msg {kind}")
        elif table is not None:
            table.say(text, kind)
        elif self.route.screen == "settings":
            self.page.text("settings-msg", text, f"msg {kind}")

    def current_table(self) -> Table | None:
        """The table of the game on show, made now if need be (its rules page does not make
        it)."""
        gid = self.route.game
        if not gid or gid not in self.tables:
            return None
        return self.tables.made.get(gid) if self.route.screen == "rules" else self.tables[gid]

    # --- routing ---
    def go(self, hash_: str) -> None:
        self.env.go(hash_)

    def go_home(self, notice: str | None) -> None:
        self.notice = notice
        self.page.replace_hash("#/")
        self.route = Route("home")
        self.render()

    def settle(self, route: Route, hash_: str | None) -> None:
        if hash_ is not None:
            self.page.replace_hash(hash_)
        self.route = route

    def on_route(self, hash_: str, first: bool = False) -> None:
        route = parse_hash(hash_, tuple(self.info), self.screens())
        if route.error:
            self.notice = route.error
            self.page.replace_hash("#/")
        old = self.current_table()
        self.route = route
        self.backup.forget()
        self.routed += 1
        self.page.data("routed", str(self.routed))
        new = self.current_table()
        if old is not None and (old is not new or route.screen not in ("table", "stats")):
            old.leave(route)
        if self.replaying is not None:
            self.replaying.stop()
            self.replaying = None
        self.set_title()
        if new is not None and route.screen == "daily":
            self.daily.open(new)
        elif new is not None and route.screen == "replay":
            self.open_replay(new, route.param("gid"))
        elif new is not None and route.screen in ("table", "stats", "setup", "watch", "learn",
                                                  "guest"):
            new.open(route)
        elif route.screen == "join":
            self.phones.open_join(route.param("code"))
        else:
            self.render()
        if not first:
            self.page.focus("h1")
            self.page.scroll_top()
        self.page.data("keys", self.keys())

    def screens(self) -> dict[str, frozenset[str]]:
        """Each table's screens, by game id (what links may open)."""
        return {gid: d.screens for gid, d in self.declared.items()}

    def keys(self) -> str:
        t = self.current_table()
        if self.route.screen == "replay":
            return stats.REPLAY_KEYS
        return t.keys() if t is not None and self.route.screen not in ("rules", "daily") else ""

    def set_title(self, name: str | None = None) -> None:
        r = self.route
        if name is None:
            if r.screen == "rules":
                name = f"Rules of {self.info[r.game or ''].name}"
            else:
                name = {"settings": "Settings", "about": "About",
                        "stats": "Statistics"}.get(r.screen, "")
        self.page.title(f"{name} · {APP_NAME}" if name else APP_NAME)

    def render(self) -> None:
        r = self.route
        if r.screen == "rules":
            info = self.info[r.game or ""]
            declared = self.declared.get(info.id)
            note = declared.rules_note if declared is not None else ""
            if not info.rules_page:
                html = screens.rules_html(info, None, playable=declared is not None, note=note)
            elif info.id not in self.rules:
                self.spawn(self.fetch_rules(info.id))
                html = screens.rules_html(info, None, loading=True, note=note)
            else:
                html = screens.rules_html(info, self.rules[info.id],
                                          playable=declared is not None, note=note)
        elif r.screen == "settings":
            html = self.backup.question_html() or self.settings_screen.html()
        elif r.screen == "stats":
            html = stats.all_html([
                stats.GameRecord(gid, d.name, Record.load(self.store, gid), d.scores)
                for gid, d in self.declared.items()])
        elif r.screen == "about":
            html = screens.about_html(version(), self.env.offline_status(),
                                      [d.credit for d in self.declared.values()],
                                      self.env.keeping(), installer())
        else:
            html = self.home_html()
        self.page.region("screen", html)

    def tile_line(self, game_id: str) -> str | None:
        """The home tile's line: the table's, once made; else the one kept in the save; else
        (a save with none, as another tab of an older version writes) the table's, made now."""
        table = self.tables.made.get(game_id)
        if table is None:
            known, line = saved_line(self.store, game_id)
            if known:
                return line
            table = self.tables[game_id]
        return table.summary()

    def home_html(self) -> str:
        actions = {gid: d.tile(screens.rules_link(gid), self.tile_line(gid))
                   for gid, d in self.declared.items()}
        for gid, d in self.declared.items():  # a game's daily deal
            if "daily" in d.screens:
                actions[gid] += tile_link(gid)
        seen = guide.dismissed(self.store)
        for gid, d in self.declared.items():  # a game's guided first game, until dismissed
            if "learn" in d.screens and gid not in seen:
                actions[gid] += guide.offer_html(gid, d.name)
        return screens.home_html(self.games, actions, self.notice, Route("stats").href())

    def open_replay(self, table: Table, gid: str) -> None:
        """A finished game of ``table``'s record, again (app.stats.ReplayScreen); one that
        cannot be rebuilt is said on the home screen."""
        entry = Record.load(self.store, table.game_id).find(gid)
        try:
            if entry is None:
                raise ValueError("it is not among the games kept on this device")
            replay = table.replay(entry)
        except Exception as e:
            self.notice = f"This {table.name} game cannot be replayed: {e}."
            self.route = Route("home")
            self.page.replace_hash("#/")
            self.render()
            return
        self.replaying = stats.ReplayScreen(self, table.game_id, replay)
        self.replaying.open(f"{table.name}: replay")
        self.set_title(f"{table.name}: replay")

    async def fetch_rules(self, game_id: str) -> None:
        self.rules[game_id] = await self.env.fetch_text(f"rules/{game_id}.html")
        if self.route.screen == "rules" and self.route.game == game_id:
            self.render()

    # --- events ---
    def on_click(self, ev: Event) -> None:
        if self.replaying is not None:  # nothing on a replayed table plays
            self.replaying.on_click(ev.action)
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
        if table is not None and self.replaying is None:
            table.on_change(ev)

    def on_key(self, key: str) -> None:
        if self.replaying is not None:
            self.replaying.on_key(key)
            return
        table = self.current_table()
        if table is not None and self.route.screen in ("table", "watch", "guest"):
            table.on_key(key)

    # --- actions of the shell ---
    def act_dismiss_notice(self, _ev: Event) -> None:
        self.notice = None
        self.render()

    def act_guide_not_now(self, ev: Event) -> None:
        """The home tile's offer of a guided first game, declined: not made again."""
        guide.dismiss(self.store, ev.get("game"))
        self.render()

    def act_share_done(self, ev: Event) -> None:
        """The page's bridge shared a link (Web Share, or the clipboard, or neither)."""
        how, url = ev.get("how"), ev.get("url")
        if ev.get("what") == "result":  # a daily result: its text, then its link
            text = f"{ev.get('text')} {url}".strip()
            if how == "shared":
                self.say("Result shared.")
            elif how == "copied":
                self.say(f"Result copied: {text}", "share")
            elif how != "cancelled":
                self.say(f"Copy your result: {text}", "share")
            return
        if how == "shared":
            self.say("Shared.")
        elif how == "copied":
            self.say(f"Link copied: {url}", "share")
        elif how != "cancelled":
            self.say(f"Copy this link: {url}", "share")
