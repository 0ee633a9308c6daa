//! `manifold match` through the real binary: misbehaving fake engines (shell scripts
//! written here) lose by the right reason while the match goes on, the PGN parses
//! back and replays through the referee, and — once the binary speaks the protocol —
//! short matches of `manifold` against itself in every registered variant.
//!
//! The runner needs a registered variant as its referee. Tests that need one pick
//! `chess` if registered, else the first variant `manifold variants` lists, and
//! skip (with a note on stderr) when there is none. The runner's logic is also
//! covered without any variant by the unit tests in `protocol/src/matches/tests.rs`.

use protocol::matches::pgn::{parse_pgn, replay};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_manifold");

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("manifold-it-matches-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn registered_variants() -> Vec<String> {
    let out = Command::new(BIN)
        .arg("variants")
        .output()
        .expect("run manifold variants");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// `chess` if registered, else the first variant; `None` (skip) when there is none.
fn some_variant() -> Option<String> {
    let v = registered_variants();
    let pick = v.iter().find(|n| *n == "chess").or(v.first()).cloned();
    if pick.is_none() {
        eprintln!("skipped: no variant registered yet (`manifold variants` is empty)");
    }
    pick
}

/// A fake engine: answers the handshake; `on_position` runs for `position`
/// lines (with the line's words in "$@"), `on_go` for `go`.
fn fake_engine(dir: &Path, name: &str, on_position: &str, on_go: &str) -> String {
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        r#"while read -r line; do
  case "$line" in
    uci) echo "id name {name}"; echo uciok ;;
    isready) echo readyok ;;
    position*) set -- $line; {on_position} ;;
    go*) {on_go} ;;
    quit) exit 0 ;;
  esac
done
"#
    );
    std::fs::write(&path, script).unwrap();
    format!("sh {}", path.display())
}

