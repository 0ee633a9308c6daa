//! File-defined variants through the real binary: `setoption name VariantPath`,
//! `UCI_Variant`, perft, search, `d`, `eval`, the GUI's JSON answers, a bad file
//! that changes nothing, the global `--variants` flag, and a short `manifold match`
//! refereed in a file variant.
//!
//! The variant used is chess written as a variants file ("chess-file"), so its
//! perft counts are the published chess ones, read from
//! `shared/perft/chess_cpw.perft` (never from the code under test).

mod common;
use common::Engine;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_manifold");
const T: Duration = Duration::from_secs(60);
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Chess as a variants file (docs/variants.md), plus a small second variant so the
/// list has more than one entry.
const CHESS_FILE: &str = r#"# chess, defined by data
[[variant]]
name = "chess-file"
title = "Chess from a file"
board = "8x8"
start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

[[variant.piece]]
letter = "K"
name = "king"
betza = "K"
royal = true

[[variant.piece]]
letter = "Q"
name = "queen"
betza = "Q"

[[variant.piece]]
letter = "R"
name = "rook"
betza = "R"

[[variant.piece]]
letter = "B"
name = "bishop"
betza = "B"

[[variant.piece]]
letter = "N"
name = "knight"
betza = "N"

[[variant.piece]]
letter = "P"
name = "pawn"
betza = "fmWfcFifmnD"
en_passant = true

[variant.rules]
castling = true
promotion = { pieces = "P", ranks = [8], to = "QRBN", mandatory = true }

[[variant]]
name = "kings-and-men"
board = "6x6"
start = "2k3/mmmmmm/6/6/MMMMMM/2K3 w - - 0 1"

[[variant.piece]]
letter = "K"
name = "king"
betza = "K"
royal = true

[[variant.piece]]
letter = "M"
name = "man"
betza = "fmWfcF"
"#;

/// A file whose line 9 has a piece with an unknown Betza atom.
const BAD_FILE: &str = r#"[[variant]]
name = "broken"
board = "8x8"
start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"

[[variant.piece]]
letter = "K"
name = "king"
betza = "Kq!?"
royal = true
"#;
const BAD_LINE: usize = 9;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "manifold-it-variants-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// The published chess perft count of the start position at `depth`.
fn chess_perft(depth: u32) -> u64 {
    let path = engine::shared_dir().join("perft/chess_cpw.perft");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    text.lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split(';').collect();
            (f.len() == 4 && f[1] == START && f[2] == depth.to_string())
                .then(|| f[3].trim().parse().unwrap())
        })
        .next()
        .unwrap_or_else(|| panic!("no published count for depth {depth}"))
}

/// Loads `path` with `VariantPath` and returns the lines answered.
fn load(e: &mut Engine, path: &Path) -> Vec<String> {
    e.send(&format!(
        "setoption name VariantPath value {}",
        path.display()
    ));
    e.barrier()
}

fn perft_total(e: &mut Engine, depth: u32) -> u64 {
    e.send(&format!("go perft {depth}"));
    let (l, _) = e.expect(T, |l| l.starts_with("Nodes searched: "));
    l["Nodes searched: ".len()..].trim().parse().unwrap()
}

