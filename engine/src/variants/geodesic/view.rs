//! The GeoBoard for a GUI (see [`crate::view`]): every cell with its 3-D position on
//! the unit sphere (from the generator's icosahedron, [`Sphere::centers3`]) and a
//! flat drawing of two discs, "Northern hemisphere" and "Southern hemisphere", side
//! by side. Each disc is the Lambert azimuthal equal-area projection round its pole,
//! seen from outside the sphere (the southern one from below, so mirrored), and
//! holds the cells whose centre lies in its hemisphere.

use super::tables::*;
use super::{kind_of, side_of, Geodesic};
use crate::moves::Move;
use crate::position::{Position, Side};
use crate::topology::sphere::Sphere;
use crate::topology::Cell;
use crate::view::{CellView, Geometry, MoveParts, PanelView, Shape, PANEL_GAP};

/// The hemisphere panel of a point: 0 North (z > 0), 1 South. A point on the
/// equator goes to the hemisphere its antipode does not, so the drawing keeps the
/// board's North-South symmetry.
pub fn hemisphere(p: [f64; 3]) -> usize {
    const EPS: f64 = 1e-9;
    if p[2] > EPS {
        0
    } else if p[2] < -EPS {
        1
    } else if p[1] > EPS || (p[1].abs() <= EPS && p[0] > 0.0) {
        0
    } else {
        1
    }
}

/// Lambert azimuthal equal-area projection of `p` round the pole of `panel`, in
/// sphere units (the hemisphere fills a disc of radius sqrt 2), seen from outside:
/// x to the right, y upwards. The southern view is mirrored left to right, so the
/// two discs touch where the equator meets +x.
pub fn lambert(panel: usize, p: [f64; 3]) -> [f64; 2] {
    if panel == 0 {
        let k = (2.0 / (1.0 + p[2]).max(1e-12)).sqrt();
        [p[0] * k, p[1] * k]
    } else {
        let k = (2.0 / (1.0 - p[2]).max(1e-12)).sqrt();
        [-p[0] * k, p[1] * k]
    }
}

