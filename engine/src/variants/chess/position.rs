//! The [`Position`] trait for every chess-family variant, dispatching to the
//! variant's own rules through the compile-time switches of [`Rules`].

use super::bitboard::{cell_name, square, tables};
use super::board::{
    kind_of, piece_code, Board, Rules, BISHOP, HAND_KINDS, KIND_LETTERS, KIND_NAMES, KING, NO_EP,
    NO_PIECE, PAWN, QUEEN, ROOK,
};
use super::crazyhouse::write_holdings;
use super::movegen::{move_kind, move_piece, CASTLE, DROP, EN_PASSANT, NORMAL, PROMOTION};
use super::{atomic, fide};
use crate::error::{FenError, MoveError};
use crate::moves::{Move, MoveList};
use crate::position::{DrawReason, GenKind, Outcome, Position, Side, VariantInfo};
use crate::view::{push_grid, Geometry, HandContents, HandView, MoveParts};

/// The players' names, also the names of their hands in crazyhouse.
const SIDE_NAMES: [&str; 2] = ["White", "Black"];

impl<R: Rules> Board<R> {
    /// Generation by kind for this variant.
    #[inline]
    pub(super) fn generate_kind(&self, kind: GenKind, out: &mut MoveList) {
        let tactical = kind == GenKind::Tactical;
        if R::EXPLOSIONS {
            atomic::generate(self, tactical, out);
        } else {
            self.generate_moves::<true>(tactical, out);
        }
    }

    /// The letter of the piece on `sq` as the FEN writes it, if any.
    pub fn fen_letter(&self, sq: u8) -> Option<char> {
        let code = self.piece_on(sq);
        if code == NO_PIECE {
            return None;
        }
        let l = KIND_LETTERS[kind_of(code) as usize];
        Some(if code < 6 { l } else { l.to_ascii_lowercase() })
    }

    /// Whether `side`'s king stands attacked (atomic: in the atomic sense).
    pub fn king_in_check(&self, side: Side) -> bool {
        if R::EXPLOSIONS {
            return atomic::king_attacked(self, side);
        }
        match self.king_sq(side) {
            Some(k) => {
                self.attackers_to(k, self.occupied()) & self.side_pieces(side.opposite()) != 0
            }
            None => false,
        }
    }

    /// Whether the game ended by an event or for want of moves.
    pub(super) fn game_over(&self) -> bool {
        self.outcome().is_some()
    }
}

impl<R: Rules> Position for Board<R> {
    fn info() -> VariantInfo {
        let mut pieces = Vec::new();
        for kind in 0..6 {
            pieces.push((KIND_LETTERS[kind], KIND_NAMES[kind]));
        }
        VariantInfo {
            name: R::NAME,
            title: R::TITLE,
            board: if R::DROPS {
                "8x8, cells a1..h8, with a hand per side".to_string()
            } else {
                "8x8, cells a1..h8".to_string()
            },
            pieces,
            start_fen: R::START_FEN.to_string(),
            turn: "1",
        }
    }

