//! `datagen`: self-play games that produce labelled positions for tuning the static
//! evaluation (issue 17).
//!
//! # The games
//!
//! The data set of a run is `games` games with global indices `0..games`. Shard
//! `(K, N)` plays the indices `i` with `i % N == K`; game `i` draws its random
//! numbers from a generator seeded by a splitmix64 mix of `(seed, i)`, so a game is
//! the same whichever shard, thread or machine plays it: shards never overlap and
//! their union is the one-machine run (the search is single-threaded per game, node-
//! or depth-limited, and its table is cleared between games, so games are
//! reproducible).
//!
//! Each game starts at the variant's start position and plays `random_plies` random
//! legal sub-moves (uniformly drawn, not recorded). If the game ends during them (or
//! right after), the opening is drawn again from the same generator; after 1000
//! failed attempts the game starts from the start position itself. Then every
//! sub-move (moves of a multi-move turn, drops, the draft: all alike) is chosen by one
//! [`Searcher::think`] with the configured `nodes` / `depth` limit, given the game's
//! history for repetitions. The game ends by the rules ([`Game::result`]: the rules of
//! movement, then the draw rules), at `max_plies` sub-moves in all (random ones
//! included) as a draw, or by adjudication:
//!
//! **Adjudication rule** (when `adjudicate` is on): after each search, the last 8
//! search scores, each turned to White's view (a mate counts as a win of any
//! size), are looked at; if all 8 are >= +1000 cp, White wins; if all 8 are
//! <= -1000 cp, Black wins; provided both sides made at least one of those 8
//! searches (so both agree the game is lost).
//!
//! # Which positions are written
//!
//! Only quiet ones, whose search score a static evaluation can be fitted to: a
//! position (after the random opening) is written when the side to move is not in
//! check, the searched best sub-move is not a tactical move (`GenKind::Tactical` of
//! the position), and the search score is not a mate score.
//!
//! # File format
//!
//! UTF-8 text, one line per position, fields separated by one tab:
//!
//! ```text
//! <result>\t<score>\t<fen>
//! ```
//!
//! * `result`: the game's final result from White's (the first player's) view: `1`
//!   (White won), `0.5` (draw) or `0` (Black won);
//! * `score`: the search score of the position in centipawns from White's view, an
//!   integer (mate scores are never written);
//! * `fen`: the position in the variant's FEN (`Position::fen`), as is: some
//!   variants' FENs contain spaces and `|`, never a tab; the rest of the line after
//!   the second tab is the FEN.
//!
//! Lines starting with `#` are comments. A file starts (when created) with the
//! header `# manifold datagen 1 variant=<name>` (`1` is the format version); after
//! each game's position lines comes `# game <global game index> result <1|0.5|0>
//! plies <n>`, where `n` is the number of sub-moves of the game, random ones
//! included. Files of one variant may be concatenated (several header lines are
//! allowed if they name the same variant).
//!
//! Every finished game is written as one block (its lines and its `# game` line)
//! with a single `write_all` and a flush, under a lock shared by the worker threads,
//! so an interrupted run keeps every finished game. The file is opened in append
//! mode; a run on an existing file first reads it, checks the header's variant, and
//! skips the game indices that already have a `# game` line: re-running the same
//! command completes the set.

use engine::game::Game;
use engine::moves::MoveList;
use engine::position::{DrawReason, GenKind, Outcome, Position, Side};
use engine::search::{Limits, Score, Searcher};
use eval::VariantEval;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashSet, VecDeque};
use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The header's prefix; the variant name follows.
const HEADER_PREFIX: &str = "# manifold datagen 1 variant=";
/// Scores (White's view) at or beyond this many centipawns count as winning for
/// adjudication.
pub const ADJUDICATE_CP: i32 = 1000;
/// How many consecutive search scores must agree for adjudication.
pub const ADJUDICATE_SEARCHES: usize = 8;
/// Random openings tried per game before falling back to the start position.
const OPENING_ATTEMPTS: usize = 1000;
/// Stack of a worker thread (the search's main worker runs on it; the engine's
/// helper threads use the same size).
const WORKER_STACK_BYTES: usize = 64 << 20;

