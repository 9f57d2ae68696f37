"""tests/cli/orient_oracle.py: DESIGN 12's turning of a template, written apart
from the engine's (core/orient.c) so the tests that turn rooms (orient_sim,
forced_sweep, show_orient) check the engine against an oracle of their own."""


def turn(k, tw, th, x, y):
    """Template cell (x, y) of a tw x th template in orientation k: mirrored
    left to right first when k >= 4, then k mod 4 quarter turns clockwise."""
    if k & 4:
        x = tw - 1 - x
    cw, ch = tw, th
    for _ in range(k & 3):
        x, y, cw, ch = ch - 1 - y, x, ch, cw
    return x, y
