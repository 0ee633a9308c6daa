//! The runner against fake engines (small shell scripts) on the toy race game, so
//! these tests do not depend on which real variants are registered.

use super::toygame::race;
use super::*;
use std::path::{Path, PathBuf};

/// A fresh temporary directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("manifold-matches-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes a fake engine that answers the handshake and runs `on_go` for `go`.
fn fake_engine(dir: &Path, name: &str, on_go: &str) -> EngineSpec {
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        r#"while read -r line; do
  case "$line" in
    uci) echo "id name {name}"; echo "option name UCI_Variant type combo default race var race"; echo uciok ;;
    isready) echo readyok ;;
    go*) {on_go} ;;
    quit) exit 0 ;;
  esac
done
"#
    );
    std::fs::write(&path, script).unwrap();
    EngineSpec {
        command: format!("sh {}", path.display()),
        options: vec![],
        name: None,
    }
}

fn config(e1: EngineSpec, e2: EngineSpec, games: usize) -> MatchConfig {
    let mut cfg = MatchConfig::new(e1, e2, "race");
    cfg.games = games;
    cfg.limit = Limit::Clock {
        base_ms: 5_000,
        inc_ms: 50,
    };
    cfg.handshake_timeout_ms = 5_000;
    cfg
}

#[test]
fn partial_turns_are_asked_again_and_colours_alternate() {
    let dir = temp_dir("partial");
    // "one" answers a single sub-move, so it is asked twice per turn; "two" answers
    // a whole turn ending early with 0000. Both add 2 per turn, so White always
    // reaches 10 first: each engine wins its White games.
    let one = fake_engine(
        &dir,
        "one",
        "echo 'info depth 3 score cp 12'; echo 'bestmove p1'",
    );
    let two = fake_engine(&dir, "two", "echo 'bestmove p2,0000'");
    let mut cfg = config(one, two, 4);
    cfg.pgn = Some(dir.join("games.pgn"));
    cfg.concurrency = 2;
    let s = run_match_with(&cfg, &*race()).unwrap();
    assert_eq!(s.tally, Tally::new(2, 0, 2), "{s}\n{:?}", s.games);
    assert_eq!(s.names, ["one".to_string(), "two".to_string()]);
    for g in &s.games {
        let white_is_one = g.index % 2 == 0;
        assert_eq!(g.white, if white_is_one { "one" } else { "two" });
        assert_eq!(g.result, GameResult::WhiteWins, "game {}", g.index);
        assert_eq!(g.termination.category, "reaching the target");
    }
    assert_eq!(s.terminations.get("reaching the target"), Some(&4));
    assert_eq!(s.books["one"].tally, Tally::new(2, 0, 2));

    // The PGN parses back and replays to the recorded result.
    let text = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    let games = parse_pgn(&text).unwrap();
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(g.tag("Variant"), Some("race"));
        let end = pgn::replay_with(g, &*race(), 0).unwrap();
        let outcome = end.result().expect("game finished");
        let expected = match g.tag("Result").unwrap() {
            "1-0" => engine::Side::White,
            "0-1" => engine::Side::Black,
            other => panic!("unexpected result {other}"),
        };
        assert!(matches!(outcome, engine::Outcome::Win { winner, .. } if winner == expected));
        assert_eq!(g.result, g.tag("Result").unwrap());
        assert!(g.tag("FEN").is_none(), "standard start has no FEN tag");
    }
    // "one"'s turns are two sub-moves joined by a comma, asked for separately.
    let first_one_white = games
        .iter()
        .find(|g| g.tag("White") == Some("one"))
        .unwrap();
    assert_eq!(first_one_white.moves[0], "p1,p1");
    assert_eq!(first_one_white.moves[1], "p2,0000");
    assert!(text.contains("{cp 12/3 "), "scores are logged: {text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn misbehaving_engines_lose_by_the_right_reason() {
    let dir = temp_dir("misbehave");
    let good = fake_engine(&dir, "good", "echo 'bestmove p1'");
    let cases: [(&str, &str, &str); 5] = [
        (
            "illegal",
            "echo 'bestmove p7'",
            referee::category::ILLEGAL_MOVE,
        ),
        (
            "overlong",
            "echo 'bestmove p1,p1,p1'",
            referee::category::ILLEGAL_MOVE,
        ),
        ("crash", "exit 3", referee::category::CRASH),
        (
            "garbage",
            "echo 'hello, I am not an engine'",
            referee::category::MALFORMED,
        ),
        ("nomove", "echo 'bestmove'", referee::category::MALFORMED),
    ];
    for (name, on_go, category) in cases {
        let bad = fake_engine(&dir, name, on_go);
        // Bad engine as engine 2: it loses as Black (game 1) and as White (game 2),
        // and the match goes on after the first loss.
        let cfg = config(good.clone(), bad, 2);
        let s = run_match_with(&cfg, &*race()).unwrap();
        assert_eq!(s.tally, Tally::new(2, 0, 0), "{name}");
        for g in &s.games {
            assert_eq!(
                g.termination.category, category,
                "{name}: {}",
                g.termination.detail
            );
        }
        assert_eq!(s.books[name].losses.get(category), Some(&2), "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn silent_engine_loses_on_time_or_as_hung() {
    let dir = temp_dir("silent");
    let good = fake_engine(&dir, "good", "echo 'bestmove p2,0000'");
    let silent = fake_engine(&dir, "silent", ":");
    let mut cfg = config(silent.clone(), good.clone(), 2);
    cfg.limit = Limit::Clock {
        base_ms: 500,
        inc_ms: 0,
    };
    cfg.time_margin_ms = 50;
    let start = std::time::Instant::now();
    let s = run_match_with(&cfg, &*race()).unwrap();
    assert_eq!(s.tally, Tally::new(0, 0, 2));
    assert!(s
        .games
        .iter()
        .all(|g| g.termination.category == referee::category::TIME_FORFEIT));
    assert!(start.elapsed() < std::time::Duration::from_secs(10));

    let mut cfg = config(good, silent, 2);
    cfg.limit = Limit::Nodes(1000);
    cfg.hang_timeout_ms = 1000;
    let s = run_match_with(&cfg, &*race()).unwrap();
    assert_eq!(s.tally, Tally::new(2, 0, 0));
    assert!(s
        .games
        .iter()
        .all(|g| g.termination.category == referee::category::HANG));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sprt_stops_a_one_sided_match() {
    let dir = temp_dir("sprt");
    let good = fake_engine(&dir, "good", "echo 'bestmove p1'");
    let bad = fake_engine(&dir, "bad", "echo 'bestmove p9'");
    let mut cfg = config(bad, good, 60);
    cfg.sprt = Some("elo0=0,elo1=50,alpha=0.05,beta=0.05".parse().unwrap());
    let s = run_match_with(&cfg, &*race()).unwrap();
    let sprt = s.sprt.unwrap();
    assert_eq!(sprt.decision, SprtDecision::AcceptH0);
    assert!(s.stopped_early);
    assert!(
        s.tally.games() < 60 && s.tally.games() >= 2,
        "{:?}",
        s.tally
    );
    assert!(sprt.llr <= sprt.bounds.0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn openings_file_and_random_openings() {
    let dir = temp_dir("openings");
    let a = fake_engine(&dir, "a", "echo 'bestmove p1'");
    let b = fake_engine(&dir, "b", "echo 'bestmove p1'");
    std::fs::write(
        dir.join("book.txt"),
        "# race openings\nstartpos moves p2,0000 p1\n4 b 0; moves p2\n",
    )
    .unwrap();
    let mut cfg = config(a.clone(), b.clone(), 4);
    cfg.openings = OpeningSource::File(dir.join("book.txt"));
    cfg.pgn = Some(dir.join("book.pgn"));
    let s = run_match_with(&cfg, &*race()).unwrap();
    assert_eq!(s.games.len(), 4);
    let games = parse_pgn(&std::fs::read_to_string(dir.join("book.pgn")).unwrap()).unwrap();
    // Games 1-2: opening 1 (White's whole turn, then the first half of Black's,
    // which Black's engine completes); games 3-4: opening 2 from a FEN.
    assert!(
        games[0]
            .moves
            .starts_with(&["p2,0000".to_string(), "p1,p1".to_string()]),
        "{:?}",
        games[0].moves
    );
    let fen_games: Vec<_> = games.iter().filter(|g| g.tag("FEN").is_some()).collect();
    assert_eq!(fen_games.len(), 2);
    for g in &fen_games {
        assert_eq!(g.tag("FEN"), Some("4 b 0"));
        assert_eq!(g.tag("SetUp"), Some("1"));
        pgn::replay_with(g, &*race(), 0).unwrap();
    }

    // A bad openings file is an error before any game.
    std::fs::write(dir.join("bad.txt"), "startpos moves p5\n").unwrap();
    cfg.openings = OpeningSource::File(dir.join("bad.txt"));
    assert!(matches!(
        run_match_with(&cfg, &*race()),
        Err(MatchError::Openings(_))
    ));

    // Random openings are reproducible from the seed.
    let proto = race();
    let o1 = openings::random_opening(&*proto, 3, 7, 0);
    assert_eq!(o1, openings::random_opening(&*proto, 3, 7, 0));
    assert_eq!(o1.moves.len(), 3);
    let variety: std::collections::HashSet<_> = (0..20)
        .map(|p| openings::random_opening(&*proto, 3, 7, p).moves)
        .collect();
    assert!(variety.len() > 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn engine_that_cannot_start_is_a_match_error() {
    let dir = temp_dir("nostart");
    let good = fake_engine(&dir, "good", "echo 'bestmove p1'");
    let missing = EngineSpec {
        command: "exec /nonexistent/engine".into(),
        options: vec![],
        name: None,
    };
    let cfg = config(good, missing, 2);
    assert!(matches!(
        run_match_with(&cfg, &*race()),
        Err(MatchError::EngineStart { engine: 2, .. })
    ));
    let _ = std::fs::remove_dir_all(&dir);
}
