//! The XBoard / WinBoard protocol (CECP v2) for Platonic Chess.
//!
//! Platonic is an *engine-defined variant* for XBoard: after `variant platonic` the
//! engine sends `setup` (piece-to-image table, board size, parent variant `fairy`,
//! start FEN) and one `piece` command per piece with its Betza move. The pawns' rank
//! powers and the two royal Tetrahedrons cannot be told to XBoard, so XBoard should
//! run with legality testing off; the engine judges every move (`Illegal move: ...`).
//!
//! Coordinates: XBoard numbers the ranks of a board taller than 9 from 0 in CECP moves
//! (`a0`..`j9`; Fairy-Stockfish does the same for its 10-rank variants), so every
//! move and PV sent is rewritten from our `a1`..`j10` and every move received is read
//! that way ([`to_cecp`], [`from_cecp`]). FENs keep their ordinary ranks, but XBoard
//! writes castling as `KQkq` and an en passant field of its own: `setboard` takes both
//! ([`fen_from_xboard`]), and `setup` sends the start FEN with `KQkq`
//! ([`fen_to_xboard`]). UCI is unchanged (`a1`..`j10`).
//!
//! The search runs synchronously inside `go` / `usermove`, so `?` (move now) has
//! nothing to interrupt and is accepted silently; time controls become search limits.

use engine::game::Game;
use engine::search::{Limits, Score, Searcher};
use engine::variants::platonic::{pieces, Platonic};
use engine::{Outcome, Position, Side};
use eval::platonic::PlatonicEval;
use std::io::{BufRead, Write};

/// The variant name XBoard uses.
pub const VARIANT: &str = "platonic";

/// XBoard's piece-image table: our FEN letters placed on the image slots P N B R Q F
/// ... with the last letter of each colour drawn as a king. Pawn = pawn image,
/// Dodecahedron = knight, Octahedron = bishop, Icosahedron = rook, Cube = ferz image,
/// Tetrahedron = king. The queen slot holds `Q`, which is no Platonic piece: XBoard
/// promotes a pawn that reaches the last rank whatever the engine says (its parent
/// variant promotes), and it must be able to name the piece it made, or it refuses
/// that piece's next move. It then draws a queen there and writes `Q` in FENs and a
/// `q` suffix on that move; the engine reads both as the pawn it still is.
pub const PIECE_TO_CHAR: &str = "PDOIQCTpdoiqct";

/// The pawn's ordinary moves in Betza notation (its rank powers cannot be expressed
/// to XBoard): step forward, capture diagonally forward (en passant too), initial
/// double step.
pub const PAWN_BETZA: &str = "fmWfceFifmnD";

/// Thinking time per move when the GUI has sent neither a clock nor a depth.
pub const DEFAULT_MOVE_TIME_MS: u64 = 2000;

/// Whether CECP rank numbers start at 0 on this board (XBoard's rule: a board of
/// more than 9 ranks).
pub const RANKS_FROM_ZERO: bool = pieces::HEIGHT > 9;

/// Rewrites the squares of a move (or any text of squares, e.g. `P@e4`) from our
/// rank numbering to XBoard's: a letter `a`..`j` followed by a rank number 1..10
/// becomes the letter followed by one digit 0..9. Other characters are kept.
pub fn to_cecp(text: &str) -> String {
    if !RANKS_FROM_ZERO {
        return text.to_string();
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        out.push(c as char);
        i += 1;
        if is_file(c) && i < b.len() && b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let rank: usize = text[start..i].parse().unwrap_or(0);
            if (1..=pieces::HEIGHT).contains(&rank) {
                out.push_str(&(rank - 1).to_string());
            } else {
                out.push_str(&text[start..i]);
            }
        }
    }
    out
}

/// Reads a move in XBoard's numbering (`b0d1`) into ours (`b1d2`); None if a square
/// is not on the board (a rank of two digits, say).
///
/// Platonic has no promotion, but XBoard promotes a pawn that reaches the last rank
/// on its own and writes the piece it chose after the move (`a8a9q`, see
/// [`PIECE_TO_CHAR`]). Such a suffix after the to-square is dropped.
pub fn from_cecp(text: &str) -> Option<String> {
    let text = strip_promotion(text);
    if !RANKS_FROM_ZERO {
        return Some(text.to_string());
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 2);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        out.push(c as char);
        i += 1;
        if is_file(c) && i < b.len() && b[i].is_ascii_digit() {
            if i + 1 < b.len() && b[i + 1].is_ascii_digit() {
                return None;
            }
            out.push_str(&((b[i] - b'0') as usize + 1).to_string());
            i += 1;
        }
    }
    Some(out)
}

