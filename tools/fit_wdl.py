"""Fits the WDL model behind `UCI_ShowWDL` to a variant's self-play games.

The model (the shape Stockfish made common): from the side to move's score s in
centipawns,
    P(win)  = 1 / (1 + exp((a - s) / b))
    P(loss) = 1 / (1 + exp((a + s) / b))
    P(draw) = 1 - P(win) - P(loss)
a is the score at which a win is as likely as not, b how fast that changes.

Input: PGN files written by `manifold match` (every engine turn carries a comment
`{cp S/D T}` with the mover's score). Every scored turn is one sample, labelled with
the game's result from the mover's side. Mate scores and unfinished games are skipped.

Usage: python3 tools/fit_wdl.py GAMES.pgn [...]
Prints the sample count, the fitted a and b, and the log-likelihood per sample.
Deterministic: a coarse grid, then two finer grids around the best point.
"""

import math
import random
import re
import sys

TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
COMMENT_CP = re.compile(r"\{cp (-?\d+)/")


def samples(paths):
    """(score, outcome) pairs, outcome 1 win, 0.5 draw, 0 loss for the mover."""
    out = []
    for path in paths:
        text = open(path, encoding="utf-8").read()
        for game in re.split(r"\n(?=\[Event )", text):
            tags = {}
            body = []
            for line in game.splitlines():
                m = TAG.match(line)
                if m:
                    tags[m.group(1)] = m.group(2)
                else:
                    body.append(line)
            result = tags.get("Result")
            if result not in ("1-0", "0-1", "1/2-1/2"):
                continue
            movetext = " ".join(body)
            # Walk the turns in order: tokens are turn numbers, turns and comments.
            side = "w"
            mover = None
            fen = tags.get("FEN")
            if fen and len(fen.split(" ")) > 1 and fen.split(" ")[1] == "b":
                side = "b"
            for token in re.findall(r"\{[^}]*\}|\S+", movetext):
                if token.startswith("{"):
                    m = COMMENT_CP.match(token)
                    if m and mover is not None:
                        s = int(m.group(1))
                        if result == "1/2-1/2":
                            o = 0.5
                        else:
                            o = 1.0 if (result == "1-0") == (mover == "w") else 0.0
                        out.append((s, o))
                    continue
                if re.fullmatch(r"\d+\.(\.\.)?", token) or token in ("1-0", "0-1", "1/2-1/2", "*"):
                    mover = None
                    continue
                mover = side
                side = "b" if side == "w" else "w"
    return out


def log_likelihood(data, a, b):
    total = 0.0
    for s, o in data:
        w = 1.0 / (1.0 + math.exp(min(50.0, (a - s) / b)))
        l = 1.0 / (1.0 + math.exp(min(50.0, (a + s) / b)))
        d = max(1e-9, 1.0 - w - l)
        p = w if o == 1.0 else (l if o == 0.0 else d)
        total += math.log(max(p, 1e-9))
    return total / len(data)


def fit(data):
    best = None
    a_lo, a_hi, b_lo, b_hi = 0.0, 1500.0, 10.0, 6000.0
    for _ in range(3):
        for i in range(31):
            a = a_lo + (a_hi - a_lo) * i / 30
            for j in range(31):
                b = b_lo + (b_hi - b_lo) * j / 30
                ll = log_likelihood(data, a, b)
                if best is None or ll > best[0]:
                    best = (ll, a, b)
        _, a, b = best
        da, db = (a_hi - a_lo) / 10, (b_hi - b_lo) / 10
        a_lo, a_hi = max(0.0, a - da), a + da
        b_lo, b_hi = max(5.0, b - db), b + db
    return best


def main():
    data = samples(sys.argv[1:])
    if len(data) < 100:
        sys.exit(f"only {len(data)} scored turns: play more games")
    rng = random.Random(1)
    sample = data if len(data) <= 8000 else rng.sample(data, 8000)
    ll, a, b = fit(sample)
    wins = sum(1 for _, o in data if o == 1.0)
    draws = sum(1 for _, o in data if o == 0.5)
    print(f"samples {len(data)} (mover won {wins}, drew {draws}, lost {len(data) - wins - draws}); "
          f"fit on {len(sample)}: a {a:.0f} b {b:.0f} log-likelihood/sample {ll:.4f}")


if __name__ == "__main__":
    main()
