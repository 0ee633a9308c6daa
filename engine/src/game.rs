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
    /// The Chess960 text conventions are on (see [`AnyGame::set_chess960`]); kept
    /// across `set_fen` and `set_startpos`.
    chess960: bool,
}

impl<P: Position> Game<P> {
    pub fn new(start: P) -> Self {
        Game {
            pos: start.clone(),
            start,
            history: Vec::new(),
            played: Vec::new(),
            chess960: false,
        }
    }

    /// Switches the Chess960 text conventions (chess-family variants only; `false`
    /// and nothing changed for the others). The texts of the moves played so far
    /// are rewritten in the new convention.
    pub fn set_chess960(&mut self, on: bool) -> bool {
        let mut pos = self.pos.clone();
        if !crate::variants::chess::chess960::set_conventions(&mut pos, on) {
            return false;
        }
        let mut played = Vec::with_capacity(self.played.len());
        for (before, text) in self.history.iter().zip(&self.played) {
            let mut after = before.clone();
            crate::variants::chess::chess960::set_conventions(&mut after, on);
            match before.parse_move(text) {
                Ok(m) => played.push(after.move_text(m)),
                Err(_) => played.push(text.clone()),
            }
        }
        for p in self.history.iter_mut().chain([&mut self.start]) {
            crate::variants::chess::chess960::set_conventions(p, on);
        }
        self.pos = pos;
        self.played = played;
        self.chess960 = on;
        true
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
    /// Chess960 text conventions (`UCI_Chess960`): castling written and read as
    /// king-takes-rook, castling rights written as Shredder-FEN letters. Only the
    /// chess family (chess, crazyhouse, atomic) has them: `false` and no change for
    /// the other variants. The setting survives `set_fen` and `set_startpos`.
    fn set_chess960(&mut self, _on: bool) -> bool {
        false
    }
    /// Whether the Chess960 conventions are on.
    fn chess960(&self) -> bool {
        false
    }
}

impl<P: Position> AnyGame for Game<P> {
    fn info(&self) -> VariantInfo {
        // The position, not the type, knows its variant: one type serves every
        // file-defined variant.
        self.pos.variant_info()
    }
    fn fen(&self) -> String {
        self.pos.fen()
    }
    fn set_fen(&mut self, fen: &str) -> Result<(), FenError> {
        let chess960 = self.chess960;
        *self = Game::new(self.start.variant_from_fen(fen)?);
        if chess960 {
            Game::set_chess960(self, true);
        }
        Ok(())
    }
    fn set_startpos(&mut self) {
        let chess960 = self.chess960;
        *self = Game::new(self.start.variant_startpos());
        if chess960 {
            Game::set_chess960(self, true);
        }
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
    fn set_chess960(&mut self, on: bool) -> bool {
        Game::set_chess960(self, on)
    }
    fn chess960(&self) -> bool {
        self.chess960
    }
}
