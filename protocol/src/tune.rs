//! `tune`: fits a variant's evaluation table to `datagen` data (issue 17).
//!
//! The evaluation is linear in its weights ([`eval::params`]): a position with
//! feature counts `c` and phase `φ` scores `E = Σ c·(mg·φ + eg·(1−φ))` from White's
//! view. The tuner minimises the mean squared error between a position's target and
//! `σ(K·E)`, the evaluation read as an expected score (`σ` the logistic function):
//!
//! * the target is `λ·result + (1−λ)·σ(K·score)`: the game result, optionally
//!   blended with the search score the data recorded (`--lambda`, default 1: the
//!   result alone);
//! * `K` is fitted first (with the starting weights, on the training set, against
//!   the results) and kept, so the weights stay in centipawns;
//! * full-batch Adam on the middlegame and endgame weights; a parameter whose feature
//!   never occurs in the data gets no gradient and keeps its value;
//! * a held-out validation set (a seeded shuffle) is scored every few epochs and the
//!   weights with the lowest validation error are the result;
//! * the gradient is summed over fixed chunks of positions in parallel (rayon) and
//!   the chunk sums are added in order, so the result depends on the seed and the
//!   data only, never on the number of threads.

use engine::topology::Cell;
use engine::variants::defined::{FileVariant, VariantDef};
use engine::Side;
use eval::params::{self, Terms, Weights};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

/// What `manifold tune` was asked.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    pub variant: String,
    /// `datagen` files (of this variant).
    pub data: Vec<PathBuf>,
    pub epochs: usize,
    /// Adam's step size in centipawns.
    pub learning_rate: f64,
    /// Weight of the game result in the target (1: result only, 0: score only).
    pub lambda: f64,
    /// Ridge penalty per weight on its distance from the starting weight squared:
    /// keeps rarely seen features (a piece-square cell few positions have) from
    /// fitting noise. The errors reported are the data's alone.
    pub l2: f64,
    /// Share of the positions held out for validation.
    pub validation: f64,
    pub seed: u64,
    /// Worker threads for loading and gradients (0: rayon's default).
    pub threads: usize,
    /// Start from this table text (an `EvalFile`) instead of the built-in table.
    pub start: Option<String>,
    /// Tune only the parameters whose names start with one of these (e.g.
    /// `material.`); empty: all. The others keep their starting values.
    pub only: Vec<String>,
    /// Print progress lines to stderr.
    pub progress: bool,
}

impl Default for TuneConfig {
    fn default() -> Self {
        TuneConfig {
            variant: "chess".into(),
            data: Vec::new(),
            epochs: 1000,
            learning_rate: 1.0,
            lambda: 1.0,
            l2: 0.0,
            validation: 0.1,
            seed: 1,
            threads: 0,
            start: None,
            only: Vec::new(),
            progress: true,
        }
    }
}

/// What a tuning run found.
#[derive(Clone, Debug)]
pub struct TuneReport {
    pub variant: String,
    /// Parameter names, in weight order.
    pub layout: Vec<String>,
    /// A file-defined variant: the tuned values are piece values for its variants
    /// file, not an evaluation table.
    pub file_variant: bool,
    pub start: Weights,
    pub tuned: Weights,
    pub k: f64,
    pub positions: usize,
    pub skipped_lines: usize,
    pub unreadable_fens: usize,
    pub train_error: (f64, f64),
    pub validation_error: (f64, f64),
    /// The epoch whose weights were kept.
    pub best_epoch: usize,
    pub epochs: usize,
    pub epochs_per_second: f64,
    pub load_seconds: f64,
}

