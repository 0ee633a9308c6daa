//! Split Phase Tri-Plane: rules, FEN, perft cross-checks against an independent
//! slow generator (`triplane_slow`), and self-play.

mod triplane_slow;

use engine::game::Game;
use engine::variants::triplane::TriPlane;
use engine::{DrawReason, GenKind, MoveList, Outcome, Position, Side};
use std::collections::BTreeSet;
use triplane_slow::Slow;

const START: &str = "rnbqsbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQSBNR|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w KQkq - 0 1 a";

fn pos(fen: &str) -> TriPlane {
    TriPlane::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn engine_moves(p: &TriPlane) -> BTreeSet<String> {
    let mut l = MoveList::new();
    p.generate(GenKind::All, &mut l);
    l.iter().map(|&m| p.move_text(m)).collect()
}

/// The `tests/perft/triplane.perft` lines: (fen, depth, nodes).
fn perft_lines() -> Vec<(String, u32, u64)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/triplane.perft"
    ))
    .unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').collect();
            assert_eq!(f[0], "triplane");
            (
                f[1].to_string(),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
            )
        })
        .collect()
}

fn game(fen: &str, moves: &[&str]) -> Game<TriPlane> {
    let mut g = Game::new(pos(fen));
    for m in moves {
        g.play_token(m)
            .unwrap_or_else(|e| panic!("{m} at {}: {e}", g.pos().fen()));
    }
    g
}

fn fen_after(fen: &str, moves: &[&str]) -> String {
    game(fen, moves).pos().fen()
}

fn has(p: &TriPlane, text: &str) -> bool {
    engine_moves(p).contains(text)
}

const EMPTY_BC: &str = "4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[]";

// ---------------------------------------------------------------- perft cross-checks

/// The slow generator reproduces every perft-file line up to 2M nodes (the engine
/// is checked against the same file by tests/perft.rs).
#[test]
fn slow_generator_reproduces_perft_file() {
    let mut checked = 0;
    for (fen, depth, nodes) in perft_lines() {
        if nodes > 2_000_000 {
            continue;
        }
        assert_eq!(
            Slow::from_fen(&fen).perft(depth),
            nodes,
            "slow perft {depth} of {fen}"
        );
        checked += 1;
    }
    assert!(checked >= 50, "only {checked} lines checked");
}

/// Every perft-file line, the deep ones included (minutes).
#[test]
#[ignore = "slow generator on every perft line: minutes"]
fn slow_generator_reproduces_deep_perft_lines() {
    for (fen, depth, nodes) in perft_lines() {
        assert_eq!(
            Slow::from_fen(&fen).perft(depth),
            nodes,
            "slow perft {depth} of {fen}"
        );
    }
}

/// Along seeded random games from the start and from every perft position, the
/// engine's legal sub-moves equal the slow generator's, move text for move text.
#[test]
fn engine_and_slow_generator_agree_along_random_games() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(20061);
    let mut starts: Vec<String> = perft_lines().into_iter().map(|l| l.0).collect();
    starts.dedup();
    let mut positions = 0;
    for fen in starts {
        for _ in 0..6 {
            let mut p = pos(&fen);
            let mut s = Slow::from_fen(&fen);
            for _ in 0..150 {
                let e = engine_moves(&p);
                let mut sl: Vec<String> = s.moves();
                sl.sort();
                let sl: BTreeSet<String> = sl.into_iter().collect();
                assert_eq!(e, sl, "move sets differ at {}", p.fen());
                positions += 1;
                if e.is_empty() {
                    break;
                }
                let list: Vec<&String> = e.iter().collect();
                // Prefer captures and drops now and then so holds fill up.
                let pick = list[rng.gen_range(0..list.len())].clone();
                let m = p.parse_move(&pick).unwrap();
                p.make(m);
                s.apply(&pick);
            }
        }
    }
    assert!(positions > 5000, "{positions}");
}

#[test]
fn random_playouts_keep_keys_fens_and_texts_consistent() {
    let n = engine::testkit::check_random_playouts(&TriPlane::startpos(), 7, 30, 400);
    assert!(n > 3000);
    for (i, (fen, _, _)) in perft_lines().into_iter().enumerate().step_by(5) {
        engine::testkit::check_random_playouts(&pos(&fen), 100 + i as u64, 4, 200);
    }
}

// ---------------------------------------------------------------- splitting

