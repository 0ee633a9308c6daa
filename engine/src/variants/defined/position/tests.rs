//! Tests: definitions built in Rust (independent of the loader), checked against
//! the published perft counts of `shared/perft/`, random playouts (keys, FEN round
//! trips, move texts) on every board shape, and Glinski's published move count.

use super::*;
use crate::movement::Mode;
use crate::perft::perft;
use crate::topology::{Vector, KING_2D};

fn atom(vectors: &[Vector], travel: Travel, mode: Mode, initial: bool) -> Atom {
    Atom {
        vectors: vectors.to_vec(),
        travel,
        mode,
        initial,
    }
}

fn ride(v: &[Vector]) -> Atom {
    atom(
        v,
        Travel::Ride { min: 1, max: 0 },
        Mode::MoveOrCapture,
        false,
    )
}

fn step(v: &[Vector], mode: Mode) -> Atom {
    atom(v, Travel::Ride { min: 1, max: 1 }, mode, false)
}

fn leap(v: &[Vector]) -> Atom {
    atom(v, Travel::Leap, Mode::MoveOrCapture, false)
}

fn piece(letter: char, name: &str, atoms: Vec<Atom>) -> PieceDef {
    PieceDef {
        letter,
        name: name.to_string(),
        atoms,
        royal: letter == 'K',
        en_passant: letter == 'P',
        value: None,
        notation: String::new(),
    }
}

fn rules() -> Rules {
    Rules {
        initial_ranks: vec![2],
        en_passant: true,
        draws: Draws {
            move_counter: 100,
            repetition: 3,
        },
        ..Rules::bare()
    }
}

fn make_def(
    name: &str,
    board: Board,
    pieces: Vec<PieceDef>,
    start: &str,
    rules: Rules,
) -> Arc<VariantDef> {
    let topology = board.topology(board.king_vectors());
    Arc::new(VariantDef::new(
        name.to_string(),
        name.to_string(),
        board,
        topology,
        pieces,
        start.to_string(),
        rules,
    ))
}

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const ORTH: [Vector; 4] = [[0, 1, 0], [1, 0, 0], [0, -1, 0], [-1, 0, 0]];
const DIAG: [Vector; 4] = [[1, 1, 0], [1, -1, 0], [-1, -1, 0], [-1, 1, 0]];
const KNIGHT: [Vector; 8] = crate::topology::KNIGHT_2D;

/// Chess pieces, kinds K Q R B N P (0..6).
fn chess_pieces() -> Vec<PieceDef> {
    vec![
        piece('K', "king", vec![step(&KING_2D, Mode::MoveOrCapture)]),
        piece('Q', "queen", vec![ride(&KING_2D)]),
        piece('R', "rook", vec![ride(&ORTH)]),
        piece('B', "bishop", vec![ride(&DIAG)]),
        piece('N', "knight", vec![leap(&KNIGHT)]),
        piece(
            'P',
            "pawn",
            vec![
                step(&[[0, 1, 0]], Mode::MoveOnly),
                atom(
                    &[[0, 1, 0]],
                    Travel::Ride { min: 2, max: 2 },
                    Mode::MoveOnly,
                    true,
                ),
                step(&[[1, 1, 0], [-1, 1, 0]], Mode::CaptureOnly),
            ],
        ),
    ]
}

fn chess_rules() -> Rules {
    Rules {
        castling: Some(Castling {
            rook: 2,
            king_files: [6, 2],
        }),
        promotion: Some(Promotion {
            kinds: vec![5],
            ranks: vec![8],
            choices: vec![1, 2, 3, 4],
            mandatory: true,
            cells: Vec::new(),
        }),
        ..rules()
    }
}

fn chess() -> Arc<VariantDef> {
    make_def(
        "chess-file",
        Board::Grid {
            width: 8,
            height: 8,
        },
        chess_pieces(),
        CHESS_START,
        chess_rules(),
    )
}

