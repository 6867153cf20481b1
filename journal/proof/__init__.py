"""Proof the players hold: the campaign's RFC 9162 Merkle tree (`tree`), its heads, the
proofs a player checks (`documents`) and the checks themselves (`check`), which need no
journal."""
