//! FEN in the variant's format (`docs/variants.md#fen`): placement rows (grid
//! ranks, levels or boards joined by `|`, hex rows of equal rank), `[holdings]`
//! with drops, side, castling, e.p., counters, and the sub-move index when turns
//! have several sub-moves.
//!
//! Leniency: missing trailing fields take their defaults (`-`, `-`, `0`, `1`,
//! `0`); holdings may be left out in a drop variant (empty hands); castling
//! rights whose king or rook is not in place, and an e.p. cell with no piece that
//! could just have crossed it, are dropped.

use super::tables::{NO_CELL, WORDS};
use super::*;

/// Parses a row of `cells.len()` cells: letters (with `~` marks) and decimal
/// empty runs.
fn parse_row(text: &str, cells: &[u16], out: &mut Vec<(u16, char, bool)>) -> Result<(), FenError> {
    let mut i = 0usize;
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        if let Some(d) = ch.to_digit(10) {
            let mut n = d as usize;
            while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n * 10 + d2 as usize;
                chars.next();
                if n > cells.len() {
                    break;
                }
            }
            if n == 0 {
                return Err(FenError::Placement(format!("bad empty run in '{text}'")));
            }
            i += n;
        } else if ch.is_ascii_alphabetic() {
            let mut promoted = false;
            while chars.peek() == Some(&'~') {
                promoted = true;
                chars.next();
            }
            let Some(&c) = cells.get(i) else {
                return Err(FenError::Placement(format!("row '{text}' is too long")));
            };
            out.push((c, ch, promoted));
            i += 1;
        } else {
            return Err(FenError::Placement(format!(
                "unexpected '{ch}' in '{text}'"
            )));
        }
        if i > cells.len() {
            return Err(FenError::Placement(format!("row '{text}' is too long")));
        }
    }
    if i != cells.len() {
        return Err(FenError::Placement(format!(
            "row '{text}' covers {i} cells, expected {}",
            cells.len()
        )));
    }
    Ok(())
}

