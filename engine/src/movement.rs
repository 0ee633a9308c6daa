//! Piece movement as data.
//!
//! A piece's movement is a list of [`Rule`]s, each an [`Atom`] (slide along some
//! topology directions with an optional range limit, or leap to precomputed targets)
//! with a [`Mode`] (move and capture, move only, capture only). A step is a slide of
//! range 1. When a variant is built, every piece is compiled into [`Compiled`]:
//! per cell, a list of lines (cells in walking order). Move generation then only
//! walks lines; it never interprets the rules per node.
//!
//! Side-dependent movement (pawns' forward) is compiled once per side, with the
//! side's forward directions as data.

use crate::topology::{Cell, Topology};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    MoveOrCapture,
    MoveOnly,
    CaptureOnly,
}

impl Mode {
    #[inline]
    pub fn can_move(self) -> bool {
        self != Mode::CaptureOnly
    }
    #[inline]
    pub fn can_capture(self) -> bool {
        self != Mode::MoveOnly
    }
}

#[derive(Clone, Debug)]
pub enum Atom {
    /// Slide along each of `dirs` (topology direction indices), at most `range`
    /// cells (0 = unlimited). A step is `range: 1`.
    Slide { dirs: Vec<usize>, range: u8 },
    /// Leap to the per-cell targets of a leap table (not blockable).
    Leap { targets: Vec<Vec<Cell>> },
}

#[derive(Clone, Debug)]
pub struct Rule {
    pub atom: Atom,
    pub mode: Mode,
}

/// A piece's movement: the union of its rules.
#[derive(Clone, Debug, Default)]
pub struct PieceMoves {
    pub rules: Vec<Rule>,
}

impl PieceMoves {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn slide(mut self, dirs: impl IntoIterator<Item = usize>, range: u8, mode: Mode) -> Self {
        self.rules.push(Rule {
            atom: Atom::Slide {
                dirs: dirs.into_iter().collect(),
                range,
            },
            mode,
        });
        self
    }
    pub fn step(self, dirs: impl IntoIterator<Item = usize>, mode: Mode) -> Self {
        self.slide(dirs, 1, mode)
    }
    pub fn leap(mut self, targets: Vec<Vec<Cell>>, mode: Mode) -> Self {
        self.rules.push(Rule {
            atom: Atom::Leap { targets },
            mode,
        });
        self
    }
    pub fn compile(&self, topo: &Topology) -> Compiled {
        Compiled::new(topo, self)
    }
}

#[derive(Clone, Copy, Debug)]
struct Line {
    start: u32,
    len: u32,
    mode: Mode,
}

/// A piece's movement compiled for one topology: per cell, its lines.
#[derive(Clone, Debug, Default)]
pub struct Compiled {
    /// `(first line, line count)` per cell.
    index: Vec<(u32, u32)>,
    lines: Vec<Line>,
    cells: Vec<Cell>,
    /// Per cell, a row of `row_words` words with one bit for every cell on any of its
    /// lines: [`Compiled::covers`] answers "is the target on a line at all" without
    /// walking them.
    covered: Vec<u64>,
    row_words: usize,
}

/// What a walking piece finds on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    Empty,
    /// A piece this mover may capture.
    Enemy,
    /// A piece that stops the line and cannot be captured (own piece, uncapturable).
    Blocked,
}

impl Compiled {
    fn new(topo: &Topology, moves: &PieceMoves) -> Self {
        let mut c = Compiled {
            row_words: topo.num_cells().div_ceil(64),
            ..Compiled::default()
        };
        c.covered = vec![0; topo.num_cells() * c.row_words];
        for cell in 0..topo.num_cells() as Cell {
            let first = c.lines.len() as u32;
            for rule in &moves.rules {
                match &rule.atom {
                    Atom::Slide { dirs, range } => {
                        for &d in dirs {
                            let ray = topo.ray(cell, d);
                            let len = if *range == 0 {
                                ray.len()
                            } else {
                                ray.len().min(*range as usize)
                            };
                            if len > 0 {
                                c.push_line(&ray[..len], rule.mode);
                            }
                        }
                    }
                    Atom::Leap { targets } => {
                        for &t in &targets[cell as usize] {
                            c.push_line(&[t], rule.mode);
                        }
                    }
                }
            }
            c.index.push((first, c.lines.len() as u32 - first));
            let row = cell as usize * c.row_words;
            for line in &c.lines[first as usize..] {
                for &to in &c.cells[line.start as usize..(line.start + line.len) as usize] {
                    c.covered[row + to as usize / 64] |= 1 << (to % 64);
                }
            }
        }
        c
    }

