//! The GeoBoard: a Goldberg polyhedron GP(n,n) built with integers only
//! (`shared/rules/geodesic.md` §2–§6). GeoBoard #9 of Geodesic Chess is GP(3,3):
//! 272 cells, 12 of them pentagons.
//!
//! Construction (§2.3): every icosahedron face (a "Section") gets a triangular frame
//! of axial hex coordinates; a lattice point of a face is a pentagon (corner), an edge
//! cell (on a face side, shared by two faces) or an interior cell. Points of
//! different faces that are the same cell unify through a canonical key. Neighbours
//! across a face side are found by unfolding the adjacent face into the frame.
//! Everything later (diagonals, straight lines, forward fields, knight leaps) is
//! derived combinatorially from the counter-clockwise neighbour lists.

use super::{Cell, Topology};
use std::collections::HashMap;

/// The 12 pentagon letters: North's side first (D1), then South's; antipodes are
/// `LETTERS[i]` and `LETTERS[i + 6]`.
pub const LETTERS: [char; 12] = ['a', 'b', 'c', 'd', 'e', 'f', 'u', 'v', 'w', 'x', 'y', 'z'];

/// The 20 Sections with their corners counter-clockwise seen from outside (§2.2,
/// DECISION D1), in the order and rotation that fix the face frames (§2.3).
///
/// FRAME CONVENTION (one named place): §2.3 builds every cell's neighbour list in
/// the frame of the face where the cell is first seen, with corner 0 first, but the
/// spec leaves open which rotation of each Section is corner 0 and in which order
/// faces are visited; only the cyclic order is geometry, the starting neighbour is
/// convention. The shared fixture (`geodesic-board.json`) fixes one convention and
/// it is not the rotation of the §2.2 list for nine southern Sections (the fixture's
/// frames start at the corner among x, y, z: `zdu` where §2.2 writes `duz`). This
/// list is §2.2's set of oriented Sections with the fixture's rotations, ordered so
/// that every edge cell is first seen in the face whose frame the fixture uses.
/// Every list of `nbr`/`diag` then equals the fixture's exactly.
pub const SECTIONS: [&str; 20] = [
    "abc", "bdc", "ace", "afb", "cze", "aex", "bfy", "cdz", "zve", "axf", "yfw", "byd", "xev",
    "xwf", "yud", "xvw", "zdu", "ywu", "zuv", "uwv",
];

/// Where each pentagon's neighbour list starts (same FRAME CONVENTION): the Section,
/// by its sorted name, whose radial cell comes first, for the pentagons in `LETTERS`
/// order. The fixture fixes these; no rule of §2.3 does (first-seen face, lowest
/// index and geometric references were each tested against it and do not fit).
pub const PENTAGON_FIRST_SECTION: [&str; 12] = [
    "abc", "abc", "cez", "cdz", "aex", "abf", "uvz", "vwx", "fwx", "afx", "bdy", "evz",
];

/// North's home Section and South's (antipodal) home Section (§2.2, D1).
pub const HOME_SECTIONS: [&str; 2] = ["abc", "uvw"];

/// Row directions in axial coordinates, counter-clockwise, 60° apart.
const DIRS: [(i32, i32); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];
/// Diagonal directions; `DIAG[k]` lies between `DIRS[k]` and `DIRS[k + 1]`.
const DIAG: [(i32, i32); 6] = [(1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2), (2, -1)];
/// Unit row step from corner i of a face towards its centre.
const RADIAL_STEP: [(i32, i32); 3] = [(0, 1), (-1, 0), (1, -1)];

/// Topology direction indices: rows are 0..6, diagonals 6..12 (pentagons use 5 + 5).
pub const ROW_DIRS: usize = 6;
pub const NUM_DIRS: usize = 12;

fn rot60((a, b): (i32, i32)) -> (i32, i32) {
    (-b, a + b)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CellKind {
    Pentagon,
    /// The centre of a Section.
    Centre,
    /// On a Section side, shared by two Sections.
    Edge,
    /// Any other interior cell.
    Interior,
}

/// Canonical identity of a lattice point, the same from every face that holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Key {
    Pentagon(usize),
    /// Edge cell: corners lo < hi, `s` diagonal steps from lo.
    Edge(usize, usize, i32),
    Interior(usize, (i32, i32)),
}

/// The "forward" of one side on one cell (§6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forward {
    /// `'R'` (south along a row: three forward rows) or `'D'` (south through a vertex
    /// gap: two forward rows), as the rules file names them.
    pub kind: char,
    /// Forward row neighbours (after the seam rule), in neighbour order.
    pub rows: Vec<Cell>,
    /// Forward diagonal neighbours.
    pub diags: Vec<Cell>,
}

/// A straight line of the board (§2.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Loops back to its start (otherwise it runs from pentagon to pentagon).
    pub closed: bool,
    pub cells: Vec<Cell>,
}

/// Face frame of one Section.
struct Face {
    corners: [usize; 3],
}