/// What to generate. See the module docs.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// The `UCI_Variant` name.
    pub variant: String,
    /// Games in the whole data set (global indices `0..games`).
    pub games: usize,
    /// Nodes per search (at least one of `nodes` and `depth` is needed).
    pub nodes: Option<u64>,
    /// Depth per search.
    pub depth: Option<u32>,
    /// Random sub-moves at the start of each game (not recorded).
    pub random_plies: usize,
    pub seed: u64,
    /// Worker threads, each playing whole games with its own one-thread searcher.
    pub threads: usize,
    /// `(K, N)`: this run plays the global indices `i` with `i % N == K`.
    pub shard: (usize, usize),
    /// The output file (appended to; see the module docs).
    pub out: PathBuf,
    /// Transposition table per worker thread, in MB.
    pub hash_mb: usize,
    /// A game reaching this many sub-moves (random ones included) is a draw.
    pub max_plies: usize,
    /// End games that the searches agree are won (the rule in the module docs).
    pub adjudicate: bool,
    /// Show a progress bar on stderr (drawn only when stderr is a terminal).
    pub progress: bool,
    /// An evaluation table file's text (`--eval`); the built-in table when `None` or
    /// when the file has no section for the variant.
    pub eval_table: Option<String>,
}

impl Default for DatagenConfig {
    fn default() -> Self {
        DatagenConfig {
            variant: "chess".to_string(),
            games: 1000,
            nodes: Some(5000),
            depth: None,
            random_plies: 8,
            seed: 0,
            threads: 1,
            shard: (0, 1),
            out: PathBuf::from("datagen.txt"),
            hash_mb: 16,
            max_plies: 400,
            adjudicate: true,
            progress: true,
            eval_table: None,
        }
    }
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DatagenSummary {
    /// Games played (and written) by this run.
    pub games: usize,
    /// Games of this shard skipped because the file already had them.
    pub skipped: usize,
    /// Positions written by this run.
    pub positions: u64,
    pub elapsed_secs: f64,
    pub positions_per_sec: f64,
    /// Results of the games played, White's view: wins, draws, losses.
    pub white_wins: usize,
    pub draws: usize,
    pub black_wins: usize,
}

/// One labelled position read back from a file.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub fen: String,
    /// The game result, White's view: 1, 0.5 or 0.
    pub result: f32,
    /// The search score, White's view, centipawns.
    pub score: i32,
}

/// Generates the games of `cfg` (those not already in `cfg.out`) and appends them.
pub fn run(cfg: &DatagenConfig) -> Result<DatagenSummary, String> {
    validate(cfg)?;
    macro_rules! dispatch {
        ($($n:literal => $t:ty,)*) => {
            match cfg.variant.as_str() {
                $($n => {
                    let eval = match &cfg.eval_table {
                        None => None,
                        Some(text) => <$t as VariantEval>::eval_from_table(text)?,
                    }
                    .unwrap_or_default();
                    run_variant::<$t>(cfg, &eval, &<$t as Position>::startpos())
                })*
                other if crate::registry::is_file_variant(other) => run_file_variant(cfg),
                other => Err(format!(
                    "unknown variant '{other}' (known: {})",
                    engine::variants::names().join(", ")
                )),
            }
        };
    }
    engine::for_each_variant!(dispatch)
}

fn validate(cfg: &DatagenConfig) -> Result<(), String> {
    if !engine::variants::names().contains(&cfg.variant.as_str()) {
        return Err(format!(
            "unknown variant '{}' (known: {})",
            cfg.variant,
            engine::variants::names().join(", ")
        ));
    }
    let (k, n) = cfg.shard;
    if n == 0 {
        return Err("bad shard: the number of shards N must be at least 1".to_string());
    }
    if k >= n {
        return Err(format!(
            "bad shard {k}/{n}: the shard index K must be in 0..{n}"
        ));
    }
    if cfg.games == 0 {
        return Err("games must be at least 1".to_string());
    }
    if cfg.threads == 0 {
        return Err("threads must be at least 1".to_string());
    }
    if cfg.max_plies == 0 {
        return Err("max plies must be at least 1".to_string());
    }
    match (cfg.nodes, cfg.depth) {
        (None, None) => {
            return Err("give a search limit: nodes or depth (or both)".to_string());
        }
        (Some(0), _) => return Err("nodes must be at least 1".to_string()),
        (_, Some(0)) => return Err("depth must be at least 1".to_string()),
        _ => {}
    }
    if cfg.out.as_os_str().is_empty() {
        return Err("no output file given".to_string());
    }
    Ok(())
}