fn crazyhouse() -> Arc<VariantDef> {
    let rules = Rules {
        drops: Some(Drops {
            captures_to_hand: true,
            forbidden_ranks: vec![(5, vec![1, 8])],
        }),
        ..chess_rules()
    };
    make_def(
        "crazyhouse-file",
        Board::Grid {
            width: 8,
            height: 8,
        },
        chess_pieces(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        rules,
    )
}

fn atomic() -> Arc<VariantDef> {
    let rules = Rules {
        explosion: Some(Explosion {
            radius: 1,
            immune: vec![5],
        }),
        ..chess_rules()
    };
    make_def(
        "atomic-file",
        Board::Grid {
            width: 8,
            height: 8,
        },
        chess_pieces(),
        CHESS_START,
        rules,
    )
}

/// A Raumschach-like 5x5x5 game: rook (6 orthogonals), bishop (12 two-axis
/// diagonals), unicorn (8 triagonals), queen (all three), knight (24 leaps), king
/// (26 steps), pawns moving forward or up and capturing diagonally forward/up.
fn raumschach() -> Arc<VariantDef> {
    let mut orth = Vec::new();
    let mut diag = Vec::new();
    let mut tri = Vec::new();
    let mut all = Vec::new();
    let mut knight = Vec::new();
    for dz in -2i8..=2 {
        for dy in -2i8..=2 {
            for dx in -2i8..=2 {
                let v = [dx, dy, dz];
                let a: Vec<i8> = v.iter().map(|c| c.abs()).collect();
                let nz = a.iter().filter(|&&c| c != 0).count();
                let mut sorted = a.clone();
                sorted.sort();
                if sorted == [0, 1, 2] {
                    knight.push(v);
                }
                if a.iter().any(|&c| c > 1) || nz == 0 {
                    continue;
                }
                all.push(v);
                match nz {
                    1 => orth.push(v),
                    2 => diag.push(v),
                    _ => tri.push(v),
                }
            }
        }
    }
    let queen: Vec<Vector> = all.clone();
    let pieces = vec![
        piece('K', "king", vec![step(&all, Mode::MoveOrCapture)]),
        piece('Q', "queen", vec![ride(&queen)]),
        piece('R', "rook", vec![ride(&orth)]),
        piece('B', "bishop", vec![ride(&diag)]),
        piece('U', "unicorn", vec![ride(&tri)]),
        piece('N', "knight", vec![leap(&knight)]),
        piece(
            'P',
            "pawn",
            vec![
                step(&[[0, 1, 0], [0, 0, 1]], Mode::MoveOnly),
                step(
                    &[[1, 1, 0], [-1, 1, 0], [0, 1, 1], [1, 0, 1], [-1, 0, 1]],
                    Mode::CaptureOnly,
                ),
            ],
        ),
    ];
    let rules = Rules {
        initial_ranks: vec![],
        initial_cells: Vec::new(),
        no_pieces: NoMoveResult::Loss,
        promotion: Some(Promotion {
            kinds: vec![6],
            ranks: vec![5],
            choices: vec![1, 2, 3, 4, 5],
            mandatory: true,
            cells: Vec::new(),
        }),
        ..rules()
    };
    make_def(
        "raumschach-file",
        Board::Levels {
            width: 5,
            height: 5,
            levels: 5,
        },
        pieces,
        "5/5/5/PPPPP/RNKNR|5/5/5/PPPPP/BUQBU|5/5/5/5/5|buqbu/ppppp/5/5/5|rnknr/ppppp/5/5/5 w - - 0 1",
        rules,
    )
}

/// Three 5x5 boards, kings on board A only, two sub-moves a turn: the first ends
/// on board A or B, the second on B or C; a turn may stop after one sub-move.
fn three_boards() -> Arc<VariantDef> {
    let pieces = vec![
        piece('K', "king", vec![step(&KING_2D, Mode::MoveOrCapture)]),
        piece('R', "rook", vec![ride(&ORTH)]),
        piece('B', "bishop", vec![ride(&DIAG)]),
        piece('N', "knight", vec![leap(&KNIGHT)]),
        piece(
            'P',
            "pawn",
            vec![
                step(&[[0, 1, 0]], Mode::MoveOnly),
                step(&[[1, 1, 0], [-1, 1, 0]], Mode::CaptureOnly),
            ],
        ),
    ];
    let rules = Rules {
        initial_ranks: vec![],
        initial_cells: Vec::new(),
        no_pieces: NoMoveResult::Loss,
        promotion: Some(Promotion {
            kinds: vec![4],
            ranks: vec![5],
            choices: vec![1, 2, 3],
            mandatory: true,
            cells: Vec::new(),
        }),
        turn: Turn {
            moves: 2,
            end_on: vec![vec![0, 1], vec![1, 2]],
            may_stop_early: true,
        },
        ..rules()
    };
    make_def(
        "threeboards-file",
        Board::Boards {
            width: 5,
            height: 5,
            boards: 3,
        },
        pieces,
        "rnkbr/ppppp/5/PPPPP/RNKBR|rnbnr/ppppp/5/PPPPP/RNBNR|rnbnr/ppppp/5/PPPPP/RNBNR w - - 0 1 0",
        rules,
    )
}

const GLINSKI_START: &str =
    "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1";

fn glinski() -> Arc<VariantDef> {
    let orth: Vec<Vector> = vec![
        [0, 1, 0],
        [1, 1, 0],
        [1, 0, 0],
        [0, -1, 0],
        [-1, -1, 0],
        [-1, 0, 0],
    ];
    let diag: Vec<Vector> = vec![
        [1, 2, 0],
        [2, 1, 0],
        [1, -1, 0],
        [-1, -2, 0],
        [-2, -1, 0],
        [-1, 1, 0],
    ];
    // Knight: two orthogonal steps, then one orthogonal step at 60 degrees.
    let mut knight = Vec::new();
    for i in 0..6 {
        for j in [(i + 1) % 6, (i + 5) % 6] {
            let (a, b) = (orth[i], orth[j]);
            knight.push([2 * a[0] + b[0], 2 * a[1] + b[1], 0]);
        }
    }
    let all: Vec<Vector> = orth.iter().chain(diag.iter()).copied().collect();
    let pieces = vec![
        piece('K', "king", vec![step(&all, Mode::MoveOrCapture)]),
        piece('Q', "queen", vec![ride(&all)]),
        piece('R', "rook", vec![ride(&orth)]),
        piece('B', "bishop", vec![ride(&diag)]),
        piece('N', "knight", vec![leap(&knight)]),
        piece(
            'P',
            "pawn",
            vec![
                step(&[[0, 1, 0]], Mode::MoveOnly),
                atom(
                    &[[0, 1, 0]],
                    Travel::Ride { min: 2, max: 2 },
                    Mode::MoveOnly,
                    true,
                ),
                step(&[[-1, 0, 0], [1, 1, 0]], Mode::CaptureOnly),
            ],
        ),
    ];
    let rules = Rules {
        // Every white pawn starts on one of ranks 1..5 of its file and cannot
        // move backwards, so these ranks hold exactly the start cells at the
        // start (later, a pawn that stays in them keeps its double step).
        initial_ranks: vec![1, 2, 3, 4, 5],
        initial_cells: Vec::new(),
        no_pieces: NoMoveResult::Loss,
        promotion: Some(Promotion {
            kinds: vec![5],
            ranks: vec![11],
            choices: vec![1, 2, 3, 4],
            mandatory: true,
            cells: Vec::new(),
        }),
        ..rules()
    };
    make_def(
        "glinski-file",
        Board::Hex { side: 6 },
        pieces,
        GLINSKI_START,
        rules,
    )
}

/// The shared random-playout checks (`testkit`), plus the GUI's view of every
/// move and cell; returns (positions checked, games ended).
fn playouts(start: &FileVariant, seed: u64, games: usize, plies: usize) -> (usize, usize) {
    crate::testkit::random_playouts_with(start, seed, games, plies, |pos: &FileVariant| {
        let mut all = MoveList::new();
        pos.generate(GenKind::All, &mut all);
        for &m in &all {
            let _ = pos.move_parts(m);
        }
        assert_eq!(pos.cell_pieces().len(), pos.def.topology.num_cells());
    })
}

/// Runs the lines of a perft file for `variant` with at most `budget` nodes
/// against `def`. Returns (lines run, lines whose FEN this variant does not
/// accept).
fn run_perft_file(def: &Arc<VariantDef>, file: &str, variant: &str, budget: u64) -> (usize, usize) {
    let path = crate::shared_dir().join("perft").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (mut run, mut rejected) = (0, 0);
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split(';').collect();
        assert_eq!(f.len(), 4, "bad line {line}");
        if f[0] != variant {
            continue;
        }
        let depth: u32 = f[2].parse().unwrap();
        let nodes: u64 = f[3].parse().unwrap();
        let pos = match FileVariant::from_fen_in(def.clone(), f[1]) {
            Ok(p) => p,
            Err(_) => {
                rejected += 1;
                continue;
            }
        };
        assert_eq!(pos.fen(), f[1], "FEN differs from the published one");
        if nodes > budget {
            continue;
        }
        assert_eq!(perft(&pos, depth), nodes, "{line}");
        run += 1;
    }
    (run, rejected)
}

