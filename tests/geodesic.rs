//! Geodesic Chess: the board generator against the shared fixture, and the rules.

#[path = "support/json.rs"]
mod json;

use engine::topology::sphere::{CellKind, Sphere};
use json::Json;

fn fixture() -> Json {
    let path = engine::shared_dir().join("fixtures/geodesic-board.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Json::parse(&text).expect("fixture parses")
}

fn names(s: &Sphere, cells: &[engine::Cell]) -> Vec<String> {
    cells.iter().map(|&c| s.names[c as usize].clone()).collect()
}

/// A line as a comparable value: closed lines rotated to start at their smallest
/// name and read in the direction whose second cell is smaller; segments read from
/// their smaller end.
fn normal_line(closed: bool, cells: &[String]) -> (bool, Vec<String>) {
    let mut v = cells.to_vec();
    if closed {
        let i = (0..v.len()).min_by_key(|&i| &v[i]).unwrap();
        v.rotate_left(i);
        let mut r = v.clone();
        r[1..].reverse();
        if r[1] < v[1] {
            v = r;
        }
    } else if v.last() < v.first() {
        v.reverse();
    }
    (closed, v)
}

#[test]
fn sphere_reproduces_the_fixture() {
    let fx = fixture();
    let s = Sphere::geo9();
    let mut errors: Vec<String> = Vec::new();
    let cells = fx.get("cells").arr();
    assert_eq!(s.num_cells(), cells.len());
    for (i, c) in cells.iter().enumerate() {
        let name = c.get("name").str();
        if s.names[i] != name {
            errors.push(format!("cell {i}: name {} != {name}", s.names[i]));
            continue;
        }
        let kind = if s.kinds[i] == CellKind::Pentagon { "pentagon" } else { "hex" };
        if kind != c.get("kind").str() {
            errors.push(format!("{name}: kind"));
        }
        let secs: Vec<String> = s.cell_sections[i].iter().map(|&f| s.section_names[f].clone()).collect();
        if secs != c.get("sections").strings() {
            errors.push(format!("{name}: sections {secs:?} != {:?}", c.get("sections").strings()));
        }
        // The cyclic order is fixed by the construction; where a cyclic list starts
        // is a frame convention (§2.3 leaves it open), so both lists are compared
        // from the fixture's first neighbour on, with the same shift for `diag`.
        let mut nbr = names(&s, &s.nbr[i]);
        let want = c.get("nbr").strings();
        let shift = nbr.iter().position(|x| *x == want[0]).unwrap_or(0);
        nbr.rotate_left(shift);
        if nbr != want {
            errors.push(format!("{name}: nbr {nbr:?} != {want:?}"));
        }
        let mut diag = names(&s, &s.diag[i]);
        diag.rotate_left(shift);
        if diag != c.get("diag").strings() {
            errors.push(format!("{name}: diag {diag:?} != {:?}", c.get("diag").strings()));
        }
    }
    let mut secs = s.section_names.clone();
    secs.sort();
    if secs != fx.get("sections").strings() {
        errors.push(format!("sections {secs:?}"));
    }
    if s.seams != fx.get("seams").strings() {
        errors.push(format!("seams {:?} != {:?}", s.seams, fx.get("seams").strings()));
    }
    for (side, key) in ["North", "South"].iter().enumerate() {
        let mut home = names(&s, &s.home[side]);
        home.sort();
        if home != fx.get("home_territory").get(key).strings() {
            errors.push(format!("{key} home {home:?}"));
        }
    }
    for (key, lines) in [("rows", &s.rows), ("diagonals", &s.diagonals)] {
        let mut mine: Vec<_> = lines.iter().map(|l| normal_line(l.closed, &names(&s, &l.cells))).collect();
        let mut theirs: Vec<_> = fx
            .get(key)
            .arr()
            .iter()
            .map(|l| normal_line(l.arr()[0].str() == "closed", &l.arr()[1].strings()))
            .collect();
        mine.sort();
        theirs.sort();
        if mine != theirs {
            errors.push(format!("{key}: {} lines vs {}; first differing {:?}", mine.len(), theirs.len(),
                mine.iter().zip(&theirs).find(|(a, b)| a != b)));
        }
    }
    for (side, key) in ["North", "South"].iter().enumerate() {
        let fwd = fx.get("forward").get(key).entries();
        let mine_count = s.forward[side].iter().filter(|f| f.is_some()).count();
        if mine_count != fwd.len() {
            errors.push(format!("{key}: {mine_count} forward cells, fixture {}", fwd.len()));
        }
        for (name, f) in fwd {
            let c = s.cell_by_name(name).unwrap() as usize;
            match &s.forward[side][c] {
                None => errors.push(format!("{key} {name}: no forward")),
                Some(m) => {
                    let want = (f.get("type").str().to_string(), f.get("rook").strings(), f.get("diag").strings());
                    let got = (m.kind.to_string(), names(&s, &m.rows), names(&s, &m.diags));
                    if want != got {
                        errors.push(format!("{key} {name}: forward {got:?} != {want:?}"));
                    }
                }
            }
        }
    }
    for (name, t) in fx.get("templar_knight_targets").entries() {
        let c = s.cell_by_name(name).unwrap() as usize;
        let mut got = names(&s, &s.knight[c]);
        got.sort();
        let mut want = t.strings();
        want.sort();
        if got != want {
            errors.push(format!("{name}: knight {got:?} != {want:?}"));
        }
    }
    if !errors.is_empty() {
        panic!("{} mismatches:\n{}", errors.len(), errors.iter().take(40).cloned().collect::<Vec<_>>().join("\n"));
    }
}

#[test]
fn sphere_invariants() {
    for n in 1..=4 {
        let s = Sphere::build(n);
        let t = 3 * n * n;
        assert_eq!(s.num_cells() as i32, 10 * t + 2, "GP({n},{n}) cell count");
        let pentagons = (0..s.num_cells()).filter(|&c| s.nbr[c].len() == 5).count();
        assert_eq!(pentagons, 12);
        assert!((0..s.num_cells()).all(|c| s.nbr[c].len() == 5 || s.nbr[c].len() == 6));
        let pairs: usize = s.nbr.iter().map(|v| v.len()).sum::<usize>() / 2;
        assert_eq!(pairs as i32, 30 * t, "adjacent pairs");
        for x in 0..s.num_cells() {
            let d = s.nbr[x].len();
            for i in 0..d {
                let (a, b) = (s.nbr[x][i], s.nbr[x][(i + 1) % d]);
                assert!(s.nbr[a as usize].contains(&b), "consecutive neighbours adjacent");
                // In b's cyclic list, x is immediately followed by a.
                let nb = &s.nbr[b as usize];
                let j = nb.iter().position(|&c| c as usize == x).unwrap();
                assert_eq!(nb[(j + 1) % nb.len()], a, "orientation consistency at {}", s.names[x]);
            }
        }
    }
    let s = Sphere::geo9();
    assert_eq!(s.num_cells(), 272);
    assert_eq!(s.nbr.iter().map(|v| v.len()).sum::<usize>() / 2, 810);
    assert_eq!(s.rows.len(), 50);
    assert_eq!(s.diagonals.len(), 78);
}

#[path = "support/geo_reference.rs"]
mod geo_reference;

use engine::variants::geodesic::Geodesic;
use engine::{GenKind, MoveList, Position};

#[test]
fn start_position_matches_the_fixture_setup() {
    let fx = fixture();
    let pos = Geodesic::startpos();
    let tb = engine::variants::geodesic::tables::tables();
    let mut want: Vec<(String, char)> = Vec::new();
    for (side, key) in ["North", "South"].iter().enumerate() {
        for (name, letter) in fx.get("setup").get(key).entries() {
            let l = letter.str().chars().next().unwrap();
            want.push((name.clone(), if side == 0 { l } else { l.to_ascii_lowercase() }));
        }
    }
    want.sort();
    let mut got: Vec<(String, char)> = Vec::new();
    for c in 0..272u16 {
        let code = pos.piece_at(c);
        if code != 0 {
            let l = tables_letter(code);
            got.push((tb.name(c).to_string(), l));
        }
    }
    got.sort();
    assert_eq!(got, want);
    assert_eq!(pos.unmoved().len(), 42);
}

fn tables_letter(code: u8) -> char {
    let l = engine::variants::geodesic::tables::PIECE_LETTERS[(code & 7) as usize];
    if code & 8 != 0 {
        l.to_ascii_lowercase()
    } else {
        l
    }
}

/// The lines of tests/perft/geodesic.perft.
fn perft_lines() -> Vec<(String, u32, u64)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft/geodesic.perft");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').collect();
            assert_eq!(f[0], "geodesic");
            (f[1].to_string(), f[2].parse().unwrap(), f[3].parse().unwrap())
        })
        .collect()
}

