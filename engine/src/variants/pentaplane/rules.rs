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
/// holdings (Clarifications). After the twelve built-in kinds come the slots of the
/// player-designed pieces ("Player-designed pieces"): slot `i` is the `i`-th piece of
/// the installed set (see [`super::designs`]); a slot beyond the installed set has no
/// movement and no letter, and never occurs in a position read or played under it.
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
    Designed0 = 12,
    Designed1 = 13,
    Designed2 = 14,
    Designed3 = 15,
    Designed4 = 16,
    Designed5 = 17,
}

/// Number of built-in piece kinds (`Kind::Rook..=Kind::Pawn`).
pub const BUILTIN_KINDS: usize = 12;

/// DECISION: at most this many player-designed pieces at once (the source sets no
/// limit; six keep a selection's two hand indices within a nibble each and the letters
/// within the 14 free upper-case letters).
pub const MAX_DESIGNED: usize = 6;

/// Number of piece kinds: the built-in ones, then the designed slots.
pub const KINDS: usize = BUILTIN_KINDS + MAX_DESIGNED;

/// Hand slots: the nine built-in selectable kinds, then one per designed slot. A hand
/// index is the kind's place in the standard order R F B M C S N O Z + designed
/// pieces in definition order, so holdings written by hand index are in FEN order.
pub const HANDS: usize = SELECTABLE.len() + MAX_DESIGNED;

/// The designed slots in order.
pub const DESIGNED_KINDS: [Kind; MAX_DESIGNED] = [
    Kind::Designed0,
    Kind::Designed1,
    Kind::Designed2,
    Kind::Designed3,
    Kind::Designed4,
    Kind::Designed5,
];

impl Kind {
    /// The designed slot of this kind, `None` for a built-in kind.
    #[inline]
    pub fn designed_slot(self) -> Option<usize> {
        (self as usize).checked_sub(BUILTIN_KINDS)
    }
}

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
    Kind::Designed0,
    Kind::Designed1,
    Kind::Designed2,
    Kind::Designed3,
    Kind::Designed4,
    Kind::Designed5,
];

/// DECISION: FEN/notation letters (upper case = White = player A) of the built-in
/// kinds, by kind index. A designed piece may use none of them ("a letter of its own
/// that no other piece of the game uses").
pub const LETTERS: [char; BUILTIN_KINDS] =
    ['R', 'F', 'B', 'M', 'C', 'S', 'N', 'O', 'Z', 'K', 'Q', 'P'];

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

/// DECISION ("a missile shot along its lines"): a designed piece fires only along a
/// direction family it also moves along, as the built-in F, M and S do. `false` would
/// let it fire along any line family.
pub const DESIGNED_MISSILE_ALONG_OWN_LINES: bool = true;

/// DECISION: a missile pierces nothing and travels along a line, so a designed piece's
/// missile family is one of the line families (rook, bishop, cube); the knight family
/// leaps and has no line to travel.
pub const DESIGNED_MISSILE_LINE_FAMILIES_ONLY: bool = true;

/// DECISION: bounds of a designed piece's given value (centipawns).
pub const DESIGNED_VALUE_RANGE: std::ops::RangeInclusive<i32> = 1..=5000;

/// DECISION: at most this many characters in a designed piece's name.
pub const DESIGNED_NAME_MAX: usize = 40;

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

/// The letter of a piece of `kind` for `side` (a designed kind: its installed letter;
/// `?` for a slot the installed set leaves empty).
pub fn letter(kind: Kind, side: Side) -> char {
    let c = super::tables::tables().letters[kind as usize];
    if side == Side::White {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

/// Kind and side from a letter (built-in letters and the installed designed ones).
pub fn from_letter(c: char) -> Option<(Kind, Side)> {
    if !c.is_ascii_alphabetic() {
        return None;
    }
    let up = c.to_ascii_uppercase();
    let i = super::tables::tables()
        .letters
        .iter()
        .position(|&l| l == up)?;
    let side = if c.is_ascii_uppercase() {
        Side::White
    } else {
        Side::Black
    };
    Some((ALL_KINDS[i], side))
}

/// The number of kinds a player may name now: the nine built-in ones plus the
/// installed designed pieces.
pub fn selectable_count() -> usize {
    SELECTABLE.len() + super::tables::tables().designs.len()
}

/// The hand index of a selectable kind (a designed kind only if it is installed).
pub fn selectable_index(kind: Kind) -> Option<usize> {
    match kind.designed_slot() {
        Some(slot) if slot < super::tables::tables().designs.len() => Some(SELECTABLE.len() + slot),
        Some(_) => None,
        None => SELECTABLE.iter().position(|&k| k == kind),
    }
}

/// The kind held in hand slot `hand` (`hand < HANDS`).
pub fn hand_kind(hand: usize) -> Kind {
    if hand < SELECTABLE.len() {
        SELECTABLE[hand]
    } else {
        DESIGNED_KINDS[hand - SELECTABLE.len()]
    }
}

/// Whether pieces of `kind` are bombs (the built-in bomb, or a designed bomb).
#[inline]
pub fn is_bomb(kind: Kind) -> bool {
    super::tables::tables().bomb[kind as usize]
}
