"""The PIN limit under a guessing run: how many wrong PINs one device gets evaluated, and every device."""
from __future__ import annotations

import time
from pathlib import Path

from companion import create_app

from .fuzz import Tablet


def run(workdir: Path, tries: int = 300, devices: int = 10) -> dict:
    app = create_app({"INSTANCE_PATH": str(Path(workdir) / "instance"), "TABLE_PIN": "482913"})
    started = time.monotonic()
    one = Tablet(app)
    one.client.environ_base["REMOTE_ADDR"] = "10.0.0.2"
    one.get("/pin")
    answers: dict[int, int] = {}
    for n in range(tries):
        resp = one.client.post("/pin", data={"pin": f"{n:06d}", "csrf_token": one.token})
        answers[resp.status_code] = answers.get(resp.status_code, 0) + 1
    many: dict[int, int] = {}
    for d in range(devices):
        t = Tablet(app)
        t.client.environ_base["REMOTE_ADDR"] = f"10.0.1.{d}"
        t.get("/pin")
        for n in range(tries // devices):
            resp = t.client.post("/pin", data={"pin": f"{n:06d}", "csrf_token": t.token})
            many[resp.status_code] = many.get(resp.status_code, 0) + 1
    seconds = time.monotonic() - started
    return {"one_device_tries": tries, "one_device_evaluated": answers.get(422, 0) + answers.get(303, 0),
            "one_device_refused_429": answers.get(429, 0), "devices": devices,
            "all_devices_evaluated": many.get(422, 0) + many.get(303, 0), "all_devices_refused_429": many.get(429, 0),
            "seconds": round(seconds, 1)}
