//! Independent slow move generators for Raumschach and Glinski's hexagonal chess,
//! written from the rules with nothing taken from the engine. They are the source
//! of tests/perft/variants/raumschach.perft and glinski.perft, and tests/variants_perft.rs
//! compares the engine's data-defined versions against them. The tests here check
//! the generators themselves against published facts and simple geometry, and
//! that the recorded files are what the generators count.
//!
//! Print fresh counts for the files with
//! `cargo test --test variants_slow -- --ignored --nocapture print_counts`.

mod glinski;
mod perft_file;
mod raumschach;

use glinski::Glinski;
use raumschach::Raum;
use std::path::PathBuf;

fn perft_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/perft/variants")
        .join(name)
}

#[test]
fn perft_file_reader_skips_comments_and_names_bad_lines() {
    let text = "# a comment\n\nchess;8/8/8/8/8/8/8/K6k w - - 0 1;1;3\n";
    let lines = perft_file::parse(text).unwrap();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].variant, "chess");
    assert_eq!(lines[0].depth, 1);
    assert_eq!(lines[0].nodes, 3);
    assert_eq!(lines[0].line, 3);
    let err = perft_file::parse("x;y;1\n").unwrap_err();
    assert!(err.contains("line 1"), "{err}");
    let err = perft_file::parse("x;y;z;1\n").unwrap_err();
    assert!(err.contains("depth"), "{err}");
}

#[test]
fn every_recorded_fsf_file_parses() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/perft/variants");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with("fsf_") && name.ends_with(".perft") {
            let lines = perft_file::read(&path).unwrap();
            let variant = name.trim_start_matches("fsf_").trim_end_matches(".perft");
            assert!(lines.len() >= 4, "{name}");
            assert!(lines.iter().all(|l| l.variant == variant), "{name}");
            files += 1;
        }
    }
    assert!(files >= 8, "only {files} fsf_*.perft files");
}

#[test]
fn glinski_start_has_the_published_51_moves() {
    let pos = Glinski::from_fen(glinski::START).unwrap();
    assert_eq!(pos.legal_moves().len(), 51);
    assert_eq!(pos.fen(), glinski::START);
}

#[test]
fn glinski_geometry_from_the_centre() {
    // f6 is the centre hexagon; on an empty board the rook has 6 rays of 5 cells,
    // the bishop 6 diagonals of 2, the knight and the king 12 targets each.
    let count = |letter: char| {
        let mut rows = vec![
            "1".to_string(),
            "3".into(),
            "5".into(),
            "7".into(),
            "9".into(),
        ];
        rows.push(format!("5{letter}5"));
        rows.extend(["11", "11", "11", "11", "11"].iter().map(|s| s.to_string()));
        let pos = Glinski::from_fen(&format!("{} w - - 0 1", rows.join("/"))).unwrap();
        pos.legal_moves().len()
    };
    assert_eq!(count('R'), 30);
    assert_eq!(count('B'), 12);
    assert_eq!(count('N'), 12);
    assert_eq!(count('K'), 12);
    assert_eq!(count('Q'), 42);
}

#[test]
fn glinski_pawns_capture_on_the_forward_edge_neighbours_and_en_passant() {
    // White's pawn on its start cell e4 steps to e5 or e6 and takes on d4 and f5.
    let names = |pos: &Glinski| -> Vec<String> {
        let mut v: Vec<String> = pos.legal_moves().iter().map(glinski::move_text).collect();
        v.sort();
        v
    };
    // Kings on a1 (White) and l1 (Black) are out of the way.
    let fen = "1/3/5/7/9/11/5p5/3pP6/11/11/K9k w - - 0 1";
    let pos = Glinski::from_fen(fen).unwrap();
    let pawn: Vec<String> = names(&pos)
        .into_iter()
        .filter(|m| m.starts_with("e4"))
        .collect();
    assert_eq!(pawn, vec!["e4d4", "e4e5", "e4e6", "e4f5"]);
    // Black d7-d5 crosses d6; the White pawn on c5 takes it en passant on d6.
    let fen = "1/3/5/7/2p6/11/2P8/11/11/11/K9k b - - 0 1";
    let pos = Glinski::from_fen(fen).unwrap();
    let double = pos
        .legal_moves()
        .into_iter()
        .find(|m| glinski::move_text(m) == "d7d5")
        .expect("the double step");
    let after = pos.make(&double);
    assert_eq!(after.fen().split(' ').nth(3), Some("d6"));
    let ep = after
        .legal_moves()
        .into_iter()
        .find(|m| glinski::move_text(m) == "c5d6")
        .expect("e.p. capture");
    let taken = after.make(&ep);
    assert_eq!(taken.at(glinski::parse_cell("d5").unwrap()), None);
    // Round trip of a position with an e.p. cell.
    assert_eq!(Glinski::from_fen(&after.fen()).unwrap().fen(), after.fen());
}

#[test]
fn raumschach_geometry_from_the_centre() {
    let count = |letter: char| {
        let fen = format!("5/5/5/5/5|5/5/5/5/5|5/5/2{letter}2/5/5|5/5/5/5/5|5/5/5/5/5 w - - 0 1");
        Raum::from_fen(&fen).unwrap().legal_moves().len()
    };
    assert_eq!(count('R'), 12);
    assert_eq!(count('B'), 24);
    assert_eq!(count('U'), 16);
    assert_eq!(count('Q'), 52);
    assert_eq!(count('K'), 26);
    assert_eq!(count('N'), 24);
}

#[test]
fn raumschach_start_and_pawn_promotion_on_the_far_level() {
    let pos = Raum::from_fen(raumschach::START).unwrap();
    assert_eq!(pos.fen(), raumschach::START);
    // White pawn on Da5 (rank 5, level D): no promotion there, it steps up to Ea5
    // and promotes.
    let fen = "5/5/5/5/K4|5/5/5/5/5|5/5/5/5/5|P4/5/5/5/5|5/5/5/5/4k w - - 0 1";
    let pos = Raum::from_fen(fen).unwrap();
    let pawn: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from == [0, 4, 3])
        .map(raumschach::move_text)
        .collect();
    assert_eq!(
        pawn,
        vec!["Da5Ea5q", "Da5Ea5r", "Da5Ea5b", "Da5Ea5u", "Da5Ea5n"]
    );
}

fn check_recorded(name: &str, count: &dyn Fn(&str, u32) -> u64) {
    let lines = perft_file::read(&perft_path(name)).unwrap();
    assert!(!lines.is_empty());
    for l in lines.iter().filter(|l| l.nodes <= 2_000_000) {
        assert_eq!(count(&l.fen, l.depth), l.nodes, "{name} line {}", l.line);
    }
}

#[test]
fn recorded_raumschach_counts_are_the_generators() {
    check_recorded("raumschach.perft", &|fen, d| {
        Raum::from_fen(fen).unwrap().perft(d)
    });
}

#[test]
fn recorded_glinski_counts_are_the_generators() {
    check_recorded("glinski.perft", &|fen, d| {
        Glinski::from_fen(fen).unwrap().perft(d)
    });
}

#[test]
#[ignore]
fn print_counts() {
    for d in 1..=3 {
        let pos = Raum::from_fen(raumschach::START).unwrap();
        println!("raumschach;{};{d};{}", raumschach::START, pos.perft(d));
    }
    for d in 1..=4 {
        let pos = Glinski::from_fen(glinski::START).unwrap();
        println!("glinski;{};{d};{}", glinski::START, pos.perft(d));
    }
}
