"""`journal serve` under load: how long an append takes to reach open pages, and what a
thousand open pages cost the server. Needs the serve extra:

    python benchmarks/bench_serve.py [--clients 50] [--appends 20] [--idle 1000]
        [--requests 50] [--wake 2000] [--wakes 3] [--json]

The worked example (campaigns/jackson-zombies) is imported into a fresh SQLite file and
a session is opened; `journal serve --port 0` runs as its own process. Then:

- latency: `--clients` event streams of the players' table screen are open; `--appends`
  times another writer (this process, through the API) appends a public note, which
  changes the table screen (the latest players' recap is on it between fights). Each
  sample is from just before the append to a client reading the `update` event that
  carries it; p50 and p95 over every client and append (target: p95 under 100 ms).
- memory: `--idle` streams are open at once (each has read its response's headers); the
  server's resident memory then (VmRSS, and its peak VmHWM) against its memory with none
  (target: under 200 MiB with 1,000).
- keep-alive: `--requests` GETs of the players' table screen on one kept-alive
  connection, each from writing the request to reading the whole body (target: p95
  under 5 ms; the first, which renders the page, is left out).
- wake: `--wake` streams open at once, `--wakes` appends; each from just before the
  append to the last stream reading its update (target: the slowest under 1 s), and the
  server's peak memory (under 200 MiB).

Clients are raw asyncio sockets, so the client side costs the server nothing it would
not pay for a browser.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
WORKED = HERE.parent / "campaigns" / "jackson-zombies" / "log.jsonl"


def _journal(db: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "journal", "--db", str(db), *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def _rss_mib(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) of a process, in MiB."""
    status = Path(f"/proc/{pid}/status").read_text()
    found = dict(re.findall(r"^(VmRSS|VmHWM):\s+(\d+) kB", status, re.M))
    return int(found["VmRSS"]) / 1024, int(found["VmHWM"]) / 1024


class Client:
    """One open event stream, recording when each update (by id) arrived."""

    def __init__(self) -> None:
        self.arrived: dict[int, float] = {}
        self.ready = asyncio.Event()

    async def run(self, host: str, port: int, path: str) -> None:
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode()
        )
        await writer.drain()
        while (await reader.readline()) not in (b"\r\n", b""):
            pass
        self.ready.set()
        seq = None
        try:
            while line := await reader.readline():
                if line.startswith(b"id:"):
                    seq = int(line[3:].strip())
                elif line.startswith(b"event: update") and seq is not None:
                    self.arrived[seq] = time.perf_counter()
        finally:
            writer.close()


async def _appended(
    writer: Any, clients: list[Client], text: str, wait: float
) -> tuple[float, int]:
    """Another writer's note, waited for until every client read its update (at most
    `wait` seconds): when it was appended (`perf_counter`) and its seq."""
    from journal.rules.core.commands import TakeNote

    start = time.perf_counter()
    seq: int = writer.run(TakeNote(text)).records[-1].seq
    deadline = time.monotonic() + wait
    while any(seq not in c.arrived for c in clients) and time.monotonic() < deadline:
        await asyncio.sleep(0.002)
    return start, seq


JOURNAL = [sys.executable, "-m", "journal"]