const BUDGET: u64 = 2_000_000;

#[test]
fn chess_perft_files() {
    let def = chess();
    for file in ["chess_cpw.perft", "chess_tricky.perft", "chess_misc.perft"] {
        let (run, rejected) = run_perft_file(&def, file, "chess", BUDGET);
        assert!(run > 0, "{file}");
        assert_eq!(rejected, 0, "{file}");
    }
}

#[test]
fn crazyhouse_perft_file() {
    // Five lines use the older "9th rank" holdings notation (`.../8/Qn w`,
    // `.../Kpp5/8/ b`), which the variants-file FEN does not accept.
    let (run, rejected) = run_perft_file(&crazyhouse(), "crazyhouse.perft", "crazyhouse", BUDGET);
    assert!(run >= 10);
    assert_eq!(rejected, 5);
}

#[test]
fn atomic_perft_file() {
    let (run, rejected) = run_perft_file(&atomic(), "atomic.perft", "atomic", BUDGET);
    assert!(run >= 10);
    assert_eq!(rejected, 0);
}

#[test]
#[ignore = "every line of the perft files, deep ones included (minutes)"]
fn perft_files_complete() {
    for file in ["chess_cpw.perft", "chess_tricky.perft", "chess_misc.perft"] {
        run_perft_file(&chess(), file, "chess", 2_000_000_000);
    }
    run_perft_file(
        &crazyhouse(),
        "crazyhouse.perft",
        "crazyhouse",
        2_000_000_000,
    );
    run_perft_file(&atomic(), "atomic.perft", "atomic", 2_000_000_000);
}

