//! Platonic Chess pieces as movement data, and every DECISION of the rules file that
//! concerns movement, each in one named constant (see `shared/rules/platonic.md`).
//!
//! Vectors are written from White's point of view (`+y` = forward); Black's tables are
//! compiled from the same data with `y` mirrored.

use crate::movement::{Mode, PieceMoves};
use crate::position::Side;
use crate::topology::{Topology, Vector, DIAGONAL_2D, KNIGHT_2D, ORTHOGONAL_2D};

/// Board size (SOURCE: 10x10).
pub const WIDTH: usize = 10;
pub const HEIGHT: usize = 10;
pub const CELLS: usize = WIDTH * HEIGHT;

/// The six kinds of man. `index()` is used for tables and piece codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Pawn = 0,
    Tetrahedron = 1,
    Cube = 2,
    Octahedron = 3,
    Dodecahedron = 4,
    Icosahedron = 5,
}

pub const KINDS: [Kind; 6] = [
    Kind::Pawn,
    Kind::Tetrahedron,
    Kind::Cube,
    Kind::Octahedron,
    Kind::Dodecahedron,
    Kind::Icosahedron,
];

/// The five solids (every kind but the pawn).
pub const SOLIDS: [Kind; 5] = [
    Kind::Tetrahedron,
    Kind::Cube,
    Kind::Octahedron,
    Kind::Dodecahedron,
    Kind::Icosahedron,
];

impl Kind {
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    /// Nominal value (pawn = 100), used only to order captures in the search
    /// (`Position::capture_value`): the evaluation's material
    /// (eval/tables/platonic.txt), rounded. Tetrahedrons are royal and never taken.
    pub fn nominal_value(self) -> i32 {
        match self {
            Kind::Pawn => 100,
            Kind::Tetrahedron => 0,
            Kind::Cube => 270,
            Kind::Octahedron => 320,
            Kind::Dodecahedron => 460,
            Kind::Icosahedron => 800,
        }
    }
    pub fn def(self) -> &'static PieceDef {
        &PIECES[self.index()]
    }
    pub fn letter(self) -> char {
        self.def().letter
    }
    pub fn from_letter(c: char) -> Option<(Side, Kind)> {
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let upper = c.to_ascii_uppercase();
        KINDS
            .iter()
            .copied()
            .find(|k| k.letter() == upper)
            .map(|k| (side, k))
    }
}

