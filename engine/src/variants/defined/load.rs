//! The variants file loader: TOML (schema in `docs/variants.md`) to checked
//! [`VariantDef`]s.
//!
//! The file is parsed with `toml_edit`, which keeps the byte span of every key and
//! value, and turned at once into a small tree of our own ([`Node`]) that carries
//! line numbers; everything after that works on the tree, so every error can name
//! the file, the line, the variant and the field. Nothing here panics on any input:
//! numbers are range-checked before any conversion, and board sizes are bounded
//! before a topology is built.
//!
//! `extends` works on the raw tree: a child starts from its parent's raw board,
//! start, pieces (replaced by letter) and rules (replaced by key), and the merged
//! result is compiled as a whole, so a parent's rule that no longer fits the
//! child (a goal cell off a smaller board, say) is reported with the child's name
//! and the line where the rule was written.

use std::fmt;
use std::path::Path;

use super::betza::parse_betza;
use super::def::*;
use crate::movement::Mode;
use crate::topology::{Cell, Topology, Vector};
use crate::variants::pentaplane::designs::{
    self, DesignedMove, DesignedPiece, DesignedTravel, Family,
};

/// A variants file error: where it is and what is wrong.
#[derive(Debug, Clone)]
pub struct LoadError {
    /// The file name (or the label the caller gave to `load_str`).
    pub source: String,
    /// 1-based line; 0 when the file as a whole is at fault (it cannot be read).
    pub line: usize,
    pub variant: Option<String>,
    /// The field's path: `board`, `piece.N.betza`, `rules.promotion.ranks`, ...
    pub field: Option<String>,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.source)?;
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        write!(f, ": ")?;
        match (&self.variant, &self.field) {
            (Some(v), Some(k)) => write!(f, "variant '{v}', field '{k}': ")?,
            (Some(v), None) => write!(f, "variant '{v}': ")?,
            (None, Some(k)) => write!(f, "field '{k}': ")?,
            (None, None) => {}
        }
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for LoadError {}

/// Loads every variant of a variants file's text. `source` names the file in
/// errors; `check` is called on each finished definition (the caller's "the start
/// FEN parses"), and its error is reported against the variant's `start` line.
pub fn load_str(
    text: &str,
    source: &str,
    check: &dyn Fn(&VariantDef) -> Result<(), String>,
) -> Result<Vec<VariantDef>, LoadError> {
    load_all_str(text, source, check).map(|loaded| loaded.variants)
}

/// Everything a variants file defines: its variants, and the pieces it adds to
/// Pentaplane's draft (`[[pentaplane.piece]]`, checked but not installed).
#[derive(Debug)]
pub struct Loaded {
    pub variants: Vec<VariantDef>,
    pub pentaplane: Vec<DesignedPiece>,
}

/// [`load_str`], with the file's Pentaplane pieces.
pub fn load_all_str(
    text: &str,
    source: &str,
    check: &dyn Fn(&VariantDef) -> Result<(), String>,
) -> Result<Loaded, LoadError> {
    let lines = LineIndex::new(text);
    let cx = Cx {
        source,
        variant: None,
        max_line: lines.count,
    };
    let doc = toml_edit::Document::parse(text).map_err(|e| {
        let line = e.span().map(|s| lines.line(s.start)).unwrap_or(1);
        // toml_edit's message may span lines; keep ours on one.
        let message = e.message().split_whitespace().collect::<Vec<_>>().join(" ");
        cx.err(line, None, format!("not valid TOML: {message}"))
    })?;
    let root = from_table(doc.as_table(), 1, &lines);
    let mut loader = Loader {
        source,
        max_line: lines.count,
        check,
        done: Vec::new(),
        defs: Vec::new(),
        designs: Vec::new(),
    };
    loader.file(&root)?;
    Ok(Loaded {
        variants: loader.defs,
        pentaplane: loader.designs,
    })
}

/// [`load_str`] on a file; the file's path names it in errors.
pub fn load_file(
    path: &Path,
    check: &dyn Fn(&VariantDef) -> Result<(), String>,
) -> Result<Vec<VariantDef>, LoadError> {
    load_all_file(path, check).map(|loaded| loaded.variants)
}

/// [`load_all_str`] on a file.
pub fn load_all_file(
    path: &Path,
    check: &dyn Fn(&VariantDef) -> Result<(), String>,
) -> Result<Loaded, LoadError> {
    let source = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(text) => load_all_str(&text, &source, check),
        Err(e) => Err(LoadError {
            source,
            line: 0,
            variant: None,
            field: None,
            message: format!("cannot read the variants file: {e}"),
        }),
    }
}

// ---------------------------------------------------------------------------
// The spanned tree.

/// Byte offsets to 1-based lines.
struct LineIndex {
    /// Byte offset of each line's start.
    starts: Vec<usize>,
    /// Lines in the file (at least 1, so an empty file has a line 1 to blame).
    count: usize,
}

impl LineIndex {
    fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        // A final newline does not start another line.
        let count = text.lines().count().max(1);
        LineIndex { starts, count }
    }

    fn line(&self, offset: usize) -> usize {
        let line = match self.starts.binary_search(&offset) {
            Ok(i) => i + 1,
            Err(i) => i,
        };
        line.clamp(1, self.count)
    }
}

/// A TOML value with the line it starts on. Tables and inline tables, arrays and
/// arrays of tables become the same kinds: the schema never cares which form the
/// file used.
#[derive(Clone, Debug)]
struct Node {
    line: usize,
    kind: Kind,
}

#[derive(Clone, Debug)]
enum Kind {
    Str(String),
    Int(i64),
    Float,
    Bool(bool),
    Datetime,
    Array(Vec<Node>),
    Table(Vec<Entry>),
}

#[derive(Clone, Debug)]
struct Entry {
    key: String,
    /// The key's line (where a reader looks for the field).
    line: usize,
    node: Node,
}

fn span_line(span: Option<std::ops::Range<usize>>, fallback: usize, lines: &LineIndex) -> usize {
    span.map(|s| lines.line(s.start)).unwrap_or(fallback)
}

fn from_table(t: &toml_edit::Table, fallback: usize, lines: &LineIndex) -> Node {
    let line = span_line(t.span(), fallback, lines);
    let entries = t
        .iter()
        .map(|(k, item)| {
            let key_line = t
                .get_key_value(k)
                .and_then(|(key, _)| key.span())
                .map(|s| lines.line(s.start))
                .unwrap_or(line);
            Entry {
                key: k.to_string(),
                line: key_line,
                node: from_item(item, key_line, lines),
            }
        })
        .collect();
    Node {
        line,
        kind: Kind::Table(entries),
    }
}

fn from_item(item: &toml_edit::Item, fallback: usize, lines: &LineIndex) -> Node {
    match item {
        toml_edit::Item::Value(v) => from_value(v, fallback, lines),
        toml_edit::Item::Table(t) => from_table(t, fallback, lines),
        toml_edit::Item::ArrayOfTables(a) => {
            let line = span_line(a.span(), fallback, lines);
            Node {
                line,
                kind: Kind::Array(a.iter().map(|t| from_table(t, line, lines)).collect()),
            }
        }
        toml_edit::Item::None => Node {
            line: fallback,
            kind: Kind::Table(Vec::new()),
        },
    }
}

fn from_value(v: &toml_edit::Value, fallback: usize, lines: &LineIndex) -> Node {
    use toml_edit::Value as V;
    let line = span_line(v.span(), fallback, lines);
    let kind = match v {
        V::String(s) => Kind::Str(s.value().clone()),
        V::Integer(i) => Kind::Int(*i.value()),
        V::Float(_) => Kind::Float,
        V::Boolean(b) => Kind::Bool(*b.value()),
        V::Datetime(_) => Kind::Datetime,
        V::Array(a) => Kind::Array(a.iter().map(|x| from_value(x, line, lines)).collect()),
        V::InlineTable(t) => Kind::Table(
            t.iter()
                .map(|(k, x)| {
                    let key_line = t
                        .get_key_value(k)
                        .and_then(|(key, _)| key.span())
                        .map(|s| lines.line(s.start))
                        .unwrap_or(line);
                    Entry {
                        key: k.to_string(),
                        line: key_line,
                        node: from_value(x, key_line, lines),
                    }
                })
                .collect(),
        ),
    };
    Node { line, kind }
}

fn kind_name(n: &Node) -> &'static str {
    match n.kind {
        Kind::Str(_) => "a string",
        Kind::Int(_) => "an integer",
        Kind::Float => "a float",
        Kind::Bool(_) => "a boolean",
        Kind::Datetime => "a date",
        Kind::Array(_) => "an array",
        Kind::Table(_) => "a table",
    }
}

// ---------------------------------------------------------------------------
// Typed access with errors.

/// Error context: the file and the variant being read.
#[derive(Clone, Copy)]
struct Cx<'a> {
    source: &'a str,
    variant: Option<&'a str>,
    max_line: usize,
}

type R<T> = Result<T, LoadError>;

