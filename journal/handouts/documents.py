"""The documents the handouts are made of: a session's recap, a character's arc, the
campaign's book (`recap --json`, `arc --json`, `book --json`, and what the templates
render). They are JSON objects typed key by key (TypedDicts: a template reads
`entry.kind` or `entry["kind"]` alike, and `--json` prints them as they are); the parts a
ruleset's narrator shapes (a turn's rows, the outcome lists, the standing, the arc's
numbers) are `Fields`, whose keys its template partials read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, NotRequired, TypeAlias, TypedDict, overload

from journal.documents import Fields, whole_or_none

if TYPE_CHECKING:
    from journal.rules.core.state import CampaignState


class CampaignHeading(TypedDict):
    title: str
    slug: str
    ruleset: str
    #: the language of the handout (a BCP 47 tag: its HTML `lang`, its PDF's `/Lang`)
    language: str


def campaign_heading(state: CampaignState) -> CampaignHeading:
    """The campaign as a handout names it, as it stands in `state`."""
    return {
        "title": state.title,
        "slug": state.slug,
        "ruleset": state.ruleset,
        "language": state.language,
    }


class AudienceHeading(TypedDict):
    """Who a handout is for: `kind` players, gm or character (then `name` is theirs)."""

    kind: str
    name: str | None
    label: str
    gm: bool


class GmDetails(TypedDict):
    """The GM's view of a ruling: its seq, log line, dice faces and terms, and for an
    amended one the event that amended it."""

    seq: int
    line: str
    dice: str | None
    terms: str | None
    amended_by: NotRequired[int]


class RecapNote(TypedDict):
    """A note told in the story (the names in it as they read now)."""

    kind: Literal["note"]
    text: str
    gm_only: bool
    about: list[str]
    gm: GmDetails | None
    #: the GM's copy of a secret: who knows it (besides the GM) as the view stands
    known_by: NotRequired[list[str]]
    #: the event it tells (a served page links its proof)
    seq: NotRequired[int]


class LearnedEntry(TypedDict):
    """A secret noted in an earlier session that this audience learned in this one (a
    reveal): its text, the session it was noted in, the reveal's reason."""

    seq: int
    text: str
    noted_in: int | None
    reason: str
    gm: GmDetails | None


class EventEntry(TypedDict):
    """An event told on its own, in a sentence."""

    kind: Literal["event"]
    text: str
    gm: GmDetails | None
    #: the event it tells (a served page links its proof)
    seq: NotRequired[int]


class ProofLinks(TypedDict):
    """What a served recap needs to link each entry to its proof (`render.recap`): the
    link's beginning (the entry's seq follows), and the head to check it against, as
    (size, the first 16 hex digits of its root): `at`, the recap's session's, and `heads`,
    each session's by number (None: the head now)."""

    href: str
    at: tuple[int, str]
    heads: dict[int | None, tuple[int, str]]


#: what a turn of an encounter shows happening
Happening: TypeAlias = RecapNote | EventEntry


class Turn(TypedDict):
    """A turn of an encounter (its number None for a fight that counts none): the
    narrator's rows (one per fighter) and what happened in it."""

    number: int | None
    rows: list[Fields]
    happenings: list[Happening]


class ChartSeries(TypedDict):
    label: str
    style: str
    values: list[int | None]
    #: the points drawn as a cross (a fighter who froze that turn)
    crossed: NotRequired[list[int]]
    #: the series in words, for a text handout (added when rendered)
    track: NotRequired[str]


class Chart(TypedDict):
    """A line chart: `title`, `y_label`, `y_max`, `x_labels` (`x_title`), its series."""

    title: str
    y_label: str
    y_max: int
    x_labels: list[str]
    x_title: NotRequired[str]
    series: list[ChartSeries]
    #: the chart drawn as inline SVG (added when rendered to HTML)
    svg: NotRequired[str]


class EncounterOpening(TypedDict):
    """What a narrator says of an encounter as it opens (`everyone`: it is every
    character's fight, a cast named by nobody)."""

    title: str
    hf: int | None
    why: str
    category: str | None
    ambush: bool
    cast: list[str]
    everyone: NotRequired[bool]


class Encounter(EncounterOpening):
    """An encounter of the recap's story: its opening, turns, results and end."""

    kind: Literal["encounter"]
    turns: list[Turn]
    results: list[Fields]
    ended: bool
    end: str | None
    gm: GmDetails | None
    visible: bool
    end_gm: NotRequired[GmDetails | None]
    charts: NotRequired[list[Chart]]


