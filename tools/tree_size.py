#!/usr/bin/env python3
"""Tree size at a fixed depth: python3 tools/tree_size.py BIN DEPTH PARAMS [FENFILE]

Runs the engine BIN over UCI (one thread, 16 MB, `ucinewgame` before each position),
searches every FEN of FENFILE (default tools/tree-positions.txt: 40 chess positions from
self-play games, plies 16, 31 and 51) to DEPTH with `setoption name SearchParams value
PARAMS`, and prints the sum of the nodes each search reported at DEPTH. A pruning or
ordering change that shrinks this sum searches a smaller tree per depth; whether that
plays better is for `manifold match --sprt` to say.
"""
import os
import re
import subprocess
import sys

if len(sys.argv) < 4:
    sys.exit(__doc__)
binary, depth, params = sys.argv[1], sys.argv[2], sys.argv[3]
default = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tree-positions.txt")
with open(sys.argv[4] if len(sys.argv) > 4 else default) as f:
    fens = [line.strip() for line in f if line.strip()]

engine = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def send(command):
    engine.stdin.write(command + "\n")
    engine.stdin.flush()


send("uci")
send(f"setoption name SearchParams value {params}")
send("setoption name Hash value 16")
total = 0
for fen in fens:
    send("ucinewgame")
    send(f"position fen {fen}")
    send(f"go depth {depth}")
    nodes = 0
    for line in engine.stdout:
        m = re.search(r" nodes (\d+)", line)
        if m and line.startswith(f"info depth {depth} "):
            nodes = int(m.group(1))
        if line.startswith("bestmove"):
            break
    total += nodes
send("quit")
engine.wait()
print(f"{params!r} depth {depth} positions {len(fens)} total nodes {total}")
