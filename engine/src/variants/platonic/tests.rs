//! Unit tests of the Platonic rules.

use super::*;
