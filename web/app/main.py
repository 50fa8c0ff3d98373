"""The page layer: the only module that touches the browser.

It keeps the app's state, turns clicks, keys and hash changes into engine actions, and puts the
HTML from :mod:`app.views` into the page in a few large updates. Everything it decides is in
the plain-Python modules beside it, which the CPython tests cover.
"""

from __future__ import annotations

import asyncio
import traceback
from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

import engine
from app import game as g
from app import views as v
from app.routes import PM, Route, parse_hash
from app.sim import Simulation
from engine.errors import IllegalAction
from engine.games.perpetual_motion import GAME, Deal, Gather, Move
from engine.registry import all_games

GAMES = all_games()
GAME_IDS = tuple(x.id for x in GAMES)
INFO = {x.id: x for x in GAMES}
FLY_MS = 220  # one card's flight
ROW_STAGGER_MS = 70  # between the four cards of a row
MOVE_PAUSE_S = 0.30  # between the steps of one Deal


class BrowserStore:
    """localStorage, or memory when the browser refuses it (private mode, quota)."""

    def __init__(self) -> None:
        self.mem = g.DictStore()
        try:
            self.ls: Any = window.localStorage
            self.ls.getItem("tabletop.probe")
        except Exception:
            self.ls = None

    def get(self, key: str) -> str | None:
        if self.ls is None:
            return self.mem.get(key)
        try:
            val = self.ls.getItem(key)
        except Exception:
            return self.mem.get(key)
        return None if is_none(val) else str(val)

    def set(self, key: str, value: str) -> None:
        self.mem.set(key, value)
        if self.ls is not None:
            try:
                self.ls.setItem(key, value)
            except Exception:
                pass

    def remove(self, key: str) -> None:
        self.mem.remove(key)
        if self.ls is not None:
            try:
                self.ls.removeItem(key)
            except Exception:
                pass


def reduced_motion() -> bool:
    try:
        return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:
        return False


