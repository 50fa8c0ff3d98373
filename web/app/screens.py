"""The shell's own screens: home, rules, settings, about, the import question, the update bar.

Pure functions from values to HTML; what a game adds (its tile's buttons, a note under its
rules) comes from its table (:class:`app.table.Table`), so nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.kit import APP_NAME, button, esc, notice_html, options_html, players_text, topbar
from app.settings import Field, Settings
from engine.protocol import GameInfo

# --- home ------------------------------------------------------------------------------------


def rules_link(game_id: str) -> str:
    gid = esc(game_id)
    return f'<a class="btn" href="#/rules/{gid}" data-testid="rules-{gid}">Rules</a>'


def home_html(games: Sequence[GameInfo], actions: dict[str, str], notice: str | None = None,
              stats: str | None = None, offers: str = "") -> str:
    """One tile per game; ``actions`` has the buttons of each game that has a table (its
    declaration's ``tile``, :class:`app.table.Declared`); the others say "coming soon".
    ``stats``: where the home's Statistics link goes (None: no link); ``offers``: the guided
    first games offered, under the tiles."""
    tiles = []
    for g in games:
        gid = esc(g.id)
        playable = bool(g.available) and g.id in actions
        head = (f'<h2 class="tile-name">{esc(g.name)}</h2>'
                f'<p class="tile-pitch">{esc(g.pitch)}</p>'
                f'<p class="tile-meta">{esc(players_text(g.min_players, g.max_players))}'
                + ("" if playable else ' · <span class="badge">Coming soon</span>')
                + "</p>")
        buttons = actions[g.id] if playable else rules_link(g.id)
        cls = "tile" + ("" if playable else " soon")
        tiles.append(f'<li class="{cls}" data-testid="game-{gid}">{head}'
                     f'<div class="tile-actions">{buttons}</div></li>')
    stats_link = f'<a class="btn" href="{esc(stats)}">Statistics</a>' if stats else ""
    return (topbar(APP_NAME, back=None,
                   right='<a class="btn icon" href="#/settings" aria-label="Settings" '
                         'data-testid="settings-link">⚙</a>')
            + '<main class="page home" id="main">'
            + notice_html(notice)
            + f'<ul class="tiles" data-testid="game-list">{"".join(tiles)}</ul>'
            + (f'<section class="guide-offers" aria-label="Guided first games">{offers}'
               "</section>" if offers else "")
            + '<nav class="home-links" aria-label="More">'
            + stats_link
            + '<a class="btn" href="#/settings">Settings</a>'
            + '<a class="btn" href="#/about">About &amp; offline</a></nav></main>')


# --- rules -----------------------------------------------------------------------------------


def rules_html(info: GameInfo, fragment: str | None, loading: bool = False,
               playable: bool = False, note: str = "") -> str:
    """A game's rules page; ``note``: what its table adds about this app (HTML)."""
    if loading:
        body = '<p class="muted">Loading the rules…</p>'
    elif fragment:
        body = fragment  # produced at build time from the engine's Markdown: trusted
    else:
        body = (f"<h2>{esc(info.name)}</h2><p>{esc(info.description)}</p>"
                "<p class='muted'>The full rules page for this game is coming soon.</p>")
    play = ""
    if playable:
        play = (f'<nav class="bottom-bar" aria-label="Play"><a class="btn primary wide" '
                f'href="#/{esc(info.id)}">Play</a></nav>')
    return (topbar(f"Rules: {info.name}")
            + f'<main class="page rules" id="main"><article class="rules-text" '
              f'data-testid="rules-text">{body}</article>{note}</main>{play}')


# --- settings and about ----------------------------------------------------------------------


def toggle(label: str, key: str, on: bool, hint: str = "", needs: str = "") -> str:
    """A switch; ``needs``: what the device must have (the page hides the switch and says
    "not available" where it has not: web/app/cues.js)."""
    unavailable = ('<span class="fine unavailable">Not available on this device.</span>'
                   if needs else "")
    attr = f' data-needs="{esc(needs)}"' if needs else ""
    return (f'<div class="setting"{attr}><div><span class="setting-label" id="lbl-{key}">'
            f'{esc(label)}</span>' + (f'<span class="fine">{esc(hint)}</span>' if hint else "")
            + unavailable + "</div>"
            + f'<button type="button" class="switch" role="switch" aria-checked='
              f'"{"true" if on else "false"}" aria-labelledby="lbl-{key}" '
              f'data-action="toggle-setting" data-key="{key}" id="set-{key}" '
              f'data-testid="set-{key}"><span class="knob"></span></button></div>')


def choice(label: str, key: str, value: str, choices: Sequence[tuple[str, str]],
           hint: str = "") -> str:
    return (f'<div class="setting"><div><label class="setting-label" for="set-{key}">'
            f"{esc(label)}</label>" + (f'<span class="fine">{esc(hint)}</span>' if hint else "")
            + f'</div><select id="set-{key}" data-action="setting-choice" data-key="{key}" '
              f'data-testid="set-{key}">{options_html(choices, value)}</select></div>')


def field_html(f: Field, value: bool | str, hint: str | None = None) -> str:
    """A table's setting (:class:`app.settings.Field`) with its value."""
    hint = f.hint if hint is None else hint
    if f.choices:
        return choice(f.label, f.key, str(value), f.choices, hint)
    return toggle(f.label, f.key, value is True, hint)


def stun_html(value: str) -> str:
    """The STUN server a table of phones may use across the internet (empty: none)."""
    return ('<div class="setting stun"><label class="setting-label" for="set-stun">'
            "Phones across the internet</label>"
            '<span class="fine" id="set-stun-hint">Phones on one Wi-Fi (or one phone\'s '
            "hotspot) need nothing here. For phones in different places: the address of a "
            "helper server your friends agree on (a “STUN” server, written as name:port, "
            "such as stun.example.org:3478). It sees this phone's internet address, nothing "
            "of the game.</span>"
            f'<input id="set-stun" type="text" inputmode="url" autocomplete="off" '
            f'spellcheck="false" maxlength="40" placeholder="none" value="{esc(value)}" '
            'aria-describedby="set-stun-hint" data-action="setting-text" data-key="stun" '
            'data-testid="set-stun"></div>')


# the screen during a table of phones (web/app/net/rtc.js asks for a wake lock, and marks the
# page "no-wake-lock" where the browser has none: then the second sentence is the one shown)
AWAKE_HTML = ('<p class="fine awake" data-testid="set-awake"><span class="awake-yes">During '
              "a table of phones, this phone keeps its screen on.</span><span "
              'class="awake-no">This browser cannot keep the screen on during a table of '
              "phones: keep it awake in the phone's own settings while you play.</span></p>")


def and_list(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def settings_html(s: Settings, shared: Sequence[tuple[Field, Sequence[str]]] = (),
                  games: Sequence[tuple[str, Sequence[Field]]] = ()) -> str:
    """Settings in sections: "Every game" (the app's own, and the settings several games
    share, ``shared``: each with the names of the games it is for), then one section per
    game with settings of its own (``games``: its name and its fields), then the backup."""
    every = ('<section class="panel" aria-labelledby="set-every-h" data-testid="settings-every">'
             '<h2 id="set-every-h">Every game</h2>'
             + toggle("Four-colour deck", "four_colour", s.four_colour,
                      "Spades black, hearts red, diamonds blue, clubs green.")
             + toggle("Sound effects", "sound", s.sound,
                      "Quiet sounds for a card played, a move refused, your turn and the end "
                      "of a game.")
             + toggle("Vibration", "haptics", s.haptics,
                      "A short pulse for the same moments.", needs="vibrate")
             + "".join(field_html(f, f.read(s.get(f.key)),
                                  (f.hint + " " if f.hint else "") + f"For {and_list(names)}.")
                       for f, names in shared)
             + stun_html(s.stun) + AWAKE_HTML
             + "<p class='fine'>Light and dark follow your device. Animations follow its "
               "reduced-motion setting.</p></section>")
    own = "".join(
        f'<section class="panel" aria-labelledby="set-{k}-h" data-testid="settings-game">'
        f'<h2 id="set-{k}-h">{esc(name)}</h2>'
        + "".join(field_html(f, f.read(s.get(f.key))) for f in fields) + "</section>"
        for k, (name, fields) in enumerate(games) if fields)
    return (topbar("Settings") + '<main class="page settings" id="main">' + every + own
            + backup_html() + "</main>")


MAX_IMPORT_BYTES = 4_000_000  # the page does not even read a larger file (app.backup refuses)


def backup_html() -> str:
    """Settings' "Move your games" panel: Export downloads a file; Import opens the file
    picker (a hidden file input, read by the page's bridge)."""
    return ('<section class="panel backup" aria-labelledby="backup-h">'
            '<h2 id="backup-h">Move your games</h2>'
            '<p class="fine">Your games in progress, your records and these settings, in one '
            "file to keep or to open on another device.</p>"
            '<div class="row">'
            + button("Export my games", "export-games", testid="export-games")
            + button("Import games", "choose-import", id_="import-choose",
                     testid="import-games", file_input="import-file")
            + "</div>"
            '<input type="file" id="import-file" accept="application/json,.json" hidden '
            'data-action="import-file" aria-label="Import games from a file" '
            f'data-max-bytes="{MAX_IMPORT_BYTES}" data-testid="import-file">'
            '<p id="settings-msg" class="msg" role="status" aria-live="polite" '
            'data-testid="message"></p></section>')


def import_confirm_html(conflicts: Sequence[str]) -> str:
    """Before an import replaces a game in progress (or a record) here: which, and the choice."""
    items = "".join(f"<li>{esc(c)}</li>" for c in conflicts)
    return (topbar("Import games") + '<main class="page settings" id="main">'
            '<section class="panel" aria-labelledby="import-h" data-testid="import-confirm">'
            '<h2 id="import-h">Replace what is on this device?</h2>'
            f'<ul class="conflicts" data-testid="import-conflicts">{items}</ul>'
            '<p class="fine">Keep mine keeps these as they are and imports the rest of the '
            "file.</p>"
            '<div class="row">'
            + button("Replace", "import-replace", cls="btn primary", testid="import-replace")
            + button("Keep mine", "import-keep", id_="import-keep", testid="import-keep")
            + "</div></section></main>")


NUMBERS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")


# How to install the app, by browser: a player's words for each kind of device.
# The page marks its kind of device (web/boot.js: ``data-device`` on the root) and the CSS then
# shows only that device's way; a device it cannot tell sees them all.
INSTALL_WAYS = (
    ("android", "Android (Chrome)", "menu ⋮ › Add to Home screen (or Install app)"),
    ("ios", "iPhone and iPad (Safari)", "Share › Add to Home Screen"),
    ("computer", "Computer (Chrome or Edge)", "the install icon at the right of the address bar"),
    ("firefox", "Computer (Firefox)", "no install: keep it as a page (a bookmark); it still "
                                      "works offline"),
)
INSTALLED = "Installed"  # how the device's ``keeping()`` begins when the app is installed


def install_html(keeping: str) -> str:
    """About's "Install" part: installed (``keeping`` says so), or how to install it on each
    kind of device."""
    if keeping.startswith(INSTALLED):
        return ('<h2>Install</h2><p data-testid="install">Installed: it opens from your home '
                "screen or app list like any app, also without a connection.</p>")
    ways = "".join(f'<li data-device="{kind}"><b>{esc(who)}:</b> {esc(how)}</li>'
                   for kind, who, how in INSTALL_WAYS)
    return ('<h2>Install</h2><p data-testid="install">Add it to your home screen to open it '
            'like an app, also without a connection:</p>'
            f'<ul class="install-ways">{ways}</ul>')


def about_html(version: str, offline: str, credits: Sequence[str] = (),
               keeping: str = "", installer: str = "") -> str:
    """About; ``credits``: one line per game ("<game>, a solitaire by <author>"); ``keeping``:
    how this device keeps the games (:meth:`app.table.Env.keeping`: whether it is installed
    too); ``installer``: what installed the engine's distribution (micropip, in the browser),
    "" when it is not installed."""
    count = NUMBERS[len(credits)] if len(credits) < len(NUMBERS) else str(len(credits))
    games = f"{count} card and tile games to play on this device: " + "; ".join(credits) + "."
    return (topbar("About") + '<main class="page about" id="main"><section class="panel">'
            + f'<h2>{esc(APP_NAME)}</h2><p data-testid="credits">{esc(games)}</p>'
            + f'<p data-testid="offline-status"><b>Offline:</b> {esc(offline)}</p>'
            + (f'<p data-testid="keeping"><b>Your games:</b> {esc(keeping)}</p>' if keeping
               else "")
            + install_html(keeping)
            + f"<p class='fine' data-testid='engine' data-installer='{esc(installer)}'>"
              f"Engine version {esc(version)}"
              + (f", installed by {esc(installer)}" if installer else "")
              + ". Your games, settings and "
              "statistics are kept in this browser only: Settings, Export my games makes a copy to "
              "keep or to open on another device.</p></section></main>")


def update_bar_html() -> str:
    return ('<p>Update available</p>'
            + button("Reload", "apply-update", cls="btn primary small", testid="apply-update"))
