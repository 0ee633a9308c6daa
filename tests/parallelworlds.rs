//! Parallel Worlds Chess: hand-checked move lists, one test per rule of
//! `shared/rules/parallelworlds.md`, FEN round trips and rejections, random
//! playouts (engine::testkit), and engine-vs-engine self-play.

use engine::game::Game;
use engine::testkit::{check_position, check_random_playouts};
use engine::variants::parallelworlds::ParallelWorlds;
use engine::{DrawReason, FenError, GenKind, Move, MoveError, MoveList, Outcome, Position, Side};
use std::collections::BTreeSet;

fn pos(fen: &str) -> ParallelWorlds {
    ParallelWorlds::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn texts(p: &ParallelWorlds) -> BTreeSet<String> {
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    let set: BTreeSet<String> = list.iter().map(|&m| p.move_text(m)).collect();
    assert_eq!(set.len(), list.len(), "duplicate moves");
    set
}

/// Expands `("1a1", "1a2 1a3")` into `1a11a2`, `1a11a3`; `("", "0000")` stays.
fn expand(groups: &[(&str, &str)]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (from, tos) in groups {
        for to in tos.split_whitespace() {
            assert!(
                out.insert(format!("{from}{to}")),
                "listed twice: {from}{to}"
            );
        }
    }
    out
}

fn play(p: &mut ParallelWorlds, text: &str) {
    let m = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} at {}: {e}", p.fen()));
    p.make(m);
}

fn play_all(p: &mut ParallelWorlds, texts: &str) {
    for t in texts.split(',') {
        play(p, t);
    }
}

