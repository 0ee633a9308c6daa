//! The UCI-like protocol loop.
//!
//! Follows UCI, extended the way Fairy-Stockfish extends it for variants
//! (`UCI_Variant`, `go perft`, `d`, holdings in `[...]`, `P@e4` drops), plus
//! multi-move turns: `position ... moves` takes sub-moves or comma-joined turns and
//! `bestmove` gives the rest of the chosen turn comma-joined.
//!
//! The search runs on its own thread so `isready`, `stop` and `ponderhit` are
//! answered while it thinks. Every malformed or out-of-place command is answered
//! with `info string error: ...` and leaves the state as it was.

use crate::registry;
use crate::session::Session;
use engine::search::{Limits, Searcher};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

pub const ENGINE_NAME: &str = concat!("Manifold ", env!("CARGO_PKG_VERSION"));
const MAX_LINE: usize = 1 << 20;
const MAX_DEPTH: u32 = 128;

/// A line-oriented, thread-safe writer: each line goes out whole and flushed.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub fn new(w: Box<dyn Write + Send>) -> Self {
        Output(Arc::new(Mutex::new(w)))
    }
    pub fn line(&self, s: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(w, "{s}");
        let _ = w.flush();
    }
    pub fn error(&self, s: &str) {
        log::debug!("protocol error: {s}");
        self.line(&format!("info string error: {s}"));
    }
}

/// Engine options, as set by `setoption`.
#[derive(Clone, Debug)]
pub struct Options {
    pub threads: usize,
    pub hash_mb: usize,
    pub multipv: usize,
    pub ponder: bool,
    pub move_overhead: u64,
    /// Caps every search's depth (0: no cap); for weakened sparring partners.
    pub max_depth: u32,
    /// Answer `go` with a uniformly random legal turn (a baseline opponent).
    pub random_mover: bool,
    /// `UCI_Chess960`: king-takes-rook castling and Shredder-FEN rights for the
    /// chess family (chess, crazyhouse, atomic); other variants ignore it.
    pub chess960: bool,
    /// `UCI_ShowWDL`: `wdl W D L` in `info` lines (crate::wdl).
    pub show_wdl: bool,
    /// `UCI_AnalyseMode`: set by GUIs when analysing; the search is the same either way
    /// (and never weakened by `UCI_LimitStrength`).
    pub analyse_mode: bool,
    /// `UCI_LimitStrength`: play at the strength of `elo` (crate::strength).
    pub limit_strength: bool,
    /// `UCI_Elo`: the strength `UCI_LimitStrength` plays at.
    pub elo: u32,
    /// `SearchParams`: overrides of the search's tunable numbers (for testing changes
    /// in matches without a rebuild; engine::search::params).
    pub search_params: engine::search::params::SearchParams,
    /// `EvalFile`: the evaluation table file (path and text) every variant's session
    /// takes its section from; `None`: the built-in tables.
    pub eval_file: Option<(String, String)>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            hash_mb: 16,
            multipv: 1,
            ponder: false,
            move_overhead: 10,
            max_depth: 0,
            random_mover: false,
            chess960: false,
            show_wdl: false,
            analyse_mode: false,
            limit_strength: false,
            elo: crate::strength::ELO_DEFAULT,
            search_params: Default::default(),
            eval_file: None,
        }
    }
}

/// Spin options: (name, default, min, max).
const SPIN_OPTIONS: [(&str, i64, i64, i64); 6] = [
    ("Threads", 1, 1, 256),
    ("Hash", 16, 1, 65536),
    ("MultiPV", 1, 1, 256),
    ("Move Overhead", 10, 0, 5000),
    ("Max Depth", 0, 0, MAX_DEPTH as i64),
    (
        "UCI_Elo",
        crate::strength::ELO_DEFAULT as i64,
        crate::strength::ELO_MIN as i64,
        crate::strength::ELO_MAX as i64,
    ),
];

pub struct Protocol {
    out: Output,
    variant: String,
    session: Box<dyn Session>,
    /// The searcher while idle; the search thread owns it while thinking.
    searcher: Option<Searcher>,
    search: Option<JoinHandle<Searcher>>,
    stop: Arc<AtomicBool>,
    ponderhit: Arc<AtomicBool>,
    /// Set by the search thread once its answer is final (before `bestmove` is sent).
    decided: Arc<AtomicBool>,
    options: Options,
}