/// Every count of the perft file (up to a size the slow generator handles) is
/// recomputed by the independent reference generator, and the depth-1 move lists
/// of both generators are identical.
#[test]
fn perft_file_agrees_with_the_reference_generator() {
    let fx = fixture();
    let rb = geo_reference::RefBoard::from_fixture(&fx);
    let limit: u64 = std::env::var("GEO_REF_MAX_NODES").ok().and_then(|v| v.parse().ok()).unwrap_or(120_000);
    let mut checked = 0;
    for (fen, depth, nodes) in perft_lines() {
        let rp = rb.parse(&fen);
        if depth == 1 {
            let pos = Geodesic::from_fen(&fen).unwrap();
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            let mut mine: Vec<String> = list.iter().map(|&m| pos.move_text(m)).collect();
            let mut theirs: Vec<String> = rb.moves(&rp).into_iter().map(|m| rb.move_text(m)).collect();
            mine.sort();
            theirs.sort();
            assert_eq!(mine, theirs, "depth-1 moves differ at {fen}");
        }
        if nodes <= limit {
            assert_eq!(rb.perft(&rp, depth), nodes, "reference perft({depth}) at {fen}");
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} lines cross-checked");
}

/// The start position from the fixture's setup equals the engine's start FEN.
#[test]
fn reference_start_equals_engine_start() {
    let fx = fixture();
    let rb = geo_reference::RefBoard::from_fixture(&fx);
    let a = rb.start(&fx);
    let b = rb.parse(&Geodesic::info().start_fen);
    assert!(a.board == b.board && a.unmoved == b.unmoved && a.side == b.side);
}

#[test]
#[ignore]
fn print_start_fen() {
    println!("{}", Geodesic::info().start_fen);
}