fn legal(p: &ParallelWorlds, text: &str) -> bool {
    p.parse_move(text).is_ok()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq,KQkq -,- 0 1 -";
const KINGS_L1: &str = "4k3/8/8/8/8/8/8/4K3";
const KINGS_L3: &str = "4k3/8/8/8/8/8/8/4K3";
const KING_MOVES_1: (&str, &str) = ("1e1", "1d1 1d2 1e2 1f2 1f1");
const KING_MOVES_3: (&str, &str) = ("3e1", "3d1 3d2 3e2 3f2 3f1");

/// Depth-1 counts of tests/perft/parallelworlds.perft, listed move by move from the
/// rules by hand (the number after each name is the count in the perft file).
#[test]
fn depth_one_move_lists_by_hand() {
    let cases: Vec<(&str, String, BTreeSet<String>)> = vec![
        (
            // 36: the level-2 knight slides as a queen and stops before 2d6 (no capture).
            "level2_queen_no_capture",
            format!("{KINGS_L1}|8/8/3p4/8/3N4/8/8/8|{KINGS_L3} w -,- -,- 0 2 -"),
            expand(&[
                ("2d4", "2d5 2d3 2d2 2d1 2e4 2f4 2g4 2h4 2c4 2b4 2a4 2e5 2f6 2g7 2h8 2e3 2f2 2g1 2c3 2b2 2a1 2c5 2b6 2a7 1d4 3d4"),
                KING_MOVES_1,
                KING_MOVES_3,
            ]),
        ),
        (
            // 35: no 1d42d4 (enemy above, vertical moves never capture); 3c32c3 is open.
            "vertical_blocked",
            "4k3/8/8/8/3R4/8/8/4K3|8/8/8/8/3p4/8/8/8|4k3/8/8/8/8/2B5/8/4K3 w -,- -,- 0 2 -".into(),
            expand(&[
                ("1d4", "1d5 1d6 1d7 1d8 1d3 1d2 1d1 1e4 1f4 1g4 1h4 1c4 1b4 1a4"),
                ("3c3", "3d4 3e5 3f6 3g7 3h8 3d2 3b2 3a1 3b4 3a5 2c3"),
                KING_MOVES_1,
                KING_MOVES_3,
            ]),
        ),
        (
            // 64: 2c72c8 does not promote (level 2); 2a8 promotes stepping to 1a8 or 3a8.
            "pawn_from_level2_promotes",
            format!("{KINGS_L1}|P7/2P5/8/8/8/8/8/8|{KINGS_L3} w -,- -,- 0 2 -"),
            expand(&[
                ("2a8", "2a7 2a6 2a5 2a4 2a3 2a2 2a1 2b8 2c8 2d8 2e8 2f8 2g8 2h8 2b7 2c6 2d5 2e4 2f3 2g2 2h1"),
                ("2a8", "1a8q 1a8r 1a8b 1a8n 3a8q 3a8r 3a8b 3a8n"),
                ("2c7", "2c8 2c6 2c5 2c4 2c3 2c2 2c1 2d7 2e7 2f7 2g7 2h7 2b7 2a7 2d8 2b8 2d6 2e5 2f4 2g3 2h2 2b6 2a5 1c7 3c7"),
                KING_MOVES_1,
                KING_MOVES_3,
            ]),
        ),
        (
            // 39
            "black_pawn_from_level2_promotes",
            format!("{KINGS_L1}|8/8/8/8/8/8/8/p7|{KINGS_L3} b -,- -,- 0 2 -"),
            expand(&[
                ("2a1", "2a2 2a3 2a4 2a5 2a6 2a7 2a8 2b1 2c1 2d1 2e1 2f1 2g1 2h1 2b2 2c3 2d4 2e5 2f6 2g7 2h8"),
                ("2a1", "1a1q 1a1r 1a1b 1a1n 3a1q 3a1r 3a1b 3a1n"),
                ("1e8", "1d8 1d7 1e7 1f7 1f8"),
                ("3e8", "3d8 3d7 3e7 3f7 3f8"),
            ]),
        ),
        (
            // 14: 1d1 (first rank) steps once and captures; 3d2 (second rank) double-steps.
            "pawn_on_first_rank",
            "4k3/8/8/8/8/8/2n5/3PK3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/3P4/4K3 w -,- -,- 0 2 -".into(),
            expand(&[
                ("1d1", "1d2 1c2 2d1"),
                ("3d2", "3d3 3d4 2d2"),
                ("1e1", "1d2 1e2 1f1 1f2"),
                ("3e1", "3d1 3e2 3f1 3f2"),
            ]),
        ),
        (
            // 55: 1e11g1 missing (1f1 attacked by 1f8); 3e13g1 present (2f4 is not on level 3).
            "castling_attack_and_level2_rook",
            "r3kr2/8/8/8/8/8/8/R3K2R|8/8/8/8/5r2/8/8/8|4k3/8/8/8/8/8/8/R3K2R w KQq,KQ -,- 0 2 -".into(),
            expand(&[
                ("1a1", "1a2 1a3 1a4 1a5 1a6 1a7 1a8 1b1 1c1 1d1 2a1"),
                ("1h1", "1h2 1h3 1h4 1h5 1h6 1h7 1h8 1g1 1f1 2h1"),
                ("1e1", "1d1 1d2 1e2 1f2 1f1 1c1"),
                ("3a1", "3a2 3a3 3a4 3a5 3a6 3a7 3a8 3b1 3c1 3d1 2a1"),
                ("3h1", "3h2 3h3 3h4 3h5 3h6 3h7 3h8 3g1 3f1 2h1"),
                ("3e1", "3d1 3d2 3e2 3f2 3f1 3g1 3c1"),
            ]),
        ),
        (
            // 53: no castling on level 1 (1e8 attacked by 1b5); no 3e83c8 (3c8 attacked).
            "castling_black_attacked_paths",
            "r3k2r/8/8/1B6/8/8/8/4K3|8/8/8/8/8/8/8/8|r3k2r/8/8/8/8/8/8/2R1K3 b kq,kq -,- 0 2 -".into(),
            expand(&[
                ("1a8", "1a7 1a6 1a5 1a4 1a3 1a2 1a1 1b8 1c8 1d8 2a8"),
                ("1h8", "1h7 1h6 1h5 1h4 1h3 1h2 1h1 1g8 1f8 2h8"),
                ("1e8", "1d8 1d7 1e7 1f7 1f8"),
                ("3a8", "3a7 3a6 3a5 3a4 3a3 3a2 3a1 3b8 3c8 3d8 2a8"),
                ("3h8", "3h7 3h6 3h5 3h4 3h3 3h2 3h1 3g8 3f8 2h8"),
                ("3e8", "3d8 3d7 3e7 3f7 3f8 3g8"),
            ]),
        ),
        (
            // 16: en passant on both levels.
            "ep_two_levels",
            "4k3/8/8/3pP3/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/1pP5/8/8/8/4K3 w -,- d6,b6 0 2 -".into(),
            expand(&[("1e5", "1e6 1d6 2e5"), ("3c5", "3c6 3b6 2c5"), KING_MOVES_1, KING_MOVES_3]),
        ),
        (
            // 21: 1e41e8 captures a king.
            "king_capture_mid_turn",
            "4k3/8/8/8/4R3/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w -,- -,- 0 2 -".into(),
            expand(&[
                ("1e4", "1e5 1e6 1e7 1e8 1e3 1e2 1e1 1f4 1g4 1h4 1d4 1c4 1b4 1a4 2e4"),
                ("1a1", "1a2 1b1 1b2"),
                ("3a1", "3a2 3b1 3b2"),
            ]),
        ),
        (
            // 16: levels 1 and 2 used; 1e4 and 2b1 already moved; 0000 offered.
            "end_turn_after_two",
            "4k3/8/8/8/4P3/8/8/4K3|8/8/8/8/8/8/8/1N6|4k3/8/8/8/8/8/8/R3K3 w -,- -,- 0 2 1e4,2b1".into(),
            expand(&[("3a1", "3a2 3a3 3a4 3a5 3a6 3a7 3a8 3b1 3c1 3d1"), KING_MOVES_3, ("", "0000")]),
        ),
        (
            // 16: level 2 used: the level-2 rook may only leave it, 1g12g1 is not allowed.
            "different_levels_rule",
            "4k3/8/8/8/8/8/8/4K1N1|7R/8/8/8/8/2Q5/8/8|4k3/8/8/8/8/8/8/4K3 w -,- -,- 0 2 2c3".into(),
            expand(&[("1g1", "1e2 1f3 1h3"), KING_MOVES_1, ("2h8", "1h8 3h8"), KING_MOVES_3, ("", "0000")]),
        ),
        (
            // 6
            "auto_end_no_further_submove",
            "p3k3/8/8/8/8/8/4K3/8|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w -,- -,- 0 2 1e2".into(),
            expand(&[KING_MOVES_3, ("", "0000")]),
        ),
    ];
    for (name, fen, expected) in cases {
        let got = texts(&pos(&fen));
        let missing: Vec<_> = expected.difference(&got).collect();
        let extra: Vec<_> = got.difference(&expected).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{name}: missing {missing:?}, unexpected {extra:?}"
        );
    }
}

