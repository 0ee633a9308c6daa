//! The variants file loader on hostile input: a valid file mutated thousands of
//! times (deterministically seeded) must never make `load_str` panic, and every
//! error must name a line inside the file. Hand-written cases pin the exact line,
//! variant and field of particular errors.

use engine::variants::defined::{load_str, LoadError, VariantDef};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A valid file touching every feature: grid, levels, boards and hex; pieces by
/// Betza and by vectors; castling, promotion, goal cells, drops, explosion,
/// extinction, forced captures and a two-sub-move turn.
const VALID: &str = r#"# A file for the fuzzer.
[[variant]]
name = "grid"
title = "Grid chess"
board = "8x8"
start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

[[variant.piece]]
letter = "K"
name = "king"
betza = "K"
royal = true

[[variant.piece]]
letter = "Q"
name = "queen"
betza = "Q"
value = 900

[[variant.piece]]
letter = "R"
name = "rook"
betza = "R"

[[variant.piece]]
letter = "B"
name = "bishop"
betza = "B"

[[variant.piece]]
letter = "N"
name = "knight"
betza = "N"
value = 300

[[variant.piece]]
letter = "P"
name = "pawn"
betza = "fmWfcFifmnD"
en_passant = true

[variant.rules]
castling = { rook = "R", king_files = ["g", "c"] }
promotion = { pieces = "P", ranks = [8], to = "QRBN", mandatory = true }
goal_cells = { pieces = "K", cells = ["d4", "e4", "d5", "e5"] }
initial_ranks = [2]
move_counter = 100
repetition = 3

[[variant]]
name = "grid-drops"
extends = "grid"
start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"

[[variant.piece]]
letter = "N"
name = "nightrider"
betza = "NN"

[variant.rules]
drops = { forbidden = { P = [1, 8] } }
goal_cells = false

[[variant]]
name = "grid-atomic"
extends = "grid"

[variant.rules]
explosion = { radius = 1, immune = "P" }
stalemate = "draw"

[[variant]]
name = "cube"
board = "4x4x4"
start = "4/4/PPPP/RNKB|4/4/4/4|4/4/4/4|rnkb/pppp/4/4 w - - 0 1"

[[variant.piece]]
letter = "K"
name = "king"
moves = [{ vectors = [[1, 0, 0], [1, 1, 0], [1, 1, 1]], travel = "step" }]
royal = true

[[variant.piece]]
letter = "R"
name = "rook"
moves = [{ vectors = [[1, 0, 0]], travel = "ride", range = 0 }]

[[variant.piece]]
letter = "B"
name = "bishop"
moves = [{ vectors = [[1, 1, 0]], travel = "ride", min = 1, range = 3 }]

[[variant.piece]]
letter = "N"
name = "knight"
moves = [{ vectors = [[1, 2, 0]], travel = "leap" }]

[[variant.piece]]
letter = "P"
name = "pawn"
moves = [
  { vectors = [[0, 1, 0], [0, 0, 1]], symmetric = false, travel = "step", mode = "move" },
  { vectors = [[1, 1, 0], [-1, 1, 0]], symmetric = false, travel = "step", mode = "capture", initial = false },
]

[variant.rules]
initial_ranks = []
en_passant = false
promotion = { pieces = "P", ranks = [4], to = "RBN" }

[[variant]]
name = "boards"
title = "Two boards"
board = "2x(5x5)"
start = "rnbqk/ppppp/5/PPPPP/RNBQK|rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1 0"

[[variant.piece]]
letter = "K"
name = "king"
betza = "K"
royal = true

[[variant.piece]]
letter = "Q"
name = "queen"
betza = "Q"

[[variant.piece]]
letter = "R"
name = "cannon"
betza = "mRcpR"

[[variant.piece]]
letter = "B"
name = "bishop"
betza = "B4"

[[variant.piece]]
letter = "N"
name = "knight"
betza = "fNbbN"

[[variant.piece]]
letter = "P"
name = "pawn"
betza = "fmWfcF"

[variant.rules]
goal = "royal-capture"
drops = true
turn = { moves = 2, end_on = [["A"], ["B"]], stop_early = true }
promotion = { pieces = "P", to = "Q" }

