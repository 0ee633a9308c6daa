//! Evaluation weights as data.
//!
//! Every variant's evaluation is a weighted sum of features: the variant's
//! [`Terms::terms`] walks a position once and reports, for each parameter, how often
//! its feature occurs from the first player's (White's) point of view (+1 for each of
//! White's pieces, -1 for each of Black's, and so on), plus the game phase. What it
//! reports to decides what the walk is for:
//! * [`Sum`] multiplies by the weights: that is the evaluation the search uses;
//! * [`Trace`] records the counts: that is what the tuner fits the weights to.
//!
//! Every parameter has a middlegame and an endgame weight; the evaluation blends them
//! by the phase (1 = full middlegame, 0 = bare endgame). The weights live in one
//! table per variant, a text file in the [table format](parse_tables) built into the
//! binary (`eval/tables/<variant>.txt`); `EvalFile` loads another one.

use engine::{Evaluator, Position, Side};
use std::collections::HashMap;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex, OnceLock};

/// A parameter's index in its variant's layout.
pub type Param = usize;

/// Receives a position's features (see the module text).
pub trait Accumulator {
    /// `count` occurrences of parameter `p`'s feature, White's view.
    fn add(&mut self, p: Param, count: i32);
}

/// A variant whose evaluation is a table of weights.
pub trait Terms: Position {
    /// The parameters' names, in index order: `group.name` (the group is what the
    /// `eval` command's breakdown reports), e.g. `material.knight`.
    fn layout() -> &'static [&'static str];
    /// The built-in table (the text of `eval/tables/<variant>.txt`).
    fn builtin_table() -> &'static str;
    /// Reports every feature of the position to `acc`; returns the phase in 0..=1.
    fn terms<A: Accumulator>(&self, acc: &mut A) -> f32;
}

/// A table's weights in layout order.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    pub mg: Vec<f32>,
    pub eg: Vec<f32>,
}

impl Weights {
    pub fn zero(n: usize) -> Self {
        Weights {
            mg: vec![0.0; n],
            eg: vec![0.0; n],
        }
    }
    pub fn len(&self) -> usize {
        self.mg.len()
    }
    pub fn is_empty(&self) -> bool {
        self.mg.is_empty()
    }
}

/// Blends middlegame and endgame parts by the phase and rounds to centipawns.
#[inline]
pub fn taper(mg: f32, eg: f32, phase: f32) -> i32 {
    (mg * phase + eg * (1.0 - phase)).round() as i32
}

/// Parameters [`Sum`] counts on the stack and weights once at the end; a layout's
/// parameters beyond these (piece-square cells: many parameters, each seen by few
/// pieces of a position) are weighted as they come.
pub const COUNTED_PARAMS: usize = 64;

/// The evaluation: the weighted sum of the features. The first [`COUNTED_PARAMS`]
/// parameters' counts are summed per parameter first (an integer add per feature) and
/// weighted once at the end, which costs less than weighting every feature as it
/// comes; the rest are weighted as they come, so that the final loop stays short.
pub struct Sum<'a> {
    w: &'a Weights,
    counts: [i32; COUNTED_PARAMS],
    direct: (f32, f32),
}

impl<'a> Sum<'a> {
    pub fn new(w: &'a Weights) -> Self {
        Sum {
            w,
            counts: [0; COUNTED_PARAMS],
            direct: (0.0, 0.0),
        }
    }
    /// The weighted middlegame and endgame sums.
    #[inline]
    pub fn totals(&self) -> (f32, f32) {
        let n = self.w.len().min(COUNTED_PARAMS);
        let (mut mg, mut eg) = self.direct;
        for ((&c, &m), &e) in self.counts[..n].iter().zip(&self.w.mg).zip(&self.w.eg) {
            mg += m * c as f32;
            eg += e * c as f32;
        }
        (mg, eg)
    }
}

impl Accumulator for Sum<'_> {
    #[inline]
    fn add(&mut self, p: Param, count: i32) {
        if p < COUNTED_PARAMS {
            self.counts[p] += count;
        } else {
            self.direct.0 += self.w.mg[p] * count as f32;
            self.direct.1 += self.w.eg[p] * count as f32;
        }
    }
}

/// The features as counts, for the tuner and the breakdown.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// (parameter, count) in the order reported; a parameter may repeat.
    pub counts: Vec<(Param, i32)>,
}

