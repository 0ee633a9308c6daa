//! Engine-against-engine matches: `manifold match`.
//!
//! * [`engine_process`] — one engine process driven over the UCI-like protocol,
//!   with a reader thread and deadlines so no engine can hang the runner;
//! * [`referee`] — plays one game, judged by the engine library's [`AnyGame`];
//! * [`clock`] — time controls and the runner's clocks;
//! * [`openings`] — openings files and seeded random openings;
//! * [`pgn`] — PGN writer and reader;
//! * [`stats`] — Elo, 95% interval, LOS, SPRT (trinomial model);
//! * [`progress`] — the live progress bar;
//! * [`merge`] — the report of a match rebuilt from its PGN files (`match-merge`).
//!
//! Scheduling: game `i` uses opening `i / 2` (game pair `i / 2`); engine 1 has White
//! in even games and Black in odd ones, so every opening is played with both
//! colours. `concurrency` worker threads take games in order; each keeps its own
//! pair of engine processes across games and restarts one after any fault.
//!
//! Sharding ([`Shard`], `--shard K/N`): the match is the same set of game pairs,
//! and shard K plays the pairs p with `p % N == K`. A pair's opening depends only
//! on (seed, pair), and game numbers (the PGN `Round` tag) stay those of the whole
//! match, so the shards' PGN files together are the unsharded match.

pub mod adjudication;
pub mod clock;
pub mod engine_process;
pub mod merge;
pub mod openings;
pub mod pgn;
pub mod progress;
pub mod referee;
pub mod stats;
#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod toygame;

pub use adjudication::{Adjudication, DrawRule, ResignRule};
pub use clock::Limit;
pub use engine_process::EngineSpec;
pub use openings::Opening;
pub use pgn::{parse_pgn, PgnGame};
pub use stats::{PairTally, SprtConfig, SprtDecision, SprtModel, Tally};

use clock::Clocks;
use dashmap::DashMap;
use engine::game::AnyGame;
use engine_process::EngineProcess;
use progress::Progress;
use referee::{EngineSlot, GameRecord, GameResult, RefereeSettings, Termination};
use stats::{elo_estimate, elo_estimate_pairs, fmt_elo, los, EloEstimate, PairBook};
use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;
use thiserror::Error;

/// Where games start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningSource {
    /// Every game from the variant's start position.
    StartPosition,
    /// An openings file (see [`openings`] for the format).
    File(PathBuf),
    /// K random sub-moves from the start, seeded.
    RandomPlies(usize),
    /// Chess960: every game pair from start position `start` (0-959), or from a
    /// seeded random one per pair when `None`, then `plies` random sub-moves.
    /// Turns the Chess960 conventions on (see [`MatchConfig::chess960`]).
    Chess960 { start: Option<u32>, plies: usize },
}

/// One part of a match split over several runs (`--shard K/N`): shard `index` of
/// `count` plays the game pairs p (games 2p and 2p+1) with `p % count == index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// Shard `index` of `count`; an error unless `index < count`.
    pub fn new(index: usize, count: usize) -> Result<Shard, String> {
        if count == 0 {
            return Err("the shard count N in K/N must be at least 1".into());
        }
        if index >= count {
            return Err(format!(
                "shard index {index} is not below the shard count {count} (K in K/N runs from 0 to N-1)"
            ));
        }
        Ok(Shard { index, count })
    }

    /// Whether this shard plays game pair `pair`.
    pub fn plays_pair(&self, pair: usize) -> bool {
        pair % self.count == self.index
    }

    /// The (0-based, match-wide) numbers of the games this shard plays out of a
    /// match of `games` games, in order.
    pub fn games(&self, games: usize) -> Vec<usize> {
        (0..games).filter(|g| self.plays_pair(g / 2)).collect()
    }
}

