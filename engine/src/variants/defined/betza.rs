//! Betza notation to movement atoms (flat boards, White's view).
//!
//! The subset implemented here, exactly (documented for users in
//! `docs/variants.md#betza-subset-flat-boards`):
//!
//! * Atoms: `W` (1,0) `F` (1,1) `D` (2,0) `N` (1,2) `A` (2,2) `H` (3,0) `C` (1,3)
//!   `Z` (2,3) `G` (3,3), each with all its symmetric vectors (4 for orthogonal and
//!   diagonal atoms, 8 for oblique ones); shorthands `K` = `WF`, `R` = `WW`,
//!   `B` = `FF`, `Q` = `WWFF`.
//! * A doubled atom (`WW`, `NN`) is an unlimited rider; a number after an atom
//!   (`W3`, `R4`, `N0`) is a rider of at most that many steps (0 = unlimited,
//!   at most 15). `W` and `F` alone are steps (a ride of exactly 1), the other
//!   atoms leap.
//! * Modifiers before an atom apply to that atom only, in any order:
//!   directions `f b l r v s`, modes `m` (move only) and `c` (capture only; both
//!   or neither: move and capture), `i` (initial moves only), `n` (non-jumping),
//!   `p` (cannon hop, riders only).
//! * Directions select vectors (x = file, y = rank, White's forward = +y):
//!   `f` y > 0, `b` y < 0, `r` x > 0, `l` x < 0, `v` y ≠ 0 and |y| ≥ |x|,
//!   `s` x ≠ 0 and |x| ≥ |y|. Two adjacent letters form a pair when the first is
//!   `f b l r` and the second is not its opposite: a pair of perpendicular letters
//!   (`fl`, `rb`) selects vectors matching both; a doubled letter selects the
//!   vectors pointing mostly that way (`ff` = f and v, `ll` = l and s); `fs`, `fv`,
//!   `lv`, ... select both. Letters that do not pair stand alone; the selection is
//!   the union of all words. So on the knight: `f` = the 4 forward leaps, `ff` =
//!   (±1, 2), `fs` = (±2, 1), `fl` = (-1, 2) and (-2, 1), `v` = the 4 leaps (±1, ±2).
//!   A pair that selects nothing from an orthogonal atom (`fr` on `W`) means both
//!   its letters (`f` + `r`), the common reading for orthogonal atoms; any other
//!   word that selects nothing is an error.
//! * `n` on `D`, `A`, `H`, `G` (not riders) makes the leap a ride of exactly k unit
//!   steps whose crossed cells must be empty (the pawn's `nD` is
//!   `Ride { min: 2, max: 2 }` along (0, 1)); on `W`, `F`, `K` and riders of unit
//!   steps it changes nothing (they never jump). Lame oblique leapers (`nN`) and
//!   `n` on riders of longer leaps are rejected.
//!
//! Anything else (other letters, brackets, spaces) is an error naming the
//! character's position (1-based).

use super::def::{Atom, Travel};
use crate::movement::Mode;
use crate::topology::Vector;

/// The four orthogonal vectors of length `k`.
fn orthogonal(k: i8) -> Vec<Vector> {
    vec![[0, k, 0], [k, 0, 0], [0, -k, 0], [-k, 0, 0]]
}

/// The four diagonal vectors of length `k`.
fn diagonal(k: i8) -> Vec<Vector> {
    vec![[k, k, 0], [k, -k, 0], [-k, -k, 0], [-k, k, 0]]
}

/// The eight vectors (±a, ±b), (±b, ±a).
fn oblique(a: i8, b: i8) -> Vec<Vector> {
    vec![
        [a, b, 0],
        [b, a, 0],
        [b, -a, 0],
        [a, -b, 0],
        [-a, -b, 0],
        [-b, -a, 0],
        [-b, a, 0],
        [-a, b, 0],
    ]
}