fn run_match(args: &[&str]) -> Output {
    let out = Command::new(BIN)
        .arg("match")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run manifold match");
    if !out.status.success() {
        panic!(
            "manifold match failed: {}\nstdout:\n{}\nstderr:\n{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    out
}

/// The `Termination` tags of a PGN file, in game order.
fn terminations(pgn: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(pgn).unwrap();
    let mut games = parse_pgn(&text).expect("the PGN parses back");
    games.sort_by_key(|g| g.tag("Round").and_then(|r| r.parse::<u32>().ok()));
    games
        .iter()
        .map(|g| g.tag("Termination").unwrap_or_default().to_string())
        .collect()
}

#[test]
fn illegal_mover_and_crasher_lose_and_the_match_goes_on() {
    let Some(variant) = some_variant() else {
        return;
    };
    let dir = temp_dir("illegal-crash");
    let illegal = fake_engine(&dir, "illegal", ":", "echo 'bestmove xx99yy99'");
    let crash = fake_engine(&dir, "crasher", ":", "exit 7");
    let pgn = dir.join("games.pgn");
    let out = run_match(&[
        "--engine1",
        &illegal,
        "--engine2",
        &crash,
        "--variant",
        &variant,
        "--games",
        "4",
        "--tc",
        "5+0.1",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    // Engine 1 has White in games 1 and 3 and moves first: illegal move. Engine 2
    // has White in games 2 and 4: it crashes. Every game is played.
    assert!(stdout.contains("W/D/L: 2/0/2"), "{stdout}");
    let t = terminations(&pgn);
    assert_eq!(t.len(), 4, "{t:?}");
    assert!(
        t[0].contains("illegal move 'xx99yy99'") && t[2].contains("illegal move"),
        "{t:?}"
    );
    assert!(
        t[1].contains("crashed") && t[1].contains("exit code 7") && t[3].contains("crashed"),
        "{t:?}"
    );
    assert!(
        stdout.contains("illegal move: 2") && stdout.contains("crash: 2"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn silent_and_garbage_engines_lose_by_their_reason() {
    let Some(variant) = some_variant() else {
        return;
    };
    let dir = temp_dir("silent-garbage");
    let silent = fake_engine(&dir, "silent", ":", ":");
    let garbage = fake_engine(&dir, "garbage", ":", "echo 'this is not the protocol'");
    let pgn = dir.join("games.pgn");
    let started = std::time::Instant::now();
    let out = run_match(&[
        "--engine1",
        &silent,
        "--engine2",
        &garbage,
        "--variant",
        &variant,
        "--games",
        "2",
        "--tc",
        "1+0",
        "--timemargin",
        "100",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "a silent engine must not hang the runner"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let t = terminations(&pgn);
    assert!(t[0].contains("lost on time"), "{t:?}");
    assert!(
        t[1].contains("malformed reply") && t[1].contains("this is not the protocol"),
        "{t:?}"
    );
    assert!(
        stdout.contains("time forfeit: 1") && stdout.contains("malformed reply: 1"),
        "{stdout}"
    );

    // Without a clock (fixed depth) a silent engine is a hang after --hang-timeout.
    let out = run_match(&[
        "--engine1",
        &silent,
        "--engine2",
        &garbage,
        "--variant",
        &variant,
        "--games",
        "1",
        "--depth",
        "3",
        "--hang-timeout",
        "1000",
        "--quiet",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("hang: 1"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A chess engine that shuffles knights (g1f3, g8f6, f3g1, f6g8, ...), counting
/// the moves in `position` to know where it stands.
fn knight_shuffler(dir: &Path, name: &str) -> String {
    fake_engine(
        dir,
        name,
        r#"n=0; seen=0; for w in "$@"; do if [ $seen = 1 ]; then n=$((n+1)); fi; if [ "$w" = moves ]; then seen=1; fi; done"#,
        r#"case $((n % 4)) in 0) echo 'info depth 1 score cp 5'; echo 'bestmove g1f3' ;; 1) echo 'bestmove g8f6' ;; 2) echo 'bestmove f3g1' ;; 3) echo 'bestmove f6g8' ;; esac"#,
    )
}

#[test]
fn chess_pgn_parses_back_and_replays() {
    if !registered_variants().iter().any(|v| v == "chess") {
        eprintln!("skipped: chess is not registered yet");
        return;
    }
    let dir = temp_dir("chess-pgn");
    let a = knight_shuffler(&dir, "shuffler-a");
    let b = knight_shuffler(&dir, "shuffler-b");
    let pgn = dir.join("games.pgn");
    let out = run_match(&[
        "--engine1",
        &a,
        "--engine2",
        &b,
        "--variant",
        "chess",
        "--games",
        "2",
        "--concurrency",
        "2",
        "--movetime",
        "100",
        "--pgn",
        pgn.to_str().unwrap(),
        "--event",
        "shuffle test",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("W/D/L: 0/2/0"), "{stdout}");
    let games = parse_pgn(&std::fs::read_to_string(&pgn).unwrap()).unwrap();
    assert_eq!(games.len(), 2);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g.tag("Event"), Some("shuffle test"));
        assert_eq!(g.tag("Variant"), Some("chess"));
        assert_eq!(g.tag("Result"), Some("1/2-1/2"));
        assert!(g.tag("FEN").is_none());
        assert!(
            g.tag("Termination").unwrap().contains("repetition"),
            "{:?}",
            g.tags
        );
        // Start position again after plies 4 and 8: the third occurrence draws.
        assert_eq!(
            g.moves,
            ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"]
        );
        let end = replay(g, i).unwrap();
        assert!(matches!(end.result(), Some(engine::Outcome::Draw(_))));
    }

    // An openings file with a FEN: the PGN carries FEN + SetUp and still replays.
    let book = dir.join("book.txt");
    std::fs::write(
        &book,
        // After 1. e4: not the start position, so the PGN needs FEN and SetUp.
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1; moves e7e5 g1f3\n",
    )
    .unwrap();
    let illegal = fake_engine(&dir, "illegal", ":", "echo 'bestmove e1e8'");
    let pgn2 = dir.join("book.pgn");
    run_match(&[
        "--engine1",
        &a,
        "--engine2",
        &illegal,
        "--variant",
        "chess",
        "--games",
        "2",
        "--openings",
        book.to_str().unwrap(),
        "--pgn",
        pgn2.to_str().unwrap(),
        "--quiet",
    ]);
    let games = parse_pgn(&std::fs::read_to_string(&pgn2).unwrap()).unwrap();
    assert_eq!(games.len(), 2);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g.tag("SetUp"), Some("1"));
        assert_eq!(
            g.tag("FEN"),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        );
        assert!(
            g.moves
                .starts_with(&["e7e5".to_string(), "g1f3".to_string()]),
            "{:?}",
            g.moves
        );
        replay(g, i).unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether the binary answers `uci` with `uciok` (the lead's protocol is in).
fn speaks_protocol() -> bool {
    let mut child = Command::new(BIN)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start manifold");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(b"uci\nisready\nquit\n");
    }
    let (tx, rx) = std::sync::mpsc::channel();
    let mut stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        let mut s = String::new();
        use std::io::Read;
        let _ = stdout.read_to_string(&mut s);
        let _ = tx.send(s);
    });
    let text = rx.recv_timeout(Duration::from_secs(10)).unwrap_or_default();
    let _ = child.kill();
    let _ = child.wait();
    text.lines().any(|l| l.trim() == "uciok")
}

/// Variants in which self-play must not lose on time. The others search deep
/// trees whose time checks are coarser (see the issue notes), so a time loss
/// there is reported but does not fail the test.
const STRICT_TIME_VARIANTS: &[&str] = &["chess"];

/// Four games of `manifold` against itself in every registered variant. Runs once
/// the binary speaks the protocol; skips (with a note) before that.
#[test]
fn manifold_against_itself_in_every_variant() {
    if !speaks_protocol() {
        eprintln!("skipped: the binary does not answer 'uci' with 'uciok' yet");
        return;
    }
    let dir = temp_dir("selfplay");
    for variant in registered_variants() {
        let pgn = dir.join(format!("{variant}.pgn"));
        let out = run_match(&[
            "--engine1",
            BIN,
            "--engine2",
            BIN,
            "--variant",
            &variant,
            "--games",
            "4",
            "--concurrency",
            "2",
            // A short fixed time, not a depth: the engine must keep to it, and a
            // fixed depth can take long in a tactical variant (qsearch of drops).
            "--movetime",
            "30",
            "--timemargin",
            "1000",
            "--random-plies",
            "4",
            "--pgn",
            pgn.to_str().unwrap(),
            "--quiet",
        ]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains("games"), "{stdout}");
        let games = parse_pgn(&std::fs::read_to_string(&pgn).unwrap()).unwrap();
        assert_eq!(games.len(), 4, "{variant}");
        for (i, g) in games.iter().enumerate() {
            let termination = g.tag("Termination").unwrap_or_default();
            // Two copies of the engine must speak the protocol and play legal moves.
            for fault in ["illegal move", "crashed", "malformed", "could not start"] {
                assert!(
                    !termination.contains(fault),
                    "{variant} game {}: {termination}",
                    i + 1
                );
            }
            // Keeping to the time is checked strictly in chess; elsewhere a forfeit
            // is reported (a search that overruns `go movetime` in some variant is
            // the engine's problem, which the runner is right to record).
            let time_fault = ["lost on time", "did not reply"]
                .iter()
                .any(|f| termination.contains(f));
            if time_fault {
                assert!(
                    !STRICT_TIME_VARIANTS.contains(&variant.as_str()),
                    "{variant} game {}: {termination}",
                    i + 1
                );
                eprintln!("warning: {variant} game {}: {termination}", i + 1);
            }
            let end = replay(g, i).unwrap();
            assert!(
                time_fault || end.result().is_some(),
                "{variant} game {} replays to a finished game",
                i + 1
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
