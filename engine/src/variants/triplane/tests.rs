//! Unit tests of the rule tables and the compiled movement.

use super::rules::*;
use super::tables::*;
use super::*;

#[test]
fn split_table_is_the_source_table() {
    use Kind::*;
    assert_eq!(split_components(Pawn), Some([Pawn, Pawn]));
    assert_eq!(split_components(Rook), Some([Wazir, WarMachine]));
    assert_eq!(split_components(Knight), Some([Knight, Knight]));
    assert_eq!(split_components(Bishop), Some([Ferz, Elephant]));
    assert_eq!(split_components(Queen), Some([Rook, Bishop]));
    assert_eq!(split_components(SplitPhase), Some([Queen, Queen]));
    assert_eq!(split_components(King), None);
    let choosers: Vec<Kind> = Kind::ALL
        .iter()
        .copied()
        .filter(|&k| split_has_choice(k))
        .collect();
    assert_eq!(choosers, [Bishop, Rook, Queen]);
    assert_eq!(split_to_holds(Rook, true), Some((WarMachine, Wazir)));
}

#[test]
fn letters_and_hold_order() {
    let letters: String = HOLD_KINDS.iter().map(|k| k.letter()).collect();
    assert_eq!(letters, "PNBRQWDFE");
    for k in Kind::ALL {
        assert_eq!(Kind::from_letter(k.letter()), Some(k));
        assert_eq!(Kind::from_letter(k.letter().to_ascii_lowercase()), Some(k));
    }
    assert_eq!(Kind::from_letter('Z'), None);
    assert!(!BOARD_A_KINDS.contains(&Kind::King) && !BOARD_BC_KINDS.contains(&Kind::SplitPhase));
    assert!(!A_PROMOTION_KINDS.contains(&Kind::SplitPhase));
}

/// Destinations on an empty board, summed over the 64 cells of one board:
/// W 4*56 = 224, F 4*49 = 196, D 4*48 = 192, E 4*36 = 144, N 336, K 420.
#[test]
fn compiled_movement_counts_on_an_empty_board() {
    let t = tables();
    let count = |k: Kind| {
        let mut n = 0;
        for c in 64..128u16 {
            t.moves(k)
                .walk(c, |_| crate::movement::Square::Empty, |_, _| n += 1);
        }
        n
    };
    assert_eq!(count(Kind::Wazir), 224);
    assert_eq!(count(Kind::Ferz), 196);
    assert_eq!(count(Kind::WarMachine), 192);
    assert_eq!(count(Kind::Elephant), 144);
    assert_eq!(count(Kind::Knight), 336);
    assert_eq!(count(Kind::King), 420);
    assert_eq!(count(Kind::DeadWood), 0);
    assert_eq!(t.topo.name(cell_of(2, 4, 3)), "Ce4");
}

#[test]
fn move_texts_of_every_kind() {
    let p = TriPlane::startpos();
    let t = tables();
    let c = |n: &str| t.topo.cell_by_name(n).unwrap();
    assert_eq!(p.move_text(Move::new(c("Ae2"), c("Ae4"), 0)), "Ae2e4");
    assert_eq!(
        p.move_text(Move::new(
            Move::HAND,
            c("Bf3"),
            FLAG_DROP | Kind::Knight as u16
        )),
        "BN@f3"
    );
    assert_eq!(
        p.move_text(Move::new(
            c("Ae7"),
            c("Ae8"),
            FLAG_PROMOTION | Kind::Queen as u16
        )),
        "Ae7e8q"
    );
}