/// An atom letter's vectors and whether the letter is a rider by itself (R, B, Q).
fn atom_vectors(letter: char) -> Option<(Vec<Vector>, bool)> {
    Some(match letter {
        'W' => (orthogonal(1), false),
        'F' => (diagonal(1), false),
        'D' => (orthogonal(2), false),
        'N' => (oblique(1, 2), false),
        'A' => (diagonal(2), false),
        'H' => (orthogonal(3), false),
        'C' => (oblique(1, 3), false),
        'Z' => (oblique(2, 3), false),
        'G' => (diagonal(3), false),
        'K' => ([orthogonal(1), diagonal(1)].concat(), false),
        'R' => (orthogonal(1), true),
        'B' => (diagonal(1), true),
        'Q' => ([orthogonal(1), diagonal(1)].concat(), true),
        _ => return None,
    })
}

/// Whether a direction letter holds for a vector (White's view).
fn holds(letter: char, v: Vector) -> bool {
    let (x, y) = (v[0], v[1]);
    match letter {
        'f' => y > 0,
        'b' => y < 0,
        'r' => x > 0,
        'l' => x < 0,
        'v' => y != 0 && y.abs() >= x.abs(),
        's' => x != 0 && x.abs() >= y.abs(),
        _ => false,
    }
}

fn opposite(a: char, b: char) -> bool {
    matches!((a, b), ('f', 'b') | ('b', 'f') | ('l', 'r') | ('r', 'l'))
}

/// Whether `a` followed by `b` forms one direction word (see the module doc).
fn pairs(a: char, b: char) -> bool {
    matches!(a, 'f' | 'b' | 'l' | 'r')
        && matches!(b, 'f' | 'b' | 'l' | 'r' | 'v' | 's')
        && !opposite(a, b)
}

/// The vectors of `base` one direction word selects.
fn select(word: &[char], base: &[Vector]) -> Vec<Vector> {
    let test = |v: Vector| -> bool {
        match *word {
            [a] => holds(a, v),
            [a, b] if a == b => {
                // Doubled: the vectors pointing mostly toward `a`.
                let mostly = if matches!(a, 'f' | 'b') { 'v' } else { 's' };
                holds(a, v) && holds(mostly, v)
            }
            [a, b] => holds(a, v) && holds(b, v),
            _ => false,
        }
    };
    let chosen: Vec<Vector> = base.iter().copied().filter(|&v| test(v)).collect();
    let all_orthogonal = base.iter().all(|v| v[0] == 0 || v[1] == 0);
    if chosen.is_empty() && word.len() == 2 && all_orthogonal {
        // `frW`: an orthogonal atom has no forward-right move; read as f + r.
        return base
            .iter()
            .copied()
            .filter(|&v| holds(word[0], v) || holds(word[1], v))
            .collect();
    }
    chosen
}

/// Modifiers gathered before an atom.
#[derive(Default)]
struct Modifiers {
    /// Runs of adjacent direction letters (a mode letter between two letters
    /// separates runs, so they never pair across it).
    runs: Vec<Vec<char>>,
    last_was_direction: bool,
    move_only: bool,
    capture_only: bool,
    initial: bool,
    non_jumping: bool,
    hop: bool,
    /// 1-based position of the first modifier, for errors.
    start: Option<usize>,
}

impl Modifiers {
    fn is_empty(&self) -> bool {
        self.start.is_none()
    }
}