/// SOURCE split table: P->P+P, R->W+D, N->N+N, B->F+E, Q->R+B, S->Q+Q; the `>x`
/// suffix names the component sent to Hold B.
#[test]
fn every_split_fills_both_holds() {
    let fen =
        "8/8/8/3pr3/2sQn3/2q1b3/8/4S3|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a";
    let holds = |m: &str| {
        let f = fen_after(fen, &[m]);
        let b = f
            .split('|')
            .nth(1)
            .unwrap()
            .split('[')
            .nth(1)
            .unwrap()
            .trim_end_matches(']')
            .to_string();
        let c = f
            .split('|')
            .nth(2)
            .unwrap()
            .split('[')
            .nth(1)
            .unwrap()
            .split(']')
            .next()
            .unwrap()
            .to_string();
        (b, c)
    };
    let cases = [
        ("Ad4d5", "P", "P"),
        ("Ad4e5>w", "W", "D"),
        ("Ad4e5>d", "D", "W"),
        ("Ad4e4", "N", "N"),
        ("Ad4e3>f", "F", "E"),
        ("Ad4e3>e", "E", "F"),
        ("Ad4c3>r", "R", "B"),
        ("Ad4c3>b", "B", "R"),
        ("Ad4c4", "Q", "Q"),
    ];
    for (m, b, c) in cases {
        assert_eq!(holds(m), (b.to_string(), c.to_string()), "{m}");
    }
    // Symmetric splits have no suffix; asymmetric ones need one.
    let p = pos(fen);
    assert!(!has(&p, "Ad4d5>p") && !has(&p, "Ad4c4>q") && !has(&p, "Ad4e5"));
    assert!(p.parse_move("Ad4e5").is_err());
}

/// DECISION: a promoted man splits as its current kind (a promoted queen gives R+B).
#[test]
fn promoted_queen_splits_as_queen() {
    let fen = "3r4/4P3/8/8/8/8/8/s3S3|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a";
    let g = game(fen, &["Ae7e8q", "Be1d1", "Ce1d1", "Ad8e8>b"]);
    let f = g.pos().fen();
    assert!(f.ends_with("b - - 0 1 b"), "{f}");
    assert!(f.contains("3K4[b]|") && f.contains("3K4[r]"), "{f}");
}

/// Captures on B and C remove the man from the game (no hold entry).
#[test]
fn captures_on_b_and_c_leave_the_game() {
    let fen = "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/3q4/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 b";
    let f = fen_after(fen, &["Be1d2"]);
    assert!(f.contains("|4k3/8/8/8/8/8/3K4/8[]|"), "{f}");
}

// ---------------------------------------------------------------- piece movement

