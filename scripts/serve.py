"""Serve the built site on localhost with the right types and caching headers.

``.mjs`` as JavaScript, ``.wasm`` as application/wasm (needed for streaming compilation),
``.webmanifest``/``manifest.json`` as manifests, and ``Cache-Control: no-cache`` for ``sw.js`` so
a published update is seen. ``--base /some/path/`` serves the site under a sub-path, as a static
host might. Also imported by the tests (``make_server``).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import threading
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent

TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    base = "/"
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES
    }

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if not clean.startswith(self.base):
            return "/nonexistent-outside-base"
        return super().translate_path("/" + clean[len(self.base):])

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0]
        if path.endswith("/sw.js") or path.endswith("/") or path.endswith(".html"):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        # count the bytes of every body sent, per path (the download benchmark reads them)
        counter = getattr(self.server, "bytes_sent", None)
        if counter is None:
            super().copyfile(source, outputfile)
            return
        data = source.read()
        outputfile.write(data)
        path = self.path.split("?", 1)[0]
        counter[path] = counter.get(path, 0) + len(data)

    def log_message(self, format: str, *args: Any) -> None:
        if getattr(self.server, "quiet", False):
            return
        super().log_message(format, *args)


def make_server(directory: Path, port: int = 0, base: str = "/", quiet: bool = True,
                host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    handler = type("BoundHandler", (Handler,), {"base": base})
    server = http.server.ThreadingHTTPServer(
        (host, port), functools.partial(handler, directory=str(directory))
    )
    server.quiet = quiet  # type: ignore[attr-defined]
    server.daemon_threads = True
    return server


def serve_in_thread(directory: Path, base: str = "/") -> tuple[http.server.ThreadingHTTPServer,
                                                              str]:
    server = make_server(directory, 0, base)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}{'/' + base.strip('/') + '/' if base.strip('/') else '/'}"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--dir", default=str(ROOT / "build" / "site"))
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--base", default="/")
    p.add_argument("--host", default="127.0.0.1")
    args = p.parse_args()
    server = make_server(Path(args.dir), args.port, args.base, quiet=False, host=args.host)
    base = "/" + args.base.strip("/") + "/" if args.base.strip("/") else "/"
    print(f"Serving {args.dir} at http://localhost:{args.port}{base}  (Ctrl-C to stop)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
