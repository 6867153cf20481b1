"""`journal serve` and `journal links`: the pages of a campaign, each audience behind its
own link. Starlette, uvicorn and segno are imported inside `serve` only (the serve extra)."""

from __future__ import annotations

import contextlib
import socket
import sys
from collections.abc import Iterator
from typing import Any

import click

from journal.cli.common import complete, emit_json, json_option, pass_settings
from journal.cli.settings import Settings, complete_slug, fail
from journal.web.places import PER_CLIENT

DEFAULT_URL = "http://127.0.0.1:8000"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _lines(document: dict[str, object]) -> list[str]:
    characters = document["characters"]
    assert isinstance(characters, dict)
    rows = [("GM", document["gm"]), ("Players", document["players"]), *characters.items()]
    width = max(len(str(name)) for name, _ in rows) + 1
    return [f"{name + ':':<{width}} {url}" for name, url in rows]


@click.command()
@click.option(
    "--revoke",
    metavar="AUDIENCE",
    shell_complete=complete("audience"),
    help="Issue a new link for gm, players or a character (the old one stops working).",
)
@click.option(
    "--url",
    "base",
    metavar="URL",
    help="Where `journal serve` answers, as the links should name it (default: where the "
    f"running `journal serve` of this database listens, else {DEFAULT_URL}).",
)
@json_option
@pass_settings
def links(settings: Settings, revoke: str | None, base: str | None, as_json: bool) -> None:
    """The links of `journal serve` for the campaign: the GM's, the players' and each
    character's. A link is the key to its pages: give each player their own. The secret
    they are made from is this user's, kept beside the current campaign (never in the
    log or an export).

    \b
    Example:
      journal links
      journal links --json
      journal links --revoke Linda      Linda's old link stops working
    """
    from journal.web.links import Keys, document, named, tokens
    from journal.web.listening import serving

    journal = settings.journal()
    keys = Keys()
    database = settings.database().key()
    base = base or serving(database) or DEFAULT_URL
    if revoke is not None:
        audience = named(journal, revoke)
        keys.revoke(database, journal.campaign, audience.key)
        click.echo(f"Revoked the link of {audience.label}; its new link is below.", err=True)
    found = document(base, tokens(keys, database, journal, create=True))
    if as_json:
        emit_json(found)
        return
    click.echo("\n".join(_lines(found)))


def _base_url(host: str, port: int) -> str:
    """How the links name this server: its address on the network when it listens on
    every interface (the one a phone can reach), else the host it was given."""
    if host in ("0.0.0.0", "::", ""):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect(("192.0.2.1", 9))  # sends nothing: it only picks a route
                host = probe.getsockname()[0]
        except OSError:
            host = socket.gethostname()
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named, not 0: asyncio turns Nagle off (TCP_NODELAY) only on a socket whose
    # proto says TCP, and an accepted socket has its listener's. With Nagle on, a response's
    # body waited for the ACK of its headers, which the client delays by ~40 ms.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except (socket.gaierror, UnicodeError, ValueError) as exc:
        sock.close()
        fail(f"--host {host!r}: not an address of this machine ({exc})")
    except OSError as exc:
        sock.close()
        fail(f"cannot listen on {host}:{port} ({exc.strerror}): choose another --port or --host")
    sock.listen(512)
    return sock