/// The seed of game `index` of a data set seeded `seed`.
fn game_seed(seed: u64, index: u64) -> u64 {
    splitmix64(splitmix64(seed) ^ index.wrapping_mul(0xd1b5_4a32_d192_ed03))
}

/// Sebastiano Vigna's splitmix64 finaliser.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `1`, `0.5` or `0`.
fn result_text(white_points: f32) -> &'static str {
    if white_points >= 1.0 {
        "1"
    } else if white_points <= 0.0 {
        "0"
    } else {
        "0.5"
    }
}

fn parse_result(s: &str) -> Option<f32> {
    match s {
        "1" => Some(1.0),
        "0.5" => Some(0.5),
        "0" => Some(0.0),
        _ => None,
    }
}

/// The variant named by a header line, if `line` is one.
fn header_variant(line: &str) -> Option<&str> {
    line.strip_prefix(HEADER_PREFIX).map(str::trim)
}

/// Parses a `# game <index> result <r> plies <n>` line: the index.
fn game_line_index(line: &str) -> Option<u64> {
    let mut it = line.split_whitespace();
    if it.next()? != "#" || it.next()? != "game" {
        return None;
    }
    let index = it.next()?.parse().ok()?;
    if it.next()? != "result" {
        return None;
    }
    parse_result(it.next()?)?;
    Some(index)
}

/// Parses a position line.
fn parse_record(line: &str) -> Option<Record> {
    let mut it = line.splitn(3, '\t');
    let result = parse_result(it.next()?.trim())?;
    let score = it.next()?.trim().parse().ok()?;
    let fen = it.next()?.trim();
    if fen.is_empty() {
        return None;
    }
    Some(Record {
        fen: fen.to_string(),
        result,
        score,
    })
}

/// Checks the header lines of a datagen file against `variant`. The first non-empty
/// line must be a header.
fn check_header(line: &str, variant: &str, first: bool, path: &Path) -> Result<(), String> {
    match header_variant(line) {
        Some(v) if v == variant => Ok(()),
        Some(v) => Err(format!(
            "{}: the file holds variant '{v}', not '{variant}'",
            path.display()
        )),
        None if first => Err(format!(
            "{}: not a manifold datagen file (no '{HEADER_PREFIX}...' header)",
            path.display()
        )),
        None => Ok(()),
    }
}

/// Reads a datagen file of `variant`: its position records, and the number of
/// malformed lines skipped. A missing or wrong-variant header is an error.
pub fn read_records(path: &Path, variant: &str) -> Result<(Vec<Record>, usize), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut reader = BufReader::new(file);
    let mut records = Vec::new();
    let mut malformed = 0;
    let mut first = true;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let n = reader
            .read_until(b'\n', &mut buf)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if n == 0 {
            break;
        }
        let Ok(line) = std::str::from_utf8(&buf) else {
            malformed += 1;
            first = false;
            continue;
        };
        let line = line.trim_end_matches(['\n', '\r']);
        if line.trim().is_empty() {
            continue;
        }
        if line.starts_with('#') {
            check_header(line, variant, first, path)?;
        } else if first {
            check_header(line, variant, true, path)?;
        } else {
            match parse_record(line) {
                Some(r) => records.push(r),
                None => malformed += 1,
            }
        }
        first = false;
    }
    Ok((records, malformed))
}

/// What an existing output file already holds.
struct Existing {
    /// The file has content (so no header is to be written).
    nonempty: bool,
    /// Its last byte is not a newline (a torn last line: a newline is written first).
    torn: bool,
    done: HashSet<u64>,
}

