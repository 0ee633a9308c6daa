//! Attacks and legal move generation.
//!
//! Attacks are found backwards from the target cell: every movement here is its own
//! reverse except the Cube's forward slide and the pawn's forward diagonal, whose
//! reverses are the other side's Cube and pawn-diagonal tables. A pawn attacks with
//! its rank power, so a reverse line of power `K` is answered both by a piece of kind
//! `K` and by a pawn standing on an own rank whose power is `K`.
//!
//! Legality is tested by copy-make: a move is legal if afterwards neither of the
//! mover's Tetrahedrons is attacked (multi-royal rule, not FSF `dupleCheck`).

use super::pieces::{Kind, PAWN_DOUBLE_STEP_RANK, PAWN_RANK_POWERS, SOLIDS};
use super::tables::tables;
use super::{Cells, Platonic, FLAG_CASTLE, FLAG_DOUBLE_STEP, FLAG_EN_PASSANT, FLAG_NORMAL};
use crate::moves::{Move, MoveList};
use crate::position::{GenKind, Position, Side};
use crate::topology::Cell;

/// Whether `by` attacks `target` (could capture a piece standing there).
pub fn attacked(pos: &Platonic, target: Cell, by: Side) -> bool {
    let t = tables();
    let occ = pos.occupied();
    let theirs = pos.side_cells(by);
    let pawns = pos.pieces(by, Kind::Pawn);
    // Ordinary pawn capture: a pawn diagonally behind the target (from `by`'s view).
    for (_, line) in t.moves[by.opposite().index()][Kind::Pawn.index()].lines(target) {
        if pawns.contains(line[0]) {
            return true;
        }
    }
    for kind in SOLIDS {
        // The Cube's forward slide reversed is the other side's Cube movement.
        let side_of_table = if kind == Kind::Cube {
            by.opposite()
        } else {
            by
        };
        let reverse = &t.moves[side_of_table.index()][kind.index()];
        let holders = pos.pieces(by, kind);
        // The men that capture like `kind`; none on its lines to the target (blockers
        // aside), none attacks it, and the lines need not be walked.
        let candidates = holders | (pawns & t.power_cells[by.index()][kind.index()]);
        let on_lines = reverse.covered(target);
        if !candidates.0.iter().zip(on_lines).any(|(a, b)| a & b != 0) {
            continue;
        }
        for (_, line) in reverse.lines(target) {
            for &c in line {
                if occ.contains(c) {
                    if theirs.contains(c)
                        && (holders.contains(c)
                            || (pawns.contains(c)
                                && PAWN_RANK_POWERS[Platonic::own_rank(by, c)] == Some(kind)))
                    {
                        return true;
                    }
                    break;
                }
            }
        }
    }
    false
}

/// Every cell `by` attacks (could capture on), walking each piece's capture lines
/// forward once: cheaper than [`attacked`] when many cells are asked about.
pub fn attack_map(pos: &Platonic, by: Side) -> Cells {
    attack_maps_by_kind(pos, by)
        .iter()
        .fold(Cells::EMPTY, |all, &m| all | m)
}

/// The cells `by` attacks, by the kind of man attacking (indexed by `Kind::index`).
/// A cell holding one of `by`'s own men counts: that man is defended.
pub fn attack_maps_by_kind(pos: &Platonic, by: Side) -> [Cells; 6] {
    let t = tables();
    let occ = pos.occupied();
    let mut maps = [Cells::EMPTY; 6];
    let mark = |map: &mut Cells, lines: &crate::movement::Compiled, from: Cell| {
        for (mode, line) in lines.lines(from) {
            if !mode.can_capture() {
                continue;
            }
            for &c in line {
                map.insert(c);
                if occ.contains(c) {
                    break;
                }
            }
        }
    };
    for k in SOLIDS {
        for from in pos.pieces(by, k).iter() {
            mark(&mut maps[k.index()], &t.moves[by.index()][k.index()], from);
        }
    }
    for from in pos.pieces(by, Kind::Pawn).iter() {
        mark(
            &mut maps[Kind::Pawn.index()],
            &t.pawn_captures[by.index()][Platonic::own_rank(by, from)],
            from,
        );
    }
    maps
}

/// Whether either Tetrahedron of `side` is attacked: `side` is in check.
pub fn royal_attacked(pos: &Platonic, side: Side) -> bool {
    pos.pieces(side, Kind::Tetrahedron)
        .iter()
        .any(|c| attacked(pos, c, side.opposite()))
}

