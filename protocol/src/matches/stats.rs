//! Match statistics: Elo difference from a score, its 95% interval, the likelihood of
//! superiority, and the sequential probability ratio test.
//!
//! Two models of the same games:
//!
//! * **Trinomial** ([`Tally`]): every game an independent draw from {win, draw,
//!   loss}, scored 1, ½, 0 from engine 1's point of view.
//! * **Pentanomial** ([`PairTally`]): the match plays every opening twice, colours
//!   swapped, and the unit is the pair, scored 0, ½, 1, 1½ or 2 points. The two games
//!   of a pair are not independent: an opening that favours White gives each engine
//!   one of the two games, so a pair's score varies less than two free games would.
//!   The trinomial model counts that opening luck as noise; the pentanomial model
//!   measures it, so its intervals are the true ones and its SPRT needs fewer games
//!   for the same error rates (as in fishtest). The SPRT uses it by default.
//!
//! Either way the sample mean and the sample variance of the unit's score drive the
//! interval and the SPRT. Elo is the logistic model: expected score
//! `s = 1 / (1 + 10^(-elo/400))`.

use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

/// Two-sided 95% quantile of the standard normal distribution.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses from one engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn new(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
    /// Points scored: a win is 1, a draw ½.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }
    /// The mean score per game in [0, 1]; `None` before the first game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / n as f64)
    }
    pub fn draw_ratio(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.draws as f64 / n as f64)
    }
    /// The sample variance of one game's score (population form, divided by n).
    pub fn score_variance(&self) -> Option<f64> {
        moments(&[(1.0, self.wins), (0.5, self.draws), (0.0, self.losses)]).map(|m| m.1)
    }
    /// The same games seen from the opponent.
    pub fn flipped(&self) -> Tally {
        Tally {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
}

/// The mean and the variance (population form, divided by n) of a sample given as
/// (value, count) cells; `None` when it is empty.
fn moments(cells: &[(f64, u32)]) -> Option<(f64, f64)> {
    let n: u32 = cells.iter().map(|c| c.1).sum();
    if n == 0 {
        return None;
    }
    let n = n as f64;
    let mean = cells.iter().map(|&(v, c)| v * c as f64).sum::<f64>() / n;
    let variance = cells
        .iter()
        .map(|&(v, c)| c as f64 * (v - mean).powi(2))
        .sum::<f64>()
        / n;
    Some((mean, variance))
}

/// Game pairs (one opening, each engine White once) by engine 1's points in the
/// pair: `counts[k]` pairs scored k half-points (0, ½, 1, 1½, 2 points).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairTally {
    pub counts: [u32; 5],
}

impl PairTally {
    /// Records a pair from engine 1's two game scores, each 1 (won), 0 (drawn) or
    /// -1 (lost).
    pub fn add(&mut self, first: i32, second: i32) {
        let half_points = (first + 1 + second + 1).clamp(0, 4) as usize;
        self.counts[half_points] += 1;
    }
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }
    /// (value, count) cells, a pair's value being its mean score per game.
    fn cells(&self) -> [(f64, u32); 5] {
        std::array::from_fn(|k| (k as f64 / 4.0, self.counts[k]))
    }
    /// The mean score per game in [0, 1]; `None` before the first pair.
    pub fn score(&self) -> Option<f64> {
        moments(&self.cells()).map(|m| m.0)
    }
    /// The sample variance of a pair's mean score (population form).
    pub fn score_variance(&self) -> Option<f64> {
        moments(&self.cells()).map(|m| m.1)
    }
    /// The same pairs seen from the opponent.
    pub fn flipped(&self) -> PairTally {
        let mut counts = self.counts;
        counts.reverse();
        PairTally { counts }
    }
}

/// Game pairs being completed as their games come in, in any order: a pair's first
/// game waits for its partner, and the two go into `tally` together.
#[derive(Clone, Debug)]
pub struct PairBook<K> {
    /// Engine 1's score in the first game of each pair still open.
    open: HashMap<K, i32>,
    pub tally: PairTally,
}

impl<K: Hash + Eq> PairBook<K> {
    pub fn new() -> Self {
        PairBook {
            open: HashMap::new(),
            tally: PairTally::default(),
        }
    }

    /// One game of pair `pair`, engine 1's score 1, 0 or -1.
    pub fn record(&mut self, pair: K, score: i32) {
        match self.open.remove(&pair) {
            Some(partner) => self.tally.add(partner, score),
            None => {
                self.open.insert(pair, score);
            }
        }
    }
}