impl Accumulator for Trace {
    #[inline]
    fn add(&mut self, p: Param, count: i32) {
        if count != 0 {
            self.counts.push((p, count));
        }
    }
}

impl Trace {
    /// The counts summed per parameter, sorted by parameter, zeros left out.
    pub fn merged(&self) -> Vec<(Param, i32)> {
        let mut c = self.counts.clone();
        c.sort_unstable_by_key(|&(p, _)| p);
        let mut out: Vec<(Param, i32)> = Vec::with_capacity(c.len());
        for (p, n) in c {
            match out.last_mut() {
                Some(last) if last.0 == p => last.1 += n,
                _ => out.push((p, n)),
            }
        }
        out.retain(|&(_, n)| n != 0);
        out
    }
}

/// A position's features: merged counts and the phase.
pub type Features = (Vec<(Param, i32)>, f32);

/// The features of a position (merged counts) and its phase.
pub fn features<P: Terms>(pos: &P) -> Features {
    let mut t = Trace::default();
    let phase = pos.terms(&mut t);
    (t.merged(), phase)
}

/// How many times the feature `param` counts in `pos` (0 if it does not occur): what
/// the evaluation tests check instead of a table's values.
pub fn feature_count<P: Terms>(pos: &P, param: Param) -> i32 {
    features(pos)
        .0
        .iter()
        .find(|x| x.0 == param)
        .map_or(0, |x| x.1)
}

/// One table's lines as read: (line number, name, mg, eg).
type Entries = Vec<(usize, String, f32, f32)>;

/// Reads a table file: sections that each start with `variant <name>`, then one
/// parameter a line, `<name> <mg> [<eg>]` (a single number is both weights).
/// Blank lines and text after `#` are ignored. Returns every section's entries by
/// variant name; errors name the line.
pub fn parse_tables(text: &str) -> Result<HashMap<String, Entries>, String> {
    let mut out: HashMap<String, Entries> = HashMap::new();
    let mut current: Option<String> = None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields[0] == "variant" {
            if fields.len() != 2 {
                return Err(format!("line {line_no}: expected `variant <name>`"));
            }
            if out.contains_key(fields[1]) {
                return Err(format!(
                    "line {line_no}: a second table for variant {}",
                    fields[1]
                ));
            }
            out.insert(fields[1].to_string(), Vec::new());
            current = Some(fields[1].to_string());
            continue;
        }
        let Some(variant) = &current else {
            return Err(format!(
                "line {line_no}: a parameter before any `variant <name>` line"
            ));
        };
        if !(2..=3).contains(&fields.len()) {
            return Err(format!(
                "line {line_no}: expected `<name> <mg> [<eg>]`, found `{line}`"
            ));
        }
        let number = |s: &str| -> Result<f32, String> {
            match s.parse::<f32>() {
                Ok(x) if x.is_finite() && x.abs() <= 1e6 => Ok(x),
                _ => Err(format!(
                    "line {line_no}: `{s}` is not a weight (a number of at most 1e6)"
                )),
            }
        };
        let mg = number(fields[1])?;
        let eg = match fields.get(2) {
            Some(s) => number(s)?,
            None => mg,
        };
        out.get_mut(variant).expect("section created above").push((
            line_no,
            fields[0].to_string(),
            mg,
            eg,
        ));
    }
    Ok(out)
}

/// Applies a section's entries to `base` (a table may be partial: what it leaves out
/// keeps `base`'s value). Unknown and repeated names are errors.
fn apply(
    layout: &[&str],
    base: &Weights,
    variant: &str,
    entries: &Entries,
) -> Result<Weights, String> {
    let index: HashMap<&str, usize> = layout.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let mut w = base.clone();
    let mut seen = vec![false; layout.len()];
    for (line_no, name, mg, eg) in entries {
        let Some(&i) = index.get(name.as_str()) else {
            return Err(format!(
                "line {line_no}: {variant} has no evaluation parameter `{name}`"
            ));
        };
        if std::mem::replace(&mut seen[i], true) {
            return Err(format!("line {line_no}: `{name}` given twice"));
        }
        w.mg[i] = *mg;
        w.eg[i] = *eg;
    }
    Ok(w)
}

