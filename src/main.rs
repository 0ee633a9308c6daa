//! The `manifold` binary: with no arguments it speaks the protocol on stdin/stdout;
//! subcommands run perft, bench and matches from the command line.

use clap::{Args, Parser, Subcommand};
use protocol::matches::{EngineSpec, Limit, MatchConfig, OpeningSource, SprtConfig};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "manifold",
    version,
    about = "A game-playing engine for chess variants on unusual boards"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Evaluation table file (docs/tuning.md), as `setoption name EvalFile`: for the
    /// protocol, `search` and `datagen`; `tune` starts from it.
    #[arg(long, value_name = "FILE", global = true)]
    eval: Option<PathBuf>,
    /// Variants file (TOML, docs/variants.md), loaded before anything runs: its
    /// variants join the built-in ones in every subcommand and in the protocol
    /// (as `setoption name VariantPath`). `match` hands it to both engines as
    /// `VariantPath`, `gui` to the engine it starts.
    #[arg(long, value_name = "FILE", global = true)]
    variants: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal sub-move tree.
    Perft {
        /// Variant name (see `manifold variants`).
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Start from this FEN instead of the start position.
        #[arg(long, conflicts_with = "chess960")]
        fen: Option<String>,
        /// Start from Chess960 start position N (0-959, Scharnagl's numbering;
        /// 518 is the standard array), with the Chess960 conventions on
        /// (king-takes-rook castling in --divide). Chess, crazyhouse, atomic.
        #[arg(long, value_name = "N")]
        chess960: Option<u32>,
        #[arg(long)]
        depth: u32,
        /// Print the count below every root move.
        #[arg(long)]
        divide: bool,
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Search the bench positions of every variant single-threaded; prints the signature.
    Bench {
        /// Override every bench position's depth.
        #[arg(long)]
        depth: Option<u32>,
    },
    /// Search one position and print the `info` lines and `bestmove`.
    Search {
        #[arg(long, default_value = "chess")]
        variant: String,
        #[arg(long)]
        fen: Option<String>,
        #[arg(long)]
        depth: Option<u32>,
        /// Milliseconds.
        #[arg(long)]
        movetime: Option<u64>,
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Transposition table size in MB.
        #[arg(long, default_value_t = 16)]
        hash: usize,
    },
    /// List the variants.
    Variants,
    /// Play self-play games and write quiet positions labelled with the game result
    /// and the search score, for `tune` (docs/tuning.md).
    Datagen(DatagenArgs),
    /// Fit a variant's evaluation table to `datagen` data (docs/tuning.md).
    Tune(TuneArgs),
    /// Serve the browser GUI on 127.0.0.1 and print its address (docs/gui.md).
    Gui {
        /// The engine to attach: a shell command line that speaks the protocol
        /// (default: this binary).
        #[arg(long, value_name = "CMD")]
        engine: Option<String>,
        /// Port to listen on (0 picks a free one).
        #[arg(long, default_value_t = 8080)]
        port: u16,
    },
    /// Play a match between two engines (see docs/matches.md).
    Match(Box<MatchArgs>),
    /// Merge the PGN files of a (sharded) match and print its report (docs/matches.md).
    MatchMerge(MatchMergeArgs),
}