impl<K: Hash + Eq> Default for PairBook<K> {
    fn default() -> Self {
        Self::new()
    }
}

/// Elo difference for a mean score (logistic model). 0 and 1 give ∓/± infinity.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if score >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of an Elo difference (logistic model).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo estimate with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub lower: f64,
    pub upper: f64,
}

impl EloEstimate {
    /// Half the interval's width where it is finite (the usual "± x").
    pub fn margin(&self) -> f64 {
        (self.upper - self.lower) / 2.0
    }
}

/// Elo difference and its 95% interval: the normal approximation of the mean score
/// (`s ± 1.96·σ/√n`), each bound converted to Elo.
pub fn elo_estimate(t: &Tally) -> Option<EloEstimate> {
    Some(interval(t.score()?, t.score_variance()?, t.games()))
}

/// The same from game pairs (the pentanomial model; see the module comment).
pub fn elo_estimate_pairs(t: &PairTally) -> Option<EloEstimate> {
    Some(interval(t.score()?, t.score_variance()?, t.pairs()))
}

/// `s ± 1.96·√(v/n)` in Elo, for n units of mean score s and variance v.
fn interval(s: f64, variance: f64, units: u32) -> EloEstimate {
    let stderr = (variance / units as f64).sqrt();
    EloEstimate {
        elo: elo_from_score(s),
        lower: elo_from_score(s - Z_95 * stderr),
        upper: elo_from_score(s + Z_95 * stderr),
    }
}

/// Likelihood of superiority: the probability that engine 1 is the stronger,
/// `½·(1 + erf((W − L) / √(2(W + L))))`. Draws carry no information here.
pub fn los(t: &Tally) -> Option<f64> {
    let decisive = (t.wins + t.losses) as f64;
    if decisive == 0.0 {
        return None;
    }
    Some(0.5 * (1.0 + erf((t.wins as f64 - t.losses as f64) / (2.0 * decisive).sqrt())))
}

/// The error function, Abramowitz & Stegun 7.1.26 (absolute error below 1.5e-7),
/// enough for percentages printed to one decimal.
pub fn erf(x: f64) -> f64 {
    const P: f64 = 0.327_591_1;
    const A: [f64; 5] = [
        0.254_829_592,
        -0.284_496_736,
        1.421_413_741,
        -1.453_152_027,
        1.061_405_429,
    ];
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + P * x);
    let poly = t * (A[0] + t * (A[1] + t * (A[2] + t * (A[3] + t * A[4]))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// Which units the SPRT counts (see the module comment).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SprtModel {
    /// Game pairs, scored 0-2 points.
    #[default]
    Pentanomial,
    /// Single games, scored 0, ½, 1.
    Trinomial,
}

impl SprtModel {
    pub fn name(self) -> &'static str {
        match self {
            SprtModel::Pentanomial => "pentanomial",
            SprtModel::Trinomial => "trinomial",
        }
    }
    /// The model not chosen, reported beside for comparison.
    pub fn other(self) -> SprtModel {
        match self {
            SprtModel::Pentanomial => SprtModel::Trinomial,
            SprtModel::Trinomial => SprtModel::Pentanomial,
        }
    }
}

/// SPRT hypotheses and error rates: H0 "elo = elo0" against H1 "elo = elo1".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtConfig {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: SprtModel,
}

impl Default for SprtConfig {
    fn default() -> Self {
        SprtConfig {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
            model: SprtModel::default(),
        }
    }
}

impl FromStr for SprtConfig {
    type Err = String;
    /// `elo0=0,elo1=5,alpha=0.05,beta=0.05,model=pentanomial`; missing keys keep
    /// their defaults.
    fn from_str(s: &str) -> Result<Self, String> {
        let mut cfg = SprtConfig::default();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("expected key=value, got '{part}'"))?;
            if key.trim() == "model" {
                cfg.model = match value.trim() {
                    "pentanomial" => SprtModel::Pentanomial,
                    "trinomial" => SprtModel::Trinomial,
                    other => {
                        return Err(format!(
                            "unknown SPRT model '{other}' (pentanomial, trinomial)"
                        ))
                    }
                };
                continue;
            }
            let value: f64 = value
                .trim()
                .parse()
                .map_err(|_| format!("bad number in '{part}'"))?;
            match key.trim() {
                "elo0" => cfg.elo0 = value,
                "elo1" => cfg.elo1 = value,
                "alpha" => cfg.alpha = value,
                "beta" => cfg.beta = value,
                other => {
                    return Err(format!(
                        "unknown SPRT parameter '{other}' (elo0, elo1, alpha, beta, model)"
                    ))
                }
            }
        }
        if !(cfg.alpha > 0.0 && cfg.alpha < 1.0 && cfg.beta > 0.0 && cfg.beta < 1.0) {
            return Err("alpha and beta must lie strictly between 0 and 1".into());
        }
        if cfg.elo0 >= cfg.elo1 {
            return Err("elo0 must be below elo1".into());
        }
        Ok(cfg)
    }
}

