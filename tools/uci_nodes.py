#!/usr/bin/env python3
"""Runs a UCI engine with every `go` command replaced by `go nodes N`.

`manifold match --nodes` limits both engines; this wrapper limits only one of them,
for the node ladder of docs/strength.md (Manifold at a fixed time per move against a
sparring engine at a fixed node count):

    manifold match --engine1 target/release/manifold --movetime 100 \
        --engine2 "python3 tools/uci_nodes.py 32000 /usr/games/fairy-stockfish" ...

Everything else passes through unchanged, in both directions, line by line.
"""

import subprocess
import sys
import threading


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        sys.exit("usage: uci_nodes.py NODES ENGINE [ARGS...]")
    nodes = sys.argv[1]
    engine = subprocess.Popen(
        sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )

    def forward_output():
        for line in engine.stdout:
            sys.stdout.write(line)
            sys.stdout.flush()

    reader = threading.Thread(target=forward_output, daemon=True)
    reader.start()
    for line in sys.stdin:
        words = line.split()
        if words and words[0] == "go" and "infinite" not in words and "ponder" not in words:
            line = f"go nodes {nodes}\n"
        engine.stdin.write(line)
        engine.stdin.flush()
        if words == ["quit"]:
            break
    engine.stdin.close()
    engine.wait()
    reader.join(timeout=1)


if __name__ == "__main__":
    main()
