//! Unit tests: one or more per rule of `shared/rules/pentaplane.md`.

use super::rules::*;
use super::tables::*;
use super::*;
use crate::position::{DrawReason, GenKind, Outcome, Position, Side};
use crate::testkit::check_random_playouts;
use crate::topology::Vector;

/// A play-phase FEN from `"K@Aa1 k@Ee5 ..."` (piece letter @ cell).
pub fn fen_of(pieces: &str, side: char) -> String {
    let mut board = std::collections::HashMap::new();
    for tok in pieces.split_whitespace() {
        let (p, c) = tok.split_once('@').unwrap();
        let c = tables().topo.cell_by_name(c).unwrap();
        board.insert(c, p.to_string());
    }
    let mut levels = Vec::new();
    for z in (0..5).rev() {
        levels.push(crate::fen::write_placement(5, 5, |x, y| {
            board.get(&cell(x as i8, y as i8, z)).cloned()
        }));
    }
    format!("{} {side} - - 0 1", levels.join("|"))
}

fn at(pieces: &str, side: char) -> Pentaplane {
    Pentaplane::from_fen(&fen_of(pieces, side)).unwrap()
}

fn texts(p: &Pentaplane) -> Vec<String> {
    let mut l = MoveList::new();
    p.generate(GenKind::All, &mut l);
    let mut v: Vec<String> = l.iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

/// The moves of the piece on `from` (texts starting with that cell).
fn from_cell(p: &Pentaplane, from: &str) -> Vec<String> {
    texts(p)
        .into_iter()
        .filter(|t| t.starts_with(from))
        .collect()
}

fn play(p: &Pentaplane, text: &str) -> Pentaplane {
    let m = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e} at {}", p.fen()));
    let mut q = p.clone();
    q.make(m);
    q
}

fn name(c: Cell) -> &'static str {
    tables().topo.name(c)
}

fn cell_of(n: &str) -> Cell {
    tables().topo.cell_by_name(n).unwrap()
}

// ---- Board and directions ----

#[test]
fn board_is_five_levels_of_five_by_five_named_level_file_rank() {
    let t = &tables().topo;
    assert_eq!(t.num_cells(), 125);
    assert_eq!(t.dims(), (5, 5, 5, 1));
    assert_eq!(name(cell(2, 0, 0)), "Ac1");
    assert_eq!(name(cell(4, 4, 4)), "Ee5");
    assert_eq!(xyz(cell_of("Bd3")), (3, 2, 1));
}

#[test]
fn direction_families_have_6_12_8_vectors_and_keep_or_change_colour() {
    let colour = |v: &Vector| (v[0] + v[1] + v[2]).rem_euclid(2);
    assert_eq!(ROOK_DIRS.len(), 6);
    assert_eq!(BISHOP_DIRS.len(), 12);
    assert_eq!(CUBE_DIRS.len(), 8);
    assert!(ROOK_DIRS
        .iter()
        .all(|v| v.iter().filter(|&&a| a != 0).count() == 1 && colour(v) == 1));
    assert!(BISHOP_DIRS
        .iter()
        .all(|v| v.iter().filter(|&&a| a != 0).count() == 2 && colour(v) == 0));
    assert!(CUBE_DIRS
        .iter()
        .all(|v| v.iter().all(|&a| a != 0) && colour(v) == 1));
    let mut all: Vec<Vector> = ROOK_DIRS
        .iter()
        .chain(&BISHOP_DIRS)
        .chain(&CUBE_DIRS)
        .copied()
        .collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 26);
    // 63 dotted (x+y+z even) and 62 plain cells.
    let dotted = (0..125).filter(|&c| {
        let (x, y, z) = xyz(c);
        (x + y + z) % 2 == 0
    });
    assert_eq!(dotted.count(), 63);
}

#[test]
fn knight_has_24_distinct_leaps_all_permutations_of_2_1_0() {
    let mut v = knight_vectors();
    v.sort();
    v.dedup();
    assert_eq!(v.len(), 24);
    for k in &v {
        let mut a: Vec<i8> = k.iter().map(|x| x.abs()).collect();
        a.sort();
        assert_eq!(a, vec![0, 1, 2]);
    }
}

// ---- Pieces: destinations from the centre Cc3 of an otherwise empty cube ----

fn centre_count(letter: char) -> usize {
    // The kings stand on Ba2 and De4: offsets (-2,-1,-1) and (2,1,1) from Cc3, on no
    // line, no knight leap and no step of any piece on Cc3.
    let pieces = if letter == 'K' {
        "K@Cc3 k@De4".to_string()
    } else {
        format!("K@Ba2 k@De4 {letter}@Cc3")
    };
    from_cell(&at(&pieces, 'w'), "Cc3").len()
}

#[test]
fn piece_moves_from_the_centre() {
    // King: 26 neighbours. True Queen: 26 directions x 2. Rook: 6 x 2. Bishop: 12 x 2.
    // Cuber: 8 x 2. Knight: 24. Missile pieces step only (nothing to shoot at).
    // Bomb: 6. Kamikaze: 18 x 2. Pawn: 6 moves (no captures).
    assert_eq!(centre_count('K'), 26);
    assert_eq!(centre_count('Q'), 52);
    assert_eq!(centre_count('R'), 12);
    assert_eq!(centre_count('B'), 24);
    assert_eq!(centre_count('C'), 16);
    assert_eq!(centre_count('N'), 24);
    assert_eq!(centre_count('O'), 6);
    assert_eq!(centre_count('Z'), 36);
    assert_eq!(centre_count('P'), 6);
    assert_eq!(centre_count('F'), 6);
    assert_eq!(centre_count('M'), 12);
    assert_eq!(centre_count('S'), 8);
    // Satellite with the kings on its lines: a shot along (+1,+1,+1) at the enemy king
    // on Ee5; the line (-1,-1,-1) ends on the own king Aa1, which may not be shot.
    let s = at("K@Aa1 k@Ee5 S@Cc3", 'w');
    let moves = from_cell(&s, "Cc3");
    assert_eq!(moves.len(), 9);
    assert!(moves.contains(&"Cc3*Ee5".to_string()));
    assert!(!moves.contains(&"Cc3*Aa1".to_string()));
    // True Queen with them: the own king blocks one cell, the enemy king is captured.
    assert_eq!(from_cell(&at("K@Aa1 k@Ee5 Q@Cc3", 'w'), "Cc3").len(), 51);
}

