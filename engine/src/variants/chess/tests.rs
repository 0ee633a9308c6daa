//! Unit and property tests of the chess family. Reference counts come from the
//! published perft files (`shared/perft/`) or are verified by hand in comments.

use super::{Atomic, Chess, Crazyhouse};
use crate::moves::MoveList;
use crate::perft::perft;
use crate::position::{DrawReason, GenKind, Outcome, Position, Side};
use crate::testkit::check_random_playouts;
use proptest::prelude::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const ZH_TACTICAL: &str = "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1";
const ZH_PROMOTED: &str = "3q1bkr/2p1pBp1/q1n3p1/1N2p3/1Pp5/P4Q~2/BBPp1PPP/R2K2NR[RPPn] b - - 0 28";
const ATOMIC_TACTICAL: &str = "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1";
const ATOMIC_TACTICAL_2: &str = "rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq - 0 1";

/// FENs every chess-family variant must reject.
const BAD_FENS_ALL: &[&str] = &[
    "",
    "   ",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1R w KQkq - 0 1",
    "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8/8 w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1",
    "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/R3K3 w H - 0 1",
    "4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KKkq - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R w E - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 2",
    "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -3 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 abc",
    "hello world foo bar",
    "\u{2654}\u{2655} w - - 0 1",
    "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
    "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q]x w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[X] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[PPPPPPPPPPPPPPPPP] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[PPPPPPPPP] w KQkq - 0 1",
    "4k3/8/8/8/8/8/P~7/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/Q~~7/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/K~7/4K3 w - - 0 1",
];

/// Rejected by chess and crazyhouse, though atomic accepts them (the side to
/// move's king has exploded: the game is over).
const BAD_FENS_NOT_ATOMIC: &[&str] = &["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1"];

/// Rejected by chess and atomic (no hands), accepted by crazyhouse.
const BAD_FENS_NO_HANDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1",
    "4k3/8/8/8/8/8/Q~7/4K3 w - - 0 1",
];

fn assert_rejects<P: Position>(fens: &[&str]) {
    for fen in fens {
        let result = std::panic::catch_unwind(|| P::from_fen(fen).map(|p| p.fen()));
        match result {
            Err(_) => panic!("{}: '{fen}' panicked", P::info().name),
            Ok(Ok(parsed)) => panic!("{}: '{fen}' was accepted as '{parsed}'", P::info().name),
            Ok(Err(_)) => {}
        }
    }
}

#[test]
fn bad_fens_are_typed_errors() {
    assert!(BAD_FENS_ALL.len() >= 30);
    assert_rejects::<Chess>(BAD_FENS_ALL);
    assert_rejects::<Crazyhouse>(BAD_FENS_ALL);
    assert_rejects::<Atomic>(BAD_FENS_ALL);
    assert_rejects::<Chess>(BAD_FENS_NOT_ATOMIC);
    assert_rejects::<Crazyhouse>(BAD_FENS_NOT_ATOMIC);
    assert_rejects::<Chess>(BAD_FENS_NO_HANDS);
    assert_rejects::<Atomic>(BAD_FENS_NO_HANDS);
    for fen in BAD_FENS_NO_HANDS {
        assert!(Crazyhouse::from_fen(fen).is_ok(), "{fen}");
    }
    assert!(Atomic::from_fen(BAD_FENS_NOT_ATOMIC[0]).is_ok());
}

#[test]
fn error_kinds_name_the_problem() {
    use crate::error::FenError;
    let err = |fen: &str| Chess::from_fen(fen).err().expect(fen);
    assert!(matches!(err(""), FenError::Empty));
    assert!(matches!(
        err("8/8/8/8/8/8/8/8"),
        FenError::FieldCount { .. }
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"),
        FenError::BadPiece('X')
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/R3K3 w H - 0 1"),
        FenError::BadCastling(_)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1"),
        FenError::BadEnPassant(_)
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"),
        FenError::Illegal(_)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1"),
        FenError::BadHoldings(_)
    ));
    assert!(matches!(
        Crazyhouse::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1"),
        Err(FenError::BadHoldings(_))
    ));
}

