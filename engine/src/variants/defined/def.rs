//! The compiled definition of a data-defined variant: what a variants file says,
//! checked and turned into typed rule components. Every [`super::FileVariant`]
//! position shares one `Arc<VariantDef>`.
//!
//! The loader (`load.rs`) builds these from TOML; tests may build them in Rust.
//! Nothing here is read per node except through tables the position compiles once
//! (see `position.rs`), so the rule components stay plain data.

use crate::movement::Mode;
use crate::topology::{square_name, Coord, LatticeSpec, Topology, Vector};

/// Hex file letters (Glinski: no `j`).
pub const HEX_FILES: &[u8] = b"abcdefghiklmnopq";

/// Most cells a data-defined board may have (a move stores cells in 9 bits and
/// keeps 511 for drops).
pub const MAX_CELLS: usize = 500;
/// Most piece kinds a variant may define.
pub const MAX_KINDS: usize = 30;

/// The shape of the board, which also decides cell names and how Black's movement
/// mirrors White's ([`Board::mirror`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Board {
    /// A flat `width` x `height` grid, cells `a1`.. (files a.., ranks 1..).
    Grid { width: i8, height: i8 },
    /// `levels` stacked `width` x `height` levels, cells `Aa1`.. (level letter
    /// first, as in Raumschach). Level A is White's side.
    Levels { width: i8, height: i8, levels: i8 },
    /// `boards` separate `width` x `height` boards whose rays never cross, cells
    /// `Aa1`.. (board letter first).
    Boards { width: i8, height: i8, boards: i8 },
    /// Glinski's hexagon with `side` cells on each edge (6 for Glinski's chess):
    /// files `a`..`l` without `j`, ranks from each file's lower edge. Lattice
    /// coordinates: x = file index, y = rank index + max(0, x - (side - 1)), so the
    /// six neighbours are (0,±1), (±1,0), (1,1), (-1,-1).
    Hex { side: i8 },
}

impl Board {
    /// Black's version of one of White's movement vectors: the board's mirror that
    /// maps White's start edge to Black's. The one place this rule lives.
    /// Grid and boards: rank reversed. Levels: rank and level reversed. Hex: the
    /// reflection of every file end for end, (dx, dy) -> (dx, dx - dy).
    pub fn mirror(&self, v: Vector) -> Vector {
        match self {
            Board::Grid { .. } | Board::Boards { .. } => [v[0], -v[1], v[2]],
            Board::Levels { .. } => [v[0], -v[1], -v[2]],
            Board::Hex { .. } => [v[0], v[0] - v[1], v[2]],
        }
    }
}

impl Board {
    /// The board's topology with rays along `directions` (lattice vectors; the
    /// direction index of a vector is its position in the list), cells named by
    /// the board's convention.
    pub fn topology(&self, directions: Vec<Vector>) -> Topology {
        let letter = |i: i8| (b'A' + i as u8) as char;
        match *self {
            Board::Grid { width, height } => Topology::lattice(LatticeSpec {
                width,
                height,
                depth: 1,
                boards: 1,
                directions,
                namer: &|c: Coord| square_name(c.x, c.y),
            }),
            Board::Levels {
                width,
                height,
                levels,
            } => Topology::lattice(LatticeSpec {
                width,
                height,
                depth: levels,
                boards: 1,
                directions,
                namer: &|c: Coord| format!("{}{}", letter(c.z), square_name(c.x, c.y)),
            }),
            Board::Boards {
                width,
                height,
                boards,
            } => Topology::lattice(LatticeSpec {
                width,
                height,
                depth: 1,
                boards,
                directions,
                namer: &|c: Coord| format!("{}{}", letter(c.board), square_name(c.x, c.y)),
            }),
            Board::Hex { side } => {
                let span = 2 * side - 1;
                Topology::lattice_where(
                    LatticeSpec {
                        width: span,
                        height: span,
                        depth: 1,
                        boards: 1,
                        directions,
                        namer: &|c: Coord| {
                            let (file, rank) = self.hex_file_rank(c).expect("a hex cell");
                            format!("{}{}", HEX_FILES[file as usize] as char, rank)
                        },
                    },
                    &|c: Coord| self.hex_file_rank(c).is_some(),
                )
            }
        }
    }

