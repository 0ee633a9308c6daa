//! Player-designed pieces ("Player-designed pieces" in `shared/rules/pentaplane.md`):
//! "Original player designed pieces may be added to the list of pieces to choose
//! from."
//!
//! A designed piece joins the draft set under a letter of its own and moves by the
//! cube's direction families: the 6 orthogonal ([`Family::Rook`]), 12 two-dimensional
//! diagonal ([`Family::Bishop`]) and 8 cube-diagonal ([`Family::Cube`]) directions as
//! steps or slides (with an optional range), and the knight's 24 leaps
//! ([`Family::Knight`]), each move-only, capture-only or both. It may fire a missile
//! along one of its line families instead of moving, and may be a bomb. It is never
//! royal and never the promotion piece.
//!
//! The set is process-wide: [`install`] validates a whole set and makes it current (all
//! or nothing); [`installed`] returns it. Installing an empty set restores the game as
//! the rules file describes it without designed pieces. How positions and the
//! movement tables follow the set is described in [`super::tables`].

use super::rules::{
    Kind, DESIGNED_MISSILE_ALONG_OWN_LINES, DESIGNED_MISSILE_LINE_FAMILIES_ONLY, DESIGNED_NAME_MAX,
    DESIGNED_VALUE_RANGE, LETTERS, MAX_DESIGNED,
};
use super::tables::{make_current, tables};
use crate::movement::Mode;

/// A direction family of the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// The 6 orthogonal directions.
    Rook,
    /// The 12 colour-keeping two-dimensional diagonals.
    Bishop,
    /// The 8 cube diagonals.
    Cube,
    /// The 24 knight leaps (permutations of (±2, ±1, 0)); leaps only.
    Knight,
}

impl Family {
    /// The family's name in error messages and descriptions.
    pub fn name(self) -> &'static str {
        match self {
            Family::Rook => "rook",
            Family::Bishop => "bishop",
            Family::Cube => "cube",
            Family::Knight => "knight",
        }
    }
}

/// How a designed move travels along its family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DesignedTravel {
    /// One cell in each direction of the family (rook, bishop, cube).
    Step,
    /// Any number of empty cells, at most `range` (0 = unlimited), then optionally a
    /// capture on the first occupied cell (rook, bishop, cube).
    Slide { range: u8 },
    /// To each target of the family, unblockable (knight only).
    Leap,
}

/// One movement component of a designed piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DesignedMove {
    pub family: Family,
    pub travel: DesignedTravel,
    pub mode: Mode,
}

/// A player-designed piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DesignedPiece {
    /// Upper-case FEN letter (White); Black's is its lower case.
    pub letter: char,
    /// Shown by `info`, `d` and the GUI.
    pub name: String,
    /// The union of these components is its movement.
    pub moves: Vec<DesignedMove>,
    /// Fires along this family instead of moving (as F, M, S do along theirs).
    pub missile: Option<Family>,
    /// Explodes like the bomb (when it captures, is captured or is shot).
    pub bomb: bool,
    /// Material value in centipawns for the evaluation; `None`: estimated from its
    /// mobility.
    pub value: Option<i32>,
}

impl DesignedPiece {
    /// A one-line description of the movement, e.g. `rook step; bishop slide 2 (move
    /// only); missile along bishop; bomb`.
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = self
            .moves
            .iter()
            .map(|m| {
                let travel = match m.travel {
                    DesignedTravel::Step => "step".to_string(),
                    DesignedTravel::Slide { range: 0 } => "slide".to_string(),
                    DesignedTravel::Slide { range } => format!("slide {range}"),
                    DesignedTravel::Leap => "leap".to_string(),
                };
                let mode = match m.mode {
                    Mode::MoveOrCapture => "",
                    Mode::MoveOnly => " (move only)",
                    Mode::CaptureOnly => " (capture only)",
                };
                format!("{} {travel}{mode}", m.family.name())
            })
            .collect();
        if let Some(f) = self.missile {
            parts.push(format!("missile along {}", f.name()));
        }
        if self.bomb {
            parts.push("bomb".to_string());
        }
        parts.join("; ")
    }
}

