"""The messages: a decide message is the seat's view exactly, every message capicua sends and
every answer of the reference bot matches the JSON Schema, and a bot's hello and answers are
checked with one clear reason for each thing wrong."""

from __future__ import annotations

import random

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from capicua.core.layout import Arm, Described, Layout
from capicua.core.line import Line
from capicua.core.match import Match
from capicua.players.command import CommandPlayer
from capicua.plugins import load_plugins
from capicua.protocol import messages as M
from capicua.protocol.check import claim_script
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100

from .helpers import FROM_BOT, PYBOT, SCHEMA, TO_BOT, validate

VARIANTS = [Chiva(), DoubleNine100()]


def views_of_a_random_match(variant, seed, script=()):
    """Every view a seat to move gets in a random match, in order."""
    rng = random.Random(seed)
    match = Match(variant, seed, script)
    while match.turn is not None:
        view = match.view(match.turn)
        yield match, view
        match.apply(rng.choice(view.legal))


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), which=st.sampled_from([0, 1]))
def test_a_decide_message_with_its_events_is_the_view_field_for_field(seed, which):
    variant = VARIANTS[which]
    info = M.variant_info(M.rules_metadata(variant))
    for _match, view in views_of_a_random_match(variant, seed):
        past = [M.past_hand(M.hand_ended(h)) for h in view.past]
        message = M.decide(view, 1)
        assert M.view_of(message, info, past) == view


def test_the_five_doubles_claim_and_the_draw_go_across_too():
    variant = DoubleNine100()
    info = M.variant_info(M.rules_metadata(variant))
    phases = set()
    for _match, view in views_of_a_random_match(variant, 7, claim_script(variant)):
        phases.add(view.phase)
        past = [M.past_hand(M.hand_ended(h)) for h in view.past]
        assert M.view_of(M.decide(view, 3), info, past) == view
    assert phases == {"draw", "lead", "claim", "play"}


def test_a_decide_message_says_what_a_pass_told_and_the_bot_reads_the_same_lacks():
    from deals import SEAT_2_HAS_NO_SIX, deal, play

    variant = Chiva()
    match = Match(variant, 1, script=[deal(variant, SEAT_2_HAS_NO_SIX)])
    play(match, "1:6-6L 2:pass")
    view = match.view(3)
    message = M.decide(view, 1)
    sixes = [[6, 0], [6, 1], [6, 2], [6, 3], [6, 4], [6, 5], [6, 6]]
    assert message["told"] == [[1, sixes]]
    validate(message, "decide")
    info = M.variant_info(M.rules_metadata(variant))
    assert M.view_of(message, info, []).lacks() == view.lacks()


def test_the_schema_has_one_definition_for_each_message():
    defs = SCHEMA["$defs"]
    assert {*TO_BOT, *FROM_BOT} <= set(defs)
    for name in TO_BOT + FROM_BOT:
        assert defs[name]["description"], name
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.slow
def test_every_line_of_a_real_exchange_matches_the_schema():
    lines: list[tuple[str, bytes]] = []
    plugins = load_plugins(third_party=False)
    variant = DoubleNine100()
    players = {}
    for s in range(1, 5):
        players[s] = CommandPlayer(random.Random(s), argv=PYBOT)
        players[s].on_line = lambda d, line: lines.append((d, line))
        players[s].begin(variant, s, 11)
    from capicua.core.driver import play_match

    match = play_match(variant, players, 11, script=claim_script(variant))
    for s, p in players.items():
        p.finish(match.view(s))
    kinds = set()
    for direction, line in lines:
        message = M.decode(line)
        kinds.add((direction, message["type"]))
        validate(message)  # the whole schema: exactly one of its messages
        if direction == ">":
            validate(message, message["type"])
        else:
            validate(message, "bot_hello" if message["type"] == "hello" else message["type"])
    assert {(">", t) for t in TO_BOT} <= kinds
    assert {("<", "hello"), ("<", "ready"), ("<", "action")} <= kinds
    assert plugins.players.builtin("command")


