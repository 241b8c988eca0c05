"""capicua-net/1's messages: what is read, what is refused, what a spectator sees."""

from __future__ import annotations

import pytest

from capicua.core.match import Match
from capicua.net import wire as W
from capicua.variants.chiva import Chiva


@pytest.mark.parametrize(
    "text, says",
    [
        ("not json", "not JSON"),
        ("[1, 2]", "not an object"),
        ('{"kind": "join"}', 'without a "type"'),
        (b'{"type": "join"}', "binary frame"),
    ],
)
def test_a_frame_that_is_not_a_message_is_refused(text, says):
    with pytest.raises(W.WireError, match=says):
        W.decode(text)


def test_a_join_is_read_and_checked():
    assert W.read_join(W.join("code1234", "Ana")) == ("code1234", "Ana")
    with pytest.raises(W.WireError, match="speaks 'capicua-net/9'"):
        W.read_join({**W.join("c", "n"), "protocol": "capicua-net/9"})
    with pytest.raises(W.WireError, match="first is 'join'"):
        W.read_join({"type": "action"})
    with pytest.raises(W.WireError, match='no "code"'):
        W.read_join({**W.join("", "n")})


def test_a_name_is_kept_to_one_short_line():
    _code, name = W.read_join(W.join("c", "Ana\n\x1b[31mred" + "x" * 100))
    assert "\n" not in name and "\x1b" not in name and len(name) <= 40


def test_a_spectators_update_holds_no_hand_and_no_legal_action():
    m = Match(Chiva(), 3)
    seat = m.to_move
    mine = W.update(m.view(seat), 0, None)["view"]
    public = W.update(m.view(seat), 0, None, spectator=True)["view"]
    assert mine["hand"] and mine["legal"]
    assert public["hand"] == [] and public["legal"] == [] and public["seat"] is None
    assert {k: v for k, v in public.items() if k not in ("hand", "legal", "seat", "team")} == {
        k: v for k, v in mine.items() if k not in ("hand", "legal", "seat", "team")
    }
