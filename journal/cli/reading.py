"""`journal status`, `log`, `explain`, `audit`, `verify`: the commands that only read."""

from __future__ import annotations

from typing import Any

import click

from journal.cli.common import (
    as_of_options,
    emit_json,
    json_option,
    key_values,
    pass_settings,
    table,
)
from journal.cli.main import Settings


def _encounter_rows(characters: dict[str, Any]) -> list[list[Any]]:
    rows = []
    for name, c in characters.items():
        fight = c.get("encounter")
        hf = ""
        if fight:
            hf = str(fight["hf"])
            if fight.get("soak"):
                hf += f" (eff {fight['effective_hf']})"
        rows.append(
            [
                name,
                hf if fight else "-",
                -fight["action_penalty"]
                if fight and fight["action_penalty"]
                else (0 if fight else "-"),
                "-" if not fight or fight["initiative"] is None else fight["initiative"],
                "-"
                if not fight or fight["can_act"] is None
                else ("yes" if fight["can_act"] else "FROZE"),
                fight["defense_penalty"]
                if fight and fight["defense_penalty"]
                else (0 if fight else "-"),
                f"{c['willpower']}/{c['willpower_max']}",
                _hardness_cell(c),
                c["brokenness"],
            ]
        )
    return rows


def _hardness_cell(character: dict[str, Any]) -> str:
    """General Hardness over its cap; the one that applies in this fight when it differs."""
    cell = f"{character['hardness']}/{character['hardness_cap']}"
    fight = character.get("fight")
    if fight and fight["hardness"] != character["hardness"]:
        cell += f" ({fight['category']} {fight['hardness']})"
    return cell


def _fright_rows(characters: dict[str, Any]) -> list[list[Any]]:
    return [
        [
            name,
            c["will"],
            c["ht"] - c.get("ht_lost", 0) if "ht" in c else "",
            c["iq"] - c.get("iq_lost", 0) if "iq" in c else "",
            len(c["quirks"]),
            len(c["disadvantages"]),
            len(c["pending"]),
            c["points_lost"],
            c["checks"],
        ]
        for name, c in characters.items()
    ]


def render_status(document: dict[str, Any]) -> str:
    head = (
        f"{document['title']} ({document['campaign']}, {document['ruleset']}) "
        f"at event {document['seq']}"
    )
    extras = []
    if document.get("session"):
        extras.append(f"session {document['session']}")
    if document.get("clock"):
        extras.append(document["clock"])
    if extras:
        head += " - " + ", ".join(extras)
    characters = document["characters"]
    if not characters:
        return head + "\nNo characters yet: journal character add NAME ..."
    if document["ruleset"] == "horror-factor":
        fight = next((c["fight"] for c in characters.values() if c.get("fight")), None)
        turn = next((c["encounter"]["turn"] for c in characters.values() if c.get("encounter")), 0)
        if fight:
            head += (
                f"\nEncounter {fight['title']!r}, turn {turn} (initial HF {fight['initial_hf']})"
            )
        rows = _encounter_rows(characters)
        header = ["name", "HF", "penalty", "init", "acts", "defense", "WP", "hardness", "broken"]
        if not fight:  # between fights only the lasting numbers matter
            rows = [[row[0], *row[6:]] for row in rows]
            header = [header[0], *header[6:]]
        body = table(rows, header)
    else:
        body = table(
            _fright_rows(characters),
            ["name", "will", "HT", "IQ", "quirks", "disads", "pending", "pts lost", "checks"],
        )
    return head + "\n" + body


@click.command()
@as_of_options
@json_option
@pass_settings
def status(settings: Settings, as_of: int | None, as_of_session: int | None, as_json: bool) -> None:
    """Where every character stands now (or as of an earlier event or session).

    \b
    Example:
      journal status
      journal status --as-of 12 --json
      journal status --as-of-session 2
    """
    from journal.cli.views import status_document

    journal = settings.journal()
    document = status_document(journal.state(journal.upto(as_of, as_of_session)))
    if as_json:
        emit_json(document)
    else:
        click.echo(render_status(document))