@click.command()
@click.option(
    "--campaign",
    "only",
    metavar="SLUG",
    shell_complete=complete_slug,
    help="Serve this campaign only (default: every campaign of the database).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Where to listen: 0.0.0.0 lets phones on your network in.",
)
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="The port (0: any free one).",
)
@click.option(
    "--qr",
    type=click.Choice(["players", "all", "none"]),
    default="players",
    show_default=True,
    help="QR codes for phones (on the network only): the players' link only, every "
    "player's link, or none.",
)
@click.option(
    "--max-streams",
    default=50,
    show_default=True,
    type=click.IntRange(1, 10_000),
    help="Open live pages per link at most: past it a device holding several gives one up "
    "(its oldest), and a page gets a 503 only when each is another device's one.",
)
@click.option(
    "--max-streams-per-client",
    "per_client",
    default=PER_CLIENT,
    show_default=True,
    type=click.IntRange(1, 10_000),
    help="Open live pages per device (client address) at most: its next one closes its "
    "oldest, never another device's (the table screen's last).",
)
@pass_settings
def serve(
    settings: Settings,
    only: str | None,
    host: str,
    port: int,
    qr: str,
    max_streams: int,
    per_client: int,
) -> None:
    """Serve the campaign's pages in a browser, live: the table screen for a TV, each
    character's page for their player's phone, the players' shelf of handouts and the
    GM's dashboard, each behind its own link (printed here; on the network, `--host
    0.0.0.0`, the players' with a QR code for phones, `--qr all` each character's too).
    Pages show what the handouts of their audience show, and nothing is ever written.
    While it runs, `journal links` names its address; Ctrl-C (or SIGTERM) stops it.

    \b
    Example:
      journal serve                          this computer only
      journal serve --host 0.0.0.0           phones on your network too
      journal serve --campaign night --port 8080 --qr all
    """
    try:
        import segno
        import uvicorn

        from journal.web import serving
        from journal.web.app import create_app
    except ImportError:
        from journal.installation import needs_extra

        fail(needs_extra("journal serve", "serve"))
    from journal.web.links import document
    from journal.web.site import Site

    database = settings.database()
    site = Site(database, only or settings.campaign)
    everything = site.links(create=True)
    if not everything:
        fail(
            f"no campaign in {database.describe()} yet: start one with "
            "`journal campaign new SLUG --ruleset RULESET` (or `journal import FILE`)"
        )
    files = serving.more_files()
    sock = _listen(host, port)
    base = _base_url(host, sock.getsockname()[1])
    for slug, by_token in everything.items():
        found = document(base, by_token)
        click.echo(f"Campaign {slug}:")
        if slug in site.unreadable:  # its pages say so; every other campaign is served
            click.echo(f"Notice: {site.unreadable[slug]}", err=True)
        click.echo("\n".join("  " + line for line in _lines(found)))
        characters = found["characters"]
        assert isinstance(characters, dict)
        phones = [("The players' link (the table screen, their handouts)", found["players"])]
        phones += [(f"{name}'s link", url) for name, url in characters.items()]
        phones = {"players": phones[:1], "all": phones, "none": []}[qr]
        if phones and not _reachable(base):
            click.echo(NO_QR.format(host=host))
            phones = []
        for label, url in phones:  # the GM's stays off a screen the table can see
            click.echo(f"{label}:")
            segno.make(str(url), error="m").terminal(out=sys.stdout, compact=True)
    if host not in LOOPBACK:
        click.echo(
            f"Listening on {host}: anyone on that network who has a link can read its pages.",
            err=True,
        )
    else:
        click.echo("Only this computer can open them (--host 0.0.0.0 lets phones in).", err=True)
    config = serving.config(
        create_app(site, max_streams=max_streams, per_client=per_client),
        connections=serving.connection_cap(files),
        timeout_graceful_shutdown=2,
    )
    from journal.web.listening import forget, remember

    key = database.key()
    server = uvicorn.Server(config)
    remember(key, base)  # for `journal links`
    try:
        with _stopped_by_signals(server):
            click.echo(f"Serving {base}/ - Ctrl-C stops.", err=True)
            sys.stdout.flush()
            server.run(sockets=[sock])
    except (KeyboardInterrupt, _Stopped):
        pass
    finally:
        forget(key)
    click.echo(f"Stopped serving {base}/.", err=True)


class _Stopped(Exception):
    """A signal asked `journal serve` to stop (after uvicorn shut down gracefully)."""


@contextlib.contextmanager
def _stopped_by_signals(server: Any) -> Iterator[None]:
    """Every way the server is asked to stop ends the same as Ctrl-C: uvicorn shuts down,
    then `serve` forgets where it listened and says it stopped. uvicorn turns SIGTERM into
    a graceful shutdown and raises the signal again after it: with the default handler the
    process died there, before its cleanup (`serving.json` stayed). SIGHUP (the terminal
    closed) asks uvicorn for the same graceful shutdown."""
    import signal

    def stop(signum: int, frame: object) -> None:
        raise _Stopped

    def hang_up(signum: int, frame: Any) -> None:
        server.handle_exit(signal.SIGTERM, frame)

    kept = {signal.SIGTERM: signal.signal(signal.SIGTERM, stop)}
    if hasattr(signal, "SIGHUP"):
        kept[signal.SIGHUP] = signal.signal(signal.SIGHUP, hang_up)
    try:
        yield
    finally:
        for signum, handler in kept.items():
            signal.signal(signum, handler)


NO_QR = (
    "No QR code: these links name {host}, which only this computer can open (a phone "
    "cannot). For phones: `journal serve --host 0.0.0.0` serves on your network (anyone "
    "on it who has a link can read its pages), with a QR code for them."
)


def _reachable(base: str) -> bool:
    """Whether a phone on the network could open a link of `base` (not a loopback host)."""
    import ipaddress
    from urllib.parse import urlsplit

    host = urlsplit(base).hostname or ""
    if host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True  # a name of this machine on the network
