"""What the host tells a page in words: the table's scene, made by the table's own code.

A browser's page (``capicua/net/web``) knows no rule and no sentence: it draws what it is
sent. A page joins with ``"words": true``; the host then keeps, for that connection only, a
:class:`~capicua.net.remote.RemoteSession` fed with exactly the messages the connection is
sent (so it holds nothing the seat may not see), builds from it the
:class:`~capicua.gui.scene.Scene` the Tk table would draw (:func:`~capicua.gui.scene.build_scene`:
the banner, the seats' labels, the score panel, the strip of moves since the seat's turn,
the choices with the action each takes), and sends it as a ``scene`` message in the
connection's language. On request it answers with the log (``log``), the rules (``rules``)
and a hint (``hint``), from the same session.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, cast

from ..core.actions import LEFT, RIGHT, Pick, Play
from ..core.tiles import Tile
from ..gui.advice import suggest
from ..gui.board_words import arm_mark, boneyard
from ..gui.controller import Controller, choice_target
from ..gui.reviewing import Reviews, summary
from ..gui.scene import Scene, build_scene
from ..gui.state import Ui
from ..gui.texts import KEY_LEGEND, end_mark, label_name, log_lines
from ..i18n import _, in_language
from ..protocol import messages as M
from .remote import RemoteSession
from .reviews import review_of
from .wire import WireError

if TYPE_CHECKING:
    from ..gui.model import Session

#: The messages after which the scene may have changed.
_CHANGES = frozenset({"welcome", "seats", "new_match", "hand_ended", "update", "decide"})


def _tile(t: Tile) -> list[int]:
    return [t.hi, t.lo]


def _choices(scene: Scene, legal: dict[str, str]) -> list[dict[str, Any]]:
    out = []
    for c in scene.choices:
        kind = c.target.removeprefix("choice:")
        out.append({"target": kind, "label": c.label, "action": legal.get(c.target)})
    return out


def scene_json(scene: Scene, session: RemoteSession, held: bool = False) -> dict[str, Any]:
    """A scene as the page draws it: plain values and words, tiles as ``[a, b]``; the
    decision asked (``asked``, its id) with its ``plays`` (each legal play's action, tile
    and end) and ``others`` (draw, pass); ``held``: a finished hand on show."""
    view = session.view()
    legal = {choice_target(a): M.action_text(a) for a in view.legal}
    layout: dict[str, Any] | None = None
    last: int | None = None
    if scene.board is not None:
        layout = M.layout_json(scene.board.layout)
        last = scene.board.last
    elif scene.line is not None:
        layout = {"kind": "line", "tiles": [list(p) for p in scene.line.tiles], "open": []}
        last = scene.line.last if scene.last_play else None
    if layout is not None and held:
        layout["open"] = []  # a finished hand: nothing to play on
    elif layout is not None and scene.line is not None:
        layout["open"] = [[e, n] for e, n in view.layout.open_ends()]
    marks = {e: end_mark(e) if e in (LEFT, RIGHT) else arm_mark(e) for e in scene.ends}
    if layout is not None:
        marks.update({e: arm_mark(e) for e, _n in layout["open"] if e not in (LEFT, RIGHT)})
        marks.update({e: end_mark(e) for e, _n in layout["open"] if e in (LEFT, RIGHT)})
    asked = None if held else session.asked
    plays = []
    others = []
    taken = {c.target for c in scene.choices}
    if asked is not None:
        for a in view.legal:
            if isinstance(a, Play):
                plays.append({"action": M.action_text(a), "tile": _tile(a.tile), "end": a.end})
            elif not isinstance(a, Pick) and choice_target(a) not in taken:
                others.append(M.action_text(a))  # draw, pass: the page's own words
    facedown = None
    if scene.facedown is not None:
        # The j-th tile still face down is the action "pick j": the page names the action.
        picks = {a.index: M.action_text(a) for a in view.legal if isinstance(a, Pick)}
        facedown = [[slot, picks.get(j)] for j, slot in enumerate(scene.facedown)]
    return {
        "title": scene.title,
        "match": session.number,
        "hand": session.held_hand or view.hand_number,
        "asked": asked,
        "plays": plays,
        "others": others,
        "marks": marks,
        "seats": [
            {
                "seat": s.seat,
                "position": s.position,
                "name": s.name,
                "count": s.count,
                "tiles": None if s.tiles is None else [_tile(t) for t in s.tiles],
                "turn": s.turn,
                "passed": s.passed,
                "last": s.last,
                "voids": list(s.voids),
                "leader": s.leader,
                "shown": [_tile(t) for t in s.shown],
                "drawn": None if s.drawn is None else _tile(s.drawn),
                "dealt": s.dealt,
                "marked": s.marked,
                "score": s.score,
                "person": s.person,
            }
            for s in scene.seats
        ],
        "layout": layout,
        "last": last,
        "ends": list(scene.ends),
        "facedown": facedown,
        "slots": scene.slots,
        "banner": list(scene.banner),
        "choices": _choices(scene, legal),
        "panel": [list(p) for p in scene.panel],
        "strip": scene.strip,
        "legend": scene.legend,
        "drawn": [
            {"name": d.name, "tile": _tile(d.tile), "total": d.total, "wins": d.wins}
            for d in scene.drawn
        ],
        "caption": scene.caption,
        "heads": [list(h) for h in scene.heads],
        "boneyard": scene.boneyard,
        "boneyard_label": None if scene.boneyard is None else boneyard(scene.boneyard),
        "draw": scene.draw,
        "undo": session.undo_span() > 0,
        "away": _away(session),
    }


def _away(session: RemoteSession) -> list[dict[str, Any]]:
    """The people away within their seat's hold: their name, the seconds left of it (the
    host's word) and the words the panel says of them now, which the page counts down; the
    same for their seat's label (``base`` is the label without the hold, ``label`` with)."""
    now = time.monotonic()
    out = []
    for seat, player in sorted(session.players.items()):
        if player.away and player.until is not None:
            left = round(max(0.0, player.until - now), 1)
            base = label_name(cast(Any, session), seat, away=False)
            out.append(
                {
                    "seat": seat,
                    "name": player.name,
                    "left": left,
                    "said": player.said(now),
                    "base": base,
                    "label": player.said_as(base, now),
                }
            )
    return out


