"""Fixtures of the table-of-phones browser tests (issue 36): the built site on 127.0.0.1 and
Debian's Chromium, in a network namespace that has only the loopback interface.

scripts/test runs this folder apart, under ``unshare --net --mount``, with sysfs mounted
again (so that /sys/class/net is this namespace's) and ``ip link set lo up``: WebRTC
gathers candidates on every interface it finds and the tests make real connections, so here
there is no interface but ``lo`` for them to find, and no test can send anything to any other
address. Every session first checks that this is so (/sys/class/net lists ``lo`` alone, and it
is up) and stops at once otherwise. Chromium gets the end-to-end tests' switches, and two more:
``--allow-loopback-in-peer-connection`` (loopback candidates, which WebRTC leaves out by
default) and ``--disable-features=WebRtcHideLocalIpsWithMdns`` (the candidates say 127.0.0.1,
not an mDNS name that nothing here could resolve). Chromium lists every interface's address
only to a page allowed the camera or the microphone; to any other it gives the address of the
default route, and this namespace has no route: so every phone's context is allowed both
(the tests' ``PEER_CONTEXT``; the camera is a fake, or none at all). One browser at a time:
``launch`` closes the one it made before when a test needs other switches (the fake camera).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import (
    ARGS,
    CHROMIUM,
    CONSOLE_ERRORS_MARKER,
    SITE,
    WatchedBrowser,
    assert_no_console_errors,
)

from scripts.serve import serve_in_thread

LOOPBACK_ARGS = [*ARGS, "--allow-loopback-in-peer-connection",
                 "--disable-features=WebRtcHideLocalIpsWithMdns"]
NETNS_HINT = ("tests/net must run in a network namespace with only the loopback interface: "
              "run them with scripts/test (unshare --net --mount, then sysfs mounted again "
              "and ip link set lo up)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", CONSOLE_ERRORS_MARKER)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "/net/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


def interfaces() -> list[str]:
    """The network interfaces of this namespace, by sysfs (mounted afresh in it: a sysfs
    mounted outside shows the interfaces of the namespace that mounted it) and by /proc."""
    proc = [line.split(":")[0].strip() for line in Path("/proc/net/dev").read_text()
            .splitlines()[2:]]
    return sorted(set(os.listdir("/sys/class/net")) | set(proc))


def loopback_up() -> bool:
    flags = Path("/sys/class/net/lo/flags")
    return flags.exists() and int(flags.read_text(), 16) & 1 == 1  # IFF_UP


@pytest.fixture(scope="session", autouse=True)
def only_loopback() -> None:
    """Nothing runs unless this namespace has ``lo`` alone, up."""
    found = interfaces()
    if found != ["lo"] or not loopback_up():
        pytest.exit(f"{NETNS_HINT}; this one has {', '.join(found)}"
                    f"{'' if loopback_up() else ' (lo down)'}", returncode=3)


@pytest.fixture(autouse=True)
def no_console_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """As in tests/e2e: any console error, page error or CSP violation fails the test."""
    yield
    assert_no_console_errors(request)


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    if not (SITE / "index.html").exists():
        pytest.fail("build/site is missing: run scripts/test (it builds the site first)")
    server, url = serve_in_thread(SITE)
    assert url.startswith("http://127.0.0.1:"), url
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def launch() -> Iterator[Callable[..., Any]]:
    """``launch(*extra_switches)``: the one Chromium of the session with the loopback switches
    and those; a call with other switches closes the browser it had first."""
    from playwright.sync_api import sync_playwright

    now: dict[str, Any] = {}
    with sync_playwright() as p:
        def browser(*extra: str) -> Any:
            if now.get("args") != extra:
                if now.get("browser") is not None:
                    now["browser"].close()
                now["browser"] = WatchedBrowser(p.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=[*LOOPBACK_ARGS, *extra]))
                now["args"] = extra
            return now["browser"]

        yield browser
        if now.get("browser") is not None:
            now["browser"].close()
