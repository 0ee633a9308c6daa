//! A game record: start position, the sub-moves played, and the positions passed
//! through (for the draw rules). [`AnyGame`] is its object-safe face, so the
//! protocol and the match referee can hold any variant without knowing its type.

use crate::error::{FenError, MoveError};
use crate::moves::MoveList;
use crate::perft;
use crate::position::{GenKind, Outcome, Position, Side, VariantInfo};

#[derive(Clone)]
pub struct Game<P: Position> {
    start: P,
    pos: P,
    /// Every position before the current one, oldest first.
    history: Vec<P>,
    /// The text of every sub-move played from `start`.
    played: Vec<String>,
}

impl<P: Position> Game<P> {
    pub fn new(start: P) -> Self {
        Game {
            pos: start.clone(),
            start,
            history: Vec::new(),
            played: Vec::new(),
        }
    }
    pub fn pos(&self) -> &P {
        &self.pos
    }
    pub fn start(&self) -> &P {
        &self.start
    }
    pub fn history(&self) -> &[P] {
        &self.history
    }
    /// Plays one sub-move given as text; on error nothing changes.
    pub fn play_submove(&mut self, text: &str) -> Result<(), MoveError> {
        if self.result().is_some() {
            return Err(MoveError::GameOver);
        }
        let m = self.pos.parse_move(text)?;
        let canonical = self.pos.move_text(m);
        let mut next = self.pos.clone();
        next.make(m);
        self.history.push(std::mem::replace(&mut self.pos, next));
        self.played.push(canonical);
        Ok(())
    }
    /// Plays a token: one sub-move or a comma-joined turn. All or nothing.
    pub fn play_token(&mut self, token: &str) -> Result<(), MoveError> {
        if token.is_empty() || token.split(',').any(|t| t.is_empty()) {
            return Err(MoveError::Malformed(token.to_string()));
        }
        // A variant may give one sub-move a comma-joined text (Pentaplane accepts B's
        // placement as four explicit drops): the whole token as one sub-move comes first.
        if token.contains(',') && self.result().is_none() && self.pos.parse_move(token).is_ok() {
            return self.play_submove(token);
        }
        let mut trial = self.clone();
        for sub in token.split(',') {
            trial.play_submove(sub)?;
        }
        *self = trial;
        Ok(())
    }
    /// The result by the rules of movement, then by the referee's draw rules.
    pub fn result(&self) -> Option<Outcome> {
        if let Some(o) = self.pos.outcome() {
            return Some(o);
        }
        self.pos.draw_reason(&self.history).map(Outcome::Draw)
    }
}

/// The object-safe face of [`Game`].
pub trait AnyGame: Send + Sync {
    fn info(&self) -> VariantInfo;
    fn fen(&self) -> String;
    /// Replaces the game by one starting at `fen`; on error nothing changes.
    fn set_fen(&mut self, fen: &str) -> Result<(), FenError>;
    fn set_startpos(&mut self);
    /// A sub-move or a comma-joined turn; on error nothing changes.
    fn play(&mut self, token: &str) -> Result<(), MoveError>;
    fn legal_moves(&self) -> Vec<String>;
    fn side_to_move(&self) -> Side;
    fn is_turn_start(&self) -> bool;
    fn in_check(&self) -> bool;
    fn result(&self) -> Option<Outcome>;
    fn display(&self) -> String;
    fn key(&self) -> u64;
    fn played(&self) -> &[String];
    fn start_fen(&self) -> String;
    fn perft(&self, depth: u32, threads: usize) -> u64;
    fn divide(&self, depth: u32, threads: usize) -> Vec<(String, u64)>;
    fn box_clone(&self) -> Box<dyn AnyGame>;
}

impl<P: Position> AnyGame for Game<P> {
    fn info(&self) -> VariantInfo {
        P::info()
    }
    fn fen(&self) -> String {
        self.pos.fen()
    }
    fn set_fen(&mut self, fen: &str) -> Result<(), FenError> {
        *self = Game::new(P::from_fen(fen)?);
        Ok(())
    }
    fn set_startpos(&mut self) {
        *self = Game::new(P::startpos());
    }
    fn play(&mut self, token: &str) -> Result<(), MoveError> {
        self.play_token(token)
    }
    fn legal_moves(&self) -> Vec<String> {
        let mut list = MoveList::new();
        self.pos.generate(GenKind::All, &mut list);
        list.iter().map(|&m| self.pos.move_text(m)).collect()
    }
    fn side_to_move(&self) -> Side {
        self.pos.side_to_move()
    }
    fn is_turn_start(&self) -> bool {
        self.pos.is_turn_start()
    }
    fn in_check(&self) -> bool {
        self.pos.in_check()
    }
    fn result(&self) -> Option<Outcome> {
        Game::result(self)
    }
    fn display(&self) -> String {
        self.pos.display()
    }
    fn key(&self) -> u64 {
        self.pos.key()
    }
    fn played(&self) -> &[String] {
        &self.played
    }
    fn start_fen(&self) -> String {
        self.start.fen()
    }
    fn perft(&self, depth: u32, threads: usize) -> u64 {
        perft::perft_threads(&self.pos, depth, threads)
    }
    fn divide(&self, depth: u32, threads: usize) -> Vec<(String, u64)> {
        perft::divide(&self.pos, depth, threads)
    }
    fn box_clone(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
}
