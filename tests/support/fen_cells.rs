//! The cells and holdings a FEN writes, read here independently of the engine (the
//! oracle for the GUI tests): `cell name -> piece letter` for every variant.
#![allow(dead_code)]

use std::collections::BTreeMap;

/// Expands one rectangular placement (`rnbqkbnr/pppppppp/8/...`, multi-digit runs
/// allowed) into `(file, rank, letter)` with rank 0 at the bottom.
pub fn expand_ranks(text: &str) -> Vec<(usize, usize, char)> {
    let rows: Vec<&str> = text.split('/').collect();
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = rows.len() - 1 - i;
        let mut file = 0;
        let mut run = 0;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            file += run;
            run = 0;
            out.push((file, rank, c));
            file += 1;
        }
    }
    out
}

/// The cells and hands a FEN writes: `(cell name -> letter, holdings in FEN order)`.
pub fn read_fen(variant: &str, fen: &str) -> (BTreeMap<String, char>, Vec<String>) {
    let placement = fen.split(' ').next().unwrap();
    let mut holds = Vec::new();
    let mut sections = Vec::new();
    for section in placement.split('|') {
        match section.find('[') {
            Some(i) => {
                holds.push(section[i + 1..section.len() - 1].to_string());
                sections.push(&section[..i]);
            }
            None => sections.push(section),
        }
    }
    let file = |f: usize| (b'a' + f as u8) as char;
    let mut cells = BTreeMap::new();
    if variant == "geodesic" {
        // A list of piece letter + cell name.
        for item in placement.split(',').filter(|s| !s.is_empty()) {
            let mut ch = item.chars();
            let letter = ch.next().unwrap();
            cells.insert(ch.as_str().to_string(), letter);
        }
        return (cells, holds);
    }
    if variant == "glinski" {
        // Rows of equal rank, rank 11 first; a row lists the files that reach that
        // rank (file x has 6 + min(x, 10 - x) cells), from a to l without j.
        let files = b"abcdefghikl";
        for (i, row) in placement.split('/').enumerate() {
            let rank = 11 - i;
            let present: Vec<usize> = (0..11).filter(|&x| 6 + x.min(10 - x) >= rank).collect();
            for (f, _, c) in expand_ranks(row) {
                cells.insert(format!("{}{rank}", files[present[f]] as char), c);
            }
        }
        return (cells, holds);
    }
    for (s, text) in sections.iter().enumerate() {
        // The prefix naming the level or board the section describes.
        let prefix = match variant {
            "parallelworlds" => format!("{}", s + 1),
            "triplane" => ["A", "B", "C"][s].to_string(),
            "pentaplane" => ["E", "D", "C", "B", "A"][s].to_string(),
            // Levels and boards of the example variants file (docs/variants.md): A first.
            "raumschach" | "trio" => ((b'A' + s as u8) as char).to_string(),
            _ => String::new(),
        };
        for (f, r, c) in expand_ranks(text) {
            cells.insert(format!("{prefix}{}{}", file(f), r + 1), c);
        }
    }
    (cells, holds)
}