#[test]
fn sliders_stop_at_the_first_piece_and_capture_only_enemies() {
    let p = at("K@Aa1 k@Ee5 R@Cc3 p@Cc5 P@Cc2 n@Ec3", 'w');
    let r = from_cell(&p, "Cc3");
    // +y: Cc4, Cc5 (capture); -y: blocked by own pawn; +z: Dc3, Ec3 (capture); -z: Bc3, Ac3; x: 4.
    assert_eq!(r.len(), 10, "+y 2, -y 0, +z 2, -z 2, along x 4");
    assert!(r.contains(&"Cc3Cc5".to_string()) && !r.contains(&"Cc3Cc2".to_string()));
}

#[test]
fn knight_is_not_blocked() {
    let p = at("K@Aa1 k@Ee5 N@Cc3 P@Cc4 P@Cd3 P@Cb3 P@Cc2 P@Dc3 P@Bc3", 'w');
    assert_eq!(from_cell(&p, "Cc3").len(), 24);
}

#[test]
fn bishop_is_colour_bound() {
    let p = at("K@Aa1 k@Ee5 B@Cc3", 'w');
    for t in from_cell(&p, "Cc3") {
        let to = xyz(cell_of(&t[3..6]));
        assert_eq!((to.0 + to.1 + to.2) % 2, 0, "{t}");
    }
}

#[test]
fn pawn_moves_along_rook_dirs_and_captures_along_bishop_dirs() {
    // Enemies on a rook step (Dc3: blocks, not capturable) and on bishop steps (Dd3,
    // Bb2: capturable, one backwards and down); a cube-diagonal enemy (Dd4) is not.
    let p = at("K@Aa1 k@Ee5 P@Cc3 p@Dc3 p@Dd3 p@Bb3 r@Cb2 n@Dd4", 'w');
    let mut m = from_cell(&p, "Cc3");
    m.sort();
    let mut want: Vec<String> = [
        "Cc3Cd3", "Cc3Cb3", "Cc3Cc4", "Cc3Cc2", "Cc3Bc3", "Cc3Dd3", "Cc3Bb3", "Cc3Cb2",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    want.sort();
    assert_eq!(m, want);
}

#[test]
fn pawns_of_both_sides_move_backwards_and_down() {
    let p = at("K@Aa1 k@Ee5 p@Cc3", 'b');
    let m = from_cell(&p, "Cc3");
    assert_eq!(m.len(), 6);
    assert!(m.contains(&"Cc3Bc3".to_string()) && m.contains(&"Cc3Cc4".to_string()));
}

// ---- Promotion ----

#[test]
fn pawn_promotes_to_true_queen_on_any_cell_of_the_enemy_starting_row() {
    // Up onto Ec5, forward onto Eb5 from Eb4, capturing onto Ed5.
    let p = at("K@Aa1 k@Ea3 P@Dc5 P@Eb4 r@Ed5", 'w');
    let m = texts(&p);
    assert!(m.contains(&"Dc5Ec5q".to_string()));
    assert!(m.contains(&"Eb4Eb5q".to_string()));
    assert!(m.contains(&"Dc5Ed5q".to_string()));
    assert!(!m.contains(&"Dc5Ec5".to_string()));
    let q = play(&p, "Dc5Ec5");
    assert_eq!(
        q.piece(cell_of("Ec5")),
        Some(Piece::new(Kind::Queen, Side::White))
    );
    assert_eq!(q.halfmove_clock(), 0);
    // Black promotes on rank 1 of level A.
    let b = at("K@Ee5 k@Ea3 p@Bc1", 'b');
    assert!(texts(&b).contains(&"Bc1Ac1q".to_string()));
    // A pawn on the own starting row of the enemy is not promoted: a white pawn on
    // level A rank 1 is an ordinary pawn.
    assert!(texts(&at("K@Ee5 k@Ea3 P@Ac1", 'w')).contains(&"Ac1Bc1".to_string()));
}

#[test]
fn pawn_on_its_promotion_row_is_an_invalid_fen() {
    assert!(Pentaplane::from_fen(&fen_of("K@Aa1 k@Ea3 P@Ec5", 'w')).is_err());
    assert!(Pentaplane::from_fen(&fen_of("K@Ea1 k@Ea3 p@Ac1", 'w')).is_err());
}

// ---- Missiles ----

#[test]
fn missile_hits_first_piece_only_and_firer_stays() {
    let p = at("K@Aa1 k@Ee5 F@Cc1 n@Cc4 r@Cc5", 'w');
    let m = from_cell(&p, "Cc1");
    assert!(m.contains(&"Cc1*Cc4".to_string()));
    assert!(!m.contains(&"Cc1*Cc5".to_string()));
    let q = play(&p, "Cc1*Cc4");
    assert_eq!(q.piece(cell_of("Cc4")), None);
    assert_eq!(
        q.piece(cell_of("Cc1")),
        Some(Piece::new(Kind::Fortress, Side::White))
    );
    assert!(q.piece(cell_of("Cc5")).is_some());
}

#[test]
fn no_shot_at_own_non_bomb_or_into_nothing() {
    let p = at("K@Aa1 k@Ee5 F@Cc3 P@Cc4 N@Dc3", 'w');
    let shots: Vec<String> = texts(&p).into_iter().filter(|t| t.contains('*')).collect();
    assert!(shots.is_empty(), "{shots:?}");
}

#[test]
fn shot_at_adjacent_enemy_differs_from_stepping_onto_it() {
    let p = at("K@Aa1 k@Ee5 F@Cc3 n@Cd3", 'w');
    let m = from_cell(&p, "Cc3");
    assert!(m.contains(&"Cc3*Cd3".to_string()) && m.contains(&"Cc3Cd3".to_string()));
}

#[test]
fn missile_bishop_and_satellite_fire_along_their_own_families() {
    // M on Cc3 (2,2,2): Ca5 via (-1,+1,0) past empty Cb4, Db3 adjacent via (-1,0,+1);
    // Cd3 is a rook neighbour (not a bishop line); the line (-1,-1,-1) is not a bishop
    // line either. S on Ab4 (1,3,0): (+1,-1,+1) passes Bc3, Cd2 and hits De1.
    let p = at("K@Aa1 k@Ee5 M@Cc3 S@Ab4 r@Ca5 b@Db3 q@Cd3 n@De1", 'w');
    let mut shots: Vec<String> = texts(&p).into_iter().filter(|t| t.contains('*')).collect();
    shots.sort();
    assert_eq!(shots, vec!["Ab4*De1", "Cc3*Ca5", "Cc3*Db3"]);
}

#[test]
fn missile_may_hit_the_enemy_king_and_wins() {
    let p = at("K@Aa1 k@Ae5 F@Aa5", 'w');
    let q = play(&p, "Aa5*Ae5");
    assert_eq!(
        q.event_outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "king destroyed"
        })
    );
    assert!(texts(&q).is_empty());
}

