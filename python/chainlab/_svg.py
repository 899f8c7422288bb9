"""A position drawn as SVG, as the app's board draws it: column numbers on top, row numbers
on the left (the ROW,COL coordinates of the docs), each cell's atoms as orbs in its
owner's colour."""
from typing import Dict, Optional, Sequence, Tuple

# The app's colours (src/gui/theme.rs): one per seat A..H, the board and its grid.
PLAYER_COLOURS = ("#E69F00", "#56B4E9", "#00B383", "#DC8AC0", "#F0E442", "#E05A10", "#8E6CEF", "#C8C8C8")
BACKGROUND, CELL, GRID, MUTED = "#161A20", "#242931", "#3A414C", "#9AA3AE"
# Where the orbs of a cell with 1, 2, 3 or more atoms sit, as fractions of the cell.
ORBS = {1: ((0.5, 0.5),), 2: ((0.35, 0.5), (0.65, 0.5)), 3: ((0.5, 0.33), (0.33, 0.65), (0.67, 0.65))}


def position_svg(position, cell: int = 48, heat: Optional[Sequence[Sequence[Optional[int]]]] = None) -> str:
    """The SVG of `position`; `heat` (rows of values, None for no value) writes a value in each cell."""
    margin = 24
    width, height = margin + position.cols * cell + 4, margin + position.rows * cell + 4
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="{BACKGROUND}"/>',
    ]
    for c in range(position.cols):
        out.append(_text(margin + c * cell + cell / 2, margin / 2 + 5, str(c), MUTED, 12))
    for r in range(position.rows):
        out.append(_text(margin / 2, margin + r * cell + cell / 2 + 4, str(r), MUTED, 12))
    for r, row in enumerate(position.cells):
        for c, (owner, atoms) in enumerate(row):
            x, y = margin + c * cell, margin + r * cell
            out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{CELL}" stroke="{GRID}"/>')
            if owner is not None:
                colour = PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]
                spots = ORBS.get(atoms, ORBS[3])
                for fx, fy in spots:
                    out.append(f'<circle cx="{x + fx * cell:.1f}" cy="{y + fy * cell:.1f}" r="{cell * 0.13:.1f}" fill="{colour}"/>')
                if atoms > 3:
                    out.append(_text(x + cell - 8, y + 12, str(atoms), colour, 10))
            value = heat[r][c] if heat is not None else None
            if value is not None:
                out.append(_text(x + cell / 2, y + cell - 6, str(value), "#F2C06B", 11))
    out.append("</svg>")
    return "\n".join(out)


def _text(x: float, y: float, text: str, colour: str, size: int) -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" fill="{colour}" font-size="{size}" text-anchor="middle">{text}</text>'
