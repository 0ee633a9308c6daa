//! Adjudication: ending a game early when both engines have agreed on its result
//! for long enough, as testing frameworks do, so that a match spends its time on
//! games still in doubt. Off unless asked for (`--resign`, `--draw`).
//!
//! Both rules read the score each engine reported at the end of its turns (the
//! `TurnRecord::score` the PGN also carries) and need an unbroken run of scored
//! engine turns: an opening turn, or a turn without a score, breaks the run.
//!
//! * Resign: over the last `turns` turns of each side, one side's scores are all at
//!   least `score` centipawns and the other's all at most −`score` (both engines
//!   agree, as fishtest's "twosided"): the first side wins.
//! * Draw: from full move `after` on, over the last `turns` turns of each side,
//!   every score lies within ±`score` centipawns: a draw.
//!
//! A mate score counts as beyond any centipawn bound, for the side it favours.

use super::referee::{side_name, GameResult, Termination, TurnRecord};
use engine::Side;
use std::fmt;
use std::str::FromStr;

/// The termination category of adjudicated games (and the reason PGN shows).
pub const ADJUDICATION: &str = "adjudication";

/// A score beyond any centipawn bound: what a mate counts as.
const MATE_CP: i32 = 1_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Turns of each side the agreement must last.
    pub turns: usize,
    /// Centipawns the winner's scores must reach (and the loser's fall below, negated).
    pub score: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// The full move number from which the rule applies.
    pub after: usize,
    /// Turns of each side the scores must stay near zero.
    pub turns: usize,
    /// Centipawns both engines' scores must stay within.
    pub score: i32,
}

/// The adjudication rules of a match (both `None`: every game is played out).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
}

/// Reads `key=value` pairs (comma-separated) into `slots`, each a key and where its
/// non-negative integer goes; every key must be given.
fn parse_pairs(text: &str, slots: &mut [(&str, &mut i64)]) -> Result<(), String> {
    let mut seen = vec![false; slots.len()];
    let names: Vec<&str> = slots.iter().map(|(k, _)| *k).collect();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| format!("expected key=value, got '{part}'"))?;
        let i = names
            .iter()
            .position(|k| *k == key.trim())
            .ok_or_else(|| format!("unknown key '{}' (known: {})", key.trim(), names.join(", ")))?;
        let value: i64 = value
            .trim()
            .parse()
            .ok()
            .filter(|v| *v >= 0 && *v <= i32::MAX as i64)
            .ok_or_else(|| format!("'{part}': expected a non-negative integer"))?;
        *slots[i].1 = value;
        seen[i] = true;
    }
    if let Some(i) = seen.iter().position(|s| !s) {
        return Err(format!("missing '{}='", names[i]));
    }
    Ok(())
}

impl FromStr for ResignRule {
    type Err = String;
    /// `turns=3,score=600`.
    fn from_str(s: &str) -> Result<Self, String> {
        let (mut turns, mut score) = (0, 0);
        parse_pairs(s, &mut [("turns", &mut turns), ("score", &mut score)])?;
        if turns == 0 || score == 0 {
            return Err("turns and score must be at least 1".into());
        }
        Ok(ResignRule {
            turns: turns as usize,
            score: score as i32,
        })
    }
}

impl FromStr for DrawRule {
    type Err = String;
    /// `after=40,turns=8,score=10`.
    fn from_str(s: &str) -> Result<Self, String> {
        let (mut after, mut turns, mut score) = (0, 0, 0);
        parse_pairs(
            s,
            &mut [
                ("after", &mut after),
                ("turns", &mut turns),
                ("score", &mut score),
            ],
        )?;
        if turns == 0 {
            return Err("turns must be at least 1".into());
        }
        Ok(DrawRule {
            after: after as usize,
            turns: turns as usize,
            score: score as i32,
        })
    }
}

impl fmt::Display for ResignRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turns={},score={}", self.turns, self.score)
    }
}

impl fmt::Display for DrawRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "after={},turns={},score={}",
            self.after, self.turns, self.score
        )
    }
}

/// A reported score (`cp 31`, `mate 3`, `mate -2`) in centipawns for the engine
/// that reported it; `None` when it says neither.
fn centipawns(score: &str) -> Option<i32> {
    let (kind, value) = score.split_once(' ')?;
    let value: i32 = value.trim().parse().ok()?;
    match kind {
        "cp" => Some(value),
        // "mate 0": the side to move is mated already.
        "mate" => Some(if value > 0 { MATE_CP } else { -MATE_CP }),
        _ => None,
    }
}

/// The scores of the last `n` turns of each side, newest first, if the game's last
/// `2n` turns are all engine turns with a score, alternating between the sides.
fn last_scores(turns: &[TurnRecord], n: usize) -> Option<[Vec<i32>; 2]> {
    if turns.len() < 2 * n {
        return None;
    }
    let mut scores = [Vec::new(), Vec::new()];
    let recent = &turns[turns.len() - 2 * n..];
    for (i, turn) in recent.iter().enumerate() {
        if i > 0 && recent[i - 1].side == turn.side {
            return None;
        }
        turn.time?;
        scores[turn.side.index()].push(centipawns(turn.score.as_deref()?)?);
    }
    Some(scores)
}

