//! Geodesic Chess (Jack Cheiky) on GeoBoard #9, as `shared/rules/geodesic.md`
//! specifies: a sphere of 272 cells where rows and diagonals loop round the board
//! and stop on pentagons, Home Territories, Exile, Obelisks, Templars and Squires.
//!
//! Move text is `from-to` with canonical cell names, plus `q`/`r`/`t` for a
//! promotion or a Squire's rank-taking. FEN (§10) is a list of `<Letter><cell>`
//! entries; see [`fen`].

pub mod display;
pub mod fen;
pub mod see;
pub mod tables;
#[cfg(test)]
mod tests;
pub mod view;

use crate::moves::{Move, MoveList};
use crate::position::{GenKind, Outcome, Position, Side, VariantInfo};
use crate::topology::sphere::NUM_DIRS;
use crate::topology::Cell;
use crate::zobrist::Zobrist;
use crate::MoveError;
use std::sync::OnceLock;
use tables::*;

pub const NUM_CELLS: usize = 272;

#[derive(Clone)]
pub struct Geodesic {
    /// Piece code per cell: 0 empty, else kind + 8 * side.
    board: [u8; NUM_CELLS],
    by_side: [Cells; 2],
    /// Pawns that have never moved (they may make the 3-step first move).
    unmoved: Cells,
    kings: [Cell; 2],
    side: Side,
    halfmove: u32,
    fullmove: u32,
    key: u64,
}

/// What one side's pieces reach: see [`Geodesic::attacks`].
pub struct AttackMap {
    /// Every cell the side attacks.
    pub cells: Cells,
    /// Destinations of the side's Queens, Rooks and Templars (a cell reached along
    /// two lines counts twice).
    pub slider_mobility: i32,
    /// The cells each kind of the side's pieces attacks (indexed by kind code;
    /// `cells` is their union).
    pub by_kind: [Cells; 8],
    /// The destinations counted in `slider_mobility`, by the moving piece's kind.
    pub mobility: [i32; 8],
}

/// Zobrist keys: 16 piece codes x cells, the side, and one per cell for the
/// unmoved-Pawn flags.
fn zobrist() -> &'static Zobrist {
    static Z: OnceLock<Zobrist> = OnceLock::new();
    Z.get_or_init(|| Zobrist::new(0x6e0d_e51c_c4e5_5001, 16, NUM_CELLS, NUM_CELLS))
}

#[inline]
pub fn kind_of(code: u8) -> u8 {
    code & 7
}
#[inline]
pub fn side_of(code: u8) -> usize {
    (code >> 3) as usize
}

impl Geodesic {
    /// An empty board, North to move (used by the FEN reader).
    fn empty() -> Self {
        Geodesic {
            board: [0; NUM_CELLS],
            by_side: [Cells::EMPTY; 2],
            unmoved: Cells::EMPTY,
            kings: [0; 2],
            side: Side::White,
            halfmove: 0,
            fullmove: 1,
            key: 0,
        }
    }

    pub(crate) fn board(&self) -> &[u8; NUM_CELLS] {
        &self.board
    }
    pub fn piece_at(&self, c: Cell) -> u8 {
        self.board[c as usize]
    }
    pub fn occupied(&self) -> Cells {
        self.by_side[0] | self.by_side[1]
    }
    pub fn side_cells(&self, side: usize) -> Cells {
        self.by_side[side]
    }
    pub fn unmoved(&self) -> Cells {
        self.unmoved
    }
    pub fn king(&self, side: usize) -> Cell {
        self.kings[side]
    }
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    fn put(&mut self, c: Cell, code: u8) {
        self.board[c as usize] = code;
        self.by_side[side_of(code)].insert(c);
        self.key ^= zobrist().piece(code as usize, c as usize);
        if kind_of(code) == KING {
            self.kings[side_of(code)] = c;
        }
    }
    fn take(&mut self, c: Cell) -> u8 {
        let code = self.board[c as usize];
        if code != 0 {
            self.board[c as usize] = 0;
            self.by_side[side_of(code)].remove(c);
            self.key ^= zobrist().piece(code as usize, c as usize);
        }
        code
    }
    fn clear_unmoved(&mut self, c: Cell) {
        if self.unmoved.contains(c) {
            self.unmoved.remove(c);
            self.key ^= zobrist().extra(c as usize);
        }
    }