impl FromStr for Shard {
    type Err = String;
    /// `K/N`, e.g. `0/4` .. `3/4`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let (k, n) = s
            .trim()
            .split_once('/')
            .ok_or_else(|| format!("expected K/N (e.g. 0/4), got '{s}'"))?;
        let number = |part: &str, what: &str| -> Result<usize, String> {
            part.trim().parse::<usize>().map_err(|_| {
                format!("expected K/N (e.g. 0/4), got '{s}': {what} '{part}' is not a whole number")
            })
        };
        Shard::new(number(k, "K")?, number(n, "N")?)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub engine1: EngineSpec,
    pub engine2: EngineSpec,
    /// The `UCI_Variant` value; the referee is the engine library's game of that name.
    pub variant: String,
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
    pub limit: Limit,
    /// Overstep tolerated before a time loss (pipe and scheduling latency).
    pub time_margin_ms: u64,
    /// How long an engine may stay silent under `nodes`/`depth` limits (which have no
    /// clock) before it is declared hung and loses.
    pub hang_timeout_ms: u64,
    /// Limit for the start-up handshake and `isready` round trips.
    pub handshake_timeout_ms: u64,
    pub openings: OpeningSource,
    pub seed: u64,
    /// Write the games here (PGN), as they finish.
    pub pgn: Option<PathBuf>,
    pub sprt: Option<SprtConfig>,
    /// The PGN `Event` tag.
    pub event: String,
    /// Show the progress bar and print a line per game on stdout.
    pub report: bool,
    /// Chess960 games (chess, crazyhouse, atomic): the referee uses the Chess960
    /// conventions, both engines get `setoption name UCI_Chess960 value true`,
    /// and PGN names the variant `Chess960` (`crazyhouse960`, `atomic960`) with a
    /// `FEN` tag. Implied by [`OpeningSource::Chess960`].
    pub chess960: bool,
    /// Play only this shard's game pairs (`None`: all of them). `games` stays the
    /// size of the whole match.
    pub shard: Option<Shard>,
    /// Ending games early whose result both engines agree on (default: never).
    pub adjudication: Adjudication,
}

impl MatchConfig {
    /// A match with the defaults: 2 games, one at a time, 10+0.1, start position.
    pub fn new(engine1: EngineSpec, engine2: EngineSpec, variant: &str) -> MatchConfig {
        MatchConfig {
            engine1,
            engine2,
            variant: variant.to_string(),
            games: 2,
            concurrency: 1,
            limit: Limit::Clock {
                base_ms: 10_000,
                inc_ms: 100,
            },
            time_margin_ms: DEFAULT_TIME_MARGIN_MS,
            hang_timeout_ms: DEFAULT_HANG_TIMEOUT_MS,
            handshake_timeout_ms: DEFAULT_HANDSHAKE_TIMEOUT_MS,
            openings: OpeningSource::StartPosition,
            seed: 1,
            pgn: None,
            sprt: None,
            event: "Manifold match".into(),
            report: false,
            chess960: false,
            shard: None,
            adjudication: Adjudication::default(),
        }
    }
}

pub const DEFAULT_TIME_MARGIN_MS: u64 = 100;
pub const DEFAULT_HANG_TIMEOUT_MS: u64 = 60_000;
pub const DEFAULT_HANDSHAKE_TIMEOUT_MS: u64 = 10_000;

#[derive(Debug, Error)]
pub enum MatchError {
    #[error("unknown variant '{0}'")]
    UnknownVariant(String),
    #[error("openings: {0}")]
    Openings(String),
    #[error("{path}: {message}")]
    Io { path: PathBuf, message: String },
    #[error("engine {engine} ({command}) does not work: {fault}")]
    EngineStart {
        engine: usize,
        command: String,
        fault: String,
    },
    #[error(
        "engine {engine} ({command}) does not play variant '{variant}': its UCI_Variant values are {listed}"
    )]
    VariantNotPlayed {
        engine: usize,
        command: String,
        variant: String,
        listed: String,
    },
    #[error("{0}")]
    Config(String),
}

/// One game in the summary.
#[derive(Clone, Debug)]
pub struct GameSummary {
    pub index: usize,
    pub white: String,
    pub black: String,
    pub result: GameResult,
    pub termination: Termination,
    /// Sub-moves played, opening included.
    pub plies: usize,
}

/// Per-engine bookkeeping, by engine name.
#[derive(Clone, Debug, Default)]
pub struct EngineBook {
    pub tally: Tally,
    /// Losses by termination category.
    pub losses: BTreeMap<String, u32>,
}

impl EngineBook {
    /// One game's result for this engine: 1 won, 0 drawn, -1 lost (by `category`).
    pub fn record(&mut self, score: i32, category: &str) {
        match score {
            1 => self.tally.wins += 1,
            0 => self.tally.draws += 1,
            _ => {
                self.tally.losses += 1;
                *self.losses.entry(category.to_string()).or_insert(0) += 1;
            }
        }
    }
}

