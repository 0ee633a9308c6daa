//! Mutated FENs for every variant: parsing never panics, and whatever a parser
//! accepts is a usable position (moves, display, and its own FEN parses back to the
//! same FEN).

use rand::{Rng, SeedableRng};

const CHARS: &[u8] = b"0123456789/|[]-,~@*=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ";

fn mutate(rng: &mut rand::rngs::StdRng, fen: &str) -> String {
    let mut b = fen.as_bytes().to_vec();
    for _ in 0..rng.gen_range(1..=4) {
        let j = rng.gen_range(0..b.len().max(1));
        match rng.gen_range(0..3) {
            0 if !b.is_empty() => b[j] = CHARS[rng.gen_range(0..CHARS.len())],
            1 if !b.is_empty() => {
                b.remove(j);
            }
            _ => b.insert(j.min(b.len()), CHARS[rng.gen_range(0..CHARS.len())]),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

#[test]
fn mutated_fens_never_panic_and_accepted_ones_are_usable() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026_11_23);
    let mut accepted = 0;
    for name in engine::variants::names() {
        let start = engine::variants::new_game(name).unwrap().fen();
        for _ in 0..400 {
            let fen = mutate(&mut rng, &start);
            let mut game = engine::variants::new_game(name).unwrap();
            if game.set_fen(&fen).is_err() {
                continue;
            }
            accepted += 1;
            let _ = game.legal_moves();
            let _ = game.display();
            let own = game.fen();
            let mut again = engine::variants::new_game(name).unwrap();
            again
                .set_fen(&own)
                .unwrap_or_else(|e| panic!("{name}: own FEN '{own}' (from '{fen}') rejected: {e}"));
            assert_eq!(
                again.fen(),
                own,
                "{name}: FEN does not round-trip (from '{fen}')"
            );
        }
    }
    println!("{accepted} mutated FENs were valid positions");
}