#[test]
fn fen_variants_round_trip() {
    // Counters are optional on input.
    let short = Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!(short.fen(), START);
    // Shredder letters name the same rooks as KQkq.
    let shredder =
        Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").unwrap();
    assert_eq!(shredder.fen(), START);
    assert_eq!(shredder.key(), Chess::startpos().key());
    // An inner rook's right is written with its file letter (X-FEN).
    let inner = Chess::from_fen("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1").unwrap();
    assert_eq!(inner.fen(), "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    // En passant kept when a pawn can take, dropped when none can.
    let ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert_eq!(Chess::from_fen(ep).unwrap().fen(), ep);
    let useless =
        Chess::from_fen("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2").unwrap();
    assert_eq!(
        useless.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2"
    );
    // Crazyhouse: holdings in brackets or as a 9th rank, promoted marks.
    let zh = Crazyhouse::from_fen("2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1").unwrap();
    assert_eq!(zh.fen(), "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
    assert_eq!(
        Crazyhouse::from_fen(ZH_PROMOTED).unwrap().fen(),
        ZH_PROMOTED
    );
    let dash = Crazyhouse::from_fen("2k5/8/8/8/8/8/8/4K3[-] w - - 0 1").unwrap();
    assert_eq!(dash.fen(), "2k5/8/8/8/8/8/8/4K3[] w - - 0 1");
    let messy = Crazyhouse::from_fen("2k5/8/8/8/8/8/8/4K3[pQnPq] w - - 0 1").unwrap();
    assert_eq!(messy.fen(), "2k5/8/8/8/8/8/8/4K3[QPqnp] w - - 0 1");
}

#[test]
fn shredder_castling_gives_the_published_counts() {
    // chess_cpw.perft: start position depth 4 = 197281, Kiwipete depth 3 = 97862.
    let start =
        Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").unwrap();
    assert_eq!(perft(&start, 4), 197_281);
    let kiwi =
        Chess::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w HAha - 0 1")
            .unwrap();
    assert_eq!(perft(&kiwi, 3), 97_862);
}

#[test]
fn mirrored_positions_give_equal_counts() {
    // Position 4 and its colour-flipped twin are both in chess_cpw.perft with
    // equal counts; checked here directly against each other as well.
    let a = Chess::from_fen(POSITION_4).unwrap();
    let b = Chess::from_fen("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1")
        .unwrap();
    assert_eq!(perft(&a, 3), perft(&b, 3));
}

#[test]
fn random_playouts_keep_the_contract() {
    const CHESS960: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    for fen in [
        START, KIWIPETE, POSITION_3, POSITION_4, POSITION_5, CHESS960,
    ] {
        check_random_playouts(&Chess::from_fen(fen).unwrap(), 11, 6, 120);
    }
    for fen in [
        Crazyhouse::info().start_fen.as_str(),
        ZH_TACTICAL,
        ZH_PROMOTED,
        "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1",
    ] {
        check_random_playouts(&Crazyhouse::from_fen(fen).unwrap(), 12, 5, 120);
    }
    for fen in [START, ATOMIC_TACTICAL, ATOMIC_TACTICAL_2] {
        check_random_playouts(&Atomic::from_fen(fen).unwrap(), 13, 8, 120);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_seeds_keep_the_contract(seed in any::<u64>()) {
        check_random_playouts(&Chess::startpos(), seed, 1, 150);
        check_random_playouts(&Crazyhouse::startpos(), seed, 1, 150);
        check_random_playouts(&Atomic::startpos(), seed, 1, 150);
    }
}

fn moves_of<P: Position>(pos: &P, kind: GenKind) -> Vec<String> {
    let mut list = MoveList::new();
    pos.generate(kind, &mut list);
    let mut v: Vec<String> = list.iter().map(|&m| pos.move_text(m)).collect();
    v.sort();
    v
}

fn play<P: Position>(fen: &str, moves: &[&str]) -> P {
    let mut pos = P::from_fen(fen).unwrap();
    for m in moves {
        let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.make(mv);
    }
    pos
}

#[test]
fn checkmate_and_stalemate() {
    let mated: Chess = play(START, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(mated.in_check());
    assert!(moves_of(&mated, GenKind::All).is_empty());
    assert_eq!(
        mated.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: "checkmate"
        })
    );
    // Black king h8, White queen g6 and king f7... hand-checked: Kh8 has no move, not in check.
    let stalemate = Chess::from_fen("7k/5K2/6Q1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(!stalemate.in_check());
    assert_eq!(
        stalemate.outcome(),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );
}

#[test]
fn draws_by_material_and_counter() {
    assert!(Chess::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        .unwrap()
        .dead_position());
    assert!(Chess::from_fen("4k3/8/8/8/8/8/8/4KN2 w - - 0 1")
        .unwrap()
        .dead_position());
    assert!(!Chess::from_fen("4k3/8/8/8/8/8/8/4KR2 b - - 0 1")
        .unwrap()
        .dead_position());
    assert!(Atomic::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        .unwrap()
        .dead_position());
    assert!(!Crazyhouse::from_fen("4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
        .unwrap()
        .dead_position());
    let pos: Chess = play(START, &["g1f3", "g8f6", "f3g1"]);
    assert_eq!(pos.halfmove_clock(), 3);
    let pos: Chess = play(START, &["g1f3", "e7e5"]);
    assert_eq!(pos.halfmove_clock(), 0);
}

#[test]
fn castling_and_en_passant_texts() {
    let pos = Chess::from_fen(KIWIPETE).unwrap();
    let all = moves_of(&pos, GenKind::All);
    assert!(all.contains(&"e1g1".to_string()) && all.contains(&"e1c1".to_string()));
    // King-takes-rook is accepted as an alias.
    assert_eq!(
        pos.parse_move("e1h1").unwrap(),
        pos.parse_move("e1g1").unwrap()
    );
    let after: Chess = play(KIWIPETE, &["e1g1"]);
    assert_eq!(
        after.fen(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1"
    );
    let ep: Chess = play(
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        &["e5f6"],
    );
    assert_eq!(
        ep.fen(),
        "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
    assert!(Chess::startpos().parse_move("e2e5").is_err());
    assert!(Chess::startpos().parse_move("zz").is_err());
}

#[test]
fn tactical_moves_are_captures_and_promotions() {
    // Each tactical move captures or promotes...
    for fen in [KIWIPETE, POSITION_4, POSITION_5] {
        let pos = Chess::from_fen(fen).unwrap();
        let mut list = MoveList::new();
        pos.generate(GenKind::Tactical, &mut list);
        // Position 4 is in check with no capture (its 6 evasions are quiet).
        assert_eq!(list.is_empty(), fen == POSITION_4, "{fen}");
        for &m in &list {
            let text = pos.move_text(m);
            let to = crate::variants::chess::bitboard::cell_by_name(&text[2..4]).unwrap();
            let captures = pos.piece_on(to) != super::board::NO_PIECE
                || super::movegen::move_kind(m) == super::movegen::EN_PASSANT;
            assert!(captures || text.len() == 5, "{text} in {fen}");
        }
        // ...and every capture or promotion is tactical.
        let all = moves_of(&pos, GenKind::All);
        let tactical = moves_of(&pos, GenKind::Tactical);
        for text in all {
            let to = crate::variants::chess::bitboard::cell_by_name(&text[2..4]).unwrap();
            if pos.piece_on(to) != super::board::NO_PIECE || text.len() == 5 {
                assert!(
                    tactical.contains(&text),
                    "{text} missing from tactical in {fen}"
                );
            }
        }
    }
    // Crazyhouse tactical moves never include drops.
    let zh = Crazyhouse::from_fen(ZH_TACTICAL).unwrap();
    assert!(moves_of(&zh, GenKind::Tactical)
        .iter()
        .all(|t| !t.contains('@')));
    assert!(moves_of(&zh, GenKind::All).iter().any(|t| t.contains('@')));
}

#[test]
fn crazyhouse_drops_and_promoted_pieces() {
    let pos = Crazyhouse::from_fen("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1").unwrap();
    let drops: Vec<String> = moves_of(&pos, GenKind::All)
        .into_iter()
        .filter(|t| t.contains('@'))
        .collect();
    // 64 cells - 2 kings - 16 on ranks 1 and 8 = 48 pawn drops (the kings stand on rank 1/8).
    assert_eq!(drops.len(), 48);
    assert!(!drops.contains(&"P@a1".to_string()) && !drops.contains(&"P@a8".to_string()));
    assert_eq!(
        pos.parse_move("P@e4").unwrap().from(),
        crate::moves::Move::HAND
    );
    // A captured promoted queen goes to the hand as a pawn.
    let pos: Crazyhouse = play("4k3/8/8/8/8/8/q~7/R3K3[] w Q - 0 1", &["a1a2"]);
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/R7/4K3[P] b - - 0 1");
    let pos: Crazyhouse = play("4k3/8/8/8/8/8/8/q~2RK3[] b - - 0 1", &["a1d1", "e1d1"]);
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/3K4[Pr] b - - 0 2");
    // Promotion marks the new piece.
    let pos: Crazyhouse = play("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", &["a7a8q"]);
    assert_eq!(pos.fen(), "Q~3k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    // Drops answer a check only by blocking it.
    let check = Crazyhouse::from_fen("4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1").unwrap();
    let evasions = moves_of(&check, GenKind::All);
    assert!(evasions.contains(&"N@b1".to_string()) && !evasions.contains(&"N@e4".to_string()));
}

#[test]
fn atomic_explosions() {
    // White queen takes d7 next to the black king on e8: the king explodes.
    let pos: Atomic = play("4k3/3p4/8/8/8/8/8/3QK3 w - - 0 1", &["d1d7"]);
    assert_eq!(pos.fen(), "8/8/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "king exploded"
        })
    );
    assert!(moves_of(&pos, GenKind::All).is_empty());
    // Pawns survive the blast; the capturing piece does not.
    let pos: Atomic = play("4k3/8/8/2ppp3/2PnP3/8/3R4/4K3 w - - 0 1", &["d2d4"]);
    assert_eq!(pos.fen(), "4k3/8/8/2ppp3/2P1P3/8/8/4K3 b - - 0 1");
    // Kings never capture.
    let pos = Atomic::from_fen("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1").unwrap();
    assert!(!moves_of(&pos, GenKind::All).contains(&"e1d2".to_string()));
    // Touching kings are never in check: Kd2 next to Kd3... the rook on d8 does not check.
    let pos = Atomic::from_fen("3r4/8/8/8/8/3k4/3K4/8 w - - 0 1").unwrap();
    assert!(!pos.in_check());
    // In chess the same kings would attack each other: no game reaches that.
    assert!(Chess::from_fen("3r4/8/8/8/8/3k4/3K4/8 w - - 0 1").is_err());
}

#[test]
fn info_and_display() {
    let info = Crazyhouse::info();
    assert_eq!(info.name, "crazyhouse");
    assert!(info.start_fen.contains("[]"));
    assert_eq!(Crazyhouse::startpos().fen(), info.start_fen);
    assert_eq!(Chess::info().pieces.len(), 6);
    assert_eq!(Atomic::info().name, "atomic");
    let board = Chess::startpos().display();
    let lines: Vec<&str> = board.lines().collect();
    assert!(lines[0].starts_with('8') && lines[0].contains('r') && lines[7].starts_with('1'));
    let zh = Crazyhouse::from_fen("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1")
        .unwrap()
        .display();
    assert!(zh.contains("white [Q]") && zh.contains("black [n]"), "{zh}");
}

/// SEE of one move given by its text, for the variant `P`.
fn see_of<P: Position>(fen: &str, text: &str) -> Option<i32> {
    let p = P::from_fen(fen).unwrap();
    let m = p.parse_move(text).unwrap();
    p.static_exchange(m)
}

#[test]
fn static_exchange_counts_defenders_and_x_rays() {
    // Undefended pawn: the rook wins it.
    assert_eq!(
        see_of::<Chess>("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"),
        Some(100)
    );
    // Nxe5 starts N-N, R-B, Q-Q exchanges with x-rays behind the rook and the bishop;
    // Black stops after winning the knight: 100 - 320 (hand-computed swap list).
    assert_eq!(
        see_of::<Chess>(
            "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
            "d3e5"
        ),
        Some(-220)
    );
    // Pawn takes a knight defended by a pawn: 320 won, 100 lost to the recapture.
    assert_eq!(
        see_of::<Chess>("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"),
        Some(220)
    );
    // Queen takes a pawn defended by a pawn: loses the queen for a pawn.
    assert_eq!(
        see_of::<Chess>("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"),
        Some(100 - 900)
    );
    // The king may not recapture on a defended square.
    assert_eq!(
        see_of::<Chess>("8/8/8/3k4/8/3r4/3R4/3RK3 w - - 0 1", "d2d3"),
        Some(500)
    );
    // En passant wins a pawn; a promotion gains queen minus pawn.
    assert_eq!(
        see_of::<Chess>("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"),
        Some(100)
    );
    assert_eq!(
        see_of::<Chess>("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"),
        Some(800)
    );
}

#[test]
fn static_exchange_of_drops_and_atomic() {
    // A knight dropped where a pawn takes it is lost.
    assert_eq!(
        see_of::<Crazyhouse>("k7/8/8/3p4/8/8/8/K7[N] w - - 0 1", "N@e4"),
        Some(-320)
    );
    assert_eq!(
        see_of::<Crazyhouse>("k7/8/8/3p4/8/8/8/K7[N] w - - 0 1", "N@a4"),
        Some(0)
    );
    // Atomic captures explode: no exchange, no estimate.
    assert_eq!(see_of::<Atomic>(ATOMIC_TACTICAL, "d6d5"), None);
}

// ---- What a GUI sees: geometry, cell contents, hands, move parts, checks ----

/// The pieces of a FEN's placement by cell name (`e4` -> `P`), read from the FEN
/// text itself: ranks top down, files from `a`, multi-digit empty runs, `~` marks
/// and `[...]` holdings skipped.
pub(crate) fn placement_by_name(fen: &str) -> std::collections::HashMap<String, char> {
    let field = fen.split_whitespace().next().unwrap();
    let placement = field.split('[').next().unwrap();
    let rows: Vec<&str> = placement.split('/').collect();
    let mut map = std::collections::HashMap::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = rows.len() - i;
        let mut file = 0usize;
        let mut run = 0usize;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                run = run * 10 + d as usize;
                continue;
            }
            file += run;
            run = 0;
            if ch == '~' {
                continue;
            }
            map.insert(format!("{}{}", (b'a' + file as u8) as char, rank), ch);
            file += 1;
        }
    }
    map
}

/// Plays seeded random games and checks, at every position, what a GUI is given:
/// cell pieces agree with the FEN cell by cell, hands agree with the FEN's `[...]`,
/// every legal move's parts are distinct, name cells of the geometry, and the move
/// text names the `to` cell (drops: the hand of the side to move holds the piece).
/// Returns the number of moves checked.
pub(crate) fn check_gui_data<P: Position>(
    start: &P,
    seed: u64,
    games: usize,
    plies: usize,
) -> usize {
    use rand::{Rng, SeedableRng};
    let geometry = P::geometry();
    let names: std::collections::HashSet<&str> =
        geometry.cells.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names.len(),
        geometry.cells.len(),
        "cell names are not unique"
    );
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut checked = 0;
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..plies {
            let fen = pos.fen();
            let cells = pos.cell_pieces();
            assert_eq!(cells.len(), geometry.cells.len());
            let expected = placement_by_name(&fen);
            for (cell, piece) in geometry.cells.iter().zip(&cells) {
                assert_eq!(
                    *piece,
                    expected.get(&cell.name).copied(),
                    "{} in {fen}",
                    cell.name
                );
            }
            let hands = pos.hands();
            assert_eq!(hands.len(), geometry.hands.len());
            if !hands.is_empty() {
                let inside = fen.split('[').nth(1).unwrap().split(']').next().unwrap();
                let joined: String = hands.iter().map(|h| h.pieces.as_str()).collect();
                assert_eq!(joined, inside, "hands in {fen}");
                for (h, view) in hands.iter().zip(&geometry.hands) {
                    assert_eq!((&h.name, h.side), (&view.name, view.side));
                }
            }
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            let mut seen: Vec<crate::view::MoveParts> = Vec::new();
            for &m in &list {
                let parts = pos.move_parts(m);
                let text = pos.move_text(m);
                assert!(
                    !seen.contains(&parts),
                    "{text}: parts {parts:?} twice in {fen}"
                );
                for name in [&parts.from, &parts.to].into_iter().flatten() {
                    assert!(names.contains(name.as_str()), "{text}: no cell {name}");
                }
                let to = parts.to.as_deref().expect("every move has a to cell");
                assert!(text.contains(to), "{text} does not name {to}");
                match parts.kind {
                    crate::view::MoveKind::Drop => {
                        let hand = parts.hand.unwrap();
                        assert_eq!(geometry.hands[hand].side, pos.side_to_move());
                        let letter = parts.drop.unwrap();
                        assert!(letter.is_ascii_uppercase() && text.starts_with(letter));
                        let held = if pos.side_to_move() == Side::White {
                            letter
                        } else {
                            letter.to_ascii_lowercase()
                        };
                        assert!(hands[hand].pieces.contains(held), "{text} in {fen}");
                        assert!(parts.from.is_none());
                    }
                    crate::view::MoveKind::Move => {
                        assert!(text.starts_with(parts.from.as_deref().unwrap()));
                        if let Some(p) = parts.promotion {
                            assert!(p.is_ascii_uppercase());
                            assert!(text.ends_with(p.to_ascii_lowercase()), "{text}");
                            assert!(!parts.label.is_empty());
                        }
                    }
                    other => panic!("{text}: unexpected kind {other:?}"),
                }
                seen.push(parts);
                checked += 1;
            }
            // The side to move in check has its royal highlighted.
            assert_eq!(pos.in_check(), !pos.checked_royals().is_empty(), "{fen}");
            if list.is_empty() {
                break;
            }
            pos.make(list[rng.gen_range(0..list.len())]);
        }
    }
    checked
}