    /// Whether `side` attacks cell `t` (§7.2; Obelisks attack nothing).
    pub fn attacked(&self, t: Cell, side: usize) -> bool {
        let tb = tables();
        let topo = &tb.topo;
        let mine = |c: Cell, kinds: &[u8]| {
            let code = self.board[c as usize];
            code != 0 && side_of(code) == side && kinds.contains(&kind_of(code))
        };
        for d in 0..NUM_DIRS {
            let ray = topo.ray(t, d);
            if let Some(i) = ray.iter().position(|&c| self.board[c as usize] != 0) {
                let code = self.board[ray[i] as usize];
                if side_of(code) == side && line_attacker(kind_of(code), d, i) {
                    return true;
                }
            }
        }
        if tb.sphere.knight[t as usize]
            .iter()
            .any(|&c| mine(c, &[TEMPLAR]))
        {
            return true;
        }
        if tb.steps[t as usize].iter().any(|&(_, c)| mine(c, &[KING])) {
            return true;
        }
        tb.pawn_attackers[side][t as usize]
            .iter()
            .any(|&c| mine(c, &[PAWN, SQUIRE]))
    }

    /// Every cell `side` attacks (§7.2): the same answer as [`Self::attacked`] for
    /// each cell, found in one pass over the side's pieces, which is cheaper when
    /// many cells are asked about (the evaluator's King zones). The same pass
    /// counts the Queens', Rooks' and Templars' destinations.
    pub fn attacks(&self, side: usize) -> AttackMap {
        let tb = tables();
        let mut map = AttackMap {
            cells: Cells::EMPTY,
            slider_mobility: 0,
            by_kind: [Cells::EMPTY; 8],
            mobility: [0; 8],
        };
        for from in self.by_side[side].iter() {
            let kind = kind_of(self.board[from as usize]);
            let attacked = &mut map.by_kind[kind as usize];
            let table = match kind {
                QUEEN => &tb.queen,
                ROOK => &tb.rook,
                TEMPLAR => &tb.templar,
                KING => {
                    for &(_, c) in &tb.steps[from as usize] {
                        attacked.insert(c);
                    }
                    continue;
                }
                PAWN | SQUIRE => {
                    for &c in &tb.fwd_diags[side][from as usize] {
                        attacked.insert(c);
                    }
                    continue;
                }
                _ => continue,
            };
            // A line attacks up to and including its first occupied cell; that cell
            // is a destination when it holds a capturable enemy piece.
            let mut destinations = 0;
            for (_, line) in table.lines(from) {
                for &c in line {
                    attacked.insert(c);
                    let code = self.board[c as usize];
                    if code == 0 {
                        destinations += 1;
                        continue;
                    }
                    if side_of(code) != side && kind_of(code) != OBELISK {
                        destinations += 1;
                    }
                    break;
                }
            }
            map.mobility[kind as usize] += destinations;
            map.slider_mobility += destinations;
        }
        map.cells = map.by_kind.iter().fold(Cells::EMPTY, |a, &k| a | k);
        map
    }

    /// §7.3: is the row through the gap (a, b) guarded by an enemy Queen or Rook?
    fn row_guarded(&self, g: &GapRows, enemy: usize) -> bool {
        let topo = &tables().topo;
        let qr = |c: Cell| {
            let code = self.board[c as usize];
            code != 0 && side_of(code) == enemy && matches!(kind_of(code), QUEEN | ROOK)
        };
        if qr(g.a) || qr(g.b) {
            return true;
        }
        for (near, beyond) in [(g.a, g.beyond_a), (g.b, g.beyond_b)] {
            let Some(dir) = beyond else { continue };
            if self.board[near as usize] != 0 {
                continue;
            }
            if let Some(&c) = topo
                .ray(near, dir)
                .iter()
                .find(|&&c| self.board[c as usize] != 0)
            {
                if qr(c) {
                    return true;
                }
            }
        }
        false
    }