fn scan_existing(path: &Path, variant: &str) -> Result<Existing, String> {
    let mut existing = Existing {
        nonempty: false,
        torn: false,
        done: HashSet::new(),
    };
    let mut file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(existing),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let len = file
        .metadata()
        .map_err(|e| format!("{}: {e}", path.display()))?
        .len();
    if len == 0 {
        return Ok(existing);
    }
    existing.nonempty = true;
    let mut last = [0u8; 1];
    file.seek(SeekFrom::Start(len - 1))
        .and_then(|_| file.read_exact(&mut last))
        .and_then(|_| file.seek(SeekFrom::Start(0)))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    existing.torn = last[0] != b'\n';
    let mut reader = BufReader::new(file);
    let mut buf = Vec::new();
    let mut first = true;
    loop {
        buf.clear();
        let n = reader
            .read_until(b'\n', &mut buf)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if n == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim_end_matches(['\n', '\r']);
        if line.trim().is_empty() {
            continue;
        }
        check_header(line, variant, first, path)?;
        first = false;
        if let Some(i) = game_line_index(line) {
            existing.done.insert(i);
        }
    }
    Ok(existing)
}

/// One finished game, ready to write.
struct GameOutput {
    block: String,
    positions: u64,
    white_points: f32,
}

/// Counters shared by the workers.
#[derive(Default)]
struct Tally {
    games: AtomicUsize,
    positions: AtomicU64,
    white_wins: AtomicUsize,
    draws: AtomicUsize,
    black_wins: AtomicUsize,
}

/// A variant loaded from a variants file: its own evaluation (tables do not apply)
/// and its start position from the definition.
fn run_file_variant(cfg: &DatagenConfig) -> Result<DatagenSummary, String> {
    use engine::variants::defined::{registry, FileVariant};
    if let Some(text) = &cfg.eval_table {
        if eval::params::parse_tables(text)?.contains_key(&cfg.variant) {
            return Err(format!(
                "the evaluation table has a section for '{}', a file-defined variant: evaluation tables are not supported for file-defined variants",
                cfg.variant
            ));
        }
    }
    let def =
        registry::get(&cfg.variant).ok_or_else(|| format!("unknown variant '{}'", cfg.variant))?;
    let start = FileVariant::start(def).map_err(|e| format!("start position: {e}"))?;
    run_variant::<FileVariant>(cfg, &Default::default(), &start)
}

