//! `UCI_LimitStrength` / `UCI_Elo`: a weaker engine, calibrated on an Elo scale.
//!
//! With the option on, a `go` (not `go infinite`, not in `UCI_AnalyseMode`, not
//! `go mate`) is answered like this:
//!
//! 1. the level for the Elo is read off [`LEVELS`] (interpolated between rows): a
//!    node budget for the whole `go`, a number of lines and a temperature;
//! 2. that many principal variations are searched, MultiPV-style (line k is the best
//!    root sub-move not leading lines 1..k-1), each with an equal share of the node
//!    budget and of the time `go` allows (so the time used never exceeds what the
//!    unlimited engine would use; a weak level usually answers much faster);
//! 3. one line is drawn at random, with weight `exp(-loss / temperature)`, where
//!    `loss` is how much worse its score is than the best line's (in centipawns,
//!    rescaled to chess centipawns for the other variants, see
//!    [`temperature_scale`]). A line that gets mated is never drawn unless the best
//!    line gets mated too. The chosen line's first sub-move starts the turn; the rest
//!    of the turn follows that line's PV (session.rs).
//!
//! Weak levels thus play plausible second- and third-best moves, and now and then a
//! real mistake, rather than random blunders. The calibration (docs/limit-strength.md)
//! matched Manifold at several `UCI_Elo` values against Stockfish 15.1 with its own
//! `UCI_LimitStrength` at the same `UCI_Elo` and moved the table's Elo column until
//! the games came out even (docs/limit-strength.md has the games, the commands to
//! reproduce them with tools/calibrate_strength.py, and the limits).

use engine::game::Game;
use engine::search::{Info, Limits, Score, SearchResult, Searcher};
use eval::VariantEval;
use rand::Rng;

/// The lowest and highest `UCI_Elo` accepted, and the default.
pub const ELO_MIN: u32 = 1000;
pub const ELO_MAX: u32 = 2200;
pub const ELO_DEFAULT: u32 = 1500;

/// One row of the strength table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// `UCI_Elo` of this row.
    pub elo: u32,
    /// Nodes for the whole `go` (shared evenly by the lines).
    pub nodes: u64,
    /// Principal variations searched and chosen from.
    pub lines: usize,
    /// Temperature in (chess) centipawns: a line `loss` centipawns worse than the best
    /// is drawn with weight `exp(-loss / temperature)`; 0 always takes the best line.
    pub temperature: f64,
}

/// The strength table, ordered by Elo. Between two rows the node budget is
/// interpolated geometrically, the temperature and the number of lines linearly (the
/// lines rounded). Below the first row and above the last the end rows hold.
///
/// Calibrated in chess against Stockfish 15.1's `UCI_LimitStrength` (its scale is
/// anchored to CCRL 40/4) at 100 ms per move; see docs/limit-strength.md for the
/// games behind each number (2026-11-25, 40-80 games per checked row):
///
/// * 1350, 1650, 1850: checked against Stockfish at the same `UCI_Elo`
///   (+53, +53 and -17 Elo, each interval containing 0);
/// * 1000: below Stockfish's minimum; set by Manifold against its 1350 row
///   (self-play, -458 over 60 games);
/// * 2000, 2200: extrapolated from 1850 at +100 Elo per doubling of the nodes; at
///   100 ms per move they cannot spend their budgets and play like 1850.
pub const LEVELS: [Level; 6] = [
    Level {
        elo: 1000,
        nodes: 2_500,
        lines: 4,
        temperature: 115.0,
    },
    Level {
        elo: 1350,
        nodes: 9_500,
        lines: 4,
        temperature: 48.0,
    },
    Level {
        elo: 1650,
        nodes: 15_000,
        lines: 2,
        temperature: 16.0,
    },
    Level {
        elo: 1850,
        nodes: 20_000,
        lines: 1,
        temperature: 0.0,
    },
    Level {
        elo: 2000,
        nodes: 57_000,
        lines: 1,
        temperature: 0.0,
    },
    Level {
        elo: 2200,
        nodes: 226_000,
        lines: 1,
        temperature: 0.0,
    },
];

/// Node checks run every 256 nodes, so a smaller budget per line would not be kept.
pub const MIN_NODES_PER_LINE: u64 = 256;

/// What a limited search needs besides the `go` limits.
#[derive(Clone, Debug)]
pub struct StrengthLimit {
    pub elo: u32,
    /// Multiplies the temperature: the variant's score scale against chess's
    /// ([`temperature_scale`]).
    pub temperature_scale: f64,
    /// Seeds the choice among the lines.
    pub seed: u64,
}

