"""Invitations: where a host is and the secret code of one seat, as one line to paste.

An invitation reads ``capicua://HOST:PORT/CODE`` (``capicuas://`` when the host speaks
TLS), or as the link to the host's table page, ``http://HOST:PORT/#CODE`` (``https://``),
the code in the fragment, which a browser never sends to a server. The code is 128 random
bits from :mod:`secrets`, written in URL-safe base64: it is the only thing that lets a
client act for a seat, so it is compared in constant time (:func:`same_code`) and only ever
shown cut short in logs (:func:`masked`).
"""

from __future__ import annotations

import hmac
import re
import secrets
from dataclasses import dataclass

from ..core.errors import CapicuaError
from ..i18n import _

SCHEME = "capicua"
TLS_SCHEME = "capicuas"
DEFAULT_PORT = 8765
#: Bytes of randomness in a code (22 characters written).
CODE_BYTES = 16
_CODE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
_FORM = re.compile(r"^(capicuas?)://(\[[0-9A-Fa-f:.]+\]|[^/:\s\[\]]+)(?::(\d{1,5}))?/([^/\s]*)$")
_LINK = re.compile(r"^(https?)://(\[[0-9A-Fa-f:.]+\]|[^/:\s\[\]]+)(?::(\d{1,5}))?/#([^/\s]*)$")


class InvitationError(CapicuaError, ValueError):
    """A line that is not an invitation; the text says what one looks like."""


def new_code() -> str:
    """A fresh seat code: unguessable (128 bits from the system's secure source)."""
    return secrets.token_urlsafe(CODE_BYTES)


def same_code(given: str, code: str) -> bool:
    """Whether ``given`` is ``code``, in time that does not depend on where they differ."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), code.encode())


def masked(code: str) -> str:
    """A code as logs show it: its first four characters, enough to tell codes apart."""
    return code[:4] + "…"


@dataclass(frozen=True)
class Invitation:
    """A seat's invitation: the host's address, whether it speaks TLS, and the code."""

    host: str
    port: int
    code: str
    tls: bool = False

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{TLS_SCHEME if self.tls else SCHEME}://{host}:{self.port}/{self.code}"

    def __repr__(self) -> str:  # never the whole code, wherever a repr is printed
        return f"Invitation({self.host!r}, {self.port}, {masked(self.code)!r}, tls={self.tls})"

    @property
    def url(self) -> str:
        """The WebSocket address the client connects to (the code is not in it: it goes in
        the ``join`` message, so that no proxy's log of addresses holds it)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss' if self.tls else 'ws'}://{host}:{self.port}/"

    @property
    def link(self) -> str:
        """The host's table page for this seat, to open in any browser: the code after the
        ``#``, which the browser keeps to itself (no request, log or Referer holds it)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'https' if self.tls else 'http'}://{host}:{self.port}/#{self.code}"

    @classmethod
    def parse(cls, text: str) -> Invitation:
        """The invitation ``text`` writes (or its page's link); InvitationError saying what
        one looks like."""
        found = _FORM.match(text.strip()) or _LINK.match(text.strip())
        if found is None:
            raise InvitationError(
                _(
                    "{text!r} is not an invitation; one reads capicua://HOST:PORT/CODE, "
                    "as the host printed it"
                ).format(text=text[:80])
            )
        scheme, host, port, code = found.groups()
        if not _CODE.match(code):
            raise InvitationError(
                _("{text!r}: the code is cut short or mistyped; paste the whole invitation").format(
                    text=str(Invitation(host.strip("[]"), int(port or DEFAULT_PORT), masked(code)))
                )
            )
        number = int(port) if port else DEFAULT_PORT
        if not 1 <= number <= 65535:
            raise InvitationError(_("{port} is not a port (1 to 65535)").format(port=number))
        return cls(host.strip("[]"), number, code, scheme in (TLS_SCHEME, "https"))