    /// Pieces of `side` (Obelisks included) that alone stand between their King and
    /// an enemy piece attacking along that line: a Queen or Rook on a row, a Queen
    /// on a diagonal, a Templar on a diagonal within its range. Moving any other
    /// piece cannot expose the King.
    fn pinned(&self, side: usize) -> Cells {
        let topo = &tables().topo;
        let king = self.kings[side];
        let mut pinned = Cells::EMPTY;
        for d in 0..NUM_DIRS {
            let ray = topo.ray(king, d);
            let mut blocker = None;
            for (i, &c) in ray.iter().enumerate() {
                let code = self.board[c as usize];
                if code == 0 {
                    continue;
                }
                match blocker {
                    None if side_of(code) == side => blocker = Some(c),
                    None => break,
                    Some(own) => {
                        if side_of(code) != side && line_attacker(kind_of(code), d, i) {
                            pinned.insert(own);
                        }
                        break;
                    }
                }
            }
        }
        pinned
    }

    /// Pseudo-legal moves of the side to move (Exile not yet applied); with
    /// `tactical_only`, just the captures and promotions.
    fn pseudo(&self, tactical_only: bool, out: &mut MoveList) {
        let tb = tables();
        let us = self.side.index();
        let them = 1 - us;
        let occ = self.occupied();
        for from in self.by_side[us].iter() {
            let code = self.board[from as usize];
            match kind_of(code) {
                KING => {
                    let home = tb.home[us];
                    for &(d, to) in &tb.steps[from as usize] {
                        let t = self.board[to as usize];
                        if t != 0 && (side_of(t) == us || kind_of(t) == OBELISK) {
                            continue;
                        }
                        if t == 0 && tactical_only {
                            continue;
                        }
                        // Exile: no return to the own Home Territory.
                        if !home.contains(from) && home.contains(to) {
                            continue;
                        }
                        if d >= 6 && self.row_guarded(&tb.gap_rows[from as usize][d - 6], them) {
                            continue;
                        }
                        out.push(Move::new(from, to, 0));
                    }
                }
                QUEEN | ROOK | TEMPLAR => {
                    let table = match kind_of(code) {
                        QUEEN => &tb.queen,
                        ROOK => &tb.rook,
                        _ => &tb.templar,
                    };
                    // One move per destination (a loop reaches cells both ways).
                    let mut seen = Cells::EMPTY;
                    for (_, line) in table.lines(from) {
                        for &to in line {
                            let t = self.board[to as usize];
                            if t == 0 {
                                if !tactical_only && !seen.contains(to) {
                                    seen.insert(to);
                                    out.push(Move::new(from, to, 0));
                                }
                                continue;
                            }
                            if side_of(t) == them && kind_of(t) != OBELISK && !seen.contains(to) {
                                seen.insert(to);
                                out.push(Move::new(from, to, 0));
                            }
                            break;
                        }
                    }
                }
                OBELISK if tactical_only => {}
                OBELISK => {
                    for &(_, to) in &tb.steps[from as usize] {
                        if !occ.contains(to) && tb.home[us].contains(to) {
                            out.push(Move::new(from, to, 0));
                        }
                    }
                }
                kind => self.pawn_moves(from, kind, tactical_only, out),
            }
        }
    }

    /// Pawn and Squire moves (§6 multi-steps, §7.5 promotion, §7.6 rank-taking).
    fn pawn_moves(&self, from: Cell, kind: u8, tactical_only: bool, out: &mut MoveList) {
        let tb = tables();
        let sphere = &tb.sphere;
        let us = self.side.index();
        let enemy_home = tb.home[1 - us];
        let max = if kind == SQUIRE {
            SQUIRE_STEPS
        } else if self.unmoved.contains(from) {
            PAWN_FIRST_STEPS
        } else {
            PAWN_STEPS
        };
        let push = |to: Cell, captured: u8, out: &mut MoveList| {
            if enemy_home.contains(to) {
                for p in PROMOTION_CHOICES {
                    out.push(Move::new(from, to, p as u16));
                }
            } else {
                out.push(Move::new(from, to, 0));
                if kind == SQUIRE && SQUIRE_RANK_TAKING.contains(&kind_of(captured)) {
                    out.push(Move::new(from, to, kind_of(captured) as u16));
                }
            }
        };
        for &first in &tb.fwd_rows[us][from as usize] {
            let (mut prev, mut cur) = (from, first);
            for step in 1..=max {
                if self.board[cur as usize] != 0 {
                    break;
                }
                if !tactical_only || enemy_home.contains(cur) {
                    push(cur, 0, out);
                }
                if step == max || sphere.is_pentagon(cur) || enemy_home.contains(cur) {
                    break;
                }
                // Each step must itself be forward from the cell it leaves.
                let Some(next) = sphere.row_next(prev, cur) else {
                    break;
                };
                if !tb.fwd_rows[us][cur as usize].contains(&next) {
                    break;
                }
                prev = cur;
                cur = next;
            }
        }
        for &to in &tb.fwd_diags[us][from as usize] {
            let t = self.board[to as usize];
            if t != 0 && side_of(t) != us && kind_of(t) != OBELISK {
                push(to, t, out);
            }
        }
    }

