//! Search tests on the toy games, whose values are known by hand (see `toys`).

use super::toys::{BiasEval, TakeAway, TokenRace};
use super::*;
use crate::position::Position;

fn search<P: Position>(fen: &str, depth: u32, hash_mb: usize, threads: usize) -> SearchResult {
    let pos = P::from_fen(fen).expect("toy fen");
    let mut s = Searcher {
        hash_mb,
        threads,
        ..Searcher::default()
    };
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    s.think(&pos, &[], &limits, &BiasEval(0), &mut |_| {})
}

#[test]
fn take_away_values_match_theory() {
    // Pile % 4 == 0: the side to move loses after pile/4 rounds; otherwise it wins by
    // leaving a multiple of 4, in pile/4 + 1 of its own moves.
    for pile in 1..=13u32 {
        for hash in [0, 1] {
            let r = search::<TakeAway>(&format!("{pile} w"), 16, hash, 1);
            let expected = if pile % 4 == 0 {
                Score::Mate(-(pile as i32 / 4))
            } else {
                Score::Mate(pile as i32 / 4 + 1)
            };
            assert_eq!(r.score, expected, "pile {pile} hash {hash}");
            if pile % 4 != 0 {
                assert_eq!(
                    r.best,
                    Some(Move::new(0, (pile % 4) as u16, 0)),
                    "pile {pile}"
                );
            }
        }
    }
}

#[test]
fn win_needs_two_submoves_of_the_same_side() {
    // White at 0, Black at 2: White wins this turn with 0-1 then 1-2 (mate in 1).
    for hash in [0, 4] {
        let r = search::<TokenRace>("5 0 2 w 0", 6, hash, 1);
        assert_eq!(r.score, Score::Mate(1), "hash {hash}");
        assert_eq!(r.pv[..2], [Move::new(0, 1, 0), Move::new(1, 2, 0)]);
        // Black to move from the mirrored position wins the same way.
        let r = search::<TokenRace>("5 0 2 b 0", 6, hash, 1);
        assert_eq!(r.score, Score::Mate(1));
        assert_eq!(r.pv[..2], [Move::new(2, 1, 0), Move::new(1, 0, 0)]);
    }
    // Mid-turn: the second sub-move alone captures.
    let r = search::<TokenRace>("5 1 2 w 1", 4, 4, 1);
    assert_eq!(r.score, Score::Mate(1));
    assert_eq!(r.best, Some(Move::new(1, 2, 0)));
}

#[test]
fn second_submove_avoids_the_losing_square() {
    // White at 0, Black at 3 on 4 cells: White must go 0-1, then back to 0 (1-2 would
    // leave Black two cells away, who then captures). Best play repeats: a draw.
    let pos = TokenRace::from_fen("4 0 3 w 0").unwrap();
    let mut s = Searcher::default();
    let r = s.think(
        &pos,
        &[],
        &Limits {
            depth: Some(10),
            ..Limits::default()
        },
        &BiasEval(50),
        &mut |_| {},
    );
    assert_eq!(r.pv[..2], [Move::new(0, 1, 0), Move::new(1, 0, 0)]);
    // Repetition is a draw even though the evaluation favours White by 50.
    assert_eq!(r.score, Score::Cp(0));
}

#[test]
fn losing_side_sees_its_loss() {
    // Pile 8: the side to move loses after two moves of its own.
    let r = search::<TakeAway>("8 w", 12, 1, 1);
    assert_eq!(r.score, Score::Mate(-2));
}

#[test]
fn repetition_in_game_history_counts() {
    // With the root already seen twice before, the search still plays on, but a line
    // back to it is a draw: here every line repeats, so the score is 0.
    let pos = TokenRace::from_fen("4 0 3 w 0").unwrap();
    let history = vec![pos.clone(), pos.clone()];
    let mut s = Searcher::default();
    let r = s.think(
        &pos,
        &history,
        &Limits {
            depth: Some(3),
            ..Limits::default()
        },
        &BiasEval(50),
        &mut |_| {},
    );
    assert_eq!(r.score, Score::Cp(0));
    assert!(r.best.is_some());
}

