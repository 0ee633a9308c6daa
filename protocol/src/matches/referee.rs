//! The referee: plays one game between two engine processes, with the engine
//! library as the judge of every sub-move and of the result.
//!
//! Turn handling: the engine to move gets `position ... moves <every sub-move so
//! far>` and `go`. Its `bestmove` may be one sub-move or several comma-joined; each
//! is checked in order on a copy of the game and the whole reply is rejected if any
//! is illegal or if it runs past the end of the mover's turn (sub-moves after one
//! that ended the game are ignored: the game ended at once). When the reply covers
//! only part of the turn (the same side is still to move, mid-turn), the same
//! engine is asked again. Time is charged per request; the increment is added once
//! the turn is complete.

use super::adjudication::Adjudication;
use super::clock::{Charge, Clocks};
use super::engine_process::{EngineFault, EngineProcess, EngineSpec};
use engine::game::AnyGame;
use engine::{MoveError, Outcome, Side};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The result of a game from White's side, as PGN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    pub fn pgn(&self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
    pub fn win_for(side: Side) -> GameResult {
        match side {
            Side::White => GameResult::WhiteWins,
            Side::Black => GameResult::BlackWins,
        }
    }
}

/// Why a game ended: a short category (counted in the summary) and the full reason
/// (the PGN `Termination` tag).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Termination {
    pub category: String,
    pub detail: String,
}

/// Categories of termination by an engine's fault.
pub mod category {
    pub const ILLEGAL_MOVE: &str = "illegal move";
    pub const CRASH: &str = "crash";
    pub const TIME_FORFEIT: &str = "time forfeit";
    pub const HANG: &str = "hang";
    pub const MALFORMED: &str = "malformed reply";
    pub const NO_MOVE: &str = "no move";
    pub const START_FAILURE: &str = "start failure";
}

/// One completed turn (or the opening's sub-moves of a turn).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnRecord {
    pub side: Side,
    pub submoves: Vec<String>,
    /// Last score the engine reported in this turn, as written (`cp 31`).
    pub score: Option<String>,
    pub depth: Option<u32>,
    /// Thinking time over all requests of this turn; `None` for opening moves.
    pub time: Option<Duration>,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 0-based game number in the match.
    pub index: usize,
    pub variant: String,
    /// FEN of the position before the first move (opening moves included in `turns`).
    pub start_fen: String,
    /// Whether `start_fen` is the variant's standard start.
    pub standard_start: bool,
    /// A Chess960 game (the referee used the Chess960 conventions).
    pub chess960: bool,
    pub turns: Vec<TurnRecord>,
    /// Number of sub-moves that came from the opening.
    pub opening_plies: usize,
    pub result: GameResult,
    pub termination: Termination,
    pub white: String,
    pub black: String,
    /// Which engine (0 = engine 1, 1 = engine 2) had White.
    pub white_engine: usize,
}

impl GameRecord {
    /// The result from engine 1's point of view: +1 win, 0 draw, −1 loss.
    pub fn engine1_score(&self) -> i32 {
        let white_score = match self.result {
            GameResult::WhiteWins => 1,
            GameResult::BlackWins => -1,
            GameResult::Draw => 0,
        };
        if self.white_engine == 0 {
            white_score
        } else {
            -white_score
        }
    }
}

/// The engines' slots kept by a worker between games: a process per engine,
/// restarted after any fault.
pub struct EngineSlot {
    pub spec: EngineSpec,
    pub label: String,
    pub process: Option<EngineProcess>,
}

/// Fixed settings for every game.
pub struct RefereeSettings<'a> {
    pub variant: &'a str,
    /// FEN of the variant's start position (a game from it is sent as `startpos`
    /// and gets no FEN tag).
    pub standard_fen: &'a str,
    pub clocks: Clocks,
    pub handshake_timeout: Duration,
    /// When to end a game whose result both engines agree on.
    pub adjudication: Adjudication,
}

