"""Bad input through the app's own paths, in CPython: mutated saves loaded by the app at
start-up, random and mutated links through the router and the tables, hostile names.

The oracle for "nothing injected" is the markup the app produces: every region the recording
page received is parsed, and it may hold only the elements the app itself writes, no event
handler attribute, no ``javascript:`` address and no element or attribute that came from the
input. The oracle for "nothing lost" is the store: a save the app cannot read is moved aside
byte for byte, never deleted, and the app goes on (home, then a new game, without a "Something
went wrong").
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from html.parser import HTMLParser
from typing import Any

import pytest
from app import storage as pm
from app.messages import Event
from app.page import RecordingPage
from app.routes import LINK_VERSION, parse_hash
from app.seated import seats as st
from app.storage import DictStore
from app.tables.perpetual_motion import session as pms
from helpers.hostile import HOSTILE, MARK, app_saves, damaged
from helpers.shell import boot, run_async

from engine.registry import get_game, playable_ids

GAMES = playable_ids()
SAVES_PER_GAME = 1000
LINKS_PER_GAME = 1000
SEATED = [g for g in GAMES if g != pms.GAME.info.id]

# Elements the app writes; anything else in the page came from input.
TAGS = {"a", "abbr", "article", "aside", "b", "br", "button", "caption", "circle", "code",
        "dd", "defs", "details", "div", "dl", "dt", "em", "fieldset", "footer", "g", "h1",
        "h2", "h3", "h4", "header", "i", "input", "label", "legend", "li", "line", "main",
        "marker", "nav", "ol", "option", "output", "p", "path", "polygon", "polyline", "rect",
        "section", "select", "small", "span", "strong", "sub", "summary", "sup", "svg",
        "table", "tbody", "td", "text", "tfoot", "th", "thead", "title", "tr", "ul", "use",
        "meter", "progress", "kbd", "hr", "ellipse", "tspan", "figure", "figcaption", "q",
        "s", "mark", "time", "pattern", "clippath", "lineargradient", "stop", "symbol"}


class Markup(HTMLParser):
    """Collects what in a page's HTML could run or was not written by the app."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in TAGS or MARK in tag:
            self.problems.append(f"element <{tag}>")
        for name, value in attrs:
            if name.startswith("on") or MARK in name or name == "style":
                self.problems.append(f"attribute {name} on <{tag}>")
            if name in ("href", "src", "action", "formaction", "xlink:href") and value and (
                    value.strip().lower().startswith(("javascript:", "data:"))):
                self.problems.append(f"address {value[:40]!r} on <{tag}>")


def markup_problems(page: RecordingPage) -> list[str]:
    parser = Markup()
    for html in page.regions.values():
        parser.feed(html)
        parser.close()
        parser.reset()
    return parser.problems


def went_wrong(page: RecordingPage) -> bool:
    return bool(wrong_text(page))


def wrong_text(page: RecordingPage) -> str:
    for t in [*page.texts.values(), *page.regions.values()]:
        if "Something went wrong" in str(t):
            i = str(t).index("Something went wrong")
            return str(t)[i:i + 160]
    return ""


async def settle(app: Any, budget: int = 4000) -> None:
    """Let the app's tasks run a little, then stop whatever still runs (computer turns)."""
    for _ in range(budget):
        if not app.tasks:
            return
        await asyncio.sleep(0)
    for t in list(app.tasks):
        t.cancel()
    for _ in range(100):
        if not app.tasks:
            return
        await asyncio.sleep(0)




@pytest.mark.parametrize("game_id", GAMES)
def test_damaged_saves_load_or_are_set_aside_and_the_app_goes_on(game_id: str) -> None:
    saves = app_saves(game_id, 30, 1)
    rng = random.Random(f"app-fuzz:{game_id}")
    key = pm.save_key(pms.GAME.info.id) if game_id == pms.GAME.info.id else pm.save_key(game_id)
    name = get_game(game_id).info.name
    outcomes: Counter[str] = Counter()
    problems: list[str] = []

    async def one(text: str, what: str) -> None:
        store = DictStore({key: text})
        app, page, env = boot(store, f"#/{game_id}")
        await settle(app)
        aside = {k: v for k, v in store.data.items() if ".unreadable." in k}
        if aside:
            if list(aside.values()) != [text]:
                problems.append(f"{what}: set aside, but not byte for byte")
            notice = app.navigator.notice or ""
            shown = " ".join(page.regions.values())
            if "could not be read" not in notice + shown:
                problems.append(f"{what}: set aside without telling the player")
            outcomes["set aside and reported"] += 1
        else:
            outcomes["read and played on"] += 1
        if went_wrong(page):
            problems.append(f"{what}: Something went wrong: {wrong_text(page)}")
        problems.extend(f"{what}: {p}" for p in markup_problems(page))
        # the app goes on: home, then this game's table
        env.go("#/")
        env.go(f"#/{game_id}")
        await settle(app)
        if went_wrong(page) or f'<h1 class="title">{name}' not in page.regions.get("screen", ""):
            problems.append(f"{what}: the table did not open afterwards")

    async def run() -> None:
        for i in range(SAVES_PER_GAME):
            text, what = damaged(saves[i % len(saves)], rng)
            try:
                await one(text, what)
            except Exception as e:  # collect them all
                problems.append(f"{what}: {type(e).__name__}: {str(e)[:160]}")

    run_async(run())
    print(game_id, dict(outcomes))
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:12])
    assert sum(outcomes.values()) == SAVES_PER_GAME
    assert outcomes["set aside and reported"] >= SAVES_PER_GAME // 4
    assert outcomes["read and played on"] >= 1