/// The built board with every table the variant needs.
pub struct Sphere {
    pub n: i32,
    pub names: Vec<String>,
    pub kinds: Vec<CellKind>,
    /// Counter-clockwise rook neighbours.
    pub nbr: Vec<Vec<Cell>>,
    /// `diag[k]` lies across the vertex gap between `nbr[k]` and `nbr[k + 1]`.
    pub diag: Vec<Vec<Cell>>,
    /// Section names (sorted corner letters) in `SECTIONS` order.
    pub section_names: Vec<String>,
    /// The closed triangle of every Section (corners, sides, interior).
    pub section_cells: Vec<Vec<Cell>>,
    /// For every Section, its cells with their barycentric coordinates (x 3n) in
    /// the Section's frame, corner 0 first as listed in `SECTIONS` (for drawing).
    pub section_frames: Vec<Vec<(Cell, [i32; 3])>>,
    /// Sections touching each cell (as indices into `section_names`).
    pub cell_sections: Vec<Vec<usize>>,
    /// Seam edges (§6.3), as sorted letter pairs.
    pub seams: Vec<String>,
    /// The Home Territory of North (0) and South (1): their home Section's cells.
    pub home: [Vec<Cell>; 2],
    /// Per side, per cell: the forward field (`None` inside either Home Territory).
    pub forward: [Vec<Option<Forward>>; 2],
    /// Templar knight targets (§2.5), sorted by cell index.
    pub knight: Vec<Vec<Cell>>,
    pub rows: Vec<Line>,
    pub diagonals: Vec<Line>,
    /// Per cell, per topology direction, the cells met (rows 0..6, diagonals 6..12).
    pub rays: Vec<Vec<Vec<Cell>>>,
    /// For a diagonal direction `6 + k` of a cell: the two cells flanking the gap.
    pub gap: Vec<Vec<(Cell, Cell)>>,
}

impl Sphere {
    /// GeoBoard #9 of Geodesic Chess.
    pub fn geo9() -> Sphere {
        Sphere::build(3)
    }

