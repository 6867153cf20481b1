"""The eventsourcing library (9.5) doing the same replay: one aggregate with N events,
rebuilt by `repository.get` (no snapshots, no cache), on SQLite or PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from typing import Any

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event


class Campaign(Aggregate):
    def __init__(self) -> None:
        self.state: dict[str, Any] = {}

    @event("Happened")
    def happen(self, type: str, data: dict[str, Any]) -> None:
        self.state.update(data)


def sqlite_env(path: str) -> dict[str, str]:
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": path}


def postgres_env(url: Any) -> dict[str, str]:
    """From a SQLAlchemy URL object (postgresql+psycopg://user@host:port/db)."""
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": url.database,
        "POSTGRES_HOST": url.host or "127.0.0.1",
        "POSTGRES_PORT": str(url.port or 5432),
        "POSTGRES_USER": url.username or "",
        "POSTGRES_PASSWORD": url.password or "",
    }


def prepare(env: Mapping[str, str], payloads: Iterable[tuple[str, dict[str, Any]]]) -> Any:
    """Store one aggregate holding every payload; returns its id."""
    app = Application(env=dict(env))
    campaign = Campaign()
    for type_name, data in payloads:
        campaign.happen(type_name, data)
    app.save(campaign)
    app.close()
    return campaign.id


def replay(env: Mapping[str, str], aggregate_id: Any) -> float:
    """Seconds for `repository.get` of the aggregate (a fresh application each time)."""
    app = Application(env=dict(env))
    start = time.perf_counter()
    app.repository.get(aggregate_id)
    elapsed = time.perf_counter() - start
    app.close()
    return elapsed
