"""d100 sanity's command-line commands (`sanity`, `bout`, `disorder`, `lucid`, `react`,
`adapt`, `award`, `scenario`, `therapy`, `mythos`) and the options of its sheet for
`character add`: one `@click.command` a command, each handing its rules' command to
`run_and_show`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from journal.plugin.cli import (
    Settings,
    WiredCommands,
    commands_in,
    complete,
    fail,
    json_option,
    key_values,
    pass_settings,
    run_and_show,
    split_names,
)

if TYPE_CHECKING:
    from journal.api.journal import Journal

#: the largest table file read (a GM's table is a page of text)
TABLE_BYTES = 1_000_000


def _percentile(text: str | None, flag: str) -> tuple[int, ...] | None:
    """A d100 as the GM reads it: 1 to 100, `00` (00 + 0) being 100."""
    if text is None:
        return None
    cleaned = text.strip()
    if cleaned in ("00", "000"):
        return (100,)
    if not (cleaned.isascii() and cleaned.isdigit()) or not 1 <= int(cleaned) <= 100:
        fail(f"{flag} {text!r} is not a d100: give 1 to 100 (00 is 100)")
    return (int(cleaned),)


def _faces(text: str | None, flag: str) -> tuple[int, ...] | None:
    from journal.api.dice import parse_faces
    from journal.plugin.rules import RuleError

    if text is None:
        return None
    try:
        return parse_faces(text)
    except RuleError as exc:
        fail(f"{flag}: {exc}")


def _entered(given: dict[str, tuple[int, ...] | None]) -> dict[str, tuple[int, ...]] | None:
    found = {purpose: faces for purpose, faces in given.items() if faces is not None}
    return found or None


def _table(path: str | None) -> tuple[str | None, str]:
    """The GM's table file (`docs/rulesets/d100-sanity.md` says its format): its name (the
    file's, without its suffix) and its text, for the rules to read."""
    if path is None:
        return None, ""
    file = Path(path).expanduser()
    try:
        with file.open("rb") as handle:
            raw = handle.read(TABLE_BYTES + 1)
    except OSError as exc:
        fail(f"cannot read the table {path}: {exc.strerror or exc}")
    except ValueError:  # a NUL in the path
        fail(f"cannot read the table {path!r}: that is no file name")
    if len(raw) > TABLE_BYTES:
        fail(f"the table {path} is larger than {TABLE_BYTES:,} bytes: a table is a page of text")
    try:
        return file.stem, raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        fail(f"the table {path} is not UTF-8 text: save it as plain text")


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.option(
    "--loss",
    required=True,
    metavar="S/F",
    help="SAN lost on a success / a failure: 0/1d6, 1/1d4+1, 1d10/1d100.",
)
@click.option(
    "--kind",
    metavar="KIND",
    shell_complete=complete("kind"),
    help="violence, helplessness or unnatural (Delta Green: required).",
)
@click.option(
    "--threat",
    metavar="ID",
    shell_complete=complete("threat"),
    help="This threat, e.g. ghoul-1: its losses are capped within a scenario.",
)
@click.option(
    "--threat-name",
    metavar="TEXT",
    help="What players read for the threat (kept for later rolls against it).",
)
@click.option(
    "--project",
    metavar="BOND",
    shell_complete=complete("bond"),
    help="Delta Green: project 1d4 of the loss onto this bond.",
)
@click.option("--dice", metavar="N", help="The d100 you rolled (00 is 100).")
@click.option("--loss-dice", metavar="A,B", help="The loss's dice.")
@click.option("--int-dice", metavar="N", help="The INT roll's d100 (5 or more lost).")
@click.option("--hours-dice", metavar="N", help="A temporary insanity's 1d10 hours.")
@click.option("--months-dice", metavar="N", help="An indefinite insanity's 1d6 months.")
@click.option("--project-dice", metavar="N", help="The 1d4 projected onto a bond.")
@click.option(
    "--reaction",
    type=click.Choice(["flee", "struggle", "submit"]),
    help="Delta Green: the player's choice, when it goes temporarily insane.",
)
@click.option(
    "--disorder",
    metavar="TEXT",
    help="The disorder a breaking point (or an insanity) brings, named at once.",
)
@click.option(
    "--cost", metavar="TEXT", help="Delta Green: what adapting cost, when this loss adapts them."
)
@json_option
@pass_settings
def sanity(settings: Settings, /, name: str, as_json: bool, **given: Any) -> None:
    """A sanity roll: d100 at or under SAN succeeds; lose S on a success, F on a failure, F
    at its most on a fumble (100, or 96-100 under SAN 50). The journal caps the loss to a
    --threat within the scenario, counts the day's losses against a fifth of its SAN, and
    says what insanity follows (the INT roll after 5 or more lost is rolled here).

    \b
    Example:
      journal sanity Mara --loss 0/1d6 --threat ghoul-1 --dice 57 --loss-dice 4
      journal sanity Mara --loss 1/1d10 --threat byakhee --dice 88 --loss-dice 7 --int-dice 42
      journal sanity Reyes --loss 1/1d8 --kind violence --project "Her sister" --dice 71
    """
    from journal.rulesets.d100_sanity.rules.sanity import Sanity

    command = Sanity(
        name,
        given["loss"],
        given["kind"],
        given["threat"],
        given["threat_name"],
        given["project"],
        given["reaction"],
        given["disorder"],
        given["cost"],
    )
    flags = {
        "sanity": "--dice",
        "loss": "--loss-dice",
        "int": "--int-dice",
        "hours": "--hours-dice",
        "months": "--months-dice",
        "project": "--project-dice",
    }
    entered = _entered(
        {
            "sanity": _percentile(given["dice"], "--dice"),
            "loss": _faces(given["loss_dice"], "--loss-dice"),
            "int": _percentile(given["int_dice"], "--int-dice"),
            "hours": _faces(given["hours_dice"], "--hours-dice"),
            "months": _faces(given["months_dice"], "--months-dice"),
            "project": _faces(given["project_dice"], "--project-dice"),
        }
    )
    run_and_show(settings, command, as_json, entered, flags)


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.option(
    "--summary",
    is_flag=True,
    help="Told in summary: 1d10 hours away from the table (default: real time, 1d10 rounds).",
)
@click.option("--what", metavar="TEXT", help="What happens, in your words.")
@click.option(
    "--table",
    "table_file",
    metavar="FILE",
    help="Your own table of bouts to roll on.",
)
@click.option("--dice", metavar="N", help="The bout's 1d10.")
@click.option("--table-dice", metavar="N", help="The roll on your table.")
@json_option
@pass_settings
def bout(
    settings: Settings,
    name: str,
    summary: bool,
    what: str | None,
    table_file: str | None,
    dice: str | None,
    table_dice: str | None,
    as_json: bool,
) -> None:
    """A bout of madness: in real time (1d10 rounds) or in summary (1d10 hours); what
    happens is your words (--what) or the entry a roll finds on your own table (--table).

    \b
    Example:
      journal bout Mara --what "flees into the rain, screaming for her brother" --dice 4
      journal bout Mara --summary --table bouts.txt --dice 7 --table-dice 3
    """
    from journal.rulesets.d100_sanity.rules.bout import RecordBout

    command = RecordBout(name, summary, what or "", *_table(table_file))
    entered = _entered(
        {"length": _faces(dice, "--dice"), "entry": _faces(table_dice, "--table-dice")}
    )
    run_and_show(settings, command, as_json, entered, {"length": "--dice", "entry": "--table-dice"})


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.argument("disorder", required=False)
@click.option(
    "--kind",
    type=click.Choice(["phobia", "mania", "other"]),
    default="other",
    show_default=True,
    help="What kind of disorder.",
)
@click.option(
    "--table",
    "table_file",
    metavar="FILE",
    help="Your own table of phobias or manias to roll on.",
)
@click.option("--table-dice", metavar="N", help="The roll on your table.")
@json_option
@pass_settings
def disorder(
    settings: Settings,
    name: str,
    disorder: str | None,
    kind: str,
    table_file: str | None,
    table_dice: str | None,
    as_json: bool,
) -> None:
    """NAME gains a disorder: a phobia or mania gained while insane, or the one a Delta
    Green breaking point calls for; named by you, or rolled on your own table.

    \b
    Example:
      journal disorder Mara "Fear of deep water" --kind phobia
      journal disorder Reyes --table manias.txt --kind mania --table-dice 5
    """
    from journal.rulesets.d100_sanity.rules.disorder import GainDisorder

    command = GainDisorder(name, disorder or "", kind, *_table(table_file))
    entered = _entered({"entry": _faces(table_dice, "--table-dice")})
    run_and_show(settings, command, as_json, entered, {"entry": "--table-dice"})


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.option(
    "--reason", required=True, metavar="TEXT", help="Why it ends: treated, or the GM rules it over."
)
@json_option
@pass_settings
def lucid(settings: Settings, name: str, reason: str, as_json: bool) -> None:
    """NAME's insanity ends before its time (treated, or the GM rules it over); the bouts
    and choices it still owed go with it.

    \b
    Example:
      journal lucid Mara --reason "three weeks at Arkham Sanitarium"
    """
    from journal.rulesets.d100_sanity.rules.lucid import EndInsanity

    run_and_show(settings, EndInsanity(name, reason), as_json)


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.argument("reaction", type=click.Choice(["flee", "struggle", "submit"]))
@json_option
@pass_settings
def react(settings: Settings, name: str, reaction: str, as_json: bool) -> None:
    """Delta Green: the player's choice for an agent gone temporarily insane: flee,
    struggle or submit.

    \b
    Example:
      journal react Reyes flee
    """
    from journal.rulesets.d100_sanity.rules.react import ChooseReaction

    run_and_show(settings, ChooseReaction(name, reaction), as_json)


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.option("--cost", required=True, metavar="TEXT", help="What adapting cost the agent.")
@click.option(
    "--kind",
    type=click.Choice(["violence", "helplessness"]),
    help="Which adaptation (when both wait).",
)
@json_option
@pass_settings
def adapt(settings: Settings, name: str, cost: str, kind: str | None, as_json: bool) -> None:
    """Delta Green: what adapting to violence or helplessness cost NAME (the third box of a
    kind checked), in your words.

    \b
    Example:
      journal adapt Reyes --cost "CHA -3; her bond with her sister -3: she stops calling"
    """
    from journal.rulesets.d100_sanity.rules.adapt import RecordCost

    run_and_show(settings, RecordCost(name, cost, kind), as_json)


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.option("--san", "amount", metavar="1d6|N", help="SAN awarded: dice or a number.")
@click.option("--skill", metavar="SKILL", help="A skill raised to 90: 2d6.")
@click.option("--reason", metavar="TEXT", default="", help="Why (a skill's award says it itself).")
@click.option("--dice", metavar="A,B", help="The award's dice.")
@json_option
@pass_settings
def award(
    settings: Settings,
    name: str,
    amount: str | None,
    skill: str | None,
    reason: str,
    dice: str | None,
    as_json: bool,
) -> None:
    """SAN awarded to NAME (never past maximum SAN): dice or a number, or 2d6 for a skill
    raised to 90.

    \b
    Example:
      journal award Mara --san 1d6 --reason "the cult is broken" --dice 4
      journal award Mara --skill "Library Use" --dice 3,5
    """
    from journal.rulesets.d100_sanity.rules.award import AwardSan

    entered = _entered({"award": _faces(dice, "--dice")})
    run_and_show(
        settings, AwardSan(name, amount or "", skill, reason), as_json, entered, {"award": "--dice"}
    )


