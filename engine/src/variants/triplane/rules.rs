//! Every rule of Split Phase Tri-Plane that is data: piece kinds and letters, which
//! kinds live on which board, the split table, promotions, castling, and the
//! numeric DECISIONs of `shared/rules/triplane.md`. Code elsewhere reads these
//! tables; when a DECISION changes, it changes here.

use crate::position::Side;

/// Every kind of man in the game. The first nine are the kinds a hold can contain,
/// in the FEN order of holds (P N B R Q W D F E); `index()` is also the hold index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    Wazir,
    WarMachine,
    Ferz,
    Elephant,
    SplitPhase,
    King,
    DeadWood,
}

pub const KIND_COUNT: usize = 12;

impl Kind {
    pub const ALL: [Kind; KIND_COUNT] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::Wazir,
        Kind::WarMachine,
        Kind::Ferz,
        Kind::Elephant,
        Kind::SplitPhase,
        Kind::King,
        Kind::DeadWood,
    ];

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<Kind> {
        Kind::ALL.get(i).copied()
    }

    /// Upper-case letter (SOURCE letters plus the proposal's S W D F E X).
    pub fn letter(self) -> char {
        KIND_LETTERS[self.index()]
    }

    /// The kind of an upper- or lower-case letter.
    pub fn from_letter(c: char) -> Option<Kind> {
        let up = c.to_ascii_uppercase();
        KIND_LETTERS
            .iter()
            .position(|&l| l == up)
            .map(|i| Kind::ALL[i])
    }
}

impl Kind {
    /// The kind's name in words (move labels, e.g. "split: wazir to B, ...").
    pub fn name(self) -> &'static str {
        KIND_NAMES[self.index()]
    }
}

const KIND_NAMES: [&str; KIND_COUNT] = [
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "wazir",
    "war machine",
    "ferz",
    "elephant",
    "split-phase",
    "king",
    "deadwood",
];

/// The kinds that are the chess piece of the same name (a GUI may draw them with
/// the chess glyph): FIDE men and the royal king of B and C. The Split-Phase moves
/// like a king but is not one (never in check), so it keeps its letter.
pub const CHESS_GLYPH_KINDS: [Kind; 6] = [
    Kind::Pawn,
    Kind::Knight,
    Kind::Bishop,
    Kind::Rook,
    Kind::Queen,
    Kind::King,
];

const KIND_LETTERS: [char; KIND_COUNT] =
    ['P', 'N', 'B', 'R', 'Q', 'W', 'D', 'F', 'E', 'S', 'K', 'X'];

/// A man: kind and owner. DeadWood keeps an owner only for display (FEN case).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub kind: Kind,
    pub side: Side,
}

impl Piece {
    pub const fn new(kind: Kind, side: Side) -> Piece {
        Piece { kind, side }
    }
    pub fn fen_char(self) -> char {
        match self.side {
            Side::White => self.kind.letter(),
            Side::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }
}

/// The three boards. Board index = cell / 64 (the lattice's board coordinate).
pub const BOARD_A: usize = 0;
pub const BOARD_B: usize = 1;
pub const BOARD_C: usize = 2;
pub const BOARD_LETTERS: [char; 3] = ['A', 'B', 'C'];
pub const CELLS_PER_BOARD: usize = 64;

/// SOURCE: Board A holds FIDE men with the king replaced by the Split-Phase.
pub const BOARD_A_KINDS: [Kind; 6] = [
    Kind::Pawn,
    Kind::Knight,
    Kind::Bishop,
    Kind::Rook,
    Kind::Queen,
    Kind::SplitPhase,
];

/// SOURCE: what may stand on Boards B and C (kings, the split components, DeadWood).
pub const BOARD_BC_KINDS: [Kind; 11] = [
    Kind::King,
    Kind::Queen,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
    Kind::Wazir,
    Kind::WarMachine,
    Kind::Ferz,
    Kind::Elephant,
    Kind::Pawn,
    Kind::DeadWood,
];

/// The kinds a hold may contain, in the FEN order of holds.
pub const HOLD_KINDS: [Kind; 9] = [
    Kind::Pawn,
    Kind::Knight,
    Kind::Bishop,
    Kind::Rook,
    Kind::Queen,
    Kind::Wazir,
    Kind::WarMachine,
    Kind::Ferz,
    Kind::Elephant,
];
pub const HOLD_KIND_COUNT: usize = HOLD_KINDS.len();

/// DECISION (bound, not a rule): the most men of one kind a hold may contain. Real
/// games stay far below (one player captures at most 16 men); FENs above it are
/// rejected so hold hashing stays a fixed table.
pub const MAX_HOLD_COUNT: u8 = 32;

/// SOURCE: pawns on A promote to "any piece except a Split-Phase" (generation order).
pub const A_PROMOTION_KINDS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

/// SOURCE: a man captured on A splits into two men of the capturer's colour, one to
/// his Hold B and one to his Hold C. DECISION: a promoted man splits as its current
/// kind (no demotion is recorded, so the table is all there is).
pub const SPLIT_TABLE: [(Kind, [Kind; 2]); 6] = [
    (Kind::Pawn, [Kind::Pawn, Kind::Pawn]),
    (Kind::Rook, [Kind::Wazir, Kind::WarMachine]),
    (Kind::Knight, [Kind::Knight, Kind::Knight]),
    (Kind::Bishop, [Kind::Ferz, Kind::Elephant]),
    (Kind::Queen, [Kind::Rook, Kind::Bishop]),
    (Kind::SplitPhase, [Kind::Queen, Kind::Queen]),
];

/// The two components of a man captured on A, or `None` for kinds that never stand on A.
pub fn split_components(kind: Kind) -> Option<[Kind; 2]> {
    SPLIT_TABLE
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, c)| *c)
}

