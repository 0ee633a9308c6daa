//! The search's tunable numbers in one table: pruning margins, reductions and history
//! bonuses. The defaults are what the engine plays with; the `SearchParams` protocol
//! option overrides any of them by name (`"lmp_base=4 rfp_margin=100"`), so that a
//! change can be tried in a match against the same binary, without a rebuild. A
//! variant may play some of them at other values (`Position::search_profile`, for a
//! technique that measured a gain in it and none elsewhere); a name given in
//! `SearchParams` still wins over its profile. A parameter of 0 in a `*_max_depth` or
//! `*_min_depth` field that says so turns the technique off.

use std::fmt::Write;

macro_rules! search_params {
    ($( $(#[doc = $doc:expr])* $name:ident : $default:expr ),* $(,)?) => {
        /// See the module documentation; every field is an integer.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $( $(#[doc = $doc])* pub $name: i32, )*
            /// The parameters given by name to [`SearchParams::parse`] (bit i:
            /// `NAMES[i]`): a variant's profile (`Position::search_profile`) leaves
            /// them as they are.
            given: u128,
        }

        impl Default for SearchParams {
            fn default() -> Self {
                SearchParams { $( $name: $default, )* given: 0 }
            }
        }

        impl SearchParams {
            /// Every parameter's name, in table order.
            pub const NAMES: &'static [&'static str] = &[$( stringify!($name), )*];

            fn slot(&mut self, name: &str) -> Option<&mut i32> {
                match name {
                    $( stringify!($name) => Some(&mut self.$name), )*
                    _ => None,
                }
            }

            /// `name=value` pairs separated by spaces or commas, in table order.
            pub fn to_text(&self) -> String {
                let mut s = String::new();
                $( let _ = write!(s, "{}={} ", stringify!($name), self.$name); )*
                s.trim_end().to_string()
            }
        }
    };
}

