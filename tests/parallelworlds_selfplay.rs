//! Engine-vs-engine self-play for Parallel Worlds Chess: the search
//! (`engine::search::Searcher::think`) with the variant's evaluator on both sides,
//! seeded random opening sub-moves for variety. Every move is validated by
//! `Game::play_token` on its text; every game must end by a rule of the variant
//! (king capture, or a draw by `Game::result`); a game reaching `PLY_CAP` sub-moves
//! is reported (never adjudicated) and fails the test.

use engine::game::{AnyGame, Game};
use engine::search::{Limits, Searcher};
use engine::variants::parallelworlds::ParallelWorlds;
use engine::{Outcome, Position, Side};
use eval::parallelworlds::ParallelWorldsEval;
use rand::{Rng, SeedableRng};

const GAMES: usize = 20;
/// Random sub-moves at the start of each game (seeded per game).
const RANDOM_OPENING_PLIES: usize = 6;
const SEARCH_DEPTH: u32 = 2;
/// A safety cap far above any expected game length; reaching it fails the test.
const PLY_CAP: usize = 4000;

struct Record {
    outcome: Option<Outcome>,
    plies: usize,
    turns: u32,
}

fn play_game(seed: u64) -> Record {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let eval = ParallelWorldsEval::default();
    let mut searcher = Searcher::default();
    let limits = Limits {
        depth: Some(SEARCH_DEPTH),
        ..Limits::default()
    };
    let mut game = Game::new(ParallelWorlds::startpos());
    let mut plies = 0;
    while game.result().is_none() && plies < PLY_CAP {
        let text = if plies < RANDOM_OPENING_PLIES {
            let moves = game.legal_moves();
            moves[rng.gen_range(0..moves.len())].clone()
        } else {
            let result = searcher.think(game.pos(), game.history(), &limits, &eval, &mut |_| {});
            let best = result.best.expect("a legal move while the game is on");
            game.pos().move_text(best)
        };
        game.play_token(&text)
            .unwrap_or_else(|e| panic!("engine move {text} rejected at {}: {e}", game.pos().fen()));
        plies += 1;
    }
    Record {
        outcome: game.result(),
        plies,
        turns: game.pos().fullmove(),
    }
}

#[test]
#[ignore = "about a minute in release; run with --ignored --nocapture for the report"]
fn self_play_twenty_games() {
    let (mut white, mut black, mut draws) = (0, 0, 0);
    let mut lengths = Vec::new();
    let mut capped = 0;
    for g in 0..GAMES {
        let r = play_game(1000 + g as u64);
        println!(
            "game {g:2}: {:>5} sub-moves, {:>4} turns each: {}",
            r.plies,
            r.turns,
            match &r.outcome {
                Some(o) => o.to_string(),
                None => "ply cap reached".to_string(),
            }
        );
        match r.outcome {
            Some(Outcome::Win {
                winner: Side::White,
                ..
            }) => white += 1,
            Some(Outcome::Win {
                winner: Side::Black,
                ..
            }) => black += 1,
            Some(Outcome::Draw(_)) => draws += 1,
            None => capped += 1,
        }
        lengths.push(r.plies);
    }
    lengths.sort();
    println!(
        "White {white}, draws {draws}, Black {black}; sub-moves per game min {} median {} max {}; capped {capped}",
        lengths[0],
        lengths[lengths.len() / 2],
        lengths[lengths.len() - 1]
    );
    assert_eq!(capped, 0, "games reached the ply cap");
}

/// A short smoke version that always runs: one game, same rules.
#[test]
fn self_play_smoke() {
    let r = play_game(1);
    assert!(r.outcome.is_some(), "the game reached the ply cap");
}
