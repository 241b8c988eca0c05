"""``capicua.net.launch``: a real ``capicua host`` process and the invitations it prints,
as the screenshot tools and the web benchmark use them."""

from __future__ import annotations

import pytest

from capicua.net.launch import invitations, printed_invitations, start_host

pytestmark = pytest.mark.slow  # a host process of its own

CONFIG = """[host]
pace = 0
[[tables]]
name = "friends"
variant = "chiva"
seed = 5
seats = { 1 = "person", 2 = "random", 3 = "person", 4 = "random" }
"""


def test_the_host_prints_every_seats_invitation_with_its_label(tmp_path):
    proc = start_host(tmp_path, CONFIG)
    try:
        printed = [next(it) for it in [printed_invitations(proc)] * 4]
    finally:
        proc.terminate()
        proc.wait(30)
    assert [seat for seat, _, _ in printed] == [1, 2, 3, 4]
    people = [seat for seat, label, _ in printed if "(person)" in label]
    assert people == [1, 3]
    # Each seat its own code, all at the one port the host was given.
    assert len({inv.link for _, _, inv in printed}) == 4
    assert len({inv.link.split("#")[0] for _, _, inv in printed}) == 1


def test_a_host_that_stops_before_its_invitations_is_one_clear_line(tmp_path):
    proc = start_host(tmp_path, "[host]\npace = -1\n")  # refused: the host exits at once
    try:
        with pytest.raises(SystemExit, match="printed 0 of 2 invitations and stopped"):
            invitations(proc, 2)
    finally:
        proc.wait(30)
    assert proc.returncode != 0
