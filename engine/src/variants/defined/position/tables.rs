//! Everything a [`super::FileVariant`] reads per node, compiled once per definition
//! from the rule components of [`VariantDef`] and shared by every position of the
//! variant (cached in the definition, see [`VariantDef::tables`]).
//!
//! * movement: per side, kind and origin cell, the *lines* the piece walks (ride
//!   cells up to the ride's reach, one leap target, or a hop's whole ray), with
//!   Black's vectors mirrored by [`crate::variants::defined::Board::mirror`];
//! * attacks (check detection by reverse lookup): per attacking side, every
//!   distinct reverse direction with, per distance, the kinds that capture along it
//!   from there; per target cell the rays along those directions and the leap
//!   sources. One walk per direction answers "is this cell attacked";
//! * zones as per-cell flags (initial region, promotion zone, goal cells), drop
//!   permissions, castling cells, explosion neighbourhoods, FEN row layout;
//! * the Zobrist table and the leaked `&'static str`s of `VariantInfo`.

use super::super::def::*;

use crate::position::Side;
use crate::topology::{Cell, Coord, Vector};
use crate::zobrist::Zobrist;

/// Board words of the occupancy bitsets (`MAX_CELLS` <= 512).
pub(crate) const WORDS: usize = 8;
/// Longest ray a board can have (16 cells a side), so per-distance masks fit.
pub(crate) const MAX_DIST: usize = 16;
/// No cell (e.p. field empty, etc.).
pub(crate) const NO_CELL: u16 = u16::MAX;

/// Per-cell flags, per side.
pub(crate) const F_INITIAL: u8 = 1;
pub(crate) const F_PROMO: u8 = 2;
pub(crate) const F_GOAL: u8 = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineTravel {
    /// Cells before the destination empty; destinations from index `min - 1`.
    Ride,
    Leap,
    /// A cannon: over exactly one screen.
    Hop,
}

/// One line of a piece from one origin cell.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line {
    pub start: u32,
    pub len: u8,
    /// Rides: the first destination's distance (1 for ordinary rides).
    pub min: u8,
    pub travel: LineTravel,
    pub can_move: bool,
    pub can_capture: bool,
    pub initial: bool,
}

/// A reverse direction of one attacking side: from a target cell, walking this
/// way, a piece of kind `k` met first at distance `d` (cells before it empty)
/// attacks the target when `masks[d - 1]` has bit `k` (`imasks`: only when the
/// attacker stands in its initial region). `hop`: kinds that attack as cannons along
/// it (the second piece met).
#[derive(Clone, Debug)]
pub(crate) struct RevDir {
    pub vector: Vector,
    pub masks: [u32; MAX_DIST],
    pub imasks: [u32; MAX_DIST],
    pub hop: u32,
}

/// One ray of one reverse direction from one target cell.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Probe {
    pub dir: u16,
    pub start: u32,
    pub len: u8,
}

/// A leap attack source: a piece of `mask` kinds (of the attacking side) on
/// `cell` attacks the target (`imask`: only from its initial region).
#[derive(Clone, Copy, Debug)]
pub(crate) struct LeapSrc {
    pub cell: u16,
    pub mask: u32,
    pub imask: u32,
}

/// Castling cells of one side and wing (grid boards only).
#[derive(Clone, Copy, Debug)]
pub(crate) struct CastleWing {
    pub rook_from: u16,
    pub king_to: u16,
    pub rook_to: u16,
    /// Files spanned by king, rook and their destinations (inclusive).
    pub lo: i8,
    pub hi: i8,
    /// First rank of the side (0 or height - 1).
    pub rank: i8,
}

/// Leaked description strings (once per definition).
#[derive(Debug)]
pub(crate) struct InfoStrings {
    pub name: &'static str,
    pub title: &'static str,
    pub pieces: Vec<(char, &'static str)>,
    pub turn: &'static str,
    pub board: String,
}

#[derive(Debug)]
pub(crate) struct Tables {
    pub ncells: usize,
    pub nwords: usize,
    pub nkinds: usize,
    pub valid: [u64; WORDS],
    pub zob: Zobrist,
    /// Zobrist extras layout.
    pub x_ep: usize,
    pub x_sub: usize,
    pub x_hand: usize,