pub(crate) fn parse(def: Arc<VariantDef>, fen: &str) -> Result<FileVariant, FenError> {
    let t = def.tables().map_err(FenError::Illegal)?;
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(FenError::Empty);
    }
    let multi = def.rules.turn.moves > 1;
    let max_fields = if multi { 7 } else { 6 };
    if fields.len() < 2 || fields.len() > max_fields {
        return Err(FenError::FieldCount {
            found: fields.len(),
            expected: format!("2..={max_fields}"),
        });
    }
    let drops = def.rules.drops.is_some();
    let (placement, holdings) = crate::fen::split_holdings(fields[0])?;
    if holdings.is_some() && !drops {
        return Err(FenError::BadHoldings(
            "this variant has no drops".to_string(),
        ));
    }

    // Placement: parts (levels/boards) by '|', rows by '/'.
    let mut parts: Vec<Vec<&[u16]>> = Vec::new();
    for (sep, row) in &t.fen_rows {
        if *sep == b'|' || parts.is_empty() {
            parts.push(Vec::new());
        }
        if let Some(p) = parts.last_mut() {
            p.push(row.as_slice());
        }
    }
    let texts: Vec<&str> = placement.split('|').collect();
    if texts.len() != parts.len() {
        return Err(FenError::Placement(format!(
            "{} board parts, expected {}",
            texts.len(),
            parts.len()
        )));
    }
    let mut placed = Vec::new();
    for (text, rows) in texts.iter().zip(&parts) {
        let row_texts: Vec<&str> = text.split('/').collect();
        if row_texts.len() != rows.len() {
            return Err(FenError::Placement(format!(
                "'{text}' has {} rows, expected {}",
                row_texts.len(),
                rows.len()
            )));
        }
        for (rt, cells) in row_texts.iter().zip(rows) {
            parse_row(rt, cells, &mut placed)?;
        }
    }

    let mut pos = FileVariant {
        def: def.clone(),
        t: t.clone(),
        board: [0; BOARD_LEN],
        occ: [[0; WORDS]; 2],
        hands: [[0; MAX_KINDS]; 2],
        counts: [[0; MAX_KINDS]; 2],
        key: 0,
        ep: NO_CELL,
        ep_victim: NO_CELL,
        castling: 0,
        side: Side::White,
        sub: 0,
        event: 0,
        halfmove: 0,
        fullmove: 1,
    };
    for (cell, ch, promoted) in placed {
        let k = t
            .kind_by_letter
            .get(ch as usize)
            .copied()
            .unwrap_or(u8::MAX);
        if k == u8::MAX {
            return Err(FenError::BadPiece(ch));
        }
        let side = usize::from(ch.is_ascii_lowercase());
        let p = code(side, k as usize) | if promoted { PROMOTED } else { 0 };
        pos.put(&t, cell as usize, p);
    }
    if let Some(h) = holdings {
        for ch in h.chars() {
            if ch == '-' {
                continue;
            }
            let k = t
                .kind_by_letter
                .get(ch as usize)
                .copied()
                .unwrap_or(u8::MAX);
            if k == u8::MAX {
                return Err(FenError::BadHoldings(format!("bad piece letter '{ch}'")));
            }
            let side = usize::from(ch.is_ascii_lowercase());
            if pos.hands[side][k as usize] == u8::MAX {
                return Err(FenError::BadHoldings("too many pieces in hand".to_string()));
            }
            pos.hand_add(&t, side, k as usize, 1);
        }
    }
    pos.side = Side::from_fen(fields[1])?;
    if pos.side == Side::Black {
        pos.key ^= t.zob.side();
    }
    if multi {
        if let Some(f) = fields.get(6) {
            let n = crate::fen::parse_counter(f, 0)?;
            if n >= def.rules.turn.moves as u32 {
                return Err(FenError::BadTurnState(format!(
                    "{n} sub-moves made, but turns have {}",
                    def.rules.turn.moves
                )));
            }
            pos.sub = n as u8;
            if n > 0 {
                pos.key ^= t.zob.extra(t.x_sub + n as usize);
            }
        }
    }

    // Castling.
    let castling = fields.get(2).copied().unwrap_or("-");
    if castling != "-" {
        let mut rights = 0u8;
        for ch in castling.chars() {
            let bit = match ch {
                'K' => 0,
                'Q' => 1,
                'k' => 2,
                'q' => 3,
                _ => return Err(FenError::BadCastling(castling.to_string())),
            };
            if rights >> bit & 1 != 0 {
                return Err(FenError::BadCastling(castling.to_string()));
            }
            rights |= 1 << bit;
        }
        if let (Some(wings), Some(kk)) = (&t.wings, t.castle_king) {
            for bit in 0..4 {
                let (s, wing) = (bit / 2, bit % 2);
                let w = &wings[s][wing];
                let rook_ok =
                    pos.board[w.rook_from as usize] & !PROMOTED == code(s, t.castle_rook as usize);
                let king_ok = (0..t.ncells).any(|c| {
                    pos.board[c] & !PROMOTED == code(s, kk as usize)
                        && def.topology.coord(c as Cell).y == w.rank
                });
                if rights >> bit & 1 != 0 && rook_ok && king_ok {
                    pos.set_castling(&t, pos.castling | 1 << bit);
                }
            }
        }
    }

    // En passant: the cell, and the piece that crossed it (the owner's
    // `en_passant` piece one of its ride steps beyond it).
    let ep = fields.get(3).copied().unwrap_or("-");
    if ep != "-" {
        let cell = def
            .topology
            .cell_by_name(ep)
            .ok_or_else(|| FenError::BadEnPassant(ep.to_string()))?;
        let owner = if pos.sub == 0 {
            pos.side.opposite().index()
        } else {
            pos.side.index()
        };
        let mut victim = NO_CELL;
        if pos.board[cell as usize] == 0 {
            'find: for k in 0..t.nkinds {
                if t.ep_mask >> k & 1 == 0 {
                    continue;
                }
                for line in t.lines_of(owner, k, cell as usize) {
                    if !line.can_move {
                        continue;
                    }
                    // A ride's first cell; any target of a step or leap.
                    let cells = t.line(line);
                    let first = match line.travel {
                        super::tables::LineTravel::Ride => &cells[..1],
                        _ => cells,
                    };
                    for &next in first {
                        if pos.board[next as usize] == code(owner, k) {
                            victim = next;
                            break 'find;
                        }
                    }
                }
            }
        }
        if victim != NO_CELL {
            pos.set_ep(&t, cell, victim);
        }
    }
    pos.halfmove = match fields.get(4) {
        Some(f) => crate::fen::parse_counter(f, 0)?,
        None => 0,
    };
    pos.fullmove = match fields.get(5) {
        Some(f) => crate::fen::parse_counter(f, 1)?,
        None => 1,
    };

    pos.event = static_event(&pos);
    // A position where the side that just moved stands in check cannot arise
    // (unless the game has ended: an atomic capture that explodes the enemy king
    // may leave one's own king attacked).
    if pos.event == 0 && pos.side_in_check(pos.side.opposite().index()) {
        return Err(FenError::Illegal(
            "the side not to move is in check".to_string(),
        ));
    }
    Ok(pos)
}

