//! Platonic Chess integration tests: the perft file re-counted by an independent slow
//! generator, hand-checked move lists, engine and slow generator compared along random
//! games, the testkit's playout checks, bad FENs, and engine-vs-engine self-play.

mod platonic_slow;

use engine::game::Game;
use engine::moves::MoveList;
use engine::search::{Limits, Searcher};
use engine::variants::platonic::Platonic;
use engine::{GenKind, Outcome, Position};
use platonic_slow::Pos as Slow;
use rand::{Rng, SeedableRng};

fn perft_lines() -> Vec<(String, u32, u64)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/platonic.perft"
    ))
    .unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').collect();
            assert_eq!(f[0], "platonic");
            (
                f[1].to_string(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
            )
        })
        .collect()
}

fn check_file_with_slow_generator(min: u64, max: u64) {
    let mut checked = 0;
    for (fen, depth, nodes) in perft_lines() {
        if nodes < min || nodes > max {
            continue;
        }
        let got = platonic_slow::perft(&Slow::from_fen(&fen), depth);
        assert_eq!(
            got, nodes,
            "slow generator disagrees with the file at {fen} depth {depth}"
        );
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn perft_file_agrees_with_slow_generator() {
    check_file_with_slow_generator(0, 100_000);
}

#[test]
#[ignore = "slow generator on the deep lines: ~10 s at the default 2M limit, minutes with SLOW_PERFT_MAX=100000000"]
fn perft_file_deep_lines_agree_with_slow_generator() {
    let max = std::env::var("SLOW_PERFT_MAX")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000_000);
    check_file_with_slow_generator(100_001, max);
}

fn engine_moves(pos: &Platonic) -> Vec<String> {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let mut v: Vec<String> = list.iter().map(|&m| pos.move_text(m)).collect();
    v.sort();
    v
}

fn slow_moves(pos: &Slow) -> Vec<String> {
    let mut v: Vec<String> = pos.legal().iter().map(Slow::move_name).collect();
    v.sort();
    v
}

/// Depth-1 move lists worked out by hand (the same lists as the perft file's comments).
#[test]
fn hand_checked_move_lists() {
    let cases: &[(&str, &str)] = &[
        ("8tt/10/10/3cc5/3cP5/4c5/10/10/10/TT8 w - - 0 1", "a1a2 b1b2 b1c1 e6d6 e6d7 e6e5 e6e7"),
        ("8tt/4o5/3o6/4P5/3o1o4/10/10/10/10/TT8 w - - 0 1", "a1a2 b1b2 b1c1 e7d6 e7d8 e7e8 e7e9 e7f6"),
        ("2c3c1tt/5c4/4P5/5c4/2c7/10/10/10/10/TT8 w - - 0 1", "a1a2 b1b2 b1c1 e8c10 e8c6 e8e9 e8f7 e8f9"),
        ("3c2c1tt/4P5/10/2c2c4/10/10/10/10/10/TT8 w - - 0 1", "a1a2 b1b2 b1c1 e9c7 e9d10 e9e10 e9f7 e9g10"),
        ("1c2P1c1tt/10/2c7/4c5/10/10/10/10/10/TT8 w - - 0 1", "a1a2 b1b2 b1c1 e10b10 e10c8 e10e7 e10g10"),
        ("8tt/10/10/10/10/3Pp5/10/10/10/TT8 b - d4 0 1", "e5d4 e5d5 e5e4 i10h10 i10i9 j10j9"),
        ("8tt/10/10/10/4P5/3cc5/10/10/10/TT8 w - - 0 1", "a1a2 b1b2 b1c1 e6e5 e6e7"),
        ("TT6tt/10/10/10/10/10/4C5/6Cp2/8C1/2C1pC4 b - - 0 1", "e1c1 e1e4 e1f1 e1g3 h3f1 h3h2 h3i2 i10h10 i10i9 j10j9"),
        (
            "i3tt3i/10/10/10/10/10/10/10/10/I3TT3I w AJaj - 0 1",
            "a1a2 a1a3 a1a4 a1a5 a1b1 a1c1 a1c3 a1d1 e1c1 e1d1 e1e2 f1f2 f1g1 f1h1 j1g1 j1h1 j1h3 j1i1 j1j2 j1j3 j1j4 j1j5",
        ),
        ("4tt4/10/10/10/10/10/10/2o7/10/I3TT3I w AJ - 0 1", "a1c3 e1d1 e1e2"),
    ];
    for (fen, expected) in cases {
        let mut want: Vec<String> = expected.split(' ').map(String::from).collect();
        want.sort();
        let pos = Platonic::from_fen(fen).unwrap();
        assert_eq!(engine_moves(&pos), want, "engine at {fen}");
        assert_eq!(
            slow_moves(&Slow::from_fen(fen)),
            want,
            "slow generator at {fen}"
        );
    }
}

#[test]
fn mates_of_the_perft_file_are_checkmates() {
    for fen in [
        "4tt4/10/6D3/10/10/10/10/10/10/TT8 b - - 0 1",
        "4t5/4t5/4I5/3O6/10/10/10/10/10/TT8 b - - 0 1",
        "10/10/10/3t1t4/4P5/10/10/10/10/TT8 b - - 0 1",
    ] {
        let pos = Platonic::from_fen(fen).unwrap();
        assert!(pos.in_check(), "{fen}");
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Win {
                winner: engine::Side::White,
                reason: "checkmate"
            }),
            "{fen}"
        );
    }
}