/// The built-in table of a variant, parsed once.
pub fn builtin<P: Terms>() -> Arc<Weights> {
    static CACHE: OnceLock<Mutex<HashMap<&'static str, Arc<Weights>>>> = OnceLock::new();
    let name = P::info().name;
    let mut cache = CACHE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    cache
        .entry(name)
        .or_insert_with(|| {
            let layout = P::layout();
            let parsed = parse_tables(P::builtin_table()).and_then(|t| {
                let entries = t
                    .get(name)
                    .ok_or_else(|| format!("no `variant {name}` section"))?;
                let w = apply(layout, &Weights::zero(layout.len()), name, entries)?;
                if entries.len() != layout.len() {
                    return Err(format!(
                        "{} of {} parameters given",
                        entries.len(),
                        layout.len()
                    ));
                }
                Ok(w)
            });
            // The built-in tables are checked by unit tests; a broken one is a build
            // defect, not an input error.
            Arc::new(parsed.unwrap_or_else(|e| panic!("built-in {name} table: {e}")))
        })
        .clone()
}

/// What a table file gives one variant.
pub enum Loaded {
    /// The file's section for the variant, laid over the built-in table.
    Table(Arc<Weights>),
    /// The file has no section for this variant.
    NoSection,
}

/// Reads a table file's section for `P` (see [`parse_tables`]).
pub fn load<P: Terms>(text: &str) -> Result<Loaded, String> {
    let tables = parse_tables(text)?;
    let name = P::info().name;
    match tables.get(name) {
        None => Ok(Loaded::NoSection),
        Some(entries) => Ok(Loaded::Table(Arc::new(apply(
            P::layout(),
            &builtin::<P>(),
            name,
            entries,
        )?))),
    }
}

/// Writes a whole table in the file format, one parameter a line, grouped.
pub fn format_table(variant: &str, layout: &[&str], w: &Weights, header: &str) -> String {
    let mut out = String::new();
    for line in header.lines() {
        out.push_str(&format!("# {line}\n"));
    }
    out.push_str(&format!("variant {variant}\n"));
    let width = layout.iter().map(|n| n.len()).max().unwrap_or(0);
    let mut group = "";
    for (i, name) in layout.iter().enumerate() {
        let g = name.split('.').next().unwrap_or("");
        if g != group && !group.is_empty() {
            out.push('\n');
        }
        group = g;
        out.push_str(&format!(
            "{name:<width$} {:>8} {:>8}\n",
            trim_number(w.mg[i]),
            trim_number(w.eg[i])
        ));
    }
    out
}

/// A weight with at most one decimal, without a trailing `.0`.
fn trim_number(x: f32) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// The evaluator of every table variant: the weighted sum of [`Terms::terms`].
pub struct TableEval<P> {
    weights: Arc<Weights>,
    _variant: PhantomData<fn() -> P>,
}

impl<P> Clone for TableEval<P> {
    fn clone(&self) -> Self {
        TableEval {
            weights: self.weights.clone(),
            _variant: PhantomData,
        }
    }
}

impl<P: Terms> TableEval<P> {
    pub fn new(weights: Arc<Weights>) -> Self {
        assert_eq!(
            weights.len(),
            P::layout().len(),
            "a table of the variant's layout"
        );
        TableEval {
            weights,
            _variant: PhantomData,
        }
    }
    pub fn weights(&self) -> &Weights {
        &self.weights
    }
    /// The evaluation from White's point of view.
    pub fn white_score(&self, pos: &P) -> i32 {
        let mut s = Sum::new(&self.weights);
        let phase = pos.terms(&mut s);
        let (mg, eg) = s.totals();
        taper(mg, eg, phase)
    }
}

impl<P: Terms> Default for TableEval<P> {
    fn default() -> Self {
        TableEval::new(builtin::<P>())
    }
}

impl<P: Terms> Evaluator<P> for TableEval<P> {
    #[inline]
    fn evaluate(&self, pos: &P) -> i32 {
        let white = self.white_score(pos);
        if pos.side_to_move() == Side::White {
            white
        } else {
            -white
        }
    }

