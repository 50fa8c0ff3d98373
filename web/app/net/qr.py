"""QR codes drawn by the app itself (a table of phones' invitation and answer, issue 36).

The page may load nothing from elsewhere and the app's Python runs on Pyodide, so the encoder
is here, in plain Python: ISO/IEC 18004 in byte or alphanumeric mode, error correction level L
or M, versions 1 to 40, the mask chosen by the standard's penalty rules (the same matrix as
other encoders make: tests/app/test_net_qr.py compares it with segno's, module for module).
The structure follows Project Nayuki's QR Code generator (MIT), which reads well.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.kit import esc

ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
LEVELS = {"L": 0, "M": 1}  # the levels made here (the cameras of phones read M well)
FORMAT_BITS = {"L": 1, "M": 0}  # a level's two bits in the format information

# error correction codewords per block, and blocks, by level (L, M) and version (index 0 unused)
ECC_PER_BLOCK = (
    (-1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28,
     30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    (-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28,
     28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
)
BLOCKS = (
    (-1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13,
     14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    (-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23,
     25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
)


class QRTooLong(ValueError):
    """The text does not fit in a QR code of version 40 at that level."""


# --- Reed-Solomon over GF(256), modulus x^8 + x^4 + x^3 + x^2 + 1 ------------------------------


def _multiply(x: int, y: int) -> int:
    z = 0
    for i in reversed(range(8)):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def _divisor(degree: int) -> list[int]:
    result = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            result[j] = _multiply(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = _multiply(root, 0x02)
    return result


def _remainder(data: Sequence[int], divisor: Sequence[int]) -> list[int]:
    result = [0] * len(divisor)
    for b in data:
        factor = b ^ result.pop(0)
        result.append(0)
        for i, coef in enumerate(divisor):
            result[i] ^= _multiply(coef, factor)
    return result


# --- sizes ---------------------------------------------------------------------------------


def _raw_modules(version: int) -> int:
    """Modules that hold data (codewords and their remainder bits) in ``version``."""
    result = (16 * version + 128) * version + 64
    if version >= 2:
        align = version // 7 + 2
        result -= (25 * align - 10) * align - 55
        if version >= 7:
            result -= 36
    return result


def _data_codewords(version: int, level: int) -> int:
    return (_raw_modules(version) // 8
            - ECC_PER_BLOCK[level][version] * BLOCKS[level][version])


def _count_bits(alphanumeric: bool, version: int) -> int:
    """Bits of the character count field."""
    if alphanumeric:
        return 9 if version < 10 else 11 if version < 27 else 13
    return 8 if version < 10 else 16


def _segment(text: str) -> tuple[bool, int, list[tuple[int, int]]]:
    """The text's mode (alphanumeric?), its character count and its bits (value, width)."""
    if text and all(c in ALPHANUMERIC for c in text):
        bits = []
        for i in range(0, len(text) - 1, 2):
            bits.append((ALPHANUMERIC.index(text[i]) * 45 + ALPHANUMERIC.index(text[i + 1]), 11))
        if len(text) % 2:
            bits.append((ALPHANUMERIC.index(text[-1]), 6))
        return True, len(text), bits
    data = text.encode("utf-8")
    return False, len(data), [(b, 8) for b in data]


def _codewords(text: str, level: int) -> tuple[int, list[int]]:
    """The smallest version that holds ``text``, and its data codewords (padded)."""
    alnum, count, bits = _segment(text)
    used = sum(w for _, w in bits)
    for version in range(1, 41):
        capacity = _data_codewords(version, level) * 8
        need = 4 + _count_bits(alnum, version) + used
        if need <= capacity:
            break
    else:
        raise QRTooLong(f"{len(text)} characters do not fit in a QR code")
    stream: list[int] = []

    def put(value: int, width: int) -> None:
        stream.extend((value >> i) & 1 for i in reversed(range(width)))

    put(0b0010 if alnum else 0b0100, 4)
    put(count, _count_bits(alnum, version))
    for value, width in bits:
        put(value, width)
    put(0, min(4, capacity - len(stream)))
    put(0, -len(stream) % 8)
    words = [int("".join(map(str, stream[i:i + 8])), 2) for i in range(0, len(stream), 8)]
    pad = 0xEC
    while len(words) < capacity // 8:
        words.append(pad)
        pad ^= 0xEC ^ 0x11
    return version, words


