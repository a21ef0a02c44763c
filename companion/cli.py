"""`companion serve | export | import | restore | bench | sight | resolve`. Bad input: one line on stderr, exit code 2."""
from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace
from pathlib import Path

EXIT_BAD_INPUT = 2


class BadInput(Exception):
    pass


def _instance(args) -> Path:
    from . import ROOT

    return Path(args.instance or os.environ.get("COMPANION_INSTANCE") or ROOT / "instance")


def _app(args, **config):
    from . import create_app

    return create_app({"INSTANCE_PATH": str(_instance(args)), **config})


def _tablets(text: str) -> int:
    n = int(text)
    if not 1 <= n <= 64:
        raise argparse.ArgumentTypeError("give between 1 and 64 tablets")
    return n


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses as the tablet would type them (no packet is sent)."""
    import socket  # here, as in every command but resolve and sight: they start without it

    found = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(info[4][0])
    except socket.gaierror:
        pass
    for _index, name in _interfaces():
        address = _interface_address(name)
        if address:
            found.add(address)
    return sorted(a for a in found if not a.startswith("127."))


def _interfaces():
    import socket

    try:
        return socket.if_nameindex()
    except OSError:
        return []


def _interface_address(name: str) -> str | None:
    """The IPv4 address of a network interface (Linux SIOCGIFADDR); None elsewhere."""
    import socket

    try:
        import fcntl
        import struct
    except ImportError:
        return None
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        packed = fcntl.ioctl(sock.fileno(), 0x8915, struct.pack("256s", name[:15].encode()))
        return socket.inet_ntoa(packed[20:24])
    except OSError:
        return None
    finally:
        sock.close()


def _table_pin(args) -> str:
    import getpass
    import secrets

    pin = args.pin or os.environ.get("COMPANION_PIN")
    if not pin and sys.stdin.isatty():
        pin = getpass.getpass("Table PIN for the devices on the Wi-Fi (4 or more characters, blank for a random one): ")
    pin = (pin or "").strip() or f"{secrets.randbelow(10**6):06d}"
    if len(pin) < 4:
        raise BadInput("--pin: the table PIN needs 4 or more characters.")
    return pin


def cmd_serve(args) -> int:
    import signal
    import socket

    from waitress import serve

    from .store import instance
    from .web.database import shut_down
    from .web.stream import serving

    host = "0.0.0.0" if args.lan else args.host
    config = {"TABLETS": args.tablets} if args.tablets else {}  # each tablet's stream holds a thread (web/stream.py)
    addresses = lan_addresses() if args.lan else []
    shown = addresses[0] if addresses else socket.gethostname() if args.lan else host
    try:  # first of all: a second server on the folder touches nothing, not even with a start-up backup
        instance.lock(_instance(args).resolve(), f"http://{shown}:{args.port}/")
    except (instance.InstanceBusy, instance.InstanceNotWritable) as exc:
        raise BadInput(str(exc)) from None
    if args.lan:
        hostname = socket.gethostname()
        config["TABLE_PIN"] = _table_pin(args)
        config["TRUSTED_HOSTS"] = ["localhost", "127.0.0.1", "::1", hostname, f"{hostname}.local", *addresses]
    app = _app(args, **config)
    _say_interrupted_restore(app)
    if args.lan:
        print("Open on the tablet (same Wi-Fi):")
        for a in addresses or [socket.gethostname()]:
            print(f"  http://{a}:{args.port}/")
        print(f"Table PIN: {config['TABLE_PIN']}")
    else:
        print(f"Table Companion on http://{host}:{args.port}/ (use --lan to open it from a tablet)")
    # SIGTERM stops waitress as Ctrl-C does (its loop ends on either), so both reach the checkpoint below.
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        serve(app, host=host, port=args.port, **serving(app), clear_untrusted_proxy_headers=True, ident="table-companion")
    finally:
        shut_down(app)
    return 0


def _interrupt(_signum, _frame):
    raise KeyboardInterrupt


def _say_interrupted_restore(app) -> None:
    from .store.backups import interrupted_line

    note = interrupted_line(app.config["DATABASE"])
    if note:
        print(note)


def _find_campaign(db, ref: str):
    from .store import campaigns as store
    from .store.journal import DamagedDocument

    rows = store.listing(db) + store.listing(db, archived=True)
    for row in rows:
        if str(row["id"]) == ref or row["name"] == ref:
            try:
                return store.JOURNAL.get(db, row["id"])
            except DamagedDocument as exc:  # said, never a traceback: its name, what is wrong, the backups
                raise BadInput(f"campaign: {exc.message} Restore a backup where it reads back: "
                               "`companion restore --list`.") from None
    raise BadInput(f"campaign: no campaign with id or name {ref!r} (see `companion export --list`).")


def cmd_export(args) -> int:
    from . import db as dbmod
    from .db import now
    from .schemas.files.campaign import dump_campaign_file
    from .store import campaigns as store

    app = _app(args, BACKUP_ON_START=False)
    db = dbmod.connect(app.config["DATABASE"])
    if args.list or not args.campaign:
        for row in store.listing(db) + store.listing(db, archived=True):
            print(f"{row['id']}\t{row['name']}")
        return 0 if args.list else _bad("campaign: name or id of the campaign to export is required.")
    text = dump_campaign_file(_find_campaign(db, args.campaign).campaign, now())
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        print(text)
    return 0


def cmd_import(args) -> int:
    from . import db as dbmod
    from .schemas.files.campaign import load_campaign_file
    from .store import campaigns as store

    path = Path(args.file)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BadInput(f"file: cannot read {path}: {exc.strerror}.") from None
    try:
        campaign = load_campaign_file(data)
    except ValueError as exc:
        raise BadInput(f"{path}: {exc} Nothing was imported.") from None
    app = _app(args, BACKUP_ON_START=False)
    db = dbmod.connect(app.config["DATABASE"])
    if store.name_taken(db, campaign.name):
        from dataclasses import replace

        campaign = replace(campaign, name=(campaign.name[:73] + " (copy)"))
    campaign_id = store.JOURNAL.create(db, {}, campaign, f"Imported from {path.name}")
    print(f"Imported {campaign.name!r} as campaign {campaign_id}.")
    return 0


def cmd_restore(args) -> int:
    from .store import backups, retention

    db_path = _instance(args) / "companion.sqlite3"
    if args.list or not args.name:
        note = backups.interrupted_line(db_path)
        if note:
            print(note)
        for b in retention.listing(db_path)["backups"]:
            marks = "".join(["\tkept until deleted" if b["kept"] else "", "\tlast known good" if b["good"] else ""])
            print(f"{b['name']}\t{b['reason']}\t{backups.check(b['path'])}{marks}")
        return 0 if args.list else _bad("name: which backup to restore is required (see --list).")
    try:
        safety = backups.restore(db_path, args.name)
    except FileNotFoundError:
        raise BadInput(f"name: no backup called {args.name!r} (see --list).") from None
    except ValueError as exc:
        raise BadInput(f"name: {exc}") from None
    except backups.NotRestored as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    print(f"Restored {args.name}." + (f" The previous state is kept as {safety.name}." if safety else ""))
    return 0


def cmd_bench(args) -> int:
    from .bench import run

    print(run(campaigns=args.campaigns, characters=args.characters, history=args.history, repeat=args.repeat))
    return 0


def _read_scenario(path_text: str):
    from .schemas.files.scenario import ScenarioFileError, load_scenario

    path = Path(path_text)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BadInput(f"file: cannot read {path}: {exc.strerror}.") from None
    try:
        return load_scenario(data)
    except ScenarioFileError as exc:
        raise BadInput(f"{path}: {exc}") from None


def cmd_sight(args) -> int:
    import json

    from .phantom.hexmap import MapError
    from .phantom.sight import sight, sight_to_dict

    scenario = _read_scenario(args.file)
    m = scenario.board.map
    ends = []
    for name, label in (("FROM", args.source), ("TO", args.target)):
        try:
            ends.append(m.parse(label))
        except MapError:
            raise BadInput(f"{name}: {label!r} is not a space of this map.") from None
    result = sight(scenario.board, *ends, scenario.decision_die)
    print(json.dumps(sight_to_dict(result, m), indent=1 if args.pretty else None))
    return 0


def _hazard_rules() -> tuple:
    """What entering each hazard does (p.33), from data/phantom-epoch/hazards.json as the table uses it."""
    import json

    from . import ROOT
    from .phantom.hazards import hazard_rules

    return hazard_rules(json.loads((ROOT / "data" / "phantom-epoch" / "hazards.json").read_text("utf-8"))["hazards"])


def cmd_resolve(args) -> int:
    import json

    from .phantom.resolution_file import resolution_to_dict
    from .phantom.turn import resolve_turn

    scenario = _read_scenario(args.file)
    if scenario.turn is None:
        raise BadInput(f"{args.file}: turn: required to resolve a turn (the adversary and its cards).")
    try:
        result = resolve_turn(replace(scenario, hazards=_hazard_rules()))
    except ValueError as exc:
        raise BadInput(f"{args.file}: {exc}") from None
    print(json.dumps(resolution_to_dict(result), indent=1, ensure_ascii=False))
    return 0


def _bad(message: str) -> int:
    print(f"companion: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse's own usage errors also exit 2, in one line
        self.exit(EXIT_BAD_INPUT, f"companion: {message}\n")


def parser() -> argparse.ArgumentParser:
    instance_help = "folder holding the database and secret key (default: instance/)"
    p = _Parser(prog="companion", description="Table Companion for board-game tables.")
    p.add_argument("--instance", help=instance_help)
    # Also accepted after the command; SUPPRESS keeps the one given before it when none is given after.
    after = argparse.ArgumentParser(add_help=False)
    after.add_argument("--instance", default=argparse.SUPPRESS, help=instance_help)
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    s = sub.add_parser("serve", parents=[after], help="serve the app with waitress")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=5000)
    s.add_argument("--lan", action="store_true", help="listen on every interface, for a tablet on the same Wi-Fi")
    s.add_argument("--pin", help="table PIN for --lan (else asked, or COMPANION_PIN)")
    s.add_argument("--tablets", type=_tablets,
                   help="tablets that follow each other's changes at once (default 8; any more ask every second)")
    s.set_defaults(func=cmd_serve)
    e = sub.add_parser("export", parents=[after], help="write a campaign as JSON")
    e.add_argument("campaign", nargs="?", help="campaign id or name")
    e.add_argument("-o", "--output", help="file to write (default: standard output)")
    e.add_argument("--list", action="store_true", help="list the campaigns")
    e.set_defaults(func=cmd_export)
    i = sub.add_parser("import", parents=[after], help="import a campaign file as a new campaign")
    i.add_argument("file")
    i.set_defaults(func=cmd_import)
    r = sub.add_parser("restore", parents=[after], help="restore the database from a backup")
    r.add_argument("name", nargs="?")
    r.add_argument("--list", action="store_true")
    r.set_defaults(func=cmd_restore)
    b = sub.add_parser("bench", parents=[after], help="time the pages on a scratch database; prints JSON")
    b.add_argument("--campaigns", type=int, default=50)
    b.add_argument("--characters", type=int, default=8)
    b.add_argument("--history", type=int, default=500)
    b.add_argument("--repeat", type=int, default=30)
    b.set_defaults(func=cmd_bench)
    v = sub.add_parser("sight", parents=[after],
                       help="range and every line of sight between two spaces of a scenario file; prints JSON")
    v.add_argument("file", help="a scenario file (phantom-epoch-scenario/1)")
    v.add_argument("source", metavar="FROM", help="the attacker's space, e.g. H-4")
    v.add_argument("target", metavar="TO", help="the target's space, e.g. C-4")
    v.add_argument("--pretty", action="store_true", help="indent the JSON")
    v.set_defaults(func=cmd_sight)
    t = sub.add_parser("resolve", parents=[after], help="resolve one adversary turn of a scenario file; prints JSON")
    t.add_argument("file", help="a scenario file with a turn (phantom-epoch-scenario/1)")
    t.set_defaults(func=cmd_resolve)
    return p


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.func(args)
    except BadInput as exc:
        return _bad(str(exc))
    except RuntimeError as exc:
        if not _app_refused_to_start(exc):
            raise
        print(f"companion: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT if _not_the_files_fault(exc) else 1


def _app_refused_to_start(exc: RuntimeError) -> bool:
    """A damaged or newer database, a full disk, an unwritable folder or a bad data file. Imported only now:
    `resolve` and `sight` never load the app."""
    from .schemas.content.base import ContentError
    from .store.instance import InstanceNotWritable
    from .web.database import DatabaseDamaged, DatabaseTooNew, DiskFull

    return isinstance(exc, (DatabaseDamaged, DatabaseTooNew, DiskFull, InstanceNotWritable, ContentError))


def _not_the_files_fault(exc: RuntimeError) -> bool:
    """A newer app's database, a full disk or an instance folder it may not write: not a damaged file (exit 1)
    but what the laptop must change before this app can start (exit 2)."""
    from .store.instance import InstanceNotWritable
    from .web.database import DatabaseTooNew, DiskFull

    return isinstance(exc, (DatabaseTooNew, DiskFull, InstanceNotWritable))


if __name__ == "__main__":
    sys.exit(main())