#[derive(Clone, Debug)]
pub struct SprtStatus {
    pub config: SprtConfig,
    /// The LLR of the configured model, which decides.
    pub llr: f64,
    /// The other model's LLR of the same games, reported beside it.
    pub other_llr: f64,
    pub bounds: (f64, f64),
    pub decision: SprtDecision,
}

impl SprtStatus {
    pub fn new(config: SprtConfig) -> SprtStatus {
        SprtStatus {
            config,
            llr: 0.0,
            other_llr: 0.0,
            bounds: config.bounds(),
            decision: SprtDecision::Continue,
        }
    }

    /// Brings the LLRs and the decision up to these games and pairs.
    pub fn update(&mut self, games: &Tally, pairs: &PairTally) {
        let c = self.config;
        self.llr = c.llr_of(c.model, games, pairs);
        self.other_llr = c.llr_of(c.model.other(), games, pairs);
        self.decision = c.decide(games, pairs);
    }
}

/// The outcome of a match.
#[derive(Clone, Debug)]
pub struct MatchSummary {
    pub variant: String,
    pub names: [String; 2],
    /// Engine 1's results.
    pub tally: Tally,
    /// Engine 1's results by game pair (both games of an opening finished).
    pub pairs: PairTally,
    pub elo: Option<EloEstimate>,
    pub los: Option<f64>,
    pub games: Vec<GameSummary>,
    /// Games by termination category.
    pub terminations: BTreeMap<String, u32>,
    /// Per engine name, from the concurrent bookkeeping.
    pub books: BTreeMap<String, EngineBook>,
    pub sprt: Option<SprtStatus>,
    /// The SPRT stopped the match before all games were played.
    pub stopped_early: bool,
    /// The shard this run played, if the match was sharded.
    pub shard: Option<Shard>,
}

/// Runs a match with the referee of `cfg.variant` from the engine registry.
pub fn run_match(cfg: &MatchConfig) -> Result<MatchSummary, MatchError> {
    let prototype = crate::registry::new_game(&cfg.variant)
        .ok_or_else(|| MatchError::UnknownVariant(cfg.variant.clone()))?;
    run_match_with(cfg, &*prototype)
}

