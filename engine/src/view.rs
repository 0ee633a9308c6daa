//! What a GUI needs to draw a variant without knowing it in advance: the board's
//! geometry (cells as polygons, the panels they are drawn in, the pieces, the sides),
//! and a position and its legal sub-moves as data. The protocol serialises these as
//! the JSON answers of `geometry`, `d json` and `moves json` (docs/protocol.md).
//!
//! Every variant describes itself through [`crate::Position::geometry`],
//! [`crate::Position::cell_pieces`], [`crate::Position::hands`] and
//! [`crate::Position::move_parts`]; the helpers here build the common shapes
//! (square grids laid out side by side) so a flat variant needs a few lines.

use crate::position::Side;
use serde::Serialize;

/// A cell's outline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    Square,
    Hexagon,
    Pentagon,
}

/// One cell: its name as moves and FENs write it, and how to draw it.
#[derive(Clone, Debug, Serialize)]
pub struct CellView {
    pub name: String,
    /// Index into [`Geometry::panels`].
    pub panel: usize,
    pub shape: Shape,
    /// Centre in the 2-D drawing (one square cell is 1 x 1; y grows downwards, so
    /// White's side of a board is at the bottom).
    pub center: [f64; 2],
    /// Polygon corners in the same coordinates, in order round the cell.
    pub corners: Vec<[f64; 2]>,
    /// Colour hint: 0 light, 1 dark (a third value where a board needs three colours).
    pub shade: u8,
    /// Sphere boards: the centre on the unit sphere (x, y, z; z towards North's pole).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub center3: Option<[f64; 3]>,
    /// Sphere boards: the corners on the unit sphere, in the order of `corners`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub corners3: Option<Vec<[f64; 3]>>,
}

impl CellView {
    /// A unit square cell whose top-left corner is at (`left`, `top`).
    pub fn square(name: String, panel: usize, left: f64, top: f64, shade: u8) -> Self {
        CellView {
            name,
            panel,
            shape: Shape::Square,
            center: [left + 0.5, top + 0.5],
            corners: vec![
                [left, top],
                [left + 1.0, top],
                [left + 1.0, top + 1.0],
                [left, top + 1.0],
            ],
            shade,
            center3: None,
            corners3: None,
        }
    }
}

/// A named area of the 2-D drawing (a level, a board, a hemisphere of the sphere).
#[derive(Clone, Debug, Serialize)]
pub struct PanelView {
    pub name: String,
    /// Bounding box in drawing coordinates. Flipping the board turns every panel half
    /// a turn inside its own box.
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    /// Labels along the panel's edges (files below, ranks at the left), if any:
    /// `(text, x, y)` in drawing coordinates.
    pub labels: Vec<(String, f64, f64)>,
}

/// A piece letter (upper case; White's pieces are upper case in FENs and moves).
#[derive(Clone, Debug, Serialize)]
pub struct PieceView {
    pub letter: char,
    pub name: String,
    /// How to draw it: a standard chess piece (`king`, `queen`, `rook`, `bishop`,
    /// `knight`, `pawn`) whose glyph fits, or `None`: draw the letter.
    pub glyph: Option<&'static str>,
}

/// A hand (holding) as the geometry names it: where dropped pieces come from.
#[derive(Clone, Debug, Serialize)]
pub struct HandView {
    pub name: String,
    pub side: Side,
}

/// The whole drawable description of a variant.
#[derive(Clone, Debug, Serialize)]
pub struct Geometry {
    pub variant: String,
    pub title: String,
    /// The players' names, first player first (`White`, `Black`; `North`, `South`).
    pub sides: [String; 2],
    pub panels: Vec<PanelView>,
    /// Every cell, in the order `d json`'s `board` lists pieces.
    pub cells: Vec<CellView>,
    pub pieces: Vec<PieceView>,
    /// The hands `d json` fills, in that order (empty for variants without drops).
    pub hands: Vec<HandView>,
    /// Whether the cells carry 3-D positions (`center3`, `corners3`).
    pub sphere: bool,
    pub start_fen: String,
}

/// A hand's contents in a position: letters as the FEN writes them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandContents {
    pub name: String,
    pub side: Side,
    pub pieces: String,
}

/// What kind of action a sub-move is, so a GUI knows how to offer it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveKind {
    /// A piece goes from `from` to `to` (captures, castling and promotions included).
    Move,
    /// A piece from a hand (`drop`, `hand`) is placed on `to`.
    Drop,
    /// `0000`: ends a multi-move turn early.
    EndTurn,
    /// A choice that is not on the board (Pentaplane's draft picks).
    Choice,
    /// A shot that does not move the shooter (Pentaplane's missiles): `from` shoots `to`.
    Shot,
}

/// A legal sub-move taken apart for a GUI.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveParts {
    pub kind: MoveKind,
    pub from: Option<String>,
    pub to: Option<String>,
    /// The dropped piece's letter (drops and placements).
    pub drop: Option<char>,
    /// Index into [`Geometry::hands`] of the hand a drop comes from.
    pub hand: Option<usize>,
    pub promotion: Option<char>,
    /// Words telling apart moves with the same cells (promotion, split choice, shot
    /// or move), e.g. `promote to queen`; empty where nothing needs telling.
    pub label: String,
}

