"""Replaying the log: verify the hash chain, decide every ruling again, explain a number."""