/// [`run_match`] with the referee given (any [`AnyGame`]; tests use a toy game).
pub fn run_match_with(
    cfg: &MatchConfig,
    prototype: &dyn AnyGame,
) -> Result<MatchSummary, MatchError> {
    if cfg.games == 0 {
        return Err(MatchError::Config(
            "the match needs at least one game".into(),
        ));
    }
    let chess960 = cfg.chess960 || matches!(cfg.openings, OpeningSource::Chess960 { .. });
    let mut prototype960;
    let mut adjusted;
    let (cfg, prototype) = if chess960 {
        prototype960 = prototype.box_clone();
        if !prototype960.set_chess960(true) {
            return Err(MatchError::Config(format!(
                "variant '{}' has no Chess960 form (chess, crazyhouse and atomic have)",
                cfg.variant
            )));
        }
        adjusted = cfg.clone();
        for spec in [&mut adjusted.engine1, &mut adjusted.engine2] {
            spec.options
                .insert(0, ("UCI_Chess960".to_string(), "true".to_string()));
        }
        (&adjusted, &*prototype960)
    } else {
        (cfg, prototype)
    };
    if let OpeningSource::Chess960 { start: Some(n), .. } = cfg.openings {
        if n >= engine::variants::chess::chess960::POSITIONS {
            return Err(MatchError::Config(format!(
                "Chess960 start position {n} is not in 0..959"
            )));
        }
    }
    let schedule: Vec<usize> = match cfg.shard {
        Some(shard) => {
            Shard::new(shard.index, shard.count).map_err(MatchError::Config)?;
            shard.games(cfg.games)
        }
        None => (0..cfg.games).collect(),
    };
    let concurrency = cfg.concurrency.clamp(1, schedule.len().max(1));
    let mut standard = prototype.box_clone();
    standard.set_startpos();
    let standard_fen = standard.fen();
    // A variant whose start position is already decided (possible for one defined in
    // a variants file) has no game to play.
    if let Some(result) = standard.result() {
        return Err(MatchError::Config(format!(
            "the start position of variant '{}' is already over ({result})",
            cfg.variant
        )));
    }

    let file_openings = match &cfg.openings {
        OpeningSource::File(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| MatchError::Io {
                path: path.clone(),
                message: e.to_string(),
            })?;
            Some(openings::parse_openings(&text, prototype).map_err(MatchError::Openings)?)
        }
        _ => None,
    };
    let opening_for_pair = |pair: usize| -> Opening {
        match (&cfg.openings, &file_openings) {
            (_, Some(list)) => list[pair % list.len()].clone(),
            (OpeningSource::RandomPlies(k), None) => {
                openings::random_opening(prototype, *k, cfg.seed, pair)
            }
            (OpeningSource::Chess960 { start, plies }, None) => {
                openings::chess960_opening(prototype, *start, *plies, cfg.seed, pair)
            }
            _ => Opening::startpos(),
        }
    };

    let names = engine_names(cfg)?;
    let mut pgn_file = match &cfg.pgn {
        Some(path) => Some(std::fs::File::create(path).map_err(|e| MatchError::Io {
            path: path.clone(),
            message: e.to_string(),
        })?),
        None => None,
    };
    let pgn_ctx = pgn::PgnContext {
        event: cfg.event.clone(),
        time_control: matches!(cfg.limit, Limit::Clock { .. }).then(|| cfg.limit.to_string()),
        date: pgn::today(),
    };

    // Bookkeeping shared by the workers: per engine name, and per termination.
    let books: DashMap<String, EngineBook> = DashMap::new();
    let terminations: DashMap<String, u32> = DashMap::new();
    for n in &names {
        books.insert(n.clone(), EngineBook::default());
    }

    let next_game = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let progress = Progress::new(schedule.len() as u64, cfg.report);
    let games_text = match cfg.shard {
        Some(shard) => format!(
            "{} games, shard {shard} plays {} of them",
            cfg.games,
            schedule.len()
        ),
        None => format!("{} games", cfg.games),
    };
    progress.line(&format!(
        "Match: {} vs {}, variant {}, {games_text}, {}, concurrency {}",
        names[0], names[1], cfg.variant, cfg.limit, concurrency
    ));
    let mut tally = Tally::default();
    let mut pairs = PairBook::new();
    let mut summaries = Vec::new();
    let mut sprt_status = cfg.sprt.map(SprtStatus::new);
    let mut io_error = None;

    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<GameRecord>();
        for _ in 0..concurrency {
            let tx = tx.clone();
            let (names, books, terminations, next_game, stop) =
                (&names, &books, &terminations, &next_game, &stop);
            let opening_for_pair = &opening_for_pair;
            let standard_fen = &standard_fen;
            let schedule = &schedule;
            scope.spawn(move || {
                let mut slots = [
                    EngineSlot {
                        spec: cfg.engine1.clone(),
                        label: names[0].clone(),
                        process: None,
                    },
                    EngineSlot {
                        spec: cfg.engine2.clone(),
                        label: names[1].clone(),
                        process: None,
                    },
                ];
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let Some(&index) = schedule.get(next_game.fetch_add(1, Ordering::SeqCst))
                    else {
                        break;
                    };
                    let opening = opening_for_pair(index / 2);
                    let game = opening
                        .apply(prototype)
                        .expect("openings are checked before the match");
                    let white_engine = index % 2;
                    let [e1, e2] = &mut slots;
                    let pair = if white_engine == 0 {
                        [e1, e2]
                    } else {
                        [e2, e1]
                    };
                    let settings = RefereeSettings {
                        variant: &cfg.variant,
                        standard_fen,
                        clocks: Clocks::new(cfg.limit, cfg.time_margin_ms, cfg.hang_timeout_ms),
                        handshake_timeout: Duration::from_millis(cfg.handshake_timeout_ms),
                        adjudication: cfg.adjudication,
                    };
                    let Some(record) =
                        referee::play_game(index, game, pair, white_engine, settings, stop)
                    else {
                        break; // aborted: the match is over
                    };
                    if stop.load(Ordering::SeqCst) {
                        break; // finished after the SPRT decided: not counted
                    }
                    book_result(books, terminations, &record);
                    if tx.send(record).is_err() {
                        break;
                    }
                }
                for slot in slots {
                    if let Some(p) = slot.process {
                        p.quit();
                    }
                }
            });
        }
        drop(tx);

        // Every record received is counted, here and in the workers' books alike; a
        // game that ends after the SPRT decided is counted too (it was played in
        // full) but no longer moves the decision.
        for record in rx {
            let score = record.engine1_score();
            match score {
                1 => tally.wins += 1,
                0 => tally.draws += 1,
                _ => tally.losses += 1,
            }
            pairs.record(record.index / 2, score);
            if let Some(f) = pgn_file.as_mut() {
                let text = pgn::write_game(&record, &pgn_ctx);
                if let Err(e) = f.write_all(text.as_bytes()).and_then(|_| f.flush()) {
                    io_error.get_or_insert(MatchError::Io {
                        path: cfg.pgn.clone().unwrap_or_default(),
                        message: e.to_string(),
                    });
                }
            }
            progress.line(&format!(
                "Finished game {} ({} vs {}): {} {{{}}}",
                record.index + 1,
                record.white,
                record.black,
                record.result.pgn(),
                record.termination.detail
            ));
            progress.line(&score_line(&names, &tally));
            let mut status = format!("W/D/L {}/{}/{}", tally.wins, tally.draws, tally.losses);
            if let Some(e) = elo_estimate(&tally) {
                status.push_str(&format!("  Elo {} ± {:.1}", fmt_elo(e.elo), e.margin()));
            }
            if let Some(s) = sprt_status
                .as_mut()
                .filter(|s| s.decision == SprtDecision::Continue)
            {
                s.update(&tally, &pairs.tally);
                progress.line(&format!(
                    "SPRT: LLR {:.3} [{:.3}, {:.3}] {}",
                    s.llr, s.bounds.0, s.bounds.1, s.decision
                ));
                status.push_str(&format!("  LLR {:.2}", s.llr));
                if s.decision != SprtDecision::Continue {
                    stop.store(true, Ordering::SeqCst);
                }
            }
            progress.game_done(status);
            summaries.push(GameSummary {
                index: record.index,
                white: record.white.clone(),
                black: record.black.clone(),
                result: record.result,
                termination: record.termination.clone(),
                plies: record.turns.iter().map(|t| t.submoves.len()).sum(),
            });
        }
    });
    progress.finish();
    if let Some(e) = io_error {
        return Err(e);
    }
    summaries.sort_by_key(|g| g.index);
    let stopped_early = summaries.len() < schedule.len();
    Ok(MatchSummary {
        variant: cfg.variant.clone(),
        names,
        tally,
        pairs: pairs.tally,
        elo: elo_estimate(&tally),
        los: los(&tally),
        games: summaries,
        terminations: terminations.into_iter().collect(),
        books: books.into_iter().collect(),
        sprt: sprt_status,
        stopped_early,
        shard: cfg.shard,
    })
}

