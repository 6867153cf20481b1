"""The campaign's in-fiction clock: parsing game times and advancing them (`2h`, `3d`, `6mo`)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from journal.errors import RuleError

GAME_TIME_FORMAT = "%Y-%m-%dT%H:%M"

#: ASCII digits only (Arabic-Indic digits are no amount), the spaces bounded: never slow
_AMOUNT = re.compile(r"([0-9]{1,12})\s{0,8}(mo|min|m|h|d|w|y)")
_UNITS = {
    "min": "minutes",
    "m": "minutes",
    "h": "hours",
    "d": "days",
    "w": "weeks",
    "mo": "months",
    "y": "years",
}


def format_game_time(moment: datetime) -> str:
    """The canonical form, the year in four digits (`0999-12-31T23:00`): `strftime` writes
    years before 1000 with three, which no parser reads back."""
    return (
        f"{moment.year:04d}-{moment.month:02d}-{moment.day:02d}"
        f"T{moment.hour:02d}:{moment.minute:02d}"
    )


def parse_game_time(text: str) -> str:
    """Accept `1925-10-31 22:00`, `1925-10-31T22:00` or `1925-10-31` (years 1 to 9999);
    return the canonical form."""
    cleaned = _four_digit_year(text.strip().replace(" ", "T", 1))
    for fmt in (GAME_TIME_FORMAT, "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d"):
        try:
            return format_game_time(datetime.strptime(cleaned, fmt))
        except ValueError:
            continue
    raise RuleError(
        f"game time {text!r} is not a date of the years 1 to 9999: write it as 1925-10-31 22:00"
    )


def _four_digit_year(text: str) -> str:
    """`999-12-31T23:00` (as older journals stored a year before 1000) as `0999-...`."""
    year, dash, rest = text.partition("-")
    if dash and len(year) < 4 and year.isascii() and year.isdigit():
        return f"{int(year):04d}-{rest}"
    return text


def to_datetime(game_time: str) -> datetime:
    """A stored game time as a datetime; RuleError when the log holds something else (a
    hand-written log imported by an older journal)."""
    if len(game_time) == 16 and game_time[10] == "T" and game_time[4] == "-":
        try:  # the canonical form, read at C speed (strptime costs ten times as much)
            return datetime.fromisoformat(game_time)
        except ValueError:
            pass
    try:
        return datetime.strptime(_four_digit_year(game_time), GAME_TIME_FORMAT)
    except (TypeError, ValueError):
        raise RuleError(
            f"the journal holds {game_time!r} as a game time, which is not one of the years "
            "1 to 9999: set the clock again (`journal clock set 1925-10-31 22:00 --rewind`)"
        ) from None


def parse_amount(text: str) -> tuple[int, str]:
    """`90min`, `2h`, `3d`, `2w`, `6mo`, `1y` as (count, unit name)."""
    match = _AMOUNT.fullmatch(text.strip().lower())
    if not match or int(match.group(1)) == 0:
        raise RuleError(
            f"{text!r} is not an amount of time: write e.g. 30min, 2h, 3d, 2w, 6mo or 1y"
        )
    return int(match.group(1)), _UNITS[match.group(2)]


def _add_months(moment: datetime, months: int) -> datetime:
    import calendar  # only a clock advanced by months needs it

    index = moment.month - 1 + months
    year, month = moment.year + index // 12, index % 12 + 1
    day = min(moment.day, calendar.monthrange(year, month)[1])
    return moment.replace(year=year, month=month, day=day)


def advance(game_time: str, amount: str) -> str:
    count, unit = parse_amount(amount)
    moment = to_datetime(game_time)
    try:
        if unit == "months":
            moment = _add_months(moment, count)
        elif unit == "years":
            moment = _add_months(moment, 12 * count)
        else:
            moment = moment + timedelta(**{unit: count})
    except (OverflowError, ValueError):
        raise RuleError(f"{amount} from {game_time} runs past the year 9999") from None
    return format_game_time(moment)


def hours_between(earlier: str, later: str) -> float:
    return (to_datetime(later) - to_datetime(earlier)).total_seconds() / 3600