/// Along random games the engine's legal moves and check status equal the slow
/// generator's, position by position.
#[test]
fn engine_matches_slow_generator_along_random_games() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x91A7);
    let starts = [
        Platonic::startpos().fen(),
        "i3tt3i/10/10/10/10/10/10/10/10/I3TT3I w AJaj - 0 1".to_string(),
        "idocttcodi/10/pppp2pppp/10/4pP4/4Pp4/10/PPPP2PPPP/10/IDOCTTCODI w AJaj - 0 1".to_string(),
    ];
    let mut positions = 0;
    for start in &starts {
        for _ in 0..25 {
            let mut pos = Platonic::from_fen(start).unwrap();
            for _ in 0..120 {
                let fen = pos.fen();
                let slow = Slow::from_fen(&fen);
                let mine = engine_moves(&pos);
                assert_eq!(mine, slow_moves(&slow), "move lists differ at {fen}");
                assert_eq!(pos.in_check(), slow.in_check(), "check differs at {fen}");
                positions += 1;
                let mut list = MoveList::new();
                pos.generate(GenKind::All, &mut list);
                if list.is_empty() {
                    break;
                }
                // Prefer captures now and then so pawns reach the high ranks.
                let caps: Vec<_> = list
                    .iter()
                    .copied()
                    .filter(|&m| pos.is_capture(m))
                    .collect();
                let m = if !caps.is_empty() && rng.gen_bool(0.5) {
                    caps[rng.gen_range(0..caps.len())]
                } else {
                    list[rng.gen_range(0..list.len())]
                };
                pos.make(m);
            }
        }
    }
    assert!(positions > 1000);
}

#[test]
fn random_playouts_keep_keys_fens_and_move_texts() {
    let n = engine::testkit::check_random_playouts(&Platonic::startpos(), 7, 40, 300);
    assert!(n > 2000);
    let castling =
        Platonic::from_fen("i3tt3i/10/10/10/10/10/10/10/10/I3TT3I w AJaj - 0 1").unwrap();
    engine::testkit::check_random_playouts(&castling, 8, 20, 200);
}

