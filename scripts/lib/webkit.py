"""Starting WebKitGTK (Safari's engine) for a phone-sized page: Debian's MiniBrowser in
automation mode, driven by Selenium through /usr/bin/WebKitWebDriver (the path given, so
Selenium Manager never runs), on an Xvfb display of its own. Shared by
tests/xbrowser/test_webkit.py, scripts/lib/xbrowser.py and scripts/bench/stalls_xbrowser.py."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

DRIVER = Path("/usr/bin/WebKitWebDriver")
XVFB = Path("/usr/bin/Xvfb")
MINIBROWSER_DIRS = [Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1"),
                    Path("/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1")]

# The MiniBrowser's own toolbar would keep its window at least 447 px wide: a GTK style sheet
# of its own (XDG_CONFIG_HOME) shrinks the toolbar so that the page gets a phone's 360 x 640.
GTK_CSS = """* { font-size: 1px; min-width: 0; min-height: 0; padding: 0; margin: 0;
    border-width: 0; -gtk-icon-transform: scale(0.01); }"""

# GTK settings the web view follows: a dark theme preferred makes WebKitGTK answer
# prefers-color-scheme: dark; animations off make it answer prefers-reduced-motion: reduce.
GTK_SETTINGS = "[Settings]\ngtk-application-prefer-dark-theme={dark}\n" \
               "gtk-enable-animations={animations}\n"


def minibrowser() -> Path | None:
    for d in MINIBROWSER_DIRS:
        if (d / "MiniBrowser").exists():
            return d / "MiniBrowser"
    return None


@contextmanager
def xvfb_display() -> Iterator[str]:
    """An Xvfb display of its own (the MiniBrowser has no headless mode): yields ":N"."""
    r, w = os.pipe()
    xvfb = subprocess.Popen([str(XVFB), "-displayfd", str(w), "-screen", "0", "1024x768x24",
                             "-nolisten", "tcp"], pass_fds=(w,), stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as f:
        number = f.readline().strip()
    try:
        assert number, "Xvfb did not start"
        yield f":{number}"
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


def webkit_driver(display: str, config_dir: Path, *, dark: bool | None = None,
                  reduced_motion: bool = False) -> Any:
    """The MiniBrowser on ``display`` through WebKitWebDriver, with the GTK style sheet in
    ``config_dir`` (its XDG_CONFIG_HOME). ``dark`` / ``reduced_motion``: GTK settings that the
    page's media queries follow (None: no settings file, GTK's defaults)."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    browser = minibrowser()
    if browser is None:
        raise FileNotFoundError("the MiniBrowser is missing (Debian's webkit2gtk-driver)")
    options = Options()
    options.binary_location = str(browser)
    options.add_argument("--automation")
    gtk = config_dir / "gtk-3.0"
    gtk.mkdir(parents=True, exist_ok=True)
    (gtk / "gtk.css").write_text(GTK_CSS)
    env = {**os.environ, "DISPLAY": display, "XDG_CONFIG_HOME": str(config_dir)}
    if dark is not None or reduced_motion:
        (gtk / "settings.ini").write_text(GTK_SETTINGS.format(
            dark=int(bool(dark)), animations=int(not reduced_motion)))
        if dark:
            env["GTK_THEME"] = "Adwaita:dark"
    service = Service(executable_path=str(DRIVER), env=env)
    return webdriver.WebKitGTK(options=options, service=service)


def phone_viewport(driver: Any, width: int = 360, height: int = 640) -> list[int]:
    """Size the MiniBrowser's window so that the page's viewport is ``width`` x ``height``;
    returns [innerWidth, innerHeight] as the page then sees them."""
    driver.set_window_rect(x=0, y=0, width=width, height=height)
    w, h = driver.execute_script("return [innerWidth, innerHeight];")
    driver.set_window_rect(width=width + width - w, height=height + height - h)
    got: list[int] = driver.execute_script("return [innerWidth, innerHeight];")
    return got