/// DECISION: for an asymmetric split the capturer chooses which component goes to
/// Hold B (two distinct sub-moves, suffix `>x`); symmetric splits offer no choice.
pub const CAPTURER_CHOOSES_ASYMMETRIC_SPLIT: bool = true;

/// Whether capturing `kind` on A offers the capturer a choice of which component
/// goes to Hold B.
pub fn split_has_choice(kind: Kind) -> bool {
    CAPTURER_CHOOSES_ASYMMETRIC_SPLIT && split_components(kind).is_some_and(|c| c[0] != c[1])
}

/// The component sent to Hold B and the one sent to Hold C, for choice 0 (table
/// order) or 1 (swapped).
pub fn split_to_holds(kind: Kind, swapped: bool) -> Option<(Kind, Kind)> {
    split_components(kind).map(|[x, y]| if swapped { (y, x) } else { (x, y) })
}

/// One Split-Phase castling (Board A only; DECISION: none on B or C). SOURCE: the
/// Split-Phase castles even through check; the only conditions are the unmoved S
/// and rook (the right) and the empty squares between them. Squares are file/rank
/// on Board A.
#[derive(Clone, Copy, Debug)]
pub struct CastlingRule {
    /// FEN letter of the right (`K`, `Q`, `k`, `q`) and its bit.
    pub letter: char,
    pub bit: u8,
    pub side: Side,
    pub s_from: (u8, u8),
    pub s_to: (u8, u8),
    pub rook_from: (u8, u8),
    pub rook_to: (u8, u8),
    /// Squares that must be empty: every square strictly between S and rook.
    pub empty: &'static [(u8, u8)],
}

/// SOURCE (with the Clarifications): no attack conditions at all.
pub const CASTLING_CHECKS_ATTACKS: bool = false;

pub const CASTLING_RULES: [CastlingRule; 4] = [
    CastlingRule {
        letter: 'K',
        bit: 1,
        side: Side::White,
        s_from: (4, 0),
        s_to: (6, 0),
        rook_from: (7, 0),
        rook_to: (5, 0),
        empty: &[(5, 0), (6, 0)],
    },
    CastlingRule {
        letter: 'Q',
        bit: 2,
        side: Side::White,
        s_from: (4, 0),
        s_to: (2, 0),
        rook_from: (0, 0),
        rook_to: (3, 0),
        empty: &[(1, 0), (2, 0), (3, 0)],
    },
    CastlingRule {
        letter: 'k',
        bit: 4,
        side: Side::Black,
        s_from: (4, 7),
        s_to: (6, 7),
        rook_from: (7, 7),
        rook_to: (5, 7),
        empty: &[(5, 7), (6, 7)],
    },
    CastlingRule {
        letter: 'q',
        bit: 8,
        side: Side::Black,
        s_from: (4, 7),
        s_to: (2, 7),
        rook_from: (0, 7),
        rook_to: (3, 7),
        empty: &[(1, 7), (2, 7), (3, 7)],
    },
];

/// DECISION: pawn drops are allowed on every empty square except the owner's last
/// rank (rank 1 included; a pawn dropped there only single-steps).
pub const PAWN_DROP_ALLOWED_ON_FIRST_RANK: bool = true;

/// DECISION: drops may give check and mate, pawn drops included (no restriction).
pub const DROP_MATE_ALLOWED: bool = true;

/// DECISION: perpetual check is the third occurrence of the same checked B/C
/// sub-state (placement of that board + both holds of it + side to move).
pub const PERPETUAL_CHECK_OCCURRENCES: usize = 3;

/// DECISION: full-position repetition at turn start draws on the third occurrence.
pub const REPETITION_OCCURRENCES: usize = 3;

/// DECISION: 50 full turns = 100 half-turns with no capture, pawn move, drop or
/// promotion on any board.
pub const NO_PROGRESS_HALF_TURNS: u32 = 100;

/// The owner's rank index counted from his side (0 = his first rank).
#[inline]
pub fn relative_rank(side: Side, rank: u8) -> u8 {
    match side {
        Side::White => rank,
        Side::Black => 7 - rank,
    }
}
