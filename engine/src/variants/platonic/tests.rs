//! Unit tests of the Platonic rules, one or more per rule of the specification.

use super::*;
use crate::game::Game;
use crate::position::DrawReason;

fn pos(fen: &str) -> Platonic {
    Platonic::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(p: &Platonic) -> Vec<String> {
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

fn play(p: &Platonic, text: &str) -> Platonic {
    let m = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} at {}: {e}", p.fen()));
    let mut c = p.clone();
    c.make(m);
    c
}

fn cell(name: &str) -> Cell {
    tables().topo.cell_by_name(name).unwrap()
}

fn at(p: &Platonic, name: &str) -> Option<char> {
    p.piece_at(cell(name)).map(|x| x.fen_char())
}

#[test]
fn start_position_round_trips_and_has_the_decided_setup() {
    let p = Platonic::startpos();
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(p.key(), p.compute_key());
    for (sq, ch) in [
        ("a1", 'I'),
        ("b1", 'D'),
        ("c1", 'O'),
        ("d1", 'C'),
        ("e1", 'T'),
        ("f1", 'T'),
        ("j1", 'I'),
        ("e3", 'P'),
        ("a10", 'i'),
        ("f10", 't'),
        ("j8", 'p'),
    ] {
        assert_eq!(at(&p, sq), Some(ch), "{sq}");
    }
    assert!(!p.in_check());
    assert_eq!(Platonic::info().name, "platonic");
}

#[test]
fn piece_movement_counts_on_an_empty_board() {
    // From e5 with nothing in the way: W 4, FfR2 6, B2 8, NA 12, R4A 20 (the faces).
    let t = tables();
    let e5 = cell("e5");
    let counts: Vec<usize> = pieces::SOLIDS
        .iter()
        .map(|k| {
            let mut n = 0;
            t.moves[0][k.index()].walk(e5, |_| crate::movement::Square::Empty, |_, _| n += 1);
            n
        })
        .collect();
    assert_eq!(counts, vec![4, 6, 8, 12, 20]);
}

#[test]
fn either_tetrahedron_attacked_is_check_and_moves_must_leave_neither_attacked() {
    // The Octahedron c3 attacks e1 only; f1 may not move (e1 would stay attacked).
    let p = pos("4tt4/10/10/10/10/10/10/2o7/10/I3TT3I w AJ - 0 1");
    assert!(p.in_check());
    assert_eq!(legal(&p), vec!["a1c3", "e1d1", "e1e2"]);
}

#[test]
fn a_tetrahedron_never_steps_orthogonally_next_to_the_enemy_tetrahedron() {
    let p = pos("9t/10/10/4t5/10/4T5/10/10/10/T9 w - - 0 1");
    let moves = legal(&p);
    assert!(!moves.contains(&"e5e6".to_string()));
    assert!(moves.contains(&"e5d5".to_string()));
}

#[test]
fn a_pinned_piece_still_gives_check() {
    // The black Octahedron d5 is pinned by the Icosahedron d3 against d7, yet it still
    // attacks f3, so the Tetrahedron f2 may not go there.
    let p = pos("9t/10/10/3t6/10/3o6/10/3I6/5T4/T9 w - - 0 1");
    let moves = legal(&p);
    assert!(!moves.contains(&"f2f3".to_string()));
    assert!(moves.contains(&"f2g2".to_string()));
}

#[test]
fn icosahedron_range_is_four_not_a_rook() {
    // Stalemate built on the range limit: Ij5 reaches j9 but not j10, Ie10 reaches i10
    // but not j10.
    let p = pos("t1T1I4t/10/T9/10/10/9I/10/10/10/10 b - - 0 1");
    assert!(!p.in_check());
    assert!(legal(&p).is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    // Three empty squares between Icosahedron and front Tetrahedron: check, but no
    // skewer, since the back Tetrahedron is out of range once the front one steps aside.
    let s = pos("4t5/4t5/10/10/10/4I5/10/10/10/TT8 b - - 0 1");
    assert!(s.in_check());
    assert!(legal(&s).contains(&"e9d9".to_string()));
}

#[test]
fn checkmate_is_a_win_for_the_other_side() {
    let p = pos("4tt4/10/6D3/10/10/10/10/10/10/TT8 b - - 0 1");
    assert!(p.in_check());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "checkmate"
        })
    );
}