#[test]
fn bad_fens_are_rejected_with_errors() {
    let start = "idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI";
    let bad = [
        "".to_string(),
        start.to_string(),
        format!("{start} w"),
        format!("{start} w AJaj - 0"),
        format!("{start} x AJaj - 0 1"),
        format!("{start} w AJaj - -1 1"),
        format!("{start} w AJaj - 0 0"),
        format!("{start} w KQkq - 0 1"),
        format!("{start} w JA - 0 1"),
        format!("{start} w AA - 0 1"),
        format!("{start} w AJaj e9 0 1"),
        format!("{start} w AJaj z4 0 1"),
        // e4 is not a square a Black pawn passes over with White to move.
        format!("{start} w AJaj e4 0 1"),
        // ep e7 but no Black pawn on e6.
        format!("{start} w AJaj e7 0 1"),
        "idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODX w AJaj - 0 1".to_string(),
        "idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/55/IDOCTTCODI w AJaj - 0 1".to_string(),
        "idocttcodi/010/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI w AJaj - 0 1".to_string(),
        "idocttcodi/100/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI w AJaj - 0 1".to_string(),
        "idocttcodi/19/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI w AJaj - 0 1".to_string(),
        "idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/IDOCTTCODI w AJaj - 0 1".to_string(),
        "idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODII w AJaj - 0 1".to_string(),
        "idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCOD w AJaj - 0 1".to_string(),
        "idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCT~TCODI w AJaj - 0 1".to_string(),
        // Three or one Tetrahedrons.
        "idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOTTTCODI w - - 0 1".to_string(),
        "idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTCCODI w - - 0 1".to_string(),
        // Right A without the Icosahedron on a1.
        "idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/1DOCTTCODI w AJaj - 0 1".to_string(),
        // Right j without the Tetrahedron on f10.
        "idoctc1odi/5t4/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI w AJaj - 0 1".to_string(),
        // The side not to move (Black) is in check: the Dodecahedron g8 forks e10/f10.
        "4tt4/10/6D3/10/10/10/10/10/10/TT8 w - - 0 1".to_string(),
    ];
    for fen in &bad {
        let r = Platonic::from_fen(fen);
        assert!(r.is_err(), "accepted bad FEN '{fen}'");
        assert!(!r.unwrap_err().to_string().is_empty());
    }
    // The messages say what is wrong.
    let message = |fen: &str| Platonic::from_fen(fen).unwrap_err().to_string();
    assert!(
        message("idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOTTTCODI w - - 0 1")
            .contains("White has 3 Tetrahedrons, expected exactly 2")
    );
    assert!(message("4tt4/10/6D3/10/10/10/10/10/10/TT8 w - - 0 1")
        .contains("Black is not to move but is in check"));
    assert!(
        message("idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/1DOCTTCODI w AJaj - 0 1")
            .contains("right 'A' needs the Tetrahedron on e1 and the Icosahedron on a1")
    );
    assert!(message(&format!("{start} w AJaj e7 0 1"))
        .contains("no Black pawn has just double-stepped"));
    // And the good ones parse and round-trip.
    for good in [
        format!("{start} w AJaj - 0 1"),
        format!("{start} b - - 12 40"),
        "idocttcodi/10/pppp1ppppp/10/10/3P6/10/PPP1PPPPPP/10/IDOCTTCODI b AJaj d4 0 1".to_string(),
        "i3tt3i/10/10/10/10/10/10/10/10/I3TT3I w Aj - 3 9".to_string(),
    ] {
        let p = Platonic::from_fen(&good).unwrap_or_else(|e| panic!("{good}: {e}"));
        assert_eq!(p.fen(), good);
    }
    // The two counters may be omitted.
    assert_eq!(
        Platonic::from_fen(&format!("{start} w AJaj -"))
            .unwrap()
            .fen(),
        format!("{start} w AJaj - 0 1")
    );
}

#[test]
fn game_records_moves_and_rejects_illegal_text() {
    let mut g = Game::new(Platonic::startpos());
    g.play_token("e3e5").unwrap();
    assert!(g.play_token("e5e6").is_err(), "not White's turn");
    g.play_token("d8d6").unwrap();
    assert_eq!(
        g.pos().fen(),
        "idocttcodi/10/ppp1pppppp/10/3p6/4P5/10/PPPP1PPPPP/10/IDOCTTCODI w AJaj d7 0 2"
    );
    assert!(g.play_token("e5d6x").is_err());
    assert!(
        g.play_token("e5d6").is_ok(),
        "sideways? no: e5 is White's 5th rank, d6 is a diagonal capture"
    );
}

