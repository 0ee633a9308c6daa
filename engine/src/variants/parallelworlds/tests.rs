//! Unit tests of the tables and internals; the rules are tested through the public
//! interface in `tests/parallelworlds.rs`.

use super::rules::*;
use super::tables::{cell_class, piece_moves, tables, CellClass};
use super::*;
use crate::movement::Mode;

fn cell(name: &str) -> Cell {
    tables().topo.cell_by_name(name).unwrap()
}

fn destinations(side: Side, kind: Kind, from: &str) -> Vec<(String, Mode)> {
    let t = tables();
    let table = &t.moves[side.index()][kind as usize];
    let mut out = Vec::new();
    for line in table.lines(cell(from)) {
        for &c in table.cells(line) {
            out.push((t.topo.name(c).to_string(), line.mode));
        }
    }
    out
}

#[test]
fn topology_is_three_named_levels() {
    let t = tables();
    assert_eq!(t.topo.num_cells(), CELLS);
    assert_eq!(t.topo.name(0), "1a1");
    assert_eq!(t.topo.name(CELLS as Cell - 1), "3h8");
    assert_eq!(cell("2e4"), cell_of(1, 4, 3));
    assert_eq!(
        t.topo.ray(cell("1e4"), t.dir_up),
        &[cell("2e4"), cell("3e4")]
    );
    assert!(t.topo.ray(cell("1e4"), t.dir_down).is_empty());
    // Flat rays stay on their level.
    let east = t.topo.direction_index([1, 0, 0]).unwrap();
    assert_eq!(t.topo.ray(cell("1h4"), east).len(), 0);
}

#[test]
fn level_two_tables_are_non_capturing_queens_plus_vertical_steps() {
    for kind in [Kind::Pawn, Kind::Knight, Kind::Rook] {
        let d = destinations(Side::White, kind, "2a1");
        assert_eq!(d.len(), 21 + 2, "{kind:?}");
        assert!(d.iter().all(|(_, m)| *m == Mode::MoveOnly));
        assert!(d.iter().any(|(n, _)| n == "1a1") && d.iter().any(|(n, _)| n == "3a1"));
    }
    assert_eq!(
        cell_class(Kind::Knight, Side::Black, tables().topo.coord(cell("2d4"))),
        CellClass::Wormhole
    );
}

#[test]
fn kings_have_no_vertical_lines_and_pawns_double_step_from_rank_two() {
    let k = destinations(Side::White, Kind::King, "1e1");
    assert_eq!(k.len(), 5);
    assert!(k.iter().all(|(n, _)| n.starts_with('1')));
    let p = destinations(Side::White, Kind::Pawn, "3d2");
    let names: Vec<&str> = p.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["3d3", "3d4", "3e3", "3c3", "2d2"]);
    let first = destinations(Side::White, Kind::Pawn, "1d1");
    let names: Vec<&str> = first.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["1d2", "1e2", "1c2", "2d1"],
        "first rank: single step"
    );
    let black = destinations(Side::Black, Kind::Pawn, "1d7");
    assert!(black
        .iter()
        .any(|(n, m)| n == "1d5" && *m == Mode::MoveOnly));
}

#[test]
fn piece_data_drives_vertical_movement() {
    let topo = &tables().topo;
    for kind in KINDS {
        let compiled = piece_moves(topo, kind, Side::White, CellClass::Orthodox).compile(topo);
        let vertical = compiled
            .lines(cell("1e4"))
            .any(|(_, line)| level_of(line[0]) != 0);
        assert_eq!(vertical, MOVES_VERTICALLY[kind as usize], "{kind:?}");
    }
}

#[test]
fn castle_mask_covers_home_cells_per_level() {
    let t = tables();
    let m = |n: &str| t.castle_mask[cell(n) as usize];
    assert_eq!(
        m("1e1"),
        castle_bit(0, Side::White, 0) | castle_bit(0, Side::White, 1)
    );
    assert_eq!(m("1h1"), castle_bit(0, Side::White, 0));
    assert_eq!(m("3a8"), castle_bit(1, Side::Black, 1));
    assert_eq!(m("2e1"), 0);
    assert_eq!(m("1d1"), 0);
}

