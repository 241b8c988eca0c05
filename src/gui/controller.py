"""The table's input state machine: taps, drags and keys turned into previews and actions.

No Tk here: the canvas reports *targets*, the tag strings its items carry (``"tile:6-4"``
for a tile in the person's hand, ``"end:left"``, ``"choice:keep"``, ``"facedown:12"``,
``"button:undo"``), with pointer coordinates, and key names. :class:`Controller` answers
with a :class:`Response`: an action to take, a message to show, a command button pressed,
or just "the preview changed, redraw".

Table manners (docs/rules.md, At the table): picking a tile only *previews* it (its legal ends light
up); the move happens on a second tap on an end, or by dropping the tile on an end. A tile
that fits one end only still waits for that tap. Everything acts on *release*, a press that
moves more than :data:`DRAG_THRESHOLD` pixels is a drag, and nothing depends on hover or a
right click. The keyboard is an aid: arrows (and Tab, Shift+Tab) move the focus over the
playable tiles and the lit ends or the felt's buttons, Enter confirms, Escape steps back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.actions import DRAW, LEFT, RIGHT, Action, Pick, Play, parse_action
from ..core.tiles import Tile
from ..core.view import View
from ..i18n import _
from .texts import end_words, open_number

DRAG_THRESHOLD = 10.0  # pixels a press may wander and still be a tap (finger jitter)


@dataclass(frozen=True)
class Response:
    """What an input event asks of the table."""

    action: Action | None = None  # take this action for the person
    message: str | None = None  # show this (why a tile cannot be played, ...)
    button: str | None = None  # a command: undo, hint, continue, ...
    changed: bool = False  # selection, focus or drag changed: redraw


NOTHING = Response()


def tile_of(target: str | None) -> Tile | None:
    if target and target.startswith("tile:"):
        return Tile.parse(target[5:])
    return None


def tile_target(tile: Tile) -> str:
    return f"tile:{tile}"


def choice_target(action: Action) -> str:
    """The tag of the table choice that takes ``action`` (``lead 3`` -> ``choice:lead_3``)."""
    return f"choice:{str(action).replace(' ', '_')}"


def legal_ends(view: View, tile: Tile) -> tuple[str, ...]:
    """The ends ``tile`` may go to now (``left`` alone on an empty line), each once (a tile
    that lies either way round on an end has two plays there)."""
    return tuple(dict.fromkeys(a.end for a in view.legal if isinstance(a, Play) and a.tile is tile))


def play_on(view: View, tile: Tile, end: str) -> Play:
    """The play of ``tile`` on ``end``: the one way it goes, or where it lies either way
    round (Play.shows), the first way the rules list (its high number left open)."""
    plain = Play.of(tile, end)
    ways = [a for a in view.legal if isinstance(a, Play) and a.tile is tile and a.end == end]
    return plain if plain in ways or not ways else ways[0]


def ways(view: View, tile: Tile, end: str) -> tuple[Play, ...]:
    """The legal plays of ``tile`` on ``end``: one, or two where the tile may be laid either
    way round (a turned play: they differ in the number they leave, ``Play.shows``)."""
    return tuple(a for a in view.legal if isinstance(a, Play) and a.tile is tile and a.end == end)


def shows_of(action: Play) -> int | None:
    """The number a turned play leaves open (``None`` for a play laid the one way it goes).
    Read with getattr: a play of a game that turns no tile has no such field."""
    shows = getattr(action, "shows", None)
    return shows if isinstance(shows, int) else None


def way_target(action: Play) -> str:
    """The target of one way of laying a tile on an end: ``way:left:6`` (it leaves 6)."""
    return f"way:{action.end}:{shows_of(action)}"


def playable(view: View) -> tuple[Tile, ...]:
    """The person's tiles that can be played now, in hand order."""
    tiles = {a.tile for a in view.legal if isinstance(a, Play)}
    return tuple(t for t in view.hand if t in tiles)


