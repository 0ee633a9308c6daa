//! Time management: turns `go` limits into a soft deadline (do not start another
//! iteration after it) and a hard deadline (abort the search at it).
//!
//! A pondering search has no deadlines until `ponderhit`; the deadlines are then
//! computed from the moment the ponderhit was noticed, as if `go` had arrived then.

use super::Limits;
use crate::position::Side;
use std::time::{Duration, Instant};

/// Moves assumed left in the game when the GUI gives no `movestogo`.
const DEFAULT_MOVES_TO_GO: u64 = 30;
/// The most `movestogo` is trusted to spread the clock over.
const MAX_MOVES_TO_GO: u64 = 50;
/// Share of the increment spent on this move (the rest builds a reserve).
const INCREMENT_SHARE_PERCENT: u64 = 75;
/// The target time never exceeds this share of the remaining clock.
const SOFT_MAX_PERCENT: u64 = 40;
/// A single move may overrun the target by this factor...
const HARD_FACTOR: u64 = 3;
/// ...but never uses more than this share of the remaining clock.
const HARD_MAX_PERCENT: u64 = 70;
/// The next iteration is started only while less than this share of the target
/// has passed: an iteration typically costs more than all earlier ones together.
const NEXT_ITERATION_PERCENT: u64 = 50;

/// Deadlines of one search, measured from `start`.
#[derive(Clone, Debug)]
pub struct TimeControl {
    pub start: Instant,
    /// Do not begin a new iteration once this much of it has passed.
    soft: Option<Duration>,
    /// Abort the search here.
    hard: Option<Duration>,
}

impl TimeControl {
    /// Deadlines for `side` to move under `limits`, counted from `start`. Ignores the
    /// ponder and infinite flags (the caller decides when deadlines apply).
    pub fn new(limits: &Limits, side: Side, start: Instant) -> TimeControl {
        let overhead = limits.move_overhead;
        if let Some(movetime) = limits.movetime {
            // Use the whole budget minus the transmission overhead; the stop check runs
            // every few hundred nodes, so the overrun is well under a millisecond.
            let budget = Duration::from_millis(movetime.saturating_sub(overhead).max(1));
            return TimeControl {
                start,
                soft: Some(budget),
                hard: Some(budget),
            };
        }
        if let Some(remaining) = limits.time[side.index()] {
            let usable = remaining.saturating_sub(overhead).max(1);
            let inc = limits.inc[side.index()];
            let to_go = limits
                .movestogo
                .map(|m| m as u64)
                .unwrap_or(DEFAULT_MOVES_TO_GO)
                .clamp(1, MAX_MOVES_TO_GO);
            let target = (usable / to_go + inc * INCREMENT_SHARE_PERCENT / 100)
                .min(usable * SOFT_MAX_PERCENT / 100)
                .max(1);
            let hard = (target * HARD_FACTOR)
                .min(usable * HARD_MAX_PERCENT / 100)
                .max(target);
            return TimeControl {
                start,
                soft: Some(Duration::from_millis(target)),
                hard: Some(Duration::from_millis(hard)),
            };
        }
        TimeControl {
            start,
            soft: None,
            hard: None,
        }
    }

