"""Views hold only what their seat may know: proven by walking the object graph."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from types import MappingProxyType

import pytest

from capicua.core.actions import PASS, Action, Play
from capicua.core.line import Line
from capicua.core.match import Match
from capicua.core.position import Position
from capicua.core.tiles import Tile, tile_set
from capicua.core.variant import HandResult, VariantInfo
from capicua.core.view import PastHand, View
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100

LEAVES = (int, str, bool, float, type(None))
CONTAINERS = (tuple, frozenset)
RECORDS = (View, PastHand, HandResult, VariantInfo, Line)


def tiles_in(obj, path="view", seen=None) -> list[tuple[str, Tile]]:
    """Every tile reachable from ``obj`` with its path; fails on any object a view must not
    hold (the match, the dealer, a random stream, any mutable container)."""
    found: list[tuple[str, Tile]] = []
    if isinstance(obj, LEAVES):
        return found
    if isinstance(obj, type) and path.endswith("variant.cls"):
        return found  # the variant's class: code the players ask the rules of, not state
    if isinstance(obj, Tile):
        return [(path, obj)]
    if isinstance(obj, Action):
        return [(path, obj.tile)] if isinstance(obj, Play) else []
    if isinstance(obj, CONTAINERS):
        for i, item in enumerate(obj):
            found += tiles_in(item, f"{path}[{i}]")
        return found
    if isinstance(obj, MappingProxyType):
        for k, item in obj.items():
            found += tiles_in(k, f"{path}.key") + tiles_in(item, f"{path}[{k}]")
        return found
    if isinstance(obj, RECORDS):
        # Every field (read, so that a view reads or computes those it does not hold), then
        # whatever else it holds: what it computes fields from, and the fields it shares
        # with other views (those read from there are the same objects, walked as fields).
        names = [f.name for f in dataclasses.fields(obj)]
        for name in names:
            found += tiles_in(getattr(obj, name), f"{path}.{name}")
        held = getattr(obj, "__dict__", {})
        for name, item in held.items():
            if name == "_shared":
                assert isinstance(item, MappingProxyType), f"{path}._shared is not read-only"
                for key, value in item.items():
                    if key in names:
                        assert held[key] is value, f"{path}.{key} is not the one shared"
                    else:
                        found += tiles_in(value, f"{path}._shared[{key}]")
            elif name not in names:
                found += tiles_in(item, f"{path}.{name}")
        return found
    raise AssertionError(f"{path} holds a {type(obj).__name__}, which a view must not")


def check_view(m: Match, seat: int, checked: set[int]) -> None:
    view = m.view(seat)
    # Finished hands are immutable summaries shared by every later view: walk each once.
    fresh = tuple(p for p in view.past if id(p) not in checked)
    checked.update(id(p) for p in fresh)
    first_fresh = len(view.past) - len(fresh)
    current = m.hand if m.hand is not None and m.hand.result is None else None
    own = set(m.hands[seat]) if current else set()
    on_line = {a.tile for _, a in current.actions if isinstance(a, Play)} if current else set()
    shown = {t for r in current.redeals for t in r.shown} if current else set()
    drawn = {t for r in m.draw_rounds for t in r.values()}
    walked = [(p, t) for p, t in tiles_in(view) if not p.startswith("view.past[")]
    walked += [
        (p.replace("view.past[", f"view.past[{first_fresh}+", 1), t)
        for p, t in tiles_in(fresh, "view.past")
    ]
    for path, tile in walked:
        if path.startswith("view.past["):
            offset, _, rest = path[len("view.past[") :].partition("+")
            i = int(offset) + int(rest.split("]")[0])
            log = m.hands_log[i]
            if ".shown" in path:
                assert tile in {t for r in log.redeals for t in r.shown}
            else:
                assert tile not in log.deal["unused"], f"{path}: unused tile {tile}"
        elif path.startswith("view.draw"):
            assert tile in drawn
        elif path == "view.required":
            # Public: the rules make the holder of this tile lead with it.
            assert tile is m.required and not m.line
        elif path == "view.forced_opening":
            # Public all hand long: the tile the rules made this hand open with.
            assert tile is m.hand.required
        elif path.startswith("view.told["):
            pass  # tiles named, not located: public, as checked below
        else:
            assert tile in own | on_line | shown, f"{path}: {tile} is hidden from seat {seat}"
    # What a pass told is a function of the public history alone: every tile of the set
    # showing an end open then, wherever it lies.
    steps = view.steps()
    for i, told in view.told:
        _, action, left, right = steps[i]
        assert action is PASS
        assert told == {t for t in tile_set(m.variant.max_pip) if t.has(left) or t.has(right)}
    assert set(view.hand) == own
    assert view.counts == tuple(len(m.hands[s]) if current else 0 for s in range(1, 5))


# Chiva matches run to a 4-0 series (dozens of hands each), double-nine ones to 100.
@pytest.mark.slow
@pytest.mark.parametrize(
    "variant, matches", [(Chiva(), 3), (DoubleNine100(), 8)], ids=["chiva", "double-nine-100"]
)
def test_views_leak_nothing_hidden_at_any_decision(variant, matches):
    for seed in range(matches):
        m = Match(variant, seed)
        rng = random.Random(seed)
        checked: set[int] = set()
        while m.turn is not None:
            for seat in range(1, 5):
                check_view(m, seat, checked)
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])
        for seat in range(1, 5):
            check_view(m, seat, checked)


def test_view_legal_actions_only_for_the_seat_to_move():
    m = Match(Chiva(), 4)
    mover = m.turn
    assert m.view(mover).legal == tuple(m.legal_actions())
    assert all(m.view(s).legal == () for s in range(1, 5) if s != mover)


def test_voids_are_the_numbers_whose_every_tile_a_passing_seat_lacks():
    from deals import SEAT_2_HAS_NO_SIX, deal, play

    v = Chiva()
    hands = SEAT_2_HAS_NO_SIX
    m = Match(v, 1, script=[deal(v, hands)])
    play(m, "1:6-6L 2:pass 3:6-1L")
    assert m.view(4).voids()[2] == frozenset({6})
    assert m.view(4).voids()[1] == frozenset()


def test_a_finished_hand_reveals_every_hand_but_not_the_unused_tiles():
    v = DoubleNine100()
    m = Match(v, 21)
    rng = random.Random(21)
    while not m.hands_log or m.hands_log[0].result is None:
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    past = m.view(2).past[0]
    assert past.dealt == tuple(m.hands_log[0].deal[s] for s in range(1, 5))
    assert not set().union(*past.dealt) & set(m.hands_log[0].deal["unused"])


def test_steps_give_the_ends_after_each_action_and_unseen_tiles_in_set_order():
    from deals import SEAT_2_HAS_NO_SIX, deal, play

    v = Chiva()
    hands = SEAT_2_HAS_NO_SIX
    m = Match(v, 1, script=[deal(v, hands)])
    play(m, "1:6-6L 2:pass 3:6-1L 4:1-5L")
    view = m.view(1)
    assert [(s, str(a), left, right) for s, a, left, right in view.steps()] == [
        (1, "6-6L", 6, 6),
        (2, "pass", 6, 6),
        (3, "6-1L", 1, 6),
        (4, "5-1L", 5, 6),
    ]
    unseen = view.unseen()
    assert list(unseen) == sorted(unseen, key=lambda t: t.index)
    assert len(unseen) == 28 - 6 - 3  # neither my six tiles nor the three on the line


def test_a_view_cannot_be_changed_and_is_the_view_its_fields_make():
    view = Match(DoubleNine100(), 5).view(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(View)}
    assert View(**fields) == view
    assert dataclasses.replace(view) == view
    assert copy.deepcopy(view) == view == pickle.loads(pickle.dumps(view))


def test_a_views_derived_fields_are_its_hand_line_and_counts():
    variant = Chiva()
    m = Match(variant, 8)
    rng = random.Random(8)
    for _ in range(30):
        view = m.view(m.to_move)
        hand = view.hand  # computed now...
        assert view.hand is hand  # ...and kept
        assert hand == tuple(sorted(m.hands[view.seat], key=lambda t: (t.hi, t.lo)))
        assert view.line == Line(tuple(m.line))
        assert view.counts == tuple(len(m.hands[s]) for s in range(1, 5))
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])


def told_by_the_rules(variant, actions) -> tuple:
    """What each pass told, as the variant's rule says it on a position of the line then
    (the built-in games pass only for want of a play)."""
    told, line = [], Line()
    for i, (seat, action) in enumerate(actions):
        if action is PASS:
            pos = Position(variant, 1, [[] for _ in range(5)], [], line, (0, 0), 1, seat)
            told.append((i, variant.lacking(pos)))
        else:
            line = line.play(action.tile, action.end)
    return tuple(told)


def eager_view(m: Match, seat: int) -> View:
    """The view of ``seat``, every field computed from the match as the rules say."""
    log = m.hand
    current = log if log is not None and log.result is None else None
    past = tuple(
        PastHand(
            h.number,
            h.chooser,
            h.leader,
            tuple(h.deal[s] for s in range(1, 5)),
            tuple((r.claimant, r.shown) for r in h.redeals),
            tuple(h.actions),
            h.result,
        )
        for h in m.hands_log
        if h.result is not None
    )
    return View(
        seat=seat,
        team=m.variant.team_of[seat],
        variant=m.info,
        phase=m.phase,
        turn=m.turn,
        hand=tuple(sorted(m.hands[seat], key=lambda t: (t.hi, t.lo))) if current else (),
        line=Line(tuple(m.line)) if current else Line(),
        ends=m.ends if current else None,
        counts=tuple(len(m.hands[s]) if current else 0 for s in range(1, 5)),
        scores=m.scores,
        hand_number=m.hand_number,
        leader=current.leader if current else None,
        chooser=current.chooser if current else m.chooser,
        required=m.required if current and not m.line else None,
        forced_opening=current.required if current else None,
        history=tuple(current.actions) if current else (),
        told=told_by_the_rules(m.variant, current.actions) if current else (),
        shown=tuple((r.claimant, r.shown) for r in current.redeals) if current else (),
        draw=tuple(tuple(sorted(r.items())) for r in m.draw_rounds),
        face_down=len(m.face_down),
        past=past,
        legal=tuple(m.legal_actions()) if m.turn == seat else (),
        winner=m.winner,
        label=m.label,
    )


@pytest.mark.slow  # plays whole matches
@pytest.mark.parametrize("variant", [Chiva(), DoubleNine100()], ids=["chiva", "double-nine-100"])
def test_every_field_of_every_view_is_what_the_match_says(variant):
    for seed in range(3):
        m = Match(variant, seed)
        rng = random.Random(seed)
        while True:
            for seat in range(1, 5):
                assert m.view(seat) == eager_view(m, seat)
            if m.turn is None:
                break
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])
            if rng.random() < 0.02 and m.can_undo:  # an undo rebuilds the match
                m.undo()
