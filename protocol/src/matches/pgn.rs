//! PGN output for finished games, and a PGN reader.
//!
//! Variant games follow the usual PGN shape with two conventions:
//! * tags `[Variant "name"]` (the `UCI_Variant` value) always, and `[FEN "..."]` with
//!   `[SetUp "1"]` when the game does not start from the variant's start position;
//! * movetext in the protocol's move notation, one token per *turn*: a turn of
//!   several sub-moves is written comma-joined (`1e21e4,3d73d5,0000`). Turns are
//!   numbered like chess moves: `N.` before White's turn, `N...` when a game starts
//!   with Black's.
//!
//! Chess960 games are tagged `[Variant "Chess960"]` (crazyhouse and atomic:
//! `crazyhouse960`, `atomic960`) and always carry `FEN`/`SetUp`, with castling
//! written king-takes-rook (`e1h1`, `b1a1`) as under `UCI_Chess960`. The reader
//! also takes `Fischerandom`, `Chess 960` and any `<variant>960`.
//!
//! Engine turns carry a comment `{score/depth time}` (e.g. `{cp 31/12 0.512s}`)
//! with the last score the engine reported; opening turns carry none. The reader
//! skips comments, NAGs (`$n`) and variations.

use super::referee::GameRecord;
use engine::game::AnyGame;
use engine::Side;
use std::fmt::Write as _;
use thiserror::Error;

/// Optional tags the runner adds to every game.
#[derive(Clone, Debug, Default)]
pub struct PgnContext {
    pub event: String,
    /// `[TimeControl]` value, PGN style (`10+0.1`), when the limit is a clock.
    pub time_control: Option<String>,
    /// `[Date]` value (`YYYY.MM.DD`).
    pub date: String,
}

/// Writes one game.
pub fn write_game(g: &GameRecord, ctx: &PgnContext) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
    };
    tag("Event", &ctx.event);
    tag("Site", "?");
    tag("Date", &ctx.date);
    tag("Round", &(g.index + 1).to_string());
    tag("White", &g.white);
    tag("Black", &g.black);
    tag("Result", g.result.pgn());
    tag("Variant", &variant_tag(&g.variant, g.chess960));
    if !g.standard_start || g.chess960 {
        tag("FEN", &g.start_fen);
        tag("SetUp", "1");
    }
    if let Some(tc) = &ctx.time_control {
        tag("TimeControl", tc);
    }
    tag(
        "PlyCount",
        &g.turns
            .iter()
            .map(|t| t.submoves.len())
            .sum::<usize>()
            .to_string(),
    );
    tag("Termination", &g.termination.detail);
    out.push('\n');

    let mut words: Vec<String> = Vec::new();
    let mut number = fullmove_number(&g.start_fen);
    let mut last_side: Option<Side> = None;
    for turn in &g.turns {
        match turn.side {
            Side::White => {
                if last_side == Some(Side::White) {
                    number += 1;
                }
                words.push(format!("{number}."));
            }
            Side::Black => {
                if last_side != Some(Side::White) {
                    words.push(format!("{number}..."));
                }
            }
        }
        words.push(turn.submoves.join(","));
        if let Some(time) = turn.time {
            let mut c = String::from("{");
            if let Some(score) = &turn.score {
                c.push_str(score);
                if let Some(d) = turn.depth {
                    let _ = write!(c, "/{d}");
                }
                c.push(' ');
            }
            let _ = write!(c, "{:.3}s}}", time.as_secs_f64());
            words.push(c);
        }
        if turn.side == Side::Black {
            number += 1;
        }
        last_side = Some(turn.side);
    }
    words.push(g.result.pgn().to_string());
    // Wrap at 80 columns (PGN export format).
    let mut line_len = 0;
    for w in words {
        if line_len > 0 && line_len + 1 + w.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(&w);
        line_len += w.len();
    }
    out.push_str("\n\n");
    out
}

/// The `Variant` tag of a game: the variant's name, or its Chess960 name.
pub fn variant_tag(variant: &str, chess960: bool) -> String {
    match (variant, chess960) {
        (v, false) => v.to_string(),
        ("chess", true) => "Chess960".to_string(),
        (v, true) => format!("{v}960"),
    }
}

/// The variant name and Chess960 flag of a `Variant` tag (case-insensitive):
/// `Chess960`, `Fischerandom`, `Chess 960` → chess, and `<variant>960`.
pub fn parse_variant_tag(tag: &str) -> (String, bool) {
    let t = tag.trim().to_ascii_lowercase();
    match t.as_str() {
        "chess960" | "chess 960" | "fischerandom" | "fischer random" | "960" => {
            ("chess".to_string(), true)
        }
        _ => match t.strip_suffix("960") {
            Some(base) if !base.trim().is_empty() => (base.trim().to_string(), true),
            _ => (t, false),
        },
    }
}