fn dist3(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// A colour hint per cell: pentagons 3; hexagons mostly 0, 1 or 2, and 3 where a
/// hexagon needs a fourth shade (GP(3,3)'s hexagons have no 3-colouring, rules
/// D19), so that no two neighbours share a shade. A DSATUR greedy colouring, then a
/// min-conflicts repair (deterministic), then every hexagon in shade 3 that can
/// take 0, 1 or 2 does.
pub fn shades(s: &Sphere) -> Vec<u8> {
    let num = s.num_cells();
    let fixed: Vec<bool> = (0..num as Cell).map(|c| s.is_pentagon(c)).collect();
    let mut shade: Vec<Option<u8>> = fixed.iter().map(|&p| p.then_some(3)).collect();
    let counts = |shade: &[Option<u8>], c: usize| {
        let mut count = [0usize; 4];
        for &n in &s.nbr[c] {
            if let Some(k) = shade[n as usize] {
                count[k as usize] += 1;
            }
        }
        count
    };
    // DSATUR: the uncoloured cell with the most distinct shades round it takes the
    // first free shade (or the least repeated one).
    loop {
        let pick = (0..num).filter(|&c| shade[c].is_none()).max_by_key(|&c| {
            let count = counts(&shade, c);
            let sat = count.iter().filter(|&&n| n > 0).count();
            (sat, std::cmp::Reverse(c))
        });
        let Some(c) = pick else { break };
        let count = counts(&shade, c);
        let k = (0..4u8)
            .find(|&k| count[k as usize] == 0)
            .unwrap_or_else(|| (0..4u8).min_by_key(|&k| count[k as usize]).unwrap());
        shade[c] = Some(k);
    }
    let mut shade: Vec<u8> = shade.into_iter().map(|k| k.unwrap()).collect();
    // Min-conflicts repair: a hexagon sharing its shade with a neighbour moves to
    // the shade fewest neighbours have (ties broken by a fixed pseudo-random walk).
    let mut rng: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    for _ in 0..100_000 {
        let bad: Vec<usize> = (0..num)
            .filter(|&c| !fixed[c] && s.nbr[c].iter().any(|&n| shade[n as usize] == shade[c]))
            .collect();
        if bad.is_empty() {
            break;
        }
        let c = bad[(next() % bad.len() as u64) as usize];
        let mut count = [0usize; 4];
        for &n in &s.nbr[c] {
            count[shade[n as usize] as usize] += 1;
        }
        let best = *count.iter().min().unwrap();
        let options: Vec<u8> = (0..4u8)
            .filter(|&k| count[k as usize] == best && k != shade[c])
            .collect();
        shade[c] = if options.is_empty() || (best > 0 && next() % 4 == 0) {
            (next() % 4) as u8
        } else {
            options[(next() % options.len() as u64) as usize]
        };
    }
    for c in 0..num {
        if !fixed[c] && shade[c] == 3 {
            if let Some(k) = (0..3u8).find(|&k| s.nbr[c].iter().all(|&n| shade[n as usize] != k)) {
                shade[c] = k;
            }
        }
    }
    shade
}

pub fn geometry() -> Geometry {
    let tb = tables();
    let s = &tb.sphere;
    let mut g = Geometry::new(&Geodesic::info(), ["North", "South"]).with_chess_glyphs();
    g.sphere = true;
    let centres = s.centers3();
    let corners = s.corners3();
    let panel_of: Vec<usize> = centres.iter().map(|&p| hemisphere(p)).collect();
    // One hexagon about 1 unit across: the mean distance of neighbouring centres.
    let (mut sum, mut pairs) = (0.0, 0usize);
    for x in 0..s.num_cells() {
        for &y in &s.nbr[x] {
            sum += dist3(centres[x], centres[y as usize]);
            pairs += 1;
        }
    }
    let scale = pairs as f64 / sum;
    // Both discs get the same box: the farthest drawn corner from its pole, plus a
    // margin.
    let radius = (0..s.num_cells())
        .flat_map(|x| corners[x].iter().map(move |&p| (x, p)))
        .map(|(x, p)| {
            let q = lambert(panel_of[x], p);
            (q[0] * q[0] + q[1] * q[1]).sqrt() * scale
        })
        .fold(0.0, f64::max)
        + 0.25;
    for (i, name) in ["Northern hemisphere", "Southern hemisphere"]
        .iter()
        .enumerate()
    {
        g.panels.push(PanelView {
            name: name.to_string(),
            x: i as f64 * (2.0 * radius + PANEL_GAP),
            y: 0.0,
            width: 2.0 * radius,
            height: 2.0 * radius,
            labels: Vec::new(),
        });
    }
    let draw = |panel: usize, p: [f64; 3]| {
        let q = lambert(panel, p);
        let x0 = g.panels[panel].x + radius;
        [x0 + q[0] * scale, radius - q[1] * scale]
    };
    let shade = shades(s);
    let mut cells = Vec::with_capacity(s.num_cells());
    for x in 0..s.num_cells() {
        let panel = panel_of[x];
        cells.push(CellView {
            name: s.names[x].clone(),
            panel,
            shape: if s.is_pentagon(x as Cell) {
                Shape::Pentagon
            } else {
                Shape::Hexagon
            },
            center: draw(panel, centres[x]),
            corners: corners[x].iter().map(|&p| draw(panel, p)).collect(),
            shade: shade[x],
            center3: Some(centres[x]),
            corners3: Some(corners[x].clone()),
        });
    }
    g.cells = cells;
    g
}

/// The FEN letter of a piece code (upper case North).
fn letter(code: u8) -> char {
    let l = PIECE_LETTERS[kind_of(code) as usize];
    if side_of(code) == 1 {
        l.to_ascii_lowercase()
    } else {
        l
    }
}

pub fn cell_pieces(pos: &Geodesic) -> Vec<Option<char>> {
    pos.board()
        .iter()
        .take(tables().num_cells())
        .map(|&code| (code != 0).then(|| letter(code)))
        .collect()
}

fn piece_name(kind: u8) -> &'static str {
    match kind {
        KING => "king",
        QUEEN => "queen",
        ROOK => "rook",
        TEMPLAR => "templar",
        OBELISK => "obelisk",
        SQUIRE => "squire",
        _ => "pawn",
    }
}

pub fn move_parts(pos: &Geodesic, m: Move) -> MoveParts {
    let tb = tables();
    let mut parts = MoveParts::board(tb.name(m.from()).to_string(), tb.name(m.to()).to_string());
    let mover = pos.piece_at(m.from());
    let captured = pos.piece_at(m.to());
    let us = side_of(mover);
    if m.extra() != 0 {
        let kind = m.extra() as u8;
        parts.promotion = Some(PIECE_LETTERS[kind as usize]);
        parts.label = if tb.home[1 - us].contains(m.to()) {
            format!("promote to {}", piece_name(kind))
        } else {
            format!("take the {}'s rank", piece_name(kind))
        };
    } else if kind_of(mover) == SQUIRE
        && captured != 0
        && SQUIRE_RANK_TAKING.contains(&kind_of(captured))
    {
        parts.label = "stay a squire".to_string();
    }
    parts
}

/// The Kings standing attacked (only the side to move's can be, in a legal game).
pub fn checked_royals(pos: &Geodesic) -> Vec<String> {
    let tb = tables();
    [Side::White, Side::Black]
        .iter()
        .filter(|side| {
            let i = side.index();
            pos.attacked(pos.king(i), 1 - i)
        })
        .map(|side| tb.name(pos.king(side.index())).to_string())
        .collect()
}