#[derive(Args)]
struct MatchArgs {
    /// First engine: a shell command line (run with `sh -c`).
    #[arg(long, value_name = "CMD")]
    engine1: String,
    /// Second engine: a shell command line (run with `sh -c`).
    #[arg(long, value_name = "CMD")]
    engine2: String,
    /// `setoption` for engine 1, repeatable, e.g. `--engine1-option Hash=64`.
    #[arg(long = "engine1-option", value_name = "NAME=VALUE")]
    engine1_options: Vec<String>,
    /// `setoption` for engine 2, repeatable.
    #[arg(long = "engine2-option", value_name = "NAME=VALUE")]
    engine2_options: Vec<String>,
    /// Display name of engine 1 (default: its `id name`).
    #[arg(long, value_name = "NAME")]
    engine1_name: Option<String>,
    /// Display name of engine 2 (default: its `id name`).
    #[arg(long, value_name = "NAME")]
    engine2_name: Option<String>,
    /// Variant name (see `manifold variants`).
    #[arg(long)]
    variant: String,
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Clock: base seconds + increment seconds, e.g. `10+0.1` (the default).
    #[arg(long, value_name = "BASE+INC", group = "limit")]
    tc: Option<Limit>,
    /// Fixed time per move in milliseconds.
    #[arg(long, value_name = "MS", group = "limit")]
    movetime: Option<u64>,
    /// Fixed nodes per move.
    #[arg(long, value_name = "N", group = "limit")]
    nodes: Option<u64>,
    /// Fixed depth per move.
    #[arg(long, value_name = "D", group = "limit")]
    depth: Option<u32>,
    /// Openings file: one per line, `startpos [moves ...]`, `FEN` or `FEN; moves ...`.
    #[arg(long, value_name = "FILE", conflicts_with = "random_plies")]
    openings: Option<PathBuf>,
    /// Start every game pair from K random sub-moves (seeded).
    #[arg(long, value_name = "K")]
    random_plies: Option<usize>,
    /// Chess960 games (chess, crazyhouse, atomic): every pair from start position
    /// N (0-959, 518 = the standard array), or from a seeded random N per pair
    /// when N is left out; with --openings, the file's positions as Chess960
    /// games. Engines get `setoption name UCI_Chess960 value true`.
    #[arg(long, value_name = "N", num_args = 0..=1)]
    chess960: Option<Option<u32>>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the games as PGN to this file.
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Stop early by SPRT, e.g. `elo0=0,elo1=5,alpha=0.05,beta=0.05`; over game pairs
    /// (`model=pentanomial`, the default) or single games (`model=trinomial`).
    #[arg(long, value_name = "PARAMS")]
    sprt: Option<SprtConfig>,
    /// Milliseconds an engine may overstep its time before losing on time.
    #[arg(long, value_name = "MS", default_value_t = protocol::matches::DEFAULT_TIME_MARGIN_MS)]
    timemargin: u64,
    /// Milliseconds a silent engine is waited for under --nodes/--depth.
    #[arg(long, value_name = "MS", default_value_t = protocol::matches::DEFAULT_HANG_TIMEOUT_MS)]
    hang_timeout: u64,
    /// Adjudicate a game as won when, for the last TURNS turns of each side, one
    /// engine's score is at least SCORE centipawns and the other's at most -SCORE
    /// (mates count beyond any bound), e.g. `turns=3,score=600`. Off by default.
    #[arg(long, value_name = "turns=N,score=CP")]
    resign: Option<protocol::matches::ResignRule>,
    /// Adjudicate a game as drawn when, from full move AFTER on, both engines'
    /// scores stayed within +-SCORE centipawns for their last TURNS turns each,
    /// e.g. `after=40,turns=8,score=10`. Off by default.
    #[arg(long, value_name = "after=N,turns=N,score=CP")]
    draw: Option<protocol::matches::DrawRule>,
    /// The PGN Event tag.
    #[arg(long, default_value = "Manifold match")]
    event: String,
    /// No per-game lines and no progress bar; only the final report.
    #[arg(long)]
    quiet: bool,
    /// Play only shard K of N (0 <= K < N): the game pairs p with p % N == K of the
    /// match (same openings and game numbers); merge with `manifold match-merge`.
    #[arg(long, value_name = "K/N", allow_hyphen_values = true)]
    shard: Option<protocol::matches::Shard>,
}

#[derive(Args)]
struct DatagenArgs {
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Games in the whole data set (all shards together).
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Nodes per searched sub-move (the default when no limit is given: 5000).
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Depth per searched sub-move instead of nodes.
    #[arg(long, value_name = "D", conflicts_with = "nodes")]
    depth: Option<u32>,
    /// Random sub-moves that open each game (not written).
    #[arg(long, value_name = "K", default_value_t = 8)]
    random_plies: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (one search thread each).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Play only shard K of N (K = 0..N-1): games i with i % N == K.
    #[arg(long, value_name = "K/N")]
    shard: Option<protocol::matches::Shard>,
    /// Output file; an existing one of the same variant is completed, not replaced.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Transposition table per game thread, MB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// A game reaching this many sub-moves is a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Play every game to its end by the rules (no score adjudication).
    #[arg(long)]
    no_adjudicate: bool,
}