async def _measure(args: argparse.Namespace) -> dict[str, float]:
    import journal

    folder = Path(tempfile.mkdtemp(prefix="journal-serve-bench-"))
    db = folder / "journal.db"
    env = {**os.environ, "XDG_CONFIG_HOME": str(folder / "config")}
    os.environ["XDG_CONFIG_HOME"] = env["XDG_CONFIG_HOME"]
    _journal(db, "import", str(WORKED))
    _journal(db, "session", "start", "The benchmark")
    players = json.loads(_journal(db, "links", "--json"))["players"].split("/")[-2]
    streams = max(args.clients, args.idle, args.wake)
    server = subprocess.Popen(
        # every client on the one players' link, from one address: past `--max-streams` a
        # stream gets a 503, past `--max-streams-per-client` its oldest gives its place up
        [
            *JOURNAL,
            "--db",
            str(db),
            "serve",
            "--port",
            "0",
            "--max-streams",
            str(streams),
            "--max-streams-per-client",
            str(streams),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert server.stderr is not None
        told = ""
        while "Serving" not in told:
            line = server.stderr.readline()
            if not line:
                raise SystemExit(f"journal serve did not start: {told}")
            told += line
        port = int(re.findall(r"Serving http://127\.0\.0\.1:(\d+)/", told)[0])
        writer = journal.open(str(db))
        head = writer.head()
        path = f"/{players}/events?view=&seq={head}"
        idle_rss, _ = _rss_mib(server.pid)

        clients = [Client() for _ in range(args.clients)]
        tasks = [asyncio.create_task(c.run("127.0.0.1", port, path)) for c in clients]
        await asyncio.gather(*(c.ready.wait() for c in clients))
        await asyncio.sleep(0.5)
        samples: list[float] = []
        for number in range(args.appends):
            start, seq = await _appended(writer, clients, f"Benchmark note {number}", 5)
            samples += [c.arrived[seq] - start for c in clients if seq in c.arrived]
            await asyncio.sleep(0.1)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        expected = args.clients * args.appends
        ordered = sorted(samples)

        await asyncio.sleep(1.0)
        base_rss, _ = _rss_mib(server.pid)
        many = [Client() for _ in range(args.idle)]
        idle = [asyncio.create_task(c.run("127.0.0.1", port, path)) for c in many]
        await asyncio.wait_for(asyncio.gather(*(c.ready.wait() for c in many)), timeout=120)
        await asyncio.sleep(1.0)
        rss, peak = _rss_mib(server.pid)
        for task in idle:
            task.cancel()
        await asyncio.gather(*idle, return_exceptions=True)

        keep_alive = await _keep_alive(port, f"/{players}/table", args.requests)

        # every stream woken by one append: from just before it to the last stream's update
        await asyncio.sleep(1.0)
        woken = [Client() for _ in range(args.wake)]
        idle = [asyncio.create_task(c.run("127.0.0.1", port, path)) for c in woken]
        await asyncio.wait_for(asyncio.gather(*(c.ready.wait() for c in woken)), timeout=120)
        await asyncio.sleep(1.0)
        wakes: list[float] = []
        for number in range(args.wakes):
            start, seq = await _appended(writer, woken, f"Woken note {number}", 30)
            got = [c.arrived[seq] for c in woken if seq in c.arrived]
            wakes.append((max(got) - start) if len(got) == len(woken) else float("inf"))
            await asyncio.sleep(0.5)
        _, wake_peak = _rss_mib(server.pid)
        for task in idle:
            task.cancel()
        await asyncio.gather(*idle, return_exceptions=True)
        writer.close()
        return {
            "clients": args.clients,
            "appends": args.appends,
            "updates_received": len(samples),
            "updates_expected": expected,
            "latency_p50_ms": round(statistics.median(ordered) * 1000, 1),
            "latency_p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))] * 1000, 1),
            "latency_max_ms": round(ordered[-1] * 1000, 1),
            "idle_clients": args.idle,
            "server_rss_start_mib": round(idle_rss, 1),
            "server_rss_no_clients_mib": round(base_rss, 1),
            "server_rss_idle_clients_mib": round(rss, 1),
            "server_peak_rss_mib": round(peak, 1),
            "keep_alive_p50_ms": keep_alive[0],
            "keep_alive_p95_ms": keep_alive[1],
            "wake_streams": args.wake,
            "wake_all_median_s": round(statistics.median(wakes), 3),
            "wake_all_max_s": round(max(wakes), 3),
            "wake_peak_rss_mib": round(wake_peak, 1),
        }
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


async def _keep_alive(port: int, path: str, requests: int) -> tuple[float, float]:
    """p50 and p95 (ms) of `requests` GETs of `path` on one kept-alive connection, each
    from writing the request to reading the whole body (Content-Length)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    samples = []
    try:
        for _ in range(requests + 1):
            start = time.perf_counter()
            writer.write(request)
            await writer.drain()
            length = 0
            while (line := await reader.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            await reader.readexactly(length)
            samples.append(time.perf_counter() - start)
    finally:
        writer.close()
    ordered = sorted(samples[1:])  # the first renders the page
    return (
        round(statistics.median(ordered) * 1000, 2),
        round(ordered[int(0.95 * (len(ordered) - 1))] * 1000, 2),
    )


def measure(
    clients: int = 50,
    appends: int = 20,
    idle: int = 1000,
    requests: int = 50,
    wake: int = 2000,
    wakes: int = 3,
) -> dict[str, float]:
    """The figures (`run.py --serve` adds them to its own)."""
    options = argparse.Namespace(
        clients=clients, appends=appends, idle=idle, requests=requests, wake=wake, wakes=wakes
    )
    return asyncio.run(_measure(options))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--appends", type=int, default=20)
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--wake", type=int, default=2000)
    parser.add_argument("--wakes", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    found = asyncio.run(_measure(args))
    if args.json:
        print(json.dumps(found))
        return
    for key, value in found.items():
        print(f"{key:<30} {value}")
    met = (
        found["latency_p95_ms"] < 100
        and found["server_rss_idle_clients_mib"] < 200
        and found["keep_alive_p95_ms"] < 5
        and found["wake_all_max_s"] < 1
        and found["wake_peak_rss_mib"] < 200
    )
    print(
        "targets (p95 < 100 ms, < 200 MiB with 1,000 idle, keep-alive p95 < 5 ms, "
        "2,000 streams woken < 1 s and < 200 MiB):",
        "met" if met else "NOT met",
    )


if __name__ == "__main__":
    main()
