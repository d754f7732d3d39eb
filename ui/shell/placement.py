"""Where the main window goes on the screen (Qt-free): the first start's size, and a restored
window kept within the room the screen has for windows (its available geometry)."""

from __future__ import annotations

__all__ = ["Box", "centred", "within"]

Box = tuple[int, int, int, int]  # x, y, width, height in pixels


def centred(room: Box, share: float) -> Box:
    """A window ``share`` of ``room`` wide and high, in its middle.

    >>> centred((0, 0, 1366, 768), 0.9)
    (68, 38, 1229, 691)
    """
    x, y, width, height = room
    inner = round(width * share), round(height * share)
    return x + (width - inner[0]) // 2, y + (height - inner[1]) // 2, inner[0], inner[1]


def within(box: Box, room: Box, frame: tuple[int, int, int, int] = (0, 0, 0, 0)) -> Box:
    """The window ``box`` (without its frame) moved, and shrunk only if it is larger than
    ``room``, so that it and its ``frame`` (left, top - the title bar -, right and bottom borders)
    lie within ``room``.

    >>> within((308, 335, 1006, 524), (0, 0, 1366, 768), (1, 24, 1, 1))  # saved lower on a larger screen
    (308, 243, 1006, 524)
    >>> within((-50, 10, 1918, 1040), (0, 0, 1366, 768), (1, 24, 1, 1))
    (1, 24, 1364, 743)
    >>> within((100, 100, 600, 400), (0, 0, 1366, 768), (1, 24, 1, 1))  # already within: left as it is
    (100, 100, 600, 400)
    """
    room_x, room_y, room_width, room_height = room
    left, top, right, bottom = frame
    x, y, width, height = box
    width, height = min(width, room_width - left - right), min(height, room_height - top - bottom)
    x = min(max(x, room_x + left), room_x + room_width - right - width)
    y = min(max(y, room_y + top), room_y + room_height - bottom - height)
    return x, y, width, height
