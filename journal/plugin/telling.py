"""What a ruleset's telling takes from the journal (beside `journal.plugin.rules`): the
`Telling` contract, the tables its log lines and sentences register on, the record an
event is told from, terms in words, and the board and status as rows."""

from __future__ import annotations

from journal.documents import ACTED as ACTED
from journal.documents import FROZEN as FROZEN
from journal.documents import GM_ONLY as GM_ONLY
from journal.documents import PLAYERS_ONLY as PLAYERS_ONLY
from journal.documents import WAITING as WAITING
from journal.documents import BoardCell as BoardCell
from journal.documents import BoardColumn as BoardColumn
from journal.documents import BoardGrid as BoardGrid
from journal.documents import BoardRow as BoardRow
from journal.documents import StatusDocument as StatusDocument
from journal.events.canonical import sorted_json as sorted_json
from journal.events.recorded import Recorded as Recorded
from journal.events.terms import describe_terms as describe_terms
from journal.rules.dispatch import Lines as Lines
from journal.rules.dispatch import Sentences as Sentences
from journal.telling import ARROW as ARROW
from journal.telling.contract import Telling as Telling
