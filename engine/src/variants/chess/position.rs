//! The [`Position`] trait for every chess-family variant, dispatching to the
//! variant's own rules through the compile-time switches of [`Rules`].

use super::bitboard::square;
use super::board::{
    kind_of, Board, Rules, HAND_KINDS, KIND_LETTERS, KIND_NAMES, KING, NO_EP, NO_PIECE, PAWN,
};
use super::crazyhouse::write_holdings;
use super::{atomic, fide};
use crate::error::{FenError, MoveError};
use crate::moves::{Move, MoveList};
use crate::position::{DrawReason, GenKind, Outcome, Position, Side, VariantInfo};

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

    fn display(&self) -> String {
        let mut s = String::new();
        for rank in (0..8u8).rev() {
            s.push_str(&format!("{} ", rank + 1));
            for file in 0..8u8 {
                let sq = square(file, rank);
                let code = self.piece_on(sq);
                let c = if code == NO_PIECE {
                    '.'
                } else {
                    let l = KIND_LETTERS[kind_of(code) as usize];
                    if code < 6 {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    }
                };
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
