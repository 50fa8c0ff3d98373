"""Settings: one object under one key, shown in sections (every game; each game's own under its
name, declared by its table); settings an older version wrote load unchanged; the computers'
speed; sound and vibration cues sent to the page only when the player turned them on."""

from __future__ import annotations

import json
import re

from app import settings as cfg
from app import storage as g
from app.messages import Event
from app.settings import Settings, pace
from app.storage import DictStore
from app.tables.perpetual_motion import MANUAL
from helpers.shell import FakeEnv, boot, click, run_async, settle

M = "machiavelli"
PM = "perpetual-motion"
QUICK_WIN = 16557  # Perpetual Motion: won in 11 rounds
OLD = '{"four_colour": true, "manual": true, "speed": "fast"}'  # as the older version wrote


def change(app: object, key: str, value: str) -> None:
    app.handle(Event("change", action="setting-choice",  # type: ignore[attr-defined]
                     data={"key": key}, value=value))


def switch_on(html: str, key: str) -> bool:
    m = re.search(r'aria-checked="(true|false)"[^>]*data-key="' + key + '"', html)
    assert m is not None, key
    return m.group(1) == "true"


def selected(html: str, key: str) -> str:
    m = re.search(r'<select id="set-' + key + r'".*?</select>', html, re.S)
    assert m is not None, key
    chosen = re.findall(r'<option value="([^"]*)" selected>', m.group(0))
    assert len(chosen) == 1
    return chosen[0]


def sections(html: str) -> dict[str, str]:
    """Each panel of the settings screen by its heading."""
    out = {}
    for part in html.split("<section")[1:]:
        head = re.search(r"<h2[^>]*>(.*?)</h2>", part)
        assert head is not None
        out[head.group(1)] = part
    return out


def test_settings_an_older_version_wrote_load_unchanged_and_it_can_still_read_them() -> None:
    store = DictStore({cfg.SETTINGS_KEY: OLD})
    app, page, env = boot(store)
    s = app.settings
    assert (s.four_colour, s.get("manual"), pace(s), s.sound, s.haptics) == (
        True, True, "fast", False, False)
    env.go("#/settings")
    html = page.regions["screen"]
    assert switch_on(html, "four_colour") and switch_on(html, "manual")
    assert not switch_on(html, "sound") and not switch_on(html, "haptics")
    assert selected(html, "speed") == "fast"
    # not chosen yet: the computers keep the pace the auto-play speed gave them before
    assert selected(html, "computer_speed") == "fast"
    click(app, "toggle-setting", key="sound")
    saved = json.loads(store.get(cfg.SETTINGS_KEY) or "{}")
    assert {k: saved[k] for k in ("four_colour", "manual", "speed")} == json.loads(OLD)
    assert saved["sound"] is True
    again, _, _ = boot(store)
    assert again.settings == app.settings


def test_settings_round_trip_keep_a_newer_versions_keys_and_refuse_what_is_not_a_setting() -> None:
    s = Settings(four_colour=True, sound=True, values={"speed": "slow", "computer_speed": "fast"})
    assert Settings.from_json(s.to_json()) == s
    text = json.dumps({"speed": "warp", "manual": "yes", "later_setting": "x", "Bad key": True,
                       "n": 3, "haptics": True, "long": "y" * 100})
    t = Settings.from_json(text)
    # a table's setting is kept as written and read through its field: "warp" is no speed,
    # "yes" is not on or off, so both read as their defaults
    assert (pace(t), MANUAL.read(t.get("manual")), t.haptics) == ("normal", False, True)
    assert t.values == {"speed": "warp", "manual": "yes", "later_setting": "x"}
    assert json.loads(t.to_json())["later_setting"] == "x"
    for broken in ("", "{", "[1]", "null", '{"four_colour": 1}'):
        assert Settings.from_json(broken) == Settings()


