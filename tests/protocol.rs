//! The protocol through the real binary: a full session per variant, `stop` and
//! `isready` during a search, every kind of bad input answered with an error.

mod common;
use common::{variants, Engine};
use std::time::{Duration, Instant};

const T: Duration = Duration::from_secs(30);

/// Plays a `bestmove` answer (a comma-joined turn) on a referee game: it must be legal.
fn assert_legal(variant: &str, fen: &str, bestmove: &str) {
    let mut game = engine::variants::new_game(variant).unwrap();
    game.set_fen(fen).unwrap();
    game.play(bestmove)
        .unwrap_or_else(|e| panic!("{variant}: bestmove '{bestmove}' illegal in {fen}: {e}"));
    assert!(
        game.side_to_move()
            != engine::variants::new_game(variant)
                .map(|mut g| {
                    g.set_fen(fen).unwrap();
                    g.side_to_move()
                })
                .unwrap()
            || game.result().is_some(),
        "{variant}: bestmove '{bestmove}' does not complete the turn"
    );
}

#[test]
fn uci_handshake_lists_options_and_variants() {
    let mut e = Engine::start();
    e.send("uci");
    let (_, lines) = e.expect(T, |l| l == "uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name Manifold")));
    let combo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo"))
        .expect("UCI_Variant option");
    for v in variants() {
        assert!(
            combo.contains(&format!("var {v}")),
            "{v} missing from {combo}"
        );
    }
    for opt in [
        "Threads",
        "Hash",
        "MultiPV",
        "Ponder",
        "Move Overhead",
        "Clear Hash",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {opt} type"))),
            "{opt} missing"
        );
    }
    e.quit();
}

#[test]
fn full_session_per_variant() {
    for v in variants() {
        let mut e = Engine::start();
        e.send("uci");
        e.expect(T, |l| l == "uciok");
        e.send(&format!("setoption name UCI_Variant value {v}"));
        let (_, info) = e.expect(T, |l| l.contains("startfen"));
        assert!(
            info.iter()
                .any(|l| l.starts_with(&format!("info string variant {v} board"))),
            "{v}: {info:?}"
        );
        e.send("ucinewgame");
        e.send("position startpos");
        e.send("moves");
        let (first_moves, _) = e.expect(T, |_| true);
        let first = first_moves
            .split_whitespace()
            .next()
            .expect("start position has moves")
            .to_string();
        e.send(&format!("position startpos moves {first}"));
        let fen = e.fen();
        e.send("go depth 2");
        let (best, infos) = e.expect(T, |l| l.starts_with("bestmove "));
        assert!(
            infos.iter().any(|l| l.starts_with("info depth")),
            "{v}: no info line before bestmove"
        );
        let mv = best.split_whitespace().nth(1).unwrap();
        assert_legal(&v, &fen, mv);
        e.quit();
    }
}

#[test]
fn stop_during_infinite_answers_within_50ms_and_isready_during_search() {
    // Latency on a shared machine is noisy: the median of five trials must be in time.
    let mut stops = Vec::new();
    let mut e = Engine::start();
    for _ in 0..5 {
        e.send("position startpos");
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(200));
        e.send("isready");
        e.expect(Duration::from_secs(2), |l| l == "readyok");
        std::thread::sleep(Duration::from_millis(100));
        let t = Instant::now();
        e.send("stop");
        let (best, _) = e.expect(Duration::from_secs(2), |l| l.starts_with("bestmove "));
        stops.push(t.elapsed());
        assert!(!best.contains("(none)"));
    }
    stops.sort();
    assert!(
        stops[2] < Duration::from_millis(50),
        "stop answered after {stops:?}"
    );
    e.quit();
}

#[test]
fn finished_game_gives_bestmove_none() {
    // Fool's mate: White is checkmated.
    let mut e = Engine::start();
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    e.send("go depth 3");
    let (best, lines) = e.expect(T, |l| l.starts_with("bestmove"));
    assert_eq!(best, "bestmove (none)");
    assert!(
        lines.iter().any(|l| l.contains("score mate 0")),
        "{lines:?}"
    );
    e.quit();
}

