//! Sharded matches (`manifold match --shard K/N`) and `manifold match-merge`,
//! through the real binary: the shards together play exactly the games of the
//! unsharded match (same Rounds, colours, openings and — the engines being
//! deterministic at a fixed depth — the same moves), merging their PGN gives the
//! unsharded result, and bad shards and bad merge inputs are errors (exit code 2).

use protocol::matches::pgn::parse_pgn;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_manifold");

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("manifold-it-shard-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Starts `manifold match` on fast chess games (depth 1, random openings).
fn start_match(pgn: &Path, extra: &[&str]) -> Child {
    Command::new(BIN)
        .arg("match")
        .args(["--engine1", BIN, "--engine2", BIN, "--variant", "chess"])
        .args(["--depth", "1", "--games", "8", "--random-plies", "4"])
        .args(["--seed", "7", "--quiet", "--pgn"])
        .arg(pgn)
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start manifold match")
}

fn finish(child: Child, what: &str) -> String {
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{what} failed: {}\nstdout:\n{stdout}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn merge(args: &[&Path], extra: &[&str]) -> Output {
    Command::new(BIN)
        .arg("match-merge")
        .args(args)
        .args(extra)
        .stdin(Stdio::null())
        .output()
        .expect("run manifold match-merge")
}

/// The `W/D/L: ...` line of a report.
fn wdl(report: &str) -> String {
    report
        .lines()
        .find(|l| l.starts_with("W/D/L: "))
        .unwrap_or_else(|| panic!("no W/D/L line in:\n{report}"))
        .to_string()
}

/// A game as compared across runs: colours, start and every turn.
#[derive(Debug, PartialEq, Eq)]
struct Game {
    white: String,
    black: String,
    fen: Option<String>,
    moves: Vec<String>,
    result: String,
}

fn games_by_round(path: &Path) -> BTreeMap<u32, Game> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = BTreeMap::new();
    for g in parse_pgn(&text).expect("the PGN parses") {
        let round: u32 = g
            .tag("Round")
            .and_then(|r| r.parse().ok())
            .expect("every game has a numeric Round tag");
        let game = Game {
            white: g.tag("White").unwrap().to_string(),
            black: g.tag("Black").unwrap().to_string(),
            fen: g.tag("FEN").map(str::to_string),
            moves: g.moves.clone(),
            result: g.result.clone(),
        };
        assert!(
            out.insert(round, game).is_none(),
            "Round {round} twice in {path:?}"
        );
    }
    out
}

#[test]
fn shards_play_the_unsharded_games_and_merge_to_its_result() {
    let dir = temp_dir("play");
    let all = dir.join("all.pgn");
    let s0 = dir.join("s0.pgn");
    let s1 = dir.join("s1.pgn");
    // All three at once: the test stays short.
    let runs = [
        start_match(&all, &[]),
        start_match(&s0, &["--shard", "0/2"]),
        start_match(&s1, &["--shard", "1/2", "--concurrency", "2"]),
    ];
    let [all_run, s0_run, s1_run] = runs;
    let all_out = finish(all_run, "unsharded match");
    let s0_out = finish(s0_run, "shard 0/2");
    let s1_out = finish(s1_run, "shard 1/2");
    assert!(s0_out.contains("Shard 0/2"), "{s0_out}");
    assert!(s1_out.contains("Shard 1/2"), "{s1_out}");

    // Shard 0 has pairs 0 and 2 (Rounds 1, 2, 5, 6), shard 1 pairs 1 and 3.
    let whole = games_by_round(&all);
    let g0 = games_by_round(&s0);
    let g1 = games_by_round(&s1);
    assert_eq!(
        whole.keys().copied().collect::<Vec<_>>(),
        (1..=8).collect::<Vec<_>>()
    );
    assert_eq!(g0.keys().copied().collect::<Vec<_>>(), [1, 2, 5, 6]);
    assert_eq!(g1.keys().copied().collect::<Vec<_>>(), [3, 4, 7, 8]);
    for (round, game) in g0.iter().chain(g1.iter()) {
        let expected = &whole[round];
        // The opening (4 random sub-moves, one turn each in chess) is the pair's,
        // whichever shard plays it.
        assert_eq!(
            game.moves[..4],
            expected.moves[..4],
            "opening of Round {round}"
        );
        assert_eq!(game, expected, "Round {round}");
    }
    // The two games of a pair share their opening.
    for pair in 0..4u32 {
        assert_eq!(
            whole[&(2 * pair + 1)].moves[..4],
            whole[&(2 * pair + 2)].moves[..4]
        );
    }

    // Merging the shards gives the unsharded match's result.
    let merged = merge(&[&s0, &s1], &[]);
    let merged_out = String::from_utf8_lossy(&merged.stdout).to_string();
    assert!(
        merged.status.success(),
        "{merged_out}\n{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    let merged_all = merge(&[&all], &[]);
    let merged_all_out = String::from_utf8_lossy(&merged_all.stdout).to_string();
    assert!(merged_all.status.success(), "{merged_all_out}");
    assert_eq!(wdl(&merged_out), wdl(&merged_all_out));
    assert_eq!(wdl(&merged_out), wdl(&all_out));
    assert!(merged_out.contains("8 games"), "{merged_out}");
    // The figures below the header are the match's own report.
    let tail = |report: &str| -> Vec<String> {
        let start = report.find("W/D/L: ").unwrap();
        report[start..].lines().map(str::to_string).collect()
    };
    assert_eq!(tail(&merged_out), tail(&all_out));

    // The concatenation of everything: duplicates counted once, with warnings.
    let mut cat = std::fs::read_to_string(&s0).unwrap();
    cat.push_str(&std::fs::read_to_string(&s1).unwrap());
    cat.push_str(&std::fs::read_to_string(&all).unwrap());
    let cat_path = dir.join("cat.pgn");
    std::fs::write(&cat_path, cat).unwrap();
    let out = merge(&[&cat_path], &["--sprt", "elo0=0,elo1=10"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert_eq!(wdl(&stdout), wdl(&all_out));
    assert!(stdout.contains("8 duplicate(s)"), "{stdout}");
    assert_eq!(stderr.matches("counted once").count(), 8, "{stderr}");
    assert!(stdout.contains("SPRT (elo0=0 elo1=10"), "{stdout}");
    assert!(stdout.contains("LLR "), "{stdout}");

    // From engine 2's side (White in the even Rounds): the mirror image.
    let engine2 = whole[&2].white.clone();
    let out = merge(&[&s0, &s1], &["--engine", &engine2]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let numbers = |line: &str| -> Vec<u32> {
        line.trim_start_matches("W/D/L: ")
            .split_whitespace()
            .next()
            .unwrap()
            .split('/')
            .map(|n| n.parse().unwrap())
            .collect()
    };
    let (mirror, straight) = (numbers(&wdl(&stdout)), numbers(&wdl(&all_out)));
    assert_eq!(mirror, [straight[2], straight[1], straight[0]], "{stdout}");
    assert!(
        stdout.contains(&format!("(from {engine2}'s side)")),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_shards_are_errors_before_anything_runs() {
    // The engines do not exist: had the match started, the error would be theirs.
    for bad in [
        "2/2", "5/4", "0/0", "1/0", "x", "1-2", "0/", "/2", "-1/2", "1/2/3", "",
    ] {
        let out = Command::new(BIN)
            .args([
                "match",
                "--engine1",
                "/nonexistent/e1",
                "--engine2",
                "/nonexistent/e2",
            ])
            .args(["--variant", "chess", "--games", "4", "--shard", bad])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--shard '{bad}': {stderr}");
        assert!(stderr.contains("--shard"), "--shard '{bad}': {stderr}");
        assert!(
            !stderr.contains("nonexistent"),
            "--shard '{bad}' ran: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "--shard '{bad}': {stderr}");
    }
}

#[test]
fn bad_merge_inputs_are_errors() {
    let dir = temp_dir("merge-errors");
    let write = |name: &str, text: &[u8]| -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let game = |round: u32, white: &str, black: &str| {
        format!(
            "[Event \"x\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n\
             [Result \"1-0\"]\n[Variant \"chess\"]\n[Termination \"White wins by checkmate\"]\n\n\
             1. e2e4 1-0\n\n"
        )
    };
    let good = write("good.pgn", game(1, "a", "b").as_bytes());
    let three = write(
        "three.pgn",
        (game(1, "a", "b") + &game(2, "c", "a")).as_bytes(),
    );
    let cases: Vec<(&str, Vec<PathBuf>, Vec<&str>, &str)> = vec![
        ("no file", vec![], vec![], "FILE"),
        (
            "missing file",
            vec![dir.join("missing.pgn")],
            vec![],
            "missing.pgn",
        ),
        ("a directory", vec![dir.clone()], vec![], "error"),
        (
            "not PGN",
            vec![write("notes.txt", b"just some notes\n")],
            vec![],
            "not a PGN file",
        ),
        (
            "binary",
            vec![write("binary.pgn", &[0xff, 0xfe, 0x00, 0x9c, 0x80])],
            vec![],
            "not a PGN file",
        ),
        (
            "no games",
            vec![write("empty.pgn", b"")],
            vec![],
            "no finished games",
        ),
        (
            "no players",
            vec![write("noplayers.pgn", b"[Event \"x\"]\n\n1. e2e4 1-0\n")],
            vec![],
            "White",
        ),
        (
            "three engines",
            vec![three],
            vec![],
            "more than two engines",
        ),
        (
            "unknown --engine",
            vec![good.clone()],
            vec!["--engine", "zz"],
            "zz",
        ),
        (
            "bad --sprt",
            vec![good.clone()],
            vec!["--sprt", "elo0=5,elo1=1"],
            "elo0",
        ),
    ];
    for (what, files, extra, message) in cases {
        let out = Command::new(BIN)
            .arg("match-merge")
            .args(&files)
            .args(&extra)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
        assert!(stderr.contains("error"), "{what}: {stderr}");
        assert!(stderr.contains(message), "{what}: {stderr}");
        assert!(!stderr.contains("panicked"), "{what}: {stderr}");
    }
    // The good file alone merges.
    let out = merge(&[&good], &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("W/D/L: 1/0/0 (from a's side)"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tools/pgn_ledger.py` keeps a match's tags and results only (the form in which a
/// long SPRT's evidence is kept in the repository, docs/ledgers/): merged, a ledger
/// gives exactly the report of its PGN.
#[test]
fn a_results_ledger_merges_to_the_report_of_its_pgn() {
    let dir = temp_dir("ledger");
    let pgn = dir.join("games.pgn");
    finish(start_match(&pgn, &[]), "match");
    let tool = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/pgn_ledger.py");
    let out = Command::new("python3")
        .arg(&tool)
        .arg(&pgn)
        .output()
        .expect("run python3 tools/pgn_ledger.py");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ledger_text = String::from_utf8(out.stdout).unwrap();
    let ledger = dir.join("ledger.pgn");
    std::fs::write(&ledger, &ledger_text).unwrap();

    let games = parse_pgn(&ledger_text).expect("the ledger parses");
    assert_eq!(games.len(), 8, "{ledger_text}");
    assert!(
        games.iter().all(|g| g.moves.is_empty()),
        "the ledger keeps no moves"
    );
    let full_text = std::fs::read_to_string(&pgn).unwrap();
    assert!(
        ledger_text.len() * 4 < full_text.len(),
        "the ledger is not smaller"
    );

    let sprt = ["--separate", "--sprt", "elo0=0,elo1=10"];
    let from_pgn = merge(&[pgn.as_path()], &sprt);
    let from_ledger = merge(&[ledger.as_path()], &sprt);
    assert!(from_pgn.status.success() && from_ledger.status.success());
    let report = String::from_utf8_lossy(&from_pgn.stdout).to_string();
    assert!(report.contains("W/D/L: "), "{report}");
    assert_eq!(report, String::from_utf8_lossy(&from_ledger.stdout));
}
