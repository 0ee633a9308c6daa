//! Pentaplane integration tests: the perft file checked against an independent slow
//! generator, move lists compared move by move, contract checks by random playouts,
//! and self-play from the draft.

mod pentaplane_slow;

use engine::variants::pentaplane::Pentaplane;
use engine::{GenKind, MoveList, Position};
use pentaplane_slow as slow;
use std::path::Path;

/// `(fen, depth, nodes)` lines of `tests/perft/pentaplane.perft`.
fn perft_lines() -> Vec<(String, u32, u64)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft/pentaplane.perft");
    let text = std::fs::read_to_string(path).expect("tests/perft/pentaplane.perft");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').collect();
            assert_eq!(f[0], "pentaplane");
            (
                f[1].to_string(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
            )
        })
        .collect()
}

fn engine_texts(p: &Pentaplane) -> Vec<String> {
    let mut l = MoveList::new();
    p.generate(GenKind::All, &mut l);
    let mut v: Vec<String> = l.iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

fn slow_texts(b: &slow::Board) -> Vec<String> {
    let mut v: Vec<String> = slow::moves(b).into_iter().map(|(t, _)| t).collect();
    v.sort();
    v
}

fn is_draft_start(fen: &str) -> bool {
    fen.ends_with(" select")
}

/// The slow generator's count for a perft line.
fn slow_count(fen: &str, depth: u32) -> u64 {
    if is_draft_start(fen) {
        slow::draft_start_perft(fen, depth)
    } else {
        slow::perft(&slow::parse(fen), depth)
    }
}

fn check_lines_against_slow(min: u64, max: u64) {
    let mut checked = 0;
    for (fen, depth, nodes) in perft_lines() {
        if nodes < min || nodes > max {
            continue;
        }
        assert_eq!(
            slow_count(&fen, depth),
            nodes,
            "slow generator disagrees with the perft file: {fen} depth {depth}"
        );
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn perft_file_agrees_with_the_slow_generator() {
    check_lines_against_slow(0, 120_000);
}

#[test]
#[ignore = "slow generator on the deeper lines: minutes"]
fn perft_file_agrees_with_the_slow_generator_deep() {
    check_lines_against_slow(120_001, 50_000_000);
}

#[test]
fn engine_counts_of_the_perft_file_up_to_a_million() {
    for (fen, depth, nodes) in perft_lines() {
        if nodes <= 1_000_000 {
            let p = Pentaplane::from_fen(&fen).unwrap();
            assert_eq!(
                engine::perft::perft(&p, depth),
                nodes,
                "{fen} depth {depth}"
            );
        }
    }
}

#[test]
fn depth_one_move_lists_agree_with_the_slow_generator() {
    for (fen, _, _) in perft_lines() {
        if is_draft_start(&fen) {
            continue;
        }
        let e = Pentaplane::from_fen(&fen).unwrap();
        assert_eq!(engine_texts(&e), slow_texts(&slow::parse(&fen)), "{fen}");
    }
}

/// The placement part of a FEN (what both generators must agree on after a move).
fn placement(fen: &str) -> String {
    fen.split_whitespace()
        .next()
        .unwrap()
        .split('[')
        .next()
        .unwrap()
        .to_string()
}

fn slow_placement(b: &slow::Board) -> String {
    let mut levels = Vec::new();
    for z in (0..5).rev() {
        let mut ranks = Vec::new();
        for y in (0..5).rev() {
            let mut r = String::new();
            let mut empty = 0;
            for x in 0..5 {
                match b.cells.get(&(x, y, z)) {
                    Some(&c) => {
                        if empty > 0 {
                            r.push_str(&empty.to_string());
                            empty = 0;
                        }
                        r.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                r.push_str(&empty.to_string());
            }
            ranks.push(r);
        }
        levels.push(ranks.join("/"));
    }
    levels.join("|")
}

/// Random games played in both generators side by side: at every position the legal
/// move texts and, after each move, the placements must agree. Bomb-heavy armies make
/// explosions and chains frequent.
#[test]
fn random_games_agree_with_the_slow_generator() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
    let starts = [
        "nskor/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/ROKSN w - - 0 1",
        "ookoo/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/OOKOO w - - 0 1",
        "fmkzs/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/SZKMF w - - 0 1",
        "oozoo/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/OOKZO w - - 0 1",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[RSNOrsno] w - - 0 1 place",
    ];
    let mut explosions = 0;
    let mut positions = 0;
    for start in starts {
        for _game in 0..40 {
            let mut e = Pentaplane::from_fen(start).unwrap();
            let mut s = slow::parse(start);
            for _ply in 0..150 {
                let et = engine_texts(&e);
                let moves = slow::moves(&s);
                let mut st: Vec<String> = moves.iter().map(|(t, _)| t.clone()).collect();
                st.sort();
                assert_eq!(et, st, "move lists differ at {}", e.fen());
                positions += 1;
                if moves.is_empty() {
                    break;
                }
                // Prefer material-changing moves half of the time, to reach more blasts.
                let taking: Vec<&(String, slow::Board)> = moves
                    .iter()
                    .filter(|(_, n)| n.cells.len() < s.cells.len())
                    .collect();
                let (text, next) = if !taking.is_empty() && rng.gen_bool(0.5) {
                    taking[rng.gen_range(0..taking.len())]
                } else {
                    &moves[rng.gen_range(0..moves.len())]
                };
                let before = e.pieces().count();
                let m = e.parse_move(text).unwrap();
                e.make(m);
                s = next.clone();
                if before > e.pieces().count() + 1 {
                    explosions += 1;
                }
                assert_eq!(placement(&e.fen()), slow_placement(&s), "after {text}");
            }
        }
    }
    println!("{positions} positions compared, {explosions} multi-piece explosions");
    assert!(explosions > 50, "the playouts should exercise explosions");
}

#[test]
fn contract_checks_from_the_draft_and_play_positions() {
    engine::testkit::check_random_playouts(&Pentaplane::startpos(), 77, 25, 200);
    for fen in [
        "oozoo/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/OOKZO w - - 0 1",
        "fmkzs/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/SZKMF w - - 0 1",
    ] {
        engine::testkit::check_random_playouts(&Pentaplane::from_fen(fen).unwrap(), 78, 25, 200);
    }
}

#[test]
fn game_record_plays_the_draft_as_tokens() {
    let mut g = engine::game::Game::new(Pentaplane::startpos());
    for t in ["=OR", "=NS", "R@Aa1,O@Ab1,S@Ad1,N@Ae1", "=same", "Ae1Ce2"] {
        g.play_token(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    assert_eq!(
        g.pos().fen(),
        "nskor/ppppp/5/5/5|5/5/5/5/5|5/5/5/4N/5|5/5/5/5/5|5/5/5/PPPPP/ROKS1 b - - 1 1"
    );
    assert!(g.play_token("Aa1Aa1").is_err());
    // B's placement as four explicit drops, through the game record.
    let mut g = engine::game::Game::new(Pentaplane::startpos());
    for t in ["=RO", "=SN", "R@Aa1,O@Ab1,S@Ad1,N@Ae1"] {
        g.play_token(t).unwrap();
    }
    assert!(
        g.play_token("r@Ea5,o@Eb5,n@Ed5,s@Ee5").is_err(),
        "neither layout"
    );
    g.play_token("r@Ea5,o@Eb5,s@Ed5,n@Ee5").unwrap();
    assert_eq!(
        g.pos().fen(),
        "roksn/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/ROKSN w - - 0 1"
    );
}

/// Plies after which a self-play game is stopped and reported as capped.
const SELF_PLAY_PLY_CAP: usize = 600;
/// Search depth of the self-play engine (sub-moves).
const SELF_PLAY_DEPTH: u32 = 2;
/// Random play moves at the start of play (after the draft), for variety.
const SELF_PLAY_RANDOM_PLAY_PLIES: usize = 2;

/// A's selection (first ply) and the first play moves are seeded random; everything
/// else, B's selection, both placements and the game, is chosen by the engine. Every
/// move goes through `Game::play_token` on its text.
fn self_play(games: u64) -> Vec<(String, Option<engine::Outcome>, usize, String)> {
    use engine::game::AnyGame;
    use engine::search::{Limits, Searcher};
    use eval::pentaplane::PentaplaneEval;
    use rand::{Rng, SeedableRng};
    let eval = PentaplaneEval::default();
    let mut results = Vec::new();
    for g in 0..games {
        let mut rng = rand::rngs::StdRng::seed_from_u64(1000 + g);
        let mut searcher = Searcher::default();
        let mut game = engine::game::Game::new(Pentaplane::startpos());
        let mut plies = 0;
        let mut play_plies = 0;
        let mut army = String::new();
        let depth = std::env::var("PENTAPLANE_SELF_PLAY_DEPTH")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(SELF_PLAY_DEPTH);
        let limits = Limits {
            depth: Some(depth),
            ..Default::default()
        };
        while game.result().is_none() && plies < SELF_PLAY_PLY_CAP {
            let pos = game.pos().clone();
            let in_play = pos.phase() == engine::variants::pentaplane::Phase::Play;
            if in_play && army.is_empty() {
                // White's starting row (level A rank 1) and Black's (level E rank 5).
                let board = placement(&pos.fen());
                let white_row = board.rsplit('/').next().unwrap().to_string();
                let black_row = board.split('/').next().unwrap().to_string();
                army = format!("{white_row} vs {black_row}");
            }
            let random =
                (plies == 0 && g % 2 == 0) || (in_play && play_plies < SELF_PLAY_RANDOM_PLAY_PLIES);
            let text = if random {
                let moves = engine_texts(&pos);
                moves[rng.gen_range(0..moves.len())].clone()
            } else {
                let r = searcher.think(&pos, game.history(), &limits, &eval, &mut |_| {});
                pos.move_text(r.best.expect("a legal move when the game is not over"))
            };
            game.play_token(&text)
                .unwrap_or_else(|e| panic!("engine move {text} rejected: {e} at {}", pos.fen()));
            plies += 1;
            if in_play {
                play_plies += 1;
            }
        }
        let drafted: Vec<String> = game.played().iter().take(2).cloned().collect();
        results.push((army, game.result(), plies, drafted.join(" ")));
    }
    results
}

/// About 10 s in the (optimised) test profile; `--nocapture` prints the games.
#[test]
fn self_play_twenty_games_from_the_draft() {
    let n: u64 = std::env::var("PENTAPLANE_SELF_PLAY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let results = self_play(n);
    let (mut w, mut d, mut l, mut capped) = (0, 0, 0, 0);
    for (i, (army, outcome, plies, draft)) in results.iter().enumerate() {
        println!(
            "game {i:2}: {plies:3} plies, draft {draft}, armies {army}: {}",
            outcome
                .as_ref()
                .map(|o| o.to_string())
                .unwrap_or("capped".into())
        );
        match outcome {
            Some(engine::Outcome::Win {
                winner: engine::Side::White,
                ..
            }) => w += 1,
            Some(engine::Outcome::Win { .. }) => l += 1,
            Some(engine::Outcome::Draw(_)) => d += 1,
            None => capped += 1,
        }
    }
    let lengths: Vec<usize> = results.iter().map(|r| r.2).collect();
    println!(
        "White wins {w}, draws {d}, Black wins {l}, capped {capped}; plies min {} max {} mean {:.1}",
        lengths.iter().min().unwrap(),
        lengths.iter().max().unwrap(),
        lengths.iter().sum::<usize>() as f64 / lengths.len() as f64
    );
    assert_eq!(results.len() as u64, n);
}

/// The colour-flipped position: every piece to (4-x, 4-y, 4-z) with its colour
/// swapped, the other side to move. The cube, the X cells and the promotion rows are
/// point-symmetric, so perft must not change.
fn flipped(fen: &str) -> String {
    let b = slow::parse(fen);
    let cells = b
        .cells
        .iter()
        .map(|(&(x, y, z), &c)| {
            let c = if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            };
            ((4 - x, 4 - y, 4 - z), c)
        })
        .collect();
    let f = slow::Board {
        cells,
        white_to_move: !b.white_to_move,
        placing: None,
    };
    format!(
        "{} {} - - 0 1",
        slow_placement(&f),
        if f.white_to_move { 'w' } else { 'b' }
    )
}

#[test]
fn colour_flipped_positions_give_the_same_counts() {
    let mut checked = 0;
    for (fen, depth, nodes) in perft_lines() {
        if fen.contains('[') || depth > 3 || nodes > 100_000 {
            continue;
        }
        let p = Pentaplane::from_fen(&flipped(&fen)).unwrap();
        assert_eq!(engine::perft::perft(&p, depth), nodes, "flipped {fen}");
        checked += 1;
    }
    assert!(checked >= 40);
}
