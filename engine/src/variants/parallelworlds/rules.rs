//! Every rule of Parallel Worlds Chess that is a choice rather than a consequence:
//! the DECISIONs of `shared/rules/parallelworlds.md` and the SOURCE numbers, each a
//! named constant or table in this one place, so a better source changes one line.

use crate::movement::Mode;
use crate::position::Side;

/// Number of stacked levels (SOURCE). Level `z` (0-based) is named `z + 1`.
pub const LEVELS: i8 = 3;
/// Files and ranks of each level (SOURCE: 8x8 boards).
pub const FILES: i8 = 8;
pub const RANKS: i8 = 8;
/// Cells on the whole board.
pub const CELLS: usize = (LEVELS as usize) * (FILES as usize) * (RANKS as usize);

/// The 0-based index of level 2, the "wormhole" with its own move rules (SOURCE).
/// DECISION: level 1 is the bottom, level 3 the top (only the order matters for the
/// straight vertical step).
pub const WORMHOLE_LEVEL: i8 = 1;

/// How men move on level 2 (SOURCE): every man as a queen, never capturing.
pub const WORMHOLE_MOVE_MODE: Mode = Mode::MoveOnly;
/// How the straight vertical step works (SOURCE): onto an empty cell only.
pub const VERTICAL_MOVE_MODE: Mode = Mode::MoveOnly;

/// The piece kinds, in the order of [`KIND_LETTERS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

pub const KINDS: [Kind; 6] = [
    Kind::Pawn,
    Kind::Knight,
    Kind::Bishop,
    Kind::Rook,
    Kind::Queen,
    Kind::King,
];
/// FEN / promotion letters (lower case; White's are upper case in FENs).
pub const KIND_LETTERS: [char; 6] = ['p', 'n', 'b', 'r', 'q', 'k'];
pub const KIND_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// Which kinds may step straight up or down a level (SOURCE: all but kings).
/// Kings therefore never reach level 2.
pub const MOVES_VERTICALLY: [bool; 6] = [true, true, true, true, true, false];

/// DECISION: promotion choices, as in standard chess (order = generation order).
pub const PROMOTION_KINDS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

/// Each side's forward rank direction.
pub const FORWARD: [i8; 2] = [1, -1];
/// Each side's first rank (0-based): home of the back row.
pub const FIRST_RANK: [i8; 2] = [0, 7];
/// Each side's last rank (0-based): promotion on levels 1 and 3 (SOURCE).
pub const LAST_RANK: [i8; 2] = [7, 0];
/// DECISION: a pawn may double-step from this rank (0-based, per side) of level 1
/// or 3, whatever its history; a pawn arriving on its first rank from level 2 thus
/// steps singly until it reaches this rank, as the source says.
pub const DOUBLE_STEP_RANK: [i8; 2] = [1, 6];
/// The rank (0-based) of the en-passant square a double step of each side leaves.
pub const EP_RANK: [i8; 2] = [2, 5];

/// Sub-moves per turn (SOURCE: "up to three").
pub const MAX_SUBMOVES: u8 = 3;
/// SOURCE: White's first turn has at most two sub-moves.
pub const WHITE_FIRST_TURN_MAX_SUBMOVES: u8 = 2;
/// DECISION: `0000` may end a turn only after this many sub-moves (no zero-move turn).
pub const MIN_SUBMOVES_BEFORE_END_TURN: u8 = 1;

/// The levels (0-based) where castling and en passant exist (DECISION: 1 and 3,
/// the orthodox levels). Index in this array = the level's slot in the castling and
/// en-passant FEN fields.
pub const ORTHODOX_LEVELS: [i8; 2] = [0, 2];

/// One castling move, per side, on its first rank.
#[derive(Clone, Copy, Debug)]
pub struct CastleSpec {
    /// FEN letter (White's; Black's is lower case).
    pub letter: char,
    pub king_from: i8,
    pub king_to: i8,
    pub rook_from: i8,
    pub rook_to: i8,
    /// Files that must be empty.
    pub empty: &'static [i8],
    /// Files the king stands on, crosses or reaches: none may be attacked (DECISION).
    pub unattacked: &'static [i8],
}

/// DECISION: castling as in standard chess on levels 1 and 3.
pub const CASTLES: [CastleSpec; 2] = [
    CastleSpec {
        letter: 'K',
        king_from: 4,
        king_to: 6,
        rook_from: 7,
        rook_to: 5,
        empty: &[5, 6],
        unattacked: &[4, 5, 6],
    },
    CastleSpec {
        letter: 'Q',
        king_from: 4,
        king_to: 2,
        rook_from: 0,
        rook_to: 3,
        empty: &[1, 2, 3],
        unattacked: &[4, 3, 2],
    },
];
/// DECISION: castling requires the king's start, transit and destination cells not
/// to be attacked by an enemy man on that level.
pub const CASTLING_NEEDS_UNATTACKED_PATH: bool = true;

/// The bit of a castling right: per orthodox-level slot, side and wing.
#[inline]
pub const fn castle_bit(slot: usize, side: Side, wing: usize) -> u8 {
    1 << (slot * 4 + side as usize * 2 + wing)
}

/// DECISION: half-turns without capture, promotion or same-level pawn move on level
/// 1 or 3 after which the game is drawn (50 full turns for each side).
pub const HALF_TURN_LIMIT: u32 = 100;
/// DECISION: repetitions of a turn-start position that draw.
pub const REPETITION_COUNT: usize = 3;

/// Zobrist seed of this variant.
pub const ZOBRIST_SEED: u64 = 0x5057_4348_4553_5331; // "PWCHESS1"

/// The start position (SOURCE setup; FEN format of the rules file).
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq,KQkq -,- 0 1 -";
