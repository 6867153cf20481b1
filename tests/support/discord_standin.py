"""A local Discord stand-in (loopback only): an Execute Webhook endpoint that refuses any
message past one of Discord's documented limits (400, as Discord answers), answers 204
otherwise, and records every message it took, in order. `answers` queues other answers
first: a 429 with `retry_after`, a 500."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

CONTENT = 2000
EMBEDS = 10
EMBED_CHARS = 6000


def _embed_chars(embed: dict[str, Any]) -> int:
    total = len(embed.get("title", "")) + len(embed.get("description", ""))
    total += len((embed.get("footer") or {}).get("text", ""))
    total += len((embed.get("author") or {}).get("name", ""))
    for f in embed.get("fields", []):
        total += len(f.get("name", "")) + len(f.get("value", ""))
    return total


def refusal(message: dict[str, Any]) -> str | None:
    """Why Discord would refuse this message, or None."""
    content = message.get("content") or ""
    embeds = message.get("embeds") or []
    if not content and not embeds:
        return "Cannot send an empty message"
    if len(content) > CONTENT:
        return f"content: must be {CONTENT} or fewer in length"
    if len(embeds) > EMBEDS:
        return f"embeds: must be {EMBEDS} or fewer in length"
    if sum(_embed_chars(e) for e in embeds) > EMBED_CHARS:
        return "embeds: total size exceeds 6000"
    if message.get("allowed_mentions") != {"parse": []}:
        return "stand-in: allowed_mentions must be empty (nobody pinged)"
    return None


@dataclass
class StandIn:
    url: str = ""
    #: (path with query, message) of every message taken, in order
    taken: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    #: every request, answered or not: (status, message)
    seen: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    #: answers given before the normal ones: (status, body)
    answers: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    @property
    def contents(self) -> list[str]:
        return [m["content"] for _, m in self.taken]

    def thread_ids(self) -> list[list[str]]:
        return [parse_qs(urlsplit(p).query).get("thread_id", []) for p, _ in self.taken]


@contextmanager
def discord_standin() -> Iterator[StandIn]:
    state = StandIn()
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def _answer(self, status: int, body: dict[str, Any] | None) -> None:
            data = b"" if body is None else json.dumps(body).encode()
            self.send_response(status)
            if body is not None:
                self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            try:
                message = json.loads(raw)
            except ValueError:
                self._answer(400, {"message": "400: Bad Request", "code": 50109})
                return
            with lock:
                if state.answers:
                    status, body = state.answers.pop(0)
                    state.seen.append((status, message))
                    self._answer(status, body)
                    return
                why = refusal(message)
                if why is not None:
                    state.seen.append((400, message))
                    self._answer(400, {"message": why, "code": 50035})
                    return
                state.seen.append((204, message))
                state.taken.append((self.path, message))
            self._answer(204, None)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}/api/webhooks/1234/s3cr3t-t0ken"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