impl MoveParts {
    pub fn board(from: String, to: String) -> Self {
        MoveParts {
            kind: MoveKind::Move,
            from: Some(from),
            to: Some(to),
            drop: None,
            hand: None,
            promotion: None,
            label: String::new(),
        }
    }
    pub fn drop(piece: char, hand: usize, to: String) -> Self {
        MoveParts {
            kind: MoveKind::Drop,
            from: None,
            to: Some(to),
            drop: Some(piece),
            hand: Some(hand),
            promotion: None,
            label: String::new(),
        }
    }
    pub fn end_turn() -> Self {
        MoveParts {
            kind: MoveKind::EndTurn,
            from: None,
            to: None,
            drop: None,
            hand: None,
            promotion: None,
            label: "end the turn".to_string(),
        }
    }
    pub fn choice(label: String) -> Self {
        MoveParts {
            kind: MoveKind::Choice,
            from: None,
            to: None,
            drop: None,
            hand: None,
            promotion: None,
            label,
        }
    }
}

/// The standard glyph for a chess piece letter, if the piece is the chess piece.
pub fn chess_glyph(letter: char) -> Option<&'static str> {
    match letter.to_ascii_uppercase() {
        'K' => Some("king"),
        'Q' => Some("queen"),
        'R' => Some("rook"),
        'B' => Some("bishop"),
        'N' => Some("knight"),
        'P' => Some("pawn"),
        _ => None,
    }
}

/// Space between panels laid out side by side, in cells.
pub const PANEL_GAP: f64 = 1.0;

/// A square grid of `width` x `height` cells drawn as a panel at `(x0, 0)`: appends
/// the panel and its cells (in the order `cell_names(file, rank)` is called: rank 0
/// first, file 0 first within a rank) and returns the panel's index. File letters
/// label the bottom edge, rank numbers the left edge. a1 (file 0, rank 0) is dark.
pub fn push_grid(
    geometry: &mut Geometry,
    name: &str,
    x0: f64,
    width: usize,
    height: usize,
    cell_name: &dyn Fn(usize, usize) -> String,
) -> usize {
    let panel = geometry.panels.len();
    let mut labels = Vec::new();
    for f in 0..width {
        labels.push((
            ((b'a' + f as u8) as char).to_string(),
            x0 + f as f64 + 0.5,
            height as f64 + 0.35,
        ));
    }
    for r in 0..height {
        labels.push(((r + 1).to_string(), x0 - 0.3, (height - 1 - r) as f64 + 0.5));
    }
    geometry.panels.push(PanelView {
        name: name.to_string(),
        x: x0,
        y: 0.0,
        width: width as f64,
        height: height as f64,
        labels,
    });
    for r in 0..height {
        for f in 0..width {
            let left = x0 + f as f64;
            let top = (height - 1 - r) as f64;
            let shade = if (f + r) % 2 == 0 { 1 } else { 0 };
            geometry
                .cells
                .push(CellView::square(cell_name(f, r), panel, left, top, shade));
        }
    }
    panel
}

impl Geometry {
    /// An empty geometry for a variant, to be filled by `push_grid` or by hand.
    pub fn new(info: &crate::position::VariantInfo, sides: [&str; 2]) -> Self {
        Geometry {
            variant: info.name.to_string(),
            title: info.title.to_string(),
            sides: [sides[0].to_string(), sides[1].to_string()],
            panels: Vec::new(),
            cells: Vec::new(),
            pieces: info
                .pieces
                .iter()
                .map(|&(letter, name)| PieceView {
                    letter,
                    name: name.to_string(),
                    glyph: None,
                })
                .collect(),
            hands: Vec::new(),
            sphere: false,
            start_fen: info.start_fen.clone(),
        }
    }

    /// Rounds every coordinate to 1/10000 of a cell: far finer than any screen shows,
    /// and it keeps the sphere's JSON at a third of its size.
    pub fn rounded(mut self) -> Self {
        let r = |v: &mut f64| *v = (*v * 1e4).round() / 1e4;
        for p in &mut self.panels {
            for v in [&mut p.x, &mut p.y, &mut p.width, &mut p.height] {
                r(v);
            }
            for l in &mut p.labels {
                r(&mut l.1);
                r(&mut l.2);
            }
        }
        for c in &mut self.cells {
            c.center.iter_mut().for_each(r);
            c.corners.iter_mut().flatten().for_each(r);
            c.center3.iter_mut().flatten().for_each(r);
            c.corners3.iter_mut().flatten().flatten().for_each(r);
        }
        self
    }

    /// Gives every piece whose name is a chess piece's the chess glyph.
    pub fn with_chess_glyphs(mut self) -> Self {
        for p in &mut self.pieces {
            let standard = ["king", "queen", "rook", "bishop", "knight", "pawn"];
            if standard.contains(&p.name.as_str()) {
                p.glyph = chess_glyph(p.letter);
            }
        }
        self
    }
}

/// The view methods of a game without cells (the search's and the match runner's toy
/// games): every move is offered as a choice named by its text. Expands inside an
/// `impl Position for T` block.
#[macro_export]
macro_rules! boardless_view {
    () => {
        fn geometry() -> $crate::view::Geometry {
            $crate::view::Geometry::new(&Self::info(), ["White", "Black"])
        }
        fn cell_pieces(&self) -> Vec<Option<char>> {
            Vec::new()
        }
        fn move_parts(&self, m: $crate::Move) -> $crate::view::MoveParts {
            $crate::view::MoveParts::choice(self.move_text(m))
        }
    };
}