#: one entry of a recap's story
StoryEntry: TypeAlias = RecapNote | EventEntry | Encounter


def latest_happenings(story: list[StoryEntry], count: int) -> list[str]:
    """The last `count` things a recap's story tells, newest first, as its audience reads
    them: its notes and sentences, those of each encounter's turns in their place (an
    encounter this audience does not see tells nothing)."""
    return [entry["text"] for entry in latest_entries(story, count)]


def latest_entries(story: list[StoryEntry], count: int) -> list[Happening]:
    """`latest_happenings`, each with the event it tells (`seq`, when a narrator gave it)."""
    told: list[Happening] = []
    for entry in story:
        if entry["kind"] != "encounter":
            told.append(entry)
        elif entry["visible"]:
            told.extend(h for turn in entry["turns"] for h in turn["happenings"])
    return told[: -count - 1 : -1] if count else []


class SessionHeading(TypedDict):
    number: int
    title: str
    #: the game's date and time it began, in words (`Sunday 31 October 2010, 21:00`)
    began: str | None
    ended: str | None
    #: the same as the clock keeps it (`2010-10-31T21:00`; None: the clock was never set)
    began_at: str | None
    closed: bool
    #: how many sessions the campaign has
    of: int


class VoidedEntry(TypedDict):
    """An event voided since (the GM's copy lists them), with why."""

    seq: int
    session: int | None
    line: str
    reason: str


class RecapDocument(TypedDict):
    """`recap --json`: one session for one audience."""

    campaign: CampaignHeading
    audience: AudienceHeading
    session: SessionHeading
    cast: list[str]
    since: list[StoryEntry]
    story: list[StoryEntry]
    outcomes: dict[str, list[Fields]]
    has_outcomes: bool
    standing: list[Fields]
    voided: list[VoidedEntry]
    #: secrets of earlier sessions this audience learned in this one ("Learned this session")
    learned: list[LearnedEntry]


class ArcSample(TypedDict):
    """A character's numbers at one moment (`numbers` None: not in the campaign then)."""

    label: str
    numbers: Fields | None
    present: bool


def chart_series(points: Sequence[ArcSample], key: str, label: str, style: str) -> ChartSeries:
    """One number of an arc's samples as a chart's series (none where the character was not
    in the campaign)."""
    return {
        "label": label,
        "style": style,
        "values": [whole_or_none(p["numbers"][key]) if p["numbers"] else None for p in points],
    }


class ArcPoint(TypedDict):
    """A row of the arc's Markdown table: its label (`Start`, `S2`, `Now`) and title."""

    label: str
    title: str
    numbers: Fields | None
    present: bool


class ArcMilestone(TypedDict):
    kind: str
    label: str
    session: int | None
    when: str | None
    text: str
    gm: GmDetails | None


class ArcDocument(TypedDict):
    """`arc --json`: a character's numbers session by session, milestones and sheet."""

    campaign: CampaignHeading
    name: str
    sessions: int
    now: str | None
    points: list[ArcPoint]
    charts: list[Chart]
    milestones: list[ArcMilestone]
    sheet: Fields


class CastEntry(TypedDict):
    name: str
    retired: bool


class RecapReceipt(TypedDict):
    """The head event a book was made from (`journal verify --head` checks it)."""

    seq: int
    hash: str
    recorded_at: str
    text: str


class BookDocument(TypedDict):
    """`book --json`: the cover, every session's recap, the arcs, sheets and receipt."""

    campaign: CampaignHeading
    audience: AudienceHeading
    as_of_session: int | None
    sessions: int
    began: str | None
    now: str | None
    cast: list[CastEntry]
    recaps: list[RecapDocument]
    arcs: list[ArcDocument]
    sheets: list[Fields]
    receipt: RecapReceipt


@overload
def gm_fields(gm: GmDetails) -> Fields: ...


@overload
def gm_fields(gm: None) -> None: ...


@overload
def gm_fields(gm: GmDetails | None) -> Fields | None: ...


def gm_fields(gm: GmDetails | None) -> Fields | None:
    """The GM's view of a ruling as a narrator's `Fields` hold it (an outcome's `gm`)."""
    if gm is None:
        return None
    fields: Fields = {
        "seq": gm["seq"],
        "line": gm["line"],
        "dice": gm["dice"],
        "terms": gm["terms"],
    }
    if "amended_by" in gm:
        fields["amended_by"] = gm["amended_by"]
    return fields
