//! The protocol's data answers for GUIs: `geometry`, `d json` and `moves json`, one
//! JSON line each (docs/protocol.md). They describe the board, the position and the
//! legal sub-moves so that a GUI can draw and play any variant without knowing it.

use engine::game::{AnyGame, Game};
use engine::view::{Geometry, HandContents, MoveParts};
use engine::{GenKind, Move, MoveList, Outcome, Position, Side};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// `geometry`: the variant's [`Geometry`], tagged.
#[derive(Serialize)]
struct GeometryAnswer<'a> {
    r#type: &'static str,
    #[serde(flatten)]
    geometry: &'a Geometry,
}

/// The geometry of `pos`'s variant as one JSON line. A built-in variant's is built
/// once (the sphere's takes a few milliseconds) and kept for the life of the
/// process; a file-defined variant's is built each time (a few hundred cells at
/// most), since reloading the file may redefine a name.
pub fn geometry_json<P: Position>(pos: &P) -> String {
    static CACHE: OnceLock<Mutex<HashMap<String, String>>> = OnceLock::new();
    let build = || {
        let geometry = pos.variant_geometry().rounded();
        serde_json::to_string(&GeometryAnswer {
            r#type: "geometry",
            geometry: &geometry,
        })
        .expect("a geometry serialises")
    };
    let name = pos.variant_info().name;
    if !engine::variants::defined::registry::is_builtin(name) {
        return build();
    }
    let cache = CACHE.get_or_init(Default::default);
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    cache.entry(name.to_string()).or_insert_with(build).clone()
}

#[derive(Serialize)]
struct TurnState {
    /// Sub-moves already made in the turn that is under way (empty at a turn start).
    submoves: Vec<String>,
    /// Whether `0000` (end the turn now) is legal.
    can_end: bool,
}

#[derive(Serialize)]
struct ResultView {
    /// `1-0`, `0-1` or `1/2-1/2`.
    score: &'static str,
    winner: Option<Side>,
    reason: String,
}

impl From<&Outcome> for ResultView {
    fn from(o: &Outcome) -> Self {
        match o {
            Outcome::Win { winner, reason } => ResultView {
                score: if *winner == Side::White { "1-0" } else { "0-1" },
                winner: Some(*winner),
                reason: reason.to_string(),
            },
            Outcome::Draw(r) => ResultView {
                score: "1/2-1/2",
                winner: None,
                reason: r.to_string(),
            },
        }
    }
}

#[derive(Serialize)]
struct PositionAnswer {
    r#type: &'static str,
    variant: &'static str,
    fen: String,
    start_fen: String,
    /// Every sub-move played from `start_fen`.
    played: Vec<String>,
    side: Side,
    /// The piece on every cell, in the order of the geometry's `cells`.
    board: Vec<Option<char>>,
    hands: Vec<HandContents>,
    turn: TurnState,
    /// The sub-moves of the last finished turn (the opponent's, usually).
    last_turn: Vec<String>,
    /// Cells of royal pieces in check.
    checks: Vec<String>,
    result: Option<ResultView>,
}

/// Where the turn under way began and where the turn before it began, as indices into
/// the game's positions (history, then the current one).
fn turn_starts<P: Position>(game: &Game<P>) -> (usize, Option<usize>) {
    let history = game.history();
    let is_start = |i: usize| {
        if i == history.len() {
            game.pos().is_turn_start()
        } else {
            history[i].is_turn_start()
        }
    };
    let current = (0..=history.len())
        .rev()
        .find(|&i| is_start(i))
        .unwrap_or(0);
    let previous = (0..current).rev().find(|&i| is_start(i));
    (current, previous)
}

pub fn position_json<P: Position>(game: &Game<P>) -> String {
    let pos = game.pos();
    let played = AnyGame::played(game).to_vec();
    let (current, previous) = turn_starts(game);
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let answer = PositionAnswer {
        r#type: "position",
        variant: pos.variant_info().name,
        fen: pos.fen(),
        start_fen: game.start().fen(),
        side: pos.side_to_move(),
        board: pos.cell_pieces(),
        hands: pos.hands(),
        turn: TurnState {
            submoves: played[current.min(played.len())..].to_vec(),
            can_end: list.contains(&Move::END_TURN),
        },
        last_turn: previous.map_or_else(Vec::new, |p| played[p..current].to_vec()),
        checks: pos.checked_royals(),
        result: game.result().as_ref().map(ResultView::from),
        played,
    };
    serde_json::to_string(&answer).expect("a position serialises")
}

#[derive(Serialize)]
struct MoveView {
    text: String,
    #[serde(flatten)]
    parts: MoveParts,
}

#[derive(Serialize)]
struct MovesAnswer {
    r#type: &'static str,
    /// The legal sub-moves in the order the text command `moves` lists them.
    moves: Vec<MoveView>,
}

pub fn moves_json<P: Position>(pos: &P) -> String {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let moves = list
        .iter()
        .map(|&m| MoveView {
            text: pos.move_text(m),
            parts: pos.move_parts(m),
        })
        .collect();
    serde_json::to_string(&MovesAnswer {
        r#type: "moves",
        moves,
    })
    .expect("moves serialise")
}
