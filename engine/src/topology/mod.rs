//! Cells and directions as data.
//!
//! A [`Topology`] knows, for every cell, its name, its coordinates (for lattice
//! boards), and for every direction the precomputed ray leaving it. Sliders walk
//! rays, leapers read leap tables built by [`Topology::leap_table`]. The same rook
//! definition thus works on an 8x8 grid, a 5x5x5 cube, three stacked boards and the
//! geodesic sphere: move generation never asks which one it is on.
//!
//! Generators: [`Topology::grid`], [`Topology::layers`], [`Topology::boards`] (all
//! thin wrappers over [`Topology::lattice`]) and [`Topology::from_rays`] for boards
//! that are not lattices (the sphere builds its rays itself and hands them over).

pub mod sphere;

use std::collections::HashMap;

/// A cell index, `0..topology.num_cells()`.
pub type Cell = u16;

/// A direction vector on a lattice: (dx = file, dy = rank, dz = level).
pub type Vector = [i8; 3];

/// Lattice coordinates of a cell: file, rank, level, board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Coord {
    pub x: i8,
    pub y: i8,
    pub z: i8,
    pub board: i8,
}

/// The 8 directions of a flat board, orthogonals first: N, E, S, W, NE, SE, SW, NW.
pub const KING_2D: [Vector; 8] = [
    [0, 1, 0],
    [1, 0, 0],
    [0, -1, 0],
    [-1, 0, 0],
    [1, 1, 0],
    [1, -1, 0],
    [-1, -1, 0],
    [-1, 1, 0],
];
/// The four orthogonal directions of a flat board (N, E, S, W).
pub const ORTHOGONAL_2D: [Vector; 4] = [[0, 1, 0], [1, 0, 0], [0, -1, 0], [-1, 0, 0]];
/// The four diagonal directions of a flat board (NE, SE, SW, NW).
pub const DIAGONAL_2D: [Vector; 4] = [[1, 1, 0], [1, -1, 0], [-1, -1, 0], [-1, 1, 0]];
/// The eight knight leaps of a flat board.
pub const KNIGHT_2D: [Vector; 8] = [
    [1, 2, 0],
    [2, 1, 0],
    [2, -1, 0],
    [1, -2, 0],
    [-1, -2, 0],
    [-2, -1, 0],
    [-2, 1, 0],
    [-1, 2, 0],
];

/// How to build a lattice topology.
pub struct LatticeSpec<'a> {
    pub width: i8,
    pub height: i8,
    /// Levels stacked on each board (1 for flat boards).
    pub depth: i8,
    /// Separate boards (rays never cross from one board to another).
    pub boards: i8,
    /// The directions rays are built for, in the order direction indices refer to.
    pub directions: Vec<Vector>,
    /// Cell name from its coordinates.
    pub namer: &'a dyn Fn(Coord) -> String,
}

#[derive(Clone, Debug)]
pub struct Topology {
    names: Vec<String>,
    coords: Vec<Coord>,
    by_name: HashMap<String, Cell>,
    directions: Vec<Vector>,
    num_dirs: usize,
    /// `(offset, len)` into `ray_cells`, indexed by `cell * num_dirs + dir`.
    ray_index: Vec<(u32, u32)>,
    ray_cells: Vec<Cell>,
    dims: (i8, i8, i8, i8),
    /// Lattices: the cell at each position of the bounding box (`Cell::MAX` for a
    /// hole), in the box's board, level, rank, file order.
    box_index: Vec<Cell>,
}

/// The cell at lattice coordinates `c` of a box of `dims`, if it is a cell.
fn box_lookup(box_index: &[Cell], dims: (i8, i8, i8, i8), c: Coord) -> Option<Cell> {
    let (w, h, d, b) = dims;
    if c.x < 0
        || c.y < 0
        || c.z < 0
        || c.board < 0
        || c.x >= w
        || c.y >= h
        || c.z >= d
        || c.board >= b
    {
        return None;
    }
    let i = ((c.board as usize * d as usize + c.z as usize) * h as usize + c.y as usize)
        * w as usize
        + c.x as usize;
    match box_index.get(i) {
        Some(&cell) if cell != Cell::MAX => Some(cell),
        _ => None,
    }
}

/// Standard square name: file letter + rank number (`a1`, `j10`).
pub fn square_name(x: i8, y: i8) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y as i32 + 1)
}

impl Topology {
    /// A flat `width` x `height` board with the 8 king directions; cells named `a1`...
    pub fn grid(width: i8, height: i8) -> Self {
        Self::lattice(LatticeSpec {
            width,
            height,
            depth: 1,
            boards: 1,
            directions: KING_2D.to_vec(),
            namer: &|c| square_name(c.x, c.y),
        })
    }