#[test]
fn bad_input_is_answered_and_changes_nothing() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    let fen = e.fen();
    let bad = [
        "frobnicate",
        "setoption",
        "setoption name",
        "setoption name NoSuchOption value 3",
        "setoption name Threads value many",
        "setoption name Threads value 0",
        "setoption name Hash value 99999999999999999999",
        "setoption name UCI_Variant value nosuchvariant",
        "setoption name UCI_Variant",
        "setoption name Ponder value maybe",
        "setoption name SearchParams value lmp_base=x",
        "setoption name SearchParams value no_such_parameter=3",
        "setoption name SearchParams value lmp_base",
        "position",
        "position startpos moves e7e5 e2e4",
        "position startpos moves e2e5",
        "position startpos moves zz",
        "position fen",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "position fen garbage",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position sideways",
        "go depth",
        "go depth -3",
        "go wtime lots",
        "go sideways",
        "go searchmoves e2e5",
        "go perft 99999999999999999999999",
        "bench 0",
        "ponderhit",
    ];
    for b in bad {
        e.send(b);
        let (line, _) = e.expect(T, |l| l.starts_with("info string error:"));
        assert!(line.len() > "info string error: ".len(), "{b}: empty error");
        assert_eq!(e.fen(), fen, "'{b}' changed the position");
    }
    e.sync();
    e.quit();
}

#[test]
fn search_params_change_the_search_and_bad_ones_change_nothing() {
    // The node count of a fixed-depth search is deterministic with one thread: a
    // parameter that prunes less (no late-move pruning) searches more nodes, a bad
    // override is refused and leaves the parameters as they were.
    let nodes = |setup: &[&str]| {
        let mut e = Engine::start();
        for line in setup {
            e.send(line);
        }
        e.send("position startpos moves e2e4 e7e5 g1f3");
        let n = e.search_field("go depth 7", "nodes");
        e.quit();
        n as u64
    };
    let default = nodes(&[]);
    let no_lmp = nodes(&["setoption name SearchParams value lmp_max_depth=0"]);
    assert!(no_lmp > default, "{no_lmp} <= {default}");
    let refused = nodes(&[
        "setoption name SearchParams value lmp_max_depth=0",
        "setoption name SearchParams value lmp_max_depth=zero",
    ]);
    assert_eq!(refused, no_lmp);
    let restored = nodes(&[
        "setoption name SearchParams value lmp_max_depth=0",
        "setoption name SearchParams value <empty>",
    ]);
    assert_eq!(restored, default);
}

#[test]
fn commands_while_searching_are_rejected_and_search_continues() {
    let mut e = Engine::start();
    e.send("position startpos");
    let fen = e.fen();
    e.send("go infinite");
    e.send("position startpos moves e2e4");
    e.expect(T, |l| l.contains("error") && l.contains("searching"));
    e.send("stop");
    e.expect(T, |l| l.starts_with("bestmove"));
    assert_eq!(e.fen(), fen);
    e.quit();
}

/// A small deterministic generator so the fuzz test needs no extra dependency.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const VALID: &[&str] = &[
    "isready",
    "d",
    "moves",
    "eval",
    "variants",
    "go depth 1",
    "go nodes 200",
    "go movetime 5",
    "go wtime 100 btime 100 winc 1 binc 1",
    "go infinite",
    "go ponder",
    "stop",
    "ponderhit",
    "setoption name Hash value 8",
    "setoption name Threads value 2",
    "setoption name MultiPV value 2",
    "setoption name Move Overhead value 5",
    "setoption name Clear Hash",
    "go perft 2",
    "uci",
];

const POSITIONS: &[&str] = &[
    "position startpos moves e2e4 e7e5",
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 moves g1f3 b8c6",
    "position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1",
];

/// What a `position` line should leave, by the referee library: `Some(fen)` when the
/// line is valid, `None` when the engine must keep its position.
fn model_position(text: &str, _current: &str) -> Option<String> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let moves_at = tokens.iter().position(|&t| t == "moves");
    let setup = &tokens[1..moves_at.unwrap_or(tokens.len())];
    let mut game = engine::variants::new_game("chess").unwrap();
    match setup.first() {
        Some(&"startpos") if setup.len() == 1 => {}
        Some(&"fen") if setup.len() > 1 => game.set_fen(&setup[1..].join(" ")).ok()?,
        _ => return None,
    }
    if let Some(i) = moves_at {
        for m in &tokens[i + 1..] {
            game.play(m).ok()?;
        }
    }
    Some(game.fen())
}

/// A mutated line, never containing a newline (it stays one line).
fn mutate(rng: &mut Lcg, line: &str) -> Vec<u8> {
    let mut m = mutate_raw(rng, line);
    m.retain(|&c| c != b'\n');
    m
}