#[test]
fn threads_agree_on_exact_values() {
    for threads in [2, 3] {
        let r = search::<TakeAway>("13 w", 14, 4, threads);
        assert_eq!(r.score, Score::Mate(4));
        assert_eq!(r.best, Some(Move::new(0, 1, 0)));
    }
}

#[test]
fn stop_flag_answers_quickly_with_a_legal_move() {
    let pos = TakeAway::from_fen("400 w").unwrap();
    let mut s = Searcher::default();
    s.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let r = s.think(
        &pos,
        &[],
        &Limits {
            infinite: true,
            ..Limits::default()
        },
        &BiasEval(0),
        &mut |_| {},
    );
    assert!(r.best.is_some());
}

#[test]
fn movetime_is_kept() {
    let pos = TakeAway::from_fen("400 w").unwrap();
    let mut s = Searcher::default();
    let t = std::time::Instant::now();
    let mut reports = 0;
    let r = s.think(
        &pos,
        &[],
        &Limits {
            movetime: Some(100),
            ..Limits::default()
        },
        &BiasEval(0),
        &mut |_| reports += 1,
    );
    let ms = t.elapsed().as_millis();
    assert!(ms <= 125, "took {ms} ms");
    assert!(r.best.is_some());
    assert!(reports >= 2);
}

#[test]
fn infinite_waits_for_stop_and_ponder_for_ponderhit() {
    let pos = TakeAway::from_fen("5 w").unwrap();
    for ponder in [false, true] {
        let mut s = Searcher::default();
        let stop = s.stop.clone();
        let hit = s.ponderhit.clone();
        let t = std::time::Instant::now();
        let handle = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(80));
            if ponder {
                hit.store(true, std::sync::atomic::Ordering::Relaxed);
            } else {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        });
        let limits = Limits {
            infinite: !ponder,
            ponder,
            movetime: Some(10_000),
            ..Limits::default()
        };
        let r = s.think(&pos, &[], &limits, &BiasEval(0), &mut |_| {});
        handle.join().unwrap();
        let ms = t.elapsed().as_millis();
        // The search is solved at once, but must not answer before the signal; after a
        // ponderhit it answers at once since the search is complete.
        assert!((70..2000).contains(&ms), "ponder {ponder}: {ms} ms");
        assert_eq!(r.best, Some(Move::new(0, 1, 0)));
    }
}

#[test]
fn mate_limit_stops_at_the_mate() {
    let pos = TakeAway::from_fen("9 w").unwrap();
    let mut s = Searcher::default();
    let r = s.think(
        &pos,
        &[],
        &Limits {
            mate: Some(3),
            ..Limits::default()
        },
        &BiasEval(0),
        &mut |_| {},
    );
    assert_eq!(r.score, Score::Mate(3));
}

#[test]
fn bench_is_deterministic() {
    let pos = TokenRace::from_fen("9 0 8 w 0").unwrap();
    let a = bench_one(&pos, 8, &BiasEval(10));
    let b = bench_one(&pos, 8, &BiasEval(10));
    assert_eq!(a, b);
    assert!(a > 0);
}

#[test]
fn game_over_at_root_returns_no_move() {
    let r = search::<TakeAway>("0 w", 3, 1, 1);
    assert_eq!(r.best, None);
}

#[test]
fn score_conversion() {
    assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
    assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
    assert_eq!(Score::from_internal(MATE), Score::Mate(1));
    assert_eq!(Score::from_internal(-MATE + 2), Score::Mate(-1));
    assert_eq!(Score::from_internal(-MATE), Score::Mate(0));
    assert_eq!(Score::from_internal(-MATE + 1), Score::Mate(-1));
    assert_eq!(Score::from_internal(35), Score::Cp(35));
}