/// Plays game number `index` from `game` (the position after the opening; the
/// opening's sub-moves are its `played()` moves). `slots[0]` plays White, and is
/// engine `white_engine` (0 or 1) of the match. Returns `None` when aborted through
/// `abort` (the match ended while this game was running).
pub fn play_game(
    index: usize,
    mut game: Box<dyn AnyGame>,
    slots: [&mut EngineSlot; 2],
    white_engine: usize,
    mut settings: RefereeSettings,
    abort: &AtomicBool,
) -> Option<GameRecord> {
    let opening_subs = game.played().to_vec();
    let start_fen = game.start_fen();
    let standard_start = start_fen == settings.standard_fen;
    let chess960 = game.chess960();
    let [white_slot, black_slot] = slots;
    let names = [white_slot.label.clone(), black_slot.label.clone()];
    let mut slots = [white_slot, black_slot];
    let opening_plies = opening_subs.len();
    let mut turns = group_opening(&start_fen, &opening_subs, &*game);
    let mut subs_played: Vec<String> = opening_subs;

    let finish =
        |turns: Vec<TurnRecord>, result: GameResult, termination: Termination| GameRecord {
            index,
            variant: settings.variant.to_string(),
            start_fen: start_fen.clone(),
            standard_start,
            chess960,
            turns,
            opening_plies,
            result,
            termination,
            white: names[0].clone(),
            black: names[1].clone(),
            white_engine,
        };

    // Start (or reuse) both engines and tell them a new game begins.
    for side in [Side::White, Side::Black] {
        let slot = &mut slots[side.index()];
        if let Err(fault) = prepare(slot, settings.variant, settings.handshake_timeout) {
            slot.process = None;
            let t = fault_termination(&fault, side, false, true);
            return Some(finish(turns, GameResult::win_for(side.opposite()), t));
        }
    }

    let position_prefix = if standard_start {
        "position startpos".to_string()
    } else {
        format!("position fen {start_fen}")
    };
    // The turn in progress when the opening stopped mid-turn is continued by the engine.
    let mut current: Option<TurnRecord> = match turns.last() {
        Some(t)
            if game.result().is_none()
                && t.side == game.side_to_move()
                && !game.is_turn_start() =>
        {
            turns.pop()
        }
        _ => None,
    };

    loop {
        if abort.load(Ordering::Relaxed) {
            return None;
        }
        if let Some(outcome) = game.result() {
            turns.extend(current.take());
            let (result, termination) = rules_result(&outcome);
            return Some(finish(turns, result, termination));
        }
        let side = game.side_to_move();
        let slot = &mut slots[side.index()];
        let process = slot.process.as_mut().expect("engines were prepared");
        let position = if subs_played.is_empty() {
            position_prefix.clone()
        } else {
            format!("{position_prefix} moves {}", subs_played.join(" "))
        };
        let timeout = settings.clocks.reply_timeout(side);
        let reply = match process.think(&position, &settings.clocks.go_command(), timeout) {
            Ok(r) => r,
            Err(fault) => {
                slot.process = None; // unusable now: dropping it kills it
                turns.extend(current.take());
                let t = fault_termination(&fault, side, settings.clocks.timed(), false);
                return Some(finish(turns, GameResult::win_for(side.opposite()), t));
            }
        };
        if settings.clocks.charge(side, reply.elapsed) == Charge::TimeForfeit {
            slot.process = None;
            turns.extend(current.take());
            let t = Termination {
                category: category::TIME_FORFEIT.into(),
                detail: format!("{} lost on time", side_name(side)),
            };
            return Some(finish(turns, GameResult::win_for(side.opposite()), t));
        }
        if reply.bestmove == "(none)" {
            turns.extend(current.take());
            let t = Termination {
                category: category::NO_MOVE.into(),
                detail: format!(
                    "{} answered 'bestmove (none)' with legal moves available",
                    side_name(side)
                ),
            };
            return Some(finish(turns, GameResult::win_for(side.opposite()), t));
        }
        let submoves = match check_reply(&*game, &reply.bestmove) {
            Ok((next, subs)) => {
                game = next;
                subs
            }
            Err(t) => {
                // An engine that answers nonsense may be confused: restart it.
                slot.process = None;
                turns.extend(current.take());
                return Some(finish(turns, GameResult::win_for(side.opposite()), t));
            }
        };
        let turn = current.get_or_insert_with(|| TurnRecord {
            side,
            submoves: Vec::new(),
            score: None,
            depth: None,
            time: Some(Duration::ZERO),
        });
        turn.submoves.extend(submoves.iter().cloned());
        turn.score = reply.score.or(turn.score.take());
        turn.depth = reply.depth.or(turn.depth);
        turn.time = Some(turn.time.unwrap_or_default() + reply.elapsed);
        subs_played.extend(submoves);
        let turn_over =
            game.side_to_move() != side || game.is_turn_start() || game.result().is_some();
        if turn_over {
            settings.clocks.complete_turn(side);
            turns.extend(current.take());
            if game.result().is_none() {
                if let Some((result, termination)) = settings.adjudication.verdict(&turns) {
                    return Some(finish(turns, result, termination));
                }
            }
        }
    }
}

/// The category of a game from its `Termination` detail (the PGN tag), for reports
/// rebuilt from PGN files: the inverse of the details this module writes. A detail
/// it does not know is its own category.
pub fn category_of_detail(detail: &str) -> String {
    let detail = detail.trim();
    if let Some(reason) = detail.strip_prefix("draw by ") {
        return reason.to_string();
    }
    let Some(rest) = detail
        .strip_prefix("White")
        .or_else(|| detail.strip_prefix("Black"))
    else {
        return detail.to_string();
    };
    // Faults first: their details may quote an engine's output, which could hold
    // anything, " wins by " included.
    const FAULTS: [(&str, &str); 9] = [
        ("'s engine crashed", category::CRASH),
        (" lost on time", category::TIME_FORFEIT),
        ("'s engine did not reply", category::HANG),
        (" sent a malformed", category::MALFORMED),
        ("'s engine could not start", category::START_FAILURE),
        (" played an illegal move", category::ILLEGAL_MOVE),
        (" played '", category::ILLEGAL_MOVE),
        (" answered 'bestmove (none)'", category::NO_MOVE),
        (" wins by ", ""),
    ];
    for (start, cat) in FAULTS {
        if let Some(reason) = rest.strip_prefix(start) {
            return if cat.is_empty() {
                reason.to_string()
            } else {
                cat.to_string()
            };
        }
    }
    detail.to_string()
}