GOOD_HELLO = {
    "type": "hello",
    "protocol": "capicua-bot/1",
    "name": "mybot",
    "version": "2.1",
    "options": {"depth": {"type": "int", "default": 3, "min": 1, "max": 9}},
    "variants": ["chiva"],
    "reset": True,
}


def test_a_good_hello_is_read_with_its_options():
    hello = M.read_hello(GOOD_HELLO)
    assert (hello.name, hello.version, hello.variants, hello.reset) == (
        "mybot",
        "2.1",
        ("chiva",),
        True,
    )
    assert hello.supports("chiva") and not hello.supports("double-nine-100")
    assert hello.check_options({}) == {"depth": 3}
    assert hello.check_options({"depth": 5}) == {"depth": 5}
    validate(GOOD_HELLO, "bot_hello")


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"protocol": "capicua-bot/2"}, "speaks 'capicua-bot/2'; capicua speaks 'capicua-bot/1'"),
        ({"name": ""}, 'its hello has no "name"'),
        ({"version": 2}, 'its hello has no "version"'),
        ({"variants": []}, 'its hello has no "variants"'),
        ({"variants": "chiva"}, 'its hello has no "variants"'),
        ({"reset": "yes"}, "its hello says \"reset\": 'yes'; that is true or false"),
        ({"options": {"depth": {"type": "integer", "default": 3}}}, "has type 'integer'"),
        ({"options": {"depth": {"type": "int"}}}, 'has no "default"'),
        ({"options": {"depth": {"type": "int", "default": 3, "max": "9"}}}, "a max that is not"),
    ],
)
def test_a_bad_hello_is_refused_saying_what_is_wrong_and_the_schema_agrees(change, reason):
    bad = {**GOOD_HELLO, **change}
    with pytest.raises(M.ProtocolError, match=None) as caught:
        M.read_hello(bad)
    assert reason in str(caught.value)
    with pytest.raises(jsonschema.ValidationError):
        validate(bad, "bot_hello")


def test_an_option_whose_default_breaks_its_own_declaration_is_refused():
    bad = {**GOOD_HELLO, "options": {"depth": {"type": "int", "default": 12, "max": 9}}}
    with pytest.raises(M.ProtocolError, match="its default fails its own declaration"):
        M.read_hello(bad)


def test_options_from_a_config_are_checked_against_the_hello():
    hello = M.read_hello(GOOD_HELLO)
    with pytest.raises(ValueError, match=r"bot 'mybot' has no option 'width' \(its options: depth"):
        hello.check_options({"width": 2})
    with pytest.raises(ValueError, match="option 'depth' must be at most 9"):
        hello.check_options({"depth": 10})


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (
            {"type": "action", "id": 3, "action": "6-4L"},
            "answered decision 3 when asked decision 4",
        ),
        ({"type": "action", "id": 4}, 'answered without an "action"'),
        ({"type": "action", "id": 4, "action": "six four"}, "answered 'six four', which is not"),
        ({"type": "ready"}, "sent a 'ready' message where 'action' was expected"),
    ],
)
def test_an_answer_is_checked_saying_what_is_wrong(answer, reason):
    with pytest.raises(M.ProtocolError) as caught:
        M.read_action(answer, 4)
    assert reason in str(caught.value)


def test_an_answer_keeps_one_line_of_commentary():
    action, comment = M.read_action(
        {"type": "action", "id": 1, "action": "6-4R", "comment": "keeps\nthe fours"}, 1
    )
    assert str(action) == "6-4R" and comment == "keeps the fours"


def test_an_error_message_is_the_bot_giving_up():
    with pytest.raises(M.BotGaveUp, match="no idea"):
        M.gave_up({"type": "error", "message": "no idea"})


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"I play 6-4\n", "wrote a line that is not JSON: 'I play 6-4'"),
        (b"[1, 2]\n", "wrote JSON that is not an object"),
        (b'{"id": 1}\n', 'wrote a message without a "type"'),
        (b"\xff\xfe\n", "wrote a line that is not UTF-8"),
    ],
)
def test_a_line_that_is_not_a_message_is_named(line, reason):
    with pytest.raises(M.ProtocolError) as caught:
        M.decode(line)
    assert reason in str(caught.value)