class App:
    def __init__(self) -> None:
        self.store = BrowserStore()
        self.settings = g.load_settings(self.store)
        self.session: g.Session | None = None
        self.route = Route("home")
        self.notice: str | None = None
        self.selected: int | None = None
        self.hint: Move | None = None
        self.autoplay = False
        self.busy = False
        self.deals_queued = 0  # Deal pressed again while a deal was still moving
        self.sim: Simulation | None = None
        self.sim_running = False
        self.sim_games = 10000
        self.sim_seed = 1
        self.rules: dict[str, str | None] = {}
        self.tasks: set[Any] = set()
        self.screen = document.getElementById("screen")
        self.proxies: list[Any] = []
        self.routed = 0  # hash changes handled (tests wait on it)

    # --- start-up ---
    def start(self) -> None:
        loaded = g.load(self.store)
        self.session = loaded.session
        if loaded.problem:
            self.notice = (f"Your saved game could not be read ({loaded.problem}). It was set "
                           f"aside under “{loaded.set_aside_as}” and a new game can start.")
        self.apply_settings()
        for name, fn in (("click", self.on_click), ("keydown", self.on_key),
                         ("change", self.on_change)):
            p = create_proxy(self.guard(fn))
            self.proxies.append(p)
            document.addEventListener(name, p)
        p = create_proxy(self.guard(lambda _e: self.on_route()))
        self.proxies.append(p)
        window.addEventListener("hashchange", p)
        self.hook_updates()
        self.on_route(first=True)
        boot = document.getElementById("boot")
        if not is_none(boot):
            boot.hidden = True
        document.documentElement.dataset.ready = "1"

    def guard(self, fn: Any) -> Any:
        def wrapped(*args: Any) -> Any:
            try:
                return fn(*args)
            except Exception as e:  # keep the app alive, tell the player
                traceback.print_exc()
                self.say(f"Something went wrong: {e}", "refusal")
                return None
        return wrapped

    def spawn(self, coro: Any) -> None:
        async def run() -> None:
            try:
                await coro
            except Exception as e:
                traceback.print_exc()
                self.say(f"Something went wrong: {e}", "refusal")
        task = asyncio.ensure_future(run())
        self.tasks.add(task)
        self.mark_busy()
        task.add_done_callback(self.task_done)

    def task_done(self, task: Any) -> None:
        self.tasks.discard(task)
        self.mark_busy()

    def mark_busy(self) -> None:
        # Tests and benchmarks wait on this: "1" while an animation, auto-play or simulation runs.
        document.documentElement.dataset.busy = "1" if self.tasks else "0"

    def apply_settings(self) -> None:
        document.documentElement.classList.toggle("four-colour", self.settings.four_colour)

    # --- update bar (window.pwa from pwa.js) ---
    def hook_updates(self) -> None:
        pwa = getattr(window, "pwa", None)
        if is_none(pwa):
            return
        try:
            if bool(pwa.updateReady):
                self.show_update()
            p = create_proxy(self.guard(lambda *_a: self.show_update()))
            self.proxies.append(p)
            pwa.onUpdate(p)
        except Exception:
            traceback.print_exc()

    def show_update(self) -> None:
        bar = document.getElementById("update-bar")
        if not is_none(bar):
            bar.innerHTML = v.update_bar_html()
            bar.hidden = False
            document.documentElement.classList.add("has-update")  # the table makes room

    def apply_update(self) -> None:
        self.save()
        pwa = getattr(window, "pwa", None)
        if not is_none(pwa):
            pwa.applyUpdate()

    # --- routing ---
    def go(self, hash_: str) -> None:
        if str(window.location.hash) == hash_:
            self.on_route()
        else:
            window.location.hash = hash_

    def replace_hash(self, hash_: str) -> None:
        if str(window.location.hash) != hash_:
            window.history.replaceState(None, "", hash_)

    def on_route(self, first: bool = False) -> None:
        route = parse_hash(str(window.location.hash), GAME_IDS)
        if route.error:
            self.notice = route.error
            self.replace_hash("#/")
        if route.screen != "table":
            self.stop_autoplay()
        if route.screen != "stats" and self.sim is not None:
            self.sim.stop()
        self.route = route
        self.routed += 1
        document.documentElement.dataset.routed = str(self.routed)
        self.selected = None
        self.hint = None
        if route.screen == "table":
            self.open_table(route)
        else:
            self.render()
        if not first:
            title = document.querySelector("h1")
            if not is_none(title):
                title.setAttribute("tabindex", "-1")
                title.focus()
            window.scrollTo(0, 0)

    def open_table(self, route: Route) -> None:
        s = self.session
        if route.deal is None:
            if s is None:
                self.new_session(g.random_deal_number())
                return
            if s.deal is not None:
                self.replace_hash(f"#/{PM}/deal/{s.deal}")
            self.render()
            return
        if s is not None and s.deal == route.deal:
            self.render()
            return
        if s is not None and not s.over and s.view.deals > 0:  # a game really in progress
            self.screen.innerHTML = v.offer_html(self.summary(s), route.deal)
            return
        self.new_session(route.deal)

    def new_session(self, deal: int) -> None:
        self.stop_autoplay()
        manual = self.session.manual if self.session is not None else self.settings.manual
        self.session = g.Session.new(deal, manual=manual)
        self.selected = None
        self.hint = None
        self.save()
        self.route = Route("table", game=PM, deal=deal)
        if str(window.location.hash).startswith(f"#/{PM}"):
            self.replace_hash(f"#/{PM}/deal/{deal}")
            self.render()
        else:
            self.go(f"#/{PM}/deal/{deal}")

    @staticmethod
    def summary(s: g.Session) -> v.SavedSummary:
        return v.SavedSummary(s.deal, s.view.round, s.over)

    # --- rendering ---
    def set_title(self) -> None:
        r, s = self.route, self.session
        if r.screen == "table" and s is not None:
            name = f"Perpetual Motion, deal {s.deal}" if s.deal is not None else "Perpetual Motion"
        elif r.screen == "rules":
            name = f"Rules of {INFO[r.game or PM].name}"
        else:
            name = {"stats": "Statistics", "settings": "Settings", "about": "About"}.get(
                r.screen, "")
        document.title = f"{name} · Tabletop" if name else "Tabletop"

    def render(self) -> None:
        r = self.route
        self.set_title()
        if r.screen == "table":
            self.screen.innerHTML = v.table_html()
            self.render_table()
            return
        if r.screen == "rules":
            info = INFO[r.game or PM]
            if not info.rules_page:  # no rules page yet: nothing to fetch
                html = v.rules_html(info, None)
            elif info.id not in self.rules:
                self.spawn(self.fetch_rules(info.id))
                html = v.rules_html(info, None, loading=True)
            else:
                html = v.rules_html(info, self.rules[info.id])
        elif r.screen == "stats":
            html = v.stats_html(g.load_record(self.store), self.sim_games, self.sim_seed,
                                self.sim, self.sim_running)
        elif r.screen == "settings":
            html = v.settings_html(self.settings)
        elif r.screen == "about":
            html = v.about_html(engine.__version__, self.offline_status())
        else:
            s = self.session
            html = v.home_html(GAMES, self.summary(s) if s else None, self.notice)
        self.screen.innerHTML = html

    def table_ui(self) -> v.TableUI:
        s = self.session
        assert s is not None
        record = g.load_record(self.store) if s.over else None
        return v.TableUI(manual=s.manual, selected=self.selected, hint=self.hint,
                         autoplay=self.autoplay, busy=self.busy, speed=self.settings.speed,
                         record=record)

    def render_table(self) -> None:
        s = self.session
        if s is None or self.route.screen != "table":
            return
        board = document.getElementById("pm-board")
        controls = document.getElementById("pm-controls")
        if is_none(board) or is_none(controls):
            return
        view, outcome, ui = s.view, s.outcome, self.table_ui()
        targets: list[int] = []
        if self.selected is not None:
            targets = [a.dst for a in GAME.legal_actions(s.state)
                       if isinstance(a, Move) and a.src == self.selected]
        board.innerHTML = v.board_html(view, outcome, ui, targets)
        self.render_controls(view, outcome, ui)

    def render_controls(self, view: Any = None, outcome: Any = None,
                        ui: v.TableUI | None = None) -> None:
        s = self.session
        controls = document.getElementById("pm-controls")
        if s is None or is_none(controls) or self.route.screen != "table":
            return
        if ui is None:
            view, outcome, ui = s.view, s.outcome, self.table_ui()
        focused = document.activeElement
        fid = str(focused.id) if not is_none(focused) and focused.id else ""
        controls.innerHTML = v.controls_html(view, outcome, ui)
        if fid:  # keep the keyboard where it was
            el = document.getElementById(fid)
            if not is_none(el) and not el.disabled:
                el.focus()

    def say(self, text: str, kind: str = "info") -> None:
        el = document.getElementById("pm-msg")
        if is_none(el):
            return
        el.textContent = text
        el.className = f"msg {kind}"

    def save(self) -> None:
        if self.session is not None:
            if self.session.over:
                g.count_finished(self.store, self.session)
            g.save(self.store, self.session)

    # --- events ---
    def on_click(self, event: Any) -> None:
        el = event.target.closest("[data-action]")
        if is_none(el):
            return
        tag = str(el.tagName).lower()
        if tag in ("select", "input"):
            return
        action = str(el.dataset.action)
        handler = getattr(self, "act_" + action.replace("-", "_"), None)
        if handler is not None:
            handler(el)

    def on_change(self, event: Any) -> None:
        el = event.target
        raw = el.getAttribute("data-action") if not is_none(el) else None
        action = "" if is_none(raw) else str(raw)
        if action in ("speed", "setting-speed"):
            val = str(el.value)
            if val in g.SPEEDS:
                self.settings.speed = val
                g.save_settings(self.store, self.settings)
        elif action == "sim-games":
            self.sim_games = int(str(el.value))

    def on_key(self, event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        tag = str(event.target.tagName).lower() if event.target else ""
        if tag in ("input", "select", "textarea"):
            return
        if self.route.screen != "table" or self.session is None:
            return
        key = str(event.key)
        if key in ("1", "2", "3", "4"):
            self.tap_stack(int(key) - 1)
        elif key in ("d", "D"):
            self.act_deal(None)
        elif key in ("h", "H") and self.session.manual:
            self.act_hint(None)
        elif key in ("a", "A"):
            if self.autoplay:
                self.stop_autoplay()
            else:
                self.act_autoplay(None)
        elif key == "Escape":
            if self.autoplay:
                self.stop_autoplay()
            elif self.selected is not None:
                self.selected = None
                self.render_table()
        else:
            return
        event.preventDefault()

    # --- actions: home / navigation ---
    def act_dismiss_notice(self, _el: Any) -> None:
        self.notice = None
        self.render()

    def act_new_deal(self, _el: Any) -> None:
        self.new_session(g.random_deal_number())
        self.say("A new deal: tap Deal to deal the first row.")

    def act_restart(self, _el: Any) -> None:
        s = self.session
        if s is None or s.deal is None:
            return
        self.stop_autoplay()
        self.session = s.restart()
        self.selected = None
        self.hint = None
        self.save()
        self.render_table()
        self.say(f"Deal {s.deal} starts again from the beginning.")

    def act_open_deal(self, el: Any) -> None:
        self.new_session(int(str(el.dataset.deal)))

    def act_continue(self, _el: Any) -> None:
        s = self.session
        if s is not None and s.deal is not None:
            self.replace_hash(f"#/{PM}/deal/{s.deal}")
        self.route = Route("table", game=PM, deal=s.deal if s else None)
        self.render()

    def act_apply_update(self, _el: Any) -> None:
        self.apply_update()

    def act_toggle_setting(self, el: Any) -> None:
        key = str(el.dataset.key)
        if key == "four_colour":
            self.settings.four_colour = not self.settings.four_colour
        elif key == "manual":
            self.settings.manual = not self.settings.manual
        g.save_settings(self.store, self.settings)
        self.apply_settings()
        self.render()
        el2 = document.getElementById(f"set-{key}")
        if not is_none(el2):
            el2.focus()

    # --- actions: the table ---
    def act_stack(self, el: Any) -> None:
        self.tap_stack(int(str(el.dataset.i)))

    def tap_stack(self, i: int) -> None:
        s = self.session
        if s is None or self.busy or self.autoplay:
            return
        view = s.view
        if s.over:
            self.say("The game is over: start a new deal or restart this one.")
            return
        if not s.manual:
            self.say(v.describe_stack(view.stacks[i], i).capitalize()
                     + ". Forced moves are made for you; turn on Tap moves to make them.")
            return
        if self.selected is None:
            if not view.stacks[i]:
                self.say(f"Stack {i + 1} is empty: there is no card to move.", "refusal")
                return
            self.selected = i
            self.hint = None
            self.render_table()
            card = view.stacks[i][-1]
            self.say(f"The {card.name} is selected: tap the stack to move it onto.")
            return
        src = self.selected
        self.selected = None
        if src == i:
            self.render_table()
            self.say("Nothing selected.")
            return
        self.spawn(self.perform_manual(Move(src, i)))

    async def perform_manual(self, move: Move) -> None:
        try:
            await self.perform(move, animate=not reduced_motion())
        except IllegalAction as e:
            self.render_table()
            self.say(f"Not allowed: {e.reason}.", "refusal")
            return
        s = self.session
        assert s is not None
        if s.over:
            self.say(s.outcome.summary)
        elif s.pending() is None:
            self.say("Done: no forced move is left. " + (
                "Deal the next row." if s.view.deck_count else "Tap Next round to gather."))
        else:
            self.say("Moved. Another forced move is waiting.")

    def act_hint(self, _el: Any) -> None:
        s = self.session
        if s is None or s.over or self.busy:
            return
        move = s.pending()
        if move is None:
            self.hint = None
            self.render_table()
            self.say("No forced move is waiting: " + (
                "deal the next row." if s.view.deck_count else "tap Next round to gather."))
            return
        self.hint = move
        self.selected = None
        self.render_table()
        card = s.view.stacks[move.src][-1]
        self.say(f"Hint: the {card.name} on stack {move.src + 1} goes onto stack "
                 f"{move.dst + 1}.", "hint")

    def act_deal(self, _el: Any) -> None:
        s = self.session
        if s is None or self.autoplay or s.over:
            return
        if self.busy:  # a deal is still moving: do the next one right after it
            self.deals_queued = min(self.deals_queued + 1, 3)
            return
        try:
            plan = s.step_plan()
        except IllegalAction as e:
            self.say(f"Not yet: {e.reason}.", "refusal")
            return
        self.selected = None
        self.hint = None
        self.spawn(self.run_plan(plan))

    async def run_plan(self, plan: list[Any]) -> None:
        s = self.session
        assert s is not None
        animate = not reduced_motion()
        self.busy = True
        before = s.view
        moved: list[tuple[str, int]] = []
        try:
            for k, action in enumerate(plan):
                if self.session is not s:  # New deal or Restart meanwhile: drop the rest
                    return
                if isinstance(action, Move):
                    moved.append((s.view.stacks[action.src][-1].name, action.dst))
                await self.perform(action, animate=animate, render=animate or k == len(plan) - 1)
                if animate:  # let the card(s) land before the next step redraws the table
                    await asyncio.sleep(MOVE_PAUSE_S if isinstance(action, Move) else
                                        (ROW_STAGGER_MS * 3 + FLY_MS + 40) / 1000)
        finally:
            self.busy = False
            self.render_controls()
        if self.session is not s:
            self.deals_queued = 0
            return
        self.say(self.describe_plan(before, plan, moved))
        if self.deals_queued and self.session is s and not s.over:
            self.deals_queued -= 1
            self.act_deal(None)
        else:
            self.deals_queued = 0

    def describe_plan(self, before: Any, plan: list[Any],
                      moved: list[tuple[str, int]] | None = None) -> str:
        s = self.session
        assert s is not None
        after = s.view
        first = plan[0] if plan else None
        if isinstance(first, Gather):
            text = (f"Stacks gathered: round {after.round} starts." if not s.over else "")
        elif isinstance(first, Deal):
            if len(after.discarded) > len(before.discarded) and len(plan) == 1:
                text = "Four of one rank: the row is discarded."
            else:
                moves = len(plan) - 1
                text = ("Dealt a row" + (f", then {moves} forced move{'s' if moves != 1 else ''}."
                                          if moves else ": no forced move."))
                if moves == 1 and moved:
                    name, dst = moved[0]
                    text = f"Dealt a row; the {name} was moved onto stack {dst + 1}."
                if s.manual and s.pending() is not None:
                    text = "Dealt a row: make the forced moves by tapping the stacks."
        else:
            text = ""
        if s.over:
            text = (text + " " if text else "") + str(s.outcome.summary)
        return text

    async def perform(self, action: Any, animate: bool, render: bool = True) -> None:
        """Apply one action (IllegalAction: nothing changes), save, show it moving."""
        s = self.session
        assert s is not None
        before = s.view
        sources: list[tuple[str, Any]] = []
        if animate and isinstance(action, Move):
            card = before.stacks[action.src][-1] if before.stacks[action.src] else None
            el = (self.screen.querySelector(f'[data-card="{card}"]') if card is not None
                  else None)
            if not is_none(el):
                sources.append((str(card), el.getBoundingClientRect()))
        s.apply(action)
        self.save()
        if not render:
            return
        after = s.view
        if animate and isinstance(action, Deal):
            deck_el = document.getElementById("pm-deck")
            rect = deck_el.getBoundingClientRect() if not is_none(deck_el) else None
            if rect is not None:
                if len(after.discarded) > len(before.discarded):
                    sources.append((str(after.discarded[-1]), rect))
                else:
                    sources.extend((str(st[-1]), rect) for st in after.stacks if st)
        self.render_table()
        for k, (card, rect) in enumerate(sources):
            self.fly(card, rect, k * ROW_STAGGER_MS)

    def fly(self, card: str, rect: Any, delay: int) -> None:
        el = self.screen.querySelector(f'[data-card="{card}"]')
        if is_none(el):
            return
        now = el.getBoundingClientRect()
        dx, dy = float(rect.left) - float(now.left), float(rect.top) - float(now.top)
        if abs(dx) < 1 and abs(dy) < 1:
            return
        el.classList.add("flying")
        el.animate(to_js([{"transform": f"translate({dx:.1f}px,{dy:.1f}px)"},
                          {"transform": "translate(0px,0px)"}]),
                   to_js({"duration": FLY_MS, "delay": delay, "easing": "ease-out",
                          "fill": "backwards"}))

    # --- auto-play ---
    def act_autoplay(self, _el: Any) -> None:
        s = self.session
        if s is None or s.over or self.autoplay or self.busy:
            return
        self.autoplay = True
        self.selected = None
        self.hint = None
        self.render_table()
        self.say("Auto-playing… tap Stop to take over.")
        self.spawn(self.run_autoplay())

    def act_stop(self, _el: Any) -> None:
        self.stop_autoplay()

    def stop_autoplay(self) -> None:
        if self.autoplay:
            self.autoplay = False
            self.render_table()
            self.say("Stopped.")

    async def run_autoplay(self) -> None:
        s = self.session
        assert s is not None
        try:
            while self.autoplay and self.session is s and not s.over:
                delay_ms = g.SPEEDS.get(self.settings.speed, 450)
                if delay_ms == 0:
                    for _ in range(400):
                        action = s.next_action()
                        if action is None:
                            break
                        s.apply(action)
                    self.save()
                    self.render_table()
                    await asyncio.sleep(0)
                    continue
                action = s.next_action()
                if action is None:
                    break
                await self.perform(action, animate=not reduced_motion() and delay_ms >= 300)
                await asyncio.sleep(delay_ms / 1000)
        finally:
            was = self.autoplay
            self.autoplay = False
            if self.session is s:
                self.render_table()
                if s.over:
                    self.say(str(s.outcome.summary))
                elif was:
                    self.say("Stopped.")

    def act_toggle_manual(self, _el: Any) -> None:
        s = self.session
        if s is None:
            return
        s.manual = not s.manual
        self.selected = None
        self.hint = None
        self.save()
        self.render_table()
        if s.manual:
            self.say("Tap moves on: after each deal, tap a card, then the stack it must go to.")
        else:
            self.say("Tap moves off: Deal makes the forced moves for you.")
        if not s.manual and s.pending() is not None and not self.autoplay:
            self.spawn(self.run_plan([m for m in self.pending_chain()]))

    def pending_chain(self) -> list[Move]:
        s = self.session
        assert s is not None
        state = s.state
        out: list[Move] = []
        while (m := GAME.pending_move(state)) is not None:
            out.append(m)
            state = GAME.apply(state, m)
        return out

    # --- share ---
    def act_share(self, _el: Any) -> None:
        s = self.session
        if s is None or s.deal is None:
            return
        self.spawn(self.share(s.deal))

    async def share(self, deal: int) -> None:
        base = str(window.location.href).split("#")[0]
        url = f"{base}#/{PM}/deal/{deal}"
        nav = window.navigator
        if hasattr(nav, "share"):
            try:
                await nav.share(to_js({"title": f"Perpetual Motion, deal {deal}",
                                       "text": f"Try deal {deal} of Perpetual Motion",
                                       "url": url}))
                self.say("Shared.")
                return
            except Exception as e:
                if "AbortError" in str(e):
                    return
        try:
            await nav.clipboard.writeText(url)
            self.say(f"Link copied: {url}", "share")
        except Exception:
            self.say(f"Copy this link: {url}", "share")

    # --- rules ---
    async def fetch_rules(self, game_id: str) -> None:
        text: str | None = None
        try:
            resp = await window.fetch(f"rules/{game_id}.html")
            if resp.ok:
                text = str(await resp.text())
        except Exception:
            text = None
        self.rules[game_id] = text
        if self.route.screen == "rules" and self.route.game == game_id:
            self.render()

    # --- statistics ---
    def act_sim_start(self, _el: Any) -> None:
        if self.sim_running:
            return
        seed_el = document.getElementById("sim-seed")
        games_el = document.getElementById("sim-games")
        try:
            seed = int(str(seed_el.value)) if not is_none(seed_el) else 1
            if seed < 0:
                raise ValueError
        except ValueError:
            seed = 1
        if not is_none(games_el):
            self.sim_games = int(str(games_el.value))
        self.sim_seed = seed
        self.sim = Simulation(self.sim_games, seed)
        self.sim_running = True
        self.render()
        self.spawn(self.run_sim(self.sim))

    def act_sim_stop(self, _el: Any) -> None:
        if self.sim is not None:
            self.sim.stop()

    async def run_sim(self, sim: Simulation) -> None:
        try:
            while not sim.finished:
                sim.run_batch(30.0)
                bar = self.screen.querySelector("[data-testid=sim-progress] progress")
                text = self.screen.querySelector("[data-testid=sim-progress] p")
                if not is_none(bar):
                    bar.value = sim.done
                if not is_none(text):
                    text.textContent = f"{sim.done:,} of {sim.games:,} deals"
                await asyncio.sleep(0)
        finally:
            self.sim_running = False
            if self.route.screen == "stats":
                self.render()
                btn = document.getElementById("sim-start")
                if not is_none(btn):
                    btn.focus()

    def offline_status(self) -> str:
        try:
            sw = window.navigator.serviceWorker
            if not is_none(sw) and not is_none(sw.controller):
                return "ready — this app works without a connection on this device."
            return "not yet — it becomes available offline after this first visit."
        except Exception:
            return "this browser cannot keep the app for offline use."


APP = App()
APP.start()
