"""`journal heads`, `prove`, `check-proof` and `verifier`: the tree heads the players keep,
the proofs they are handed, and the checks that need no journal (journal.proof)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from journal.cli.common import complete, emit_json, json_option, pass_settings, write_output
from journal.cli.settings import Settings, fail


@click.command()
@json_option
@pass_settings
def heads(settings: Settings, as_json: bool) -> None:
    """List the record's tree head at the end of every session, and now: what the players
    keep (every handout shows its own). `journal prove --since SIZE` proves the record
    now extends any of them.

    \b
    Example:
      journal heads
      journal heads --json
    """
    found = settings.journal().heads()
    if as_json:
        emit_json(found)
        return
    for head in found:
        when = "now" if head["session"] is None else f"end of session {head['session']}"
        click.echo(f"{when:<20} #{head['size']} {head['root']}")


@click.command()
@click.argument("seq", type=int, required=False, shell_complete=complete("event"))
@click.option(
    "--for",
    "audience",
    default="players",
    show_default=True,
    metavar="players|NAME",
    shell_complete=complete("reader"),
    help="Whose view of the event the proof holds: the players', or one character's.",
)
@click.option(
    "--head",
    "size",
    type=int,
    metavar="SIZE",
    help="Prove it in the record of SIZE events "
    "(a head the players kept); the current head by default.",
)
@click.option(
    "--since",
    type=int,
    metavar="SIZE",
    help="Instead: prove the current record extends the one of SIZE events.",
)
@click.option(
    "--reveal",
    is_flag=True,
    help="Disclose the event's full hashed body (dice, terms: all of it), so the players "
    "recompute its hash themselves.",
)
@click.option("-o", "--output", metavar="FILE", help="Write the proof here (else print it).")
@pass_settings
def prove(
    settings: Settings,
    seq: int | None,
    audience: str,
    size: int | None,
    since: int | None,
    reveal: bool,
    output: str | None,
) -> None:
    """Make a proof the players check without the journal: that event SEQ, as they see
    it (nothing GM-only), was in the record (RFC 9162 inclusion proof), or with --since
    that the record now extends an older head (consistency proof).

    \b
    Example:
      journal prove 12 --for players -o proof.json
      journal prove 12 --for Linda --head 40 -o linda.json
      journal prove --since 40 -o since.json
    """
    if (seq is None) == (since is None):
        fail("give an event's SEQ, or --since SIZE (not both): `journal prove 12 --for players`")
    if since is not None and (reveal or size is not None):
        fail("--since proves the current head against an older one: no --reveal, no --head")
    journal = settings.journal()
    if since is not None:
        document = journal.prove_since(since)
    else:
        assert seq is not None
        document = journal.prove(seq, audience, size=size, reveal=reveal)
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    if output is None:
        click.echo(text, nl=False)
        return
    path = write_output(Path(output), [text], output, private=reveal)
    click.echo(f"Wrote the proof to {path}", err=True)


@click.command("check-proof")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--head",
    "kept",
    metavar='"#N ROOT"',
    help="A head you kept (the receipt of `session end`, the one on your page or a "
    "handout): its size and at least 12 hex digits of its root. The proof must be of it.",
)
def check_proof(file: str, kept: str | None) -> None:
    """Check a proof the journal made, with nothing but the file: no database, no
    campaign. Prints `valid: ...` and what is proven, or why not (and exits 1). Without
    --head it checks against the head inside the file, which proves nothing until you
    compare that head with one you kept.

    \b
    Example:
      journal check-proof proof.json --head "#40 5dc9da79a706"
      journal check-proof proof.json
    """
    from journal.api.proof import ProofError, check, parse_head

    try:
        head = None if kept is None else parse_head(kept)
    except ValueError as exc:
        fail(f"--head: {exc}")
    try:
        with click.open_file(file, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {file}: {exc}")
    try:
        document = json.loads(text)
    except ValueError:
        fail(f"{file} is not JSON: give the file `journal prove -o` wrote")
    try:
        checked = check(document, head)
    except ProofError as exc:
        click.echo(f"NOT valid: {exc}.")
        raise SystemExit(1) from None
    click.echo(checked.message)
    for line in checked.lines:
        click.echo(line)
    click.echo(f"Head: {checked.head.short()}  (#{checked.head.size} {checked.head.hex})")


@click.command()
@click.option("-o", "--output", metavar="FILE", required=True, help="Where to write it.")
def verifier(output: str) -> None:
    """Write the proof verifier: one HTML file a player opens in any browser, offline,
    and drops a proof on (SHA-256 by the browser's own WebCrypto; no network, no library).

    \b
    Example:
      journal verifier -o check.html
    """
    from journal.api.proof import verifier_page

    path = write_output(Path(output), [verifier_page()], output, private=False)
    click.echo(f"Wrote the verifier to {path}", err=True)
