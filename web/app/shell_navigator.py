"""The shell's part that says what is on show: the address read into a route, the shell's own
screens drawn (home, rules, settings, statistics, about), a finished game replayed, and every
other screen handed to its table (or to the table of phones' join screen). Nothing here names
a game: each table's screens are the ones its package declares. Browser-free, as the shell."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from app import guide, screens, stats
from app.daily import Daily, tile_link
from app.kit import APP_NAME
from app.routes import Route, parse_hash
from app.shell_backup import Backup, version
from app.shell_settings import SettingsScreen
from app.storage import Record, saved_line
from app.table import Declared, Event, Host, Table
from app.tables import Tables
from engine.protocol import GameInfo


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


class Navigator:
    """The route on show (``route``; ``routed`` counts the routes handled, tests wait on it),
    the home screen's notice (``notice``), the rules pages fetched (``rules``) and the replay on
    show (``replaying``). ``actions`` are the home screen's own taps."""

    def __init__(self, host: Host, games: Sequence[GameInfo], declared: Mapping[str, Declared],
                 tables: Tables, daily: Daily, settings: SettingsScreen, backup: Backup,
                 open_join: Callable[[str, bool], None]) -> None:
        self.host = host
        self.page = host.page
        self.games = games
        self.info = {x.id: x for x in games}
        self.declared = declared
        self.tables = tables
        self.daily = daily
        self.settings = settings
        self.backup = backup
        # the table of phones' join screen, for its code (True: to watch, without a seat)
        self.open_join = open_join
        self.route = Route("home")
        self.routed = 0
        self.notice: str | None = None
        self.rules: dict[str, str | None] = {}
        self.replaying: stats.ReplayScreen | None = None  # a finished game's replay on show
        self.actions: dict[str, Callable[[Event], None]] = {
            "dismiss-notice": self.act_dismiss_notice, "guide-not-now": self.act_guide_not_now}

    # --- routing ---
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
            self.open_join(route.param("code"), route.param("watch") == "1")
        else:
            self.render()
        if not first:
            self.page.focus("h1")
            self.page.scroll_top()
        self.page.data("keys", self.keys())

    def go_home(self, notice: str | None) -> None:
        self.notice = notice
        self.page.replace_hash("#/")
        self.route = Route("home")
        self.render()

    def settle(self, route: Route, hash_: str | None) -> None:
        if hash_ is not None:
            self.page.replace_hash(hash_)
        self.route = route

    def current_table(self) -> Table | None:
        """The table of the game on show, made now if need be (its rules page does not make
        it)."""
        gid = self.route.game
        if not gid or gid not in self.tables:
            return None
        return self.tables.made.get(gid) if self.route.screen == "rules" else self.tables[gid]

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

    def open_replay(self, table: Table, gid: str) -> None:
        """A finished game of ``table``'s record, again (app.stats.ReplayScreen); one that
        cannot be rebuilt is said on the home screen."""
        entry = Record.load(self.host.store, table.game_id).find(gid)
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
        self.replaying = stats.ReplayScreen(self.host, table.game_id, replay)
        self.replaying.open(f"{table.name}: replay")
        self.set_title(f"{table.name}: replay")

    # --- the shell's own screens ---
    def render(self) -> None:
        r = self.route
        if r.screen == "rules":
            html = self.rules_html(r.game or "")
        elif r.screen == "settings":
            html = self.backup.question_html() or self.settings.html()
        elif r.screen == "stats":
            html = stats.all_html([
                stats.GameRecord(gid, d.name, Record.load(self.host.store, gid), d.scores)
                for gid, d in self.declared.items()])
        elif r.screen == "about":
            env = self.host.env
            html = screens.about_html(version(), env.offline_status(),
                                      [d.credit for d in self.declared.values()],
                                      env.keeping(), installer())
        else:
            html = self.home_html()
        self.page.region("screen", html)

    def rules_html(self, game_id: str) -> str:
        """A game's rules page, fetched the first time it is shown."""
        info = self.info[game_id]
        declared = self.declared.get(info.id)
        note = declared.rules_note if declared is not None else ""
        if not info.rules_page:
            return screens.rules_html(info, None, playable=declared is not None, note=note)
        if info.id not in self.rules:
            self.host.spawn(self.fetch_rules(info.id))
            return screens.rules_html(info, None, loading=True, note=note)
        return screens.rules_html(info, self.rules[info.id], playable=declared is not None,
                                  note=note)

    async def fetch_rules(self, game_id: str) -> None:
        self.rules[game_id] = await self.host.env.fetch_text(f"rules/{game_id}.html")
        if self.route.screen == "rules" and self.route.game == game_id:
            self.render()

    def tile_line(self, game_id: str) -> str | None:
        """The home tile's line: the table's, once made; else the one kept in the save; else
        (a save with none, as another tab of an older version writes) the table's, made now."""
        table = self.tables.made.get(game_id)
        if table is None:
            known, line = saved_line(self.host.store, game_id)
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
        seen = guide.dismissed(self.host.store)
        # a game's guided first game, until dismissed: under the tiles, so that the tiles the
        # first paint drew (scripts/build_site.py) do not move when the offers come
        offers = "".join(guide.offer_html(gid, d.name) for gid, d in self.declared.items()
                         if "learn" in d.screens and gid not in seen)
        return screens.home_html(self.games, actions, self.notice, Route("stats").href(),
                                 offers)

    def act_dismiss_notice(self, _ev: Event) -> None:
        self.notice = None
        self.render()

    def act_guide_not_now(self, ev: Event) -> None:
        """The home tile's offer of a guided first game, declined: not made again."""
        guide.dismiss(self.host.store, ev.get("game"))
        self.render()