/// What the loop should do after a command.
#[derive(PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
    /// Switch to the XBoard protocol.
    XBoard,
}

fn default_variant() -> &'static str {
    let names = registry::names();
    if names.contains(&"chess") {
        "chess"
    } else {
        names.first().copied().unwrap_or("chess")
    }
}

/// The `UCI_Variant` option line: every variant, built-in then file-defined.
fn uci_variant_option() -> String {
    let vars: String = registry::names()
        .iter()
        .map(|n| format!(" var {n}"))
        .collect();
    format!(
        "option name UCI_Variant type combo default {}{vars}",
        default_variant()
    )
}

impl Protocol {
    pub fn new(out: Output) -> Self {
        let variant = default_variant().to_string();
        let session =
            registry::new_session(&variant).expect("the registry has at least one variant");
        let searcher = Searcher::default();
        Protocol {
            out,
            variant,
            session,
            stop: searcher.stop.clone(),
            ponderhit: searcher.ponderhit.clone(),
            searcher: Some(searcher),
            search: None,
            decided: Arc::new(AtomicBool::new(false)),
            options: Options::default(),
        }
    }

    /// Runs the loop until `quit` or end of input.
    pub fn run(&mut self, input: &mut dyn BufRead) -> Flow {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match std::io::Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', &mut buf)
            {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            if buf.len() > MAX_LINE {
                self.out.error("line too long");
                // Skip the rest of the overlong line.
                let mut skip = Vec::new();
                let _ = input.read_until(b'\n', &mut skip);
                continue;
            }
            let line = String::from_utf8_lossy(&buf).to_string();
            match self.command(&line) {
                Flow::Continue => {}
                other => {
                    self.finish_search(true);
                    return other;
                }
            }
        }
        self.finish_search(true);
        Flow::Quit
    }

    /// Whether a search is still thinking. A search that has decided (its thread set
    /// `decided` just before printing `bestmove`) is joined here, so a command sent
    /// right after `bestmove` is never refused as arriving "while searching".
    fn searching(&mut self) -> bool {
        if self.search.is_some() && self.decided.load(Ordering::SeqCst) {
            self.finish_search(false);
        }
        self.search.is_some()
    }

    /// Joins the search thread (stopping it first if asked) and takes the searcher back.
    fn finish_search(&mut self, stop: bool) {
        if let Some(h) = self.search.take() {
            if stop {
                self.stop.store(true, Ordering::SeqCst);
            }
            match h.join() {
                Ok(s) => self.searcher = Some(s),
                Err(_) => {
                    self.out
                        .error("the search thread failed; search state was reset");
                    let s = Searcher::default();
                    self.stop = s.stop.clone();
                    self.ponderhit = s.ponderhit.clone();
                    self.searcher = Some(s);
                }
            }
        }
    }

    /// Handles one input line.
    pub fn command(&mut self, line: &str) -> Flow {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = tokens.first() else {
            return Flow::Continue;
        };
        let args = &tokens[1..];
        let busy = self.searching();
        match cmd {
            "quit" => return Flow::Quit,
            "isready" => self.out.line("readyok"),
            "stop" => self.finish_search(true),
            "ponderhit" => {
                if busy {
                    self.ponderhit.store(true, Ordering::SeqCst);
                } else {
                    self.out.error("ponderhit without a search");
                }
            }
            "uci" => self.uci(),
            "d" | "moves" | "geometry" => self.describe(cmd, args),
            "variants" => self.out.line(&registry::names().join(" ")),
            "eval" => self.eval(),
            _ if busy => self.out.error(&format!(
                "'{cmd}' is not accepted while searching; send stop first"
            )),
            "xboard" => return Flow::XBoard,
            "ucinewgame" => {
                self.clear_search_state();
                self.session.game_mut().set_startpos();
            }
            "setoption" => self.setoption(args),
            "position" => self.position(args),
            "go" => self.go(args),
            "bench" => self.bench(args),
            _ => self
                .out
                .error(&format!("unknown command '{}'", truncate(cmd))),
        }
        Flow::Continue
    }