    /// The vectors of one king step on this board (explosions, adjacency): 8 on
    /// flat boards, 26 on stacked levels, 12 on the hexagon (6 neighbours and the
    /// 6 diagonals between them).
    pub fn king_vectors(&self) -> Vec<Vector> {
        match self {
            Board::Grid { .. } | Board::Boards { .. } => crate::topology::KING_2D.to_vec(),
            Board::Levels { .. } => {
                let mut v = Vec::new();
                for dz in -1..=1 {
                    for dy in -1..=1 {
                        for dx in -1..=1 {
                            if (dx, dy, dz) != (0, 0, 0) {
                                v.push([dx, dy, dz]);
                            }
                        }
                    }
                }
                v
            }
            Board::Hex { .. } => vec![
                [0, 1, 0],
                [1, 1, 0],
                [1, 0, 0],
                [0, -1, 0],
                [-1, -1, 0],
                [-1, 0, 0],
                [1, 2, 0],
                [2, 1, 0],
                [1, -1, 0],
                [-1, -2, 0],
                [-2, -1, 0],
                [-1, 1, 0],
            ],
        }
    }

    /// The cell Black's version of White's `cell` is on: the board's mirror (rank
    /// reversed; on levels the level too; on the hexagon every file end for end).
    /// Zones and goal cells given for White become Black's through it.
    pub fn mirror_cell(
        &self,
        topo: &Topology,
        cell: crate::topology::Cell,
    ) -> Option<crate::topology::Cell> {
        let c = topo.coord(cell);
        let m = match *self {
            Board::Grid { height, .. } | Board::Boards { height, .. } => Coord {
                y: height - 1 - c.y,
                ..c
            },
            Board::Levels { height, levels, .. } => Coord {
                y: height - 1 - c.y,
                z: levels - 1 - c.z,
                ..c
            },
            Board::Hex { side } => {
                let (file, rank) = self.hex_file_rank(c)?;
                let span = 2 * side - 1;
                let ranks = side + file.min(span - 1 - file);
                let mirrored = ranks + 1 - rank;
                Coord {
                    y: mirrored - 1 + (file - (side - 1)).max(0),
                    ..c
                }
            }
        };
        topo.cell_at(m)
    }

    /// Hex boards: the (file index, 1-based rank) of lattice coordinates, if a cell.
    pub fn hex_file_rank(&self, c: Coord) -> Option<(i8, i8)> {
        let Board::Hex { side } = *self else {
            return None;
        };
        let span = 2 * side - 1;
        if c.x < 0 || c.x >= span {
            return None;
        }
        let rank = c.y - (c.x - (side - 1)).max(0) + 1;
        let ranks = side + c.x.min(span - 1 - c.x);
        (rank >= 1 && rank <= ranks).then_some((c.x, rank))
    }
}

/// How one movement atom travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Travel {
    /// Rides along each vector, cells before the destination empty: destinations at
    /// `min..=max` multiples of the vector (`max` 0: unlimited). A step is
    /// `{min 1, max 1}`, a rook `{1, 0}`, a pawn's double step `{2, 2}` (Betza `nD`).
    Ride { min: u8, max: u8 },
    /// Leaps to the vector's target, whatever stands between.
    Leap,
    /// A cannon (Betza `p`): rides along the vector to the first piece (the
    /// screen), jumps it, then rides on; `mode` applies beyond the screen.
    Hop,
}

