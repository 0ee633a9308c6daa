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

// ----- the GUI view (geometry, cell_pieces, hands, move_parts, checked_royals) -----

mod view_tests {
    use super::super::view::hand_index;
    use super::*;
    use crate::moves::MoveList;
    use crate::position::GenKind;
    use crate::view::{MoveKind, MoveParts};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::{HashMap, HashSet};

    /// A FEN's placement and holds read independently of `fen.rs`: cell name ->
    /// letter, and the bracket contents after boards B and C.
    fn read_fen(fen: &str) -> (HashMap<String, char>, [String; 2]) {
        let mut cells = HashMap::new();
        let mut holds = [String::new(), String::new()];
        let placement = fen.split_whitespace().next().unwrap();
        for (b, part) in placement.split('|').enumerate() {
            let (board, hold) = match part.find('[') {
                Some(i) => (&part[..i], part[i + 1..part.len() - 1].to_string()),
                None => (part, String::new()),
            };
            if b > 0 {
                holds[b - 1] = hold;
            }
            for (i, row) in board.split('/').enumerate() {
                let rank = 8 - i;
                let mut file = 0u8;
                for ch in row.chars() {
                    if let Some(d) = ch.to_digit(10) {
                        file += d as u8;
                    } else {
                        let name = format!("{}{}{}", BOARD_LETTERS[b], (b'a' + file) as char, rank);
                        cells.insert(name, ch);
                        file += 1;
                    }
                }
            }
        }
        (cells, holds)
    }

    fn legal_parts(p: &TriPlane) -> (MoveList, Vec<MoveParts>) {
        let mut list = MoveList::new();
        p.generate(GenKind::All, &mut list);
        let parts = list.iter().map(|&m| p.move_parts(m)).collect();
        (list, parts)
    }

    /// Checks one position's view against its FEN and its legal moves.
    fn check_view(p: &TriPlane, cell_names: &[String]) {
        let names: HashSet<&str> = cell_names.iter().map(|s| s.as_str()).collect();
        let fen = p.fen();
        let (fen_cells, fen_holds) = read_fen(&fen);
        let pieces = p.cell_pieces();
        assert_eq!(pieces.len(), cell_names.len());
        for (name, piece) in cell_names.iter().zip(&pieces) {
            assert_eq!(fen_cells.get(name).copied(), *piece, "{name} at {fen}");
        }
        let hands = p.hands();
        assert_eq!(hands.len(), 4);
        for (b, hold) in fen_holds.iter().enumerate() {
            for side in [Side::White, Side::Black] {
                let h = &hands[hand_index(b + 1, side)];
                let want: String = hold
                    .chars()
                    .filter(|c| c.is_ascii_uppercase() == (side == Side::White))
                    .collect();
                assert_eq!(h.pieces, want, "{} at {fen}", h.name);
                assert_eq!(h.side, side);
            }
        }
        let (list, parts) = legal_parts(p);
        for (i, (&m, mp)) in list.iter().zip(&parts).enumerate() {
            let text = p.move_text(m);
            let to = mp
                .to
                .as_deref()
                .expect("every Tri-Plane sub-move has a to-cell");
            assert!(names.contains(to), "{text}");
            // The notation writes the board letter once, then the squares.
            assert!(text.starts_with(&to[..1]), "{text} to {to}");
            match mp.kind {
                MoveKind::Drop => {
                    let (letter, hand) = (mp.drop.unwrap(), mp.hand.unwrap());
                    assert_eq!(text, format!("{}{}@{}", &to[..1], letter, &to[1..]));
                    let h = &hands[hand];
                    assert_eq!(h.side, p.side_to_move(), "{text}");
                    assert!(h.name.starts_with(&to[..1]), "{text} from {}", h.name);
                    let own = Piece::new(Kind::from_letter(letter).unwrap(), h.side).fen_char();
                    assert!(h.pieces.contains(own), "{text} from {}", h.pieces);
                    assert!(mp.from.is_none());
                }
                MoveKind::Move => {
                    let from = mp.from.as_deref().unwrap();
                    assert!(names.contains(from), "{text}");
                    assert!(text.starts_with(from), "{text} from {from}");
                    assert_eq!(&text[3..5], &to[1..], "{text} to {to}");
                    assert_eq!(
                        mp.promotion.map(|c| c.to_ascii_lowercase()),
                        text[5..].chars().next().filter(|&c| c != '>'),
                        "{text}"
                    );
                    if text.contains('>') {
                        assert!(mp.label.contains("split: "), "{text}: {}", mp.label);
                    }
                }
                k => panic!("unexpected kind {k:?} for {text}"),
            }
            for other in &parts[..i] {
                assert_ne!(mp, other, "two moves with the same parts at {fen}");
            }
        }
    }