    fn uci(&self) {
        self.out.line(&format!("id name {ENGINE_NAME}"));
        self.out.line("id author the Manifold developers");
        self.out.line(&uci_variant_option());
        for (name, def, min, max) in SPIN_OPTIONS {
            self.out.line(&format!(
                "option name {name} type spin default {def} min {min} max {max}"
            ));
        }
        self.out.line("option name Ponder type check default false");
        self.out
            .line("option name Random Mover type check default false");
        self.out
            .line("option name UCI_Chess960 type check default false");
        self.out
            .line("option name UCI_ShowWDL type check default false");
        self.out
            .line("option name UCI_AnalyseMode type check default false");
        self.out
            .line("option name UCI_LimitStrength type check default false");
        self.out.line("option name Clear Hash type button");
        self.out
            .line("option name SearchParams type string default <empty>");
        self.out
            .line("option name EvalFile type string default <empty>");
        self.out
            .line("option name VariantPath type string default <empty>");
        self.out.line("uciok");
    }

    /// `d`, `moves` and `geometry`: as text, or with the argument `json` as one JSON
    /// line for GUIs (`geometry` is JSON only).
    fn describe(&self, cmd: &str, args: &[&str]) {
        let json = match args {
            [] => false,
            ["json"] => true,
            _ => {
                return self.out.error(&format!(
                    "'{cmd}' takes no argument or 'json', not '{}'",
                    truncate(&args.join(" "))
                ))
            }
        };
        match (cmd, json) {
            ("d", false) => self.display(),
            ("d", true) => self.out.line(&self.session.position_json()),
            ("moves", false) => self.out.line(&self.session.game().legal_moves().join(" ")),
            ("moves", true) => self.out.line(&self.session.moves_json()),
            _ => self.out.line(&self.session.geometry_json()),
        }
    }

    fn display(&self) {
        let game = self.session.game();
        for l in game.display().lines() {
            self.out.line(l);
        }
        self.out.line(&format!("Fen: {}", game.fen()));
        self.out.line(&format!("Key: {:016X}", game.key()));
        if let Some(r) = game.result() {
            self.out.line(&format!("Result: {r}"));
        }
    }

    fn eval(&self) {
        for (name, v) in self.session.eval_breakdown() {
            self.out.line(&format!("{name}: {v}"));
        }
    }

    fn setoption(&mut self, args: &[&str]) {
        // setoption name <name words> [value <value words>]
        if args.first() != Some(&"name") {
            return self
                .out
                .error("setoption needs 'name <option> [value <value>]'");
        }
        let value_at = args.iter().position(|&t| t == "value");
        let name = args[1..value_at.unwrap_or(args.len())].join(" ");
        let value = value_at.map(|i| args[i + 1..].join(" "));
        if name.is_empty() {
            return self.out.error("setoption without an option name");
        }
        let lname = name.to_ascii_lowercase();
        let need_value =
            |v: &Option<String>| -> Option<String> { v.clone().filter(|s| !s.is_empty()) };
        match lname.as_str() {
            "uci_variant" => {
                let Some(v) = need_value(&value) else {
                    return self.out.error("UCI_Variant needs a value");
                };
                let v = v.to_ascii_lowercase();
                match registry::new_session(&v) {
                    Some(s) => self.use_session(v, s),
                    None => self.out.error(&format!(
                        "unknown variant '{}' (known: {})",
                        truncate(&v),
                        registry::names().join(", ")
                    )),
                }
            }
            "ponder" | "random mover" | "uci_chess960" | "uci_showwdl" | "uci_analysemode"
            | "uci_limitstrength" => {
                let flag = match need_value(&value)
                    .map(|v| v.to_ascii_lowercase())
                    .as_deref()
                {
                    Some("true") => true,
                    Some("false") => false,
                    _ => return self.out.error(&format!("{name} takes true or false")),
                };
                if lname == "ponder" {
                    self.options.ponder = flag;
                } else if lname == "uci_showwdl" {
                    self.options.show_wdl = flag;
                } else if lname == "uci_analysemode" {
                    self.options.analyse_mode = flag;
                } else if lname == "uci_limitstrength" {
                    self.options.limit_strength = flag;
                } else if lname == "uci_chess960" {
                    // Variants without the chess family's castling ignore it.
                    self.options.chess960 = flag;
                    self.session.game_mut().set_chess960(flag);
                } else {
                    self.options.random_mover = flag;
                }
            }
            "searchparams" => {
                let text = value.unwrap_or_default();
                let text = if text == "<empty>" { "" } else { text.as_str() };
                match engine::search::params::SearchParams::parse(text) {
                    Ok(p) => self.options.search_params = p,
                    Err(e) => self.out.error(&format!("SearchParams: {e}")),
                }
            }
            "evalfile" => {
                let path = value.unwrap_or_default();
                self.set_eval_file(path.trim());
            }
            "variantpath" => {
                let path = value.unwrap_or_default();
                self.set_variant_path(path.trim());
            }
            "clear hash" => self.clear_search_state(),
            _ => {
                let Some(&(canon, _, min, max)) = SPIN_OPTIONS
                    .iter()
                    .find(|o| o.0.eq_ignore_ascii_case(&name))
                else {
                    return self
                        .out
                        .error(&format!("unknown option '{}'", truncate(&name)));
                };
                let parsed = need_value(&value).and_then(|v| v.parse::<i64>().ok());
                let Some(n) = parsed.filter(|n| (min..=max).contains(n)) else {
                    return self
                        .out
                        .error(&format!("{canon} takes an integer from {min} to {max}"));
                };
                match canon {
                    "Threads" => self.options.threads = n as usize,
                    "Hash" => {
                        // Allocated now, not when the next search starts on the clock.
                        self.options.hash_mb = n as usize;
                        if let Some(searcher) = self.searcher.as_mut() {
                            searcher.hash_mb = n as usize;
                            let had = searcher.prepare_table();
                            if had < n as usize {
                                self.out.line(&format!(
                                    "info string warning: Hash {n} MB could not be allocated; using {had} MB"
                                ));
                            }
                        }
                    }
                    "MultiPV" => self.options.multipv = n as usize,
                    "Max Depth" => self.options.max_depth = n as u32,
                    "UCI_Elo" => self.options.elo = n as u32,
                    _ => self.options.move_overhead = n as u64,
                }
            }
        }
    }

