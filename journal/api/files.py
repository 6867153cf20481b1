"""How the journal writes files a GM names (`-o FILE`, the history of typed lines): whole
or not at all, private (0600) unless meant for the players, through any link the GM put
at the name; the refusal of a link inside an export's folder (`LinkRefused`); and where
this user's own settings live (`config_file`)."""

from __future__ import annotations

from journal.current import config_file
from journal.files import (
    LinkRefused,
    append_private,
    disk_problem,
    is_device,
    private_folder,
    public_mode,
    read_private,
    real_target,
    replace_file,
    write_private,
)

__all__ = [
    "LinkRefused",
    "append_private",
    "config_file",
    "disk_problem",
    "is_device",
    "private_folder",
    "public_mode",
    "read_private",
    "real_target",
    "replace_file",
    "write_private",
]
