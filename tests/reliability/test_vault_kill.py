"""`kill -9` at random moments of `journal export --vault` (issue 39, K1): every note is
always either the text it had or the text the export was writing, never a torn one, and
the next export repairs whatever the kill left (the temporary file, the notes not yet
written), leaving every note whole and equal to a clean export's, none "left alone".

The vault starts as the export of an older state of the campaign (its notes' `seq` and
`head` are older, so the export rewrites every one); the campaign's sessions hold notes of
about a megabyte, so there is something to tear. A child process (forked: the journal is
loaded already, so the command starts at once) runs the command; the test kills it at a
seeded random moment, half the time anywhere in the command and half the time while it
writes (from the moment its manifest takes the new notes' hashes, which it writes
first). The figures are printed: `pytest -s -n 0 tests/reliability/test_vault_kill.py`.
"""

from __future__ import annotations

import os
import random
import resource
import shutil
import signal
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest

import journal
from journal.posting.vault_files import MANIFEST, write_vault
from journal.rules.core.commands import AddCharacter, EndSession, StartSession, TakeNote

SEED = 39
KILLS = 20
SHEET = {"reaction": 12, "willpower": 10, "hardness": 2, "training": "some"}
#: a note near the journal's limit on what the GM types (100,000 characters)
LONG = " ".join(f"word{n}" for n in range(10_000))


def _campaign(db: Path) -> None:
    night = journal.create(str(db), "ward", "horror-factor", "The Ward")
    night.run(AddCharacter("Linda", SHEET))
    for number in range(1, 4):
        night.run(StartSession(f"Night {number}"))
        for part in range(5):
            night.run(TakeNote(f"Night {number}, part {part}: {LONG}", False, ("Linda",)))
        night.run(EndSession())
    night.close()


def _grown(db: Path) -> None:
    """One more event: every note's `seq` and `head` change."""
    night = journal.open(str(db))
    night.run(StartSession("Morning"))
    night.close()


def _files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and p.name != MANIFEST
    }


def _export_in_child(db: Path, vault: Path, limit: int | None = None) -> int:
    """`journal export --vault VAULT` in a forked child; its pid. With `limit`, the child
    is killed (SIGXFSZ, which Python ignores until told not to) by the first write that
    would make a file longer than `limit` bytes: a kill inside a write, at a chosen byte."""
    with warnings.catch_warnings():  # Python 3.12 warns of forking beside xdist's thread
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 1
        try:
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
            if limit is not None:
                signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
                resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
            from journal.cli.main import cli

            cli.main(["--db", str(db), "export", "--vault", str(vault)], prog_name="journal")
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        finally:
            os._exit(code)
    return pid


def _writing(manifest: Path, pid: int, old: bytes | None) -> float:
    """Wait until the child starts writing (its manifest changes: it takes the new notes'
    hashes before any note is written), or ends; the time waited."""
    start = time.monotonic()
    while os.waitpid(pid, os.WNOHANG) == (0, 0):
        try:
            if manifest.read_bytes() != old:
                break
        except OSError:
            pass
        time.sleep(0.0005)
    return time.monotonic() - start


def _timed(db: Path, vault: Path, old: Path) -> tuple[float, float]:
    """A whole export into a copy of `old`: how long it took, and how long it wrote."""
    shutil.copytree(old, vault)
    manifest = next(vault.rglob(MANIFEST))
    before = manifest.read_bytes()
    pid = _export_in_child(db, vault)
    start = time.monotonic()
    _writing(manifest, pid, before)
    began = time.monotonic()
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    return time.monotonic() - start, time.monotonic() - began


FOLDER = "The Ward (players)"


class Vaults:
    """The campaign, the vault of its older state, and a clean export of it as it is."""

    def __init__(self, tmp_path: Path) -> None:
        self.db = tmp_path / "ward.db"
        _campaign(self.db)
        self.old = tmp_path / "old"
        night = journal.open(str(self.db))
        write_vault(night, "players", self.old)
        night.close()
        _grown(self.db)
        self.whole, self.writing = _timed(self.db, tmp_path / "clean", self.old)
        self.before = _files(self.old / FOLDER)
        self.after = _files(tmp_path / "clean" / FOLDER)
        self.changed = {k for k in self.before if self.before[k] != self.after[k]}
        assert set(self.before) <= set(self.after)
        assert {k for k in self.before if k.endswith(".md")} <= self.changed

    def killed(self, work: Path, run: int) -> tuple[bool, bool]:
        """After the kill: each note old or new, never torn; the next export repairs all.
        Whether a temporary file was left, and whether the notes were a mix of both."""
        left = _files(work / FOLDER)
        partials = [k for k in left if k.endswith(".partial")]
        notes = {k: v for k, v in left.items() if k not in partials}
        for name, data in notes.items():
            assert data in (self.before.get(name), self.after.get(name)), (run, name, len(data))
        mixed = len({notes[k] == self.after[k] for k in self.changed}) > 1
        night = journal.open(str(self.db))
        report = write_vault(night, "players", work)
        night.close()
        assert report.left_alone == [], (run, report)
        assert _files(work / FOLDER) == self.after, run
        assert not [p for p in work.rglob("*") if p.name.endswith(".partial")]
        shutil.rmtree(work)
        return bool(partials), mixed


