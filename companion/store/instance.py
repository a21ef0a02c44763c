"""The instance folder as the app holds it: one server at a time on it, and its files private to their owner.

The database holds the table's campaigns and the secret key signs its sessions: other accounts on the laptop
have no business reading either, so the folders are 0700 and the files 0600 (SQLite gives the -wal and -shm
the database file's own mode). One `companion serve` per folder: the lock is fcntl.flock on a file in it, held
by an open descriptor for the process's life, so the operating system releases it when the process ends in
any way (a kill -9 included) and nothing is left to clean up by hand.
"""
from __future__ import annotations

import errno
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
    except OSError as exc:
        if exc.errno in NOT_WRITABLE:
            raise InstanceNotWritable(not_writable(instance, exc.errno)) from None
        raise
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        other = os.read(fd, 500).decode("utf-8", "replace").strip()
        os.close(fd)
        where = f"at {other}" if other else "(it is still starting)"
        raise InstanceBusy(f"another `companion serve` already serves the instance folder {instance} {where}: "
                           "use that one, or stop it first.") from None
    _held.append(fd)
    # The address is written only once the lock is ours, so what a refused server reads is the holder's.
    try:
        os.ftruncate(fd, 0)
        os.write(fd, address.encode("utf-8"))
    except OSError as exc:  # a full disk: the lock holds all the same, and start-up says the disk is full
        if exc.errno != errno.ENOSPC:
            raise


NOT_WRITABLE = (errno.EACCES, errno.EPERM, errno.EROFS)


def not_writable(instance: Path, code: int = errno.EACCES) -> str:
    why = "a read-only file system" if code == errno.EROFS else "permission denied"
    return (f"The instance folder {instance} cannot be written ({why}): Table Companion keeps its database and "
            "backups there. Make it writable for this account, then start again; nothing was changed.")


def check_writable(instance: Path) -> None:
    """Said as permissions, naming the folder: otherwise SQLite, unable to make the -wal and -shm beside the
    database, reports an open error start-up would take for a damaged file."""
    instance = Path(instance)
    if not os.access(instance, os.W_OK | os.X_OK):
        code = errno.EROFS if _read_only_mount(instance) else errno.EACCES
        raise InstanceNotWritable(not_writable(instance, code))


def _read_only_mount(path: Path) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):
        return False


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
        except OSError as exc:  # not this account's file, or a read-only mount: nothing it may do about it
            if exc.errno not in NOT_WRITABLE:
                raise