#[test]
fn glinski_start_has_51_moves() {
    let pos = FileVariant::start(glinski()).unwrap();
    let topo = &pos.def.topology;
    // The setup as published, cell by cell.
    let white = [
        ("g1", 'K'),
        ("e1", 'Q'),
        ("c1", 'R'),
        ("i1", 'R'),
        ("f1", 'B'),
        ("f2", 'B'),
        ("f3", 'B'),
        ("d1", 'N'),
        ("h1", 'N'),
        ("b1", 'P'),
        ("c2", 'P'),
        ("d3", 'P'),
        ("e4", 'P'),
        ("f5", 'P'),
        ("g4", 'P'),
        ("h3", 'P'),
        ("i2", 'P'),
        ("k1", 'P'),
    ];
    let black = [
        ("g10", 'K'),
        ("e10", 'Q'),
        ("c8", 'R'),
        ("i8", 'R'),
        ("f11", 'B'),
        ("f10", 'B'),
        ("f9", 'B'),
        ("d9", 'N'),
        ("h9", 'N'),
        ("b7", 'P'),
        ("c7", 'P'),
        ("d7", 'P'),
        ("e7", 'P'),
        ("f7", 'P'),
        ("g7", 'P'),
        ("h7", 'P'),
        ("i7", 'P'),
        ("k7", 'P'),
    ];
    for (side, list) in [(Side::White, &white), (Side::Black, &black)] {
        for &(cell, letter) in list.iter() {
            let c = topo.cell_by_name(cell).unwrap();
            let (s, k) = pos.piece_at(c).unwrap_or_else(|| panic!("{cell} empty"));
            assert_eq!((s, pos.def.pieces[k].letter), (side, letter), "{cell}");
        }
    }
    assert_eq!(pos.cell_pieces().iter().flatten().count(), 36);
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    assert_eq!(list.len(), 51);
    // Black has the mirrored position, so as many moves.
    let black_to_move = pos
        .variant_from_fen(&GLINSKI_START.replace(" w ", " b "))
        .unwrap();
    assert_eq!(perft(&black_to_move, 1), 51);
}