    /// Makes `session` (of variant `name`) the current one: the Chess960 setting
    /// carries over, the hash is cleared, the variant announced and its `EvalFile`
    /// section applied.
    fn use_session(&mut self, name: String, session: Box<dyn Session>) {
        self.session = session;
        self.variant = name;
        // UCI_Chess960 applies to every chess-family session.
        if self.options.chess960 {
            self.session.game_mut().set_chess960(true);
        }
        self.clear_search_state();
        self.announce_variant();
        self.apply_eval_file();
    }

    /// `VariantPath` (Fairy-Stockfish's option): loads a variants file
    /// (docs/variants.md) and makes its variants available, replacing those of a
    /// file loaded before. On error (the message names the file, line, variant
    /// and field) nothing changes. On success the new `UCI_Variant` list is sent
    /// again as an `option` line (Fairy-Stockfish only updates it for the next
    /// `uci`; sending it now lets a GUI that reads late option lines see it), and a
    /// current file variant is rebuilt from the new definition. `<empty>` (or an
    /// empty value) unloads the file variants.
    pub fn set_variant_path(&mut self, path: &str) {
        use engine::variants::defined::registry as file_variants;
        if path.is_empty() || path == "<empty>" {
            if let Err(e) = file_variants::install(Vec::new()) {
                return self.out.error(&format!("VariantPath: {e}"));
            }
            self.out
                .line("info string VariantPath: file-defined variants unloaded");
        } else {
            match file_variants::load_variants_file(std::path::Path::new(path)) {
                Ok(n) => self.out.line(&format!(
                    "info string VariantPath {path}: {n} variant(s) loaded: {}",
                    file_variants::names().join(" ")
                )),
                Err(e) => return self.out.error(&format!("VariantPath: {e}")),
            }
        }
        self.out.line(&uci_variant_option());
        if registry::is_file_variant(&self.variant)
            || !registry::names().contains(&self.variant.as_str())
        {
            // The current variant came from the file: play the new definition of it,
            // or go back to the default variant if the file no longer has it.
            let (name, session) = match registry::new_session(&self.variant) {
                Some(s) => (self.variant.clone(), s),
                None => {
                    let name = default_variant().to_string();
                    self.out.line(&format!(
                        "info string variant {} is no longer defined; switching to {name}",
                        self.variant
                    ));
                    let Some(s) = registry::new_session(&name) else {
                        return self.out.error("no default variant");
                    };
                    (name, s)
                }
            };
            self.use_session(name, session);
        }
    }

