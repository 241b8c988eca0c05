"""The table window's own state, beside the match: a plain value the scene reads and the
status logic (:mod:`.status`) words. No Tk."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Choice:
    target: str  # canvas tag, e.g. "choice:keep"
    label: str


@dataclass
class Ui:
    """The window's own state that the scene shows beside the match."""

    message: str | None = None
    thinking: int | None = None  # the computer seat whose decision is being computed
    paused: bool = False  # a side window is open: nothing scheduled is applied
    paused_by: tuple[str, ...] = ()  # which: "rules", "log", "settings"
    question: tuple[str, tuple[Choice, ...]] | None = None  # a table question (resume?)
    question_kind: str | None = None  # "resume" or "new"
    step_wait: int | None = None  # step mode: the seat waiting for Next (0: a finished hand)
    error: str | None = None  # a computer player broke; the match waits
    #: Why nothing can be played now (a host out of reach): the status line until it is
    #: lifted, the hand greyed, taps on the felt's tiles and ends not taken.
    blocked: str | None = None
    notice: str | None = None  # about the save (damaged, not written): until the person acts
    buttons: dict[str, bool] = field(default_factory=dict)