impl TuneReport {
    /// The tuned table in the file format, with a header saying where it came from.
    pub fn table_text(&self) -> String {
        let header = format!(
            "Tuned by `manifold tune` from {} positions (validation error {:.6} -> {:.6}, K = {:.6}, epoch {}).",
            self.positions, self.validation_error.0, self.validation_error.1, self.k, self.best_epoch
        );
        if self.file_variant {
            // Piece values for the variants file: one `value =` per piece.
            let mut out = format!("# variant {}: {header}\n", self.variant);
            for (name, v) in self.layout.iter().zip(&self.tuned.mg) {
                let piece = name.strip_prefix("material.").unwrap_or(name);
                out.push_str(&format!("# piece {piece}\nvalue = {}\n", v.round() as i64));
            }
            return out;
        }
        let layout: Vec<&str> = self.layout.iter().map(String::as_str).collect();
        params::format_table(&self.variant, &layout, &self.tuned, &header)
    }

    /// The `material` and `hand` weights before and after, with their ratio to the
    /// tuned pawn (or, without pawns, to the first material entry).
    pub fn piece_table(&self) -> String {
        let rows: Vec<usize> = (0..self.layout.len())
            .filter(|&i| {
                let g = self.layout[i].split('.').next().unwrap_or("");
                g == "material" || g == "hand"
            })
            .collect();
        // The pawn is the unit where there is one, else the first piece listed.
        let pawn = rows
            .iter()
            .copied()
            .find(|&i| self.layout[i] == "material.pawn");
        let unit = pawn
            .or(rows.first().copied())
            .map(|i| (self.tuned.mg[i] + self.tuned.eg[i]) / 2.0)
            .filter(|u| u.abs() > 1.0)
            .unwrap_or(100.0);
        let mut out = format!(
            "{:<28} {:>9} {:>9} {:>9} {:>9} {:>7}\n",
            "piece", "start mg", "start eg", "tuned mg", "tuned eg", "ratio"
        );
        for i in rows {
            let avg = (self.tuned.mg[i] + self.tuned.eg[i]) / 2.0;
            out.push_str(&format!(
                "{:<28} {:>9.0} {:>9.0} {:>9.0} {:>9.0} {:>7.2}\n",
                self.layout[i],
                self.start.mg[i],
                self.start.eg[i],
                self.tuned.mg[i],
                self.tuned.eg[i],
                avg / unit
            ));
        }
        out
    }
}

/// One position: its features (a range of the flat arrays), phase and target parts.
struct Sample {
    start: u32,
    len: u16,
    phase: f32,
    result: f32,
    score: f32,
}

/// Every position's features, flat.
struct Data {
    samples: Vec<Sample>,
    params: Vec<u16>,
    counts: Vec<f32>,
}

impl Data {
    fn eval(&self, s: &Sample, w: &[f64], n: usize) -> f64 {
        let (a, b) = (s.start as usize, s.start as usize + s.len as usize);
        let phase = s.phase as f64;
        let mut e = 0.0;
        for (&p, &c) in self.params[a..b].iter().zip(&self.counts[a..b]) {
            let p = p as usize;
            e += c as f64 * (w[p] * phase + w[n + p] * (1.0 - phase));
        }
        e
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Positions per parallel chunk; fixed, so sums are added in the same order always.
const CHUNK: usize = 4096;

fn target(s: &Sample, k: f64, lambda: f64) -> f64 {
    lambda * s.result as f64 + (1.0 - lambda) * sigmoid(k * s.score as f64)
}

/// Mean squared error of `idx`'s positions with weights `w` (mg then eg).
fn error(data: &Data, idx: &[u32], w: &[f64], n: usize, k: f64, lambda: f64) -> f64 {
    if idx.is_empty() {
        return 0.0;
    }
    let sums: Vec<f64> = idx
        .par_chunks(CHUNK)
        .map(|chunk| {
            chunk
                .iter()
                .map(|&i| {
                    let s = &data.samples[i as usize];
                    let d = target(s, k, lambda) - sigmoid(k * data.eval(s, w, n));
                    d * d
                })
                .sum::<f64>()
        })
        .collect();
    sums.iter().sum::<f64>() / idx.len() as f64
}

/// The gradient of the training error with respect to every weight.
fn gradient(data: &Data, idx: &[u32], w: &[f64], n: usize, k: f64, lambda: f64) -> Vec<f64> {
    let parts: Vec<Vec<f64>> = idx
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut g = vec![0.0; 2 * n];
            for &i in chunk {
                let s = &data.samples[i as usize];
                let p = sigmoid(k * data.eval(s, w, n));
                let d = -2.0 * (target(s, k, lambda) - p) * p * (1.0 - p) * k;
                let phase = s.phase as f64;
                let (a, b) = (s.start as usize, s.start as usize + s.len as usize);
                for (&q, &c) in data.params[a..b].iter().zip(&data.counts[a..b]) {
                    let q = q as usize;
                    g[q] += d * c as f64 * phase;
                    g[n + q] += d * c as f64 * (1.0 - phase);
                }
            }
            g
        })
        .collect();
    let mut g = vec![0.0; 2 * n];
    for part in parts {
        for (a, b) in g.iter_mut().zip(part) {
            *a += b;
        }
    }
    let m = idx.len().max(1) as f64;
    g.iter_mut().for_each(|x| *x /= m);
    g
}

