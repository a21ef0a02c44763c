"""Security headers, the table PIN, and friendly answers to refused requests."""
from __future__ import annotations

import hashlib
import hmac
import json
import math
import os
import secrets
import time
from pathlib import Path
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, redirect, render_template, request, session, url_for
from flask_limiter import Limiter
from flask_limiter.errors import RateLimitExceeded
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFError


# media-src data: is for the screen-awake video (static/js/awake.js): NoSleep.js carries it as a data: URL.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "media-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'")
OPEN_ENDPOINTS = {"static", "home.pin", "home.pin_check"}

# Wrong PINs: a device gets 5 a minute, and fewer still over a quarter and a day, so each lock-out waits longer;
# every device together gets 30 a minute, so many addresses cannot share the guessing. A right PIN costs nothing.
PIN_LIMITS_PER_DEVICE = "5 per minute; 15 per 15 minutes; 40 per day"
PIN_LIMIT_OVERALL = "30 per minute"
SESSION_KEY = "table"


def add_headers(resp: Response) -> Response:
    resp.headers["Content-Security-Policy"] = CSP
    resp.headers["X-Content-Type-Options"] = "nosniff"
    resp.headers["X-Frame-Options"] = "DENY"
    resp.headers["Referrer-Policy"] = "same-origin"
    return resp


def pin_ok(app: Flask, entered: str) -> bool:
    pin = app.config.get("TABLE_PIN")
    return bool(pin) and hmac.compare_digest(str(pin).encode(), (entered or "").strip().encode())


def table_token(app: Flask) -> str:
    """The random token a device's session keeps once it entered the PIN (the session cookie is signed, not
    encrypted: it must never hold the PIN). Kept in instance/ so a restart keeps the devices in; a new PIN
    makes a new token, which sends every device back to the PIN page."""
    pin = str(app.config["TABLE_PIN"])
    digest = hmac.new(app.config["SECRET_KEY"].encode(), pin.encode(), hashlib.sha256).hexdigest()
    cached = app.extensions.get("table_token")
    if cached and cached[0] == digest:
        return cached[1]
    path = Path(app.instance_path) / "table_token"
    try:
        stored = json.loads(path.read_text())
        token = stored["token"] if hmac.compare_digest(stored["pin"], digest) else None
    except (OSError, ValueError, KeyError, TypeError):
        token = None
    if token is None:
        token = secrets.token_hex(32)
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump({"pin": digest, "token": token}, f)
        os.replace(tmp, path)
    app.extensions["table_token"] = (digest, token)
    return token


def admit() -> None:
    """This device entered the right PIN."""
    session[SESSION_KEY] = table_token(current_app)


def admitted() -> bool:
    held = session.get(SESSION_KEY)
    return isinstance(held, str) and hmac.compare_digest(held, table_token(current_app))


def safe_next(target: str | None) -> str:
    """Where to go after the PIN: a path of this app only. Browsers drop tabs and newlines and read a
    backslash as a slash, so `/\\t/evil.example` or `/\\evil` would leave the site."""
    target = target or "/"
    if (not target.startswith("/") or any(ch in target for ch in "\\\t\r\n") or any(ord(ch) < 32 for ch in target)
            or target.startswith("//")):
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return "/"
    return target


def wait_message(seconds: int) -> str:
    if seconds >= 90:
        return f"Too many wrong PINs from this device. Try again in {math.ceil(seconds / 60)} minutes."
    return f"Too many wrong PINs from this device. Try again in {seconds} seconds."


def _wait_seconds(app: Flask) -> int:
    limiter: Limiter = app.extensions["pin_limiter"]
    current = limiter.current_limit
    if current is None:
        return 60
    return max(1, math.ceil(current.reset_at - time.time()))


def limit_pin(app: Flask) -> None:
    """Wrong PIN attempts counted per device and over every device (flask-limiter, in memory: a restart
    forgets them, which a guesser cannot cause from a tablet)."""
    limiter = Limiter(get_remote_address, app=app, storage_uri="memory://", headers_enabled=True,
                      strategy="fixed-window")
    app.extensions["pin_limiter"] = limiter
    wrong = dict(deduct_when=lambda resp: resp.status_code != 303)
    view = app.view_functions["home.pin_check"]
    view = limiter.limit(PIN_LIMITS_PER_DEVICE, **wrong)(view)
    view = limiter.limit(PIN_LIMIT_OVERALL, key_func=lambda: "every-device", scope="pin-overall", **wrong)(view)
    app.view_functions["home.pin_check"] = view

    @app.errorhandler(RateLimitExceeded)
    def too_many(exc):
        seconds = _wait_seconds(app)
        resp = Response(render_template("home/pin.html", error=wait_message(seconds),
                                        next=safe_next(request.form.get("next"))), status=429)
        resp.headers["Retry-After"] = str(seconds)
        return resp


def init_app(app: Flask) -> None:
    app.after_request(add_headers)

    @app.before_request
    def require_known_host():
        # An unknown Host is refused (400) before anything builds a URL from it.
        request.host  # noqa: B018 - raises SecurityError (400) when not in TRUSTED_HOSTS

    @app.before_request
    def require_pin():
        # `serve --lan` sets TABLE_PIN: each device enters it once, the session remembers a token for it.
        if not app.config.get("TABLE_PIN") or request.endpoint in OPEN_ENDPOINTS:
            return None
        if admitted():
            return None
        if request.headers.get("HX-Request"):
            resp = Response(status=401)
            resp.headers["HX-Redirect"] = url_for("home.pin")
            return resp
        return redirect(url_for("home.pin", next=request.full_path if request.method == "GET" else None))

    @app.errorhandler(CSRFError)
    def csrf_refused(exc):
        return render_template("error.html", title="Not saved",
                               message="This page is out of date (its security token no longer matches). "
                                       "Reload the page and try again; nothing was changed."), 400

    @app.errorhandler(413)
    def too_large(exc):
        return render_template("error.html", title="Too large",
                               message="That upload is larger than 2 MB; nothing was changed."), 413

    @app.errorhandler(404)
    def not_found(exc):
        # Also what web/answers.py answers for a document that is not there (deleted on another device, or typed).
        return render_template("error.html", title="Not found",
                               message="There is nothing here. It may have been deleted on another device."), 404