impl fmt::Display for SprtConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={} model={}",
            self.elo0,
            self.elo1,
            self.alpha,
            self.beta,
            self.model.name()
        )
    }
}

/// No SPRT decision before this many games (see [`SprtConfig::decide`]).
pub const SPRT_MIN_GAMES: u32 = 40;

impl SprtConfig {
    /// (lower, upper) LLR bounds: ln(β/(1−α)) and ln((1−β)/α).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 over single games (trinomial), under
    /// the normal approximation of the mean (the "generalised SPRT"): with n units,
    /// mean score x and per-unit variance v, `LLR = n·(s1 − s0)·(2x − s0 − s1) / (2v)`,
    /// where s0, s1 are the expected scores of elo0 and elo1. Zero before the first
    /// game and while every game was drawn.
    pub fn llr(&self, t: &Tally) -> f64 {
        // Every game the same result: no variance to estimate. Count one extra
        // drawn game so a one-sided match (an engine that loses every game) still
        // reaches a decision; all draws stay at zero.
        let t = if t.games() > 0 && [t.wins, t.draws, t.losses].contains(&t.games()) {
            &Tally {
                draws: t.draws + 1,
                ..*t
            }
        } else {
            t
        };
        self.gsprt(t.score(), t.score_variance(), t.games())
    }

    /// The same over game pairs (pentanomial), the pair's mean score per game being
    /// the unit's score. Every pair in one cell: one more pair of one point is
    /// counted, as a drawn game is above.
    pub fn llr_pairs(&self, t: &PairTally) -> f64 {
        let mut t = *t;
        if t.pairs() > 0 && t.counts.contains(&t.pairs()) {
            t.counts[2] += 1;
        }
        self.gsprt(t.score(), t.score_variance(), t.pairs())
    }

    /// The LLR of the configured model.
    pub fn llr_of(&self, model: SprtModel, games: &Tally, pairs: &PairTally) -> f64 {
        match model {
            SprtModel::Trinomial => self.llr(games),
            SprtModel::Pentanomial => self.llr_pairs(pairs),
        }
    }

    fn gsprt(&self, score: Option<f64>, variance: Option<f64>, units: u32) -> f64 {
        let (Some(x), Some(v)) = (score, variance) else {
            return 0.0;
        };
        if v <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        units as f64 * (s1 - s0) * (2.0 * x - s0 - s1) / (2.0 * v)
    }

    /// Accepts a hypothesis once the configured model's LLR crosses a bound, and not
    /// before [`SPRT_MIN_GAMES`] games: the variance is estimated from the games
    /// themselves, and a handful of them (7 wins and a draw) can show so little that
    /// the LLR leaves the bounds on luck alone.
    pub fn decide(&self, games: &Tally, pairs: &PairTally) -> SprtDecision {
        if games.games() < SPRT_MIN_GAMES {
            return SprtDecision::Continue;
        }
        let llr = self.llr_of(self.model, games, pairs);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    Continue,
    /// The lower bound was crossed: engine 1 is not `elo1` stronger.
    AcceptH0,
    /// The upper bound was crossed: engine 1 is at least `elo1` stronger.
    AcceptH1,
}

impl fmt::Display for SprtDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SprtDecision::Continue => "no decision",
            SprtDecision::AcceptH0 => "H0 accepted",
            SprtDecision::AcceptH1 => "H1 accepted",
        })
    }
}

