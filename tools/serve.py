"""Serve the built site locally with the headers of netlify.toml (CSP included), and
compressed as a static host sends it (gzip, to a browser that asks for it, for every
type that shrinks: text, scripts, JSON, SVG, wasm; not the archives, already deflated
inside, nor the images), so that what runs and what is measured here is what runs
deployed.

    python3 -m tools.serve [--dir site] [--host 127.0.0.1] [--port 8000]
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import fnmatch
import functools
import gzip
import http.server
import io
import os
import sys
import threading
import tomllib
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
}


COMPRESSED = (
    "text/",
    "application/javascript",
    "application/json",
    "image/svg+xml",
    "application/wasm",
    "application/manifest+json",
)
"""The types sent compressed (by their Content-Type's start)."""
GZIP_LEVEL = 6  # what static hosts use: most of the gain, quickly

_compressed: dict[tuple[str, float, int], bytes] = {}  # (path, mtime, size) → gzip bytes
_compressed_lock = threading.Lock()


def compressed(path: str) -> bytes:
    """The gzip form of a file, made once per version of it."""
    stat = os.stat(path)
    key = (path, stat.st_mtime, stat.st_size)
    with _compressed_lock:
        found = _compressed.get(key)
    if found is None:
        with open(path, "rb") as source:
            found = gzip.compress(source.read(), GZIP_LEVEL, mtime=0)
        with _compressed_lock:
            _compressed[key] = found
    return found


def header_rules(netlify_toml: Path) -> list[tuple[str, dict[str, str]]]:
    """``(pattern, headers)`` pairs from a netlify.toml, in file order."""
    if not netlify_toml.exists():
        return []
    data = tomllib.loads(netlify_toml.read_text(encoding="utf-8"))
    return [(rule["for"], dict(rule.get("values", {}))) for rule in data.get("headers", [])]


def headers_for(path: str, rules: list[tuple[str, dict[str, str]]]) -> dict[str, str]:
    """The headers Netlify would add to ``path`` (later rules win on the same name)."""
    result: dict[str, str] = {}
    for pattern, values in rules:
        if fnmatch.fnmatchcase(path, pattern):
            result.update(values)
    return result


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that hangs up mid-download is normal; anything else is reported."""
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


class Handler(http.server.SimpleHTTPRequestHandler):
    rules: ClassVar[list[tuple[str, dict[str, str]]]] = []
    extensions_map = {  # noqa: RUF012 (the base class declares it on instances)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **TYPES,
    }
    log: list[str] | None = None
    sizes: list[tuple[str, int, int]] | None = None  # (path, status, body bytes)
    files: ClassVar[dict[str, Path]] = {}  # served at these paths besides the folder's
    quiet = True

    def translate_path(self, path: str) -> str:
        extra = self.files.get(path.split("?", 1)[0].split("#", 1)[0])
        return str(extra) if extra is not None else super().translate_path(path)

    def send_head(self) -> Any:
        """The file, compressed when the browser takes gzip and its type shrinks (a
        folder, a missing file and a conditional request that is still current are
        answered as the base class answers them)."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # the redirect to the folder
            path = os.path.join(path, "index.html")
        kind = self.guess_type(path)
        wants = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (wants and kind.startswith(COMPRESSED) and os.path.isfile(path)):
            return super().send_head()
        modified = int(os.stat(path).st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                if modified <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.end_headers()
                    return None
        body = compressed(path)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return io.BytesIO(body)

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length" and self.sizes is not None:
            self.sizes.append((self.path, getattr(self, "_status", 0), int(value)))
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path.endswith("/"):
            path += "index.html"
        for name, value in headers_for(path, self.rules).items():
            if name.lower() == "content-type":
                continue  # sent by send_head from TYPES; must not be doubled
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if self.log is not None:
            self.log.append(self.path)
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    directory: Path,
    host: str = "127.0.0.1",
    port: int = 8000,
    log: list[str] | None = None,
    headers: bool = True,
    sizes: list[tuple[str, int, int]] | None = None,
    files: dict[str, Path] | None = None,
) -> Server:
    """A threaded static server; ``headers=False`` leaves out netlify.toml's headers
    (a stranger's site, for embedding tests); ``files``: more files it serves, by path
    (the test suite's memory snapshot: tests/browser/conftest.py), read when asked for."""
    rules = header_rules(ROOT / "netlify.toml") if headers else []
    handler = type(
        "SiteHandler",
        (Handler,),
        {"rules": rules, "log": log, "sizes": sizes, "files": {} if files is None else files},
    )
    return Server((host, port), functools.partial(handler, directory=str(directory)))


def serve_in_background(
    directory: Path,
    host: str = "127.0.0.1",
    log: list[str] | None = None,
    headers: bool = True,
    sizes: list[tuple[str, int, int]] | None = None,
    files: dict[str, Path] | None = None,
) -> tuple[Server, str]:
    server = make_server(directory, host, 0, log, headers, sizes, files)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dir", type=Path, default=ROOT / "site")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    if not (args.dir / "index.html").exists():
        sys.exit(f"{args.dir} has no index.html: build the site first (make site)")
    server = make_server(args.dir, args.host, args.port)
    Handler.quiet = False
    print(f"Half Moon is served at http://{args.host}:{args.port}/  (Ctrl+C stops)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
