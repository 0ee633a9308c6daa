//! One module per variant, and the registry of variant names.
//!
//! To add a variant: write its module (a type implementing
//! [`crate::position::Position`]), then add one line to [`for_each_variant!`].
//! Variants defined by data (a variants file) need no code: they are loaded into
//! [`defined::registry`] at run time, and [`names`] and [`new_game`] include them.

pub mod chess;
pub mod common;
pub mod defined;
pub mod geodesic;
pub mod parallelworlds;
pub mod pentaplane;
pub mod platonic;
pub mod triplane;

/// Calls `$callback!(name, Type)` style dispatch: `for_each_variant!(m)` expands to
/// `m! { "chess" => path::Type, ... }`. Every generic registry (the protocol's
/// sessions, the referee) is built from this one list.
#[macro_export]
macro_rules! for_each_variant {
    ($m:ident) => {
        $m! {
            "chess" => $crate::variants::chess::Chess,
            "crazyhouse" => $crate::variants::chess::Crazyhouse,
            "atomic" => $crate::variants::chess::Atomic,
            "parallelworlds" => $crate::variants::parallelworlds::ParallelWorlds,
            "triplane" => $crate::variants::triplane::TriPlane,
            "pentaplane" => $crate::variants::pentaplane::Pentaplane,
            "platonic" => $crate::variants::platonic::Platonic,
            "geodesic" => $crate::variants::geodesic::Geodesic,
        }
    };
}

/// Builds a referee game for a variant name: a built-in variant, else one loaded
/// from a variants file (`defined::registry`).
pub fn new_game(name: &str) -> Option<Box<dyn crate::game::AnyGame>> {
    macro_rules! make {
        ($($n:literal => $t:ty,)*) => {
            match name {
                $($n => Some(Box::new($crate::game::Game::new(<$t as $crate::position::Position>::startpos())) as Box<dyn $crate::game::AnyGame>),)*
                _ => None,
            }
        };
    }
    for_each_variant!(make).or_else(|| {
        let def = defined::registry::get(name)?;
        let start = defined::FileVariant::start(def).ok()?;
        Some(Box::new(crate::game::Game::new(start)) as Box<dyn crate::game::AnyGame>)
    })
}

/// The names of the compiled-in variants, in registry order.
pub fn builtin_names() -> Vec<&'static str> {
    macro_rules! list {
        ($($n:literal => $t:ty,)*) => { vec![$($n),*] };
    }
    for_each_variant!(list)
}

/// The names of all variants: the built-in ones in registry order, then those
/// loaded from a variants file, in file order.
pub fn names() -> Vec<&'static str> {
    let mut names = builtin_names();
    names.extend(defined::registry::names());
    names
}