    // Movement.
    /// `[(side * nkinds + kind) * ncells + cell]` -> range of `lines`.
    pub gen_index: Vec<(u32, u32)>,
    pub lines: Vec<Line>,
    pub line_cells: Vec<u16>,
    /// Per `side * nkinds + kind`: lines of one origin may share a destination, so
    /// the generator removes repeated moves.
    pub dedupe: Vec<bool>,

    // Attacks, per attacking side.
    pub dirs: [Vec<RevDir>; 2],
    /// `[side * ncells + cell]` -> range of `probes`.
    pub probe_index: Vec<(u32, u32)>,
    pub probes: Vec<Probe>,
    pub ray_cells: Vec<u16>,
    /// `[side * ncells + cell]` -> range of `leaps`.
    pub leap_index: Vec<(u32, u32)>,
    pub leaps: Vec<LeapSrc>,
    /// Whether the side has any cannon capture (then any move may give or expose
    /// check, and the generator tests every move).
    pub has_hop: [bool; 2],

    // Kinds.
    pub royal_mask: u32,
    pub ep_mask: u32,
    pub promo_kinds: u32,
    pub promo_choices: Vec<u8>,
    pub promo_mandatory: bool,
    /// The kind a promoted piece returns to the hand as.
    pub unpromoted_kind: u8,
    pub goal_kinds: u32,
    pub immune: u32,
    /// Kinds whose loss loses under `Goal::Extinction` (all kinds when the list
    /// is empty).
    pub extinction_mask: u32,
    pub letters: Vec<char>,
    pub kind_by_letter: [u8; 128],

    // Zones and cells.
    /// `[side * ncells + cell]`: `F_*` flags.
    pub flags: Vec<u8>,
    /// `[side * nkinds + kind]`: cells where the kind may be dropped.
    pub drop_ok: Vec<[u64; WORDS]>,
    /// Board or level index of each cell (for `Turn::end_on`).
    pub part: Vec<i8>,
    /// Explosion neighbourhoods: `[cell]` -> range of `blast_cells`.
    pub blast_index: Vec<(u32, u32)>,
    pub blast_cells: Vec<u16>,

    // Castling.
    pub castle_king: Option<u8>,
    pub castle_rook: u8,
    /// `[side][wing]`, wing 0 king side, 1 queen side.
    pub wings: Option<[[CastleWing; 2]; 2]>,
    /// Rights lost when a cell's content changes (the rooks' corners).
    pub castle_clear: Vec<u8>,