fn parts_of<P: Position>(pos: &P, text: &str) -> crate::view::MoveParts {
    pos.move_parts(pos.parse_move(text).unwrap())
}

#[test]
fn gui_data_along_random_games() {
    assert!(check_gui_data(&Chess::startpos(), 21, 2, 120) > 2000);
    assert!(check_gui_data(&Chess::from_fen(POSITION_4).unwrap(), 22, 2, 60) > 1000);
    assert!(check_gui_data(&Crazyhouse::startpos(), 23, 2, 120) > 2000);
    assert!(check_gui_data(&Crazyhouse::from_fen(ZH_PROMOTED).unwrap(), 24, 1, 80) > 1000);
    assert!(check_gui_data(&Atomic::startpos(), 25, 2, 120) > 2000);
    assert!(check_gui_data(&Atomic::from_fen(ATOMIC_TACTICAL).unwrap(), 26, 1, 80) > 500);
}

#[test]
fn geometry_is_one_8x8_board_with_chess_glyphs() {
    let g = Chess::geometry();
    assert_eq!(g.variant, "chess");
    assert_eq!(g.sides, ["White".to_string(), "Black".to_string()]);
    assert_eq!(g.panels.len(), 1);
    assert_eq!(g.panels[0].name, "board");
    assert_eq!(g.cells.len(), 64);
    assert!(g.hands.is_empty() && Atomic::geometry().hands.is_empty());
    assert_eq!(g.start_fen, START);
    // a8 top left, h1 bottom right (y grows downwards).
    let centre = |name: &str| g.cells.iter().find(|c| c.name == name).unwrap().center;
    assert_eq!(centre("a8"), [0.5, 0.5]);
    assert_eq!(centre("h1"), [7.5, 7.5]);
    for p in &g.pieces {
        assert_eq!(p.glyph, crate::view::chess_glyph(p.letter), "{}", p.name);
        assert!(p.glyph.is_some());
    }
    let zh = Crazyhouse::geometry();
    let hands: Vec<(&str, Side)> = zh.hands.iter().map(|h| (h.name.as_str(), h.side)).collect();
    assert_eq!(hands, vec![("White", Side::White), ("Black", Side::Black)]);
}

