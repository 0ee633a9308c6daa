//! The GUI description of Geodesic Chess: geometry on the sphere and in the flat
//! drawing, the pieces per cell, and the moves taken apart.

use super::tables::*;
use super::view::{hemisphere, lambert, shades};
use super::Geodesic;
use crate::moves::MoveList;
use crate::position::{GenKind, Position};
use crate::topology::sphere::{Sphere, LETTERS};
use crate::view::{MoveKind, Shape};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, HashSet};

fn dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}
fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// The placement field of a FEN as cell name -> letter, read from the text.
fn placement(fen: &str) -> HashMap<String, char> {
    let field = fen.split_whitespace().next().unwrap();
    field
        .split(',')
        .map(|e| {
            let mut ch = e.chars();
            let l = ch.next().unwrap();
            (ch.as_str().to_string(), l)
        })
        .collect()
}

#[test]
fn icosahedron_is_regular_with_antipodal_letters_and_north_home_on_top() {
    let v = Sphere::vertex_positions();
    for p in &v {
        assert!((dot(*p, *p) - 1.0).abs() < 1e-12);
    }
    for i in 0..6 {
        assert!(
            dist(v[i], v[i + 6].map(|x| -x)) < 1e-9,
            "{} and its antipode",
            LETTERS[i]
        );
    }
    // Every Section side has the same length; the Sections are counter-clockwise
    // seen from outside.
    let letter = |c: char| LETTERS.iter().position(|&l| l == c).unwrap();
    let mut lengths = Vec::new();
    for s in crate::topology::sphere::SECTIONS {
        let c: Vec<[f64; 3]> = s.chars().map(|ch| v[letter(ch)]).collect();
        for i in 0..3 {
            lengths.push(dist(c[i], c[(i + 1) % 3]));
        }
        let normal = cross(sub(c[1], c[0]), sub(c[2], c[0]));
        assert!(dot(normal, c[0]) > 0.0, "Section {s} is counter-clockwise");
    }
    let edge = 4.0 / (10.0 + 2.0 * 5f64.sqrt()).sqrt();
    for l in lengths {
        assert!((l - edge).abs() < 1e-9, "edge {l} != {edge}");
    }
    // No two vertices closer than an edge.
    for i in 0..12 {
        for j in 0..i {
            assert!(dist(v[i], v[j]) > edge - 1e-9);
        }
    }
    let home: Vec<[f64; 3]> = "abc".chars().map(|c| v[letter(c)]).collect();
    let centre: Vec<f64> = (0..3)
        .map(|k| home.iter().map(|p| p[k]).sum::<f64>())
        .collect();
    assert!(centre[0].abs() < 1e-12 && centre[1].abs() < 1e-12 && centre[2] > 0.0);
}

#[test]
fn centres_are_unit_vectors_and_neighbours_are_nearest() {
    let tb = tables();
    let s = &tb.sphere;
    let g = Geodesic::geometry();
    assert!(g.sphere);
    assert_eq!(g.cells.len(), 272);
    let c3: Vec<[f64; 3]> = g.cells.iter().map(|c| c.center3.unwrap()).collect();
    for (i, p) in c3.iter().enumerate() {
        assert!(
            (dot(*p, *p) - 1.0).abs() < 1e-9,
            "{} not on the unit sphere",
            s.names[i]
        );
    }
    // Distinct cells have distinct centres.
    let mut min_nbr = f64::MAX;
    let mut max_nbr: f64 = 0.0;
    for x in 0..272 {
        // Every neighbour is among the deg nearest other centres (6, or 5 for a
        // pentagon).
        let mut by_dist: Vec<(f64, usize)> = (0..272)
            .filter(|&y| y != x)
            .map(|y| (dist(c3[x], c3[y]), y))
            .collect();
        by_dist.sort_by(|a, b| a.partial_cmp(b).unwrap());
        assert!(by_dist[0].0 > 1e-3);
        let deg = s.nbr[x].len();
        let nearest: HashSet<usize> = by_dist[..deg].iter().map(|&(_, y)| y).collect();
        for &y in &s.nbr[x] {
            assert!(
                nearest.contains(&(y as usize)),
                "{}'s neighbour {} is not among its {deg} nearest centres",
                s.names[x],
                s.names[y as usize]
            );
            let d = dist(c3[x], c3[y as usize]);
            min_nbr = min_nbr.min(d);
            max_nbr = max_nbr.max(d);
        }
    }
    // The flat-face projection distorts little: neighbour distances within 1.5x.
    assert!(max_nbr < 1.5 * min_nbr, "{min_nbr} .. {max_nbr}");
    let abc = g.cells.iter().find(|c| c.name == "abc").unwrap();
    assert!(
        abc.center3.unwrap()[2] > 0.999,
        "North's home centre at the +z pole"
    );
    let uvw = g.cells.iter().find(|c| c.name == "uvw").unwrap();
    assert!(uvw.center3.unwrap()[2] < -0.999);
    // The whole of North's Home Territory lies in the far north.
    for &c in &s.home[0] {
        assert!(c3[c as usize][2] > 0.75, "{}", s.names[c as usize]);
    }
}