    /// Builds GP(n,n) (n >= 1). Names follow §3 for n = 3; other sizes name cells by
    /// the same rules where they apply and by face coordinates otherwise.
    pub fn build(n: i32) -> Sphere {
        assert!(n >= 1, "GP(n,n) needs n >= 1");
        let letter_index = |c: char| {
            LETTERS
                .iter()
                .position(|&l| l == c)
                .expect("pentagon letter")
        };
        let faces: Vec<Face> = SECTIONS
            .iter()
            .map(|s| {
                let v: Vec<usize> = s.chars().map(letter_index).collect();
                Face {
                    corners: [v[0], v[1], v[2]],
                }
            })
            .collect();
        let corner_pos = [(0, 0), (n, n), (-n, 2 * n)];
        let centre = (0, n);
        let bary = |(a, b): (i32, i32)| [3 * n - a - 2 * b, 2 * a + b, b - a];
        let inside = |p: (i32, i32)| bary(p).iter().all(|&l| l >= 0);
        let key = |f: usize, p: (i32, i32)| point_key(&faces, n, f, p);
        let corner_index = |f: usize, v: usize| faces[f].corners.iter().position(|&c| c == v);

        // Lattice points of every face, and each cell's first sighting.
        let mut points: Vec<(i32, i32)> = Vec::new();
        for b in 0..=2 * n {
            for a in -n..=n {
                if inside((a, b)) {
                    points.push((a, b));
                }
            }
        }
        let mut first_seen: HashMap<Key, (usize, (i32, i32))> = HashMap::new();
        let mut keys_in_order: Vec<Key> = Vec::new();
        for f in 0..faces.len() {
            for &p in &points {
                let k = key(f, p);
                if let std::collections::hash_map::Entry::Vacant(e) = first_seen.entry(k) {
                    e.insert((f, p));
                    keys_in_order.push(k);
                }
            }
        }

        // Names and canonical order (§3): pentagons, centres, edge cells, the rest;
        // each group sorted by name.
        let sorted3 = |c: [usize; 3]| {
            let mut v: Vec<char> = c.iter().map(|&i| LETTERS[i]).collect();
            v.sort();
            v.into_iter().collect::<String>()
        };
        let name_of = |k: &Key| -> (CellKind, String) {
            match *k {
                Key::Pentagon(v) => (CellKind::Pentagon, LETTERS[v].to_string()),
                Key::Edge(lo, hi, s) => (
                    CellKind::Edge,
                    format!("{}{}{}{}", LETTERS[lo], s, LETTERS[hi], n - s),
                ),
                Key::Interior(f, p) => {
                    let c = faces[f].corners;
                    if p == centre {
                        return (CellKind::Centre, sorted3(c));
                    }
                    for i in 0..3 {
                        let (sa, sb) = RADIAL_STEP[i];
                        let (ca, cb) = corner_pos[i];
                        for d in 1..3 * n {
                            if (ca + d * sa, cb + d * sb) == p {
                                let mut others: Vec<char> =
                                    (0..3).filter(|&j| j != i).map(|j| LETTERS[c[j]]).collect();
                                others.sort();
                                return (
                                    CellKind::Interior,
                                    format!("{}{}{}{}", LETTERS[c[i]], d, others[0], others[1]),
                                );
                            }
                        }
                    }
                    (
                        CellKind::Interior,
                        format!("{}.{}.{}", sorted3(c), p.0, p.1),
                    )
                }
            }
        };
        let mut named: Vec<(CellKind, String, Key)> = keys_in_order
            .iter()
            .map(|k| {
                let (kind, name) = name_of(k);
                (kind, name, *k)
            })
            .collect();
        named.sort_by(|x, y| (x.0, &x.1).cmp(&(y.0, &y.1)));
        let index: HashMap<Key, Cell> = named
            .iter()
            .enumerate()
            .map(|(i, x)| (x.2, i as Cell))
            .collect();
        let names: Vec<String> = named.iter().map(|x| x.1.clone()).collect();
        let kinds: Vec<CellKind> = named.iter().map(|x| x.0).collect();
        let num = names.len();

        // Face adjacency: across side (c_i, c_{i+1}) of f lies g; the unfolding map.
        struct Unfold {
            g: usize,
            from: (i32, i32),
            to: (i32, i32),
            r: usize,
        }
        let rot_n = |mut v: (i32, i32), r: usize| {
            for _ in 0..r {
                v = rot60(v);
            }
            v
        };
        let unfolds: Vec<Vec<Unfold>> = (0..faces.len())
            .map(|f| {
                (0..3)
                    .map(|i| {
                        let (u, w) = (faces[f].corners[i], faces[f].corners[(i + 1) % 3]);
                        let g = (0..faces.len())
                            .find(|&g| {
                                g != f
                                    && faces[g].corners.contains(&u)
                                    && faces[g].corners.contains(&w)
                            })
                            .expect("every face side is shared by two faces");
                        let (fu, fw) = (corner_pos[i], corner_pos[(i + 1) % 3]);
                        let (gu, gw) = (
                            corner_pos[corner_index(g, u).unwrap()],
                            corner_pos[corner_index(g, w).unwrap()],
                        );
                        let want = (gw.0 - gu.0, gw.1 - gu.1);
                        let r = (0..6)
                            .find(|&r| rot_n((fw.0 - fu.0, fw.1 - fu.1), r) == want)
                            .expect("both frames are counter-clockwise");
                        Unfold {
                            g,
                            from: fu,
                            to: gu,
                            r,
                        }
                    })
                    .collect()
            })
            .collect();
        let locate = |f: usize, q: (i32, i32)| -> Option<Key> {
            if inside(q) {
                return Some(key(f, q));
            }
            for u in &unfolds[f] {
                let d = rot_n((q.0 - u.from.0, q.1 - u.from.1), u.r);
                let t = (u.to.0 + d.0, u.to.1 + d.1);
                if inside(t) {
                    return Some(key(u.g, t));
                }
            }
            None
        };

        // Rook neighbours, counter-clockwise.
        let mut nbr: Vec<Vec<Cell>> = vec![Vec::new(); num];
        for (k, &(f, p)) in &first_seen {
            let me = index[k] as usize;
            if let Key::Pentagon(v) = *k {
                // Faces round v: after (v, a, b) comes (v, b, ·), from the Section
                // the frame convention names.
                let mut f = faces
                    .iter()
                    .position(|face| sorted3(face.corners) == PENTAGON_FIRST_SECTION[v])
                    .expect("every pentagon's first Section is one of its faces");
                for _ in 0..5 {
                    let i = corner_index(f, v).unwrap();
                    let (ca, cb) = corner_pos[i];
                    let (sa, sb) = RADIAL_STEP[i];
                    nbr[me].push(index[&key(f, (ca + sa, cb + sb))]);
                    let b = faces[f].corners[(i + 2) % 3];
                    f = (0..faces.len())
                        .find(|&g| {
                            corner_index(g, v).is_some_and(|j| faces[g].corners[(j + 1) % 3] == b)
                        })
                        .unwrap();
                }
            } else {
                for d in DIRS {
                    let q = (p.0 + d.0, p.1 + d.1);
                    let k2 = locate(f, q).expect("a hexagon's neighbour lies in an adjacent face");
                    nbr[me].push(index[&k2]);
                }
            }
        }
        let common = |x: usize, a: Cell, b: Cell, nbr: &Vec<Vec<Cell>>| -> Cell {
            *nbr[a as usize]
                .iter()
                .find(|&&c| c as usize != x && nbr[b as usize].contains(&c))
                .expect("consecutive neighbours share a second neighbour")
        };
        let diag: Vec<Vec<Cell>> = (0..num)
            .map(|x| {
                let d = nbr[x].len();
                (0..d)
                    .map(|k| common(x, nbr[x][k], nbr[x][(k + 1) % d], &nbr))
                    .collect()
            })
            .collect();

        // Sections.
        let section_names: Vec<String> = faces.iter().map(|f| sorted3(f.corners)).collect();
        let section_cells: Vec<Vec<Cell>> = (0..faces.len())
            .map(|f| {
                let mut v: Vec<Cell> = points.iter().map(|&p| index[&key(f, p)]).collect();
                v.sort();
                v
            })
            .collect();
        let section_frames: Vec<Vec<(Cell, [i32; 3])>> = (0..faces.len())
            .map(|f| {
                points
                    .iter()
                    .map(|&p| (index[&key(f, p)], bary(p)))
                    .collect()
            })
            .collect();
        let mut cell_sections: Vec<Vec<usize>> = vec![Vec::new(); num];
        for (f, cells) in section_cells.iter().enumerate() {
            for &c in cells {
                cell_sections[c as usize].push(f);
            }
        }
        for s in &mut cell_sections {
            s.sort_by(|&a, &b| section_names[a].cmp(&section_names[b]));
        }
        let home_face: [usize; 2] = [0, 1].map(|side| {
            let mut want: Vec<char> = HOME_SECTIONS[side].chars().collect();
            want.sort();
            section_names
                .iter()
                .position(|s| s.chars().collect::<Vec<_>>() == want)
                .expect("home section")
        });
        let home: [Vec<Cell>; 2] = [
            section_cells[home_face[0]].clone(),
            section_cells[home_face[1]].clone(),
        ];

        let mut sphere = Sphere {
            n,
            names,
            kinds,
            nbr,
            diag,
            section_names,
            section_cells,
            section_frames,
            cell_sections,
            seams: Vec::new(),
            home,
            forward: [Vec::new(), Vec::new()],
            knight: Vec::new(),
            rows: Vec::new(),
            diagonals: Vec::new(),
            rays: Vec::new(),
            gap: Vec::new(),
        };
        sphere.build_rays();
        sphere.build_lines();
        sphere.build_knight();
        let frames = FrameInfo {
            faces: &faces,
            first_seen: &first_seen,
            index: &index,
            unfolds_r: &unfolds
                .iter()
                .map(|u| u.iter().map(|x| (x.g, x.r)).collect())
                .collect::<Vec<Vec<(usize, usize)>>>(),
            home_face,
            corner_pos,
        };
        sphere.build_forward(&frames);
        sphere
    }

