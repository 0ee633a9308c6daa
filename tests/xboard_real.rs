//! Platonic Chess played by the real XBoard (Debian's `xboard`, run under
//! `xvfb-run -a`), judged from XBoard's own debug log: no move refused, every move
//! passed on and legal, and the game ends with a result. `.ci/run` installs xboard,
//! xvfb and xauth; this test installs nothing and fails if they are missing.
//!
//! Set `XBOARD_SCREENSHOT=<file.xwd>` to have the engine-against-engine game's board
//! captured (with `xwd`, from x11-apps) after 40 moves; docs/gui/xboard-platonic.png
//! was made that way (`xwdtopnm | pamcut -width 376 -height 456 | pnmtopng`, netpbm).

use engine::game::Game;
use engine::variants::platonic::Platonic;
use engine::Position;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One XBoard at a time: `xvfb-run -a` picks a free display, racily.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const ENGINE: &str = env!("CARGO_BIN_EXE_manifold");

fn find_program(name: &str) -> PathBuf {
    let path = std::env::var("PATH").unwrap_or_default();
    for dir in path.split(':').chain(["/usr/games", "/usr/bin"]) {
        let p = Path::new(dir).join(name);
        if p.is_file() {
            return p;
        }
    }
    panic!("{name} not found: install xboard, xvfb and xauth (.ci/run does)");
}

/// A fresh directory for one run: debug log, saved game, and HOME (so no
/// ~/.xboardrc from an earlier run changes the options).
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("manifold-xboard-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("home")).unwrap();
    d
}

/// XBoard under `xvfb-run -a`, in its own process group so that it, Xvfb and the
/// engines can all be ended together. The shell writes the display's name to
/// `dir/display`, and xvfb-run's cookie file to `dir/xauthority`, for the screenshot.
struct XBoard {
    child: Child,
    dir: PathBuf,
}

impl XBoard {
    fn start(dir: &Path, args: &[String]) -> XBoard {
        use std::os::unix::process::CommandExt;
        let xboard = find_program("xboard");
        let mut cmd = Command::new(find_program("xvfb-run"));
        cmd.args(["-a", "-s", "-screen 0 1024x768x24", "sh", "-c"])
            .arg(r#"echo "$DISPLAY" > "$0/display"; echo "$XAUTHORITY" > "$0/xauthority"; exec "$@""#)
            .arg(dir)
            .arg(&xboard)
            .args(args)
            .env("HOME", dir.join("home"))
            // Debian puts polyglot, XBoard's UCI adapter, in /usr/games too.
            .env("PATH", format!("/usr/games:{}", std::env::var("PATH").unwrap_or_default()))
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0);
        XBoard {
            child: cmd.spawn().expect("start xvfb-run"),
            dir: dir.to_path_buf(),
        }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("xboard.debug")).unwrap_or_default()
    }

    /// Waits until XBoard exits or `done(log)` holds; false on timeout.
    fn wait(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> bool {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) || done(&self.log()) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        false
    }

    fn screenshot(&self, out: &str) {
        let display = std::fs::read_to_string(self.dir.join("display")).unwrap_or_default();
        let auth = std::fs::read_to_string(self.dir.join("xauthority")).unwrap_or_default();
        let ok = Command::new("xwd")
            .env("XAUTHORITY", auth.trim())
            .args(["-root", "-silent", "-display", display.trim(), "-out", out])
            .status()
            .is_ok_and(|s| s.success());
        eprintln!("screenshot of display {} to {out}: {ok}", display.trim());
    }

    /// Ends the whole process group: TERM (xvfb-run then stops Xvfb), then KILL.
    fn stop(&mut self) {
        let group = format!("-{}", self.child.id());
        for signal in ["-TERM", "-KILL"] {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                break;
            }
            let _ = Command::new("kill").args([signal, "--", &group]).status();
            let deadline = Instant::now() + Duration::from_secs(5);
            while Instant::now() < deadline && !matches!(self.child.try_wait(), Ok(Some(_))) {
                std::thread::sleep(Duration::from_millis(100));
            }
        }
        let _ = self.child.wait();
    }
}

impl Drop for XBoard {
    fn drop(&mut self) {
        self.stop();
    }
}

