//! How a file-defined variant is drawn: the GUI's [`Geometry`] built from the
//! definition, and the text board of the protocol's `d`.
//!
//! Cells are listed in topology order (cell index 0, 1, ...), the order in which
//! `FileVariant::cell_pieces` reports the pieces. Flat grids are one square panel;
//! stacked levels and separate boards are one panel each, side by side (level A /
//! board A on the left); the Glinski hexagon is one panel of hexagons with the
//! files as columns.

use super::def::{Board, VariantDef, HEX_FILES};
use super::position::FileVariant;
use crate::position::Side;
use crate::topology::Coord;
use crate::view::{CellView, Geometry, HandView, PanelView, PieceView, Shape, PANEL_GAP};

const SIDE_NAMES: [&str; 2] = ["White", "Black"];

/// The drawable description of `def`'s board.
pub fn geometry(def: &VariantDef) -> Geometry {
    let mut g = Geometry {
        variant: def.name.clone(),
        title: def.title.clone(),
        sides: SIDE_NAMES.map(|s| s.to_string()),
        panels: Vec::new(),
        cells: Vec::new(),
        pieces: def
            .pieces
            .iter()
            .map(|p| PieceView {
                letter: p.letter,
                name: p.name.clone(),
                glyph: None,
            })
            .collect(),
        hands: Vec::new(),
        sphere: false,
        start_fen: def.start_fen.clone(),
    }
    .with_chess_glyphs();
    match def.board {
        Board::Grid { width, height } => square_panels(&mut g, def, width, height, 1, ""),
        Board::Levels {
            width,
            height,
            levels,
        } => square_panels(&mut g, def, width, height, levels, "level"),
        Board::Boards {
            width,
            height,
            boards,
        } => square_panels(&mut g, def, width, height, boards, "board"),
        Board::Hex { side } => hex_panel(&mut g, def, side),
    }
    if def.rules.drops.is_some() {
        g.hands = [Side::White, Side::Black]
            .iter()
            .map(|&side| HandView {
                name: SIDE_NAMES[side.index()].to_string(),
                side,
            })
            .collect();
    }
    g
}

/// Which of several panels (level or board) a cell is drawn in.
fn panel_of(board: &Board, c: Coord) -> usize {
    match board {
        Board::Levels { .. } => c.z.max(0) as usize,
        Board::Boards { .. } => c.board.max(0) as usize,
        _ => 0,
    }
}

/// `count` square panels of `width` x `height`, side by side; `word` names them
/// ("level A", "board B"; a single grid is "board").
fn square_panels(g: &mut Geometry, def: &VariantDef, width: i8, height: i8, count: i8, word: &str) {
    let (w, h) = (width as f64, height as f64);
    let x0 = |p: usize| p as f64 * (w + PANEL_GAP);
    for p in 0..count.max(1) as usize {
        let name = if word.is_empty() {
            "board".to_string()
        } else {
            format!("{word} {}", (b'A' + p as u8) as char)
        };
        let mut labels = Vec::new();
        for f in 0..width {
            labels.push((
                ((b'a' + f as u8) as char).to_string(),
                x0(p) + f as f64 + 0.5,
                h + 0.35,
            ));
        }
        for r in 0..height {
            labels.push(((r + 1).to_string(), x0(p) - 0.3, h - 1.0 - r as f64 + 0.5));
        }
        g.panels.push(PanelView {
            name,
            x: x0(p),
            y: 0.0,
            width: w,
            height: h,
            labels,
        });
    }
    let t = &def.topology;
    for cell in 0..t.num_cells() {
        let c = t.coord(cell as u16);
        let panel = panel_of(&def.board, c);
        let left = x0(panel) + c.x as f64;
        let top = h - 1.0 - c.y as f64;
        // a1 dark, as on every board of the project; on stacked levels the
        // colours alternate along the level too, so a cell and the one above it
        // differ.
        let shade = if (c.x as i32 + c.y as i32 + c.z as i32) % 2 == 0 {
            1
        } else {
            0
        };
        g.cells.push(CellView::square(
            t.name(cell as u16).to_string(),
            panel,
            left,
            top,
            shade,
        ));
    }
}