    pub fn num_cells(&self) -> usize {
        self.names.len()
    }

    pub fn is_pentagon(&self, c: Cell) -> bool {
        self.kinds[c as usize] == CellKind::Pentagon
    }

    pub fn cell_by_name(&self, name: &str) -> Option<Cell> {
        self.names.iter().position(|n| n == name).map(|i| i as Cell)
    }

    /// Position of `y` in `x`'s neighbour list.
    fn index_of(&self, x: Cell, y: Cell) -> usize {
        self.nbr[x as usize]
            .iter()
            .position(|&c| c == y)
            .expect("cells are neighbours")
    }

    /// The next cell of a row entering hexagon `y` from `x` (None on a pentagon).
    pub fn row_next(&self, x: Cell, y: Cell) -> Option<Cell> {
        if self.is_pentagon(y) {
            return None;
        }
        Some(self.nbr[y as usize][(self.index_of(y, x) + 3) % 6])
    }

    /// The cell across the vertex gap between consecutive neighbours `a`, `b` of `x`.
    fn across(&self, x: Cell, a: Cell, b: Cell) -> Cell {
        *self.nbr[a as usize]
            .iter()
            .find(|&&c| c != x && self.nbr[b as usize].contains(&c))
            .expect("gap has a far cell")
    }

    fn build_rays(&mut self) {
        let num = self.num_cells();
        let mut rays = vec![vec![Vec::new(); NUM_DIRS]; num];
        let mut gaps = vec![Vec::new(); num];
        for x in 0..num as Cell {
            let deg = self.nbr[x as usize].len();
            for k in 0..deg {
                // Row.
                let mut ray = Vec::new();
                let (mut prev, mut cur) = (x, self.nbr[x as usize][k]);
                loop {
                    ray.push(cur);
                    match self.row_next(prev, cur) {
                        Some(next) if next != x => {
                            prev = cur;
                            cur = next;
                        }
                        _ => break,
                    }
                }
                rays[x as usize][k] = ray;
                // Diagonal: from the gap (a, b) of x land on z, leave through the
                // opposite vertex of z.
                let mut ray = Vec::new();
                let (mut from, mut a, mut b) = (
                    x,
                    self.nbr[x as usize][k],
                    self.nbr[x as usize][(k + 1) % deg],
                );
                gaps[x as usize].push((a, b));
                loop {
                    let z = self.across(from, a, b);
                    ray.push(z);
                    if self.is_pentagon(z) {
                        break;
                    }
                    let (ia, ib) = (self.index_of(z, a), self.index_of(z, b));
                    let (na, nb) = (
                        self.nbr[z as usize][(ia + 3) % 6],
                        self.nbr[z as usize][(ib + 3) % 6],
                    );
                    let next = self.across(z, na, nb);
                    if next == x {
                        break;
                    }
                    from = z;
                    a = na;
                    b = nb;
                }
                rays[x as usize][ROW_DIRS + k] = ray;
            }
        }
        self.rays = rays;
        self.gap = gaps;
    }