impl Cx<'_> {
    fn err(&self, line: usize, field: Option<&str>, message: impl Into<String>) -> LoadError {
        LoadError {
            source: self.source.to_string(),
            line: line.clamp(1, self.max_line),
            variant: self.variant.map(str::to_string),
            field: field.map(str::to_string),
            message: message.into(),
        }
    }

    fn at(&self, n: &Node, field: &str, message: impl Into<String>) -> LoadError {
        self.err(n.line, Some(field), message)
    }

    /// A value of the wrong type: "expected WHAT, found ...".
    fn mismatch(&self, n: &Node, field: &str, what: &str) -> LoadError {
        self.at(n, field, format!("expected {what}, found {}", kind_name(n)))
    }

    fn string<'n>(&self, n: &'n Node, field: &str) -> R<&'n str> {
        match &n.kind {
            Kind::Str(s) => Ok(s),
            _ => Err(self.mismatch(n, field, "a string")),
        }
    }

    fn boolean(&self, n: &Node, field: &str) -> R<bool> {
        match n.kind {
            Kind::Bool(b) => Ok(b),
            _ => Err(self.mismatch(n, field, "true or false")),
        }
    }

    fn int(&self, n: &Node, field: &str, lo: i64, hi: i64) -> R<i64> {
        match n.kind {
            Kind::Int(i) if (lo..=hi).contains(&i) => Ok(i),
            Kind::Int(i) => Err(self.at(n, field, format!("{i} is out of range {lo}..={hi}"))),
            _ => Err(self.mismatch(n, field, "an integer")),
        }
    }

    fn array<'n>(&self, n: &'n Node, field: &str) -> R<&'n [Node]> {
        match &n.kind {
            Kind::Array(a) => Ok(a),
            _ => Err(self.mismatch(n, field, "an array")),
        }
    }

    fn table<'n>(&self, n: &'n Node, field: &str) -> R<&'n [Entry]> {
        match &n.kind {
            Kind::Table(t) => Ok(t),
            _ => Err(self.mismatch(n, field, "a table")),
        }
    }

    /// Rejects keys outside `allowed` (typos), suggesting the nearest one.
    fn known_keys(&self, entries: &[Entry], allowed: &[&str], prefix: &str) -> R<()> {
        for e in entries {
            if !allowed.contains(&e.key.as_str()) {
                // A near miss: a small edit, or the same first 4 letters ("castle").
                let near = allowed
                    .iter()
                    .map(|a| {
                        let common = a
                            .bytes()
                            .zip(e.key.bytes())
                            .take_while(|(x, y)| x == y)
                            .count();
                        (
                            edit_distance(a, &e.key).min(if common >= 4 { 2 } else { 99 }),
                            *a,
                        )
                    })
                    .min()
                    .filter(|&(d, _)| d <= 2)
                    .map(|(_, a)| format!("; did you mean '{a}'?"))
                    .unwrap_or_default();
                return Err(self.err(
                    e.line,
                    Some(&join(prefix, &e.key)),
                    format!(
                        "unknown key '{}'{near} (expected one of: {})",
                        short(&e.key),
                        allowed.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }
}

fn get<'e>(entries: &'e [Entry], key: &str) -> Option<&'e Entry> {
    entries.iter().find(|e| e.key == key)
}

fn join(prefix: &str, key: &str) -> String {
    if prefix.is_empty() {
        short(key)
    } else {
        format!("{prefix}.{}", short(key))
    }
}

/// A user's string shortened for messages (garbage may be long).
fn short(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().take(64).collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, &cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

// ---------------------------------------------------------------------------
// The file and its variants.

/// A variant's raw fields after `extends` merged them: compiled as a whole.
#[derive(Clone, Default)]
struct Raw {
    board: Option<Node>,
    start: Option<Node>,
    pieces: Vec<RawPiece>,
    rules: Vec<Entry>,
    search: Option<Node>,
}

#[derive(Clone)]
struct RawPiece {
    letter: char,
    line: usize,
    entries: Vec<Entry>,
}

struct Loader<'a> {
    source: &'a str,
    max_line: usize,
    check: &'a dyn Fn(&VariantDef) -> Result<(), String>,
    /// Variants read so far (for `extends` and duplicate names).
    done: Vec<(String, Raw)>,
    defs: Vec<VariantDef>,
    designs: Vec<DesignedPiece>,
}

const VARIANT_KEYS: &[&str] = &[
    "name", "title", "extends", "board", "start", "piece", "rules", "search",
];

impl Loader<'_> {
    fn cx(&self) -> Cx<'_> {
        Cx {
            source: self.source,
            variant: None,
            max_line: self.max_line,
        }
    }

    fn file(&mut self, root: &Node) -> R<()> {
        // Not `self.cx()`: this context must not borrow `self`, which is filled below.
        let source = self.source;
        let cx = Cx {
            source,
            variant: None,
            max_line: self.max_line,
        };
        let entries = cx.table(root, "")?;
        cx.known_keys(entries, &["variant", "pentaplane"], "")?;
        let designs = match get(entries, "pentaplane") {
            Some(p) => pentaplane_pieces(&cx, &p.node)?,
            None => Vec::new(),
        };
        let has_designs = !designs.is_empty();
        self.designs = designs;
        let Some(variants) = get(entries, "variant") else {
            if has_designs {
                return Ok(());
            }
            return Err(cx.err(
                1,
                None,
                "no [[variant]] table: a variants file defines at least one variant \
                 (or adds [[pentaplane.piece]] tables)",
            ));
        };
        let list = match &variants.node.kind {
            Kind::Array(a) => a.clone(),
            _ => {
                return Err(cx.at(
                    &variants.node,
                    "variant",
                    "expected [[variant]] tables (an array of tables)",
                ))
            }
        };
        if list.is_empty() {
            return Err(cx.at(&variants.node, "variant", "no variant in the list"));
        }
        for v in &list {
            self.variant(v)?;
        }
        Ok(())
    }

    fn variant(&mut self, vnode: &Node) -> R<()> {
        let cx = self.cx();
        let entries = cx.table(vnode, "variant")?;
        let name = variant_name(&cx, vnode, entries)?;
        let cx = Cx {
            variant: Some(&name),
            ..cx
        };
        if crate::variants::builtin_names().contains(&name.as_str()) {
            let line = get(entries, "name").map_or(vnode.line, |e| e.node.line);
            return Err(cx.err(
                line,
                Some("name"),
                format!("'{name}' is a built-in variant; choose another name (e.g. '{name}-file')"),
            ));
        }
        if self.done.iter().any(|(n, _)| *n == name) {
            let line = get(entries, "name").map_or(vnode.line, |e| e.node.line);
            return Err(cx.err(
                line,
                Some("name"),
                format!("a variant named '{name}' is already defined in this file"),
            ));
        }
        cx.known_keys(entries, VARIANT_KEYS, "")?;
        let title = match get(entries, "title") {
            Some(e) => {
                let t = cx.string(&e.node, "title")?;
                if t.chars().count() > 80 || t.chars().any(char::is_control) {
                    return Err(cx.at(
                        &e.node,
                        "title",
                        "a title is at most 80 characters, on one line",
                    ));
                }
                t.to_string()
            }
            None => name.clone(),
        };
        let mut raw = match get(entries, "extends") {
            Some(e) => {
                let parent = cx.string(&e.node, "extends")?;
                match self.done.iter().find(|(n, _)| n == parent) {
                    Some((_, r)) => r.clone(),
                    None => {
                        return Err(cx.at(
                            &e.node,
                            "extends",
                            format!(
                                "'{}' is not a variant defined earlier in this file",
                                short(parent)
                            ),
                        ))
                    }
                }
            }
            None => Raw::default(),
        };
        if let Some(e) = get(entries, "board") {
            raw.board = Some(e.node.clone());
        }
        if let Some(e) = get(entries, "start") {
            raw.start = Some(e.node.clone());
        }
        if let Some(e) = get(entries, "search") {
            raw.search = Some(e.node.clone());
        }
        if let Some(e) = get(entries, "piece") {
            let list = cx.array(&e.node, "piece")?;
            let mut seen: Vec<char> = Vec::new();
            for (i, p) in list.iter().enumerate() {
                let field = format!("piece[{}]", i + 1);
                let pe = cx.table(p, &field)?;
                let Some(le) = get(pe, "letter") else {
                    return Err(cx.at(p, &format!("{field}.letter"), "missing"));
                };
                let lf = format!("{field}.letter");
                let text = cx.string(&le.node, &lf)?;
                let mut chars = text.chars();
                let letter = match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_uppercase() => c,
                    _ => {
                        return Err(cx.at(
                            &le.node,
                            &lf,
                            format!(
                                "expected one upper-case ASCII letter (White's), found \"{}\"",
                                short(text)
                            ),
                        ))
                    }
                };
                if seen.contains(&letter) {
                    return Err(cx.at(
                        &le.node,
                        &lf,
                        format!("the letter '{letter}' is used by another piece of this variant"),
                    ));
                }
                seen.push(letter);
                let rp = RawPiece {
                    letter,
                    line: p.line,
                    entries: pe.to_vec(),
                };
                match raw.pieces.iter_mut().find(|q| q.letter == letter) {
                    Some(q) => *q = rp,
                    None => raw.pieces.push(rp),
                }
            }
        }
        if let Some(e) = get(entries, "rules") {
            for r in cx.table(&e.node, "rules")? {
                match raw.rules.iter_mut().find(|q| q.key == r.key) {
                    Some(q) => *q = r.clone(),
                    None => raw.rules.push(r.clone()),
                }
            }
        }
        let def = compile(&cx, vnode.line, &name, title, &raw)?;
        if let Err(message) = (self.check)(&def) {
            let line = raw.start.as_ref().map_or(vnode.line, |n| n.line);
            return Err(cx.err(line, Some("start"), message));
        }
        self.done.push((name, raw));
        self.defs.push(def);
        Ok(())
    }
}

fn variant_name(cx: &Cx, vnode: &Node, entries: &[Entry]) -> R<String> {
    let Some(e) = get(entries, "name") else {
        return Err(cx.at(vnode, "name", "missing: every [[variant]] needs a name"));
    };
    let name = cx.string(&e.node, "name")?;
    let ok = !name.is_empty()
        && name.len() <= 40
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !name.starts_with('-');
    if !ok {
        return Err(cx.at(
            &e.node,
            "name",
            format!(
                "\"{}\" is not a variant name: 1 to 40 characters a-z, 0-9 and '-', not starting with '-'",
                short(name)
            ),
        ));
    }
    Ok(name.to_string())
}