// ---- Bombs ----

#[test]
fn bomb_explodes_when_it_captures() {
    // Centre Cc4 (2,3,2): Dd5 and Bb3 are inside the block, Ee5 (distance 2) is not.
    let p = at("K@Aa1 k@Ee5 O@Cc3 n@Cc4 r@Dd5 P@Bb3", 'w');
    let q = play(&p, "Cc3Cc4");
    for c in ["Cc3", "Cc4", "Dd5", "Bb3"] {
        assert_eq!(q.piece(cell_of(c)), None, "{c}");
    }
    assert!(q.piece(cell_of("Ee5")).is_some());
    assert_eq!(q.halfmove_clock(), 0);
}

#[test]
fn bomb_explodes_when_captured_and_the_capturer_dies() {
    let p = at("K@Aa1 k@Ee5 R@Ca4 o@Cc4 n@Cd5 P@Ae1", 'w');
    let q = play(&p, "Ca4Cc4");
    for c in ["Ca4", "Cc4", "Cd5"] {
        assert_eq!(q.piece(cell_of(c)), None, "{c}");
    }
    assert!(q.piece(cell_of("Ae1")).is_some());
}

#[test]
fn bomb_struck_by_missile_explodes_including_an_adjacent_firer() {
    let far = at("K@Aa1 k@Ee5 F@Ac4 o@Cc4 n@Cd5", 'w');
    let q = play(&far, "Ac4*Cc4");
    assert_eq!(q.piece(cell_of("Cd5")), None);
    assert!(
        q.piece(cell_of("Ac4")).is_some(),
        "firer two cells away survives"
    );
    let near = at("K@Aa1 k@Ee5 F@Cc3 o@Cc4", 'w');
    let q = play(&near, "Cc3*Cc4");
    assert_eq!(
        q.piece(cell_of("Cc3")),
        None,
        "adjacent firer is in the blast"
    );
}

#[test]
fn firing_at_an_own_bomb_detonates_it() {
    let p = at("K@Aa1 k@Ee5 F@Ae3 O@Ce3 n@Cd4 r@De2", 'w');
    assert!(texts(&p).contains(&"Ae3*Ce3".to_string()));
    let q = play(&p, "Ae3*Ce3");
    for c in ["Ce3", "Cd4", "De2"] {
        assert_eq!(q.piece(cell_of(c)), None, "{c}");
    }
}

#[test]
fn chain_reaction_across_three_bombs_reaches_the_king() {
    // N Ab4 -> Bb2 captures a bomb; Cc3 and Dd4 are bombs in turn; Dd4's block holds
    // Ee5 (the black king) and Ee3; Ee2 is outside every block.
    let p = at("K@Ae1 k@Ee5 N@Ab4 o@Bb2 O@Cc3 o@Dd4 r@Ee3 r@Ee2", 'w');
    let q = play(&p, "Ab4Bb2");
    for c in ["Bb2", "Cc3", "Dd4", "Ee5", "Ee3"] {
        assert_eq!(q.piece(cell_of(c)), None, "{c}");
    }
    assert!(q.piece(cell_of("Ee2")).is_some());
    assert_eq!(
        q.event_outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "king destroyed"
        })
    );
    // Without the middle bomb the chain stops at the first block.
    let p = at("K@Ae1 k@Ee5 N@Ab4 o@Bb2 o@Dd4 r@Ee3", 'w');
    let q = play(&p, "Ab4Bb2");
    assert!(q.piece(cell_of("Dd4")).is_some() && q.piece(cell_of("Ee5")).is_some());
}

// ---- Kamikaze Queen ----

#[test]
fn kamikaze_queen_dies_with_its_capture() {
    let p = at("K@Ae1 k@Ee5 Z@Aa3 r@Ca3", 'w');
    let q = play(&p, "Aa3Ca3");
    assert_eq!(q.piece(cell_of("Aa3")), None);
    assert_eq!(q.piece(cell_of("Ca3")), None);
}

#[test]
fn kamikaze_queen_capturing_a_bomb_sets_it_off() {
    let p = at("K@Ae1 k@Ee5 Z@Aa3 o@Ca3 n@Cb3 P@Ba2", 'w');
    let q = play(&p, "Aa3Ca3");
    for c in ["Aa3", "Ca3", "Cb3", "Ba2"] {
        assert_eq!(q.piece(cell_of(c)), None, "{c}");
    }
}

