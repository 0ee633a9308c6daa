//! `manifold match-merge`: the end-of-match report rebuilt from PGN files written by
//! `manifold match` — typically the files of the shards of one match
//! (`--shard K/N`), or their concatenation.
//!
//! * The two engines are the names in the `White`/`Black` tags (more than two is an
//!   error). Engine 1 is `--engine` if given, else engine 1 of the match: the match
//!   gives engine 1 White in its odd `Round`s (game numbers are 1-based), so the
//!   game with the lowest `Round` names it.
//! * Duplicates — the same `Round` with the same `White` and `Black` — are counted
//!   once (the first read), with a warning; so are missing `Round`s up to the
//!   highest one (a shard not merged, or stopped early by its SPRT).
//!   With `separate`, every file is a match of its own (the same engines from
//!   another seed): games are told apart by file as well as by `Round`, and missing
//!   `Round`s are looked for per file. This is how the evidence of one pair of
//!   engines gathered over several matches is summed.
//! * The figures are those of `manifold match`, from [`super::stats`]: over single
//!   games (trinomial) and over game pairs (pentanomial: Rounds 2p + 1 and 2p + 2 of
//!   one match are pair p; a pair with a game missing is left out of those
//!   figures). With an SPRT configuration the LLRs and decision of all merged games
//!   are reported (a fixed-sample evaluation: nothing is stopped).
//! * Termination categories are read back from the `Termination` tags
//!   ([`super::referee::category_of_detail`]).

use super::pgn::{parse_pgn, parse_variant_tag, PgnGame};
use super::referee::{category_of_detail, GameResult, Termination};
use super::stats::{elo_estimate, los, PairBook, SprtConfig, Tally};
use super::{EngineBook, GameSummary, MatchSummary, SprtStatus};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// What `match-merge` is asked for.
#[derive(Clone, Debug, Default)]
pub struct MergeOptions {
    /// Report the SPRT of the merged games.
    pub sprt: Option<SprtConfig>,
    /// The engine whose view the report takes (default: engine 1 of the match).
    pub engine: Option<String>,
    /// Every file is a separate match (another seed): Rounds are compared within a
    /// file only.
    pub separate: bool,
}

/// The merged report and what was noticed on the way.
#[derive(Clone, Debug)]
pub struct MergeOutcome {
    pub summary: MatchSummary,
    /// Duplicates, unfinished games, missing rounds... (one line each).
    pub warnings: Vec<String>,
    /// Input files (or texts) read.
    pub files: usize,
    /// Finished games read, duplicates included.
    pub games_read: usize,
    /// Games left out as duplicates.
    pub duplicates: usize,
}

#[derive(Debug, Error)]
pub enum MergeError {
    #[error("no PGN files given")]
    NoFiles,
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    #[error("{path}: not a PGN file ({message})")]
    NotPgn { path: String, message: String },
    #[error("{path}, game {game}: {message} (not a PGN written by `manifold match`?)")]
    BadGame {
        path: String,
        game: usize,
        message: String,
    },
    #[error("the games have more than two engines: {}", .0.join(", "))]
    TooManyEngines(Vec<String>),
    #[error("the games are of different variants: {}", .0.join(", "))]
    MixedVariants(Vec<String>),
    #[error("--engine '{name}' played none of the games (the engines are {})", .engines.join(" and "))]
    UnknownEngine { name: String, engines: Vec<String> },
    #[error("no finished games in the input")]
    NoGames,
}

/// One finished game kept for the report.
struct Entry {
    round: Option<usize>,
    white: String,
    black: String,
    result: GameResult,
    termination: Termination,
    plies: usize,
    variant: String,
    /// Where it was read: file and game number there (1-based).
    source: (usize, usize),
}

/// Reads and merges PGN files.
pub fn merge_files(paths: &[PathBuf], opts: &MergeOptions) -> Result<MergeOutcome, MergeError> {
    let mut inputs = Vec::new();
    for path in paths {
        inputs.push((display(path), read_text(path)?));
    }
    merge_texts(&inputs, opts)
}

fn display(path: &Path) -> String {
    path.display().to_string()
}

fn read_text(path: &Path) -> Result<String, MergeError> {
    let bytes = std::fs::read(path).map_err(|e| MergeError::Io {
        path: display(path),
        message: e.to_string(),
    })?;
    String::from_utf8(bytes).map_err(|_| MergeError::NotPgn {
        path: display(path),
        message: "not UTF-8 text".into(),
    })
}