/// Drawing position of a hex cell's centre (neighbours 1 apart, files as columns,
/// y down): lattice (x, y) with neighbours (0,±1), (±1,0), (1,1), (-1,-1).
fn hex_center(c: Coord) -> [f64; 2] {
    let row = c.y as f64 - c.x as f64 / 2.0;
    [c.x as f64 * 3f64.sqrt() / 2.0, -row]
}

/// Glinski's hexagon: flat-topped hexagons, three colours.
fn hex_panel(g: &mut Geometry, def: &VariantDef, side: i8) {
    let t = &def.topology;
    // Circumradius for neighbour centres 1 apart.
    let radius = 1.0 / 3f64.sqrt();
    let raw: Vec<[f64; 2]> = (0..t.num_cells())
        .map(|cell| hex_center(t.coord(cell as u16)))
        .collect();
    let min_x = raw.iter().map(|p| p[0]).fold(f64::INFINITY, f64::min) - radius;
    let min_y = raw.iter().map(|p| p[1]).fold(f64::INFINITY, f64::min) - 0.5;
    let max_x = raw.iter().map(|p| p[0]).fold(f64::NEG_INFINITY, f64::max) + radius;
    let max_y = raw.iter().map(|p| p[1]).fold(f64::NEG_INFINITY, f64::max) + 0.5;
    let shift = |p: [f64; 2]| [p[0] - min_x, p[1] - min_y];
    let mut labels = Vec::new();
    // Files under each column's lowest cell, ranks left of each rank's first cell.
    let mut lowest: Vec<Option<[f64; 2]>> = vec![None; (2 * side - 1).max(0) as usize];
    let mut first_of_rank: Vec<Option<(i8, [f64; 2])>> = vec![None; (2 * side) as usize];
    for cell in 0..t.num_cells() {
        let c = t.coord(cell as u16);
        let p = shift(raw[cell]);
        if let Some(slot) = lowest.get_mut(c.x as usize) {
            if slot.is_none_or(|q| p[1] > q[1]) {
                *slot = Some(p);
            }
        }
        if let Some((_, rank)) = def.board.hex_file_rank(c) {
            if let Some(slot) = first_of_rank.get_mut(rank as usize) {
                if slot.is_none_or(|(x, _)| c.x < x) {
                    *slot = Some((c.x, p));
                }
            }
        }
    }
    for (file, p) in lowest.iter().enumerate() {
        if let (Some(p), Some(&letter)) = (p, HEX_FILES.get(file)) {
            labels.push(((letter as char).to_string(), p[0], p[1] + 0.8));
        }
    }
    for (rank, first) in first_of_rank.iter().enumerate() {
        if let Some((_, p)) = first {
            labels.push((rank.to_string(), p[0] - 0.8, p[1] + 0.15));
        }
    }
    g.panels.push(PanelView {
        name: "board".to_string(),
        x: 0.0,
        y: 0.0,
        width: max_x - min_x,
        height: max_y - min_y,
        labels,
    });
    for cell in 0..t.num_cells() {
        let c = t.coord(cell as u16);
        let center = shift(raw[cell]);
        let corners = (0..6)
            .map(|k| {
                let a = std::f64::consts::PI / 3.0 * k as f64;
                [center[0] + radius * a.cos(), center[1] + radius * a.sin()]
            })
            .collect();
        g.cells.push(CellView {
            name: t.name(cell as u16).to_string(),
            panel: 0,
            shape: Shape::Hexagon,
            center,
            corners,
            // Every neighbour step changes x + y by 1 or 2, so three colours
            // never touch their own.
            shade: (c.x as i32 + c.y as i32).rem_euclid(3) as u8,
            center3: None,
            corners3: None,
        });
    }
}

/// The FEN letter of the piece on `cell`, if any.
fn letter(pos: &FileVariant, cell: u16) -> Option<char> {
    let (side, kind) = pos.piece_at(cell)?;
    let l = pos.def().pieces.get(kind)?.letter;
    Some(match side {
        Side::White => l.to_ascii_uppercase(),
        Side::Black => l.to_ascii_lowercase(),
    })
}