#[test]
fn variant_path_loads_a_file_and_the_variant_plays() {
    let dir = temp_dir("load");
    let file = write(&dir, "chess.toml", CHESS_FILE);
    let mut e = Engine::start();
    let lines = load(&mut e, &file);
    assert!(
        !lines.iter().any(|l| l.contains("error")),
        "loading failed: {lines:?}"
    );
    // The new variant list is announced again, and `uci` and `variants` list it.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name UCI_Variant") && l.contains(" var chess-file")),
        "{lines:?}"
    );
    e.send("uci");
    let (_, lines) = e.expect(T, |l| l == "uciok");
    let combo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .unwrap();
    assert!(combo.split_whitespace().any(|w| w == "chess"), "{combo}");
    assert!(combo.contains(" var chess-file") && combo.contains(" var kings-and-men"));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name VariantPath type string")));
    e.send("variants");
    let (l, _) = e.expect(T, |l| l.contains("chess-file"));
    assert!(l.split_whitespace().any(|w| w == "kings-and-men"), "{l}");

    e.send("setoption name UCI_Variant value chess-file");
    let lines = e.barrier();
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("variant chess-file")),
        "{lines:?}"
    );
    e.send("position startpos");
    assert_eq!(perft_total(&mut e, 1), chess_perft(1));
    assert_eq!(perft_total(&mut e, 2), chess_perft(2));

    // Moves, FENs and `d`.
    e.send("position startpos moves e2e4 e7e5 g1f3");
    let fen = e.fen();
    assert!(
        fen.starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq"),
        "{fen}"
    );
    e.send(&format!("position fen {fen}"));
    assert_eq!(e.fen(), fen);

    // A search answers a legal move (checked on a referee game of the same file).
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    let (l, _) = e.expect(T, |l| l.starts_with("bestmove "));
    let best = l.split_whitespace().nth(1).unwrap().to_string();
    engine::variants::defined::registry::load_variants_file(&file).expect("the file loads");
    let mut game = engine::variants::new_game("chess-file").expect("referee game");
    game.play("e2e4").unwrap();
    game.play(&best)
        .unwrap_or_else(|err| panic!("bestmove {best} is illegal: {err}"));

    // `eval` has named parts; the GUI's answers are JSON for this variant.
    e.send("eval");
    let (_, lines) = e.expect(T, |l| l.starts_with("total: "));
    assert!(
        lines.iter().any(|l| l.starts_with("material: ")),
        "{lines:?}"
    );
    e.send("geometry");
    let (g, _) = e.expect(T, |l| l.starts_with("{\"type\":\"geometry\""));
    let g: serde_json::Value = serde_json::from_str(&g).unwrap();
    assert_eq!(g["variant"], "chess-file");
    assert_eq!(g["cells"].as_array().unwrap().len(), 64);
    e.send("d json");
    let (p, _) = e.expect(T, |l| l.starts_with("{\"type\":\"position\""));
    let p: serde_json::Value = serde_json::from_str(&p).unwrap();
    assert_eq!(p["variant"], "chess-file");
    assert_eq!(p["board"].as_array().unwrap().len(), 64);
    e.send("moves json");
    let (m, _) = e.expect(T, |l| l.starts_with("{\"type\":\"moves\""));
    let m: serde_json::Value = serde_json::from_str(&m).unwrap();
    assert_eq!(m["moves"].as_array().unwrap().len(), 20);
    e.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_file_is_reported_by_line_and_changes_nothing() {
    let dir = temp_dir("bad");
    let good = write(&dir, "chess.toml", CHESS_FILE);
    let bad = write(&dir, "bad.toml", BAD_FILE);
    let mut e = Engine::start();
    load(&mut e, &good);
    e.send("setoption name UCI_Variant value chess-file");
    e.send("position startpos moves e2e4");
    let before = e.fen();
    e.send("variants");
    let (list_before, _) = e.expect(T, |l| l.contains("chess-file"));

    let lines = load(&mut e, &bad);
    let err = lines
        .iter()
        .find(|l| l.starts_with("info string error"))
        .unwrap_or_else(|| panic!("no error for a bad file: {lines:?}"));
    assert!(err.contains("bad.toml"), "{err}");
    assert!(err.contains(&format!(":{BAD_LINE}:")), "{err}");
    assert!(err.contains("broken"), "{err}");
    assert!(err.contains("betza"), "{err}");
    // Nothing changed: the list, the variant and the position.
    e.send("variants");
    let (list_after, _) = e.expect(T, |l| l.contains("chess"));
    assert_eq!(list_before, list_after);
    assert!(!list_after.contains("broken"));
    assert_eq!(e.fen(), before);
    e.send("setoption name UCI_Variant value broken");
    let lines = e.barrier();
    assert!(
        lines.iter().any(|l| l.contains("unknown variant")),
        "{lines:?}"
    );
    // A missing file is an error too.
    let lines = load(&mut e, &dir.join("missing.toml"));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string error") && l.contains("missing.toml")));
    assert_eq!(e.fen(), before);
    e.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_variants_flag_loads_the_file_for_perft_and_bad_files_exit_2() {
    let dir = temp_dir("flag");
    let file = write(&dir, "chess.toml", CHESS_FILE);
    let out = Command::new(BIN)
        .args(["--variants", file.to_str().unwrap()])
        .args(["perft", "--variant", "chess-file", "--depth", "3"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains(&format!("Nodes searched: {}", chess_perft(3))),
        "{stdout}"
    );
    // The flag is global: after the subcommand too.
    let out = Command::new(BIN)
        .args(["variants", "--variants", file.to_str().unwrap()])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.lines().any(|l| l == "chess-file"), "{stdout}");
    assert!(stdout.lines().any(|l| l == "chess"), "{stdout}");

    let bad = write(&dir, "bad.toml", BAD_FILE);
    let out = Command::new(BIN)
        .args(["--variants", bad.to_str().unwrap(), "variants"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&format!(":{BAD_LINE}:")), "{stderr}");

    // The protocol started with the flag knows the variant from the start.
    let mut e = Engine::start_with(&["--variants", file.to_str().unwrap()]);
    e.send("setoption name UCI_Variant value kings-and-men");
    let lines = e.barrier();
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    e.send("go depth 2");
    let (l, _) = e.expect(T, |l| l.starts_with("bestmove "));
    assert_ne!(l, "bestmove (none)");
    e.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_match_is_refereed_in_a_file_variant() {
    let dir = temp_dir("match");
    let file = write(&dir, "chess.toml", CHESS_FILE);
    engine::variants::defined::registry::load_variants_file(&file).expect("the file loads");
    common::check_selfplay(Some(&file), "kings-and-men", 2, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A piece added to Pentaplane's draft by a variants file (docs/variants.md,
/// "Adding a piece to Pentaplane's draft").
const PENTAPLANE_PIECE: &str = r#"
[[pentaplane.piece]]
letter = "W"
name = "warden"
moves = [
  { family = "rook", travel = "step" },
  { family = "bishop", travel = "slide", range = 2, mode = "move" },
]
missile = "bishop"
"#;

#[test]
fn a_file_adds_a_piece_to_pentaplanes_draft_and_unloading_restores_it() {
    let dir = temp_dir("pentaplane");
    let file = write(&dir, "warden.toml", PENTAPLANE_PIECE);
    let other = write(&dir, "chess.toml", CHESS_FILE);
    let bad = write(
        &dir,
        "bad.toml",
        &PENTAPLANE_PIECE.replace("letter = \"W\"", "letter = \"R\""),
    );
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value pentaplane");
    e.send("position startpos");
    // The spec: an unordered pair from the 9 selectable kinds, 45 selections.
    assert_eq!(perft_total(&mut e, 1), 45);
    load(&mut e, &file);
    e.send("setoption name UCI_Variant value pentaplane");
    e.send("position startpos");
    // With one designed piece: (9 + 1)(10 + 1) / 2 selections.
    assert_eq!(perft_total(&mut e, 1), 55);
    e.send("position startpos moves =WW =RR");
    assert!(e.fen().contains("[RRWWrrww]"), "{}", e.fen());
    // A letter Pentaplane already uses is refused on its line; nothing changes.
    let lines = load(&mut e, &bad);
    assert!(
        lines.iter().any(|l| l.starts_with("info string error")
            && l.contains("bad.toml:2:")
            && l.contains("pentaplane.piece.R")),
        "{lines:?}"
    );
    e.send("position startpos");
    assert_eq!(perft_total(&mut e, 1), 55);
    // A file without Pentaplane pieces gives Pentaplane its own draft back.
    load(&mut e, &other);
    e.send("setoption name UCI_Variant value pentaplane");
    e.send("position startpos");
    assert_eq!(perft_total(&mut e, 1), 45);
    e.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file variant's piece values are learned: `datagen` self-play in it, then
/// `tune` fits one value per non-royal piece and prints them as `value =` lines
/// for the variants file.
#[test]
fn datagen_and_tune_learn_a_file_variants_piece_values() {
    let dir = temp_dir("tune");
    let file = write(&dir, "chess.toml", CHESS_FILE);
    let data = dir.join("data.txt");
    let run = |args: &[&str]| {
        let out = Command::new(BIN)
            .args(["--variants", file.to_str().unwrap()])
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(
            out.status.success(),
            "{args:?}: {text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        text
    };
    run(&[
        "datagen",
        "--variant",
        "chess-file",
        "--games",
        "6",
        "--depth",
        "2",
        "--seed",
        "3",
        "--out",
        data.to_str().unwrap(),
    ]);
    let report = run(&[
        "tune",
        "--variant",
        "chess-file",
        data.to_str().unwrap(),
        "--epochs",
        "60",
        "--validation",
        "0",
    ]);
    // "K ...; error train A -> B, ..." : the error falls.
    let errors = report
        .lines()
        .find(|l| l.starts_with("K "))
        .unwrap_or_else(|| panic!("no error line: {report}"));
    let train: Vec<f64> = errors
        .split("error train ")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap()
        .split(" -> ")
        .map(|x| x.trim().parse().unwrap())
        .collect();
    assert!(train[1] < train[0], "{errors}");
    // One value per non-royal piece (5 in chess), the king is not valued.
    assert_eq!(report.matches("\nvalue = ").count(), 5, "{report}");
    assert!(report.contains("material.knight (N)"), "{report}");
    assert!(!report.contains("(K)"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}