fn moves_of(fen: &str, prefix: &str) -> Vec<String> {
    engine_moves(&pos(fen))
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

#[test]
fn wazir_war_machine_ferz_elephant_move_as_specified() {
    let f = |piece: &str| {
        format!(
            "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/3{piece}4/8/8/K7[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 b"
        )
    };
    assert_eq!(
        moves_of(&f("W"), "Bd4"),
        ["Bd4c4", "Bd4d3", "Bd4d5", "Bd4e4"]
    );
    assert_eq!(
        moves_of(&f("D"), "Bd4"),
        ["Bd4b4", "Bd4d2", "Bd4d6", "Bd4f4"]
    );
    assert_eq!(
        moves_of(&f("F"), "Bd4"),
        ["Bd4c3", "Bd4c5", "Bd4e3", "Bd4e5"]
    );
    assert_eq!(
        moves_of(&f("E"), "Bd4"),
        ["Bd4b2", "Bd4b6", "Bd4f2", "Bd4f6"]
    );
    // The War Machine jumps over any man (own N on d5 and e4, enemy pawns on c4 and
    // d3), captures on landing (d6) and cannot land on its own W (f4).
    let jump =
        "4s3/8/8/8/8/8/8/4S3|4k3/8/3p4/3N4/2pDNW2/3p4/8/K7[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 b";
    assert_eq!(moves_of(jump, "Bd4"), ["Bd4b4", "Bd4d2", "Bd4d6"]);
}

#[test]
fn elephant_jumps_and_captures_on_landing_only() {
    let fen = "4s3/8/8/8/8/8/8/4S3|4k3/8/1p3p2/2ppp3/2pEp3/2ppp3/1p6/7K[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 b";
    // Over c3/c5/e3/e5 (any men) to b2 (enemy: capture), b6 (enemy), f6 (enemy), f2 (empty).
    assert_eq!(moves_of(fen, "Bd4"), ["Bd4b2", "Bd4b6", "Bd4f2", "Bd4f6"]);
}

// ---------------------------------------------------------------- DeadWood

#[test]
fn deadwood_is_made_by_pawns_on_the_last_rank_and_is_inert() {
    let fen =
        "4s3/8/8/8/8/8/8/4S3|r2xk3/1PP5/8/3x4/3D1X2/8/8/R1X1K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 b";
    // By moving and by capturing; no suffix.
    assert!(fen_after(fen, &["Bb7b8"]).contains("|rX1xk3/2P5/"));
    assert!(fen_after(fen, &["Bb7a8"]).contains("|X2xk3/2P5/"));
    let p = pos(fen);
    assert!(!has(&p, "Bc7d8"), "DeadWood cannot be captured");
    assert!(!has(&p, "Bd4f4"), "leapers never land on DeadWood");
    assert!(has(&p, "Bd4d6"), "leapers jump over DeadWood");
    assert!(
        !has(&p, "Ba1c1") && !has(&p, "Ba1d1"),
        "sliders stop before DeadWood"
    );
    // DeadWood never moves and never gives check: a white X beside the black king.
    let adj = "4s3/8/8/8/8/8/8/4S3|4k3/4X3/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] b - - 0 1 b";
    let p = pos(adj);
    assert!(!p.in_check());
    assert!(!has(&p, "Be8e7"), "a king cannot take DeadWood either");
    let black = "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/x3K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 b";
    assert!(moves_of(black, "Ba1").is_empty());
    // Black pawns become DeadWood on rank 1.
    let bp = "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/p7/4K3[]|4k3/8/8/8/8/8/8/4K3[] b - - 0 1 b";
    assert!(fen_after(bp, &["Ba2a1"]).contains("|4k3/8/8/8/8/8/8/x3K3[]|"));
}

// ---------------------------------------------------------------- drops

#[test]
fn drops_go_only_to_their_own_board_and_pawns_not_to_the_last_rank() {
    // White Hold B has a knight, Hold C a pawn.
    let fen = "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[N]|4k3/8/8/8/8/8/8/4K3[P] w - - 0 1 b";
    let p = pos(fen);
    assert!(has(&p, "BN@f3"));
    assert!(!has(&p, "BP@f3"), "no cross-dropping from Hold C to B");
    let p = pos(&fen_after(fen, &["BN@f3"]));
    assert!(!has(&p, "CN@f3"));
    assert!(has(&p, "CP@a1"), "rank 1 allowed (DECISION)");
    assert!(!has(&p, "CP@a8"), "last rank forbidden (SOURCE)");
    assert!(has(&p, "CP@a7"));
    // The hold empties.
    assert!(fen_after(fen, &["BN@f3"]).contains("[]|"));
}

#[test]
fn dropped_pawns_on_rank_one_single_step_and_on_rank_two_double_step() {
    let fen = "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[PP]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 b";
    let g = game(fen, &["BP@a1", "Ce1d1", "Ae8d8", "Be8d8", "Ce8d8", "Ae1e2"]);
    let p = g.pos();
    assert!(has(p, "Ba1a2") && !has(p, "Ba1a3"));
    let g = game(
        fen,
        &[
            "BP@a1", "Ce1d1", "Ae8d8", "Be8d8", "Ce8d8", "Ae1e2", "Ba1a2", "Cd1e1", "Ad8e8",
            "Bd8e8", "Cd8e8", "Ae2e1",
        ],
    );
    assert!(
        has(g.pos(), "Ba2a4"),
        "a pawn on its 2nd rank double-steps however it got there"
    );
}

#[test]
fn drops_may_give_check_and_mate_even_by_pawn() {
    let fen = "4s3/8/8/8/8/8/8/4S3|6nk/7p/7B/8/8/8/8/4K3[P]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 b";
    let mut g = game(fen, &["BP@g7", "Ce1d1"]);
    assert!(
        g.result().is_none(),
        "mate is judged at the defender's B step, not before"
    );
    g.play_token("Ae8d8").unwrap();
    assert_eq!(
        g.result(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "checkmate on board B"
        })
    );
    assert!(engine_moves(g.pos()).is_empty());
}

/// A drop can block a check; when in check only blocking drops are offered.
#[test]
fn drops_block_checks() {
    let fen = "4s3/8/8/3p4/4P3/8/8/4S3|R6k/6pp/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] b - - 0 1 a";
    let g = game(fen, &["Ad5e4"]);
    let ms: Vec<String> = engine_moves(g.pos()).into_iter().collect();
    assert_eq!(ms, ["BP@b8", "BP@c8", "BP@d8", "BP@e8", "BP@f8", "BP@g8"]);
    let mut g2 = game(fen, &["Ad5d4"]);
    assert_eq!(
        g2.result(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "checkmate on board B"
        })
    );
    assert!(g2.play_token("BP@g8").is_err());
}

// ---------------------------------------------------------------- Board A