def test_each_games_own_settings_are_under_its_name_and_shared_ones_under_every_game() -> None:
    app, page, env = boot()
    env.go("#/settings")
    panels = sections(page.regions["screen"])
    every = panels["Every game"]
    for key in ("four_colour", "sound", "haptics", "computer_speed"):
        assert f'data-testid="set-{key}"' in every
    seated = [d.name for d in app.declared.values()
              if any(f.key == "computer_speed" for f in d.fields(app.settings))]
    assert len(seated) == 3 and all(name in every for name in seated)
    own = 0
    for d in app.declared.values():
        fields = [f for f in d.fields(app.settings) if not f.shared]
        for f in fields:
            assert f'data-testid="set-{f.key}"' in panels[d.name]
            assert f'data-testid="set-{f.key}"' not in every
            own += 1
        if not fields:
            assert d.name not in panels
    assert own == 2  # Perpetual Motion's forced moves and auto-play speed
    assert "Vibration" in every and "Not available on this device." in every


def test_the_computer_speed_is_chosen_checked_kept_and_paces_the_computers() -> None:
    class Moving(FakeEnv):
        motion = True

        def reduced_motion(self) -> bool:
            return not self.motion

    async def run() -> None:
        store = DictStore()
        env = Moving(store)
        app, page, _ = boot(env=env)
        env.go("#/settings")
        change(app, "computer_speed", "warp")
        change(app, "nothing_here", "slow")
        assert cfg.SETTINGS_KEY not in store.data
        change(app, "computer_speed", "slow")
        assert json.loads(store.data[cfg.SETTINGS_KEY])["computer_speed"] == "slow"
        assert pace(app.settings) == "normal"  # the auto-play speed is another setting
        env.motion = False
        env.go(f"#/{M}/deal/12?seats=you,standard")
        await settle(app)
        table = app.tables[M]
        m = table.match
        assert m is not None
        assert table.computers.pace_ms(m) == 0  # reduced motion: at once, with the marks
        env.motion = True
        assert table.computers.pace_ms(m) == cfg.SPEEDS["slow"]
        for speed, ms in cfg.SPEEDS.items():
            app.settings.put("computer_speed", speed)
            assert table.computers.pace_ms(m) == ms
        env.go("#/settings")
        assert selected(page.regions["screen"], "computer_speed") == "instant"
    run_async(run())


def test_cues_for_a_refusal_your_turn_and_a_game_won_only_when_sound_or_vibration_is_on() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go(f"#/{M}/deal/12?seats=you,standard,beginner")
        await settle(app)
        click(app, "m-end")  # nothing laid: refused
        assert page.texts["mt-msg"] and page.cues == []
        click(app, "m-draw")
        await settle(app)
        assert page.cues == [] and "sound" not in page.dataset
        env.go("#/settings")
        click(app, "toggle-setting", key="sound")
        assert page.dataset["sound"] == "1" and page.cues == ["turn"]  # what it sounds like
        env.go(f"#/{M}")
        await settle(app)
        page.cues.clear()
        click(app, "m-end")
        assert page.cues == ["refused"]
        page.cues.clear()
        click(app, "m-draw")
        await settle(app)
        assert page.cues[0] == "placed" and page.cues[-1] == "turn"  # the computers played
        # vibration alone cues too; the page plays only what is on (web/app/cues.js)
        env.go("#/settings")
        click(app, "toggle-setting", key="sound")
        click(app, "toggle-setting", key="haptics")
        assert "sound" not in page.dataset and page.dataset["haptics"] == "1"
        app.settings.put("speed", "instant")
        env.go(f"#/{PM}/deal/{QUICK_WIN}")
        await settle(app)
        page.cues.clear()
        click(app, "autoplay")
        await settle(app)
        assert app.tables[PM].shown.over
        assert page.cues == ["won"]  # Play to the end: no sound per move, one at the end
        click(app, "toggle-setting", key="haptics")
        page.cues.clear()
        env.go(f"#/{M}")
        click(app, "m-end")
        assert page.cues == []
    run_async(run())


def test_record_and_settings_survive_garbage() -> None:
    assert g.Record.from_json("{bad") == g.Record()
    assert g.Record.from_json(json.dumps({"played": 1, "won": 5})) == g.Record()
    assert cfg.Settings.from_json("[1]") == cfg.Settings()
    s = cfg.Settings.from_json(json.dumps({"four_colour": True, "speed": "warp", "manual": 1}))
    assert s.four_colour and pace(s) == "normal" and MANUAL.read(s.get("manual")) is False
    store = g.DictStore()
    cfg.save_settings(store, s)
    assert cfg.load_settings(store) == s
