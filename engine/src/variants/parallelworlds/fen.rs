//! FEN text of Parallel Worlds positions and its validation:
//! `L1|L2|L3 side castling ep half full turnstate`, with
//! `castling` = `<level 1>,<level 3>` (e.g. `KQkq,-`), `ep` = `<level 1>,<level 3>`
//! (e.g. `e3,-`), and `turnstate` = `-` or the current cells of the men moved this
//! turn in the order moved (e.g. `1e4,2b1`).
//!
//! Rejected (typed errors): anything but exactly two kings per side, a king on level
//! 2, a White pawn on rank 8 or a Black pawn on rank 1 of level 1 or 3, castling
//! rights without king and rook at home, an en-passant cell that no double step can
//! have left, a turn state naming cells not holding the mover's men, or one after
//! which the turn has already ended (complete, or no legal sub-move left).

use super::rules::*;
use super::{cell_of, file_of, level_of, rank_of, ParallelWorlds, TurnState};
use crate::error::FenError;
use crate::fen::{parse_counter, parse_placement, write_placement};
use crate::position::Side;
use crate::topology::Cell;
use crate::variants::common::{fen_fields, parse_square};

fn kind_from_letter(ch: char) -> Option<Kind> {
    KIND_LETTERS
        .iter()
        .position(|&l| l == ch.to_ascii_lowercase())
        .map(|i| KINDS[i])
}

pub fn parse(text: &str) -> Result<ParallelWorlds, FenError> {
    let f = fen_fields(text)?;
    if f.len() != 7 {
        return Err(FenError::FieldCount {
            found: f.len(),
            expected: "7".into(),
        });
    }
    let mut pos = ParallelWorlds::empty();

    let levels: Vec<&str> = f[0].split('|').collect();
    if levels.len() != LEVELS as usize {
        return Err(FenError::Placement(format!(
            "expected {LEVELS} levels separated by '|', found {}",
            levels.len()
        )));
    }
    for (z, part) in levels.iter().enumerate() {
        for (x, y, piece) in parse_placement(part, FILES as usize, RANKS as usize)? {
            let ch = piece.chars().next().unwrap_or(' ');
            if piece.len() != 1 {
                return Err(FenError::BadPiece('~'));
            }
            let kind = kind_from_letter(ch).ok_or(FenError::BadPiece(ch))?;
            let side = if ch.is_ascii_uppercase() {
                Side::White
            } else {
                Side::Black
            };
            let c = cell_of(z as i8, x as i8, y as i8);
            pos.place(c, super::code(side, kind));
        }
    }
    validate_men(&pos)?;

    pos.side = Side::from_fen(f[1])?;
    pos.castling = parse_castling(f[2])?;
    pos.ep = parse_ep(f[3])?;
    pos.halfmove = parse_counter(f[4], 0)?;
    pos.fullmove = parse_counter(f[5], 1)?;
    pos.turn = parse_turn(f[6], &pos)?;
    validate_castling(&pos)?;
    validate_ep(&pos)?;
    validate_turn(&pos)?;
    pos.refresh_key();
    Ok(pos)
}

fn validate_men(pos: &ParallelWorlds) -> Result<(), FenError> {
    for side in [Side::White, Side::Black] {
        let kings: Vec<Cell> = pos
            .men(side)
            .iter()
            .filter(|&c| pos.man_at(c).map(|m| m.1) == Some(Kind::King))
            .collect();
        if kings.len() != 2 {
            return Err(FenError::Illegal(format!(
                "{side:?} has {} kings, expected 2",
                kings.len()
            )));
        }
        if kings.iter().any(|&c| level_of(c) == WORMHOLE_LEVEL) {
            return Err(FenError::Illegal(
                "a king on level 2 (kings never leave their level)".into(),
            ));
        }
        for c in pos.men(side).iter() {
            if pos.man_at(c).map(|m| m.1) == Some(Kind::Pawn)
                && level_of(c) != WORMHOLE_LEVEL
                && rank_of(c) == LAST_RANK[side.index()]
            {
                return Err(FenError::Illegal(format!(
                    "{side:?} pawn on its last rank at {}",
                    cell_name(c)
                )));
            }
        }
    }
    Ok(())
}