#[test]
fn split_phase_castles_through_check_and_loses_rights() {
    let fen = "4s3/8/8/8/1b6/8/5r2/R3S2R|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w KQ - 0 1 a";
    let p = pos(fen);
    assert!(has(&p, "Ae1g1") && has(&p, "Ae1c1"));
    assert!(fen_after(fen, &["Ae1g1"]).starts_with("4s3/8/8/8/1b6/8/5r2/R4RS1|"));
    assert!(fen_after(fen, &["Ae1c1"]).starts_with("4s3/8/8/8/1b6/8/5r2/2SR3R|"));
    assert!(fen_after(fen, &["Ae1g1"]).contains(" w - - 0 1 b"));
    assert!(fen_after(fen, &["Ah1h2"]).contains(" w Q - 0 1 b"));
    assert!(fen_after(fen, &["Aa1a2"]).contains(" w K - 0 1 b"));
    assert!(fen_after(fen, &["Ae1d1"]).contains(" w - - 0 1 b"));
    // Blocked squares between S and rook forbid castling (b1 for the long one).
    let blocked = "4s3/8/8/8/8/8/8/RN2S2R|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w KQ - 0 1 a";
    assert!(!has(&pos(blocked), "Ae1c1") && has(&pos(blocked), "Ae1g1"));
    // Capturing a rook on its corner removes that right.
    let take = "4s3/8/8/8/8/8/6b1/R3S2R|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] b KQ - 0 1 a";
    assert!(fen_after(take, &["Ag2h1>w"]).contains(" b Q - 0 1 b"));
    // An S may step onto an attacked square, and two S may stand side by side.
    let adj = "8/8/8/8/8/8/8/3sS3|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a";
    assert!(has(&pos(adj), "Ae1d2") && has(&pos(adj), "Ae1d1"));
}

#[test]
fn split_phase_capture_gives_two_queens_and_ends_nothing() {
    let fen = "8/8/8/8/8/8/8/3sS3|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a";
    let g = game(fen, &["Ae1d1"]);
    assert!(g.result().is_none());
    assert!(g.pos().fen().contains("4K3[Q]|4k3/8/8/8/8/8/8/4K3[Q]"));
}

#[test]
fn board_a_promotion_en_passant_and_double_step() {
    let fen = "4s3/1P6/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a";
    let promos: Vec<String> = moves_of(fen, "Ab7");
    assert_eq!(
        promos,
        ["Ab7b8b", "Ab7b8n", "Ab7b8q", "Ab7b8r"],
        "any piece except a Split-Phase"
    );
    let ep = "4s3/3p4/8/4P3/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] b - - 0 1 a";
    let g = game(ep, &["Ad7d5"]);
    assert!(g.pos().fen().contains(" Ad6 "), "{}", g.pos().fen());
    let g = game(ep, &["Ad7d5", "Be8d8", "Ce8d8"]);
    assert!(has(g.pos(), "Ae5d6"));
    let g = game(ep, &["Ad7d5", "Be8d8", "Ce8d8", "Ae5d6"]);
    assert!(g.pos().fen().contains("[P]|") && g.pos().fen().starts_with("4s3/8/3P4/8/"));
    // The right lapses with the next A move.
    let g = game(
        ep,
        &[
            "Ad7d5", "Be8d8", "Ce8d8", "Ae1e2", "Be1d1", "Ce1d1", "Ae8f8", "Bd8e8", "Cd8e8",
        ],
    );
    assert!(!has(g.pos(), "Ae5d6"));
}

// ---------------------------------------------------------------- B/C en passant and pawns

#[test]
fn en_passant_on_b_lasts_until_the_opponents_next_b_step() {
    let fen = "4s3/8/8/8/8/8/8/4S3|4k3/3p4/8/4P3/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] b - - 0 1 b";
    let g = game(fen, &["Bd7d5"]);
    assert!(g.pos().fen().contains(" Bd6 "));
    // Survives Black's C step and White's A step.
    let g = game(fen, &["Bd7d5", "Ce8d8", "Ae1d1"]);
    assert!(has(g.pos(), "Be5d6"));
    let g2 = game(fen, &["Bd7d5", "Ce8d8", "Ae1d1", "Be5d6"]);
    assert!(
        g2.pos().fen().contains("|4k3/8/3P4/8/8/8/8/4K3[]|"),
        "{}",
        g2.pos().fen()
    );
    // Lapses with White's B step whatever is played.
    let g = game(
        fen,
        &[
            "Bd7d5", "Ce8d8", "Ae1d1", "Be1d1", "Ce1d1", "Ae8d8", "Be8f8", "Cd8e8", "Ad1e1",
        ],
    );
    assert!(!has(g.pos(), "Be5d6"));
    assert!(!g.pos().fen().contains("Bd6"));
}

#[test]
fn no_castling_and_no_promotion_on_b_and_c() {
    let fen = "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/R3K2R[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 b";
    assert!(!has(&pos(fen), "Be1g1") && !has(&pos(fen), "Be1c1"));
    assert!(TriPlane::from_fen(
        "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/R3K2R[]|4k3/8/8/8/8/8/8/4K3[] w K - 0 1 a"
    )
    .is_err());
    let pawn = "4s3/8/8/8/8/8/8/4S3|4k3/P7/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 b";
    assert_eq!(moves_of(pawn, "Ba7"), ["Ba7a8"]);
}

// ---------------------------------------------------------------- turn structure

