//! A variant bound to its evaluator: what the protocol holds for the current game.
//!
//! [`Session`] is object-safe so the protocol picks the variant once, at
//! `setoption name UCI_Variant`, and then drives it without knowing its type; the
//! search inside is monomorphic ([`VariantSession`] is generic).

use engine::game::{AnyGame, Game};
use engine::search::{Info, Limits, Score, Searcher};
use engine::{Evaluator, GenKind, Move, MoveList, Position};
use eval::VariantEval;

/// A progress line or the final answer of a search, already as protocol text.
pub struct SearchReport {
    /// `bestmove` argument: the rest of the chosen turn, comma-joined, or `(none)`.
    pub bestmove: String,
    /// The first sub-move expected from the opponent, for `bestmove ... ponder`.
    pub ponder: Option<String>,
}

pub trait Session: Send + Sync {
    fn game(&self) -> &dyn AnyGame;
    fn game_mut(&mut self) -> &mut dyn AnyGame;
    /// The evaluation's parts (White's view) for the `eval` command.
    fn eval_breakdown(&self) -> Vec<(String, i32)>;
    /// Evaluates with a table file's section for this variant (`EvalFile`), or with
    /// the built-in table for `None`. `Ok(false)`: the file has no section for this
    /// variant, so the built-in table is used. On error nothing changes.
    fn set_eval_table(&mut self, text: Option<&str>) -> Result<bool, String>;
    /// Parses `searchmoves` texts against the current position.
    fn parse_moves(&self, texts: &[String]) -> Result<Vec<Move>, engine::MoveError>;
    /// Searches the current position; `info` receives finished `info ...` lines.
    fn search(
        &self,
        searcher: &mut Searcher,
        limits: &Limits,
        info: &mut dyn FnMut(String),
    ) -> SearchReport;
    /// Like [`Session::search`], but weakened to `strength` (`UCI_LimitStrength`,
    /// crate::strength): several lines on a small node budget, one drawn at random.
    fn search_limited(
        &self,
        searcher: &mut Searcher,
        limits: &Limits,
        strength: &crate::strength::StrengthLimit,
        info: &mut dyn FnMut(String),
    ) -> SearchReport;
    /// Nodes of a fixed-depth single-threaded search from `fen` with a fresh table.
    fn bench(&self, fen: &str, depth: u32) -> Result<u64, engine::FenError>;
    fn box_clone(&self) -> Box<dyn Session>;
    /// The text of a legal sub-move of the current position (`None` if not legal).
    fn move_text(&self, m: Move) -> Option<String>;
    /// A uniformly random legal turn (sub-moves comma-joined), for the random mover.
    fn random_turn(&self, seed: u64) -> String;
    /// The answers of `geometry`, `d json` and `moves json` (one JSON line each).
    fn geometry_json(&self) -> String;
    fn position_json(&self) -> String;
    fn moves_json(&self) -> String;
}

pub struct VariantSession<P: VariantEval> {
    game: Game<P>,
    eval: P::Eval,
}

impl<P: VariantEval> VariantSession<P> {
    pub fn new() -> Self {
        Self::from_start(P::startpos())
    }

    /// A session whose game starts at `start`: how a file-defined variant, whose
    /// type alone does not know its start position, gets its session.
    pub fn from_start(start: P) -> Self {
        VariantSession {
            game: Game::new(start),
            eval: P::Eval::default(),
        }
    }
}

impl<P: VariantEval> Default for VariantSession<P> {
    fn default() -> Self {
        Self::new()
    }
}

/// The texts of a line of sub-moves played from `pos`, stopping at the first move
/// that is not legal there (a PV from a shared table can be stale).
pub fn line_texts<P: Position>(pos: &P, moves: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    let mut list = MoveList::new();
    for &m in moves {
        list.clear();
        p.generate(GenKind::All, &mut list);
        if !list.contains(&m) {
            break;
        }
        out.push(p.move_text(m));
        p.make(m);
    }
    out
}

/// Depth of the short search that completes a turn the principal variation left
/// unfinished.
const FOLLOW_UP_DEPTH: u32 = 3;

/// Time for that search: a tenth of a fixed move time, or 1/300 of the clock,
/// between 5 and 200 ms (50 ms when the search had no time limit).
fn follow_up_ms(limits: &Limits) -> u64 {
    let budget = match (limits.movetime, limits.time.iter().flatten().min()) {
        (Some(t), _) => t / 10,
        (None, Some(&clock)) => clock / 300,
        (None, None) => 50,
    };
    budget.clamp(5, 200)
}

pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

fn info_line<P: Position>(root: &P, info: &Info) -> String {
    let pv = line_texts(root, &info.pv).join(" ");
    format!(
        "info depth {} seldepth {} multipv {} score {}{} nodes {} nps {} hashfull {} time {}{}{}",
        info.depth,
        info.seldepth,
        info.multipv.max(1),
        score_text(info.score),
        match info.bound {
            Some(engine::tt::Bound::Lower) => " lowerbound",
            Some(engine::tt::Bound::Upper) => " upperbound",
            _ => "",
        },
        info.nodes,
        info.nps,
        info.hashfull,
        info.time_ms,
        if pv.is_empty() { "" } else { " pv " },
        pv
    )
}

/// The root moves a search may choose from: every legal one, or those of
/// `searchmoves`.
pub fn root_candidates<P: Position>(root: &P, limits: &Limits) -> MoveList {
    let mut candidates = MoveList::new();
    root.generate(GenKind::All, &mut candidates);
    if !limits.searchmoves.is_empty() {
        candidates.retain(|m| limits.searchmoves.contains(m));
    }
    candidates
}

/// Searches up to `lines` lines of `game`'s position on `per_line` limits: line k is
/// the best line among the candidates in `per_line.searchmoves` (as given by
/// [`root_candidates`]) not leading lines 1..k-1 (each search excludes the root moves
/// already chosen). `info` gets every line's progress as
/// `multipv k`. Stops early when the candidates run out, and, with
/// `end_on_stop`, once the searcher's stop flag is up. Returns the lines in order.
pub fn distinct_lines<P: VariantEval>(
    game: &Game<P>,
    eval: &P::Eval,
    searcher: &mut Searcher,
    per_line: &mut Limits,
    lines: usize,
    end_on_stop: bool,
    info: &mut dyn FnMut(&Info),
) -> Vec<engine::search::SearchResult> {
    let mut candidates = std::mem::take(&mut per_line.searchmoves);
    let mut results = Vec::new();
    for k in 1..=lines {
        per_line.searchmoves = candidates.clone();
        let mut report = |i: &Info| {
            let mut i = i.clone();
            i.multipv = k;
            info(&i);
        };
        let r = searcher.think(game.pos(), game.history(), per_line, eval, &mut report);
        let Some(best) = r.best else {
            results.push(r);
            break;
        };
        candidates.retain(|&m| m != best);
        results.push(r);
        let stopped = end_on_stop && searcher.stop.load(std::sync::atomic::Ordering::SeqCst);
        if candidates.is_empty() || stopped {
            break;
        }
    }
    results
}

impl<P: VariantEval> VariantSession<P> {
    /// Searches for `limits.multipv` principal variations. Line k is the best line
    /// among the root moves not leading lines 1..k-1 (the root moves already chosen
    /// are excluded and the search repeated); a time budget is shared evenly between
    /// the lines. Returns the first (best) line's result.
    fn search_lines(
        &self,
        searcher: &mut Searcher,
        limits: &Limits,
        info: &mut dyn FnMut(String),
    ) -> engine::search::SearchResult {
        let root = self.game.pos();
        let history = self.game.history();
        let candidates = root_candidates(root, limits);
        let lines = limits.multipv.clamp(1, candidates.len().max(1));
        if lines == 1 {
            let mut report = |i: &Info| info(info_line(root, i));
            return searcher.think(root, history, limits, &self.eval, &mut report);
        }
        if limits.infinite {
            return self.search_lines_unbounded(searcher, limits, candidates, lines, info);
        }
        let mut per_line = limits.clone();
        per_line.multipv = 1;
        per_line.searchmoves = candidates;
        per_line.movetime = limits.movetime.map(|t| t / lines as u64);
        for t in per_line.time.iter_mut().flatten() {
            *t /= lines as u64;
        }
        let mut report = |i: &Info| info(info_line(root, i));
        distinct_lines(
            &self.game,
            &self.eval,
            searcher,
            &mut per_line,
            lines,
            false,
            &mut report,
        )
        .into_iter()
        .next()
        .expect("at least one line searched")
    }
}

