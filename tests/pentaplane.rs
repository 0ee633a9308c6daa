//! Pentaplane integration tests: the perft file checked against an independent slow
//! generator, move lists compared move by move, contract checks by random playouts,
//! and self-play from the draft.

mod pentaplane_slow;

use engine::variants::pentaplane::Pentaplane;
use engine::{GenKind, MoveList, Position};
use pentaplane_slow as slow;
use std::path::Path;
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

/// Designed pieces are one process-wide set (`designs::install`), and the tests of
/// this file run on parallel threads of one process. A test that installs a set holds
/// the write side of this lock for its whole run and restores the empty set when it
/// ends, even by a panic ([`Designs`]); every other test holds the read side
/// ([`standard_game`]), so it never sees another test's designs and its counts are
/// those of the game without designed pieces.
static DESIGN_LOCK: RwLock<()> = RwLock::new(());

/// The guard of a test that needs the game without designed pieces.
fn standard_game() -> RwLockReadGuard<'static, ()> {
    DESIGN_LOCK.read().unwrap_or_else(|e| e.into_inner())
}

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
    let _standard = standard_game();
    check_lines_against_slow(0, 120_000);
}

#[test]
#[ignore = "slow generator on the deeper lines: minutes"]
fn perft_file_agrees_with_the_slow_generator_deep() {
    let _standard = standard_game();
    check_lines_against_slow(120_001, 50_000_000);
}