#[test]
fn random_playouts_keep_keys_and_fens() {
    let defs = [
        chess(),
        crazyhouse(),
        atomic(),
        raumschach(),
        three_boards(),
        glinski(),
    ];
    for (i, def) in defs.iter().enumerate() {
        let start = FileVariant::start(def.clone()).unwrap_or_else(|e| panic!("{}: {e}", def.name));
        let (checked, _) = playouts(&start, 1000 + i as u64, 6, 120);
        assert!(checked > 100, "{}", def.name);
    }
}

#[test]
fn multi_move_turns() {
    let start = FileVariant::start(three_boards()).unwrap();
    let mut list = MoveList::new();
    start.generate(GenKind::All, &mut list);
    // First sub-move: boards A and B only, no early end.
    assert!(!list.contains(&Move::END_TURN));
    assert!(list.iter().all(|&m| {
        let name = start.def.topology.name(m.to());
        name.starts_with('A') || name.starts_with('B')
    }));
    let mut pos = start.clone();
    pos.make(start.parse_move("Bb2Bb3").unwrap());
    assert_eq!(pos.side_to_move(), Side::White);
    assert!(!pos.is_turn_start());
    assert!(pos.fen().ends_with(" w - - 0 1 1"), "{}", pos.fen());
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    assert!(list.contains(&Move::END_TURN));
    assert!(list.iter().all(|&m| m == Move::END_TURN || {
        let name = pos.def.topology.name(m.to());
        name.starts_with('B') || name.starts_with('C')
    }));
    let mut ended = pos.clone();
    ended.make(Move::END_TURN);
    assert_eq!(ended.side_to_move(), Side::Black);
    assert!(ended.is_turn_start());
    pos.make(pos.parse_move("Cc2Cc3").unwrap());
    assert_eq!(pos.side_to_move(), Side::Black);
    assert_eq!(pos.key(), pos.compute_key());
}

#[test]
fn events_and_rules() {
    // Royal capture: taking the king wins at once and ends generation.
    let def = make_def(
        "rc",
        Board::Grid {
            width: 8,
            height: 8,
        },
        chess_pieces(),
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
        Rules {
            goal: Goal::RoyalCapture,
            ..chess_rules()
        },
    );
    let pos = FileVariant::from_fen_in(def.clone(), "4k3/8/8/8/8/8/8/4K2R b - - 0 1").unwrap();
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    // Moving into check is legal here: the king has all 5 steps.
    assert_eq!(list.len(), 5);
    let mut p = FileVariant::from_fen_in(def, "4k2R/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    p.make(p.parse_move("e8d8").unwrap());
    p.make(p.parse_move("h8d8").unwrap());
    assert_eq!(
        p.event_outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "royal piece captured"
        })
    );
    let mut l = MoveList::new();
    p.generate(GenKind::All, &mut l);
    assert!(l.is_empty());

    // Goal cells (king of the hill).
    let def = make_def(
        "koth",
        Board::Grid {
            width: 8,
            height: 8,
        },
        chess_pieces(),
        CHESS_START,
        Rules {
            goal_cells: Some(GoalCells {
                kinds: vec![0],
                cells: vec![27, 28, 35, 36],
                black_cells: vec![],
            }),
            ..chess_rules()
        },
    );
    let mut p = FileVariant::from_fen_in(def, "4k3/8/8/8/8/4K3/8/8 w - - 0 1").unwrap();
    p.make(p.parse_move("e3e4").unwrap());
    assert!(matches!(
        p.event_outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            ..
        })
    ));

    // Forced capture and extinction (giveaway-like): only captures when any.
    let def = make_def(
        "giveaway",
        Board::Grid {
            width: 8,
            height: 8,
        },
        chess_pieces(),
        CHESS_START,
        Rules {
            goal: Goal::Extinction { kinds: vec![] },
            stalemate: NoMoveResult::Win,
            forced_capture: true,
            ..chess_rules()
        },
    );
    let p = FileVariant::from_fen_in(def.clone(), "8/8/8/8/3p4/4P3/8/8 w - - 0 1").unwrap();
    let mut l = MoveList::new();
    p.generate(GenKind::All, &mut l);
    assert_eq!(
        l.iter().map(|&m| p.move_text(m)).collect::<Vec<_>>(),
        ["e3d4"]
    );
    let mut q = p.clone();
    q.make(l[0]);
    assert_eq!(
        q.event_outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "extinction"
        })
    );

    // Move counter and repetition limits come from the definition.
    let chess = FileVariant::start(chess()).unwrap();
    assert_eq!(chess.move_counter_limit(), 100);
    assert!(chess.variant_from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_ok());
    // The side not to move may not stand in check.
    assert!(chess
        .variant_from_fen("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1")
        .is_err());
}

