//! The variant registry: from a `UCI_Variant` name to a session the protocol can
//! drive. Built from the engine's one list of variants (`for_each_variant!`).

use crate::session::{Session, VariantSession};
pub use engine::variants::{names, new_game};

/// A new session at the variant's start position.
pub fn new_session(name: &str) -> Option<Box<dyn Session>> {
    macro_rules! make {
        ($($n:literal => $t:ty,)*) => {
            match name {
                $($n => Some(Box::new(VariantSession::<$t>::new()) as Box<dyn Session>),)*
                _ => None,
            }
        };
    }
    engine::for_each_variant!(make)
}