#[test]
fn engine_counts_of_the_perft_file_up_to_a_million() {
    let _standard = standard_game();
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
    let _standard = standard_game();
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
    let _standard = standard_game();
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
    let _standard = standard_game();
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
    let _standard = standard_game();
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
    let _standard = standard_game();
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
    let _standard = standard_game();
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

// ---- Player-designed pieces ----

mod designed {
    use super::*;
    use engine::movement::Mode;
    use engine::variants::pentaplane::designs::{
        install, installed, DesignedMove, DesignedPiece, DesignedTravel, Family,
    };
    use engine::variants::pentaplane::rules::Kind;
    use engine::variants::pentaplane::tables::tables;
    use engine::Evaluator;

    /// Holds the write side of [`DESIGN_LOCK`] with a set installed; dropping it
    /// restores the empty set (before the lock is released: fields drop after `drop`).
    struct Designs {
        _lock: RwLockWriteGuard<'static, ()>,
    }

    impl Drop for Designs {
        fn drop(&mut self) {
            install(Vec::new()).expect("the empty set always installs");
        }
    }

    fn with_designs(pieces: Vec<DesignedPiece>) -> Designs {
        let lock = DESIGN_LOCK.write().unwrap_or_else(|e| e.into_inner());
        install(pieces).expect("a valid set");
        Designs { _lock: lock }
    }

    fn mv(family: Family, travel: DesignedTravel, mode: Mode) -> DesignedMove {
        DesignedMove {
            family,
            travel,
            mode,
        }
    }

    /// "W" (warden): steps along the rook family (move or capture), slides at most 2
    /// cells along the bishop family without capturing, and fires along the bishop
    /// family (the missile goes along its own lines, rules DECISION).
    fn warden() -> DesignedPiece {
        DesignedPiece {
            letter: 'W',
            name: "warden".to_string(),
            moves: vec![
                mv(Family::Rook, DesignedTravel::Step, Mode::MoveOrCapture),
                mv(
                    Family::Bishop,
                    DesignedTravel::Slide { range: 2 },
                    Mode::MoveOnly,
                ),
            ],
            missile: Some(Family::Bishop),
            bomb: false,
            value: None,
        }
    }

    /// "T" (torpedo): a bomb that steps along the cube diagonals and captures (only)
    /// by knight leaps.
    fn torpedo() -> DesignedPiece {
        DesignedPiece {
            letter: 'T',
            name: "torpedo".to_string(),
            moves: vec![
                mv(Family::Cube, DesignedTravel::Step, Mode::MoveOrCapture),
                mv(Family::Knight, DesignedTravel::Leap, Mode::CaptureOnly),
            ],
            missile: None,
            bomb: true,
            value: None,
        }
    }

    /// Selections per player with `k` designed pieces (the rules' formula).
    fn selections(k: u64) -> u64 {
        (9 + k) * (10 + k) / 2
    }

    fn moves_from(p: &Pentaplane, from: &str) -> Vec<String> {
        engine_texts(p)
            .into_iter()
            .filter(|t| t.starts_with(from))
            .collect()
    }

    fn play(p: &Pentaplane, text: &str) -> Pentaplane {
        let m = p
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e} at {}", p.fen()));
        let mut q = p.clone();
        q.make(m);
        q
    }

    /// Level E .. level A, each as a 5x5 FEN placement.
    const EMPTY_LEVEL: &str = "5/5/5/5/5";

    #[test]
    fn one_designed_piece_enlarges_the_draft_to_55_selections() {
        let _d = with_designs(vec![warden()]);
        let start = Pentaplane::startpos();
        assert_eq!(engine::perft::perft(&start, 1), selections(1));
        assert_eq!(selections(1), 55);
        assert_eq!(
            engine::perft::perft(&start, 2),
            selections(1) * selections(1)
        );
        // Selection tokens: letters in the standard order, either order on input.
        let texts = engine_texts(&start);
        for t in ["=RW", "=ZW", "=WW", "=RR"] {
            assert!(texts.contains(&t.to_string()), "{t}");
        }
        assert!(!texts.contains(&"=WR".to_string()));
        let after = play(&play(&start, "=WR"), "=OW");
        // Holdings: R F B M C S N O Z, then the designed pieces.
        assert_eq!(
            after.fen(),
            "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[ROWWroww] w - - 0 1 place"
        );
        // A places a warden; B mirrors; the wardens stand on the X cells.
        let mut p = after;
        for t in ["W@Aa1", "R@Ab1", "O@Ad1", "W@Ae1", "=mirror"] {
            p = play(&p, t);
        }
        assert_eq!(
            p.fen(),
            "wrkow/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/WRKOW w - - 0 1"
        );
        // Depth 3: A's first drop, 4 X cells times the distinct kinds A holds, summed
        // over both selections (combinatorics, independent of the generator).
        let pairs: Vec<(u64, u64)> = (0..10).flat_map(|a| (a..10).map(move |b| (a, b))).collect();
        let drops: u64 = pairs
            .iter()
            .flat_map(|&(a, b)| pairs.iter().map(move |&(c, d)| (a, b, c, d)))
            .map(|(a, b, c, d)| {
                let mut kinds = vec![a, b, c, d];
                kinds.sort();
                kinds.dedup();
                4 * kinds.len() as u64
            })
            .sum();
        assert_eq!(drops, 40_000);
        assert_eq!(engine::perft::perft(&start, 3), drops);
        // Perft of the start, printed for the report.
        for d in 1..=3 {
            println!(
                "start perft {d} with one designed piece: {}",
                engine::perft::perft(&start, d)
            );
        }
    }

    #[test]
    fn two_designed_pieces_follow_the_standard_letters_in_definition_order() {
        // T is defined after W, so it follows W although it comes first alphabetically.
        let _d = with_designs(vec![warden(), torpedo()]);
        let start = Pentaplane::startpos();
        assert_eq!(engine::perft::perft(&start, 1), selections(2));
        let mut p = play(&play(&start, "=TR"), "=WZ");
        assert_eq!(
            p.fen(),
            "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[RZWTrzwt] w - - 0 1 place"
        );
        assert!(engine_texts(&play(&start, "=TR")).contains(&"=WT".to_string()));
        p = play(&p, "T@Ad1");
        assert!(p.fen().contains("[RZWrzwt]"), "{}", p.fen());
        // Another order in the FEN's holdings is accepted and written in order.
        let q = Pentaplane::from_fen(
            "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[TRWZtwzr] w - - 0 1 place",
        )
        .unwrap();
        assert!(q.fen().contains("[RZWTrzwt]"), "{}", q.fen());
    }

    #[test]
    fn the_wardens_moves_are_exactly_those_counted_by_hand() {
        let _d = with_designs(vec![warden()]);
        // W on Cc3 (2,2,2). White king Ba2, black king De4 (no rook or bishop line).
        // Black pawn Cd4: bishop (1,1,0) at 1. Black knight Cc4: rook step (0,1,0).
        // White rook Ca1: bishop (-1,-1,0) at 2. White bomb Ca5: bishop (-1,1,0) at 2.
        // Black bomb Ee3: bishop (1,0,1) at 2.
        let level_e = "5/5/4o/5/5"; // Ee3
        let level_d = "5/3k1/5/5/5"; // De4
        let level_c = "O4/2np1/2W2/5/R4"; // Ca5 Cc4 Cd4 Cc3 Ca1
        let level_b = "5/5/5/K4/5"; // Ba2
        let fen = format!("{level_e}|{level_d}|{level_c}|{level_b}|{EMPTY_LEVEL} w - - 0 1");
        let p = Pentaplane::from_fen(&fen).unwrap();
        // Rook steps (6, one a capture): Cd3 Cb3 Cc4(x) Cc2 Dc3 Bc3.
        let mut expected: Vec<String> = ["Cd3", "Cb3", "Cc4", "Cc2", "Dc3", "Bc3"]
            .iter()
            .map(|t| format!("Cc3{t}"))
            .collect();
        // Bishop slides of at most 2, move only (19): (1,1,0) blocked by the pawn;
        // (1,-1,0) Cd2 Ce1; (-1,1,0) Cb4 (own bomb); (-1,-1,0) Cb2 (own rook);
        // (1,0,1) Dd3 (bomb); (1,0,-1) Bd3 Ae3; (-1,0,1) Db3 Ea3; (-1,0,-1) Bb3 Aa3;
        // (0,1,1) Dc4 Ec5; (0,1,-1) Bc4 Ac5; (0,-1,1) Dc2 Ec1; (0,-1,-1) Bc2 Ac1.
        for t in [
            "Cd2", "Ce1", "Cb4", "Cb2", "Dd3", "Bd3", "Ae3", "Db3", "Ea3", "Bb3", "Aa3", "Dc4",
            "Ec5", "Bc4", "Ac5", "Dc2", "Ec1", "Bc2", "Ac1",
        ] {
            expected.push(format!("Cc3{t}"));
        }
        // Missiles along the bishop lines (3): the pawn, the own bomb, the enemy bomb;
        // not the own rook, nothing on the empty lines.
        for t in ["Cd4", "Ca5", "Ee3"] {
            expected.push(format!("Cc3*{t}"));
        }
        expected.sort();
        assert_eq!(expected.len(), 6 + 19 + 3);
        assert_eq!(moves_from(&p, "Cc3"), expected);
        // The shot at the enemy bomb blows up the black king next to it.
        let after = play(&p, "Cc3*Ee3");
        assert!(after.king(engine::Side::Black).is_none());
        assert!(after
            .piece(tables().topo.cell_by_name("Cc3").unwrap())
            .is_some());
    }

    #[test]
    fn a_designed_bomb_explodes_like_the_bomb() {
        let _d = with_designs(vec![warden(), torpedo()]);
        let cell = |n: &str| tables().topo.cell_by_name(n).unwrap();
        // T on Cc3; black pawn Dd4 on a cube diagonal; black rook Dd5 next to it; black
        // knight Ce4 a knight leap away; kings far off (white Aa1, black Ea5).
        let fen =
            format!("k4/5/5/5/5|3r1/3p1/5/5/5|5/4n/2T2/5/5|{EMPTY_LEVEL}|5/5/5/5/K4 w - - 0 1");
        let p = Pentaplane::from_fen(&fen).unwrap();
        // 8 cube steps (one a capture) and the one knight capture (leaps never move).
        let moves = moves_from(&p, "Cc3");
        assert_eq!(moves.len(), 9, "{moves:?}");
        assert!(moves.contains(&"Cc3Ce4".to_string()));
        // Capturing sets it off: the blast on Dd4 takes T, the pawn and the rook.
        let a = play(&p, "Cc3Dd4");
        for c in ["Cc3", "Dd4", "Dd5"] {
            assert!(a.piece(cell(c)).is_none(), "{c} after Cc3Dd4");
        }
        // Knight capture on Ce4: the blast (x 3-4, y 2-4, levels B-D) also takes Dd4 and Dd5.
        let b = play(&p, "Cc3Ce4");
        assert_eq!(b.pieces().count(), 2, "{}", b.fen());
        // Captured: a black rook (Ac3) taking a white T (Cc3) dies with it, and the
        // white bomb next to it (Cc2) goes off in turn and takes the pawn on Cc1, which
        // only its blast reaches.
        let fen = format!(
            "k4/5/5/5/5|{EMPTY_LEVEL}|5/5/2T2/2O2/2p2|{EMPTY_LEVEL}|5/5/2r2/5/K4 b - - 0 1"
        );
        let p = Pentaplane::from_fen(&fen).unwrap();
        let c = play(&p, "Ac3Cc3");
        assert_eq!(
            c.pieces().count(),
            2,
            "only the kings are left: {}",
            c.fen()
        );
        // The eval sees a designed bomb next to a king like a bomb.
        let near = Pentaplane::from_fen(&format!(
            "k4/5/5/5/5|{EMPTY_LEVEL}|{EMPTY_LEVEL}|{EMPTY_LEVEL}|5/5/5/T4/K4 w - - 0 1"
        ))
        .unwrap();
        let e = eval::pentaplane::PentaplaneEval::default();
        let king = |p: &Pentaplane| {
            e.breakdown(p)
                .into_iter()
                .find(|x| x.0 == "king")
                .map_or(0, |x| x.1)
        };
        assert!(king(&near) < 0, "own bomb next to the own king");
    }

    #[test]
    fn keys_and_fens_stay_consistent_through_draft_and_play() {
        let _d = with_designs(vec![warden(), torpedo()]);
        // From the start (designed pieces among 66 selections), from a draft where
        // both sides hold designed pieces, and from play positions full of them.
        let n = engine::testkit::check_random_playouts(&Pentaplane::startpos(), 19, 40, 120);
        assert!(n > 1000);
        for fen in [
            "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[ROWWroww] w - - 0 1 place",
            "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[WWTTwwtt] w - - 0 1 place",
            "twkwt/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/TWKWT w - - 0 1",
            "wokto/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/OTKOW w - - 0 1",
        ] {
            let p = Pentaplane::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            engine::testkit::check_random_playouts(&p, 20, 30, 150);
        }
        // Play with the designed pieces really happens: every legal move from the play
        // position above, including T's and W's.
        let p = Pentaplane::from_fen(
            "twkwt/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/TWKWT w - - 0 1",
        )
        .unwrap();
        assert!(!moves_from(&p, "Aa1").is_empty() && !moves_from(&p, "Ab1").is_empty());
    }

    #[test]
    fn install_errors_leave_the_previous_set() {
        let _d = with_designs(vec![warden()]);
        let before = installed();
        let with = |f: &dyn Fn(&mut DesignedPiece)| {
            let mut d = torpedo();
            f(&mut d);
            vec![warden(), d]
        };
        let bad: Vec<(Vec<DesignedPiece>, &str)> = vec![
            (with(&|d| d.letter = 'K'), "built-in"),
            (with(&|d| d.letter = 'Z'), "built-in"),
            (with(&|d| d.letter = 't'), "upper-case"),
            (with(&|d| d.letter = '1'), "upper-case"),
            (with(&|d| d.letter = 'W'), "another designed piece"),
            (with(&|d| d.moves.clear()), "no movement"),
            (with(&|d| d.name = "  ".into()), "name"),
            (
                with(&|d| {
                    d.moves = vec![mv(
                        Family::Knight,
                        DesignedTravel::Step,
                        Mode::MoveOrCapture,
                    )]
                }),
                "only leaps",
            ),
            (
                with(&|d| {
                    d.moves = vec![mv(Family::Rook, DesignedTravel::Leap, Mode::MoveOrCapture)]
                }),
                "only the knight family leaps",
            ),
            (
                with(&|d| {
                    d.moves = vec![
                        mv(Family::Rook, DesignedTravel::Step, Mode::MoveOrCapture),
                        mv(
                            Family::Rook,
                            DesignedTravel::Slide { range: 3 },
                            Mode::MoveOnly,
                        ),
                    ]
                }),
                "both move",
            ),
            (with(&|d| d.missile = Some(Family::Knight)), "line"),
            (with(&|d| d.missile = Some(Family::Rook)), "own lines"),
            (with(&|d| d.value = Some(0)), "value"),
            (
                ['A', 'D', 'E', 'G', 'H', 'I', 'J']
                    .iter()
                    .map(|&l| DesignedPiece {
                        letter: l,
                        ..torpedo()
                    })
                    .collect(),
                "at most 6",
            ),
        ];
        for (set, why) in bad {
            let err = install(set.clone()).expect_err(why);
            assert!(err.contains(why), "{why}: {err}");
            assert_eq!(installed(), before, "after the error '{err}'");
            assert_eq!(
                engine::perft::perft(&Pentaplane::startpos(), 1),
                selections(1)
            );
        }
        // A move-only and a capture-only component of one family are fine.
        let split = with(&|d| {
            d.moves = vec![
                mv(Family::Rook, DesignedTravel::Step, Mode::MoveOnly),
                mv(
                    Family::Rook,
                    DesignedTravel::Slide { range: 0 },
                    Mode::CaptureOnly,
                ),
            ]
        });
        install(split).unwrap();
        assert_eq!(installed().len(), 2);
        // The empty set restores the game as the rules file describes it.
        install(Vec::new()).unwrap();
        assert_eq!(
            engine::perft::perft(&Pentaplane::startpos(), 1),
            selections(0)
        );
        assert!(Pentaplane::from_fen(
            "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[ROWWroww] w - - 0 1 place"
        )
        .is_err(), "W is no piece without designs");
    }

    #[test]
    fn names_letters_and_values_reach_info_display_gui_and_eval() {
        let _d = with_designs(vec![
            warden(),
            DesignedPiece {
                value: Some(400),
                ..torpedo()
            },
        ]);
        let info = Pentaplane::info();
        assert!(info.pieces.contains(&('W', "warden")));
        assert!(info.pieces.contains(&('T', "torpedo")));
        let g = Pentaplane::geometry();
        assert!(g.pieces.iter().any(|p| p.letter == 'W'), "GUI piece list");
        let p = Pentaplane::from_fen(
            "twkwt/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/TWKWT w - - 0 1",
        )
        .unwrap();
        let d = p.display();
        assert!(
            d.contains(
                "designed: W warden: rook step; bishop slide 2 (move only); missile along bishop"
            ),
            "{d}"
        );
        assert!(d.contains("W w K w W") || d.contains("T W K W T"), "{d}");
        assert!(p.cell_pieces().contains(&Some('w')));
        // Values: W estimated by hand from its empty-cube reach: moves 4.8 (rook
        // steps) + 12 (bishop slides of 2: 1 cell per direction on average), captures
        // 4.8, firing cells 14.4; 60 + 14 * ((16.8 + 4.8) / 2 + 0.6 * 14.4) = 332.
        // T's value is given.
        let t = tables();
        assert_eq!(eval::pentaplane::designed_value(t, Kind::Designed0), 332);
        assert_eq!(eval::pentaplane::designed_value(t, Kind::Designed1), 400);
        // At weight 1 the evaluation counts a designed piece at its value (the
        // built-in table scales them all by its own `material.designed`).
        let e = <Pentaplane as eval::VariantEval>::eval_from_table(
            "variant pentaplane\nmaterial.designed 1 1\n",
        )
        .unwrap()
        .unwrap();
        let material = |p: &Pentaplane| {
            e.breakdown(p)
                .into_iter()
                .find(|x| x.0 == "material")
                .map_or(0, |x| x.1)
        };
        let one_w = Pentaplane::from_fen(&format!(
            "k4/5/5/5/5|{EMPTY_LEVEL}|5/5/2W2/5/5|{EMPTY_LEVEL}|5/5/5/5/K4 w - - 0 1"
        ))
        .unwrap();
        assert_eq!(material(&one_w), 332);
        assert_eq!(material(&p), 0);
    }

    #[test]
    fn the_torpedo_value_is_estimated_with_the_bomb_bonus() {
        let _d = with_designs(vec![torpedo()]);
        // Cube steps 8 * 0.8^3 = 4.096 (moves and captures); knight captures 24 * 0.48
        // = 11.52; 60 + 14 * (4.096 + 15.616) / 2 + 120 (blast) = 317.98.
        assert_eq!(
            eval::pentaplane::designed_value(tables(), Kind::Designed0),
            318
        );
    }
}
