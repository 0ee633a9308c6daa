//! The one position interface that perft, search, the protocol and the match
//! referee use for every variant.
//!
//! Design:
//! * **Sub-moves are plies.** A turn of several sub-moves (Parallel Worlds, Tri-Plane
//!   steps, Pentaplane's draft) is several calls to [`Position::make`]; the side to
//!   move changes only when a turn ends. Generic code detects a turn boundary by
//!   comparing [`Position::side_to_move`] before and after a move.
//! * **Copy-make.** `make` mutates in place and there is no `unmake`: callers keep the
//!   parent (search and perft copy it into the next stack slot). This keeps five
//!   very different variants free of undo bookkeeping, and positions here are a few
//!   hundred bytes. Perft speed is measured in `bench.sh`.
//! * **Legal generation.** [`Position::generate`] returns only legal sub-moves, and
//!   nothing when the game has ended by an event (a king captured or exploded, a
//!   Tri-Plane mate at its step). So perft can count leaves by list length.
//! * **Outcome.** [`Position::outcome`] is the result by the rules of movement
//!   (events, checkmate, stalemate); [`Position::draw_reason`] adds the referee's draw
//!   rules (repetition, move counters, dead positions), which perft ignores.

use crate::error::{FenError, MoveError};
use crate::moves::{Move, MoveList};
use crate::view::{Geometry, HandContents, MoveParts};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The first player (upper case in FENs; `w`).
    White = 0,
    /// The second player (lower case; `b`).
    Black = 1,
}

impl Side {
    #[inline]
    pub fn opposite(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn fen_char(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }
    pub fn from_fen(s: &str) -> Result<Side, FenError> {
        match s {
            "w" => Ok(Side::White),
            "b" => Ok(Side::Black),
            _ => Err(FenError::BadSide(s.to_string())),
        }
    }
}

/// Which sub-moves to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenKind {
    /// Every legal sub-move.
    All,
    /// Legal sub-moves that change material or are otherwise forcing (captures,
    /// explosions, missile shots, promotions, capture drops where sound): the moves
    /// quiescence search follows. Inside an unfinished multi-move turn a variant may
    /// include the turn-ending move so qsearch can finish the turn.
    Tactical,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawReason {
    Stalemate,
    Repetition,
    MoveCounter,
    DeadPosition,
    PerpetualCheck,
    NoLegalMove,
    Adjudication,
}

impl std::fmt::Display for DrawReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::Repetition => "threefold repetition",
            DrawReason::MoveCounter => "move counter rule",
            DrawReason::DeadPosition => "dead position",
            DrawReason::PerpetualCheck => "perpetual check",
            DrawReason::NoLegalMove => "no legal move",
            DrawReason::Adjudication => "adjudication",
        };
        f.write_str(s)
    }
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win { winner: Side, reason: &'static str },
    Draw(DrawReason),
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Win {
                winner: Side::White,
                reason,
            } => write!(f, "1-0 ({reason})"),
            Outcome::Win {
                winner: Side::Black,
                reason,
            } => write!(f, "0-1 ({reason})"),
            Outcome::Draw(r) => write!(f, "1/2-1/2 ({r})"),
        }
    }
}

/// What a GUI needs to know about a variant (`info string variant ...`).
#[derive(Clone, Debug)]
pub struct VariantInfo {
    /// The `UCI_Variant` value.
    pub name: &'static str,
    /// Human name.
    pub title: &'static str,
    /// Board parts and sizes in words, e.g. "3 levels of 8x8, cells 1a1..3h8".
    pub board: String,
    /// Piece letters and names, e.g. `[('K', "king"), ...]`.
    pub pieces: Vec<(char, &'static str)>,
    pub start_fen: String,
    /// Sub-moves per turn, e.g. "1" or "1-3".
    pub turn: &'static str,
}

/// A position of one variant. See the module docs for the contract.
pub trait Position: Clone + Send + Sync + Sized + 'static {
    /// The variant's description; `info().start_fen` is the start position.
    fn info() -> VariantInfo;

    /// This position's variant description. A compiled variant answers
    /// `Self::info()`; a data-defined variant (one type for every definition, see
    /// `variants::defined`) answers from the definition its positions carry. Generic
    /// code that holds a position asks it rather than the type.
    fn variant_info(&self) -> VariantInfo {
        Self::info()
    }

    /// Search parameters this variant plays with instead of the table's defaults:
    /// `name=value` pairs as in the `SearchParams` option, which still overrides them
    /// name by name (`search::params::SearchParams::with_profile`). The search stays
    /// the same code for every variant; a profile only switches a technique that
    /// games proved in this variant and not in the others. Default: none (a variant
    /// defined in a file gives its own with the key `search`).
    fn search_profile(&self) -> &str {
        ""
    }

