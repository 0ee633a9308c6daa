//! The sphere as text: the 20 Sections in bands from the North pole to the South
//! pole, each drawn as its triangle of 19 cells (corner pentagons included), with a
//! legend of the corner letters and a piece count.

use super::tables::*;
use super::{kind_of, side_of, Geodesic};
use crate::position::{Position, Side};

/// Bands of Sections from North to South (§2.2 latitudes), by how they touch the
/// two home Sections.
fn bands() -> Vec<(&'static str, Vec<usize>)> {
    let tb = tables();
    let s = &tb.sphere;
    let shares = |f: usize, home: usize| {
        let h: Vec<char> = s.section_names[home].chars().collect();
        s.section_names[f].chars().filter(|c| h.contains(c)).count()
    };
    let home_of = |side: usize| {
        let mut h: Vec<char> = crate::topology::sphere::HOME_SECTIONS[side]
            .chars()
            .collect();
        h.sort();
        let h: String = h.into_iter().collect();
        s.section_names.iter().position(|n| *n == h).unwrap()
    };
    let (nh, sh) = (home_of(0), home_of(1));
    let mut out: Vec<(&'static str, Vec<usize>)> = vec![
        ("North home", vec![nh]),
        ("northern ring (sides on North's home)", vec![]),
        ("northern tropic", vec![]),
        ("southern tropic", vec![]),
        ("southern ring (sides on South's home)", vec![]),
        ("South home", vec![sh]),
    ];
    for f in 0..s.section_names.len() {
        if f == nh || f == sh {
            continue;
        }
        let band = match (shares(f, nh), shares(f, sh)) {
            (2, _) => 1,
            (1, _) => 2,
            (_, 1) => 3,
            _ => 4,
        };
        out[band].1.push(f);
    }
    for b in &mut out {
        b.1.sort_by_key(|&f| s.section_names[f].clone());
    }
    out
}

/// A Section drawn as its triangle: corner 0 on top, the opposite side at the
/// bottom. Text row = distance from that side (barycentric coordinate 0), column =
/// the difference of the other two coordinates, so the picture is the true shape.
fn triangle(pos: &Geodesic, f: usize) -> Vec<String> {
    let tb = tables();
    let s = &tb.sphere;
    let frame = &s.section_frames[f];
    let span = frame.iter().map(|&(_, l)| l[0]).max().unwrap_or(0);
    let mut rows = Vec::new();
    for level in (0..=span).rev() {
        let mut line = vec![' '; 2 * span as usize + 1];
        let mut any = false;
        for &(c, l) in frame.iter().filter(|&&(_, l)| l[0] == level) {
            let x = (l[1] - l[2] + span) as usize;
            let code = pos.piece_at(c);
            line[x] = if code == 0 {
                if s.is_pentagon(c) {
                    'o'
                } else {
                    '.'
                }
            } else {
                let l = PIECE_LETTERS[kind_of(code) as usize];
                if side_of(code) == 1 {
                    l.to_ascii_lowercase()
                } else {
                    l
                }
            };
            any = true;
        }
        if any {
            rows.push(line.into_iter().collect::<String>());
        }
    }
    rows
}

pub fn render(pos: &Geodesic) -> String {
    let tb = tables();
    let s = &tb.sphere;
    let mut out = String::new();
    out.push_str(
        "Geodesic Chess on GeoBoard #9 (272 cells; o = empty pentagon, . = empty hexagon)\n",
    );
    out.push_str("North = upper case (home abc), South = lower case (home uvw)\n");
    out.push_str(
        "Each Section is drawn as its triangle: ^ top corner, < bottom-left, > bottom-right.\n\n",
    );
    for (title, sections) in bands() {
        out.push_str(&format!("-- {title} --\n"));
        let pictures: Vec<(String, Vec<String>)> = sections
            .iter()
            .map(|&f| (s.section_names[f].clone(), triangle(pos, f)))
            .collect();
        let height = pictures.iter().map(|p| p.1.len()).max().unwrap_or(0);
        let width = 19;
        let mut line = String::new();
        for (f, (name, _)) in sections.iter().zip(&pictures) {
            // The Section's name and, in brackets, its corners as drawn: top corner
            // first, then the bottom-right and bottom-left ones.
            let c: Vec<char> = crate::topology::sphere::SECTIONS[*f].chars().collect();
            let label = format!("{name} ^{} <{} {}>", c[0], c[2], c[1]);
            line.push_str(&format!("{label:^width$}  "));
        }
        out.push_str(line.trim_end());
        out.push('\n');
        for r in 0..height {
            let mut line = String::new();
            for (_, rows) in &pictures {
                let cell = rows.get(r).cloned().unwrap_or_default();
                line.push_str(&format!("{cell:<width$}  "));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.push('\n');
    }
    let count = |side: usize| pos.side_cells(side).len();
    let side = if pos.side_to_move() == Side::White {
        "North"
    } else {
        "South"
    };
    out.push_str(&format!(
        "Pieces: North {}, South {}. {side} to move{}. Move {}.\n",
        count(0),
        count(1),
        if pos.in_check() { " (in check)" } else { "" },
        pos.fullmove()
    ));
    for (side, name) in [(0usize, "North"), (1, "South")] {
        let k = pos.king(side);
        let exiled = !tb.home[side].contains(k);
        out.push_str(&format!(
            "{name} King on {}{}\n",
            tb.name(k),
            if exiled { " (in Exile)" } else { "" }
        ));
    }
    out
}