    /// Whether `target` lies on one of `from`'s lines (blockers and modes aside).
    #[inline]
    pub fn covers(&self, from: Cell, target: Cell) -> bool {
        let t = target as usize;
        self.covered(from)[t / 64] >> (t % 64) & 1 != 0
    }

    /// The cells on any of `from`'s lines, as words of 64 cells (cell `c` is bit
    /// `c % 64` of word `c / 64`): the layout of a [`crate::CellSet`]'s words.
    #[inline]
    pub fn covered(&self, from: Cell) -> &[u64] {
        let row = from as usize * self.row_words;
        &self.covered[row..row + self.row_words]
    }

    fn push_line(&mut self, cells: &[Cell], mode: Mode) {
        self.lines.push(Line {
            start: self.cells.len() as u32,
            len: cells.len() as u32,
            mode,
        });
        self.cells.extend_from_slice(cells);
    }

    /// The lines leaving `cell`, each with its mode.
    #[inline]
    pub fn lines(&self, cell: Cell) -> impl Iterator<Item = (Mode, &[Cell])> + '_ {
        let (first, n) = self.index[cell as usize];
        self.lines[first as usize..(first + n) as usize]
            .iter()
            .map(move |l| {
                (
                    l.mode,
                    &self.cells[l.start as usize..(l.start + l.len) as usize],
                )
            })
    }

    /// Walks every line from `from`; `look` says what stands on a cell; `emit(to,
    /// is_capture)` receives each reachable destination.
    #[inline]
    pub fn walk(
        &self,
        from: Cell,
        look: impl Fn(Cell) -> Square,
        mut emit: impl FnMut(Cell, bool),
    ) {
        for (mode, line) in self.lines(from) {
            for &to in line {
                match look(to) {
                    Square::Empty => {
                        if mode.can_move() {
                            emit(to, false);
                        }
                    }
                    Square::Enemy => {
                        if mode.can_capture() {
                            emit(to, true);
                        }
                        break;
                    }
                    Square::Blocked => break,
                }
            }
        }
    }

    /// Whether a piece on `from` could capture on `target` (lines walked with
    /// `occupied` as the only blockers; the target's occupant is not examined).
    #[inline]
    pub fn reaches(&self, from: Cell, target: Cell, occupied: impl Fn(Cell) -> bool) -> bool {
        if !self.covers(from, target) {
            return false;
        }
        for (mode, line) in self.lines(from) {
            if !mode.can_capture() {
                continue;
            }
            for &to in line {
                if to == target {
                    return true;
                }
                if occupied(to) {
                    break;
                }
            }
        }
        false
    }
}

/// A [`Compiled`] movement as bit masks, for boards of at most 128 cells whose lines
/// each run one way through the cell numbering (a ray on a grid numbered row by row
/// does): the first man on a line is then the lowest or highest set bit of the line's
/// mask and the occupancy, so counting a piece's destinations takes a few word
/// operations per line instead of a look at each cell.
#[derive(Clone, Debug, Default)]
pub struct LineMasks {
    /// `(first line, line count)` per cell, as in [`Compiled`].
    index: Vec<(u32, u32)>,
    lines: Vec<MaskLine>,
}

#[derive(Clone, Copy, Debug)]
struct MaskLine {
    mask: u128,
    mode: Mode,
    /// Whether the line is walked from low cell numbers to high ones.
    ascending: bool,
}

