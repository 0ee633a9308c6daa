//! The XBoard / WinBoard protocol (CECP v2) for Platonic Chess.
//!
//! Platonic is an *engine-defined variant* for XBoard: after `variant platonic` the
//! engine sends `setup` (piece-to-image table, board size, parent variant `fairy`,
//! start FEN) and one `piece` command per piece with its Betza move. The pawns' rank
//! powers and the two royal Tetrahedrons cannot be told to XBoard, so XBoard should
//! run with legality testing off; the engine judges every move (`Illegal move: ...`).
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
/// Dodecahedron = knight, Octahedron = bishop, Icosahedron = rook, the queen slot
/// unused, Cube = ferz image, Tetrahedron = king.
pub const PIECE_TO_CHAR: &str = "PDOI.CTpdoi.ct";

/// The pawn's ordinary moves in Betza notation (its rank powers cannot be expressed
/// to XBoard): step forward, capture diagonally forward (en passant too), initial
/// double step.
pub const PAWN_BETZA: &str = "fmWfceFifmnD";

/// Thinking time per move when the GUI has sent neither a clock nor a depth.
pub const DEFAULT_MOVE_TIME_MS: u64 = 2000;

/// The `setup` and `piece` lines that define the variant for XBoard.
pub fn variant_definition() -> Vec<String> {
    let mut lines = vec![format!(
        "setup ({PIECE_TO_CHAR}) {}x{}+0_fairy {}",
        pieces::WIDTH,
        pieces::HEIGHT,
        Platonic::info().start_fen
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
            "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "computer" | "name" | "ics" | "draw"
            | "hint" | "bk" | "?" | "." | "memory" | "cores" | "option" | "exit" => {}
            "protover" => self.send(&format!(
                "feature ping=1 setboard=1 usermove=1 san=0 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=0 colors=0 myname=\"Manifold\" variants=\"{VARIANT}\" done=1"
            )),
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
            "setboard" => match Platonic::from_fen(arg) {
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
        if self.game.play_token(text).is_err() {
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
                        v.push(p.move_text(m));
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
        self.send(&format!("move {text}"));
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
                && out[0].ends_with("done=1")
        );
        assert_eq!(
            out[1],
            format!(
                "setup (PDOI.CTpdoi.ct) 10x10+0_fairy {}",
                engine::variants::platonic::START_FEN
            )
        );
        assert!(out.contains(&"piece D& NA".to_string()));
        assert!(out.contains(&"piece I& R4A".to_string()));
    }

    #[test]
    fn engine_answers_a_user_move_and_rejects_illegal_ones() {
        let out = session(
            "xboard\nprotover 2\nnew\nvariant platonic\nsd 1\nusermove e3e6\nusermove e3e5\nquit\n",
        );
        assert!(out.contains(&"Illegal move: e3e6".to_string()), "{out:?}");
        assert!(out.last().unwrap().starts_with("move "), "{out:?}");
    }
}