    fn search_profile(&self) -> &str {
        R::SEARCH_PROFILE
    }

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        Self::parse_fen(fen)
    }

    fn fen(&self) -> String {
        self.to_fen()
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.side
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    fn compute_key(&self) -> u64 {
        Board::compute_key(self)
    }

    #[inline]
    fn generate(&self, kind: GenKind, out: &mut MoveList) {
        self.generate_kind(kind, out);
    }

    fn structure_key(&self) -> Option<u64> {
        // The pawns of both sides, mixed (splitmix64's finalizer) so that the low
        // bits that pick a table entry depend on every pawn.
        let mix = |mut x: u64| {
            x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            x ^ (x >> 31)
        };
        let white = self.pieces(Side::White, PAWN);
        let black = self.pieces(Side::Black, PAWN);
        Some(mix(white ^ mix(black)))
    }

    fn gives_check(&self, m: Move) -> Option<bool> {
        // Explosions, castling, en passant and promotion move or remove more than
        // one piece (or change it): those are made to find out.
        if R::EXPLOSIONS {
            return None;
        }
        let kind = move_kind(m);
        if kind != NORMAL && kind != DROP {
            return None;
        }
        let king = self.king_sq(self.side.opposite())?;
        let to = m.to() as u8;
        let (piece, from_bit) = if kind == DROP {
            (move_piece(m), 0)
        } else {
            let from = m.from() as u8;
            (kind_of(self.piece_on(from)), 1u64 << from)
        };
        let t = tables();
        let occ = (self.occupied() & !from_bit) | (1u64 << to);
        let king_bit = 1u64 << king;
        // (A king never attacks the other king: its own table cannot hit here.)
        if t.of_kind(piece, to, self.side, occ) & king_bit != 0 {
            return Some(true);
        }
        // Discovered: one of the mover's other sliders now sees the king (the
        // captured piece on `to`, if any, was the opponent's and blocks as the
        // mover now does).
        let ours = self.side_pieces(self.side) & !from_bit;
        let queens = self.pieces(self.side, QUEEN);
        let straight = (self.pieces(self.side, ROOK) | queens) & ours & t.rook(king, occ);
        let diagonal = (self.pieces(self.side, BISHOP) | queens) & ours & t.bishop(king, occ);
        Some(straight | diagonal != 0)
    }

    fn history_key(&self, m: Move) -> Option<u16> {
        // The piece's code (below 13) and the destination square: below 13 * 64.
        let piece = if move_kind(m) == DROP {
            piece_code(self.side, move_piece(m))
        } else {
            self.piece_on(m.from() as u8)
        };
        Some(piece as u16 * 64 + m.to())
    }

    fn static_exchange(&self, m: Move) -> Option<i32> {
        // Explosions remove the attackers round the square: no exchange happens.
        (!R::EXPLOSIONS).then(|| Board::static_exchange(self, m))
    }

    #[inline]
    fn make(&mut self, m: Move) {
        self.make_move(m);
    }

    fn move_text(&self, m: Move) -> String {
        self.text_of(m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_text(text)
    }

    fn in_check(&self) -> bool {
        if R::EXPLOSIONS {
            atomic::king_attacked(self, self.side)
        } else {
            self.checkers() != 0
        }
    }

    fn event_outcome(&self) -> Option<Outcome> {
        if R::EXPLOSIONS {
            atomic::exploded_outcome(self)
        } else {
            None
        }
    }

    fn no_move_outcome(&self) -> Outcome {
        if let Some(o) = self.event_outcome() {
            return o;
        }
        if self.in_check() {
            Outcome::Win {
                winner: self.side.opposite(),
                reason: "checkmate",
            }
        } else {
            Outcome::Draw(DrawReason::Stalemate)
        }
    }

    /// A pass for null-move pruning. Refused when the side to move has nothing but
    /// king and pawns (on the board and, in crazyhouse, in hand): there zugzwang is
    /// common and "passing is never better" fails.
    fn make_null(&mut self) -> bool {
        let us = self.side;
        let pieces =
            self.side_pieces(us) & !(self.by_kind[PAWN as usize] | self.by_kind[KING as usize]);
        let hand_pieces = R::DROPS && self.hands[us as usize][1..].iter().any(|&n| n > 0);
        if pieces == 0 && !hand_pieces {
            return false;
        }
        self.set_ep(NO_EP);
        self.side = us.opposite();
        self.key ^= R::keys().side;
        self.halfmove += 1;
        true
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn dead_position(&self) -> bool {
        if R::DROPS {
            // Captured material comes back by drops: never dead by material.
            false
        } else if R::EXPLOSIONS {
            atomic::bare_kings(self)
        } else {
            fide::insufficient_material(self)
        }
    }

    fn geometry() -> Geometry {
        let mut g = Geometry::new(&Self::info(), SIDE_NAMES).with_chess_glyphs();
        push_grid(&mut g, "board", 0.0, 8, 8, &|file, rank| {
            cell_name(square(file as u8, rank as u8)).to_string()
        });
        if R::DROPS {
            g.hands = [Side::White, Side::Black]
                .iter()
                .map(|&side| HandView {
                    name: SIDE_NAMES[side as usize].to_string(),
                    side,
                })
                .collect();
        }
        g
    }

    fn cell_pieces(&self) -> Vec<Option<char>> {
        // `push_grid` lists rank 1 first, file a first: the bitboard order.
        (0..64u8).map(|sq| self.fen_letter(sq)).collect()
    }

    fn hands(&self) -> Vec<HandContents> {
        if !R::DROPS {
            return Vec::new();
        }
        [Side::White, Side::Black]
            .iter()
            .map(|&side| {
                let mut only = [[0; HAND_KINDS]; 2];
                only[side as usize] = self.hands[side as usize];
                HandContents {
                    name: SIDE_NAMES[side as usize].to_string(),
                    side,
                    pieces: write_holdings(&only),
                }
            })
            .collect()
    }

    fn move_parts(&self, m: Move) -> MoveParts {
        if m == Move::END_TURN {
            return MoveParts::end_turn();
        }
        let to = cell_name(self.text_to(m)).to_string();
        match move_kind(m) {
            DROP => MoveParts::drop(KIND_LETTERS[move_piece(m) as usize], self.side as usize, to),
            kind => {
                let mut parts = MoveParts::board(cell_name(m.from() as u8).to_string(), to);
                match kind {
                    PROMOTION => {
                        let piece = move_piece(m) as usize;
                        parts.promotion = Some(KIND_LETTERS[piece]);
                        parts.label = format!("promote to {}", KIND_NAMES[piece]);
                    }
                    CASTLE => parts.label = "castle".to_string(),
                    EN_PASSANT => parts.label = "en passant".to_string(),
                    _ => {}
                }
                parts
            }
        }
    }

    fn checked_royals(&self) -> Vec<String> {
        [Side::White, Side::Black]
            .iter()
            .filter(|&&side| self.king_in_check(side))
            .filter_map(|&side| self.king_sq(side))
            .map(|k| cell_name(k).to_string())
            .collect()
    }

    fn display(&self) -> String {
        let mut s = String::new();
        for rank in (0..8u8).rev() {
            s.push_str(&format!("{} ", rank + 1));
            for file in 0..8u8 {
                let sq = square(file, rank);
                let c = self.fen_letter(sq).unwrap_or('.');
                s.push(' ');
                s.push(c);
                s.push(if self.promoted & (1 << sq) != 0 {
                    '~'
                } else {
                    ' '
                });
            }
            s.push('\n');
        }
        s.push_str("   a  b  c  d  e  f  g  h\n");
        if R::DROPS {
            let white = write_holdings(&[self.hands[0], [0; HAND_KINDS]]);
            let black = write_holdings(&[[0; HAND_KINDS], self.hands[1]]);
            s.push_str(&format!("hands: white [{white}] black [{black}]\n"));
        }
        s
    }
}