    #[test]
    fn view_of_random_games_is_consistent() {
        let g = TriPlane::geometry();
        let cell_names: Vec<String> = g.cells.iter().map(|c| c.name.clone()).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(0x7472_6970_6c61);
        let (mut plies, mut drops, mut splits) = (0, 0, 0);
        for _ in 0..4 {
            let mut p = TriPlane::startpos();
            for _ in 0..120 {
                check_view(&p, &cell_names);
                let (list, parts) = legal_parts(&p);
                if list.is_empty() {
                    break;
                }
                let i = rng.gen_range(0..list.len());
                drops += (parts[i].kind == MoveKind::Drop) as u32;
                splits += parts[i].label.contains("split") as u32;
                p.make(list[i]);
                plies += 1;
            }
        }
        assert!(plies >= 300, "only {plies} plies");
        assert!(drops > 0 && splits > 0, "{drops} drops, {splits} splits");
    }

    #[test]
    fn geometry_has_three_boards_four_holds_and_the_start_pieces_of_the_fen() {
        let g = TriPlane::geometry();
        let p = TriPlane::startpos();
        let panels: Vec<&str> = g.panels.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(panels, ["Board A", "Board B", "Board C"]);
        assert!(g.panels[0].x + g.panels[0].width < g.panels[1].x);
        assert_eq!(g.cells.len(), 192);
        let names: HashSet<&str> = g.cells.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names.len(), 192, "cell names are unique");
        let hands: Vec<&str> = g.hands.iter().map(|h| h.name.as_str()).collect();
        assert_eq!(
            hands,
            [
                "B hold White",
                "B hold Black",
                "C hold White",
                "C hold Black"
            ]
        );
        let pieces = p.cell_pieces();
        assert_eq!(pieces.len(), g.cells.len());
        let at = |name: &str| pieces[g.cells.iter().position(|c| c.name == name).unwrap()];
        let (fen_cells, _) = read_fen(&g.start_fen);
        for name in ["Ae1", "Ad8", "Ah2", "Be1", "Ce8", "Ce1", "Be4", "Aa3"] {
            assert_eq!(at(name), fen_cells.get(name).copied(), "{name}");
        }
        assert_eq!(at("Ae1"), Some('S'));
        assert_eq!(at("Be8"), Some('k'));
        assert_eq!(at("Cd1"), None);
        assert!(p.hands().iter().all(|h| h.pieces.is_empty()));
        let glyph = |l: char| g.pieces.iter().find(|p| p.letter == l).unwrap().glyph;
        assert_eq!(glyph('K'), Some("king"));
        assert_eq!(glyph('N'), Some("knight"));
        for l in ['S', 'W', 'D', 'F', 'E', 'X'] {
            assert_eq!(glyph(l), None, "{l}");
        }
        assert!(p.checked_royals().is_empty());
    }

    #[test]
    fn split_choices_and_promotions_have_distinct_readable_labels() {
        // Board A: the White rook on a1 can take the queen on a8; the pawn on b7
        // promotes by pushing to b8 or by taking the queen on a8 or the knight on c8.
        let fen =
            "q1n1s3/1P6/8/8/8/8/8/R3S3|4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a";
        let p = TriPlane::from_fen(fen).unwrap();
        let (_, parts) = legal_parts(&p);
        let between = |from: &str, to: &str| -> Vec<&MoveParts> {
            parts
                .iter()
                .filter(|mp| mp.from.as_deref() == Some(from) && mp.to.as_deref() == Some(to))
                .collect()
        };
        let rook: Vec<&str> = between("Aa1", "Aa8")
            .iter()
            .map(|mp| mp.label.as_str())
            .collect();
        assert_eq!(
            rook,
            [
                "split: rook to B, bishop to C",
                "split: bishop to B, rook to C"
            ]
        );
        let take_queen = between("Ab7", "Aa8");
        assert_eq!(take_queen.len(), 8, "4 promotions x 2 splits");
        let labels: HashSet<&str> = take_queen.iter().map(|mp| mp.label.as_str()).collect();
        assert_eq!(labels.len(), 8);
        assert!(labels.contains("promote to knight, split: bishop to B, rook to C"));
        let take_knight = between("Ab7", "Ac8");
        assert_eq!(
            take_knight.len(),
            4,
            "a knight splits into two knights: no choice"
        );
        assert!(take_knight
            .iter()
            .all(|mp| mp.label.ends_with("split: knight to B, knight to C")));
        let push: Vec<Option<char>> = between("Ab7", "Ab8")
            .iter()
            .map(|mp| mp.promotion)
            .collect();
        assert_eq!(push, [Some('Q'), Some('R'), Some('B'), Some('N')]);
    }

    #[test]
    fn drops_come_from_the_right_hold_and_kings_in_check_are_named() {
        // Step B; White holds P and W for B, Black a War Machine; a black queen on
        // Be4 checks White's B king; a white pawn on Cb7 is one step from DeadWood.
        let fen =
            "4s3/8/8/8/8/8/8/4S3|4k3/8/8/8/4q3/8/8/4K3[PWd]|4k3/1P6/8/8/8/8/8/4K3[Fe] w - - 0 1 b";
        let mut p = TriPlane::from_fen(fen).unwrap();
        assert_eq!(p.checked_royals(), ["Be1"]);
        let hands = p.hands();
        let contents: Vec<&str> = hands.iter().map(|h| h.pieces.as_str()).collect();
        assert_eq!(contents, ["PW", "d", "F", "e"]);
        let (list, parts) = legal_parts(&p);
        // In check: only the blocking drops on e2, e3 (and king moves) are legal.
        let drops: Vec<(char, usize, &str)> = parts
            .iter()
            .filter(|mp| mp.kind == MoveKind::Drop)
            .map(|mp| {
                (
                    mp.drop.unwrap(),
                    mp.hand.unwrap(),
                    mp.to.as_deref().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            drops,
            [
                ('P', 0, "Be2"),
                ('P', 0, "Be3"),
                ('W', 0, "Be2"),
                ('W', 0, "Be3")
            ]
        );
        let m = list[parts
            .iter()
            .position(|mp| mp.to.as_deref() == Some("Be3"))
            .unwrap()];
        p.make(m);
        assert!(p.checked_royals().is_empty());
        // Step C: the pawn's step to the last rank turns it into DeadWood.
        let (_, parts) = legal_parts(&p);
        let to_b8 = parts
            .iter()
            .find(|mp| mp.from.as_deref() == Some("Cb7") && mp.to.as_deref() == Some("Cb8"))
            .unwrap();
        assert_eq!(to_b8.label, "becomes deadwood");
        assert_eq!(to_b8.promotion, None);
        let ferz: Vec<usize> = parts
            .iter()
            .filter(|mp| mp.drop == Some('F'))
            .map(|mp| mp.hand.unwrap())
            .collect();
        assert_eq!(ferz.len(), 64 - 3);
        assert!(ferz.iter().all(|&h| h == hand_index(2, Side::White)));
        assert!(
            parts.iter().all(|mp| mp.drop != Some('E')),
            "Black's Elephant is not White's"
        );
    }
}
