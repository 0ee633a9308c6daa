//! Typed errors for text input: FENs and moves. Parsing never panics; every
//! failure says what was wrong.

use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    #[error("FEN is empty")]
    Empty,
    #[error("FEN has {found} fields, expected {expected}")]
    FieldCount { found: usize, expected: String },
    #[error("bad placement: {0}")]
    Placement(String),
    #[error("bad piece letter '{0}'")]
    BadPiece(char),
    #[error("bad side to move '{0}' (expected w or b)")]
    BadSide(String),
    #[error("bad castling field '{0}'")]
    BadCastling(String),
    #[error("bad en passant field '{0}'")]
    BadEnPassant(String),
    #[error("bad move counter '{0}'")]
    BadCounter(String),
    #[error("bad holdings: {0}")]
    BadHoldings(String),
    #[error("bad turn state: {0}")]
    BadTurnState(String),
    #[error("illegal position: {0}")]
    Illegal(String),
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("malformed move '{0}'")]
    Malformed(String),
    #[error("illegal move '{0}'")]
    Illegal(String),
    #[error("the game is over")]
    GameOver,
}