#[test]
fn start_pieces_land_where_the_fen_says() {
    for (cells, g) in [
        (Chess::startpos().cell_pieces(), Chess::geometry()),
        (Crazyhouse::startpos().cell_pieces(), Crazyhouse::geometry()),
        (Atomic::startpos().cell_pieces(), Atomic::geometry()),
    ] {
        assert_eq!(cells.len(), g.cells.len());
        let on = |name: &str| cells[g.cells.iter().position(|c| c.name == name).unwrap()];
        // Read from the FEN text: its last row is rank 1, its first rank 8.
        let rows: Vec<&str> = START.split(['/', ' ']).collect();
        assert_eq!(on("a1"), rows[7].chars().next());
        assert_eq!(on("e1"), Some('K'));
        assert_eq!(on("d8"), rows[0].chars().nth(3));
        assert_eq!(on("d8"), Some('q'));
        assert_eq!(on("e4"), None);
        assert_eq!(on("h7"), Some('p'));
    }
}

#[test]
fn crazyhouse_hands_and_drops() {
    // ZH_TACTICAL holds [QPp]: White Q and P, Black one pawn.
    let pos = Crazyhouse::from_fen(ZH_TACTICAL).unwrap();
    let hands = pos.hands();
    assert_eq!(hands[0].pieces, "QP");
    assert_eq!(hands[1].pieces, "p");
    let p = parts_of(&pos, "Q@e4");
    assert_eq!(p.kind, crate::view::MoveKind::Drop);
    assert_eq!(
        (p.drop, p.hand, p.to.as_deref()),
        (Some('Q'), Some(0), Some("e4"))
    );
    assert!(p.from.is_none());
    // The promoted queen on f3 shows as a queen.
    let pos = Crazyhouse::from_fen(ZH_PROMOTED).unwrap();
    let g = Crazyhouse::geometry();
    let f3 = g.cells.iter().position(|c| c.name == "f3").unwrap();
    assert_eq!(pos.cell_pieces()[f3], Some('Q'));
    assert_eq!(pos.hands()[0].pieces, "RPP");
    assert_eq!(pos.hands()[1].pieces, "n");
    // Black to move drops from hand 1 (White's queen stays in hand 0).
    let pos = Crazyhouse::from_fen("4k3/8/8/8/8/8/8/4K3[Qnn] b - - 0 1").unwrap();
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let drops: Vec<_> = list
        .iter()
        .map(|&m| pos.move_parts(m))
        .filter(|p| p.kind == crate::view::MoveKind::Drop)
        .collect();
    assert!(!drops.is_empty());
    assert!(drops
        .iter()
        .all(|p| p.hand == Some(1) && p.drop == Some('N')));
    // An empty hand is an empty string.
    let start = Crazyhouse::startpos().hands();
    assert!(start.iter().all(|h| h.pieces.is_empty()));
}