/// Parses Betza notation (the subset in the module doc) into White's atoms.
pub fn parse_betza(text: &str) -> Result<Vec<Atom>, String> {
    if text.is_empty() {
        return Err("empty Betza notation".to_string());
    }
    let chars: Vec<char> = text.chars().collect();
    let mut atoms = Vec::new();
    let mut mods = Modifiers::default();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let pos = i + 1;
        match c {
            'f' | 'b' | 'l' | 'r' | 'v' | 's' => {
                if mods.last_was_direction {
                    if let Some(run) = mods.runs.last_mut() {
                        run.push(c);
                    }
                } else {
                    mods.runs.push(vec![c]);
                }
                mods.last_was_direction = true;
                mods.start.get_or_insert(pos);
                i += 1;
                continue;
            }
            'm' | 'c' | 'i' | 'n' | 'p' => {
                match c {
                    'm' => mods.move_only = true,
                    'c' => mods.capture_only = true,
                    'i' => mods.initial = true,
                    'n' => mods.non_jumping = true,
                    _ => mods.hop = true,
                }
                mods.last_was_direction = false;
                mods.start.get_or_insert(pos);
                i += 1;
                continue;
            }
            _ => {}
        }
        let Some((base, shorthand_rider)) = atom_vectors(c) else {
            return Err(if c.is_ascii_digit() {
                format!("number at position {pos} does not follow an atom")
            } else if c.is_ascii_uppercase() {
                format!("unsupported atom '{c}' at position {pos}")
            } else if c.is_ascii_lowercase() {
                format!("unsupported modifier '{c}' at position {pos}")
            } else {
                format!(
                    "unsupported character '{}' at position {pos}",
                    c.escape_default()
                )
            });
        };
        i += 1;
        // Rider suffix: the atom doubled, or a range number.
        let mut range: Option<u8> = shorthand_rider.then_some(0);
        let doubles = matches!(c, 'W' | 'F' | 'D' | 'N' | 'A' | 'H' | 'C' | 'Z' | 'G');
        if doubles && chars.get(i) == Some(&c) {
            range = Some(0);
            i += 1;
        } else if chars.get(i).is_some_and(|d| d.is_ascii_digit()) {
            let num_pos = i + 1;
            let mut n: u32 = 0;
            while let Some(d) = chars.get(i).and_then(|d| d.to_digit(10)) {
                n = (n * 10 + d).min(1000);
                i += 1;
            }
            if n > 15 {
                return Err(format!(
                    "range {n} at position {num_pos} is too large (at most 15; 0 = unlimited)"
                ));
            }
            range = Some(n as u8);
        }
        if chars.get(i).is_some_and(|d| d.is_ascii_digit()) {
            return Err(format!(
                "number at position {} does not follow an atom",
                i + 1
            ));
        }
        // A range of 1 is the plain atom.
        let rider = range.filter(|&r| r != 1);

        // Directions.
        let vectors = if mods.runs.is_empty() {
            base.clone()
        } else {
            let mut chosen: Vec<Vector> = Vec::new();
            for run in &mods.runs {
                let mut j = 0;
                while j < run.len() {
                    let word: &[char] = if j + 1 < run.len() && pairs(run[j], run[j + 1]) {
                        &run[j..j + 2]
                    } else {
                        &run[j..j + 1]
                    };
                    j += word.len();
                    let sel = select(word, &base);
                    if sel.is_empty() {
                        let w: String = word.iter().collect();
                        return Err(format!(
                            "direction '{w}' selects no move of the atom '{c}' at position {pos}"
                        ));
                    }
                    for v in sel {
                        if !chosen.contains(&v) {
                            chosen.push(v);
                        }
                    }
                }
            }
            // Keep the atom's own order, whatever order the words came in.
            base.iter()
                .copied()
                .filter(|v| chosen.contains(v))
                .collect()
        };

        let unit = |v: &Vector| v[0].abs().max(v[1].abs()) <= 1;
        let mut vectors = vectors;
        let travel = if mods.hop {
            if mods.non_jumping {
                return Err(format!(
                    "'n' and 'p' cannot both modify the atom '{c}' at position {pos}"
                ));
            }
            match rider {
                Some(0) => Travel::Hop,
                Some(_) => {
                    return Err(format!(
                        "'p' (hop) needs an unlimited rider, not a limited range, at position {pos}"
                    ))
                }
                None => {
                    return Err(format!(
                        "'p' (hop) needs a rider such as R, B or WW; '{c}' at position {pos} is not one"
                    ))
                }
            }
        } else if let Some(r) = rider {
            if mods.non_jumping && !vectors.iter().all(unit) {
                return Err(format!(
                    "'n' on the rider '{c}' at position {pos} is not supported (only unit-step riders, which never jump)"
                ));
            }
            Travel::Ride { min: 1, max: r }
        } else if vectors.iter().all(unit) {
            // W, F, K: a step never jumps, `n` changes nothing.
            Travel::Ride { min: 1, max: 1 }
        } else if mods.non_jumping {
            if matches!(c, 'N' | 'C' | 'Z') {
                return Err(format!(
                    "'n' on the oblique atom '{c}' at position {pos} (a lame leaper) is not supported"
                ));
            }
            // D, A, H, G: k unit steps through empty cells.
            let k = vectors
                .first()
                .map(|v| v[0].abs().max(v[1].abs()))
                .unwrap_or(1);
            for v in vectors.iter_mut() {
                *v = [v[0] / k, v[1] / k, 0];
            }
            Travel::Ride {
                min: k as u8,
                max: k as u8,
            }
        } else {
            Travel::Leap
        };
        let mode = match (mods.move_only, mods.capture_only) {
            (true, false) => Mode::MoveOnly,
            (false, true) => Mode::CaptureOnly,
            _ => Mode::MoveOrCapture,
        };
        atoms.push(Atom {
            vectors,
            travel,
            mode,
            initial: mods.initial,
        });
        mods = Modifiers::default();
    }
    if !mods.is_empty() {
        return Err(format!(
            "modifiers from position {} have no atom after them",
            mods.start.unwrap_or(chars.len())
        ));
    }
    Ok(atoms)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Atom {
        let atoms = parse_betza(text).unwrap();
        assert_eq!(atoms.len(), 1, "{text}: {atoms:?}");
        atoms.into_iter().next().unwrap()
    }

    fn sorted(mut v: Vec<Vector>) -> Vec<Vector> {
        v.sort();
        v
    }

    const STEP: Travel = Travel::Ride { min: 1, max: 1 };
    const RIDER: Travel = Travel::Ride { min: 1, max: 0 };

    #[test]
    fn chess_pieces() {
        let k = one("K");
        assert_eq!(k.travel, STEP);
        assert_eq!(k.vectors.len(), 8);
        assert_eq!(k.mode, Mode::MoveOrCapture);
        assert!(!k.initial);
        let q = one("Q");
        assert_eq!(q.travel, RIDER);
        assert_eq!(sorted(q.vectors), sorted(k.vectors.clone()));
        let r = one("R");
        assert_eq!(r.travel, RIDER);
        assert_eq!(sorted(r.vectors), sorted(orthogonal(1)));
        let b = one("B");
        assert_eq!(sorted(b.vectors), sorted(diagonal(1)));
        let n = one("N");
        assert_eq!(n.travel, Travel::Leap);
        assert_eq!(
            sorted(n.vectors),
            sorted(crate::topology::KNIGHT_2D.to_vec())
        );
        // WW is the rook, FF the bishop.
        assert_eq!(one("WW"), one("R"));
        assert_eq!(one("FF"), one("B"));
    }

    #[test]
    fn pawn() {
        let atoms = parse_betza("fmWfcFifmnD").unwrap();
        assert_eq!(atoms.len(), 3);
        assert_eq!(atoms[0].vectors, vec![[0, 1, 0]]);
        assert_eq!(atoms[0].mode, Mode::MoveOnly);
        assert_eq!(atoms[0].travel, STEP);
        assert_eq!(
            sorted(atoms[1].vectors.clone()),
            vec![[-1, 1, 0], [1, 1, 0]]
        );
        assert_eq!(atoms[1].mode, Mode::CaptureOnly);
        assert!(!atoms[1].initial);
        assert_eq!(atoms[2].vectors, vec![[0, 1, 0]]);
        assert_eq!(atoms[2].travel, Travel::Ride { min: 2, max: 2 });
        assert_eq!(atoms[2].mode, Mode::MoveOnly);
        assert!(atoms[2].initial);
    }

    #[test]
    fn xiangqi_cannon() {
        let atoms = parse_betza("mRcpR").unwrap();
        assert_eq!(atoms.len(), 2);
        assert_eq!(atoms[0].mode, Mode::MoveOnly);
        assert_eq!(atoms[0].travel, RIDER);
        assert_eq!(atoms[1].mode, Mode::CaptureOnly);
        assert_eq!(atoms[1].travel, Travel::Hop);
        assert_eq!(sorted(atoms[1].vectors.clone()), sorted(orthogonal(1)));
    }

    #[test]
    fn oblique_directions() {
        assert_eq!(
            sorted(one("fN").vectors),
            vec![[-2, 1, 0], [-1, 2, 0], [1, 2, 0], [2, 1, 0]]
        );
        assert_eq!(sorted(one("ffN").vectors), vec![[-1, 2, 0], [1, 2, 0]]);
        assert_eq!(sorted(one("fsN").vectors), vec![[-2, 1, 0], [2, 1, 0]]);
        assert_eq!(sorted(one("flN").vectors), vec![[-2, 1, 0], [-1, 2, 0]]);
        assert_eq!(
            sorted(one("vN").vectors),
            vec![[-1, -2, 0], [-1, 2, 0], [1, -2, 0], [1, 2, 0]]
        );
        assert_eq!(one("sN").vectors.len(), 4);
        assert_eq!(sorted(one("bbN").vectors), vec![[-1, -2, 0], [1, -2, 0]]);
        // Union of words: ff + bb = v.
        assert_eq!(sorted(one("ffbbN").vectors), sorted(one("vN").vectors));
    }

    #[test]
    fn orthogonal_and_diagonal_directions() {
        assert_eq!(one("fW").vectors, vec![[0, 1, 0]]);
        assert_eq!(sorted(one("vW").vectors), vec![[0, -1, 0], [0, 1, 0]]);
        assert_eq!(sorted(one("sR").vectors), vec![[-1, 0, 0], [1, 0, 0]]);
        assert_eq!(one("flF").vectors, vec![[-1, 1, 0]]);
        assert_eq!(sorted(one("fF").vectors), vec![[-1, 1, 0], [1, 1, 0]]);
        // No forward-right W: the pair reads as f + r; fb as f + b.
        assert_eq!(sorted(one("frW").vectors), vec![[0, 1, 0], [1, 0, 0]]);
        assert_eq!(sorted(one("fbW").vectors), sorted(one("vW").vectors));
        // The shogi silver general: FfW.
        let silver = parse_betza("FfW").unwrap();
        assert_eq!(silver.len(), 2);
        assert_eq!(silver[1].vectors, vec![[0, 1, 0]]);
    }

    #[test]
    fn ranges_and_riders() {
        let w3 = one("W3");
        assert_eq!(w3.travel, Travel::Ride { min: 1, max: 3 });
        assert_eq!(w3.vectors.len(), 4);
        let nn = one("NN");
        assert_eq!(nn.travel, RIDER);
        assert_eq!(nn.vectors.len(), 8);
        assert_eq!(one("N0"), nn);
        assert_eq!(one("W1"), one("W"));
        assert_eq!(one("R4").travel, Travel::Ride { min: 1, max: 4 });
        assert_eq!(one("D").travel, Travel::Leap);
        assert_eq!(one("D").vectors[0], [0, 2, 0]);
        // nA: two diagonal steps through an empty cell (the xiangqi elephant).
        let na = one("nA");
        assert_eq!(na.travel, Travel::Ride { min: 2, max: 2 });
        assert_eq!(sorted(na.vectors), sorted(diagonal(1)));
        // Several atoms keep their order.
        let gold = parse_betza("WfF").unwrap();
        assert_eq!(gold.len(), 2);
        assert_eq!(gold[0].vectors.len(), 4);
    }

    #[test]
    fn errors_name_the_position() {
        let err = |t: &str| parse_betza(t).unwrap_err();
        assert!(err("").contains("empty"));
        assert!(err("X").contains("position 1"), "{}", err("X"));
        assert!(err("Wj").contains("'j' at position 2"), "{}", err("Wj"));
        assert!(err("W(").contains("position 2"));
        assert!(err("fm").contains("position 1"), "{}", err("fm"));
        assert!(err("3W").contains("position 1"));
        assert!(err("WW3").contains("position 3"), "{}", err("WW3"));
        assert!(err("W99").contains("too large"));
        assert!(err("W99999999999999999999").contains("too large"));
        assert!(err("nN").contains("lame"), "{}", err("nN"));
        assert!(err("pN").contains("rider"));
        assert!(err("pR3").contains("unlimited"));
        assert!(err("npR").contains("'n' and 'p'"));
        assert!(err("nDD").contains("not supported"));
        assert!(err("K ").contains("position 2"));
        assert!(err("Kä").contains("position 2"));
    }
}