fn mutate_raw(rng: &mut Lcg, line: &str) -> Vec<u8> {
    let mut b = line.as_bytes().to_vec();
    match rng.below(9) {
        0 => b.truncate(rng.below(b.len() + 1)),
        1 => {
            let i = rng.below(b.len() + 1);
            b.insert(i, (rng.next() & 0xff) as u8);
        }
        2 if !b.is_empty() => {
            let i = rng.below(b.len());
            b[i] = (rng.next() & 0xff) as u8;
        }
        3 => b.extend_from_slice(b" 18446744073709551616999"),
        4 => {
            return (0..rng.below(200))
                .map(|_| (rng.next() & 0xff) as u8)
                .filter(|&c| c != b'\n')
                .collect()
        }
        5 => return Vec::new(),
        6 => return vec![b' '; rng.below(50)],
        7 => b.extend_from_slice(b" -1 NaN 1e999"),
        _ => {
            let words: Vec<&str> = line.split(' ').collect();
            let mut w = words.clone();
            w.swap(rng.below(words.len()), rng.below(words.len()));
            return w.join(" ").into_bytes();
        }
    }
    b
}

#[test]
fn ten_thousand_lines_of_garbage_never_break_the_engine() {
    let mut e = Engine::start();
    let mut rng = Lcg(20261123);
    e.send("position startpos moves e2e4 e7e5");
    let mut expected = e.fen();
    let mut sent = 0;
    let mut recent: Vec<String> = Vec::new();
    while sent < 10_000 {
        for _ in 0..250 {
            let base = if rng.below(4) == 0 {
                POSITIONS[rng.below(POSITIONS.len())]
            } else {
                VALID[rng.below(VALID.len())]
            };
            let line = mutate(&mut rng, base);
            // Never let a mutated line start a long perft or bench, or quit.
            let text = String::from_utf8_lossy(&line).to_string();
            let first = text.split_whitespace().next().unwrap_or("");
            if first == "position" {
                // The model: the referee library decides what the position must be.
                if let Some(fen) = model_position(&text, &expected) {
                    expected = fen;
                }
            }
            if text.contains("perft")
                && !text.split_whitespace().last().is_some_and(|n| n.len() <= 1)
                || first == "bench"
                || first == "quit"
                || first == "xboard"
                || first == "ucinewgame"
                || text.contains("UCI_Variant")
            {
                e.send("stop");
                sent += 1;
                continue;
            }
            recent.push(text.clone());
            if recent.len() > 300 {
                recent.remove(0);
            }
            e.send_bytes(&line);
            e.send("stop");
            sent += 2;
        }
        e.sync();
        let got = e.fen();
        if got != expected {
            let pos: Vec<&String> = recent
                .iter()
                .filter(|l| l.contains("pos") || l.contains("fen"))
                .collect();
            panic!("the position changed after {sent} lines: engine {got}, expected {expected}; recent position-like lines: {pos:#?}");
        }
    }
    e.quit();
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 4");
    let (_, lines) = e.expect(T, |l| l.starts_with("bestmove"));
    let mut firsts = Vec::new();
    for k in 1..=3 {
        let line = lines
            .iter()
            .rev()
            .find(|l| l.contains(&format!(" multipv {k} ")))
            .unwrap_or_else(|| panic!("no line for multipv {k}: {lines:?}"));
        let pv = line.split(" pv ").nth(1).expect("a pv");
        firsts.push(pv.split_whitespace().next().unwrap().to_string());
    }
    firsts.sort();
    firsts.dedup();
    assert_eq!(
        firsts.len(),
        3,
        "multipv lines must start with different moves: {lines:?}"
    );
    e.quit();
}

#[test]
fn long_searches_report_the_current_root_move() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go movetime 2600");
    let (_, lines) = e.expect(T, |l| l.starts_with("bestmove"));
    let cur = lines
        .iter()
        .find(|l| l.contains(" currmove "))
        .unwrap_or_else(|| panic!("no currmove line: {lines:?}"));
    let words: Vec<&str> = cur.split_whitespace().collect();
    let mv = words[words.iter().position(|&w| w == "currmove").unwrap() + 1];
    let mut game = engine::variants::new_game("chess").unwrap();
    game.play(mv)
        .unwrap_or_else(|e| panic!("currmove {mv} is not legal: {e}"));
    assert!(cur.contains(" currmovenumber "));
    e.quit();
}

