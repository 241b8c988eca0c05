"""A recorded match played back at the table: its positions in order and a cursor. No Tk.

:class:`Playback` holds the record's match (replayed through the rules) and the list of
*frames* the viewer steps through: the position before the first action, then the
position after each action, with a finished hand (all hands revealed, the result told) and
a finished round of the draw for first lead each shown as a frame of their own before play
goes on, as the live table holds them. Moving the cursor moves the match with the engine's
own undo and redo (python-chess's ``pop``/``push``), so every position is the engine's,
never a copy that could drift.

:class:`Shown` is the position at the cursor as the table's scene reads it
(:func:`~capicua.gui.scene.build_scene` takes a :class:`~capicua.gui.model.Session`):
the match, the record's seat entries, the seat drawn at the bottom, the finished hand or
draw on show; it makes no player, because a replay asks nobody anything.

:meth:`Playback.fork` is "play from here": a match of its own at the cursor's position,
with the record's history up to there, to play on at a live table; :func:`table_seats`
its seats.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.actions import Play
from ..core.errors import CapicuaError
from ..core.match import DRAW, Match
from ..core.tiles import Tile
from .model import Session, is_person


@dataclass(frozen=True)
class Frame:
    """One stop of the playback: ``count`` actions applied; the hand it belongs to (1 for
    the draw for first lead) and how many of its plays and passes are made; a finished hand
    or round of the draw on show, if any."""

    count: int
    hand: int
    played: int = 0
    held_hand: int | None = None
    held_draw: int | None = None

    @property
    def holding(self) -> bool:
        return self.held_hand is not None or self.held_draw is not None


class Shown(Session):
    """The playback's position as the scene reads a table session: nobody is a person and
    no player is made (``Session.__init__`` makes one per seat; a replay asks nobody)."""

    def __init__(self, match: Match, seats: Mapping[int, Any], viewpoint: int = 1) -> None:
        self.match = match
        self.seats = {s: seats.get(s, "?") for s in range(1, match.variant.seats + 1)}
        self.human = None
        self.viewpoint = viewpoint
        self.players = {}
        self.held_hand = None
        self.held_draw = None
        self.hands_open = True  # every hand face up, until show_only names one


class Playback:
    """The frames of ``match`` (a whole replayed record) and a cursor over them, at the
    first frame to begin with. ``seats`` are the record's seat entries."""

    def __init__(self, match: Match, seats: Mapping[int, Any]) -> None:
        self.match = match
        self.moves = match.moves
        self.script = match.dealer.used()  # every chance event of the record, in order
        self.frames, self.hand_starts = _frames(match, self.script)
        self.shown = Shown(match, seats)
        self.at = len(self.frames) - 1  # the match as replayed: the last frame
        #: The seat whose hand is face up, or None: every hand face up.
        self.only: int | None = None
        #: The person's seat of a match that can still be played on: only its hand may be
        #: face up (:meth:`seal`); None: any hand may be.
        self.sealed: int | None = None
        self.goto(0)

    # -- where the cursor is -------------------------------------------------------------

    @property
    def frame(self) -> Frame:
        return self.frames[self.at]

    @property
    def count(self) -> int:
        """How many actions are applied at the cursor."""
        return self.frame.count

    @property
    def total(self) -> int:
        return len(self.moves)

    @property
    def at_start(self) -> bool:
        return self.at == 0

    @property
    def at_end(self) -> bool:
        return self.at == len(self.frames) - 1

    @property
    def hands(self) -> int:
        return len(self.hand_starts)

    def last_move(self) -> tuple[int, Play] | None:
        """The seat and tile of the play just made, where the cursor's frame shows it
        landing on the line (not a finished hand on show): what a slide animates."""
        if self.frame.holding or self.count == 0:
            return None
        seat, action = self.moves[self.count - 1]
        return (seat, action) if isinstance(action, Play) else None

    # -- moving -------------------------------------------------------------------------

    def goto(self, index: int) -> None:
        """Put the cursor on frame ``index`` (clamped to the frames there are)."""
        index = max(0, min(index, len(self.frames) - 1))
        frame = self.frames[index]
        done = len(self.match.actions)
        if frame.count < done:
            self.match.undo(done - frame.count)
        for _ in range(frame.count - done):
            self.match.redo()
        self.at = index
        self.shown.held_hand = frame.held_hand
        self.shown.held_draw = frame.held_draw

    def step(self, by: int = 1) -> bool:
        """Move ``by`` frames (negative: back); False where there was nowhere to go."""
        before = self.at
        self.goto(self.at + by)
        return self.at != before

    def next_hand(self) -> None:
        """To the start of the next hand (the last frame from the last hand)."""
        later = [i for i in self.hand_starts.values() if i > self.at]
        self.goto(min(later) if later else len(self.frames) - 1)

    def previous_hand(self) -> None:
        """To the start of this hand, or of the one before when already at its start."""
        earlier = [i for i in self.hand_starts.values() if i < self.at]
        self.goto(max(earlier) if earlier else 0)

    def goto_hand(self, number: int) -> None:
        """To the start of hand ``number`` (KeyError for a hand the record has not)."""
        self.goto(self.hand_starts[number])

    def goto_move(self, hand: int, played: int) -> bool:
        """To hand ``hand`` after its first ``played`` plays and passes (its end on show when
        that is all of them); False where the record has no such position."""
        for i, f in enumerate(self.frames):
            if f.hand == hand and f.played == played and i >= self.hand_starts.get(hand, 0):
                self.goto(i)
                return True
        return False

    # -- what is shown ------------------------------------------------------------------

    def show_only(self, seat: int | None) -> bool:
        """Only ``seat``'s hand face up, drawn at the bottom; ``None``: every hand face up
        (the seat at the bottom stays). False, and nothing changes, for another hand than
        the sealed seat's (:meth:`seal`)."""
        if self.sealed is not None and seat != self.sealed:
            return False
        self.only = seat
        self.shown.hands_open = seat is None  # the strip and the log may name every draw
        if seat is not None:
            self.shown.viewpoint = seat
        return True

    def seal(self, seat: int) -> None:
        """Show only ``seat``'s hand from now on: the match can still be played on from the
        save, and the person at ``seat`` has not seen the others' tiles (a finished hand on
        show still reveals every hand, as the table did)."""
        self.sealed = None
        self.show_only(seat)
        self.sealed = seat

    def open_hands(self) -> dict[int, tuple[Tile, ...]]:
        """The hands drawn face up besides the bottom seat's (which its view shows): every
        other hand while every hand is shown and a hand is being played."""
        m = self.match
        if self.only is not None or self.frame.holding or m.phase not in ("play", "claim"):
            return {}
        return {
            s: tuple(sorted(m.hands[s], key=lambda t: (t.hi, t.lo)))
            for s in range(1, m.variant.seats + 1)
            if s != self.shown.viewpoint
        }

    def fork(self) -> Match:
        """A match of its own at the cursor: the record's chance events and its actions up
        to here, free to be played on (its redo stack is empty)."""
        m = self.match.variant.new_match(self.match.seed, self.script)
        for _seat, action in self.moves[: self.count]:
            m.apply(action)
        return m

    def whole(self) -> Match:
        """A match of its own holding the whole record (for a review in another thread)."""
        m = self.match.variant.new_match(self.match.seed, self.script)
        for _seat, action in self.moves:
            m.apply(action)
        return m