/// The `K` that minimises the error of the starting weights against the game results
/// (golden-section search on a log scale between 1e-5 and 1e-1 per centipawn). The
/// results alone: with the search score in the target, a tiny `K` would make target
/// and prediction both 1/2 and fit trivially.
fn fit_k(data: &Data, idx: &[u32], w: &[f64], n: usize) -> f64 {
    let f = |lk: f64| error(data, idx, w, n, 10f64.powf(lk), 1.0);
    let (mut a, mut b) = (-5.0f64, -1.0f64);
    let r = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - r * (b - a);
    let mut d = a + r * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..40 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - r * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + r * (b - a);
            fd = f(d);
        }
    }
    10f64.powf((a + b) / 2.0)
}

/// Loads `cfg.data` as `P`'s positions and features.
/// What `tune` fits: a variant's parameter names, its starting weights, and the
/// features of a position given by its FEN (`None`: the FEN is unreadable).
struct Model<'a> {
    name: String,
    layout: Vec<String>,
    start: Weights,
    file_variant: bool,
    features: &'a (dyn Fn(&str) -> Option<params::Features> + Sync),
}

fn load(cfg: &TuneConfig, model: &Model) -> Result<(Data, usize, usize), String> {
    let mut records = Vec::new();
    let mut skipped = 0;
    for path in &cfg.data {
        let (mut r, s) = crate::datagen::read_records(path, &model.name)?;
        records.append(&mut r);
        skipped += s;
    }
    let traced: Vec<Option<params::Features>> = records
        .par_iter()
        .map(|r| (model.features)(&r.fen))
        .collect();
    let mut data = Data {
        samples: Vec::with_capacity(records.len()),
        params: Vec::new(),
        counts: Vec::new(),
    };
    let mut unreadable = 0;
    for (r, t) in records.iter().zip(traced) {
        let Some((features, phase)) = t else {
            unreadable += 1;
            continue;
        };
        data.samples.push(Sample {
            start: data.params.len() as u32,
            len: features.len() as u16,
            phase,
            result: r.result,
            score: r.score as f32,
        });
        for (p, c) in features {
            data.params.push(p as u16);
            data.counts.push(c as f32);
        }
    }
    Ok((data, skipped, unreadable))
}

/// Tunes variant `P`'s table; see the module text.
pub fn tune<P: Terms + eval::VariantEval>(cfg: &TuneConfig) -> Result<TuneReport, String> {
    let name = P::info().name;
    let start: Weights = match &cfg.start {
        None => (*params::builtin::<P>()).clone(),
        Some(text) => match params::load::<P>(text)? {
            params::Loaded::Table(w) => (*w).clone(),
            params::Loaded::NoSection => {
                return Err(format!(
                    "the starting table has no `variant {name}` section"
                ))
            }
        },
    };
    let features = |fen: &str| P::from_fen(fen).ok().map(|pos| params::features(&pos));
    tune_model(
        cfg,
        &Model {
            name: name.to_string(),
            layout: P::layout().iter().map(|s| s.to_string()).collect(),
            start,
            file_variant: false,
            features: &features,
        },
    )
}

