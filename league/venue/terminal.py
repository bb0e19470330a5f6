"""A QR code in the terminal (the same encoder as the printouts: reportlab's), two
modules per character cell with the upper and lower half block."""

from __future__ import annotations

from reportlab.graphics.barcode.qr import QrCodeWidget

QUIET = 2  # modules of white around the code (4 is the standard; 2 reads fine on screens)


def qr_matrix(text: str) -> list[list[bool]]:
    """The code's modules, True for dark, with the quiet zone."""
    widget = QrCodeWidget(text, barLevel="M")
    widget.qr.make()
    modules = [[bool(m) for m in row] for row in widget.qr.modules]
    size = len(modules) + 2 * QUIET
    blank = [False] * size
    return (
        [list(blank) for _ in range(QUIET)]
        + [[False] * QUIET + row + [False] * QUIET for row in modules]
        + [list(blank) for _ in range(QUIET)]
    )


def qr_text(text: str, *, ansi: bool = True) -> str:
    """The code as lines of text. With ``ansi`` black on white by colour codes (right on
    dark and light terminals alike); without, dark modules as blocks on the terminal's
    background (right on a light background)."""
    matrix = qr_matrix(text)
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    lines = []
    for top, bottom in zip(matrix[0::2], matrix[1::2], strict=True):
        if ansi:
            # foreground = upper module, background = lower module; 30/40 black, 97/107 white
            cells = [
                f"\x1b[{30 if t else 97};{40 if b else 107}m▀"
                for t, b in zip(top, bottom, strict=True)
            ]
            lines.append("".join(cells) + "\x1b[0m")
        else:
            chars = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
            lines.append("".join(chars[(t, b)] for t, b in zip(top, bottom, strict=True)))
    return "\n".join(lines)