    /// Collects the distinct rows and diagonals.
    fn build_lines(&mut self) {
        let mut rows = Vec::new();
        let mut diagonals = Vec::new();
        let mut seen_rows = std::collections::HashSet::new();
        let mut seen_diags = std::collections::HashSet::new();
        for x in 0..self.num_cells() as Cell {
            for k in 0..self.nbr[x as usize].len() {
                for (base, out, seen) in [
                    (0, &mut rows, &mut seen_rows),
                    (ROW_DIRS, &mut diagonals, &mut seen_diags),
                ] {
                    let ray = &self.rays[x as usize][base + k];
                    let last = *ray.last().unwrap();
                    let line = if self.is_pentagon(x) {
                        let mut v = vec![x];
                        v.extend_from_slice(ray);
                        Line {
                            closed: false,
                            cells: v,
                        }
                    } else if !self.is_pentagon(last) {
                        let mut v = vec![x];
                        v.extend_from_slice(ray);
                        Line {
                            closed: true,
                            cells: v,
                        }
                    } else {
                        continue; // found from its pentagon end
                    };
                    let mut set = line.cells.clone();
                    set.sort();
                    if seen.insert(set) {
                        out.push(line);
                    }
                }
            }
        }
        self.rows = rows;
        self.diagonals = diagonals;
    }

    /// Templar knight leaps (§2.5): union of "straight then turn" and "turn then
    /// straight"; both intermediate cells must be hexagons.
    fn build_knight(&mut self) {
        let num = self.num_cells();
        let mut knight = vec![Vec::new(); num];
        for x in 0..num as Cell {
            let mut t = Vec::new();
            for &y in &self.nbr[x as usize] {
                if self.is_pentagon(y) {
                    continue;
                }
                let iy = self.index_of(y, x);
                // Path A: straight to z, turn at z.
                let z = self.nbr[y as usize][(iy + 3) % 6];
                if !self.is_pentagon(z) {
                    let entry = self.index_of(z, y);
                    t.push(self.nbr[z as usize][(entry + 4) % 6]);
                    t.push(self.nbr[z as usize][(entry + 2) % 6]);
                }
                // Path B: turn at y to z, then straight.
                for turn in [2, 4] {
                    let z = self.nbr[y as usize][(iy + turn) % 6];
                    if !self.is_pentagon(z) {
                        let entry = self.index_of(z, y);
                        t.push(self.nbr[z as usize][(entry + 3) % 6]);
                    }
                }
            }
            t.sort();
            t.dedup();
            knight[x as usize] = t;
        }
        self.knight = knight;
    }

