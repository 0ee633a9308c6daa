//! Geodesic Chess self-play: the searcher with the Geodesic evaluator plays itself
//! from seeded random openings. Every move goes through `Game::play_token` (so it
//! is validated as legal text), and every game must end by a rule of the variant.

use engine::game::Game;
use engine::search::{Limits, Searcher};
use engine::variants::geodesic::Geodesic;
use engine::{GenKind, MoveList, Position};
use eval::geodesic::GeodesicEval;
use rand::{Rng, SeedableRng};

const GAMES: u64 = 10;
const RANDOM_OPENING_PLIES: usize = 6;
const PLY_CAP: usize = 1200;
/// Nodes per move, so a move never takes long on this shared machine.
const NODE_LIMIT: u64 = 8_000;

fn play_game(seed: u64, depth: u32) -> (String, usize) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut game = Game::new(Geodesic::startpos());
    let mut searcher = Searcher::default();
    let eval = GeodesicEval::default();
    let mut plies = 0;
    while game.result().is_none() && plies < PLY_CAP {
        let pos = game.pos().clone();
        let text = if plies < RANDOM_OPENING_PLIES {
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            pos.move_text(list[rng.gen_range(0..list.len())])
        } else {
            let limits = Limits {
                depth: Some(depth),
                nodes: Some(NODE_LIMIT),
                ..Limits::default()
            };
            let t = std::time::Instant::now();
            let r = searcher.think(&pos, game.history(), &limits, &eval, &mut |_| {});
            if std::env::var("GEO_TRACE").is_ok() {
                eprintln!(
                    "ply {plies}: {} nodes {:.2}s {}",
                    r.nodes,
                    t.elapsed().as_secs_f64(),
                    pos.fen().len()
                );
            }
            pos.move_text(r.best.expect("a move exists while the game goes on"))
        };
        game.play_token(&text)
            .unwrap_or_else(|e| panic!("game {seed}: engine move {text} rejected: {e}"));
        plies += 1;
    }
    let result = match game.result() {
        Some(o) => o.to_string(),
        None => format!("unfinished (ply cap {PLY_CAP})"),
    };
    (result, plies)
}

/// About 15 s in release on the 2-core machine.
#[test]
fn ten_self_play_games_end_by_the_rules() {
    let depth: u32 = std::env::var("GEO_SELFPLAY_DEPTH")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2);
    let mut capped = 0;
    for seed in 0..GAMES {
        let t = std::time::Instant::now();
        let (result, plies) = play_game(seed, depth);
        println!(
            "game {seed}: {result} after {plies} plies ({:.1} s)",
            t.elapsed().as_secs_f64()
        );
        if result.starts_with("unfinished") {
            capped += 1;
        }
    }
    assert_eq!(capped, 0, "games reached the ply cap");
}