fn compile(cx: &Cx, vline: usize, name: &str, title: String, raw: &Raw) -> R<VariantDef> {
    let Some(board_node) = &raw.board else {
        return Err(cx.err(vline, Some("board"), "missing"));
    };
    let board = parse_board(cx, board_node)?;
    let topology = board.topology(board.king_vectors());
    if raw.pieces.is_empty() {
        return Err(cx.err(
            vline,
            Some("piece"),
            "a variant needs at least one [[variant.piece]]",
        ));
    }
    if raw.pieces.len() > MAX_KINDS {
        let extra = &raw.pieces[MAX_KINDS];
        return Err(cx.err(
            extra.line,
            Some(&format!("piece.{}", extra.letter)),
            format!("at most {MAX_KINDS} kinds of piece"),
        ));
    }
    let mut pieces: Vec<PieceDef> = Vec::new();
    for rp in &raw.pieces {
        let p = compile_piece(cx, &board, rp)?;
        if pieces.iter().any(|q| q.name == p.name) {
            let line = get(&rp.entries, "name").map_or(rp.line, |e| e.node.line);
            return Err(cx.err(
                line,
                Some(&format!("piece.{}.name", rp.letter)),
                format!("another piece is already named '{}'", p.name),
            ));
        }
        pieces.push(p);
    }
    let rules = compile_rules(cx, vline, &board, &topology, &pieces, &raw.rules)?;
    let Some(start_node) = &raw.start else {
        return Err(cx.err(vline, Some("start"), "missing: the start position as a FEN"));
    };
    let start = cx.string(start_node, "start")?;
    if start.trim().is_empty() || start.len() > 4000 || start.contains('\n') {
        return Err(cx.at(start_node, "start", "expected a FEN on one line"));
    }
    let mut def = VariantDef::new(
        name.to_string(),
        title,
        board,
        topology,
        pieces,
        start.to_string(),
        rules,
    );
    if let Some(node) = &raw.search {
        let text = cx.string(node, "search")?;
        if let Err(e) = crate::search::params::SearchParams::default().with_profile(text) {
            return Err(cx.at(node, "search", e));
        }
        def.search_profile = text.to_string();
    }
    Ok(def)
}

// ---------------------------------------------------------------------------
// Board.

const BOARD_FORMS: &str = "expected \"WxH\", \"WxHxL\", \"Bx(WxH)\" or \"hexN\"";

fn parse_board(cx: &Cx, n: &Node) -> R<Board> {
    let text = cx.string(n, "board")?;
    let bad = || {
        cx.at(
            n,
            "board",
            format!("{BOARD_FORMS}, found \"{}\"", short(text)),
        )
    };
    // Digits only (no sign, no spaces), bounded before conversion.
    let num = |s: &str| -> R<i64> {
        if s.is_empty() || s.len() > 4 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse::<i64>().map_err(|_| bad())
    };
    let in_range = |v: i64, lo: i64, hi: i64, what: &str| -> R<i8> {
        if (lo..=hi).contains(&v) {
            Ok(v as i8)
        } else {
            Err(cx.at(
                n,
                "board",
                format!("{what} {v} is out of range {lo}..={hi}"),
            ))
        }
    };
    let board = if let Some(side) = text.strip_prefix("hex") {
        // The hexagon's span (2 * side - 1 files) must fit the 16 file letters.
        let side = in_range(num(side)?, 2, 8, "the hexagon's side")?;
        Board::Hex { side }
    } else if let Some((b, rest)) = text.split_once("x(") {
        let inner = rest.strip_suffix(')').ok_or_else(bad)?;
        let (w, h) = inner.split_once('x').ok_or_else(bad)?;
        Board::Boards {
            boards: in_range(num(b)?, 1, 26, "the number of boards")?,
            width: in_range(num(w)?, 1, 16, "the width")?,
            height: in_range(num(h)?, 1, 16, "the height")?,
        }
    } else {
        let parts: Vec<&str> = text.split('x').collect();
        match parts[..] {
            [w, h] => Board::Grid {
                width: in_range(num(w)?, 1, 16, "the width")?,
                height: in_range(num(h)?, 1, 16, "the height")?,
            },
            [w, h, l] => Board::Levels {
                width: in_range(num(w)?, 1, 16, "the width")?,
                height: in_range(num(h)?, 1, 16, "the height")?,
                levels: in_range(num(l)?, 1, 26, "the number of levels")?,
            },
            _ => return Err(bad()),
        }
    };
    let cells = match board {
        Board::Grid { width, height } => width as usize * height as usize,
        Board::Levels {
            width,
            height,
            levels,
        } => width as usize * height as usize * levels as usize,
        Board::Boards {
            width,
            height,
            boards,
        } => width as usize * height as usize * boards as usize,
        Board::Hex { side } => {
            let s = side as usize;
            3 * s * s - 3 * s + 1
        }
    };
    if cells > MAX_CELLS {
        return Err(cx.at(
            n,
            "board",
            format!("{cells} cells; a board has at most {MAX_CELLS}"),
        ));
    }
    Ok(board)
}

/// The number of ranks counted from a side's edge (a hex file's longest).
fn max_rank(board: &Board) -> i64 {
    match *board {
        Board::Grid { height, .. }
        | Board::Levels { height, .. }
        | Board::Boards { height, .. } => height as i64,
        Board::Hex { side } => 2 * side as i64 - 1,
    }
}

/// The cell Black's goal mirrors a White goal cell to (see `Board::mirror_cell`).
fn mirror_cell(board: &Board, topo: &Topology, cell: Cell) -> Option<Cell> {
    board.mirror_cell(topo, cell)
}

// ---------------------------------------------------------------------------
// Pieces.

const PIECE_KEYS: &[&str] = &[
    "letter",
    "name",
    "betza",
    "moves",
    "royal",
    "en_passant",
    "value",
];
const MOVE_KEYS: &[&str] = &[
    "vectors",
    "symmetric",
    "travel",
    "range",
    "min",
    "mode",
    "initial",
];

fn compile_piece(cx: &Cx, board: &Board, rp: &RawPiece) -> R<PieceDef> {
    let prefix = format!("piece.{}", rp.letter);
    let f = |k: &str| format!("{prefix}.{k}");
    cx.known_keys(&rp.entries, PIECE_KEYS, &prefix)?;
    let name = match get(&rp.entries, "name") {
        Some(e) => {
            let s = cx.string(&e.node, &f("name"))?;
            if s.is_empty() || s.chars().count() > 40 || s.chars().any(char::is_control) {
                return Err(cx.at(
                    &e.node,
                    &f("name"),
                    "expected 1 to 40 characters on one line",
                ));
            }
            s.to_string()
        }
        None => return Err(cx.err(rp.line, Some(&f("name")), "missing")),
    };
    let mut atoms = Vec::new();
    let mut notation = Vec::new();
    if let Some(e) = get(&rp.entries, "betza") {
        let text = cx.string(&e.node, &f("betza"))?;
        if !matches!(board, Board::Grid { .. } | Board::Boards { .. }) {
            return Err(cx.at(
                &e.node,
                &f("betza"),
                "Betza notation is for flat boards (grid, boards); use `moves` (vectors) on this board",
            ));
        }
        let parsed = parse_betza(text).map_err(|m| cx.at(&e.node, &f("betza"), m))?;
        atoms.extend(parsed);
        notation.push(text.to_string());
    }
    if let Some(e) = get(&rp.entries, "moves") {
        let list = cx.array(&e.node, &f("moves"))?;
        for (i, m) in list.iter().enumerate() {
            let field = format!("{prefix}.moves[{}]", i + 1);
            let (atom, text) = compile_move(cx, board, m, &field)?;
            atoms.push(atom);
            notation.push(text);
        }
    }
    if atoms.is_empty() {
        return Err(cx.err(
            rp.line,
            Some(&prefix),
            "a piece needs `betza` or `moves` (at least one movement)",
        ));
    }
    let flag = |k: &str| -> R<bool> {
        match get(&rp.entries, k) {
            Some(e) => cx.boolean(&e.node, &f(k)),
            None => Ok(false),
        }
    };
    let royal = flag("royal")?;
    let en_passant = flag("en_passant")?;
    let value = match get(&rp.entries, "value") {
        Some(e) => Some(cx.int(&e.node, &f("value"), 0, 100_000)? as i32),
        None => None,
    };
    Ok(PieceDef {
        letter: rp.letter,
        name,
        atoms,
        royal,
        en_passant,
        value,
        notation: notation.join("; "),
    })
}

/// Every image of `v` under the board's symmetries (see `docs/variants.md`).
fn symmetric_images(board: &Board, v: Vector) -> Vec<Vector> {
    let mut out: Vec<Vector> = Vec::new();
    let mut add = |w: Vector| {
        if !out.contains(&w) {
            out.push(w);
        }
    };
    match board {
        Board::Hex { .. } => {
            // (x, y) -> (x - y, x) turns the lattice by 60 degrees.
            let mut w = v;
            for _ in 0..6 {
                add(w);
                w = [w[0] - w[1], w[0], 0];
            }
        }
        Board::Levels { .. } => {
            const PERMS: [[usize; 3]; 6] = [
                [0, 1, 2],
                [0, 2, 1],
                [1, 0, 2],
                [1, 2, 0],
                [2, 0, 1],
                [2, 1, 0],
            ];
            for p in PERMS {
                for signs in 0..8 {
                    let s = |k: usize| if signs >> k & 1 == 1 { -1 } else { 1 };
                    add([v[p[0]] * s(0), v[p[1]] * s(1), v[p[2]] * s(2)]);
                }
            }
        }
        Board::Grid { .. } | Board::Boards { .. } => {
            for (a, b) in [(v[0], v[1]), (v[1], v[0])] {
                for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    add([a * sa, b * sb, 0]);
                }
            }
        }
    }
    out
}

