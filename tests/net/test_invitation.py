"""Invitations: written and read back, codes unguessable, compared in constant time, masked."""

from __future__ import annotations

import pytest

from capicua.net.invitation import Invitation, InvitationError, masked, new_code, same_code


def test_an_invitation_reads_back_as_written():
    inv = Invitation("127.0.0.1", 8765, new_code())
    assert Invitation.parse(str(inv)) == inv
    tls = Invitation("example.org", 443, new_code(), tls=True)
    assert str(tls).startswith("capicuas://example.org:443/")
    assert Invitation.parse(str(tls)) == tls
    assert tls.url == "wss://example.org:443/"


def test_an_ipv6_host_is_written_in_brackets():
    inv = Invitation("::1", 9000, new_code())
    assert str(inv).startswith("capicua://[::1]:9000/")
    assert Invitation.parse(str(inv)) == inv


def test_codes_are_fresh_and_long():
    codes = {new_code() for _ in range(100)}
    assert len(codes) == 100
    assert all(len(c) == 22 for c in codes)


def test_same_code_compares_whole_codes():
    code = new_code()
    assert same_code(code, code)
    assert not same_code(code[:-1], code)
    assert not same_code(code + "x", code)
    assert not same_code("ä" * 22, code)


def test_a_repr_never_shows_the_whole_code():
    inv = Invitation("127.0.0.1", 8765, "abcdefghijklmnopqrstuv")
    assert "abcdefghijklmnopqrstuv" not in repr(inv)
    assert masked(inv.code) == "abcd…"


@pytest.mark.parametrize(
    "text",
    ["", "http://x/abcdefghijklmnopqrstuv", "capicua://host/", "capicua://h:8765/short", "code"],
)
def test_what_is_not_an_invitation_is_refused_saying_what_one_looks_like(text):
    with pytest.raises(InvitationError) as err:
        Invitation.parse(text)
    assert "\n" not in str(err.value)


def test_a_cut_code_is_refused_without_being_shown():
    with pytest.raises(InvitationError, match="cut short") as err:
        Invitation.parse("capicua://127.0.0.1:8765/abcdefghij!!")
    assert "abcdefghij" not in str(err.value)


def test_a_port_out_of_range_is_refused():
    with pytest.raises(InvitationError, match="not a port"):
        Invitation.parse("capicua://127.0.0.1:99999/abcdefghijklmnopqrstuv")


def test_the_pages_link_carries_the_code_after_the_hash_and_parses_back():
    invitation = Invitation("192.168.1.20", 8765, "q0mW7v3VY8WjK7J2c3kcbA")
    assert invitation.link == "http://192.168.1.20:8765/#q0mW7v3VY8WjK7J2c3kcbA"
    assert Invitation.parse(invitation.link) == invitation
    secure = Invitation("::1", 443, "q0mW7v3VY8WjK7J2c3kcbA", tls=True)
    assert secure.link == "https://[::1]:443/#q0mW7v3VY8WjK7J2c3kcbA"
    assert Invitation.parse(secure.link) == secure