    /// A position of this position's variant parsed from `fen`.
    fn variant_from_fen(&self, fen: &str) -> Result<Self, FenError> {
        Self::from_fen(fen)
    }

    /// The start position of this position's variant.
    fn variant_startpos(&self) -> Self {
        Self::startpos()
    }

    /// The board as a GUI draws it, for this position's variant.
    fn variant_geometry(&self) -> Geometry {
        Self::geometry()
    }

    /// The start position.
    fn startpos() -> Self {
        Self::from_fen(&Self::info().start_fen).expect("the start FEN of a variant parses")
    }

    /// Parses a FEN in the variant's format. Never panics.
    fn from_fen(fen: &str) -> Result<Self, FenError>;

    /// The position as a FEN; `from_fen(fen())` gives back an equal position.
    fn fen(&self) -> String;

    fn side_to_move(&self) -> Side;

    /// The Zobrist key, maintained incrementally by `make`. It covers everything that
    /// decides the legal moves: placement, side, turn state, rights, hands.
    fn key(&self) -> u64;

    /// The Zobrist key recomputed from scratch (tests compare it with `key`).
    fn compute_key(&self) -> u64;

    /// Appends the legal sub-moves to `out`. Nothing when the game has ended by an
    /// event (see [`Position::event_outcome`]) or no legal sub-move exists.
    fn generate(&self, kind: GenKind, out: &mut MoveList);

    /// Appends the tactical sub-moves (`GenKind::Tactical`) to `out`, given `all`, the
    /// position's full legal list (or a part of it): a variant that can tell a
    /// tactical move by looking at it filters `all` instead of generating again.
    fn tactical_among(&self, all: &[Move], out: &mut MoveList) {
        let _ = all;
        self.generate(GenKind::Tactical, out);
    }

    /// Plays a legal sub-move (as returned by `generate`, `Move::END_TURN` included
    /// where offered). Behaviour for an illegal move is unspecified but must not be
    /// undefined: callers validate first.
    fn make(&mut self, m: Move);

    /// The move's text in this position (before it is played), e.g. `e2e4`, `1e21e4`,
    /// `Ae7d8q>f`, `a1bc-a2ex`, `0000`.
    fn move_text(&self, m: Move) -> String;

    /// Parses a sub-move's text and checks it is legal here. The default compares
    /// with the text of every legal move; variants accept aliases by overriding.
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mut list = MoveList::new();
        self.generate(GenKind::All, &mut list);
        if list.is_empty() && self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        list.into_iter()
            .find(|&m| self.move_text(m) == text)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// Static exchange evaluation of a legal tactical move: the material (pawn = 100)
    /// the mover keeps if both sides then go on capturing on the target cell with
    /// their least valuable piece for as long as it pays. `None` (the default) where
    /// the variant has no such estimate, e.g. captures explode or turns have several
    /// sub-moves; the search then orders tactical moves by history alone and prunes
    /// none of them in quiescence.
    fn static_exchange(&self, _m: Move) -> Option<i32> {
        None
    }

    /// The nominal value a tactical move wins at once (what it captures, plus a
    /// promotion's gain; pawn = 100), never negative: the search orders tactical
    /// moves by it (most valuable victim first) where [`Position::static_exchange`]
    /// has no answer. Nothing is pruned by it. `None` (the default): tactical moves
    /// are then ordered by history alone.
    fn capture_value(&self, _m: Move) -> Option<i32> {
        None
    }

    /// Whether the side to move stands in check (false in variants without check).
    fn in_check(&self) -> bool {
        false
    }

    /// Whether making `m` puts the opponent in check (what `in_check` of the position
    /// after it would say), where the variant can tell without making the move:
    /// `None` when it cannot (the search then makes the move to find out). Lets the
    /// search prune a quiet move before paying for making it. Default: `None`.
    fn gives_check(&self, _m: Move) -> Option<bool> {
        None
    }

    /// A name for `m` below 1024 that says which man moves (its kind and side; for a
    /// drop, the dropped man) and where it lands, and nothing else: the search's
    /// continuation history counts how well a move answers the moves before it by
    /// these names, so moves alike for that purpose share a statistic and no two
    /// different (man, destination) pairs share one. `None` (the default): the
    /// search names moves by side, origin and destination, hashed.
    fn history_key(&self, _m: Move) -> Option<u16> {
        None
    }

    /// Whether [`Position::in_check`] can ever be true in this variant. When it cannot,
    /// the search knows that no move gives check without making the move, and decides
    /// whether to prune a move before making it. Default: true (always sound).
    fn can_be_in_check(&self) -> bool {
        true
    }

