"""The variant interface: metadata and the rule methods the engine and the players call.

A variant is a class (one module each, like python-chess's variants) that declares its set,
its seats and teams, and owns its rules. The rules of a hand are methods with the block game
as their default (python-chess's variant boards override ``generate_legal_moves`` and
``push``; OpenSpiel's states own ``_legal_actions`` and ``_apply_action``):

- the layout a hand starts from (:meth:`Variant.new_layout`: a two-ended line, a spinner,
  trains from a hub) and what is set aside before the deal (:meth:`Variant.set_aside`);
- who leads (:meth:`Variant.hand_leader`), which ends a seat may play on
  (:meth:`Variant.open_to`), drawing from the boneyard (:attr:`Variant.drawing`,
  :meth:`Variant.can_draw`), the legal actions (:meth:`Variant.legal_plays`), what an
  action does to the layout (:meth:`Variant.next_layout`), who moves next
  (:meth:`Variant.next_turn`), and what a seat with no play shows it lacks
  (:meth:`Variant.lacking`);
- scoring during play (:meth:`Variant.play_points`), when a hand is blocked
  (:meth:`Variant.blocked`), who wins a block, what a hand scores
  (:meth:`Variant.score_hand`), and who has won the match (:meth:`Variant.winners`).

The engine (:mod:`capicua.core.match`) owns what every game shares: phases, the deal, the
draw for first lead, leader choice, redeal claims, records, views and undo; it plays a hand
through :func:`capicua.core.position.step`, which calls the methods above. A variant that
keeps the block game's rules of play (a two-ended line, no drawing, no points during play)
is played by the engine's own fast path instead, with the same results
(``tests/core/test_position.py`` proves it on the built-in games).

Everything a player, the table or the runner needs to know about a game is asked here, never
looked up by the game's name: the computer players read the rules through
:meth:`VariantInfo.variant` (a view carries the info), the table words the score with
:meth:`Variant.score_words`, the tournament names results with :meth:`Variant.label_name`.
The common rules are named methods of the base class (:meth:`Variant.block_by_team_total`,
:meth:`Variant.block_by_lowest_count`, :meth:`Variant.score_opponents_pips`,
:meth:`Variant.add_points`, :meth:`Variant.first_to_goal`); a variant that takes one of
them as its rule (``block_winner = Variant.block_by_lowest_count``) gets the players'
simulator's fast path for it, and any other rule method is called as it is.

Seats are numbered 1..``seats`` in turn order; teams 1..len(``teams``) in declaration order.
Nothing in the core assumes four seats or two-player partnerships; a variant whose seat
count is an option sets ``seats``, ``teams`` and ``hand_size`` in :meth:`Variant.configure`.
"""

from __future__ import annotations

import dataclasses
import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from ..i18n import _, ngettext, pgettext
from .actions import ANY_END, DRAW, LEFT, PASS, Action, Play
from .layout import Layout, Spinner, Trains
from .line import Line, plays_on, showing
from .options import Option
from .tiles import Tile, tile_set

if TYPE_CHECKING:
    from .match import Match
    from .position import Position

Hands = Mapping[int, Sequence[Tile]]
NameOf = Callable[[int], str]


def str_seat(seat: int) -> str:
    """A seat as people read it: "seat 2" (in the language in use)."""
    # Translators: a seat at the table, by number; also said inside sentences ("the block
    # goes to seat 2"), so lower case unless the language capitalizes the noun.
    return _("seat {seat}").format(seat=seat)


def str_team(team: int) -> str:
    """A team as people read it: "team 1" (in the language in use)."""
    # Translators: a team by number, said inside sentences ("The block goes to team 1.").
    return _("team {team}").format(team=team)


def double_first(tile: Tile, double: int) -> str:
    """Why ``tile`` cannot be played where a double of ``double`` waits to be satisfied
    and takes every play (:meth:`Variant.why_not` of Mexican Train and its kin)."""
    # Translators: a greyed tile tapped while a double takes every play (Mexican Train).
    return _(
        "{tile} cannot be played: the double {double}-{double} must be satisfied first, "
        "with a {double} on it"
    ).format(tile=tile, double=double)


def score_dash(scores: tuple[int, ...]) -> str:
    """Every team's score, as people write a score: "3–1"."""
    # Translators: what stands between the teams' scores, as in "3–1" (English uses an en
    # dash; German writes 3:1).
    return pgettext("between scores", "–").join(str(s) for s in scores)


def and_names(names: Sequence[str]) -> str:
    """Names joined as a sentence lists them: "seat 1 and seat 3"."""
    if not names:
        return ""
    text = names[0]
    for name in names[1:]:
        # Translators: two names (of seats, teams) in a sentence; used again for a third.
        text = _("{first} and {second}").format(first=text, second=name)
    return text


