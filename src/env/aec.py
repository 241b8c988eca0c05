"""A PettingZoo AEC environment for any installed capicua variant.

One episode is one match, played by capicua's engine: the same seed deals the same tiles as
a tournament's or ``capicua simulate``'s match with that seed, and :meth:`CapicuaEnv.record`
is its ``capicua-match/1`` record. The agents are the seats, ``seat_1`` to ``seat_N``, in
turn order; every decision is a step of the seat to move, the draw for first lead, the
choice of leader and redeal claims included, each masked like a play.

An observation is a dict: ``observation``, the seat's view as float32 numbers
(:class:`~capicua.env.encoding.Encoding`, docs/learning.md), and ``action_mask``, int8 with
1 for each legal action. Rewards are :class:`~capicua.env.rewards.Rewards`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import missing_extra

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ModuleNotFoundError as exc:  # the optional extra is not installed
    raise missing_extra(exc) from None

from ..core.actions import Action
from ..core.driver import imposed
from ..core.match import PLAY, Match
from ..core.records import to_record
from ..core.rng import derive_seed, fresh_seed
from ..core.tiles import Tile
from ..core.variant import HandResult, Variant
from .encoding import Encoding, Following, Tracker
from .render import table_text
from .rewards import Rewards, hand_points

RENDER_MODES = ("ansi", "human")
OPTIONS = ("script",)


class CapicuaEnv(AECEnv):
    """A match of ``variant`` as a PettingZoo AEC environment.

    :param variant: a variant's name (any installed, third-party ones and games with rules
        of play of their own included), a :class:`~capicua.core.variant.Variant` (with the
        game's options chosen: ``MexicanTrain(rounds=2)``) or its class.
    :param rewards: weights of ``hand``, ``points`` and ``match`` (default ``{"match": 1}``).
    :param max_hands: end an episode after this many hands, as a truncation (None: play the
        match out).
    :param skip_forced: apply decisions with a single legal action (a forced pass, the tile
        that must open) without asking the agent; their rewards still reach every agent.
    :param render_mode: ``"ansi"`` (``render()`` returns the table as text) or ``"human"``
        (it prints it, and every step renders).
    :param plugins: the loaded plugins to find ``variant`` in (default: this process's).
    """

    metadata = {
        "render_modes": list(RENDER_MODES),
        "name": "capicua_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        variant: str | Variant | type[Variant] = "chiva",
        *,
        rewards: Mapping[str, float] | None = None,
        max_hands: int | None = None,
        skip_forced: bool = False,
        render_mode: str | None = None,
        plugins: Any = None,
    ) -> None:
        super().__init__()
        self.variant = _variant(variant, plugins)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode is one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}"
            )
        hands: object = max_hands  # typed int | None, but it is whatever the caller passed
        if hands is not None and (
            isinstance(hands, bool) or not isinstance(hands, int) or hands < 1
        ):
            raise ValueError(
                f"max_hands is a whole number of at least 1 or None, not {max_hands!r}"
            )
        self.weights = Rewards.parse(rewards)
        self.max_hands = max_hands
        self.skip_forced = bool(skip_forced)
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"capicua_{self.variant.name}_v0"}
        enc = self.encoding = Encoding(self.variant)
        n = self.variant.seats
        self.possible_agents = [f"seat_{s}" for s in range(1, n + 1)]
        self._names = ["", *self.possible_agents]  # by seat number
        self._seat_of = {a: s for s, a in enumerate(self._names) if s}
        self._team_of = self.variant.team_of
        self._n_teams = len(self.variant.teams)
        # One space object per agent: seeding one agent's space must not seed another's.
        self.observation_spaces = {a: self._observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(enc.n_actions) for a in self.possible_agents}
        #: Each seat's actions by number (None: no action), read at every step.
        self._numbered = enc._actions
        self._n_actions = enc.n_actions
        self.state_space = spaces.Box(
            np.tile(enc.low, n), np.tile(enc.high, n), (n * enc.size,), np.float32
        )
        # Each seat's vector is brought up to date when the seat is observed: the block
        # game's rules follow the plays, other rules the actions and the engine's position.
        self._tracker: Tracker | Following = Tracker(enc) if enc.tracked else Following(enc)
        self._base_seed: int | None = None
        self._episode = 0
        self.match: Match | None = None
        self.agents: list[str] = []
        self._done = True
        self._rewarded = False
        #: The actions the agent to move may take now (_legal_now), None until asked.
        self._now: Sequence[Action] | None = None

    def _observation_space(self) -> spaces.Dict:
        enc = self.encoding
        return spaces.Dict(
            {
                "observation": spaces.Box(enc.low, enc.high, (enc.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (enc.n_actions,), np.int8),
            }
        )

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the episode ------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match.

        ``seed`` is the match's seed: the deals are those of capicua's match with that seed.
        Without one, the seed of the episode comes from the last seed given (the same
        sequence of matches after the same ``reset(seed=...)``), or a fresh one if none was
        ever given. ``options={"script": shuffles}`` fixes the first chance events, as
        :class:`~capicua.core.match.Match` takes them (explicit deals for tests and
        curricula); other options are ignored.
        """
        script: Sequence[Sequence[Tile]] = ()
        if options:
            script = options.get("script") or ()
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
                raise ValueError(f"a seed is a whole number, not {seed!r}")
            self._base_seed, self._episode = int(seed), 0
            match_seed = int(seed)
        elif self._base_seed is not None:
            self._episode += 1
            match_seed = derive_seed(self._base_seed, "episode", self._episode)
        else:
            match_seed = fresh_seed()
        self.match = self.variant.new_match(match_seed, script)
        self._now = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._done = False
        self._rewarded = False
        self._hands_done = 0
        self._tracker.rebuild(self.match)
        self._skip_forced()
        if self._rewarded:  # a forced opening that blocked the hand at once
            self._accumulate_rewards()
        self._select(None)

    def step(self, action: Any) -> None:
        """Take ``action`` (an action number, see the action mask) for the agent selected."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        m = self.match
        assert m is not None  # an agent is selected, so the episode was reset
        seat = self._seat_of[agent]
        chosen = self._action(action, seat)
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        self._apply(seat, chosen)
        if self.skip_forced:
            self._skip_forced()
        if self._rewarded:
            self._accumulate_rewards()
        self._select(seat)
        if self.render_mode == "human":
            self.render()

    def _action(self, action: Any, seat: int) -> Action:
        m = self.match
        assert m is not None
        try:
            index = int(action)
        except (TypeError, ValueError):
            raise ValueError(
                f"an action is a number from 0 to {self.encoding.n_actions - 1}, not {action!r}"
            ) from None
        legal = self._legal_now(m)
        # The seat's numbering read directly (Encoding.action says why a number is none).
        chosen = self._numbered[seat][index] if 0 <= index < self._n_actions else None
        if chosen is None:
            chosen = self.encoding.action(index, seat)
        for a in legal:  # actions are interned: identity is equality
            if a is chosen:
                return chosen
        named = ", ".join(f"{self.encoding.action_index(a, seat)} ({a})" for a in legal[:12])
        raise ValueError(
            f"{self._names[seat]} cannot take action {index} ({chosen}) now; legal: {named}"
        )

    @staticmethod
    def _legal(m: Match) -> Sequence[Action]:
        """The actions an agent may take: the legal ones, or the one the driver imposes on
        every computer seat (an agent is one): the redeal at a claim, which only a person
        may decline."""
        forced = imposed(m)
        return (forced,) if forced is not None else m.legal_actions()

    def _legal_now(self, m: Match) -> Sequence[Action]:
        """:meth:`_legal` of the match as it is, asked once between actions (the mask and
        the check of the action taken both read it)."""
        legal = self._now
        if legal is None:
            legal = self._now = self._legal(m)
        return legal

    def _apply(self, seat: int, action: Action) -> None:
        m = self.match
        assert m is not None
        logs = m.hands_log
        log = logs[-1] if logs else None
        running = log is not None and log.result is None
        phase = m.phase
        m.apply(action)
        self._now = None
        if phase == PLAY and running and log is not None and log.result is None:
            self._tracker.step(m, seat, action)
            return
        self._tracker.rebuild(m)
        if running and log is not None and log.result is not None:
            self._hand_ended(log.number, log.result)

    def _skip_forced(self) -> None:
        m = self.match
        assert m is not None
        if not self.skip_forced:
            return
        while not self._done and m.turn is not None:
            legal = self._legal_now(m)
            if len(legal) != 1:
                return
            self._apply(m.turn, legal[0])

    def _hand_ended(self, number: int, result: HandResult) -> None:
        m = self.match
        assert m is not None
        self._hands_done += 1
        # The scores as hand ``number`` began: those after the hand before it.
        previous = m.hands_log[number - 2].result if number > 1 else None
        before = previous.scores if previous is not None else (0,) * self._n_teams
        points = hand_points(self.variant, before, result)
        gains = self.weights.of_hand(result, self._n_teams, points)
        if m.over and m.winners:
            for team, r in self.weights.of_match(m.winners, self._n_teams).items():
                gains[team] = gains.get(team, 0.0) + r
        if gains:
            for agent in self.agents:
                self.rewards[agent] += gains.get(self._team_of[self._seat_of[agent]], 0.0)
            self._rewarded = True
        if m.over:
            self.terminations = dict.fromkeys(self.agents, True)
            self._done = True
        elif self.max_hands is not None and self._hands_done >= self.max_hands:
            self.truncations = dict.fromkeys(self.agents, True)
            self._done = True

    def _select(self, actor: int | None) -> None:
        m = self.match
        assert m is not None
        if m.turn is not None and not self._done:
            self.agent_selection = self._names[m.turn]
        else:
            # The episode is over: each agent steps once more, with None, to leave it; the
            # one that ended it first (it has just seen the last reward of its own action).
            self.agent_selection = self._names[actor] if actor else self.agents[0]

    # -- what the agents see ----------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of[agent]
        m = self.match
        assert m is not None, "reset() the environment before observing it"
        legal = self._legal_now(m) if m.turn == seat and not self._done else ()
        return {
            "observation": self._tracker.observation(seat),
            "action_mask": self.encoding.mask(legal, seat),
        }

    def state(self) -> np.ndarray:
        """Every seat's observation, seat 1 first (all hands; the unused tiles stay hidden)."""
        return np.concatenate([self._tracker.observation(s) for s in self._seat_of.values()])

    def record(self) -> dict:
        """The ``capicua-match/1`` record of the episode so far (``capicua replay`` reads
        it); each seat's entry is its agent's name."""
        assert self.match is not None, "reset() the environment first"
        return to_record(self.match, {s: a for a, s in self._seat_of.items()})

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode: make the environment with "
                "render_mode='ansi' (text) or 'human' (printed)"
            )
            return None
        if self.match is None:
            text = f"{self.variant.title}: reset() deals the first hand"
        else:
            text = table_text(self.match)
        if self.render_mode == "human":
            print(text, flush=True)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""


def _variant(variant: str | Variant | type[Variant], plugins: Any) -> Variant:
    made: Variant
    if isinstance(variant, Variant):
        made = variant
    elif isinstance(variant, type) and issubclass(variant, Variant):
        made = variant()
    elif not isinstance(variant, str):
        raise ValueError(f"a variant is a name, a Variant or its class, not {variant!r}")
    else:
        if plugins is None:
            from ..plugins import default_plugins

            plugins = default_plugins()
        made = plugins.variants.create(variant)
    return made
