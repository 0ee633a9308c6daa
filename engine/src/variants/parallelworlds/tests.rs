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
