"""Alembic, driven from code on an open connection (imported only by commands that migrate)."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Connection

from journal.resources import shipped


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(shipped("migrations")))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def upgrade_to_head(connection: Connection) -> None:
    command.upgrade(alembic_config(connection), "head")


def script_head() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()
