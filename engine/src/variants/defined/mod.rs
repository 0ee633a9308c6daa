//! Variants defined by data: a variants file (TOML, `docs/variants.md`) describes the
//! board, the pieces (Betza notation or direction vectors) and the rules as
//! composable components; one position type, [`FileVariant`], plays them all.
//!
//! * [`def`] — the compiled definition ([`VariantDef`]) shared by every position;
//! * `load` — the TOML loader: checks a file and builds definitions, every error
//!   naming the variant, the field and the line;
//! * `betza` — Betza notation to movement atoms;
//! * `position` — [`FileVariant`]: the `Position` implementation;
//! * [`registry`] — the loaded definitions by name, process-wide;
//! * [`view`] — the board as a GUI draws it, and the text drawing for `d`.
//!
//! Because one Rust type serves every definition, a `FileVariant` carries its
//! definition (`Arc<VariantDef>`), and generic code asks a position, not the type,
//! for its variant (`Position::variant_info` and friends).

pub mod betza;
pub mod def;
pub mod load;
mod position;
pub mod registry;
pub mod view;

pub use def::*;
pub use load::{load_all_file, load_all_str, load_file, load_str, LoadError, Loaded};
pub use position::{empty_board_mobility, FileVariant};
