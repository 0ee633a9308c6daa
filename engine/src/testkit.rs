//! Checks every variant's tests share: random playouts that verify the promises of
//! the [`Position`] contract. Public so integration tests of any crate can call it.

use crate::moves::{Move, MoveList};
use crate::position::{GenKind, Position};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays `games` random games of at most `plies` sub-moves from `start` (seeded) and
/// checks, at every position:
/// * the incremental key equals the key recomputed from scratch;
/// * the FEN round-trips (`from_fen(fen())` has the same FEN and key);
/// * every generated move's text parses back to the same move, and texts are unique;
/// * tactical moves are a subset of all moves;
/// * copy-make leaves the parent untouched (its FEN and key are unchanged).
///
/// Returns the number of positions checked. Panics with a description on failure.
pub fn check_random_playouts<P: Position>(
    start: &P,
    seed: u64,
    games: usize,
    plies: usize,
) -> usize {
    random_playouts_with(start, seed, games, plies, |_| {}).0
}

/// [`check_random_playouts`] with `extra` checks of the caller's at every position;
/// returns (positions checked, games that ended before `plies`). A game ends where
/// no move is generated, and then the position must have an outcome.
pub fn random_playouts_with<P: Position>(
    start: &P,
    seed: u64,
    games: usize,
    plies: usize,
    extra: impl Fn(&P),
) -> (usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut checked, mut ended) = (0, 0);
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..plies {
            check_position(&pos);
            extra(&pos);
            checked += 1;
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                assert!(pos.outcome().is_some(), "no move and no outcome");
                ended += 1;
                break;
            }
            let m = list[rng.gen_range(0..list.len())];
            let before = (pos.fen(), pos.key());
            let mut child = pos.clone();
            child.make(m);
            assert_eq!(
                (pos.fen(), pos.key()),
                before,
                "copy-make changed the parent"
            );
            pos = child;
        }
    }
    (checked, ended)
}

/// The per-position checks of [`check_random_playouts`].
pub fn check_position<P: Position>(pos: &P) {
    let fen = pos.fen();
    assert_eq!(
        pos.key(),
        pos.compute_key(),
        "incremental key differs from recomputed key at {fen}"
    );
    let back = pos
        .variant_from_fen(&fen)
        .unwrap_or_else(|e| panic!("own FEN '{fen}' does not parse: {e}"));
    assert_eq!(back.fen(), fen, "FEN does not round-trip");
    assert_eq!(
        back.key(),
        pos.key(),
        "key differs after FEN round-trip at {fen}"
    );
    assert!(
        pos.can_be_in_check() || !pos.in_check(),
        "in check where the variant says no side can be: {fen}"
    );
    let mut all = MoveList::new();
    pos.generate(GenKind::All, &mut all);
    let mut texts = std::collections::HashSet::new();
    for &m in &all {
        let text = pos.move_text(m);
        assert!(
            texts.insert(text.clone()),
            "two moves share the text '{text}' at {fen}"
        );
        let parsed = pos
            .parse_move(&text)
            .unwrap_or_else(|e| panic!("'{text}' does not parse at {fen}: {e}"));
        assert_eq!(parsed, m, "'{text}' parses to another move at {fen}");
    }
    let mut tactical = MoveList::new();
    pos.generate(GenKind::Tactical, &mut tactical);
    for m in tactical {
        assert!(
            all.contains(&m) || m == Move::END_TURN,
            "tactical move {} is not legal at {fen}",
            pos.move_text(m)
        );
    }
}