/// The level for `elo` (clamped to the table).
pub fn level_for(elo: u32) -> Level {
    let first = LEVELS[0];
    let last = LEVELS[LEVELS.len() - 1];
    if elo <= first.elo {
        return first;
    }
    if elo >= last.elo {
        return last;
    }
    let i = LEVELS
        .iter()
        .position(|l| l.elo > elo)
        .expect("inside the table")
        - 1;
    let (a, b) = (LEVELS[i], LEVELS[i + 1]);
    let t = f64::from(elo - a.elo) / f64::from(b.elo - a.elo);
    let nodes = (a.nodes as f64).ln() + t * ((b.nodes as f64).ln() - (a.nodes as f64).ln());
    Level {
        elo,
        nodes: nodes.exp().round() as u64,
        lines: (a.lines as f64 + t * (b.lines as f64 - a.lines as f64)).round() as usize,
        temperature: a.temperature + t * (b.temperature - a.temperature),
    }
}

/// How many centipawns of this variant are one centipawn of chess: the ratio of the
/// score scales of the variants' win-draw-loss models (crate::wdl, the `b` column:
/// how many centipawns change the winning chances by the same amount). Parallel
/// Worlds' scores are about 15 times chess's, so the same temperature in raw
/// centipawns would make its weak levels almost never deviate.
pub fn temperature_scale(variant: &str) -> f64 {
    let scale = |v: &str| {
        crate::wdl::WDL_MODELS
            .iter()
            .find(|m| m.0 == v)
            .map(|m| m.2)
    };
    match (scale(variant), scale("chess")) {
        (Some(v), Some(c)) if c > 0.0 => v / c,
        _ => 1.0,
    }
}

/// A score as a number to compare lines by: centipawns, and mates far beyond any
/// centipawn score (a quicker mate is better, a slower defeat is better).
fn utility(score: Score) -> f64 {
    match score {
        Score::Cp(cp) => f64::from(cp),
        Score::Mate(n) if n > 0 => 100_000.0 - f64::from(n),
        Score::Mate(n) => -100_000.0 - f64::from(n),
    }
}

/// The selection weights of lines with these scores (side to move's view) at this
/// temperature: `exp(-loss / temperature)` against the best score, 0 for a line that
/// gets mated when the best line does not. Temperature 0 (or below) gives weight 1 to
/// the best line(s) only.
pub fn weights(scores: &[Score], temperature: f64) -> Vec<f64> {
    let best = scores
        .iter()
        .map(|&s| utility(s))
        .fold(f64::NEG_INFINITY, f64::max);
    let best_is_mated = best <= -100_000.0 + 1_000.0;
    scores
        .iter()
        .map(|&s| {
            let mated = matches!(s, Score::Mate(n) if n <= 0);
            if mated && !best_is_mated {
                return 0.0;
            }
            let loss = (best - utility(s)).max(0.0);
            if temperature <= 0.0 {
                if loss == 0.0 {
                    1.0
                } else {
                    0.0
                }
            } else {
                (-loss / temperature).exp()
            }
        })
        .collect()
}

/// Draws a line index with the [`weights`] of `scores`.
pub fn select_line<R: Rng>(scores: &[Score], temperature: f64, rng: &mut R) -> usize {
    let w = weights(scores, temperature);
    let total: f64 = w.iter().sum();
    if total.is_nan() || total <= 0.0 {
        return 0;
    }
    let mut x = rng.gen::<f64>() * total;
    for (i, &wi) in w.iter().enumerate() {
        if x < wi {
            return i;
        }
        x -= wi;
    }
    w.iter().rposition(|&wi| wi > 0.0).unwrap_or(0)
}

/// The limits of one of `lines` lines: an equal share of the node budget and of the
/// time (move time, clocks and increments alike, the move overhead kept once, so each
/// line's deadlines are that share of the unlimited engine's). A ponder search is searched at once on these
/// limits (the answer still waits for `ponderhit`).
fn line_limits(limits: &Limits, level: &Level, lines: usize) -> Limits {
    let n = lines as u64;
    let mut l = limits.clone();
    l.multipv = 1;
    l.ponder = false;
    let per_line = (level.nodes / n).max(MIN_NODES_PER_LINE);
    l.nodes = Some(
        limits
            .nodes
            .map_or(per_line, |u| (u / n).max(1).min(per_line)),
    );
    // The move overhead is kept once, not once per line: a line's usable time is the
    // n-th part of the unlimited search's.
    let o = limits.move_overhead;
    let share = |t: u64| t.saturating_sub(o) / n + o;
    l.movetime = limits.movetime.map(share);
    for t in l.time.iter_mut().flatten() {
        *t = share(*t);
    }
    for inc in l.inc.iter_mut() {
        *inc /= n;
    }
    l
}