def table_seats(entries: Mapping[int, Any], person: int, players: Any) -> dict[int, Any]:
    """The seats of a table played on from a record: the person in ``person``; every other
    seat keeps its record's player where that player is installed here and is a computer,
    else gets the strongest built-in computer player."""
    fallback = next((n for n in ("expert", "heuristic", "random") if n in players), "random")
    seats: dict[int, Any] = {}
    for s, entry in entries.items():
        if s == person:
            seats[s] = "human"
            continue
        try:
            usable = not is_person(players, entry)
        except (CapicuaError, ValueError, TypeError):
            usable = False  # not installed here, or not a player entry at all
        seats[s] = entry if usable else fallback
    return seats


def _frames(match: Match, script: list[tuple[Tile, ...]]) -> tuple[list[Frame], dict[int, int]]:
    """Every frame of ``match`` in order, and the frame each hand starts at (dealt, before
    its first action)."""
    m = match.variant.new_match(match.seed, script)
    frames: list[Frame] = []
    starts: dict[int, int] = {}

    def plain(count: int) -> None:
        log = m.hand
        current = log is not None and log.result is None
        frames.append(Frame(count, m.hand_number, len(log.actions) if log and current else 0))
        if log is not None and log.result is None and m.hand_number not in starts:
            starts[m.hand_number] = len(frames) - 1

    plain(0)
    for i, (_seat, action) in enumerate(match.moves):
        finished = sum(1 for h in m.hands_log if h.result is not None)
        rounds = len(m.draw_rounds)
        drawing = m.phase == DRAW
        m.apply(action)
        held = False
        if sum(1 for h in m.hands_log if h.result is not None) > finished:
            ended = m.hands_log[finished]
            frames.append(Frame(i + 1, ended.number, len(ended.actions), held_hand=ended.number))
            held = True
        elif drawing and (m.phase != DRAW or len(m.draw_rounds) > rounds):
            frames.append(Frame(i + 1, 1, held_draw=rounds))
            held = True
        if not (held and m.over):
            plain(i + 1)
    return frames, starts