    /// `EvalFile`: reads the table file and checks every section in it against its
    /// variant before anything changes (a bad file changes nothing). An empty value
    /// (or `<empty>`) goes back to the built-in tables.
    pub fn set_eval_file(&mut self, path: &str) {
        if path.is_empty() || path == "<empty>" {
            self.options.eval_file = None;
            self.clear_search_state();
            self.apply_eval_file();
            return;
        }
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return self.out.error(&format!("EvalFile {}: {e}", truncate(path))),
        };
        let sections = match eval::params::parse_tables(&text) {
            Ok(t) => t,
            Err(e) => return self.out.error(&format!("EvalFile {}: {e}", truncate(path))),
        };
        for name in sections.keys() {
            if registry::is_file_variant(name) {
                return self.out.error(&format!(
                    "EvalFile {}: variant '{}' is defined by a variants file; evaluation tables are not supported for file-defined variants",
                    truncate(path),
                    truncate(name)
                ));
            }
            let Some(mut session) = registry::new_session(name) else {
                return self.out.error(&format!(
                    "EvalFile {}: unknown variant '{}'",
                    truncate(path),
                    truncate(name)
                ));
            };
            if let Err(e) = session.set_eval_table(Some(&text)) {
                return self
                    .out
                    .error(&format!("EvalFile {}: variant {name}: {e}", truncate(path)));
            }
        }
        self.options.eval_file = Some((path.to_string(), text));
        self.clear_search_state();
        self.apply_eval_file();
    }

    /// Forgets the hash table and the search's learned statistics: after the
    /// evaluation changed, the scores stored under the old one would be mixed into
    /// the new one's.
    fn clear_search_state(&mut self) {
        if let Some(s) = self.searcher.as_mut() {
            s.clear();
        }
    }

    /// Gives the current session its table from `EvalFile` (or the built-in one).
    fn apply_eval_file(&mut self) {
        let file = self.options.eval_file.as_ref();
        match self.session.set_eval_table(file.map(|f| f.1.as_str())) {
            Ok(true) => {
                if let Some((path, _)) = file {
                    self.out.line(&format!(
                        "info string EvalFile {path}: evaluation table for {} loaded",
                        self.variant
                    ));
                }
            }
            Ok(false) if registry::is_file_variant(&self.variant) => self.out.line(&format!(
                "info string EvalFile {}: {} is a file-defined variant; evaluation tables are not supported for file-defined variants, so its own evaluation (material and position from the definition) is used",
                file.map(|f| f.0.as_str()).unwrap_or(""),
                self.variant
            )),
            Ok(false) => self.out.line(&format!(
                "info string EvalFile {}: no table for {}; the built-in evaluation is used",
                file.map(|f| f.0.as_str()).unwrap_or(""),
                self.variant
            )),
            // Checked when the option was set; kept as a message should it happen.
            Err(e) => self.out.error(&format!("EvalFile: {e}")),
        }
    }

    fn announce_variant(&self) {
        let info = self.session.game().info();
        self.out.line(&format!(
            "info string variant {} title {}",
            info.name, info.title
        ));
        self.out.line(&format!(
            "info string variant {} board {}",
            info.name, info.board
        ));
        let pieces: Vec<String> = info
            .pieces
            .iter()
            .map(|(c, n)| format!("{c}={n}"))
            .collect();
        self.out.line(&format!(
            "info string variant {} pieces {}",
            info.name,
            pieces.join(" ")
        ));
        self.out.line(&format!(
            "info string variant {} turn {}",
            info.name, info.turn
        ));
        self.out.line(&format!(
            "info string variant {} startfen {}",
            info.name, info.start_fen
        ));
    }

    fn position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|&t| t == "moves");
        let setup = &args[..moves_at.unwrap_or(args.len())];
        let mut trial = self.session.box_clone();
        match setup.first() {
            Some(&"startpos") if setup.len() == 1 => trial.game_mut().set_startpos(),
            Some(&"fen") if setup.len() > 1 => {
                if let Err(e) = trial.game_mut().set_fen(&setup[1..].join(" ")) {
                    return self.out.error(&format!("bad FEN: {e}"));
                }
            }
            _ => {
                return self
                    .out
                    .error("position needs 'startpos' or 'fen <FEN>', then optionally 'moves ...'")
            }
        }
        if let Some(i) = moves_at {
            for token in &args[i + 1..] {
                if let Err(e) = trial.game_mut().play(token) {
                    return self.out.error(&format!(
                        "position unchanged: move '{}': {e}",
                        truncate(token)
                    ));
                }
            }
        }
        self.session = trial;
    }

    fn go(&mut self, args: &[&str]) {
        let mut limits = Limits {
            multipv: self.options.multipv,
            move_overhead: self.options.move_overhead,
            ..Default::default()
        };
        let mut perft = None;
        let mut searchmoves = Vec::new();
        let mut i = 0;
        let keywords = [
            "depth",
            "nodes",
            "movetime",
            "wtime",
            "btime",
            "winc",
            "binc",
            "movestogo",
            "infinite",
            "ponder",
            "mate",
            "searchmoves",
            "perft",
        ];
        while i < args.len() {
            let key = args[i];
            i += 1;
            let number = |i: &mut usize| -> Result<u64, String> {
                let v = args
                    .get(*i)
                    .ok_or_else(|| format!("'go {key}' needs a number"))?;
                *i += 1;
                v.parse::<u64>().map_err(|_| {
                    format!(
                        "'go {key}' needs a non-negative integer, not '{}'",
                        truncate(v)
                    )
                })
            };
            let r: Result<(), String> = (|| {
                match key {
                    "depth" => {
                        limits.depth = Some(number(&mut i)?.clamp(1, MAX_DEPTH as u64) as u32)
                    }
                    "nodes" => limits.nodes = Some(number(&mut i)?.max(1)),
                    "movetime" => limits.movetime = Some(number(&mut i)?),
                    "wtime" => limits.time[0] = Some(number(&mut i)?),
                    "btime" => limits.time[1] = Some(number(&mut i)?),
                    "winc" => limits.inc[0] = number(&mut i)?,
                    "binc" => limits.inc[1] = number(&mut i)?,
                    "movestogo" => limits.movestogo = Some(number(&mut i)?.clamp(1, 10_000) as u32),
                    "mate" => limits.mate = Some(number(&mut i)?.clamp(1, MAX_DEPTH as u64) as u32),
                    "perft" => perft = Some(number(&mut i)?.min(64) as u32),
                    "infinite" => limits.infinite = true,
                    "ponder" => limits.ponder = true,
                    "searchmoves" => {
                        while i < args.len() && !keywords.contains(&args[i]) {
                            searchmoves.push(args[i].to_string());
                            i += 1;
                        }
                    }
                    other => return Err(format!("unknown go parameter '{}'", truncate(other))),
                }
                Ok(())
            })();
            if let Err(e) = r {
                return self.out.error(&e);
            }
        }
        if let Some(depth) = perft {
            return self.perft(depth);
        }
        match self.session.parse_moves(&searchmoves) {
            Ok(moves) => limits.searchmoves = moves,
            Err(e) => return self.out.error(&format!("searchmoves: {e}")),
        }
        if let Some(result) = self.session.game().result() {
            self.out.error(&format!("the game is over: {result}"));
        }
        if self.options.max_depth > 0 {
            let cap = self.options.max_depth;
            limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
        }
        if self.options.random_mover && self.session.game().result().is_none() {
            let seed = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            self.out.line("info depth 0 score cp 0");
            let turn = self.session.random_turn(seed);
            return self.out.line(&format!("bestmove {turn}"));
        }
        let strength = self.strength_for(&limits);
        self.start_search(limits, strength);
    }

    /// The weakening a `go` with these limits gets: `None` unless `UCI_LimitStrength` is
    /// on, and never for analysis (`go infinite`, `UCI_AnalyseMode`) or `go mate`.
    fn strength_for(&self, limits: &Limits) -> Option<crate::strength::StrengthLimit> {
        if !self.options.limit_strength
            || self.options.analyse_mode
            || limits.infinite
            || limits.mate.is_some()
        {
            return None;
        }
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Some(crate::strength::StrengthLimit {
            elo: self.options.elo,
            temperature_scale: crate::strength::temperature_scale(&self.variant),
            seed,
        })
    }

    fn start_search(&mut self, limits: Limits, strength: Option<crate::strength::StrengthLimit>) {
        let Some(mut searcher) = self.searcher.take() else {
            return self.out.error("no searcher available");
        };
        searcher.threads = self.options.threads;
        searcher.hash_mb = self.options.hash_mb;
        searcher.params = self.options.search_params.clone();
        self.stop.store(false, Ordering::SeqCst);
        self.ponderhit.store(false, Ordering::SeqCst);
        let session = self.session.box_clone();
        let out = self.out.clone();
        let stop = self.stop.clone();
        let ponderhit = self.ponderhit.clone();
        self.decided.store(false, Ordering::SeqCst);
        let decided = self.decided.clone();
        let show_wdl = self.options.show_wdl.then(|| self.variant.clone());
        let handle = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let currmove = searcher.currmove.clone();
                let searching = AtomicBool::new(true);
                let report = std::thread::scope(|scope| {
                    scope.spawn(|| report_currmove(&*session, &currmove, &searching, &out));
                    let mut emit = |line: String| match &show_wdl {
                        Some(variant) => out.line(&crate::wdl::with_wdl(&line, variant)),
                        None => out.line(&line),
                    };
                    let report = match &strength {
                        None => session.search(&mut searcher, &limits, &mut emit),
                        Some(s) => session.search_limited(&mut searcher, &limits, s, &mut emit),
                    };
                    searching.store(false, Ordering::SeqCst);
                    report
                });
                // UCI: in infinite or ponder mode, bestmove waits for stop (or ponderhit).
                while !stop.load(Ordering::SeqCst)
                    && (limits.infinite || (limits.ponder && !ponderhit.load(Ordering::SeqCst)))
                {
                    std::thread::sleep(Duration::from_millis(1));
                }
                decided.store(true, Ordering::SeqCst);
                match report.ponder {
                    Some(p) => out.line(&format!("bestmove {} ponder {p}", report.bestmove)),
                    None => out.line(&format!("bestmove {}", report.bestmove)),
                }
                searcher
            });
        match handle {
            Ok(h) => self.search = Some(h),
            Err(e) => {
                self.out
                    .error(&format!("cannot start the search thread: {e}"));
                self.searcher = Some(Searcher::default());
            }
        }
    }

    fn perft(&self, depth: u32) {
        let start = Instant::now();
        let game = self.session.game();
        let lines = game.divide(depth.max(1), self.options.threads);
        let mut total = 0;
        for (m, n) in &lines {
            self.out.line(&format!("{m}: {n}"));
            total += n;
        }
        if depth == 0 {
            total = 1;
        }
        let ms = start.elapsed().as_millis().max(1);
        self.out.line("");
        self.out.line(&format!("Nodes searched: {total}"));
        self.out
            .line(&format!("Time: {ms} ms, nps {}", total as u128 * 1000 / ms));
    }

    fn bench(&self, args: &[&str]) {
        let depth = match args.first() {
            None => None,
            Some(d) => match d.parse::<u32>() {
                Ok(d) if (1..=30).contains(&d) => Some(d),
                _ => return self.out.error("bench takes an optional depth from 1 to 30"),
            },
        };
        crate::bench::run(depth, &mut |line| self.out.line(&line));
    }
}

