"""Handouts sent out of the journal: the GM's webhooks (`webhooks`) and Discord's
message limits and delivery (`discord`). Imported by `journal webhook` and `journal post`
only."""
