"""Finding tables on the local network: multicast DNS service discovery (``zeroconf``).

A host announces ``<its name>._split._tcp.local.`` with its port and, in the text
record, the protocol version, the host's name and the seats free; the join code is
never announced (it is what keeps a stranger on the same network out). Only addresses
another computer can reach are announced or taken from an announcement: a loopback
address on a friend's computer points back at that computer. A
:class:`Finder` browses for such tables on a thread of zeroconf's own and keeps what
it heard, every field read and bounded, for the join screen to list.
"""

from __future__ import annotations

import contextlib
import ipaddress
import secrets
import socket
import threading
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from .protocol import MAX_NAME, VERSION

SERVICE = "_split._tcp.local."
MAX_TABLES = 32  # tables listed at once; more are ignored


@dataclass(frozen=True)
class Table:
    """A table heard on the network: its host's name, address and free seats."""

    name: str
    host: str
    port: int
    free: int

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def reachable(address: str) -> bool:
    """Whether another computer could reach this machine at ``address`` (an IPv4
    address that is not loopback, unspecified, multicast or broadcast)."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    bad = ip.is_loopback or ip.is_unspecified or ip.is_multicast or ip.is_reserved
    return not bad and ip != ipaddress.IPv4Address("255.255.255.255")


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses that another computer can reach (none without a
    network): never a loopback address."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # no packet is sent: the route's own address
        found.append(str(s.getsockname()[0]))
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = str(info[4][0])
            if addr not in found:
                found.append(addr)
    return [a for a in found if reachable(a)]


def _text(props: dict[bytes, bytes | None], key: bytes, most: int) -> str | None:
    value = props.get(key)
    if not isinstance(value, bytes) or len(value) > most * 4:
        return None
    try:
        text = value.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text if 0 < len(text) <= most and text.isprintable() else None


def read_table(info: ServiceInfo) -> Table | None:
    """A table from an announcement, or None if anything in it is off."""
    props = info.properties or {}
    if _text(props, b"v", 4) != str(VERSION):
        return None
    name = _text(props, b"name", MAX_NAME)
    free = _text(props, b"free", 1)
    addresses = [a for a in info.parsed_addresses(IPVersion.V4Only) if reachable(a)]
    if name is None or free is None or not free.isdigit() or not addresses:
        return None
    if not (isinstance(info.port, int) and 0 < info.port < 65536):
        return None
    return Table(name, addresses[0], info.port, int(free))


class Announcer:
    """A hosted table made known on the network until :meth:`close`; :class:`OSError`
    if this machine has no address another computer can reach.

    Registering takes zeroconf's probes (about 1.6 s): it runs on a thread of its own,
    so the window that hosts does not freeze. A table closed before its registration
    is done is unregistered by that thread as soon as it is."""

    def __init__(self, name: str, port: int, free: int) -> None:
        addresses = [socket.inet_aton(a) for a in local_addresses()]
        if not addresses:
            raise OSError("no address another computer can reach")
        label = "".join(c for c in name if c.isalnum())[:20] or "Split"
        self.info = ServiceInfo(
            SERVICE,
            f"{label}-{secrets.token_hex(3)}.{SERVICE}",
            addresses=addresses,
            port=port,
            properties={"v": str(VERSION), "name": name[:MAX_NAME], "free": str(min(free, 9))},
        )
        self.zc: Zeroconf | None = None
        self._lock = threading.Lock()
        self._registered = False  # zeroconf is set up and the table announced
        self._closed = False
        self._thread = threading.Thread(target=self._announce, name="split-announce", daemon=True)
        self._thread.start()

    def _announce(self) -> None:
        try:
            zc = Zeroconf(ip_version=IPVersion.V4Only)
        except Exception:  # no multicast here: joining by address works
            return
        self.zc = zc
        with contextlib.suppress(Exception):
            zc.register_service(self.info)
        with self._lock:
            self._registered = True
            closed = self._closed
        if closed:  # the host left while the table was being announced
            self._shut(zc)

    def wait(self, seconds: float) -> bool:
        """Wait until the table is announced (or could not be); whether it is done."""
        self._thread.join(seconds)
        return not self._thread.is_alive()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            registered = self._registered
        if registered and self.zc is not None:
            self._shut(self.zc)

    def _shut(self, zc: Zeroconf) -> None:
        with contextlib.suppress(Exception):
            zc.unregister_service(self.info)
        with contextlib.suppress(Exception):
            zc.close()


class Finder:
    """Tables heard on the network, kept up to date on zeroconf's thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, Table] = {}
        self.zc = Zeroconf(ip_version=IPVersion.V4Only)
        self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])

    def _changed(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._tables.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1500)
        table = read_table(info) if info is not None else None
        with self._lock:
            if table is None:
                self._tables.pop(name, None)
            elif name in self._tables or len(self._tables) < MAX_TABLES:
                self._tables[name] = table

    def tables(self) -> list[Table]:
        """The tables heard, by name."""
        with self._lock:
            return sorted(self._tables.values(), key=lambda t: (t.name, t.address))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.browser.cancel()
        with contextlib.suppress(Exception):
            self.zc.close()


__all__ = ["SERVICE", "Announcer", "Finder", "Table", "local_addresses", "reachable", "read_table"]