@click.group()
def scenario() -> None:
    """Start and end a scenario: a threat's losses are capped within it; its end may award
    SAN to those who saw it through.

    \b
    Example:
      journal scenario start "The Haunting"
      journal scenario end --award 1d6
    """


@scenario.command("start")
@click.argument("title")
@json_option
@pass_settings
def scenario_start(settings: Settings, title: str, as_json: bool) -> None:
    """Start a scenario.

    \b
    Example:
      journal scenario start "The Haunting"
    """
    from journal.rulesets.d100_sanity.rules.scenario_start import StartScenario

    run_and_show(settings, StartScenario(title), as_json)


@scenario.command("end")
@click.option(
    "--award", "amount", metavar="1d6|N", default="", help="SAN awarded to each (rolled for each)."
)
@click.option(
    "--to",
    "names",
    multiple=True,
    metavar="NAME,NAME",
    shell_complete=complete("character", listed=True),
    help="Who is awarded (default: everyone still sane enough to be).",
)
@click.option(
    "--award-dice",
    "dice",
    multiple=True,
    metavar="NAME=A,B",
    shell_complete=complete("character"),
    help="A character's award dice.",
)
@json_option
@pass_settings
def scenario_end(
    settings: Settings, amount: str, names: tuple[str, ...], dice: tuple[str, ...], as_json: bool
) -> None:
    """End the running scenario, awarding SAN to each who saw it through.

    \b
    Example:
      journal scenario end --award 1d6 --award-dice Mara=4 --award-dice Eli=2
      journal scenario end
    """
    from journal.rulesets.d100_sanity.rules.scenario_end import EndScenario, award_purpose

    entered: dict[str, tuple[int, ...]] = {}
    flags: dict[str, str] = {}
    for who, text in key_values(dice, "--award-dice").items():
        flags[award_purpose(who.strip())] = f"--award-dice {who.strip()}"
        entered[award_purpose(who.strip())] = _faces(text, f"--award-dice {who.strip()}") or ()
    run_and_show(settings, EndScenario(amount, split_names(names)), as_json, entered or None, flags)


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.option(
    "--san",
    "change",
    required=True,
    type=int,
    metavar="CHANGE",
    help="The SAN the month gives (+2) or takes (-1), by your reckoning.",
)
@click.option(
    "--dice", required=True, metavar="A,B", help="The roll's dice as they fell (recorded)."
)
@click.option("--self-help", is_flag=True, help="Self-help rather than therapy.")
@click.option("--reason", metavar="TEXT", default="", help="A word on the month.")
@json_option
@pass_settings
def therapy(
    settings: Settings,
    name: str,
    change: int,
    dice: str,
    self_help: bool,
    reason: str,
    as_json: bool,
) -> None:
    """A month's therapy (or self-help) roll: you enter what it gave and its dice; SAN stays
    within 0 and its maximum; one a month of game time (one a session with no clock).

    \b
    Example:
      journal therapy Mara --san +2 --dice 34,2 --reason "Dr. Hardstrom's sessions"
    """
    from journal.rulesets.d100_sanity.rules.therapy import SELF_HELP, THERAPY, TherapyRoll

    how = SELF_HELP if self_help else THERAPY
    entered = _entered({"therapy": _faces(dice, "--dice")})
    run_and_show(
        settings, TherapyRoll(name, change, how, reason), as_json, entered, {"therapy": "--dice"}
    )


