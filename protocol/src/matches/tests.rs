//! The runner against fake engines (small shell scripts) on the toy race game, so
//! these tests do not depend on which real variants are registered.

use super::toygame::race;
use super::*;
use std::collections::BTreeMap;
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
            // match-merge reads the category back from the Termination tag.
            assert_eq!(
                referee::category_of_detail(&g.termination.detail),
                category,
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
    for g in &s.games {
        assert_eq!(
            referee::category_of_detail(&g.termination.detail),
            g.termination.category
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_lists_other_variants_is_refused_before_any_game() {
    let dir = temp_dir("unlisted");
    let good = fake_engine(&dir, "good", "echo 'bestmove p2'");
    let other = fake_engine(&dir, "other", "echo 'bestmove p2'");
    // The second engine plays only "chess" (Fairy-Stockfish builds lack some variants).
    let script = dir.join("other.sh");
    let text = std::fs::read_to_string(&script).unwrap();
    std::fs::write(&script, text.replace("var race", "var chess")).unwrap();
    let mut cfg = config(good, other, 2);
    cfg.pgn = Some(dir.join("games.pgn"));
    match run_match_with(&cfg, &*race()) {
        Err(e @ MatchError::VariantNotPlayed { engine: 2, .. }) => {
            let text = e.to_string();
            assert!(text.contains("'race'") && text.contains("chess"), "{text}");
        }
        other => panic!("expected the variant to be refused, got {other:?}"),
    }
    assert!(!dir.join("games.pgn").exists(), "no game was played");
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

#[test]
fn shard_values() {
    assert_eq!("0/2".parse::<Shard>(), Ok(Shard { index: 0, count: 2 }));
    assert_eq!(" 3/4 ".parse::<Shard>(), Ok(Shard { index: 3, count: 4 }));
    assert_eq!("0/1".parse::<Shard>().unwrap().to_string(), "0/1");
    for bad in [
        "2/2", "5/4", "0/0", "1/0", "x", "1-2", "", "/2", "1/", "-1/2", "a/b", "1/2/3",
    ] {
        let e = bad.parse::<Shard>().unwrap_err();
        assert!(e.contains("K/N") || e.contains("shard"), "{bad}: {e}");
    }
    let s = |k, n| Shard::new(k, n).unwrap();
    assert_eq!(s(0, 2).games(8), vec![0, 1, 4, 5]);
    assert_eq!(s(1, 2).games(8), vec![2, 3, 6, 7]);
    assert_eq!(s(0, 2).games(5), vec![0, 1, 4]);
    assert_eq!(s(1, 3).games(4), vec![2, 3]);
    assert!(s(2, 3).games(4).is_empty());
    assert_eq!(s(0, 1).games(3), vec![0, 1, 2]);
    // Every game in exactly one shard.
    let mut all: Vec<usize> = (0..5).flat_map(|k| s(k, 5).games(23)).collect();
    all.sort();
    assert_eq!(all, (0..23).collect::<Vec<_>>());
}

/// Games of a PGN file by Round: (White, Black, moves, result).
fn by_round(path: &Path) -> BTreeMap<usize, (String, String, Vec<String>, String)> {
    let text = std::fs::read_to_string(path).unwrap();
    parse_pgn(&text)
        .unwrap()
        .into_iter()
        .map(|g| {
            let round = g.tag("Round").unwrap().parse().unwrap();
            let white = g.tag("White").unwrap().to_string();
            let black = g.tag("Black").unwrap().to_string();
            (round, (white, black, g.moves, g.result))
        })
        .collect()
}

#[test]
fn shards_play_the_pairs_of_the_whole_match_and_merge_back() {
    let dir = temp_dir("shards");
    // "a" plays p1 (the random openings decide who reaches the target first),
    // "b" plays whole turns p2,0000: both deterministic.
    let a = fake_engine(&dir, "a", "echo 'bestmove p1'");
    let b = fake_engine(&dir, "b", "echo 'bestmove p2,0000'");
    let mut cfg = config(a, b, 7);
    cfg.openings = OpeningSource::RandomPlies(3);
    cfg.seed = 11;
    cfg.pgn = Some(dir.join("all.pgn"));
    let whole = run_match_with(&cfg, &*race()).unwrap();
    assert!(whole.shard.is_none());
    // Seven games: pairs 0-2 complete; game 7's partner was not played, so it is
    // left out of the pairs.
    assert_eq!(whole.pairs.pairs(), 3);
    let engine1_points = |g: &GameSummary| match g.result {
        GameResult::Draw => 0.5,
        GameResult::WhiteWins if g.white == whole.names[0] => 1.0,
        GameResult::BlackWins if g.black == whole.names[0] => 1.0,
        _ => 0.0,
    };
    let paired: f64 = whole.games[..6].iter().map(engine1_points).sum();
    assert!((whole.pairs.score().unwrap() * 6.0 - paired).abs() < 1e-9);
    let mut shard_files = Vec::new();
    for k in 0..3 {
        let mut c = cfg.clone();
        c.shard = Some(Shard::new(k, 3).unwrap());
        c.concurrency = 2;
        c.pgn = Some(dir.join(format!("shard{k}.pgn")));
        let s = run_match_with(&c, &*race()).unwrap();
        let expected = Shard::new(k, 3).unwrap().games(7);
        assert_eq!(
            s.games.iter().map(|g| g.index).collect::<Vec<_>>(),
            expected
        );
        assert!(!s.stopped_early);
        assert!(s.to_string().contains(&format!("Shard {k}/3")), "{s}");
        shard_files.push(c.pgn.unwrap());
    }
    // The shards' games, by Round, are the whole match's.
    let all = by_round(&dir.join("all.pgn"));
    let mut sharded = BTreeMap::new();
    for f in &shard_files {
        sharded.extend(by_round(f));
    }
    assert_eq!(all.len(), 7);
    assert_eq!(sharded, all);

    // Merged, the shards give the whole match's report.
    let opts = merge::MergeOptions::default();
    let m = merge::merge_files(&shard_files, &opts).unwrap();
    assert_eq!(m.summary.tally, whole.tally);
    assert_eq!(m.summary.names, whole.names);
    assert_eq!(m.summary.variant, "race");
    assert_eq!(m.summary.terminations, whole.terminations);
    assert_eq!(m.summary.books["a"].tally, whole.books["a"].tally);
    assert_eq!(m.duplicates, 0);
    assert!(m.warnings.is_empty(), "{:?}", m.warnings);
    // The report's figures match too (everything below the header line).
    let report = m.summary.to_string();
    let whole_report = whole.to_string();
    assert_eq!(
        report.lines().skip(1).collect::<Vec<_>>(),
        whole_report.lines().skip(1).collect::<Vec<_>>()
    );

    // A file twice (or the whole match plus a shard): duplicates counted once.
    let mut twice = shard_files.clone();
    twice.push(dir.join("all.pgn"));
    let m = merge::merge_files(&twice, &opts).unwrap();
    assert_eq!(m.summary.tally, whole.tally);
    assert_eq!(m.duplicates, 7);
    assert_eq!(m.games_read, 14);
    assert_eq!(m.warnings.len(), 7);

    // Another engine's view, and the SPRT of the merged games.
    let opts = merge::MergeOptions {
        engine: Some("b".into()),
        sprt: Some("elo0=0,elo1=50".parse().unwrap()),
        separate: false,
    };
    let m = merge::merge_files(&shard_files, &opts).unwrap();
    assert_eq!(m.summary.tally, whole.tally.flipped());
    assert_eq!(m.summary.names, ["b".to_string(), "a".to_string()]);
    let sprt = m.summary.sprt.unwrap();
    let config: SprtConfig = "elo0=0,elo1=50".parse().unwrap();
    assert_eq!(m.summary.pairs, whole.pairs.flipped());
    assert_eq!(sprt.llr, config.llr_pairs(&whole.pairs.flipped()));
    assert_eq!(sprt.other_llr, config.llr(&whole.tally.flipped()));

    // A missing shard is noticed.
    let m = merge::merge_files(&shard_files[..2], &merge::MergeOptions::default()).unwrap();
    assert!(
        m.warnings.iter().any(|w| w.contains("missing")),
        "{:?}",
        m.warnings
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_empty_shard_plays_nothing() {
    let dir = temp_dir("empty-shard");
    let a = fake_engine(&dir, "a", "echo 'bestmove p1'");
    let b = fake_engine(&dir, "b", "echo 'bestmove p1'");
    let mut cfg = config(a, b, 2);
    cfg.shard = Some(Shard::new(1, 2).unwrap());
    cfg.concurrency = 4;
    cfg.pgn = Some(dir.join("empty.pgn"));
    let s = run_match_with(&cfg, &*race()).unwrap();
    assert!(s.games.is_empty());
    assert_eq!(s.tally.games(), 0);
    assert!(!s.stopped_early);
    assert_eq!(std::fs::read_to_string(dir.join("empty.pgn")).unwrap(), "");
    // A shard that is not one is refused.
    cfg.shard = Some(Shard { index: 2, count: 2 });
    assert!(matches!(
        run_match_with(&cfg, &*race()),
        Err(MatchError::Config(_))
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn merge_refuses_what_it_cannot_count() {
    use merge::{merge_texts, MergeError, MergeOptions};
    let game = |round: u32, white: &str, black: &str, result: &str, variant: &str| {
        format!(
            "[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[Variant \"{variant}\"]\n[Termination \"White wins by checkmate\"]\n\n1. e2e4 {result}\n\n"
        )
    };
    let input = |texts: &[String]| -> Vec<(String, String)> {
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| (format!("f{i}.pgn"), t.clone()))
            .collect()
    };
    let opts = MergeOptions::default();
    assert!(matches!(merge_texts(&[], &opts), Err(MergeError::NoFiles)));
    assert!(matches!(
        merge_texts(&input(&["".into()]), &opts),
        Err(MergeError::NoGames)
    ));
    let e = merge_texts(&input(&["hello world".into()]), &opts).unwrap_err();
    assert!(matches!(e, MergeError::NotPgn { .. }), "{e}");
    assert!(e.to_string().contains("f0.pgn"), "{e}");
    let three = [
        game(1, "x", "y", "1-0", "chess"),
        game(2, "y", "z", "1-0", "chess"),
    ];
    let e = merge_texts(&input(&three), &opts).unwrap_err();
    assert!(
        matches!(e, MergeError::TooManyEngines(ref n) if n.len() == 3),
        "{e}"
    );
    let mixed = [
        game(1, "x", "y", "1-0", "chess"),
        game(2, "y", "x", "1-0", "atomic"),
    ];
    assert!(matches!(
        merge_texts(&input(&mixed), &opts),
        Err(MergeError::MixedVariants(_))
    ));
    // Two matches of different variants whose Rounds coincide: not duplicates.
    let same_rounds = [
        game(1, "x", "y", "1-0", "chess"),
        game(1, "x", "y", "1-0", "atomic"),
    ];
    assert!(matches!(
        merge_texts(&input(&same_rounds), &opts),
        Err(MergeError::MixedVariants(_))
    ));
    let no_white = "[Round \"1\"]\n[Black \"y\"]\n\n1. e2e4 1-0\n".to_string();
    assert!(matches!(
        merge_texts(&input(&[no_white]), &opts),
        Err(MergeError::BadGame { .. })
    ));
    let unfinished = game(1, "x", "y", "*", "chess");
    assert!(matches!(
        merge_texts(&input(&[unfinished]), &opts),
        Err(MergeError::NoGames)
    ));
    let e = merge_texts(
        &input(&[game(1, "x", "y", "1-0", "chess")]),
        &MergeOptions {
            engine: Some("q".into()),
            sprt: None,
            separate: false,
        },
    )
    .unwrap_err();
    assert!(matches!(e, MergeError::UnknownEngine { .. }), "{e}");

    // Engine 1 is White of the lowest odd Round (Black of an even one), and a
    // duplicate with another result keeps the first and says so.
    let two = [
        game(4, "x", "y", "1-0", "chess"),
        game(4, "x", "y", "0-1", "chess") + &game(3, "y", "x", "1/2-1/2", "chess"),
    ];
    let m = merge_texts(&input(&two), &opts).unwrap();
    assert_eq!(m.summary.names, ["y".to_string(), "x".to_string()]);
    assert_eq!(m.summary.tally, Tally::new(0, 1, 1));
    assert_eq!(m.duplicates, 1);
    assert!(
        m.warnings.iter().any(|w| w.contains("results differ")),
        "{:?}",
        m.warnings
    );
    assert_eq!(m.summary.terminations.get("checkmate"), Some(&2));

    // Two matches of the same engines from two seeds: the same Rounds are other
    // games, counted in full when the files are separate matches, and the missing
    // Round is looked for in each file.
    let seeds = [
        game(1, "x", "y", "1-0", "chess") + &game(2, "y", "x", "1-0", "chess"),
        game(1, "x", "y", "0-1", "chess") + &game(3, "x", "y", "1-0", "chess"),
    ];
    let together = merge_texts(&input(&seeds), &opts).unwrap();
    assert_eq!(together.duplicates, 1);
    assert_eq!(together.summary.tally.games(), 3);
    let separate = MergeOptions {
        separate: true,
        ..MergeOptions::default()
    };
    let m = merge_texts(&input(&seeds), &separate).unwrap();
    assert_eq!(m.duplicates, 0);
    assert_eq!(m.summary.names, ["x".to_string(), "y".to_string()]);
    assert_eq!(m.summary.tally, Tally::new(2, 0, 2));
    let missing: Vec<&String> = m
        .warnings
        .iter()
        .filter(|w| w.contains("missing"))
        .collect();
    assert_eq!(missing.len(), 1, "{:?}", m.warnings);
    assert!(
        missing[0].starts_with("f1.pgn: 1 of the Rounds 1-3"),
        "{missing:?}"
    );
}

#[test]
fn agreed_results_are_adjudicated_only_when_asked() {
    let dir = temp_dir("adjudication");
    // Both engines race at the same pace (White reaches the target first), but
    // "hopeful" always reports a winning score and "gloomy" a losing one.
    let hopeful = fake_engine(
        &dir,
        "hopeful",
        "echo 'info depth 5 score cp 700'; echo 'bestmove p1'",
    );
    let gloomy = fake_engine(
        &dir,
        "gloomy",
        "echo 'info depth 5 score cp -700'; echo 'bestmove p1'",
    );
    let mut cfg = config(hopeful, gloomy, 4);
    let played_out = run_match_with(&cfg, &*race()).unwrap();
    assert_eq!(
        played_out.tally,
        Tally::new(2, 0, 2),
        "each wins its White games"
    );
    cfg.adjudication.resign = Some("turns=2,score=600".parse().unwrap());
    cfg.pgn = Some(dir.join("games.pgn"));
    let adjudicated = run_match_with(&cfg, &*race()).unwrap();
    assert_eq!(
        adjudicated.tally,
        Tally::new(4, 0, 0),
        "{:?}",
        adjudicated.games
    );
    for g in &adjudicated.games {
        assert_eq!(g.termination.category, adjudication::ADJUDICATION);
        // Two turns of each side, of two sub-moves each (race turns are p1,p1).
        assert_eq!(g.plies, 8, "{g:?}");
    }
    assert_eq!(adjudicated.terminations.get("adjudication"), Some(&4));
    // The PGN's Termination tag reads back as the same category.
    let text = std::fs::read_to_string(dir.join("games.pgn")).unwrap();
    for g in parse_pgn(&text).unwrap() {
        let detail = g.tag("Termination").unwrap();
        assert_eq!(
            referee::category_of_detail(detail),
            "adjudication",
            "{detail}"
        );
    }
    // Scores that stay near zero end in a draw once the move number is reached.
    let level = fake_engine(
        &dir,
        "level",
        "echo 'info depth 5 score cp 3'; echo 'bestmove p1'",
    );
    let mut cfg = config(level.clone(), level, 2);
    cfg.adjudication.draw = Some("after=2,turns=1,score=10".parse().unwrap());
    let drawn = run_match_with(&cfg, &*race()).unwrap();
    assert_eq!(drawn.tally, Tally::new(0, 2, 0));
    assert!(
        drawn.games.iter().all(|g| g.plies == 8),
        "{:?}",
        drawn.games
    );
    let _ = std::fs::remove_dir_all(&dir);
}
