//! XBoard (CECP v2) sessions for Platonic Chess, driving the real binary through
//! pipes: `manifold` reads `xboard` as its first line and then speaks CECP.

mod common;

use common::Engine;
use engine::game::Game;
use engine::variants::platonic::Platonic;
use engine::Position;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(60);

fn start() -> Engine {
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
        "done=1",
    ] {
        assert!(features.contains(want), "{want} missing from {features}");
    }
    e
}

#[test]
fn variant_definition_is_sent() {
    let mut e = start();
    e.send("new");
    e.send("variant platonic");
    let (setup, _) = e.expect(WAIT, |l| l.starts_with("setup "));
    assert_eq!(
        setup,
        format!(
            "setup (PDOI.CTpdoi.ct) 10x10+0_fairy {}",
            engine::variants::platonic::START_FEN
        )
    );
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
    e.send("usermove e3e6");
    e.expect(WAIT, |l| l == "Illegal move: e3e6");
    e.send("usermove e3e5");
    let (reply, _) = e.expect(WAIT, |l| l.starts_with("move "));
    let mut referee = Game::new(Platonic::startpos());
    referee.play_token("e3e5").unwrap();
    referee
        .play_token(&reply["move ".len()..])
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
    e.send("usermove e3e5");
    e.send("usermove e8e6");
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
    for m in ["e3e5", "e8e6", &reply["move ".len()..]] {
        referee
            .play_token(m)
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
    assert!(mv == "move f6g8" || mv == "move f6d8", "{mv}");
    let (result, _) = e.expect(WAIT, |l| l.starts_with("1-0"));
    assert_eq!(result, "1-0 {White wins by checkmate}");
    e.send("usermove e10e9");
    e.expect(WAIT, |l| l == "Illegal move (game is over): e10e9");
    e.send("setboard not a fen");
    e.expect(WAIT, |l| l.starts_with("tellusererror Illegal position"));
    // A user move that mates ends the game with the result line.
    e.send("setboard 4tt4/10/10/10/5D4/10/10/10/10/TT8 w - - 0 1");
    e.send("force");
    e.send("usermove f6d8");
    e.expect(WAIT, |l| l == "1-0 {White wins by checkmate}");
    e.quit();
}

#[test]
fn without_clock_or_depth_the_engine_still_moves() {
    let mut e = start();
    e.send("new");
    e.send("variant platonic");
    let t = std::time::Instant::now();
    e.send("usermove e3e5");
    e.expect(WAIT, |l| l.starts_with("move "));
    assert!(t.elapsed() < Duration::from_secs(30));
    e.quit();
}