    fn is_leaving(&self, m: Move) -> bool {
        let home = tables().home[self.side.index()];
        m.from() == self.kings[self.side.index()]
            && home.contains(m.from())
            && !home.contains(m.to())
    }

    fn is_tactical(&self, m: Move) -> bool {
        self.board[m.to() as usize] != 0 || m.extra() != 0
    }
}

impl Position for Geodesic {
    fn info() -> VariantInfo {
        VariantInfo {
            name: "geodesic",
            title: "Geodesic Chess",
            board: "GeoBoard #9 (Goldberg GP(3,3)): 272 cells, 12 pentagons a-f u-z; cells named abc, a1c2, b4ac, a".into(),
            pieces: vec![
                ('K', "king"),
                ('Q', "queen"),
                ('R', "rook"),
                ('T', "templar"),
                ('O', "obelisk"),
                ('S', "squire"),
                ('P', "pawn"),
            ],
            start_fen: fen::start_fen(),
            turn: "1",
        }
    }

    fn from_fen(text: &str) -> Result<Self, crate::FenError> {
        fen::parse(text)
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn compute_key(&self) -> u64 {
        let z = zobrist();
        let mut k = 0;
        for c in 0..NUM_CELLS {
            if self.board[c] != 0 {
                k ^= z.piece(self.board[c] as usize, c);
            }
        }
        for c in self.unmoved.iter() {
            k ^= z.extra(c as usize);
        }
        if self.side == Side::Black {
            k ^= z.side();
        }
        k
    }

    fn generate(&self, kind: GenKind, out: &mut MoveList) {
        // The pseudo-legal moves go straight into `out` and the illegal ones are
        // squeezed out in place (no list of its own per call).
        let start = out.len();
        self.pseudo(kind == GenKind::Tactical, out);
        // Only tactical moves are tested for legality. A tactical King move out of its
        // Home Territory needs the whole list for the Exile filter (rare).
        if kind == GenKind::Tactical && out[start..].iter().any(|&m| self.is_leaving(m)) {
            out.truncate(start);
            let mut all = MoveList::new();
            self.generate(GenKind::All, &mut all);
            return self.tactical_among(&all, out);
        }
        let us = self.side.index();
        let mut staying = false;
        let king = self.kings[us];
        let in_check = self.in_check();
        // Out of check, a move of another piece can only expose the King if that
        // piece is pinned; only those (and King moves) are played out and tested.
        let pinned = if in_check {
            Cells::EMPTY
        } else {
            self.pinned(us)
        };
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            if in_check || m.from() == king || pinned.contains(m.from()) {
                let mut child = self.clone();
                child.make(m);
                if child.attacked(child.kings[us], 1 - us) {
                    continue;
                }
            }
            staying |= !self.is_leaving(m);
            out[kept] = m;
            kept += 1;
        }
        out.truncate(kept);
        // Exile (§7.4): a King leaves home only when nothing else is legal.
        if staying {
            let mut i = start;
            while i < out.len() {
                if self.is_leaving(out[i]) {
                    out.remove(i);
                } else {
                    i += 1;
                }
            }
        }
    }

    fn tactical_among(&self, all: &[Move], out: &mut MoveList) {
        out.extend(all.iter().copied().filter(|&m| self.is_tactical(m)));
    }