/// The board as text for `d`: grids as in chess (rank 1 at the bottom), levels and
/// boards side by side (A on the left), the hexagon with files as columns; then the
/// hands when the variant has drops.
pub fn display(pos: &FileVariant) -> String {
    let def = pos.def();
    let t = &def.topology;
    let mut s = String::new();
    match def.board {
        Board::Grid { width, height } => grid_text(&mut s, pos, width, height, 1),
        Board::Levels {
            width,
            height,
            levels,
        } => grid_text(&mut s, pos, width, height, levels),
        Board::Boards {
            width,
            height,
            boards,
        } => grid_text(&mut s, pos, width, height, boards),
        Board::Hex { .. } => {
            // Text rows by 2*row (half a cell per text row), two columns per file.
            let key = |c: Coord| 2 * c.y as i32 - c.x as i32;
            let cells: Vec<(Coord, u16)> = (0..t.num_cells() as u16)
                .map(|cell| (t.coord(cell), cell))
                .collect();
            let top = cells.iter().map(|&(c, _)| key(c)).max().unwrap_or(0);
            let bottom = cells.iter().map(|&(c, _)| key(c)).min().unwrap_or(0);
            let width = cells.iter().map(|&(c, _)| c.x as usize).max().unwrap_or(0) + 1;
            for k in (bottom..=top).rev() {
                let mut row = vec![' '; 3 * width];
                for &(c, cell) in &cells {
                    if key(c) == k {
                        row[3 * c.x as usize + 1] = letter(pos, cell).unwrap_or('.');
                    }
                }
                s.push_str(row.iter().collect::<String>().trim_end());
                s.push('\n');
            }
            let files: String = (0..width)
                .filter_map(|f| HEX_FILES.get(f))
                .map(|&l| format!(" {} ", l as char))
                .collect();
            s.push_str(files.trim_end());
            s.push('\n');
        }
    }
    if def.rules.drops.is_some() {
        let hand = |side: Side| -> String {
            let mut h = String::new();
            for (kind, p) in def.pieces.iter().enumerate() {
                for _ in 0..pos.hand_count(side, kind) {
                    h.push(match side {
                        Side::White => p.letter.to_ascii_uppercase(),
                        Side::Black => p.letter.to_ascii_lowercase(),
                    });
                }
            }
            h
        };
        s.push_str(&format!(
            "hands: white [{}] black [{}]\n",
            hand(Side::White),
            hand(Side::Black)
        ));
    }
    s
}

