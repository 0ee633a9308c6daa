#!/usr/bin/env python3
"""Search depths per engine in a match's PGN: python3 tools/pgn_depths.py GAMES.pgn [DEPTH]

`manifold match --pgn` writes `{cp SCORE/DEPTH TIME}` after each move. This prints, for
each engine name (the White and Black tags), how many moves carry a depth, the mean
depth, and the share of moves that reached DEPTH (default 8), so a search change that
acts only from some depth on can be checked to have acted at all at the match's time
control. Mate scores report a depth of 100 or more and are left out of the depths. It
also prints the mean time per move, so that a time-management change can be told from
one that only spends more of the clock.
"""
import collections
import re
import sys


def depths_by_engine(text):
    """Per engine: a Counter of depths, and the list of times per move in seconds."""
    depths = collections.defaultdict(collections.Counter)
    times = collections.defaultdict(list)
    for game in text.split("[Event ")[1:]:
        white = re.search(r'\[White "([^"]*)"', game).group(1)
        black = re.search(r'\[Black "([^"]*)"', game).group(1)
        movetext = game.split("\n\n", 1)[1]
        # A move number starts White's move; the next comment is White's, the one
        # after it Black's.
        mover = white
        for number, depth, seconds in re.findall(
            r"(\d+)\.\s|\{[^}]*?/(\d+) ([0-9.]+)s", movetext
        ):
            if number:
                mover = white
                continue
            if int(depth) < 100:
                depths[mover][int(depth)] += 1
            times[mover].append(float(seconds))
            mover = black
    return depths, times


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    threshold = int(sys.argv[2]) if len(sys.argv) == 3 else 8
    with open(sys.argv[1], encoding="utf-8") as f:
        depths, times = depths_by_engine(f.read())
    for engine, counts in sorted(depths.items()):
        total = sum(counts.values())
        mean = sum(d * c for d, c in counts.items()) / total
        deep = sum(c for d, c in counts.items() if d >= threshold)
        print(f"{engine}: {total} moves, mean depth {mean:.2f}, "
              f"depth >= {threshold}: {deep} ({100 * deep / total:.1f}%), "
              f"mean time {1000 * sum(times[engine]) / len(times[engine]):.1f} ms")


if __name__ == "__main__":
    main()
