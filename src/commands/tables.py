"""Tables of figures that fit the width they are printed at, with every figure whole.

``tournament`` and ``league`` print their figures as rich tables. Left to itself, rich
squeezes a table wider than the terminal by cutting its cells ("[44.4-54.…"), so a table
here is laid out in the first of a few ways that fits: every column on one line; the
columns split into groups, each a table of its own with the row names again; then the same
two with each interval stacked under its figure (a crosstable stacks before it splits).
Numbers never wrap; only names (of rows, of players) may fold, when nothing else fits.

Output that is not a terminal is laid out at ``COLUMNS`` or 80 columns, as rich does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich import box
from rich.console import Console, JustifyMethod
from rich.measure import Measurement
from rich.table import Table


@dataclass
class Column:
    """A column: its heading and one cell per row. A cell with an interval is written
    ``"49.2 [44.4–54.1]"``; stacked, the interval goes under the figure."""

    header: str
    cells: list[str] = field(default_factory=list)
    justify: JustifyMethod = "right"
    fold: bool = False  # words (a player's name), not figures: may fold to fit


@dataclass
class Figures:
    """Rows of figures: the names of the rows, their columns in groups (each group a table
    of its own when the whole is too wide), and the rows after which a section ends."""

    names: list[str]
    groups: list[list[Column]]
    sections: Sequence[int] = ()
    name_header: str = ""
    name_justify: JustifyMethod = "left"
    #: Stack the intervals before splitting the columns: for a crosstable, which reads
    #: best as one square.
    stack_first: bool = False


def percent(share: float, ci: Sequence[float], digits: int = 1, unit: str = "") -> str:
    """A share and its interval as percentages, one cell: ``"49.2 [44.4–54.1]"``."""
    lo, hi = ci
    return f"{100 * share:.{digits}f}{unit} [{100 * lo:.{digits}f}–{100 * hi:.{digits}f}]"


def stack(cell: str) -> str:
    """``"49.2 [44.4–54.1]"`` as two lines, the interval under the figure."""
    figure, sep, interval = cell.partition(" [")
    return f"{figure}\n[{interval}" if sep else cell


def _table(figures: Figures, columns: list[Column], stacked: bool) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(figures.name_header, justify=figures.name_justify, overflow="fold")
    for column in columns:
        if column.fold:
            table.add_column(column.header, justify=column.justify, overflow="fold")
        else:
            table.add_column(column.header, justify=column.justify, no_wrap=True)
    last = len(figures.names) - 1
    for i, name in enumerate(figures.names):
        cells = [stack(c.cells[i]) if stacked else c.cells[i] for c in columns]
        # Stacked rows are two lines each: a blank line between rows keeps them apart.
        end = i != last and (i in figures.sections or stacked)
        table.add_row(name, *cells, end_section=end)
    return table


def measure(console: Console, table: Table) -> Measurement:
    """The widths ``table`` takes: its maximum with nothing folded, its minimum with the
    names folded as far as they go."""
    return Measurement.get(console, console.options.update_width(10**6), table)


def layout(figures: Figures, console: Console) -> list[Table]:
    """The tables to print ``figures`` in: the first layout (see the module's docstring)
    whose every table fits the console's width with nothing folded, else the first that
    fits with the names folded, else the narrowest."""
    whole = [[c for group in figures.groups for c in group]]
    if figures.stack_first:
        order = [(whole, False), (whole, True), (figures.groups, False), (figures.groups, True)]
    else:
        order = [(whole, False), (figures.groups, False), (whole, True), (figures.groups, True)]
    candidates = [
        [_table(figures, columns, stacked) for columns in parts if columns]
        for parts, stacked in order
    ]
    for folded in (False, True):
        for tables in candidates:
            widths = [measure(console, t) for t in tables]
            if all((w.minimum if folded else w.maximum) <= console.width for w in widths):
                return tables
    return min(candidates, key=lambda ts: max(measure(console, t).minimum for t in ts))


def print_figures(figures: Figures, console: Console) -> None:
    """Print ``figures`` in the tables :func:`layout` chooses."""
    for table in layout(figures, console):
        console.print(table)
