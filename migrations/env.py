"""Alembic environment for the journal.

The journal runs migrations itself (`journal db upgrade`, or `campaign new` / `import` on a
new database) and hands Alembic an open connection in `config.attributes["connection"]`.
"""

from __future__ import annotations

from alembic import context

from journal.store.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through `journal db upgrade`")

context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
