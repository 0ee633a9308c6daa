//! The search finds wins that need each variant's special mechanics: a drop, an
//! explosion, a missile shot, a multi-move turn. Each position is constructed so that
//! the win is only possible through that mechanic; the search must report a mate
//! score and play the winning turn.

use engine::search::{Limits, Score, Searcher};
use engine::variants::{chess, parallelworlds, pentaplane, triplane};
use eval::VariantEval;

/// Searches `fen` to `depth`; returns the score and the PV as text.
fn search<P: VariantEval>(fen: &str, depth: u32) -> (Score, Vec<String>) {
    let pos = P::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut searcher = Searcher::default();
    let limits = Limits {
        depth: Some(depth),
        ..Default::default()
    };
    let r = searcher.think(
        &pos,
        &[],
        &limits,
        &<P as VariantEval>::Eval::default(),
        &mut |_| {},
    );
    let mut p = pos.clone();
    let pv =
        r.pv.iter()
            .map(|&m| {
                let t = p.move_text(m);
                p.make(m);
                t
            })
            .collect();
    (r.score, pv)
}

#[test]
fn crazyhouse_drop_mate() {
    // Black's king is boxed in by its own pawns; only a queen drop on the back rank mates.
    let (score, pv) = search::<chess::Crazyhouse>("6k1/5ppp/8/8/8/8/8/4K3[Q] w - - 0 1", 3);
    assert_eq!(score, Score::Mate(1), "pv {pv:?}");
    assert!(pv[0].starts_with("Q@") && pv[0].ends_with('8'), "pv {pv:?}");
}

#[test]
fn atomic_explosion_wins() {
    // Capturing on d7 explodes the black king on e8 next to it.
    let (score, pv) = search::<chess::Atomic>("4k3/3p4/8/8/8/8/8/3QK3 w - - 0 1", 3);
    assert_eq!(score, Score::Mate(1), "pv {pv:?}");
    assert_eq!(pv[0], "d1d7");
}

#[test]
fn pentaplane_missile_shot_wins() {
    // The Fortress on Ac5 fires straight up and hits the king on Ec5; nothing else reaches it.
    let fen = "2k2/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|2F2/5/5/5/K4 w - - 0 1";
    let (score, pv) = search::<pentaplane::Pentaplane>(fen, 3);
    assert_eq!(score, Score::Mate(1), "pv {pv:?}");
    assert_eq!(pv[0], "Ac5*Ec5");
}

#[test]
fn parallelworlds_win_needs_two_submoves() {
    // On level 3 the knight blocks the rook's file to the black king: the knight must
    // leave vertically (a move on level 3 would use the level the rook needs), then the
    // rook captures the king in the same turn.
    let fen = "k7/8/8/8/8/8/8/7K|8/8/8/8/8/8/8/8|k7/8/8/8/N7/8/8/R6K w -,- -,- 0 2 -";
    let (score, pv) = search::<parallelworlds::ParallelWorlds>(fen, 3);
    assert_eq!(score, Score::Mate(1), "pv {pv:?}");
    assert_eq!(&pv[..2], ["3a42a4", "3a13a8"], "pv {pv:?}");
}

#[test]
fn triplane_drop_mate_on_board_b() {
    // White drops the queen from Hold B on B's back rank; Black has nothing to block with
    // and is mated at his B step.
    let fen = "4s3/8/8/8/8/8/8/4S3|7k/6pp/8/8/8/8/8/4K3[Q]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a";
    let (score, pv) = search::<triplane::TriPlane>(fen, 6);
    assert!(
        matches!(score, Score::Mate(n) if n > 0 && n <= 2),
        "score {score:?}, pv {pv:?}"
    );
    assert!(
        pv.iter()
            .take(3)
            .any(|m| m.starts_with("BQ@") && m.ends_with('8')),
        "pv {pv:?}"
    );
}
