//! The variant registry: from a `UCI_Variant` name to a session the protocol can
//! drive. Built from the engine's one list of variants (`for_each_variant!`).

use crate::session::{Session, VariantSession};
use engine::variants::defined::FileVariant;
pub use engine::variants::{names, new_game};

/// A new session at the variant's start position: a built-in variant, else one
/// loaded from a variants file (evaluated by `eval::defined::FileEval`).
pub fn new_session(name: &str) -> Option<Box<dyn Session>> {
    macro_rules! make {
        ($($n:literal => $t:ty,)*) => {
            match name {
                $($n => Some(Box::new(VariantSession::<$t>::new()) as Box<dyn Session>),)*
                _ => None,
            }
        };
    }
    engine::for_each_variant!(make).or_else(|| {
        let def = engine::variants::defined::registry::get(name)?;
        let start = FileVariant::start(def).ok()?;
        Some(Box::new(VariantSession::from_start(start)) as Box<dyn Session>)
    })
}

/// Whether `name` is a variant loaded from a variants file (not a built-in one).
pub fn is_file_variant(name: &str) -> bool {
    !engine::variants::defined::registry::is_builtin(name)
        && engine::variants::defined::registry::get(name).is_some()
}
