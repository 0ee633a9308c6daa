//! Evaluation functions for every variant.
//!
//! Each variant's position type implements [`VariantEval`], naming its evaluator.
//! A variant's evaluation is a table of weights ([`params`]) over the features its
//! [`params::Terms`] reports.

pub mod chess;
pub mod defined;
pub mod geodesic;
pub mod parallelworlds;
pub mod params;
pub mod pentaplane;
pub mod platonic;
pub mod sharecache;
pub mod triplane;

use engine::{Evaluator, Position};

/// Binds a variant to its evaluator.
pub trait VariantEval: Position {
    /// The evaluator; `default()` is the built-in one.
    type Eval: Evaluator<Self> + Default + Clone;
    /// The evaluator with a table file's section for this variant laid over the
    /// built-in table (see [`params::parse_tables`]); `Ok(None)` when the file has no
    /// section for this variant. Errors name the line.
    fn eval_from_table(text: &str) -> Result<Option<Self::Eval>, String>;
}

/// The average number of destinations a piece has from every cell of an empty board:
/// the basis from which the first piece values of the variants were derived (each
/// variant's module says how), before tuning.
pub fn average_mobility(moves: &engine::movement::Compiled, cells: usize) -> f64 {
    let mut total = 0usize;
    for cell in 0..cells as engine::Cell {
        moves.walk(cell, |_| engine::movement::Square::Empty, |_, _| total += 1);
    }
    total as f64 / cells.max(1) as f64
}