#[test]
fn start_position_sub_moves() {
    let p = ParallelWorlds::startpos();
    assert_eq!(p.fen(), START);
    let t = texts(&p);
    // 20 orthodox moves per level, 15 men of each level may enter level 2; no 0000.
    assert_eq!(t.len(), 70);
    assert!(!t.contains("0000"), "0000 is never the first sub-move");
    assert!(
        t.contains("1e21e4")
            && t.contains("3g13f3")
            && t.contains("1b12b1")
            && !t.contains("3d73d5")
    );
    assert!(!t.contains("1e12e1"), "kings never move vertically");
}

#[test]
fn white_first_turn_has_at_most_two_sub_moves() {
    let mut p = ParallelWorlds::startpos();
    play(&mut p, "1e21e4");
    assert_eq!(p.side_to_move(), Side::White);
    assert!(texts(&p).contains("0000"));
    play(&mut p, "3d23d4");
    assert_eq!(
        p.side_to_move(),
        Side::Black,
        "the second sub-move ends White's first turn"
    );
    assert!(p.is_turn_start());
    // Black's turn may have three.
    play_all(&mut p, "1e71e5,3d73d5");
    assert_eq!(p.side_to_move(), Side::Black);
    play(&mut p, "1b82b8");
    assert_eq!(
        p.side_to_move(),
        Side::White,
        "the third sub-move ends the turn"
    );
    assert_eq!(p.fullmove(), 2);
    // White's later turns allow three.
    play_all(&mut p, "1g11f3,3g13f3");
    assert_eq!(p.side_to_move(), Side::White);
    play(&mut p, "0000");
    assert_eq!(p.side_to_move(), Side::Black);
}

#[test]
fn each_man_moves_once_and_sub_moves_end_on_different_levels() {
    let mut p = ParallelWorlds::startpos();
    play(&mut p, "1e21e4");
    assert!(!legal(&p, "1e42e4"), "the pawn moved already");
    assert!(!legal(&p, "1d21d4"), "level 1 already used");
    assert!(
        legal(&p, "1d22d2"),
        "may start on level 1 and end on level 2"
    );
    assert!(legal(&p, "3d22d2") && legal(&p, "3d23d4"));
}

#[test]
fn zero_zero_zero_zero_only_mid_turn() {
    let p = ParallelWorlds::startpos();
    assert!(matches!(p.parse_move("0000"), Err(MoveError::Illegal(_))));
    let mut q = pos(START.replace(" 1 -", " 2 -").as_str());
    play(&mut q, "1e21e4");
    assert!(legal(&q, "0000"));
    play(&mut q, "3e23e4");
    assert!(legal(&q, "0000"), "after two sub-moves of three");
    play(&mut q, "0000");
    assert_eq!(q.side_to_move(), Side::Black);
    assert!(!legal(&q, "0000"));
}

#[test]
fn level_two_rules() {
    // A queen-moving knight, no capture of the pawn in the way, rook and pawn too.
    let p = pos(&format!(
        "{KINGS_L1}|8/8/3p4/8/3N4/8/8/R6P|{KINGS_L3} w -,- -,- 0 2 -"
    ));
    assert!(legal(&p, "2d42h8") && legal(&p, "2d42d5"));
    assert!(
        !legal(&p, "2d42d6") && !legal(&p, "2d42d7"),
        "no capture, and blocked"
    );
    assert!(!legal(&p, "2d42f5"), "no knight leaps on level 2");
    assert!(
        legal(&p, "2a12a8") && legal(&p, "2a12c3") && legal(&p, "2a12g1") && !legal(&p, "2a12h1"),
        "level-2 rook moves as a queen, blocked by 2h1"
    );
    assert!(
        legal(&p, "2h12h8"),
        "pawn slides as a queen to its last rank"
    );
    assert!(!legal(&p, "2h12h8q"), "and does not promote there");
    // Level-2 men block only on level 2: the level-1 rook slides under 2a4.
    let q = pos(&format!(
        "4k3/8/8/8/8/8/8/R3K3|8/8/8/8/p7/8/8/8|{KINGS_L3} w -,- -,- 0 2 -"
    ));
    assert!(legal(&q, "1a11a8"));
}

#[test]
fn vertical_moves() {
    let p = pos("4k3/8/8/8/3R4/8/8/4K3|8/8/8/8/3p4/8/8/8|4k3/8/8/8/8/2B5/8/4K3 w -,- -,- 0 2 -");
    assert!(
        !legal(&p, "1d42d4"),
        "never onto an occupied cell (no capture)"
    );
    assert!(legal(&p, "3c32c3"));
    assert!(!legal(&p, "3c31c3"), "one level at a time");
    assert!(!legal(&p, "1e12e1") && !legal(&p, "3e12e1"), "never a king");
    // Knight and queen step vertically too.
    let s = ParallelWorlds::startpos();
    assert!(legal(&s, "1b12b1") && !legal(&s, "3d82d8") && legal(&s, "3d12d1"));
}