/// Merges PGN texts, each given with the name used in messages.
pub fn merge_texts(
    inputs: &[(String, String)],
    opts: &MergeOptions,
) -> Result<MergeOutcome, MergeError> {
    if inputs.is_empty() {
        return Err(MergeError::NoFiles);
    }
    let mut warnings = Vec::new();
    let mut entries: Vec<Entry> = Vec::new();
    // (file when the files are separate matches, Round, White, Black).
    let mut seen: HashMap<(usize, usize, String, String), usize> = HashMap::new();
    let mut games_read = 0;
    let mut duplicates = 0;
    let mut unnumbered = 0;
    // Every game read counts here, duplicates too: files of two variants are an
    // error even when their Rounds coincide.
    let mut variants: BTreeSet<String> = BTreeSet::new();
    for (file, (path, text)) in inputs.iter().enumerate() {
        let games = parse_pgn(text).map_err(|e| MergeError::NotPgn {
            path: path.clone(),
            message: e.to_string(),
        })?;
        if games.is_empty() {
            warnings.push(format!("{path}: no games"));
        }
        for (i, game) in games.iter().enumerate() {
            let Some(entry) = read_game(game, path, file, i + 1, &mut warnings)? else {
                continue;
            };
            games_read += 1;
            variants.insert(entry.variant.clone());
            match entry.round {
                Some(round) => {
                    let match_of = if opts.separate { file } else { 0 };
                    let key = (match_of, round, entry.white.clone(), entry.black.clone());
                    if let Some(&first) = seen.get(&key) {
                        duplicates += 1;
                        let kept: &Entry = &entries[first];
                        let mut w = format!(
                            "{path}, game {}: Round {round} ({} vs {}) was already read from {}, game {}; counted once",
                            i + 1,
                            entry.white,
                            entry.black,
                            inputs[kept.source.0].0,
                            kept.source.1
                        );
                        if kept.result != entry.result {
                            w.push_str(&format!(
                                " (the results differ: {} there, {} here; the first is kept)",
                                kept.result.pgn(),
                                entry.result.pgn()
                            ));
                        }
                        warnings.push(w);
                        continue;
                    }
                    seen.insert(key, entries.len());
                }
                None => unnumbered += 1,
            }
            entries.push(entry);
        }
    }
    if unnumbered > 0 {
        warnings.push(format!(
            "{unnumbered} game(s) without a numeric Round tag: counted, but not checked for duplicates"
        ));
    }
    if entries.is_empty() {
        return Err(MergeError::NoGames);
    }

    // Variant and engines.
    if variants.len() > 1 {
        return Err(MergeError::MixedVariants(variants.into_iter().collect()));
    }
    let variant = entries[0].variant.clone();
    let mut engines: Vec<String> = Vec::new();
    for e in &entries {
        for name in [&e.white, &e.black] {
            if !engines.contains(name) {
                engines.push(name.clone());
            }
        }
    }
    if engines.len() > 2 {
        return Err(MergeError::TooManyEngines(engines));
    }
    let first = match &opts.engine {
        Some(name) => {
            if !engines.contains(name) {
                return Err(MergeError::UnknownEngine {
                    name: name.clone(),
                    engines,
                });
            }
            name.clone()
        }
        None => {
            // Engine 1 has White in the odd Rounds: the lowest Round names it.
            match entries
                .iter()
                .filter_map(|e| e.round.map(|r| (r, e)))
                .min_by_key(|(r, _)| *r)
            {
                Some((r, e)) if r % 2 == 1 => e.white.clone(),
                Some((_, e)) => e.black.clone(),
                None => entries[0].white.clone(),
            }
        }
    };
    let second = engines
        .iter()
        .find(|n| **n != first)
        .cloned()
        .expect("a game has two different engines");

    // Missing rounds (a shard not merged, or stopped early), per match.
    let matches: Vec<Option<usize>> = if opts.separate {
        (0..inputs.len()).map(Some).collect()
    } else {
        vec![None]
    };
    for only in matches {
        let rounds: BTreeSet<usize> = entries
            .iter()
            .filter(|e| only.is_none_or(|f| e.source.0 == f))
            .filter_map(|e| e.round)
            .collect();
        let Some(&max) = rounds.iter().next_back() else {
            continue;
        };
        let missing: Vec<usize> = (1..=max).filter(|r| !rounds.contains(r)).collect();
        if !missing.is_empty() {
            let shown: Vec<String> = missing.iter().take(10).map(|r| r.to_string()).collect();
            let which = only.map_or(String::new(), |f| format!("{}: ", inputs[f].0));
            warnings.push(format!(
                "{which}{} of the Rounds 1-{max} are missing ({}{}): a shard not merged, or one the SPRT stopped early?",
                missing.len(),
                shown.join(", "),
                if missing.len() > shown.len() { ", ..." } else { "" }
            ));
        }
    }

    // The report.
    let mut tally = Tally::default();
    let mut books: BTreeMap<String, EngineBook> = BTreeMap::new();
    let mut terminations: BTreeMap<String, u32> = BTreeMap::new();
    for name in [&first, &second] {
        books.insert(name.clone(), EngineBook::default());
    }
    let mut games = Vec::new();
    // Game pairs by (match, pair number).
    let mut pairs = PairBook::new();
    for (n, e) in entries.iter().enumerate() {
        let white_score = match e.result {
            GameResult::WhiteWins => 1,
            GameResult::BlackWins => -1,
            GameResult::Draw => 0,
        };
        let first_score = if e.white == first {
            white_score
        } else {
            -white_score
        };
        match first_score {
            1 => tally.wins += 1,
            0 => tally.draws += 1,
            _ => tally.losses += 1,
        }
        // Rounds 2p + 1 and 2p + 2 are game pair p (one opening, colours swapped).
        if let Some(round) = e.round.filter(|&r| r > 0) {
            let match_of = if opts.separate { e.source.0 } else { 0 };
            pairs.record((match_of, (round - 1) / 2), first_score);
        }
        *terminations
            .entry(e.termination.category.clone())
            .or_insert(0) += 1;
        for (name, score) in [(&e.white, white_score), (&e.black, -white_score)] {
            books
                .entry(name.clone())
                .or_default()
                .record(score, &e.termination.category);
        }
        games.push(GameSummary {
            index: e.round.map(|r| r - 1).unwrap_or(n),
            white: e.white.clone(),
            black: e.black.clone(),
            result: e.result,
            termination: e.termination.clone(),
            plies: e.plies,
        });
    }
    games.sort_by_key(|g| g.index);
    let sprt = opts.sprt.map(|config| {
        let mut status = SprtStatus::new(config);
        status.update(&tally, &pairs.tally);
        status
    });
    let summary = MatchSummary {
        variant,
        names: [first, second],
        tally,
        pairs: pairs.tally,
        elo: elo_estimate(&tally),
        los: los(&tally),
        games,
        terminations,
        books,
        sprt,
        stopped_early: false,
        shard: None,
    };
    Ok(MergeOutcome {
        summary,
        warnings,
        files: inputs.len(),
        games_read,
        duplicates,
    })
}

