#!/usr/bin/env python3
"""A match's results ledger: python3 tools/pgn_ledger.py GAMES.pgn > LEDGER.pgn

Keeps every game's tag pairs and its result and drops the moves, so that the evidence
of a long SPRT (a slower time control takes several sessions, each on whatever machine
it gets) fits in the repository and can be summed later with
`manifold match-merge --separate`, which reads only the tags (White, Black, Round,
Result, Variant, Termination). A ledger is under a tenth of its PGN's size; the
moves and their depth comments stay with the PGN, outside the repository.
Unfinished games (result `*`) are left out, as match-merge would leave them.
"""
import sys


def ledger(text):
    """The ledger of a PGN text written by `manifold match`."""
    games = []
    tags = []
    for line in text.splitlines():
        if line.startswith("["):
            tags.append(line)
        elif tags and not line.strip():
            continue
        elif tags:
            # The first movetext line after a game's tags: the game is complete in
            # its tags, and the rest of its movetext is skipped until the next tags.
            games.append(tags)
            tags = []
    if tags:
        games.append(tags)
    out = []
    for game in games:
        result = next(
            (t.split('"')[1] for t in game if t.startswith("[Result ")), "*"
        )
        if result == "*":
            continue
        out.append("\n".join(game) + "\n\n" + result + "\n")
    return "\n".join(out)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[0])
    try:
        with open(sys.argv[1], encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        sys.exit(f"{sys.argv[1]}: {e.strerror}")
    sys.stdout.write(ledger(text))


if __name__ == "__main__":
    main()