#[test]
fn pawns_arriving_from_level_two() {
    // Promotion on the last rank of level 1 or 3, with the four standard choices.
    let p = pos(&format!(
        "{KINGS_L1}|P7/8/8/8/8/8/8/2P5|{KINGS_L3} w -,- -,- 0 2 -"
    ));
    for l in ["q", "r", "b", "n"] {
        assert!(legal(&p, &format!("2a81a8{l}")) && legal(&p, &format!("2a83a8{l}")));
    }
    assert!(!legal(&p, "2a81a8") && !legal(&p, "2a81a8k"));
    let mut q = p.clone();
    play(&mut q, "2a81a8n");
    assert_eq!(
        q.man_at(cell("1a8")),
        Some((
            Side::White,
            engine::variants::parallelworlds::rules::Kind::Knight
        ))
    );
    // On its first rank (from 2c1): one step only, later two from rank 2.
    let mut r = p.clone();
    play_all(&mut r, "2c11c1,0000");
    let mut r = pos(&r.fen().replace(" b ", " w ").replace(" 0 2 ", " 0 3 "));
    assert!(legal(&r, "1c11c2") && !legal(&r, "1c11c3"));
    play_all(&mut r, "1c11c2,0000");
    let r = pos(&r.fen().replace(" b ", " w "));
    assert!(legal(&r, "1c21c4"), "double step regained on rank 2");
}

fn cell(name: &str) -> engine::Cell {
    ParallelWorlds::tables().topo.cell_by_name(name).unwrap()
}

#[test]
fn castling_is_one_sub_move_per_level() {
    let mut p = pos(
        "r3k2r/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8|r3k2r/8/8/8/8/8/8/R3K2R w KQkq,KQkq -,- 0 2 -",
    );
    assert!(
        legal(&p, "1e11g1") && legal(&p, "1e11c1") && legal(&p, "3e13g1") && legal(&p, "3e13c1")
    );
    play(&mut p, "1e11g1");
    assert_eq!(
        p.man_at(cell("1f1")).map(|m| m.1),
        Some(engine::variants::parallelworlds::rules::Kind::Rook)
    );
    assert!(
        p.fen().ends_with(" 1g1,1f1"),
        "king then rook in the turn state: {}",
        p.fen()
    );
    assert!(
        p.fen().contains(" -,KQkq ") || p.fen().contains(" kq,KQkq "),
        "{}",
        p.fen()
    );
    assert!(!legal(&p, "1f12f1"), "the rook counts as moved");
    assert!(
        legal(&p, "3e13c1"),
        "castling on the other level in the same turn"
    );
    play(&mut p, "3e13c1");
    assert_eq!(p.side_to_move(), Side::White, "two sub-moves of three");
    assert!(p.fen().ends_with(" 1g1,1f1,3c1,3d1"));
}

#[test]
fn castling_rights_lost_by_a_vertical_round_trip() {
    let mut p = pos("4k3/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w KQ,- -,- 0 2 -");
    play_all(&mut p, "1h12h1,0000,1e81e7,0000");
    assert_eq!(p.side_to_move(), Side::White);
    play_all(&mut p, "2h11h1,0000,1e71e8,0000");
    assert!(!legal(&p, "1e11g1"), "the rook left its home cell");
    assert!(legal(&p, "1e11c1"));
    assert!(p.fen().contains(" Q,- "), "{}", p.fen());
}

#[test]
fn castling_attack_condition_counts_same_level_men_only() {
    // A black rook on 2f4 (level 2) neither attacks f1 of level 3 nor blocks.
    let p = pos("4k3/8/8/8/8/8/8/4K2R|8/8/8/8/5r2/8/8/8|4k3/8/8/8/8/8/8/4K2R w K,K -,- 0 2 -");
    assert!(legal(&p, "3e13g1") && legal(&p, "1e11g1"));
    // A black rook on 3f8 attacks 3f1.
    let q = pos("4k3/8/8/8/8/8/8/4K2R|8/8/8/8/8/8/8/8|4kr2/8/8/8/8/8/8/4K2R w K,K -,- 0 2 -");
    assert!(!legal(&q, "3e13g1") && legal(&q, "1e11g1"));
    // A black pawn on its own first rank still attacks diagonally (1g2 from... 1h2? no:
    // black pawns capture downwards, so a black pawn on 1g2 attacks 1f1 and 1h1).
    let r = pos("4k3/8/8/8/8/8/6p1/4K2R|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w K,- -,- 0 2 -");
    assert!(!legal(&r, "1e11g1"));
}

#[test]
fn en_passant_expires_with_level_and_turn() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/1pP5/8/8/8/4K3 w -,- d6,b6 0 2 -";
    let p = pos(fen);
    assert!(legal(&p, "1e51d6") && legal(&p, "3c53b6"));
    // Both captures in one turn.
    let mut q = p.clone();
    play_all(&mut q, "1e51d6,3c53b6");
    assert_eq!(q.man_at(cell("1d5")), None);
    assert_eq!(q.man_at(cell("3b5")), None);
    // A sub-move ending on level 1 uses up level 1's right, not level 3's.
    let mut r = p.clone();
    play(&mut r, "1e11d1");
    assert!(!legal(&r, "1e51d6"));
    assert!(legal(&r, "3c53b6"));
    assert!(r.fen().contains(" -,b6 "), "{}", r.fen());
    // A sub-move ending on level 2 keeps both.
    let mut s = p.clone();
    play(&mut s, "1e52e5");
    assert!(legal(&s, "3c53b6"));
    // Ending the turn expires them.
    play(&mut s, "0000");
    assert!(s.fen().contains(" -,- "), "{}", s.fen());
    // A double step is written at once and lasts through the opponent's next turn.
    let mut t = ParallelWorlds::startpos();
    play(&mut t, "1e21e4");
    assert!(t.fen().contains(" e3,- "));
    play(&mut t, "0000");
    play(&mut t, "3d73d5");
    assert!(t.fen().contains(" e3,d6 "), "{}", t.fen());
}