#[derive(Args)]
struct TuneArgs {
    #[arg(long, default_value = "chess")]
    variant: String,
    /// `datagen` files of the variant.
    #[arg(required = true, value_name = "DATA")]
    data: Vec<PathBuf>,
    #[arg(long, default_value_t = 1000)]
    epochs: usize,
    /// Adam step size, centipawns.
    #[arg(long, default_value_t = 1.0)]
    learning_rate: f64,
    /// Weight of the game result in the target; the rest is the search score.
    #[arg(long, default_value_t = 1.0)]
    lambda: f64,
    /// Ridge penalty: adds L2 x (weight - starting weight)^2 per weight to the error,
    /// so that rarely seen features stay near their start (0: none).
    #[arg(long, default_value_t = 0.0)]
    l2: f64,
    /// Share of positions held out for validation.
    #[arg(long, default_value_t = 0.1)]
    validation: f64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (0: all cores).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Tune only parameters whose names start with one of these, comma-separated
    /// (e.g. `material.,hand.`); the rest keep their starting values.
    #[arg(long, value_name = "PREFIXES", value_delimiter = ',')]
    only: Vec<String>,
    /// Write the tuned table to this file (an `EvalFile`).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Write the tuned table over the built-in one, eval/tables/<variant>.txt under
    /// this source tree (rebuild to install it as the default).
    #[arg(long, value_name = "SOURCE_DIR")]
    write_builtin: Option<PathBuf>,
}

#[derive(Args)]
struct MatchMergeArgs {
    /// PGN files written by `manifold match` (one per shard, or concatenated).
    #[arg(value_name = "FILE.pgn", required = true)]
    files: Vec<PathBuf>,
    /// Also report the SPRT of the merged games, e.g. `elo0=0,elo1=5,alpha=0.05,beta=0.05`
    /// (`model=pentanomial`, the default, or `model=trinomial`).
    #[arg(long, value_name = "PARAMS")]
    sprt: Option<SprtConfig>,
    /// Report from this engine's side (default: engine 1 of the match).
    #[arg(long, value_name = "NAME")]
    engine: Option<String>,
    /// Every file is a match of its own between the same engines (another seed):
    /// games are told apart by file as well as by Round, so the files' evidence adds up.
    #[arg(long)]
    separate: bool,
}

fn parse_options(raw: &[String]) -> Result<Vec<(String, String)>, String> {
    raw.iter()
        .map(|o| {
            o.split_once('=')
                .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                .filter(|(n, _)| !n.is_empty())
                .ok_or_else(|| format!("engine option '{o}' is not NAME=VALUE"))
        })
        .collect()
}

/// Adds `setoption name VariantPath value FILE` for a `--variants` file to an
/// engine's options (unless given already), so child engines play the same
/// file-defined variants as the referee.
fn with_variant_path(
    mut options: Vec<(String, String)>,
    variants: Option<&std::path::Path>,
) -> Vec<(String, String)> {
    if let Some(path) = variants {
        if !options
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case("VariantPath"))
        {
            // Absolute, so an engine started elsewhere finds the same file.
            let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
            options.insert(0, ("VariantPath".to_string(), path.display().to_string()));
        }
    }
    options
}

