"""The two codes that connect two phones (issue 36): a WebRTC offer or answer for one data
channel, cut down to what the other browser needs, packed in bytes and written in base64url,
short enough for a QR code a phone reads at arm's length.

What is kept: offer or answer, the DTLS role (``a=setup``), the ICE user fragment and password
(hex packed as bytes, as Firefox writes them), the DTLS certificate's SHA-256 fingerprint (32
bytes) and up to four UDP candidates (an IPv4 or IPv6 address, or an mDNS name
``<uuid>.local`` as its 16 bytes, and the port). Everything else of a data channel's
description is the same in every browser and is written back by :func:`expand`, which
Chromium, Firefox and WebKit accept (tests/net/ connects real browsers through these codes).

The first character is the format's version (``1``); a newer app may write another, and this
one says so instead of misreading it. Nothing in a code is trusted: :func:`expand` raises only
:class:`BadCode`, with words for the player.
"""

from __future__ import annotations

import base64
import hashlib
import ipaddress
import re
import uuid

FORMAT = "1"
ROLES = ("actpass", "active", "passive")
CODE = re.compile(r"[A-Za-z0-9_-]{8,1000}")
MAX_CANDIDATES = 4
HOST, SRFLX = 0, 1
IPV4, IPV6, MDNS = 0, 1, 2
SIZES = {IPV4: 4, IPV6: 16, MDNS: 16}


class BadCode(ValueError):
    """A code or link that is not one this app can use; the message says why, in words."""


def _line(sdp: str, name: str) -> str | None:
    m = re.search(rf"^a={name}:(.*?)\s*$", sdp, re.MULTILINE)
    return m.group(1) if m else None


def _text(value: str) -> bytes:
    """A short ICE text: hex of even length as its bytes (high bit of the length set)."""
    if len(value) > 127 or not value.isascii():
        raise ValueError(f"an ICE text of {len(value)} characters")
    if value and len(value) % 2 == 0 and re.fullmatch(r"[0-9a-f]+", value):
        return bytes([0x80 | len(value)]) + bytes.fromhex(value)
    return bytes([len(value)]) + value.encode()


def _candidates(sdp: str) -> list[tuple[int, int, bytes, int]]:
    """(type, address kind, address bytes, port) of the UDP candidates of component 1."""
    out: list[tuple[int, int, bytes, int]] = []
    for m in re.finditer(r"^a=candidate:\S+ (\d+) (\S+) \d+ (\S+) (\d+) typ (\w+)", sdp,
                         re.MULTILINE):
        component, transport, address, port, kind = m.groups()
        if component != "1" or transport.lower() != "udp" or kind not in ("host", "srflx"):
            continue
        if address.endswith(".local"):
            try:
                packed, family = uuid.UUID(address[:-6]).bytes, MDNS
            except ValueError:
                continue
        else:
            try:
                ip = ipaddress.ip_address(address)
            except ValueError:
                continue
            packed, family = ip.packed, IPV4 if ip.version == 4 else IPV6
        entry = (HOST if kind == "host" else SRFLX, family, packed, int(port))
        if entry not in out and 0 < entry[3] < 65536:
            out.append(entry)
    return out[:MAX_CANDIDATES]


