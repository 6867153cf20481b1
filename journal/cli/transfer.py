"""`journal export` and `journal import`: JSON Lines, one event a line."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from journal.cli.common import (
    FilePath,
    complete,
    emit_json,
    json_option,
    pass_settings,
    refuse_writing_over_the_journal,
    write_output,
)
from journal.cli.progress import with_progress
from journal.cli.settings import Settings, fail


@click.command()
@click.option(
    "-o", "--output", type=FilePath(dir_okay=False), help="Write to FILE (default stdout)."
)
@click.option(
    "--foundry",
    metavar="FILE.json",
    type=FilePath(dir_okay=False),
    help="Instead: every session's recap as Foundry VTT journal entries (v10+ pages).",
)
@click.option(
    "--vault",
    metavar="DIR",
    type=FilePath(file_okay=False),
    help="Instead: an Obsidian vault of the sessions, characters and threats, in a folder of DIR.",
)
@click.option(
    "--for",
    "audience",
    metavar="players|gm|NAME",
    shell_complete=complete("audience"),
    help="With --foundry or --vault: whose recaps (default players).",
)
@click.option(
    "--foundry-user",
    metavar="USER_ID",
    help="With --foundry --for NAME: the Foundry user id of NAME's player, who may then "
    "read the entries (else only the GM may, until they give them).",
)
@pass_settings
def export(
    settings: Settings,
    output: str | None,
    foundry: str | None,
    vault: str | None,
    audience: str | None,
    foundry_user: str | None,
) -> None:
    """Export the campaign's whole log as JSON Lines (voided events included), or with
    --foundry its recaps as Foundry VTT journal entries: FILE.json holds one entry per
    session (for a macro's `JournalEntry.createDocuments`), FILE.session-N.json each
    session's entry alone (a journal entry's "Import Data" in Foundry's sidebar).

    \b
    Example:
      journal export -o night.jsonl
      journal export --foundry night.json --for players
      journal export --foundry cole.json --for Cole --foundry-user 2GHMVlCRpDalZ6rC
      journal export --vault ~/Obsidian/Campaigns --for gm
    """
    journal = settings.journal()
    if foundry_user is not None and foundry is None:
        fail("--foundry-user goes with --foundry FILE.json --for NAME")
    if vault is not None:
        if output is not None or foundry is not None:
            fail("give one of -o FILE, --foundry FILE.json or --vault DIR")
        _vault(settings, vault, audience or "players")
        return
    if foundry is not None:
        if output is not None:
            fail("give -o FILE (the log) or --foundry FILE.json (the recaps), not both")
        _foundry(settings, foundry, audience or "players", foundry_user)
        return
    if audience is not None:
        fail("--for goes with --foundry or --vault (the log itself is the GM's, whole)")
    refuse_writing_over_the_journal(settings, output)
    total = journal.count()
    lines = with_progress(journal.export(), total, "Exporting")
    if output is None:
        settings.raw_output = True  # the log's own lines, byte for byte
        for line in lines:
            click.echo(line)
        return
    target = Path(output)
    write_output(target, (line + "\n" for line in lines), output)
    click.echo(f"Exported {total} events of {journal.campaign!r} to {target}.", err=True)


def _foundry(settings: Settings, file: str, audience: str, user: str | None) -> None:
    import json

    from journal.api.files import LinkRefused, disk_problem, public_mode, real_target
    from journal.posting.foundry import entries, entry_files, write_alone

    journal = settings.journal()
    refuse_writing_over_the_journal(settings, file)
    found = entries(journal, audience, user)
    if not found:
        fail(f"campaign {journal.campaign!r} has no sessions yet: nothing to export")
    target = Path(file).expanduser()
    # a character's entries hold their secrets: as private as the GM's
    private = " ".join(audience.split()).casefold() != "players"
    alone = entry_files(target, len(found))
    for path in alone:
        refuse_writing_over_the_journal(settings, str(path))
    folder = real_target(target).parent
    try:
        if not folder.is_dir():
            folder.mkdir(parents=True)
            click.echo(f"Notice: created folder {folder}", err=True)
        write_alone(folder, alone, found, 0o600 if private else public_mode())
    except LinkRefused as exc:
        fail(f"not exported: {exc.strerror}")
    except OSError as exc:
        fail(f"cannot write {exc.filename or alone[0]}: {disk_problem(exc)}")
    write_output(target, [json.dumps(found, indent=2, ensure_ascii=False) + "\n"], file,
                 private=private)  # fmt: skip
    click.echo(
        f"Wrote {len(found)} Foundry journal {'entry' if len(found) == 1 else 'entries'} "
        f"({audience}) to {target}, and each "
        f"alone beside it ({target.stem}.session-N.json) for Import Data",
        err=True,
    )
    if private and audience.casefold() != "gm" and user is None:
        click.echo(
            f"Note: only the GM may read these entries in Foundry until you give them to "
            f"{audience}'s player (Configure Ownership: that player Observer), or export again "
            "with --foundry-user THEIR_USER_ID",
            err=True,
        )


def _vault(settings: Settings, folder: str, audience: str) -> None:
    from journal.posting.vault_files import write_vault

    report = write_vault(settings.journal(), audience, Path(folder).expanduser())
    for notice in report.notices:
        click.echo(f"Notice: {notice}", err=True)
    click.echo(
        f"Vault {report.folder}: {len(report.written)} note(s) written, "
        f"{len(report.unchanged)} unchanged, {len(report.left_alone)} left alone"
    )
    for relative in report.left_alone:
        click.echo(f"Notice: left {relative} alone: edited since the journal wrote it", err=True)


def _line_count(file: str) -> int:
    with open(file, "rb") as raw:
        return sum(chunk.count(b"\n") for chunk in iter(lambda: raw.read(1 << 20), b""))


@click.command("import")
@click.argument("file", type=FilePath(dir_okay=False, allow_dash=True))
@json_option
@pass_settings
def import_(settings: Settings, file: str, as_json: bool) -> None:
    """Import a JSON Lines log (an export or a hand-written one): all or nothing;
    events already present are skipped. A file with hashes carries them on every line and
    they must check. --campaign renames the imported campaign (its events are then hashed
    again under the new name).

    \b
    Example:
      journal --db copy.db import night.jsonl
      journal --campaign night-2 import night.jsonl
    """
    if file != "-" and not Path(file).is_file():
        fail(f"no file {file!r} to import")
    database = settings.database(create=True)
    handle = sys.stdin if file == "-" else open(file, encoding="utf-8-sig")  # noqa: SIM115
    total = _line_count(file) if file != "-" and sys.stderr.isatty() else 0
    with handle:
        result = database.import_log(with_progress(handle, total, "Importing"), settings.campaign)
    if result.rehashed_from is not None:
        click.echo(
            f"Note: the file's hashes were made for campaign {result.source!r}; imported as "
            f"{result.campaign!r}, its events from #{result.rehashed_from} on were hashed again "
            f"under that name: receipts of {result.source!r} do not apply to "
            f"{result.campaign!r}.",
            err=True,
        )
    if result.sealed is not None:
        click.echo(
            f"Note: an older journal hashed these events without the campaign's name; event "
            f"#{result.sealed} (ChainSealed) binds them to {result.campaign!r}.",
            err=True,
        )
    if as_json:
        emit_json(result)
        return
    click.echo(
        f"Imported {result.added} new event(s) of {result.read} into campaign "
        f"{result.campaign!r} ({result.db})."
    )