/// Searches `game`'s position at the strength of `strength.elo` and returns the
/// chosen line (its first sub-move is the answer). `info` receives the `info` lines
/// of every line (`multipv k`).
pub fn limited_search<P: VariantEval>(
    game: &Game<P>,
    eval: &P::Eval,
    searcher: &mut Searcher,
    limits: &Limits,
    strength: &StrengthLimit,
    info: &mut dyn FnMut(&Info),
) -> SearchResult {
    use rand::SeedableRng;
    let root = game.pos();
    let history = game.history();
    let level = level_for(strength.elo);
    let candidates = crate::session::root_candidates(root, limits);
    let lines = level.lines.clamp(1, candidates.len().max(1));
    let mut per_line = line_limits(limits, &level, lines);
    per_line.searchmoves = candidates;
    let searched =
        crate::session::distinct_lines(game, eval, searcher, &mut per_line, lines, true, info);
    // A line whose first iteration did not finish has no score to judge it by (the
    // first line is kept whatever its depth), nor has one without a move.
    let mut results: Vec<SearchResult> = Vec::new();
    for r in searched.into_iter().filter(|r| r.best.is_some()) {
        if r.depth > 0 || results.is_empty() {
            results.push(r);
        }
    }
    if results.len() <= 1 {
        return results
            .pop()
            .unwrap_or_else(|| searcher.think(root, history, &per_line, eval, &mut |_| {}));
    }
    let scores: Vec<Score> = results.iter().map(|r| r.score).collect();
    let temperature = level.temperature * strength.temperature_scale;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(strength.seed);
    let k = select_line(&scores, temperature, &mut rng);
    log::debug!(
        "limit strength: Elo {} nodes {} lines {} temperature {temperature:.0}: scores {scores:?}, chose line {}",
        strength.elo,
        level.nodes,
        lines,
        k + 1
    );
    results.swap_remove(k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn table_is_ordered_and_interpolates() {
        for w in LEVELS.windows(2) {
            assert!(w[0].elo < w[1].elo);
            assert!(w[0].nodes < w[1].nodes, "budgets grow with Elo");
            assert!(w[0].temperature >= w[1].temperature, "temperature falls");
            assert!(w[0].lines >= w[1].lines);
        }
        assert_eq!(LEVELS[0].elo, ELO_MIN);
        assert_eq!(LEVELS[LEVELS.len() - 1].elo, ELO_MAX);
        assert_eq!(level_for(ELO_MIN - 500), LEVELS[0]);
        assert_eq!(level_for(ELO_MAX + 500), LEVELS[LEVELS.len() - 1]);
        for l in LEVELS {
            assert_eq!(level_for(l.elo), l);
        }
        let (a, b) = (LEVELS[1], LEVELS[2]);
        let mid = level_for((a.elo + b.elo) / 2);
        let geo = ((a.nodes as f64) * (b.nodes as f64)).sqrt();
        assert!((mid.nodes as f64 - geo).abs() <= 1.0, "{mid:?}");
        assert!((mid.temperature - (a.temperature + b.temperature) / 2.0).abs() < 1e-9);
        let mut last = level_for(ELO_MIN);
        for elo in ELO_MIN..=ELO_MAX {
            let l = level_for(elo);
            assert!(l.nodes >= last.nodes && l.temperature <= last.temperature);
            last = l;
        }
    }

    #[test]
    fn weights_fall_with_the_loss() {
        let scores = [Score::Cp(50), Score::Cp(30), Score::Cp(0), Score::Cp(-250)];
        let w = weights(&scores, 100.0);
        assert!((w[0] - 1.0).abs() < 1e-12);
        for pair in w.windows(2) {
            assert!(pair[0] > pair[1], "{w:?}");
        }
        assert!((w[1] - (-0.2f64).exp()).abs() < 1e-12);
        // A colder temperature favours the best line more.
        let cold = weights(&scores, 20.0);
        assert!(cold[1] < w[1] && cold[3] < w[3]);
        // Temperature 0: the best line only.
        assert_eq!(weights(&scores, 0.0), vec![1.0, 0.0, 0.0, 0.0]);
        // The order of the lines does not matter.
        let w2 = weights(&[Score::Cp(0), Score::Cp(50)], 100.0);
        assert!(w2[0] < w2[1] && (w2[1] - 1.0).abs() < 1e-12);
    }

    #[test]
    fn getting_mated_is_never_chosen_unless_every_line_is() {
        let scores = [
            Score::Cp(-400),
            Score::Mate(-1),
            Score::Mate(-3),
            Score::Cp(-900),
        ];
        let w = weights(&scores, 1.0e6);
        assert_eq!((w[1], w[2]), (0.0, 0.0));
        assert!(w[0] > 0.0 && w[3] > 0.0);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..1000 {
            let k = select_line(&scores, 1.0e6, &mut rng);
            assert!(k == 0 || k == 3, "chose a mated line {k}");
        }
        // All lines mated: the slowest defeat is the best.
        let lost = [Score::Mate(-1), Score::Mate(-4)];
        assert_eq!(weights(&lost, 0.0), vec![0.0, 1.0]);
        // Mating is far better than any centipawn score.
        let w = weights(&[Score::Cp(900), Score::Mate(2)], 200.0);
        assert!(w[0] < 1e-9 && w[1] == 1.0);
    }

    #[test]
    fn selection_is_seeded_and_follows_the_weights() {
        let scores = [
            Score::Cp(20),
            Score::Cp(0),
            Score::Cp(-100),
            Score::Cp(-300),
        ];
        let draw = |seed: u64| {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            (0..4000)
                .map(|_| select_line(&scores, 100.0, &mut rng))
                .collect::<Vec<_>>()
        };
        assert_eq!(draw(7), draw(7), "same seed, same choices");
        let picks = draw(7);
        let mut counts = [0usize; 4];
        for k in picks {
            counts[k] += 1;
        }
        // Expected shares: weights 1, 0.819, 0.301, 0.041 over 2.161.
        let w = weights(&scores, 100.0);
        let total: f64 = w.iter().sum();
        for i in 0..4 {
            let expected = 4000.0 * w[i] / total;
            assert!(
                (counts[i] as f64 - expected).abs() < 4.0 * expected.sqrt() + 5.0,
                "line {i}: {} drawn, {expected:.0} expected ({counts:?})",
                counts[i]
            );
        }
        assert!(counts[0] > counts[1] && counts[1] > counts[2] && counts[2] > counts[3]);
        // At temperature 0 the best line is always drawn.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        assert!((0..100).all(|_| select_line(&scores, 0.0, &mut rng) == 0));
    }

    #[test]
    fn the_time_and_nodes_are_shared_by_the_lines() {
        let level = level_for(1500);
        let limits = Limits {
            movetime: Some(1000),
            time: [Some(60_000), Some(30_000)],
            inc: [1000, 500],
            ponder: true,
            multipv: 3,
            ..Default::default()
        };
        let l = line_limits(&limits, &level, 4);
        // The default overhead, 0 here: exact quarters.
        assert_eq!(l.movetime, Some(250));
        assert_eq!(l.time, [Some(15_000), Some(7_500)]);
        assert_eq!(l.inc, [250, 125]);
        assert!(!l.ponder);
        assert_eq!(l.multipv, 1);
        assert_eq!(l.nodes, Some((level.nodes / 4).max(MIN_NODES_PER_LINE)));
        // A smaller `go nodes` wins.
        let l = line_limits(
            &Limits {
                nodes: Some(400),
                ..Default::default()
            },
            &level,
            4,
        );
        assert_eq!(l.nodes, Some(100));
        // With an overhead of 10 ms, each line may use a quarter of 990 ms.
        let l = line_limits(
            &Limits {
                movetime: Some(1000),
                time: [Some(4010), None],
                move_overhead: 10,
                ..Default::default()
            },
            &level,
            4,
        );
        assert_eq!(l.movetime, Some(247 + 10));
        assert_eq!(l.time, [Some(1000 + 10), None]);
    }

    #[test]
    fn variants_scale_the_temperature_by_their_score_scale() {
        assert!((temperature_scale("chess") - 1.0).abs() < 1e-12);
        assert!(temperature_scale("parallelworlds") > 10.0);
        assert!(temperature_scale("crazyhouse") > 2.0);
        assert_eq!(temperature_scale("no such variant"), 1.0);
    }
}