/// Events visible in a parsed position (a royal piece already gone, a side
/// extinct, a goal cell reached by the side that just moved).
fn static_event(pos: &FileVariant) -> u8 {
    let t = &*pos.t;
    let last = pos.side.opposite().index();
    let mut lost = [false; 2];
    if t.royal_mask != 0 {
        // Royal pieces gone count as lost when the other side still has some.
        let has =
            |s: usize| (0..t.nkinds).any(|k| t.royal_mask >> k & 1 != 0 && pos.counts[s][k] > 0);
        let (w, b) = (has(0), has(1));
        lost = [!w && b, !b && w];
    }
    let goal_cell = (0..t.ncells).find(|&c| {
        let p = pos.board[c];
        p != 0
            && side_of(p) == last
            && t.goal_kinds >> kind_of(p) & 1 != 0
            && t.flag(last, c) & super::tables::F_GOAL != 0
    });
    // Extinction and "no pieces" are judged only when exactly one side is out.
    let judged = pos.judge(last, lost, goal_cell);
    if judged == 0 {
        return 0;
    }
    let all = u32::MAX;
    let (a, b) = (pos.material(0, all), pos.material(1, all));
    if a == 0 && b == 0 {
        return 0;
    }
    judged
}

/// One side's hand in FEN letters (kind order).
pub(crate) fn hand_text(pos: &FileVariant, side: usize) -> String {
    let mut s = String::new();
    for k in 0..pos.t.nkinds {
        let l = pos.t.letters[k];
        let l = if side == 0 { l } else { l.to_ascii_lowercase() };
        for _ in 0..pos.hands[side][k] {
            s.push(l);
        }
    }
    s
}

pub(crate) fn write(pos: &FileVariant) -> String {
    let t = &*pos.t;
    let mut s = String::new();
    for (i, (sep, row)) in t.fen_rows.iter().enumerate() {
        if i > 0 {
            s.push(*sep as char);
        }
        let mut empty = 0;
        for &c in row {
            let p = pos.board[c as usize];
            if p == 0 {
                empty += 1;
                continue;
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
                empty = 0;
            }
            let l = t.letters[kind_of(p)];
            s.push(if side_of(p) == 0 {
                l
            } else {
                l.to_ascii_lowercase()
            });
            if p & PROMOTED != 0 {
                s.push('~');
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
    }
    if pos.def.rules.drops.is_some() {
        s.push('[');
        s.push_str(&hand_text(pos, 0));
        s.push_str(&hand_text(pos, 1));
        s.push(']');
    }
    s.push(' ');
    s.push(pos.side.fen_char());
    s.push(' ');
    if pos.castling == 0 {
        s.push('-');
    } else {
        for (b, ch) in ['K', 'Q', 'k', 'q'].iter().enumerate() {
            if pos.castling >> b & 1 != 0 {
                s.push(*ch);
            }
        }
    }
    s.push(' ');
    if pos.ep == NO_CELL {
        s.push('-');
    } else {
        s.push_str(pos.def.topology.name(pos.ep));
    }
    s.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    if pos.def.rules.turn.moves > 1 {
        s.push_str(&format!(" {}", pos.sub));
    }
    s
}