#[test]
fn turn_is_a_then_b_then_c_and_counters_follow_the_rules() {
    let g = game(START, &["Ae2e4"]);
    assert!(
        g.pos().fen().ends_with(" w KQkq Ae3 0 1 b"),
        "{}",
        g.pos().fen()
    );
    assert_eq!(g.pos().side_to_move(), Side::White);
    let g = game(START, &["Ae2e4,Be1e2,Ce1e2"]);
    assert!(
        g.pos().fen().ends_with(" b KQkq Ae3 0 1 a"),
        "{}",
        g.pos().fen()
    );
    // Half-move clock: counts completed half-turns without progress; fullmove after Black's C.
    let g = game(START, &["Ag1f3,Be1e2,Ce1e2", "Ag8f6,Be8e7,Ce8e7"]);
    assert!(
        g.pos().fen().ends_with(" w KQkq - 2 2 a"),
        "{}",
        g.pos().fen()
    );
    let g = game(START, &["Ag1f3,Be1e2,Ce1e2", "Ag8f6,Be8e7,Ce8e7", "Ab1c3"]);
    assert!(
        g.pos().fen().ends_with(" w KQkq - 2 2 b"),
        "the clock changes only at turn end"
    );
    let g = game(START, &["Ag1f3,Be1e2,Ce1e2", "Ae7e5,Be8e7,Ce8e7"]);
    assert!(
        g.pos().fen().ends_with(" w KQkq Ae6 0 2 a"),
        "{}",
        g.pos().fen()
    );
    // 0000 does not exist in this variant.
    assert!(game(START, &[]).play_token("0000").is_err());
    assert!(game(START, &["Ae2e4"]).play_token("0000").is_err());
}

#[test]
fn step_a_is_skipped_when_impossible_and_resumes_later() {
    // Black's only A man is a pawn blocked by White's pawn.
    let fen = "8/8/8/4p3/4P3/6S1/8/8|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] b - - 0 1 a";
    let p = pos(fen);
    let ms = engine_moves(&p);
    assert!(
        !ms.is_empty() && ms.iter().all(|m| m.starts_with('B')),
        "{ms:?}"
    );
    assert!(p.fen().ends_with(" a"), "the FEN keeps step a");
    // After B the step is C: the skip is no ply.
    let g = game(fen, &["Be8d8"]);
    assert!(g.pos().fen().ends_with(" c"));
    // Still no A move for Black after a White S move that frees nothing...
    let g = game(fen, &["Be8d8", "Ce8d8", "Ag3g4", "Be1d1", "Ce1d1"]);
    assert!(engine_moves(g.pos()).iter().all(|m| m.starts_with('B')));
    // ...and step A resumes as soon as a move appears (the S offers itself on f4).
    let g = game(fen, &["Be8d8", "Ce8d8", "Ag3f4", "Be1d1", "Ce1d1"]);
    let ms = engine_moves(g.pos());
    assert_eq!(ms.into_iter().collect::<Vec<_>>(), ["Ae5f4"]);
}

#[test]
fn checks_on_other_boards_do_not_restrict_a_step() {
    let fen = "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/r3K3[] w - - 0 1 b";
    let p = pos(fen);
    assert!(!p.in_check(), "at step B only the B king counts");
    assert_eq!(engine_moves(&p).len(), 5);
    let g = game(fen, &["Be1d1"]);
    assert!(g.pos().in_check());
    let ms: Vec<String> = engine_moves(g.pos()).into_iter().collect();
    assert_eq!(ms, ["Ce1d2", "Ce1e2", "Ce1f2"]);
}

// ---------------------------------------------------------------- outcomes

#[test]
fn mate_on_b_while_a_is_still_to_be_played() {
    let fen = "4s3/8/8/8/8/8/8/4S3|7k/6Q1/5K2/8/8/8/8/8[]|4k3/8/8/8/8/8/8/4K3[] b - - 0 1 a";
    let mut g = game(fen, &[]);
    assert!(g.result().is_none(), "Black still plays A");
    g.play_token("Ae8d8").unwrap();
    assert_eq!(
        g.result(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "checkmate on board B"
        })
    );
    assert_eq!(g.pos().event_outcome(), None);
    assert_eq!(
        g.pos().no_move_outcome(),
        Outcome::Win {
            winner: Side::White,
            reason: "checkmate on board B"
        }
    );
}

#[test]
fn mate_on_c_is_judged_at_the_c_step_and_the_mating_side_plays_on() {
    let fen = "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[]|7k/6Q1/5K2/8/8/8/8/8[] b - - 0 1 a";
    let mut g = game(fen, &["Ae8d8"]);
    assert!(g.result().is_none());
    g.play_token("Be8d8").unwrap();
    assert_eq!(
        g.result(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "checkmate on board C"
        })
    );
    // With step A skipped the mated defender has no sub-move at the start of his turn.
    let skip = "8/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[]|7k/6Q1/5K2/8/8/8/8/8[] b - - 0 1 a";
    let g = game(skip, &[]);
    assert_eq!(engine_moves(g.pos()).len(), 5);
    let g = game(skip, &["Be8d8"]);
    assert_eq!(
        g.result(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "checkmate on board C"
        })
    );
    // After mating on B at step B, the mating side still plays step C.
    let mating = "4s3/8/8/8/8/8/8/4S3|7k/8/5K2/8/8/8/8/6Q1[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 b";
    let g = game(mating, &["Bg1g7"]);
    assert!(g.result().is_none());
    assert!(engine_moves(g.pos()).iter().all(|m| m.starts_with('C')));
}