#[test]
fn promotions_castling_and_en_passant_parts() {
    let pos = Chess::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let mut labels = Vec::new();
    for (text, letter) in [
        ("a7a8q", 'Q'),
        ("a7a8r", 'R'),
        ("a7a8b", 'B'),
        ("a7a8n", 'N'),
    ] {
        let p = parts_of(&pos, text);
        assert_eq!(
            (p.from.as_deref(), p.to.as_deref()),
            (Some("a7"), Some("a8"))
        );
        assert_eq!(p.promotion, Some(letter));
        labels.push(p.label);
    }
    assert_eq!(labels[0], "promote to queen");
    assert_eq!(labels[3], "promote to knight");
    // Castling as the king's own move: to is the king's destination.
    let kiwi = Chess::from_fen(KIWIPETE).unwrap();
    let p = parts_of(&kiwi, "e1c1");
    assert_eq!(
        (p.from.as_deref(), p.to.as_deref()),
        (Some("e1"), Some("c1"))
    );
    assert_eq!(p.label, "castle");
    assert_eq!(parts_of(&kiwi, "e1f1").label, "");
    // Chess960-style castling is written king-takes-rook: to is the rook's cell,
    // while the king's ordinary step to g1 keeps its own parts.
    let c960 = Chess::from_fen("4k3/8/8/8/8/8/8/5K1R w H - 0 1").unwrap();
    let castle = parts_of(&c960, "f1h1");
    assert_eq!(
        (castle.from.as_deref(), castle.to.as_deref()),
        (Some("f1"), Some("h1"))
    );
    assert_eq!(castle.label, "castle");
    assert_eq!(parts_of(&c960, "f1g1").to.as_deref(), Some("g1"));
    let ep =
        Chess::from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3").unwrap();
    let p = parts_of(&ep, "e5f6");
    assert_eq!(
        (p.to.as_deref(), p.label.as_str()),
        (Some("f6"), "en passant")
    );
}