/// Pseudo-legal moves of the side to move (castling conditions included; the
/// "neither Tetrahedron attacked afterwards" test is left to the caller).
fn generate_pseudo(pos: &Platonic, kind: GenKind, out: &mut MoveList) {
    let t = tables();
    let us = pos.side_to_move();
    let look = |c: Cell| pos.square_for(us, c);
    let quiet = kind == GenKind::All;
    for k in super::pieces::SOLIDS {
        let table = &t.moves[us.index()][k.index()];
        for from in pos.pieces(us, k).iter() {
            table.walk(from, look, |to, capture| {
                if capture || quiet {
                    out.push(Move::new(from, to, FLAG_NORMAL));
                }
            });
        }
    }
    let occ = pos.occupied();
    for from in pos.pieces(us, Kind::Pawn).iter() {
        let rank = Platonic::own_rank(us, from);
        // Captures: ordinary diagonal plus the rank power, each target once.
        let mut targets = Cells::EMPTY;
        t.pawn_captures[us.index()][rank].walk(from, look, |to, capture| {
            if capture {
                targets.insert(to);
            }
        });
        for to in targets.iter() {
            out.push(Move::new(from, to, FLAG_NORMAL));
        }
        if let Some(ep) = pos.ep_square() {
            if t.moves[us.index()][Kind::Pawn.index()]
                .lines(from)
                .any(|(_, line)| line[0] == ep)
            {
                out.push(Move::new(from, ep, FLAG_EN_PASSANT));
            }
        }
        if !quiet {
            continue;
        }
        if let Some(one) = t.forward[us.index()][from as usize] {
            if !occ.contains(one) {
                out.push(Move::new(from, one, FLAG_NORMAL));
                if rank == PAWN_DOUBLE_STEP_RANK {
                    if let Some(two) = t.forward[us.index()][one as usize] {
                        if !occ.contains(two) {
                            out.push(Move::new(from, two, FLAG_DOUBLE_STEP));
                        }
                    }
                }
            }
        }
    }
    if quiet && pos.castling_rights() != 0 {
        generate_castling(pos, out);
    }
}

/// Castling (rules, Clarifications): rights held, pieces at home, squares between
/// empty, side not in check, transit and destination not attacked.
fn generate_castling(pos: &Platonic, out: &mut MoveList) {
    let t = tables();
    let us = pos.side_to_move();
    let occ = pos.occupied();
    let mut in_check: Option<bool> = None;
    for (i, c) in t.castlings.iter().enumerate() {
        if c.side != us || pos.castling_rights() & (1 << i) == 0 {
            continue;
        }
        if !pos.pieces(us, Kind::Tetrahedron).contains(c.tetra_from)
            || !pos.pieces(us, Kind::Icosahedron).contains(c.icosa_from)
        {
            continue;
        }
        if c.between.iter().any(|&b| occ.contains(b)) {
            continue;
        }
        if *in_check.get_or_insert_with(|| royal_attacked(pos, us)) {
            return;
        }
        let them = us.opposite();
        if attacked(pos, c.transit, them) || attacked(pos, c.tetra_to, them) {
            continue;
        }
        out.push(Move::new(c.tetra_from, c.tetra_to, FLAG_CASTLE + i as u16));
    }
}

/// Legal moves: pseudo-legal moves that leave neither Tetrahedron attacked.
///
/// Shortcut: when the side is not in check, a move of a non-royal piece from a cell
/// that cannot shield a Tetrahedron (see `Tables::shield_cells`), other than en
/// passant (which also removes a second piece), cannot expose a Tetrahedron, so it
/// needs no copy-make test.
pub fn generate_legal(pos: &Platonic, kind: GenKind, out: &mut MoveList) {
    let start = out.len();
    generate_pseudo(pos, kind, out);
    if out.len() == start {
        return;
    }
    let t = tables();
    let us = pos.side_to_move();
    let royals = pos.pieces(us, Kind::Tetrahedron);
    let mut shields = Cells::EMPTY;
    for r in royals.iter() {
        shields |= t.shield_cells[r as usize];
    }
    let in_check = royal_attacked(pos, us);
    let mut keep = start;
    for i in start..out.len() {
        let m = out[i];
        let safe_without_test = !in_check
            && !royals.contains(m.from())
            && !shields.contains(m.from())
            && m.extra() != FLAG_EN_PASSANT;
        let legal = safe_without_test || {
            let mut child = pos.clone();
            child.make(m);
            !royal_attacked(&child, us)
        };
        if legal {
            out[keep] = m;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// Whether the move is a capture (en passant included).
pub fn is_capture(pos: &Platonic, m: Move) -> bool {
    m.extra() == FLAG_EN_PASSANT || (m.extra() < FLAG_CASTLE && pos.piece_at(m.to()).is_some())
}