/// Records a finished game in the per-engine and per-termination maps. Workers call
/// this concurrently, hence the concurrent maps.
fn book_result(
    books: &DashMap<String, EngineBook>,
    terminations: &DashMap<String, u32>,
    r: &GameRecord,
) {
    *terminations
        .entry(r.termination.category.clone())
        .or_insert(0) += 1;
    let (white_score, black_score) = match r.result {
        GameResult::WhiteWins => (1, -1),
        GameResult::BlackWins => (-1, 1),
        GameResult::Draw => (0, 0),
    };
    for (name, score) in [(&r.white, white_score), (&r.black, black_score)] {
        books
            .entry(name.clone())
            .or_default()
            .record(score, &r.termination.category);
    }
}

/// Starts each engine once to check it answers the handshake and learn its name.
fn engine_names(cfg: &MatchConfig) -> Result<[String; 2], MatchError> {
    let mut names = [String::new(), String::new()];
    for (i, spec) in [&cfg.engine1, &cfg.engine2].into_iter().enumerate() {
        let timeout = Duration::from_millis(cfg.handshake_timeout_ms);
        let process = EngineProcess::start(spec, &cfg.variant, timeout).map_err(|fault| {
            MatchError::EngineStart {
                engine: i + 1,
                command: spec.command.clone(),
                fault: fault.to_string(),
            }
        })?;
        // An engine that lists the variants it plays and not this one would play
        // another game's rules (and lose every game by illegal moves): refuse.
        if !process.listed_variants.is_empty() && !process.listed_variants.contains(&cfg.variant) {
            let listed = process.listed_variants.join(" ");
            process.quit();
            return Err(MatchError::VariantNotPlayed {
                engine: i + 1,
                command: spec.command.clone(),
                variant: cfg.variant.clone(),
                listed,
            });
        }
        names[i] = spec
            .name
            .clone()
            .or_else(|| process.id_name.clone())
            .unwrap_or_else(|| spec.command.clone());
        process.quit();
    }
    if names[0] == names[1] {
        let base = names[0].clone();
        names = [format!("{base} (1)"), format!("{base} (2)")];
    }
    Ok(names)
}