#[test]
fn incremental_key_matches_recomputed_key_through_a_turn() {
    let mut p = ParallelWorlds::startpos();
    for t in ["1e21e4", "3g13f3", "1e71e5", "3d73d5", "1b82b8"] {
        let m = p.parse_move(t).unwrap();
        p.make(m);
        assert_eq!(p.key(), p.compute_key(), "after {t}");
    }
    assert_eq!(p.side_to_move(), Side::White);
}

#[test]
fn turn_state_counts_levels_not_men() {
    let mut t = TurnState::default();
    t.push(cell("1g1"));
    t.push(cell("1f1"));
    assert_eq!(t.submoves(), 1);
    t.push(cell("2b1"));
    assert_eq!(t.submoves(), 2);
    assert!(t.level_used(0) && t.level_used(1) && !t.level_used(2));
}

// ----- the GUI view (geometry, cell_pieces, move_parts, checked_royals) -----

use crate::view::MoveKind;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, HashSet};

/// The placement field of a FEN read independently of `fen.rs`: cell name -> letter.
fn placement_from_fen(fen: &str) -> HashMap<String, char> {
    let mut out = HashMap::new();
    let placement = fen.split_whitespace().next().unwrap();
    for (z, level) in placement.split('|').enumerate() {
        for (i, row) in level.split('/').enumerate() {
            let rank = 8 - i;
            let mut file = 0u8;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    file += d as u8;
                } else {
                    out.insert(format!("{}{}{}", z + 1, (b'a' + file) as char, rank), ch);
                    file += 1;
                }
            }
        }
    }
    out
}

/// Checks one position's view against its FEN and its legal moves.
fn check_view(p: &ParallelWorlds, names: &HashSet<String>, geometry_names: &[String]) {
    let pieces = p.cell_pieces();
    assert_eq!(pieces.len(), geometry_names.len());
    let fen_pieces = placement_from_fen(&p.fen());
    for (name, piece) in geometry_names.iter().zip(&pieces) {
        assert_eq!(
            fen_pieces.get(name).copied(),
            *piece,
            "{name} at {}",
            p.fen()
        );
    }
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    let parts: Vec<_> = list.iter().map(|&m| p.move_parts(m)).collect();
    for (i, (&m, mp)) in list.iter().zip(&parts).enumerate() {
        let text = p.move_text(m);
        if m == Move::END_TURN {
            assert_eq!(mp.kind, MoveKind::EndTurn);
            assert!(mp.from.is_none() && mp.to.is_none());
        } else {
            assert_eq!(mp.kind, MoveKind::Move, "{text}");
            let (from, to) = (mp.from.as_ref().unwrap(), mp.to.as_ref().unwrap());
            assert!(names.contains(from) && names.contains(to), "{text}");
            assert!(text.starts_with(from.as_str()), "{text} from {from}");
            assert!(text.contains(to.as_str()), "{text} to {to}");
            assert_eq!(
                mp.promotion.map(|c| c.to_ascii_lowercase()),
                text.chars().nth(6),
                "{text}"
            );
        }
        for other in &parts[..i] {
            assert_ne!(mp, other, "two moves with the same parts at {}", p.fen());
        }
    }
}

#[test]
fn view_of_random_games_is_consistent() {
    let g = ParallelWorlds::geometry();
    let geometry_names: Vec<String> = g.cells.iter().map(|c| c.name.clone()).collect();
    let names: HashSet<String> = geometry_names.iter().cloned().collect();
    let mut rng = ChaCha8Rng::seed_from_u64(0x5057_7669_6577);
    let mut plies = 0;
    for _ in 0..4 {
        let mut p = ParallelWorlds::startpos();
        for _ in 0..90 {
            check_view(&p, &names, &geometry_names);
            let mut list = MoveList::new();
            p.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            p.make(list[rng.gen_range(0..list.len())]);
            plies += 1;
        }
    }
    assert!(plies >= 300, "only {plies} plies");
}