impl LineMasks {
    /// The masks of `compiled`, or `None` when a cell number is 128 or more or a
    /// line runs both ways through the numbering.
    pub fn new(compiled: &Compiled) -> Option<LineMasks> {
        let mut masks = LineMasks {
            index: compiled.index.clone(),
            lines: Vec::with_capacity(compiled.lines.len()),
        };
        for line in &compiled.lines {
            let cells = &compiled.cells[line.start as usize..(line.start + line.len) as usize];
            if cells.iter().any(|&c| c >= 128) {
                return None;
            }
            let ascending = cells.windows(2).all(|w| w[0] < w[1]);
            if !ascending && !cells.windows(2).all(|w| w[0] > w[1]) {
                return None;
            }
            masks.lines.push(MaskLine {
                mask: cells.iter().fold(0, |m, &c| m | 1 << c),
                mode: line.mode,
                ascending,
            });
        }
        Some(masks)
    }

    fn lines(&self, from: Cell) -> &[MaskLine] {
        let (first, n) = self.index[from as usize];
        &self.lines[first as usize..(first + n) as usize]
    }

    /// In one pass over `from`'s lines, when `occupied` are the cells holding a man
    /// and `enemy` those whose man it may capture: how many destinations
    /// [`Compiled::walk`] gives, and the cells of the capturing lines up to and
    /// including the first man on each (where a piece there could take an enemy man,
    /// and so also the own men it defends; `& occupied` keeps the men).
    #[inline]
    pub fn reach(&self, from: Cell, occupied: u128, enemy: u128) -> (u32, u128) {
        let (mut n, mut attacks) = (0, 0);
        for line in self.lines(from) {
            let blockers = line.mask & occupied;
            if blockers == 0 {
                if line.mode.can_move() {
                    n += line.mask.count_ones();
                }
                if line.mode.can_capture() {
                    attacks |= line.mask;
                }
                continue;
            }
            let (first, before) = if line.ascending {
                let b = blockers.trailing_zeros();
                (1u128 << b, line.mask & ((1u128 << b) - 1))
            } else {
                let b = 127 - blockers.leading_zeros();
                (1u128 << b, line.mask & (!0u128 << b << 1))
            };
            if line.mode.can_move() {
                n += before.count_ones();
            }
            if line.mode.can_capture() {
                attacks |= before | first;
                if enemy & first != 0 {
                    n += 1;
                }
            }
        }
        (n, attacks)
    }