# --- links -----------------------------------------------------------------------------------

PIECES = ["deal", "watch", "setup", "stats", "rules", "settings", "about", "", "..", "%2F",
          "%", "%zz", "%00", "0", "-1", "99999999999999999999999", "1e9", "٣", "１２",
          "\u202e", "?", "#", "&", "=", "seats=you,strong", "seats=" + ",".join(["you"] * 40),
          "v=1", f"v={LINK_VERSION + 1}", "v=0", "v=9999999", "seats=@" + HOSTILE[1],
          "ace=wrap", "variant=helping", "join=yes", "speed=fastest", *HOSTILE]


def random_link(game_id: str, rng: random.Random) -> str:
    roll = rng.random()
    real = [f"#/{game_id}", f"#/{game_id}/deal/{rng.randint(0, 10**6)}",
            f"#/{game_id}/deal/{rng.randint(0, 99)}?seats=you,strong&v=1",
            f"#/{game_id}/deal/{rng.randint(0, 99)}?seats=you,@Ana,beginner",
            f"#/{game_id}/setup", f"#/rules/{game_id}", f"#/{game_id}/stats", "#/settings"]
    if roll < 0.15:  # a real link
        return rng.choice(real)
    if roll < 0.4:  # a real link, mutated
        text = list(rng.choice(real))
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(text) + 1)
            op = rng.randrange(3)
            if op == 0 and text:
                del text[min(i, len(text) - 1)]
            elif op == 1:
                text.insert(i, rng.choice("/?&=%#<>\"' x9é\u202e\x00"))
            else:
                text[i:i] = list(rng.choice(PIECES))
        return "".join(text)
    if roll < 0.92:  # pieces of real routes, put together at random
        parts = [rng.choice([game_id, game_id, "nowhere", HOSTILE[0], "x" * 5000])]
        parts += [rng.choice(PIECES) for _ in range(rng.randint(0, 3))]
        q = "&".join(rng.choice(PIECES) for _ in range(rng.randint(0, 4)))
        return "#/" + "/".join(parts) + ("?" + q if q else "")
    return "#" + "".join(chr(rng.randint(1, 0x2FFF)) for _ in range(rng.randint(0, 60)))


@pytest.mark.parametrize("game_id", GAMES)
def test_random_links_never_crash_or_inject(game_id: str) -> None:
    rng = random.Random(f"links:{game_id}")
    outcomes: Counter[str] = Counter()
    problems: list[str] = []

    async def run() -> None:
        app, page, env = boot()
        for i in range(LINKS_PER_GAME):
            link = random_link(game_id, rng)
            try:
                r = parse_hash(link, tuple(app.info), app.navigator.screens())
                env.go(link)
                await settle(app, 200)
            except Exception as e:
                problems.append(f"{link[:80]!r}: {type(e).__name__}: {e}")
                continue
            outcomes[r.screen if not r.error else "home, with what was wrong"] += 1
            if went_wrong(page):
                problems.append(f"{link[:80]!r}: Something went wrong")
            problems.extend(f"{link[:80]!r}: {p}" for p in markup_problems(page))
            if i % 50 == 49:  # a fresh app now and then: nothing carries over
                app, page, env = boot()

    run_async(run())
    print(game_id, dict(outcomes))
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:12])
    assert outcomes["home, with what was wrong"] >= LINKS_PER_GAME // 4
    assert sum(outcomes.values()) - outcomes["home, with what was wrong"] >= 50


@pytest.mark.parametrize("link,words", [
    (f"#/machiavelli/deal/5?seats=you,strong&v={LINK_VERSION + 1}", "newer version"),
    ("#/perpetual-motion/deal/5?v=99", "newer version"),
    ("#/machine/deal/5?seats=you,strong&v=0", "older version"),
    ("#/cube-farm/deal/5?v=1x", "could not be read"),
])
def test_links_from_other_versions_say_so(link: str, words: str) -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go(link)
        await settle(app)
        assert words in (app.navigator.notice or "") + page.regions["screen"]
        assert env.address == "#/" or page.hash in (None, "#/")
    run_async(run())


def test_shared_links_carry_the_version_and_open_the_same_deal() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go("#/machiavelli/deal/77?seats=you,strong")
        await settle(app)
        assert f'data-share-hash="#/machiavelli/deal/77?seats=you,strong&amp;v={LINK_VERSION}"' \
            in page.html()
        env.go("#/perpetual-motion/deal/12")
        await settle(app)
        assert f'data-share-hash="#/perpetual-motion/deal/12?v={LINK_VERSION}"' in page.html()
        r = parse_hash(f"#/machiavelli/deal/77?seats=you,strong&v={LINK_VERSION}",
                       tuple(app.info), app.navigator.screens())
        assert (r.screen, r.deal, r.query) == ("table", 77, (("seats", "you,strong"),))
    run_async(run())


