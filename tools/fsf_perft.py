#!/usr/bin/env python3
"""Record reference perft counts from Fairy-Stockfish for the variants that
`variants/variants.toml` defines under Fairy-Stockfish's own names.

For each variant it writes `tests/perft/variants/fsf_<variant>.perft` in the format of
the shared perft files (`variant;FEN;depth;nodes`), with a header naming the
engine version, the date and the commands. Positions: the start position and
three positions reached by seeded random legal moves (the legal moves come from
Fairy-Stockfish's `go perft 1` divide, the FEN from its `d` output). Depths grow
until the next one is predicted to take more than --seconds or the last count
passed --max-nodes (our generic engine is far slower than Fairy-Stockfish, and
the ignored test should stay runnable).

Standard library only. Usage:
    python3 tools/fsf_perft.py [--engine /usr/games/fairy-stockfish]
                               [--out tests/perft/variants] [variant ...]
"""

import argparse
import datetime
import os
import random
import subprocess
import sys
import time

# The Fairy-Stockfish variants that variants.toml defines (same names there).
VARIANTS = [
    "capablanca",
    "shatranj",
    "makruk",
    "kingofthehill",
    "horde",
    "losalamos",
    "knightmate",
    "antichess",
    "gardner",
    "almost",
    "chancellor",
    "embassy",
    "amazon",
    "courier",
    "nocastle",
]

# Hand-made positions near a game end, recorded after the random ones: they show
# that Fairy-Stockfish generates no move once a game has ended by an event (a king
# on the hill; a side without pieces), which is also what our engine does.
GAME_END_PROBES = {
    "kingofthehill": [
        "4k3/8/8/8/8/3K4/8/8 w - - 0 1",
        "r3k3/8/8/8/8/3K4/8/5R2 w - - 0 1",
    ],
    "antichess": [
        "8/8/8/8/8/8/1p6/R7 w - - 0 1",
        "8/8/8/8/3p4/8/8/3R4 b - - 0 1",
    ],
    "horde": [
        "4k3/8/8/3q4/4P3/8/8/8 w - - 0 1",
    ],
}

# Plies of random play before a recorded position, per position (seeded).
RANDOM_POSITIONS = 3
MIN_PLIES, MAX_PLIES = 4, 18


class Engine:
    """A Fairy-Stockfish process driven over UCI."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.id_name = None
        self.send("uci")
        for line in self.read_until(lambda l: l == "uciok"):
            if line.startswith("id name "):
                self.id_name = line[len("id name "):]

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def read_until(self, stop):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError("Fairy-Stockfish closed its output")
            line = line.rstrip("\n")
            lines.append(line)
            if stop(line):
                return lines

    def sync(self):
        self.send("isready")
        return self.read_until(lambda l: l == "readyok")

    def set_variant(self, name):
        self.send("setoption name UCI_Variant value " + name)
        self.sync()

    def position(self, fen, moves=()):
        cmd = "position fen " + fen
        if moves:
            cmd += " moves " + " ".join(moves)
        self.send(cmd)

    def perft(self, depth):
        """(nodes, divide) where divide maps move text to its count."""
        self.send("go perft %d" % depth)
        lines = self.read_until(lambda l: l.startswith("Nodes searched:"))
        divide = {}
        for line in lines:
            if ": " in line and not line.startswith(("info", "Nodes")):
                move, count = line.split(": ", 1)
                if count.strip().isdigit():
                    divide[move.strip()] = int(count)
        return int(lines[-1].split(":")[1]), divide

    def fen(self):
        self.send("d")
        for line in self.sync():
            if line.startswith("Fen: "):
                return line[len("Fen: "):].strip()
        raise RuntimeError("no Fen: line in the d output")

    def start_fen(self):
        self.send("position startpos")
        return self.fen()

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def random_position(engine, start, rng, parity):
    """A FEN reached from `start` by random legal moves (a number of plies of the
    given parity, so both sides get positions to move), with legal moves left."""
    for _attempt in range(50):
        plies = rng.randint(MIN_PLIES // 2, MAX_PLIES // 2) * 2 + parity
        moves = []
        ok = True
        for _ in range(plies):
            engine.position(start, moves)
            _, divide = engine.perft(1)
            if not divide:
                ok = False
                break
            moves.append(rng.choice(sorted(divide)))
        engine.position(start, moves)
        if ok and engine.perft(1)[0] > 0:
            return engine.fen()
    raise RuntimeError("no playable random position found")


def counts(engine, fen, seconds, max_nodes, max_depth):
    """[(depth, nodes)] up to the depth budget."""
    out = []
    prev = None
    for depth in range(1, max_depth + 1):
        engine.position(fen)
        t0 = time.monotonic()
        nodes, _ = engine.perft(depth)
        took = time.monotonic() - t0
        out.append((depth, nodes))
        if nodes == 0 or nodes >= max_nodes:
            break
        branching = nodes / prev if prev else nodes
        prev = nodes
        # The next depth costs about `branching` times this one.
        if took * max(branching, 1.0) > seconds or nodes * branching > max_nodes * 4:
            break
    return out


def record(engine, variant, out_dir, seed, seconds, max_nodes, max_depth):
    engine.set_variant(variant)
    start = engine.start_fen()
    rng = random.Random("%s-%d" % (variant, seed))
    fens = [start] + [
        random_position(engine, start, rng, i % 2) for i in range(1, RANDOM_POSITIONS + 1)
    ]
    fens += GAME_END_PROBES.get(variant, [])
    notes = []
    for fen in fens:
        if "~" in fen:
            notes.append("FEN with '~' (promoted piece): " + fen)
    lines = []
    for fen in fens:
        for depth, nodes in counts(engine, fen, seconds, max_nodes, max_depth):
            lines.append("%s;%s;%d;%d" % (variant, fen, depth, nodes))
    header = [
        "# Reference perft counts for '%s' from %s" % (variant, engine.id_name),
        "# (the Debian package's /usr/games/fairy-stockfish), recorded %s by tools/fsf_perft.py"
        % datetime.date.today().isoformat(),
        "# (seed %d). Each line: printf 'uci\\nsetoption name UCI_Variant value %s\\n"
        "position fen FEN\\ngo perft DEPTH\\n' | fairy-stockfish -> 'Nodes searched'."
        % (seed, variant),
        "# First position: Fairy-Stockfish's start position; the others: seeded random",
        "# legal moves from it (moves from 'go perft 1', FEN from the 'd' output).",
    ]
    if variant in GAME_END_PROBES:
        header.append("# Last positions: hand-made game-end probes (GAME_END_PROBES in the script).")
    header += ["# note: " + n for n in notes]
    path = os.path.join(out_dir, "fsf_%s.perft" % variant)
    with open(path, "w") as f:
        f.write("\n".join(header + lines) + "\n")
    return path, len(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "tests", "perft", "variants"))
    ap.add_argument("--seed", type=int, default=19)
    ap.add_argument("--seconds", type=float, default=5.0,
                    help="stop before a depth predicted to take longer (Fairy-Stockfish time)")
    ap.add_argument("--max-nodes", type=int, default=30_000_000,
                    help="stop after a count this large")
    ap.add_argument("--max-depth", type=int, default=8)
    ap.add_argument("variants", nargs="*", default=VARIANTS)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    engine = Engine(args.engine)
    try:
        for variant in args.variants:
            path, n = record(engine, variant, args.out, args.seed, args.seconds,
                             args.max_nodes, args.max_depth)
            print("%s: %d lines -> %s" % (variant, n, os.path.normpath(path)), flush=True)
    finally:
        engine.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
