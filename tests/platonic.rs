mod platonic_slow;

use engine::variants::platonic::Platonic;
use engine::{perft::perft, Position};

const POSITIONS: &[&str] = &[
    "idocttcodi/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/IDOCTTCODI w AJaj - 0 1",
    "8tt/10/10/3cc5/3cP5/4c5/10/10/10/TT8 w - - 0 1",
    "8tt/4o5/3o6/4P5/3o1o4/10/10/10/10/TT8 w - - 0 1",
    "2c3c1tt/5c4/4P5/5c4/2c7/10/10/10/10/TT8 w - - 0 1",
    "3c2c1tt/4P5/10/2c2c4/10/10/10/10/10/TT8 w - - 0 1",
    "1c2P1c1tt/10/2c7/4c5/10/10/10/10/10/TT8 w - - 0 1",
    "8tt/10/10/10/10/3Pp5/10/10/10/TT8 b - d4 0 1",
    "8tt/10/10/10/4P5/3cc5/10/10/10/TT8 w - - 0 1",
    "i3tt3i/10/10/10/10/10/10/10/10/I3TT3I w AJaj - 0 1",
    "i3tt3i/10/10/10/10/10/10/10/10/I3TT3I b AJaj - 0 1",
    "4tt4/10/10/10/10/10/10/1o8/10/I3TT3I w AJ - 0 1",
    "4tt4/10/10/10/10/10/10/1c8/10/I3TT3I w AJ - 0 1",
    "4tt4/10/10/10/10/10/10/2o7/10/I3TT3I w AJ - 0 1",
    "4tt4/10/10/10/10/10/10/7c2/10/I3TT3I w AJ - 0 1",
    "4tt4/10/6D3/10/10/10/10/10/10/TT8 b - - 0 1",
    "4t5/4t5/4I5/3O6/10/10/10/10/10/TT8 b - - 0 1",
    "10/10/10/3t1t4/4P5/10/10/10/10/TT8 b - - 0 1",
    "TT6tt/10/10/10/10/10/4C5/6Cp2/8C1/2C1pC4 b - - 0 1",
];

#[test]
fn explore() {
    for fen in POSITIONS {
        let p = Platonic::from_fen(fen).unwrap();
        let s = platonic_slow::Pos::from_fen(fen);
        let mut e: Vec<String> = engine::perft::divide(&p, 1, 1).into_iter().map(|x| x.0).collect();
        let mut sl: Vec<String> = s.legal().iter().map(platonic_slow::Pos::move_name).collect();
        e.sort(); sl.sort();
        println!("{fen}\n  engine {} {:?}\n  slow   {} {:?}", e.len(), e, sl.len(), sl);
        for d in 2..=3 {
            println!("  d{d}: engine {} slow {}", perft(&p, d), platonic_slow::perft(&s, d));
        }
    }
}
