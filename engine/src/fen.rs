//! FEN helpers shared by the grid variants: placements with `10`-style empty runs,
//! `[...]` holdings, `|`-separated board parts, counters.

use crate::error::FenError;

/// One rank-by-rank placement of a `width` x `height` board (ranks high to low,
/// `/`-separated, decimal empty runs). Returns `(file, rank, piece text)` for every
/// piece, where the piece text is a letter plus any `~` marker that follows it.
pub fn parse_placement(
    text: &str,
    width: usize,
    height: usize,
) -> Result<Vec<(usize, usize, String)>, FenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != height {
        return Err(FenError::Placement(format!(
            "'{text}' has {} ranks, expected {height}",
            ranks.len()
        )));
    }
    let mut out = Vec::new();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = height - 1 - i;
        let mut file = 0usize;
        let mut chars = rank_text.chars().peekable();
        while let Some(ch) = chars.next() {
            if ch.is_ascii_digit() {
                let mut n = ch.to_digit(10).unwrap() as usize;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n * 10 + d as usize;
                    chars.next();
                    if n > width {
                        break;
                    }
                }
                if n == 0 || n > width {
                    return Err(FenError::Placement(format!(
                        "bad empty run in rank '{rank_text}'"
                    )));
                }
                file += n;
            } else if ch.is_ascii_alphabetic() {
                let mut piece = ch.to_string();
                while chars.peek() == Some(&'~') {
                    piece.push('~');
                    chars.next();
                }
                if file >= width {
                    return Err(FenError::Placement(format!(
                        "rank '{rank_text}' is too long"
                    )));
                }
                out.push((file, rank, piece));
                file += 1;
            } else {
                return Err(FenError::Placement(format!(
                    "unexpected '{ch}' in rank '{rank_text}'"
                )));
            }
            if file > width {
                return Err(FenError::Placement(format!(
                    "rank '{rank_text}' is too long"
                )));
            }
        }
        if file != width {
            return Err(FenError::Placement(format!(
                "rank '{rank_text}' covers {file} files, expected {width}"
            )));
        }
    }
    Ok(out)
}

/// Writes a placement: `piece_at(file, rank)` gives the piece text or `None`.
pub fn write_placement(
    width: usize,
    height: usize,
    piece_at: impl Fn(usize, usize) -> Option<String>,
) -> String {
    let mut s = String::new();
    for rank in (0..height).rev() {
        let mut empty = 0;
        for file in 0..width {
            match piece_at(file, rank) {
                Some(p) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&p);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

/// Splits `placement[holdings]` into the two parts; holdings are `None` when absent.
pub fn split_holdings(part: &str) -> Result<(&str, Option<&str>), FenError> {
    match part.find('[') {
        None => {
            if part.contains(']') {
                return Err(FenError::BadHoldings(format!("stray ']' in '{part}'")));
            }
            Ok((part, None))
        }
        Some(i) => {
            if !part.ends_with(']') || part[i + 1..part.len() - 1].contains(['[', ']']) {
                return Err(FenError::BadHoldings(format!(
                    "'{part}' is not placement[holdings]"
                )));
            }
            Ok((&part[..i], Some(&part[i + 1..part.len() - 1])))
        }
    }
}

/// Parses a halfmove or fullmove counter (fullmove must be at least 1).
pub fn parse_counter(s: &str, min: u32) -> Result<u32, FenError> {
    match s.parse::<u32>() {
        Ok(n) if n >= min && n < 1_000_000 => Ok(n),
        _ => Err(FenError::BadCounter(s.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placement_round_trip_with_ten() {
        let text = "idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI";
        let pieces = parse_placement(text, 10, 10).unwrap();
        assert_eq!(pieces.len(), 40);
        let back = write_placement(10, 10, |f, r| {
            pieces
                .iter()
                .find(|p| p.0 == f && p.1 == r)
                .map(|p| p.2.clone())
        });
        assert_eq!(back, text);
    }

    #[test]
    fn bad_placements_are_errors() {
        for bad in [
            "8/8",
            "9/8/8/8/8/8/8/8",
            "ppppppppp/8/8/8/8/8/8/8",
            "7/8/8/8/8/8/8/8",
            "p7p/8/8/8/8/8/8/8",
            "0pppppppp/8/8/8/8/8/8/8",
            "#7/8/8/8/8/8/8/8",
        ] {
            assert!(parse_placement(bad, 8, 8).is_err(), "{bad}");
        }
        assert!(parse_placement("55/10/10/10/10/10/10/10/10/10", 10, 10).is_err());
        assert_eq!(
            parse_placement("Q~7/8/8/8/8/8/8/8", 8, 8).unwrap()[0].2,
            "Q~"
        );
    }

    #[test]
    fn holdings_split() {
        assert_eq!(split_holdings("8/8[Qn]").unwrap(), ("8/8", Some("Qn")));
        assert_eq!(split_holdings("8/8").unwrap(), ("8/8", None));
        assert!(split_holdings("8/8[Q").is_err());
        assert!(split_holdings("8/8]").is_err());
    }
}