fn cell_name(c: Cell) -> String {
    super::tables::tables().topo.name(c).to_string()
}

fn parse_castling(s: &str) -> Result<u8, FenError> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != ORTHODOX_LEVELS.len() {
        return Err(FenError::BadCastling(s.into()));
    }
    let mut bits = 0;
    for (slot, part) in parts.iter().enumerate() {
        if *part == "-" {
            continue;
        }
        if part.is_empty() {
            return Err(FenError::BadCastling(s.into()));
        }
        for ch in part.chars() {
            let side = if ch.is_ascii_uppercase() {
                Side::White
            } else {
                Side::Black
            };
            let wing = CASTLES
                .iter()
                .position(|c| c.letter == ch.to_ascii_uppercase())
                .ok_or_else(|| FenError::BadCastling(s.into()))?;
            let bit = castle_bit(slot, side, wing);
            if bits & bit != 0 {
                return Err(FenError::BadCastling(s.into()));
            }
            bits |= bit;
        }
    }
    Ok(bits)
}

fn validate_castling(pos: &ParallelWorlds) -> Result<(), FenError> {
    for (slot, &z) in ORTHODOX_LEVELS.iter().enumerate() {
        for side in [Side::White, Side::Black] {
            let y = FIRST_RANK[side.index()];
            for (wing, spec) in CASTLES.iter().enumerate() {
                if pos.castling & castle_bit(slot, side, wing) == 0 {
                    continue;
                }
                let king_home =
                    pos.man_at(cell_of(z, spec.king_from, y)) == Some((side, Kind::King));
                let rook_home =
                    pos.man_at(cell_of(z, spec.rook_from, y)) == Some((side, Kind::Rook));
                if !king_home || !rook_home {
                    return Err(FenError::BadCastling(format!(
                        "right {} on level {} without king and rook at home",
                        if side == Side::White {
                            spec.letter
                        } else {
                            spec.letter.to_ascii_lowercase()
                        },
                        z + 1
                    )));
                }
            }
        }
    }
    Ok(())
}

fn parse_ep(s: &str) -> Result<[Option<Cell>; 2], FenError> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != ORTHODOX_LEVELS.len() {
        return Err(FenError::BadEnPassant(s.into()));
    }
    let mut ep = [None; 2];
    for (slot, part) in parts.iter().enumerate() {
        if *part == "-" {
            continue;
        }
        let (x, y) = parse_square(part, FILES as usize, RANKS as usize)
            .ok_or_else(|| FenError::BadEnPassant(s.into()))?;
        if !EP_RANK.contains(&(y as i8)) {
            return Err(FenError::BadEnPassant(s.into()));
        }
        ep[slot] = Some(cell_of(ORTHODOX_LEVELS[slot], x as i8, y as i8));
    }
    Ok(ep)
}

fn validate_ep(pos: &ParallelWorlds) -> Result<(), FenError> {
    for c in pos.ep.iter().flatten().copied() {
        let maker = ParallelWorlds::ep_maker(c);
        let f = FORWARD[maker.index()];
        let (z, x, y) = (level_of(c), file_of(c), rank_of(c));
        let bad = |why: &str| Err(FenError::BadEnPassant(format!("{}: {why}", cell_name(c))));
        if pos.man_at(c).is_some() || pos.man_at(cell_of(z, x, y - f)).is_some() {
            return bad("the skipped or start cell is occupied");
        }
        if pos.man_at(cell_of(z, x, y + f)) != Some((maker, Kind::Pawn)) {
            return bad("no pawn that just double-stepped");
        }
        // The mover's own square exists only after its double step this turn (on
        // that level); the opponent's only while this turn has not used the level.
        let used = pos.turn.level_used(z);
        if (maker == pos.side) != used {
            return bad("does not fit the side to move and the turn state");
        }
    }
    Ok(())
}