/// One movement atom of a piece, as White plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct Atom {
    /// Direction vectors (file, rank, level), White's view; Black uses
    /// [`Board::mirror`] of each.
    pub vectors: Vec<Vector>,
    pub travel: Travel,
    pub mode: Mode,
    /// Only from the side's initial region ([`Rules::initial_ranks`]); Betza `i`.
    pub initial: bool,
}

/// A kind of piece.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceDef {
    /// FEN letter, upper case (White); Black's is the lower case.
    pub letter: char,
    pub name: String,
    pub atoms: Vec<Atom>,
    /// A royal piece: checkmate, royal capture and check apply to it.
    pub royal: bool,
    /// Captures en passant and sets the en-passant cell with a ride of more than
    /// one step from its initial region (the pawn's rule).
    pub en_passant: bool,
    /// Value in centipawns when the file gives one (else the evaluator estimates it
    /// from mobility).
    pub value: Option<i32>,
    /// Betza text or vector description as written, for `info` and the docs.
    pub notation: String,
}

/// What ends the game for the side that loses its royal pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Royal pieces may not be left attacked; no legal move while attacked loses.
    Checkmate,
    /// Royal pieces are ordinary pieces that may be captured; capturing the last
    /// royal piece of a side wins. Moves into attack are legal.
    RoyalCapture,
    /// A side that has no piece left of the given kinds (empty: no piece at all)
    /// loses. No check.
    Extinction { kinds: Vec<usize> },
}

/// The result for the side to move when it has no legal move and is not in check
/// (or in every case, for goals without check).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMoveResult {
    Draw,
    /// The side that cannot move wins (giveaway).
    Win,
    /// The side that cannot move loses (shatranj's stalemate, and checkmate).
    Loss,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Promotion {
    /// Kinds that promote.
    pub kinds: Vec<usize>,
    /// Ranks counted from the side's own edge (1 = its first rank) where a move
    /// ending there promotes; on hex boards a file's last cell counts as rank
    /// `2 * side - 1` (11 for Glinski), the cell before it one less.
    pub ranks: Vec<i8>,
    /// Kinds it may become.
    pub choices: Vec<usize>,
    /// Whether promotion is compulsory on reaching the zone (else optional).
    pub mandatory: bool,
    /// Further promotion cells, White's (Black's are their mirror images): for
    /// zones that ranks cannot say, like Raumschach's far rank of the far level.
    pub cells: Vec<u16>,
}

/// Castling: the royal piece moves `king_steps` cells toward a castling piece in
/// a corner of its first rank, which jumps to the cell it crossed. Cells between
/// them empty; the king may not stand in, pass through or land in check.
#[derive(Clone, Debug, PartialEq)]
pub struct Castling {
    /// The kind that castles with the royal piece (the rook).
    pub rook: usize,
    /// Files (0-based) where the king lands on the king side and the queen side.
    pub king_files: [i8; 2],
}