#[test]
fn geometry_is_three_named_levels_and_the_start_pieces_match_the_fen() {
    let g = ParallelWorlds::geometry();
    let p = ParallelWorlds::startpos();
    assert_eq!(g.start_fen, START_FEN);
    assert_eq!(g.cells.len(), CELLS);
    let panel_names: Vec<&str> = g.panels.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(panel_names, ["Level 1", "Level 2", "Level 3"]);
    assert!(g.panels[0].x + g.panels[0].width < g.panels[1].x);
    assert!(g.panels[1].x + g.panels[1].width < g.panels[2].x);
    let names: HashSet<&str> = g.cells.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names.len(), g.cells.len(), "cell names are unique");
    let pieces = p.cell_pieces();
    assert_eq!(pieces.len(), g.cells.len());
    let at = |name: &str| {
        let i = g.cells.iter().position(|c| c.name == name).unwrap();
        (pieces[i], &g.cells[i])
    };
    let fen = placement_from_fen(START_FEN);
    for name in ["1e1", "1d8", "3e8", "3a2", "1h7", "2e4", "1e4"] {
        assert_eq!(at(name).0, fen.get(name).copied(), "{name}");
    }
    assert_eq!(at("1e1").0, Some('K'));
    assert_eq!(at("3d8").0, Some('q'));
    assert_eq!(at("2d4").0, None);
    // Each level in its own panel, rank 8 above rank 1, a-file left of h-file.
    assert_eq!(at("2d4").1.panel, 1);
    assert!(at("1a8").1.center[1] < at("1a1").1.center[1]);
    assert!(at("3a1").1.center[0] < at("3h1").1.center[0]);
    assert!(at("1h1").1.center[0] < at("2a1").1.center[0]);
    let glyphs: Vec<_> = g.pieces.iter().map(|p| (p.letter, p.glyph)).collect();
    assert!(glyphs.contains(&('N', Some("knight"))) && glyphs.contains(&('K', Some("king"))));
    assert!(p.hands().is_empty() && p.checked_royals().is_empty());
}

#[test]
fn view_of_promotions_end_turn_and_attacked_kings() {
    // White pawn on 2a8; a black rook on 3h1 attacks White's level-3 king.
    let fen = "4k3/8/8/8/8/8/8/4K3|P7/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K2r w -,- -,- 0 2 -";
    let mut p = ParallelWorlds::from_fen(fen).unwrap();
    assert_eq!(p.checked_royals(), ["3e1"]);
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    let down: Vec<_> = list
        .iter()
        .map(|&m| p.move_parts(m))
        .filter(|mp| mp.from.as_deref() == Some("2a8") && mp.to.as_deref() == Some("1a8"))
        .collect();
    let promotions: Vec<char> = down.iter().map(|mp| mp.promotion.unwrap()).collect();
    assert_eq!(promotions, ['Q', 'R', 'B', 'N']);
    let labels: HashSet<&str> = down.iter().map(|mp| mp.label.as_str()).collect();
    assert_eq!(labels.len(), 4);
    assert!(labels.contains("promote to knight"));
    // A level-2 move does not promote.
    let m = p.parse_move("2a82h8").unwrap();
    assert_eq!(p.move_parts(m).promotion, None);
    assert!(
        !list.contains(&Move::END_TURN),
        "no 0000 as the first sub-move"
    );

    p.make(p.parse_move("2a81a8n").unwrap());
    list.clear();
    p.generate(GenKind::All, &mut list);
    assert!(list.contains(&Move::END_TURN));
    assert_eq!(p.move_parts(Move::END_TURN).kind, MoveKind::EndTurn);
    let pieces = p.cell_pieces();
    let g = ParallelWorlds::geometry();
    let i = g.cells.iter().position(|c| c.name == "1a8").unwrap();
    assert_eq!(pieces[i], Some('N'));
    // The king steps away: nothing attacked any more.
    p.make(p.parse_move("3e13d2").unwrap());
    assert!(p.checked_royals().is_empty(), "{}", p.fen());
}