class Words:
    """One page's words: a session of what its connection is told (see the module)."""

    def __init__(self, variants: Any, lang: str) -> None:
        self.session = RemoteSession(None, variants)
        #: The same session, as the table's functions read it (it answers what they ask).
        self._table = cast("Session", self.session)
        self.lang = lang
        self._ctl = Controller()
        #: The last update was the one before this seat's decide: no scene until it comes.
        self.waiting = False
        #: The reviews of this seat's finished hands the host sent it: marks in the log.
        self.reviews = Reviews()

    def hear(self, message: dict[str, Any]) -> bool:
        """Take in a message the connection is sent; whether the scene may have changed."""
        with in_language(self.lang):
            self.session.absorb(message)
        if message["type"] in ("update", "decide"):
            self.waiting = self._decide_follows(message)
        return message["type"] in _CHANGES and self.session.ready and not self.waiting

    def _decide_follows(self, message: dict[str, Any]) -> bool:
        """Whether ``message`` is the update before this seat's ``decide``: the seat's turn,
        and not a forced pass or draw (which the host takes itself, as
        :func:`~capicua.core.driver.imposed` and the table's ``run`` say); its scene waits
        for the decide, so the page never says "you pass" before asking a move."""
        s = self.session
        if message["type"] != "update" or s.human is None or s.asked is not None:
            return False
        view = s.view()
        if view.turn != s.human or view.phase == "over":
            return False
        legal = view.legal
        return not (len(legal) == 1 and not isinstance(legal[0], Play))

    def scene(self) -> dict[str, Any]:
        """The ``scene`` message: the table now, and the hand just finished if one did
        (``held``: the page keeps it on show until the person continues)."""
        s = self.session
        with in_language(self.lang):
            held = None
            if s.held_hand is not None:
                held = scene_json(build_scene(self._table, self._ctl, Ui()), s, held=True)
                s.proceed()  # the page holds it; here the next scene is the table's
            live = scene_json(build_scene(self._table, self._ctl, Ui()), s)
        return {"type": "scene", "scene": live, "held": held}

    def log(self) -> dict[str, Any]:
        with in_language(self.lang):
            if not self.session.ready:
                return {"type": "log", "lines": []}
            notes = self.reviews.notes(self._table)
            return {"type": "log", "lines": log_lines(self._table, notes)}

    def reviewed(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The log with the marks of the review the host just sent this seat, and its
        summary (``Reviewed (you): 6 decisions, …``); ``None`` for a review of a match no
        longer at the table."""
        s = self.session
        hand = message.get("hand")
        if not s.ready or message.get("match") != s.number or not isinstance(hand, int):
            return None
        try:
            review = review_of(message.get("review"))
        except WireError:
            return None  # the host's own review: a client checks it, the host made it
        self.reviews.add(cast(Any, s.match), hand, review)
        with in_language(self.lang):
            said = summary(review, self._table)
        return {**self.log(), "summary": said, "hand": hand}

    def rules(self) -> dict[str, Any]:
        variant = self.session.variant
        with in_language(self.lang):
            text = variant.rules_in(self.lang) if variant is not None else ""
            return {"type": "rules", "text": text, "keys": _(KEY_LEGEND)}

    def hint(self) -> dict[str, Any] | str:
        """The hint for the decision asked now (from the seat's view, as the table's), or
        why there is none. Slow: the host runs it in a thread."""
        s = self.session
        with in_language(self.lang):
            if not s.ready or s.asked is None or not s.view().my_turn:
                return _("Hint is for your own turn.")
            view = s.view()
            action, reason = suggest(view)
            end = action.end if isinstance(action, Play) else None
            return {
                "type": "hint",
                "id": s.asked,
                "action": M.action_text(action),
                "end": end,
                "reason": reason,
            }