/// One engine-vs-engine game: `random_plies` seeded random opening moves, then both
/// sides search with `depth`. Every move goes through `Game::play_token` on its text.
/// Returns the result (None when `max_plies` was hit) and the number of plies.
fn self_play_game(
    seed: u64,
    random_plies: usize,
    depth: u32,
    max_plies: usize,
) -> (Option<Outcome>, usize) {
    let eval = eval::platonic::PlatonicEval::default();
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut game = Game::new(Platonic::startpos());
    let mut searcher = Searcher::default();
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(200_000),
        ..Limits::default()
    };
    for ply in 0..max_plies {
        if let Some(result) = game.result() {
            return (Some(result), ply);
        }
        let pos = game.pos().clone();
        let mv = if ply < random_plies {
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            list[rng.gen_range(0..list.len())]
        } else {
            let r = searcher.think(&pos, game.history(), &limits, &eval, &mut |_| {});
            r.best
                .expect("a position with a result was returned above, so a move exists")
        };
        let text = pos.move_text(mv);
        game.play_token(&text)
            .unwrap_or_else(|e| panic!("engine move {text} rejected at {}: {e}", pos.fen()));
    }
    (game.result(), max_plies)
}

fn run_self_play(games: u64, depth: u32, max_plies: usize) -> String {
    let (mut white, mut draws, mut black, mut capped) = (0, 0, 0, 0);
    let mut lengths = Vec::new();
    let mut reasons = std::collections::BTreeMap::new();
    for seed in 0..games {
        let (result, plies) =
            self_play_game(1000 + seed, 4 + (seed as usize % 5), depth, max_plies);
        lengths.push(plies);
        match &result {
            Some(Outcome::Win {
                winner: engine::Side::White,
                reason,
            }) => {
                white += 1;
                *reasons.entry(reason.to_string()).or_insert(0) += 1;
            }
            Some(Outcome::Win { reason, .. }) => {
                black += 1;
                *reasons.entry(reason.to_string()).or_insert(0) += 1;
            }
            Some(Outcome::Draw(r)) => {
                draws += 1;
                *reasons.entry(r.to_string()).or_insert(0) += 1;
            }
            None => capped += 1,
        }
    }
    let avg = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
    format!(
        "{games} games at depth {depth}: White {white} / draws {draws} / Black {black}, capped at {max_plies} plies: {capped}; reasons {reasons:?}; plies {lengths:?} (mean {avg:.1})"
    )
}

#[test]
fn self_play_smoke() {
    println!("{}", run_self_play(2, 1, 80));
}

#[test]
#[ignore = "20 searched games: a few minutes; run with --ignored --nocapture"]
fn self_play_twenty_games() {
    let depth = std::env::var("SELFPLAY_DEPTH")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2);
    let report = run_self_play(20, depth, 600);
    println!("{report}");
}

/// The colour-mirrored FEN: ranks reversed, cases swapped, side swapped.
fn mirror_fen(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let placement: Vec<String> = f[0].split('/').rev().map(swap).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    let castling = if f[2] == "-" {
        "-".to_string()
    } else {
        let swapped = swap(f[2]);
        let upper: String = swapped.chars().filter(|c| c.is_ascii_uppercase()).collect();
        let lower: String = swapped.chars().filter(|c| c.is_ascii_lowercase()).collect();
        upper + &lower
    };
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        let rank: u32 = f[3][1..].parse().unwrap();
        format!("{}{}", &f[3][..1], 11 - rank)
    };
    format!(
        "{} {side} {castling} {ep} {} {}",
        placement.join("/"),
        f[4],
        f[5]
    )
}

#[test]
fn mirrored_positions_give_the_same_counts() {
    let mut checked = 0;
    for (fen, depth, nodes) in perft_lines() {
        if depth > 3 || nodes > 100_000 {
            continue;
        }
        let mirrored = mirror_fen(&fen);
        let pos = Platonic::from_fen(&mirrored).unwrap_or_else(|e| panic!("{mirrored}: {e}"));
        assert_eq!(
            engine::perft::perft(&pos, depth),
            nodes,
            "mirror of {fen} is {mirrored}"
        );
        checked += 1;
    }
    assert!(checked >= 30);
}