#[test]
fn pawn_double_step_only_from_the_third_rank_and_ep_field_always_written() {
    let p = Platonic::startpos();
    let q = play(&p, "a3a5");
    // Written even though no Black pawn can capture en passant.
    assert_eq!(q.ep_square(), Some(cell("a4")));
    assert!(q.fen().contains(" a4 "));
    let r = play(&q, "j8j7");
    assert_eq!(r.ep_square(), None);
    // j7 is Black's 4th rank: no double step from there.
    let s = play(&r, "a5a6");
    assert!(!legal(&s).contains(&"j7j5".to_string()));
    assert!(legal(&s).contains(&"j7j6".to_string()));
}

#[test]
fn en_passant_removes_the_passed_pawn_and_the_sideways_capture_is_ordinary() {
    let p = pos("8tt/10/10/10/10/3Pp5/10/10/10/TT8 b - d4 0 1");
    let ep = play(&p, "e5d4");
    assert_eq!(at(&ep, "d5"), None);
    assert_eq!(at(&ep, "d4"), Some('p'));
    let side = play(&p, "e5d5");
    assert_eq!(at(&side, "d5"), Some('p'));
    assert_eq!(at(&side, "e5"), None);
    assert_eq!(ep.halfmove_clock(), 0);
}

#[test]
fn pawn_powers_follow_the_current_rank_and_revert() {
    // e6xe5 backward as a Tetrahedron; on rank 5 the pawn has no power left.
    let p = pos("8tt/10/10/10/4P5/3cc5/10/10/10/TT8 w - - 0 1");
    let q = play(&play(&p, "e6e5"), "i10i9");
    let moves = legal(&q);
    assert!(!moves.contains(&"e5d5".to_string()));
    assert!(moves.contains(&"e5e6".to_string()));
    // The power table itself.
    assert_eq!(pieces::pawn_power_at(4), None);
    assert_eq!(pieces::pawn_power_at(5), Some(Kind::Tetrahedron));
    assert_eq!(pieces::pawn_power_at(9), Some(Kind::Icosahedron));
}

#[test]
fn pawn_powers_attack_for_check() {
    // A white pawn on e7 (Cube power) attacks e9 over empty e8: Black is in check.
    let p = pos("5t4/4t5/10/4P5/10/10/10/10/10/TT8 b - - 0 1");
    assert!(p.in_check());
    // The same pawn on e5 (no power) does not.
    let q = pos("5t4/4t5/10/10/10/4P5/10/10/10/TT8 b - - 0 1");
    assert!(!q.in_check());
}

#[test]
fn pawns_do_not_promote_and_last_rank_pawns_only_capture() {
    let p = pos("8tt/4P5/10/10/10/10/10/10/10/TT8 w - - 0 1");
    let q = play(&p, "e9e10");
    assert_eq!(at(&q, "e10"), Some('P'));
    let r = play(&q, "i10i9");
    let pawn_moves: Vec<String> = legal(&r)
        .into_iter()
        .filter(|m| m.starts_with("e10"))
        .collect();
    assert!(pawn_moves.is_empty(), "{pawn_moves:?}");
}

#[test]
fn castling_moves_both_pieces_and_rights_are_lost_by_moves_and_captures() {
    let p = pos("i3tt3i/10/10/10/10/10/10/10/10/I3TT3I w AJaj - 0 1");
    let a = play(&p, "e1c1");
    assert_eq!(
        (at(&a, "c1"), at(&a, "d1"), at(&a, "a1"), at(&a, "e1")),
        (Some('T'), Some('I'), None, None)
    );
    // Only the a-side right goes: the other Tetrahedron and Icosahedron have not moved.
    assert_eq!(fen::castling_text(a.castling_rights()), "Jaj");
    let j = play(&p, "f1h1");
    assert_eq!(
        (at(&j, "h1"), at(&j, "g1"), at(&j, "j1")),
        (Some('T'), Some('I'), None)
    );
    assert_eq!(
        fen::castling_text(play(&p, "a1a2").castling_rights()),
        "Jaj"
    );
    assert_eq!(
        fen::castling_text(play(&p, "e1e2").castling_rights()),
        "Jaj"
    );
    // Capturing the Icosahedron on j10 removes Black's j right.
    let c = pos("i3tt3i/10/10/10/10/9I/10/10/10/I3TT4 w Aaj - 0 1");
    assert_eq!(
        fen::castling_text(play(&c, "j5j9").castling_rights()),
        "Aaj"
    );
    let cap = pos("i3tt3i/9I/10/10/10/10/10/10/10/I3TT4 w Aaj - 0 1");
    assert_eq!(
        fen::castling_text(play(&cap, "j9j10").castling_rights()),
        "Aa"
    );
}