#[test]
fn stalemate_on_b_or_c_is_a_draw_at_that_step() {
    let fen = "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/1q6/8/K7[] w - - 0 1 b";
    let g = game(fen, &["Be1d1"]);
    assert_eq!(g.result(), Some(Outcome::Draw(DrawReason::Stalemate)));
    // A stalemate on B ends the game before C is reached.
    let b = "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/1q6/8/K7[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a";
    let g = game(b, &["Ae1d1"]);
    assert_eq!(g.result(), Some(Outcome::Draw(DrawReason::Stalemate)));
    assert!(engine_moves(g.pos()).is_empty());
}

#[test]
fn perpetual_check_on_b_draws_on_the_third_checked_b_state() {
    // White's queen cycles e5+, e8+, e4+ against the king on h8/g8/h7 while White's
    // A pawns advance, so full positions never repeat.
    let fen = "4s3/8/8/8/8/8/PP6/4S3|7k/8/8/8/4Q3/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a";
    let wa = [
        "Aa2a3", "Aa3a4", "Aa4a5", "Aa5a6", "Aa6a7", "Ab2b3", "Ab3b4",
    ];
    let wb = ["Be4e5", "Be5e8", "Be8e4"];
    let bb = ["Bh8g8", "Bg8h7", "Bh7h8"];
    let mut g = game(fen, &[]);
    let mut drawn_at = None;
    for turn in 0..7 {
        let wc = if turn % 2 == 0 { "Ce1d1" } else { "Cd1e1" };
        let (ba, bc) = if turn % 2 == 0 {
            ("Ae8d8", "Ce8d8")
        } else {
            ("Ad8e8", "Cd8e8")
        };
        for m in [wa[turn], wb[turn % 3], wc] {
            g.play_token(m).unwrap();
            assert_eq!(g.result(), None, "turn {turn} {m}");
        }
        g.play_token(ba).unwrap();
        if let Some(r) = g.result() {
            drawn_at = Some((turn, r));
            break;
        }
        g.play_token(bb[turn % 3]).unwrap();
        g.play_token(bc).unwrap();
    }
    assert_eq!(
        drawn_at,
        Some((6, Outcome::Draw(DrawReason::PerpetualCheck)))
    );
}