fn common_args(dir: &Path) -> Vec<String> {
    [
        "-variant",
        "platonic",
        // The pawns' rank powers cannot be described to XBoard: the engine referees.
        "-testLegality",
        "false",
        "-debug",
        "-nameOfDebugFile",
        dir.join("xboard.debug").to_str().unwrap(),
        "-xexit",
        "-xpopup",
        "-fcp",
        ENGINE,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// XBoard's square names on a 10-rank board count ranks from 0; ours from 1.
fn from_xboard(mv: &str) -> String {
    let mut out = String::new();
    for c in mv.chars() {
        match c.to_digit(10) {
            Some(d) => out.push_str(&(d + 1).to_string()),
            None => out.push(c),
        }
    }
    out
}

/// Lines that mean a move or position was refused, by XBoard or by an engine.
fn refusals(log: &str) -> Vec<&str> {
    log.lines()
        .filter(|l| {
            let l = l.to_ascii_lowercase();
            l.contains("illegal move")
                || l.contains("invalid move")
                || l.contains("tellusererror")
                || l.contains("illegal position")
                || l.contains(": error")
                || l.contains("forfeit")
        })
        .collect()
}

/// The engine moves in the log: (engine, move) for `<first : move X` lines.
fn engine_moves(log: &str) -> Vec<(&'static str, String)> {
    let mut v = Vec::new();
    for l in log.lines() {
        for (tag, who) in [("<first : move ", "first"), ("<second: move ", "second")] {
            if let Some(i) = l.find(tag) {
                v.push((who, l[i + tag.len()..].trim().to_string()));
            }
        }
    }
    v
}

/// The moves XBoard sent an engine: `>first : usermove 123 >first : b0d1`.
fn user_moves(log: &str, engine: &str) -> Vec<String> {
    let tag = format!(">{engine}: usermove");
    let tag = if engine == "first" {
        ">first : usermove".to_string()
    } else {
        tag
    };
    log.lines()
        .filter(|l| l.contains(&tag))
        .filter_map(|l| l.split_whitespace().last().map(String::from))
        .collect()
}

/// The result XBoard sent the first engine, e.g. `1-0 {White wins by checkmate}`.
fn result_sent(log: &str) -> Option<String> {
    log.lines()
        .find_map(|l| l.split_once(">first : result ").map(|(_, r)| r.to_string()))
}

fn tail(log: &str) -> String {
    let lines: Vec<&str> = log.lines().collect();
    lines[lines.len().saturating_sub(40)..].join("\n")
}

#[test]
fn xboard_plays_a_whole_platonic_game_engine_against_engine() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = scratch("two-machines");
    let mut args = common_args(&dir);
    for a in [
        "-scp",
        ENGINE,
        "-mode",
        "TwoMachines",
        "-matchGames",
        "1", // XBoard exits when the game is over
        "-tc",
        "0:20", // 20 s a side for the game
        "-inc",
        "0",
        "-adjudicateDrawMoves",
        "60", // a draw after 60 moves, if nothing ends it first
        "-saveGameFile",
        dir.join("game.pgn").to_str().unwrap(),
    ] {
        args.push(a.to_string());
    }
    let started = Instant::now();
    let mut xb = XBoard::start(&dir, &args);
    let shot = std::env::var("XBOARD_SCREENSHOT").ok();
    if let Some(out) = &shot {
        // Mid-game, while the board is full of pieces.
        xb.wait(Duration::from_secs(60), |log| engine_moves(log).len() >= 40);
        xb.screenshot(out);
    }
    let ended = xb.wait(Duration::from_secs(150), |_| false);
    xb.stop();
    let log = xb.log();
    eprintln!(
        "engine against engine: {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(
        ended,
        "XBoard did not finish the game in time:\n{}",
        tail(&log)
    );
    assert!(
        log.contains("<second: feature") && log.contains(">second: setboard"),
        "both engines should have been started and set up:\n{}",
        tail(&log)
    );
    let refused = refusals(&log);
    assert!(refused.is_empty(), "refusals in XBoard's log: {refused:#?}");

    // Every move an engine made was legal and handed to the other engine as is.
    let moves = engine_moves(&log);
    assert!(
        moves.len() >= 20,
        "only {} moves:\n{}",
        moves.len(),
        tail(&log)
    );
    let mut referee = Game::new(Platonic::startpos());
    for (i, (who, mv)) in moves.iter().enumerate() {
        let expect = if i % 2 == 0 { "first" } else { "second" };
        assert_eq!(*who, expect, "move {i} {mv} came from the wrong engine");
        referee
            .play_token(&from_xboard(mv))
            .unwrap_or_else(|e| panic!("move {i} {mv} is not legal: {e}"));
    }
    let to_second: Vec<String> = moves.iter().step_by(2).map(|(_, m)| m.clone()).collect();
    let to_first: Vec<String> = moves
        .iter()
        .skip(1)
        .step_by(2)
        .map(|(_, m)| m.clone())
        .collect();
    // XBoard promotes a pawn reaching the last rank on its own (docs/protocol.md) and
    // passes the move on with its `q`: the receiving engine must take that too.
    let passed_on = |engine: &str| -> Vec<String> {
        user_moves(&log, engine)
            .into_iter()
            .map(|m| match m.strip_suffix('q') {
                Some(s) if s.ends_with(['0', '9']) => s.to_string(),
                _ => m,
            })
            .collect()
    };
    assert_eq!(
        passed_on("second"),
        to_second,
        "White's moves as Black's engine got them"
    );
    assert_eq!(
        passed_on("first"),
        to_first,
        "Black's moves as White's engine got them"
    );

    let result = result_sent(&log).unwrap_or_else(|| panic!("no result:\n{}", tail(&log)));
    assert!(
        ["1-0 ", "0-1 ", "1/2-1/2 "]
            .iter()
            .any(|r| result.starts_with(r)),
        "no decided result: {result}"
    );
    let pgn = std::fs::read_to_string(dir.join("game.pgn")).expect("XBoard saved the game");
    assert!(!pgn.contains("[Result \"*\"]"), "{pgn}");
    eprintln!("{} moves, result {result}", moves.len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn xboard_sends_the_human_moves_from_a_loaded_game() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dir = scratch("machine-black");
    let pgn = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/xboard/machine_black.pgn"
    );
    let mut args = common_args(&dir);
    for a in [
        "-mode",
        "MachineBlack",
        "-loadGameFile",
        pgn,
        "-timeDelay",
        "0", // load the whole game at once, then hand it to the engine
        "-tc",
        "0:20",
        "-inc",
        "0",
    ] {
        args.push(a.to_string());
    }
    let started = Instant::now();
    let mut xb = XBoard::start(&dir, &args);
    // Nobody plays White after the loaded moves, so XBoard does not exit by itself:
    // wait for the result it passes on, then end it.
    let ended = xb.wait(Duration::from_secs(60), |log| result_sent(log).is_some());
    xb.stop();
    let log = xb.log();
    eprintln!("human's moves: {:.1} s", started.elapsed().as_secs_f64());
    assert!(ended, "no result in time:\n{}", tail(&log));
    let refused = refusals(&log);
    assert!(refused.is_empty(), "refusals in XBoard's log: {refused:#?}");

    // The game's moves, as the file gives them, reached the engine in order.
    let text = std::fs::read_to_string(pgn).unwrap();
    let body = text.rsplit_once('}').map_or(text.as_str(), |(_, b)| b);
    let want: Vec<String> = body
        .split_whitespace()
        .filter(|t| !t.ends_with('.') && *t != "*")
        .map(String::from)
        .collect();
    assert_eq!(want.len(), 41);
    assert_eq!(user_moves(&log, "first"), want);
    let mut referee = Game::new(Platonic::startpos());
    for mv in &want {
        referee
            .play_token(&from_xboard(mv))
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    assert!(
        referee.result().is_some(),
        "the file's game should end in mate"
    );

    // The engine saw the mate, said so, and XBoard ended the game with it.
    assert!(
        log.contains("<first : 1-0 {White wins by checkmate}"),
        "{}",
        tail(&log)
    );
    let result = result_sent(&log).unwrap();
    assert!(result.starts_with("1-0 "), "{result}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// XBoard's other way to an engine: UCI through its polyglot adapter (`-fUCI`), a
/// standard chess game, Manifold against Manifold, read from XBoard's debug log.
#[test]
fn xboard_plays_chess_with_the_engine_through_polyglot_uci() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    find_program("polyglot"); // Debian's polyglot package (.ci/run installs it)
    let dir = scratch("polyglot");
    let args: Vec<String> = [
        "-fcp",
        ENGINE,
        "-fUCI",
        "-scp",
        ENGINE,
        "-sUCI",
        "-mode",
        "TwoMachines",
        "-matchGames",
        "1",
        "-tc",
        "0:20",
        "-inc",
        "0",
        "-adjudicateDrawMoves",
        "60",
        "-debug",
        "-nameOfDebugFile",
        dir.join("xboard.debug").to_str().unwrap(),
        "-xexit",
        "-xpopup",
        "-saveGameFile",
        dir.join("game.pgn").to_str().unwrap(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut xb = XBoard::start(&dir, &args);
    let ended = xb.wait(Duration::from_secs(150), |_| false);
    xb.stop();
    let log = xb.log();
    assert!(ended, "XBoard did not finish the game:\n{}", tail(&log));
    assert!(
        log.contains("polyglot"),
        "XBoard did not use polyglot:\n{}",
        tail(&log)
    );
    let refused = refusals(&log);
    assert!(refused.is_empty(), "refused: {refused:?}");
    let moves = engine_moves(&log);
    assert!(
        moves.len() >= 20,
        "only {} engine moves:\n{}",
        moves.len(),
        tail(&log)
    );
    let pgn = std::fs::read_to_string(dir.join("game.pgn")).unwrap_or_default();
    assert!(
        ["1-0", "0-1", "1/2-1/2"]
            .iter()
            .any(|r| pgn.trim_end().ends_with(r)),
        "no result in the saved game: {pgn}"
    );
}
