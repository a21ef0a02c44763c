"""Security headers, the table PIN, and friendly answers to refused requests."""
from __future__ import annotations

import hmac

from flask import Flask, Response, redirect, render_template, request, session, url_for
from flask_wtf.csrf import CSRFError

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'")
OPEN_ENDPOINTS = {"static", "home.pin", "home.pin_check"}


def add_headers(resp: Response) -> Response:
    resp.headers["Content-Security-Policy"] = CSP
    resp.headers["X-Content-Type-Options"] = "nosniff"
    resp.headers["X-Frame-Options"] = "DENY"
    resp.headers["Referrer-Policy"] = "same-origin"
    return resp


def pin_ok(app: Flask, entered: str) -> bool:
    pin = app.config.get("TABLE_PIN")
    return bool(pin) and hmac.compare_digest(str(pin).encode(), (entered or "").strip().encode())


def init_app(app: Flask) -> None:
    app.after_request(add_headers)

    @app.before_request
    def require_pin():
        # `serve --lan` sets TABLE_PIN: each device enters it once, the session remembers it.
        if not app.config.get("TABLE_PIN") or request.endpoint in OPEN_ENDPOINTS:
            return None
        if session.get("pin") == app.config["TABLE_PIN"]:
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
        return render_template("error.html", title="Not found",
                               message="There is nothing here. It may have been deleted on another device."), 404
