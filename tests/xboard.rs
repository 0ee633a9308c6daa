//! XBoard (CECP v2) sessions for Platonic Chess, driving the real binary through
//! pipes: `manifold` reads `xboard` as its first line and then speaks CECP.
//! Under CECP the ranks of the 10-rank board are numbered from 0 (`a0`..`j9`), as
//! XBoard numbers them; the referee here uses ours (`a1`..`j10`), converted by
//! `ours()`. tests/xboard_real.rs plays against the real XBoard.

mod common;

use common::Engine;
use engine::game::Game;
use engine::variants::platonic::Platonic;
use engine::Position;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(60);

/// XBoard's square names to ours: each rank digit 0..9 becomes 1..10.
fn ours(mv: &str) -> String {
    mv.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => (d + 1).to_string(),
            None => c.to_string(),
        })
        .collect()
}

fn setup_line() -> String {
    format!(
        "setup (PDOIQCTpdoiqct) 10x10+0_fairy {}",
        engine::variants::platonic::START_FEN.replace(" AJaj ", " KQkq ")
    )
}

/// Starts a session; returns it with the lines sent between `protover` and
/// `feature done=1`.
fn start_seen() -> (Engine, Vec<String>) {
    let mut e = Engine::start();
    e.send("xboard");
    e.send("protover 2");
    let (features, _) = e.expect(WAIT, |l| l.starts_with("feature "));
    for want in [
        "setboard=1",
        "usermove=1",
        "san=0",
        "myname=\"Manifold\"",
        "variants=\"platonic\"",
        "done=0",
    ] {
        assert!(features.contains(want), "{want} missing from {features}");
    }
    let (_, seen) = e.expect(WAIT, |l| l == "feature done=1");
    (e, seen)
}

fn start() -> Engine {
    start_seen().0
}

#[test]
fn the_board_is_defined_before_done_1() {
    // XBoard loads a game file right after done=1, before any answer to `variant`.
    let (e, seen) = start_seen();
    assert_eq!(seen.first(), Some(&setup_line()), "{seen:?}");
    assert!(seen.iter().any(|l| l == "piece D& NA"), "{seen:?}");
    e.quit();
}

#[test]
fn variant_definition_is_sent() {
    let mut e = start();
    e.send("new");
    e.send("variant platonic");
    let (setup, _) = e.expect(WAIT, |l| l.starts_with("setup "));
    assert_eq!(setup, setup_line());
    let mut pieces = Vec::new();
    e.send("ping 1");
    let (_, seen) = e.expect(WAIT, |l| l == "pong 1");
    for l in seen {
        pieces.push(l);
    }
    for want in [
        "piece T& W",
        "piece C& FfR2",
        "piece O& B2",
        "piece D& NA",
        "piece I& R4A",
        "piece P& fmWfceFifmnD",
    ] {
        assert!(pieces.iter().any(|l| l == want), "{want} not in {pieces:?}");
    }
    e.send("variant chess");
    e.expect(WAIT, |l| l == "Error (unsupported variant): chess");
    e.quit();
}

#[test]
fn user_moves_engine_replies_and_illegal_moves_are_refused() {
    let mut e = start();
    e.send("new");
    e.send("variant platonic");
    e.send("sd 2");
    // Our e3e6 (three steps): refused, echoed as sent.
    e.send("usermove e2e5");
    e.expect(WAIT, |l| l == "Illegal move: e2e5");
    // Our a10: no such square under XBoard's numbering.
    e.send("usermove a10a9");
    e.expect(WAIT, |l| l == "Illegal move: a10a9");
    // Our e3e5.
    e.send("usermove e2e4");
    let (reply, _) = e.expect(WAIT, |l| l.starts_with("move "));
    let reply = &reply["move ".len()..];
    assert!(
        reply.len() == 4 && !reply.contains("10"),
        "ranks 0..9: {reply}"
    );
    let mut referee = Game::new(Platonic::startpos());
    referee.play_token("e3e5").unwrap();
    referee
        .play_token(&ours(reply))
        .expect("the engine's reply is legal");
    e.send("foo");
    e.expect(WAIT, |l| l == "Error (unknown command): foo");
    e.quit();
}

#[test]
fn force_mode_then_go_and_level_time_commands() {
    let mut e = start();
    e.send("new");
    e.send("variant platonic");
    e.send("level 40 5 0");
    e.send("time 30000");
    e.send("otim 30000");
    e.send("force");
    e.send("usermove e2e4");
    e.send("usermove e7e5");
    e.send("ping 2");
    let (_, seen) = e.expect(WAIT, |l| l == "pong 2");
    assert!(
        !seen.iter().any(|l| l.starts_with("move ")),
        "moved in force mode: {seen:?}"
    );
    e.send("sd 1");
    e.send("st 1");
    e.send("go");
    let (reply, _) = e.expect(WAIT, |l| l.starts_with("move "));
    let mut referee = Game::new(Platonic::startpos());
    for m in ["e2e4", "e7e5", &reply["move ".len()..]] {
        referee
            .play_token(&ours(m))
            .unwrap_or_else(|err| panic!("{m}: {err}"));
    }
    e.send("?");
    e.quit();
}

