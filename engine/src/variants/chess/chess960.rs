//! Chess960 (Fischer random) start positions by their standard number, and the
//! switch of the Chess960 text conventions on a type-erased position.
//!
//! Numbering: Scharnagl's scheme, the one every 960 table uses (position 518 is
//! the standard array). From `n` in 0..960:
//! `n % 4` puts the light-square bishop on file b, d, f or h; `(n / 4) % 4` the
//! dark-square bishop on file a, c, e or g; `(n / 16) % 6` the queen on that
//! empty square (counted from the a-file); `n / 96` (0..9) picks the knights'
//! pair among the five squares left (0: 1st+2nd, 1: 1st+3rd, 2: 1st+4th,
//! 3: 1st+5th, 4: 2nd+3rd, 5: 2nd+4th, 6: 2nd+5th, 7: 3rd+4th, 8: 3rd+5th,
//! 9: 4th+5th); the last three squares get rook, king, rook.

use super::board::{Board, Rules};
use super::{Atomic, Chess, Crazyhouse};
use std::any::Any;

/// Number of Chess960 start positions.
pub const POSITIONS: u32 = 960;
/// The standard array's number.
pub const STANDARD: u32 = 518;

/// Pairs of the five free squares the knights take, by `n / 96`.
const KNIGHT_PAIRS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// White's back rank of start position `n`, a-file first (`"RNBQKBNR"` for 518),
/// or `None` when `n` is not in 0..960.
pub fn back_rank(n: u32) -> Option<String> {
    if n >= POSITIONS {
        return None;
    }
    let mut rank: [Option<char>; 8] = [None; 8];
    let n = n as usize;
    rank[2 * (n % 4) + 1] = Some('B');
    rank[2 * ((n / 4) % 4)] = Some('B');
    let free = |rank: &[Option<char>; 8]| -> Vec<usize> {
        (0..8).filter(|&f| rank[f].is_none()).collect()
    };
    let q = free(&rank)[(n / 16) % 6];
    rank[q] = Some('Q');
    let (a, b) = KNIGHT_PAIRS[n / 96];
    let five = free(&rank);
    rank[five[a]] = Some('N');
    rank[five[b]] = Some('N');
    for (f, piece) in free(&rank).into_iter().zip(['R', 'K', 'R']) {
        rank[f] = Some(piece);
    }
    Some(rank.iter().map(|c| c.expect("every file filled")).collect())
}

/// The start FEN of position `n` with X-FEN castling rights (`KQkq`), which every
/// chess-family variant reads (crazyhouse with empty hands).
pub fn start_fen(n: u32) -> Option<String> {
    let white = back_rank(n)?;
    Some(format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1",
        white.to_ascii_lowercase()
    ))
}

/// The number of a back rank (`"BBQNNRKR"` → 0), if it is a Chess960 start.
pub fn number_of(back_rank_text: &str) -> Option<u32> {
    (0..POSITIONS).find(|&n| back_rank(n).as_deref() == Some(back_rank_text))
}

fn switch<R: Rules>(pos: &mut dyn Any, on: bool) -> bool {
    match pos.downcast_mut::<Board<R>>() {
        Some(b) => {
            b.set_chess960(on);
            true
        }
        None => false,
    }
}

/// Switches the Chess960 text conventions on `pos` when it is a chess-family
/// position (chess, crazyhouse, atomic); `false` for every other variant, which
/// has no such conventions and is left unchanged.
pub fn set_conventions(pos: &mut dyn Any, on: bool) -> bool {
    switch::<<Chess as BoardRules>::R>(pos, on)
        || switch::<<Crazyhouse as BoardRules>::R>(pos, on)
        || switch::<<Atomic as BoardRules>::R>(pos, on)
}

/// The rules type of a board type (to name `Board<R>` from its alias).
pub trait BoardRules {
    type R: Rules;
}
impl<R: Rules> BoardRules for Board<R> {
    type R = R;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Known numbers from the published Scharnagl table (e.g. the Chess960 article
    /// of the Chessprogramming wiki and Wikipedia's "Fischer random chess
    /// numbering scheme").
    #[test]
    fn known_numbers() {
        assert_eq!(back_rank(518).as_deref(), Some("RNBQKBNR"));
        assert_eq!(back_rank(0).as_deref(), Some("BBQNNRKR"));
        assert_eq!(back_rank(1).as_deref(), Some("BQNBNRKR"));
        assert_eq!(back_rank(959).as_deref(), Some("RKRNNQBB"));
        assert_eq!(back_rank(960), None);
        assert_eq!(number_of("RNBQKBNR"), Some(STANDARD));
    }

    #[test]
    fn all_positions_distinct_and_legal() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..POSITIONS {
            let r = back_rank(n).unwrap();
            assert!(seen.insert(r.clone()), "{n} repeats {r}");
            let k = r.find('K').unwrap();
            assert!(r[..k].contains('R') && r[k + 1..].contains('R'), "{r}");
            let b: Vec<usize> = r.match_indices('B').map(|(i, _)| i).collect();
            assert_ne!(b[0] % 2, b[1] % 2, "{r}: bishops on one colour");
            let fen = start_fen(n).unwrap();
            assert!(Chess::parse_fen(&fen).is_ok(), "{fen}");
        }
        assert_eq!(seen.len(), 960);
    }

    /// Castling as king-takes-rook, castling rights as Shredder letters, both ways.
    #[test]
    fn conventions_change_text_only() {
        use crate::position::Position;
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let mut b = Chess::parse_fen(fen).unwrap();
        assert!(b.parse_move("e1g1").is_ok());
        assert_eq!(b.fen(), fen);
        let key = b.key();
        b.set_chess960(true);
        assert_eq!(b.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
        assert_eq!(b.key(), key);
        let castle = b.parse_move("e1h1").unwrap();
        assert_eq!(b.move_text(castle), "e1h1");
        assert_eq!(b.move_text(b.parse_move("e1a1").unwrap()), "e1a1");
        assert!(
            b.parse_move("e1g1").is_err(),
            "the two-cell king move is not castling here"
        );
        let mut after = b.clone();
        after.make(castle);
        assert!(after.is_chess960(), "the convention follows the position");
        assert_eq!(after.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b ha - 1 1");
        // A 960 start: b1 king, a1 rook: the queen-side castle is `b1a1`.
        let mut c = Crazyhouse::parse_fen("1r4kr/6pp/8/8/8/8/6PP/1K4RR w Kkq - 0 1").unwrap();
        c.set_chess960(true);
        assert!(c.fen().ends_with("[] w Hhb - 0 1"), "{}", c.fen());
        let mut a = Atomic::parse_fen("rk4rr/pp4pp/8/8/8/8/PP4PP/RK4RR w KQkq - 0 1").unwrap();
        a.set_chess960(true);
        assert!(a.fen().contains(" w HAha "), "{}", a.fen());
        assert_eq!(a.move_text(a.parse_move("b1a1").unwrap()), "b1a1");
    }
}