    /// `depth` stacked `width` x `height` levels with the given directions (which may
    /// have a level component); `namer` names cells (e.g. `1e2` or `Ac1`).
    pub fn layers(
        depth: i8,
        width: i8,
        height: i8,
        directions: Vec<Vector>,
        namer: &dyn Fn(Coord) -> String,
    ) -> Self {
        Self::lattice(LatticeSpec {
            width,
            height,
            depth,
            boards: 1,
            directions,
            namer,
        })
    }

    /// `boards` separate flat boards with the 8 king directions; rays stay on their board.
    pub fn boards(boards: i8, width: i8, height: i8, namer: &dyn Fn(Coord) -> String) -> Self {
        Self::lattice(LatticeSpec {
            width,
            height,
            depth: 1,
            boards,
            directions: KING_2D.to_vec(),
            namer,
        })
    }

    /// The general lattice generator. Cell index order: board, level, rank, file
    /// (so on one flat board `cell = rank * width + file`).
    pub fn lattice(spec: LatticeSpec) -> Self {
        Self::lattice_where(spec, &|_| true)
    }

    /// A lattice of the cells of the `width` x `height` x `depth` x `boards` box for
    /// which `exists` holds (a hexagon cut from a skewed grid, say). Cells keep the
    /// box's index order with the holes left out; rays stop at a hole as at an edge.
    pub fn lattice_where(spec: LatticeSpec, exists: &dyn Fn(Coord) -> bool) -> Self {
        let dims = (spec.width, spec.height, spec.depth, spec.boards);
        let mut coords = Vec::new();
        let mut box_index = Vec::new();
        for board in 0..spec.boards {
            for z in 0..spec.depth {
                for y in 0..spec.height {
                    for x in 0..spec.width {
                        let c = Coord { x, y, z, board };
                        if exists(c) {
                            box_index.push(coords.len() as Cell);
                            coords.push(c);
                        } else {
                            box_index.push(Cell::MAX);
                        }
                    }
                }
            }
        }
        let names: Vec<String> = coords.iter().map(|&c| (spec.namer)(c)).collect();
        let lookup = |c: Coord| box_lookup(&box_index, dims, c);
        let rays: Vec<Vec<Vec<Cell>>> = coords
            .iter()
            .map(|&from| {
                spec.directions
                    .iter()
                    .map(|v| {
                        let mut ray = Vec::new();
                        let mut c = from;
                        loop {
                            c = Coord {
                                x: c.x + v[0],
                                y: c.y + v[1],
                                z: c.z + v[2],
                                board: c.board,
                            };
                            match lookup(c) {
                                Some(i) => ray.push(i),
                                None => break,
                            }
                        }
                        ray
                    })
                    .collect()
            })
            .collect();
        let mut t = Self::from_rays(names, rays);
        t.coords = coords;
        t.directions = spec.directions;
        t.dims = dims;
        t.box_index = box_index;
        t
    }

