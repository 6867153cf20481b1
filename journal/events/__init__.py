"""Events, one job a module: `registry` (payloads, their types by name, schema versions,
upcasters, typed decoding), `canonical` (the canonical JSON), `recorded` (the envelope as
stored), `chain` (the hash chain), `terms` (the terms of derived numbers)."""
