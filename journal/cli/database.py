"""`journal db upgrade|check`: the schema, through Alembic."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

import click

from journal.cli.common import emit_json, json_option, pass_settings
from journal.cli.main import Settings

if TYPE_CHECKING:
    from journal.store import Store


@click.group()
def db() -> None:
    """Bring a database to the current schema, or check that it is.

    \b
    Example:
      journal db check
      journal db upgrade
    """


@db.command("upgrade")
@json_option
@pass_settings
def db_upgrade(settings: Settings, as_json: bool) -> None:
    """Upgrade the database to the current schema (a SQLite file is copied beside it first).

    \b
    Example:
      journal --db old-campaign.db db upgrade
    """
    store = settings.store()
    before, after, backup = store.upgrade()
    if as_json:
        emit_json({"from": before, "to": after, "backup": str(backup) if backup else None})
        return
    if before == after:
        click.echo(f"{store.describe()} is already at schema {after}.")
        return
    if backup:
        click.echo(f"Backup written to {backup}.")
    click.echo(f"{store.describe()} upgraded from schema {before or 'none'} to {after}.")


@db.command("check")
@json_option
@pass_settings
def db_check(settings: Settings, as_json: bool) -> None:
    """Exit 0 only when the database is at the current schema and holds nothing to fix
    (a character an older journal let take the name of a handout's audience, `GM` or
    `players`, is listed with the command that fixes it).

    \b
    Example:
      journal db check && echo ready
    """
    from journal.store.schema import SCHEMA_HEAD

    store = settings.store()
    current = store.revision()
    findings = _findings(store) if current == SCHEMA_HEAD else []
    ok = current == SCHEMA_HEAD and not findings
    if as_json:
        emit_json({"current": current, "head": SCHEMA_HEAD, "ok": ok, "findings": findings})
    elif current == SCHEMA_HEAD:
        click.echo(f"{store.describe()} is at schema {current} (current).")
        for finding in findings:
            click.echo(f"Finding: {finding['problem']}; fix: {finding['fix']}", err=True)
    else:
        click.echo(
            f"{store.describe()} is at schema {current or 'none'}, the journal needs "
            f"{SCHEMA_HEAD}: run `journal db upgrade`.",
            err=True,
        )
    if not ok:
        raise SystemExit(1)


def _findings(store: Store) -> list[dict[str, str]]:
    from journal.api import audience_named_characters

    return [
        {
            "campaign": campaign,
            "character": name,
            "problem": f"campaign {campaign!r} has a character named {name!r}, the name of a "
            "handout's audience (`recap --for` cannot give their handout)",
            "fix": f"journal --campaign {campaign} character rename {shlex.quote(name)} NEWNAME",
        }
        for campaign, name in audience_named_characters(store)
    ]