// ---- Suicide ----

#[test]
fn moves_that_explode_the_own_king_are_illegal() {
    // The king may not capture a bomb; a rook may not capture a bomb next to its king;
    // a missile may not detonate an own bomb next to the own king.
    let p = at("K@Cc3 k@Ee5 o@Cc4 R@Ca4 F@Ac2 O@Cc2", 'w');
    let m = texts(&p);
    assert!(!m.contains(&"Cc3Cc4".to_string()));
    assert!(!m.contains(&"Ca4Cc4".to_string()));
    assert!(!m.contains(&"Ac2*Cc2".to_string()));
    // ... even when the enemy king goes up too.
    let p = at("K@Cc3 k@Cd5 o@Cc4 R@Ca4", 'w');
    assert!(!texts(&p).contains(&"Ca4Cc4".to_string()));
    // A kamikaze capture whose chain reaches the own king.
    let p = at("K@Ae1 k@Ee5 Z@Aa3 o@Ca3 O@Bb2", 'w');
    // Bb2's block holds Aa1..Cc3, not Ae1: legal.
    assert!(texts(&p).contains(&"Aa3Ca3".to_string()));
    let p = at("K@Ac1 k@Ee5 Z@Aa3 o@Ca3 O@Bb2", 'w');
    assert!(!texts(&p).contains(&"Aa3Ca3".to_string()));
}

#[test]
fn there_is_no_check_a_king_may_be_left_attacked() {
    // The white rook on Ae1 attacks the black king on Ee1; White may still make a
    // quiet move, and Black may leave the king where it is.
    let p = at("K@Aa1 k@Ee1 R@Ae1 P@Ac3", 'w');
    assert!(!p.in_check());
    assert!(texts(&p).contains(&"Ac3Ac4".to_string()));
    let q = play(&p, "Ac3Ac4");
    assert!(texts(&q).contains(&"Ee1Ed1".to_string()));
    assert_eq!(q.outcome(), None);
    assert_eq!(rules::HAS_CHECK, q.in_check());
}

#[test]
fn king_may_capture_non_bombs_and_stand_next_to_the_enemy_king() {
    let p = at("K@Cc3 k@Ce5 n@Cc4", 'w');
    let m = texts(&p);
    assert!(m.contains(&"Cc3Cc4".to_string()));
    assert!(
        m.contains(&"Cc3Cd4".to_string()),
        "no check: the king may approach the enemy king"
    );
}

// ---- Outcomes and draws ----

#[test]
fn capturing_the_king_wins_at_once() {
    let p = at("K@Aa1 k@Ab1", 'w');
    let q = play(&p, "Aa1Ab1");
    assert_eq!(
        q.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "king destroyed"
        })
    );
}