[[variant]]
name = "hexa"
board = "hex4"
start = "p/3/5/7/7/7/7/3R3/P1N3K w - - 0 1"

[[variant.piece]]
letter = "K"
name = "king"
moves = [{ vectors = [[0, 1], [1, 2]], travel = "step" }]

[[variant.piece]]
letter = "R"
name = "rook"
moves = [{ vectors = [[0, 1]], travel = "ride" }]

[[variant.piece]]
letter = "N"
name = "knight"
moves = [{ vectors = [[1, 3], [2, 3]], travel = "leap" }]

[[variant.piece]]
letter = "P"
name = "pawn"
moves = [
  { vectors = [[0, 1]], symmetric = false, travel = "step", mode = "move" },
  { vectors = [[-1, 0], [1, 1]], symmetric = false, travel = "step", mode = "capture" },
  { vectors = [[0, 1]], symmetric = false, travel = "hop", mode = "capture" },
]

[variant.rules]
goal = "extinction"
extinction = "K"
stalemate = "win"
forced_capture = true
explosion = true
promotion = { pieces = "P", ranks = [7], to = "RN", mandatory = false }
turn = 1
"#;

fn no_check(_: &VariantDef) -> Result<(), String> {
    Ok(())
}

/// A small deterministic generator (xorshift64*): the same mutations every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "2",
    "17",
    "255",
    "256",
    "500",
    "501",
    "-9223372036854775808",
    "9223372036854775807",
    "99999999999999999999",
    "1e9",
    "3.5",
    "nan",
    "0x10",
];
const STRINGS: &[&str] = &[
    "\"\"",
    "\"x\"",
    "\"KQ\"",
    "\"kq\"",
    "\"hex99\"",
    "\"hex1\"",
    "\"999x999\"",
    "\"16x16\"",
    "\"17x17\"",
    "\"26x(16x16)\"",
    "\"5x5x26\"",
    "\"0x0\"",
    "\"Zz9\"",
    "\"a1\"",
    "\"Aa1\"",
    "\"f11\"",
    "\"ride\"",
    "\"hop\"",
    "\"capture\"",
    "\"extinction\"",
    "\"chess\"",
    "\"grid\"",
    "\"W99\"",
    "\"pN\"",
    "\"nN\"",
    "\"\\u0000\\n\"",
    "\"é♞\"",
    "'''x'''",
    "\"WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW\"",
    "true",
    "[]",
    "[[]]",
    "{}",
    "[1, 2, 3, 4]",
    "1979-05-27",
];
const LINES: &[&str] = &[
    "[[variant]]",
    "[variant.rules]",
    "[[variant.piece]]",
    "[variant]",
    "[rules]",
    "letter = \"Z\"",
    "name = \"zz\"",
    "royal = true",
    "turn = 3",
    "turn = { moves = 3, end_on = [[\"A\"], [\"B\"], [\"C\"]] }",
    "extends = \"grid\"",
    "extends = \"hexa\"",
    "board = \"hex2\"",
    "board = \"1x1\"",
    "board = \"16x16x1\"",
    "moves = [{ vectors = [[15, -15, 15]], travel = \"ride\", range = 15, min = 15 }]",
    "moves = [{ vectors = [[0, 0]], travel = \"leap\" }]",
    "betza = \"ffrrllbbvvssN\"",
    "castling = true",
    "drops = { forbidden = { K = [] } }",
    "goal_cells = { pieces = \"K\", cells = [\"a1\"], black_cells = [\"a1\"] }",
    "explosion = { radius = 8 }",
    "a.b.c = 1",
    "x = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
    "",
];
const CHARS: &[&str] = &[
    "[", "]", "{", "}", "=", ",", "\"", "'", "#", "\n", "0", "9", "-", "x", "X", ".", "K", "é",
    " ", "\t", "\\", "\r",
];

