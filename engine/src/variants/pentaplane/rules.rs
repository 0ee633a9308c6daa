//! Every rule decision of Pentaplane V in one place (see `shared/rules/pentaplane.md`).
//!
//! Each item names the rule it encodes and whether the rules file calls it SOURCE,
//! INFERRED or DECISION. Changing a DECISION means changing a constant here, never a
//! scattered `if` elsewhere.

use crate::position::Side;

/// Board size: INFERRED 5 levels (A bottom .. E top) of 5x5 (files a-e, ranks 1-5).
pub const SIZE: i8 = 5;
/// Number of cells of the cube.
pub const CELLS: usize = 125;

/// Piece kinds. The first nine are the selectable kinds in the draft order
/// R F B M C S N O Z, which is also the order of letters in selection tokens and
/// holdings (Clarifications).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    Rook = 0,
    /// Missile-Rook / Fortress: steps or fires along rook directions.
    Fortress = 1,
    Bishop = 2,
    /// Missile-Bishop (name is a DECISION): steps or fires along bishop directions.
    MissileBishop = 3,
    /// Cuber (= Raumschach unicorn): slides along cube diagonals.
    Cuber = 4,
    /// Missile-Cuber / Satellite: steps or fires along cube diagonals.
    Satellite = 5,
    Knight = 6,
    /// Bomb: steps along rook directions; explodes (see `explosion.rs`).
    Bomb = 7,
    /// Kamikaze Queen: slides R and B; dies with its capture.
    Kamikaze = 8,
    King = 9,
    /// True Queen: only by promotion.
    Queen = 10,
    Pawn = 11,
}

/// Number of piece kinds.
pub const KINDS: usize = 12;

/// All kinds by index.
pub const ALL_KINDS: [Kind; KINDS] = [
    Kind::Rook,
    Kind::Fortress,
    Kind::Bishop,
    Kind::MissileBishop,
    Kind::Cuber,
    Kind::Satellite,
    Kind::Knight,
    Kind::Bomb,
    Kind::Kamikaze,
    Kind::King,
    Kind::Queen,
    Kind::Pawn,
];

/// DECISION: FEN/notation letters (upper case = White = player A), by kind index.
pub const LETTERS: [char; KINDS] = ['R', 'F', 'B', 'M', 'C', 'S', 'N', 'O', 'Z', 'K', 'Q', 'P'];

/// SOURCE + DECISION: kinds a player may name in the draft (Pawn, True Queen and King
/// excluded; the Kamikaze Queen allowed), in the draft order. Their indices are
/// `0..SELECTABLE.len()`, so a hand is an array over this table.
pub const SELECTABLE: [Kind; 9] = [
    Kind::Rook,
    Kind::Fortress,
    Kind::Bishop,
    Kind::MissileBishop,
    Kind::Cuber,
    Kind::Satellite,
    Kind::Knight,
    Kind::Bomb,
    Kind::Kamikaze,
];

/// SOURCE: each player names two pieces, and both players get a copy of each.
pub const PIECES_PER_SELECTION: usize = 2;
/// Pieces each player holds after both selections (= number of X cells).
pub const HAND_SIZE: usize = 4;

/// DECISION (figure 6 lost): the X cells, as (x, y, z) = (file, rank, level).
/// A: Aa1 Ab1 Ad1 Ae1; B: Ea5 Eb5 Ed5 Ee5.
pub const X_CELLS: [[(i8, i8, i8); 4]; 2] = [
    [(0, 0, 0), (1, 0, 0), (3, 0, 0), (4, 0, 0)],
    [(0, 4, 4), (1, 4, 4), (3, 4, 4), (4, 4, 4)],
];

/// B's two placement options (SOURCE "same way or mirror image", formalised).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// B's piece on (4-x, 4, 4) equals A's piece on (x, 0, 0): 180° rotation.
    Same,
    /// B's piece on (x, 4, 4) equals A's piece on (x, 0, 0): facing mirror.
    Mirror,
}

impl Layout {
    /// Where B puts the copy of A's piece standing on file `x` of A's starting row.
    pub const fn black_file(self, x: i8) -> i8 {
        match self {
            Layout::Same => SIZE - 1 - x,
            Layout::Mirror => x,
        }
    }
    pub const fn token(self) -> &'static str {
        match self {
            Layout::Same => "=same",
            Layout::Mirror => "=mirror",
        }
    }
}

/// The (rank, level) of B's starting row, where B's copies go.
pub const BLACK_HOME_ROW: (i8, i8) = (4, 4);

/// SOURCE/DECISION: the promotion row of each side (the enemy's starting row):
/// (rank, level). White promotes on rank 5 of level E, Black on rank 1 of level A.
pub const PROMOTION_ROW: [(i8, i8); 2] = [(4, 4), (0, 0)];

/// SOURCE + DECISION: the pawn promotes to the True Queen only, mandatorily.
pub const PROMOTION_KIND: Kind = Kind::Queen;

/// DECISION: a missile may hit an own piece only if it is a bomb (to detonate it).
pub const MISSILE_MAY_HIT_OWN_BOMB: bool = true;
/// DECISION: a missile may never hit an own non-bomb piece.
pub const MISSILE_MAY_HIT_OWN_OTHER: bool = false;
// DECISION: firing along a line with no piece is illegal: a shot always names the
// cell it hits (`from*to`), so an empty line simply yields no move.

/// SOURCE: the explosion radius (Chebyshev distance 1 = the 3x3x3 block).
pub const BLAST_RADIUS: i8 = 1;

/// DECISION: a move that removes the mover's own king is illegal.
pub const SUICIDE_ILLEGAL: bool = true;

/// DECISION: plies without capture, explosion, missile hit or promotion that draw.
/// Pawn moves do not reset it (pawns move backwards here).
pub const NO_PROGRESS_PLIES: u32 = 100;

/// DECISION: no check; a king is captured to win.
pub const HAS_CHECK: bool = false;

/// The start position (DECISION layout, before the draft).
pub const START_FEN: &str =
    "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[] w - - 0 1 select";

/// Zobrist seed of this variant.
pub const ZOBRIST_SEED: u64 = 0x005e_47a9_1a4e_0005;

/// The letter of a piece of `kind` for `side`.
pub fn letter(kind: Kind, side: Side) -> char {
    let c = LETTERS[kind as usize];
    if side == Side::White {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

/// Kind and side from a letter.
pub fn from_letter(c: char) -> Option<(Kind, Side)> {
    let up = c.to_ascii_uppercase();
    let i = LETTERS.iter().position(|&l| l == up)?;
    let side = if c.is_ascii_uppercase() {
        Side::White
    } else {
        Side::Black
    };
    Some((ALL_KINDS[i], side))
}

/// The hand index of a selectable kind.
pub fn selectable_index(kind: Kind) -> Option<usize> {
    SELECTABLE.iter().position(|&k| k == kind)
}
