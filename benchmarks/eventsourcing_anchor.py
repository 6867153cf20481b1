"""The eventsourcing library (9.5) doing the same replay: one aggregate with N events,
rebuilt by `repository.get` (no snapshots, no cache), on SQLite or PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from typing import Any

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

#: events per save: one save of 100,000 stalls psycopg's pipeline on PostgreSQL
SAVE_EVERY = 5000


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
    for number, (type_name, data) in enumerate(payloads, start=1):
        campaign.happen(type_name, data)
        if number % SAVE_EVERY == 0:
            app.save(campaign)
    app.save(campaign)
    app.close()
    return campaign.id


def replay(env: Mapping[str, str], aggregate_id: Any) -> tuple[float, float]:
    """Wall and CPU seconds of `repository.get` of the aggregate (a fresh application)."""
    app = Application(env=dict(env))
    wall, cpu = time.perf_counter(), time.process_time()
    app.repository.get(aggregate_id)
    elapsed = time.perf_counter() - wall, time.process_time() - cpu
    app.close()
    return elapsed