def why_not(view: View, tile: Tile) -> str | None:
    """Why ``tile`` cannot be played now, in words; ``None`` if it can."""
    if view.phase != "play":
        return _("this is not the time to play a tile")
    if view.turn != view.seat:
        return _("wait: it is seat {seat}'s turn").format(seat=view.turn)
    if legal_ends(view, tile):
        return None
    if view.required is not None and not view.line:
        return _("this hand must be opened with {tile}").format(tile=view.required)
    # The game's own rule, where it can say why (Mexican Train's unsatisfied double).
    ruled = view.variant.variant().why_not(view.layout, view.seat, tile)
    if ruled is not None:
        return ruled
    if DRAW in view.legal:
        return _("{tile} does not fit: draw from the boneyard").format(tile=tile)
    ends = view.layout.open_ends()
    if any(end not in (LEFT, RIGHT) for end, _n in ends):
        # A spinner's arms or trains: the numbers open where this seat may play.
        allowed = view.variant.variant().open_to(view.layout, view.seat)
        numbers = sorted({n for end, n in ends if end in allowed})
        return _("{tile} does not fit: the open ends are {left}").format(
            tile=tile, left=", ".join(str(n) for n in numbers)
        )
    if view.ends is None:
        return _("{tile} cannot be played now").format(tile=tile)
    left, right = view.ends
    if left == right:
        return _("{tile} does not fit: the open ends are {left}").format(tile=tile, left=left)
    return _("{tile} does not fit: the open ends are {left} or {right}").format(
        tile=tile, left=left, right=right
    )


def where_to(view: View, tile: Tile) -> str:
    """Where the picked ``tile`` can go, for the status line."""
    ends = dict.fromkeys(legal_ends(view, tile))  # once each, however many ways round
    words = [end_words(e, open_number(view, e), view.seat) for e in ends]
    if len(words) == 2:
        # Translators: a picked tile that fits both ends; {first}, {second}: "the 5 end (L)".
        return _("{tile}: tap {first} or {second} to play it").format(
            tile=tile, first=words[0], second=words[1]
        )
    if len(words) > 2:
        # Translators: a picked tile that fits three or more ends: {some} is "the 0 end
        # (L), the 0 end (R)" (the ends but the last, each set off by a comma), {last}
        # "the 6 on the up arm (U)".
        return _("{tile}: tap {some} or {last} to play it").format(
            tile=tile, some=", ".join(words[:-1]), last=words[-1]
        )
    return _("{tile}: tap {where} to play it").format(tile=tile, where=" ".join(words))


def _tile_play(view: View) -> bool:
    """The person picks a tile to play now (not a draw from the boneyard, not a choice)."""
    # A game that draws at will offers a draw beside the plays: the tiles are still picked.
    return view.my_turn and view.phase == "play" and any(isinstance(a, Play) for a in view.legal)