/// `panels` grids of `width` x `height` side by side, top rank first.
fn grid_text(s: &mut String, pos: &FileVariant, width: i8, height: i8, panels: i8) {
    let def = pos.def();
    let t = &def.topology;
    let mut cells = vec![None; t.num_cells()];
    for cell in 0..t.num_cells() as u16 {
        let c = t.coord(cell);
        let p = panel_of(&def.board, c);
        cells[cell as usize] = Some((p, c.x, c.y, letter(pos, cell)));
    }
    let at = |p: usize, x: i8, y: i8| -> char {
        cells
            .iter()
            .flatten()
            .find(|&&(q, cx, cy, _)| q == p && cx == x && cy == y)
            .map_or(' ', |&(_, _, _, l)| l.unwrap_or('.'))
    };
    let panels = panels.max(1) as usize;
    if panels > 1 {
        let mut head = String::from("   ");
        for p in 0..panels {
            let title = format!("{}", (b'A' + p as u8) as char);
            head.push_str(&format!("{:<w$}", title, w = 2 * width as usize + 4));
        }
        s.push_str(head.trim_end());
        s.push('\n');
    }
    for y in (0..height).rev() {
        let mut line = format!("{:>2} ", y + 1);
        for p in 0..panels {
            for x in 0..width {
                line.push(at(p, x, y));
                line.push(' ');
            }
            line.push_str("   ");
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    let mut files = String::from("   ");
    for _ in 0..panels {
        for x in 0..width {
            files.push((b'a' + x as u8) as char);
            files.push(' ');
        }
        files.push_str("   ");
    }
    s.push_str(files.trim_end());
    s.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::defined::def::*;

    /// A definition on `board`: one king, drops on. The rules come from the loader
    /// (so this test does not spell out every rule component), the board is then
    /// replaced.
    fn def_on(board: Board) -> VariantDef {
        let text = r#"[[variant]]
name = "t"
board = "8x8"
start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"

[[variant.piece]]
letter = "K"
name = "king"
betza = "K"
royal = true

[variant.rules]
drops = true
"#;
        let loaded = crate::variants::defined::load::load_str(text, "test", &|_| Ok(()))
            .expect("the test file loads");
        let base = loaded.into_iter().next().expect("one variant");
        let mut rules = base.rules.clone();
        if rules.drops.is_none() {
            // The stand-in loader ignores the rules table.
            rules.drops = Some(Drops {
                captures_to_hand: true,
                forbidden_ranks: Vec::new(),
            });
        }
        let topology = board.topology(board.king_vectors());
        VariantDef::new(
            "t".into(),
            "T".into(),
            board,
            topology,
            base.pieces.clone(),
            String::new(),
            rules,
        )
    }

    /// Every cell lies inside its panel's box, and names follow the topology.
    fn check_inside(g: &Geometry, def: &VariantDef) {
        assert_eq!(g.cells.len(), def.topology.num_cells());
        for (i, c) in g.cells.iter().enumerate() {
            assert_eq!(c.name, def.topology.name(i as u16));
            let p = &g.panels[c.panel];
            for q in &c.corners {
                assert!(
                    q[0] >= p.x - 1e-9
                        && q[0] <= p.x + p.width + 1e-9
                        && q[1] >= p.y - 1e-9
                        && q[1] <= p.y + p.height + 1e-9,
                    "{} outside panel {}",
                    c.name,
                    p.name
                );
            }
        }
        assert_eq!(g.hands.len(), 2, "drops give two hands");
        assert_eq!(g.pieces[0].glyph, Some("king"));
    }

    #[test]
    fn boards_and_levels_are_panels_side_by_side() {
        let def = def_on(Board::Boards {
            width: 8,
            height: 8,
            boards: 3,
        });
        let g = geometry(&def);
        assert_eq!(g.panels.len(), 3);
        check_inside(&g, &def);
        let cb = g.cells.iter().find(|c| c.name == "Ca1").unwrap();
        assert_eq!(cb.panel, 2);
        let def = def_on(Board::Levels {
            width: 5,
            height: 5,
            levels: 5,
        });
        let g = geometry(&def);
        assert_eq!(g.panels.len(), 5);
        check_inside(&g, &def);
        // Panels do not overlap.
        for w in g.panels.windows(2) {
            assert!(w[0].x + w[0].width < w[1].x);
        }
    }

    #[test]
    fn the_hexagon_is_hexagons_one_apart_in_three_colours() {
        let def = def_on(Board::Hex { side: 6 });
        let g = geometry(&def);
        assert_eq!(g.cells.len(), 91);
        check_inside(&g, &def);
        let t = &def.topology;
        for cell in 0..t.num_cells() as u16 {
            let c = t.coord(cell);
            for v in [[0, 1], [1, 0], [1, 1]] {
                let n = Coord {
                    x: c.x + v[0],
                    y: c.y + v[1],
                    ..c
                };
                if let Some(m) = t.cell_at(n) {
                    let (a, b) = (&g.cells[cell as usize], &g.cells[m as usize]);
                    let d = ((a.center[0] - b.center[0]).powi(2)
                        + (a.center[1] - b.center[1]).powi(2))
                    .sqrt();
                    assert!((d - 1.0).abs() < 1e-9, "{} {} {d}", a.name, b.name);
                    assert_ne!(a.shade, b.shade, "{} {}", a.name, b.name);
                }
            }
        }
        // Rank 1 is at the bottom: f1 is lower on the drawing than f11.
        let y = |n: &str| g.cells.iter().find(|c| c.name == n).unwrap().center[1];
        assert!(y("f1") > y("f11"));
    }
}
