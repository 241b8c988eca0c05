"""The table's model: one match, its players, and what undo, redo and restart take back.

No Tk here. :class:`Session` owns the :class:`~capicua.core.match.Match` and the computer
players, and is the only thing that changes the match, so it can keep the bookkeeping the
table needs beside the engine's own move stack:

* who made each action (the seat to move before it), so an *undo* knows where the person's
  last decision is: it takes back that decision and every computer reply after it, and
  *redo* restores exactly that group from the engine's redo stack (never asking anyone);
* which finished hand is being shown: after a hand ends the table holds still on it (all
  hands revealed, the result explained) until the person continues; a finished round of
  the draw for first lead is held the same way (both tiles drawn and their totals);
* where each seat's random stream stood at each position, so that going back (undo,
  restart) and playing the same moves again gets the same computer answers, and a save
  can carry the streams over to the resumed match (see :meth:`Session.decision_job`).

"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.actions import PASS, Action, Play
from ..core.driver import imposed
from ..core.errors import NothingToUndo
from ..core.match import Match
from ..core.rng import restore_stream, seat_stream, stream_state
from ..core.variant import and_names
from ..core.view import PastHand, View
from ..i18n import _
from ..players.command import make_player


class SeatsError(ValueError):
    """The seats cannot be played at one table (e.g. two people); the message says why."""


def is_person(players: Any, entry: Any) -> bool:
    """True when the seat entry names an interactive player (a person at the table)."""
    name, _options = players.parse_spec(entry)
    return bool(getattr(players.get(name), "interactive", False))


def check_seats(seats: dict[int, Any], players: Any) -> int | None:
    """The person's seat (``None``: computers only); SeatsError if more than one person."""
    people = [s for s, e in sorted(seats.items()) if is_person(players, e)]
    if len(people) > 1:
        raise SeatsError(
            _(
                "seats {seats} are both people; the table has room for one person, the other "
                "seats need computer players"
            ).format(seats=and_names([str(p) for p in people]))
        )
    return people[0] if people else None


@dataclass(frozen=True)
class Decision:
    """A computer's answer, and where its seat's random stream stood after choosing it."""

    action: Action
    stream: str  # core.rng.stream_state text
    comment: str | None = None  # a bot's line of commentary on its answer