impl<P: VariantEval> VariantSession<P> {
    /// MultiPV for `go infinite` (analysis), where no time can be shared out: the lines
    /// deepen together, one depth at a time (depth d of line 1, 2, ..., then d + 1),
    /// until `stop`. Returns the first line's deepest finished result.
    fn search_lines_unbounded(
        &self,
        searcher: &mut Searcher,
        limits: &Limits,
        candidates: MoveList,
        lines: usize,
        info: &mut dyn FnMut(String),
    ) -> engine::search::SearchResult {
        use std::sync::atomic::Ordering;
        let root = self.game.pos();
        let history = self.game.history();
        let stop = searcher.stop.clone();
        let mut per_line = limits.clone();
        per_line.multipv = 1;
        per_line.infinite = false;
        let max_depth = limits.depth.unwrap_or(engine::search::MAX_DEPTH as u32);
        let mut first = None;
        for depth in 1..=max_depth {
            per_line.depth = Some(depth);
            let mut left = candidates.clone();
            for k in 1..=lines {
                per_line.searchmoves = left.clone();
                // Only this round's depth: the shallower iterations were reported before.
                let mut report = |i: &Info| {
                    if i.depth >= depth {
                        let mut i = i.clone();
                        i.multipv = k;
                        info(info_line(root, &i));
                    }
                };
                let r = searcher.think(root, history, &per_line, &self.eval, &mut report);
                if stop.load(Ordering::SeqCst) {
                    // An interrupted first line still finished shallower iterations of
                    // its own, at least as deep as the last round's.
                    return match first {
                        Some(f) if k > 1 || r.best.is_none() => f,
                        _ => r,
                    };
                }
                if let Some(best) = r.best {
                    left.retain(|&m| m != best);
                }
                if k == 1 {
                    first = Some(r);
                }
                if left.is_empty() {
                    break;
                }
            }
        }
        first.expect("at least one line searched")
    }
}

impl<P: VariantEval> VariantSession<P> {
    /// `search` (no `strength`) and `search_limited`: the chosen line, then the rest of
    /// the turn.
    fn search_at(
        &self,
        searcher: &mut Searcher,
        limits: &Limits,
        strength: Option<&crate::strength::StrengthLimit>,
        info: &mut dyn FnMut(String),
    ) -> SearchReport {
        let root = self.game.pos();
        if let Some(result) = self.game.result() {
            let score = match result {
                engine::Outcome::Draw(_) => "cp 0",
                engine::Outcome::Win { .. } => "mate 0",
            };
            info(format!("info depth 0 score {score}"));
            return SearchReport {
                bestmove: "(none)".into(),
                ponder: None,
            };
        }
        let result = match strength {
            None => self.search_lines(searcher, limits, info),
            Some(strength) => {
                let mut report = |i: &Info| info(info_line(root, i));
                crate::strength::limited_search(
                    &self.game,
                    &self.eval,
                    searcher,
                    limits,
                    strength,
                    &mut report,
                )
            }
        };
        // The answer is the rest of the turn: PV moves while the root side keeps the move.
        let mut pos = root.clone();
        let mut turn = Vec::new();
        let mut rest = result.pv.iter().copied();
        let mut list = MoveList::new();
        let side = root.side_to_move();
        let first = match result.best {
            Some(m) => m,
            None => {
                // No move found although the game is not over: fall back to any legal move.
                root.generate(GenKind::All, &mut list);
                match list.first() {
                    Some(&m) => m,
                    None => {
                        return SearchReport {
                            bestmove: "(none)".into(),
                            ponder: None,
                        }
                    }
                }
            }
        };
        if result.pv.first() == Some(&first) {
            rest.next();
        } else {
            rest = [].iter().copied();
        }
        let mut next = Some(first);
        while let Some(m) = next {
            turn.push(pos.move_text(m));
            pos.make(m);
            if pos.side_to_move() != side || pos.outcome().is_some() {
                break;
            }
            next = rest.next().filter(|&m| {
                list.clear();
                pos.generate(GenKind::All, &mut list);
                list.contains(&m)
            });
            if next.is_none() {
                // The PV stops inside the turn: finish it with a short search, bounded
                // in time too (a depth-limited search can still meet a long capture
                // sequence in quiescence).
                let quick = Limits {
                    depth: Some(FOLLOW_UP_DEPTH),
                    movetime: Some(follow_up_ms(limits)),
                    ..Default::default()
                };
                let r = searcher.think(&pos, &[], &quick, &self.eval, &mut |_| {});
                next = r.best;
                rest = [].iter().copied();
            }
        }
        let ponder = rest.next().filter(|&m| {
            list.clear();
            pos.generate(GenKind::All, &mut list);
            list.contains(&m)
        });
        SearchReport {
            bestmove: turn.join(","),
            ponder: ponder.map(|m| pos.move_text(m)),
        }
    }
}

