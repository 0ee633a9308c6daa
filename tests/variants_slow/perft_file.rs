//! Reading perft files: `variant;FEN;depth;nodes` lines, `#` comments and blank
//! lines skipped. Shared by the slow generators' tests and tests/variants_perft.rs.

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftLine {
    pub variant: String,
    pub fen: String,
    pub depth: u32,
    pub nodes: u64,
    /// 1-based line number in the file, for messages.
    pub line: usize,
}

/// Parses the text of a perft file; an error names the line.
pub fn parse(text: &str) -> Result<Vec<PerftLine>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split(';').collect();
        if parts.len() != 4 {
            return Err(format!("line {}: {} fields, want 4", i + 1, parts.len()));
        }
        let depth = parts[2]
            .trim()
            .parse()
            .map_err(|e| format!("line {}: depth: {e}", i + 1))?;
        let nodes = parts[3]
            .trim()
            .parse()
            .map_err(|e| format!("line {}: nodes: {e}", i + 1))?;
        out.push(PerftLine {
            variant: parts[0].trim().to_string(),
            fen: parts[1].trim().to_string(),
            depth,
            nodes,
            line: i + 1,
        });
    }
    Ok(out)
}

/// Reads and parses a perft file.
pub fn read(path: &std::path::Path) -> Result<Vec<PerftLine>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}
