"""app.storage.keys: the keys of every older version stay the keys, and the patterns Python and
the page use are derived from the same definitions."""

from __future__ import annotations

import re

from app.storage import keys

from scripts.lib.link import Device, Tab

SHARED_JS = r"^tabletop\.(settings|[a-z0-9-]{1,40}\.(save|record|daily))$"  # bridge.js had it


def test_the_keys_are_those_older_versions_wrote() -> None:
    assert keys.save_key("machine") == "tabletop.machine.save"
    assert keys.record_key("cube-farm") == "tabletop.cube-farm.record"
    assert keys.setup_key("machiavelli") == "tabletop.machiavelli.setup"
    assert keys.daily_key("perpetual-motion") == "tabletop.perpetual-motion.daily"
    assert keys.broken_prefix("machine") == "tabletop.machine.unreadable."
    assert keys.daily_aside_prefix("machine") == "tabletop.machine.daily-unreadable."
    assert keys.SETTINGS_KEY == "tabletop.settings" and keys.GUIDES_KEY == "tabletop.guides"


def test_a_saved_games_key_is_compared_and_set_and_no_other() -> None:
    assert keys.SAVE_KEY.pattern == r"^tabletop\.[a-z0-9-]{1,40}\.save$"
    assert keys.SAVE_KEY.match(keys.save_key("cube-farm"))
    for other in (keys.record_key("machine"), keys.setup_key("machine"), keys.SETTINGS_KEY,
                  "tabletop..save", "tabletop.Machine.save", f"tabletop.{'x' * 41}.save"):
        assert not keys.SAVE_KEY.match(other), other


def test_the_shared_keys_are_what_the_page_tested_before() -> None:
    assert keys.SHARED_KEY.pattern == SHARED_JS
    shared = [keys.SETTINGS_KEY, keys.save_key("m"), keys.record_key("m"), keys.daily_key("m")]
    not_shared = [keys.GUIDES_KEY, keys.setup_key("m"), keys.broken_prefix("m") + "1",
                  keys.daily_aside_prefix("m") + "1", "other.settings"]
    assert all(keys.SHARED_KEY.match(k) for k in shared)
    assert not any(keys.SHARED_KEY.match(k) for k in not_shared)
    assert re.compile(SHARED_JS).pattern == keys.SHARED_KEY.pattern


def test_the_page_is_handed_the_shared_keys_first_at_start() -> None:
    tab = Tab(Device())
    assert tab.items[0] == {"shared": keys.SHARED_KEY.pattern}