#[derive(Clone, Debug, PartialEq)]
pub struct Drops {
    /// Captured pieces go to the capturer's hand (promoted ones as the kind they
    /// came from, written `~` after the letter in FENs).
    pub captures_to_hand: bool,
    /// Per kind: ranks (from the dropping side's edge) where it may not be dropped.
    pub forbidden_ranks: Vec<(usize, Vec<i8>)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Explosion {
    /// A capture removes every piece within this king-step distance of the
    /// target (the capturer included), except `immune` kinds not on the target.
    pub radius: u8,
    pub immune: Vec<usize>,
}

/// A win by moving a kind onto a cell (King of the Hill, Racing Kings).
#[derive(Clone, Debug, PartialEq)]
pub struct GoalCells {
    pub kinds: Vec<usize>,
    /// Target cells for White; Black's are the mirror (or the same cells when
    /// `shared` is set).
    pub cells: Vec<u16>,
    pub black_cells: Vec<u16>,
}

/// Turns of several sub-moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn {
    /// Sub-moves per turn (1 for ordinary chess).
    pub moves: u8,
    /// Per sub-move, the boards or levels (indices) where it may end; empty: any.
    pub end_on: Vec<Vec<i8>>,
    /// Whether a turn may end early with `0000` after its first sub-move.
    pub may_stop_early: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Draws {
    /// Half-moves (turns of one side) without capture or move of an initial-move
    /// piece after which the game is drawn; 0 disables.
    pub move_counter: u32,
    /// Occurrences of a position that draw (3 in chess); 0 disables.
    pub repetition: u32,
}

/// The rule components of a variant. Optional components are `None` when absent.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    pub goal: Goal,
    pub stalemate: NoMoveResult,
    /// Per side, ranks (from the side's edge) where `initial` atoms may start.
    pub initial_ranks: Vec<i8>,
    /// Further cells where `initial` atoms may start, White's (Black's are their
    /// mirror images): Glinski's pawns double-step only from their start cells.
    pub initial_cells: Vec<u16>,
    /// The result for a side left with no piece at all, on the board or in hand:
    /// a loss (Horde's White), or a win (the giveaway family). Never a draw.
    pub no_pieces: NoMoveResult,
    pub en_passant: bool,
    pub castling: Option<Castling>,
    pub promotion: Option<Promotion>,
    pub drops: Option<Drops>,
    pub explosion: Option<Explosion>,
    pub goal_cells: Option<GoalCells>,
    /// Captures are compulsory when any is available (giveaway).
    pub forced_capture: bool,
    pub turn: Turn,
    pub draws: Draws,
}

impl Rules {
    /// No component at all: checkmate, stalemate drawn, one move a turn, no draw
    /// rules. Definitions built in code start here and set what they need.
    pub fn bare() -> Rules {
        Rules {
            goal: Goal::Checkmate,
            stalemate: NoMoveResult::Draw,
            initial_ranks: Vec::new(),
            initial_cells: Vec::new(),
            no_pieces: NoMoveResult::Loss,
            en_passant: false,
            castling: None,
            promotion: None,
            drops: None,
            explosion: None,
            goal_cells: None,
            forced_capture: false,
            turn: Turn {
                moves: 1,
                end_on: Vec::new(),
                may_stop_early: false,
            },
            draws: Draws {
                move_counter: 0,
                repetition: 0,
            },
        }
    }
}

/// A whole data-defined variant.
#[derive(Clone, Debug)]
pub struct VariantDef {
    /// `UCI_Variant` name.
    pub name: String,
    pub title: String,
    pub board: Board,
    /// Cells and rays along every vector any piece uses, built from `board`.
    pub topology: Topology,
    /// Kinds in definition order; a kind is its index here.
    pub pieces: Vec<PieceDef>,
    pub start_fen: String,
    pub rules: Rules,
    /// Piece values (centipawns) per kind: the file's `value` where given, else an
    /// estimate from mobility; computed on first use by `position.rs`.
    pub values: std::sync::OnceLock<Vec<i32>>,
    /// The move-generation tables `position.rs` compiles from this definition on
    /// first use (see [`VariantDef::tables`]).
    pub(crate) tables: TablesCache,
    /// Search parameters this variant plays with (`Position::search_profile`): the
    /// file's `search` key, already checked to parse; empty by default.
    pub search_profile: String,
}

/// The compiled tables of a definition, built once and shared by every position.
/// A clone of a definition starts with an empty cache: the clone may then be
/// changed (`extends`), and stale tables would play the parent's rules.
#[derive(Default)]
pub struct TablesCache(
    std::sync::OnceLock<Result<std::sync::Arc<super::position::tables::Tables>, String>>,
);

impl Clone for TablesCache {
    fn clone(&self) -> Self {
        TablesCache::default()
    }
}

impl std::fmt::Debug for TablesCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.get().is_some() {
            "TablesCache(built)"
        } else {
            "TablesCache(empty)"
        })
    }
}

