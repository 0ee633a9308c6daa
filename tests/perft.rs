//! One data-driven perft test for every variant: it reads every `*.perft` file in
//! `../shared/perft/` (published counts) and `tests/perft/` (this project's files;
//! the file-defined variants' counts in `tests/perft/variants/` are checked by
//! `tests/variants_perft.rs`, since those variants need the variants file),
//! lines `variant;FEN;depth;nodes`, and checks each line whose node count is at most
//! `PERFT_MAX_NODES` (default 5 million). The ignored test runs the deeper lines,
//! up to `PERFT_MAX_NODES` (default 500 million there).

use std::path::{Path, PathBuf};

struct Line {
    file: String,
    variant: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn perft_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in [
        engine::shared_dir().join("perft"),
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft"),
    ] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            if e.path().extension().is_some_and(|x| x == "perft") {
                files.push(e.path());
            }
        }
    }
    files.sort();
    files
}

fn read_lines() -> Vec<Line> {
    let files = perft_files();
    assert!(
        !files.is_empty(),
        "no perft files found (is ../shared beside the checkout?)"
    );
    let mut lines = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for raw in text.lines() {
            let raw = raw.trim();
            if raw.is_empty() || raw.starts_with('#') {
                continue;
            }
            let f: Vec<&str> = raw.split(';').collect();
            assert_eq!(f.len(), 4, "bad perft line in {}: {raw}", path.display());
            lines.push(Line {
                file: path.file_name().unwrap().to_string_lossy().into(),
                variant: f[0].to_string(),
                fen: f[1].to_string(),
                depth: f[2].parse().unwrap(),
                nodes: f[3].parse().unwrap(),
            });
        }
    }
    lines
}

fn run(min_nodes: u64, max_nodes: u64) {
    let mut failures = Vec::new();
    let mut ran = 0;
    for l in read_lines() {
        if l.nodes < min_nodes || l.nodes > max_nodes {
            continue;
        }
        let Some(mut game) = engine::variants::new_game(&l.variant) else {
            failures.push(format!("{}: unknown variant {}", l.file, l.variant));
            continue;
        };
        if let Err(e) = game.set_fen(&l.fen) {
            failures.push(format!("{}: {} rejected: {e}", l.file, l.fen));
            continue;
        }
        let got = game.perft(l.depth, 2);
        ran += 1;
        if got != l.nodes {
            failures.push(format!(
                "{}: {} '{}' depth {}: expected {}, got {}",
                l.file, l.variant, l.fen, l.depth, l.nodes, got
            ));
        }
    }
    println!("{ran} perft lines checked");
    assert!(
        failures.is_empty(),
        "perft failures:\n{}",
        failures.join("\n")
    );
}

fn limit(default: u64) -> u64 {
    std::env::var("PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn perft_files_up_to_five_million_nodes() {
    run(0, limit(5_000_000));
}

#[test]
#[ignore = "deep perft: minutes; run with --ignored"]
fn perft_files_deep() {
    run(5_000_001, limit(500_000_000));
}