#[test]
fn capture_values_rank_king_captures_first_and_count_promotions() {
    let white = "4k3/8/8/8/8/8/8/4K3|P7/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K2r w -,- -,- 0 2 -";
    let p = ParallelWorlds::from_fen(white).unwrap();
    let value = |p: &ParallelWorlds, text: &str| p.capture_value(p.parse_move(text).unwrap());
    assert_eq!(value(&p, "2a81a8q"), Some(891 - 100), "queen promotion");
    assert_eq!(value(&p, "2a81a8n"), Some(244 - 100), "knight promotion");
    assert_eq!(value(&p, "3e13f1"), Some(0), "a quiet king step");
    assert_eq!(value(&p, "3e13f2"), Some(0));

    let black = white.replace(" w ", " b ");
    let p = ParallelWorlds::from_fen(&black).unwrap();
    assert_eq!(
        value(&p, "3h13e1"),
        Some(20_000),
        "taking a king wins the game"
    );
    assert_eq!(value(&p, "3h13h5"), Some(0));
    let mut after = p.clone();
    after.make(after.parse_move("3h13h5").unwrap());
    assert!(!after.is_turn_start(), "the level-1 king can still move");
    assert_eq!(after.capture_value(Move::END_TURN), Some(0));
}

/// The evaluation's mobility and the attack test read the chess bitboards of each
/// level; these oracles walk the move tables instead (the definitions the
/// bitboards must reproduce), on every man and cell along random games.
fn mobility_by_tables(p: &ParallelWorlds, from: Cell) -> u32 {
    let v = p.board[from as usize];
    if v == 0 {
        return 0;
    }
    let (side, kind) = (code_side(v), code_kind(v));
    let table = &tables().moves[side.index()][kind as usize];
    let mut n = 0;
    for line in table.lines(from) {
        for &to in table.cells(line) {
            let w = p.board[to as usize];
            if w == 0 {
                n += line.mode.can_move() as u32;
            } else {
                n += (code_side(w) != side && line.mode.can_capture()) as u32;
                break;
            }
        }
    }
    n
}

fn attacked_by_tables(p: &ParallelWorlds, target: Cell, by: Side, vacated: Option<Cell>) -> bool {
    let t = tables();
    KINDS.iter().any(|&kind| {
        let probe = if kind == Kind::Pawn {
            &t.attacks[by.opposite().index()][0]
        } else {
            &t.attacks[0][kind as usize]
        };
        let wanted = code(by, kind);
        probe.lines(target).any(|(mode, line)| {
            mode.can_capture()
                && line
                    .iter()
                    .map(|&c| {
                        if Some(c) == vacated {
                            0
                        } else {
                            p.board[c as usize]
                        }
                    })
                    .find(|&v| v != 0)
                    == Some(wanted)
        })
    })
}

#[test]
fn bitboard_mobility_and_attacks_agree_with_the_move_tables() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x6d6f_6269);
    let mut men_checked = 0;
    for _ in 0..6 {
        let mut p = ParallelWorlds::startpos();
        for _ in 0..120 {
            for from in 0..CELLS as Cell {
                if p.board[from as usize] != 0 {
                    assert_eq!(
                        p.man_mobility(from),
                        mobility_by_tables(&p, from),
                        "{} {}",
                        p.fen(),
                        tables().topo.name(from)
                    );
                    men_checked += 1;
                }
            }
            let vacated = Some(rng.gen_range(0..CELLS as Cell));
            for target in 0..CELLS as Cell {
                for by in [Side::White, Side::Black] {
                    assert_eq!(
                        p.attacked_by(target, by),
                        attacked_by_tables(&p, target, by, None)
                    );
                    assert_eq!(
                        p.attacked_by_through(target, by, vacated),
                        attacked_by_tables(&p, target, by, vacated),
                        "{} {} vacated {:?}",
                        p.fen(),
                        tables().topo.name(target),
                        vacated
                    );
                }
            }
            if p.winner.is_some() {
                // A king was taken: the game is over, and its FEN does not parse.
                break;
            }
            // The sets and keys kept by make agree with those built from scratch.
            let fresh = ParallelWorlds::from_fen(&p.fen()).unwrap();
            assert_eq!(p.kinds, fresh.kinds, "{}", p.fen());
            assert_eq!(p.level_keys, fresh.level_keys, "{}", p.fen());
            let mut list = MoveList::new();
            p.generate(GenKind::All, &mut list);
            if list.is_empty() || p.winner.is_some() {
                break;
            }
            p.make(list[rng.gen_range(0..list.len())]);
        }
    }
    assert!(men_checked > 10_000, "only {men_checked} men");
}

