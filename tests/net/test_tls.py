"""TLS: a host given a certificate and key speaks only TLS; a client that trusts the
certificate plays, one that does not is told so in one line."""

from __future__ import annotations

import asyncio
import shutil
import subprocess

import pytest

from capicua.net.client import Client, NetError
from capicua.net.relay import Relay

from .helpers import PYBOT, config, hosting, invitations, replayed, run, table

needs_openssl = pytest.mark.skipif(
    shutil.which("openssl") is None, reason="needs the openssl command to make a certificate"
)


def certificate(folder):
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"),
            *("-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1"),
            *("-keyout", str(key), "-out", str(cert)),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


@needs_openssl
@pytest.mark.slow
def test_a_tls_host_plays_with_a_client_that_trusts_its_certificate(tmp_path):
    cert, key = certificate(tmp_path)
    cfg = config(
        tmp_path,
        table("t", "chiva", {1: "bot", 2: "random", 3: "random", 4: "random"}),
        certificate=cert,
        key=key,
    )

    async def main():
        async with hosting(cfg) as host:
            inv = invitations(host)
            assert str(inv["t", 1]).startswith("capicuas://")
            with pytest.raises(NetError, match=r"TLS with 127\.0\.0\.1 failed") as err:
                await Client(inv["t", 1], retry=0).run()
            assert "--cafile" in str(err.value)
            relay = Relay(inv["t", 1], PYBOT, cafile=cert)
            await asyncio.gather(relay.run(), host.run())
            return replayed(host, "t")

    match, _record = run(main())
    assert match.over


@needs_openssl
@pytest.mark.slow
def test_a_tls_host_serves_its_page_over_https_and_links_to_it(tmp_path):
    import ssl
    import urllib.request

    cert, key = certificate(tmp_path)
    cfg = config(
        tmp_path,
        table("t", "chiva", {1: "person", 2: "random", 3: "random", 4: "random"}),
        certificate=cert,
        key=key,
    )

    def fetch(url: str) -> tuple[int, str]:
        context = ssl.create_default_context(cafile=str(cert))
        with urllib.request.urlopen(url, context=context, timeout=10) as answer:
            return answer.status, answer.headers["Content-Security-Policy"]

    async def main():
        async with hosting(cfg) as host:
            link = invitations(host)["t", 1].link
            assert link.startswith(f"https://127.0.0.1:{host.port}/#")
            return await asyncio.to_thread(fetch, link.split("#")[0])

    status, policy = run(main())
    assert status == 200 and "script-src 'self'" in policy