#[test]
fn multipv_under_go_infinite_reports_every_line_until_stop() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go infinite");
    // Every line appears (the lines deepen together), at a depth of 4 or more.
    let (_, before) = e.expect(T, |l| {
        l.contains(" multipv 3 ")
            && l.split_whitespace()
                .nth(2)
                .and_then(|d| d.parse::<u32>().ok())
                .is_some_and(|d| d >= 4)
    });
    e.send("stop");
    let (best, _) = e.expect(T, |l| l.starts_with("bestmove"));
    assert!(
        before.iter().any(|l| l.contains(" multipv 2 ")),
        "{before:?}"
    );
    let mv = best.split_whitespace().nth(1).unwrap();
    let mut game = engine::variants::new_game("chess").unwrap();
    game.play(mv)
        .unwrap_or_else(|err| panic!("bestmove {mv} is not legal: {err}"));
    e.quit();
}

#[test]
fn eval_file_loads_a_table_and_bad_files_change_nothing() {
    // A knight worth 200 more in the file (both phases): the `eval` total of a position with a
    // white knight rises by 200. Bad files are refused with the line named, and the
    // evaluation stays as it was; an empty value goes back to the built-in table.
    let dir = std::env::temp_dir();
    let file = |name: &str, text: &str| {
        let p = dir.join(format!(
            "manifold-evalfile-{}-{name}.txt",
            std::process::id()
        ));
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    };
    // The built-in knight's weights (the table is fitted, so read, not assumed).
    let knight = include_str!("../eval/tables/chess.txt")
        .lines()
        .find(|l| l.starts_with("material.knight "))
        .expect("the chess table names the knight");
    let w: Vec<f32> = knight
        .split_whitespace()
        .skip(1)
        .map(|x| x.parse().unwrap())
        .collect();
    let good = file(
        "good",
        &format!(
            "variant chess\nmaterial.knight {} {}\n",
            w[0] + 200.0,
            w[1] + 200.0
        ),
    );
    let typo = file("typo", "variant chess\nmaterial.knigt 520\n");
    let other = file("other", "variant atomic\nmaterial.knight 1\n");
    let mut e = Engine::start();
    e.send("position fen 4k3/8/8/8/8/8/P7/2N1K3 w - - 0 1");
    let total = |e: &mut Engine| {
        e.send("eval");
        let (line, _) = e.expect(T, |l| l.starts_with("total:"));
        line["total:".len()..].trim().parse::<i32>().unwrap()
    };
    // The score of a depth-2 search: the knight cannot be taken (the pawn keeps the
    // ending from a draw), so its weight reaches the search's score unchanged.
    let searched = |e: &mut Engine| e.search_field("go depth 2", "cp");
    let builtin = total(&mut e);
    let builtin_searched = searched(&mut e);
    e.send(&format!("setoption name EvalFile value {good}"));
    e.expect(T, |l| l.contains("evaluation table for chess loaded"));
    assert_eq!(total(&mut e), builtin + 200);
    // The table stays through `position` and is the one the search evaluates with.
    e.send("position fen 4k3/8/8/8/8/8/P7/2N1K3 w - - 0 1");
    assert_eq!(total(&mut e), builtin + 200, "position dropped the table");
    assert_eq!(
        searched(&mut e),
        builtin_searched + 200,
        "the search did not use the table (or mixed in scores the hash kept from the built-in one)"
    );
    e.send(&format!("setoption name EvalFile value {typo}"));
    let (err, _) = e.expect(T, |l| l.contains("material.knigt"));
    assert!(err.contains("line 2"), "{err}");
    e.send("setoption name EvalFile value /nonexistent/table.txt");
    e.expect(T, |l| l.contains("/nonexistent/table.txt"));
    assert_eq!(
        total(&mut e),
        builtin + 200,
        "a refused file changed the table"
    );
    e.send(&format!("setoption name EvalFile value {other}"));
    e.expect(T, |l| l.contains("no table for chess"));
    assert_eq!(total(&mut e), builtin);
    e.send(&format!("setoption name EvalFile value {good}"));
    e.send("setoption name EvalFile value");
    e.send("isready");
    e.expect(T, |l| l == "readyok");
    assert_eq!(total(&mut e), builtin);
    e.quit();
    for p in [good, typo, other] {
        let _ = std::fs::remove_file(p);
    }
}