#[test]
fn castling_is_blocked_by_any_piece_between() {
    // A Dodecahedron on c1 blocks the a-side; the j-side stays free.
    let q = pos("i3tt3i/10/10/10/10/10/10/10/10/I1D1TT3I w AJaj - 0 1");
    assert!(!legal(&q).contains(&"e1c1".to_string()));
    assert!(legal(&q).contains(&"f1h1".to_string()));
    // The other Tetrahedron blocks like any piece.
    let r = pos("i3tt3i/10/10/10/10/10/10/10/10/I2TT4I w A - 0 1");
    assert!(!legal(&r).iter().any(|m| m == "e1c1"));
    // A right whose Tetrahedron is not at home makes the FEN invalid.
    assert!(Platonic::from_fen("i3tt3i/10/10/10/10/10/10/10/10/I2T1T3I w AJaj - 0 1").is_err());
}

#[test]
fn halfmove_clock_and_fullmove_counter() {
    let p = Platonic::startpos();
    let a = play(&p, "b1d2");
    assert_eq!(a.halfmove_clock(), 1);
    let b = play(&a, "e8e7");
    assert_eq!((b.halfmove_clock(), b.fullmove()), (0, 2));
}

#[test]
fn draw_rules_repetition_fifty_moves_bare_tetrahedrons() {
    let mut g = Game::new(Platonic::startpos());
    for m in ["b1d2", "b10d9", "d2b1", "d9b10", "b1d2", "b10d9", "d2b1"] {
        g.play_token(m).unwrap();
        assert_eq!(g.result(), None);
    }
    g.play_token("d9b10").unwrap();
    assert_eq!(g.result(), Some(Outcome::Draw(DrawReason::Repetition)));

    let mut g = Game::new(pos("i3tt3i/10/10/10/10/10/10/10/10/I3TT3I w - - 99 80"));
    assert_eq!(g.result(), None);
    g.play_token("a1a2").unwrap();
    assert_eq!(g.result(), Some(Outcome::Draw(DrawReason::MoveCounter)));

    let bare = pos("tt8/10/10/10/10/10/10/10/10/8TT w - - 0 1");
    assert!(bare.dead_position());
    assert_eq!(
        Game::new(bare.clone()).result(),
        Some(Outcome::Draw(DrawReason::DeadPosition))
    );
    // Not a perft terminal: moves are still generated.
    assert!(!legal(&bare).is_empty());
    assert!(!pos("tt8/10/10/10/10/10/10/10/10/7PTT w - - 0 1").dead_position());
}

#[test]
fn key_tracks_rights_ep_and_side() {
    let p = Platonic::startpos();
    let q = play(&p, "e3e5");
    assert_eq!(q.key(), q.compute_key());
    let same_without_ep = pos(&q.fen().replace(" e4 ", " - "));
    assert_ne!(q.key(), same_without_ep.key());
    let no_rights = pos(&p.fen().replace("AJaj", "Jaj"));
    assert_ne!(p.key(), no_rights.key());
}