class Session:
    """One match at the table: the engine, the seat entries and the computer players.

    ``seats`` maps each seat to its config entry (``"human"``, ``"expert"``, a table with
    options). At most one seat is a person; the table is drawn from that seat (seat 1 when
    every seat is a computer). Players get the seat streams of the match seed; ``streams``
    (seat to :func:`~capicua.core.rng.stream_state` text, from a save) sets them where they
    stood when the match was saved. Without it they start afresh, which continues the match
    exactly only when nobody has drawn from them yet.
    """

    def __init__(
        self,
        match: Match,
        seats: dict[int, Any],
        players: Any,
        streams: Mapping[int, str] | None = None,
    ) -> None:
        self.match = match
        self.seats = {s: seats[s] for s in range(1, match.variant.seats + 1)}
        self.human: int | None = check_seats(self.seats, players)
        self.viewpoint = self.human if self.human is not None else 1
        #: Every hand is face up (the viewer's choice): every seat's draw may be named, not
        #: only the viewpoint's own (:func:`capicua.gui.texts.drawn_tile`).
        self.hands_open = False
        # Every seat gets its player object; the person's (a HumanPlayer) is handed each
        # decision by the table and asked like the others, through the same checks. The
        # session keeps the stream objects it handed out: the streams are set through them,
        # whatever a plugin player calls its own.
        self._rngs = {s: seat_stream(match.seed, s) for s in self.seats}
        # A player that is not capicua's own plays in a process of its own, which never
        # holds the person's hand (players.command.make_player).
        self.players: dict[int, Any] = {}
        try:
            for s, e in self.seats.items():
                self.players[s] = make_player(
                    players,
                    e,
                    self._rngs[s],
                    variant=match.variant,
                    seat=s,
                    seed=match.seed,
                    shared_stream=True,  # undo and saves set the streams back
                )
        except BaseException:
            self.close()
            raise
        if streams is not None:
            # After the players are made: a player that draws while being made has drawn
            # from the fresh stream then too, in the match as it was first played.
            for s, state in streams.items():
                restore_stream(self._rngs[s], state)
        # The streams' states position by position: _states[i] is where every seat's
        # stream stood after _first + i actions. Undo, redo and restart only move the
        # position; a new action drops the states of the positions it forks away from.
        # States are immutable text, so positions share them until a computer draws.
        self._first = len(match.moves)
        self._states: list[dict[int, str]] = [{s: stream_state(r) for s, r in self._rngs.items()}]
        self._groups: list[int] = []  # sizes of the undone groups, the next redo last
        # A finished hand the table is showing; computers wait until the person continues.
        # A match resumed right after a hand's last tile shows that hand first.
        self.held_hand: int | None = just_finished(match)
        # A finished round of the draw for first lead being shown (1 for the first round).
        self.held_draw: int | None = None

    # -- reading --------------------------------------------------------------------------

    @property
    def variant(self):
        return self.match.variant

    def view(self) -> View:
        """What the person at the table may see now."""
        return self.match.view(self.viewpoint)

    @property
    def actors(self) -> tuple[int, ...]:
        """The seat that took each action of the match, in order."""
        return tuple(seat for seat, _ in self.match.moves)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat == self.human

    @property
    def waiting_for_person(self) -> bool:
        """The match waits for the person: their turn, or a finished hand to acknowledge."""
        if self.held_hand is not None or self.held_draw is not None:
            return True
        return self.is_human(self.match.turn) and self.automatic() is None

    def automatic(self) -> Action | None:
        """The action to take without asking, if the seat to move has nothing to decide.

        A person's forced pass is automatic; a forced draw is theirs to make, by a tap on
        the boneyard, so they see the tile arrive. A computer's single legal action (a pass, the
        6-6 that must open) and its redeal claim (always a demand) are applied without
        asking it, as the tournament driver does (:func:`~capicua.core.driver.imposed`).
        """
        m = self.match
        if m.turn is None:
            return None
        if not self.is_human(m.turn):
            return imposed(m)
        legal = m.legal_actions()
        if len(legal) != 1:
            return None
        if self.is_human(m.turn) and legal[0] is not PASS:
            # A person still plays their only tile, and draws from the boneyard themselves:
            # their move to make, and to see.
            return None
        return legal[0]

    def finished(self) -> int:
        """How many hands have a result."""
        return sum(1 for h in self.match.hands_log if h.result is not None)

    @property
    def streams(self) -> dict[int, str]:
        """Where each seat's random stream stands at this position (what a save keeps).

        Before the first position this session knows (undo past the point a saved match was
        resumed at), the streams are as they were at that point: a save keeps only the
        current states, not their history.
        """
        return dict(self._states[max(0, len(self.match.moves) - self._first)])

    def decision_job(self, seat: int) -> Callable[[], Decision]:
        """The decision of the computer in ``seat`` at this position, as a job to run.

        The job sets the seat's stream to where it stood at this position, asks the player
        with the seat's view (nothing else), and returns its :class:`Decision`; hand that to
        :meth:`apply`. Setting the stream inside the job, in whichever thread runs it, keeps
        the answer the same after an undo even if an answer for a position taken back is
        still being computed: the table's worker runs one job at a time, and each starts by
        setting its own stream. A job's answer applies to the position it was made for.
        """
        player = self.players[seat]
        rng = self._rngs[seat]
        state = self.streams[seat]
        view = self.match.view(seat)

        def decide() -> Decision:
            restore_stream(rng, state)
            action = player.act(view)
            return Decision(action, stream_state(rng), getattr(player, "comment", None))

        return decide

    def close(self) -> None:
        """End the processes of the players that have one (the session is left)."""
        for player in self.players.values():
            close = getattr(player, "close", None)
            if close is not None:
                close()

    def held(self) -> PastHand | None:
        """The finished hand being shown, with every hand revealed."""
        if self.held_hand is None:
            return None
        return self.view().past[self.held_hand - 1]

    # -- changing ----------------------------------------------------------------------

    def apply(self, action: Action, stream: str | None = None) -> int:
        """Take ``action`` for the seat to move (IllegalAction if it may not); return it.

        ``stream`` is where the seat's stream stood after choosing ``action``, for a
        computer's decision (:attr:`Decision.stream`); nothing for an action nobody was asked
        for (a forced pass, a single legal action) or the person's choice.
        """
        seat = self.match.turn
        at = len(self.match.moves)
        now = self._states[max(0, at - self._first)]
        before = self.finished()
        rounds = len(self.match.draw_rounds)
        drawing = self.match.phase == "draw"
        self.match.apply(action)
        self._groups.clear()  # a new action forks history: the old redo group is gone
        if at < self._first:
            # Going on from before the resumed position, whose states were never known:
            # the streams go on from where they stood at that position (see streams).
            self._first, self._states = at, [now]
        del self._states[at - self._first + 1 :]
        if stream is not None and seat is not None:
            now = {**now, seat: stream}
        self._states.append(now)
        if self.finished() > before:
            self.held_hand = self.finished()
        if self.match.over:
            ended = []
            for s, player in self.players.items():
                finish = getattr(player, "finish", None)  # a bot hears the match ended
                if finish is not None:
                    finish(self.match.view(s))
                    ended.append(player)
            for player in ended:  # and ends (an undo past the end starts it again)
                player.close()
        if drawing and (self.match.phase != "draw" or len(self.match.draw_rounds) > rounds):
            self.held_draw = rounds  # that round is complete: a winner, or equal totals
        assert seat is not None  # the action applied, so someone was to move
        return seat

    @property
    def holding(self) -> bool:
        """A finished hand or a finished round of the draw is on show."""
        return self.held_hand is not None or self.held_draw is not None

    def proceed(self) -> None:
        """The person has seen the finished hand (or round of the draw): play on."""
        self.held_hand = None
        self.held_draw = None

    def undo_span(self) -> int:
        """How many actions an undo takes back: the person's last decision and all after it.

        A forced pass is not a decision (it was automatic), so undo goes past it to the last
        tile or choice the person picked. 0 when the person has decided nothing yet.
        """
        if self.human is None:
            return 0
        moves = self.match.moves
        for back in range(1, len(moves) + 1):
            seat, action = moves[-back]
            if seat == self.human and action is not PASS:
                return back
        return 0

    def undo(self) -> int:
        """Take back the person's last decision and the replies to it; return how many."""
        return self._take_back(self.undo_span(), _("you have made no move to undo"))

    def restart_span(self) -> int:
        """How many actions a restart takes back: every play and pass of the current deal.

        The deal shown is the finished hand on hold, else the hand being played. Claims and
        the leader's choice stay: the deal, its leader and the scores before it are kept.
        """
        logs = self.match.hands_log
        if self.held_hand is not None:
            # Nothing moves while a hand is on hold, so its plays are the last actions.
            return len(logs[self.held_hand - 1].actions)
        if logs and logs[-1].result is None:
            return len(logs[-1].actions)
        return 0

    def restart(self) -> int:
        """Replay the current deal from its first tile, scores as before it."""
        return self._take_back(self.restart_span(), _("no tile has been played in this deal yet"))

    @property
    def can_redo(self) -> bool:
        return bool(self._groups)

    def redo(self) -> int:
        """Restore exactly the group the last undo (or restart) took back."""
        if not self._groups:
            raise NothingToUndo(_("there is nothing to redo"))
        n = self._groups.pop()
        ended = False
        for _step in range(n):
            before = self.finished()
            self.match.redo()
            ended = self.finished() > before
        # Hold on a hand whose last tile was the last action restored, as when it was played.
        self.held_hand = self.finished() if ended else None
        self.held_draw = None
        return n

    def _take_back(self, n: int, nothing: str) -> int:
        if n <= 0:
            raise NothingToUndo(nothing)
        self.match.undo(n)
        self._groups.append(n)
        self.held_hand = None
        self.held_draw = None
        return n


def just_finished(match: Match) -> int | None:
    """The number of the hand whose last tile is the match's last action, if any."""
    done = match.actions
    if not done or not isinstance(done[-1], Play):
        return None
    for log in reversed(match.hands_log):
        if log.result is None:
            if log.actions or log.redeals:
                return None
            continue
        return log.number if log.actions and log.actions[-1][1] is done[-1] else None
    return None