#[test]
fn centres_match_the_fixture_display_positions() {
    let path = crate::shared_dir().join("fixtures/geodesic-board.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let s = Sphere::geo9();
    let c3 = s.centers3();
    let mut found = 0;
    for (i, _) in text.match_indices("\"xyz\": [") {
        let n = text[..i].rfind("\"name\"").expect("a name before each xyz");
        let name = text[n + 6..].split('"').nth(1).unwrap().to_string();
        let after = &text[i..];
        let open = after.find('[').unwrap();
        let close = after.find(']').unwrap();
        let xyz: Vec<f64> = after[open + 1..close]
            .split(',')
            .map(|t| t.trim().parse().unwrap())
            .collect();
        let c = s.cell_by_name(&name).unwrap() as usize;
        assert!(
            dist(c3[c], [xyz[0], xyz[1], xyz[2]]) < 1e-5,
            "{name}: {:?} vs fixture {xyz:?}",
            c3[c]
        );
        found += 1;
    }
    assert_eq!(found, 272);
}

#[test]
fn corners_surround_their_cell_on_the_sphere_and_in_the_drawing() {
    let tb = tables();
    let s = &tb.sphere;
    let g = Geodesic::geometry();
    let mut orientation = None;
    for (x, cell) in g.cells.iter().enumerate() {
        let c = cell.center3.unwrap();
        let k3 = cell.corners3.as_ref().unwrap();
        let deg = s.nbr[x].len();
        assert_eq!(k3.len(), deg, "{}", cell.name);
        assert_eq!(cell.corners.len(), deg);
        assert_eq!(
            cell.shape,
            if deg == 5 {
                Shape::Pentagon
            } else {
                Shape::Hexagon
            }
        );
        let nearest = s.nbr[x]
            .iter()
            .map(|&y| dist(c, s.centers3()[y as usize]))
            .fold(f64::MAX, f64::min);
        for (k, p) in k3.iter().enumerate() {
            assert!((dot(*p, *p) - 1.0).abs() < 1e-9);
            // A corner is nearer the centre than the nearest neighbour's centre.
            let d = dist(*p, c);
            assert!(
                d > 0.3 * nearest && d < 0.8 * nearest,
                "{} corner {k}: {d}",
                cell.name
            );
            // Counter-clockwise seen from outside.
            let q = k3[(k + 1) % deg];
            assert!(
                dot(cross(sub(*p, c), sub(q, c)), c) > 0.0,
                "{} corner {k}",
                cell.name
            );
            // The corner between two neighbours is equally far from the three cells.
            let (a, b) = (
                s.centers3()[s.nbr[x][k] as usize],
                s.centers3()[s.nbr[x][(k + 1) % deg] as usize],
            );
            assert!((dist(*p, a) - d).abs() < 0.2 * d && (dist(*p, b) - d).abs() < 0.2 * d);
        }
        // The 2-D polygon: every cell turns the same way (the drawing is a view from
        // outside, never mirrored inside out) and its centre lies inside it.
        let area: f64 = (0..deg)
            .map(|k| {
                let (p, q) = (cell.corners[k], cell.corners[(k + 1) % deg]);
                p[0] * q[1] - q[0] * p[1]
            })
            .sum::<f64>()
            / 2.0;
        assert!(area.abs() > 0.2, "{} has area {area}", cell.name);
        match orientation {
            None => orientation = Some(area > 0.0),
            Some(o) => assert_eq!(o, area > 0.0, "{}", cell.name),
        }
        for k in 0..deg {
            let (p, q) = (cell.corners[k], cell.corners[(k + 1) % deg]);
            let side =
                (q[0] - p[0]) * (cell.center[1] - p[1]) - (q[1] - p[1]) * (cell.center[0] - p[0]);
            assert_eq!(side > 0.0, area > 0.0, "{} centre inside", cell.name);
        }
    }
}

#[test]
fn two_hemisphere_discs_with_hexagons_about_one_unit() {
    let tb = tables();
    let s = &tb.sphere;
    let g = Geodesic::geometry();
    let names: Vec<&str> = g.panels.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Northern hemisphere", "Southern hemisphere"]);
    assert!(g.panels[0].x + g.panels[0].width < g.panels[1].x);
    assert_eq!(g.sides, ["North".to_string(), "South".to_string()]);
    let index = |n: &str| g.cells.iter().position(|c| c.name == n).unwrap();
    let mut per_panel = [0; 2];
    for cell in &g.cells {
        let c = cell.center3.unwrap();
        assert_eq!(cell.panel, if c[2] > 0.0 { 0 } else { 1 }, "{}", cell.name);
        assert_eq!(cell.panel, hemisphere(c));
        per_panel[cell.panel] += 1;
        let p = &g.panels[cell.panel];
        for q in cell.corners.iter().chain([&cell.center]) {
            assert!(q[0] > p.x && q[0] < p.x + p.width && q[1] > p.y && q[1] < p.y + p.height);
        }
        // Antipodes are drawn in opposite panels.
        let anti = c.map(|v| -v);
        let y = (0..272)
            .min_by(|&a, &b| {
                dist(g.cells[a].center3.unwrap(), anti)
                    .partial_cmp(&dist(g.cells[b].center3.unwrap(), anti))
                    .unwrap()
            })
            .unwrap();
        assert_ne!(
            g.cells[y].panel, cell.panel,
            "{} and {}",
            cell.name, g.cells[y].name
        );
    }
    assert_eq!(per_panel, [136, 136]);
    // The poles sit at the discs' centres.
    for (n, panel) in [("abc", 0), ("uvw", 1)] {
        let cell = &g.cells[index(n)];
        let p = &g.panels[panel];
        assert!((cell.center[0] - (p.x + p.width / 2.0)).abs() < 1e-9);
        assert!((cell.center[1] - (p.y + p.height / 2.0)).abs() < 1e-9);
    }
    // Hexagons near the poles are about one unit across (flat to flat = neighbour
    // centre distance).
    let mut dists = Vec::new();
    for &c in &s.home[0] {
        for &y in &s.nbr[c as usize] {
            let (a, b) = (&g.cells[c as usize], &g.cells[y as usize]);
            if a.panel == b.panel {
                dists.push(
                    ((a.center[0] - b.center[0]).powi(2) + (a.center[1] - b.center[1]).powi(2))
                        .sqrt(),
                );
            }
        }
    }
    let mean = dists.iter().sum::<f64>() / dists.len() as f64;
    assert!(mean > 0.8 && mean < 1.25, "mean {mean}");
    // The equal-area projection puts the equator at radius sqrt 2; the southern
    // disc is seen from below (x mirrored), so the two discs touch at +x.
    for panel in 0..2 {
        let z = if panel == 0 { 1e-6 } else { -1e-6 };
        let q = lambert(panel, [1.0, 0.0, z]);
        assert!((q[0].hypot(q[1]) - 2f64.sqrt()).abs() < 1e-5);
    }
    assert!(lambert(0, [1.0, 0.0, 0.0])[0] > 0.0 && lambert(1, [1.0, 0.0, 0.0])[0] < 0.0);
}

#[test]
fn shades_tell_neighbours_apart_and_mark_pentagons() {
    let tb = tables();
    let s = &tb.sphere;
    let shade = shades(s);
    let g = Geodesic::geometry();
    for x in 0..272 {
        assert_eq!(g.cells[x].shade, shade[x]);
        if s.is_pentagon(x as crate::topology::Cell) {
            assert_eq!(shade[x], 3);
        } else {
            assert!(shade[x] <= 3);
        }
        for &y in &s.nbr[x] {
            assert_ne!(
                shade[x], shade[y as usize],
                "{} and {}",
                s.names[x], s.names[y as usize]
            );
        }
    }
    let hexes_in_3 = (0..272).filter(|&x| shade[x] == 3).count() - 12;
    // Most hexagons take one of the three "hexagon" shades.
    assert!(
        hexes_in_3 < 260 / 4,
        "{hexes_in_3} hexagons needed the fourth shade"
    );
    for k in 0..3u8 {
        assert!(
            shade.iter().filter(|&&x| x == k).count() > 50,
            "shade {k} is rare"
        );
    }
}

#[test]
fn pieces_glyphs_and_the_start_position_match_the_fen() {
    let g = Geodesic::geometry();
    let glyph = |l: char| g.pieces.iter().find(|p| p.letter == l).unwrap().glyph;
    assert_eq!(glyph('K'), Some("king"));
    assert_eq!(glyph('Q'), Some("queen"));
    assert_eq!(glyph('R'), Some("rook"));
    assert_eq!(glyph('P'), Some("pawn"));
    assert_eq!(glyph('T'), None);
    assert_eq!(glyph('O'), None);
    assert_eq!(glyph('S'), None);
    assert!(g.hands.is_empty());
    let p = Geodesic::startpos();
    assert_eq!(g.start_fen, Geodesic::info().start_fen);
    assert!(p.hands().is_empty());
    let names: HashSet<&str> = g.cells.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names.len(), g.cells.len(), "cell names are unique");
    let pieces = p.cell_pieces();
    assert_eq!(pieces.len(), g.cells.len());
    let fen = placement(&g.start_fen);
    let at = |n: &str| pieces[g.cells.iter().position(|c| c.name == n).unwrap()];
    assert_eq!(at("abc"), Some('K'));
    assert_eq!(at("uvw"), Some('k'));
    assert_eq!(at("a"), Some('O'));
    assert_eq!(at("u"), Some('o'));
    for n in ["abc", "uvw", "a", "w", "a2bc", "a1b2", "d"] {
        assert_eq!(at(n), fen.get(n).copied(), "{n}");
    }
    for (i, cell) in g.cells.iter().enumerate() {
        assert_eq!(pieces[i], fen.get(&cell.name).copied(), "{}", cell.name);
    }
    assert_eq!(pieces.iter().flatten().count(), 110);
    assert!(p.checked_royals().is_empty());
}

