"""app.net.codes, the offer and answer codes that connect two phones: each browser's
description keeps through a code what the other browser needs (the ICE credentials, the DTLS
fingerprint and role, the UDP candidates) in far fewer characters; a code of the wrong kind, of
a newer app, cut short or mangled is refused with words, and nothing but BadCode ever comes out
of reading one. (Real browsers accepting the expanded descriptions: tests/net/.)"""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import pytest
from app.net.codes import BadCode, code_from_text, expand, join_link, pack
from app.net.qr import qr_version

FIXTURES = Path(__file__).parents[1] / "fixtures" / "sdp"
SDPS = sorted(FIXTURES.glob("*.sdp"))


def kind_of(sdp: str) -> str:
    return "offer" if "a=setup:actpass" in sdp else "answer"


def essentials(sdp: str) -> dict[str, object]:
    def line(name: str) -> str:
        m = re.search(rf"^a={name}:(.*?)\s*$", sdp, re.MULTILINE)
        assert m is not None, name
        return m.group(1)

    cands = sorted((m.group(1), m.group(2), m.group(3)) for m in re.finditer(
        r"^a=candidate:\S+ 1 (?i:udp) \d+ (\S+) (\d+) typ (host|srflx)", sdp, re.MULTILINE))
    return {"ufrag": line("ice-ufrag"), "pwd": line("ice-pwd"), "setup": line("setup"),
            "fingerprint": line("fingerprint").upper(), "candidates": cands[:4]}


@pytest.mark.parametrize("path", SDPS, ids=[p.stem for p in SDPS])
def test_a_code_keeps_what_the_other_browser_needs_in_few_characters(path: Path) -> None:
    sdp = path.read_bytes().decode()
    code = pack(sdp)
    back = expand(code, kind_of(sdp))
    assert essentials(back) == essentials(sdp)
    assert len(code) <= 150 and len(code) < len(sdp) / 4
    assert qr_version(join_link("https://cards.example.org/", code)) <= 9
    assert pack(back) == code  # the expansion packs to the same code
    assert back.endswith("\r\n") and "\n" not in back.replace("\r\n", "")


def test_a_tcp_candidate_is_dropped_and_four_udp_ones_at_most_are_kept() -> None:
    sdp = (FIXTURES / "firefox-offer.sdp").read_bytes().decode()
    back = expand(pack(sdp), "offer")
    assert " tcp " not in back.lower() and back.count("a=candidate:") == 3
    many = sdp.replace("a=end-of-candidates", "\r\n".join(
        f"a=candidate:{9 + i} 1 UDP 2122252543 10.0.0.{i} {5000 + i} typ host"
        for i in range(6)) + "\r\na=end-of-candidates")
    assert expand(pack(many), "offer").count("a=candidate:") == 4


def test_a_description_without_a_udp_candidate_cannot_be_packed() -> None:
    sdp = (FIXTURES / "chromium-offer.sdp").read_bytes().decode()
    with pytest.raises(ValueError, match="no UDP candidate"):
        pack(re.sub(r"^a=candidate:.*\r\n", "", sdp, flags=re.MULTILINE))


def test_a_code_of_the_wrong_kind_says_where_it_goes() -> None:
    offer = pack((FIXTURES / "chromium-offer.sdp").read_bytes().decode())
    answer = pack((FIXTURES / "chromium-answer.sdp").read_bytes().decode())
    with pytest.raises(BadCode, match="it goes to the host's phone"):
        expand(answer, "offer")
    with pytest.raises(BadCode, match="open it on the phone of the person invited"):
        expand(offer, "answer")


@pytest.mark.parametrize("text, said", [
    ("", "no code"), ("2AQIDBAUGBwgJCgsMDQ4P", "newer version"),
    ("hello world", "not a Card Table code"), ("1AAIDBAUGBw", "cut short"),
    ("1" + "A" * 60, "damaged"), ("1!!!!!!!!!!!!", "not a Card Table code"),
])
def test_a_bad_code_is_refused_with_words(text: str, said: str) -> None:
    with pytest.raises(BadCode, match=said):
        expand(text, "offer")


def test_nothing_but_bad_code_comes_out_of_reading_any_text() -> None:
    rng = random.Random(36)
    good = [pack(p.read_bytes().decode()) for p in SDPS]
    alphabet = string.ascii_letters + string.digits + "-_"
    for _ in range(3000):
        base = rng.choice(good)
        choice = rng.randrange(4)
        if choice == 0:  # a character changed
            i = rng.randrange(1, len(base))
            text = base[:i] + rng.choice(alphabet) + base[i + 1:]
        elif choice == 1:  # cut short
            text = base[:rng.randrange(len(base))]
        elif choice == 2:  # random code-like text
            text = "1" + "".join(rng.choice(alphabet) for _ in range(rng.randrange(200)))
        else:  # more at the end
            text = base + "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 9)))
        for want in ("offer", "answer"):
            try:
                out = expand(text, want)
            except BadCode:
                continue
            assert out.startswith("v=0\r\n") and "a=fingerprint:sha-256 " in out


def test_a_pasted_link_or_code_is_read_whatever_a_chat_app_did_to_it() -> None:
    code = pack((FIXTURES / "chromium-offer.sdp").read_bytes().decode())
    link = join_link("https://cards.example.org/play/?utm=x#/", code)
    assert link == f"https://cards.example.org/play/?utm=x#/join/{code}"
    assert code_from_text(link) == code
    assert code_from_text(f"  {link[:40]}\n{link[40:]}  ") == code
    assert code_from_text(code + "\n") == code
    for junk in ("", "   ", "https://cards.example.org/#/join/", "the code is 'abc'"):
        with pytest.raises(BadCode):
            code_from_text(junk)