/// One random edit of the file.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    match rng.below(10) {
        0 if !chars.is_empty() => {
            let i = rng.below(chars.len());
            chars.remove(i);
            chars.into_iter().collect()
        }
        1 if !chars.is_empty() => {
            let i = rng.below(chars.len());
            chars.insert(i, chars[i]);
            chars.into_iter().collect()
        }
        2 if !chars.is_empty() => {
            let i = rng.below(chars.len());
            let with: Vec<char> = rng.pick(CHARS).chars().collect();
            chars.splice(i..=i, with);
            chars.into_iter().collect()
        }
        3 => {
            let i = rng.below(lines.len());
            lines.remove(i);
            lines.join("\n")
        }
        4 => {
            let i = rng.below(lines.len());
            let l = lines[i].clone();
            lines.insert(i, l);
            lines.join("\n")
        }
        5 => {
            let (i, j) = (rng.below(lines.len()), rng.below(lines.len()));
            lines.swap(i, j);
            lines.join("\n")
        }
        6 => {
            // A number replaced by a huge, negative or malformed one.
            let spans = runs(text, |c| c.is_ascii_digit());
            if spans.is_empty() {
                return text.to_string();
            }
            let (a, b) = spans[rng.below(spans.len())];
            format!("{}{}{}", &text[..a], rng.pick(NUMBERS), &text[b..])
        }
        7 => {
            // A quoted string replaced by garbage (or another type).
            let quotes: Vec<usize> = text.match_indices('"').map(|(i, _)| i).collect();
            if quotes.len() < 2 {
                return text.to_string();
            }
            let k = rng.below(quotes.len() / 2) * 2;
            let (a, b) = (quotes[k], quotes[k + 1] + 1);
            format!("{}{}{}", &text[..a], rng.pick(STRINGS), &text[b..])
        }
        8 => {
            // A key dropped.
            let keyed: Vec<usize> = (0..lines.len())
                .filter(|&i| lines[i].contains(" = "))
                .collect();
            if keyed.is_empty() {
                return text.to_string();
            }
            lines.remove(keyed[rng.below(keyed.len())]);
            lines.join("\n")
        }
        _ => {
            let i = rng.below(lines.len() + 1);
            lines.insert(i, rng.pick(LINES).to_string());
            lines.join("\n")
        }
    }
}

/// Byte ranges of maximal runs of characters matching `f` (ASCII predicates, so
/// the bounds are char boundaries).
fn runs(text: &str, f: impl Fn(char) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (f(c), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.len()));
    }
    out
}

fn lines_in(text: &str) -> usize {
    text.lines().count().max(1)
}

#[test]
fn the_valid_file_loads() {
    let defs = load_str(VALID, "fuzz.toml", &no_check).unwrap();
    let names: Vec<&str> = defs.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "grid",
            "grid-drops",
            "grid-atomic",
            "cube",
            "boards",
            "hexa"
        ]
    );
    assert_eq!(defs[1].pieces[4].name, "nightrider");
    assert!(defs[1].rules.goal_cells.is_none() && defs[1].rules.drops.is_some());
    assert_eq!(defs[4].rules.turn.moves, 2);
    assert_eq!(defs[5].topology.num_cells(), 37);
}

#[test]
fn mutations_never_panic_and_errors_name_a_line_in_the_file() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut loaded, mut rejected) = (0usize, 0usize);
    for round in 0..6000 {
        let mut text = VALID.to_string();
        for _ in 0..1 + rng.below(3) {
            text = mutate(&mut rng, &text);
        }
        let result = catch_unwind(AssertUnwindSafe(|| load_str(&text, "fuzz.toml", &no_check)));
        match result {
            Err(_) => panic!("load_str panicked on mutation {round}:\n{text}"),
            Ok(Ok(_)) => loaded += 1,
            Ok(Err(e)) => {
                rejected += 1;
                let n = lines_in(&text);
                assert!(
                    (1..=n).contains(&e.line),
                    "mutation {round}: line {} outside 1..={n}: {e}\n{text}",
                    e.line
                );
                assert_eq!(e.source, "fuzz.toml");
                assert!(
                    e.to_string()
                        .starts_with(&format!("fuzz.toml:{}: ", e.line)),
                    "{e}"
                );
                assert!(!e.message.is_empty());
            }
        }
    }
    eprintln!("{loaded} mutated files loaded, {rejected} rejected");
    // The mutations must exercise both outcomes, or the test proves little.
    assert!(loaded > 100, "only {loaded} mutated files loaded");
    assert!(
        rejected > 1000,
        "only {rejected} mutated files were rejected"
    );
}