@click.command()
@click.option("--session", type=int, metavar="N", help="Only session N.")
@click.option("--character", metavar="NAME", help="Only events about NAME.")
@as_of_options
@json_option
@pass_settings
def log(
    settings: Settings,
    session: int | None,
    character: str | None,
    as_of: int | None,
    as_of_session: int | None,
    as_json: bool,
) -> None:
    """The event log, oldest first; voided events are marked.

    \b
    Example:
      journal log --session 2
      journal log --character Linda --json
    """
    from journal.cli.views import log_entries

    journal = settings.journal()
    as_of = journal.upto(as_of, as_of_session)
    if session is not None:
        journal.seq_of_session(session)  # refuses a session that never was
    if character is not None:
        character = journal.state(as_of).character(character)
    records, voided = journal.history(as_of)
    entries = log_entries(journal, records, voided, session=session, character=character)
    if as_json:
        emit_json([{**record.export(), "voided": is_void} for record, _, is_void in entries])
        return
    for record, text, is_void in entries:
        mark = " [voided]" if is_void else ""
        click.echo(f"#{record.seq:<4} {text}{mark}")


@click.command()
@click.argument("name")
@click.argument("seq", type=click.IntRange(min=1), required=False)
@click.option("--as-of-session", type=int, metavar="N", help="As it stood at the end of session N.")
@json_option
@pass_settings
def explain(
    settings: Settings, name: str, seq: int | None, as_of_session: int | None, as_json: bool
) -> None:
    """Why NAME's numbers are what they are: each number's chain of events, with terms.
    With SEQ: as of that event, and that event's terms and dice in full.

    \b
    Example:
      journal explain Linda
      journal explain Linda 16
      journal explain Mara --json
    """
    from journal.audit.explain import explain as build
    from journal.audit.explain import render

    journal = settings.journal()
    upto = journal.upto(seq, as_of_session)
    canonical = journal.state(upto).character(name)
    records, voided = journal.history(upto)
    explanation = build(records, voided, canonical, seq)
    if as_json:
        emit_json(explanation.document())
    else:
        click.echo(render(explanation))


@click.command()
@json_option
@pass_settings
def verify(settings: Settings, as_json: bool) -> None:
    """Check the hash chain of the campaign's log; exits 1 at the first broken link.

    \b
    Example:
      journal verify
    """
    from journal.audit.replay import verify_chain

    journal = settings.journal()
    report = verify_chain(journal.records())
    if as_json:
        emit_json(report.document(journal.campaign))
    elif report.ok:
        click.echo(f"OK: {report.events} events, hash chain intact.")
    else:
        click.echo(f"BROKEN at event {report.first_bad}: {report.problem}", err=True)
    if not report.ok:
        raise SystemExit(1)


@click.command()
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="K=V",
    help="What if: replay under another campaign option (nothing is written).",
)
@json_option
@pass_settings
def audit(settings: Settings, options: tuple[str, ...], as_json: bool) -> None:
    """Replay the campaign and decide every ruling again from its recorded inputs (dice,
    flags, names); list every recorded number the rules no longer give. Exits 1 on any.

    \b
    Example:
      journal audit
      journal audit --option exceptional_margin=4    (what if: nothing is written)
    """
    from journal.audit.replay import audit_campaign, parse_options
    from journal.cli.transfer import with_progress

    journal = settings.journal()
    what_if = parse_options(journal.ruleset, key_values(options, "--option"))
    report = audit_campaign(
        journal, what_if, lambda records, total: with_progress(records, total, "Auditing")
    )
    if as_json:
        emit_json({**report.document(), "options": what_if})
    else:
        if what_if:
            click.echo("What if " + ", ".join(f"{k}={v}" for k, v in what_if.items()) + ":")
        click.echo(report.text())
    if report.differences:
        raise SystemExit(1)