pub(super) fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

fn prepare(slot: &mut EngineSlot, variant: &str, timeout: Duration) -> Result<(), EngineFault> {
    if slot.process.is_none() {
        slot.process = Some(EngineProcess::start(&slot.spec, variant, timeout)?);
    }
    slot.process
        .as_mut()
        .expect("just started")
        .new_game(timeout)
}

fn fault_termination(fault: &EngineFault, side: Side, timed: bool, starting: bool) -> Termination {
    let who = side_name(side);
    let stage = if starting { " while starting" } else { "" };
    let (category, detail) = match fault {
        EngineFault::Crashed(s) => (
            category::CRASH,
            format!("{who}'s engine crashed{stage} ({s})"),
        ),
        EngineFault::Timeout { waited } if timed && !starting => (
            category::TIME_FORFEIT,
            format!(
                "{who} lost on time (no reply within {} ms)",
                waited.as_millis()
            ),
        ),
        EngineFault::Timeout { waited } => (
            category::HANG,
            format!(
                "{who}'s engine did not reply{stage} within {} ms",
                waited.as_millis()
            ),
        ),
        EngineFault::Malformed(s) => (
            category::MALFORMED,
            format!("{who} sent a malformed reply{stage}: {s}"),
        ),
        EngineFault::Spawn(s) => (
            category::START_FAILURE,
            format!("{who}'s engine could not start: {s}"),
        ),
    };
    Termination {
        category: category.to_string(),
        detail,
    }
}

/// Checks a `bestmove` token on a copy of the game: every sub-move legal, all by the
/// side to move, none past the end of its turn. Returns the game after it and the
/// sub-moves in the referee's spelling.
fn check_reply(
    game: &dyn AnyGame,
    token: &str,
) -> Result<(Box<dyn AnyGame>, Vec<String>), Termination> {
    let side = game.side_to_move();
    let who = side_name(side);
    let parts: Vec<&str> = token.split(',').collect();
    if parts
        .iter()
        .any(|p| p.is_empty() || !p.chars().all(|c| c.is_ascii_graphic()))
    {
        return Err(Termination {
            category: category::MALFORMED.into(),
            detail: format!("{who} sent a malformed move '{token}'"),
        });
    }
    let mut trial = game.box_clone();
    let before = trial.played().len();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 && trial.result().is_some() {
            // The game ended at once, mid-turn (a king captured by the first
            // sub-move): the rest of the planned turn is moot, not an offence.
            log::debug!("ignoring '{}' after the game ended", parts[i..].join(","));
            break;
        }
        if i > 0 && (trial.side_to_move() != side || trial.is_turn_start()) {
            return Err(Termination {
                category: category::ILLEGAL_MOVE.into(),
                detail: format!("{who} played '{token}', which continues past the end of its turn"),
            });
        }
        if let Err(e) = trial.play(part) {
            // The referee's error says more only when it is not plain "illegal".
            let why = match e {
                MoveError::Illegal(_) => String::new(),
                other => format!(" ({other})"),
            };
            return Err(Termination {
                category: category::ILLEGAL_MOVE.into(),
                detail: format!("{who} played an illegal move '{part}'{why}"),
            });
        }
    }
    let subs = trial.played()[before..].to_vec();
    Ok((trial, subs))
}

fn rules_result(outcome: &Outcome) -> (GameResult, Termination) {
    match outcome {
        Outcome::Win { winner, reason } => (
            GameResult::win_for(*winner),
            Termination {
                category: reason.to_string(),
                detail: format!("{} wins by {reason}", side_name(*winner)),
            },
        ),
        Outcome::Draw(reason) => (
            GameResult::Draw,
            Termination {
                category: reason.to_string(),
                detail: format!("draw by {reason}"),
            },
        ),
    }
}

/// Splits the opening's sub-moves into turns, replaying them from the start FEN.
fn group_opening(start_fen: &str, subs: &[String], end: &dyn AnyGame) -> Vec<TurnRecord> {
    let mut replay = end.box_clone();
    if replay.set_fen(start_fen).is_err() {
        return Vec::new();
    }
    let mut turns: Vec<TurnRecord> = Vec::new();
    let mut open = false;
    for sub in subs {
        let side = replay.side_to_move();
        if !open || turns.last().map(|t| t.side) != Some(side) {
            turns.push(TurnRecord {
                side,
                submoves: Vec::new(),
                score: None,
                depth: None,
                time: None,
            });
        }
        turns.last_mut().expect("pushed").submoves.push(sub.clone());
        if replay.play(sub).is_err() {
            break;
        }
        open = replay.side_to_move() == side && !replay.is_turn_start();
    }
    turns
}