/// The position's FEN without the turn state (its 7th field lists the moved men in
/// the order moved, which differs between two orders of the same sub-moves).
fn fen_without_turn_order(p: &ParallelWorlds) -> String {
    let fen = p.fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    if fields.len() > 6 {
        let mut cells: Vec<&str> = fields[6].split(',').collect();
        cells.sort_unstable();
        return format!("{} {}", fields[..6].join(" "), cells.join(","))
            + &fields[7..]
                .iter()
                .map(|f| format!(" {f}"))
                .collect::<String>();
    }
    fields.truncate(6);
    fields.join(" ")
}

fn legal_sorted(p: &ParallelWorlds) -> Vec<Move> {
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    list.sort_unstable();
    list
}

#[test]
fn commuting_sub_moves_reach_the_same_position_in_either_order() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x636f_6d6d);
    let (mut commuting, mut not_commuting) = (0, 0);
    for _ in 0..40 {
        let mut p = ParallelWorlds::startpos();
        for _ in 0..150 {
            let moves = legal_sorted(&p);
            if moves.is_empty() || p.winner.is_some() {
                break;
            }
            let earlier = moves[rng.gen_range(0..moves.len())];
            let mut here = p.clone();
            here.make(earlier);
            if !here.is_turn_start() && here.winner.is_none() {
                for later in legal_sorted(&here) {
                    if !here.commutes(earlier, later) {
                        not_commuting += 1;
                        continue;
                    }
                    commuting += 1;
                    let mut one_order = here.clone();
                    one_order.make(later);
                    let context = format!(
                        "{} then {} and {}",
                        p.fen(),
                        p.move_text(earlier),
                        here.move_text(later)
                    );
                    assert!(moves.contains(&later), "not legal first: {context}");
                    let mut other_order = p.clone();
                    other_order.make(later);
                    if other_order.winner.is_some() {
                        assert_eq!(other_order.winner, one_order.winner, "{context}");
                        continue;
                    }
                    assert!(
                        legal_sorted(&other_order).contains(&earlier),
                        "not legal second: {context}"
                    );
                    other_order.make(earlier);
                    assert_eq!(other_order.key(), one_order.key(), "{context}");
                    assert_eq!(
                        fen_without_turn_order(&other_order),
                        fen_without_turn_order(&one_order),
                        "{context}"
                    );
                    assert_eq!(
                        legal_sorted(&other_order),
                        legal_sorted(&one_order),
                        "{context}"
                    );
                }
            }
            p = here;
        }
    }
    assert!(
        commuting > 1_000 && not_commuting > 1_000,
        "{commuting} / {not_commuting}"
    );
}

/// The sub-moves by the definition: every man not moved this turn walks the lines of
/// its move table (lines onto levels the turn has used skipped), then castling. The
/// generator reads chess bitboards instead; this oracle must give the same set.
fn submoves_by_tables(p: &ParallelWorlds) -> Vec<Move> {
    let mut out = Vec::new();
    if p.winner.is_some() {
        return out;
    }
    let t = tables();
    let side = p.side;
    let mut emit = |m: Move| {
        out.push(m);
        true
    };
    for from in p.men[side.index()].iter() {
        if p.turn.contains(from) {
            continue;
        }
        let kind = code_kind(p.board[from as usize]);
        let table = &t.moves[side.index()][kind as usize];
        for line in table.lines(from) {
            if p.turn.level_used(line.level as i8) {
                continue;
            }
            for &to in table.cells(line) {
                let v = p.board[to as usize];
                if v == 0 {
                    if line.mode.can_move() {
                        p.emit_move(from, to, kind, &mut emit);
                    } else if kind == Kind::Pawn && p.usable_ep(line.level as i8) == Some(to) {
                        emit(Move::new(from, to, EXTRA_EN_PASSANT));
                    }
                } else {
                    if code_side(v) != side && line.mode.can_capture() {
                        p.emit_move(from, to, kind, &mut emit);
                    }
                    break;
                }
            }
        }
        if kind == Kind::King {
            p.castling_moves(from, &mut emit);
        }
    }
    out
}