/// Plays and writes the games of `cfg` for variant `P` with evaluator `eval`, every
/// game from `start`.
fn run_variant<P: VariantEval>(
    cfg: &DatagenConfig,
    eval: &P::Eval,
    start_pos: &P,
) -> Result<DatagenSummary, String> {
    let start = Instant::now();
    let existing = scan_existing(&cfg.out, &cfg.variant)?;
    let (k, n) = cfg.shard;
    let todo: Vec<u64> = (k..cfg.games)
        .step_by(n)
        .map(|i| i as u64)
        .filter(|i| !existing.done.contains(i))
        .collect();
    let shard_total = (k..cfg.games).step_by(n).count();
    let skipped = shard_total - todo.len();

    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&cfg.out)
        .map_err(|e| format!("{}: {e}", cfg.out.display()))?;
    let mut preamble = String::new();
    if existing.torn {
        preamble.push('\n');
    }
    if !existing.nonempty {
        preamble.push_str(&format!("{HEADER_PREFIX}{}\n", cfg.variant));
    }
    if !preamble.is_empty() {
        file.write_all(preamble.as_bytes())
            .and_then(|_| file.flush())
            .map_err(|e| format!("{}: {e}", cfg.out.display()))?;
    }
    let file = Mutex::new(file);

    let bar = if cfg.progress {
        let bar =
            ProgressBar::with_draw_target(Some(shard_total as u64), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} games  {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar.set_position(skipped as u64);
        bar
    } else {
        ProgressBar::hidden()
    };

    let next = AtomicUsize::new(0);
    let abort = AtomicBool::new(false);
    let tally = Tally::default();
    let first_error: Mutex<Option<String>> = Mutex::new(None);
    let limits = Limits {
        nodes: cfg.nodes,
        depth: cfg.depth,
        ..Default::default()
    };
    let threads = cfg.threads.min(todo.len().max(1));

    std::thread::scope(|scope| {
        let worker = || {
            let mut searcher = Searcher::new(1, cfg.hash_mb);
            let result = (|| -> Result<(), String> {
                while !abort.load(Ordering::Relaxed) {
                    let slot = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&index) = todo.get(slot) else {
                        break;
                    };
                    searcher.clear();
                    let out = play_game::<P>(cfg, eval, start_pos, &mut searcher, &limits, index)?;
                    {
                        let mut f = file.lock().unwrap_or_else(|e| e.into_inner());
                        f.write_all(out.block.as_bytes())
                            .and_then(|_| f.flush())
                            .map_err(|e| format!("{}: {e}", cfg.out.display()))?;
                    }
                    let games = tally.games.fetch_add(1, Ordering::Relaxed) + 1;
                    let positions =
                        tally.positions.fetch_add(out.positions, Ordering::Relaxed) + out.positions;
                    match result_text(out.white_points) {
                        "1" => tally.white_wins.fetch_add(1, Ordering::Relaxed),
                        "0" => tally.black_wins.fetch_add(1, Ordering::Relaxed),
                        _ => tally.draws.fetch_add(1, Ordering::Relaxed),
                    };
                    let secs = start.elapsed().as_secs_f64().max(1e-9);
                    bar.inc(1);
                    bar.set_message(format!(
                        "{:.2} games/s  {:.0} pos/s  {positions} positions  +{} ={} -{}",
                        games as f64 / secs,
                        positions as f64 / secs,
                        tally.white_wins.load(Ordering::Relaxed),
                        tally.draws.load(Ordering::Relaxed),
                        tally.black_wins.load(Ordering::Relaxed),
                    ));
                }
                Ok(())
            })();
            if let Err(e) = result {
                abort.store(true, Ordering::Relaxed);
                let mut slot = first_error.lock().unwrap_or_else(|e| e.into_inner());
                slot.get_or_insert(e);
            }
        };
        for id in 0..threads {
            let spawned = std::thread::Builder::new()
                .name(format!("datagen-{id}"))
                .stack_size(WORKER_STACK_BYTES)
                .spawn_scoped(scope, worker);
            if let Err(e) = spawned {
                abort.store(true, Ordering::Relaxed);
                let mut slot = first_error.lock().unwrap_or_else(|e| e.into_inner());
                slot.get_or_insert(format!("could not start worker thread {id}: {e}"));
                break;
            }
        }
    });
    bar.finish_and_clear();

    if let Some(e) = first_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let elapsed = start.elapsed().as_secs_f64();
    let positions = tally.positions.load(Ordering::Relaxed);
    Ok(DatagenSummary {
        games: tally.games.load(Ordering::Relaxed),
        skipped,
        positions,
        elapsed_secs: elapsed,
        positions_per_sec: positions as f64 / elapsed.max(1e-9),
        white_wins: tally.white_wins.load(Ordering::Relaxed),
        draws: tally.draws.load(Ordering::Relaxed),
        black_wins: tally.black_wins.load(Ordering::Relaxed),
    })
}

/// Plays a random legal sub-move of `game`'s position; `false` if there is none.
fn play_random<P: Position>(game: &mut Game<P>, rng: &mut ChaCha8Rng) -> Result<bool, String> {
    let mut list = MoveList::new();
    game.pos().generate(GenKind::All, &mut list);
    if list.is_empty() {
        return Ok(false);
    }
    let m = list[rng.gen_range(0..list.len())];
    play(game, m)?;
    Ok(true)
}

/// Plays a legal sub-move.
fn play<P: Position>(game: &mut Game<P>, m: engine::moves::Move) -> Result<(), String> {
    let text = game.pos().move_text(m);
    game.play_submove(&text).map_err(|e| {
        format!(
            "internal error: the legal sub-move '{text}' was refused in {}: {e}",
            game.pos().fen()
        )
    })
}

/// The random opening of a game: a game `random_plies` sub-moves in, not over.
fn random_opening<P: Position>(
    start: &P,
    random_plies: usize,
    rng: &mut ChaCha8Rng,
) -> Result<Game<P>, String> {
    'attempt: for _ in 0..OPENING_ATTEMPTS {
        let mut game = Game::new(start.clone());
        for _ in 0..random_plies {
            if game.result().is_some() || !play_random(&mut game, rng)? {
                continue 'attempt;
            }
        }
        if game.result().is_none() {
            return Ok(game);
        }
    }
    Ok(Game::new(start.clone()))
}