/// `a1a0.` -> `a1a0`, `a1a0q` -> `a1a0`: a move of two squares and a suffix.
fn strip_promotion(text: &str) -> &str {
    let b = text.as_bytes();
    let square = |i: usize| -> Option<usize> {
        // A square at i: a file letter and digits; returns the index after it.
        if i < b.len() && is_file(b[i]) && i + 1 < b.len() && b[i + 1].is_ascii_digit() {
            let mut j = i + 1;
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            Some(j)
        } else {
            None
        }
    };
    match square(0).and_then(square) {
        Some(end) if end + 1 == b.len() => &text[..end],
        _ => text,
    }
}

fn is_file(c: u8) -> bool {
    c.is_ascii_lowercase() && ((c - b'a') as usize) < pieces::WIDTH
}

/// Our FEN with XBoard's castling letters: `A J a j` (the Icosahedron's file, which
/// XBoard misreads on this board) become `Q K q k` (XBoard's rook in the corner).
pub fn fen_to_xboard(fen: &str) -> String {
    let mut f: Vec<String> = fen.split_whitespace().map(String::from).collect();
    if f.len() > 2 && f[2] != "-" {
        let mut c = String::new();
        for (ours, theirs) in [('J', 'K'), ('A', 'Q'), ('j', 'k'), ('a', 'q')] {
            if f[2].contains(ours) {
                c.push(theirs);
            }
        }
        f[2] = c;
    }
    f.join(" ")
}

