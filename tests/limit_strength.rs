//! `UCI_LimitStrength` and `UCI_Elo` through the real binary: the options as GUIs read
//! them, bad values, varied but legal answers at a low Elo, complete turns in a
//! multi-move variant, a stronger choice at a high Elo than at a low one, and no
//! weakening in analysis. (protocol/src/strength.rs has the unit tests of the choice.)

mod common;
use common::Engine;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

const T: Duration = Duration::from_secs(20);

fn engine() -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.expect(T, |l| l == "uciok");
    e
}

/// Runs `go <args>` and returns the bestmove's turn text and the lines before it.
fn go(e: &mut Engine, args: &str) -> (String, Vec<String>) {
    e.send(&format!("go {args}"));
    let (best, lines) = e.expect(T, |l| l.starts_with("bestmove "));
    let turn = best.split_whitespace().nth(1).unwrap().to_string();
    (turn, lines)
}

/// Number of principal variations the search reported (`multipv k` fields).
fn lines_reported(info: &[String]) -> usize {
    info.iter()
        .filter_map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let i = w.iter().position(|&t| t == "multipv")?;
            w.get(i + 1)?.parse::<usize>().ok()
        })
        .max()
        .unwrap_or(0)
}

/// The answer must be a legal turn of `variant` from `fen`, and complete it.
fn assert_legal_turn(variant: &str, fen: &str, turn: &str) {
    let mut game = engine::variants::new_game(variant).unwrap();
    game.set_fen(fen).unwrap();
    let side = game.side_to_move();
    game.play(turn)
        .unwrap_or_else(|e| panic!("{variant}: bestmove '{turn}' illegal in {fen}: {e}"));
    assert!(
        game.side_to_move() != side || game.result().is_some(),
        "{variant}: bestmove '{turn}' does not complete the turn from {fen}"
    );
}

#[test]
fn uci_advertises_both_options_with_their_bounds() {
    let mut e = Engine::start();
    e.send("uci");
    let (_, lines) = e.expect(T, |l| l == "uciok");
    assert!(
        lines
            .iter()
            .any(|l| l == "option name UCI_LimitStrength type check default false"),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "option name UCI_Elo type spin default 1500 min 1000 max 2200"),
        "{lines:?}"
    );
    e.quit();
}

#[test]
fn bad_values_are_errors_and_leave_the_state_unchanged() {
    let mut e = engine();
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6");
    // Off: one line, as ever.
    let (_, info) = go(&mut e, "nodes 3000");
    assert_eq!(lines_reported(&info), 1);
    for bad in ["maybe", "1", ""] {
        e.send(&format!("setoption name UCI_LimitStrength value {bad}"));
        let (l, _) = e.expect(T, |l| l.starts_with("info string error"));
        assert!(l.contains("UCI_LimitStrength"), "{l}");
    }
    let (_, info) = go(&mut e, "nodes 3000");
    assert_eq!(lines_reported(&info), 1, "a bad value switched it on");

    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 1000");
    e.barrier();
    let (_, info) = go(&mut e, "movetime 500");
    assert_eq!(
        lines_reported(&info),
        4,
        "Elo 1000 chooses among four lines"
    );
    for bad in ["999", "2201", "-5", "1500.5", "abc", ""] {
        e.send(&format!("setoption name UCI_Elo value {bad}"));
        let (l, _) = e.expect(T, |l| l.starts_with("info string error"));
        assert!(
            l.contains("UCI_Elo") && l.contains("1000") && l.contains("2200"),
            "{l}"
        );
    }
    let (_, info) = go(&mut e, "movetime 500");
    assert_eq!(lines_reported(&info), 4, "a bad UCI_Elo changed the level");
    // A good value does change it: the top level searches one line.
    e.send("setoption name uci_elo value 2200");
    e.barrier();
    let (_, info) = go(&mut e, "movetime 200");
    assert_eq!(lines_reported(&info), 1);
    e.send("setoption name UCI_LimitStrength value false");
    e.send("setoption name UCI_Elo value 1000");
    e.barrier();
    let (_, info) = go(&mut e, "nodes 3000");
    assert_eq!(
        lines_reported(&info),
        1,
        "off again: UCI_Elo alone does nothing"
    );
    e.quit();
}