#[test]
fn checked_royals_name_the_king_in_check() {
    assert!(Chess::startpos().checked_royals().is_empty());
    // Fool's mate: the white king on e1 is in check.
    let mate: Chess = play(START, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(mate.checked_royals(), vec!["e1".to_string()]);
    let zh: Crazyhouse = play(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        &["f2f3", "e7e5", "g2g4", "d8h4"],
    );
    assert_eq!(zh.checked_royals(), vec!["e1".to_string()]);
    // Atomic: a rook checks the king on e8 from e1 ...
    let atomic = Atomic::from_fen("4k3/8/8/8/8/8/8/K3R3 b - - 0 1").unwrap();
    assert_eq!(atomic.checked_royals(), vec!["e8".to_string()]);
    // ... but touching kings are never in check.
    let touching = Atomic::from_fen("3r4/8/8/8/8/3k4/3K4/8 w - - 0 1").unwrap();
    assert!(touching.checked_royals().is_empty());
    // The same rook on a chess board does check.
    let chess = Chess::from_fen("4k3/8/8/8/8/8/8/K3R3 b - - 0 1").unwrap();
    assert_eq!(chess.checked_royals(), vec!["e8".to_string()]);
}

/// Every move `gives_check` answers for, in every position two plies from `fen`,
/// agrees with making the move and asking `in_check`. Returns (answered, checks).
fn gives_check_agrees_with_making<P: Position>(fen: &str) -> (usize, usize) {
    let mut answered = 0;
    let mut checks = 0;
    let root = P::from_fen(fen).unwrap();
    let mut frontier = vec![root];
    for _ in 0..3 {
        let mut next = Vec::new();
        for pos in &frontier {
            let mut moves = MoveList::new();
            pos.generate(GenKind::All, &mut moves);
            for &m in moves.iter() {
                let mut child = pos.clone();
                child.make(m);
                if let Some(predicted) = pos.gives_check(m) {
                    assert_eq!(
                        predicted,
                        child.in_check(),
                        "{} after {}",
                        pos.fen(),
                        pos.move_text(m)
                    );
                    answered += 1;
                    checks += predicted as usize;
                }
                if next.len() < 3000 {
                    next.push(child);
                }
            }
        }
        frontier = next;
    }
    (answered, checks)
}

#[test]
fn gives_check_matches_making_the_move() {
    let mut answered = 0;
    let mut checks = 0;
    for fen in [START, KIWIPETE, POSITION_3, POSITION_4, POSITION_5] {
        let (a, c) = gives_check_agrees_with_making::<Chess>(fen);
        answered += a;
        checks += c;
    }
    for fen in [ZH_TACTICAL, ZH_PROMOTED] {
        let (a, c) = gives_check_agrees_with_making::<Crazyhouse>(fen);
        answered += a;
        checks += c;
    }
    // The walk must have met both answers many times, or it proves nothing.
    assert!(
        answered > 10_000 && checks > 100,
        "{answered} answered, {checks} checks"
    );
    // Atomic never answers: explosions are made to find out.
    let pos = Atomic::from_fen(ATOMIC_TACTICAL).unwrap();
    let mut moves = MoveList::new();
    pos.generate(GenKind::All, &mut moves);
    assert!(moves.iter().all(|&m| pos.gives_check(m).is_none()));
}

/// `history_key` names a move by the man that moves (or is dropped) and where it
/// lands, and by nothing else: over every move of positions near several starts, two
/// moves share a key exactly when that man and destination are the same, and every
/// key is below 1024. The man is read from the board's cells and the move's text, not
/// from the code under test.
fn history_keys_name_man_and_destination<P: Position>(fen: &str) -> usize {
    use std::collections::HashMap;
    let root = P::from_fen(fen).unwrap();
    let mut frontier = vec![root];
    let mut compared = 0;
    for _ in 0..2 {
        let mut next = Vec::new();
        for pos in &frontier {
            let mut moves = MoveList::new();
            pos.generate(GenKind::All, &mut moves);
            let cells = pos.cell_pieces();
            let mut seen: HashMap<u16, (char, u16)> = HashMap::new();
            for &m in moves.iter() {
                let text = pos.move_text(m);
                let man = match text.split_once('@') {
                    // A drop names its man by letter, in the mover's case.
                    Some((letter, _)) => {
                        let c = letter.chars().next().unwrap();
                        if pos.side_to_move() == Side::White {
                            c.to_ascii_uppercase()
                        } else {
                            c.to_ascii_lowercase()
                        }
                    }
                    None => cells[m.from() as usize].expect("a man on the origin"),
                };
                let key = pos
                    .history_key(m)
                    .expect("the chess family names its moves");
                assert!(key < 1024, "{} in {}", text, pos.fen());
                if let Some(&other) = seen.get(&key) {
                    assert_eq!(other, (man, m.to()), "{} in {}", text, pos.fen());
                }
                for (&k, &named) in &seen {
                    if named == (man, m.to()) {
                        assert_eq!(k, key, "{} in {}", text, pos.fen());
                    }
                }
                seen.insert(key, (man, m.to()));
                compared += 1;
                let mut child = pos.clone();
                child.make(m);
                if next.len() < 400 {
                    next.push(child);
                }
            }
        }
        frontier = next;
    }
    compared
}

#[test]
fn history_key_names_the_moving_man_and_its_destination() {
    let mut compared = 0;
    for fen in [START, KIWIPETE, POSITION_4] {
        compared += history_keys_name_man_and_destination::<Chess>(fen);
    }
    compared += history_keys_name_man_and_destination::<Crazyhouse>(ZH_TACTICAL);
    compared += history_keys_name_man_and_destination::<Atomic>(ATOMIC_TACTICAL);
    assert!(compared > 5_000, "{compared} moves compared");
}