/// A movement mode: "both", "move" or "capture".
fn mode_of(cx: &Cx, n: &Node, field: &str) -> R<Mode> {
    match cx.string(n, field)? {
        "both" => Ok(Mode::MoveOrCapture),
        "move" => Ok(Mode::MoveOnly),
        "capture" => Ok(Mode::CaptureOnly),
        other => Err(cx.at(
            n,
            field,
            format!(
                "expected \"both\", \"move\" or \"capture\", found \"{}\"",
                short(other)
            ),
        )),
    }
}

fn compile_move(cx: &Cx, board: &Board, m: &Node, field: &str) -> R<(Atom, String)> {
    let entries = cx.table(m, field)?;
    let f = |k: &str| format!("{field}.{k}");
    cx.known_keys(entries, MOVE_KEYS, field)?;
    let Some(ve) = get(entries, "vectors") else {
        return Err(cx.at(m, &f("vectors"), "missing"));
    };
    let list = cx.array(&ve.node, &f("vectors"))?;
    if list.is_empty() || list.len() > 64 {
        return Err(cx.at(&ve.node, &f("vectors"), "expected 1 to 64 vectors"));
    }
    let levels = matches!(board, Board::Levels { .. });
    let mut written = Vec::new();
    for vn in list {
        let comps = cx.array(vn, &f("vectors"))?;
        if !(2..=3).contains(&comps.len()) {
            return Err(cx.at(
                vn,
                &f("vectors"),
                "a vector is [dx, dy] or [dx, dy, dz] (dz on stacked levels only)",
            ));
        }
        let mut v: Vector = [0; 3];
        for (k, c) in comps.iter().enumerate() {
            v[k] = cx.int(c, &f("vectors"), -15, 15)? as i8;
        }
        if v[2] != 0 && !levels {
            return Err(cx.at(
                vn,
                &f("vectors"),
                "a level component (dz) is only allowed on stacked levels (\"WxHxL\")",
            ));
        }
        if v == [0, 0, 0] {
            return Err(cx.at(vn, &f("vectors"), "the zero vector does not move"));
        }
        written.push(v);
    }
    let symmetric = match get(entries, "symmetric") {
        Some(e) => cx.boolean(&e.node, &f("symmetric"))?,
        None => true,
    };
    let mut vectors: Vec<Vector> = Vec::new();
    for &v in &written {
        let images = if symmetric {
            symmetric_images(board, v)
        } else {
            vec![v]
        };
        for w in images {
            if !vectors.contains(&w) {
                vectors.push(w);
            }
        }
    }
    let Some(te) = get(entries, "travel") else {
        return Err(cx.at(
            m,
            &f("travel"),
            "missing: \"step\", \"ride\", \"leap\" or \"hop\"",
        ));
    };
    let travel_name = cx.string(&te.node, &f("travel"))?;
    let range = get(entries, "range");
    let min = get(entries, "min");
    if travel_name != "ride" {
        if let Some(e) = range.or(min) {
            return Err(cx.err(
                e.line,
                Some(&f(&e.key)),
                format!("`{}` applies only to travel = \"ride\"", e.key),
            ));
        }
    }
    let travel = match travel_name {
        "step" => Travel::Ride { min: 1, max: 1 },
        "leap" => Travel::Leap,
        "hop" => Travel::Hop,
        "ride" => {
            let max = match range {
                Some(e) => cx.int(&e.node, &f("range"), 0, 15)? as u8,
                None => 0,
            };
            let lo = match min {
                Some(e) => cx.int(&e.node, &f("min"), 1, 15)? as u8,
                None => 1,
            };
            if max != 0 && lo > max {
                let e = min.map_or(m, |e| &e.node);
                return Err(cx.at(e, &f("min"), format!("min {lo} exceeds range {max}")));
            }
            Travel::Ride { min: lo, max }
        }
        other => {
            return Err(cx.at(
                &te.node,
                &f("travel"),
                format!(
                    "expected \"step\", \"ride\", \"leap\" or \"hop\", found \"{}\"",
                    short(other)
                ),
            ))
        }
    };
    let mode = match get(entries, "mode") {
        Some(e) => mode_of(cx, &e.node, &f("mode"))?,
        None => Mode::MoveOrCapture,
    };
    let initial = match get(entries, "initial") {
        Some(e) => cx.boolean(&e.node, &f("initial"))?,
        None => false,
    };
    let text = format!(
        "{travel_name} {}{}{}",
        written
            .iter()
            .map(|v| if levels {
                format!("[{},{},{}]", v[0], v[1], v[2])
            } else {
                format!("[{},{}]", v[0], v[1])
            })
            .collect::<Vec<_>>()
            .join(""),
        if symmetric { " symmetric" } else { "" },
        match mode {
            Mode::MoveOrCapture => "",
            Mode::MoveOnly => " move",
            Mode::CaptureOnly => " capture",
        }
    );
    Ok((
        Atom {
            vectors,
            travel,
            mode,
            initial,
        },
        text,
    ))
}

// ---------------------------------------------------------------------------
// Pentaplane's designed pieces (`[[pentaplane.piece]]`, docs/variants.md).

const PENTAPLANE_PIECE_KEYS: &[&str] = &["letter", "name", "moves", "missile", "bomb", "value"];
const PENTAPLANE_MOVE_KEYS: &[&str] = &["family", "travel", "range", "mode"];

fn family(cx: &Cx, n: &Node, field: &str) -> R<Family> {
    match cx.string(n, field)? {
        "rook" => Ok(Family::Rook),
        "bishop" => Ok(Family::Bishop),
        "cube" => Ok(Family::Cube),
        "knight" => Ok(Family::Knight),
        other => Err(cx.at(
            n,
            field,
            format!(
                "expected \"rook\", \"bishop\", \"cube\" or \"knight\", found \"{}\"",
                short(other)
            ),
        )),
    }
}

/// The `[pentaplane]` table: its `piece` list, each checked by Pentaplane's own
/// rules for designed pieces (`designs::validate`) with the error on its line.
fn pentaplane_pieces(cx: &Cx, node: &Node) -> R<Vec<DesignedPiece>> {
    let entries = cx.table(node, "pentaplane")?;
    cx.known_keys(entries, &["piece"], "pentaplane")?;
    let Some(list) = get(entries, "piece") else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for pn in cx.array(&list.node, "pentaplane.piece")? {
        let pe = cx.table(pn, "pentaplane.piece")?;
        let letter = match get(pe, "letter") {
            Some(e) => {
                let text = cx.string(&e.node, "pentaplane.piece.letter")?;
                let mut chars = text.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => c,
                    _ => {
                        return Err(cx.at(
                            &e.node,
                            "pentaplane.piece.letter",
                            "expected one letter",
                        ))
                    }
                }
            }
            None => return Err(cx.at(pn, "pentaplane.piece.letter", "missing")),
        };
        let field = format!("pentaplane.piece.{letter}");
        let f = |key: &str| format!("{field}.{key}");
        cx.known_keys(pe, PENTAPLANE_PIECE_KEYS, &field)?;
        let name = match get(pe, "name") {
            Some(e) => cx.string(&e.node, &f("name"))?.to_string(),
            None => return Err(cx.at(pn, &f("name"), "missing")),
        };
        let Some(me) = get(pe, "moves") else {
            return Err(cx.at(pn, &f("moves"), "missing"));
        };
        let mut moves = Vec::new();
        for (i, m) in cx.array(&me.node, &f("moves"))?.iter().enumerate() {
            let mf = format!("{}[{i}]", f("moves"));
            let me = cx.table(m, &mf)?;
            cx.known_keys(me, PENTAPLANE_MOVE_KEYS, &mf)?;
            let fam = match get(me, "family") {
                Some(e) => family(cx, &e.node, &format!("{mf}.family"))?,
                None => return Err(cx.at(m, &format!("{mf}.family"), "missing")),
            };
            let range = match get(me, "range") {
                Some(e) => Some(cx.int(&e.node, &format!("{mf}.range"), 0, 4)? as u8),
                None => None,
            };
            let travel = match get(me, "travel") {
                Some(e) => match cx.string(&e.node, &format!("{mf}.travel"))? {
                    "step" => DesignedTravel::Step,
                    "slide" => DesignedTravel::Slide {
                        range: range.unwrap_or(0),
                    },
                    "leap" => DesignedTravel::Leap,
                    other => {
                        return Err(cx.at(
                            &e.node,
                            &format!("{mf}.travel"),
                            format!(
                                "expected \"step\", \"slide\" or \"leap\", found \"{}\"",
                                short(other)
                            ),
                        ))
                    }
                },
                None => return Err(cx.at(m, &format!("{mf}.travel"), "missing")),
            };
            if range.is_some() && !matches!(travel, DesignedTravel::Slide { .. }) {
                return Err(cx.at(
                    m,
                    &format!("{mf}.range"),
                    "a range needs travel = \"slide\"",
                ));
            }
            let mode = match get(me, "mode") {
                Some(e) => mode_of(cx, &e.node, &format!("{mf}.mode"))?,
                None => Mode::MoveOrCapture,
            };
            moves.push(DesignedMove {
                family: fam,
                travel,
                mode,
            });
        }
        let missile = match get(pe, "missile") {
            Some(e) => Some(family(cx, &e.node, &f("missile"))?),
            None => None,
        };
        let bomb = match get(pe, "bomb") {
            Some(e) => cx.boolean(&e.node, &f("bomb"))?,
            None => false,
        };
        let value = match get(pe, "value") {
            Some(e) => Some(cx.int(&e.node, &f("value"), 1, 5000)? as i32),
            None => None,
        };
        let piece = DesignedPiece {
            letter,
            name,
            moves,
            missile,
            bomb,
            value,
        };
        // Pentaplane's rules for one piece, then for the set (letters unique, slots).
        designs::validate(std::slice::from_ref(&piece)).map_err(|m| cx.at(pn, &field, m))?;
        out.push(piece);
        designs::validate(&out).map_err(|m| cx.at(pn, &field, m))?;
    }
    Ok(out)
}

// ---------------------------------------------------------------------------
// Rules.