impl<P: VariantEval> Session for VariantSession<P> {
    fn game(&self) -> &dyn AnyGame {
        &self.game
    }
    fn game_mut(&mut self) -> &mut dyn AnyGame {
        &mut self.game
    }
    fn eval_breakdown(&self) -> Vec<(String, i32)> {
        self.eval.breakdown(self.game.pos())
    }
    fn set_eval_table(&mut self, text: Option<&str>) -> Result<bool, String> {
        let found = match text {
            None => None,
            Some(text) => P::eval_from_table(text)?,
        };
        let section = found.is_some() || text.is_none();
        self.eval = found.unwrap_or_default();
        Ok(section)
    }
    fn parse_moves(&self, texts: &[String]) -> Result<Vec<Move>, engine::MoveError> {
        texts
            .iter()
            .map(|t| self.game.pos().parse_move(t))
            .collect()
    }

    fn search(
        &self,
        searcher: &mut Searcher,
        limits: &Limits,
        info: &mut dyn FnMut(String),
    ) -> SearchReport {
        self.search_at(searcher, limits, None, info)
    }

    fn search_limited(
        &self,
        searcher: &mut Searcher,
        limits: &Limits,
        strength: &crate::strength::StrengthLimit,
        info: &mut dyn FnMut(String),
    ) -> SearchReport {
        self.search_at(searcher, limits, Some(strength), info)
    }

    fn bench(&self, fen: &str, depth: u32) -> Result<u64, engine::FenError> {
        // The FEN is read in the session's own variant (the position knows it; the
        // type alone does not for file-defined variants).
        let pos = self.game.pos().variant_from_fen(fen)?;
        Ok(engine::search::bench_one(&pos, depth, &self.eval))
    }

    fn move_text(&self, m: Move) -> Option<String> {
        let pos = self.game.pos();
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        list.contains(&m).then(|| pos.move_text(m))
    }

    fn random_turn(&self, seed: u64) -> String {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut pos = self.game.pos().clone();
        let side = pos.side_to_move();
        let mut turn = Vec::new();
        let mut list = MoveList::new();
        loop {
            list.clear();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            let m = list[rng.gen_range(0..list.len())];
            turn.push(pos.move_text(m));
            pos.make(m);
            if pos.side_to_move() != side {
                break;
            }
        }
        if turn.is_empty() {
            "(none)".to_string()
        } else {
            turn.join(",")
        }
    }

    fn geometry_json(&self) -> String {
        crate::gui_data::geometry_json(self.game.pos())
    }
    fn position_json(&self) -> String {
        crate::gui_data::position_json(&self.game)
    }
    fn moves_json(&self) -> String {
        crate::gui_data::moves_json(self.game.pos())
    }

    /// The game and the evaluator both: a `position` command works on a clone and
    /// a search runs on one, so the evaluation (an `EvalFile` table) must travel
    /// with the game.
    fn box_clone(&self) -> Box<dyn Session> {
        Box::new(VariantSession::<P> {
            game: self.game.clone(),
            eval: self.eval.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::tt::Bound;
    use engine::variants::chess::Chess;

    fn line_with(bound: Option<Bound>) -> String {
        let root = Chess::startpos();
        let info = Info {
            depth: 7,
            seldepth: 9,
            multipv: 1,
            score: Score::Cp(31),
            bound,
            nodes: 1000,
            nps: 50_000,
            hashfull: 3,
            time_ms: 20,
            pv: vec![root.parse_move("e2e4").unwrap()],
        };
        info_line(&root, &info)
    }

    #[test]
    fn a_failed_aspiration_window_is_reported_as_a_uci_bound() {
        assert!(line_with(None).contains(" score cp 31 nodes 1000 "));
        assert!(line_with(Some(Bound::Lower)).contains(" score cp 31 lowerbound nodes "));
        assert!(line_with(Some(Bound::Upper)).contains(" score cp 31 upperbound nodes "));
        assert!(line_with(Some(Bound::Lower)).ends_with(" pv e2e4"));
    }
}