fn parse_turn(s: &str, pos: &ParallelWorlds) -> Result<TurnState, FenError> {
    let mut turn = TurnState::default();
    if s == "-" {
        return Ok(turn);
    }
    let topo = &super::tables::tables().topo;
    for name in s.split(',') {
        let c = topo
            .cell_by_name(name)
            .ok_or_else(|| FenError::BadTurnState(format!("'{name}' is not a cell")))?;
        if turn.contains(c) {
            return Err(FenError::BadTurnState(format!("{name} listed twice")));
        }
        if turn.len as usize >= turn.cells.len() {
            return Err(FenError::BadTurnState(format!("too many cells in '{s}'")));
        }
        if pos.man_at(c).map(|m| m.0) != Some(pos.side) {
            return Err(FenError::BadTurnState(format!(
                "{name} does not hold a man of the side to move"
            )));
        }
        turn.push(c);
    }
    Ok(turn)
}

fn validate_turn(pos: &ParallelWorlds) -> Result<(), FenError> {
    let turn = &pos.turn;
    // Two men on one level only after castling: the king and a rook.
    for z in 0..LEVELS {
        let on: Vec<Cell> = turn
            .cells()
            .iter()
            .copied()
            .filter(|&c| level_of(c) == z)
            .collect();
        let castled = on.len() == 2
            && pos.man_at(on[0]).map(|m| m.1) == Some(Kind::King)
            && pos.man_at(on[1]).map(|m| m.1) == Some(Kind::Rook)
            && rank_of(on[0]) == FIRST_RANK[pos.side.index()]
            && rank_of(on[1]) == rank_of(on[0]);
        if on.len() > 2 || (on.len() == 2 && !castled) {
            return Err(FenError::BadTurnState(format!(
                "more than one sub-move ended on level {}",
                z + 1
            )));
        }
    }
    if turn.len > 0 {
        if turn.submoves() >= pos.max_submoves() {
            return Err(FenError::BadTurnState(
                "the turn is already complete".into(),
            ));
        }
        if !pos.any_submove() {
            return Err(FenError::BadTurnState(
                "no further sub-move: the turn has already ended".into(),
            ));
        }
    }
    Ok(())
}

pub fn write(pos: &ParallelWorlds) -> String {
    let placement: Vec<String> = (0..LEVELS)
        .map(|z| {
            write_placement(FILES as usize, RANKS as usize, |x, y| {
                pos.man_at(cell_of(z, x as i8, y as i8))
                    .map(|(side, kind)| {
                        let l = KIND_LETTERS[kind as usize];
                        (if side == Side::White {
                            l.to_ascii_uppercase()
                        } else {
                            l
                        })
                        .to_string()
                    })
            })
        })
        .collect();
    let castling: Vec<String> = (0..ORTHODOX_LEVELS.len())
        .map(|slot| {
            let mut s = String::new();
            for side in [Side::White, Side::Black] {
                for (wing, spec) in CASTLES.iter().enumerate() {
                    if pos.castling & castle_bit(slot, side, wing) != 0 {
                        s.push(if side == Side::White {
                            spec.letter
                        } else {
                            spec.letter.to_ascii_lowercase()
                        });
                    }
                }
            }
            if s.is_empty() {
                "-".into()
            } else {
                s
            }
        })
        .collect();
    let ep: Vec<String> = pos
        .ep
        .iter()
        .map(|e| match e {
            Some(c) => cell_name(*c)[1..].to_string(),
            None => "-".into(),
        })
        .collect();
    let turn = if pos.turn.len == 0 {
        "-".to_string()
    } else {
        pos.turn
            .cells()
            .iter()
            .map(|&c| cell_name(c))
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{} {} {} {} {} {} {}",
        placement.join("|"),
        pos.side.fen_char(),
        castling.join(","),
        ep.join(","),
        pos.halfmove,
        pos.fullmove,
        turn
    )
}