    /// Every group's share (White's view), in layout order, then the phase and the total.
    fn breakdown(&self, pos: &P) -> Vec<(String, i32)> {
        let mut trace = Trace::default();
        let phase = pos.terms(&mut trace);
        let layout = P::layout();
        // The groups that occur in this variant (a feature reported for any side), in
        // layout order.
        let mut groups: Vec<(String, f32, f32)> = Vec::new();
        for name in layout {
            let g = name.split('.').next().unwrap_or(name);
            if !groups.iter().any(|x| x.0 == g) {
                groups.push((g.to_string(), 0.0, 0.0));
            }
        }
        let group_of = |p: Param| layout[p].split('.').next().unwrap_or(layout[p]);
        let occurs = |g: &str| trace.counts.iter().any(|&(p, _)| group_of(p) == g);
        groups.retain(|x| occurs(&x.0));
        for (p, n) in trace.merged() {
            if let Some(x) = groups.iter_mut().find(|x| x.0 == group_of(p)) {
                x.1 += self.weights.mg[p] * n as f32;
                x.2 += self.weights.eg[p] * n as f32;
            }
        }
        let mut out: Vec<(String, i32)> = groups
            .into_iter()
            .map(|(g, mg, eg)| (g, taper(mg, eg, phase)))
            .collect();
        out.push(("phase (of 256)".to_string(), (phase * 256.0).round() as i32));
        out.push(("total".to_string(), self.white_score(pos)));
        out
    }
}

/// Binds table variants to [`TableEval`] (see [`crate::VariantEval`]).
#[macro_export]
macro_rules! table_variant {
    ($($t:ty),* $(,)?) => {$(
        impl $crate::VariantEval for $t {
            type Eval = $crate::params::TableEval<$t>;
            fn eval_from_table(text: &str) -> Result<Option<Self::Eval>, String> {
                match $crate::params::load::<$t>(text)? {
                    $crate::params::Loaded::Table(w) => Ok(Some($crate::params::TableEval::new(w))),
                    $crate::params::Loaded::NoSection => Ok(None),
                }
            }
        }
    )*};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_file_parses_with_errors_naming_the_line() {
        let t =
            parse_tables("# x\nvariant a\nm.p 100 90 # c\nm.q 5\n\nvariant b\nm.p 1 2\n").unwrap();
        assert_eq!(t["a"].len(), 2);
        assert_eq!(t["a"][1], (4, "m.q".to_string(), 5.0, 5.0));
        assert_eq!(t["b"][0].2, 1.0);
        for (text, needle) in [
            ("m.p 1", "line 1: a parameter before"),
            ("variant a\nm.p x", "line 2: `x` is not a weight"),
            ("variant a\nm.p 1 2 3", "line 2: expected"),
            ("variant a\nvariant a", "line 2: a second table"),
            ("variant a\nm.p NaN", "line 2"),
        ] {
            let e = parse_tables(text).unwrap_err();
            assert!(e.contains(needle), "{text:?}: {e}");
        }
        let layout = ["m.p", "m.q"];
        let base = Weights::zero(2);
        let e = apply(
            &layout,
            &base,
            "a",
            &parse_tables("variant a\nm.r 1").unwrap()["a"],
        )
        .unwrap_err();
        assert!(
            e.contains("line 2: a has no evaluation parameter `m.r`"),
            "{e}"
        );
        let e = apply(
            &layout,
            &base,
            "a",
            &parse_tables("variant a\nm.p 1\nm.p 2").unwrap()["a"],
        )
        .unwrap_err();
        assert!(e.contains("line 3: `m.p` given twice"), "{e}");
        let w = apply(
            &layout,
            &base,
            "a",
            &parse_tables("variant a\nm.q 3 4").unwrap()["a"],
        )
        .unwrap();
        assert_eq!(
            (w.mg.clone(), w.eg.clone()),
            (vec![0.0, 3.0], vec![0.0, 4.0])
        );
    }

    #[test]
    fn a_formatted_table_reads_back() {
        let layout = ["a.x", "a.y", "b.z"];
        let w = Weights {
            mg: vec![1.0, -2.5, 300.0],
            eg: vec![1.0, 7.0, 0.0],
        };
        let text = format_table("v", &layout, &w, "made by a test");
        let t = parse_tables(&text).unwrap();
        let back = apply(&layout, &Weights::zero(3), "v", &t["v"]).unwrap();
        assert_eq!(back, w);
    }

    #[test]
    fn a_trace_merges_counts() {
        let mut t = Trace::default();
        t.add(3, 2);
        t.add(1, 1);
        t.add(3, -2);
        t.add(1, 4);
        t.add(2, 0);
        assert_eq!(t.merged(), vec![(1, 5)]);
    }
}
