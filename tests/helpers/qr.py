"""Reading the app's QR codes back: jsQR (the in-app scanner's decoder, run by node on
tests/helpers/qr_decode.cjs) decodes module matrices, and :func:`svg_matrix` turns an SVG the
app drew (app.net.qr.qr_svg: one path of runs of dark modules) back into its matrix."""

from __future__ import annotations

import json
import re
import subprocess
import xml.etree.ElementTree as ET

from helpers.browser import ROOT

RUN = re.compile(r"M(\d+) (\d+)h(\d+)v1h-(\d+)z")


def decode(matrices: list[list[list[bool]]]) -> list[str | None]:
    """The text of each matrix (rows of dark modules, no quiet zone), None where jsQR reads
    none."""
    rows = [[[int(v) for v in row] for row in m] for m in matrices]
    done = subprocess.run(["node", str(ROOT / "tests" / "helpers" / "qr_decode.cjs")],
                          input=json.dumps(rows), capture_output=True, text=True, check=True,
                          cwd=ROOT, timeout=120)
    out: list[str | None] = json.loads(done.stdout)
    return out


def svg_matrix(svg: str, border: int = 4) -> list[list[bool]]:
    """The modules an SVG of the app's draws (its quiet zone of ``border`` left out)."""
    root = ET.fromstring(svg)
    n = int(root.get("viewBox", "").split()[2]) - 2 * border
    path = root.find("{http://www.w3.org/2000/svg}path")
    assert path is not None, "no path in the SVG"
    d = path.get("d", "")
    matrix = [[False] * n for _ in range(n)]
    runs = RUN.findall(d)
    assert "".join(f"M{x} {y}h{w}v1h-{b}z" for x, y, w, b in runs) == d, "not runs of modules"
    for x, y, w, back in runs:
        assert w == back
        for i in range(int(w)):
            matrix[int(y) - border][int(x) - border + i] = True
    return matrix