search_params! {
    /// Reverse futility pruning up to this depth (0: off)...
    ///
    /// The shallow-pruning set (rfp, futility and late-move pruning to depth 6, with
    /// improving, futility at the reduced depth, lmp_base 3; before it 3/0/3/0/3/0/2)
    /// halves a chess tree at depth 11 and gained: chess 2+0.02 +29.8 over 782 games
    /// (H1), chess 8+0.08 +23.8 (+10.6, +37.0) over 1,201 games in two runs (H1),
    /// Platonic 2+0.02 +92.8 over 272 (H1), Geodesic 2+0.02 +52.5 (+28.0, +77.5) over
    /// 801 in three runs (H1) (docs/strength.md, thirty-eighth and thirty-ninth
    /// sessions).
    rfp_max_depth: 6,
    /// ...when the static evaluation exceeds beta by this much per depth...
    rfp_margin: 120,
    /// ...counting one depth less when improving (1: on).
    rfp_improving: 1,
    /// Null-move pruning from this depth (0: off); reduction
    /// base + depth / divisor + min((eval - beta) / eval_divisor, eval_cap).
    null_min_depth: 3,
    null_base: 2,
    null_divisor: 4,
    null_eval_divisor: 200,
    null_eval_cap: 0,
    /// Late-move reductions of quiet moves from this depth, after this many moves
    /// (one more at PV nodes); base reduction
    /// (lmr_base + ln(depth) ln(index) * 100 / lmr_divisor) / 100. Chess plays
    /// `lmr_divisor=200` in its search profile (2+0.02 +18.1 over 1,406 games, SPRT
    /// (0, 10) H1; docs/strength.md, fifty-first session), and so does Platonic
    /// (+26.7 over 1,214 games, H1; fifty-second session). Pentaplane V was even
    /// with it (+0.0 over 549 games; fifty-third session); Tri-Plane leaned to it
    /// (+10.1 (−6.2, +26.5) over 1,338 games, LLR 0.77; fifty-fourth session).
    lmr_min_depth: 3,
    lmr_first_reduced: 3,
    lmr_base: 50,
    lmr_divisor: 250,
    /// One more depth of reduction at non-PV nodes, and when not improving (1: on).
    /// Neither gained in chess (`lmr_non_pv=1` +1.6 over 656 games, forty-eighth
    /// session; `lmr_not_improving=1` −1.3 over 1,089, fifty-third session).
    lmr_non_pv: 0,
    lmr_not_improving: 0,
    /// More reduction of quiet moves at expected cut nodes (non-PV nodes whose parent
    /// expects them to fail high: the late moves of a node that should fail high on an
    /// early one are seldom its answer). Chess 2+0.02 on its profile: +5.1 (−17.3,
    /// +27.6) over 612 games, fifty-fourth session: off.
    lmr_cut_node: 0,
    /// One more depth of reduction of late quiet moves when the table's move is a
    /// tactical one (a capture the node expects to answer it). Chess 2+0.02: +9.0
    /// over 3,000 games, then −20.4 over 648 (H0); both runs merged +3.8 (−5.3,
    /// +12.9) over 3,648, LLR −0.71 (docs/strength.md, forty-ninth and fiftieth
    /// sessions): off.
    lmr_tt_tactical: 0,
    /// One less depth of reduction at a node that is or has been on the principal
    /// variation (the table's `pv` flag, Stockfish's `ttPv`): such a node's late moves
    /// are likelier to matter than a plain cut or all node's. At 1 the chess tree at
    /// depth 9 grows by 45%, games lose a third of a ply of depth and −7.4 (−29.3,
    /// +14.4) Elo over 654 games (2+0.02, fifty-fourth session): off.
    lmr_tt_pv: 0,
    /// Late-move reductions among the root's moves too, after this many moves (0:
    /// off): a quiet root move that gives no check is reduced as in the tree and
    /// searched again at full depth when it beats the best score so far. (2: chess
    /// +41 Elo over 651 games, Platonic +76 over 402, Geodesic +24 over 1,855;
    /// Parallel Worlds and Tri-Plane even; docs/strength.md's nineteenth to
    /// twenty-first sessions.)
    lmr_root_after: 2,
    /// After each search of the root, its moves after the best are sorted by the
    /// nodes their trees took (1: on), so that a move that was hard to refute comes
    /// early in the next iteration and is reduced less (0: they keep their first
    /// order).
    root_order_effort: 0,
    /// Root late-move reductions this much smaller than the tree's (negative: larger;
    /// never below 0). 1 solves Win at Chess's quiet keys (290/300 at 1 s against
    /// 284) but lost games (chess −20 over 296, Platonic −40 over 199), and −1 did not
    /// gain (chess −12 over 264; docs/strength.md, twenty-second session): 0.
    lmr_root_less: 0,
    /// Tactical moves that lose material by static exchange are reduced like late
    /// quiet moves (1: on).
    lmr_losing_captures: 0,
    /// Checks are extended one depth (1: on; 0: never, singular extensions aside)...
    check_extension: 1,
    /// ...every check (0), or only a check whose static exchange does not lose the
    /// checking piece, where the variant can tell (1).
    check_extension_see: 0,
    /// Late quiet moves that give check are reduced like other late quiet moves (1),
    /// or never (0). They are never pruned.
    lmr_checks: 0,
    /// Killer moves are not reduced (1), or reduced one depth less (0).
    lmr_skip_killers: 1,
    /// History shifts the reduction by one depth per this much (0: no adjustment).
    lmr_history_divisor: 0,
    /// When a reduced search beats alpha, the full-depth search that checks it goes
    /// one deeper if the reduced score beat the best so far by more than this margin
    /// plus 2 per depth, and one shallower if it beat the best by less than 10
    /// centipawns, skipping the check when that is no deeper than the reduced
    /// search was (0: always at the full depth). 40 did not gain in chess (−0.3
    /// (−17.6, +16.9) over 1,055 games, docs/strength.md, fifty-third session).
    lmr_deeper_margin: 0,
    /// Futility pruning of quiet moves up to this depth (0: off), margin
    /// base + per_depth * depth...
    futility_max_depth: 6,
    futility_base: 100,
    futility_per_depth: 120,
    /// ...where the depth is the one the move would be searched at after its
    /// late-move reduction (1), or the node's (0).
    futility_reduced: 1,
    /// Quiet moves with history below per_depth * depth are pruned up to this depth
    /// (0: off).
    history_prune_max_depth: 0,
    history_prune_per_depth: -4000,
    /// Late-move pruning up to this depth (0: off): after (base + depth^2) /
    /// (2 - improving) quiet moves, or (base + depth^2) * factor / 100 when
    /// lmp_improving is 0 (and always inside a turn when lmp_mid_turn_factor is set).
    lmp_max_depth: 6,
    lmp_base: 3,
    lmp_improving: 1,
    lmp_factor: 200,
    /// The factor inside a turn of several sub-moves, after its first sub-move (0: as
    /// at turn starts). There a side that fails low must fail low with every set of
    /// its remaining sub-moves, so late-move pruning decides most of the tree.
    /// (25 with lmp_mid_turn_max_depth=7: +33 Elo in Parallel Worlds, 2+0.02, 1320
    /// games, docs/strength.md's eleventh session.)
    lmp_mid_turn_factor: 25,
    /// Late-move pruning inside such a turn up to this depth (0: lmp_max_depth).
    lmp_mid_turn_max_depth: 7,
    /// Reverse futility, futility, late-move pruning and reductions also inside a
    /// turn of several sub-moves, not only at its start (1: on). Null move stays at
    /// turn starts.
    mid_turn_pruning: 1,
    /// Inside a turn, search each set of commuting sub-moves in one order only
    /// (`Position::commutes`): a later sub-move that commutes with the one just
    /// played and sorts before it is skipped, its order being searched from the
    /// parent (1: on, and a node that skipped one stores only cutoffs; 2: on, and it
    /// stores every result).
    turn_order_dedup: 0,
    /// Time: under a clock, scale the target by the stability of the best move and
    /// score (1: on; time::Stability); under `movetime`, start iterations until the
    /// deadline instead of half of it (1: on).
    time_stability: 0,
    time_fixed_full: 1,
    /// Time under a clock: the share in permille of the last iteration's nodes that
    /// its best move's tree took, at which the target stays as it is (0: off). A
    /// larger share (the other moves fell at once) gives time back, a smaller one
    /// (rivals that needed searching) takes more: time::effort_percent. Chess plays
    /// `time_stability=1 time_effort=700` in its profile: 2+0.02 +17.5 (+3.1, +31.9)
    /// over 1,450 games, SPRT (0, 10) H1; `time_effort=700` alone +2.4 over 442,
    /// stopped (docs/strength.md, fifty-sixth session); at 6+0.06 +9.3 (−7.1, +25.8)
    /// over 1,043, no decision yet (sixtieth session, docs/ledgers/). Tri-Plane plays
    /// `time_stability=1 time_effort=480` (its median share): +39.8 (+18.5, +61.4)
    /// over 772 games, H1 (at 6+0.06 +2.3 (−16.5, +21.2) over 741, no decision,
    /// fifty-ninth session); Platonic with chess's pair +9.7 (−4.1, +23.5) over 1,900,
    /// stopped (fifty-seventh session). Pentaplane plays chess's pair: +26.6 (+8.2,
    /// +45.1) over 524 games, H1 (fifty-eighth session).
    time_effort: 0,
    /// Time under a clock: learn `time_effort`'s pivot from this game's own searches,
    /// starting from `time_effort` (1: on; time::EffortPivot), so that a variant whose
    /// best moves take a smaller share of the tree is judged by its own norm. Platonic
    /// plays `time_stability=1 time_effort=600 time_effort_learn=1`: 2+0.02 +22.2
    /// (+7.0, +37.4) over 1,648 games, SPRT (0, 10) H1 (fifty-eighth session).
    time_effort_learn: 0,
    /// Reverse futility, null move and futility start from the transposition table's
    /// score instead of the static evaluation where its bound allows (1: on). Leans
    /// to a gain in chess (+17.7 over 688 games, 2026-12-01, after +18.4 over 1,000)
    /// and to a loss in Platonic (−9.9 over 700): off here. Chess turns it on in its
    /// search profile: +17.3 (+2.8, +31.9) over 1,468 games at 2+0.02 with singular
    /// extensions on, SPRT (0, 10) H1 (docs/strength.md, forty-sixth session).
    tt_eval: 0,
    /// Razoring up to this depth (0: off): a node whose static evaluation is below
    /// alpha by base + per_depth * depth returns quiescence's score when that fails
    /// low too.
    razor_max_depth: 2,
    razor_base: 200,
    razor_per_depth: 200,
    /// Razoring inside a turn of several sub-moves too (1), or at turn starts only
    /// (0): quiescence stands pat, and in the middle of a turn that must go on (steps
    /// that cannot be passed) standing pat is not a move the side has.
    razor_mid_turn: 0,
    /// Turn-aware leaves: when the depth runs out in the middle of a turn, the rest
    /// of the turn is searched full width at depth 1 instead of quiescence, so a
    /// search horizon falls between whole turns (1: on).
    leaf_finish_turn: 0,
    /// Static exchange pruning up to this depth (0: off): captures losing more than
    /// capture_margin * depth, quiet moves losing more than quiet_margin * depth^2.
    see_prune_max_depth: 4,
    see_capture_margin: 100,
    see_quiet_margin: 30,
    /// The move loop's pruning at PV nodes too, by bits: 1 late-move pruning, 2
    /// futility, 4 static exchange (0: at non-PV nodes only). The root is never
    /// pruned. 4 cuts a chess tree at depth 11 by 16% and keeps Win at Chess at
    /// 291/300 (1 and 7 lose quiet keys), but chess 2+0.02 gave +1.9 (−10.4, +14.1)
    /// over 2,040 games, stopped (docs/strength.md, fiftieth session): off.
    pv_move_pruning: 0,
    /// Mate distance pruning at every node below the root (1: on).
    mate_distance_pruning: 0,
    /// Quiescence delta pruning: a capture whose exchange value (or capture value)
    /// cannot lift standing pat to within this margin of alpha is not searched (0:
    /// off). Chess plays 200 (its profile): +11.9 (+0.8, +23.0) over 2,458 games at
    /// 2+0.02, H1, the depth-9 tree 10.5% smaller (fifty-fifth session).
    qs_delta_margin: 0,
    /// Quiescence's first ply also searches quiet moves that give check and do not
    /// lose the checking man by static exchange (1: on), where the variant tells a
    /// check without making the move (`Position::gives_check`). Win at Chess at 1 s
    /// 289–291/300 against 283, but a fifth more tree and −11 Elo over 913 chess
    /// games at 2+0.02 (docs/strength.md, twenty-third session): off.
    qs_checks: 0,
    /// In check in quiescence, once an evasion has been found that is not mated,
    /// only this many quiet evasions are searched (0: every evasion): a quiet
    /// evasion at the horizon seldom beats the best so far, and each one is a whole
    /// quiescence search. With `qs_checks=1`, `=1` keeps Win at Chess at 290/300 at
    /// 1 s but shrinks the tree by 2% only (docs/strength.md, twenty-fourth session).
    qs_quiet_evasions: 0,
    /// With `qs_checks`, at most this many quiet checks per node, the best by quiet
    /// history first (0: every one). `qs_checks=1 qs_checks_max=1`: Win at Chess
    /// 290/300 at 1 s, tree +12% at depth 10, and −23 Elo over 288 chess games at
    /// 2+0.02 (twenty-fourth session): off.
    qs_checks_max: 0,
    /// Singular extensions from this depth (0: off), when the table's entry is at
    /// most tt_depth_margin shallower; the other moves must stay below its score less
    /// margin * depth. `se_min_depth=8` on top of the shallow-pruning set: chess
    /// 2+0.02 +30.5 over 732 games (H1), chess 8+0.08 +47.9 over 387 (H1), Platonic
    /// 2+0.02 +3.8 over 1,474 and Parallel Worlds 2+0.02 +2.8 over 992 (both stopped,
    /// no decision); Geodesic 2+0.02 −18.0 over 756 is noise, its searches there
    /// reached depth 8 at 0.1% of moves; Pentaplane 2+0.02 +0.7 (−9.3, +10.6) over
    /// 1,546 and Platonic 8+0.08 +0.8 over 416 (both stopped); atomic 2+0.02 +22.3
    /// over 794 (H1), atomic 8+0.08 +25.1 over 582 (H1), crazyhouse −5.9 over 646
    /// (stopped). Off here; chess and atomic turn it on in their search profiles
    /// (docs/strength.md, forty-first to forty-sixth sessions).
    se_min_depth: 0,
    se_tt_depth_margin: 3,
    se_margin: 2,
    /// Singular extensions inside a turn of several sub-moves too (1), or at turn
    /// starts only (0). With `se_min_depth=8` at 100 ms from the start, the test found
    /// the move singular at 88% of tests inside Parallel Worlds turns (50% at turn
    /// starts) and at 60% inside Tri-Plane turns (5% at turn starts; chess 35%): inside
    /// a turn it extends nearly every line instead of the few forced ones. Tri-Plane
    /// 2+0.02, `se_min_depth=8`: everywhere −32.8 (−54.8, −11.1) over 775 games (H0),
    /// at turn starts only −1.7 (−20.9, +17.5) over 1,024 (forty-fourth session).
    se_mid_turn: 0,
    /// When the singular test finds another move within its margin and the table's
    /// score already reaches beta (short of a multi-cut), the table move is searched
    /// a ply shallower (1), as every line seems to hold, or at full depth (0). Chess
    /// depth-12 tree over tools/tree-positions.txt −18%, but 0.1 ply deeper in games
    /// and chess 2+0.02 +1.0 (−19.7, +21.7) over 682 games (stopped): off
    /// (docs/strength.md, fifty-seventh session).
    se_negative: 0,
    /// Where a variant has no static exchange evaluation, order tactical moves by
    /// what they capture (`Position::capture_value`) before history (1: on).
    capture_order: 1,
    /// Internal iterative reduction from this depth (0: off).
    iir_min_depth: 0,
    /// Probcut from this depth (0: off), at turn starts: a tactical move whose
    /// exchange (or capture value) could lift the static evaluation to beta + margin,
    /// and which holds that bound in quiescence and then at depth - reduction, fails
    /// the node high without a full-width search. `probcut_min_depth=5` on top of the
    /// shallow-pruning set: +6.9 (−7.9, +21.7) over 1,369 chess games at 2+0.02: off.
    probcut_min_depth: 0,
    probcut_margin: 200,
    probcut_reduction: 4,
    /// Lazy SMP: late moves of a node near the root that another thread is already
    /// searching get this much more reduction (0: off; one thread never meets
    /// another, so this changes nothing on one thread).
    smp_mark_reduction: 0,
    /// Lazy SMP: from this depth (0: off), a node near the root searches a move whose
    /// child another thread is searching after its other moves (simplified ABDADA):
    /// the threads then split the node's moves instead of repeating them. It only
    /// reorders, and one thread never meets another, so one thread searches as before.
    smp_defer_min_depth: 2,
    /// The same deferral among the root's moves (1), only while another thread is
    /// on the same iteration (2), or only below the root (0): on the last iteration
    /// of a search both threads are on one depth, and without it they walk the
    /// root's moves in the same order. Off until games decide (docs/strength.md,
    /// thirteenth session).
    smp_defer_root: 0,
    /// Lazy SMP: a helper leaves an iteration depth that this many threads search
    /// already for the next one (0: half of the threads, at least one).
    smp_threads_per_depth: 0,
    /// Lazy SMP: a thread whose iteration another thread has completed (at that depth
    /// or deeper) gives it up, takes the deepest result as its own last iteration
    /// (its move first, its score for the next window) and goes on one deeper (1:
    /// on). Without it a thread finishes an iteration whose answer is known already.
    smp_abandon: 0,
    /// When the search stops during the re-search of an aspiration window that failed
    /// high, the move that failed high is the answer (1), or the last completed
    /// iteration's move (0). It solves more of Win at Chess at a node budget, and at
    /// 100 ms a move, where every search is stopped, it did not lose (chess, 608
    /// games, +24.6 (+1.7, +47.7), non-regression SPRT accepted; docs/strength.md,
    /// thirty-fourth session).
    keep_failed_high: 1,
    /// Correction history (search::correction): the static evaluation plus what
    /// searches found it off by in positions of the same structure key, where the
    /// variant gives one (1: on).
    correction: 0,
    /// Aspiration windows widen with the root score's swing between iterations: the
    /// first window of a depth is the fixed width plus this percentage of the
    /// running mean of |score change| (0: fixed width). Where whole turns alternate
    /// sides every few plies, the score swings by much more than a fixed window.
    aspiration_swing: 0,
    /// After a failed aspiration window, the next one is centred on the score the
    /// search returned (its bound) rather than widened from the old edge, and after a
    /// fail low the upper edge comes down to the old window's middle (1: on).
    aspiration_fail_soft: 0,
    /// Counter moves and continuation history (1: on).
    prior_moves: 0,
    /// History bonus of a cut-off: clamp(quadratic * d^2 + linear * d - offset, 1, max).
    /// A linear bonus (`0, 300, 250, 2400`) shrinks a chess tree at depth 11 by 6% but
    /// did not gain in games (+4.3 (−8.7, +17.2) over 1,875, docs/strength.md,
    /// fortieth session).
    bonus_quadratic: 1,
    bonus_linear: 0,
    bonus_offset: 0,
    bonus_max: 4096,
}