#[test]
fn no_legal_move_is_stalemate() {
    let p = at("K@Aa1 k@Ee5 o@Ab1 o@Ba1 o@Bb1 o@Aa2 o@Ab2 o@Ba2 o@Bb2", 'w');
    assert!(texts(&p).is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn bare_kings_draw_and_counters_follow_the_rules() {
    assert!(at("K@Aa1 k@Ee5", 'w').dead_position());
    assert!(!at("K@Aa1 k@Ee5 P@Ac3", 'w').dead_position());
    let p = at("K@Aa1 k@Ee5 P@Cc3 n@Dd3 F@Ea5", 'w');
    assert_eq!(
        play(&p, "Cc3Cc2").halfmove_clock(),
        1,
        "pawn moves do not reset"
    );
    assert_eq!(play(&p, "Cc3Dd3").halfmove_clock(), 0, "captures reset");
    assert_eq!(play(&p, "Ea5*Ee5").halfmove_clock(), 0);
    let mut limit = p.clone();
    limit.halfmove = NO_PROGRESS_PLIES;
    assert_eq!(limit.draw_reason(&[]), Some(DrawReason::MoveCounter));
}

#[test]
fn threefold_repetition_draws() {
    let mut hist = Vec::new();
    let mut p = at("K@Aa1 k@Ee5 R@Cc3 r@Cc5", 'w');
    for t in [
        "Aa1Ab1", "Ee5Ed5", "Ab1Aa1", "Ed5Ee5", "Aa1Ab1", "Ee5Ed5", "Ab1Aa1", "Ed5Ee5",
    ] {
        assert_eq!(p.draw_reason(&hist), None);
        let q = play(&p, t);
        hist.push(std::mem::replace(&mut p, q));
    }
    assert_eq!(p.draw_reason(&hist), Some(DrawReason::Repetition));
}

// ---- Draft ----

#[test]
fn draft_follows_the_clarifications() {
    let start = Pentaplane::startpos();
    assert_eq!(start.fen(), START_FEN);
    assert_eq!(texts(&start).len(), 45);
    assert_eq!(
        start.parse_move("=OR").unwrap(),
        start.parse_move("=RO").unwrap()
    );
    assert_eq!(start.move_text(start.parse_move("=OR").unwrap()), "=RO");
    let a = play(&start, "=RO");
    assert_eq!(a.side_to_move(), Side::Black);
    assert_eq!(texts(&a).len(), 45);
    let b = play(&a, "=SN");
    assert_eq!(
        b.fen(),
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[RSNOrsno] w - - 0 1 place"
    );
    // 4 distinct kinds on 4 empty X cells.
    assert_eq!(texts(&b).len(), 16);
    let c = play(&b, "R@Aa1");
    assert_eq!(
        c.fen(),
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/R1K2[SNOrsno] w - - 0 1 place"
    );
    assert!(!c.is_turn_start() && b.is_turn_start());
    let d = play(&play(&play(&c, "O@Ab1"), "S@Ad1"), "N@Ae1");
    assert_eq!(d.side_to_move(), Side::Black);
    assert_eq!(texts(&d), vec!["=mirror", "=same"]);
    let same = play(&d, "=same");
    assert_eq!(
        same.fen(),
        "nskor/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/ROKSN w - - 0 1"
    );
    let mirror = play(&d, "=mirror");
    assert_eq!(
        mirror.fen(),
        "roksn/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/ROKSN w - - 0 1"
    );
    // Explicit drops equal to one of the layouts are accepted as one sub-move.
    assert_eq!(
        d.parse_move("n@Ea5,s@Eb5,o@Ed5,r@Ee5").unwrap(),
        d.parse_move("=same").unwrap()
    );
    assert_eq!(
        d.parse_move("r@Ea5,o@Eb5,s@Ed5,n@Ee5").unwrap(),
        d.parse_move("=mirror").unwrap()
    );
    assert!(d.parse_move("r@Ea5,o@Eb5,n@Ed5,s@Ee5").is_err());
    // Each side then has 10 men: king, four drafted pieces, five pawns.
    for side in [Side::White, Side::Black] {
        assert_eq!(same.pieces().filter(|(_, p)| p.side == side).count(), 10);
    }
    // Draft sub-moves change neither counter.
    assert_eq!((same.halfmove_clock(), same.fullmove), (0, 1));
}

#[test]
fn identical_pieces_give_one_drop_and_palindromes_keep_two_layouts() {
    let p = play(&play(&Pentaplane::startpos(), "=RR"), "=RR");
    assert_eq!(texts(&p).len(), 4, "one kind, four cells");
    let mut q = p;
    for c in ["Aa1", "Ab1", "Ad1", "Ae1"] {
        q = play(&q, &format!("R@{c}"));
    }
    assert_eq!(texts(&q).len(), 2);
    assert_eq!(play(&q, "=same").fen(), play(&q, "=mirror").fen());
    assert_ne!(
        q.parse_move("=same").unwrap(),
        q.parse_move("=mirror").unwrap()
    );
}

#[test]
fn phase_is_part_of_the_key() {
    let a = Pentaplane::from_fen(
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[ROSNrosn] w - - 0 1 place",
    )
    .unwrap();
    let b = Pentaplane::from_fen(
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[] w - - 0 1 select",
    )
    .unwrap();
    let c = Pentaplane::from_fen(
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2 w - - 0 1",
    )
    .unwrap();
    assert_ne!(a.key(), b.key());
    assert_ne!(b.key(), c.key());
    assert_eq!(
        c.fen(),
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2 w - - 0 1"
    );
}

// ---- FEN ----

#[test]
fn bad_fens_are_typed_errors() {
    let bad = [
        "",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5 w - - 0 1",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2 x - - 0 1",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2 w KQ - 0 1",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2 w - e3 0 1",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2 w - - 0 0",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2 w - - 0 1 dance",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[] w - - 0 1",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2 w - - 0 1 select",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[] w - - 0 1 place",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[RRRRrrrr] w - - 0 1 select",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[RRrr] b - - 0 1 place",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[Kk] b - - 0 1 select",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[RRRRRrrrrr] w - - 0 1 place",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[RQ] b - - 0 1 select",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2KK1 w - - 0 1",
        "5/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/5 w - - 0 1",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K3 w - - 0 1",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2Kx2 w - - 0 1",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K~2 w - - 0 1",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2 w - - -1 1",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2 w - - 0",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[R w - - 0 1 place",
        // A to place but holdings already empty; B's X cells filled during the draft.
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/RRKRR[rrrr] w - - 0 1 place",
        "rrkrr/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/RRKRR[rrrr] b - - 0 1 place",
        // B to place pieces A never placed.
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/RRKRR[nnnn] b - - 0 1 place",
    ];
    for f in bad {
        assert!(Pentaplane::from_fen(f).is_err(), "accepted: {f}");
    }
    for good in [
        START_FEN,
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[ROro] b - - 0 1 select",
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/RRKRR[rrrr] b - - 0 1 place",
        "nskor/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/ROKSN w - - 0 1 play",
        "4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5 b - - 7 30",
    ] {
        assert!(Pentaplane::from_fen(good).is_ok(), "rejected: {good}");
    }
    // Holdings in any order are read, written in canonical order.
    let p = Pentaplane::from_fen(
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/2K2[rOoR] b - - 0 1 select",
    )
    .unwrap();
    assert!(p.fen().contains("[ROro]"));
}

#[test]
fn bad_move_texts_are_errors() {
    let p = at("K@Aa1 k@Ee5 F@Cc3", 'w');
    for t in [
        "", "Aa1", "Aa1Aa1", "Zz9Aa1", "Cc3*Cc5", "Cc3*Ee5", "=RO", "R@Aa1", "=same", "Aa1Ab1q",
        "Cc3Cc5",
    ] {
        assert!(p.parse_move(t).is_err(), "{t}");
    }
}

#[test]
fn display_draws_five_levels_e_to_a() {
    let d = Pentaplane::startpos().display();
    assert!(d.find("level E").unwrap() < d.find("level A").unwrap());
    assert_eq!(d.lines().nth(1).unwrap().matches('k').count(), 1);
}

// ---- Contract checks ----

#[test]
fn random_playouts_from_the_draft_keep_keys_and_fens_consistent() {
    let n = check_random_playouts(&Pentaplane::startpos(), 11, 30, 160);
    assert!(n > 1000);
}

#[test]
fn random_playouts_from_bomb_heavy_positions() {
    for fen in [
        "nskor/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/ROKSN w - - 0 1",
        "ookoo/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/OOKOO w - - 0 1",
        "fmkzs/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/SZKMF w - - 0 1",
    ] {
        check_random_playouts(&Pentaplane::from_fen(fen).unwrap(), 5, 40, 200);
    }
}

#[test]
fn move_encoding_round_trips_and_rejects_foreign_moves() {
    assert_eq!(Action::decode(Move::NONE), None);
    assert_eq!(Action::decode(Move::END_TURN), None);
    for p in [
        Pentaplane::startpos(),
        at("K@Aa1 k@Ee5 F@Cc3 p@Cc5 P@Dc5 O@Ac3 n@Cb3", 'w'),
    ] {
        let mut l = MoveList::new();
        p.generate(GenKind::All, &mut l);
        for m in l {
            assert_eq!(Action::decode(m).unwrap().encode(), m);
        }
    }
}

// ---- GUI view (geometry, cell pieces, hands, move parts, checked royals) ----

mod gui_view {
    use super::*;
    use crate::view::{MoveKind, MoveParts};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::{HashMap, HashSet};

    /// The pieces of a FEN by cell name, read straight from the FEN text: the first
    /// `|`-part is level E, ranks 5 to 1 within a level.
    fn fen_cells(fen: &str) -> HashMap<String, char> {
        let placement = fen.split_whitespace().next().unwrap();
        let placement = placement.split('[').next().unwrap();
        let mut out = HashMap::new();
        for (i, level) in placement.split('|').enumerate() {
            let z = (b'E' - i as u8) as char;
            for (j, rank) in level.split('/').enumerate() {
                let r = 5 - j;
                let mut file = 0u8;
                for ch in rank.chars() {
                    if let Some(d) = ch.to_digit(10) {
                        file += d as u8;
                    } else {
                        out.insert(format!("{z}{}{r}", (b'a' + file) as char), ch);
                        file += 1;
                    }
                }
            }
        }
        out
    }

    /// The FEN's holdings text (inside `[...]`), empty without brackets.
    fn fen_holdings(fen: &str) -> String {
        let first = fen.split_whitespace().next().unwrap();
        match first.split_once('[') {
            Some((_, rest)) => rest.trim_end_matches(']').to_string(),
            None => String::new(),
        }
    }

    fn parts_of(p: &Pentaplane, text: &str) -> MoveParts {
        p.move_parts(p.parse_move(text).unwrap())
    }

    /// Every check on one position; returns its legal moves.
    fn check_view(p: &Pentaplane, names: &HashSet<String>) -> MoveList {
        let g = Pentaplane::geometry();
        // The board as the FEN writes it.
        let pieces = p.cell_pieces();
        assert_eq!(pieces.len(), g.cells.len());
        let fen = p.fen();
        let expected = fen_cells(&fen);
        for (cv, piece) in g.cells.iter().zip(&pieces) {
            assert_eq!(
                *piece,
                expected.get(&cv.name).copied(),
                "{} in {fen}",
                cv.name
            );
        }
        // The hands are the FEN's brackets, in order.
        let hands = p.hands();
        assert_eq!(hands.len(), g.hands.len());
        for (h, hv) in hands.iter().zip(&g.hands) {
            assert_eq!((&h.name, h.side), (&hv.name, hv.side));
            let upper = h.pieces.chars().all(|c| c.is_ascii_uppercase());
            let lower = h.pieces.chars().all(|c| c.is_ascii_lowercase());
            assert!(if h.side == Side::White { upper } else { lower });
        }
        let joined: String = hands.iter().map(|h| h.pieces.as_str()).collect();
        assert_eq!(joined, fen_holdings(&fen), "{fen}");
        // Checked royals are kings.
        for c in p.checked_royals() {
            assert!(matches!(expected.get(&c), Some('K' | 'k')), "{c} in {fen}");
        }
        // Every legal move taken apart, all different.
        let mut list = MoveList::new();
        p.generate(GenKind::All, &mut list);
        let mut seen: Vec<MoveParts> = Vec::new();
        for &m in list.iter() {
            assert_ne!(m, Move::END_TURN, "Pentaplane has no 0000");
            let parts = p.move_parts(m);
            let text = p.move_text(m);
            for cell in [&parts.from, &parts.to].into_iter().flatten() {
                assert!(names.contains(cell), "{cell} of {text}");
            }
            if let Some(to) = &parts.to {
                assert!(text.contains(to.as_str()), "{text} lacks {to}");
            }
            match parts.kind {
                MoveKind::Move => {
                    assert!(parts.from.is_some() && parts.to.is_some());
                    assert_eq!(parts.promotion.is_some(), text.ends_with('q'), "{text}");
                    assert_eq!(parts.from.as_deref(), Some(&text[..3]));
                }
                MoveKind::Shot => {
                    assert!(parts.label.starts_with("missile shot"), "{text} in {fen}");
                    assert_eq!(
                        text,
                        format!(
                            "{}*{}",
                            parts.from.as_ref().unwrap(),
                            parts.to.as_ref().unwrap()
                        )
                    );
                }
                MoveKind::Drop => {
                    let (d, h) = (parts.drop.unwrap(), parts.hand.unwrap());
                    assert!(hands[h].pieces.contains(d), "{text}");
                    assert!(text.starts_with(&format!("{d}@")));
                }
                MoveKind::Choice => {
                    assert!(parts.from.is_none() && parts.to.is_none() && !parts.label.is_empty());
                    assert!(text.starts_with('='));
                }
                MoveKind::EndTurn => panic!("no 0000 in Pentaplane: {text}"),
            }
            assert!(!seen.contains(&parts), "{text}: {parts:?} twice in {fen}");
            // Moves the GUI cannot tell apart by cells need different labels.
            for o in &seen {
                if (&o.from, &o.to, o.drop, o.hand)
                    == (&parts.from, &parts.to, parts.drop, parts.hand)
                {
                    assert_ne!(o.label, parts.label, "{text} in {fen}");
                }
            }
            seen.push(parts);
        }
        list
    }

    #[test]
    fn random_games_give_distinct_move_parts_and_board_as_the_fen() {
        let g = Pentaplane::geometry();
        let names: HashSet<String> = g.cells.iter().map(|c| c.name.clone()).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(0x5e47a);
        let mut plies = 0;
        let mut shots = 0;
        let starts = [
            Pentaplane::startpos(),
            Pentaplane::from_fen(
                "fmkzs/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/SZKMF w - - 0 1",
            )
            .unwrap(),
            Pentaplane::from_fen(
                "ookoo/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/FOKOM w - - 0 1",
            )
            .unwrap(),
        ];
        for start in &starts {
            for _ in 0..3 {
                let mut p = start.clone();
                for _ in 0..60 {
                    let list = check_view(&p, &names);
                    if list.is_empty() {
                        break;
                    }
                    shots += list
                        .iter()
                        .filter(|&&m| p.move_parts(m).kind == MoveKind::Shot)
                        .count();
                    let m = list[rng.gen_range(0..list.len())];
                    p.make(m);
                    plies += 1;
                }
            }
        }
        assert!(plies > 300, "{plies}");
        assert!(shots > 0);
    }

    #[test]
    fn geometry_has_five_levels_e_to_a_and_the_start_pieces_where_the_fen_says() {
        let g = Pentaplane::geometry();
        let panels: Vec<&str> = g.panels.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            panels,
            ["Level E", "Level D", "Level C", "Level B", "Level A"]
        );
        for w in g.panels.windows(2) {
            assert_eq!(w[1].x, w[0].x + w[0].width + crate::view::PANEL_GAP);
        }
        assert_eq!(g.cells.len(), 125);
        let names: HashSet<&str> = g.cells.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names.len(), 125);
        let idx = |n: &str| g.cells.iter().position(|c| c.name == n).unwrap();
        // Aa1 is at the bottom left of the rightmost panel; Ee5 top right of the first.
        assert_eq!(g.panels[g.cells[idx("Aa1")].panel].name, "Level A");
        assert_eq!(g.cells[idx("Ee5")].center, [4.5, 0.5]);
        assert_eq!(g.cells[idx("Aa1")].center, [4.0 * 6.0 + 0.5, 4.5]);
        // The 3-D colouring: dotted (dark) where file + rank + level is even.
        assert_eq!(g.cells[idx("Aa1")].shade, 1);
        assert_eq!(g.cells[idx("Ba1")].shade, 0);
        assert_eq!(g.cells[idx("Cb2")].shade, 1);
        assert_eq!(g.cells[idx("Db2")].shade, 0);
        // Start position against the start FEN text.
        let start = Pentaplane::startpos();
        assert_eq!(g.start_fen, START_FEN);
        let from_fen = fen_cells(START_FEN);
        assert_eq!(from_fen.get("Ac1"), Some(&'K'));
        assert_eq!(from_fen.get("Ec5"), Some(&'k'));
        assert_eq!(from_fen.get("Ea4"), Some(&'p'));
        let pieces = start.cell_pieces();
        assert_eq!(pieces.len(), g.cells.len());
        assert_eq!(pieces[idx("Ac1")], Some('K'));
        assert_eq!(pieces[idx("Ec5")], Some('k'));
        assert_eq!(pieces[idx("Ae2")], Some('P'));
        assert_eq!(pieces[idx("Ea4")], Some('p'));
        assert_eq!(pieces[idx("Aa1")], None);
        assert_eq!(pieces[idx("Cc3")], None);
        assert_eq!(pieces.iter().flatten().count(), from_fen.len());
        // Glyphs: the six chess pieces only.
        for pv in &g.pieces {
            let chess = "KQRBNP".contains(pv.letter);
            assert_eq!(pv.glyph.is_some(), chess, "{}", pv.letter);
        }
        let q = g.pieces.iter().find(|p| p.letter == 'Q').unwrap();
        assert_eq!(q.glyph, Some("queen"));
        let hands: Vec<(&str, Side)> = g.hands.iter().map(|h| (h.name.as_str(), h.side)).collect();
        assert_eq!(
            hands,
            [("White hand", Side::White), ("Black hand", Side::Black)]
        );
    }

    #[test]
    fn draft_moves_are_choices_and_placements_drops_from_the_hands() {
        let start = Pentaplane::startpos();
        let rf = parts_of(&start, "=RF");
        assert_eq!(rf.kind, MoveKind::Choice);
        assert_eq!(rf.label, "draft: rook + missile-rook (fortress)");
        assert_eq!(parts_of(&start, "=OO").label, "draft: bomb + bomb");
        assert!(start.hands().iter().all(|h| h.pieces.is_empty()));
        let b = play(&play(&start, "=RO"), "=SN");
        let h = b.hands();
        assert_eq!(
            (h[0].pieces.as_str(), h[1].pieces.as_str()),
            ("RSNO", "rsno")
        );
        let drop = parts_of(&b, "S@Ad1");
        assert_eq!(drop.kind, MoveKind::Drop);
        assert_eq!(
            (drop.drop, drop.hand, drop.to.as_deref()),
            (Some('S'), Some(0), Some("Ad1"))
        );
        assert_eq!(drop.label, "place the missile-cuber (satellite)");
        let c = play(&b, "S@Ad1");
        assert_eq!(c.hands()[0].pieces, "RNO");
        assert_eq!(
            c.cell_pieces()
                .iter()
                .flatten()
                .filter(|&&l| l == 'S')
                .count(),
            1
        );
        let d = play(&play(&play(&c, "R@Aa1"), "O@Ab1"), "N@Ae1");
        assert_eq!(d.hands()[0].pieces, "");
        assert_eq!(d.hands()[1].pieces, "rsno");
        let same = parts_of(&d, "=same");
        let mirror = parts_of(&d, "=mirror");
        assert_eq!(
            (same.kind, mirror.kind),
            (MoveKind::Choice, MoveKind::Choice)
        );
        assert_ne!(same.label, mirror.label);
        let e = play(&d, "=mirror");
        assert!(e.hands().iter().all(|h| h.pieces.is_empty()));
    }

    #[test]
    fn shots_promotions_and_explosions_are_labelled() {
        // A shot and a step with the same cells.
        let p = at("K@Aa1 k@Ee5 F@Cc3 n@Cd3", 'w');
        let shot = parts_of(&p, "Cc3*Cd3");
        let step = parts_of(&p, "Cc3Cd3");
        assert_eq!(shot.kind, MoveKind::Shot);
        assert_eq!(step.kind, MoveKind::Move);
        assert_eq!(
            (shot.from.as_deref(), shot.to.as_deref()),
            (Some("Cc3"), Some("Cd3"))
        );
        assert_eq!(shot.label, "missile shot");
        assert_eq!(step.label, "capture the knight");
        assert_eq!(parts_of(&p, "Cc3Cc4").label, "");
        // Promotion, with and without capture.
        let p = at("K@Aa1 k@Ea3 P@Dc5 r@Ed5", 'w');
        let up = parts_of(&p, "Dc5Ec5q");
        assert_eq!(up.promotion, Some('Q'));
        assert_eq!(up.label, "promote to true queen");
        let cap = parts_of(&p, "Dc5Ed5q");
        assert_eq!(cap.label, "promote to true queen, capture the rook");
        assert_eq!(parts_of(&p, "Dc5Cc5").promotion, None);
        // A bomb capture and a shot at a bomb are marked as explosions; the kamikaze's
        // capture is named.
        let p = at("K@Aa1 k@Ee5 O@Cc3 n@Cd3 F@Ac5 o@Cc5 Z@Bb1 r@Bb4", 'w');
        assert_eq!(
            parts_of(&p, "Cc3Cd3").label,
            "capture the knight, explosion"
        );
        assert_eq!(parts_of(&p, "Ac5*Cc5").label, "missile shot, explosion");
        assert_eq!(parts_of(&p, "Bb1Bb4").label, "kamikaze capture of the rook");
    }

    #[test]
    fn checked_royals_are_the_kings_the_other_side_can_remove() {
        // Nothing attacks either king.
        assert!(at("K@Aa1 k@Ee5 R@Cc3", 'w').checked_royals().is_empty());
        // A rook on the king's line, whoever is to move.
        for side in ['w', 'b'] {
            assert_eq!(at("K@Aa1 k@Ee5 r@Aa4", side).checked_royals(), vec!["Aa1"]);
        }
        // Blocked line: no attack.
        assert!(at("K@Aa1 k@Ee5 r@Aa4 P@Aa2", 'w')
            .checked_royals()
            .is_empty());
        // A missile along a line, and both kings at once.
        assert_eq!(
            at("K@Aa1 k@Ee5 F@Ea5 m@Ee1", 'w').checked_royals(),
            vec!["Aa1", "Ee5"]
        );
        // An explosion: the black knight takes a white bomb next to the white king.
        assert_eq!(
            at("K@Aa1 k@Ee5 O@Ab2 n@Cb3", 'w').checked_royals(),
            vec!["Aa1"]
        );
        // The same bomb out of the knight's reach: no attack.
        assert!(at("K@Aa1 k@Ee5 O@Ab2 n@Ee3", 'w')
            .checked_royals()
            .is_empty());
        // During the draft nothing is highlighted.
        assert!(Pentaplane::startpos().checked_royals().is_empty());
    }
}

