#!/usr/bin/env python3
"""Calibration matches for UCI_LimitStrength / UCI_Elo (docs/limit-strength.md).

Plays Manifold with `UCI_LimitStrength=true` at a `UCI_Elo` against an anchor engine
(by default Debian's Stockfish 15.1 with its own `UCI_LimitStrength` at an Elo of its
scale) through `manifold match`, saves each match's report and PGN in a directory,
and prints a Markdown table of the results, pooling matches with the same settings.

    # play: one match per --pair MANIFOLD_ELO:ANCHOR_ELO (or MANIFOLD_ELO:manifold=ELO
    # for Manifold against Manifold at another UCI_Elo)
    python3 tools/calibrate_strength.py play --out calib --games 40 --seed 21 \
        --pair 1350:1350 --pair 1700:1700 --pair 2000:2000
    # the table of everything in the directory
    python3 tools/calibrate_strength.py table calib

Options of `play`: --manifold PATH (default target/release/manifold), --anchor CMD
(default /usr/games/stockfish), --variant V (chess), --movetime MS (100),
--random-plies K (4), --games N, --seed S, --concurrency C (1), --timemargin MS (100;
raise it on a loaded machine, where engines lose on time by scheduling delays).

The Elo column is the trinomial estimate with its 95% interval, as `manifold match`
reports it (protocol/src/matches/stats.rs): score s, per-game variance v, interval
s +- 1.96 sqrt(v / n), each bound converted with elo = -400 log10(1/s - 1).
"""

import argparse
import glob
import json
import math
import os
import re
import shlex
import subprocess
import sys
import time

Z_95 = 1.959963984540054


def elo_from_score(s):
    if s <= 0.0:
        return float("-inf")
    if s >= 1.0:
        return float("inf")
    return -400.0 * math.log10(1.0 / s - 1.0)


def estimate(w, d, l):
    n = w + d + l
    s = (w + 0.5 * d) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s**2) / n
    se = math.sqrt(var / n)
    return elo_from_score(s), elo_from_score(s - Z_95 * se), elo_from_score(s + Z_95 * se)


def fmt(x):
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return f"{x:+.0f}"


def play(args):
    os.makedirs(args.out, exist_ok=True)
    for pair in args.pair:
        level, anchor = pair.split(":", 1)
        m = args.manifold
        cmd = [m, "match", "--engine1", m,
               "--engine1-option", "UCI_LimitStrength=true",
               "--engine1-option", f"UCI_Elo={level}",
               "--engine1-name", f"manifold-{level}"]
        if anchor.startswith("manifold="):
            other = anchor.split("=", 1)[1]
            cmd += ["--engine2", m,
                    "--engine2-option", "UCI_LimitStrength=true",
                    "--engine2-option", f"UCI_Elo={other}",
                    "--engine2-name", f"manifold-{other}"]
            tag = f"{args.variant}-{level}-vs-manifold{other}"
            anchor_name = f"Manifold {other}"
        else:
            cmd += ["--engine2", args.anchor,
                    "--engine2-option", "UCI_LimitStrength=true",
                    "--engine2-option", f"UCI_Elo={anchor}",
                    "--engine2-name", f"anchor-{anchor}"]
            tag = f"{args.variant}-{level}-vs-anchor{anchor}"
            anchor_name = f"{os.path.basename(args.anchor.split()[0])} {anchor}"
        tag += f"-seed{args.seed}"
        cmd += ["--variant", args.variant, "--games", str(args.games),
                "--concurrency", str(args.concurrency), "--movetime", str(args.movetime),
                "--random-plies", str(args.random_plies), "--seed", str(args.seed),
                "--timemargin", str(args.timemargin),
                "--pgn", os.path.join(args.out, tag + ".pgn"), "--quiet"]
        print("$ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
        start = time.time()
        cpu0 = os.times()
        report = subprocess.run(cmd, capture_output=True, text=True)
        cpu1 = os.times()
        cpu = (cpu1.children_user - cpu0.children_user) + (cpu1.children_system - cpu0.children_system)
        print(report.stdout, flush=True)
        if report.returncode != 0:
            print(report.stderr, file=sys.stderr)
            sys.exit(report.returncode)
        wdl = re.search(r"W/D/L: (\d+)/(\d+)/(\d+)", report.stdout)
        record = {
            "variant": args.variant, "level": int(level), "anchor": anchor_name,
            "movetime": args.movetime, "seed": args.seed, "timemargin": args.timemargin,
            "wdl": [int(x) for x in wdl.groups()],
            "wall_s": round(time.time() - start, 1), "cpu_s": round(cpu, 1),
            "command": " ".join(shlex.quote(c) for c in cmd),
        }
        with open(os.path.join(args.out, tag + ".json"), "w") as f:
            json.dump(record, f, indent=1)
        print(f"wall {record['wall_s']} s, cpu {record['cpu_s']} s\n", flush=True)


def table(args):
    pooled = {}
    wall = 0.0
    for path in sorted(glob.glob(os.path.join(args.dir, "*.json"))):
        with open(path) as f:
            r = json.load(f)
        key = (r["variant"], r["level"], r["anchor"], r["movetime"], r.get("timemargin", 100))
        p = pooled.setdefault(key, {"wdl": [0, 0, 0], "seeds": []})
        p["wdl"] = [a + b for a, b in zip(p["wdl"], r["wdl"])]
        p["seeds"].append(r["seed"])
        wall += r["wall_s"]
    print("| variant | Manifold UCI_Elo | opponent | movetime | games | W/D/L | score | Elo difference (95% interval) | seeds |")
    print("|---|---|---|---|---|---|---|---|---|")
    for (variant, level, anchor, mt, margin), p in sorted(pooled.items()):
        w, d, l = p["wdl"]
        n = w + d + l
        e, lo, hi = estimate(w, d, l)
        print(f"| {variant} | {level} | {anchor} | {mt} ms (+{margin}) | {n} | {w}/{d}/{l} | "
              f"{100 * (w + 0.5 * d) / n:.1f}% | {fmt(e)} ({fmt(lo)} to {fmt(hi)}) | "
              f"{', '.join(map(str, sorted(p['seeds'])))} |")
    # One game at a time with one engine thinking at a time: the engines' CPU time is
    # about the matches' wall time (less when an engine answers early).
    print(f"\nWall time of the matches: {wall / 60:.1f} min")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--out", required=True)
    p.add_argument("--pair", action="append", required=True)
    p.add_argument("--manifold", default="target/release/manifold")
    p.add_argument("--anchor", default="/usr/games/stockfish")
    p.add_argument("--variant", default="chess")
    p.add_argument("--movetime", type=int, default=100)
    p.add_argument("--random-plies", type=int, default=4)
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--concurrency", type=int, default=1)
    p.add_argument("--timemargin", type=int, default=100,
                   help="ms an engine may overstep (raise it on a loaded machine)")
    t = sub.add_parser("table")
    t.add_argument("dir")
    args = ap.parse_args()
    play(args) if args.cmd == "play" else table(args)


if __name__ == "__main__":
    main()