#[test]
fn en_passant_capture_by_black() {
    let mut p = pos("4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/5p2/8/4P3/4K3 w -,- -,- 0 2 -");
    play_all(&mut p, "3e23e4,0000");
    assert!(legal(&p, "3f43e3"));
    play(&mut p, "3f43e3");
    assert_eq!(p.man_at(cell("3e4")), None);
}

#[test]
fn king_capture_ends_the_game_mid_turn() {
    let mut p = pos("4k3/8/8/8/4R3/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w -,- -,- 0 2 -");
    play(&mut p, "1e41e8");
    assert_eq!(
        p.event_outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "king captured"
        })
    );
    assert_eq!(p.side_to_move(), Side::White);
    assert!(texts(&p).is_empty(), "no sub-move, not even 0000");
    assert_eq!(p.parse_move("0000"), Err(MoveError::GameOver));
    let mut g = Game::new(pos(
        "4k3/8/8/8/4R3/8/8/K7|8/8/8/8/8/8/8/8|7k/8/8/8/8/8/8/K7 w -,- -,- 0 2 -",
    ));
    g.play_token("3a13b1,1e41e8").unwrap();
    assert!(matches!(
        g.result(),
        Some(Outcome::Win {
            winner: Side::White,
            ..
        })
    ));
    assert!(g.play_token("3a13b1").is_err());
}

#[test]
fn turn_state_is_in_fen_and_hash() {
    let mut a = pos(&START.replace(" 1 -", " 2 -"));
    let mut b = a.clone();
    play_all(&mut a, "1e21e3,3e23e3");
    play_all(&mut b, "3e23e3,1e21e3");
    // Same placement and same set of moved men: same key, the FEN keeps the order.
    assert_eq!(a.key(), b.key());
    assert!(a.fen().ends_with(" 1e3,3e3") && b.fen().ends_with(" 3e3,1e3"));
    // Same placement at turn start is a different key.
    let mut c = pos(&a.fen());
    play(&mut c, "0000");
    let d = pos(&c.fen().replace(" b ", " w ").replace(" 2 -", " 2 1e3,3e3"));
    assert_eq!(d.key(), a.key());
    assert_ne!(pos(&c.fen().replace(" b ", " w ")).key(), a.key());
    // White's first turn is part of the key (it allows fewer sub-moves).
    let mut e = ParallelWorlds::startpos();
    play(&mut e, "1e21e4");
    let f = pos(&e.fen().replace(" 0 1 ", " 0 2 "));
    assert_ne!(e.key(), f.key());
    assert_eq!(e.key(), e.compute_key());
}

#[test]
fn half_turn_counter() {
    let mut p = pos(&START.replace(" 1 -", " 2 -"));
    play_all(&mut p, "1g11f3,1b12b1,0000");
    assert_eq!(
        p.halfmove_clock(),
        1,
        "one per turn, vertical moves do not reset"
    );
    play(&mut p, "1g81f6");
    play(&mut p, "0000");
    assert_eq!(p.halfmove_clock(), 2);
    play_all(&mut p, "1d21d4,2b12b3,0000");
    assert_eq!(
        p.halfmove_clock(),
        0,
        "a same-level pawn move on level 1 resets"
    );
    play_all(&mut p, "1b82b8,0000");
    assert_eq!(p.halfmove_clock(), 1);
    // A level-2 pawn move does not reset.
    let mut q = pos(&format!(
        "{KINGS_L1}|8/8/8/8/8/8/P7/8|{KINGS_L3} w -,- -,- 7 2 -"
    ));
    play_all(&mut q, "2a22a5,0000");
    assert_eq!(q.halfmove_clock(), 8);
}

#[test]
fn fifty_turn_rule_and_threefold_repetition_and_kings_only() {
    // 99 half-turns; one more quiet turn draws at the next turn start.
    let mut g = Game::new(pos(&format!(
        "{KINGS_L1}|8/8/8/8/8/8/8/N7|{KINGS_L3} w -,- -,- 99 40 -"
    )));
    assert_eq!(g.result(), None);
    g.play_token("2a12a2,0000").unwrap();
    assert_eq!(g.result(), Some(Outcome::Draw(DrawReason::MoveCounter)));

    let mut g = Game::new(pos(&format!(
        "{KINGS_L1}|8/8/8/8/8/8/8/N6n|{KINGS_L3} w -,- -,- 0 2 -"
    )));
    for _ in 0..2 {
        assert_eq!(g.result(), None);
        g.play_token("2a12a2,0000").unwrap();
        g.play_token("2h12h2,0000").unwrap();
        g.play_token("2a22a1,0000").unwrap();
        g.play_token("2h22h1,0000").unwrap();
    }
    assert_eq!(g.result(), Some(Outcome::Draw(DrawReason::Repetition)));

    let g = Game::new(pos(&format!(
        "{KINGS_L1}|8/8/8/8/8/8/8/8|{KINGS_L3} w -,- -,- 0 2 -"
    )));
    assert_eq!(g.result(), Some(Outcome::Draw(DrawReason::DeadPosition)));
    // Mid-turn, draws are not judged.
    let mut p = pos(&format!(
        "{KINGS_L1}|8/8/8/8/8/8/8/8|{KINGS_L3} w -,- -,- 0 2 -"
    ));
    play(&mut p, "1e11e2");
    assert_eq!(p.draw_reason(&[]), None);
    assert_eq!(p.no_move_outcome(), Outcome::Draw(DrawReason::NoLegalMove));
}

