//! Manifold's variant-agnostic core.
//!
//! The crate owns everything that does not talk to the outside world:
//!
//! * [`topology`] — cells and directions as data, built by generators (grids, stacked
//!   levels, several boards, the geodesic sphere);
//! * [`movement`] — piece movement as data (step / slide / leap atoms), compiled to
//!   per-cell line tables when a variant is built;
//! * [`position`] — the one [`position::Position`] trait that perft, search, the
//!   protocol and the match referee use for every variant;
//! * [`variants`] — one module per variant;
//! * [`perft`], [`search`], [`tt`] — the generic algorithms over that trait;
//! * [`game`] — a game record (start position, moves, history) with the draw rules,
//!   behind an object-safe trait so the protocol can hold any variant.
//!
//! Jargon used in the code: `tt` transposition table, `pv` principal variation,
//! `qsearch` quiescence search, `lmr` late-move reductions, `ep` en passant,
//! `stm` side to move.

pub mod cellset;
pub mod error;
pub mod fen;
pub mod game;
pub mod movement;
pub mod moves;
pub mod perft;
pub mod position;
pub mod search;
pub mod testkit;
pub mod topology;
pub mod tt;
pub mod variants;
pub mod view;
pub mod zobrist;

pub use cellset::CellSet;
pub use error::{FenError, MoveError};
pub use moves::{Move, MoveList};
pub use position::{DrawReason, Evaluator, GenKind, Outcome, Position, Side, VariantInfo};
pub use topology::{Cell, Topology};

/// Where the shared specification folder (`../shared` next to the checkout) lives.
/// `MANIFOLD_SHARED` overrides it (useful for git worktrees).
pub fn shared_dir() -> std::path::PathBuf {
    if let Ok(dir) = std::env::var("MANIFOLD_SHARED") {
        return dir.into();
    }
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared")
}