def _interleaved(words: list[int], version: int, level: int) -> list[int]:
    """The data split in blocks, each with its error correction, read across the blocks."""
    blocks_n = BLOCKS[level][version]
    ecc_len = ECC_PER_BLOCK[level][version]
    raw = _raw_modules(version) // 8
    short_n = blocks_n - raw % blocks_n
    short_len = raw // blocks_n
    divisor = _divisor(ecc_len)
    blocks: list[list[int]] = []
    k = 0
    for i in range(blocks_n):
        size = short_len - ecc_len + (0 if i < short_n else 1)
        data = words[k:k + size]
        k += size
        ecc = _remainder(data, divisor)
        if i < short_n:
            data = [*data, -1]  # a short block's gap, skipped when read across
        blocks.append(data + ecc)
    out = []
    for i in range(len(blocks[0])):
        for j, block in enumerate(blocks):
            if i != short_len - ecc_len or j >= short_n:
                out.append(block[i])
    return out


# --- the matrix ----------------------------------------------------------------------------


def _alignment_positions(version: int) -> list[int]:
    if version == 1:
        return []
    n = version // 7 + 2
    step = (version * 8 + n * 3 + 5) // (n * 4 - 4) * 2
    size = version * 4 + 17
    return [6] + [size - 7 - i * step for i in reversed(range(n - 1))]