/// A search score in White's view, mates as +-`MATE`.
fn white_cp(score: Score, side: Side) -> i32 {
    let own = match score {
        Score::Cp(cp) => cp,
        Score::Mate(m) if m > 0 => engine::search::MATE,
        Score::Mate(_) => -engine::search::MATE,
    };
    if side == Side::White {
        own
    } else {
        -own
    }
}

/// Plays game `index` and returns its block of lines.
fn play_game<P: VariantEval>(
    cfg: &DatagenConfig,
    eval: &P::Eval,
    start: &P,
    searcher: &mut Searcher,
    limits: &Limits,
    index: u64,
) -> Result<GameOutput, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(game_seed(cfg.seed, index));
    let mut game = random_opening(start, cfg.random_plies, &mut rng)?;
    let mut plies = game.history().len();
    // (fen, score in White's view) of the quiet positions.
    let mut quiet: Vec<(String, i32)> = Vec::new();
    // The last searches: (side that searched, score in White's view).
    let mut window: VecDeque<(Side, i32)> = VecDeque::with_capacity(ADJUDICATE_SEARCHES + 1);
    let mut tactical = MoveList::new();

    let outcome = loop {
        if let Some(o) = game.result() {
            break o;
        }
        if plies >= cfg.max_plies {
            break Outcome::Draw(DrawReason::Adjudication);
        }
        let pos = game.pos().clone();
        let r = searcher.think(&pos, game.history(), limits, eval, &mut |_| {});
        let Some(best) = r.best else {
            // No move although the game is not over by the referee: by the rules.
            break pos.no_move_outcome();
        };
        let side = pos.side_to_move();
        let white = white_cp(r.score, side);
        if let Score::Cp(_) = r.score {
            if !pos.in_check() {
                tactical.clear();
                pos.generate(GenKind::Tactical, &mut tactical);
                if !tactical.contains(&best) {
                    quiet.push((pos.fen(), white));
                }
            }
        }
        play(&mut game, best)?;
        plies += 1;

        if cfg.adjudicate {
            window.push_back((side, white));
            if window.len() > ADJUDICATE_SEARCHES {
                window.pop_front();
            }
            if window.len() == ADJUDICATE_SEARCHES
                && window.iter().any(|&(s, _)| s == Side::White)
                && window.iter().any(|&(s, _)| s == Side::Black)
            {
                let winner = if window.iter().all(|&(_, w)| w >= ADJUDICATE_CP) {
                    Some(Side::White)
                } else if window.iter().all(|&(_, w)| w <= -ADJUDICATE_CP) {
                    Some(Side::Black)
                } else {
                    None
                };
                if let Some(winner) = winner {
                    // The rules may have ended the game with this very move.
                    break game.result().unwrap_or(Outcome::Win {
                        winner,
                        reason: "adjudication",
                    });
                }
            }
        }
    };

    let white_points = match outcome {
        Outcome::Win {
            winner: Side::White,
            ..
        } => 1.0,
        Outcome::Win {
            winner: Side::Black,
            ..
        } => 0.0,
        Outcome::Draw(_) => 0.5,
    };
    let result = result_text(white_points);
    let mut block = String::new();
    for (fen, score) in &quiet {
        debug_assert!(!fen.contains('\t') && !fen.contains('\n'));
        block.push_str(&format!("{result}\t{score}\t{fen}\n"));
    }
    block.push_str(&format!("# game {index} result {result} plies {plies}\n"));
    Ok(GameOutput {
        block,
        positions: quiet.len() as u64,
        white_points,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::variants::chess::Chess;
    use engine::variants::parallelworlds::ParallelWorlds;

    fn temp_path(tag: &str) -> PathBuf {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        std::env::temp_dir().join(format!(
            "manifold-datagen-{tag}-{}-{n}-{nanos}.txt",
            std::process::id()
        ))
    }

    fn chess_cfg(tag: &str) -> DatagenConfig {
        DatagenConfig {
            variant: "chess".to_string(),
            games: 4,
            nodes: None,
            depth: Some(2),
            random_plies: 6,
            seed: 17,
            threads: 2,
            shard: (0, 1),
            out: temp_path(tag),
            hash_mb: 1,
            max_plies: 120,
            adjudicate: true,
            progress: false,
            eval_table: None,
        }
    }

    /// The global game indices of a file's `# game` lines.
    fn game_indices(path: &Path) -> Vec<u64> {
        let text = std::fs::read_to_string(path).unwrap();
        let mut v: Vec<u64> = text.lines().filter_map(game_line_index).collect();
        v.sort_unstable();
        v
    }

    fn sorted_records(path: &Path, variant: &str) -> Vec<(String, u32, i32)> {
        let (records, malformed) = read_records(path, variant).unwrap();
        assert_eq!(malformed, 0);
        let mut v: Vec<_> = records
            .into_iter()
            .map(|r| (r.fen, (r.result * 2.0) as u32, r.score))
            .collect();
        v.sort();
        v
    }

    fn check_records<P: Position>(path: &Path, variant: &str) -> usize {
        let (records, malformed) = read_records(path, variant).unwrap();
        assert_eq!(malformed, 0);
        for r in &records {
            let pos = P::from_fen(&r.fen).unwrap_or_else(|e| panic!("{}: {e:?}", r.fen));
            assert!([0.0, 0.5, 1.0].contains(&r.result), "{r:?}");
            assert!(!pos.in_check(), "a record in check: {}", r.fen);
            assert!(r.score.abs() < engine::search::MATE_BOUND, "{r:?}");
        }
        records.len()
    }

    #[test]
    fn datagen_chess_writes_readable_quiet_records() {
        let cfg = chess_cfg("chess");
        let summary = run(&cfg).unwrap();
        assert_eq!(summary.games, 4);
        assert_eq!(summary.skipped, 0);
        assert_eq!(summary.white_wins + summary.draws + summary.black_wins, 4);
        let n = check_records::<Chess>(&cfg.out, "chess");
        assert_eq!(n as u64, summary.positions);
        assert!(n > 0);
        let text = std::fs::read_to_string(&cfg.out).unwrap();
        assert_eq!(
            text.lines().next(),
            Some("# manifold datagen 1 variant=chess")
        );
        assert_eq!(game_indices(&cfg.out), vec![0, 1, 2, 3]);

        // Rerunning the same command on the complete file adds nothing.
        let again = run(&cfg).unwrap();
        assert_eq!(again.games, 0);
        assert_eq!(again.skipped, 4);
        assert_eq!(std::fs::read_to_string(&cfg.out).unwrap(), text);

        // Reading it as another variant, or running another variant into it, fails.
        assert!(read_records(&cfg.out, "atomic").is_err());
        let wrong = DatagenConfig {
            variant: "atomic".to_string(),
            ..cfg.clone()
        };
        assert!(run(&wrong).unwrap_err().contains("variant"));
        assert_eq!(std::fs::read_to_string(&cfg.out).unwrap(), text);
        let _ = std::fs::remove_file(&cfg.out);
    }

    #[test]
    fn datagen_shards_partition_the_single_run() {
        let single = DatagenConfig {
            games: 5,
            threads: 2,
            ..chess_cfg("single")
        };
        run(&single).unwrap();
        let mut shard_records = Vec::new();
        let mut shard_indices = Vec::new();
        for k in 0..2 {
            let cfg = DatagenConfig {
                shard: (k, 2),
                threads: 1,
                out: temp_path(&format!("shard{k}")),
                ..single.clone()
            };
            run(&cfg).unwrap();
            let indices = game_indices(&cfg.out);
            assert!(indices.iter().all(|&i| i as usize % 2 == k));
            shard_indices.extend(indices);
            shard_records.extend(sorted_records(&cfg.out, "chess"));
            let _ = std::fs::remove_file(&cfg.out);
        }
        shard_indices.sort_unstable();
        assert_eq!(shard_indices, vec![0, 1, 2, 3, 4]);
        shard_records.sort();
        assert_eq!(shard_records, sorted_records(&single.out, "chess"));
        let _ = std::fs::remove_file(&single.out);
    }

    #[test]
    fn datagen_resumes_an_interrupted_file() {
        // A file with games 0 and 2 of 4, and a torn last line.
        let cfg = DatagenConfig {
            threads: 1,
            ..chess_cfg("resume")
        };
        let partial = DatagenConfig {
            games: 1,
            ..cfg.clone()
        };
        run(&partial).unwrap();
        let mut f = OpenOptions::new().append(true).open(&cfg.out).unwrap();
        f.write_all(b"# game 2 result 0.5 plies 0\n0.5\t1").unwrap();
        drop(f);
        let summary = run(&cfg).unwrap();
        assert_eq!(summary.games, 2);
        assert_eq!(summary.skipped, 2);
        let mut indices = game_indices(&cfg.out);
        indices.sort_unstable();
        assert_eq!(indices, vec![0, 1, 2, 3]);
        // The torn line stays alone: one malformed line, the rest readable.
        let (_, malformed) = read_records(&cfg.out, "chess").unwrap();
        assert_eq!(malformed, 1);
        let _ = std::fs::remove_file(&cfg.out);
    }

    #[test]
    fn datagen_parallelworlds_small_nodes() {
        let cfg = DatagenConfig {
            variant: "parallelworlds".to_string(),
            games: 2,
            nodes: Some(300),
            depth: None,
            random_plies: 4,
            max_plies: 60,
            out: temp_path("pw"),
            ..chess_cfg("pw")
        };
        let summary = run(&cfg).unwrap();
        assert_eq!(summary.games, 2);
        check_records::<ParallelWorlds>(&cfg.out, "parallelworlds");
        assert_eq!(game_indices(&cfg.out), vec![0, 1]);
        let _ = std::fs::remove_file(&cfg.out);
    }

    #[test]
    fn datagen_bad_configs_fail_without_a_file() {
        let base = chess_cfg("bad");
        let bad = [
            DatagenConfig {
                variant: "nosuchvariant".to_string(),
                ..base.clone()
            },
            DatagenConfig {
                shard: (2, 2),
                ..base.clone()
            },
            DatagenConfig {
                shard: (0, 0),
                ..base.clone()
            },
            DatagenConfig {
                threads: 0,
                ..base.clone()
            },
            DatagenConfig {
                games: 0,
                ..base.clone()
            },
            DatagenConfig {
                nodes: None,
                depth: None,
                ..base.clone()
            },
        ];
        for cfg in &bad {
            let e = run(cfg).unwrap_err();
            assert!(!e.is_empty());
            assert!(!cfg.out.exists(), "{e}");
        }
    }

    #[test]
    fn datagen_reader_skips_malformed_lines_and_checks_the_header() {
        let path = temp_path("reader");
        std::fs::write(
            &path,
            "# manifold datagen 1 variant=chess\n\
             1\t35\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
             0.7\t35\tx\n\
             1\tabc\tx\n\
             0.5\t-3\n\
             \n\
             # game 0 result 1 plies 1\n\
             # manifold datagen 1 variant=chess\n\
             0\t-20\t8/8/8/8/8/8/8/K1k5 w - - 0 1\n",
        )
        .unwrap();
        let (records, malformed) = read_records(&path, "chess").unwrap();
        assert_eq!(malformed, 3);
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].score, 35);
        assert_eq!(records[1].result, 0.0);
        assert!(read_records(&path, "crazyhouse").is_err());
        std::fs::write(&path, "1\t0\tx\n").unwrap();
        assert!(read_records(&path, "chess").is_err());
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn datagen_game_seeds_differ() {
        let seeds: HashSet<u64> = (0..1000).map(|i| game_seed(5, i)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
    }

    /// Speed in release: `cargo test --release -p manifold-protocol datagen_speed --
    /// --ignored --nocapture`.
    #[test]
    #[ignore]
    fn datagen_speed() {
        for threads in [1, 2] {
            let cfg = DatagenConfig {
                games: 8,
                nodes: Some(5000),
                depth: None,
                random_plies: 8,
                threads,
                max_plies: 400,
                hash_mb: 16,
                out: temp_path("speed"),
                ..chess_cfg("speed")
            };
            let s = run(&cfg).unwrap();
            eprintln!(
                "threads {threads}: {} games, {} positions in {:.1} s: {:.0} positions/s, {:.2} games/s (+{} ={} -{})",
                s.games,
                s.positions,
                s.elapsed_secs,
                s.positions_per_sec,
                s.games as f64 / s.elapsed_secs,
                s.white_wins,
                s.draws,
                s.black_wins
            );
            let _ = std::fs::remove_file(&cfg.out);
        }
    }
}