/// Reads a `setboard` FEN as XBoard writes it. Castling may be `KQkq` (XBoard) or
/// `AJaj` (ours) in any order; a right whose Tetrahedron and Icosahedron are not at
/// home is dropped, since XBoard's idea of the rights on a two-king board can differ
/// from ours. XBoard's en passant field is unreliable on a 10-rank board (it writes
/// `a8` for the start position), so only its file is used, on the rank the last
/// double step passed over, and only if such a step can have been played; otherwise
/// `-`. Any other error is reported as it is.
pub fn fen_from_xboard(fen: &str) -> Result<Platonic, engine::FenError> {
    // XBoard's promoted pawn (see PIECE_TO_CHAR) is still a pawn.
    let placement_fixed: String;
    let fen = match fen.split_once(' ') {
        Some((board, rest)) if board.contains(['Q', 'q']) => {
            placement_fixed = format!("{} {rest}", board.replace('Q', "P").replace('q', "p"));
            placement_fixed.as_str()
        }
        _ => fen,
    };
    let f: Vec<&str> = fen.split_whitespace().collect();
    if f.len() < 4 {
        return Platonic::from_fen(fen);
    }
    let mut rights = Vec::new();
    if f[2] != "-" {
        for ch in f[2].chars() {
            let ours = match ch {
                'K' | 'J' => 'J',
                'Q' | 'A' => 'A',
                'k' | 'j' => 'j',
                'q' | 'a' => 'a',
                _ => return Platonic::from_fen(fen), // reports the bad letter
            };
            if !rights.contains(&ours) {
                rights.push(ours);
            }
        }
    }
    // Keep the rights the position supports, in our order A J a j.
    let with = |castling: &str, ep: &str| {
        let mut g: Vec<&str> = f.clone();
        g[2] = castling;
        g[3] = ep;
        g.join(" ")
    };
    let mut castling = String::new();
    for ch in ['A', 'J', 'a', 'j'] {
        if rights.contains(&ch) {
            let mut trial = castling.clone();
            trial.push(ch);
            if Platonic::from_fen(&with(&trial, "-")).is_ok() {
                castling = trial;
            }
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    if f[3] != "-" {
        if let Some(file) = f[3].chars().next().filter(|c| is_file(*c as u8)) {
            // White to move: Black just passed over its own 3rd rank from the top.
            let rank = if f[1] == "w" {
                pieces::HEIGHT - pieces::PAWN_DOUBLE_STEP_RANK - 1
            } else {
                pieces::PAWN_DOUBLE_STEP_RANK + 2
            };
            let ep = format!("{file}{rank}");
            if let Ok(pos) = Platonic::from_fen(&with(&castling, &ep)) {
                return Ok(pos);
            }
        }
    }
    Platonic::from_fen(&with(&castling, "-"))
}

/// The `setup` and `piece` lines that define the variant for XBoard.
pub fn variant_definition() -> Vec<String> {
    let mut lines = vec![format!(
        "setup ({PIECE_TO_CHAR}) {}x{}+0_fairy {}",
        pieces::WIDTH,
        pieces::HEIGHT,
        fen_to_xboard(&Platonic::info().start_fen)
    )];
    for def in pieces::PIECES.iter() {
        let betza = if def.kind == pieces::Kind::Pawn {
            PAWN_BETZA
        } else {
            def.betza
        };
        lines.push(format!("piece {}& {}", def.letter, betza));
    }
    lines
}

/// Runs a CECP session on `input` until `quit` or end of input. The `xboard` line
/// that selected the protocol may or may not have been consumed already.
pub fn run_xboard(input: &mut dyn BufRead, out: &mut dyn Write) {
    let mut session = XBoard::new(out);
    let mut line = String::new();
    loop {
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if !session.command(line.trim()) {
            break;
        }
    }
}

/// Clock and search settings from `level`, `st`, `sd`, `time`, `otim`.
#[derive(Clone, Debug, Default)]
struct Clock {
    /// Moves per session (0: whole game).
    moves_per_session: u32,
    increment_ms: u64,
    /// Fixed time per move (`st`), milliseconds.
    per_move_ms: Option<u64>,
    depth: Option<u32>,
    own_ms: Option<u64>,
    other_ms: Option<u64>,
}

struct XBoard<'a> {
    out: &'a mut dyn Write,
    game: Game<Platonic>,
    eval: PlatonicEval,
    searcher: Searcher,
    force: bool,
    engine_side: Side,
    clock: Clock,
    post: bool,
    /// Set by `result` from the GUI: no more engine moves until `new`/`setboard`.
    stopped: bool,
}

impl<'a> XBoard<'a> {
    fn new(out: &'a mut dyn Write) -> Self {
        XBoard {
            out,
            game: Game::new(Platonic::startpos()),
            eval: PlatonicEval::default(),
            searcher: Searcher::default(),
            force: false,
            engine_side: Side::Black,
            clock: Clock::default(),
            post: false,
            stopped: false,
        }
    }

    fn send(&mut self, s: &str) {
        let _ = writeln!(self.out, "{s}");
        let _ = self.out.flush();
    }

    /// Handles one command; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let mut parts = line.splitn(2, char::is_whitespace);
        let cmd = parts.next().unwrap_or("");
        let arg = parts.next().unwrap_or("").trim();
        match cmd {
            "" => {}
            "quit" => return false,
            "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer"
            | "name" | "ics" | "draw" | "hint" | "bk" | "?" | "." | "memory" | "cores"
            | "option" | "exit" => {}
            "protover" => {
                self.send(&format!(
                    "feature ping=1 setboard=1 usermove=1 san=0 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=0 colors=0 myname=\"Manifold\" variants=\"{VARIANT}\" done=0"
                ));
                // XBoard loads a game file (-lgf) and starts the clocks right after
                // `done=1`, before it has seen the answer to `variant`: the board must
                // be defined already, or it reads the game on an 8x8 board.
                for l in variant_definition() {
                    self.send(&l);
                }
                self.send("feature done=1");
            }
            "ping" => self.send(&format!("pong {arg}")),
            "new" => {
                self.game = Game::new(Platonic::startpos());
                self.force = false;
                self.engine_side = Side::Black;
                self.clock.depth = None;
                self.stopped = false;
                self.searcher.clear();
            }
            "variant" => {
                if arg == VARIANT {
                    // Also sent at `protover` (see there). XBoard needs it here as well:
                    // `new` resets its board to its own idea of the variant, and only
                    // this answer restores the 10x10 board before the game starts.
                    self.game = Game::new(Platonic::startpos());
                    for l in variant_definition() {
                        self.send(&l);
                    }
                } else {
                    self.send(&format!("Error (unsupported variant): {arg}"));
                }
            }
            "force" => self.force = true,
            "go" => {
                self.force = false;
                self.engine_side = self.game.pos().side_to_move();
                self.engine_move();
            }
            "playother" => {
                self.force = false;
                self.engine_side = self.game.pos().side_to_move().opposite();
            }
            "white" | "black" => {} // protocol v1 colour commands: superseded by go/playother
            "usermove" => self.user_move(arg),
            "setboard" => match fen_from_xboard(arg) {
                Ok(pos) => {
                    self.game = Game::new(pos);
                    self.stopped = false;
                }
                Err(e) => self.send(&format!("tellusererror Illegal position: {e}")),
            },
            "level" => self.level(arg),
            "st" => match arg.parse::<f64>() {
                Ok(s) if s > 0.0 => self.clock.per_move_ms = Some((s * 1000.0) as u64),
                _ => self.send(&format!("Error (bad time): {line}")),
            },
            "sd" => match arg.parse::<u32>() {
                Ok(d) if d > 0 => self.clock.depth = Some(d),
                _ => self.send(&format!("Error (bad depth): {line}")),
            },
            "time" | "otim" => match arg.parse::<i64>() {
                Ok(cs) => {
                    let ms = Some((cs.max(0) as u64) * 10);
                    if cmd == "time" {
                        self.clock.own_ms = ms;
                    } else {
                        self.clock.other_ms = ms;
                    }
                }
                Err(_) => self.send(&format!("Error (bad time): {line}")),
            },
            "post" => self.post = true,
            "nopost" => self.post = false,
            "result" => {
                self.stopped = true;
                self.force = true;
            }
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            _ => {
                // Without the usermove prefix some GUIs send the bare move.
                if looks_like_move(cmd) && arg.is_empty() {
                    self.user_move(cmd);
                } else {
                    self.send(&format!("Error (unknown command): {cmd}"));
                }
            }
        }
        true
    }

    fn level(&mut self, arg: &str) {
        let f: Vec<&str> = arg.split_whitespace().collect();
        let parsed = (|| {
            if f.len() != 3 {
                return None;
            }
            let mps = f[0].parse::<u32>().ok()?;
            let base_ms = match f[1].split_once(':') {
                Some((m, s)) => m.parse::<u64>().ok()? * 60_000 + s.parse::<u64>().ok()? * 1000,
                None => f[1].parse::<u64>().ok()? * 60_000,
            };
            let inc = f[2].parse::<f64>().ok()?;
            Some((mps, base_ms, (inc * 1000.0) as u64))
        })();
        match parsed {
            Some((mps, base_ms, inc)) => {
                self.clock.moves_per_session = mps;
                self.clock.increment_ms = inc;
                self.clock.own_ms = Some(base_ms);
                self.clock.other_ms = Some(base_ms);
                self.clock.per_move_ms = None;
            }
            None => self.send(&format!("Error (bad level): level {arg}")),
        }
    }

    fn take_back(&mut self, plies: usize) {
        let played: Vec<String> = engine::game::AnyGame::played(&self.game).to_vec();
        let keep = played.len().saturating_sub(plies);
        let mut g = Game::new(self.game.start().clone());
        for m in &played[..keep] {
            if g.play_token(m).is_err() {
                break;
            }
        }
        self.game = g;
        self.stopped = false;
    }

    fn user_move(&mut self, text: &str) {
        if self.stopped || self.game.result().is_some() {
            self.send(&format!("Illegal move (game is over): {text}"));
            return;
        }
        let legal = match from_cecp(text) {
            Some(ours) => self.game.play_token(&ours).is_ok(),
            None => false,
        };
        if !legal {
            self.send(&format!("Illegal move: {text}"));
            return;
        }
        if self.report_result() {
            return;
        }
        if !self.force && self.game.pos().side_to_move() == self.engine_side {
            self.engine_move();
        }
    }

    /// Sends the result line if the game has ended; true if it has.
    fn report_result(&mut self) -> bool {
        let Some(outcome) = self.game.result() else {
            return false;
        };
        let line = match outcome {
            Outcome::Win {
                winner: Side::White,
                reason,
            } => format!("1-0 {{White wins by {reason}}}"),
            Outcome::Win {
                winner: Side::Black,
                reason,
            } => format!("0-1 {{Black wins by {reason}}}"),
            Outcome::Draw(r) => format!("1/2-1/2 {{Draw by {r}}}"),
        };
        self.send(&line);
        true
    }

    fn limits(&self) -> Limits {
        let mut l = Limits {
            depth: self.clock.depth,
            ..Limits::default()
        };
        if let Some(ms) = self.clock.per_move_ms {
            l.movetime = Some(ms);
        } else if self.clock.own_ms.is_none() && self.clock.depth.is_none() {
            // The GUI gave no clock and no depth: a search must still end.
            l.movetime = Some(DEFAULT_MOVE_TIME_MS);
        } else if let Some(own) = self.clock.own_ms {
            let us = self.engine_side.index();
            l.time[us] = Some(own);
            l.time[1 - us] = self.clock.other_ms;
            l.inc = [self.clock.increment_ms; 2];
            if self.clock.moves_per_session > 0 {
                let done = (self.game.pos().fullmove() - 1) % self.clock.moves_per_session;
                l.movestogo = Some(self.clock.moves_per_session - done);
            }
        }
        l
    }

    fn engine_move(&mut self) {
        if self.stopped || self.report_result() {
            return;
        }
        let limits = self.limits();
        let pos = self.game.pos().clone();
        let mut infos = Vec::new();
        let result =
            self.searcher
                .think(&pos, self.game.history(), &limits, &self.eval, &mut |i| {
                    infos.push(i.clone())
                });
        if self.post {
            for i in &infos {
                let score = match i.score {
                    Score::Cp(cp) => cp,
                    Score::Mate(n) if n >= 0 => 100_000 + n,
                    Score::Mate(n) => -100_000 + n,
                };
                let pv: Vec<String> = {
                    let mut p = pos.clone();
                    let mut v = Vec::new();
                    for &m in &i.pv {
                        v.push(to_cecp(&p.move_text(m)));
                        p.make(m);
                    }
                    v
                };
                self.send(&format!(
                    "{} {} {} {} {}",
                    i.depth,
                    score,
                    i.time_ms / 10,
                    i.nodes,
                    pv.join(" ")
                ));
            }
        }
        let Some(best) = result.best else {
            self.report_result();
            return;
        };
        let text = pos.move_text(best);
        if self.game.play_token(&text).is_err() {
            // The search returned a move the referee rejects: report rather than lie.
            self.send(&format!(
                "Error (internal: search move {text} rejected): go"
            ));
            return;
        }
        self.send(&format!("move {}", to_cecp(&text)));
        self.report_result();
    }
}