/// The valid file with line `n` (1-based) replaced.
fn replace_line(n: usize, with: &str) -> String {
    let mut lines: Vec<&str> = VALID.split('\n').collect();
    lines[n - 1] = with;
    lines.join("\n")
}

fn line_of(needle: &str) -> usize {
    VALID
        .split('\n')
        .position(|l| l == needle)
        .map(|i| i + 1)
        .unwrap_or_else(|| panic!("no line {needle:?}"))
}

fn error(text: &str) -> LoadError {
    load_str(text, "fuzz.toml", &no_check).expect_err("must fail")
}

#[test]
fn specific_errors_name_their_line_variant_and_field() {
    let cases: &[(&str, &str, &str, &str)] = &[
        // (line to replace, its replacement, variant, field)
        ("board = \"4x4x4\"", "board = \"4x4x40\"", "cube", "board"),
        (
            "betza = \"mRcpR\"",
            "betza = \"mRcpN\"",
            "boards",
            "piece.R.betza",
        ),
        (
            "betza = \"B4\"",
            "betza = \"B4\"\nroyal = 1",
            "boards",
            "piece.B.royal",
        ),
        (
            "turn = { moves = 2, end_on = [[\"A\"], [\"B\"]], stop_early = true }",
            "turn = { moves = 2, end_on = [[\"A\"], [\"C\"]], stop_early = true }",
            "boards",
            "rules.turn.end_on",
        ),
        (
            "extinction = \"K\"",
            "extinction = \"KX\"",
            "hexa",
            "rules.extinction",
        ),
        (
            "explosion = true",
            "explosion = 1",
            "hexa",
            "rules.explosion",
        ),
        (
            "drops = { forbidden = { P = [1, 8] } }",
            "drops = { forbidden = { P = [1, 9] } }",
            "grid-drops",
            "rules.drops.forbidden.P",
        ),
        (
            "goal_cells = { pieces = \"K\", cells = [\"d4\", \"e4\", \"d5\", \"e5\"] }",
            "goal_cells = { pieces = \"K\", cells = [\"d4\", \"e9\"] }",
            "grid",
            "rules.goal_cells.cells",
        ),
        (
            "title = \"Two boards\"",
            "titel = \"Two boards\"",
            "boards",
            "titel",
        ),
        ("name = \"grid-atomic\"", "name = \"grid\"", "grid", "name"),
    ];
    for &(old, new, variant, field) in cases {
        let n = line_of(old);
        let e = error(&replace_line(n, new));
        assert_eq!(
            (e.line, e.variant.as_deref(), e.field.as_deref()),
            (
                n + usize::from(new.contains("royal")),
                Some(variant),
                Some(field)
            ),
            "{new}: {e}"
        );
    }
    // A Betza error names the character; a hex board rejects Betza.
    let e = error(&replace_line(
        line_of("betza = \"fNbbN\""),
        "betza = \"fNbbN)\"",
    ));
    assert!(e.message.contains("position 6"), "{e}");
    let e = error(&replace_line(
        line_of("board = \"2x(5x5)\""),
        "board = \"hex3\"",
    ));
    assert_eq!(e.field.as_deref(), Some("piece.K.betza"), "{e}");
    // A grid-only rule inherited by a child on another board names the child and
    // the parent's line.
    let child = format!(
        "{VALID}\n[[variant]]\nname = \"grid-levels\"\nextends = \"grid\"\nboard = \"8x8x2\"\n"
    );
    let e = error(&child);
    assert_eq!(e.variant.as_deref(), Some("grid-levels"));
    assert_eq!(e.field.as_deref(), Some("piece.K.betza"));
    assert_eq!(e.line, line_of("betza = \"K\""));
    // The caller's check: reported against the start line of the variant it rejects.
    let e = load_str(VALID, "fuzz.toml", &|d: &VariantDef| {
        if d.name == "cube" {
            Err("bad FEN".into())
        } else {
            Ok(())
        }
    })
    .unwrap_err();
    let start = line_of("start = \"4/4/PPPP/RNKB|4/4/4/4|4/4/4/4|rnkb/pppp/4/4 w - - 0 1\"");
    assert_eq!(
        e.to_string(),
        format!("fuzz.toml:{start}: variant 'cube', field 'start': bad FEN")
    );
}