class _Matrix:
    def __init__(self, version: int) -> None:
        self.version = version
        self.size = version * 4 + 17
        self.dark = [[False] * self.size for _ in range(self.size)]
        self.fixed = [[False] * self.size for _ in range(self.size)]

    def put(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.fixed[y][x] = True

    def functions(self) -> None:
        size = self.size
        for i in range(size):  # timing patterns
            self.put(6, i, i % 2 == 0)
            self.put(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):  # finders and separators
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < size and 0 <= y < size:
                        d = max(abs(dx), abs(dy))
                        self.put(x, y, d not in (2, 4))
        positions = _alignment_positions(self.version)
        last = len(positions) - 1
        for i, ax in enumerate(positions):
            for j, ay in enumerate(positions):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.put(ax + dx, ay + dy, max(abs(dx), abs(dy)) != 1)
        self.format_bits(0, 0)  # reserved now, written with the mask
        self.version_bits()

    def format_bits(self, level_bits: int, mask: int) -> None:
        data = level_bits << 3 | mask
        rem = data
        for _ in range(10):
            rem = (rem << 1) ^ ((rem >> 9) * 0x537)
        bits = (data << 10 | rem) ^ 0x5412
        size = self.size

        def bit(i: int) -> bool:
            return (bits >> i) & 1 != 0

        for i in range(6):
            self.put(8, i, bit(i))
        self.put(8, 7, bit(6))
        self.put(8, 8, bit(7))
        self.put(7, 8, bit(8))
        for i in range(9, 15):
            self.put(14 - i, 8, bit(i))
        for i in range(8):
            self.put(size - 1 - i, 8, bit(i))
        for i in range(8, 15):
            self.put(8, size - 15 + i, bit(i))
        self.put(8, size - 8, True)  # the dark module

    def version_bits(self) -> None:
        if self.version < 7:
            return
        rem = self.version
        for _ in range(12):
            rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
        bits = self.version << 12 | rem
        for i in range(18):
            dark = (bits >> i) & 1 != 0
            a, b = self.size - 11 + i % 3, i // 3
            self.put(a, b, dark)
            self.put(b, a, dark)

    def place(self, codewords: list[int]) -> None:
        size = self.size
        i = 0
        total = len(codewords) * 8
        right = size - 1
        while right >= 1:
            if right == 6:
                right = 5
            for vert in range(size):
                for j in range(2):
                    x = right - j
                    upward = (right + 1) & 2 == 0
                    y = size - 1 - vert if upward else vert
                    if not self.fixed[y][x] and i < total:
                        self.dark[y][x] = (codewords[i >> 3] >> (7 - (i & 7))) & 1 != 0
                        i += 1
            right -= 2

    def mask(self, mask: int) -> None:
        for y in range(self.size):
            for x in range(self.size):
                if self.fixed[y][x]:
                    continue
                flip = (
                    (x + y) % 2 == 0, y % 2 == 0, x % 3 == 0, (x + y) % 3 == 0,
                    (x // 3 + y // 2) % 2 == 0, x * y % 2 + x * y % 3 == 0,
                    (x * y % 2 + x * y % 3) % 2 == 0, ((x + y) % 2 + x * y % 3) % 2 == 0,
                )[mask]
                if flip:
                    self.dark[y][x] = not self.dark[y][x]

    def penalty(self) -> int:
        rows = self.dark
        cols = [list(c) for c in zip(*rows, strict=True)]
        score = 0
        for line in rows + cols:
            run, prev = 0, None
            for d in line:
                if d == prev:
                    run += 1
                else:
                    if run >= 5:
                        score += run - 2
                    run, prev = 1, d
            if run >= 5:
                score += run - 2
            score += 40 * _finder_like(line)
        size = self.size
        for y in range(size - 1):
            for x in range(size - 1):
                c = rows[y][x]
                if c == rows[y][x + 1] == rows[y + 1][x] == rows[y + 1][x + 1]:
                    score += 3
        dark = sum(map(sum, rows))
        total = size * size
        k = (abs(dark * 20 - total * 10) + total - 1) // total - 1
        return score + k * 10


def _finder_like(line: list[bool]) -> int:
    """Dark-light-dark-dark-dark-light-dark with four light modules on one side (the
    standard's 1:1:3:1:1 rule, the quiet zone counting as light)."""
    padded = [False] * 4 + line + [False] * 4
    text = "".join("1" if d else "0" for d in padded)
    count = 0
    for pattern in ("00001011101", "10111010000"):
        start = text.find(pattern)
        while start != -1:
            count += 1
            start = text.find(pattern, start + 1)
    return count


def qr_matrix(text: str, level: str = "M", mask: int | None = None) -> list[list[bool]]:
    """The modules of ``text``'s QR code (True: dark), rows top to bottom, no quiet zone.
    ``mask``: force one of the eight masks (tests); else the standard's choice."""
    lv = LEVELS[level]
    version, words = _codewords(text, lv)
    m = _Matrix(version)
    m.functions()
    m.place(_interleaved(words, version, lv))
    best: tuple[int, int] | None = None
    for k in range(8) if mask is None else (mask,):
        m.mask(k)
        m.format_bits(FORMAT_BITS[level], k)
        score = m.penalty()
        if best is None or score < best[0]:
            best = (score, k)
        m.mask(k)  # undone
    assert best is not None
    m.mask(best[1])
    m.format_bits(FORMAT_BITS[level], best[1])
    return m.dark


def qr_version(text: str, level: str = "M") -> int:
    return _codewords(text, LEVELS[level])[0]


def qr_svg(text: str, level: str = "M", label: str = "QR code") -> str:
    """``text``'s QR code as an inline SVG: black modules on white with the quiet zone of four,
    one path, sharp edges; sized by its container (attributes only: the page's CSP allows no
    inline style)."""
    rows = qr_matrix(text, level)
    n = len(rows) + 8
    parts = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                parts.append(f"M{start + 4} {y + 4}h{x - start}v1h{start - x}z")
            else:
                x += 1
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n} {n}" role="img" '
            f'aria-label="{esc(label)}" shape-rendering="crispEdges">'
            f'<rect width="{n}" height="{n}" fill="#fff"/>'
            f'<path d="{"".join(parts)}" fill="#000"/></svg>')