/// Checks one piece (not its relation to the others).
fn check_piece(d: &DesignedPiece) -> Result<(), String> {
    let l = d.letter;
    let who = format!("designed piece '{l}'");
    if !l.is_ascii_uppercase() {
        return Err(format!(
            "{who}: the letter must be an upper-case letter A-Z (Black's is its lower case)"
        ));
    }
    if LETTERS.contains(&l) {
        return Err(format!(
            "{who}: the letter is taken by a built-in piece (K Q P R F B M C S N O Z)"
        ));
    }
    let name = d.name.trim();
    if name.is_empty() {
        return Err(format!("{who}: the name is empty"));
    }
    if name.chars().count() > DESIGNED_NAME_MAX || d.name.chars().any(char::is_control) {
        return Err(format!(
            "{who}: the name must be at most {DESIGNED_NAME_MAX} characters on one line"
        ));
    }
    if d.moves.is_empty() {
        return Err(format!("{who}: it has no movement"));
    }
    for (i, m) in d.moves.iter().enumerate() {
        let n = i + 1;
        match (m.family, m.travel) {
            (Family::Knight, DesignedTravel::Leap) => {}
            (Family::Knight, _) => {
                return Err(format!(
                    "{who}: move {n}: the knight family only leaps (travel Leap)"
                ))
            }
            (f, DesignedTravel::Leap) => {
                return Err(format!(
                    "{who}: move {n}: only the knight family leaps; the {} family steps or slides",
                    f.name()
                ))
            }
            _ => {}
        }
    }
    // Two components of one family that both move (or both capture) would reach the
    // same cells twice and generate duplicate moves; components of different families
    // never share a destination.
    for (i, a) in d.moves.iter().enumerate() {
        for (j, b) in d.moves.iter().enumerate().skip(i + 1) {
            if a.family == b.family
                && ((a.mode.can_move() && b.mode.can_move())
                    || (a.mode.can_capture() && b.mode.can_capture()))
            {
                return Err(format!(
                    "{who}: moves {} and {} both {} along the {} family; give one move per family, or split it into a move-only and a capture-only one",
                    i + 1,
                    j + 1,
                    if a.mode.can_move() && b.mode.can_move() { "move" } else { "capture" },
                    a.family.name()
                ));
            }
        }
    }
    if let Some(f) = d.missile {
        if DESIGNED_MISSILE_LINE_FAMILIES_ONLY && f == Family::Knight {
            return Err(format!(
                "{who}: a missile travels along a line; the knight family has none"
            ));
        }
        if DESIGNED_MISSILE_ALONG_OWN_LINES && !d.moves.iter().any(|m| m.family == f) {
            return Err(format!(
                "{who}: it fires along its own lines, but it does not move along the {} family",
                f.name()
            ));
        }
    }
    if let Some(v) = d.value {
        if !DESIGNED_VALUE_RANGE.contains(&v) {
            return Err(format!(
                "{who}: value {v} is outside {}..={}",
                DESIGNED_VALUE_RANGE.start(),
                DESIGNED_VALUE_RANGE.end()
            ));
        }
    }
    Ok(())
}

/// Checks a whole set: every piece, unique letters, at most [`MAX_DESIGNED`].
pub fn validate(pieces: &[DesignedPiece]) -> Result<(), String> {
    if pieces.len() > MAX_DESIGNED {
        return Err(format!(
            "{} designed pieces; at most {MAX_DESIGNED} may be loaded",
            pieces.len()
        ));
    }
    for (i, d) in pieces.iter().enumerate() {
        check_piece(d)?;
        if pieces[..i].iter().any(|e| e.letter == d.letter) {
            return Err(format!(
                "designed piece '{}': the letter is used by another designed piece",
                d.letter
            ));
        }
    }
    Ok(())
}

/// Validates `pieces` and makes them the process-wide set, in this order (which is
/// their order in FEN, holdings and selection tokens, after R F B M C S N O Z). On an
/// error nothing changes. An empty list restores the game without designed pieces.
pub fn install(pieces: Vec<DesignedPiece>) -> Result<(), String> {
    validate(&pieces)?;
    make_current(&pieces)
}

/// The installed set, in definition order.
pub fn installed() -> Vec<DesignedPiece> {
    tables().designs.clone()
}

/// The installed piece of a designed kind (`None` for built-in kinds and unused slots).
pub fn design_of(kind: Kind) -> Option<&'static DesignedPiece> {
    tables().designs.get(kind.designed_slot()?)
}
