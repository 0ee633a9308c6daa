//! Evaluation functions for every variant.
//!
//! Each variant's position type implements [`VariantEval`], naming its evaluator.
//! A variant's evaluation is a table of weights ([`params`]) over the features its
//! [`params::Terms`] reports. [`MobilityEval`] is the generic fallback: the number of
//! legal sub-moves.

pub mod geodesic;
pub mod params;
pub mod pentaplane;
pub mod platonic;

use engine::{Evaluator, GenKind, MoveList, Position};

pub mod parallelworlds;
pub mod triplane;

/// Binds a variant to its evaluator.
pub trait VariantEval: Position {
    /// The evaluator; `default()` is the built-in one.
    type Eval: Evaluator<Self> + Default + Clone;
    /// The evaluator with a table file's section for this variant laid over the
    /// built-in table (see [`params::parse_tables`]); `Ok(None)` when the file has no
    /// section for this variant. Errors name the line.
    fn eval_from_table(text: &str) -> Result<Option<Self::Eval>, String>;
}

/// A variant-independent evaluation: mobility of the side to move.
#[derive(Default, Clone, Copy)]
pub struct MobilityEval;

impl<P: Position> Evaluator<P> for MobilityEval {
    fn evaluate(&self, pos: &P) -> i32 {
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        list.len() as i32
    }
}

/// The average number of destinations a piece has from every cell of an empty board:
/// the basis for piece values derived from the variant's own topology.
pub fn average_mobility(moves: &engine::movement::Compiled, cells: usize) -> f64 {
    let mut total = 0usize;
    for cell in 0..cells as engine::Cell {
        moves.walk(cell, |_| engine::movement::Square::Empty, |_, _| total += 1);
    }
    total as f64 / cells.max(1) as f64
}
pub mod chess;