    fn build_forward(&mut self, fr: &FrameInfo) {
        let num = self.num_cells();
        let faces = fr.faces;
        let nf = faces.len();
        let shares = |f: usize, g: usize| {
            faces[f]
                .corners
                .iter()
                .filter(|c| faces[g].corners.contains(c))
                .count()
        };
        let (north_home, south_home) = (fr.home_face[0], fr.home_face[1]);
        // North's "south" per Section as a DIRS index in the face frame (§6.1):
        // L1 towards its corner outside North's home, T1 away from the North home
        // corner, T2 towards the South home corner, L2 away from its corner outside
        // South's home.
        let dir_index = |v: (i32, i32)| DIRS.iter().position(|&d| d == v).unwrap();
        let neg = |(a, b): (i32, i32)| (-a, -b);
        let section_south: Vec<Option<usize>> = (0..nf)
            .map(|f| {
                if f == north_home || f == south_home {
                    return None;
                }
                let c = faces[f].corners;
                let pick = |home: usize, inside: bool| {
                    (0..3)
                        .find(|&i| faces[home].corners.contains(&c[i]) == inside)
                        .unwrap()
                };
                let step = match (shares(f, north_home), shares(f, south_home)) {
                    (2, _) => neg(RADIAL_STEP[pick(north_home, false)]),
                    (1, _) => RADIAL_STEP[pick(north_home, true)],
                    (_, 1) => neg(RADIAL_STEP[pick(south_home, true)]),
                    (_, 2) => RADIAL_STEP[pick(south_home, false)],
                    _ => unreachable!("every Section touches one of the homes"),
                };
                Some(dir_index(step))
            })
            .collect();
        let in_home = |c: Cell| self.home[0].contains(&c) || self.home[1].contains(&c);
        let rotation = |f: usize, g: usize| fr.unfolds_r[f].iter().find(|u| u.0 == g).unwrap().1;
        let is_north_letter = |v: usize| v < 6;
        // Per cell: North's field as (kind, index): R = row nbr[s], D = gap s.
        let mut field: Vec<Option<(char, usize)>> = vec![None; num];
        // Seams (§6.3): Section sides whose two Sections disagree once unfolded.
        let mut seams: Vec<(usize, usize)> = Vec::new();
        for f in 0..nf {
            for &(g, r) in &fr.unfolds_r[f] {
                if let (Some(sf), Some(sg)) = (section_south[f], section_south[g]) {
                    if sf != (sg + 6 - r) % 6 {
                        let mut e: Vec<usize> = faces[f]
                            .corners
                            .iter()
                            .copied()
                            .filter(|c| faces[g].corners.contains(c))
                            .collect();
                        e.sort();
                        if !seams.contains(&(e[0], e[1])) {
                            seams.push((e[0], e[1]));
                        }
                    }
                }
            }
        }
        seams.sort();
        for (k, &(f, _p)) in fr.first_seen {
            let x = fr.index[k];
            if in_home(x) {
                continue;
            }
            match *k {
                Key::Interior(..) => field[x as usize] = Some(('R', section_south[f].unwrap())),
                Key::Edge(lo, hi, _) => {
                    let g = (0..nf)
                        .find(|&g| {
                            g != f
                                && faces[g].corners.contains(&lo)
                                && faces[g].corners.contains(&hi)
                        })
                        .unwrap();
                    let sf = section_south[f].unwrap();
                    let sg_in_f = (section_south[g].unwrap() + 6 - rotation(f, g)) % 6;
                    if sf == sg_in_f {
                        field[x as usize] = Some(('R', sf));
                    } else {
                        // Along the seam diagonal towards its South-letter end.
                        let (from, to) = if is_north_letter(lo) {
                            (lo, hi)
                        } else {
                            (hi, lo)
                        };
                        let (cf, ct) = (
                            fr.corner_pos[corner_of(faces, f, from)],
                            fr.corner_pos[corner_of(faces, f, to)],
                        );
                        let n = self.n;
                        let d = ((ct.0 - cf.0) / n, (ct.1 - cf.1) / n);
                        field[x as usize] = Some(('D', DIAG.iter().position(|&v| v == d).unwrap()));
                    }
                }
                _ => {}
            }
        }
        // Pentagons outside the homes: North's own outer pentagons point along their
        // seam (type D); South's outer ones point along the row through the Section
        // that shares a side with South's home (type R).
        for v in 0..12 {
            let x = fr.index[&Key::Pentagon(v)];
            if in_home(x) {
                continue;
            }
            if is_north_letter(v) {
                let &(lo, hi) = seams
                    .iter()
                    .find(|&&(a, b)| a == v || b == v)
                    .expect("outer pentagon on a seam");
                let target = fr.index[&seam_step(v, lo, hi, self.n)];
                let s = self.diag[x as usize]
                    .iter()
                    .position(|&c| c == target)
                    .unwrap();
                field[x as usize] = Some(('D', s));
            } else {
                let f = (0..nf)
                    .find(|&f| faces[f].corners.contains(&v) && shares(f, south_home) == 2)
                    .unwrap();
                let i = corner_of(faces, f, v);
                let (ca, cb) = fr.corner_pos[i];
                let (sa, sb) = RADIAL_STEP[i];
                let target = fr.index[&point_key(faces, self.n, f, (ca + sa, cb + sb))];
                let s = self.index_of(x, target);
                field[x as usize] = Some(('R', s));
            }
        }
        self.seams = seams
            .iter()
            .map(|&(a, b)| format!("{}{}", LETTERS[a], LETTERS[b]))
            .collect();

        // Seam twins: the two Sections on either side of a seam.
        let twins: Vec<(usize, usize)> = seams
            .iter()
            .map(|&(lo, hi)| {
                let fs: Vec<usize> = (0..nf)
                    .filter(|&f| faces[f].corners.contains(&lo) && faces[f].corners.contains(&hi))
                    .collect();
                (fs[0], fs[1])
            })
            .collect();
        let interior_face = |c: Cell| -> Option<usize> {
            match self.kinds[c as usize] {
                CellKind::Centre | CellKind::Interior => Some(self.cell_sections[c as usize][0]),
                _ => None,
            }
        };
        let blocked_by_seam = |a: Cell, b: Cell| -> bool {
            match (interior_face(a), interior_face(b)) {
                (Some(fa), Some(fb)) => twins
                    .iter()
                    .any(|&(p, q)| (fa, fb) == (p, q) || (fa, fb) == (q, p)),
                _ => false,
            }
        };

        for side in 0..2 {
            let mut out = vec![None; num];
            for x in 0..num {
                let Some((kind, s)) = field[x] else { continue };
                let deg = self.nbr[x].len();
                // South's field is North's reversed: a type-R row flips to the opposite
                // row; a type-D gap flips to the opposite gap. On pentagons the roles
                // of own and enemy pentagons swap instead.
                let (kind, s) = if side == 0 {
                    (kind, s)
                } else if self.kinds[x] == CellKind::Pentagon {
                    (' ', 0) // handled below
                } else {
                    (kind, (s + 3) % 6)
                };
                if kind == ' ' {
                    continue;
                }
                let (rows, diags) = forward_sets(&self.nbr[x], &self.diag[x], kind, s, deg);
                let rows: Vec<Cell> = rows
                    .into_iter()
                    .filter(|&y| !blocked_by_seam(x as Cell, y))
                    .collect();
                out[x] = Some(Forward { kind, rows, diags });
            }
            self.forward[side] = out;
        }
        // South's pentagon fields: its own outer pentagons (X, Y, Z) point along their
        // seam towards the North-letter end; North's outer ones (D, E, F) point along
        // the row through the Section sharing a side with North's home.
        for v in 0..12 {
            let x = fr.index[&Key::Pentagon(v)];
            if in_home(x) {
                continue;
            }
            let (kind, s) = if !is_north_letter(v) {
                let &(lo, hi) = seams.iter().find(|&&(a, b)| a == v || b == v).unwrap();
                let target = fr.index[&seam_step(v, lo, hi, self.n)];
                (
                    'D',
                    self.diag[x as usize]
                        .iter()
                        .position(|&c| c == target)
                        .unwrap(),
                )
            } else {
                let f = (0..nf)
                    .find(|&f| faces[f].corners.contains(&v) && shares(f, north_home) == 2)
                    .unwrap();
                let i = corner_of(faces, f, v);
                let (ca, cb) = fr.corner_pos[i];
                let (sa, sb) = RADIAL_STEP[i];
                let target = fr.index[&point_key(faces, self.n, f, (ca + sa, cb + sb))];
                ('R', self.index_of(x, target))
            };
            let deg = self.nbr[x as usize].len();
            let (rows, diags) =
                forward_sets(&self.nbr[x as usize], &self.diag[x as usize], kind, s, deg);
            self.forward[1][x as usize] = Some(Forward { kind, rows, diags });
        }
    }