    /// No deadlines (infinite, ponder, depth/nodes/mate-only searches).
    pub fn unlimited(start: Instant) -> TimeControl {
        TimeControl {
            start,
            soft: None,
            hard: None,
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the hard deadline has passed.
    pub fn out_of_time(&self) -> bool {
        self.hard.is_some_and(|h| self.elapsed() >= h)
    }

    /// Whether another iteration may begin.
    pub fn may_start_iteration(&self) -> bool {
        self.may_start_iteration_scaled(100)
    }

    /// Whether another iteration may begin when the target time is scaled by
    /// `percent` (see [`Stability`]); never past the hard deadline.
    pub fn may_start_iteration_scaled(&self, percent: u64) -> bool {
        match (self.soft, self.hard) {
            (Some(s), hard) => {
                let target = s * percent as u32 / 100;
                let limit = target * NEXT_ITERATION_PERCENT as u32 / 100;
                let limit = hard.map_or(limit, |h| limit.min(h));
                self.elapsed() < limit
            }
            (None, _) => true,
        }
    }

    /// Whether the search runs on a fixed time per move (`movetime`) rather than a
    /// clock: there is no reserve to keep, so every iteration that can start does.
    pub fn is_fixed(&self) -> bool {
        self.soft.is_some() && self.soft == self.hard
    }

    pub fn hard_limit(&self) -> Option<Duration> {
        self.hard
    }
}

/// Scales a clock search's target time by how settled the root is: a best move that
/// keeps changing, or a score that falls, earns more time; one that has held for
/// several iterations gives time back.
#[derive(Clone, Debug, Default)]
pub struct Stability {
    best: Option<crate::moves::Move>,
    /// Completed iterations in a row with the same best move.
    settled: u32,
    score: Option<i32>,
}

/// Target time in percent by iterations the best move has held (the last entry
/// for any more).
const SETTLED_PERCENT: [u64; 5] = [170, 130, 105, 90, 75];
/// A score this much below the previous iteration's...
const SCORE_DROP: i32 = 30;
/// ...raises the target by this percent.
const SCORE_DROP_PERCENT: u64 = 140;

impl Stability {
    /// Records an iteration's best move and score; returns the target's scale in
    /// percent.
    pub fn update(&mut self, best: crate::moves::Move, score: i32) -> u64 {
        if self.best == Some(best) {
            self.settled += 1;
        } else {
            self.settled = 0;
        }
        self.best = Some(best);
        let mut percent = SETTLED_PERCENT[(self.settled as usize).min(SETTLED_PERCENT.len() - 1)];
        if self.score.is_some_and(|prev| score < prev - SCORE_DROP) {
            percent = percent * SCORE_DROP_PERCENT / 100;
        }
        self.score = Some(score);
        percent
    }
}

/// Target change per permille of best-move effort away from the pivot, in
/// hundredths of a percent: 20 makes a share 250 permille below the pivot worth 50%
/// more time.
const EFFORT_SLOPE: i64 = 20;
/// The effort scale stays within these percentages.
const EFFORT_MIN_PERCENT: i64 = 60;
const EFFORT_MAX_PERCENT: i64 = 180;

/// Scales a clock search's target by the share (permille) of the last iteration's
/// nodes its best move took, against `pivot` permille, at which the target stays
/// (`time_effort`).
pub fn effort_percent(share: u32, pivot: u32) -> u64 {
    let change = (pivot as i64 - share as i64) * EFFORT_SLOPE / 100;
    (100 + change).clamp(EFFORT_MIN_PERCENT, EFFORT_MAX_PERCENT) as u64
}

/// After this many searches the learned pivot becomes a moving average in which each
/// new search weighs 1/EFFORT_WINDOW.
const EFFORT_WINDOW: u64 = 16;
/// Iterations shallower than this give no sample: their trees are too small for the
/// share to say anything.
pub const EFFORT_MIN_DEPTH: i32 = 4;

/// The pivot of [`effort_percent`] learned from the game's own searches
/// (`time_effort_learn`): the mean share that the last completed iteration's best move
/// took, over the game's searches, then a moving average (each search weighing
/// 1/[`EFFORT_WINDOW`]). The configured pivot counts as the first sample, so the first
/// moves are judged by it.
#[derive(Clone, Copy, Debug, Default)]
pub struct EffortPivot {
    /// The mean in millionths (permille times 1000), so that rounding does not drift.
    mean: u64,
    samples: u64,
}

impl EffortPivot {
    /// The pivot in permille; `prior` until a search has been recorded.
    pub fn pivot(&self, prior: u32) -> u32 {
        if self.samples == 0 {
            prior
        } else {
            ((self.mean + 500) / 1000) as u32
        }
    }

    /// Records a search's final share (permille) on top of `prior`.
    pub fn record(&mut self, share: u32, prior: u32) {
        if self.samples == 0 {
            self.mean = prior as u64 * 1000;
            self.samples = 1;
        }
        self.samples = (self.samples + 1).min(EFFORT_WINDOW);
        let share = share as u64 * 1000;
        // mean += (share - mean) / n, in unsigned steps.
        if share >= self.mean {
            self.mean += (share - self.mean) / self.samples;
        } else {
            self.mean -= (self.mean - share) / self.samples;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settled_best_move_gives_time_back_and_a_falling_score_takes_more() {
        use crate::moves::Move;
        let (a, b) = (Move::new(1, 2, 0), Move::new(3, 4, 0));
        let mut s = Stability::default();
        assert_eq!(s.update(a, 10), 170);
        assert_eq!(s.update(a, 12), 130);
        assert_eq!(s.update(a, 12), 105);
        assert_eq!(s.update(a, 12), 90);
        assert_eq!(s.update(a, 12), 75);
        assert_eq!(s.update(a, 12), 75);
        assert_eq!(s.update(b, 12), 170);
        assert_eq!(s.update(b, -50), 130 * 140 / 100);
        let limits = Limits {
            time: [Some(60_000), None],
            ..Limits::default()
        };
        let tc = TimeControl::new(&limits, Side::White, Instant::now());
        assert!(tc.may_start_iteration_scaled(75));
        assert!(!tc.is_fixed());
    }

    #[test]
    fn a_best_move_that_took_most_nodes_gives_time_back() {
        assert_eq!(effort_percent(800, 800), 100);
        assert_eq!(effort_percent(1000, 800), 60);
        assert_eq!(effort_percent(900, 800), 80);
        assert_eq!(effort_percent(550, 800), 150);
        assert_eq!(effort_percent(0, 800), 180);
    }

    #[test]
    fn the_learned_pivot_starts_at_the_prior_and_follows_the_game() {
        let mut p = EffortPivot::default();
        assert_eq!(p.pivot(700), 700);
        p.record(500, 700);
        assert_eq!(p.pivot(700), 600, "the prior counts as one sample");
        p.record(300, 700);
        assert_eq!(p.pivot(700), 500);
        for _ in 0..200 {
            p.record(450, 700);
        }
        assert_eq!(p.pivot(700), 450, "a long game forgets the prior");
        p.record(1000, 700);
        assert_eq!(p.pivot(700), 484, "later samples weigh 1/16");
    }

    #[test]
    fn movetime_is_respected_minus_overhead() {
        let limits = Limits {
            movetime: Some(1000),
            move_overhead: 30,
            ..Limits::default()
        };
        let tc = TimeControl::new(&limits, Side::White, Instant::now());
        assert_eq!(tc.hard_limit(), Some(Duration::from_millis(970)));
    }

    #[test]
    fn clock_limits_stay_inside_the_clock() {
        let limits = Limits {
            time: [Some(60_000), Some(1_000)],
            inc: [1_000, 0],
            ..Limits::default()
        };
        let white = TimeControl::new(&limits, Side::White, Instant::now());
        // 60000/30 + 750 = 2750 target, hard 3x.
        assert_eq!(white.soft, Some(Duration::from_millis(2750)));
        assert_eq!(white.hard, Some(Duration::from_millis(8250)));
        let black = TimeControl::new(&limits, Side::Black, Instant::now());
        assert!(black.hard.unwrap() <= Duration::from_millis(700));
        let last = Limits {
            time: [Some(500), None],
            movestogo: Some(1),
            ..Limits::default()
        };
        let tc = TimeControl::new(&last, Side::White, Instant::now());
        assert!(tc.hard.unwrap() <= Duration::from_millis(350));
    }
}
