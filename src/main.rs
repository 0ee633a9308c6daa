//! The `manifold` binary: with no arguments it speaks the protocol on stdin/stdout;
//! subcommands run perft, bench and matches from the command line.

use clap::{Parser, Subcommand};
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
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal sub-move tree.
    Perft {
        /// Variant name (see `manifold variants`).
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Start from this FEN instead of the start position.
        #[arg(long)]
        fen: Option<String>,
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
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    match cli.command {
        None => {
            protocol::uci::run_stdio();
            ExitCode::SUCCESS
        }
        Some(Command::Bench { depth }) => {
            for line in protocol::bench::run(depth) {
                println!("{line}");
            }
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
        Some(Command::Variants) => {
            for n in protocol::registry::names() {
                println!("{n}");
            }
            ExitCode::SUCCESS
        }
        Some(Command::Perft {
            variant,
            fen,
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
