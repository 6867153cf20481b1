"""`journal serve`: the campaign's pages in a browser, over the public API (`journal.api`).

`links` (tokens, no Starlette), `site` (what each audience's pages show, rendered once per
head), `stream` (the watcher of the database and the live updates), `places` (who holds
the open streams, and who gives one up), `app` (the Starlette routes and headers, every
path in its one spelling). Only `app` and `stream` need the serve extra.
"""