@click.command()
@click.argument("name", shell_complete=complete("character"))
@click.option("--gain", required=True, type=int, metavar="N", help="Mythos (Unnatural) gained.")
@click.option("--reason", required=True, metavar="TEXT", help="How it was gained.")
@json_option
@pass_settings
def mythos(settings: Settings, name: str, gain: int, reason: str, as_json: bool) -> None:
    """NAME gains Mythos (Unnatural in Delta Green): maximum SAN falls at once, and SAN
    above it with it.

    \b
    Example:
      journal mythos Mara --gain 5 --reason "read the Pnakotic fragments"
    """
    from journal.rulesets.d100_sanity.rules.mythos import GainMythos

    run_and_show(settings, GainMythos(name, gain, reason), as_json)


SHEET_EXAMPLE = (
    "journal character add Mara --pow 55 --int 70\n"
    "journal character add Reyes --pow 11 --bond 'Her sister=11'     (--option preset=delta-green)"
)


def sheet_options() -> list[click.Option]:
    return [
        click.Option(
            ["--pow"], type=int, help="POW (percentile; Delta Green: 3-18): starting SAN."
        ),
        click.Option(
            ["--int", "int_"], type=int, help="INT: the INT roll of a temporary insanity."
        ),
        click.Option(
            ["--san"], type=int, help="SAN to start with (default POW; Delta Green: POW x 5)."
        ),
        click.Option(
            ["--mythos"], type=int, help="Cthulhu Mythos (Unnatural): maximum SAN is 99 less it."
        ),
        click.Option(
            ["--unnatural"], type=int, help="Delta Green's Unnatural (the same as --mythos)."
        ),
        click.Option(
            ["--bond", "bonds"],
            multiple=True,
            metavar="BOND=SCORE",
            help="Delta Green: a bond and its score.",
        ),
        click.Option(
            ["--disorder", "disorders"],
            multiple=True,
            metavar="[KIND:]DISORDER",
            help="A disorder on the sheet: 'phobia: deep water'.",
        ),
    ]