fn score_line(names: &[String; 2], t: &Tally) -> String {
    let pct = t
        .score()
        .map(|s| format!("{:.1}%", 100.0 * s))
        .unwrap_or_else(|| "-".into());
    format!(
        "Score of {} vs {}: W/D/L {}/{}/{} [{pct}] after {} games",
        names[0],
        names[1],
        t.wins,
        t.draws,
        t.losses,
        t.games()
    )
}

impl fmt::Display for MatchSummary {
    /// The end-of-match report.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.tally;
        writeln!(
            f,
            "Match result: {} vs {} ({}), {} games",
            self.names[0],
            self.names[1],
            self.variant,
            t.games()
        )?;
        if let Some(shard) = self.shard {
            writeln!(
                f,
                "Shard {shard}: game pairs p with p % {} == {} only (merge the shards' PGN files with `manifold match-merge`)",
                shard.count, shard.index
            )?;
        }
        writeln!(
            f,
            "W/D/L: {}/{}/{} (from {}'s side)",
            t.wins, t.draws, t.losses, self.names[0]
        )?;
        let pct = t
            .score()
            .map(|s| format!("{:.1}%", 100.0 * s))
            .unwrap_or_else(|| "-".into());
        writeln!(f, "Score: {:.1}/{} ({pct})", t.points(), t.games())?;
        match &self.elo {
            Some(e) => writeln!(
                f,
                "Elo difference: {} (95% interval {} to {})",
                fmt_elo(e.elo),
                fmt_elo(e.lower),
                fmt_elo(e.upper)
            )?,
            None => writeln!(f, "Elo difference: -")?,
        }
        let p = &self.pairs;
        if p.pairs() > 0 {
            let c = p.counts;
            let elo = elo_estimate_pairs(p).map_or("-".to_string(), |e| {
                format!(
                    "{} (95% interval {} to {})",
                    fmt_elo(e.elo),
                    fmt_elo(e.lower),
                    fmt_elo(e.upper)
                )
            });
            writeln!(
                f,
                "Game pairs: {} (scoring 0/½/1/1½/2: {}/{}/{}/{}/{}), Elo from pairs: {elo}",
                p.pairs(),
                c[0],
                c[1],
                c[2],
                c[3],
                c[4]
            )?;
        }
        match self.los {
            Some(l) => writeln!(f, "LOS: {:.1}%", 100.0 * l)?,
            None => writeln!(f, "LOS: - (no decisive game)")?,
        }
        if let Some(d) = t.draw_ratio() {
            writeln!(f, "Draw ratio: {:.1}%", 100.0 * d)?;
        }
        if let Some(s) = &self.sprt {
            writeln!(
                f,
                "SPRT ({}): LLR {:.3} ({} {:.3}), bounds [{:.3}, {:.3}]: {}{}",
                s.config,
                s.llr,
                s.config.model.other().name(),
                s.other_llr,
                s.bounds.0,
                s.bounds.1,
                s.decision,
                if self.stopped_early {
                    " (match stopped early)"
                } else {
                    ""
                }
            )?;
        }
        writeln!(f, "Terminations:")?;
        for (reason, n) in &self.terminations {
            writeln!(f, "  {reason}: {n}")?;
        }
        for name in &self.names {
            if let Some(b) = self.books.get(name) {
                let losses: Vec<String> =
                    b.losses.iter().map(|(r, n)| format!("{r} {n}")).collect();
                writeln!(
                    f,
                    "{name}: W/D/L {}/{}/{}{}",
                    b.tally.wins,
                    b.tally.draws,
                    b.tally.losses,
                    if losses.is_empty() {
                        String::new()
                    } else {
                        format!(" (losses: {})", losses.join(", "))
                    }
                )?;
            }
        }
        Ok(())
    }
}