#[test]
fn setboard_mate_and_game_end() {
    let mut e = start();
    e.send("new");
    e.send("variant platonic");
    e.send("setboard 4tt4/10/10/10/5D4/10/10/10/10/TT8 w - - 0 1");
    e.send("sd 2");
    e.send("go");
    let (mv, _) = e.expect(WAIT, |l| l.starts_with("move "));
    assert!(mv == "move f5g7" || mv == "move f5d7", "{mv}");
    let (result, _) = e.expect(WAIT, |l| l.starts_with("1-0"));
    assert_eq!(result, "1-0 {White wins by checkmate}");
    e.send("usermove e9e8");
    e.expect(WAIT, |l| l == "Illegal move (game is over): e9e8");
    e.send("setboard not a fen");
    e.expect(WAIT, |l| l.starts_with("tellusererror Illegal position"));
    // A user move that mates ends the game with the result line.
    e.send("setboard 4tt4/10/10/10/5D4/10/10/10/10/TT8 w - - 0 1");
    e.send("force");
    e.send("usermove f5d7");
    e.expect(WAIT, |l| l == "1-0 {White wins by checkmate}");
    e.quit();
}

#[test]
fn without_clock_or_depth_the_engine_still_moves() {
    let mut e = start();
    e.send("new");
    e.send("variant platonic");
    let t = std::time::Instant::now();
    e.send("usermove e2e4");
    e.expect(WAIT, |l| l.starts_with("move "));
    assert!(t.elapsed() < Duration::from_secs(30));
    e.quit();
}

#[test]
fn the_first_move_and_the_pv_use_xboard_ranks() {
    // Issue 18: XBoard refused `b1d2`; on its board that move is `b0d1`.
    let mut e = start();
    e.send("new");
    e.send("variant platonic");
    e.send("post");
    e.send("sd 3");
    e.send("go");
    let (mv, seen) = e.expect(WAIT, |l| l.starts_with("move "));
    let mv = &mv["move ".len()..];
    assert!(mv.len() == 4, "{mv}");
    let mut referee = Game::new(Platonic::startpos());
    referee
        .play_token(&ours(mv))
        .unwrap_or_else(|err| panic!("{mv}: {err}"));
    // White's pieces stand on XBoard's ranks 0 and 2.
    assert!(matches!(&mv[1..2], "0" | "2"), "{mv}");
    let pv = seen.last().expect("post lines");
    let first = pv.split_whitespace().nth(4).expect("a PV");
    assert_eq!(first, mv, "{pv}");
    e.quit();
}

#[test]
fn setboard_takes_the_fen_xboard_really_sends() {
    let mut e = start();
    e.send("new");
    e.send("variant platonic");
    e.send("force");
    e.send("ping 2");
    e.expect(WAIT, |l| l == "pong 2");
    // What XBoard 4.9.1 sent the second engine (castling KQ, a stray e.p. square).
    e.send("setboard idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI w KQ a8 0 1");
    e.send("setboard idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI w KQkq - 0 1");
    // Rights XBoard believes in but the pieces do not back are dropped, not refused.
    e.send("setboard 1docttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI w KQkq - 0 1");
    // A real e.p. square, named by XBoard's file (its rank is not trusted).
    e.send(
        "setboard idocttcodi/10/pppp1ppppp/10/3Pp5/10/10/PPP1PPPPPP/10/IDOCTTCODI w KQkq e8 0 3",
    );
    e.send("ping 3");
    let (_, seen) = e.expect(WAIT, |l| l == "pong 3");
    assert!(seen.is_empty(), "{seen:?}");
    // ... and the engine knows it: d5xe6 (ours d6xe7) e.p. is legal.
    e.send("usermove d5e6");
    e.send("ping 4");
    let (_, seen) = e.expect(WAIT, |l| l == "pong 4");
    assert!(seen.is_empty(), "e.p. refused: {seen:?}");
    // XBoard's own promotion of a pawn on the last rank: `q` or `.` after the move.
    e.send("setboard 4tt4/P9/10/10/10/10/10/10/10/4TT4 w - - 0 1");
    e.send("usermove a8a9q");
    e.send("usermove e9e8");
    e.send("setboard Q3tt4/10/10/10/10/10/10/10/10/4TT4 b - - 0 1");
    e.send("ping 5");
    let (_, seen) = e.expect(WAIT, |l| l == "pong 5");
    assert!(seen.is_empty(), "{seen:?}");
    e.send("setboard nonsense w KQ - 0 1");
    e.expect(WAIT, |l| l.starts_with("tellusererror Illegal position"));
    e.quit();
}
