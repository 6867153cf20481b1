"""Every file the journal writes outside its database goes through here: what `-o` writes,
the backup of `db upgrade`, the user's own state (the play history, the current campaign),
the caches, and the notes of an export folder (the Obsidian vault, the Foundry entries).

One way to write a file (`write_at`): the new contents go to a temporary file created
exclusively in the target's own folder (`O_EXCL | O_NOFOLLOW`, a name nobody can guess,
mode 0600 while it is written), flushed to the disk (fsync), given its mode, then renamed
over the target and the folder flushed; a failure removes it, and one left by a process
that died is removed by the next write beside it. `replace_file` writes a path the user
named: a target that is a link is followed to the file it names (that file is updated, the
link stays) unless the caller says links must not be followed (the user's private state:
then the link itself is replaced). `Folder` writes inside a folder the user named and
nowhere else: every folder below it is opened by name from its parent, never through a
link, and a link anywhere on the way (a folder, the file, a dangling one) is refused
(`LinkRefused`), before anything is written when the caller checks first.

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
from typing import Literal

#: the temporary files of `replace_file`: `.NAME.PID.TOKEN.partial`
PARTIAL = ".partial"
_PARTIAL_NAME = re.compile(
    r"\.(?P<name>.{1,255})\.(?P<pid>[0-9]{1,10})\.[0-9a-f]{16}\.partial", re.S
)
#: a new private file, and the folders holding the user's private state
PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700
#: how a folder is opened to write in it
_FOLDER_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
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
    real = real_target(target) if follow else target.absolute()
    folder = os.open(real.parent, _FOLDER_FLAGS)
    try:
        write_at(folder, real.name, chunks, mode=mode, links="replace", shown=real, notice=notice)
    finally:
        os.close(folder)
    return real


def copy_file(source: Path, target: Path, *, notice: Notice = _notice) -> Path:
    """`replace_file` with another file's contents and mode (a backup)."""
    kept = stat.S_IMODE(os.stat(source).st_mode)
    with open(source, "rb") as handle:
        return replace_file(
            target, iter(lambda: handle.read(1 << 20), b""), mode=kept, notice=notice
        )


class LinkRefused(OSError):
    """A file the journal was to write (or read) inside a folder is a link, or lies beyond
    one: nothing is written through it."""

    def __init__(self, path: Path, folder: Path) -> None:
        super().__init__(
            errno.ELOOP,
            f"{path} is a link (the journal writes only inside {folder}, never through a "
            "link): remove the link, or give another folder",
            str(path),
        )


#: how a write treats a link at the target's own name: follow it is done before (the
#: path given is already the real one), "replace" it with the file, or "refuse" it
Links = Literal["replace", "refuse"]


