//! The variant registry: from a `UCI_Variant` name to a game the protocol can drive.

pub use engine::variants::{names, new_game};