@pytest.fixture(scope="module")
def vaults(tmp_path_factory: pytest.TempPathFactory) -> Vaults:
    return Vaults(tmp_path_factory.mktemp("vaults"))


def test_a_killed_vault_export_is_repaired_by_the_next(vaults: Vaults, tmp_path: Path) -> None:
    whole, writing = vaults.whole, vaults.writing
    rng = random.Random(SEED)
    torn, mixed, killed = 0, 0, 0
    run = 0
    while killed < KILLS:  # (a run whose export ended before the kill does not count)
        assert run < 3 * KILLS, f"only {killed} of {run} exports were killed at work"
        work = tmp_path / f"run-{run}"
        shutil.copytree(vaults.old, work)
        manifest = work / FOLDER / MANIFEST
        pid = _export_in_child(vaults.db, work)
        if run % 2:
            time.sleep(rng.uniform(0, whole))
        else:
            _writing(manifest, pid, manifest.read_bytes())
            time.sleep(rng.uniform(0, writing))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        killed += os.WIFSIGNALED(status)
        left, both = vaults.killed(work, run)
        torn += left
        mixed += both
        run += 1
    print(
        f"\n{run} runs, {killed} exports killed at work (export {whole:.2f} s, {writing:.2f} s "
        f"of it writing): {torn} left a temporary file, {mixed} a mix of old and new notes; "
        "each repaired by the next export"
    )
    assert mixed + torn >= 1


def test_an_export_killed_inside_a_write_leaves_no_torn_note(
    vaults: Vaults, tmp_path: Path
) -> None:
    """The kill lands inside a write, at a random byte of the largest note: each note is
    still its old text or its new one, and the next export repairs the rest."""
    largest = max(len(v) for v in vaults.after.values())
    rng = random.Random(SEED + 1)
    for run in range(KILLS // 2):
        work = tmp_path / f"cut-{run}"
        shutil.copytree(vaults.old, work)
        pid = _export_in_child(vaults.db, work, limit=rng.randrange(1, largest))
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGXFSZ, status
        vaults.killed(work, run)


class Killed(BaseException):
    """The process ended here (nothing after it runs, no handler catches it)."""


def _dying(real: Callable[..., None], lives: int) -> Callable[..., None]:
    """`Folder.write` that dies (Killed) when it is called after `lives` writes."""
    done: list[str] = []

    def write(self: object, relative: str, *args: object, **kwargs: object) -> None:
        if len(done) == lives:
            raise Killed
        real(self, relative, *args, **kwargs)
        done.append(relative)

    return write


def test_a_note_written_before_a_kill_stays_the_journals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An export that died after writing some notes, then a campaign that went on: the
    next export knows each note the dead one wrote as the journal's (the manifest took
    its hash before it was written) and rewrites it; none is "left alone" as a GM's edit."""
    from journal.files import Folder

    night = journal.create(str(tmp_path / "small.db"), "ward", "horror-factor", "The Ward")
    night.run(AddCharacter("Linda", SHEET))
    night.run(StartSession("Night 1"))
    night.run(TakeNote("The lights fail.", False, ("Linda",)))
    night.run(EndSession())
    write_vault(night, "players", tmp_path / "old")
    night.run(StartSession("Night 2"))
    real = Folder.write
    kills = 0
    while True:  # dies after the manifest's first write, then after each note, then not
        work = tmp_path / f"work-{kills}"
        shutil.copytree(tmp_path / "old", work)
        monkeypatch.setattr(Folder, "write", _dying(real, kills + 1))
        try:
            write_vault(night, "players", work)
        except Killed:
            kills += 1
        else:
            break
        finally:
            monkeypatch.setattr(Folder, "write", real)
        grown = journal.open(str(tmp_path / "small.db"))
        grown.run(TakeNote(f"Later, after kill {kills}.", False, ()))
        report = write_vault(grown, "players", work)
        clean = tmp_path / f"clean-{kills}"
        write_vault(grown, "players", clean)
        assert report.left_alone == [], (kills, report.left_alone)
        assert _files(work / FOLDER) == _files(clean / FOLDER)
        night = grown
    assert kills >= 4  # the manifest, and each session's note and Linda's
