//! `UCI_ShowWDL`: win/draw/loss chances in `info` lines (`... score cp 35 wdl 312 520 168 ...`,
//! per mille, from the side to move's view), from a model fitted to the engine's own
//! self-play games in every variant.
//!
//! The model: P(win) = 1 / (1 + exp((a - s) / b)), P(loss) = 1 / (1 + exp((a + s) / b)),
//! P(draw) = the rest, for a score s in centipawns. `a` is the score at which a win is
//! as likely as not; `b` how fast the chances change with the score.
//!
//! How the table was made (2026-11-25, the project's 2-core VM): per variant,
//! `manifold match --engine1 manifold --engine2 manifold --variant V --games N
//! --nodes 3000 --random-plies 8 --seed 7 --pgn V.pgn`, then
//! `python3 tools/fit_wdl.py V.pgn` (maximum likelihood over every scored turn,
//! labelled with the game's result for the mover). The games column says how many
//! games each fit saw. At longer thinking times the same score means somewhat surer
//! results; the model is fitted at fast play, where the engine is used most.

/// `(variant, a, b, games fitted)`.
pub const WDL_MODELS: [(&str, f64, f64, u32); 8] = [
    ("chess", 144.0, 171.0, 203),
    ("crazyhouse", 8.0, 553.0, 197),
    ("atomic", 282.0, 278.0, 200),
    ("parallelworlds", 0.0, 2494.0, 200),
    ("triplane", 69.0, 1999.0, 200),
    ("pentaplane", 866.0, 353.0, 60),
    ("platonic", 152.0, 360.0, 60),
    ("geodesic", 17.0, 657.0, 60),
];

/// Win, draw and loss per mille for the side to move, given its score in centipawns
/// (`None`: the variant has no fitted model).
pub fn wdl_for_cp(variant: &str, cp: i32) -> Option<[u32; 3]> {
    let &(_, a, b, _) = WDL_MODELS.iter().find(|m| m.0 == variant)?;
    let s = f64::from(cp);
    let win = 1.0 / (1.0 + ((a - s) / b).exp());
    let loss = 1.0 / (1.0 + ((a + s) / b).exp());
    let w = (win * 1000.0).round() as u32;
    let l = (loss * 1000.0).round() as u32;
    // The three always add up to 1000 (and draw never goes negative when a = 0).
    let (w, l) = if w + l > 1000 { (w, 1000 - w) } else { (w, l) };
    Some([w, 1000 - w - l, l])
}

/// Adds ` wdl W D L` after the score of an `info` line that carries one (`score cp N`
/// or `score mate N`); other lines come back unchanged.
pub fn with_wdl(line: &str, variant: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let Some(at) = words.iter().position(|&w| w == "score") else {
        return line.to_string();
    };
    let (Some(&kind), Some(value)) = (
        words.get(at + 1),
        words.get(at + 2).and_then(|v| v.parse::<i32>().ok()),
    ) else {
        return line.to_string();
    };
    let wdl = match kind {
        "cp" => wdl_for_cp(variant, value),
        // Mate: the side that mates wins for sure (mate 0: the game is over, and the
        // side to move has lost).
        "mate" if value > 0 => Some([1000, 0, 0]),
        "mate" => Some([0, 0, 1000]),
        _ => None,
    };
    let Some([w, d, l]) = wdl else {
        return line.to_string();
    };
    let mut end = at + 3;
    // Keep `lowerbound` / `upperbound` next to the score.
    while matches!(words.get(end), Some(&"lowerbound") | Some(&"upperbound")) {
        end += 1;
    }
    let mut out = words[..end].join(" ");
    out.push_str(&format!(" wdl {w} {d} {l}"));
    for word in &words[end..] {
        out.push(' ');
        out.push_str(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_a_model() {
        for name in crate::registry::names() {
            assert!(wdl_for_cp(name, 0).is_some(), "{name} has no WDL model");
        }
    }

    #[test]
    fn chances_add_up_and_follow_the_score() {
        for &(name, ..) in &WDL_MODELS {
            let mut last_win = 0;
            for cp in (-3000..=3000).step_by(50) {
                let [w, d, l] = wdl_for_cp(name, cp).unwrap();
                assert_eq!(w + d + l, 1000, "{name} at {cp}");
                assert!(
                    w >= last_win,
                    "{name}: win chance falls as the score rises at {cp}"
                );
                last_win = w;
            }
            let [w, _, l] = wdl_for_cp(name, 0).unwrap();
            assert!(
                w.abs_diff(l) <= 1,
                "{name}: an even score is not even ({w} vs {l})"
            );
            let [w, _, _] = wdl_for_cp(name, 3000).unwrap();
            assert!(w > 700, "{name}: 30 pawns up wins only {w} per mille");
        }
    }

    #[test]
    fn info_lines_get_wdl_after_the_score() {
        let line = "info depth 5 seldepth 7 multipv 1 score cp 0 nodes 10 pv e2e4";
        let with = with_wdl(line, "chess");
        let [w, d, l] = wdl_for_cp("chess", 0).unwrap();
        assert_eq!(
            with,
            format!(
                "info depth 5 seldepth 7 multipv 1 score cp 0 wdl {w} {d} {l} nodes 10 pv e2e4"
            )
        );
        assert_eq!(
            with_wdl("info depth 3 score mate 2 pv a b", "chess"),
            "info depth 3 score mate 2 wdl 1000 0 0 pv a b"
        );
        assert_eq!(
            with_wdl("info depth 3 score mate -1", "atomic"),
            "info depth 3 score mate -1 wdl 0 0 1000"
        );
        assert_eq!(
            with_wdl("info depth 1 currmove e2e4", "chess"),
            "info depth 1 currmove e2e4"
        );
        assert_eq!(with_wdl("info string hello", "chess"), "info string hello");
    }
}