#[test]
fn turn_ends_when_no_further_sub_move_exists() {
    let mut p = pos("p3k3/8/8/8/8/8/4K3/8|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w -,- -,- 0 2 1e2");
    play(&mut p, "3e13e2");
    assert_eq!(p.side_to_move(), Side::Black);
    assert!(p.is_turn_start());
}

#[test]
fn fen_round_trips_and_start_position() {
    for fen in [
        START,
        "4k3/8/8/8/4P3/8/8/4K3|8/8/8/8/8/8/8/1N6|4k3/8/8/8/8/8/8/R3K3 w -,- -,- 0 2 1e4,2b1",
        "4k3/8/8/3pP3/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/1pP5/8/8/8/4K3 w -,- d6,b6 0 2 -",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq,KQkq e3,- 0 1 1e4",
    ] {
        assert_eq!(pos(fen).fen(), fen);
        check_position(&pos(fen));
    }
}

#[test]
fn bad_fens_are_typed_errors() {
    let ok = "4k3/8/8/8/4P3/8/8/4K3|8/8/8/8/8/8/8/1N6|4k3/8/8/8/8/8/8/R3K3 w -,- -,- 0 2 1e4,2b1";
    assert!(ParallelWorlds::from_fen(ok).is_ok());
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "empty"),
        (START.replace(" -,- 0 1 -", " -,- 0 1"), "six fields"),
        (START.replace("|8/8/8/8/8/8/8/8|", "|"), "two levels"),
        (START.replace(" w ", " x "), "side"),
        // complete turn states
        (ok.replace("1e4,2b1", "1e4,2b1,3a1"), "three levels used"),
        ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq,KQkq e3,d3 0 1 1e4,3d4".into(), "two on White's first turn"),
        ("p3k3/8/8/8/8/8/4K3/8|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/4K3/8 w -,- -,- 0 2 1e2,3e2".into(), "no further sub-move"),
        (ok.replace("1e4,2b1", "1e4,1e1"), "two sub-moves on one level"),
        (ok.replace("1e4,2b1", "1e4,1e4"), "duplicate"),
        (ok.replace("1e4,2b1", "1e8"), "enemy man in turn state"),
        (ok.replace("1e4,2b1", "1e3"), "empty cell in turn state"),
        (ok.replace("1e4,2b1", "4e4"), "not a cell"),
        // kings
        (ok.replace("4k3/8/8/8/4P3", "8/8/8/8/4P3"), "one black king"),
        (ok.replace("R3K3 w", "R3KK2 w"), "three white kings"),
        (ok.replace("8/8/8/8/8/8/8/1N6", "8/8/8/8/8/8/8/1N2k3").replace("4k3/8/8/8/4P3", "8/8/8/8/4P3"), "king on level 2"),
        // pawns on impossible ranks
        (ok.replace("4k3/8/8/8/4P3", "P3k3/8/8/8/4P3"), "white pawn on rank 8 of level 1"),
        (ok.replace("R3K3 w", "R3K2p w"), "black pawn on rank 1 of level 3"),
        // castling and en passant
        (ok.replace(" -,- -,- ", " K,- -,- "), "castling right without rook"),
        (ok.replace(" -,- -,- ", " -,Q,- -,- "), "three castling parts"),
        (ok.replace(" -,- -,- ", " -,- e4,- "), "ep on a wrong rank"),
        (START.replace(" -,- 0 1", " e6,- 0 1"), "ep without the pawn"),
        (START.replace(" -,- 0 1", " -,e3 0 1"), "ep cell occupied"),
        (START.replace(" 0 1 -", " 0 0 -"), "fullmove 0"),
        (START.replace(" 0 1 -", " x 1 -"), "halfmove"),
        (START.replace("RNBQKBNR w", "RNBQKBNX w"), "bad letter"),
        (START.replace("RNBQKBNR w", "RNBQKBN w"), "short rank"),
    ];
    for (fen, why) in cases {
        let r = ParallelWorlds::from_fen(&fen);
        assert!(r.is_err(), "{why}: accepted {fen}");
    }
    assert!(matches!(
        ParallelWorlds::from_fen(&ok.replace("1e4,2b1", "1e4,2b1,3a1")),
        Err(FenError::BadTurnState(_))
    ));
    assert!(matches!(
        ParallelWorlds::from_fen(&ok.replace("R3K3 w", "R3KK2 w")),
        Err(FenError::Illegal(_))
    ));
    // A white pawn on 2a8 (level 2) is fine.
    assert!(
        ParallelWorlds::from_fen(&ok.replace("8/8/8/8/8/8/8/1N6", "P7/8/8/8/8/8/8/1N6")).is_ok()
    );
}

