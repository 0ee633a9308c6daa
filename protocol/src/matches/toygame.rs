//! A tiny game for the runner's own tests, so they do not depend on which real
//! variants are registered: "race to ten". A counter starts at 0; a turn is one
//! or two sub-moves, each adding 1 (`p1`) or 2 (`p2`); after the first sub-move
//! `0000` ends the turn early. Whoever brings the counter to 10 or more wins.
//! It exercises multi-move turns (partial `bestmove` replies) cheaply.

use engine::{GenKind, Move, MoveList, Outcome, Position, Side, VariantInfo};

pub const TARGET: u32 = 10;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    count: u32,
    side: Side,
    /// Sub-moves already made in the current turn (0 or 1).
    made: u32,
    /// Who reached the target, once someone has.
    winner: Option<Side>,
}

impl Position for Race {
    engine::boardless_view!();
    fn info() -> VariantInfo {
        VariantInfo {
            name: "race",
            title: "Race to ten (test game)",
            board: "a counter".into(),
            pieces: vec![],
            start_fen: "0 w 0".into(),
            turn: "1-2",
        }
    }
    fn from_fen(fen: &str) -> Result<Self, engine::FenError> {
        let f: Vec<&str> = fen.split_whitespace().collect();
        if f.len() != 3 {
            return Err(engine::FenError::FieldCount {
                found: f.len(),
                expected: "3".into(),
            });
        }
        let count = f[0]
            .parse()
            .map_err(|_| engine::FenError::BadCounter(f[0].into()))?;
        let side = Side::from_fen(f[1])?;
        let made = f[2]
            .parse()
            .map_err(|_| engine::FenError::BadTurnState(f[2].into()))?;
        if made > 1 || count >= TARGET {
            return Err(engine::FenError::Illegal(fen.into()));
        }
        Ok(Race {
            count,
            side,
            made,
            winner: None,
        })
    }
    fn fen(&self) -> String {
        format!("{} {} {}", self.count, self.side.fen_char(), self.made)
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn key(&self) -> u64 {
        self.compute_key()
    }
    fn compute_key(&self) -> u64 {
        (self.count as u64) << 8 | (self.side as u64) << 4 | self.made as u64
    }
    fn generate(&self, _kind: GenKind, out: &mut MoveList) {
        if self.winner.is_some() {
            return;
        }
        out.push(Move::new(0, 1, 0));
        out.push(Move::new(0, 2, 0));
        if self.made == 1 {
            out.push(Move::END_TURN);
        }
    }
    fn make(&mut self, m: Move) {
        if m != Move::END_TURN {
            self.count += m.to() as u32;
            if self.count >= TARGET {
                self.winner = Some(self.side);
                return;
            }
            self.made += 1;
            if self.made < 2 {
                return;
            }
        }
        self.made = 0;
        self.side = self.side.opposite();
    }
    fn move_text(&self, m: Move) -> String {
        if m == Move::END_TURN {
            "0000".into()
        } else {
            format!("p{}", m.to())
        }
    }
    fn event_outcome(&self) -> Option<Outcome> {
        self.winner.map(|winner| Outcome::Win {
            winner,
            reason: "reaching the target",
        })
    }
    fn no_move_outcome(&self) -> Outcome {
        Outcome::Draw(engine::DrawReason::NoLegalMove)
    }
    fn is_turn_start(&self) -> bool {
        self.made == 0
    }
    fn halfmove_clock(&self) -> u32 {
        0
    }
    fn display(&self) -> String {
        self.fen()
    }
}

/// The referee prototype for the race game.
pub fn race() -> Box<dyn engine::game::AnyGame> {
    Box::new(engine::game::Game::new(Race::startpos()))
}
