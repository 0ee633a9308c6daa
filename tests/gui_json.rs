//! The JSON answers for GUIs (`geometry`, `d json`, `moves json`) agree with the text
//! forms along random games in every variant: the board and hands of `d json` are the
//! ones the FEN of `d` writes (the FEN is read here, independently of the engine), and
//! the moves of `moves json` are those of `moves`, in the same order.

mod common;
#[path = "support/fen_cells.rs"]
mod fen_cells;
use common::{variants, Engine};
use fen_cells::read_fen;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

const T: Duration = Duration::from_secs(30);

fn json_line(e: &mut Engine, cmd: &str, kind: &str) -> Value {
    e.send(cmd);
    let tag = format!("{{\"type\":\"{kind}\"");
    let (line, _) = e.expect(T, |l| {
        l.starts_with(&tag) || l.starts_with("info string error")
    });
    serde_json::from_str(&line).unwrap_or_else(|err| panic!("{cmd}: not JSON ({err}): {line}"))
}

fn text_line(e: &mut Engine, cmd: &str) -> String {
    e.barrier();
    e.send(cmd);
    e.send("barrier-end");
    let (_, lines) = e.expect(T, |l| l.contains("barrier-end"));
    lines.join("\n")
}

fn sorted(s: &str) -> String {
    let mut v: Vec<char> = s.chars().collect();
    v.sort_unstable();
    v.into_iter().collect()
}

/// Checks one position: board, hands, side, and moves.
fn check_position(variant: &str, e: &mut Engine, geometry: &Value) -> Vec<String> {
    let fen = e.fen();
    let moves_text = text_line(e, "moves");
    let position = json_line(e, "d json", "position");
    let moves = json_line(e, "moves json", "moves");
    assert_eq!(position["fen"].as_str(), Some(fen.as_str()), "{variant}");

    // The board: every cell of the geometry holds what the FEN puts there.
    let (want, holds) = read_fen(variant, &fen);
    let cells = geometry["cells"].as_array().unwrap();
    let board = position["board"].as_array().unwrap();
    assert_eq!(board.len(), cells.len(), "{variant}: board length");
    let mut got = BTreeMap::new();
    for (cell, piece) in cells.iter().zip(board) {
        if let Some(p) = piece.as_str() {
            got.insert(
                cell["name"].as_str().unwrap().to_string(),
                p.chars().next().unwrap(),
            );
        }
    }
    // A FEN may write markers that are not pieces on cells (none today): compare all.
    assert_eq!(got, want, "{variant}: d json board against FEN {fen}");

    // The hands: the same letters per side as the FEN's holdings.
    let hands = position["hands"].as_array().unwrap();
    let geo_hands = geometry["hands"].as_array().unwrap();
    assert_eq!(hands.len(), geo_hands.len(), "{variant}: hands");
    for side in ["white", "black"] {
        let from_json: String = hands
            .iter()
            .filter(|h| h["side"] == side)
            .map(|h| h["pieces"].as_str().unwrap().to_string())
            .collect();
        let upper = side == "white";
        let from_fen: String = holds
            .iter()
            .flat_map(|h| h.chars())
            .filter(|c| c.is_ascii_uppercase() == upper && c.is_ascii_alphabetic())
            .collect();
        assert_eq!(
            sorted(&from_json),
            sorted(&from_fen),
            "{variant}: {side} hands in {fen}"
        );
    }
    let side = if fen.split(' ').nth(1) == Some("w") {
        "white"
    } else {
        "black"
    };
    assert_eq!(position["side"], side, "{variant}: side in {fen}");

    // The moves: the same texts in the same order, and parts that name real cells.
    let texts: Vec<String> = moves_text.split_whitespace().map(String::from).collect();
    let listed = moves["moves"].as_array().unwrap();
    let json_texts: Vec<String> = listed
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        json_texts, texts,
        "{variant}: moves json against moves in {fen}"
    );
    let names: HashSet<&str> = cells.iter().map(|c| c["name"].as_str().unwrap()).collect();
    let mut distinct = HashSet::new();
    for m in listed {
        for end in ["from", "to"] {
            if let Some(name) = m[end].as_str() {
                assert!(
                    names.contains(name),
                    "{variant}: {end} {name} of {m} not a cell"
                );
            }
        }
        let mut key = m.clone();
        key.as_object_mut().unwrap().remove("text");
        assert!(
            distinct.insert(key.to_string()),
            "{variant}: two moves share the parts of {m} in {fen}"
        );
        if m["text"] == "0000" {
            assert_eq!(m["kind"], "end-turn", "{variant}");
            assert_eq!(position["turn"]["can_end"], true, "{variant}");
        }
    }
    texts
}