impl Adjudication {
    /// Whether the game whose completed turns are `turns` is to end now, and how.
    pub fn verdict(&self, turns: &[TurnRecord]) -> Option<(GameResult, Termination)> {
        if let Some(rule) = self.resign {
            if let Some(scores) = last_scores(turns, rule.turns) {
                for winner in [Side::White, Side::Black] {
                    let won = scores[winner.index()].iter().all(|&s| s >= rule.score);
                    let lost = scores[winner.opposite().index()]
                        .iter()
                        .all(|&s| s <= -rule.score);
                    if won && lost {
                        return Some((
                            GameResult::win_for(winner),
                            Termination {
                                category: ADJUDICATION.into(),
                                detail: format!("{} wins by {ADJUDICATION}", side_name(winner)),
                            },
                        ));
                    }
                }
            }
        }
        if let Some(rule) = self.draw {
            // Full moves played: a turn of each side is one.
            let full_moves = turns.len() / 2;
            if full_moves >= rule.after {
                if let Some(scores) = last_scores(turns, rule.turns) {
                    if scores.iter().flatten().all(|s| s.abs() <= rule.score) {
                        return Some((
                            GameResult::Draw,
                            Termination {
                                category: ADJUDICATION.into(),
                                detail: format!("draw by {ADJUDICATION}"),
                            },
                        ));
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Turns alternating from White, with these scores (`None`: an opening turn).
    fn game(scores: &[Option<&str>]) -> Vec<TurnRecord> {
        scores
            .iter()
            .enumerate()
            .map(|(i, s)| TurnRecord {
                side: if i % 2 == 0 { Side::White } else { Side::Black },
                submoves: vec!["x".into()],
                score: s.map(str::to_string),
                depth: s.map(|_| 10),
                time: s.map(|_| Duration::from_millis(10)),
            })
            .collect()
    }

    fn resign(turns: usize, score: i32) -> Adjudication {
        Adjudication {
            resign: Some(ResignRule { turns, score }),
            draw: None,
        }
    }

    #[test]
    fn both_engines_must_agree_for_the_whole_run_to_resign() {
        let rule = resign(2, 600);
        let white_wins = game(&[
            Some("cp 650"),
            Some("cp -700"),
            Some("cp 800"),
            Some("cp -900"),
        ]);
        let (result, t) = rule.verdict(&white_wins).expect("adjudicated");
        assert_eq!(result, GameResult::WhiteWins);
        assert_eq!(t.category, ADJUDICATION);
        assert_eq!(t.detail, "White wins by adjudication");
        // Black's engine still hopes (-500 > -600): no verdict.
        let hope = game(&[
            Some("cp 650"),
            Some("cp -500"),
            Some("cp 800"),
            Some("cp -900"),
        ]);
        assert!(rule.verdict(&hope).is_none());
        // Too short a run.
        assert!(rule.verdict(&white_wins[1..]).is_none());
        // Mates count beyond any bound, for the side they favour.
        let mate = game(&[
            Some("cp -700"),
            Some("mate 4"),
            Some("mate -3"),
            Some("mate 2"),
        ]);
        assert_eq!(rule.verdict(&mate).unwrap().0, GameResult::BlackWins);
        // A turn without a score (or an opening turn) breaks the run.
        let gap = game(&[Some("cp 650"), None, Some("cp 800"), Some("cp -900")]);
        assert!(rule.verdict(&gap).is_none());
        assert!(
            Adjudication::default().verdict(&white_wins).is_none(),
            "off by default"
        );
    }

    #[test]
    fn a_draw_needs_quiet_scores_from_the_given_move_on() {
        let rule = Adjudication {
            resign: None,
            draw: Some(DrawRule {
                after: 3,
                turns: 2,
                score: 10,
            }),
        };
        let quiet = [Some("cp 5"), Some("cp -3"), Some("cp 0"), Some("cp 10")];
        assert!(rule.verdict(&game(&quiet)).is_none(), "only 2 full moves");
        let mut longer = vec![Some("cp 90"), Some("cp -80")];
        longer.extend(quiet);
        let (result, t) = rule.verdict(&game(&longer)).expect("adjudicated");
        assert_eq!(result, GameResult::Draw);
        assert_eq!(t.detail, "draw by adjudication");
        let mut lively = longer.clone();
        lively[4] = Some("cp 11");
        assert!(rule.verdict(&game(&lively)).is_none());
    }

    #[test]
    fn rules_parse_and_print_back() {
        let r: ResignRule = "turns=3,score=600".parse().unwrap();
        assert_eq!(
            r,
            ResignRule {
                turns: 3,
                score: 600
            }
        );
        assert_eq!(r.to_string().parse::<ResignRule>().unwrap(), r);
        let d: DrawRule = "after=40, turns=8, score=10".parse().unwrap();
        assert_eq!(d.to_string().parse::<DrawRule>().unwrap(), d);
        for bad in [
            "turns=3",
            "turns=0,score=600",
            "turns=3,score=x",
            "moves=3,score=600",
            "turns=-1,score=5",
        ] {
            assert!(bad.parse::<ResignRule>().is_err(), "{bad}");
        }
        assert!("after=40,turns=8"
            .parse::<DrawRule>()
            .unwrap_err()
            .contains("score"));
    }
}