#[test]
fn a_low_elo_varies_its_moves_and_every_move_is_legal() {
    let mut e = engine();
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 1000");
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6");
    let fen = e.fen();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for _ in 0..20 {
        // By nodes, as in the hanging-knight test: a time limit under load can leave
        // all lines but the first unsearched.
        let (turn, _) = go(&mut e, "nodes 40000");
        assert_legal_turn("chess", &fen, &turn);
        *seen.entry(turn).or_default() += 1;
    }
    assert!(seen.len() > 1, "always the same move: {seen:?}");
    e.quit();
}

#[test]
fn parallelworlds_answers_are_complete_legal_turns() {
    let mut e = engine();
    e.send("setoption name UCI_Variant value parallelworlds");
    e.send("setoption name UCI_LimitStrength value true");
    for (elo, position) in [
        (1000, "position startpos"),
        (1000, "position startpos moves 1e21e4,3e23e4"),
        (
            1600,
            "position startpos moves 1e21e4,3e23e4 1e71e5,3d73d5,0000",
        ),
        (
            2200,
            "position startpos moves 1e21e4,3e23e4 1e71e5,3d73d5,0000",
        ),
        // Mid-turn: the answer is the rest of the turn.
        (1000, "position startpos moves 1e21e4,3e23e4 1e71e5"),
    ] {
        e.send(&format!("setoption name UCI_Elo value {elo}"));
        e.send(position);
        let fen = e.fen();
        for _ in 0..3 {
            let (turn, _) = go(&mut e, "movetime 150");
            assert_legal_turn("parallelworlds", &fen, &turn);
        }
    }
    e.quit();
}

#[test]
fn a_high_elo_takes_a_hanging_knight_more_often_than_a_low_elo() {
    // Black's knight on e4 is attacked by the knight on c3 and defended by nothing.
    let fen = "rnbqkb1r/pppppppp/8/8/4n3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3";
    let mut e = engine();
    e.send("setoption name UCI_LimitStrength value true");
    e.send(&format!("position fen {fen}"));
    let mut taken = Vec::new();
    for elo in [1000, 2200] {
        e.send(&format!("setoption name UCI_Elo value {elo}"));
        let mut n = 0;
        for _ in 0..30 {
            // A node limit, not a time limit: under load a time limit leaves the weak
            // level's later lines unsearched, and then only the best one can be drawn.
            let (turn, _) = go(&mut e, "nodes 40000");
            assert_legal_turn("chess", fen, &turn);
            n += usize::from(turn == "c3e4");
        }
        taken.push(n);
    }
    assert!(
        taken[1] > taken[0],
        "Nxe4 taken {} times of 30 at 1000, {} at 2200",
        taken[0],
        taken[1]
    );
    assert!(taken[1] >= 28, "2200 missed a free knight: {taken:?}");
    e.quit();
}

#[test]
fn analysis_is_not_weakened_and_time_limits_hold() {
    let mut e = engine();
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 1000");
    e.send("position startpos moves d2d4 d7d5");
    // go infinite: the full search (one line), until stop.
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    e.send("stop");
    let (_, info) = e.expect(T, |l| l.starts_with("bestmove "));
    assert_eq!(lines_reported(&info), 1, "go infinite was weakened");
    // UCI_AnalyseMode: not weakened either.
    e.send("setoption name UCI_AnalyseMode value true");
    let (_, info) = go(&mut e, "nodes 5000");
    assert_eq!(lines_reported(&info), 1, "analysis mode was weakened");
    e.send("setoption name UCI_AnalyseMode value false");
    let (_, info) = go(&mut e, "nodes 5000");
    assert_eq!(lines_reported(&info), 4);
    // The top level needs more nodes than 200 ms give: the time still rules.
    e.send("setoption name UCI_Elo value 2200");
    e.barrier();
    for args in ["movetime 200", "wtime 3000 btime 3000"] {
        let start = Instant::now();
        go(&mut e, args);
        let ms = start.elapsed().as_millis();
        assert!(ms < 700, "go {args} took {ms} ms");
    }
    e.quit();
}