#[test]
fn tactical_moves_are_the_captures() {
    let p = pos("8tt/10/10/3cc5/3cP5/4c5/10/10/10/TT8 w - - 0 1");
    let mut list = MoveList::new();
    p.generate(GenKind::Tactical, &mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    assert_eq!(v, vec!["e6d6", "e6d7", "e6e5", "e6e7"]);
}

#[test]
fn attack_map_agrees_with_attacked_by() {
    for fen in [
        START_FEN,
        "TT6tt/10/10/10/10/10/4C5/6Cp2/8C1/2C1pC4 b - - 0 1",
        "2c3c1tt/5c4/4P5/5c4/2c7/10/10/10/10/TT8 w - - 0 1",
        "1c2P1c1tt/10/2c7/4c5/10/10/10/10/10/TT8 w - - 0 1",
    ] {
        let p = pos(fen);
        for side in [Side::White, Side::Black] {
            let map = p.attack_map(side);
            for c in 0..CELLS as Cell {
                assert_eq!(map.contains(c), p.attacked_by(c, side), "{fen} {c}");
            }
        }
    }
}

// ---- What a GUI sees: geometry, cell contents, move parts, checks ----

#[test]
fn gui_data_along_random_games() {
    use crate::variants::chess::tests::check_gui_data;
    assert!(check_gui_data(&Platonic::startpos(), 31, 2, 120) > 3000);
    let castles = pos("i3tt3i/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/I3TT3I w AJaj - 0 1");
    assert!(check_gui_data(&castles, 32, 2, 80) > 2000);
}

#[test]
fn geometry_is_one_10x10_board_and_only_the_pawn_has_a_chess_glyph() {
    let g = Platonic::geometry();
    assert_eq!(g.variant, "platonic");
    assert_eq!(g.panels.len(), 1);
    assert_eq!(g.panels[0].name, "board");
    assert_eq!((g.panels[0].width, g.panels[0].height), (10.0, 10.0));
    assert!(g.panels[0].labels.iter().any(|l| l.0 == "10"));
    assert_eq!(g.cells.len(), 100);
    assert!(g.hands.is_empty() && Platonic::startpos().hands().is_empty());
    let centre = |name: &str| g.cells.iter().find(|c| c.name == name).unwrap().center;
    assert_eq!(centre("a10"), [0.5, 0.5]);
    assert_eq!(centre("j1"), [9.5, 9.5]);
    assert_eq!(centre("e3"), [4.5, 7.5]);
    for p in &g.pieces {
        let expected = if p.letter == 'P' { Some("pawn") } else { None };
        assert_eq!(p.glyph, expected, "{}", p.name);
    }
    assert_eq!(g.pieces.len(), 6);
}

#[test]
fn start_pieces_land_where_the_fen_says() {
    let g = Platonic::geometry();
    let cells = Platonic::startpos().cell_pieces();
    assert_eq!(cells.len(), g.cells.len());
    let on = |name: &str| cells[g.cells.iter().position(|c| c.name == name).unwrap()];
    // Read from the FEN text: its first row is rank 10, its last rank 1.
    let rows: Vec<&str> = START_FEN.split(['/', ' ']).collect();
    assert_eq!(on("a1"), rows[9].chars().next());
    assert_eq!(on("e1"), rows[9].chars().nth(4));
    assert_eq!(on("e1"), Some('T'));
    assert_eq!(on("j10"), rows[0].chars().nth(9));
    assert_eq!(on("j10"), Some('i'));
    assert_eq!(on("c8"), Some('p'));
    assert_eq!(on("e3"), Some('P'));
    assert_eq!(on("e2"), None);
    assert_eq!(on("e9"), None);
}

#[test]
fn castling_and_en_passant_parts() {
    let p = pos("i3tt3i/10/10/10/10/10/10/10/10/I3TT3I w AJaj - 0 1");
    let castle = p.move_parts(p.parse_move("e1c1").unwrap());
    assert_eq!(
        (castle.from.as_deref(), castle.to.as_deref()),
        (Some("e1"), Some("c1"))
    );
    assert_eq!(castle.label, "castle");
    assert_eq!(castle.promotion, None);
    assert_eq!(p.move_parts(p.parse_move("e1e2").unwrap()).label, "");
    let p = pos("8tt/10/10/10/10/3Pp5/10/10/10/TT8 b - d4 0 1");
    let ep = p.move_parts(p.parse_move("e5d4").unwrap());
    assert_eq!(
        (ep.to.as_deref(), ep.label.as_str()),
        (Some("d4"), "en passant")
    );
    assert_eq!(p.move_parts(p.parse_move("e5d5").unwrap()).label, "");
}

#[test]
fn checked_royals_are_the_attacked_tetrahedrons() {
    assert!(Platonic::startpos().checked_royals().is_empty());
    // The Octahedron on c3 attacks e1 only.
    let one = pos("4tt4/10/10/10/10/10/10/2o7/10/I3TT3I w AJ - 0 1");
    assert_eq!(one.checked_royals(), vec!["e1".to_string()]);
    // A Dodecahedron on d3 forks both: e1 by the knight leap, f1 by the alfil leap.
    let fork = pos("4tt4/10/10/10/10/10/10/3d6/10/4TT4 w - - 0 1");
    assert_eq!(
        fork.checked_royals(),
        vec!["e1".to_string(), "f1".to_string()]
    );
    // Black's f10 attacked by a white pawn's rank power (d8, own rank 8: B2 via e9).
    let black = pos("4tt4/10/3P6/10/10/10/10/10/10/4TT4 b - - 0 1");
    assert!(black.in_check());
    assert_eq!(black.checked_royals(), vec!["f10".to_string()]);
}

#[test]
fn capture_values_are_the_victims_nominal_values() {
    let p = pos("8tt/10/10/10/10/3PpI4/10/10/10/TT8 b - d4 0 1");
    let value = |text: &str| p.capture_value(p.parse_move(text).unwrap());
    assert_eq!(value("e5d4"), Some(100), "en passant takes a pawn");
    assert_eq!(value("e5d5"), Some(100));
    assert_eq!(value("e5f5"), Some(800), "an Icosahedron");
    assert_eq!(value("e5e4"), Some(0), "a quiet step");
}
