//! Openings: the positions games start from.
//!
//! An openings file has one opening per line:
//!
//! ```text
//! # comment lines and blank lines are skipped
//! startpos
//! startpos moves e2e4 e7e5
//! rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
//! rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1; moves e7e5 g1f3
//! ```
//!
//! That is: `startpos` or a FEN, optionally followed by moves — after `startpos` as
//! ` moves ...`, after a FEN as `; moves ...` (a semicolon, because FENs contain
//! spaces). Moves are sub-move tokens or comma-joined turns, as in `position`.
//! Openings are used in file order (cycling when there are more game pairs than
//! lines); every opening is played twice, once with each engine as White.
//!
//! Random openings (`--random-plies K`) play K uniformly random legal sub-moves from
//! the start, avoiding sub-moves that end the game; the generator is seeded from
//! the match seed and the pair number, so a seed reproduces every opening whatever
//! the concurrency.
//!
//! Chess960 openings (`--chess960 [N]`) start every game pair from Chess960 start
//! position N (Scharnagl's numbering, 518 the standard array), or, without N,
//! from a number drawn for each pair from the match seed; `--random-plies K` then
//! adds K random sub-moves. The opening is the start FEN (written by the referee
//! with Shredder-FEN castling letters).

use engine::game::AnyGame;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The start FEN; `None` is the variant's start position.
    pub fen: Option<String>,
    /// Tokens to play from it (sub-moves or comma-joined turns).
    pub moves: Vec<String>,
}

impl Opening {
    pub fn startpos() -> Opening {
        Opening {
            fen: None,
            moves: Vec::new(),
        }
    }

    /// Builds the referee game at the end of this opening.
    pub fn apply(&self, prototype: &dyn AnyGame) -> Result<Box<dyn AnyGame>, String> {
        let mut game = prototype.box_clone();
        match &self.fen {
            Some(fen) => game
                .set_fen(fen)
                .map_err(|e| format!("bad FEN '{fen}': {e}"))?,
            None => game.set_startpos(),
        }
        for m in &self.moves {
            game.play(m).map_err(|e| format!("move '{m}': {e}"))?;
        }
        if let Some(outcome) = game.result() {
            return Err(format!("the game is already over ({outcome})"));
        }
        Ok(game)
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.fen {
            Some(fen) => write!(f, "{fen}")?,
            None => write!(f, "startpos")?,
        }
        if !self.moves.is_empty() {
            let sep = if self.fen.is_some() { ";" } else { "" };
            write!(f, "{sep} moves {}", self.moves.join(" "))?;
        }
        Ok(())
    }
}

/// Parses one line of an openings file; `None` for blank and comment lines.
pub fn parse_opening_line(line: &str) -> Option<Result<Opening, String>> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let moves_after = |rest: &str| -> Result<Vec<String>, String> {
        let rest = rest.trim();
        if rest.is_empty() {
            return Ok(Vec::new());
        }
        match rest.strip_prefix("moves") {
            Some(m) if m.is_empty() || m.starts_with(char::is_whitespace) => {
                Ok(m.split_whitespace().map(str::to_string).collect())
            }
            _ => Err(format!("expected 'moves ...', found '{rest}'")),
        }
    };
    let parsed = if let Some(rest) = line.strip_prefix("startpos") {
        moves_after(rest).map(|moves| Opening { fen: None, moves })
    } else {
        let (fen, rest) = line.split_once(';').unwrap_or((line, ""));
        moves_after(rest).map(|moves| Opening {
            fen: Some(fen.trim().to_string()),
            moves,
        })
    };
    Some(parsed)
}

/// Parses an openings file and checks every opening against the referee.
pub fn parse_openings(text: &str, prototype: &dyn AnyGame) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(parsed) = parse_opening_line(line) {
            let opening = parsed.map_err(|e| format!("line {}: {e}", i + 1))?;
            opening
                .apply(prototype)
                .map_err(|e| format!("line {}: {e}", i + 1))?;
            out.push(opening);
        }
    }
    if out.is_empty() {
        return Err("no openings in the file".into());
    }
    Ok(out)
}

/// The random stream of game pair `pair`.
fn pair_rng(seed: u64, pair: usize) -> ChaCha8Rng {
    // Mix the pair number in with a large odd constant so neighbouring pairs get
    // unrelated streams.
    ChaCha8Rng::seed_from_u64(seed ^ (pair as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// K random sub-moves from the start position, reproducible from (seed, pair).
pub fn random_opening(prototype: &dyn AnyGame, plies: usize, seed: u64, pair: usize) -> Opening {
    let mut game = prototype.box_clone();
    game.set_startpos();
    random_moves(game, None, plies, &mut pair_rng(seed, pair))
}

/// A Chess960 opening: start position `start` (or one drawn from (seed, pair)),
/// then `plies` random sub-moves. `prototype` must have the Chess960 conventions
/// on; the FEN is the referee's own writing of the start.
pub fn chess960_opening(
    prototype: &dyn AnyGame,
    start: Option<u32>,
    plies: usize,
    seed: u64,
    pair: usize,
) -> Opening {
    use engine::variants::chess::chess960;
    use rand::Rng;
    let mut rng = pair_rng(seed, pair);
    let n = start.unwrap_or_else(|| rng.gen_range(0..chess960::POSITIONS));
    let fen = chess960::start_fen(n).expect("a number in 0..960");
    let mut game = prototype.box_clone();
    game.set_fen(&fen)
        .expect("every Chess960 start parses in the chess family");
    let fen = game.fen();
    random_moves(game, Some(fen), plies, &mut rng)
}

fn random_moves(
    mut game: Box<dyn AnyGame>,
    fen: Option<String>,
    plies: usize,
    rng: &mut ChaCha8Rng,
) -> Opening {
    let mut moves = Vec::new();
    'plies: for _ in 0..plies {
        let mut legal = game.legal_moves();
        legal.shuffle(rng);
        for m in legal {
            let mut trial = game.box_clone();
            if trial.play(&m).is_ok() && trial.result().is_none() {
                game = trial;
                moves.push(m);
                continue 'plies;
            }
        }
        break; // every legal sub-move ends the game: stop the opening here
    }
    Opening { fen, moves }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_lines() {
        assert!(parse_opening_line("   ").is_none());
        assert!(parse_opening_line("# note").is_none());
        assert_eq!(
            parse_opening_line("startpos").unwrap().unwrap(),
            Opening::startpos()
        );
        assert_eq!(
            parse_opening_line("startpos moves e2e4 1e21e4,0000")
                .unwrap()
                .unwrap(),
            Opening {
                fen: None,
                moves: vec!["e2e4".into(), "1e21e4,0000".into()]
            }
        );
        assert_eq!(
            parse_opening_line("8/8/8 w - - 0 1").unwrap().unwrap(),
            Opening {
                fen: Some("8/8/8 w - - 0 1".into()),
                moves: vec![]
            }
        );
        assert_eq!(
            parse_opening_line("8/8/8 w - - 0 1; moves a1a2")
                .unwrap()
                .unwrap(),
            Opening {
                fen: Some("8/8/8 w - - 0 1".into()),
                moves: vec!["a1a2".into()]
            }
        );
        assert!(parse_opening_line("startpos e2e4").unwrap().is_err());
        assert!(parse_opening_line("8/8 w; e2e4").unwrap().is_err());
        let o = parse_opening_line("8/8 w; moves a b").unwrap().unwrap();
        assert_eq!(parse_opening_line(&o.to_string()).unwrap().unwrap(), o);
    }
}
