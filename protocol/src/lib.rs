//! Manifold's face to the world: the UCI-like text protocol, the variant registry
//! that binds positions to evaluators and the search, and the match runner.
//! This is the only crate that touches stdin/stdout.

pub mod matches;
pub mod registry;