/// engine::testkit's playouts. They check every position reached, and a position
/// after a king capture is a finished game whose FEN is (by the rules file) not a
/// valid position to set up, so these playouts are kept short enough (seeded, so
/// deterministic) to end before any king is captured; the long playouts below cover
/// the rest with the same per-position checks.
#[test]
fn random_playouts_keep_key_fen_and_texts_consistent() {
    let start = ParallelWorlds::startpos();
    let mut checked = 0;
    for seed in 1..=8 {
        checked += check_random_playouts(&start, seed, 4, 60);
    }
    let castles = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R|8/8/8/8/8/8/8/8|r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq,KQkq -,- 0 2 -");
    checked += check_random_playouts(&castles, 99, 4, 40);
    assert!(checked > 1000);
}

/// Long random games to the end (king capture or a draw by the position's own
/// rules), with testkit's per-position checks on every unfinished position.
#[test]
fn long_random_games_to_the_end() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(2024);
    let mut captures = 0;
    for _ in 0..12 {
        let mut g = Game::new(ParallelWorlds::startpos());
        for _ in 0..3000 {
            if g.result().is_some() {
                break;
            }
            check_position(g.pos());
            let moves = engine::game::AnyGame::legal_moves(&g);
            let m = moves[rng.gen_range(0..moves.len())].clone();
            g.play_token(&m).unwrap();
        }
        let p = g.pos();
        assert_eq!(p.key(), p.compute_key());
        if p.event_outcome().is_some() {
            captures += 1;
            assert!(
                ParallelWorlds::from_fen(&p.fen()).is_err(),
                "a finished game is not a position to set up"
            );
        }
    }
    assert!(captures > 0);
}

/// A vertical step that uncovers a line to an enemy king, on a level the turn can
/// still end a sub-move on, is tactical: quiescence must see the two-sub-move king
/// capture it prepares. The same step is quiet once the king's level is used.
#[test]
fn a_step_off_the_level_uncovering_a_king_is_tactical() {
    // Level 1: White rook e1 behind a knight on e4, Black king e8.
    let fen = "4k3/8/8/8/4N3/8/8/4R2K|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w -,- -,- 0 2 -";
    let mut p = pos(fen);
    let tactical = |p: &ParallelWorlds| -> BTreeSet<String> {
        let mut list = MoveList::new();
        p.generate(GenKind::Tactical, &mut list);
        list.iter().map(|&m| p.move_text(m)).collect()
    };
    let t = tactical(&p);
    assert!(t.contains("1e42e4"), "{t:?}");
    // The knight's own moves on level 1 uncover nothing the turn could use.
    assert!(!t.contains("1e41f6") && !t.contains("1e12e1"), "{t:?}");
    // After the step, the king capture is there.
    let mut q = p.clone();
    play(&mut q, "1e42e4");
    assert!(tactical(&q).contains("1e11e8"));
    // Level 1 used by the first sub-move: the capture could not follow this turn.
    play(&mut p, "1h11h2");
    assert!(!tactical(&p).contains("1e42e4"));
    // The same step as the turn's last sub-move (White's first turn has two).
    let first = "4k3/8/8/8/4N3/8/8/4R2K|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w -,- -,- 0 1 -";
    let mut p = pos(first);
    play(&mut p, "3e13e2");
    assert!(!tactical(&p).contains("1e42e4"));
}

/// Black's last sub-move of the turn, searched one sub-move deep: taking the Queen
/// leaves the king on the e-file, and White's quiescence then finds the knight's
/// step up and the rook's capture of the king. Black must step off the file.
#[test]
fn quiescence_sees_a_king_capture_behind_a_vertical_step() {
    use engine::search::{Limits, Searcher};
    let p = pos(
        "r3k3/8/8/Q7/4N3/8/8/4R2K|8/8/8/1n6/8/8/8/8|4k3/8/7p/8/8/8/8/4K3 b -,- -,- 0 2 2b5,3h6",
    );
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let eval = eval::parallelworlds::ParallelWorldsEval::default();
    let r = Searcher::new(1, 1).think(&p, &[], &limits, &eval, &mut |_| {});
    let best = r.best.map(|m| p.move_text(m)).unwrap_or_default();
    assert!(
        ["1e81d8", "1e81f8", "1e81d7", "1e81f7"].contains(&best.as_str()),
        "{best} {:?}",
        r.score
    );
}

#[test]
fn tactical_moves_are_captures_promotions_and_end_turn() {
    let mut p =
        pos("4k3/8/8/3pP3/8/8/8/4K3|P7/8/8/8/8/8/8/8|4k3/8/8/1pP5/8/8/8/4K3 w -,- d6,b6 0 2 -");
    let mut list = MoveList::new();
    p.generate(GenKind::Tactical, &mut list);
    let t: BTreeSet<String> = list.iter().map(|&m| p.move_text(m)).collect();
    let expected = expand(&[
        ("1e5", "1d6"),
        ("3c5", "3b6"),
        ("2a8", "1a8q 1a8r 1a8b 1a8n 3a8q 3a8r 3a8b 3a8n"),
    ]);
    assert_eq!(t, expected);
    play(&mut p, "1e11e2");
    list.clear();
    p.generate(GenKind::Tactical, &mut list);
    assert!(list.contains(&Move::END_TURN));
}