fn run_match_command(a: MatchArgs, variants: Option<&std::path::Path>) -> ExitCode {
    let (opts1, opts2) = match (
        parse_options(&a.engine1_options),
        parse_options(&a.engine2_options),
    ) {
        (Ok(o1), Ok(o2)) => (
            with_variant_path(o1, variants),
            with_variant_path(o2, variants),
        ),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let engine1 = EngineSpec {
        command: a.engine1,
        options: opts1,
        name: a.engine1_name,
    };
    let engine2 = EngineSpec {
        command: a.engine2,
        options: opts2,
        name: a.engine2_name,
    };
    let mut cfg = MatchConfig::new(engine1, engine2, &a.variant);
    cfg.games = a.games;
    cfg.concurrency = a.concurrency;
    cfg.limit = match (a.tc, a.movetime, a.nodes, a.depth) {
        (Some(tc), ..) => tc,
        (_, Some(ms), ..) => Limit::MoveTime(ms),
        (_, _, Some(n), _) => Limit::Nodes(n),
        (_, _, _, Some(d)) => Limit::Depth(d),
        _ => cfg.limit,
    };
    cfg.chess960 = a.chess960.is_some();
    cfg.openings = match (a.openings, a.random_plies, a.chess960) {
        (Some(file), ..) => OpeningSource::File(file),
        (None, k, Some(start)) => OpeningSource::Chess960 {
            start,
            plies: k.unwrap_or(0),
        },
        (None, Some(k), None) => OpeningSource::RandomPlies(k),
        (None, None, None) => OpeningSource::StartPosition,
    };
    cfg.seed = a.seed;
    cfg.pgn = a.pgn;
    cfg.sprt = a.sprt;
    cfg.time_margin_ms = a.timemargin;
    cfg.hang_timeout_ms = a.hang_timeout;
    cfg.adjudication = protocol::matches::Adjudication {
        resign: a.resign,
        draw: a.draw,
    };
    cfg.event = a.event;
    cfg.report = !a.quiet;
    cfg.shard = a.shard;
    if let Some(shard) = a.shard {
        if a.games > 0 && shard.games(a.games).is_empty() {
            eprintln!(
                "warning: shard {shard} has no games: --games {} makes {} game pair(s)",
                a.games,
                a.games.div_ceil(2)
            );
        }
    }
    match protocol::matches::run_match(&cfg) {
        Ok(summary) => {
            println!();
            print!("{summary}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run_match_merge_command(a: MatchMergeArgs) -> ExitCode {
    let opts = protocol::matches::merge::MergeOptions {
        sprt: a.sprt,
        engine: a.engine,
        separate: a.separate,
    };
    match protocol::matches::merge::merge_files(&a.files, &opts) {
        Ok(m) => {
            for w in &m.warnings {
                eprintln!("warning: {w}");
            }
            println!(
                "Merged {} games from {} file(s) ({} read, {} duplicate(s) counted once)",
                m.summary.tally.games(),
                m.files,
                m.games_read,
                m.duplicates
            );
            println!();
            print!("{}", m.summary);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Reads an `--eval` file (`None` without the flag).
fn read_eval_file(path: Option<&std::path::Path>) -> Result<Option<String>, String> {
    path.map(|p| std::fs::read_to_string(p).map_err(|e| format!("--eval {}: {e}", p.display())))
        .transpose()
}

fn run_datagen_command(a: DatagenArgs, eval: Option<&std::path::Path>) -> ExitCode {
    let table = match read_eval_file(eval) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let cfg = protocol::datagen::DatagenConfig {
        variant: a.variant,
        games: a.games,
        nodes: if a.depth.is_some() {
            None
        } else {
            Some(a.nodes.unwrap_or(5000))
        },
        depth: a.depth,
        random_plies: a.random_plies,
        seed: a.seed,
        threads: a.threads,
        shard: a.shard.map_or((0, 1), |s| (s.index, s.count)),
        out: a.out,
        hash_mb: a.hash,
        max_plies: a.max_plies,
        adjudicate: !a.no_adjudicate,
        progress: true,
        eval_table: table,
    };
    match protocol::datagen::run(&cfg) {
        Ok(s) => {
            println!(
                "games {} (skipped, already in the file: {}), positions {}, {:.1} s, {:.0} positions/s, {:.2} games/s, White/draw/Black {}/{}/{}",
                s.games,
                s.skipped,
                s.positions,
                s.elapsed_secs,
                s.positions_per_sec,
                s.games as f64 / s.elapsed_secs.max(1e-9),
                s.white_wins,
                s.draws,
                s.black_wins
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run_tune_command(a: TuneArgs, eval: Option<&std::path::Path>) -> ExitCode {
    let fail = |e: String| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    };
    let start = match read_eval_file(eval) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    let builtin_path = a.write_builtin.as_ref().map(|dir| {
        dir.join("eval")
            .join("tables")
            .join(format!("{}.txt", a.variant))
    });
    if let Some(p) = &builtin_path {
        if !p.is_file() {
            return fail(format!(
                "--write-builtin: {} is not a built-in table of this source tree",
                p.display()
            ));
        }
    }
    let cfg = protocol::tune::TuneConfig {
        variant: a.variant,
        data: a.data,
        epochs: a.epochs,
        learning_rate: a.learning_rate,
        lambda: a.lambda,
        l2: a.l2,
        validation: a.validation,
        seed: a.seed,
        threads: a.threads,
        start,
        only: a.only,
        progress: true,
    };
    let r = match protocol::tune::run(&cfg) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    println!(
        "{} positions ({} malformed lines, {} unreadable FENs skipped), loaded in {:.1} s",
        r.positions, r.skipped_lines, r.unreadable_fens, r.load_seconds
    );
    println!(
        "K {:.6}; error train {:.6} -> {:.6}, validation {:.6} -> {:.6}; kept epoch {} of {}; {:.1} epochs/s",
        r.k,
        r.train_error.0,
        r.train_error.1,
        r.validation_error.0,
        r.validation_error.1,
        r.best_epoch,
        r.epochs,
        r.epochs_per_second
    );
    println!();
    print!("{}", r.piece_table());
    let text = r.table_text();
    for path in a.out.iter().chain(builtin_path.iter()) {
        if let Err(e) = std::fs::write(path, &text) {
            return fail(format!("{}: {e}", path.display()));
        }
        println!("wrote {}", path.display());
    }
    if a.out.is_none() && builtin_path.is_none() {
        println!();
        print!("{text}");
    }
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    if let Some(path) = &cli.variants {
        match engine::variants::defined::registry::load_variants_file(path) {
            Ok(n) => log::info!("{}: {n} variant(s) loaded", path.display()),
            Err(e) => {
                eprintln!("error: --variants: {e}");
                return ExitCode::from(2);
            }
        }
    }
    match cli.command {
        None => {
            protocol::uci::run_stdio(cli.eval.as_deref().and_then(|p| p.to_str()));
            ExitCode::SUCCESS
        }
        Some(Command::Bench { depth }) => {
            protocol::bench::run(depth, &mut |line| println!("{line}"));
            ExitCode::SUCCESS
        }
        Some(Command::Search {
            variant,
            fen,
            depth,
            movetime,
            threads,
            hash,
        }) => {
            let Some(mut session) = protocol::registry::new_session(&variant) else {
                eprintln!(
                    "error: unknown variant '{variant}' (known: {})",
                    protocol::registry::names().join(", ")
                );
                return ExitCode::from(2);
            };
            let table = match read_eval_file(cli.eval.as_deref()) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            if let Err(e) = session.set_eval_table(table.as_deref()) {
                eprintln!("error: --eval: {e}");
                return ExitCode::from(2);
            }
            if let Some(fen) = fen {
                if let Err(e) = session.game_mut().set_fen(&fen) {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            }
            let mut searcher = engine::search::Searcher::default();
            searcher.threads = threads;
            searcher.hash_mb = hash;
            let limits = engine::search::Limits {
                depth: depth.or(if movetime.is_none() { Some(8) } else { None }),
                movetime,
                ..Default::default()
            };
            let report = session.search(&mut searcher, &limits, &mut |line| println!("{line}"));
            println!("bestmove {}", report.bestmove);
            ExitCode::SUCCESS
        }
        Some(Command::Match(args)) => run_match_command(*args, cli.variants.as_deref()),
        Some(Command::MatchMerge(args)) => run_match_merge_command(args),
        Some(Command::Datagen(args)) => run_datagen_command(args, cli.eval.as_deref()),
        Some(Command::Tune(args)) => run_tune_command(args, cli.eval.as_deref()),
        Some(Command::Gui { engine, port }) => {
            let engine = match engine {
                Some(line) => gui::EngineCommand::Shell(line),
                None => match std::env::current_exe() {
                    // The engine it starts loads the same variants file.
                    Ok(exe) => gui::EngineCommand::Program(
                        exe,
                        cli.variants
                            .iter()
                            .flat_map(|p| {
                                let p = std::fs::canonicalize(p).unwrap_or_else(|_| p.clone());
                                ["--variants".to_string(), p.display().to_string()]
                            })
                            .collect(),
                    ),
                    Err(e) => {
                        eprintln!("error: cannot find this binary to run as the engine: {e}");
                        return ExitCode::FAILURE;
                    }
                },
            };
            match gui::run(gui::Config { engine, port }) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some(Command::Variants) => {
            for n in protocol::registry::names() {
                println!("{n}");
            }
            ExitCode::SUCCESS
        }
        Some(Command::Perft {
            variant,
            fen,
            chess960,
            depth,
            divide,
            threads,
        }) => {
            let Some(mut game) = protocol::registry::new_game(&variant) else {
                eprintln!(
                    "error: unknown variant '{variant}' (known: {})",
                    protocol::registry::names().join(", ")
                );
                return ExitCode::from(2);
            };
            if let Some(n) = chess960 {
                let Some(fen) = engine::variants::chess::chess960::start_fen(n) else {
                    eprintln!("error: --chess960 takes a start position number from 0 to 959");
                    return ExitCode::from(2);
                };
                if !game.set_chess960(true) {
                    eprintln!("error: variant '{variant}' has no Chess960 form (chess, crazyhouse, atomic have)");
                    return ExitCode::from(2);
                }
                if let Err(e) = game.set_fen(&fen) {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
                println!("Chess960 position {n}: {}", game.fen());
            }
            if let Some(fen) = fen {
                if let Err(e) = game.set_fen(&fen) {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            }
            let start = Instant::now();
            let nodes = if divide {
                let lines = game.divide(depth, threads);
                for (m, n) in &lines {
                    println!("{m}: {n}");
                }
                lines.iter().map(|(_, n)| n).sum()
            } else {
                game.perft(depth, threads)
            };
            let secs = start.elapsed().as_secs_f64();
            println!();
            println!("Nodes searched: {nodes}");
            println!("Time: {:.3} s", secs);
            println!("Nodes/second: {:.0}", nodes as f64 / secs.max(1e-9));
            ExitCode::SUCCESS
        }
    }
}