    fn make(&mut self, m: Move) {
        let z = zobrist();
        let (from, to) = (m.from(), m.to());
        let code = self.take(from);
        let captured = self.take(to);
        self.clear_unmoved(from);
        self.clear_unmoved(to);
        let new_code = if m.extra() != 0 {
            (code & 8) | m.extra() as u8
        } else {
            code
        };
        self.put(to, new_code);
        let pawnlike = matches!(kind_of(code), PAWN | SQUIRE);
        if captured != 0 || pawnlike || m.extra() != 0 {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if self.side == Side::Black {
            self.fullmove += 1;
        }
        self.side = self.side.opposite();
        self.key ^= z.side();
    }

    fn move_text(&self, m: Move) -> String {
        let tb = tables();
        let mut s = format!("{}-{}", tb.name(m.from()), tb.name(m.to()));
        if m.extra() != 0 {
            s.push(PIECE_LETTERS[m.extra() as usize].to_ascii_lowercase());
        }
        s
    }

    /// Accepts any spelling of the cell names, any case (§11).
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let tb = tables();
        let lower = text.trim().to_ascii_lowercase();
        let (from, to) = lower
            .split_once('-')
            .ok_or_else(|| MoveError::Malformed(text.to_string()))?;
        let (to, promo) = match to.chars().last() {
            Some(c @ ('q' | 'r' | 't')) => (
                &to[..to.len() - 1],
                PIECE_LETTERS
                    .iter()
                    .position(|&p| p == c.to_ascii_uppercase())
                    .unwrap() as u16,
            ),
            _ => (to, 0),
        };
        let from = tb
            .parse_cell(from)
            .ok_or_else(|| MoveError::Malformed(text.to_string()))?;
        let to = tb
            .parse_cell(to)
            .ok_or_else(|| MoveError::Malformed(text.to_string()))?;
        let mut list = MoveList::new();
        self.generate(GenKind::All, &mut list);
        if list.is_empty() {
            return Err(MoveError::GameOver);
        }
        let want = Move::new(from, to, promo);
        list.into_iter()
            .find(|&m| m == want)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    fn static_exchange(&self, m: Move) -> Option<i32> {
        Some(see::static_exchange(self, m))
    }

    fn in_check(&self) -> bool {
        let us = self.side.index();
        self.attacked(self.kings[us], 1 - us)
    }

    /// A pass for null-move pruning, refused when the side to move has no Queen,
    /// Rook or Templar (zugzwang-prone Pawn/Squire endings).
    fn make_null(&mut self) -> bool {
        let us = self.side.index();
        if !self.by_side[us]
            .iter()
            .any(|c| matches!(kind_of(self.board[c as usize]), QUEEN | ROOK | TEMPLAR))
        {
            return false;
        }
        self.side = self.side.opposite();
        self.key ^= zobrist().side();
        true
    }

    fn no_move_outcome(&self) -> Outcome {
        if self.in_check() {
            Outcome::Win {
                winner: self.side.opposite(),
                reason: "checkmate",
            }
        } else {
            Outcome::Draw(crate::DrawReason::Stalemate)
        }
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    fn move_counter_limit(&self) -> u32 {
        NO_PROGRESS_PLIES
    }

    /// DECISION D16: only Kings and Obelisks left on both sides.
    fn dead_position(&self) -> bool {
        (0..NUM_CELLS).all(|c| matches!(kind_of(self.board[c]), 0 | KING | OBELISK))
    }

    fn display(&self) -> String {
        display::render(self)
    }

    /// The sphere with 3-D positions, drawn flat as two hemisphere discs
    /// ([`view::geometry`]).
    fn geometry() -> crate::view::Geometry {
        view::geometry()
    }

    fn cell_pieces(&self) -> Vec<Option<char>> {
        view::cell_pieces(self)
    }

    /// No drops in Geodesic Chess.
    fn hands(&self) -> Vec<crate::view::HandContents> {
        Vec::new()
    }

    fn move_parts(&self, m: Move) -> crate::view::MoveParts {
        view::move_parts(self, m)
    }

    fn checked_royals(&self) -> Vec<String> {
        view::checked_royals(self)
    }
}