    /// The board as a [`Topology`]: 6 row + 6 diagonal directions per cell.
    pub fn topology(&self) -> Topology {
        Topology::from_rays(self.names.clone(), self.rays.clone())
    }
}

/// Forward rows and diagonals from a field (§6.5).
fn forward_sets(
    nbr: &[Cell],
    diag: &[Cell],
    kind: char,
    s: usize,
    deg: usize,
) -> (Vec<Cell>, Vec<Cell>) {
    if kind == 'R' {
        (
            vec![nbr[(s + deg - 1) % deg], nbr[s], nbr[(s + 1) % deg]],
            vec![diag[(s + deg - 1) % deg], diag[s]],
        )
    } else {
        (vec![nbr[s], nbr[(s + 1) % deg]], vec![diag[s]])
    }
}

fn corner_of(faces: &[Face], f: usize, v: usize) -> usize {
    faces[f].corners.iter().position(|&c| c == v).unwrap()
}

/// Frame data kept from construction for the forward field.
struct FrameInfo<'a> {
    faces: &'a [Face],
    first_seen: &'a HashMap<Key, (usize, (i32, i32))>,
    index: &'a HashMap<Key, Cell>,
    unfolds_r: &'a Vec<Vec<(usize, usize)>>,
    home_face: [usize; 2],
    corner_pos: [(i32, i32); 3],
}

/// Canonical key of lattice point `p` of face `f`, read from its barycentric
/// coordinates (x3n): two zeros = corner, one zero = on a side, none = interior.
fn point_key(faces: &[Face], n: i32, f: usize, p: (i32, i32)) -> Key {
    let l = [3 * n - p.0 - 2 * p.1, 2 * p.0 + p.1, p.1 - p.0];
    let zeros: Vec<usize> = (0..3).filter(|&i| l[i] == 0).collect();
    let c = faces[f].corners;
    match zeros.len() {
        2 => Key::Pentagon(c[(0..3).find(|i| !zeros.contains(i)).unwrap()]),
        1 => {
            let (i, j) = match zeros[0] {
                0 => (1, 2),
                1 => (0, 2),
                _ => (0, 1),
            };
            // Diagonal steps from corner i = the other non-zero coordinate / 3.
            let s = l[j] / 3;
            if c[i] < c[j] {
                Key::Edge(c[i], c[j], s)
            } else {
                Key::Edge(c[j], c[i], n - s)
            }
        }
        _ => Key::Interior(f, p),
    }
}

/// The first cell from pentagon `v` along the Section side (lo, hi) it ends.
fn seam_step(v: usize, lo: usize, hi: usize, n: i32) -> Key {
    if n == 1 {
        Key::Pentagon(if lo == v { hi } else { lo })
    } else {
        Key::Edge(lo, hi, if lo == v { 1 } else { n - 1 })
    }
}