/// Whether a token has the shape of a move (`e3e5`, `a10a9`).
fn looks_like_move(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 4
        && b.len() <= 6
        && b[0].is_ascii_lowercase()
        && b[1].is_ascii_digit()
        && s.chars().all(|c| c.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(input: &str) -> Vec<String> {
        let mut out = Vec::new();
        run_xboard(&mut input.as_bytes(), &mut out);
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    }

    #[test]
    fn features_and_variant_definition() {
        let out = session("xboard\nprotover 2\nvariant platonic\nquit\n");
        assert!(
            out[0].starts_with("feature ")
                && out[0].contains("variants=\"platonic\"")
                && out[0].ends_with("done=0")
        );
        let setup = format!(
            "setup (PDOIQCTpdoiqct) 10x10+0_fairy {}",
            engine::variants::platonic::START_FEN.replace(" AJaj ", " KQkq ")
        );
        assert_eq!(out[1], setup);
        assert!(out.contains(&"feature done=1".to_string()));
        assert_eq!(
            out.iter().filter(|l| **l == setup).count(),
            2,
            "at protover and variant"
        );
        assert!(out.contains(&"piece D& NA".to_string()));
        assert!(out.contains(&"piece I& R4A".to_string()));
    }

    #[test]
    fn engine_answers_a_user_move_and_rejects_illegal_ones() {
        let out = session(
            "xboard\nprotover 2\nnew\nvariant platonic\nsd 1\nusermove e2e5\nusermove e2e4\nquit\n",
        );
        assert!(out.contains(&"Illegal move: e2e5".to_string()), "{out:?}");
        assert!(out.last().unwrap().starts_with("move "), "{out:?}");
    }

    #[test]
    fn cecp_coordinates_count_ranks_from_zero() {
        assert_eq!(to_cecp("b1d2"), "b0d1");
        assert_eq!(to_cecp("a10j1"), "a9j0");
        assert_eq!(to_cecp("P@e4"), "P@e3");
        assert_eq!(from_cecp("b0d1").as_deref(), Some("b1d2"));
        assert_eq!(from_cecp("a9j0").as_deref(), Some("a10j1"));
        assert_eq!(from_cecp("a8a9q").as_deref(), Some("a9a10"));
        assert_eq!(from_cecp("a1a0.").as_deref(), Some("a2a1"));
        assert_eq!(from_cecp("a10a9"), None);
        for m in ["a1a2", "j10j9", "e3e5", "c1j10"] {
            assert_eq!(from_cecp(&to_cecp(m)).as_deref(), Some(m));
        }
    }

    #[test]
    fn xboard_fens_are_read() {
        let start = Platonic::startpos().fen();
        let theirs = fen_to_xboard(&start);
        assert!(theirs.contains(" w KQkq - "), "{theirs}");
        assert_eq!(fen_from_xboard(&theirs).unwrap().fen(), start);
        let sent = "idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI w KQ a8 0 1";
        assert!(fen_from_xboard(sent).unwrap().fen().contains(" w AJ - "));
        assert!(fen_from_xboard("x w KQ - 0 1").is_err());
    }
}
