//! Chess960 through the real binary: the `UCI_Chess960` option as GUIs and
//! python-chess use it (king-takes-rook castling, Shredder/X-FEN rights, kept
//! across `UCI_Variant` for chess, crazyhouse and atomic, ignored elsewhere), the
//! standard numbering of start positions (`perft --chess960 N`), and Chess960
//! matches with their PGN read back.
//!
//! Start positions: the back ranks below are from the published Scharnagl table
//! (Wikipedia "Fischer random chess numbering scheme"; position 518 is the
//! standard array), and each was checked with python-chess 1.11.2
//! (`chess.Board.from_chess960_pos(n)`), not taken from the code under test.

use protocol::matches::pgn::{parse_pgn, replay};
use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_manifold");

/// Runs the engine on `input` (a `quit` is appended) and returns its stdout lines.
fn engine(input: &str) -> Vec<String> {
    let mut child = Command::new(BIN)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start manifold");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    stdin.write_all(b"\nquit\n").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// The words of the answer to `moves` (the first line that is not `info`).
fn moves_answer(lines: &[String]) -> Vec<Vec<String>> {
    lines
        .iter()
        .filter(|l| !l.starts_with("info") && !l.starts_with("id ") && !l.starts_with("option"))
        .filter(|l| l.split_whitespace().all(|w| w.len() >= 4 && w.len() <= 5))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

fn fen_lines(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("Fen: ").map(str::to_string))
        .collect()
}

#[test]
fn uci_advertises_the_check_option() {
    let lines = engine("uci");
    assert!(
        lines
            .iter()
            .any(|l| l == "option name UCI_Chess960 type check default false"),
        "{lines:?}"
    );
    let uciok = lines.iter().position(|l| l == "uciok").expect("uciok");
    let opt = lines
        .iter()
        .position(|l| l.contains("UCI_Chess960"))
        .unwrap();
    assert!(opt < uciok);
}

/// Off: castling is the king's two-cell move and rights are `KQkq`. On: the same
/// position castles `e1h1`/`e1a1`, `e1g1` is refused, rights are `HAha`.
#[test]
fn castling_text_and_fen_follow_the_option() {
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let off = engine(&format!("position fen {fen}\nmoves\nd"));
    let moves = &moves_answer(&off)[0];
    assert!(moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
    assert!(!moves.contains(&"e1h1".to_string()));
    assert_eq!(fen_lines(&off), vec![fen.to_string()]);

    let on = engine(&format!(
        "setoption name UCI_Chess960 value true\nposition fen {fen}\nmoves\nd\n\
         position fen {fen} moves e1h1\nd\nposition fen {fen} moves e1g1\nd"
    ));
    let moves = &moves_answer(&on)[0];
    assert!(moves.contains(&"e1h1".to_string()) && moves.contains(&"e1a1".to_string()));
    assert!(!moves.contains(&"e1g1".to_string()) && !moves.contains(&"e1c1".to_string()));
    let fens = fen_lines(&on);
    assert_eq!(
        fens[0],
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w HAha - 0 1"
    );
    assert_eq!(fens[1], "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha - 1 1");
    // `e1g1` is no move here: the position stays where it was.
    assert_eq!(fens[2], fens[1]);
    assert!(on.iter().any(|l| l.contains("e1g1")), "an error names e1g1");

    // Switched off again: back to the standard texts.
    let back = engine(&format!(
        "setoption name UCI_Chess960 value true\nsetoption name UCI_Chess960 value false\nposition fen {fen}\nmoves"
    ));
    assert!(moves_answer(&back)[0].contains(&"e1g1".to_string()));
}

/// A 960 start by FEN (X-FEN `KQkq` or Shredder letters, as python-chess sends),
/// where the king on b1 castles with the a1 rook: `b1a1`; the best move of a
/// search restricted to castling comes back king-takes-rook.
#[test]
fn chess960_start_by_fen_and_bestmove() {
    let xfen = "rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1";
    let shredder = "rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w CAca - 0 1";
    // King b1 and rook a1 with c1 and d1 empty: the queen-side castle (king to
    // c1, rook to d1) is legal, written `b1a1`.
    let open = "rk2bqnn/pppppppp/8/8/8/8/PPPPPPPP/RK2BQNN w Qq - 0 1";
    for variant in ["chess", "crazyhouse", "atomic"] {
        let lines = engine(&format!(
            "setoption name UCI_Chess960 value true\nsetoption name UCI_Variant value {variant}\n\
             position fen {xfen}\nd\nposition fen {shredder}\nd\nposition fen {open}\nmoves\nd\n\
             go depth 1 searchmoves b1a1"
        ));
        let fens = fen_lines(&lines);
        assert_eq!(fens.len(), 3, "{variant}: {lines:?}");
        assert!(fens[2].contains(" w Aa "), "{variant}: {}", fens[2]);
        assert_eq!(
            fens[0], fens[1],
            "{variant}: X-FEN and Shredder-FEN read alike"
        );
        assert!(fens[0].contains(" w CAca "), "{variant}: {}", fens[0]);
        let moves = &moves_answer(&lines)[0];
        assert!(moves.contains(&"b1a1".to_string()), "{variant}: {moves:?}");
        assert!(
            lines.iter().any(|l| l == "bestmove b1a1"),
            "{variant}: {lines:?}"
        );
    }
}

/// The option is kept when `UCI_Variant` changes (before or after it), and other
/// variants ignore it.
#[test]
fn option_survives_variant_changes() {
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let lines = engine(&format!(
        "setoption name UCI_Chess960 value true\nsetoption name UCI_Variant value platonic\n\
         position startpos\nd\nsetoption name UCI_Variant value atomic\nposition fen {fen}\nmoves\n\
         setoption name UCI_Variant value crazyhouse\nucinewgame\nposition startpos moves e2e4\nd"
    ));
    let fens = fen_lines(&lines);
    assert_eq!(
        fens[0], "idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI w AJaj - 0 1",
        "platonic unchanged"
    );
    assert!(moves_answer(&lines)[0].contains(&"e1h1".to_string()));
    assert_eq!(
        fens[1], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b HAha - 0 1",
        "startpos stays the standard array, rights in Shredder letters"
    );
}

fn perft_fen(args: &[&str]) -> (bool, String) {
    let out = Command::new(BIN)
        .arg("perft")
        .args(args)
        .output()
        .expect("run manifold perft");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    (out.status.success(), stdout)
}

#[test]
fn perft_start_positions_by_number() {
    for (n, rank) in [
        (518, "RNBQKBNR"),
        (0, "BBQNNRKR"),
        (1, "BQNBNRKR"),
        (959, "RKRNNQBB"),
        (534, "RNBKQBNR"),
        (100, "QBBNRNKR"),
        (777, "QRKBBNRN"),
    ] {
        let (ok, out) = perft_fen(&["--chess960", &n.to_string(), "--depth", "1"]);
        assert!(ok, "{out}");
        let expected = format!(
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w ",
            rank.to_lowercase()
        );
        assert!(out.contains(&expected), "{n}: {out}");
    }
    // 518 is the standard array: its depth-3 count is the published 8902.
    let (_, out) = perft_fen(&["--chess960", "518", "--depth", "3"]);
    assert!(out.contains("Nodes searched: 8902"), "{out}");
    assert!(!perft_fen(&["--chess960", "960", "--depth", "1"]).0);
    assert!(!perft_fen(&["--variant", "platonic", "--chess960", "3", "--depth", "1"]).0);
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("manifold-c960-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run_match(extra: &[&str], pgn: &std::path::Path) -> String {
    let mut args = vec![
        "match",
        "--engine1",
        BIN,
        "--engine2",
        BIN,
        "--games",
        "2",
        "--depth",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
        "--quiet",
    ];
    args.extend_from_slice(extra);
    let out = Command::new(BIN)
        .args(&args)
        .stdin(Stdio::null())
        .output()
        .expect("run manifold match");
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(pgn).unwrap()
}

/// Matches from a fixed and from seeded random 960 starts, in each chess-family
/// variant: no game ends by a fault, the PGN names the 960 variant, has FEN and
/// SetUp, and replays through the referee.
#[test]
fn chess960_matches_and_pgn() {
    let dir = temp_dir("match");
    for (variant, tag) in [
        ("chess", "Chess960"),
        ("crazyhouse", "crazyhouse960"),
        ("atomic", "atomic960"),
    ] {
        for start in [Some("0"), None] {
            let pgn = dir.join(format!("{variant}.pgn"));
            let mut extra = vec!["--variant", variant, "--chess960"];
            extra.extend(start);
            let text = run_match(&extra, &pgn);
            let games = parse_pgn(&text).unwrap();
            assert_eq!(games.len(), 2);
            for (i, g) in games.iter().enumerate() {
                assert_eq!(g.tag("Variant"), Some(tag), "{text}");
                assert_eq!(g.tag("SetUp"), Some("1"));
                let fen = g.tag("FEN").expect("a FEN tag");
                if start.is_some() {
                    assert!(
                        fen.starts_with("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR"),
                        "{fen}"
                    );
                    assert!(fen.contains(" w HFhf "), "{fen}");
                }
                let term = g.tag("Termination").unwrap_or_default();
                for fault in ["illegal", "crash", "malformed", "could not start", "time"] {
                    assert!(!term.contains(fault), "{variant} game {}: {term}", i + 1);
                }
                let end = replay(g, i + 1).expect("the game replays");
                assert!(end.chess960());
            }
            // Both games of a pair start from the same position.
            assert_eq!(games[0].tag("FEN"), games[1].tag("FEN"));
        }
    }
}

/// A PGN written elsewhere (king-takes-rook castling, `Chess960` or
/// `Fischerandom`) replays; the same moves under plain `chess` do not castle.
#[test]
fn reads_chess960_pgn() {
    let game = |variant: &str| {
        format!(
            "[Event \"t\"]\n[Variant \"{variant}\"]\n[SetUp \"1\"]\n\
             [FEN \"rk2bqnn/pppppppp/8/8/8/8/PPPPPPPP/RK2BQNN w Qq - 0 1\"]\n\n\
             1. b1a1 b8a8 *\n"
        )
    };
    for v in ["Chess960", "Fischerandom", "chess 960"] {
        let g = &parse_pgn(&game(v)).unwrap()[0];
        let end = replay(g, 1).unwrap_or_else(|e| panic!("{v}: {e}"));
        assert_eq!(
            end.fen(),
            "2krbqnn/pppppppp/8/8/8/8/PPPPPPPP/2KRBQNN w - - 2 2",
            "{v}"
        );
    }
    let g = &parse_pgn(&game("crazyhouse960")).unwrap()[0];
    assert!(replay(g, 1).unwrap().fen().contains("[]"));
    let g = &parse_pgn(&game("platonic960")).unwrap()[0];
    assert!(replay(g, 1).is_err(), "platonic has no 960 form");
}
