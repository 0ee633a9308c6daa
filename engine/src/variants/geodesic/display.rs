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

/// A Section's cells as rows of the triangle: the corner of the first letter at the
/// top, then rows of cells at equal distance from it.
fn triangle(pos: &Geodesic, f: usize) -> Vec<String> {
    let tb = tables();
    let s = &tb.sphere;
    let cells = &s.section_cells[f];
    let top = s.cell_by_name(&s.section_names[f][..1]).unwrap();
    // Distance (in rook steps) from the top corner, inside the Section.
    let mut dist = vec![usize::MAX; s.num_cells()];
    dist[top as usize] = 0;
    let mut frontier = vec![top];
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &c in &frontier {
            for &y in &s.nbr[c as usize] {
                if cells.contains(&y) && dist[y as usize] == usize::MAX {
                    dist[y as usize] = dist[c as usize] + 1;
                    next.push(y);
                }
            }
        }
        frontier = next;
    }
    let max = cells.iter().map(|&c| dist[c as usize]).max().unwrap_or(0);
    let mut rows = Vec::new();
    for d in 0..=max {
        let mut row: Vec<_> = cells
            .iter()
            .copied()
            .filter(|&c| dist[c as usize] == d)
            .collect();
        row.sort_by_key(|&c| s.names[c as usize].clone());
        let text: Vec<String> = row
            .iter()
            .map(|&c| {
                let code = pos.piece_at(c);
                if code == 0 {
                    if s.is_pentagon(c) {
                        "o".into()
                    } else {
                        ".".into()
                    }
                } else {
                    let l = PIECE_LETTERS[kind_of(code) as usize];
                    (if side_of(code) == 1 {
                        l.to_ascii_lowercase()
                    } else {
                        l
                    })
                    .to_string()
                }
            })
            .collect();
        rows.push(text.join(" "));
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
    out.push_str("North = upper case (home abc), South = lower case (home uvw)\n\n");
    for (title, sections) in bands() {
        out.push_str(&format!("-- {title} --\n"));
        let pictures: Vec<(String, Vec<String>)> = sections
            .iter()
            .map(|&f| (s.section_names[f].clone(), triangle(pos, f)))
            .collect();
        let height = pictures.iter().map(|p| p.1.len()).max().unwrap_or(0);
        let width = 16;
        let mut line = String::new();
        for (name, _) in &pictures {
            line.push_str(&format!("{:^width$}  ", format!("[{name}]")));
        }
        out.push_str(line.trim_end());
        out.push('\n');
        for r in 0..height {
            let mut line = String::new();
            for (_, rows) in &pictures {
                let cell = rows.get(r).cloned().unwrap_or_default();
                line.push_str(&format!("{cell:^width$}  "));
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
