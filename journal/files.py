"""Files the journal writes and reads outside its database: what `-o` writes, the backup of
`db upgrade`, and the user's own state (the play history, the current campaign).

One way to write a file (`replace_file`): the new contents go to a temporary file created
exclusively beside the real target (`O_EXCL | O_NOFOLLOW`, a name nobody can guess, mode
0600 while it is written), flushed to the disk, given the old file's mode (or the mode
asked for a new one), then renamed over the target; a failure removes it, and one left by
a process that died is removed by the next write beside it. A target that is a link is
followed to the file it names (that file is updated, the link stays) unless the caller
says links must not be followed (the user's private state: then the link itself is
replaced).

One way to read a small private file (`read_private`): opened without following a link
and without waiting (a FIFO never blocks), and read only when it is a regular file of a
sane size; anything else is set aside (renamed) with a notice.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

#: the temporary files of `replace_file`: `.NAME.PID.TOKEN.partial`
PARTIAL = ".partial"
_PARTIAL_NAME = re.compile(r"\.(?P<name>.{1,255})\.(?P<pid>[0-9]{1,10})\.[0-9a-f]{16}\.partial")
#: a new private file, and the folders holding the user's private state
PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700
#: the largest private state file read (a history of typed lines, current.json)
LARGEST_STATE_FILE = 8 * 1024 * 1024

Notice = Callable[[str], None]


def _notice(text: str) -> None:
    print(f"Notice: {text}", file=sys.stderr)


#: what a full disk or quota says
DISK_FULL = frozenset({errno.ENOSPC, errno.EDQUOT})


def disk_problem(exc: OSError) -> str:
    """An OSError of writing, in the GM's words ("the disk is full")."""
    if exc.errno in DISK_FULL:
        return f"the disk is full ({exc.strerror or os.strerror(exc.errno or 0)})"
    return exc.strerror or str(exc)


def public_mode() -> int:
    """The mode of a new file anyone may read: 0666 less the umask (0644 as a rule)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def real_target(target: Path) -> Path:
    """The file a path names once every link is followed (it need not exist)."""
    return Path(os.path.realpath(target))


def is_device(target: Path) -> bool:
    """The path names something that exists and is not a regular file (a device, a FIFO,
    `/dev/stdout`): written in place, never replaced by a file."""
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def replace_file(
    target: Path,
    chunks: Iterable[str | bytes],
    *,
    mode: int = PRIVATE_FILE,
    follow: bool = True,
    notice: Notice = _notice,
) -> Path:
    """Write `chunks` (text is UTF-8) to `target` whole or not at all; returns the file
    written. An existing file keeps its mode; a new one gets `mode`."""
    import secrets

    real = real_target(target) if follow else target.absolute()
    folder = real.parent
    remove_stale_partials(folder, notice)
    try:
        kept = stat.S_IMODE(os.stat(real, follow_symlinks=follow).st_mode)
        if not follow and os.path.islink(real):
            kept = mode
    except FileNotFoundError:
        kept = mode
    partial = folder / f".{real.name}.{os.getpid()}.{secrets.token_hex(8)}{PARTIAL}"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(partial, flags, PRIVATE_FILE)
    try:
        with os.fdopen(fd, "wb") as handle:
            for chunk in chunks:
                handle.write(chunk.encode("utf-8") if isinstance(chunk, str) else chunk)
            handle.flush()
            os.fchmod(handle.fileno(), kept)
            os.fsync(handle.fileno())
        os.replace(partial, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(partial)
        raise
    _sync_folder(folder)
    return real


def copy_file(source: Path, target: Path, *, notice: Notice = _notice) -> Path:
    """`replace_file` with another file's contents and mode (a backup)."""
    kept = stat.S_IMODE(os.stat(source).st_mode)
    with open(source, "rb") as handle:
        return replace_file(
            target, iter(lambda: handle.read(1 << 20), b""), mode=kept, notice=notice
        )


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (a crash right after keeps the new file)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_partials(folder: Path, notice: Notice = _notice) -> list[Path]:
    """Remove the temporary files an interrupted write left in `folder` (their process is
    gone); only regular files of this user, never through a link."""
    removed: list[Path] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        found = _PARTIAL_NAME.fullmatch(name)
        if found is None or _alive(int(found["pid"])):
            continue
        path = folder / name
        try:
            info = os.lstat(path)
            if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid():
                continue
            os.unlink(path)
        except OSError:
            continue
        removed.append(path)
        notice(f"removed {path}, left by an interrupted write of {found['name']}")
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


# --- the user's private state ---------------------------------------------------------------


def private_folder(folder: Path) -> Path:
    """Make `folder` (and its missing parents) readable by this user only; a folder that
    exists is made private when it is the user's own."""
    missing = [p for p in (folder, *folder.parents) if not p.exists()]
    for path in reversed(missing):
        with contextlib.suppress(FileExistsError):
            path.mkdir(mode=PRIVATE_FOLDER)
    info = os.lstat(folder)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise OSError(errno.ENOTDIR, "not a folder (a link or a file)", str(folder))
    if info.st_uid == os.getuid() and stat.S_IMODE(info.st_mode) & 0o077:
        os.chmod(folder, stat.S_IMODE(info.st_mode) & ~0o077)
    return folder


def read_private(
    path: Path, notice: Notice = _notice, limit: int = LARGEST_STATE_FILE
) -> str | None:
    """The text of a private state file; None when there is none, or when it is not a
    regular file of at most `limit` bytes (a link, a FIFO, a device, a huge file): then it
    is set aside as `NAME.set-aside` with a notice, and the journal goes on without it."""
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            set_aside(path, "it is a link", notice)
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            why = "it is not a regular file (a folder, a FIFO or a device)"
        elif info.st_size > limit:
            why = f"it holds {info.st_size:,} bytes (more than {limit:,})"
        else:
            with os.fdopen(os.dup(fd), "rb") as handle:
                data = handle.read(limit + 1)
            if len(data) <= limit:
                return data.decode("utf-8", errors="replace")
            why = f"it holds more than {limit:,} bytes"
    finally:
        os.close(fd)
    set_aside(path, why, notice)
    return None


def set_aside(path: Path, why: str, notice: Notice = _notice) -> None:
    aside = path.with_name(path.name + ".set-aside")
    try:
        os.replace(path, aside)
    except OSError:
        notice(f"{path} was not used ({why})")
        return
    notice(f"{path} was not used ({why}): set aside as {aside.name}")


def write_private(path: Path, text: str, notice: Notice = _notice) -> Path:
    """Replace a private state file (mode 0600, in a 0700 folder, a link there replaced,
    never followed)."""
    private_folder(path.parent)
    return replace_file(path, [text], mode=PRIVATE_FILE, follow=False, notice=notice)


def append_private(path: Path, data: bytes) -> None:
    """Append to a private state file, creating it 0600; never through a link, never
    waiting on a FIFO, only to a regular file."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK
    fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0), PRIVATE_FILE)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)