const RULE_KEYS: &[&str] = &[
    "goal",
    "extinction",
    "stalemate",
    "initial_ranks",
    "initial_cells",
    "no_pieces",
    "en_passant",
    "castling",
    "promotion",
    "drops",
    "explosion",
    "goal_cells",
    "forced_capture",
    "turn",
    "move_counter",
    "repetition",
];

/// Piece letters (a string like "QRBN") to kinds.
fn letters(cx: &Cx, n: &Node, field: &str, pieces: &[PieceDef]) -> R<Vec<usize>> {
    let text = cx.string(n, field)?;
    let mut kinds = Vec::new();
    for c in text.chars() {
        match pieces.iter().position(|p| p.letter == c) {
            Some(k) if !kinds.contains(&k) => kinds.push(k),
            Some(_) => return Err(cx.at(n, field, format!("the letter '{c}' is given twice"))),
            None => {
                let all: String = pieces.iter().map(|p| p.letter).collect();
                return Err(cx.at(
                    n,
                    field,
                    format!(
                        "'{}' is not a piece letter of this variant (upper case, one of {all})",
                        c.escape_default()
                    ),
                ));
            }
        }
    }
    Ok(kinds)
}

/// A list of ranks counted from a side's edge.
fn ranks(cx: &Cx, n: &Node, field: &str, hi: i64) -> R<Vec<i8>> {
    let list = cx.array(n, field)?;
    let mut out = Vec::new();
    for r in list {
        let v = cx.int(r, field, 1, hi)? as i8;
        if out.contains(&v) {
            return Err(cx.at(r, field, format!("rank {v} is given twice")));
        }
        out.push(v);
    }
    Ok(out)
}

fn cells(cx: &Cx, n: &Node, field: &str, topo: &Topology) -> R<Vec<u16>> {
    let list = cx.array(n, field)?;
    if list.is_empty() {
        return Err(cx.at(n, field, "expected at least one cell"));
    }
    let mut out = Vec::new();
    for c in list {
        let name = cx.string(c, field)?;
        let Some(cell) = topo.cell_by_name(name) else {
            return Err(cx.at(
                c,
                field,
                format!("\"{}\" is not a cell of this board", short(name)),
            ));
        };
        if out.contains(&cell) {
            return Err(cx.at(c, field, format!("the cell {name} is given twice")));
        }
        out.push(cell);
    }
    Ok(out)
}

/// A component that may be `false` (absent), `true` (defaults) or a table.
enum Switch<'n> {
    Off,
    On,
    Table(&'n [Entry]),
}

fn switch<'n>(cx: &Cx, n: &'n Node, field: &str) -> R<Switch<'n>> {
    match &n.kind {
        Kind::Bool(false) => Ok(Switch::Off),
        Kind::Bool(true) => Ok(Switch::On),
        Kind::Table(t) => Ok(Switch::Table(t)),
        _ => Err(cx.at(
            n,
            field,
            format!("expected true, false or a table, found {}", kind_name(n)),
        )),
    }
}