/// The board in 3-D, for drawing only (no rule reads it): the icosahedron the
/// Sections are faces of, and every cell's point of its flat face projected to the
/// unit sphere. North's home Section is centred on +z with its corner `a` towards +y
/// (the fixture's display positions use the same construction).
impl Sphere {
    /// The 12 icosahedron vertices (pentagons) on the unit sphere, in [`LETTERS`]
    /// order. North's home Section is placed round the +z pole, its corners
    /// counter-clockwise seen from outside; every other vertex is the mirror image of
    /// the far corner of a placed Section in the plane through the shared side and
    /// the origin, so only the Section list decides where it goes.
    pub fn vertex_positions() -> [[f64; 3]; 12] {
        let letter = |c: char| LETTERS.iter().position(|&l| l == c).expect("letter");
        let faces: Vec<[usize; 3]> = SECTIONS
            .iter()
            .map(|s| {
                let v: Vec<usize> = s.chars().map(letter).collect();
                [v[0], v[1], v[2]]
            })
            .collect();
        let home: Vec<usize> = HOME_SECTIONS[0].chars().map(letter).collect();
        // Angle between a face's centre and its corners: the face's circumradius
        // (edge / sqrt 3) over the icosahedron's (edge * sqrt(10 + 2 sqrt 5) / 4).
        let sin_t = 4.0 / (3f64.sqrt() * (10.0 + 2.0 * 5f64.sqrt()).sqrt());
        let cos_t = (1.0 - sin_t * sin_t).sqrt();
        let mut pos: [Option<[f64; 3]>; 12] = [None; 12];
        for (i, &v) in home.iter().enumerate() {
            let phi = std::f64::consts::FRAC_PI_2 + i as f64 * 2.0 * std::f64::consts::PI / 3.0;
            pos[v] = Some([sin_t * phi.cos(), sin_t * phi.sin(), cos_t]);
        }
        while pos.iter().any(|p| p.is_none()) {
            let mut progress = false;
            for f in &faces {
                let Some(known) = f.iter().map(|&v| pos[v]).collect::<Option<Vec<_>>>() else {
                    continue;
                };
                for i in 0..3 {
                    let (p, q) = (f[i], f[(i + 1) % 3]);
                    let Some(g) = faces.iter().find(|g| {
                        g.contains(&p) && g.contains(&q) && !f.iter().all(|v| g.contains(v))
                    }) else {
                        continue;
                    };
                    let s = *g.iter().find(|&&v| v != p && v != q).unwrap();
                    if pos[s].is_none() {
                        let n = normalize3(cross3(known[i], known[(i + 1) % 3]));
                        let r = known[(i + 2) % 3];
                        let d = dot3(r, n);
                        pos[s] = Some([
                            r[0] - 2.0 * d * n[0],
                            r[1] - 2.0 * d * n[1],
                            r[2] - 2.0 * d * n[2],
                        ]);
                        progress = true;
                    }
                }
            }
            assert!(progress, "the Sections form a connected icosahedron");
        }
        pos.map(|p| p.unwrap())
    }

    /// Every cell's centre on the unit sphere (cell order): its barycentric point
    /// of the flat face of the first Section holding it, normalised.
    pub fn centers3(&self) -> Vec<[f64; 3]> {
        let vert = Self::vertex_positions();
        let letter = |c: char| LETTERS.iter().position(|&l| l == c).expect("letter");
        let mut out: Vec<Option<[f64; 3]>> = vec![None; self.num_cells()];
        for (f, frame) in self.section_frames.iter().enumerate() {
            let corners: Vec<[f64; 3]> = SECTIONS[f].chars().map(|c| vert[letter(c)]).collect();
            for &(cell, l) in frame {
                if out[cell as usize].is_some() {
                    continue;
                }
                let mut p = [0.0; 3];
                for (w, v) in l.iter().zip(&corners) {
                    for k in 0..3 {
                        p[k] += *w as f64 * v[k];
                    }
                }
                out[cell as usize] = Some(normalize3(p));
            }
        }
        out.into_iter()
            .map(|p| p.expect("every cell lies in a Section"))
            .collect()
    }

    /// Every cell's polygon corners on the unit sphere (cell order): corner `k` is
    /// the normalised centroid of the cell and its neighbours `nbr[k]`, `nbr[k + 1]`
    /// (the vertex of the dual), so the corners run counter-clockwise seen from
    /// outside, like the neighbour lists.
    pub fn corners3(&self) -> Vec<Vec<[f64; 3]>> {
        let centres = self.centers3();
        (0..self.num_cells())
            .map(|x| {
                let nb = &self.nbr[x];
                let d = nb.len();
                (0..d)
                    .map(|k| {
                        let (a, b) = (centres[nb[k] as usize], centres[nb[(k + 1) % d] as usize]);
                        let c = centres[x];
                        normalize3([c[0] + a[0] + b[0], c[1] + a[1] + b[1], c[2] + a[2] + b[2]])
                    })
                    .collect()
            })
            .collect()
    }
}

fn dot3(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross3(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn normalize3(a: [f64; 3]) -> [f64; 3] {
    let l = dot3(a, a).sqrt();
    [a[0] / l, a[1] / l, a[2] / l]
}
