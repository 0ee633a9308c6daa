//! Small helpers shared by the variants on rectangular boards.

/// Parses a square name `a1`..`j10` on a `width` x `height` board into (file, rank).
pub fn parse_square(s: &str, width: usize, height: usize) -> Option<(usize, usize)> {
    let mut chars = s.chars();
    let f = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let file = (f as u8 - b'a') as usize;
    let digits = chars.as_str();
    if digits.is_empty()
        || digits.len() > 2
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || digits.starts_with('0')
    {
        return None;
    }
    let rank: usize = digits.parse().ok()?;
    if file >= width || rank == 0 || rank > height {
        return None;
    }
    Some((file, rank - 1))
}

/// Splits a FEN into whitespace-separated fields, rejecting empty input.
pub fn fen_fields(fen: &str) -> Result<Vec<&str>, crate::FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(crate::FenError::Empty);
    }
    Ok(fields)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn squares() {
        assert_eq!(parse_square("a1", 8, 8), Some((0, 0)));
        assert_eq!(parse_square("j10", 10, 10), Some((9, 9)));
        assert_eq!(parse_square("j10", 8, 8), None);
        assert_eq!(parse_square("a0", 8, 8), None);
        assert_eq!(parse_square("a01", 8, 8), None);
        assert_eq!(parse_square("A1", 8, 8), None);
        assert_eq!(parse_square("", 8, 8), None);
    }
}
