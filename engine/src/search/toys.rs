//! Two tiny games that exercise the search where the real variants can't be read off
//! by hand: exact game-theoretic values and turns of two sub-moves. Public so the
//! integration tests can use them too; not registered as variants.
//!
//! * [`TakeAway`]: a pile of counters; a move takes 1-3; whoever takes the last counter
//!   wins. The side to move loses exactly when the pile is a multiple of 4, and every
//!   round of best play takes one move each, so mate distances are known in closed form.
//! * [`TokenRace`]: two tokens on a line of cells; a turn is exactly two sub-moves of one
//!   cell left or right; landing on the other token captures it and wins at once (mid-
//!   turn if need be). Distance parity never changes, so a side that starts its turn two
//!   cells away wins, and otherwise best play shuffles (a draw by repetition).

use crate::error::FenError;
use crate::moves::{Move, MoveList};
use crate::position::{Evaluator, GenKind, Outcome, Position, Side, VariantInfo};

fn mix(x: u64) -> u64 {
    // splitmix64 finaliser: a fine key from a small state.
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeAway {
    pub pile: u32,
    pub side: Side,
}

impl Position for TakeAway {
    crate::boardless_view!();
    fn info() -> VariantInfo {
        VariantInfo {
            name: "takeaway",
            title: "Take-away",
            board: "a pile".into(),
            pieces: vec![],
            start_fen: "21 w".into(),
            turn: "1",
        }
    }
    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let f: Vec<&str> = fen.split_whitespace().collect();
        if f.len() != 2 {
            return Err(FenError::FieldCount {
                found: f.len(),
                expected: "2".into(),
            });
        }
        let pile = f[0].parse().map_err(|_| FenError::Placement(f[0].into()))?;
        Ok(TakeAway {
            pile,
            side: Side::from_fen(f[1])?,
        })
    }
    fn fen(&self) -> String {
        format!("{} {}", self.pile, self.side.fen_char())
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn key(&self) -> u64 {
        self.compute_key()
    }
    fn compute_key(&self) -> u64 {
        mix((self.pile as u64) << 1 | self.side.index() as u64)
    }
    fn generate(&self, _kind: GenKind, out: &mut MoveList) {
        for k in 1..=3.min(self.pile) {
            out.push(Move::new(0, k as u16, 0));
        }
    }
    fn make(&mut self, m: Move) {
        self.pile -= m.to() as u32;
        self.side = self.side.opposite();
    }
    fn move_text(&self, m: Move) -> String {
        format!("take{}", m.to())
    }
    fn no_move_outcome(&self) -> Outcome {
        // The previous player took the last counter.
        Outcome::Win {
            winner: self.side.opposite(),
            reason: "took the last counter",
        }
    }
    fn halfmove_clock(&self) -> u32 {
        0
    }
    fn display(&self) -> String {
        self.fen()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenRace {
    pub cells: u16,
    /// Token cell per side.
    pub at: [u16; 2],
    pub side: Side,
    /// Sub-moves already made in this turn (0 or 1).
    pub step: u8,
    pub winner: Option<Side>,
    /// Turns since the start, for the move counter (a draw after `COUNTER_LIMIT`).
    pub clock: u32,
}

impl TokenRace {
    const SUBMOVES_PER_TURN: u8 = 2;
    const COUNTER_LIMIT: u32 = 200;
}

impl Position for TokenRace {
    crate::boardless_view!();
    fn info() -> VariantInfo {
        VariantInfo {
            name: "tokenrace",
            title: "Token race",
            board: "a line of cells".into(),
            pieces: vec![],
            start_fen: "7 0 6 w 0".into(),
            turn: "2",
        }
    }
    /// `cells white black side step`.
    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let f: Vec<&str> = fen.split_whitespace().collect();
        if f.len() != 5 {
            return Err(FenError::FieldCount {
                found: f.len(),
                expected: "5".into(),
            });
        }
        let num = |s: &str| s.parse::<u16>().map_err(|_| FenError::Placement(s.into()));
        let (cells, w, b) = (num(f[0])?, num(f[1])?, num(f[2])?);
        if w >= cells || b >= cells || w == b || cells > 500 {
            return Err(FenError::Illegal(fen.into()));
        }
        let step = f[4]
            .parse::<u8>()
            .map_err(|_| FenError::BadTurnState(f[4].into()))?;
        if step >= Self::SUBMOVES_PER_TURN {
            return Err(FenError::BadTurnState(f[4].into()));
        }
        Ok(TokenRace {
            cells,
            at: [w, b],
            side: Side::from_fen(f[3])?,
            step,
            winner: None,
            clock: 0,
        })
    }
    fn fen(&self) -> String {
        format!(
            "{} {} {} {} {}",
            self.cells,
            self.at[0],
            self.at[1],
            self.side.fen_char(),
            self.step
        )
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn key(&self) -> u64 {
        self.compute_key()
    }
    fn compute_key(&self) -> u64 {
        let w = self.winner.map(|s| s.index() as u64 + 1).unwrap_or(0);
        mix((self.at[0] as u64)
            | (self.at[1] as u64) << 10
            | (self.side.index() as u64) << 20
            | (self.step as u64) << 21
            | w << 23)
    }
    fn generate(&self, kind: GenKind, out: &mut MoveList) {
        if self.winner.is_some() {
            return;
        }
        let me = self.at[self.side.index()];
        let other = self.at[self.side.opposite().index()];
        for to in [me.wrapping_sub(1), me + 1] {
            if to < self.cells && (kind == GenKind::All || to == other) {
                out.push(Move::new(me, to, 0));
            }
        }
    }
    fn make(&mut self, m: Move) {
        let s = self.side.index();
        if m.to() == self.at[1 - s] {
            self.winner = Some(self.side);
        }
        self.at[s] = m.to();
        self.step += 1;
        if self.step == Self::SUBMOVES_PER_TURN && self.winner.is_none() {
            self.step = 0;
            self.side = self.side.opposite();
            self.clock += 1;
        }
    }
    fn move_text(&self, m: Move) -> String {
        format!("{}-{}", m.from(), m.to())
    }
    fn event_outcome(&self) -> Option<Outcome> {
        self.winner.map(|w| Outcome::Win {
            winner: w,
            reason: "captured",
        })
    }
    fn no_move_outcome(&self) -> Outcome {
        Outcome::Draw(crate::position::DrawReason::NoLegalMove)
    }
    fn is_turn_start(&self) -> bool {
        self.step == 0
    }
    fn halfmove_clock(&self) -> u32 {
        self.clock
    }
    fn move_counter_limit(&self) -> u32 {
        Self::COUNTER_LIMIT
    }
    fn display(&self) -> String {
        self.fen()
    }
}

/// A constant evaluation from White's view (so draws are distinguishable from it).
#[derive(Clone, Copy, Default)]
pub struct BiasEval(pub i32);

impl<P: Position> Evaluator<P> for BiasEval {
    fn evaluate(&self, pos: &P) -> i32 {
        if pos.side_to_move() == Side::White {
            self.0
        } else {
            -self.0
        }
    }
}
