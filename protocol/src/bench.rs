//! `bench`: a fixed set of positions from every variant, each searched
//! single-threaded to a fixed depth with a fresh table. The total node count is the
//! bench signature: identical on every run and machine while search and evaluation
//! behaviour are unchanged.

use crate::registry;
use std::time::Instant;

/// Bench positions: (variant, FEN or "startpos", depth).
pub const BENCH_POSITIONS: &[(&str, &str, u32)] = &[
    ("chess", "startpos", 11),
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        8,
    ),
    ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 15),
    ("crazyhouse", "startpos", 10),
    (
        "crazyhouse",
        "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
        9,
    ),
    ("atomic", "startpos", 11),
    ("parallelworlds", "startpos", 4),
    ("triplane", "startpos", 8),
    ("pentaplane", "startpos", 9),
    // The draft start only exercises the draft; this is the rules file's play example.
    (
        "pentaplane",
        "nskor/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/ROKSN w - - 0 1",
        8,
    ),
    ("platonic", "startpos", 7),
    ("geodesic", "startpos", 6),
    // A balanced middlegame from self-play (40 plies in), where the armies meet.
    (
        "geodesic",
        "Oa,Ob,Oc,ou,ov,ow,Kabc,Pabf,Pace,Pafx,pevz,kuvw,puwy,pvwx,Ra1b2,Ra1c2,Pa1e2,Pa1f2,Ra2b1,Ra2c1,Rb1c2,Pb1d2,Pb1f2,Tb1y2,Rb2c1,Pc1z2,Pd1z2,sd2u1,Te1z2,ru1v2,ru1w2,pu1y2,pu1z2,ru2v1,ru2w1,rv1w2,pv1x2,sv1z2,rv2w1,pw1x2,pw1y2,Sa1bf,Sa1ce,Pa1fx,Qa2bc,Sa2bf,Sa2ce,Pa2ex,Ta4bc,Pa4bf,Pa4ce,Sb1af,Sb1cd,Pb1dy,Pb1fy,Sb2af,Sb2cd,Tb4ac,Pb4cd,Sc1bd,Pc1dz,Sc1ez,Sc2ae,Sc2bd,Tc4ab,Pc4ae,Pc4bd,Pd1bc,Sd4bc,Te2ac,Se4ac,Pe4cz,tf1wx,Sf4ab,pu1dy,tu1vw,su1wy,qu2dz,su2vz,su2wy,pu4dz,tu4vw,pu4vz,pu4wy,pv1ex,sv1wx,tv2ex,sv2uz,sv2wx,tv4uw,pv4uz,pv4wx,pw1fx,pw1fy,sw1uy,sw1vx,sw2uy,sw2vx,qw4fx,tw4uv,pw4uy,pw4vx,sx4vw,sy4uw,Qz1ev,pz2ev,sz4uv w abf,ace,uwy,vwx,a1e2,a1f2,b1d2,b1f2,u1y2,u1z2,v1x2,w1x2,w1y2,a1fx,a4bf,a4ce,b1dy,b1fy,b4cd,c1dz,c4ae,c4bd,u1dy,u4vz,u4wy,v1ex,v4uz,v4wx,w1fx,w1fy,w4uy,w4vx - 2 21",
        6,
    ),
];

/// Bench depth of a file-defined variant's start position.
pub const FILE_VARIANT_DEPTH: u32 = 5;

/// Runs the bench; `depth` overrides every position's depth. Each output line goes
/// to `emit` as soon as it is known.
pub fn run(depth: Option<u32>, emit: &mut dyn FnMut(String)) {
    let mut out = |s: String| emit(s);
    let names = registry::names();
    let start = Instant::now();
    let mut total = 0u64;
    // File-defined variants (loaded with `--variants`) are benched from their start
    // positions after the built-in ones; without a variants file the list and the
    // signature are the built-in ones alone.
    let file_positions: Vec<(&str, &str, u32)> = engine::variants::defined::registry::names()
        .into_iter()
        .map(|n| (n, "startpos", FILE_VARIANT_DEPTH))
        .collect();
    for &(variant, fen, d) in BENCH_POSITIONS.iter().chain(&file_positions) {
        if !names.contains(&variant) {
            continue;
        }
        let session = registry::new_session(variant).expect("registered variant");
        let fen = if fen == "startpos" {
            session.game().info().start_fen
        } else {
            fen.to_string()
        };
        let d = depth.unwrap_or(d);
        let t = Instant::now();
        match session.bench(&fen, d) {
            Ok(nodes) => {
                total += nodes;
                out(format!(
                    "{variant} depth {d}: {nodes} nodes in {} ms ({fen})",
                    t.elapsed().as_millis()
                ));
            }
            Err(e) => out(format!("info string error: bench FEN '{fen}': {e}")),
        }
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    out(String::new());
    out(format!("Nodes searched: {total}"));
    out(format!("Nodes/second: {:.0}", total as f64 / secs));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bench_lines(depth: u32) -> Vec<String> {
        let mut lines = Vec::new();
        run(Some(depth), &mut |l| lines.push(l));
        lines
    }

    /// The signature is the bench's point: the same count on every run. Every bench
    /// position is searched (one line each) and none reports an error.
    #[test]
    fn bench_signature_is_repeatable_and_covers_every_position() {
        let first = bench_lines(3);
        let second = bench_lines(3);
        let signature = |lines: &[String]| {
            lines
                .iter()
                .find(|l| l.starts_with("Nodes searched: "))
                .cloned()
                .expect("signature line")
        };
        assert_eq!(signature(&first), signature(&second));
        assert!(!first.iter().any(|l| l.contains("error")));
        let searched = first.iter().filter(|l| l.contains(" depth 3: ")).count();
        assert_eq!(searched, BENCH_POSITIONS.len());
    }
}