#[test]
fn null_move_and_static_info() {
    let mut p = FileVariant::start(chess()).unwrap();
    assert!(p.make_null());
    assert_eq!(p.side_to_move(), Side::Black);
    assert_eq!(p.key(), p.compute_key());
    let mut kp = p
        .variant_from_fen("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1")
        .unwrap();
    assert!(!kp.make_null(), "king and pawns only: no pass");
    // The static functions answer for the placeholder definition.
    assert_eq!(FileVariant::info().name, "file-variant");
    let s = FileVariant::startpos();
    assert_eq!(s.fen(), "1 w - - 0 1");
    assert!(FileVariant::from_fen("garbage").is_err());
    let info = p.variant_info();
    assert_eq!(info.name, "chess-file");
    assert_eq!(info.pieces.len(), 6);
    // Leaked once per definition: the same pointer every time.
    assert!(std::ptr::eq(info.name, p.variant_info().name));
}

#[test]
fn bad_fens_are_errors() {
    let p = FileVariant::start(crazyhouse()).unwrap();
    for bad in [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[X] w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkqZ - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq z9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - x 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 7",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    ] {
        assert!(p.variant_from_fen(bad).is_err(), "{bad}");
    }
    // Three parts expected on three boards, one given.
    let tb = FileVariant::start(three_boards()).unwrap();
    assert!(tb.variant_from_fen("5/5/5/5/5 w - - 0 1 0").is_err());
    assert!(tb
        .variant_from_fen("5/5/5/5/5|5/5/5/5/5|5/5/5/5/5 w - - 0 1 2")
        .is_err());
}

#[test]
fn mobility_estimates() {
    let def = chess();
    assert!((empty_board_mobility(&def, 4) - 5.25).abs() < 1e-4);
    assert!((empty_board_mobility(&def, 2) - 14.0).abs() < 1e-4);
    let values = def.piece_values();
    assert_eq!(values[5], 100);
    assert!(values[1] > values[2] && values[2] > values[4]);
}

#[test]
#[ignore = "speed report: cargo test --release perft_speed -- --ignored --nocapture"]
fn perft_speed() {
    use crate::variants::chess::Chess;
    let file = FileVariant::start(chess()).unwrap();
    let builtin = Chess::startpos();
    for _ in 0..2 {
        let t0 = std::time::Instant::now();
        let a = perft(&file, 5);
        let ta = t0.elapsed().as_secs_f64();
        let t1 = std::time::Instant::now();
        let b = perft(&builtin, 5);
        let tb = t1.elapsed().as_secs_f64();
        assert_eq!(a, b);
        println!(
            "perft 5 = {a}: file-defined chess {:.1} M nodes/s ({ta:.2} s), built-in chess {:.1} M nodes/s ({tb:.2} s)",
            a as f64 / ta / 1e6,
            b as f64 / tb / 1e6
        );
    }
}

#[test]
fn static_exchange_counts_recaptures_and_x_rays() {
    let def = chess();
    // Values as the definition prices them (pawn 100: the pawn's en_passant rule).
    let values = def.piece_values().to_vec();
    let value = |letter: char| values[def.pieces.iter().position(|p| p.letter == letter).unwrap()];
    let see = |fen: &str, text: &str| {
        let pos = FileVariant::from_fen_in(def.clone(), fen).unwrap();
        let m = pos.parse_move(text).unwrap();
        pos.static_exchange(m)
            .expect("a plain capture has an exchange value")
    };
    // An undefended pawn.
    assert_eq!(see("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 100);
    // Defended by a pawn: pawn for pawn.
    assert_eq!(see("4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 0);
    // A queen takes a defended pawn and is lost.
    assert_eq!(
        see("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5"),
        100 - value('Q')
    );
    // Rook takes a pawn defended by a rook, with a second rook behind (x-ray):
    // RxP, RxR, RxR wins the pawn and a rook for a rook.
    assert_eq!(see("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
    // Without the second rook the first is lost for the pawn.
    assert_eq!(
        see("3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5"),
        100 - value('R')
    );
}
