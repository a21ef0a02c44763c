"""The real server for the fault tests: `companion serve` (waitress) in a subprocess on 127.0.0.1 and a free
port, and a client that behaves like a tablet (session cookie, CSRF token from the page, form posts)."""
from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
SERVE = "import sys; from companion.cli import main; sys.exit(main(sys.argv[1:]))"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, instance: Path, port: int | None = None, args: tuple[str, ...] = ()):
        self.instance = Path(instance)
        self.port = port or free_port()
        self.args = args  # more of `companion serve`'s options (--tablets)
        self.proc: subprocess.Popen | None = None

    @property
    def database(self) -> Path:
        return self.instance / "companion.sqlite3"

    def start(self, timeout: float = 30) -> "Server":
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SERVE, "--instance", str(self.instance), "serve", "--port", str(self.port), *self.args],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.proc.stderr.read().decode()[-2000:]}")
            try:
                if Client(self.port).get("/")[0] == 200:
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("server did not answer in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no checkpoint, a request possibly half-way."""
        if self.proc and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self._close()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self._close()

    def _close(self):
        if self.proc and self.proc.stderr:
            self.proc.stderr.close()


class Client:
    """One tablet: its own session cookie and CSRF token."""

    def __init__(self, port: int, timeout: float = 30):
        self.port = port
        self.timeout = timeout
        self.cookie = ""
        self.token = ""

    def _request(self, method, path, body=None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        try:
            hdrs = {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
            if self.cookie:
                hdrs["Cookie"] = self.cookie
            conn.request(method, path, body=body, headers=hdrs)
            resp = conn.getresponse()
            data = resp.read().decode("utf-8", "replace")
            for name, value in resp.getheaders():
                if name.lower() == "set-cookie" and value.startswith("session="):
                    self.cookie = value.split(";", 1)[0]
            return resp.status, dict(resp.getheaders()), data
        finally:
            conn.close()

    def get(self, path):
        status, headers, body = self._request("GET", path)
        m = re.search(r'name="csrf-token" content="([^"]+)"', body)
        if m:
            self.token = m.group(1)
        return status, body

    def post(self, path, data=None, htmx=True, token=True):
        if token and not self.token:
            self.get("/")
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        if token:
            headers["X-CSRFToken"] = self.token
        if htmx:
            headers["HX-Request"] = "true"
        status, hdrs, body = self._request("POST", path, urlencode(data or {}, doseq=True), headers)
        return status, hdrs, body


def integrity(path: Path) -> str:
    conn = sqlite3.connect(path)
    try:
        return "; ".join(r[0] for r in conn.execute("PRAGMA integrity_check"))
    finally:
        conn.close()


def snapshot(path: Path) -> dict:
    """Every row of every table: what a refused request must leave as it was."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {n: conn.execute(f'SELECT * FROM "{n}" ORDER BY rowid').fetchall() for n in names}
    finally:
        conn.close()