def sheet(given: dict[str, Any]) -> dict[str, object]:
    if given.get("pow") is None:
        fail("a d100 sanity character needs --pow N")
    found: dict[str, object] = {"pow": given["pow"]}
    for key, option in (
        ("int", "int_"),
        ("san", "san"),
        ("mythos", "mythos"),
        ("unnatural", "unnatural"),
    ):
        if given.get(option) is not None:
            found[key] = given[option]
    found["bonds"] = list(given.get("bonds") or ())
    found["disorders"] = list(given.get("disorders") or ())
    return found


def tour(journal: Journal) -> str:
    """What `journal demo --ruleset d100-sanity` shows of its worked example."""
    from journal.plugin.cli import status_text

    document = journal.status()
    heading = journal.status_heading(document)
    records = [r for r in journal.records() if r.type == "SanityRolled"]
    lines = [
        "Where they stand (journal status):",
        status_text(heading, document, journal.status_rows(document)),
    ]
    if records:
        lines += ["", "The sanity rolls (journal log):"]
        lines += [
            f"  #{r.seq} {line}" for r, line in zip(records, journal.lines(records), strict=True)
        ]
    return "\n".join(lines)


CLI = WiredCommands(
    commands_in(__name__), sheet_options, sheet, SHEET_EXAMPLE, tour, example="blackwood-lane"
)