/// Formats an Elo figure: sign, one decimal, `inf` at the extremes.
pub fn fmt_elo(e: f64) -> String {
    if e == f64::INFINITY {
        "+inf".into()
    } else if e == f64::NEG_INFINITY {
        "-inf".into()
    } else {
        // Adding 0.0 turns a negative zero into a positive one ("+0.0", not "-0.0").
        format!("{:+.1}", e + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn elo_from_score_hand_values() {
        // s = 0.75: 1/s - 1 = 1/3, -400·log10(1/3) = 400·0.477121 = 190.849.
        assert!(close(elo_from_score(0.75), 190.848_501_9, 1e-6));
        assert_eq!(elo_from_score(0.5), 0.0);
        // Symmetry: a score of 0.25 is the negation.
        assert!(close(elo_from_score(0.25), -190.848_501_9, 1e-6));
        // s = 0.64: 1/s - 1 = 0.5625 = (3/4)², so elo = 2·(-400·log10 0.75) = 99.951.
        assert!(close(elo_from_score(0.64), 99.950_989_3, 1e-6));
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        assert!(close(score_from_elo(190.848_501_9), 0.75, 1e-9));
    }

    #[test]
    fn interval_hand_values() {
        // W60 D20 L20: s = 0.7; v = (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16;
        // stderr = √(0.16/100) = 0.04; bounds 0.7 ∓ 0.078399 = 0.621601, 0.778399.
        // Elo: 147.1907 (−400·log10(3/7)), 86.2250, 218.2518.
        let t = Tally::new(60, 20, 20);
        assert!(close(t.score_variance().unwrap(), 0.16, 1e-12));
        let e = elo_estimate(&t).unwrap();
        assert!(close(e.elo, 147.190_714, 1e-5));
        assert!(close(e.lower, 86.225_015, 1e-4));
        assert!(close(e.upper, 218.251_778, 1e-4));
        assert!(elo_estimate(&Tally::default()).is_none());
    }

    #[test]
    fn los_hand_values() {
        // W60 L20: (60−20)/√160 = 3.16228; erf(3.16228) = 0.99999226 → LOS 0.9999961.
        assert!(close(
            los(&Tally::new(60, 20, 20)).unwrap(),
            0.999_996_13,
            2e-7
        ));
        // W30 L20: 10/√100 = 1; erf(1) = 0.84270079 → LOS 0.92135040.
        assert!(close(
            los(&Tally::new(30, 40, 20)).unwrap(),
            0.921_350_40,
            2e-7
        ));
        // Equal wins and losses: exactly one half.
        assert!(close(los(&Tally::new(7, 3, 7)).unwrap(), 0.5, 2e-7));
        assert!(los(&Tally::new(0, 5, 0)).is_none());
        assert!(close(erf(0.5), 0.520_499_878, 2e-7));
    }

    #[test]
    fn sprt_hand_values() {
        let cfg: SprtConfig = "elo0=0,elo1=5,alpha=0.05,beta=0.05".parse().unwrap();
        // Bounds: ln(0.05/0.95) = −2.944439, ln(0.95/0.05) = +2.944439.
        let (lo, hi) = cfg.bounds();
        assert!(close(lo, -2.944_438_98, 1e-6) && close(hi, 2.944_438_98, 1e-6));
        // W30 D40 L20, n = 90: x = 50/90 = 0.555556;
        // v = (30·0.197531 + 40·0.003086 + 20·0.308642)/90 = 0.135802;
        // s0 = 0.5, s1 = 1/(1+10^(−5/400)) = 0.507195;
        // LLR = 90·0.007195·(1.111111 − 1.007195)/(2·0.135802) = 0.247755.
        let llr = cfg.llr(&Tally::new(30, 40, 20));
        assert!(close(llr, 0.247_755, 1e-5), "llr {llr}");
        let cfg = SprtConfig {
            model: SprtModel::Trinomial,
            ..cfg
        };
        let no_pairs = PairTally::default();
        let decide = |c: &SprtConfig, w, d, l| c.decide(&Tally::new(w, d, l), &no_pairs);
        assert_eq!(decide(&cfg, 30, 40, 20), SprtDecision::Continue);
        // A crushing result crosses the upper bound; the mirror crosses the lower.
        assert_eq!(decide(&cfg, 900, 200, 100), SprtDecision::AcceptH1);
        assert_eq!(decide(&cfg, 100, 200, 900), SprtDecision::AcceptH0);
        // All draws: no information.
        assert_eq!(cfg.llr(&Tally::new(0, 10, 0)), 0.0);
        // Seven wins and a draw cross the upper bound at elo1 = 20 (LLR 3.56), but
        // eight games decide nothing; forty decide.
        let wide: SprtConfig = "elo0=0,elo1=20,model=trinomial".parse().unwrap();
        assert!(wide.llr(&Tally::new(7, 1, 0)) > wide.bounds().1);
        assert_eq!(decide(&wide, 7, 1, 0), SprtDecision::Continue);
        assert_eq!(decide(&wide, 35, 5, 0), SprtDecision::AcceptH1);
        assert_eq!(decide(&wide, 0, 5, 35), SprtDecision::AcceptH0);
        // Two losses and nothing else: counted with one phantom draw, N = 3,
        // x = 0.5/3 = 0.166667, v = (2·0.027778 + 0.111111)/3 = 0.055556,
        // LLR = 3·0.007195·(0.333333 − 1.007195)/(2·0.055556) = −0.130909.
        let llr = cfg.llr(&Tally::new(0, 0, 2));
        assert!(close(llr, -0.130_909, 1e-5), "llr {llr}");
    }

    #[test]
    fn pentanomial_hand_values() {
        // Pairs scoring 0/½/1/1½/2 points: 2/4/10/6/3, n = 25. Per-game means 0,
        // .25, .5, .75, 1: x = 13.5/25 = 0.54; E[v²] = 9.125/25 = 0.365, so
        // var = 0.365 − 0.2916 = 0.0734. elo1 = 10: s1 = 0.514387;
        // LLR = 25·0.014387·(1.08 − 1.014387)/(2·0.0734) = 0.160760.
        let pairs = PairTally {
            counts: [2, 4, 10, 6, 3],
        };
        assert_eq!(pairs.pairs(), 25);
        assert!(close(pairs.score().unwrap(), 0.54, 1e-12));
        assert!(close(pairs.score_variance().unwrap(), 0.0734, 1e-12));
        let cfg: SprtConfig = "elo0=0,elo1=10".parse().unwrap();
        assert_eq!(cfg.model, SprtModel::Pentanomial, "the default model");
        let llr = cfg.llr_pairs(&pairs);
        assert!(close(llr, 0.160_760, 1e-5), "llr {llr}");
        // stderr = √(0.0734/25) = 0.054185: Elo 27.854 (−46.272 to +104.644).
        let e = elo_estimate_pairs(&pairs).unwrap();
        assert!(close(e.elo, 27.854_371, 1e-5));
        assert!(close(e.lower, -46.272_404, 1e-4) && close(e.upper, 104.643_947, 1e-4));
        // The opponent's view: x = 0.46, the same variance: LLR = 25·0.014387·
        // (0.92 − 1.014387)/(2·0.0734) = −0.231263.
        assert_eq!(pairs.flipped().counts, [3, 6, 10, 4, 2]);
        let llr = cfg.llr_pairs(&pairs.flipped());
        assert!(close(llr, -0.231_263, 1e-5), "llr {llr}");
        // Pairs built from game scores: a win and a loss is one point.
        let mut built = PairTally::default();
        built.add(1, -1);
        built.add(-1, 1);
        built.add(1, 1);
        built.add(0, 1);
        built.add(-1, -1);
        assert_eq!(built.counts, [1, 0, 2, 1, 1]);
        // Every pair lost: one pair of one point more, n = 26, x = 0.5/26 =
        // 0.019231, var = 0.009246: LLR = 26·0.014387·(0.038462 − 1.014387)/
        // (2·0.009246) = −19.7425; with 40 games it decides.
        let lost = PairTally {
            counts: [25, 0, 0, 0, 0],
        };
        let llr = cfg.llr_pairs(&lost);
        assert!(close(llr, -19.742_519, 1e-4), "llr {llr}");
        assert_eq!(
            cfg.decide(&Tally::new(0, 0, 50), &lost),
            SprtDecision::AcceptH0
        );
        // Every pair split: no information.
        let split = PairTally {
            counts: [0, 0, 30, 0, 0],
        };
        assert_eq!(cfg.llr_pairs(&split), 0.0);
        assert_eq!(cfg.llr_pairs(&PairTally::default()), 0.0);
        // Fewer than forty games decide nothing, whatever the pairs say.
        let few = PairTally {
            counts: [19, 0, 0, 0, 0],
        };
        assert_eq!(
            cfg.decide(&Tally::new(0, 0, 38), &few),
            SprtDecision::Continue
        );
    }

    #[test]
    fn sprt_parse_errors() {
        assert!("elo0=5,elo1=0".parse::<SprtConfig>().is_err());
        assert!("alpha=1.5".parse::<SprtConfig>().is_err());
        assert!("gamma=1".parse::<SprtConfig>().is_err());
        assert!("elo1".parse::<SprtConfig>().is_err());
        assert!("model=binomial".parse::<SprtConfig>().is_err());
        let t: SprtConfig = "elo1=10,model=trinomial".parse().unwrap();
        assert_eq!(t.model, SprtModel::Trinomial);
        assert!(t.to_string().ends_with("model=trinomial"), "{t}");
        let d: SprtConfig = "elo1=10".parse().unwrap();
        assert_eq!(d.elo1, 10.0);
        assert_eq!(d.alpha, 0.05);
    }
}