def test_the_rules_metadata_is_the_variants_own():
    for variant in VARIANTS:
        meta = M.rules_metadata(variant)
        info = M.variant_info(meta)
        assert info == variant.info()
        assert meta["draw_for_lead"] == variant.draw_for_lead
        assert meta["redeal_doubles"] == variant.redeal_doubles
        assert meta["labels"] == list(variant.labels)
        validate(meta, "variant")


def test_a_bots_seed_is_exact_in_javascript_and_says_nothing_of_the_match_seed():
    from capicua.players.command import bot_seed

    seeds = {bot_seed(2**62 + 5, s) for s in range(1, 5)}
    assert len(seeds) == 4 and all(0 <= s < 2**53 for s in seeds)
    assert bot_seed(2**62 + 5, 1) == bot_seed(2**62 + 5, 1)  # the same match: the same seed


@pytest.mark.slow  # 5 s at load average 18 (--durations): over 0.5 s alone
def test_a_game_with_plays_that_turn_and_draws_at_will_goes_across_field_for_field():
    # Matador (an example plugin): a line joined by sevens, 6-1L/6 beside 6-1L/1, and a
    # draw offered beside the plays; its decide messages match the schema and come back
    # as the very view, the line as the game's own class.
    matador = pytest.importorskip("capicua_matador", reason="Matador is an example plugin")
    variant = matador.Matador()
    # As capicua's host for Python players reads it: with the registry holding the game.
    info = M.variant_info(M.rules_metadata(variant), load_plugins().variants)
    seen = set()
    for _match, view in views_of_a_random_match(variant, 5):
        message = M.decide(view, 1)
        validate(message, "decide")
        past = [M.past_hand(M.hand_ended(h)) for h in view.past]
        again = M.view_of(message, info, past)
        assert again == view and type(again.layout) is type(view.layout)
        seen.update(
            a for a in message["legal"] if "/" in a or (a == "draw" and len(view.legal) > 1)
        )
    assert any("/" in a for a in seen) and "draw" in seen


def test_a_layout_of_a_games_own_goes_across_as_its_arms_and_back():
    # A double led, then an arm across it from the double: any layout but the three kinds.
    own = Described(
        (5, 5),
        (
            Arm("a1", ((5, 2),), 2),
            Arm("a2", (), 5),
            Arm("a3", ((5, 1), (1, 1)), 1, at=None),
            Arm("a4", ((1, 6),), 6, at=(2, 1)),
        ),
        5,
    )
    data = M.layout_json(own)
    assert data["kind"] == "arms"
    assert data["origin"] == [5, 5] and data["placed"] == 5
    assert data["arms"][3] == {"end": "a4", "tiles": [[1, 6]], "open": 6, "at": [2, 1]}
    assert data["open"] == [["a1", 2], ["a2", 5], ["a3", 1], ["a4", 6]]
    _match, view = next(views_of_a_random_match(Chiva(), 1))
    validate({**M.decide(view, 1), "layout": data}, "decide")
    back = M.layout_of(data, Line())
    assert (back.origin(), back.arms(), back.placed) == (own.origin(), own.arms(), 5)
    assert back.pairs() == ((5, 5), (5, 2), (5, 1), (1, 1), (1, 6))


def test_a_layout_that_does_not_describe_itself_goes_across_by_its_open_ends():
    class Bare(Layout):
        placed = 1

        def open_ends(self):
            return (("a1", 3), ("a2", 4))

        def play(self, tile, end):
            return self

        def pairs(self):
            return ((3, 4),)

    data = M.layout_json(Bare())
    assert data["kind"] == "arms" and data["origin"] is None
    assert [(a["end"], a["tiles"], a["open"]) for a in data["arms"]] == [
        ("a1", [], 3),
        ("a2", [], 4),
    ]