/// The FEN's fullmove field (the 6th), else 1.
fn fullmove_number(fen: &str) -> u32 {
    fen.split_whitespace()
        .nth(5)
        .and_then(|f| f.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1)
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A game read back from PGN.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tags in file order.
    pub tags: Vec<(String, String)>,
    /// Movetext tokens: one per turn (comma-joined sub-moves).
    pub moves: Vec<String>,
    /// The game-termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PgnError {
    #[error("line {line}: {message}")]
    Syntax { line: usize, message: String },
    #[error("game {game}: unknown variant '{variant}'")]
    UnknownVariant { game: usize, variant: String },
    #[error("game {game}: {message}")]
    Replay { game: usize, message: String },
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Reads every game of a PGN text.
pub fn parse_pgn(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = Vec::new();
    let mut current = PgnGame::default();
    let mut in_movetext = false;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut line = 1;
    let err = |line: usize, message: String| PgnError::Syntax { line, message };
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            '[' if !in_movetext => {
                // [Name "value"]
                i += 1;
                let start = i;
                while i < chars.len()
                    && !chars[i].is_whitespace()
                    && chars[i] != '"'
                    && chars[i] != ']'
                {
                    i += 1;
                }
                let name: String = chars[start..i].iter().collect();
                if name.is_empty() {
                    return Err(err(line, "tag without a name".into()));
                }
                while i < chars.len() && chars[i] == ' ' {
                    i += 1;
                }
                if chars.get(i) != Some(&'"') {
                    return Err(err(line, format!("tag {name}: expected a quoted value")));
                }
                i += 1;
                let mut value = String::new();
                loop {
                    match chars.get(i) {
                        None | Some('\n') => {
                            return Err(err(line, format!("tag {name}: unterminated value")))
                        }
                        Some('\\') if matches!(chars.get(i + 1), Some('"') | Some('\\')) => {
                            value.push(chars[i + 1]);
                            i += 2;
                        }
                        Some('"') => {
                            i += 1;
                            break;
                        }
                        Some(&ch) => {
                            value.push(ch);
                            i += 1;
                        }
                    }
                }
                while i < chars.len() && chars[i] == ' ' {
                    i += 1;
                }
                if chars.get(i) != Some(&']') {
                    return Err(err(line, format!("tag {name}: expected ']'")));
                }
                i += 1;
                current.tags.push((name, value));
            }
            '{' => {
                while i < chars.len() && chars[i] != '}' {
                    if chars[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
                if i == chars.len() {
                    return Err(err(line, "unterminated comment".into()));
                }
                i += 1;
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '(' => {
                let mut depth = 0;
                while i < chars.len() {
                    match chars[i] {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        '\n' => line += 1,
                        _ => {}
                    }
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
            _ => {
                in_movetext = true;
                let start = i;
                while i < chars.len()
                    && !chars[i].is_whitespace()
                    && !matches!(chars[i], '{' | '(' | ';')
                {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                if RESULTS.contains(&word.as_str()) {
                    current.result = word;
                    games.push(std::mem::take(&mut current));
                    in_movetext = false;
                    continue;
                }
                if word.starts_with('$') {
                    continue;
                }
                // Move numbers: digits then dots, possibly glued to the move.
                let digits = word.chars().take_while(|c| c.is_ascii_digit()).count();
                let dots = word[digits..].chars().take_while(|&c| c == '.').count();
                let mv = if digits > 0 && dots > 0 {
                    &word[digits + dots..]
                } else {
                    word.as_str()
                };
                if !mv.is_empty() {
                    current.moves.push(mv.to_string());
                }
            }
        }
    }
    if in_movetext || !current.tags.is_empty() {
        return Err(err(line, "game without a result marker at the end".into()));
    }
    Ok(games)
}

/// Replays a game read from PGN through the referee of its `Variant` tag (default
/// `chess`), from its `FEN` tag if any. Returns the game at its end.
pub fn replay(game: &PgnGame, number: usize) -> Result<Box<dyn AnyGame>, PgnError> {
    let tag = game.tag("Variant").unwrap_or("chess");
    let (variant, chess960) = parse_variant_tag(tag);
    let unknown = || PgnError::UnknownVariant {
        game: number,
        variant: tag.to_string(),
    };
    let mut prototype = crate::registry::new_game(&variant).ok_or_else(unknown)?;
    if chess960 && !prototype.set_chess960(true) {
        return Err(unknown());
    }
    replay_with(game, &*prototype, number)
}

/// [`replay`] with the referee given.
pub fn replay_with(
    game: &PgnGame,
    prototype: &dyn AnyGame,
    number: usize,
) -> Result<Box<dyn AnyGame>, PgnError> {
    let fail = |message: String| PgnError::Replay {
        game: number,
        message,
    };
    let mut g = prototype.box_clone();
    match game.tag("FEN") {
        Some(fen) => g.set_fen(fen).map_err(|e| fail(format!("bad FEN: {e}")))?,
        None => g.set_startpos(),
    }
    for (i, m) in game.moves.iter().enumerate() {
        g.play(m)
            .map_err(|e| fail(format!("turn {} '{m}': {e}", i + 1)))?;
    }
    Ok(g)
}

/// Today's date in PGN form, from the system clock (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Days since 1970-01-01 to a proleptic Gregorian (year, month, day), by counting
/// 400-year eras of 146097 days from 0000-03-01 (so leap days fall at era ends).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        // 2000-02-29 is day 11016 (30 years incl. 7 leap days = 10957, + 31 + 28).
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(11_017), (2000, 3, 1));
    }

    #[test]
    fn reads_tags_comments_and_numbers() {
        let text = r#"[Event "a \"quoted\" event"]
[Variant "parallelworlds"]

1. 1e21e4,3d73d5,0000 {cp 31/4 0.010s} 1e71e5 2.e2e4 $1 (2. d4) 2... e7e5 ; rest
3. a1-b2 1/2-1/2

[Event "second"]
1... =RO *
"#;
        let games = parse_pgn(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("a \"quoted\" event"));
        assert_eq!(
            games[0].moves,
            vec!["1e21e4,3d73d5,0000", "1e71e5", "e2e4", "e7e5", "a1-b2"]
        );
        assert_eq!(games[0].result, "1/2-1/2");
        assert_eq!(games[1].moves, vec!["=RO"]);
        assert_eq!(games[1].result, "*");
        assert!(parse_pgn("[Event \"x\"]\n1. e2e4").is_err());
        assert!(parse_pgn("[Event x]\n*").is_err());
        assert!(parse_pgn("1. e4 {open").is_err());
    }
}