def cap(text: str) -> str:
    """``text`` with its first letter in capitals (names start sentences)."""
    return text[:1].upper() + text[1:]


class HandEnd(StrEnum):
    """How a hand ends; the values are the words records and messages use."""

    #: A player went out (played their last tile).
    DOMINO = "domino"
    #: Nobody could play (or draw): the block rule decided the winners.
    BLOCK = "block"
    #: A block with no winner.
    TIE = "tie"
    #: A side reached the match's goal during play (All Fives): the match ends at once.
    GOAL = "goal"


DOMINO = HandEnd.DOMINO
BLOCK = HandEnd.BLOCK
TIE = HandEnd.TIE
GOAL = HandEnd.GOAL


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: a value, like python-chess's ``Outcome``.

    ``team`` is the winning team (``None`` on a tie), ``seat`` the player who went out
    (domino only), ``points`` what the winners scored (0 where the variant scores series),
    ``scores`` every team's score after the hand, ``remaining`` each seat's tiles at the end.
    """

    outcome: str
    team: int | None
    seat: int | None
    points: int
    scores: tuple[int, ...]
    leader: int
    remaining: Mapping[int, tuple[Tile, ...]]


@dataclass(frozen=True, slots=True)
class Tuning:
    """How the computer players are tuned for a game: constants measured by playing it, not
    rules. A variant sets :attr:`Variant.tuning`; the defaults suit a game nobody has
    measured yet."""

    #: How strongly the expert reads the other seats' plays as signs of their tiles
    #: (:mod:`capicua.players.inference`; 0: only passes are read).
    reading: float = 0.3
    #: Whether the expert also weighs each sampled deal by the heuristic's terms about the
    #: rest of each hand (:meth:`capicua.players.inference.Reading.hand_ratio`).
    hand_terms: bool = True
    #: What won hands score, as ``(points, how often)`` pairs, for the expert's match
    #: equity (:mod:`capicua.players.equity`) in a game scored in points. ``None``: measured
    #: on first use by playing hands of the game in the players' simulator.
    won_points: tuple[tuple[int, int], ...] | None = None


@dataclass(frozen=True, slots=True)
class VariantInfo:
    """The public metadata of a variant, as a player's view carries it.

    ``cls`` and ``options`` name the variant's class and the values of its game options, so
    that a player can ask the rules themselves (:meth:`variant`): values only, no reference
    to the match's own variant object.
    """

    name: str
    title: str
    max_pip: int
    hand_size: int
    seats: int
    teams: tuple[tuple[int, ...], ...]
    cls: type[Variant] | None = field(default=None, compare=False)
    options: tuple[tuple[str, Any], ...] = ()

    def variant(self) -> Variant:
        """The variant these are the metadata of, with the same options: the rules a
        player plays by (one shared object per class and options; its methods are pure)."""
        if self.cls is None:
            raise ValueError(f"the metadata of {self.name!r} name no variant class")
        return _shared(self.cls, self.options)

    def team_of(self, seat: int) -> int:
        """The team of ``seat``."""
        return next(i for i, team in enumerate(self.teams, 1) if seat in team)

    @property
    def partnerships(self) -> bool:
        """True when some team has more than one seat (a player may have a partner)."""
        return any(len(team) > 1 for team in self.teams)


@functools.cache
def _shared(cls: type[Variant], options: tuple[tuple[str, Any], ...]) -> Variant:
    return cls(**dict(options))


class Variant(ABC):
    """Base class of variant plugins. Subclasses set the metadata and override the rules.

    Register a subclass with ``registry.add(MyVariant)`` from the
    ``capicua_register_variants`` hook. The engine makes one instance per match.
    """

    #: Name used in configs, records and on the command line.
    name: str = ""
    #: Title shown to people, in English; a built-in variant marks it with ``N_`` and it is
    #: shown through ``_()``, so capicua's catalogs translate it (a plugin's title passes
    #: through unchanged, unless its plugin translates it itself: docs/plugins.md).
    title: str = ""
    #: One line saying what the game is (English, marked and shown like :attr:`title`).
    summary: str = ""
    #: The rules, as text for ``capicua rules`` and the table's Rules window (English).
    rules: str = ""
    #: The rules in other languages, by language code (``"de"``); :meth:`rules_in` falls
    #: back to :attr:`rules` for a language not here.
    rules_translated: ClassVar[dict[str, str]] = {}
    #: Highest number on the set (6: double-six, 9: double-nine).
    max_pip: int = 6
    #: Tiles dealt to each seat; the rest of the set stays face down: unused, or the
    #: boneyard where the game draws (:attr:`drawing`).
    hand_size: int = 7
    #: Number of seats, in turn order 1..seats.
    seats: int = 4
    #: The teams, each a tuple of seats; team numbers follow this order from 1.
    teams: tuple[tuple[int, ...], ...] = ((1, 3), (2, 4))
    #: A new match starts with a draw for first lead by the first seat of each team.
    draw_for_lead: bool = False
    #: Before each deal the entitled team's lowest seat chooses which partner leads.
    choose_leader: bool = False
    #: Doubles in a hand that let its holder demand a redeal (None: no redeal claims).
    redeal_doubles: int | None = None
    #: A player who cannot play draws from the boneyard (the tiles not dealt) while it holds
    #: more than :attr:`boneyard_keeps` tiles (:meth:`can_draw`); without, they pass.
    drawing: bool = False
    #: Tiles the boneyard keeps: never drawn (Draw and All Fives keep the last two).
    boneyard_keeps: int = 0
    #: A seat may draw from the boneyard even while it holds a play (Matador): the default
    #: :meth:`legal_plays` then offers ``draw`` beside the plays whenever :meth:`can_draw`.
    #: Such a draw tells the other seats nothing of the drawer's tiles.
    draws_at_will: ClassVar[bool] = False
    #: A tile may lie either way round on one end, where the layout's matching allows both
    #: (Matador's matadors): the default :meth:`legal_plays` then offers a play for each
    #: number it may leave open there (:meth:`Layout.ways
    #: <capicua.core.layout.Layout.ways>`, :attr:`Play.shows
    #: <capicua.core.actions.Play.shows>`). Without it every play names its end alone.
    plays_turn: ClassVar[bool] = False
    #: Names a finished match may carry (record ``label``), strongest last.
    labels: tuple[str, ...] = ()
    #: What the scores count: "points", or "series" (consecutive won hands, as in Chiva).
    scoring: str = "points"
    #: True where the lowest score is the best (Mexican Train's pips against each player).
    low_score_wins: bool = False
    #: What wins the match, in the units of the scores (points, or won hands in a row for
    #: series scoring); ``None`` where no number says it. :meth:`to_go`, :meth:`goal_words`
    #: and :meth:`score_words` start from it, and so does the expert's match equity.
    goal: int | None = None
    #: The game's options (``{"goal": Option(int, 100, "points that win", min=10)}``), taken
    #: by ``__init__`` as keyword arguments and kept as attributes of the same names (but for
    #: an option named as a method: :meth:`option` reads any of them).
    options: ClassVar[dict[str, Option]] = {}
    #: How the computer players are tuned for this game (:class:`Tuning`).
    tuning: ClassVar[Tuning] = Tuning()
    #: :meth:`lacking`'s last answer: the layout, seat and required tile it was for, and it.
    _lacked: tuple[Layout, int, Tile | None, frozenset[Tile]] | None = None

    def __init__(self, **options: Any) -> None:
        for key in options:
            if key not in self.options:
                known = ", ".join(sorted(self.options)) or "none"
                raise ValueError(
                    f"variant {self.name} has no option {key!r} (its options: {known})"
                )
        #: The game's option values, by name in order: what the metadata carry to the
        #: players (:attr:`VariantInfo.options`), so their copy of the rules is the same.
        self.chosen = tuple(
            (key, opt.check(key, options.get(key, opt.default)))
            for key, opt in sorted(self.options.items())
        )
        for key, value in self.chosen:
            # An option named as a method (All Fives' "partners") leaves the method alone;
            # its value is read with option().
            if not callable(getattr(type(self), key, None)):
                setattr(self, key, value)
        self.configure()
        self.team_of = {seat: i + 1 for i, team in enumerate(self.teams) for seat in team}
        missing = set(range(1, self.seats + 1)) - set(self.team_of)
        if missing or len(self.team_of) != self.seats:
            raise ValueError(f"variant {self.name}: every seat must be in exactly one team")

    def new_match(
        self,
        seed: int | None = None,
        script: Sequence[Sequence[Tile]] = (),
        fixed: Mapping[str, Sequence[Sequence[Tile]]] | None = None,
    ) -> Match:
        """A new match of this variant: the one way a match is made (the engine, the
        runner, the table, replay and the players' tools all come here). ``seed`` fixes
        every chance event (``None``: a fresh one); ``script`` fixes the first shuffles
        (records being replayed, tests on explicit deals); ``fixed`` the draws and deals
        of a deal file (:mod:`capicua.core.deals`)."""
        from .match import Match  # here: match.py imports this module

        if fixed:
            return Match(self, seed, script, fixed)
        return Match(self, seed, script)

    def option(self, key: str) -> Any:
        """The value chosen for the game's option ``key``."""
        return dict(self.chosen)[key]

    def configure(self) -> None:  # noqa: B027 - a hook with nothing to do by default
        """Set what follows from the options, called once they are set: a game whose seat
        count is an option sets ``seats``, ``teams`` and ``hand_size`` here."""

    @classmethod
    def rules_in(cls, language: str) -> str:
        """The rule text in ``language`` (a code from ``capicua.i18n.LANGUAGES``), or the
        English :attr:`rules` where the variant has no translation."""
        return cls.rules_translated.get(language, cls.rules)

    def info(self) -> VariantInfo:
        return VariantInfo(
            self.name,
            self.title,
            self.max_pip,
            self.hand_size,
            self.seats,
            self.teams,
            type(self),
            self.chosen,
        )

    def partners(self, seat: int) -> tuple[int, ...]:
        """The seats of ``seat``'s team, itself included."""
        return self.teams[self.team_of[seat] - 1]

    def name_team(self, team: int) -> str:
        """``team`` as people read it inside sentences: "team 1", or "seat 2" where the
        team is that one seat (a game without partners has no teams to speak of)."""
        seats = self.teams[team - 1]
        return str_seat(seats[0]) if len(seats) == 1 else str_team(team)

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The seats of every other team, in seat order."""
        team = self.team_of[seat]
        return tuple(s for s in range(1, self.seats + 1) if self.team_of[s] != team)

    @property
    def partnerships(self) -> bool:
        """True when some team has more than one seat (a player may have a partner)."""
        return any(len(team) > 1 for team in self.teams)

    # -- who leads ----------------------------------------------------------------------

    def leader(self, previous: HandResult | None, hands: Hands) -> tuple[int, Tile | None]:
        """The leader of a freshly dealt hand and the tile they must open with, if any.

        Called for variants without ``choose_leader``; ``previous`` is the last hand's
        result (``None`` for a match's first hand). The default: the holder of the highest
        double opens with it at a match's start and after a tie; otherwise the player who
        went out leads, or on a block the lightest player of the winning team.
        """
        if previous is None or previous.team is None:
            for tile in sorted(
                (t for ts in hands.values() for t in ts if t.is_double), key=lambda t: -t.hi
            ):
                return next(s for s, ts in hands.items() if tile in ts), tile
            return 1, None
        if previous.seat is not None:
            return previous.seat, None
        winners = self.partners(min(s for s in hands if self.team_of[s] == previous.team))
        return min(winners, key=lambda s: (sum(t.pips for t in previous.remaining[s]), s)), None

    def entitled_team(self, previous: HandResult | None, draw_winner: int | None) -> int:
        """The team entitled to choose the leader (variants with ``choose_leader``)."""
        if previous is None:
            return draw_winner if draw_winner is not None else 1
        if previous.team is not None:
            return previous.team
        # A tie: the team after the one that led the tied hand.
        return self.team_of[previous.leader] % len(self.teams) + 1

    def hand_leader(
        self, number: int, previous: HandResult | None, hands: Hands
    ) -> tuple[int, Tile | None] | None:
        """The leader of hand ``number`` (1-based) and the tile it must open with, or
        ``None`` to have every tile shuffled and dealt again (Draw's deal with no double).
        The default asks :meth:`leader`, which does not need the hand's number."""
        return self.leader(previous, hands)

    # -- the rules of play ----------------------------------------------------------------
    # The engine's fast path plays the defaults below itself (a two-ended line, no drawing,
    # no points during play); a variant that overrides any of them, or sets ``drawing``, is
    # played through capicua.core.position.step, which calls them.

    def new_layout(self, number: int) -> Layout:
        """The empty layout hand ``number`` starts from: a two-ended line by default."""
        return Line()

    def set_aside(self, number: int) -> tuple[Tile, ...]:
        """Tiles taken out of the set before hand ``number`` is dealt (Mexican Train's
        engine); they are in no hand and not in the boneyard."""
        return ()

    def play_ends(self) -> tuple[str, ...]:
        """Every end a play of this game may name, in a fixed order: what a fixed numbering
        of the plays (the learning environment's action space) gives a slot. By default the
        ends of the layout a hand starts from (:meth:`Layout.end_names
        <capicua.core.layout.Layout.end_names>`: a line's ``left`` and ``right``, a
        spinner's four, a hub's trains, one per seat); a game whose layout grows arms as
        it goes says how many it may ever have."""
        return self.new_layout(1).end_names()

    def open_to(self, layout: Layout, seat: int) -> Container[str]:
        """The ends ``seat`` may play on (among the open ones): every end by default
        (:data:`~capicua.core.actions.ANY_END`)."""
        return ANY_END

    def why_not(self, layout: Layout, seat: int, tile: Tile) -> str | None:
        """Why ``seat`` may not play ``tile`` on ``layout`` (one it holds that is not
        legal now), in this game's own words; ``None`` (the default) lets the table say
        which ends are open. A rule of :meth:`open_to` that closes ends a tile fits (a
        double to satisfy first) is said here, or the table would tell only of numbers."""
        return None

    def can_draw(self, pos: Position) -> bool:
        """True when the boneyard may be drawn from now, by a seat that cannot play.
        :meth:`blocked` asks it for the whole table: a limit on one seat's draws in a turn
        (Mexican Train's one draw) belongs in :meth:`legal_plays`."""
        return self.drawing and len(pos.boneyard) > self.boneyard_keeps

    def legal_plays(self, pos: Position) -> list[Action]:
        """The legal actions of the play phase: every play of a held tile on an end it fits
        and the seat may play on (the required opening tile alone, where there is one),
        each way round it may lie there where :attr:`plays_turn`, and ``draw`` beside them
        where :attr:`draws_at_will` and :meth:`can_draw`; with no play, a draw if
        :meth:`can_draw`, else a pass."""
        seat = pos.turn
        layout = pos.layout
        if pos.required is not None and not layout:
            return [Play.of(pos.required, LEFT)]
        allowed = self.open_to(layout, seat)
        legal: list[Action] | None = None
        if allowed is ANY_END and not self.plays_turn:
            if type(layout) is Line:
                if layout.tiles:
                    # A plain line: each held tile's plays on its two ends, from a table
                    # made once.
                    table = plays_on(self.max_pip)[layout.tiles[0][0]][layout.tiles[-1][1]]
                    legal = []
                    for t in pos.hands[seat]:
                        legal += table[t]
            elif type(layout).fits in _FITS_BY_NUMBER:
                # A tile fits the open ends showing one of its numbers: its plays on them,
                # in their order, as fits would name them. A layout that keeps each
                # tile's plays (a spinner: its open ends come back turn after turn) has
                # them looked up, any other has them made.
                kept = layout.plays_by_tile(self.max_pip)
                if kept is not None:
                    legal = []
                    for t in pos.hands[seat]:
                        legal += kept[t.index]
                elif layout:
                    ends = layout.open_ends()
                    legal = [
                        Play.of(t, end)
                        for t in pos.hands[seat]
                        for end, n in ends
                        if t.hi == n or t.lo == n
                    ]
        if legal is None:
            legal = self._plays_by_fits(pos, allowed)
        if legal:
            if self.draws_at_will and layout and self.can_draw(pos):
                legal.append(DRAW)
            return legal
        return [DRAW] if self.can_draw(pos) else [PASS]

    def _plays_by_fits(self, pos: Position, allowed: Container[str]) -> list[Action]:
        """:meth:`legal_plays`'s plays asked of the layout's ``fits`` (and ``ways``) tile by
        tile, on the ends ``allowed``: for any layout and any :meth:`open_to`."""
        layout = pos.layout
        hand = pos.hands[pos.turn]
        if self.plays_turn:
            legal: list[Action] = []
            for t in hand:
                for end in layout.fits(t):
                    if end in allowed:
                        ways = layout.ways(t, end)
                        if len(ways) > 1:
                            legal += [Play.of(t, end, n) for n in ways]
                        else:
                            legal.append(Play.of(t, end))
            return legal
        if allowed is ANY_END:
            return [Play.of(t, end) for t in hand for end in layout.fits(t)]
        return [Play.of(t, end) for t in hand for end in layout.fits(t) if end in allowed]

    def lacking(self, pos: Position) -> frozenset[Tile]:
        """The tiles the seat to move at ``pos`` shows it does not hold by having no play
        there (a pass, or a draw, that the rules forced on it): by default every tile of the
        set of which some play would have been legal for it, asked of :meth:`legal_plays`
        itself on ``pos`` with the whole set in its hand. Tiles on the table or set aside
        are among them where they would fit (nobody holds those either), so in a game where
        equal numbers join, a pass on 6 and 3 gives exactly the tiles showing a 6 or a 3.
        The engine asks once per such pass or draw and records the answer
        (:attr:`capicua.core.view.View.told`); players read it through
        :meth:`capicua.core.view.View.lacks`.

        A game where whether a tile may be played depends on the rest of the hand (a rule
        such as "a double must be played first") refines this: the default takes each
        tile's plays to depend on the layout, the seat and the history only."""
        if type(self).legal_plays is not Variant.legal_plays:
            hands = list(pos.hands)
            hands[pos.turn] = list(tile_set(self.max_pip))
            legal = self.legal_plays(dataclasses.replace(pos, hands=hands))
            return frozenset(a.tile for a in legal if isinstance(a, Play))
        # The default rules, answered without making the plays: a tile has one there when
        # it fits an end the seat may play on, which depends on the layout, the seat and
        # the required opening tile alone. A seat that draws again and again draws on one
        # layout, so the last answer is kept for it (a pass asked this per draw, and took
        # a third of a Draw match's time).
        layout, seat = pos.layout, pos.turn
        required = pos.required if not layout else None
        last = self._lacked
        if last is not None and last[0] is layout and last[1] == seat and last[2] == required:
            return last[3]
        if required is not None:
            lacked = frozenset((required,))
        else:
            allowed = self.open_to(layout, seat)
            fits = layout.fits
            if allowed is ANY_END and type(layout) is Line and layout:
                # A plain line: a tile fits where it shows an end's number.
                lacked = showing(self.max_pip)[layout.tiles[0][0]][layout.tiles[-1][1]]
            elif type(layout).fits in _FITS_BY_NUMBER and layout:
                # A tile fits where it shows an open end's number: the tiles showing one.
                numbers = {n for e, n in layout.open_ends() if allowed is ANY_END or e in allowed}
                table = showing(self.max_pip)
                if not numbers:
                    lacked = frozenset()
                elif len(numbers) <= 2:
                    lacked = table[min(numbers)][max(numbers)]
                else:
                    lacked = _showing_any(self.max_pip, frozenset(numbers))
            elif allowed is ANY_END:
                lacked = frozenset(t for t in tile_set(self.max_pip) if fits(t))
            else:
                lacked = frozenset(
                    t for t in tile_set(self.max_pip) if any(e in allowed for e in fits(t))
                )
        self._lacked = (layout, seat, required, lacked)
        return lacked

    def next_layout(self, layout: Layout, seat: int, action: Action) -> Layout:
        """The layout after ``seat`` took ``action`` (a play, a draw or a pass): a play lays
        its tile; the rest change nothing by default (Mexican Train's pass sets a marker)."""
        if isinstance(action, Play):
            if action.shows is None:  # as a layout written before plays turned takes it
                return layout.play(action.tile, action.end)
            return layout.play(action.tile, action.end, action.shows)
        return layout

    def layouts_along(
        self, number: int, history: Iterable[tuple[int, Action]]
    ) -> tuple[Layout, ...]:
        """The layouts of hand ``number`` along ``history``, its actions in order: the one
        each action was taken on, then the one after the last (one more than the actions).
        Through :meth:`new_layout` and :meth:`next_layout`, so a surface that names an end
        or a number says what the engine laid, before and after each move."""
        layout = self.new_layout(number)
        out = [layout]
        for seat, action in history:
            layout = self.next_layout(layout, seat, action)
            out.append(layout)
        return tuple(out)

    def play_points(self, layout: Layout, seat: int, action: Play) -> int:
        """What ``seat``'s team scores at once for ``action``, given the layout after it
        (All Fives' count); nothing by default. Reaching the match's goal this way ends the
        match during the hand."""
        return 0

    def table_count(self, layout: Layout) -> int | None:
        """The number the game counts on the table after each play, which the table shows
        (All Fives' count of the open ends); ``None`` for a game that counts nothing."""
        return None

    def next_turn(self, pos: Position, seat: int, action: Action) -> int:
        """Who moves after ``seat`` took ``action`` (``pos`` as it is after it: a drawn
        tile is in the hand): the same seat after a draw (it plays the drawn tile, or draws
        or passes again), otherwise the next seat."""
        if action is DRAW:
            return seat
        return seat % self.seats + 1

    def blocked(self, pos: Position) -> bool:
        """True when the hand is blocked: nobody can draw and no seat holds a tile that fits
        an end it may play on. Asked after every action, so nobody passes into a block."""
        if self.can_draw(pos):
            return False
        layout = pos.layout
        if type(self).open_to is Variant.open_to and type(layout).fits in _FITS_BY_NUMBER:
            # Every seat may play on every end, and a tile fits where it shows an open
            # end's number: blocked when no held tile shows one, read from how many
            # held tiles show each number (counted once, then kept by step).
            ends = layout.open_ends()
            if not ends and not layout.placed:  # nothing laid: every tile fits
                return not any(pos.hands[seat] for seat in range(1, self.seats + 1))
            held = pos.held_with
            if held is None:
                held = [0] * (self.max_pip + 1)
                for seat in range(1, self.seats + 1):
                    for tile in pos.hands[seat]:
                        held[tile.hi] += 1
                        if not tile.is_double:
                            held[tile.lo] += 1
                pos.held_with = held
            # A loop, not all(): asked after every action once nothing can be drawn.
            for _end, n in ends:  # noqa: SIM110
                if held[n]:
                    return False
            return True
        for seat in range(1, self.seats + 1):
            allowed = self.open_to(layout, seat)
            for tile in pos.hands[seat]:
                if any(end in allowed for end in layout.fits(tile)):
                    return False
        return True

    # -- how a hand ends ----------------------------------------------------------------
    # ``block_winner`` and ``points`` are also what the computer players' simulator scores
    # its playouts by (``capicua.testing.check_simulator`` proves the two agree).

    @abstractmethod
    def block_winner(self, hands: Hands) -> int | None:
        """The team that wins a blocked hand, or ``None`` for a tie."""

    def points(self, outcome: str, team: int | None, hands: Hands) -> int:
        """What the winning ``team`` scores for the hand (0 for series scoring); ``team`` is
        never ``None`` when the engine asks."""
        return 0

    # The common rules, by name: a variant takes one as its rule by assigning it
    # (``block_winner = Variant.block_by_team_total``), which the players' simulator knows
    # and plays without calling back.

    def block_by_team_total(self, hands: Hands) -> int | None:
        """A block rule: the team with the lowest combined pips wins; equal lowest, a tie."""
        totals = self.team_pips(hands)
        low = min(totals.values())
        lowest = [team for team, pips in totals.items() if pips == low]
        return lowest[0] if len(lowest) == 1 else None

    def block_by_lowest_count(self, hands: Hands) -> int | None:
        """A block rule: the team of the seat with the lowest single count wins; the lowest
        count held in two teams, a tie."""
        counts = {seat: sum(t.pips for t in tiles) for seat, tiles in hands.items()}
        low = min(counts.values())
        teams = {self.team_of[seat] for seat, pips in counts.items() if pips == low}
        return teams.pop() if len(teams) == 1 else None

    def score_opponents_pips(self, outcome: str, team: int | None, hands: Hands) -> int:
        """A scoring rule: the winners score every opponent's remaining pips."""
        return self.opponents_pips(team, hands) if team is not None else 0

    def add_points(self, scores: tuple[int, ...], team: int | None, points: int) -> tuple[int, ...]:
        """A score rule: the winners add the hand's points; a tie changes nothing."""
        if team is None:
            return scores
        return tuple(s + points if t == team else s for t, s in enumerate(scores, 1))

    def first_to_goal(self, scores: tuple[int, ...]) -> int | None:
        """A match rule: the first team at :attr:`goal` or more wins (the highest score, if
        one hand could take two teams there)."""
        best = max(scores)
        if self.goal is not None and best >= self.goal:
            return scores.index(best) + 1
        return None

    @abstractmethod
    def next_scores(
        self, scores: tuple[int, ...], team: int | None, points: int
    ) -> tuple[int, ...]:
        """Every team's score after a hand won by ``team`` (``None``: a tie)."""

    @abstractmethod
    def match_winner(self, scores: tuple[int, ...]) -> int | None:
        """The team that has won the match with these scores, or ``None``."""

    def score_hand(
        self, scores: tuple[int, ...], outcome: str, team: int | None, remaining: Hands
    ) -> tuple[int, tuple[int, ...]]:
        """What a hand that ended with ``outcome`` (won by ``team``, ``None`` on a tie)
        scores: the winners' points and every team's score after it. By default
        :meth:`points` for the winners, then :meth:`next_scores`; Mexican Train adds every
        seat's own pips instead."""
        points = self.points(outcome, team, remaining) if team is not None else 0
        return points, self.next_scores(scores, team, points)

    def winners(self, scores: tuple[int, ...], hands: int) -> tuple[int, ...] | None:
        """The teams that have won the match with ``scores`` after ``hands`` finished hands
        (two or more: a shared win), or ``None`` while it goes on. By default the one team
        :meth:`match_winner` names; Mexican Train's lowest total after its last round."""
        team = self.match_winner(scores)
        return None if team is None else (team,)

    @classmethod
    def plays_fast(cls) -> bool:
        """True when the variant keeps the block game's rules of play, which the engine
        (and the players' simulator) play on their fast paths."""
        return _plays_fast(cls)

    def label(self, before: tuple[int, ...], after: tuple[int, ...], winner: int) -> str | None:
        """The name of a match won by ``winner`` with the last hand taking ``before`` to
        ``after`` (e.g. "pollona"), or ``None``."""
        return None

    # -- how far from the goal ------------------------------------------------------------

    def to_go(self, scores: tuple[int, ...], team: int) -> int | None:
        """How many more units of the score (points, or won hands) ``team`` needs at least
        to win the match from ``scores``: 0 once it has won; ``None`` without a goal."""
        if self.goal is None:
            return None
        return max(0, self.goal - scores[team - 1])

    # The words below are said in the language in use (capicua.i18n) each time they are
    # asked for; the values they are made from (labels, scores) stay as they are.

    def goal_words(self) -> str:
        """What wins the match, in words ("first to 100 points"); empty without a goal."""
        if self.goal is None:
            return ""
        if self.scoring == "series":
            # Translators: what wins a match scored in series; English keeps the plural
            # for 1 too. {goal} is a number of hands.
            return ngettext(
                "{goal} won hands in a row", "{goal} won hands in a row", self.goal
            ).format(goal=self.goal)
        # Translators: what wins a match scored in points; English keeps the plural for 1.
        return ngettext("first to {goal} points", "first to {goal} points", self.goal).format(
            goal=self.goal
        )

    def score_words(self, scores: tuple[int, ...], team: int) -> str:
        """``team``'s score with how far it is from winning, for the table's score panel
        ("71 of 100 · 29 to go")."""
        score = scores[team - 1]
        to_go = self.to_go(scores, team)
        # Translators: the score panel of a team; "Series" counts won hands in a row,
        # "Score" points. {to_go} is how many more the team needs to win the match.
        if self.scoring == "series":
            if to_go is None:
                text = _("Series {score}")
            elif to_go == 0:
                text = _("Series {score} · the match is won")
            else:
                text = _("Series {score} · {to_go} to go")
        elif to_go is None:
            text = _("Score {score}")
        elif to_go == 0:
            text = _("Score {score} · the match is won")
        else:
            text = _("Score {score} · {to_go} to go")
        return text.format(score=score, to_go=to_go)

    def label_name(self, label: str, plural: bool = False) -> str:
        """How people call a match named ``label`` (one of :attr:`labels`): "a chiva", or
        with ``plural`` "chivas" (a column of the tournament's table). The label itself is
        data and stays as it is; only these words are said in the language in use."""
        if plural:
            # Translators: the heading of a column counting matches won with {label}, a
            # game's own name for such a win that is not translated ("pollona" + "s").
            return _("{label}s").format(label=label)
        # Translators: a match won with {label}, a game's own name for such a win.
        return _("a {label}").format(label=label)

    # -- words ----------------------------------------------------------------------------
    # The GUI and ``capicua replay`` explain results with these, so a variant's own rule is
    # told in its own words; ``seat_name``/``team_name`` give how the reader is addressed
    # ("you", "your team", "seat 2").

    def explain_block(
        self, result: HandResult, seat_name: NameOf = str_seat, team_name: NameOf = str_team
    ) -> str:
        """One sentence: why a blocked hand went to its winners, or is a tie."""
        if result.team is None:
            return _("A tie: nobody wins the hand.")
        # Translators: {team} is "team 1", or "your team" at the table.
        return _("The block goes to {team}.").format(team=team_name(result.team))

    def explain_score(
        self, result: HandResult, before: tuple[int, ...], team_name: NameOf = str_team
    ) -> str:
        """One sentence: what the hand did to the scores."""
        was, now = score_dash(before), score_dash(result.scores)
        if result.team is None:
            # Translators: {now} is every team's score, as "3–1".
            return _("The scores stay {now}.").format(now=now)
        # Translators: {team} is "team 1" or "your team"; the sentence's first letter is
        # made a capital. {was} and {now} are the scores before and after, as "3–1".
        text = _("{team} scores {points}: {was} → {now}.")
        return cap(text.format(team=team_name(result.team), points=result.points, was=was, now=now))

    # -- helpers variants share ---------------------------------------------------------

    def team_pips(self, hands: Hands) -> dict[int, int]:
        """Each team's combined remaining pips."""
        totals = {t: 0 for t in range(1, len(self.teams) + 1)}
        for seat, tiles in hands.items():
            totals[self.team_of[seat]] += sum(t.pips for t in tiles)
        return totals

    def opponents_pips(self, team: int, hands: Hands) -> int:
        """The remaining pips of every seat not in ``team``."""
        return sum(
            t.pips for seat, tiles in hands.items() if self.team_of[seat] != team for t in tiles
        )


#: The layouts' ``fits`` that answer by number: a tile fits the open ends showing one of
#: its numbers (what the default :meth:`Variant.blocked` may then ask more cheaply).
_FITS_BY_NUMBER = frozenset((Layout.fits, Line.fits, Spinner.fits, Trains.fits))


@functools.lru_cache(maxsize=1024)
def _showing_any(max_pip: int, numbers: frozenset[int]) -> frozenset[Tile]:
    """The tiles of the double-``max_pip`` set showing any of ``numbers`` (three or more
    open: a crossed spinner's, the trains'), made once for each such set of numbers."""
    table = showing(max_pip)
    return frozenset().union(*(table[n][n] for n in numbers))


@functools.cache
def _plays_fast(cls: type[Variant]) -> bool:
    return not (cls.drawing or cls.plays_turn or cls.draws_at_will) and all(
        getattr(cls, name) is getattr(Variant, name) for name in _RULES_OF_PLAY
    )


#: The rule methods of a hand in play; a variant that overrides one is played through
#: capicua.core.position.step instead of the engine's fast path.
_RULES_OF_PLAY = (
    "new_layout",
    "open_to",
    "can_draw",
    "legal_plays",
    "lacking",
    "next_layout",
    "play_points",
    "next_turn",
    "blocked",
)