/// One game of the input: `None` (with a warning) for an unfinished game.
fn read_game(
    game: &PgnGame,
    path: &str,
    file: usize,
    number: usize,
    warnings: &mut Vec<String>,
) -> Result<Option<Entry>, MergeError> {
    let bad = |message: String| MergeError::BadGame {
        path: path.to_string(),
        game: number,
        message,
    };
    let tag = |name: &str| -> Result<String, MergeError> {
        match game.tag(name).map(str::trim) {
            Some(v) if !v.is_empty() && v != "?" => Ok(v.to_string()),
            _ => Err(bad(format!("no {name} tag"))),
        }
    };
    let white = tag("White")?;
    let black = tag("Black")?;
    if white == black {
        return Err(bad(format!("'{white}' plays both colours")));
    }
    let result = match game.result.as_str() {
        "1-0" => GameResult::WhiteWins,
        "0-1" => GameResult::BlackWins,
        "1/2-1/2" => GameResult::Draw,
        other => {
            warnings.push(format!(
                "{path}, game {number}: unfinished game (result '{other}') left out"
            ));
            return Ok(None);
        }
    };
    if let Some(t) = game.tag("Result") {
        if t != game.result {
            warnings.push(format!(
                "{path}, game {number}: Result tag '{t}' differs from the movetext's '{}'; the movetext's is used",
                game.result
            ));
        }
    }
    let round = match game.tag("Round").map(str::trim) {
        Some(r) => match r.parse::<usize>() {
            Ok(n) if n > 0 => Some(n),
            _ => {
                warnings.push(format!(
                    "{path}, game {number}: Round '{r}' is not a game number"
                ));
                None
            }
        },
        None => None,
    };
    let variant = parse_variant_tag(game.tag("Variant").unwrap_or("chess")).0;
    let detail = game.tag("Termination").unwrap_or("").trim().to_string();
    let termination = if detail.is_empty() {
        Termination {
            category: "unknown".into(),
            detail,
        }
    } else {
        Termination {
            category: category_of_detail(&detail),
            detail,
        }
    };
    let plies = game
        .tag("PlyCount")
        .and_then(|p| p.trim().parse().ok())
        .unwrap_or_else(|| game.moves.iter().map(|t| t.split(',').count()).sum());
    Ok(Some(Entry {
        round,
        white,
        black,
        result,
        termination,
        plies,
        variant,
        source: (file, number),
    }))
}