# --- names -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", SEATED)
def test_hostile_names_are_text_on_every_screen(game_id: str) -> None:
    """People named with markup, quotes and right-to-left text share the device: the set-up,
    the table, the log, the pass-and-play cover, the end screen and the record hold their
    names only as text. (tests/e2e checks the same on the real page.)"""
    info = get_game(game_id).info
    names = [st.clean_name(n) or "?" for n in HOSTILE if st.clean_name(n)]

    async def run() -> None:
        app, page, env = boot(DictStore())
        table = app.tables[game_id]
        problems: list[str] = []
        screens: Counter[str] = Counter()
        for first in range(0, len(names), info.max_players):
            group = names[first:first + info.max_players]
            if len(group) < info.min_players:
                group += ["Bo"] * (info.min_players - len(group))
            setup = st.Setup(game_id, tuple(st.Seat("person", n) for n in group))
            table.form.draft = setup
            env.go(f"#/{game_id}/setup")
            await settle(app)
            problems += markup_problems(page)
            table.start(setup, 3 + first)
            game = get_game(game_id)
            rng = random.Random(first)
            for step in range(2000):
                m = table.match
                if m is None or m.over:
                    break
                if m.covered:
                    screens["cover"] += 1
                    problems += markup_problems(page)
                    click(app, "mt-take")
                seat = m.current
                assert seat is not None
                legal = game.legal_actions(m.state)
                # mostly the game's own way forward, so that games end
                act = rng.choice(legal) if step < 200 or rng.random() < 0.3 else legal[-1]
                table.moves.perform(m, seat, [act], None, False)
                screens["table"] += 1
                if step % 5 == 0:
                    problems += markup_problems(page)
            m = table.match
            assert m is not None
            if not m.over:  # finish it quickly, then show the end
                while not m.over:
                    m.apply_all([rng.choice(game.legal_actions(m.state))])
                table.save()
                table.render()
            screens["end"] += m.over
            problems += markup_problems(page)
            assert any(esc_name in page.html() for esc_name in map(escaped, group))
        env.go("#/")
        await settle(app)
        problems += markup_problems(page)
        assert not problems, problems[:5]
        assert not went_wrong(page)
        assert screens["cover"] and screens["end"]
    run_async(run())


def escaped(name: str) -> str:
    from html import escape

    return escape(name)


def click(app: Any, action: str, **data: str) -> None:
    app.handle(Event("click", action=action, data=data))


def test_names_keep_their_letters_and_lose_what_could_reorder_or_hide_text() -> None:
    """A name keeps Hebrew, Arabic, emoji and joiners; it loses control characters and the
    bidirectional overrides that would reverse the words shown after it; lone surrogates from
    JavaScript become U+FFFD; a saved or linked name is cleaned the same way."""
    assert st.clean_name("\u202e\u05e9\u05e8\u05d4  Ana\u202c") == "\u05e9\u05e8\u05d4 Ana"
    assert st.clean_name("\u2067\u0645\u0631\u062d\u0628\u0627\u2069") == (
        "\u0645\u0631\u062d\u0628\u0627")
    assert st.clean_name("Bo\u0000\u0007b") == "Bob"
    coder = "\U0001f469\u200d\U0001f4bb Zo\u00eb"  # a joined emoji: the joiner stays
    assert st.clean_name(coder) == coder
    assert st.clean_name("a\ud800b") == "a\ufffdb"
    assert st.clean_name("\u202d\u202e") == ""
    saved = st.Setup.from_dict({"game": "machine", "seats": [
        {"kind": "person", "name": "\u202eAna"}, {"kind": "you", "name": "You"}]})
    assert saved.seats[0].name == "Ana"
    linked = st.setup_from_query("machine", (("seats", "@\u202eAna,you"),), 5)
    assert linked.seats[0].name == "Ana"


def test_stored_json_nested_too_deep_is_refused_before_the_decoder_sees_it() -> None:
    """Pyodide's JSON decoder dies (the JavaScript stack, not a RecursionError) on deep
    nesting, and a save is read at every start: the app must refuse it first."""
    ok = "[" * pm.MAX_JSON_DEPTH + "]" * pm.MAX_JSON_DEPTH
    assert pm.loads_stored(ok) is not None
    with pytest.raises(ValueError, match="nested"):
        pm.loads_stored("[" * (pm.MAX_JSON_DEPTH + 1) + "]" * (pm.MAX_JSON_DEPTH + 1))
    with pytest.raises(ValueError, match="nested"):
        pm.loads_stored('{"a":' * 100_000)
    brackets_in_text = json.dumps({"name": "[" * 500 + "{" * 500, "v": [[1], [2]]})
    assert pm.loads_stored(brackets_in_text)["v"] == [[1], [2]]
    quoted = json.dumps(["\\\"[" * 300])  # escaped quotes do not end the string
    assert pm.loads_stored(quoted) == ["\\\"[" * 300]