/// Fits the piece values of a file-defined variant: the evaluation as material
/// only, one parameter per non-royal kind (pieces on the board and in hand, White's
/// count minus Black's), starting from the values the definition gives or
/// estimates. The result is printed as `value =` lines for its variants file.
fn tune_file_variant(
    cfg: &TuneConfig,
    def: std::sync::Arc<VariantDef>,
) -> Result<TuneReport, String> {
    if cfg.start.is_some() {
        return Err(format!(
            "an evaluation table file does not apply to '{}', a file-defined variant: its values start from its definition",
            def.name
        ));
    }
    let kinds: Vec<usize> = (0..def.pieces.len())
        .filter(|&k| !def.pieces[k].royal)
        .collect();
    if kinds.is_empty() {
        return Err(format!("'{}' has no piece to value", def.name));
    }
    let values = def.piece_values();
    let start = Weights {
        mg: kinds.iter().map(|&k| values[k] as f32).collect(),
        eg: kinds.iter().map(|&k| values[k] as f32).collect(),
    };
    let cells = def.topology.num_cells();
    let features = |fen: &str| {
        let pos = FileVariant::from_fen_in(def.clone(), fen).ok()?;
        let mut count = vec![0i32; def.pieces.len()];
        for c in 0..cells {
            if let Some((side, k)) = pos.piece_at(c as Cell) {
                count[k] += if side == Side::White { 1 } else { -1 };
            }
        }
        for (k, n) in count.iter_mut().enumerate() {
            *n += pos.hand_count(Side::White, k) as i32 - pos.hand_count(Side::Black, k) as i32;
        }
        let merged: Vec<(params::Param, i32)> = kinds
            .iter()
            .enumerate()
            .filter(|&(_, &k)| count[k] != 0)
            .map(|(i, &k)| (i, count[k]))
            .collect();
        // Phase 1: the middle-game weight is the value (one number per piece).
        Some((merged, 1.0))
    };
    let mut report = tune_model(
        cfg,
        &Model {
            name: def.name.clone(),
            layout: kinds
                .iter()
                .map(|&k| format!("material.{} ({})", def.pieces[k].name, def.pieces[k].letter))
                .collect(),
            start,
            file_variant: true,
            features: &features,
        },
    )?;
    // One value per piece: the end-game column (never used at phase 1) shows it too.
    report.tuned.eg = report.tuned.mg.clone();
    Ok(report)
}