/// Searching each set of commuting sub-moves in one order only (`turn_order_dedup`,
/// `Position::commutes`) must not change what plain alpha-beta finds: with every
/// pruning and reduction off and no transposition table, the score at a fixed depth
/// is the same with and without it, from positions at every stage of a turn, and the
/// search visits fewer nodes in all.
#[test]
fn one_order_of_commuting_sub_moves_keeps_plain_alpha_beta_scores() {
    use engine::search::params::SearchParams;
    use engine::search::{Limits, Searcher};
    const PLAIN: &str = "rfp_max_depth=0 null_min_depth=0 lmr_min_depth=99 \
        futility_max_depth=0 lmp_max_depth=0 lmp_mid_turn_max_depth=0 razor_max_depth=0 \
        see_prune_max_depth=0 \
        history_prune_max_depth=0";
    let eval = eval::parallelworlds::ParallelWorldsEval::default();
    let search = |p: &ParallelWorlds, dedup: bool| {
        let mut s = Searcher::new(1, 0);
        s.params =
            SearchParams::parse(&format!("{PLAIN} turn_order_dedup={}", dedup as u8)).unwrap();
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        s.think(p, &[], &limits, &eval, &mut |_| {})
    };
    // A game whose sub-moves are picked by a fixed rule, sampled at every position.
    let mut p = ParallelWorlds::startpos();
    let (mut nodes_all_orders, mut nodes_one_order, mut mid_turn) = (0, 0, 0);
    for i in 0..24 {
        let all_orders = search(&p, false);
        let one_order = search(&p, true);
        assert_eq!(all_orders.score, one_order.score, "{}", p.fen());
        nodes_all_orders += all_orders.nodes;
        nodes_one_order += one_order.nodes;
        mid_turn += !p.is_turn_start() as u32;
        let mut list = MoveList::new();
        p.generate(GenKind::All, &mut list);
        list.sort_unstable();
        p.make(list[(i * 7 + 3) % list.len()]);
        if p.outcome().is_some() {
            break;
        }
    }
    assert!(mid_turn >= 8, "only {mid_turn} positions inside a turn");
    assert!(
        nodes_one_order < nodes_all_orders,
        "{nodes_one_order} nodes against {nodes_all_orders}"
    );
}

/// `lmp_mid_turn_factor` acts inside a turn only: in chess, where every node is a turn
/// start, a search to a fixed depth visits exactly the same nodes with it; in Parallel
/// Worlds a much tighter limit inside the turn prunes a large part of the tree.
/// `lmp_mid_turn_max_depth` likewise leaves chess as it was and changes Parallel
/// Worlds' tree.
#[test]
fn mid_turn_late_move_pruning_acts_only_inside_a_turn() {
    use engine::search::params::SearchParams;
    use engine::search::{Limits, Searcher};
    use engine::variants::chess::Chess;
    fn nodes<P: Position, E: engine::Evaluator<P>>(p: &P, e: &E, params: &str, d: u32) -> u64 {
        let mut s = Searcher::new(1, 16);
        s.params = SearchParams::parse(params).unwrap();
        let limits = Limits {
            depth: Some(d),
            ..Limits::default()
        };
        s.think(p, &[], &limits, e, &mut |_| {}).nodes
    }
    let chess_eval = eval::chess::ChessEval::default();
    let chess = Chess::startpos();
    // As at turn starts: what the defaults were before the mid-turn values.
    let as_at_turn_starts = "lmp_mid_turn_factor=0 lmp_mid_turn_max_depth=0";
    let chess_default = nodes(&chess, &chess_eval, as_at_turn_starts, 8);
    assert_eq!(
        chess_default,
        nodes(&chess, &chess_eval, "lmp_mid_turn_factor=25", 8)
    );
    assert_eq!(
        chess_default,
        nodes(&chess, &chess_eval, "lmp_mid_turn_max_depth=7", 8)
    );
    assert_eq!(chess_default, nodes(&chess, &chess_eval, "", 8));
    let pw_eval = eval::parallelworlds::ParallelWorldsEval::default();
    let pw = ParallelWorlds::startpos();
    // Against the old turn-start formula ((base + d^2) * 2 quiet moves), the mid-turn
    // factor of 25 is an eighth of the limit; against the improving formula (the
    // defaults', (base + d^2) / (2 - improving)) it is a half to a quarter. At most
    // this fraction of the nodes remains:
    for (turn_start_formula, at_most) in [("lmp_improving=0 lmp_factor=200", (2, 3)), ("", (9, 10))]
    {
        let default = nodes(
            &pw,
            &pw_eval,
            &format!("{turn_start_formula} {as_at_turn_starts}"),
            6,
        );
        let tight = nodes(
            &pw,
            &pw_eval,
            &format!("{turn_start_formula} lmp_mid_turn_factor=25 lmp_mid_turn_max_depth=0"),
            6,
        );
        assert!(
            tight * at_most.1 < default * at_most.0,
            "{turn_start_formula:?}: {tight} nodes with the tight limit against {default}"
        );
    }
    // The mid-turn depth limit (7 by default) changes the tree too: limited to 3
    // inside the turn, a search to depth 6 visits other nodes. (Whether it visits more
    // is not stable: a different table and ordering at the shallow iterations can
    // cost more at the next one.) In chess it changes nothing.
    let shallow = "lmp_mid_turn_max_depth=3";
    assert_ne!(
        nodes(&pw, &pw_eval, "", 6),
        nodes(&pw, &pw_eval, shallow, 6)
    );
    assert_eq!(chess_default, nodes(&chess, &chess_eval, shallow, 8));
}