/// While a search runs, reports the root move being searched once a second after the
/// first second (`info depth D currmove M currmovenumber N`), as GUIs show it.
fn report_currmove(
    session: &dyn Session,
    currmove: &AtomicU64,
    searching: &AtomicBool,
    out: &Output,
) {
    const FIRST: Duration = Duration::from_millis(1000);
    const EVERY: Duration = Duration::from_millis(1000);
    let start = Instant::now();
    let mut next = start + FIRST;
    let mut last = 0;
    while searching.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(5));
        if Instant::now() < next {
            continue;
        }
        next += EVERY;
        let packed = currmove.load(Ordering::Relaxed);
        if packed == last {
            continue;
        }
        last = packed;
        if let Some(c) = engine::search::CurrMove::unpack(packed) {
            if let Some(text) = session.move_text(c.mv) {
                out.line(&format!(
                    "info depth {} currmove {text} currmovenumber {}",
                    c.depth, c.number
                ));
            }
        }
    }
}

/// Keeps error messages short when the input is huge.
fn truncate(s: &str) -> String {
    let mut t: String = s.chars().take(40).collect();
    if t.len() < s.len() {
        t.push_str("...");
    }
    t
}

/// Runs the protocol on stdin/stdout until `quit`.
/// Speaks the protocol on stdin/stdout; `eval_file` is an initial `EvalFile` (the
/// `--eval` flag), set as if by `setoption` before the first command.
pub fn run_stdio(eval_file: Option<&str>) {
    let out = Output::new(Box::new(std::io::stdout()));
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut proto = Protocol::new(out.clone());
    if let Some(path) = eval_file {
        proto.set_eval_file(path);
    }
    if proto.run(&mut input) == Flow::XBoard {
        crate::xboard_entry(&mut input, out);
    }
}