class Controller:
    """Selection, focus and drag state for the person's input (see the module docstring)."""

    def __init__(self) -> None:
        self.selected: Tile | None = None
        self.focus: str | None = None  # the target the keyboard is on
        self.hinted: str | None = None  # the end a hint suggests for the selected tile
        self.dragging = False
        self.drag_over: str | None = None  # the lit end under a dragged tile
        self.drag_from: tuple[float, float] | None = None
        self._press: tuple[str | None, float, float] | None = None

    def reset(self) -> None:
        """Forget the selection (after any move, undo, or a new situation)."""
        self.selected = self.focus = self.hinted = self.drag_over = None
        self.dragging = False
        self.drag_from = None
        self._press = None

    def lit_ends(self, view: View | None) -> tuple[str, ...]:
        if view is None or self.selected is None:
            return ()
        # Once each: a tile that goes on an end either way round has two plays there.
        return tuple(dict.fromkeys(legal_ends(view, self.selected)))

    # -- pointer ---------------------------------------------------------------------------

    def press(self, target: str | None, x: float, y: float) -> Response:
        """Button or finger down: remember where; nothing acts until the release."""
        self._press = (target, x, y)
        self.dragging = False
        self.drag_over = None
        return NOTHING

    def motion(self, x: float, y: float, over: str | None, view: View | None) -> Response:
        """The pointer moved with the button down: maybe start or continue a drag."""
        if self._press is None:
            return NOTHING
        target, x0, y0 = self._press
        tile = tile_of(target)
        if not self.dragging:
            if (x - x0) ** 2 + (y - y0) ** 2 <= DRAG_THRESHOLD**2:
                return NOTHING
            if tile is None or view is None or why_not(view, tile) is not None:
                return NOTHING  # only a playable tile can be dragged
            self.dragging = True
            self.drag_from = (x0, y0)
            if self.selected is not tile:
                self.hinted = None
            self.selected = tile
            self.focus = tile_target(tile)
            self.drag_over = self._end_if_lit(over, view)
            return Response(changed=True)
        now = self._end_if_lit(over, view)
        changed = now != self.drag_over
        self.drag_over = now
        return Response(changed=changed)

    def release(self, over: str | None, x: float, y: float, view: View | None) -> Response:
        """Button or finger up: a drop if dragging, else a tap on what was pressed."""
        press, self._press = self._press, None
        if self.dragging:
            self.dragging = False
            end, self.drag_over, self.drag_from = self.drag_over, None, None
            end = self._end_if_lit(over, view) or end
            if end is not None and self.selected is not None and view is not None:
                if end.startswith("way:"):
                    return Response(action=self._way(end, view), changed=True)
                return Response(action=play_on(view, self.selected, end[4:]), changed=True)
            return Response(changed=True)  # dropped off the ends: the tile stays picked up
        if press is None:
            return NOTHING
        if press[0] != over:
            # Pressed one thing, released on another: not a tap. A tile that could not be
            # dragged still says why, so a try at dragging it is not met with silence.
            tile = tile_of(press[0])
            reason = why_not(view, tile) if tile is not None and view is not None else None
            return Response(message=reason) if reason else NOTHING
        return self.activate(over, view)

    def _end_if_lit(self, over: str | None, view: View | None) -> str | None:
        if over and over.startswith("end:") and over[4:] in self.lit_ends(view):
            return over
        if over and over.startswith("way:") and self._way(over, view) is not None:
            return over
        return None

    def _way(self, target: str, view: View | None) -> Play | None:
        """The legal play a ``way:end:shows`` target names, for the picked tile."""
        if view is None or self.selected is None:
            return None
        _way, end, shows = target.split(":", 2)
        for action in ways(view, self.selected, end):
            if str(shows_of(action)) == shows:
                return action
        return None

    # -- what a tap (or Enter) on a target does ------------------------------------------

    def activate(self, target: str | None, view: View | None) -> Response:
        if target is None or target == "felt":
            if self.selected is None and self.focus is None:
                return NOTHING
            self.reset()
            return Response(changed=True)
        if target.startswith("button:"):
            return Response(button=target[7:])
        if target.startswith("choice:"):
            return self._choice(target[7:], view)
        if target.startswith("facedown:"):
            return self._legal(Pick.of(int(target[9:])), view)
        if target == "boneyard":
            if view is not None and view.my_turn and DRAW not in view.legal:
                return Response(message=_("a tile of yours fits: play it, no draw"))
            return self._legal(DRAW, view)
        if target.startswith("end:"):
            return self._end(target[4:], view)
        if target.startswith("way:"):
            action = self._way(target, view)
            if action is None:
                return self._end(target.split(":")[1], view)
            self.reset()
            return Response(action=action, changed=True)
        tile = tile_of(target)
        if tile is not None:
            return self._tile(tile, view)
        return NOTHING

    def _choice(self, key: str, view: View | None) -> Response:
        try:
            action = parse_action(key.replace("_", " "))  # tags hold no spaces: lead_3
        except ValueError:
            return Response(button=key)  # continue, resume, new match: table commands
        return self._legal(action, view)

    def _legal(self, action: Action, view: View | None) -> Response:
        if view is None or action not in view.legal:
            return Response(message=_("that is not your decision now"))
        self.reset()
        return Response(action=action, changed=True)

    def _tile(self, tile: Tile, view: View | None) -> Response:
        if view is None:
            return NOTHING
        reason = why_not(view, tile)
        if reason is not None:
            return Response(message=reason)
        if self.selected is tile:
            self.reset()  # a second tap on the picked tile puts it back
            return Response(changed=True)
        return self._pick(tile, view)

    def _end(self, end: str, view: View | None) -> Response:
        if view is None or not view.my_turn or view.phase != "play":
            return NOTHING
        if self.selected is None:
            return Response(message=_("pick a tile first, then tap the end to play it on"))
        if end not in self.lit_ends(view):
            if not view.layout:
                return Response(
                    message=_("tap the lit spot to open with {tile}").format(tile=self.selected)
                )
            where = end_words(end, open_number(view, end), view.seat)
            return Response(
                message=_("{tile} does not fit {where}").format(tile=self.selected, where=where)
            )
        # A tile that goes on this end either way round waits for a tap on the half of the
        # end it is to leave open; Enter takes the first way.
        action = ways(view, self.selected, end)[0]
        self.reset()
        return Response(action=action, changed=True)

    # -- keyboard -----------------------------------------------------------------------

    def key(
        self, key: str, view: View | None, choices: Sequence[str], panel: Sequence[str] = ()
    ) -> Response:
        """Arrow keys, Tab/ISO_Left_Tab, Return/KP_Enter/space and Escape.

        ``choices`` are the focusable targets of a decision other than playing a tile
        (face-down tiles, keep/redeal, continue...), in reading order; ``panel`` the side
        panel's buttons that can be pressed now. The arrows move over the tiles or the
        choices; Tab and Shift+Tab walk on from them through the panel's buttons.
        """
        if key in ("Return", "KP_Enter", "space"):
            if self.focus is None:
                return NOTHING
            if self.focus.startswith("tile:") and self.selected is tile_of(self.focus):
                ends = self.lit_ends(view)
                if ends:
                    # Enter on a picked tile goes to its end: the move still needs a confirm.
                    if self.hinted and self.hinted.startswith("way:"):
                        self.focus = self.hinted  # a hint's way round of a turned play
                    else:
                        self.focus = f"end:{self.hinted[4:] if self.hinted else ends[0]}"
                    return Response(changed=True)
            return self.activate(self.focus, view)
        if key == "Escape":
            if self.focus and self.focus.startswith("end:") and self.selected is not None:
                self.focus = tile_target(self.selected)
                return Response(changed=True)
            if self.selected is None and self.focus is None:
                return NOTHING
            self.reset()
            return Response(changed=True)
        if key in ("Tab", "ISO_Left_Tab"):
            way = 1 if key == "Tab" else -1
            if panel and (self.focus in panel or self._walked_off(view, choices, way)):
                return self._tab_panel(view, choices, panel, way)
            key = "Right" if key == "Tab" else "Left"  # Tab walks the same way as the arrows
        step = {"Right": 1, "Down": 1, "Left": -1, "Up": -1}.get(key)
        if step is None:
            return NOTHING
        if view is not None and _tile_play(view):
            return self._key_play(key, step, view)
        return self._move_focus(list(choices), step)

    def _key_play(self, key: str, step: int, view: View) -> Response:
        ends = self.lit_ends(view)
        on_end = self.focus is not None and self.focus.startswith("end:")
        if key == "Up" and self.selected is not None and ends and not on_end:
            self.focus = f"end:{ends[0]}"
            return Response(changed=True)
        if key == "Down" and on_end and self.selected is not None:
            self.focus = tile_target(self.selected)
            return Response(changed=True)
        if on_end and key in ("Left", "Right"):
            return self._move_focus([f"end:{e}" for e in ends], step)
        if key in ("Up", "Down"):
            return NOTHING
        tiles = playable(view)
        if not tiles:
            return NOTHING
        current = self.selected if self.selected in tiles else None
        if current is None:
            nxt = tiles[0] if step > 0 else tiles[-1]
        else:
            nxt = tiles[(tiles.index(current) + step) % len(tiles)]
        return self._pick(nxt, view)

    def _pick(self, tile: Tile, view: View) -> Response:
        """Pick up ``tile`` (a playable one) by key: the status line says where it goes,
        as it does for a tap."""
        self.selected, self.hinted = tile, None
        self.focus = tile_target(tile)
        return Response(message=where_to(view, tile), changed=True)

    def _walked_off(self, view: View | None, choices: Sequence[str], step: int) -> bool:
        """Tab from the last tile or choice (Shift+Tab from the first) leaves for the panel."""
        if view is not None and _tile_play(view):
            order = [tile_target(t) for t in playable(view)]
            if self.focus is not None and self.focus.startswith("end:") and self.selected:
                return False  # on a lit end: Tab walks the ends
        else:
            order = list(choices)
        if not order:
            return True
        return self.focus == (order[-1] if step > 0 else order[0])

    def _tab_panel(
        self, view: View | None, choices: Sequence[str], panel: Sequence[str], step: int
    ) -> Response:
        """Tab on the panel's buttons; past the last (or before the first) back to the
        tiles or the choices."""
        if self.focus in panel:
            i = panel.index(self.focus) + step
            if 0 <= i < len(panel):
                self.focus = panel[i]
                return Response(changed=True)
            self.selected = self.hinted = None
            if view is not None and _tile_play(view) and playable(view):
                tiles = playable(view)
                return self._pick(tiles[0] if step > 0 else tiles[-1], view)
            self.focus = None
            return self._move_focus(list(choices), step) if choices else Response(changed=True)
        self.selected = self.hinted = None
        self.focus = panel[0] if step > 0 else panel[-1]
        return Response(changed=True)

    def _move_focus(self, targets: list[str], step: int) -> Response:
        if not targets:
            return NOTHING
        if self.focus in targets:
            i = (targets.index(self.focus) + step) % len(targets)
        else:
            i = 0 if step > 0 else len(targets) - 1
        self.focus = targets[i]
        return Response(changed=True)

    # -- hints ------------------------------------------------------------------------------

    def preview(self, action: Action) -> None:
        """Show ``action`` as a preview (a hint): pick its tile and point at its end, or put
        the focus on its choice. Nothing is played until the person confirms."""
        self.reset()
        if isinstance(action, Play):
            self.selected = action.tile
            # A turned play points at the half of its end that leaves its number.
            self.hinted = f"end:{action.end}" if shows_of(action) is None else way_target(action)
            self.focus = self.hinted
        elif isinstance(action, Pick):
            self.focus = f"facedown:{action.index}"
        else:
            self.focus = choice_target(action)
