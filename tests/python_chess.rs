//! The engine driven by python-chess (`pip install chess`; `.ci/run` installs it), the
//! client library that lichess-bot and many tools use: whole games of chess,
//! crazyhouse and atomic, each from the standard start and a Chess960 start, with time,
//! depth, node and clock limits, MultiPV 3 and pondering. python-chess checks every
//! answer with its own move generator; any exception fails the test. Also the `wdl`
//! field of `UCI_ShowWDL`, which python-chess parses.

use std::process::Command;

#[test]
fn python_chess_plays_whole_games() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/clients/python_chess_games.py"
    );
    let out = Command::new("python3")
        .args([script, env!("CARGO_BIN_EXE_manifold")])
        .output()
        .expect("python3 must be installed");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("No module named 'chess'"),
        "python-chess is missing: pip install chess (.ci/run does)"
    );
    println!("{stdout}");
    assert!(
        out.status.success(),
        "python-chess failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("7 passed, 0 failed"), "{stdout}");
}