/// One movement atom, in White's orientation.
#[derive(Clone, Copy, Debug)]
pub enum AtomDef {
    /// Slide along each vector, at most `range` cells, blockable.
    Slide {
        vectors: &'static [Vector],
        range: u8,
    },
    /// Leap to each vector's target, not blockable.
    Leap { vectors: &'static [Vector] },
}

/// A piece's definition: letter, name, Betza description and movement atoms. The
/// atoms move and capture alike (the pawn's special moves are in `movegen`).
#[derive(Clone, Copy, Debug)]
pub struct PieceDef {
    pub kind: Kind,
    pub letter: char,
    pub name: &'static str,
    /// Betza notation as given in the rules (also sent to XBoard).
    pub betza: &'static str,
    pub atoms: &'static [AtomDef],
}

/// The 2-square diagonal leap (Alfil).
pub const ALFIL_2D: [Vector; 4] = [[2, 2, 0], [2, -2, 0], [-2, -2, 0], [-2, 2, 0]];
/// Straight forward, for the Cube's fR2.
pub const FORWARD_2D: [Vector; 1] = [[0, 1, 0]];
/// The pawn's ordinary capture: one step diagonally forward.
pub const PAWN_CAPTURE_2D: [Vector; 2] = [[1, 1, 0], [-1, 1, 0]];

/// Tetrahedron (SOURCE): Wazir.
pub const TETRAHEDRON: PieceDef = PieceDef {
    kind: Kind::Tetrahedron,
    letter: 'T',
    name: "tetrahedron",
    betza: "W",
    atoms: &[AtomDef::Slide {
        vectors: &ORTHOGONAL_2D,
        range: 1,
    }],
};

/// Cube (SOURCE): Ferz plus a slide of 1-2 squares straight forward.
pub const CUBE: PieceDef = PieceDef {
    kind: Kind::Cube,
    letter: 'C',
    name: "cube",
    betza: "FfR2",
    atoms: &[
        AtomDef::Slide {
            vectors: &DIAGONAL_2D,
            range: 1,
        },
        AtomDef::Slide {
            vectors: &FORWARD_2D,
            range: 2,
        },
    ],
};

/// Octahedron (SOURCE): bishop limited to 2 squares.
pub const OCTAHEDRON: PieceDef = PieceDef {
    kind: Kind::Octahedron,
    letter: 'O',
    name: "octahedron",
    betza: "B2",
    atoms: &[AtomDef::Slide {
        vectors: &DIAGONAL_2D,
        range: 2,
    }],
};

/// Dodecahedron. **DECISION (low confidence): Knight + Alfil [NA].** The move text is
/// lost; see the rules file. Alternatives, should a source turn up: N+D [ND] (replace
/// the Alfil leap by the Dabbaba leaps `[[2,0],[0,2],[-2,0],[0,-2]]`) or N+F [NF]
/// (replace it by `Slide { vectors: &DIAGONAL_2D, range: 1 }`). This constant is the
/// only place to change; the pawn's 9th-rank power, the evaluation and XBoard follow.
pub const DODECAHEDRON: PieceDef = PieceDef {
    kind: Kind::Dodecahedron,
    letter: 'D',
    name: "dodecahedron",
    betza: "NA",
    atoms: &[
        AtomDef::Leap {
            vectors: &KNIGHT_2D,
        },
        AtomDef::Leap { vectors: &ALFIL_2D },
    ],
};

/// Icosahedron (INFERRED, high confidence): rook limited to 4 squares plus the Alfil
/// leap [R4A]. Never a full rook (rules, Clarifications).
pub const ICOSAHEDRON: PieceDef = PieceDef {
    kind: Kind::Icosahedron,
    letter: 'I',
    name: "icosahedron",
    betza: "R4A",
    atoms: &[
        AtomDef::Slide {
            vectors: &ORTHOGONAL_2D,
            range: 4,
        },
        AtomDef::Leap { vectors: &ALFIL_2D },
    ],
};

/// Pawn: the atoms here are only its ordinary diagonal capture; pushes, the double
/// step, en passant and the rank powers are rules in `movegen`.
pub const PAWN: PieceDef = PieceDef {
    kind: Kind::Pawn,
    letter: 'P',
    name: "pawn",
    betza: "fmWfcF",
    atoms: &[AtomDef::Slide {
        vectors: &PAWN_CAPTURE_2D,
        range: 1,
    }],
};

/// All definitions, indexed by `Kind::index()`.
pub const PIECES: [PieceDef; 6] = [
    PAWN,
    TETRAHEDRON,
    CUBE,
    OCTAHEDRON,
    DODECAHEDRON,
    ICOSAHEDRON,
];

/// The pawn's extra capture-only power by the rank it stands on, counted from its own
/// side (index 0 = own 1st rank). SOURCE table; not cumulative; a pure function of the
/// current rank (INFERRED), so no "promoted" flag exists.
pub const PAWN_RANK_POWERS: [Option<Kind>; HEIGHT] = [
    None,
    None,
    None,
    None,
    None,
    Some(Kind::Tetrahedron),
    Some(Kind::Cube),
    Some(Kind::Octahedron),
    Some(Kind::Dodecahedron),
    Some(Kind::Icosahedron),
];

/// DECISION: the pawn may double-step only from this own rank (index 0 = 1st rank),
/// the rank the pawns start on.
pub const PAWN_DOUBLE_STEP_RANK: usize = 2;

/// The Betza-like description of a pawn on an own rank, for display and XBoard docs.
pub fn pawn_power_at(own_rank: usize) -> Option<Kind> {
    PAWN_RANK_POWERS.get(own_rank).copied().flatten()
}

/// Mirrors a vector for `side` (Black's forward is `-y`).
pub fn oriented(v: Vector, side: Side) -> Vector {
    match side {
        Side::White => v,
        Side::Black => [v[0], -v[1], v[2]],
    }
}

/// Compiles a set of atoms for one side with one mode.
pub fn compile_atoms(topo: &Topology, atoms: &[AtomDef], side: Side, mode: Mode) -> PieceMoves {
    let mut pm = PieceMoves::new();
    for atom in atoms {
        pm = add_atom(pm, topo, atom, side, mode);
    }
    pm
}

/// Adds one atom to a movement description.
pub fn add_atom(
    pm: PieceMoves,
    topo: &Topology,
    atom: &AtomDef,
    side: Side,
    mode: Mode,
) -> PieceMoves {
    match *atom {
        AtomDef::Slide { vectors, range } => {
            let dirs: Vec<usize> = vectors
                .iter()
                .map(|&v| {
                    topo.direction_index(oriented(v, side))
                        .expect("grid has the 8 king directions")
                })
                .collect();
            pm.slide(dirs, range, mode)
        }
        AtomDef::Leap { vectors } => {
            let vs: Vec<Vector> = vectors.iter().map(|&v| oriented(v, side)).collect();
            pm.leap(topo.leap_table(&vs), mode)
        }
    }
}