/// Along random games: the generated sub-moves are those of the move tables, and
/// the tactical ones generated directly are those the full list's filter keeps.
#[test]
fn generated_sub_moves_match_the_move_tables() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x6c69_6e65);
    let (mut positions, mut promotions, mut en_passant) = (0, 0, 0);
    for _ in 0..40 {
        let mut p = ParallelWorlds::startpos();
        for _ in 0..200 {
            let mut all = MoveList::new();
            p.generate(GenKind::All, &mut all);
            let mut expected = submoves_by_tables(&p);
            if p.winner.is_none() && p.turn.submoves() >= MIN_SUBMOVES_BEFORE_END_TURN {
                expected.push(Move::END_TURN);
            }
            let mut generated = all.to_vec();
            generated.sort_unstable();
            expected.sort_unstable();
            assert_eq!(generated, expected, "{}", p.fen());
            positions += 1;
            promotions += all.iter().filter(|m| (1..16).contains(&m.extra())).count();
            en_passant += all.iter().filter(|m| m.extra() == EXTRA_EN_PASSANT).count();
            if all.is_empty() || p.winner.is_some() {
                break;
            }
            p.make(all[rng.gen_range(0..all.len())]);
        }
    }
    assert!(positions > 4_000, "{positions} positions");
    assert!(
        promotions > 0 && en_passant > 0,
        "{promotions} promotions, {en_passant} en passant"
    );
}

/// Filtering the full list (`tactical_among`, the main search's path) gives the same
/// tactical sub-moves as generating them (quiescence's path).
#[test]
fn tactical_moves_filtered_from_the_full_list_match_generated_ones() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7461_6374);
    let mut tactical_seen = 0;
    for _ in 0..20 {
        let mut p = ParallelWorlds::startpos();
        for _ in 0..150 {
            let mut all = MoveList::new();
            p.generate(GenKind::All, &mut all);
            let (mut generated, mut filtered) = (MoveList::new(), MoveList::new());
            p.generate(GenKind::Tactical, &mut generated);
            p.tactical_among(&all, &mut filtered);
            generated.sort_unstable();
            filtered.sort_unstable();
            assert_eq!(generated, filtered, "{}", p.fen());
            tactical_seen += generated.iter().filter(|&&m| m != Move::END_TURN).count();
            if all.is_empty() || p.winner.is_some() {
                break;
            }
            p.make(all[rng.gen_range(0..all.len())]);
        }
    }
    assert!(
        tactical_seen > 1_000,
        "only {tactical_seen} tactical sub-moves"
    );
}

/// The quick test `make` asks first never claims a sub-move the full scan does not
/// find, and it answers most positions inside a turn.
#[test]
fn the_quick_sub_move_test_agrees_with_the_full_scan() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7175_6963);
    let (mut asked, mut answered) = (0, 0);
    for _ in 0..30 {
        let mut p = ParallelWorlds::startpos();
        for _ in 0..200 {
            let full = !p.for_each_submove(None, |_| false);
            if p.obvious_submove() {
                assert!(full, "{}", p.fen());
                answered += 1;
            }
            asked += 1;
            let mut all = MoveList::new();
            p.generate(GenKind::All, &mut all);
            if all.is_empty() || p.winner.is_some() {
                break;
            }
            p.make(all[rng.gen_range(0..all.len())]);
        }
    }
    assert!(answered * 2 > asked, "{answered} of {asked} answered");
}