#[test]
fn json_answers_agree_with_the_text_forms_along_random_games() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
    for variant in variants() {
        let mut e = Engine::start();
        e.send(&format!("setoption name UCI_Variant value {variant}"));
        let geometry = json_line(&mut e, "geometry", "geometry");
        let cells = geometry["cells"].as_array().unwrap();
        assert!(!cells.is_empty(), "{variant}: no cells");
        let names: HashSet<&str> = cells.iter().map(|c| c["name"].as_str().unwrap()).collect();
        assert_eq!(names.len(), cells.len(), "{variant}: cell names repeat");
        for c in cells {
            let corners = c["corners"].as_array().unwrap().len();
            let want = match c["shape"].as_str().unwrap() {
                "square" => 4,
                "hexagon" => 6,
                "pentagon" => 5,
                other => panic!("{variant}: shape {other}"),
            };
            assert_eq!(corners, want, "{variant}: corners of {c}");
            assert!(
                c["panel"].as_u64().unwrap() < geometry["panels"].as_array().unwrap().len() as u64
            );
        }
        let mut checked = 0;
        for game in 0..2 {
            let mut played: Vec<String> = Vec::new();
            e.send("position startpos");
            for _ in 0..40 {
                let texts = check_position(&variant, &mut e, &geometry);
                checked += 1;
                if texts.is_empty() {
                    break;
                }
                let m = texts[rng.gen_range(0..texts.len())].clone();
                played.push(m);
                e.send(&format!("position startpos moves {}", played.join(" ")));
            }
            let position = json_line(&mut e, "d json", "position");
            assert_eq!(
                position["played"].as_array().unwrap().len(),
                played.len(),
                "{variant} game {game}: played"
            );
        }
        eprintln!("{variant}: {checked} positions agree");
        assert!(checked >= 20, "{variant}: only {checked} positions checked");
        e.quit();
    }
}

#[test]
fn turn_state_shows_submoves_made_and_the_last_turn() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Variant value parallelworlds");
    e.send("position startpos moves 1e21e4");
    let p = json_line(&mut e, "d json", "position");
    assert_eq!(p["turn"]["submoves"], serde_json::json!(["1e21e4"]));
    assert_eq!(p["side"], "white");
    e.send("position startpos moves 1e21e4 3e23e4");
    let p = json_line(&mut e, "d json", "position");
    assert_eq!(
        p["side"], "black",
        "two sub-moves end White's first turn: {p}"
    );
    assert_eq!(p["turn"]["submoves"], serde_json::json!([]));
    assert_eq!(p["last_turn"], serde_json::json!(["1e21e4", "3e23e4"]));
    e.send("setoption name UCI_Variant value chess");
    e.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    let p = json_line(&mut e, "d json", "position");
    assert_eq!(p["result"]["score"], "1-0", "{p}");
    assert_eq!(
        p["result"]["reason"].as_str().map(|r| r.contains("mate")),
        Some(true),
        "{p}"
    );
    e.send("d jason");
    let (line, _) = e.expect(T, |l| l.starts_with("info string error"));
    assert!(line.contains("json"), "{line}");
    e.quit();
}