    /// How many of `from`'s lines hold a cell of `cells` (wherever it stands on the
    /// line).
    #[inline]
    pub fn lines_meeting(&self, from: Cell, cells: u128) -> u32 {
        self.lines(from)
            .iter()
            .filter(|line| line.mask & cells != 0)
            .count() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::{KNIGHT_2D, ORTHOGONAL_2D};

    fn orthogonal(t: &Topology) -> Vec<usize> {
        ORTHOGONAL_2D
            .iter()
            .map(|&v| t.direction_index(v).unwrap())
            .collect()
    }
    fn rook(t: &Topology) -> Compiled {
        PieceMoves::new()
            .slide(orthogonal(t), 0, Mode::MoveOrCapture)
            .compile(t)
    }
    fn knight(t: &Topology) -> Compiled {
        PieceMoves::new()
            .leap(t.leap_table(&KNIGHT_2D), Mode::MoveOrCapture)
            .compile(t)
    }

    #[test]
    fn rook_and_knight_on_grid() {
        let t = Topology::grid(8, 8);
        let rook = rook(&t);
        let a1 = t.cell_by_name("a1").unwrap();
        let a4 = t.cell_by_name("a4").unwrap();
        let mut n = 0;
        rook.walk(
            a1,
            |c| {
                if c == a4 {
                    Square::Enemy
                } else {
                    Square::Empty
                }
            },
            |_, _| n += 1,
        );
        assert_eq!(n, 3 + 7);
        let wazir_move_only = PieceMoves::new()
            .step(orthogonal(&t), Mode::MoveOnly)
            .compile(&t);
        let mut caps = 0;
        wazir_move_only.walk(a1, |_| Square::Enemy, |_, c| caps += c as i32);
        assert_eq!(caps, 0);
        let knight = knight(&t);
        assert!(knight.reaches(a1, t.cell_by_name("b3").unwrap(), |_| true));
        assert!(!rook.reaches(a1, t.cell_by_name("a8").unwrap(), |c| c == a4));
    }

    #[test]
    fn covers_names_exactly_the_cells_on_a_line() {
        // On a 10x10 grid (two words a row): a rook covers its file and rank, a
        // knight its leaps, nothing else, from every cell.
        let t = Topology::grid(10, 10);
        let (rook, knight) = (rook(&t), knight(&t));
        for from in 0..100 as Cell {
            for to in 0..100 as Cell {
                let (fx, fy, tx, ty) = (from % 10, from / 10, to % 10, to / 10);
                let on_rook_line = from != to && (fx == tx || fy == ty);
                assert_eq!(rook.covers(from, to), on_rook_line, "rook {from} {to}");
                let (dx, dy) = (fx.abs_diff(tx), fy.abs_diff(ty));
                let leap = (dx == 1 && dy == 2) || (dx == 2 && dy == 1);
                assert_eq!(knight.covers(from, to), leap, "knight {from} {to}");
            }
        }
    }

    #[test]
    fn line_masks_count_what_the_walk_finds() {
        // On an 11x11 grid (121 cells, lines both ways through the numbering): a
        // queen (slides), a knight (leaps) and a move-only pawn push, from every
        // cell, against pseudo-random men of both sides.
        let t = Topology::grid(11, 11);
        let all: Vec<usize> = (0..t.directions().len()).collect();
        let forward = t.direction_index([0, 1, 0]).unwrap();
        let pieces = [
            PieceMoves::new().slide(all.clone(), 0, Mode::MoveOrCapture),
            PieceMoves::new().leap(t.leap_table(&KNIGHT_2D), Mode::MoveOrCapture),
            PieceMoves::new()
                .slide([forward], 2, Mode::MoveOnly)
                .step(all, Mode::CaptureOnly),
        ];
        let mut seed = 0x853c_49e6_748f_ea9bu64;
        let mut random = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut counted, mut lines_hit, mut first_men) = (0, 0, 0);
        for moves in &pieces {
            let compiled = moves.compile(&t);
            let masks = LineMasks::new(&compiled).expect("grid rays are monotone");
            for _ in 0..40 {
                let cells = (1u128 << 121) - 1;
                let occupied = (random() as u128 | (random() as u128) << 64) & cells;
                let occupied = occupied & (random() as u128 | (random() as u128) << 64);
                let enemy = occupied & (random() as u128 | (random() as u128) << 64);
                for from in 0..121 as Cell {
                    let look = |c: Cell| match (occupied >> c & 1, enemy >> c & 1) {
                        (0, _) => Square::Empty,
                        (_, 1) => Square::Enemy,
                        _ => Square::Blocked,
                    };
                    let mut walked = 0;
                    compiled.walk(from, look, |_, _| walked += 1);
                    let (reach, attacks) = masks.reach(from, occupied, enemy);
                    assert_eq!(reach, walked, "{from}");
                    counted += walked;
                    let meeting = compiled
                        .lines(from)
                        .filter(|(_, line)| line.iter().any(|&c| enemy >> c & 1 != 0))
                        .count() as u32;
                    assert_eq!(masks.lines_meeting(from, enemy), meeting);
                    lines_hit += meeting;
                    // The capturing lines' cells up to the first man, line by line.
                    let mut attacked = 0u128;
                    for (mode, line) in compiled.lines(from) {
                        if !mode.can_capture() {
                            continue;
                        }
                        for &c in line {
                            attacked |= 1 << c;
                            if occupied >> c & 1 != 0 {
                                break;
                            }
                        }
                    }
                    assert_eq!(attacks, attacked, "{from}");
                    first_men += (attacked & occupied).count_ones();
                }
            }
        }
        assert!(
            counted > 10_000 && lines_hit > 1_000 && first_men > 1_000,
            "{counted} {lines_hit} {first_men}"
        );
        // Cells past 127 do not fit.
        assert!(LineMasks::new(&rook(&Topology::grid(12, 12))).is_none());
    }
}