fn compile_rules(
    cx: &Cx,
    vline: usize,
    board: &Board,
    topo: &Topology,
    pieces: &[PieceDef],
    entries: &[Entry],
) -> R<Rules> {
    cx.known_keys(entries, RULE_KEYS, "rules")?;
    let node = |k: &str| get(entries, k).map(|e| &e.node);
    let f = |k: &str| format!("rules.{k}");
    let top_rank = max_rank(board);
    let royal: Vec<usize> = (0..pieces.len()).filter(|&k| pieces[k].royal).collect();

    let goal_name = match node("goal") {
        Some(n) => cx.string(n, &f("goal"))?,
        None => "checkmate",
    };
    let goal_line = node("goal").map_or(vline, |n| n.line);
    let goal = match goal_name {
        "checkmate" => Goal::Checkmate,
        "royal-capture" => Goal::RoyalCapture,
        "extinction" => Goal::Extinction {
            kinds: match node("extinction") {
                Some(n) => letters(cx, n, &f("extinction"), pieces)?,
                None => Vec::new(),
            },
        },
        other => {
            return Err(cx.err(
                goal_line,
                Some(&f("goal")),
                format!(
                    "expected \"checkmate\", \"royal-capture\" or \"extinction\", found \"{}\"",
                    short(other)
                ),
            ))
        }
    };
    if let (Some(n), false) = (node("extinction"), matches!(goal, Goal::Extinction { .. })) {
        return Err(cx.at(
            n,
            &f("extinction"),
            "applies only with goal = \"extinction\"",
        ));
    }
    // Checkmate without a royal piece is allowed: there is then no check, and the
    // game ends by the no-move and no-pieces rules (the giveaway family, Horde).
    if matches!(goal, Goal::RoyalCapture) && royal.is_empty() {
        return Err(cx.err(
            goal_line,
            Some(&f("goal")),
            format!("goal \"{goal_name}\" needs a royal piece (royal = true)"),
        ));
    }

    let stalemate = match node("stalemate") {
        Some(n) => match cx.string(n, &f("stalemate"))? {
            "draw" => NoMoveResult::Draw,
            "win" => NoMoveResult::Win,
            "loss" => NoMoveResult::Loss,
            other => {
                return Err(cx.at(
                    n,
                    &f("stalemate"),
                    format!(
                        "expected \"draw\", \"win\" or \"loss\", found \"{}\"",
                        short(other)
                    ),
                ))
            }
        },
        None => NoMoveResult::Draw,
    };

    let initial_ranks = match node("initial_ranks") {
        Some(n) => ranks(cx, n, &f("initial_ranks"), top_rank)?,
        None => vec![2],
    };
    let initial_cells = match node("initial_cells") {
        Some(n) => cells(cx, n, &f("initial_cells"), topo)?,
        None => Vec::new(),
    };
    let no_pieces = match node("no_pieces") {
        Some(n) => match cx.string(n, &f("no_pieces"))? {
            "loss" => NoMoveResult::Loss,
            "win" => NoMoveResult::Win,
            other => {
                return Err(cx.at(
                    n,
                    &f("no_pieces"),
                    format!("expected \"loss\" or \"win\", found \"{}\"", short(other)),
                ))
            }
        },
        None => NoMoveResult::Loss,
    };
    let en_passant = match node("en_passant") {
        Some(n) => cx.boolean(n, &f("en_passant"))?,
        None => true,
    };

    let castling = match node("castling") {
        None => None,
        Some(n) => {
            let field = f("castling");
            let sw = switch(cx, n, &field)?;
            if matches!(sw, Switch::Off) {
                None
            } else {
                let Board::Grid { width, .. } = *board else {
                    return Err(cx.at(
                        n,
                        &field,
                        "castling is only defined on flat grids (\"WxH\")",
                    ));
                };
                if royal.is_empty() {
                    return Err(cx.at(n, &field, "castling needs a royal piece"));
                }
                let table: &[Entry] = match sw {
                    Switch::Table(t) => t,
                    _ => &[],
                };
                cx.known_keys(table, &["rook", "king_files"], &field)?;
                let rook = match get(table, "rook") {
                    Some(e) => {
                        let kinds = letters(cx, &e.node, &format!("{field}.rook"), pieces)?;
                        match kinds[..] {
                            [k] => k,
                            _ => {
                                return Err(cx.at(
                                    &e.node,
                                    &format!("{field}.rook"),
                                    "expected one piece letter",
                                ))
                            }
                        }
                    }
                    None => match pieces.iter().position(|p| p.letter == 'R') {
                        Some(k) => k,
                        None => {
                            return Err(cx.at(
                                n,
                                &field,
                                "castling with the default rook needs a piece with letter 'R' (or give rook = \"X\")",
                            ))
                        }
                    },
                };
                let king_files = match get(table, "king_files") {
                    Some(e) => {
                        let kf = format!("{field}.king_files");
                        let list = cx.array(&e.node, &kf)?;
                        if list.len() != 2 {
                            return Err(cx.at(
                                &e.node,
                                &kf,
                                "expected two files: [king side, queen side], e.g. [\"g\", \"c\"]",
                            ));
                        }
                        let mut files = [0i8; 2];
                        for (i, fnode) in list.iter().enumerate() {
                            let s = cx.string(fnode, &kf)?;
                            let b = s.as_bytes();
                            let ok = b.len() == 1
                                && b[0].is_ascii_lowercase()
                                && ((b[0] - b'a') as i8) < width;
                            if !ok {
                                return Err(cx.at(
                                    fnode,
                                    &kf,
                                    format!(
                                        "\"{}\" is not a file of this board (a..{})",
                                        short(s),
                                        (b'a' + width as u8 - 1) as char
                                    ),
                                ));
                            }
                            files[i] = (b[0] - b'a') as i8;
                        }
                        if files[0] == files[1] {
                            return Err(cx.at(&e.node, &kf, "the two landing files must differ"));
                        }
                        files
                    }
                    None => {
                        if width < 5 {
                            return Err(cx.at(
                                n,
                                &field,
                                "the default landing files (W-2 and c) need at least 5 files; give king_files",
                            ));
                        }
                        [width - 2, 2]
                    }
                };
                Some(Castling { rook, king_files })
            }
        }
    };

    let promotion =
        match node("promotion") {
            None => None,
            Some(n) => {
                let field = f("promotion");
                match switch(cx, n, &field)? {
                    Switch::Off => None,
                    Switch::On => return Err(cx.at(
                        n,
                        &field,
                        "expected a table { pieces = \"P\", ranks = [8], to = \"QRBN\" } or false",
                    )),
                    Switch::Table(t) => {
                        cx.known_keys(t, &["pieces", "ranks", "cells", "to", "mandatory"], &field)?;
                        let Some(pe) = get(t, "pieces") else {
                            return Err(cx.at(n, &format!("{field}.pieces"), "missing"));
                        };
                        let kinds = letters(cx, &pe.node, &format!("{field}.pieces"), pieces)?;
                        if kinds.is_empty() {
                            return Err(cx.at(
                                &pe.node,
                                &format!("{field}.pieces"),
                                "expected at least one letter",
                            ));
                        }
                        // On hex every file's last cell counts as the last rank
                        // (2 * side - 1), the cell before it one less (position.rs's
                        // reading), so the default is the same number as on grids.
                        let (default_rank, hi) = (top_rank as i8, top_rank);
                        let promo_ranks = match get(t, "ranks") {
                            Some(e) => {
                                let r = ranks(cx, &e.node, &format!("{field}.ranks"), hi)?;
                                // Empty ranks are fine when cells give the zone.
                                if r.is_empty() && get(t, "cells").is_none() {
                                    return Err(cx.at(
                                        &e.node,
                                        &format!("{field}.ranks"),
                                        "expected at least one rank",
                                    ));
                                }
                                r
                            }
                            None => vec![default_rank],
                        };
                        let choices = match get(t, "to") {
                            Some(e) => {
                                let c = letters(cx, &e.node, &format!("{field}.to"), pieces)?;
                                if c.is_empty() {
                                    return Err(cx.at(
                                        &e.node,
                                        &format!("{field}.to"),
                                        "expected at least one letter",
                                    ));
                                }
                                c
                            }
                            None => {
                                let c: Vec<usize> = (0..pieces.len())
                                    .filter(|k| !pieces[*k].royal && !kinds.contains(k))
                                    .collect();
                                if c.is_empty() {
                                    return Err(cx.at(
                                        n,
                                        &format!("{field}.to"),
                                        "missing, and no piece to promote to by default",
                                    ));
                                }
                                c
                            }
                        };
                        let mandatory = match get(t, "mandatory") {
                            Some(e) => cx.boolean(&e.node, &format!("{field}.mandatory"))?,
                            None => true,
                        };
                        let promo_cells = match get(t, "cells") {
                            Some(e) => cells(cx, &e.node, &format!("{field}.cells"), topo)?,
                            None => Vec::new(),
                        };
                        Some(Promotion {
                            kinds,
                            ranks: promo_ranks,
                            choices,
                            mandatory,
                            cells: promo_cells,
                        })
                    }
                }
            }
        };

    let drops = match node("drops") {
        None => None,
        Some(n) => {
            let field = f("drops");
            match switch(cx, n, &field)? {
                Switch::Off => None,
                Switch::On => Some(Drops {
                    captures_to_hand: true,
                    forbidden_ranks: Vec::new(),
                }),
                Switch::Table(t) => {
                    cx.known_keys(t, &["forbidden"], &field)?;
                    let mut forbidden_ranks = Vec::new();
                    if let Some(e) = get(t, "forbidden") {
                        let ff = format!("{field}.forbidden");
                        for pe in cx.table(&e.node, &ff)? {
                            let pf = join(&ff, &pe.key);
                            let key_node = Node {
                                line: pe.line,
                                kind: Kind::Str(pe.key.clone()),
                            };
                            let kinds = letters(cx, &key_node, &pf, pieces)?;
                            let [k] = kinds[..] else {
                                return Err(cx.err(
                                    pe.line,
                                    Some(&pf),
                                    "expected one piece letter as the key",
                                ));
                            };
                            forbidden_ranks.push((k, ranks(cx, &pe.node, &pf, top_rank)?));
                        }
                    }
                    Some(Drops {
                        captures_to_hand: true,
                        forbidden_ranks,
                    })
                }
            }
        }
    };

    let explosion = match node("explosion") {
        None => None,
        Some(n) => {
            let field = f("explosion");
            match switch(cx, n, &field)? {
                Switch::Off => None,
                Switch::On => Some(Explosion {
                    radius: 1,
                    immune: Vec::new(),
                }),
                Switch::Table(t) => {
                    cx.known_keys(t, &["radius", "immune"], &field)?;
                    let radius = match get(t, "radius") {
                        Some(e) => cx.int(&e.node, &format!("{field}.radius"), 1, 8)? as u8,
                        None => 1,
                    };
                    let immune = match get(t, "immune") {
                        Some(e) => letters(cx, &e.node, &format!("{field}.immune"), pieces)?,
                        None => Vec::new(),
                    };
                    Some(Explosion { radius, immune })
                }
            }
        }
    };

    let goal_cells = match node("goal_cells") {
        None => None,
        Some(n) => {
            let field = f("goal_cells");
            match switch(cx, n, &field)? {
                Switch::Off => None,
                Switch::On => {
                    return Err(cx.at(
                        n,
                        &field,
                        "expected a table { pieces = \"K\", cells = [...] } or false",
                    ))
                }
                Switch::Table(t) => {
                    cx.known_keys(t, &["pieces", "cells", "black_cells"], &field)?;
                    let Some(pe) = get(t, "pieces") else {
                        return Err(cx.at(n, &format!("{field}.pieces"), "missing"));
                    };
                    let kinds = letters(cx, &pe.node, &format!("{field}.pieces"), pieces)?;
                    if kinds.is_empty() {
                        return Err(cx.at(
                            &pe.node,
                            &format!("{field}.pieces"),
                            "expected at least one letter",
                        ));
                    }
                    let Some(ce) = get(t, "cells") else {
                        return Err(cx.at(n, &format!("{field}.cells"), "missing"));
                    };
                    let white = cells(cx, &ce.node, &format!("{field}.cells"), topo)?;
                    let black = match get(t, "black_cells") {
                        Some(e) => cells(cx, &e.node, &format!("{field}.black_cells"), topo)?,
                        None => {
                            let mut b = Vec::new();
                            for &c in &white {
                                let Some(m) = mirror_cell(board, topo, c) else {
                                    return Err(cx.at(
                                        &ce.node,
                                        &format!("{field}.cells"),
                                        format!(
                                            "{} has no mirror cell; give black_cells",
                                            topo.name(c)
                                        ),
                                    ));
                                };
                                b.push(m);
                            }
                            b
                        }
                    };
                    Some(GoalCells {
                        kinds,
                        cells: white,
                        black_cells: black,
                    })
                }
            }
        }
    };

    let forced_capture = match node("forced_capture") {
        Some(n) => cx.boolean(n, &f("forced_capture"))?,
        None => false,
    };

    let turn = match node("turn") {
        None => Turn {
            moves: 1,
            end_on: Vec::new(),
            may_stop_early: false,
        },
        Some(n) => {
            let field = f("turn");
            match &n.kind {
                Kind::Int(_) => Turn {
                    moves: cx.int(n, &field, 1, 8)? as u8,
                    end_on: Vec::new(),
                    may_stop_early: false,
                },
                Kind::Table(t) => {
                    cx.known_keys(t, &["moves", "end_on", "stop_early"], &field)?;
                    let Some(me) = get(t, "moves") else {
                        return Err(cx.at(n, &format!("{field}.moves"), "missing"));
                    };
                    let moves = cx.int(&me.node, &format!("{field}.moves"), 1, 8)? as u8;
                    let end_on = match get(t, "end_on") {
                        None => Vec::new(),
                        Some(e) => {
                            let ef = format!("{field}.end_on");
                            let count = match *board {
                                Board::Levels { levels, .. } => levels,
                                Board::Boards { boards, .. } => boards,
                                _ => {
                                    return Err(cx.at(
                                        &e.node,
                                        &ef,
                                        "end_on needs stacked levels or several boards",
                                    ))
                                }
                            };
                            let list = cx.array(&e.node, &ef)?;
                            if list.len() != moves as usize {
                                return Err(cx.at(
                                    &e.node,
                                    &ef,
                                    format!(
                                        "expected one list per sub-move ({moves}), found {}",
                                        list.len()
                                    ),
                                ));
                            }
                            let mut out = Vec::new();
                            for sub in list {
                                let mut idx = Vec::new();
                                for l in cx.array(sub, &ef)? {
                                    let s = cx.string(l, &ef)?;
                                    let b = s.as_bytes();
                                    let ok = b.len() == 1
                                        && b[0].is_ascii_uppercase()
                                        && ((b[0] - b'A') as i8) < count;
                                    if !ok {
                                        return Err(cx.at(
                                            l,
                                            &ef,
                                            format!(
                                                "\"{}\" is not a board/level letter of this variant (A..{})",
                                                short(s),
                                                (b'A' + count as u8 - 1) as char
                                            ),
                                        ));
                                    }
                                    let i = (b[0] - b'A') as i8;
                                    if !idx.contains(&i) {
                                        idx.push(i);
                                    }
                                }
                                out.push(idx);
                            }
                            out
                        }
                    };
                    let may_stop_early = match get(t, "stop_early") {
                        Some(e) => cx.boolean(&e.node, &format!("{field}.stop_early"))?,
                        None => false,
                    };
                    Turn {
                        moves,
                        end_on,
                        may_stop_early,
                    }
                }
                _ => {
                    return Err(cx.at(
                        n,
                        &field,
                        format!("expected an integer or a table, found {}", kind_name(n)),
                    ))
                }
            }
        }
    };

    let move_counter = match node("move_counter") {
        Some(n) => cx.int(n, &f("move_counter"), 0, 100_000)? as u32,
        None => 100,
    };
    let repetition = match node("repetition") {
        Some(n) => {
            let r = cx.int(n, &f("repetition"), 0, 100)? as u32;
            if r == 1 {
                return Err(cx.at(
                    n,
                    &f("repetition"),
                    "1 would draw every position at once; use 0 (none) or 2 or more",
                ));
            }
            r
        }
        None => 3,
    };

    Ok(Rules {
        goal,
        stalemate,
        initial_ranks,
        initial_cells,
        no_pieces,
        en_passant,
        castling,
        promotion,
        drops,
        explosion,
        goal_cells,
        forced_capture,
        turn,
        draws: Draws {
            move_counter,
            repetition,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLES: &str = include_str!("examples.toml");

    fn ok(_: &VariantDef) -> Result<(), String> {
        Ok(())
    }

    fn load(text: &str) -> Result<Vec<VariantDef>, LoadError> {
        load_str(text, "test.toml", &ok)
    }

    fn kind(def: &VariantDef, letter: char) -> usize {
        def.pieces.iter().position(|p| p.letter == letter).unwrap()
    }

    fn sorted(mut v: Vec<Vector>) -> Vec<Vector> {
        v.sort();
        v
    }

    /// The error of a file that must fail: (line, variant, field, message).
    fn fail(text: &str) -> (usize, Option<String>, Option<String>, String) {
        match load(text) {
            Ok(_) => panic!("loaded:\n{text}"),
            Err(e) => (e.line, e.variant, e.field, e.message),
        }
    }

    #[test]
    fn examples_load_with_the_expected_definitions() {
        let defs = load(EXAMPLES).unwrap();
        let names: Vec<&str> = defs.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "chess-file",
                "crazyhouse-file",
                "atomic-file",
                "raumschach",
                "glinski",
                "tri-board"
            ]
        );
        let chess = &defs[0];
        assert_eq!(
            chess.board,
            Board::Grid {
                width: 8,
                height: 8
            }
        );
        assert_eq!(chess.topology.num_cells(), 64);
        let letters: String = chess.pieces.iter().map(|p| p.letter).collect();
        assert_eq!(letters, "KQRBNP");
        assert!(chess.pieces[0].royal && !chess.pieces[1].royal);
        assert_eq!(chess.pieces[1].value, Some(900));
        assert_eq!(chess.pieces[0].value, None);
        let pawn = &chess.pieces[kind(chess, 'P')];
        assert!(pawn.en_passant);
        assert_eq!(pawn.notation, "fmWfcFifmnD");
        assert_eq!(pawn.atoms.len(), 3);
        assert_eq!(pawn.atoms[2].travel, Travel::Ride { min: 2, max: 2 });
        assert!(pawn.atoms[2].initial);
        let r = &chess.rules;
        assert_eq!(r.goal, Goal::Checkmate);
        assert_eq!(r.stalemate, NoMoveResult::Draw);
        assert_eq!(r.initial_ranks, vec![2]);
        assert!(r.en_passant);
        assert_eq!(
            r.castling,
            Some(Castling {
                rook: kind(chess, 'R'),
                king_files: [6, 2]
            })
        );
        let promo = r.promotion.as_ref().unwrap();
        assert_eq!(promo.kinds, vec![5]);
        assert_eq!(promo.ranks, vec![8]);
        assert_eq!(promo.choices, vec![1, 2, 3, 4]);
        assert!(promo.mandatory);
        assert!(r.drops.is_none() && r.explosion.is_none() && r.goal_cells.is_none());
        assert_eq!(r.turn.moves, 1);
        assert_eq!(r.draws.move_counter, 100);
        assert_eq!(r.draws.repetition, 3);
        assert_eq!(chess.title, "Chess (from the variants file)");

        // extends: the parent's pieces and rules, plus the child's.
        let zh = &defs[1];
        assert_eq!(zh.pieces, chess.pieces);
        assert_eq!(
            zh.rules.drops,
            Some(Drops {
                captures_to_hand: true,
                forbidden_ranks: vec![(5, vec![1, 8])]
            })
        );
        assert_eq!(zh.rules.castling, chess.rules.castling);
        assert!(zh.start_fen.contains("[]"));
        let atomic = &defs[2];
        assert_eq!(atomic.start_fen, chess.start_fen);
        assert_eq!(
            atomic.rules.explosion,
            Some(Explosion {
                radius: 1,
                immune: vec![5]
            })
        );
        assert!(atomic.rules.drops.is_none());

        let cube = &defs[3];
        assert_eq!(cube.topology.num_cells(), 125);
        let moves_of = |def: &VariantDef, l: char| {
            let p = &def.pieces[kind(def, l)];
            p.atoms.iter().map(|a| a.vectors.len()).sum::<usize>()
        };
        assert_eq!(moves_of(cube, 'K'), 26);
        assert_eq!(moves_of(cube, 'R'), 6);
        assert_eq!(moves_of(cube, 'B'), 12);
        assert_eq!(moves_of(cube, 'U'), 8);
        assert_eq!(moves_of(cube, 'N'), 24);
        assert_eq!(
            cube.pieces[kind(cube, 'P')].atoms[0].vectors,
            vec![[0, 1, 0], [0, 0, 1]]
        );
        assert!(cube.rules.initial_ranks.is_empty());
        assert!(!cube.rules.en_passant);

        let hex = &defs[4];
        assert_eq!(hex.board, Board::Hex { side: 6 });
        assert_eq!(hex.topology.num_cells(), 91);
        // The king's 12 vectors are exactly the board's king vectors.
        let king = &hex.pieces[kind(hex, 'K')];
        assert_eq!(
            sorted(king.atoms[0].vectors.clone()),
            sorted(hex.board.king_vectors())
        );
        assert_eq!(moves_of(hex, 'R'), 6);
        assert_eq!(moves_of(hex, 'B'), 6);
        assert_eq!(moves_of(hex, 'N'), 12);
        assert_eq!(hex.rules.promotion.as_ref().unwrap().ranks, vec![11]);
        assert_eq!(hex.rules.stalemate, NoMoveResult::Loss);

        let tri = &defs[5];
        assert_eq!(
            tri.board,
            Board::Boards {
                width: 6,
                height: 6,
                boards: 3
            }
        );
        assert_eq!(tri.rules.goal, Goal::RoyalCapture);
        assert_eq!(
            tri.rules.turn,
            Turn {
                moves: 2,
                end_on: vec![vec![0], vec![1, 2]],
                may_stop_early: true
            }
        );
    }

    #[test]
    fn hex_rotation_generates_the_king_vectors() {
        let board = Board::Hex { side: 6 };
        let mut v = symmetric_images(&board, [0, 1, 0]);
        v.extend(symmetric_images(&board, [1, 2, 0]));
        assert_eq!(sorted(v), sorted(board.king_vectors()));
    }

    #[test]
    fn goal_cells_mirror_for_black() {
        let text = |board: &str, cells: &str| {
            format!(
                "[[variant]]\nname = \"x\"\nboard = \"{board}\"\nstart = \"-\"\n\
                 [[variant.piece]]\nletter = \"K\"\nname = \"king\"\nmoves = [{{ vectors = [[1, 0]], travel = \"step\" }}]\nroyal = true\n\
                 [variant.rules]\ngoal_cells = {{ pieces = \"K\", cells = [{cells}] }}\n"
            )
        };
        let names = |d: &VariantDef, cells: &[u16]| -> Vec<String> {
            cells
                .iter()
                .map(|&c| d.topology.name(c).to_string())
                .collect()
        };
        let d = &load(&text("8x8", "\"d4\", \"a1\"")).unwrap()[0];
        let g = d.rules.goal_cells.as_ref().unwrap();
        assert_eq!(names(d, &g.cells), ["d4", "a1"]);
        assert_eq!(names(d, &g.black_cells), ["d5", "a8"]);
        let d = &load(&text("4x4x3", "\"Ab2\"")).unwrap()[0];
        let g = d.rules.goal_cells.as_ref().unwrap();
        assert_eq!(names(d, &g.black_cells), ["Cb3"]);
        let d = &load(&text("2x(4x4)", "\"Bb1\"")).unwrap()[0];
        let g = d.rules.goal_cells.as_ref().unwrap();
        assert_eq!(names(d, &g.black_cells), ["Bb4"]);
        // Hex: each file end for end (a: 6 cells, f: 11, l: 6).
        let d = &load(&text("hex6", "\"a1\", \"f1\", \"f6\", \"l2\"")).unwrap()[0];
        let g = d.rules.goal_cells.as_ref().unwrap();
        assert_eq!(names(d, &g.black_cells), ["a6", "f11", "f6", "l5"]);
    }

    const BASE: &str = r#"[[variant]]
name = "base"
board = "8x8"
start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"

[[variant.piece]]
letter = "K"
name = "king"
betza = "K"
royal = true

[[variant.piece]]
letter = "R"
name = "rook"
betza = "R"
"#;

    /// A variant's `search` key: checked when loaded, inherited through `extends`,
    /// and what its positions answer as their search profile.
    #[test]
    fn a_search_profile_is_checked_inherited_and_played() {
        use crate::position::Position;
        let with_search = |value: &str| {
            BASE.replace(
                "board = \"8x8\"",
                &format!("board = \"8x8\"\nsearch = {value}"),
            )
        };
        let text = with_search("\"se_min_depth=8 lmp_base=4\"");
        let defs = load(&format!(
            "{text}\n[[variant]]\nname = \"child\"\nextends = \"base\""
        ))
        .unwrap();
        assert_eq!(defs[0].search_profile, "se_min_depth=8 lmp_base=4");
        assert_eq!(defs[1].search_profile, defs[0].search_profile, "inherited");
        assert_eq!(load(BASE).unwrap()[0].search_profile, "", "none given");
        let child = std::sync::Arc::new(defs[1].clone());
        let pos = super::super::FileVariant::from_fen_in(child.clone(), &child.start_fen).unwrap();
        assert_eq!(pos.search_profile(), "se_min_depth=8 lmp_base=4");
        let (l, _, f, m) = fail(&with_search("\"se_min_depth=8 nope=2\""));
        assert_eq!((l, f.as_deref()), (4, Some("search")), "{m}");
        assert!(m.contains("nope"), "{m}");
        let (l, _, f, m) = fail(&with_search("\"lmp_base=four\""));
        assert_eq!((l, f.as_deref()), (4, Some("search")), "{m}");
        let (l, _, f, _) = fail(&with_search("8"));
        assert_eq!((l, f.as_deref()), (4, Some("search")), "not a string");
    }

    /// BASE (12 lines after the piece tables) plus `extra`; errors in `extra`
    /// are on line 17 + its own line.
    fn with(extra: &str) -> String {
        format!("{BASE}\n{extra}")
    }

    #[test]
    fn base_loads() {
        let defs = load(&with("")).unwrap();
        assert_eq!(defs[0].name, "base");
        assert_eq!(defs[0].title, "base");
    }

    #[test]
    fn errors_name_line_variant_and_field() {
        let cases: &[(&str, usize, &str, &str)] = &[
            ("[variant.rules]\ngoal = \"checkmat\"", 18, "rules.goal", "expected"),
            ("[variant.rules]\ncastle = true", 18, "rules.castle", "did you mean 'castling'"),
            ("[variant.rules]\nrepetition = 1", 18, "rules.repetition", "0 (none)"),
            ("[variant.rules]\nmove_counter = -5", 18, "rules.move_counter", "out of range"),
            (
                "[variant.rules]\nmove_counter = 99999999999999",
                18,
                "rules.move_counter",
                "out of range",
            ),
            ("[variant.rules]\nexplosion = { immune = \"X\" }", 18, "rules.explosion.immune", "'X'"),
            (
                "[variant.rules]\npromotion = { pieces = \"R\", ranks = [9] }",
                18,
                "rules.promotion.ranks",
                "out of range",
            ),
            (
                "[variant.rules]\ncastling = { king_files = [\"g\", \"i\"] }",
                18,
                "rules.castling.king_files",
                "not a file",
            ),
            (
                "[variant.rules]\ngoal_cells = { pieces = \"K\", cells = [\"z9\"] }",
                18,
                "rules.goal_cells.cells",
                "not a cell",
            ),
            (
                "[variant.rules]\nturn = { moves = 2, end_on = [[\"A\"], [\"B\"]] }",
                18,
                "rules.turn.end_on",
                "levels",
            ),
            ("[variant.rules]\nturn = \"2\"", 18, "rules.turn", "integer or a table"),
            ("[variant.rules]\nextinction = \"K\"", 18, "rules.extinction", "goal"),
            (
                "[[variant.piece]]\nletter = \"Q\"\nname = \"queen\"\nbetza = \"Qx\"",
                20,
                "piece.Q.betza",
                "position 2",
            ),
            (
                "[[variant.piece]]\nletter = \"K\"\nname = \"x\"\nbetza = \"K\"",
                18,
                "piece[3].letter",
                "another piece",
            ),
            (
                "[[variant.piece]]\nletter = \"q\"\nname = \"queen\"\nbetza = \"Q\"",
                18,
                "piece[3].letter",
                "upper-case",
            ),
            (
                "[[variant.piece]]\nletter = \"Q\"\nname = \"rook\"\nbetza = \"Q\"",
                19,
                "piece.Q.name",
                "already named",
            ),
            ("[[variant.piece]]\nletter = \"Q\"\nname = \"queen\"", 17, "piece.Q", "betza"),
            (
                "[[variant.piece]]\nletter = \"Q\"\nname = \"queen\"\nbetza = \"Q\"\nvalue = \"9\"",
                21,
                "piece.Q.value",
                "integer",
            ),
            (
                "[[variant.piece]]\nletter = \"Q\"\nname = \"queen\"\nmoves = [{ vectors = [[1, 0, 1]], travel = \"ride\" }]",
                20,
                "piece.Q.moves[1].vectors",
                "levels",
            ),
            (
                "[[variant.piece]]\nletter = \"Q\"\nname = \"queen\"\nmoves = [{ vectors = [[1, 0]], travel = \"leap\", range = 2 }]",
                20,
                "piece.Q.moves[1].range",
                "ride",
            ),
            (
                "[[variant.piece]]\nletter = \"Q\"\nname = \"queen\"\nmoves = [{ vectors = [[1, 0]], travel = \"fly\" }]",
                20,
                "piece.Q.moves[1].travel",
                "expected",
            ),
        ];
        for &(extra, line, field, needle) in cases {
            let (l, v, f, m) = fail(&with(extra));
            assert_eq!(
                (l, v.as_deref(), f.as_deref()),
                (line, Some("base"), Some(field)),
                "{extra}: {m}"
            );
            assert!(m.contains(needle), "{extra}: {m}");
        }
    }

    #[test]
    fn variant_level_errors() {
        // Builtin name, duplicate name, bad name, missing fields, bad board.
        let (l, v, f, m) = fail(&BASE.replace("\"base\"", "\"chess\""));
        assert_eq!(
            (l, v.as_deref(), f.as_deref()),
            (2, Some("chess"), Some("name"))
        );
        assert!(m.contains("built-in"), "{m}");
        let twice = format!("{BASE}\n{}", BASE);
        let (l, _, f, m) = fail(&twice);
        assert_eq!((l, f.as_deref()), (18, Some("name")), "{m}");
        let (l, _, f, _) = fail(&BASE.replace("\"base\"", "\"Base\""));
        assert_eq!((l, f.as_deref()), (2, Some("name")));
        let (l, v, f, m) = fail(&BASE.replace("board = \"8x8\"\n", ""));
        assert_eq!(
            (l, v.as_deref(), f.as_deref()),
            (1, Some("base"), Some("board")),
            "{m}"
        );
        for (board, needle) in [
            ("17x8", "out of range"),
            ("8x8x8", "at most 500"),
            ("hex9", "out of range"),
            ("8 x 8", "expected"),
            ("3x(8x8", "expected"),
            ("-8x8", "expected"),
            ("", "expected"),
        ] {
            let (l, _, f, m) = fail(&BASE.replace("\"8x8\"", &format!("\"{board}\"")));
            assert_eq!((l, f.as_deref()), (3, Some("board")), "{board}");
            assert!(m.contains(needle), "{board}: {m}");
        }
        let (l, _, f, m) = fail(&BASE.replace("board", "bord"));
        assert_eq!((l, f.as_deref()), (3, Some("bord")));
        assert!(m.contains("did you mean 'board'"), "{m}");
        // Betza on a board without it.
        let (l, _, f, m) = fail(&BASE.replace("\"8x8\"", "\"hex6\""));
        assert_eq!((l, f.as_deref()), (9, Some("piece.K.betza")), "{m}");
        // No royal piece for royal capture (checkmate without one is the giveaway
        // family's "no check").
        let (l, _, f, _) = fail(&format!(
            "{}\n[variant.rules]\ngoal = \"royal-capture\"",
            BASE.replace("royal = true", "royal = false")
        ));
        assert_eq!(f.as_deref(), Some("rules.goal"));
        assert!(l > 1, "the goal's own line, not the variant's");
        // Default castling files need 5 files; castling only on grids.
        let (l, _, f, m) = fail(&format!(
            "{}\n[variant.rules]\ncastling = true",
            BASE.replace("\"8x8\"", "\"4x8\"")
        ));
        assert_eq!((l, f.as_deref()), (18, Some("rules.castling")), "{m}");
        assert!(m.contains("king_files"), "{m}");
        let (l, _, f, m) = fail(&format!(
            "{}\n[variant.rules]\ncastling = true",
            BASE.replace("\"8x8\"", "\"2x(8x8)\"")
        ));
        assert_eq!((l, f.as_deref()), (18, Some("rules.castling")), "{m}");
        // Unknown parent.
        let (l, _, f, _) = fail(&format!(
            "{BASE}\n[[variant]]\nname = \"b\"\nextends = \"zz\""
        ));
        assert_eq!((l, f.as_deref()), (19, Some("extends")));
        // Not TOML at all; a key twice.
        let (l, v, f, m) = fail("[[variant]]\nname = \"x\"\nname = \"y\"\n");
        assert_eq!((l, v, f), (3, None, None), "{m}");
        assert!(m.contains("TOML"));
        let (l, ..) = fail("");
        assert_eq!(l, 1);
        let (l, _, f, _) = fail("varient = 1");
        assert_eq!((l, f.as_deref()), (1, Some("varient")));
    }

    #[test]
    fn check_errors_name_the_start_line() {
        let fen_check = |d: &VariantDef| -> Result<(), String> {
            if d.start_fen.contains('K') {
                Ok(())
            } else {
                Err("no white king".to_string())
            }
        };
        let text = BASE.replace("4K3", "8");
        let e = load_str(&text, "f.toml", &fen_check).unwrap_err();
        assert_eq!((e.line, e.field.as_deref()), (4, Some("start")));
        assert_eq!(
            e.to_string(),
            "f.toml:4: variant 'base', field 'start': no white king"
        );
    }

    #[test]
    fn extends_replaces_pieces_by_letter_and_rules_by_key() {
        let text = format!(
            "{BASE}\n[variant.rules]\nmove_counter = 50\nrepetition = 0\n\n\
             [[variant]]\nname = \"child\"\nextends = \"base\"\n\
             [[variant.piece]]\nletter = \"R\"\nname = \"wazir\"\nbetza = \"W\"\n\
             [[variant.piece]]\nletter = \"F\"\nname = \"ferz\"\nbetza = \"F\"\n\
             [variant.rules]\nmove_counter = 0\n"
        );
        let defs = load(&text).unwrap();
        let child = &defs[1];
        let letters: String = child.pieces.iter().map(|p| p.letter).collect();
        assert_eq!(letters, "KRF");
        assert_eq!(child.pieces[1].name, "wazir");
        assert_eq!(child.rules.draws.move_counter, 0);
        assert_eq!(child.rules.draws.repetition, 0);
        assert_eq!(child.title, "child");
        assert_eq!(defs[0].pieces[1].name, "rook");
    }

    #[test]
    fn load_file_reports_unreadable_files() {
        let e = load_file(Path::new("/nonexistent/variants.toml"), &ok).unwrap_err();
        assert_eq!(e.line, 0);
        assert!(e
            .to_string()
            .starts_with("/nonexistent/variants.toml: cannot read"));
    }
}
