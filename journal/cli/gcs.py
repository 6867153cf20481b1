"""GURPS Character Sheet files in and out, written once for a ruleset whose sheet GCS keeps:
`journal character import FILE.gcs [--as NAME]`, `character sync NAME FILE.gcs [--yes]`
and `character export-gcs NAME FILE.gcs -o NEW.gcs`. The ruleset names its reader, its
sync command and its writer (`module:attribute`, imported when the command runs); this
module reads and writes the files, the ruleset's pure rules read and make their JSON."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from journal.cli.common import complete, emit_json, json_option, pass_settings, write_output
from journal.cli.settings import Settings, fail


def _loaded(where: str) -> Callable[..., Any]:
    module, _, name = where.partition(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module), name)
    return found


def read_gcs(file: str) -> tuple[object, str, str]:
    """The file's parsed JSON, its name and its SHA-256, or one `Error:` line."""
    import hashlib
    import json

    path = Path(file).expanduser()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        fail(f"{file}: no such file")
    except IsADirectoryError:
        fail(f"{file} is a folder: give a .gcs file")
    except OSError as exc:
        fail(f"cannot read {file}: {exc.strerror or exc}")
    try:
        document = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError):
        fail(
            f"{path.name} is not a GCS character: it is not JSON (GCS 4 and older wrote XML: "
            "open it in GCS 5 and save it again)"
        )
    return document, path.name, hashlib.sha256(raw).hexdigest()


def character_import(reader: str) -> click.Command:
    """`character import FILE.gcs [--as NAME]`: `reader` (`module:function`) makes the name
    and sheet from the file's JSON, its name and digest."""

    @click.command("import")
    @click.argument("file", type=click.Path(dir_okay=False))
    @click.option("--as", "name", metavar="NAME", help="Their name here (default: the file's).")
    @json_option
    @pass_settings
    def import_(settings: Settings, file: str, name: str | None, as_json: bool) -> None:
        """Add a character from a GURPS Character Sheet file (GCS 5, .gcs): name, Will,
        HT, IQ, HP, FP and every trait, each read as `character add` reads it. One event,
        with the file's name and SHA-256 (explain shows where each number came from);
        what the journal does not read is listed.

        \b
        Example:
          journal character import mara.gcs
          journal character import "Mara Voss.gcs" --as Mara
        """
        document, shown, digest = read_gcs(file)
        found, sheet = _loaded(reader)(document, shown, digest)
        who = " ".join((name or found).split())
        if not who:
            fail(f"{shown} names no character: give one with --as NAME")
        added = settings.journal().add_character(who, sheet)
        if as_json:
            emit_json(added)
            return
        click.echo(
            f"#{added.seq} {added.character} joins campaign {added.campaign!r} from {shown} "
            f"(sha256 {digest[:12]})."
        )
        for item in sheet.get("unread") or ():
            click.echo(f"  not read: {item}")

    return import_


def export_gcs(writer: str, help: str) -> click.Command:
    """`character export-gcs NAME FILE.gcs -o NEW.gcs`: `writer` (`module:function`) adds
    what the journal recorded to the file's JSON; `help` says what it writes."""

    @click.command("export-gcs", help=help)
    @click.argument("name", shell_complete=complete("character"))
    @click.argument("file", type=click.Path(dir_okay=False))
    @click.option("-o", "--output", required=True, metavar="NEW.gcs", help="The new file.")
    @pass_settings
    def export(settings: Settings, name: str, file: str, output: str) -> None:
        import json

        source = Path(file).expanduser()
        target = Path(output).expanduser()
        if target.exists() and source.exists() and target.resolve() == source.resolve():
            fail(f"-o {output} is the player's file: write the copy to a new file")
        document, shown, _ = read_gcs(file)
        journal = settings.journal()
        canonical = journal.known_name(name)
        sessions = {r.seq: r.session for r in journal.records()}
        done = _loaded(writer)(journal.campaign_state(), canonical, document, shown, sessions)
        for item in done.not_written:
            click.echo(f"  not written: {item}")
        if not done.written:
            already = f" ({', '.join(done.already)} already in it)" if done.already else ""
            click.echo(f"Nothing new to write for {canonical}: {output} not written{already}.")
            return
        text = json.dumps(done.document, indent="\t", ensure_ascii=False) + "\n"
        write_output(target, [text], output)
        click.echo(f"Wrote {output}: {shown} with {len(done.written)} trait(s) from the journal:")
        for item in done.written:
            click.echo(f"  {item}")
        if done.already:
            click.echo(f"  already in {shown}: {', '.join(done.already)}")

    return export


def character_sync(reader: str, command: str, help: str) -> click.Command:
    """`character sync NAME FILE.gcs [--yes]`: `reader` makes the file's sheet as for
    `import`; `command` (`module:Class`) plans the command that records the differences
    (`Class.planned`, None: there are none), shown before it runs."""

    @click.command("sync", help=help)
    @click.argument("name", shell_complete=complete("character"))
    @click.argument("file", type=click.Path(dir_okay=False))
    @click.option("--yes", is_flag=True, help="Write the differences without asking.")
    @json_option
    @pass_settings
    def sync(settings: Settings, name: str, file: str, yes: bool, as_json: bool) -> None:
        from journal.cli.common import run_and_show
        from journal.cli.corrections import confirm

        document, shown, digest = read_gcs(file)
        _, sheet = _loaded(reader)(document, shown, digest)
        journal = settings.journal()
        canonical = journal.known_name(name)
        planned = getattr(_loaded(command), "planned")  # noqa: B009 (a class's, by name)
        synced = planned(journal.campaign_state(), canonical, sheet, shown, digest)
        if synced is None:
            click.echo(f"Nothing to sync: {shown} holds {canonical}'s sheet as the journal has it.")
            return
        click.echo(f"{shown} (sha256 {digest[:12]}) differs from {canonical}'s sheet:", err=as_json)
        for change in synced.changes():
            click.echo(f"  {change}", err=as_json)
        if synced.kept:
            kept = ", ".join(synced.kept)
            click.echo(f"  kept (play gave it; export-gcs writes it): {kept}", err=as_json)
        confirm(f"Record these {len(synced.changes())} change(s)?", yes)
        run_and_show(settings, synced, as_json)

    return sync