impl SearchParams {
    /// Whether any technique looks at "improving" (the search skips computing it
    /// otherwise).
    pub fn uses_improving(&self) -> bool {
        self.rfp_improving != 0 || self.lmr_not_improving != 0 || self.lmp_improving != 0
    }

    /// Whether reductions or pruning look at a quiet move's history.
    pub fn uses_history(&self) -> bool {
        self.lmr_history_divisor != 0 || self.history_prune_max_depth > 0
    }

    /// The defaults with the pairs of `text` applied (`name=value`, separated by
    /// spaces or commas). An unknown name or a value that is not an integer is an
    /// error naming it; nothing is applied then.
    pub fn parse(text: &str) -> Result<SearchParams, String> {
        let mut p = SearchParams::default();
        p.apply(text, true)?;
        Ok(p)
    }

    /// These parameters under a variant's profile (`Position::search_profile`, pairs
    /// as for [`SearchParams::parse`]): the profile sets every parameter that was not
    /// given by name. So a name given in the `SearchParams` option wins over the
    /// variant's choice, which wins over the table's default.
    pub fn with_profile(&self, profile: &str) -> Result<SearchParams, String> {
        let mut p = self.clone();
        p.apply(profile, false)?;
        Ok(p)
    }

    /// Applies the pairs of `text`, marking them given (`given`) or setting only the
    /// parameters not given before; on an error nothing changes.
    fn apply(&mut self, text: &str, given: bool) -> Result<(), String> {
        const { assert!(SearchParams::NAMES.len() <= 128, "`given` has 128 bits") };
        let mut p = self.clone();
        for pair in text.split([' ', ',']).filter(|s| !s.is_empty()) {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("'{pair}' is not name=value"))?;
            let value: i32 = value
                .parse()
                .map_err(|_| format!("'{value}' is not an integer (parameter {name})"))?;
            let index = Self::NAMES.iter().position(|n| *n == name).ok_or_else(|| {
                format!(
                    "unknown search parameter '{name}' (known: {})",
                    Self::NAMES.join(", ")
                )
            })?;
            let bit = 1u128 << index;
            if given || p.given & bit == 0 {
                if let Some(slot) = p.slot(name) {
                    *slot = value;
                }
            }
            if given {
                p.given |= bit;
            }
        }
        *self = p;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_overrides_named_fields_and_round_trips() {
        let p = SearchParams::parse("lmp_base=5, rfp_margin=-3").unwrap();
        assert_eq!(p.lmp_base, 5);
        assert_eq!(p.rfp_margin, -3);
        assert_eq!(p.null_base, SearchParams::default().null_base);
        assert_eq!(
            SearchParams::parse(&p.to_text()).unwrap().to_text(),
            p.to_text()
        );
        assert_eq!(SearchParams::parse("").unwrap(), SearchParams::default());
    }

    #[test]
    fn a_profile_sets_what_was_not_given_by_name() {
        let user = SearchParams::parse("lmp_base=5").unwrap();
        let played = user.with_profile("lmp_base=7 rfp_margin=90").unwrap();
        assert_eq!(played.lmp_base, 5, "a name the user gave wins");
        assert_eq!(played.rfp_margin, 90, "the profile sets the others");
        assert_eq!(played.null_base, SearchParams::default().null_base);
        let plain = SearchParams::default().with_profile("lmp_base=7").unwrap();
        assert_eq!(plain.lmp_base, 7);
        assert_eq!(user.with_profile("").unwrap(), user);
        assert!(user.with_profile("lmp_base=7 nope=1").is_err());
        assert!(user.with_profile("rfp_margin=x").is_err());
    }

    #[test]
    fn parse_rejects_unknown_names_and_bad_values() {
        assert!(SearchParams::parse("nope=1").unwrap_err().contains("nope"));
        assert!(SearchParams::parse("lmp_base=x")
            .unwrap_err()
            .contains("lmp_base"));
        assert!(SearchParams::parse("lmp_base").is_err());
    }
}