/// The tuning run itself, for any [`Model`].
fn tune_model(cfg: &TuneConfig, model: &Model) -> Result<TuneReport, String> {
    let name = model.name.as_str();
    if cfg.data.is_empty() {
        return Err("no data file given".into());
    }
    if !(0.0..=1.0).contains(&cfg.lambda) {
        return Err(format!("lambda {} is not in 0..1", cfg.lambda));
    }
    if !(0.0..0.9).contains(&cfg.validation) {
        return Err(format!(
            "validation share {} is not in 0..0.9",
            cfg.validation
        ));
    }
    if !(cfg.learning_rate > 0.0 && cfg.learning_rate.is_finite()) {
        return Err(format!(
            "learning rate {} is not positive",
            cfg.learning_rate
        ));
    }
    if !(cfg.l2 >= 0.0 && cfg.l2.is_finite()) {
        return Err(format!("l2 penalty {} is not a number >= 0", cfg.l2));
    }
    let start_weights = model.start.clone();
    let t0 = Instant::now();
    let (data, skipped_lines, unreadable_fens) = load(cfg, model)?;
    let load_seconds = t0.elapsed().as_secs_f64();
    let positions = data.samples.len();
    if positions < 2 {
        return Err(format!("{positions} usable positions: too few to tune"));
    }
    let mut order: Vec<u32> = (0..positions as u32).collect();
    order.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(cfg.seed));
    let held = ((positions as f64 * cfg.validation).round() as usize).min(positions - 1);
    let (validation, train) = order.split_at(held);

    let n = start_weights.len();
    let layout = &model.layout;
    let tuned_param: Vec<bool> = layout
        .iter()
        .map(|name| cfg.only.is_empty() || cfg.only.iter().any(|p| name.starts_with(p.as_str())))
        .collect();
    if !tuned_param.iter().any(|&t| t) {
        return Err(format!(
            "no {name} parameter starts with any of: {}",
            cfg.only.join(", ")
        ));
    }
    let mut w: Vec<f64> = start_weights
        .mg
        .iter()
        .chain(&start_weights.eg)
        .map(|&x| x as f64)
        .collect();
    let w_start = w.clone();
    let k = fit_k(&data, train, &w, n);
    let train_before = error(&data, train, &w, n, k, cfg.lambda);
    let val_before = error(&data, validation, &w, n, k, cfg.lambda);
    let progress = |epoch: usize, tr: f64, va: f64| {
        if cfg.progress {
            eprintln!("epoch {epoch:>6}  train error {tr:.6}  validation error {va:.6}");
        }
    };
    progress(0, train_before, val_before);

    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8f64);
    let mut m = vec![0.0; 2 * n];
    let mut v = vec![0.0; 2 * n];
    let mut best = (val_before, w.clone(), 0usize);
    // Without a validation set the training error picks the best weights.
    let judge = |w: &[f64]| {
        if validation.is_empty() {
            error(&data, train, w, n, k, cfg.lambda)
        } else {
            error(&data, validation, w, n, k, cfg.lambda)
        }
    };
    if validation.is_empty() {
        best.0 = train_before;
    }
    let every = (cfg.epochs / 20).clamp(1, 50);
    let t1 = Instant::now();
    for epoch in 1..=cfg.epochs {
        let g = gradient(&data, train, &w, n, k, cfg.lambda);
        for i in (0..2 * n).filter(|&i| tuned_param[i % n]) {
            let g = g[i] + 2.0 * cfg.l2 * (w[i] - w_start[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            w[i] -= cfg.learning_rate * mh / (vh.sqrt() + eps);
        }
        if epoch % every == 0 || epoch == cfg.epochs {
            let score = judge(&w);
            if score < best.0 {
                best = (score, w.clone(), epoch);
            }
            if cfg.progress {
                progress(epoch, error(&data, train, &w, n, k, cfg.lambda), score);
            }
        }
    }
    let epochs_per_second = cfg.epochs as f64 / t1.elapsed().as_secs_f64().max(1e-9);
    let (_, w, best_epoch) = best;
    let tuned = Weights {
        mg: w[..n].iter().map(|&x| x as f32).collect(),
        eg: w[n..].iter().map(|&x| x as f32).collect(),
    };
    Ok(TuneReport {
        variant: name.to_string(),
        layout: model.layout.clone(),
        file_variant: model.file_variant,
        start: start_weights,
        train_error: (train_before, error(&data, train, &w, n, k, cfg.lambda)),
        validation_error: (val_before, error(&data, validation, &w, n, k, cfg.lambda)),
        tuned,
        k,
        positions,
        skipped_lines,
        unreadable_fens,
        best_epoch,
        epochs: cfg.epochs,
        epochs_per_second,
        load_seconds,
    })
}

/// Tunes the variant named in `cfg` (with `cfg.threads` worker threads).
pub fn run(cfg: &TuneConfig) -> Result<TuneReport, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads)
        .build()
        .map_err(|e| format!("thread pool: {e}"))?;
    if let Some(def) = engine::variants::defined::registry::get(&cfg.variant) {
        return pool.install(|| tune_file_variant(cfg, def));
    }
    macro_rules! dispatch {
        ($($n:literal => $t:ty,)*) => {
            match cfg.variant.as_str() {
                $($n => pool.install(|| tune::<$t>(cfg)),)*
                other => Err(format!(
                    "unknown variant `{other}` (known: {})",
                    [$($n),*].join(", ")
                )),
            }
        };
    }
    engine::for_each_variant!(dispatch)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::{self, DatagenConfig};

    fn tiny_data(name: &str) -> PathBuf {
        let out =
            std::env::temp_dir().join(format!("manifold-tune-{name}-{}.txt", std::process::id()));
        let _ = std::fs::remove_file(&out);
        let cfg = DatagenConfig {
            variant: "chess".into(),
            games: 6,
            nodes: None,
            depth: Some(2),
            random_plies: 8,
            seed: 7,
            threads: 2,
            out: out.clone(),
            progress: false,
            ..Default::default()
        };
        datagen::run(&cfg).expect("datagen");
        out
    }

    #[test]
    fn tuning_lowers_the_error_and_is_deterministic() {
        let data = tiny_data("det");
        let cfg = |threads| TuneConfig {
            variant: "chess".into(),
            data: vec![data.clone()],
            epochs: 60,
            validation: 0.0,
            threads,
            progress: false,
            ..Default::default()
        };
        let a = run(&cfg(1)).unwrap();
        let b = run(&cfg(2)).unwrap();
        assert!(a.positions > 100, "{} positions", a.positions);
        assert!(
            a.train_error.1 < a.train_error.0,
            "error {:?} did not fall",
            a.train_error
        );
        assert_eq!(a.tuned, b.tuned, "same data and seed, different weights");
        assert_ne!(a.tuned, a.start);
        // The tuned table reads back as a table of the variant.
        let text = a.table_text();
        let back = eval::params::parse_tables(&text).unwrap();
        assert_eq!(back["chess"].len(), a.layout.len());
        assert!(a.piece_table().contains("material.knight"));
        let _ = std::fs::remove_file(&data);
    }

    #[test]
    fn only_the_chosen_parameters_move() {
        let data = tiny_data("only");
        let cfg = TuneConfig {
            variant: "chess".into(),
            data: vec![data.clone()],
            epochs: 30,
            validation: 0.0,
            only: vec!["material.".into()],
            progress: false,
            ..Default::default()
        };
        let r = run(&cfg).unwrap();
        let mut moved = 0;
        for (i, name) in r.layout.iter().enumerate() {
            let same = r.tuned.mg[i] == r.start.mg[i] && r.tuned.eg[i] == r.start.eg[i];
            if name.starts_with("material.") {
                moved += usize::from(!same);
            } else {
                assert!(same, "{name} moved");
            }
        }
        assert!(moved > 0, "no material weight moved");
        // A ridge penalty holds the weights nearer their start.
        let distance = |r: &TuneReport| -> f64 {
            let d = |a: &[f32], b: &[f32]| -> f64 {
                a.iter().zip(b).map(|(x, y)| ((x - y) as f64).powi(2)).sum()
            };
            d(&r.tuned.mg, &r.start.mg) + d(&r.tuned.eg, &r.start.eg)
        };
        let ridge = run(&TuneConfig {
            l2: 1e-3,
            ..cfg.clone()
        })
        .unwrap();
        assert!(
            distance(&ridge) < distance(&r),
            "l2 moved the weights {} from the start, none {}",
            distance(&ridge),
            distance(&r)
        );
        let none = TuneConfig {
            only: vec!["nothing.".into()],
            ..cfg
        };
        assert!(run(&none).unwrap_err().contains("no chess parameter"));
        let _ = std::fs::remove_file(&data);
    }

    #[test]
    fn bad_requests_are_errors() {
        let base = TuneConfig {
            progress: false,
            ..Default::default()
        };
        assert!(run(&base).unwrap_err().contains("no data file"));
        let missing = TuneConfig {
            data: vec!["/nonexistent/x.txt".into()],
            ..base.clone()
        };
        assert!(run(&missing).is_err());
        let unknown = TuneConfig {
            variant: "nochess".into(),
            ..missing.clone()
        };
        assert!(run(&unknown).unwrap_err().contains("unknown variant"));
        let lambda = TuneConfig {
            lambda: 2.0,
            data: vec!["x".into()],
            ..base.clone()
        };
        assert!(run(&lambda).unwrap_err().contains("lambda"));
        let l2 = TuneConfig {
            l2: -1.0,
            data: vec!["x".into()],
            ..base
        };
        assert!(run(&l2).unwrap_err().contains("l2"));
    }
}
