//! The bomb after-effect: run after the basic move has been played on the board.
//!
//! SOURCE: an exploding bomb removes every piece in the 3x3x3 block around its cell
//! (both colours, itself and a capturer standing there included); every other bomb in
//! a removed area explodes too, centred on its own cell, until no new bomb is hit.
//! A designed piece defined as a bomb is a bomb here in every respect.

use super::tables::tables;
use super::Pentaplane;
use crate::cellset::CellSet;
use crate::topology::Cell;

/// The cells whose pieces a blast centred on `centre` removes, chain reactions
/// included, on the board as it stands (the centre counts as exploded already).
pub fn blast_area(pos: &Pentaplane, centre: Cell) -> CellSet<2> {
    let t = tables();
    let mut removed = CellSet::<2>::EMPTY;
    let mut exploded = CellSet::<2>::EMPTY;
    exploded.insert(centre);
    let mut queue: Vec<Cell> = vec![centre];
    while let Some(c) = queue.pop() {
        for &n in &t.blast[c as usize] {
            let Some(p) = pos.piece(n) else { continue };
            removed.insert(n);
            // Designed bombs explode and chain like the bomb.
            if t.bomb[p.kind as usize] && !exploded.contains(n) {
                exploded.insert(n);
                queue.push(n);
            }
        }
    }
    removed
}

/// Explodes a bomb centred on `centre`: removes the blast area's pieces.
pub fn explode(pos: &mut Pentaplane, centre: Cell) {
    for c in blast_area(pos, centre).iter() {
        pos.remove(c);
    }
}