fn check_moves(p: &Geodesic, names: &HashSet<String>) -> usize {
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    let mut parts = Vec::new();
    for &m in list.iter() {
        let mp = p.move_parts(m);
        assert_eq!(mp.kind, MoveKind::Move);
        let (from, to) = (mp.from.clone().unwrap(), mp.to.clone().unwrap());
        assert!(names.contains(&from) && names.contains(&to));
        let text = p.move_text(m);
        assert!(text.contains(&to), "{text} lacks {to}");
        assert!(text.starts_with(&format!("{from}-")));
        if let Some(l) = mp.promotion {
            assert!(text.ends_with(l.to_ascii_lowercase()));
            assert!(!mp.label.is_empty());
        }
        for other in &parts {
            assert_ne!(&mp, other, "two moves with the same parts at {}", p.fen());
        }
        parts.push(mp);
    }
    list.len()
}

#[test]
fn move_parts_of_random_games_are_distinct_and_named() {
    let g = Geodesic::geometry();
    let names: HashSet<String> = g.cells.iter().map(|c| c.name.clone()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(0x6e0d_7669_6577);
    let mut plies = 0;
    let mut checks = 0;
    for _ in 0..3 {
        let mut p = Geodesic::startpos();
        for _ in 0..130 {
            if check_moves(&p, &names) == 0 {
                break;
            }
            let king = tables().name(p.king(p.side_to_move().index())).to_string();
            if p.in_check() {
                assert_eq!(p.checked_royals(), vec![king]);
                checks += 1;
            } else {
                assert!(p.checked_royals().is_empty());
            }
            // The pieces per cell follow the board as the FEN writes it.
            let fen = placement(&p.fen());
            for (i, c) in p.cell_pieces().iter().enumerate() {
                assert_eq!(*c, fen.get(&g.cells[i].name).copied());
            }
            let mut list = MoveList::new();
            p.generate(GenKind::All, &mut list);
            p.make(list[rng.gen_range(0..list.len())]);
            plies += 1;
        }
    }
    assert!(plies >= 300, "only {plies} plies");
    assert!(checks > 0, "no check met: checked_royals untested");
}

/// A North Pawn's cell from which a forward row step enters South's Home
/// Territory, and the cell entered.
fn promotion_step() -> (String, String) {
    let tb = tables();
    for c in 0..tb.num_cells() {
        for &t in &tb.fwd_rows[0][c] {
            if tb.home[1].contains(t) && !tb.sphere.is_pentagon(t) {
                return (tb.name(c as u16).to_string(), tb.name(t).to_string());
            }
        }
    }
    unreachable!("some forward row enters South's home");
}

#[test]
fn promotions_carry_the_letter_and_a_label() {
    let (from, to) = promotion_step();
    let fen = format!("Kabc,P{from},kuvw w - - 0 1");
    let p = Geodesic::from_fen(&fen).unwrap();
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    let promos: Vec<_> = list
        .iter()
        .map(|&m| p.move_parts(m))
        .filter(|mp| {
            mp.from.as_deref() == Some(from.as_str()) && mp.to.as_deref() == Some(to.as_str())
        })
        .collect();
    let mut got: Vec<(char, String)> = promos
        .iter()
        .map(|mp| (mp.promotion.unwrap(), mp.label.clone()))
        .collect();
    got.sort();
    assert_eq!(
        got,
        vec![
            ('Q', "promote to queen".to_string()),
            ('R', "promote to rook".to_string()),
            ('T', "promote to templar".to_string()),
        ]
    );
}

#[test]
fn a_squire_capturing_a_rook_may_take_its_rank() {
    let tb = tables();
    // A Squire outside both homes whose forward diagonal is outside both homes.
    let (sq, target) = (0..tb.num_cells() as u16)
        .filter(|&c| !tb.home[0].contains(c) && !tb.home[1].contains(c))
        .find_map(|c| {
            tb.fwd_diags[0][c as usize]
                .iter()
                .find(|&&t| !tb.home[0].contains(t) && !tb.home[1].contains(t))
                .map(|&t| (c, t))
        })
        .unwrap();
    let fen = format!("Kabc,S{},r{},kuvw w - - 0 1", tb.name(sq), tb.name(target));
    let p = Geodesic::from_fen(&fen).unwrap();
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    let mut got: Vec<(Option<char>, String)> = list
        .iter()
        .filter(|m| m.from() == sq && m.to() == target)
        .map(|&m| {
            let mp = p.move_parts(m);
            (mp.promotion, mp.label)
        })
        .collect();
    got.sort();
    assert_eq!(
        got,
        vec![
            (None, "stay a squire".to_string()),
            (Some('R'), "take the rook's rank".to_string()),
        ]
    );
}

#[test]
fn the_checked_king_is_highlighted() {
    let tb = tables();
    let uvw = tb.sphere.cell_by_name("uvw").unwrap();
    let next = tb.sphere.nbr[uvw as usize][0];
    // A North Rook two cells away along a row from South's King, South to move.
    let far = tb.sphere.row_next(uvw, next).unwrap();
    let fen = format!("Kabc,R{},kuvw b - - 0 1", tb.name(far));
    let p = Geodesic::from_fen(&fen).unwrap();
    assert!(p.in_check());
    assert_eq!(p.checked_royals(), vec!["uvw".to_string()]);
    let quiet = Geodesic::from_fen("Kabc,kuvw b - - 0 1").unwrap();
    assert!(quiet.checked_royals().is_empty());
}
