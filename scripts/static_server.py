#!/usr/bin/env python3
"""Serves the built app (dist/) on loopback as a static host or CDN would: text assets (wasm, js,
css, html) gzip-compressed when the browser accepts it, and the security headers a meta tag cannot
set (frame-ancestors). Standard library only.

Usage: python3 scripts/static_server.py DIST_DIR PORT
"""
import gzip
import http.server
import mimetypes
import os
import sys
from functools import lru_cache

COMPRESSIBLE = {".wasm", ".js", ".css", ".html", ".json", ".svg", ".txt", ""}
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".js")


@lru_cache(maxsize=64)
def compressed(path: str, mtime: float) -> bytes:
    with open(path, "rb") as f:
        return gzip.compress(f.read(), compresslevel=9, mtime=0)


class Handler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Content-Security-Policy", "frame-ancestors 'none'")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        super().end_headers()

    def do_GET(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        ext = os.path.splitext(path)[1]
        accepts_gzip = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts_gzip and ext in COMPRESSIBLE and os.path.isfile(path)):
            return super().do_GET()
        body = compressed(path, os.path.getmtime(path))
        self.send_response(200)
        self.send_header("Content-Type", mimetypes.guess_type(path)[0] or "application/octet-stream")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def main():
    directory, port = sys.argv[1], int(sys.argv[2])
    handler = lambda *a, **k: Handler(*a, directory=directory, **k)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        server.serve_forever()


if __name__ == "__main__":
    main()