impl VariantDef {
    /// Builds a definition; the loader and tests construct definitions only here.
    pub fn new(
        name: String,
        title: String,
        board: Board,
        topology: Topology,
        pieces: Vec<PieceDef>,
        start_fen: String,
        rules: Rules,
    ) -> Self {
        VariantDef {
            name,
            title,
            board,
            topology,
            pieces,
            start_fen,
            rules,
            values: std::sync::OnceLock::new(),
            tables: TablesCache::default(),
            search_profile: String::new(),
        }
    }

    /// The compiled tables (built on first call, then shared), or why this
    /// definition cannot be played (too many cells or kinds, castling without a
    /// royal piece on a grid...).
    pub(crate) fn tables(&self) -> Result<std::sync::Arc<super::position::tables::Tables>, String> {
        self.tables
            .0
            .get_or_init(|| super::position::tables::Tables::build(self).map(std::sync::Arc::new))
            .clone()
    }

    /// Piece values in centipawns per kind: the file's `value` where given; else
    /// royal pieces 0 (never traded), `en_passant` pieces 100, and others an
    /// estimate from their average mobility on the empty board
    /// ([`super::empty_board_mobility`]; about 300 for a knight and 900 for a queen
    /// on 8x8). Computed once.
    pub fn piece_values(&self) -> &[i32] {
        self.values.get_or_init(|| {
            self.pieces
                .iter()
                .enumerate()
                .map(|(k, p)| {
                    p.value.unwrap_or_else(|| {
                        if p.royal {
                            0
                        } else if p.en_passant {
                            100
                        } else {
                            let m = super::empty_board_mobility(self, k);
                            (35.0 * m + 100.0).round() as i32
                        }
                    })
                })
                .collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::KING_2D;

    #[test]
    fn glinski_hexagon_has_91_cells_and_six_neighbours_inside() {
        let board = Board::Hex { side: 6 };
        let dirs = vec![
            [0, 1, 0],
            [1, 1, 0],
            [1, 0, 0],
            [0, -1, 0],
            [-1, -1, 0],
            [-1, 0, 0],
        ];
        let t = board.topology(dirs);
        assert_eq!(t.num_cells(), 91);
        for name in ["a1", "a6", "f1", "f11", "l1", "l6", "k7", "b7"] {
            assert!(t.cell_by_name(name).is_some(), "{name}");
        }
        for name in ["a7", "l7", "f12", "j1", "g11"] {
            assert!(t.cell_by_name(name).is_none(), "{name}");
        }
        let f6 = t.cell_by_name("f6").unwrap();
        assert_eq!((0..6).filter(|&d| t.step(f6, d).is_some()).count(), 6);
        let f1 = t.cell_by_name("f1").unwrap();
        let up_right: Vec<&str> = t.ray(f1, 1).iter().map(|&c| t.name(c)).collect();
        assert_eq!(up_right.first(), Some(&"g1"));
        // The mirror maps White's forward to Black's and keeps the board.
        assert_eq!(board.mirror([0, 1, 0]), [0, -1, 0]);
        assert_eq!(board.mirror([1, 1, 0]), [1, 0, 0]);
    }

    #[test]
    fn levels_and_boards_are_named_letter_first() {
        let cube = Board::Levels {
            width: 5,
            height: 5,
            levels: 5,
        }
        .topology(KING_2D.to_vec());
        assert_eq!(cube.num_cells(), 125);
        assert!(cube.cell_by_name("Aa1").is_some() && cube.cell_by_name("Ee5").is_some());
        let three = Board::Boards {
            width: 8,
            height: 8,
            boards: 3,
        }
        .topology(KING_2D.to_vec());
        assert!(three.cell_by_name("Ch8").is_some());
        let wide = Board::Grid {
            width: 16,
            height: 16,
        }
        .topology(KING_2D.to_vec());
        assert!(wide.cell_by_name("p16").is_some());
    }
}