def pack(sdp: str) -> str:
    """``sdp`` (a browser's offer or answer for one data channel) as a code; ValueError when
    it lacks what a code keeps (no fingerprint, no candidate)."""
    kind = 1 if re.search(r"^a=setup:(active|passive)", sdp, re.MULTILINE) else 0
    role, ufrag, pwd = _line(sdp, "setup"), _line(sdp, "ice-ufrag"), _line(sdp, "ice-pwd")
    fingerprint = _line(sdp, "fingerprint")
    if role not in ROLES or ufrag is None or pwd is None or fingerprint is None:
        raise ValueError("the description has no ICE credentials, role or fingerprint")
    algorithm, _, digest = fingerprint.partition(" ")
    if algorithm.lower() != "sha-256":
        raise ValueError(f"a {algorithm} fingerprint (only sha-256 is packed)")
    mid = _line(sdp, "mid") or "0"
    candidates = _candidates(sdp)
    if not candidates:
        raise ValueError("the description has no UDP candidate")
    head = kind | ROLES.index(role) << 1 | (8 if mid != "0" else 0)
    out = bytearray([head])
    out += bytes.fromhex(digest.replace(":", ""))
    out += _text(ufrag) + _text(pwd)
    if mid != "0":
        out += _text(mid)
    out.append(len(candidates))
    for ctype, family, address, port in candidates:
        out.append(ctype << 2 | family)
        out += address + port.to_bytes(2, "big")
    return FORMAT + base64.urlsafe_b64encode(bytes(out)).decode().rstrip("=")


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise BadCode("This code is cut short: scan it or copy it again, whole.")
        out = self.data[self.at:self.at + n]
        self.at += n
        return out

    def text(self) -> str:
        head = self.take(1)[0]
        n = head & 0x7F
        if head & 0x80:
            if n % 2:
                raise BadCode("This code is damaged: ask for a new one.")
            return self.take(n // 2).hex()
        raw = self.take(n)
        value = raw.decode("ascii", "replace")
        if not re.fullmatch(r"[A-Za-z0-9+/]*", value):
            raise BadCode("This code is damaged: ask for a new one.")
        return value


def expand(code: str, want: str) -> str:
    """The description a code stands for, as the browser takes it; ``want``: "offer" (a
    guest reads the host's invitation) or "answer" (the host reads a guest's); :class:`BadCode`
    for anything that is not such a code."""
    if not isinstance(code, str) or not code:
        raise BadCode("There is no code here.")
    if code[0].isdigit() and code[0] != FORMAT:
        raise BadCode("This code comes from a newer version of the app: update this one "
                      "(reload it) and try again.")
    if code[0] != FORMAT or not CODE.fullmatch(code[1:]):
        raise BadCode("This is not a Card Table code.")
    try:
        data = base64.urlsafe_b64decode(code[1:] + "=" * (-len(code[1:]) % 4))
    except ValueError:
        raise BadCode("This is not a Card Table code.") from None
    r = _Reader(data)
    head = r.take(1)[0]
    if head >> 4 or (head >> 1 & 3) >= len(ROLES):
        raise BadCode("This code is damaged: ask for a new one.")
    kind, role = ("offer", "answer")[head & 1], ROLES[head >> 1 & 3]
    if kind != want:
        raise BadCode("This is a guest's answer: it goes to the host's phone, which scans it."
                      if kind == "answer" else
                      "This is an invitation: open it on the phone of the person invited.")
    fingerprint = ":".join(f"{b:02X}" for b in r.take(32))
    ufrag, pwd = r.text(), r.text()
    mid = r.text() if head & 8 else "0"
    if not (4 <= len(ufrag) <= 32 and 22 <= len(pwd) <= 64 and mid):
        raise BadCode("This code is damaged: ask for a new one.")
    count = r.take(1)[0]
    if not 1 <= count <= MAX_CANDIDATES:
        raise BadCode("This code is damaged: ask for a new one.")
    lines = []
    for i in range(count):
        tag = r.take(1)[0]
        ctype, family = tag >> 2, tag & 3
        if ctype > SRFLX or family not in SIZES or tag >> 3:
            raise BadCode("This code is damaged: ask for a new one.")
        raw = r.take(SIZES[family])
        port = int.from_bytes(r.take(2), "big")
        address = (f"{uuid.UUID(bytes=raw)}.local" if family == MDNS
                   else str(ipaddress.ip_address(raw)))
        typ = "host" if ctype == HOST else "srflx raddr 0.0.0.0 rport 0"
        priority = ((126 if ctype == HOST else 100) << 24) | ((65535 - i) << 8) | 255
        lines.append(f"a=candidate:{i + 1} 1 udp {priority} {address} {port} typ {typ}")
    if r.at != len(data):
        raise BadCode("This code is damaged: ask for a new one.")
    session = int.from_bytes(hashlib.sha256(code.encode()).digest()[:7], "big")
    return "\r\n".join([
        "v=0", f"o=- {session} 2 IN IP4 127.0.0.1", "s=-", "t=0 0",
        f"a=group:BUNDLE {mid}", "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
        *lines, "a=end-of-candidates",
        f"a=ice-ufrag:{ufrag}", f"a=ice-pwd:{pwd}", "a=ice-options:trickle",
        f"a=fingerprint:sha-256 {fingerprint}", f"a=setup:{role}", f"a=mid:{mid}",
        "a=sctp-port:5000", "a=max-message-size:262144", ""])


def join_link(base: str, code: str, watch: bool = False) -> str:
    """The link that opens the app at the join screen of ``code`` (an offer); ``watch``: a
    watcher's, to watch the table without a seat."""
    return f"{base.split('#')[0]}#/join/{code}" + ("/watch" if watch else "")


def code_from_text(text: str) -> str:
    """The code in what was scanned or pasted: a join link or a bare code, with any spaces and
    line breaks a chat app put in it; :class:`BadCode` when there is none."""
    if not isinstance(text, str) or not text.strip():
        raise BadCode("There is no code here: paste the whole code or link.")
    squeezed = "".join(text.split())
    if "#/join/" in squeezed:
        squeezed = squeezed.split("#/join/", 1)[1]
    squeezed = squeezed.split("?", 1)[0].rstrip("/").removesuffix("/watch")
    if not squeezed or not CODE.fullmatch(squeezed):
        raise BadCode("This is not a Card Table code: paste the whole code or link.")
    return squeezed