def write_at(
    folder: int,
    name: str,
    chunks: Iterable[str | bytes],
    *,
    mode: int,
    keep_mode: bool = True,
    links: Links = "refuse",
    shown: Path,
    notice: Notice = _notice,
) -> None:
    """Write `name` in the open folder `folder` (a descriptor) whole or not at all: the one
    writer under `replace_file` and `Folder.write`. An existing file keeps its mode when
    `keep_mode`, else gets `mode`, as a new one does. `shown` names the target in messages."""
    import secrets

    remove_stale_partials_at(folder, shown.parent, notice)
    kept = mode
    try:
        info = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        pass
    else:
        if stat.S_ISLNK(info.st_mode):
            if links == "refuse":
                raise LinkRefused(shown, shown.parent)
        elif stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, "it is a folder", str(shown))
        elif keep_mode:
            kept = stat.S_IMODE(info.st_mode)
    partial = f".{fit_name(name, '', PARTIAL_ROOM)}.{os.getpid()}.{secrets.token_hex(8)}{PARTIAL}"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(partial, flags, PRIVATE_FILE, dir_fd=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            for chunk in chunks:
                handle.write(chunk.encode("utf-8") if isinstance(chunk, str) else chunk)
            handle.flush()
            os.fchmod(handle.fileno(), kept)
            os.fsync(handle.fileno())
        os.replace(partial, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(partial, dir_fd=folder)
        raise
    with contextlib.suppress(OSError):  # the rename made durable: a crash keeps the new file
        os.fsync(folder)


def remove_stale_partials(folder: Path, notice: Notice = _notice) -> list[Path]:
    """Remove the temporary files an interrupted write left in `folder` (their process is
    gone); only regular files of this user, never through a link."""
    try:
        fd = os.open(folder, _FOLDER_FLAGS)
    except OSError:
        return []
    try:
        return remove_stale_partials_at(fd, folder, notice)
    finally:
        os.close(fd)


def remove_stale_partials_at(folder: int, shown: Path, notice: Notice = _notice) -> list[Path]:
    """`remove_stale_partials` in an open folder (`shown` names it in the notices)."""
    removed: list[Path] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    for name in names:
        found = _PARTIAL_NAME.fullmatch(name)
        if found is None or _alive(int(found["pid"])):
            continue
        try:
            info = os.stat(name, dir_fd=folder, follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid():
                continue
            os.unlink(name, dir_fd=folder)
        except OSError:
            continue
        removed.append(shown / name)
        notice(f"removed {shown / name}, left by an interrupted write of {found['name']}")
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


# --- writing inside a folder, never through a link ------------------------------------------

#: the longest file name most file systems take, in bytes (ext4, APFS, NTFS in UTF-16 units)
NAME_MAX = 255
#: room kept in a temporary name for `.` + `.PID.TOKEN.partial`
PARTIAL_ROOM = NAME_MAX - len(".") - len(".4294967295.0123456789abcdef.partial")


def fit_name(name: str, suffix: str = "", limit: int = NAME_MAX) -> str:
    """`name` cut (at a character) so that `name + suffix` takes at most `limit` bytes in
    UTF-8, without a space or a dot left at the cut; `suffix` (`.md`) is not added."""
    room = limit - len(suffix.encode("utf-8"))
    encoded = name.encode("utf-8")
    if len(encoded) <= room:
        return name
    cut = encoded[: max(room, 0)].decode("utf-8", errors="ignore")
    return cut.rstrip(" .") or cut


class UniqueNames:
    """File names taken in one folder: each new one cut to fit `NAME_MAX` bytes and, when
    it would match one already taken (in any case: a vault's links, and many disks, do not
    tell `Ann` from `ANN`), numbered `NAME (2)`, `NAME (3)`..."""

    def __init__(self) -> None:
        self._taken: set[str] = set()

    def take(self, name: str, suffix: str = "") -> str:
        """A name for a new file (`suffix` not added), unique in this folder."""
        count = 1
        candidate = fit_name(name, suffix)
        while self._key(candidate + suffix) in self._taken:
            count += 1
            mark = f" ({count})"
            candidate = fit_name(name, mark + suffix) + mark
        self._taken.add(self._key(candidate + suffix))
        return candidate

    @staticmethod
    def _key(name: str) -> str:
        import unicodedata

        return unicodedata.normalize("NFC", name).casefold()


class Folder:
    """A folder the journal writes into, and nothing outside it.

    The folder itself is the one the user named (opened following the links in its path:
    that is where they said to write). Every folder below it is opened by name from its
    parent without following a link (`O_NOFOLLOW`), so a link anywhere on the way, a
    folder or the file itself or a dangling one, raises `LinkRefused` and nothing is
    written through it. `check` finds such a link before anything is written; `read` and
    `write` refuse it too (a link made in between is still never followed: the rename
    replaces a name, it never writes through it). Use it as a context manager."""

    def __init__(self, path: Path, *, create: bool = True, mode: int = 0o777) -> None:
        self.path = path
        self._mode = mode
        self._open: dict[tuple[str, ...], int] = {}
        if create:
            path.mkdir(parents=True, exist_ok=True, mode=mode)
        self._open[()] = os.open(path, _FOLDER_FLAGS)

    def __enter__(self) -> Folder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        for fd in self._open.values():
            with contextlib.suppress(OSError):
                os.close(fd)
        self._open.clear()

    def _parts(self, relative: str) -> tuple[str, ...]:
        parts = tuple(relative.split("/"))
        if any(p in ("", ".", "..") or "\0" in p for p in parts):
            raise ValueError(f"{relative!r} is not a path inside a folder")
        return parts

    def _folder(self, parts: tuple[str, ...], create: bool) -> int | None:
        """The open folder `parts` below this one (None: missing and not `create`)."""
        if parts in self._open:
            return self._open[parts]
        parent = self._folder(parts[:-1], create)
        if parent is None:
            return None
        shown = self.path.joinpath(*parts)
        flags = _FOLDER_FLAGS | os.O_NOFOLLOW
        try:
            fd = os.open(parts[-1], flags, dir_fd=parent)
        except FileNotFoundError:
            if not create:
                return None
            with contextlib.suppress(FileExistsError):
                os.mkdir(parts[-1], self._mode, dir_fd=parent)
            fd = self._open_below(parts[-1], parent, shown)
        except OSError as exc:
            self._refuse_link(parts[-1], parent, shown, exc)
            raise
        self._open[parts] = fd
        return fd

    def _open_below(self, name: str, parent: int, shown: Path) -> int:
        try:
            return os.open(name, _FOLDER_FLAGS | os.O_NOFOLLOW, dir_fd=parent)
        except OSError as exc:
            self._refuse_link(name, parent, shown, exc)
            raise

    def _refuse_link(self, name: str, parent: int, shown: Path, exc: OSError) -> None:
        """Raise LinkRefused when `name` in `parent` is a link (what ELOOP or ENOTDIR from
        an O_NOFOLLOW open means there); otherwise return and let `exc` stand."""
        if exc.errno not in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
            return
        try:
            link = stat.S_ISLNK(os.stat(name, dir_fd=parent, follow_symlinks=False).st_mode)
        except OSError:
            return
        if link:
            raise LinkRefused(shown, self.path) from None

    def check(self, relative: str) -> None:
        """Refuse (LinkRefused) a link at `relative` or on the way to it; create nothing."""
        parts = self._parts(relative)
        folder = self._folder(parts[:-1], create=False)
        if folder is None:
            return
        try:
            info = os.stat(parts[-1], dir_fd=folder, follow_symlinks=False)
        except FileNotFoundError:
            return
        if stat.S_ISLNK(info.st_mode):
            raise LinkRefused(self.path / relative, self.path)

    def read(self, relative: str) -> bytes | None:
        """The bytes of the regular file `relative` (None: there is none), never through a
        link (LinkRefused); anything but a regular file is an OSError."""
        parts = self._parts(relative)
        folder = self._folder(parts[:-1], create=False)
        if folder is None:
            return None
        flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
        shown = self.path / relative
        try:
            fd = os.open(parts[-1], flags, dir_fd=folder)
        except FileNotFoundError:
            return None
        except OSError as exc:
            self._refuse_link(parts[-1], folder, shown, exc)
            raise
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise OSError(errno.EINVAL, "not a regular file", str(shown))
            return handle.read()

    def write(
        self,
        relative: str,
        chunks: Iterable[str | bytes],
        *,
        mode: int,
        keep_mode: bool = True,
        notice: Notice = _notice,
    ) -> None:
        """Write `relative` whole or not at all (its folders made as needed), never
        through a link: see `write_at`."""
        parts = self._parts(relative)
        folder = self._folder(parts[:-1], create=True)
        assert folder is not None
        write_at(
            folder, parts[-1], chunks, mode=mode, keep_mode=keep_mode,
            shown=self.path / relative, notice=notice,
        )  # fmt: skip


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