    /// A topology from explicit rays: `rays[cell][dir]` is the list of cells met when
    /// travelling from `cell` in direction `dir` (nearest first). Cells with fewer
    /// directions pass empty rays for the missing ones.
    pub fn from_rays(names: Vec<String>, rays: Vec<Vec<Vec<Cell>>>) -> Self {
        assert_eq!(names.len(), rays.len(), "one ray list per cell");
        let num_dirs = rays.iter().map(|r| r.len()).max().unwrap_or(0);
        let mut ray_index = Vec::with_capacity(names.len() * num_dirs);
        let mut ray_cells = Vec::new();
        for cell_rays in &rays {
            for d in 0..num_dirs {
                let ray: &[Cell] = cell_rays.get(d).map(|r| r.as_slice()).unwrap_or(&[]);
                ray_index.push((ray_cells.len() as u32, ray.len() as u32));
                ray_cells.extend_from_slice(ray);
            }
        }
        let by_name = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i as Cell))
            .collect();
        Topology {
            coords: vec![Coord::default(); names.len()],
            names,
            by_name,
            directions: Vec::new(),
            num_dirs,
            ray_index,
            ray_cells,
            dims: (0, 0, 0, 0),
            box_index: Vec::new(),
        }
    }

    #[inline]
    pub fn num_cells(&self) -> usize {
        self.names.len()
    }
    #[inline]
    pub fn num_dirs(&self) -> usize {
        self.num_dirs
    }
    /// The ray from `cell` in direction `dir`, nearest cell first (empty at the edge).
    #[inline]
    pub fn ray(&self, cell: Cell, dir: usize) -> &[Cell] {
        let (off, len) = self.ray_index[cell as usize * self.num_dirs + dir];
        &self.ray_cells[off as usize..(off + len) as usize]
    }
    /// The neighbour of `cell` in direction `dir`, if any.
    #[inline]
    pub fn step(&self, cell: Cell, dir: usize) -> Option<Cell> {
        self.ray(cell, dir).first().copied()
    }
    pub fn name(&self, cell: Cell) -> &str {
        &self.names[cell as usize]
    }
    pub fn names(&self) -> &[String] {
        &self.names
    }
    pub fn cell_by_name(&self, name: &str) -> Option<Cell> {
        self.by_name.get(name).copied()
    }
    /// Lattice coordinates (all zero on non-lattice boards).
    #[inline]
    pub fn coord(&self, cell: Cell) -> Coord {
        self.coords[cell as usize]
    }
    /// (width, height, depth, boards) of a lattice; zeros otherwise.
    pub fn dims(&self) -> (i8, i8, i8, i8) {
        self.dims
    }
    /// The direction vectors of a lattice, in index order.
    pub fn directions(&self) -> &[Vector] {
        &self.directions
    }
    /// The index of a lattice direction vector.
    pub fn direction_index(&self, v: Vector) -> Option<usize> {
        self.directions.iter().position(|&d| d == v)
    }
    /// The cell at lattice coordinates, if on the board.
    pub fn cell_at(&self, c: Coord) -> Option<Cell> {
        box_lookup(&self.box_index, self.dims, c)
    }
    /// For each cell, the cells reached by the given leap vectors (lattice only; a
    /// leap never leaves its board).
    pub fn leap_table(&self, vectors: &[Vector]) -> Vec<Vec<Cell>> {
        (0..self.num_cells() as Cell)
            .map(|cell| {
                let c = self.coord(cell);
                vectors
                    .iter()
                    .filter_map(|v| {
                        self.cell_at(Coord {
                            x: c.x + v[0],
                            y: c.y + v[1],
                            z: c.z + v[2],
                            board: c.board,
                        })
                    })
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_rays_and_names() {
        let t = Topology::grid(8, 8);
        assert_eq!(t.num_cells(), 64);
        let e4 = t.cell_by_name("e4").unwrap();
        assert_eq!(t.name(e4), "e4");
        let north = t.direction_index([0, 1, 0]).unwrap();
        let names: Vec<&str> = t.ray(e4, north).iter().map(|&c| t.name(c)).collect();
        assert_eq!(names, ["e5", "e6", "e7", "e8"]);
        let ne = t.direction_index([1, 1, 0]).unwrap();
        assert_eq!(t.ray(t.cell_by_name("h1").unwrap(), ne).len(), 0);
        let knight = t.leap_table(&KNIGHT_2D);
        assert_eq!(knight[t.cell_by_name("a1").unwrap() as usize].len(), 2);
        assert_eq!(knight[e4 as usize].len(), 8);
    }

    #[test]
    fn separate_boards_do_not_connect() {
        let t = Topology::boards(3, 8, 8, &|c| {
            format!(
                "{}{}",
                (b'A' + c.board as u8) as char,
                square_name(c.x, c.y)
            )
        });
        assert_eq!(t.num_cells(), 192);
        let ah8 = t.cell_by_name("Ah8").unwrap();
        let east = t.direction_index([1, 0, 0]).unwrap();
        assert!(t.ray(ah8, east).is_empty());
        let north = t.direction_index([0, 1, 0]).unwrap();
        assert!(t.ray(ah8, north).is_empty());
        assert_eq!(t.ray(t.cell_by_name("Ba1").unwrap(), north).len(), 7);
    }

    #[test]
    fn cube_has_26_neighbours_in_the_middle() {
        let mut dirs = Vec::new();
        for dx in -1..=1 {
            for dy in -1..=1 {
                for dz in -1..=1 {
                    if (dx, dy, dz) != (0, 0, 0) {
                        dirs.push([dx, dy, dz]);
                    }
                }
            }
        }
        let t = Topology::layers(5, 5, 5, dirs, &|c| {
            format!("{}{}", (b'A' + c.z as u8) as char, square_name(c.x, c.y))
        });
        let centre = t.cell_by_name("Cc3").unwrap();
        assert_eq!(
            (0..t.num_dirs())
                .filter(|&d| t.step(centre, d).is_some())
                .count(),
            26
        );
        let corner = t.cell_by_name("Aa1").unwrap();
        assert_eq!(
            (0..t.num_dirs())
                .filter(|&d| t.step(corner, d).is_some())
                .count(),
            7
        );
    }
}