// ---- Player-designed pieces (only what needs no installed set: the set is
// process-wide and the other tests of this crate run in parallel; installing tests
// are in tests/pentaplane.rs, serialised there) ----

#[test]
fn built_in_keys_are_those_of_the_game_before_designed_pieces() {
    // The original layout: one table of 2 x 12 piece codes (side * 12 + kind), then
    // the side key, then 3 phase keys and (side * 9 + hand) * 5 + count hand keys.
    let z = crate::zobrist::Zobrist::new(ZOBRIST_SEED, 24, 125, 3 + 2 * 9 * 5);
    let p = Pentaplane::from_fen(
        "2k2/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/R1K2[OSNrosn] w - - 0 1 place",
    )
    .unwrap();
    let mut k = z.extra(Phase::Place as usize);
    for (c, piece) in p.pieces() {
        k ^= z.piece(piece.side.index() * 12 + piece.kind as usize, c as usize);
    }
    for (side, hand) in [(0usize, [7usize, 5, 6]), (1, [0, 7, 5])] {
        for h in hand {
            k ^= z.extra(3 + (side * 9 + h) * 5 + 1);
        }
    }
    k ^= z.extra(3 + (9 + 6) * 5 + 1); // Black's knight
    assert_eq!(p.key(), k);
}

#[test]
fn designed_sets_are_validated_without_installing() {
    use super::designs::*;
    let piece = |letter: char, moves: Vec<DesignedMove>| DesignedPiece {
        letter,
        name: "test".into(),
        moves,
        missile: None,
        bomb: false,
        value: None,
    };
    let step = |family| DesignedMove {
        family,
        travel: DesignedTravel::Step,
        mode: crate::movement::Mode::MoveOrCapture,
    };
    assert!(validate(&[piece('W', vec![step(Family::Rook)])]).is_ok());
    assert!(validate(&[piece('Q', vec![step(Family::Rook)])]).is_err());
    assert!(validate(&[piece('W', vec![])]).is_err());
    assert!(validate(&[piece('W', vec![step(Family::Knight)])]).is_err());
    let mut fires_elsewhere = piece('W', vec![step(Family::Rook)]);
    fires_elsewhere.missile = Some(Family::Cube);
    assert_eq!(
        validate(&[fires_elsewhere.clone()]).is_err(),
        DESIGNED_MISSILE_ALONG_OWN_LINES
    );
    // Nothing was installed: the draft is the rules file's 45 selections.
    assert!(installed().is_empty());
    assert_eq!(crate::perft::perft(&Pentaplane::startpos(), 1), 45);
    assert_eq!(from_letter('W'), None);
}