    /// Passes the turn without moving (for the search's null-move pruning): the side
    /// to move changes, en-passant rights lapse, the key is updated. Returns `false`
    /// and leaves `self` unchanged when the variant does not allow a pass here. The
    /// default never allows one; a variant that opts in should also refuse in
    /// zugzwang-prone positions (e.g. the side to move has only king and pawns), since
    /// the search then relies on "passing is never better than moving". Only called at
    /// turn starts when the side to move is not in check.
    fn make_null(&mut self) -> bool {
        false
    }

    /// A game-ending event that has happened (a king captured or exploded, a mate or
    /// stalemate judged at a Tri-Plane step). Default: none.
    fn event_outcome(&self) -> Option<Outcome> {
        None
    }

    /// The result when the side to move has no legal sub-move (and no event ended the
    /// game): checkmate, stalemate, or the variant's rule.
    fn no_move_outcome(&self) -> Outcome;

    /// The result by the rules of movement, or `None` while the game goes on.
    fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.event_outcome() {
            return Some(o);
        }
        let mut list = MoveList::new();
        self.generate(GenKind::All, &mut list);
        if list.is_empty() {
            Some(self.no_move_outcome())
        } else {
            None
        }
    }

    /// Whether a new turn starts here (no sub-move of the current turn made yet).
    /// Repetition compares turn-start positions only.
    fn is_turn_start(&self) -> bool {
        true
    }

    /// Whether `later`, a legal sub-move here, commutes with `earlier`, the sub-move
    /// of the same turn that led here: from the position before `earlier`, `later`
    /// is legal, `earlier` is legal after it (or `later` ends the game there as it
    /// does here), and both orders reach this same position. The search then
    /// searches one of the two orders only. Default: never (always sound).
    fn commutes(&self, _earlier: Move, _later: Move) -> bool {
        false
    }

    /// A key of the position's slow-changing structure (in chess, the pawns), for
    /// the search's correction history: positions sharing it tend to share the
    /// static evaluation's errors. Default: none (no correction).
    fn structure_key(&self) -> Option<u64> {
        None
    }

    /// Plies (or half-turns) since the last irreversible change, as the variant
    /// counts them for its move-counter draw.
    fn halfmove_clock(&self) -> u32;

    /// The `halfmove_clock` value at which the game is drawn (100 for chess).
    fn move_counter_limit(&self) -> u32 {
        100
    }

    /// Whether no further progress is possible by the variant's material rule
    /// (bare kings, kings and Obelisks, ...). Default: never.
    fn dead_position(&self) -> bool {
        false
    }

    /// The referee's draw rules, given the positions that came before this one in the
    /// game (oldest first, not including `self`). Perft ignores these.
    fn draw_reason(&self, history: &[Self]) -> Option<DrawReason> {
        if self.dead_position() {
            return Some(DrawReason::DeadPosition);
        }
        if self.is_turn_start() && self.halfmove_clock() >= self.move_counter_limit() {
            return Some(DrawReason::MoveCounter);
        }
        if self.is_turn_start() {
            let key = self.key();
            let seen = history
                .iter()
                .filter(|p| p.is_turn_start() && p.key() == key)
                .count();
            if seen >= 2 {
                return Some(DrawReason::Repetition);
            }
        }
        None
    }

    /// The board as a GUI draws it (see [`crate::view`]): cells, panels, pieces,
    /// sides. Built on demand; the protocol caches it per variant.
    fn geometry() -> Geometry;

    /// The piece on every cell of [`Position::geometry`]'s `cells`, in that order: the
    /// letter as the FEN writes it (upper case for the first player), `None` if empty.
    fn cell_pieces(&self) -> Vec<Option<char>>;

    /// The contents of every hand of [`Position::geometry`]'s `hands`, in that order.
    fn hands(&self) -> Vec<HandContents> {
        Vec::new()
    }

    /// A legal sub-move of this position taken apart for a GUI.
    fn move_parts(&self, m: Move) -> MoveParts;

    /// The cells of royal pieces that stand attacked (in check) now, by name.
    fn checked_royals(&self) -> Vec<String> {
        Vec::new()
    }

    /// The board drawn as text for `d` (every variant its own way: levels side by
    /// side, several boards, the sphere as a list), without the FEN/key lines.
    fn display(&self) -> String;
}

/// An evaluation function for positions of type `P`. Defined here so the search is
/// generic over it and `engine` never depends on the `eval` crate.
pub trait Evaluator<P: Position>: Send + Sync {
    /// Static score in centipawns from the side to move's point of view.
    fn evaluate(&self, pos: &P) -> i32;

    /// The score's named parts (for the protocol's `eval` command), each from
    /// White's point of view; the last entry is usually the total.
    fn breakdown(&self, pos: &P) -> Vec<(String, i32)> {
        let v = self.evaluate(pos);
        let white = if pos.side_to_move() == Side::White {
            v
        } else {
            -v
        };
        vec![("total".to_string(), white)]
    }
}