#[test]
fn threefold_repetition_at_turn_start_draws() {
    let shuffle = [
        "Ae1d1,Be1d1,Ce1d1",
        "Ae8d8,Be8d8,Ce8d8",
        "Ad1e1,Bd1e1,Cd1e1",
        "Ad8e8,Bd8e8,Cd8e8",
    ];
    let fen = format!("4s3/8/8/8/8/8/8/4S3|{EMPTY_BC} w - - 0 1 a");
    let fen = fen.replace("[]|", "[P]|");
    let mut g = game(&fen, &[]);
    let mut n = 0;
    while g.result().is_none() {
        g.play_token(shuffle[n % 4]).unwrap();
        n += 1;
    }
    assert_eq!(n, 8);
    assert_eq!(g.result(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn fifty_turn_rule_counts_half_turns_without_progress() {
    let fen = "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[P]|4k3/8/8/8/8/8/8/4K3[] w - - 99 60 a";
    let g = game(fen, &["Ae1d1,Be1d1"]);
    assert_eq!(g.result(), None);
    let g = game(fen, &["Ae1d1,Be1d1,Ce1d1"]);
    assert_eq!(g.result(), Some(Outcome::Draw(DrawReason::MoveCounter)));
    // A drop on any board resets it.
    let g = game(fen, &["Ae1d1,BP@a2,Ce1d1"]);
    assert_eq!(g.result(), None);
    assert!(
        g.pos().fen().ends_with(" b - - 0 60 a"),
        "{}",
        g.pos().fen()
    );
}

#[test]
fn dead_position_needs_empty_holds_bare_kings_and_one_colour_on_a() {
    let dead = "8/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/3X4/8/8/8/4K3[] w - - 0 1 a";
    assert!(pos(dead).dead_position());
    assert_eq!(
        game(dead, &[]).result(),
        Some(Outcome::Draw(DrawReason::DeadPosition))
    );
    for alive in [
        "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a",
        "8/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[p]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a",
        "8/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/3WK3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a",
    ] {
        assert!(!pos(alive).dead_position(), "{alive}");
    }
    // Reached by a capture of the last black man on A (holds must be empty: they are not).
    let g = game(
        "8/8/8/8/8/8/8/3sS3|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a",
        &["Ae1d1"],
    );
    assert!(!g.pos().dead_position());
}

// ---------------------------------------------------------------- FEN

#[test]
fn fen_round_trips_and_start_is_as_specified() {
    assert_eq!(TriPlane::startpos().fen(), START);
    let f = "r1bqs2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQS2R|4k3/3p4/8/8/8/8/3P4/4K3[PNwd]|4k3/8/8/8/8/8/8/4K3[Pfe] w KQkq - 4 5 a";
    assert_eq!(pos(f).fen(), f);
    // Holds are read in any order and written in the fixed order.
    let any = "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[dwNP]|4k3/8/8/8/8/8/8/4K3[eFp] w - - 0 1 a";
    assert!(pos(any).fen().contains("[PNwd]"));
    assert!(pos(any).fen().contains("[Fpe]"));
    // A missing hold reads as empty; DeadWood keeps its case but hashes alike.
    let nohold = "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3 w - - 0 1 a";
    assert!(pos(nohold).fen().contains("4K3[]|"));
    let x_white =
        pos("4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/X7/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a");
    let x_black =
        pos("4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/x7/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a");
    assert_eq!(x_white.key(), x_black.key());
    assert_ne!(x_white.fen(), x_black.fen());
    // The step is part of the key.
    let a = pos(&START.replace(" a", " b"));
    assert_ne!(a.key(), TriPlane::startpos().key());
}

#[test]
fn bad_fens_are_typed_errors() {
    let bc = EMPTY_BC;
    let bad = [
        "".to_string(),
        "rnbqsbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQSBNR w KQkq - 0 1 a".to_string(),
        START.replace(" a", ""),
        START.replace(" a", " d"),
        START.replace(" w ", " x "),
        START.replace("KQkq", "KQkqK"),
        START.replace("KQkq", "Z"),
        START.replace(" 0 1 ", " -1 1 "),
        START.replace(" 0 1 ", " 0 0 "),
        START.replace(" - ", " Ae3 "),
        START.replace(" - ", " Ae4 "),
        START.replace(" - ", " De3 "),
        START.replace("4K3[]|4k3", "8[]|4k3"),
        START.replace("4k3/8/8/8/8/8/8/4K3[]|4k3", "4k3/8/8/8/8/8/8/4KK2[]|4k3"),
        START.replace("4k3/8/8/8/8/8/8/4K3[]|4k3", "P3k3/8/8/8/8/8/8/4K3[]|4k3"),
        START.replace("4k3/8/8/8/8/8/8/4K3[]|4k3", "4k3/8/8/8/8/8/8/p3K3[]|4k3"),
        START.replace("RNBQSBNR|", "RNBQKBNR|"),
        START.replace("RNBQSBNR|", "RNBQSBNR[P]|"),
        START.replace("4K3[]|", "3SK3[]|"),
        START.replace("4K3[]|", "4K3[K]|"),
        START.replace("4K3[]|", "4K3[X]|"),
        START.replace("4K3[]|", "4K3[S]|"),
        START.replace("PPPPPPPP/RNBQSBNR", "PPPPPPPP/PNBQSBNR"),
        START.replace("PPPPPPPP/RNBQSBNR", "PPPPPPPP/1NBQSBNR"),
        START.replace("RNBQSBNR|", "RNBQSBNR|4k3/8/8/8/8/8/8/4K3[]|"),
        START.replace("/8/8/8/8/PPPPPPPP", "/8/8/8/9/PPPPPPPP"),
        format!("4s3/8/8/8/8/8/8/4S3|{bc} w - - 0 1 a")
            .replace("4K3[]|4k3", "4K3[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP]|4k3"),
        // The side not to move in check on a board the mover still plays: illegal.
        "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4R2K[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a".to_string(),
        "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4R2K[] w - - 0 1 c".to_string(),
    ];
    for f in &bad {
        assert!(TriPlane::from_fen(f).is_err(), "accepted bad FEN '{f}'");
    }
    // ...but after the mover's own step there, the opponent may stand in check.
    assert!(TriPlane::from_fen(
        "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/8/8/8/4R2K[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 c"
    )
    .is_ok());
    for m in [
        "", "Ae2", "Ae2e5", "Ze2e4", "BQ@e4", "Ae2e4>q", "e2e4", "0000", "Ae2e4,",
    ] {
        assert!(game(START, &[]).play_token(m).is_err(), "{m}");
    }
}

/// Prints slow-generator counts and depth-1 move lists for the FENs in
/// `TRIPLANE_FENS` (one per line): how the perft file's numbers were produced.
#[test]
#[ignore = "tool: prints slow-generator perft counts"]
fn print_slow_counts() {
    let fens = std::env::var("TRIPLANE_FENS").unwrap_or_else(|_| START.to_string());
    let max: u32 = std::env::var("TRIPLANE_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    for fen in fens.lines().filter(|l| !l.trim().is_empty()) {
        let s = Slow::from_fen(fen.trim());
        let mut ms = s.moves();
        ms.sort();
        println!("FEN {fen}\n  moves ({}): {}", ms.len(), ms.join(" "));
        for d in 1..=max {
            println!("  triplane;{};{d};{}", fen.trim(), s.perft(d));
        }
    }
}

/// Engine perft over the same FENs, for comparing with `print_slow_counts`.
#[test]
#[ignore = "tool: prints engine perft counts"]
fn print_engine_counts() {
    let fens = std::env::var("TRIPLANE_FENS").unwrap_or_else(|_| START.to_string());
    let max: u32 = std::env::var("TRIPLANE_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    for fen in fens.lines().filter(|l| !l.trim().is_empty()) {
        let p = pos(fen.trim());
        println!(
            "FEN {fen}\n  moves ({}): {}",
            engine_moves(&p).len(),
            engine_moves(&p).into_iter().collect::<Vec<_>>().join(" ")
        );
        for d in 1..=max {
            println!(
                "  triplane;{};{d};{}",
                fen.trim(),
                engine::perft::perft(&p, d)
            );
        }
    }
}

// ---------------------------------------------------------------- self-play

/// Plays engine-vs-engine games with `Searcher::think` and the Tri-Plane evaluator,
/// after seeded random opening sub-moves. Every move goes through
/// `Game::play_token` on its text; every game must end by a rule of the variant
/// (or hit the ply cap, which is reported).
fn self_play(
    games: usize,
    depth: u32,
    random_plies: usize,
    cap: usize,
) -> Vec<(Option<Outcome>, usize)> {
    use eval::VariantEval;
    use rand::{Rng, SeedableRng};
    let eval = <TriPlane as VariantEval>::Eval::default();
    let mut results = Vec::new();
    for game_no in 0..games {
        let mut rng = rand::rngs::StdRng::seed_from_u64(1000 + game_no as u64);
        let mut searcher = engine::search::Searcher::default();
        let limits = engine::search::Limits {
            depth: Some(depth),
            nodes: Some(200_000),
            ..Default::default()
        };
        let mut g = Game::new(TriPlane::startpos());
        let mut plies = 0;
        while g.result().is_none() && plies < cap {
            let p = g.pos().clone();
            let mut list = MoveList::new();
            p.generate(GenKind::All, &mut list);
            assert!(!list.is_empty(), "no move but no result at {}", p.fen());
            let m = if plies < random_plies {
                list[rng.gen_range(0..list.len())]
            } else {
                let r = searcher.think(&p, g.history(), &limits, &eval, &mut |_| {});
                r.best.expect("a best move when moves exist")
            };
            let text = p.move_text(m);
            g.play_token(&text)
                .unwrap_or_else(|e| panic!("engine move {text} rejected at {}: {e}", p.fen()));
            plies += 1;
        }
        results.push((g.result(), plies));
    }
    results
}

fn report(results: &[(Option<Outcome>, usize)]) -> String {
    let mut w = 0;
    let mut d = 0;
    let mut l = 0;
    let mut capped = 0;
    let mut reasons = std::collections::BTreeMap::new();
    for (r, _) in results {
        match r {
            Some(Outcome::Win {
                winner: Side::White,
                reason,
            }) => {
                w += 1;
                *reasons.entry(reason.to_string()).or_insert(0) += 1;
            }
            Some(Outcome::Win { reason, .. }) => {
                l += 1;
                *reasons.entry(reason.to_string()).or_insert(0) += 1;
            }
            Some(Outcome::Draw(why)) => {
                d += 1;
                *reasons.entry(why.to_string()).or_insert(0) += 1;
            }
            None => capped += 1,
        }
    }
    let lens: Vec<usize> = results.iter().map(|r| r.1).collect();
    format!(
        "White W/D/L {w}/{d}/{l}, capped {capped}; reasons {reasons:?}; plies min {} avg {} max {}; lengths {lens:?}",
        lens.iter().min().unwrap_or(&0),
        lens.iter().sum::<usize>() / lens.len().max(1),
        lens.iter().max().unwrap_or(&0)
    )
}

#[test]
fn self_play_smoke() {
    let results = self_play(2, 1, 6, 3000);
    println!("{}", report(&results));
    assert_eq!(results.len(), 2);
}

#[test]
#[ignore = "20 self-play games: takes minutes; run with --ignored --nocapture"]
fn self_play_twenty_games() {
    let games = std::env::var("TRIPLANE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let depth = std::env::var("TRIPLANE_SEARCH_DEPTH")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2);
    let results = self_play(games, depth, 6, 6000);
    println!("{}", report(&results));
    assert!(
        results.iter().all(|r| r.0.is_some()),
        "a game hit the ply cap: {}",
        report(&results)
    );
}
