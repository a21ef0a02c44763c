"""The instance folder as the app holds it: one server at a time on it, and its files private to their owner.

The database holds the table's campaigns and the secret key signs its sessions: other accounts on the laptop
have no business reading either, so the folders are 0700 and the files 0600 (SQLite gives the -wal and -shm
the database file's own mode). One `companion serve` per folder: the lock is fcntl.flock on a file in it, held
by an open descriptor for the process's life, so the operating system releases it when the process ends in
any way (a kill -9 included) and nothing is left to clean up by hand.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no flock; a second server there is not refused
    fcntl = None

FOLDER_MODE = 0o700
FILE_MODE = 0o600
LOCK_NAME = "serve.lock"
_held: list[int] = []  # the lock's descriptor: closing it (or the process ending) releases the lock


class InstanceBusy(RuntimeError):
    """Another `companion serve` holds this instance folder."""


class InstanceNotWritable(RuntimeError):
    """The instance folder cannot be written by this account: a matter of permissions, said as such."""


def lock(instance: Path, address: str) -> None:
    """Take the folder's lock for this process's life and write where it serves, or raise InstanceBusy naming
    where the other one serves."""
    if fcntl is None:
        return
    instance = Path(instance)
    try:
        make_folder(instance)
        fd = os.open(instance / LOCK_NAME, os.O_RDWR | os.O_CREAT, FILE_MODE)
    except PermissionError:
        raise InstanceNotWritable(f"the instance folder {instance} cannot be written by this account "
                                  "(permission denied): give it back its owner's write permission.") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        other = os.read(fd, 500).decode("utf-8", "replace").strip()
        os.close(fd)
        where = f"at {other}" if other else "(it is still starting)"
        raise InstanceBusy(f"another `companion serve` already serves the instance folder {instance} {where}: "
                           "use that one, or stop it first.") from None
    # The address is written only once the lock is ours, so what a refused server reads is the holder's.
    os.ftruncate(fd, 0)
    os.write(fd, address.encode("utf-8"))
    _held.append(fd)


def release() -> None:
    while _held:
        os.close(_held.pop())


def make_folder(path: Path) -> None:
    """A folder of the instance, created owner-only."""
    Path(path).mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)


def private_file(path: Path) -> None:
    """An empty file created owner-only before SQLite opens it (an empty file is an empty database), so that
    it is never readable by others, not even for a moment."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    except FileExistsError:
        pass


def tighten(db_path: Path) -> None:
    """Existing files made before this rule (or copied in) made owner-only: the instance and backups folders,
    the database with its -wal and -shm, every file in the backups folder."""
    db_path = Path(db_path)
    backups = db_path.parent / "backups"
    files = [Path(f"{db_path}{suffix}") for suffix in ("", "-wal", "-shm")]
    if backups.is_dir():
        files += [p for p in backups.iterdir() if p.is_file()]
    for path, mode in [(db_path.parent, FOLDER_MODE), (backups, FOLDER_MODE)] + [(f, FILE_MODE) for f in files]:
        try:
            if stat.S_IMODE(path.stat().st_mode) & ~mode:
                os.chmod(path, stat.S_IMODE(path.stat().st_mode) & mode)
        except FileNotFoundError:
            continue
        except PermissionError:  # not this account's file: nothing it may do about it
            continue