    /// FEN rows in order: (separator before the row, cells of the row in order).
    pub fen_rows: Vec<(u8, Vec<u16>)>,
    pub info: InfoStrings,
}

impl Tables {
    #[inline]
    pub fn lines_of(&self, side: usize, kind: usize, cell: usize) -> &[Line] {
        let (a, n) = self.gen_index[(side * self.nkinds + kind) * self.ncells + cell];
        &self.lines[a as usize..(a + n) as usize]
    }
    #[inline]
    pub fn line(&self, l: &Line) -> &[u16] {
        &self.line_cells[l.start as usize..l.start as usize + l.len as usize]
    }
    #[inline]
    pub fn flag(&self, side: usize, cell: usize) -> u8 {
        self.flags[side * self.ncells + cell]
    }
    #[inline]
    pub fn blast(&self, cell: usize) -> &[u16] {
        let (a, n) = self.blast_index[cell];
        &self.blast_cells[a as usize..(a + n) as usize]
    }
}

fn add(c: Coord, v: Vector) -> Coord {
    Coord {
        x: c.x + v[0],
        y: c.y + v[1],
        z: c.z + v[2],
        board: c.board,
    }
}

fn neg(v: Vector) -> Vector {
    [-v[0], -v[1], -v[2]]
}

/// The rank of `cell` counted from `side`'s own edge (1 = its first rank). Levels:
/// the rank within the level (every level counts). Hex: the rank within the file
/// from the side's own end.
pub(crate) fn own_rank(def: &VariantDef, cell: Cell, side: Side) -> i8 {
    let c = def.topology.coord(cell);
    match def.board {
        Board::Grid { height, .. }
        | Board::Levels { height, .. }
        | Board::Boards { height, .. } => match side {
            Side::White => c.y + 1,
            Side::Black => height - c.y,
        },
        Board::Hex { side: s } => {
            let (file, rank) = def.board.hex_file_rank(c).unwrap_or((0, 1));
            let len = hex_file_len(s, file);
            match side {
                Side::White => rank,
                Side::Black => len - rank + 1,
            }
        }
    }
}

/// Cells in file `file` of a hexagon of side `s`.
pub(crate) fn hex_file_len(s: i8, file: i8) -> i8 {
    let span = 2 * s - 1;
    s + file.min(span - 1 - file)
}

/// The promotion rank of `cell` for `side`: as [`own_rank`], except on hex boards,
/// where every file's last cell counts as the longest file's last rank
/// (`2 * side - 1`, 11 for Glinski), the one before it one less, and so on, so
/// `ranks = [11]` means "the last cell of each file".
fn promo_rank(def: &VariantDef, cell: Cell, side: Side) -> i8 {
    match def.board {
        Board::Hex { side: s } => {
            let c = def.topology.coord(cell);
            let (file, _) = def.board.hex_file_rank(c).unwrap_or((0, 1));
            let len = hex_file_len(s, file);
            (2 * s - 1) - (len - own_rank(def, cell, side))
        }
        _ => own_rank(def, cell, side),
    }
}

/// The cell Black's version of `cell` is on: the board's mirror.
pub(crate) fn mirror_cell(def: &VariantDef, cell: Cell) -> Option<Cell> {
    def.board.mirror_cell(&def.topology, cell)
}

fn seed_of(name: &str) -> u64 {
    // FNV-1a: a stable per-variant seed so keys never depend on the run.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

impl Tables {
    /// Compiles a definition. Errors describe definitions a position cannot play
    /// (too many cells or kinds, a castling rook that is not a kind...).
    pub fn build(def: &VariantDef) -> Result<Tables, String> {
        let topo = &def.topology;
        let ncells = topo.num_cells();
        if ncells == 0 || ncells > MAX_CELLS {
            return Err(format!(
                "the board has {ncells} cells (1..={MAX_CELLS} allowed)"
            ));
        }
        let nkinds = def.pieces.len();
        if nkinds > MAX_KINDS {
            return Err(format!("{nkinds} piece kinds (at most {MAX_KINDS})"));
        }
        let rules = &def.rules;
        let explosion = rules.explosion.as_ref();
        let mut kind_by_letter = [u8::MAX; 128];
        for (k, p) in def.pieces.iter().enumerate() {
            let l = p.letter;
            if !l.is_ascii_uppercase() {
                return Err(format!("piece letter '{l}' is not an upper-case letter"));
            }
            if kind_by_letter[l as usize] != u8::MAX {
                return Err(format!("two pieces use the letter '{l}'"));
            }
            kind_by_letter[l as usize] = k as u8;
            kind_by_letter[l.to_ascii_lowercase() as usize] = k as u8;
        }
        let check_kind = |k: usize, what: &str| -> Result<(), String> {
            if k < nkinds {
                Ok(())
            } else {
                Err(format!("{what}: kind {k} is not a piece"))
            }
        };
        let mut valid = [0u64; WORDS];
        for c in 0..ncells {
            valid[c / 64] |= 1 << (c % 64);
        }
        let cell_at = |c: Coord| topo.cell_at(c);
        let vec_for = |side: usize, v: Vector| {
            if side == 0 {
                v
            } else {
                def.board.mirror(v)
            }
        };
        let sides = [Side::White, Side::Black];

        // Kind masks.
        let mut royal_mask = 0u32;
        let mut ep_mask = 0u32;
        for (k, p) in def.pieces.iter().enumerate() {
            if p.royal {
                royal_mask |= 1 << k;
            }
            if p.en_passant {
                ep_mask |= 1 << k;
            }
        }
        // With explosions royal pieces never capture (atomic: a king's capture
        // would explode it).
        let capture_ok = |k: usize| explosion.is_none() || !def.pieces[k].royal;

        // Zones.
        let mut flags = vec![0u8; 2 * ncells];
        for (s, &side) in sides.iter().enumerate() {
            for c in 0..ncells {
                let cell = c as Cell;
                if rules.initial_ranks.contains(&own_rank(def, cell, side)) {
                    flags[s * ncells + c] |= F_INITIAL;
                }
                if let Some(p) = &rules.promotion {
                    if p.ranks.contains(&promo_rank(def, cell, side)) {
                        flags[s * ncells + c] |= F_PROMO;
                    }
                }
            }
        }
        // Zones given as White's cells: Black's are their mirror images.
        let mut flag_cells = |cells: &[u16], flag: u8| -> Result<(), String> {
            for &c in cells {
                if c as usize >= ncells {
                    return Err(format!("zone cell {c} is not on the board"));
                }
                flags[c as usize] |= flag;
                if let Some(m) = mirror_cell(def, c) {
                    flags[ncells + m as usize] |= flag;
                }
            }
            Ok(())
        };
        flag_cells(&rules.initial_cells, F_INITIAL)?;
        if let Some(p) = &rules.promotion {
            flag_cells(&p.cells, F_PROMO)?;
        }
        let mut goal_kinds = 0u32;
        if let Some(g) = &rules.goal_cells {
            for &k in &g.kinds {
                check_kind(k, "goal cells")?;
                goal_kinds |= 1 << k;
            }
            for &c in &g.cells {
                if (c as usize) < ncells {
                    flags[c as usize] |= F_GOAL;
                }
            }
            if g.black_cells.is_empty() {
                for &c in &g.cells {
                    if let Some(m) = mirror_cell(def, c) {
                        flags[ncells + m as usize] |= F_GOAL;
                    }
                }
            } else {
                for &c in &g.black_cells {
                    if (c as usize) < ncells {
                        flags[ncells + c as usize] |= F_GOAL;
                    }
                }
            }
        }
        let (mut promo_kinds, mut promo_choices, mut promo_mandatory, mut unpromoted_kind) =
            (0u32, Vec::new(), false, 0u8);
        if let Some(p) = &rules.promotion {
            for &k in &p.kinds {
                check_kind(k, "promotion")?;
                promo_kinds |= 1 << k;
            }
            for &k in &p.choices {
                check_kind(k, "promotion choice")?;
                promo_choices.push(k as u8);
            }
            promo_mandatory = p.mandatory;
            // A FEN's `~` does not say what a piece promoted from; with several
            // promoting kinds the first is assumed.
            unpromoted_kind = p.kinds.first().copied().unwrap_or(0) as u8;
        }
        let mut immune = 0u32;
        if let Some(e) = explosion {
            for &k in &e.immune {
                check_kind(k, "explosion immune")?;
                immune |= 1 << k;
            }
        }
        let extinction_mask = match &rules.goal {
            Goal::Extinction { kinds } if !kinds.is_empty() => {
                let mut m = 0;
                for &k in kinds {
                    check_kind(k, "extinction")?;
                    m |= 1 << k;
                }
                m
            }
            _ => {
                if nkinds == 0 {
                    0
                } else {
                    (1u32 << nkinds) - 1
                }
            }
        };

        // Drops.
        let mut drop_ok = vec![valid; 2 * nkinds.max(1)];
        if let Some(d) = &rules.drops {
            for (k, ranks) in &d.forbidden_ranks {
                check_kind(*k, "forbidden drop ranks")?;
                for (s, &side) in sides.iter().enumerate() {
                    let set = &mut drop_ok[s * nkinds + k];
                    for c in 0..ncells {
                        if ranks.contains(&own_rank(def, c as Cell, side)) {
                            set[c / 64] &= !(1 << (c % 64));
                        }
                    }
                }
            }
        }

        // Movement lines.
        let mut gen_index = vec![(0u32, 0u32); 2 * nkinds * ncells];
        let mut lines = Vec::new();
        let mut line_cells: Vec<u16> = Vec::new();
        let mut dedupe = vec![false; 2 * nkinds];
        for s in 0..2 {
            for (k, piece) in def.pieces.iter().enumerate() {
                for c in 0..ncells {
                    let first = lines.len() as u32;
                    let origin = topo.coord(c as Cell);
                    let mut dests: Vec<u16> = Vec::new();
                    for atom in &piece.atoms {
                        let can_move = atom.mode.can_move();
                        let can_capture = atom.mode.can_capture() && capture_ok(k);
                        if !can_move && !can_capture {
                            continue;
                        }
                        // Leaps and single steps (no cell crossed) of one atom share
                        // one line of targets.
                        let single = matches!(atom.travel, Travel::Leap)
                            || matches!(atom.travel, Travel::Ride { min: 0 | 1, max: 1 });
                        if single {
                            let start = line_cells.len() as u32;
                            for &v0 in &atom.vectors {
                                if v0 == [0, 0, 0] {
                                    continue;
                                }
                                if let Some(t) = cell_at(add(origin, vec_for(s, v0))) {
                                    if !line_cells[start as usize..].contains(&t) {
                                        line_cells.push(t);
                                        dests.push(t);
                                    }
                                }
                            }
                            let len = line_cells.len() as u32 - start;
                            if len > 0 {
                                if len > u8::MAX as u32 {
                                    return Err("an atom has more than 255 targets".to_string());
                                }
                                lines.push(Line {
                                    start,
                                    len: len as u8,
                                    min: 1,
                                    travel: LineTravel::Leap,
                                    can_move,
                                    can_capture,
                                    initial: atom.initial,
                                });
                            }
                            continue;
                        }
                        for &v0 in &atom.vectors {
                            if v0 == [0, 0, 0] {
                                continue;
                            }
                            let v = vec_for(s, v0);
                            let start = line_cells.len() as u32;
                            let (min, travel) = match atom.travel {
                                Travel::Ride { min, max } => {
                                    let mut p = origin;
                                    let mut n = 0u32;
                                    while max == 0 || n < max as u32 {
                                        p = add(p, v);
                                        match cell_at(p) {
                                            Some(t) => line_cells.push(t),
                                            None => break,
                                        }
                                        n += 1;
                                    }
                                    let min = min.max(1);
                                    if n < min as u32 {
                                        line_cells.truncate(start as usize);
                                        continue;
                                    }
                                    dests.extend_from_slice(
                                        &line_cells[start as usize + min as usize - 1..],
                                    );
                                    (min, LineTravel::Ride)
                                }
                                Travel::Leap => continue,
                                Travel::Hop => {
                                    let mut p = origin;
                                    loop {
                                        p = add(p, v);
                                        match cell_at(p) {
                                            Some(t) => line_cells.push(t),
                                            None => break,
                                        }
                                    }
                                    if line_cells.len() - (start as usize) < 2 {
                                        line_cells.truncate(start as usize);
                                        continue;
                                    }
                                    dests.extend_from_slice(&line_cells[start as usize + 1..]);
                                    (1, LineTravel::Hop)
                                }
                            };
                            let len = line_cells.len() as u32 - start;
                            lines.push(Line {
                                start,
                                len: len as u8,
                                min,
                                travel,
                                can_move,
                                can_capture,
                                initial: atom.initial,
                            });
                        }
                    }
                    gen_index[(s * nkinds + k) * ncells + c] = (first, lines.len() as u32 - first);
                    dests.sort_unstable();
                    if dests.windows(2).any(|w| w[0] == w[1]) {
                        dedupe[s * nkinds + k] = true;
                    }
                }
            }
        }

        // Reverse attack tables.
        let mut dirs: [Vec<RevDir>; 2] = [Vec::new(), Vec::new()];
        let mut leap_vecs: [Vec<(Vector, u32, u32)>; 2] = [Vec::new(), Vec::new()];
        let mut has_hop = [false; 2];
        for s in 0..2 {
            for (k, piece) in def.pieces.iter().enumerate() {
                if !capture_ok(k) {
                    continue;
                }
                for atom in &piece.atoms {
                    if !atom.mode.can_capture() {
                        continue;
                    }
                    for &v0 in &atom.vectors {
                        if v0 == [0, 0, 0] {
                            continue;
                        }
                        let r = neg(vec_for(s, v0));
                        match atom.travel {
                            Travel::Leap => {
                                let e = match leap_vecs[s].iter().position(|x| x.0 == r) {
                                    Some(i) => i,
                                    None => {
                                        leap_vecs[s].push((r, 0, 0));
                                        leap_vecs[s].len() - 1
                                    }
                                };
                                if atom.initial {
                                    leap_vecs[s][e].2 |= 1 << k;
                                } else {
                                    leap_vecs[s][e].1 |= 1 << k;
                                }
                            }
                            Travel::Ride { min, max } => {
                                let d = dir_entry(&mut dirs[s], r);
                                let hi = if max == 0 {
                                    MAX_DIST
                                } else {
                                    (max as usize).min(MAX_DIST)
                                };
                                for dist in (min.max(1) as usize)..=hi {
                                    if atom.initial {
                                        dirs[s][d].imasks[dist - 1] |= 1 << k;
                                    } else {
                                        dirs[s][d].masks[dist - 1] |= 1 << k;
                                    }
                                }
                            }
                            Travel::Hop => {
                                let d = dir_entry(&mut dirs[s], r);
                                dirs[s][d].hop |= 1 << k;
                                has_hop[s] = true;
                            }
                        }
                    }
                }
            }
        }
        let mut probe_index = vec![(0u32, 0u32); 2 * ncells];
        let mut probes = Vec::new();
        let mut ray_cells: Vec<u16> = Vec::new();
        let mut leap_index = vec![(0u32, 0u32); 2 * ncells];
        let mut leaps = Vec::new();
        for s in 0..2 {
            for c in 0..ncells {
                let origin = topo.coord(c as Cell);
                let first = probes.len() as u32;
                for (d, dir) in dirs[s].iter().enumerate() {
                    let reach = if dir.hop != 0 {
                        MAX_DIST
                    } else {
                        (0..MAX_DIST)
                            .rev()
                            .find(|&i| dir.masks[i] | dir.imasks[i] != 0)
                            .map_or(0, |i| i + 1)
                    };
                    let start = ray_cells.len() as u32;
                    let mut p = origin;
                    let mut n = 0;
                    while n < reach {
                        p = add(p, dir.vector);
                        match cell_at(p) {
                            Some(t) => ray_cells.push(t),
                            None => break,
                        }
                        n += 1;
                    }
                    if n > 0 {
                        probes.push(Probe {
                            dir: d as u16,
                            start,
                            len: n as u8,
                        });
                    }
                }
                probe_index[s * ncells + c] = (first, probes.len() as u32 - first);
                let lfirst = leaps.len() as u32;
                for &(r, mask, imask) in &leap_vecs[s] {
                    if let Some(src) = cell_at(add(origin, r)) {
                        leaps.push(LeapSrc {
                            cell: src,
                            mask,
                            imask,
                        });
                    }
                }
                leap_index[s * ncells + c] = (lfirst, leaps.len() as u32 - lfirst);
            }
        }

        // Explosion neighbourhoods: cells within `radius` king steps.
        let mut blast_index = vec![(0u32, 0u32); ncells];
        let mut blast_cells = Vec::new();
        if let Some(e) = explosion {
            let kv = def.board.king_vectors();
            for c in 0..ncells {
                let first = blast_cells.len() as u32;
                let mut dist = vec![u8::MAX; ncells];
                dist[c] = 0;
                let mut frontier = vec![c as Cell];
                for step in 1..=e.radius {
                    let mut next = Vec::new();
                    for &f in &frontier {
                        let fc = topo.coord(f);
                        for &v in &kv {
                            if let Some(t) = cell_at(add(fc, v)) {
                                if dist[t as usize] == u8::MAX {
                                    dist[t as usize] = step;
                                    next.push(t);
                                    blast_cells.push(t);
                                }
                            }
                        }
                    }
                    frontier = next;
                }
                blast_index[c] = (first, blast_cells.len() as u32 - first);
            }
        }

        // Castling.
        let castle_king = (0..nkinds).find(|&k| def.pieces[k].royal).map(|k| k as u8);
        let mut wings = None;
        let mut castle_clear = vec![0u8; ncells];
        let mut castle_rook = 0u8;
        if let Some(cs) = &rules.castling {
            check_kind(cs.rook, "castling rook")?;
            castle_rook = cs.rook as u8;
            let Board::Grid { width, height } = def.board else {
                return Err("castling needs a flat grid board".to_string());
            };
            if castle_king.is_none() {
                return Err("castling needs a royal piece".to_string());
            }
            let mut w = [[CastleWing {
                rook_from: 0,
                king_to: 0,
                rook_to: 0,
                lo: 0,
                hi: 0,
                rank: 0,
            }; 2]; 2];
            for (s, side_wings) in w.iter_mut().enumerate() {
                let rank = if s == 0 { 0 } else { height - 1 };
                for (wing, slot) in side_wings.iter_mut().enumerate() {
                    let kf = cs.king_files[wing];
                    let (rf, rdest) = if wing == 0 {
                        (width - 1, kf - 1)
                    } else {
                        (0, kf + 1)
                    };
                    if kf < 0 || kf >= width || rdest < 0 || rdest >= width {
                        return Err(format!("castling king file {kf} is off the board"));
                    }
                    let at = |x: i8| {
                        cell_at(Coord {
                            x,
                            y: rank,
                            z: 0,
                            board: 0,
                        })
                        .unwrap_or(0)
                    };
                    *slot = CastleWing {
                        rook_from: at(rf),
                        king_to: at(kf),
                        rook_to: at(rdest),
                        lo: rf.min(kf).min(rdest),
                        hi: rf.max(kf).max(rdest),
                        rank,
                    };
                    castle_clear[at(rf) as usize] |= 1 << (2 * s + wing);
                }
            }
            wings = Some(w);
        }

        // Board/level index of each cell.
        let part: Vec<i8> = (0..ncells)
            .map(|c| {
                let co = topo.coord(c as Cell);
                match def.board {
                    Board::Levels { .. } => co.z,
                    Board::Boards { .. } => co.board,
                    _ => 0,
                }
            })
            .collect();

        // FEN rows.
        let mut fen_rows = Vec::new();
        match def.board {
            Board::Grid { width, height } => {
                for y in (0..height).rev() {
                    let row = (0..width)
                        .filter_map(|x| {
                            cell_at(Coord {
                                x,
                                y,
                                z: 0,
                                board: 0,
                            })
                        })
                        .collect();
                    fen_rows.push((b'/', row));
                }
            }
            Board::Levels {
                width,
                height,
                levels,
            } => {
                for z in 0..levels {
                    for y in (0..height).rev() {
                        let row = (0..width)
                            .filter_map(|x| cell_at(Coord { x, y, z, board: 0 }))
                            .collect();
                        let sep = if y == height - 1 { b'|' } else { b'/' };
                        fen_rows.push((sep, row));
                    }
                }
            }
            Board::Boards {
                width,
                height,
                boards,
            } => {
                for b in 0..boards {
                    for y in (0..height).rev() {
                        let row = (0..width)
                            .filter_map(|x| {
                                cell_at(Coord {
                                    x,
                                    y,
                                    z: 0,
                                    board: b,
                                })
                            })
                            .collect();
                        let sep = if y == height - 1 { b'|' } else { b'/' };
                        fen_rows.push((sep, row));
                    }
                }
            }
            Board::Hex { side: s } => {
                let span = 2 * s - 1;
                for rank in (1..=span).rev() {
                    let row = (0..span)
                        .filter(|&x| rank <= hex_file_len(s, x))
                        .filter_map(|x| {
                            cell_at(Coord {
                                x,
                                y: rank - 1 + (x - (s - 1)).max(0),
                                z: 0,
                                board: 0,
                            })
                        })
                        .collect();
                    fen_rows.push((b'/', row));
                }
            }
        }

        // Zobrist: 128 piece codes (the board byte), extras: castling 4, e.p. per
        // cell, sub-move index, hand counts.
        let x_ep = 4;
        let x_sub = x_ep + ncells;
        let x_hand = x_sub + rules.turn.moves.max(1) as usize;
        let hand_keys = if rules.drops.is_some() {
            2 * nkinds * 256
        } else {
            0
        };
        let zob = Zobrist::new(seed_of(&def.name), 128, ncells, x_hand + hand_keys);

        let info = InfoStrings {
            name: leak(&def.name),
            title: leak(&def.title),
            pieces: def
                .pieces
                .iter()
                .map(|p| (p.letter, leak(&p.name)))
                .collect(),
            turn: leak(&if rules.turn.moves <= 1 {
                "1".to_string()
            } else if rules.turn.may_stop_early {
                format!("1-{}", rules.turn.moves)
            } else {
                rules.turn.moves.to_string()
            }),
            board: board_words(def),
        };

        Ok(Tables {
            ncells,
            nwords: ncells.div_ceil(64),
            nkinds,
            valid,
            zob,
            x_ep,
            x_sub,
            x_hand,
            gen_index,
            lines,
            line_cells,
            dedupe,
            dirs,
            probe_index,
            probes,
            ray_cells,
            leap_index,
            leaps,
            has_hop,
            royal_mask,
            ep_mask,
            promo_kinds,
            promo_choices,
            promo_mandatory,
            unpromoted_kind,
            goal_kinds,
            immune,
            extinction_mask,
            letters: def.pieces.iter().map(|p| p.letter).collect(),
            kind_by_letter,
            flags,
            drop_ok,
            part,
            blast_index,
            blast_cells,
            castle_king,
            castle_rook,
            wings,
            castle_clear,
            fen_rows,
            info,
        })
    }
}

fn dir_entry(dirs: &mut Vec<RevDir>, r: Vector) -> usize {
    match dirs.iter().position(|d| d.vector == r) {
        Some(i) => i,
        None => {
            dirs.push(RevDir {
                vector: r,
                masks: [0; MAX_DIST],
                imasks: [0; MAX_DIST],
                hop: 0,
            });
            dirs.len() - 1
        }
    }
}

/// The board in words for `VariantInfo::board`.
fn board_words(def: &VariantDef) -> String {
    let names = def.topology.names();
    let range = format!(
        "cells {}..{}",
        names.first().map_or("", |s| s),
        names.last().map_or("", |s| s)
    );
    let hand = if def.rules.drops.is_some() {
        ", with a hand per side"
    } else {
        ""
    };
    let shape = match def.board {
        Board::Grid { width, height } => format!("{width}x{height}"),
        Board::Levels {
            width,
            height,
            levels,
        } => format!("{levels} levels of {width}x{height}"),
        Board::Boards {
            width,
            height,
            boards,
        } => format!("{boards} boards of {width}x{height}"),
        Board::Hex { side } => format!("hexagon of side {side}"),
    };
    format!("{shape}, {range}{hand}")
}

/// Average number of destinations of White's `kind` over every cell of the empty
/// board: distinct cells any atom reaches, whatever its mode (capture-only targets
/// count: they are what the piece attacks). Initial atoms count only from the
/// initial region; cannons reach nothing on an empty board.
pub fn empty_board_mobility(def: &VariantDef, kind: usize) -> f32 {
    let Some(piece) = def.pieces.get(kind) else {
        return 0.0;
    };
    let topo = &def.topology;
    let n = topo.num_cells();
    if n == 0 {
        return 0.0;
    }
    let mut total = 0usize;
    for c in 0..n {
        let origin = topo.coord(c as Cell);
        let initial = def
            .rules
            .initial_ranks
            .contains(&own_rank(def, c as Cell, Side::White));
        let mut seen: Vec<Cell> = Vec::new();
        for atom in &piece.atoms {
            if atom.initial && !initial {
                continue;
            }
            for &v in &atom.vectors {
                if v == [0, 0, 0] {
                    continue;
                }
                match atom.travel {
                    Travel::Leap => {
                        if let Some(t) = topo.cell_at(add(origin, v)) {
                            seen.push(t);
                        }
                    }
                    Travel::Ride { min, max } => {
                        let mut p = origin;
                        let mut d = 0u32;
                        while max == 0 || d < max as u32 {
                            p = add(p, v);
                            let Some(t) = topo.cell_at(p) else { break };
                            d += 1;
                            if d >= min.max(1) as u32 {
                                seen.push(t);
                            }
                        }
                    }
                    Travel::Hop => {}
                }
            }
        }
        seen.sort_unstable();
        seen.dedup();
        total += seen.len();
    }
    total as f32 / n as f32
}
