#!/usr/bin/env python3
"""Time to depth with 1 and 2 threads over several positions per variant.

One start position is a noisy measure of Lazy SMP (its figures move by +-0.5x from
run to run), so this sums the wall time of `go depth D` over the positions of
tools/smp-positions.txt (median of --runs per position) and reports
sum(1 thread) / sum(2 threads) per variant, and the geometric mean of each
position's own ratio, once per SearchParams set given.

    python3 tools/smp_ttd.py target/release/manifold "" "smp_defer_min_depth=2" --runs 3

`--positions tools/smp-start-positions.txt --depths chess=13,...` measures from the
start positions as bench.sh does, but with SearchParams sets.
"""
import argparse, statistics, subprocess, sys, time
from pathlib import Path

# Depth per variant: about a second or two on one thread from these positions
# (Parallel Worlds 9: 1.3 s for the four with the 2026-12-04 table; 6 took 40 ms).
DEPTH = {"chess": 12, "crazyhouse": 12, "atomic": 12, "parallelworlds": 9,
         "triplane": 7, "pentaplane": 11, "platonic": 8, "geodesic": 7}


class Engine:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("the engine exited")
            if line.startswith(prefix):
                return line

    def time_to_depth(self, variant, moves, depth, threads, params):
        """Milliseconds from `go depth` to `bestmove`, on a fresh table."""
        for option, value in (("UCI_Variant", variant), ("Threads", threads), ("Hash", 64),
                              ("SearchParams", params or "<empty>")):
            self.send(f"setoption name {option} value {value}")
        self.send("ucinewgame")
        self.send(f"position startpos moves {moves}" if moves else "position startpos")
        self.send("isready")
        self.wait("readyok")
        start = time.monotonic()
        self.send(f"go depth {depth}")
        self.wait("bestmove")
        return (time.monotonic() - start) * 1000

    def close(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binary")
    ap.add_argument("params", nargs="*", help="SearchParams sets for the 2-thread runs")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--variants", default=",".join(DEPTH))
    ap.add_argument("--positions", default=str(Path(__file__).with_name("smp-positions.txt")))
    ap.add_argument("--depths", default="",
                    help="depths other than the defaults, as variant=depth,...")
    args = ap.parse_args()
    for pair in filter(None, args.depths.split(",")):
        variant, depth = pair.split("=")
        DEPTH[variant] = int(depth)
    sets = args.params or [""]
    # A line with the variant alone (no moves) is its start position.
    positions = [(l.rstrip("\n").split("\t") + [""])[:2] for l in open(args.positions)
                 if l.strip() and not l.startswith("#")]
    engine = Engine(args.binary)
    for variant in args.variants.split(","):
        mine = [m for v, m in positions if v == variant]
        depth = DEPTH[variant]

        def medians(threads, params):
            return [statistics.median(
                engine.time_to_depth(variant, m, depth, threads, params) for _ in range(args.runs))
                for m in mine]

        ones = medians(1, "")
        one = sum(ones)
        cells = [f"{variant:15} d{depth} {len(mine)} positions  1 thread {one:7.0f} ms"]
        for params in sets:
            twos = medians(2, params)
            two = sum(twos)
            # The sum is ruled by the slowest position; the geometric mean of the
            # positions' own ratios weighs each position alike.
            geo = statistics.geometric_mean(a / b for a, b in zip(ones, twos))
            cells.append(f"[{params or 'defaults'}] 2 threads {two:7.0f} ms {one / two:.2f}x"
                         f" (positions' geometric mean {geo:.2f}x)")
        print(" | ".join(cells), flush=True)
    engine.close()


if __name__ == "__main__":
    main()
