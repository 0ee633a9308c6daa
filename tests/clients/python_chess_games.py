"""Whole games through python-chess, the client library lichess-bot and many tools use
to drive UCI engines. python-chess checks every answer against its own rules: an
illegal bestmove, a malformed info line or a missing option raises.

Usage: python3 python_chess_games.py ENGINE [SEED]
Prints one line per game and a closing "N passed, 0 failed" line; exits non-zero on the
first failure.
"""

import random
import sys
import time

import chess
import chess.engine
import chess.variant

ENGINE = sys.argv[1]
SEED = int(sys.argv[2]) if len(sys.argv) > 2 else 18
MAX_PLIES = 400  # games end by the rules long before; a bound, not a target

# (name, board factory): standard and Chess960 starts of the three validation variants.
def boards(rng):
    n = rng.randrange(960)
    return [
        ("chess", lambda: chess.Board()),
        ("crazyhouse", lambda: chess.variant.CrazyhouseBoard()),
        ("atomic", lambda: chess.variant.AtomicBoard()),
        (f"chess960 #{n}", lambda: chess.Board.from_chess960_pos(n)),
        (f"crazyhouse960 #{n}", lambda: chess.variant.CrazyhouseBoard.from_chess960_pos(n)),
        (f"atomic960 #{n}", lambda: chess.variant.AtomicBoard.from_chess960_pos(n)),
    ]

# The limits a game's moves alternate between.
LIMITS = [
    chess.engine.Limit(time=0.03),
    chess.engine.Limit(depth=3),
    chess.engine.Limit(nodes=3000),
    chess.engine.Limit(white_clock=3, black_clock=3, white_inc=0.02, black_inc=0.02),
]


def play_game(engine, name, board, rng):
    """Plays up to MAX_PLIES plies with every kind of limit, MultiPV 3 analyses and
    pondering; returns the number of plies."""
    plies = 0
    while not board.is_game_over(claim_draw=True) and plies < MAX_PLIES:
        limit = LIMITS[plies % len(LIMITS)]
        if plies % 7 == 3:
            # MultiPV 3: three lines with distinct first moves, each legal.
            infos = engine.analyse(board, chess.engine.Limit(depth=4), multipv=3)
            legal_count = board.legal_moves.count()
            assert len(infos) == min(3, legal_count), f"{name}: {len(infos)} lines for {legal_count} moves"
            firsts = [info["pv"][0] for info in infos]
            assert len(set(firsts)) == len(firsts), f"{name}: lines share a first move {firsts}"
            for info in infos:
                assert "score" in info and "depth" in info, f"{name}: incomplete info {info}"
        ponder = plies % 5 == 1
        result = engine.play(board, limit, ponder=ponder, info=chess.engine.INFO_ALL)
        assert result.move is not None, f"{name}: no move in {board.fen()}"
        assert result.move in board.legal_moves, f"{name}: illegal {result.move} in {board.fen()}"
        if result.ponder is not None:
            after = board.copy()
            after.push(result.move)
            assert result.ponder in after.legal_moves, f"{name}: illegal ponder {result.ponder}"
        board.push(result.move)
        plies += 1
    return plies


def main():
    rng = random.Random(SEED)
    passed = 0
    with chess.engine.SimpleEngine.popen_uci(ENGINE, timeout=30) as engine:
        assert "UCI_Chess960" in engine.options, "UCI_Chess960 is not advertised"
        for name, make in boards(rng):
            start = time.time()
            board = make()
            plies = play_game(engine, name, board, rng)
            outcome = board.outcome(claim_draw=True)
            print(f"{name}: {plies} plies, {outcome.result() if outcome else 'unfinished'}, "
                  f"{time.time() - start:.1f} s", flush=True)
            passed += 1
        # UCI_ShowWDL: python-chess reads the `wdl` field of info lines.
        engine.configure({"UCI_ShowWDL": True, "UCI_AnalyseMode": True})
        for board in (chess.Board(), chess.variant.AtomicBoard(), chess.Board("7k/8/6QK/8/8/8/8/8 w - - 0 1")):
            info = engine.analyse(board, chess.engine.Limit(depth=5))
            wdl = info.get("wdl")
            assert wdl is not None, f"no wdl in {info}"
            w, d, l = wdl.relative
            assert w + d + l == 1000, f"wdl {wdl} does not add up"
            if info["score"].relative.is_mate():
                assert w == 1000, f"a mate for the side to move is a sure win, not {wdl}"
        engine.configure({"UCI_ShowWDL": False, "UCI_AnalyseMode": False})
        passed += 1
        print("UCI_ShowWDL: wdl in info lines", flush=True)
    print(f"{passed} passed, 0 failed")


if __name__ == "__main__":
    main()
