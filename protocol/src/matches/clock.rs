//! Time controls and the runner's clocks. The runner, not the engine, keeps time:
//! it measures from sending `go` to reading `bestmove`, charges that to the side
//! whose turn it is, adds the increment when the turn is complete, and adjudicates
//! a time loss.

use engine::Side;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How long an engine may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// A game clock: base time and increment per turn, in milliseconds.
    Clock { base_ms: u64, inc_ms: u64 },
    /// A fixed time per request (`go movetime`).
    MoveTime(u64),
    /// A node budget per request (`go nodes`).
    Nodes(u64),
    /// A depth per request (`go depth`).
    Depth(u32),
}

impl Limit {
    /// Whether exceeding the limit loses on time (as opposed to being a hang).
    pub fn is_timed(&self) -> bool {
        matches!(self, Limit::Clock { .. } | Limit::MoveTime(_))
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Limit::Clock { base_ms, inc_ms } => {
                write!(f, "{}+{}", fmt_secs(base_ms), fmt_secs(inc_ms))
            }
            Limit::MoveTime(ms) => write!(f, "movetime {ms} ms"),
            Limit::Nodes(n) => write!(f, "nodes {n}"),
            Limit::Depth(d) => write!(f, "depth {d}"),
        }
    }
}

fn fmt_secs(ms: u64) -> String {
    if ms % 1000 == 0 {
        format!("{}", ms / 1000)
    } else {
        let s = format!("{:.3}", ms as f64 / 1000.0);
        s.trim_end_matches('0').to_string()
    }
}

/// Parses a number of seconds (`10`, `0.1`, `2.5`) into milliseconds.
fn parse_secs(s: &str) -> Result<u64, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("bad number of seconds '{s}'"))?;
    if !(v.is_finite() && v >= 0.0) {
        return Err(format!("bad number of seconds '{s}'"));
    }
    Ok((v * 1000.0).round() as u64)
}

/// A time control as written on the command line: `BASE[+INC]` in seconds, e.g.
/// `10+0.1`, `60`, `0.5+0.05`. A clock is the only thing `--tc` describes.
impl FromStr for Limit {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let (base, inc) = match s.split_once('+') {
            Some((b, i)) => (parse_secs(b)?, parse_secs(i)?),
            None => (parse_secs(s)?, 0),
        };
        if base == 0 {
            return Err(format!("time control '{s}' has no base time"));
        }
        Ok(Limit::Clock {
            base_ms: base,
            inc_ms: inc,
        })
    }
}

/// What the runner concluded from one request's thinking time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charge {
    Ok,
    /// The side overstepped its time (clock below −margin, or movetime + margin).
    TimeForfeit,
}

/// Both sides' remaining time, in milliseconds (signed: a small overstep within the
/// margin leaves a negative clock that the next increment may repair).
#[derive(Clone, Debug)]
pub struct Clocks {
    limit: Limit,
    remaining_ms: [i64; 2],
    /// Tolerance before a time loss is declared, for pipe and scheduling latency.
    margin_ms: u64,
    /// For untimed limits (nodes, depth): how long a silent engine is waited for.
    hang_ms: u64,
}

impl Clocks {
    pub fn new(limit: Limit, margin_ms: u64, hang_ms: u64) -> Clocks {
        let base = match limit {
            Limit::Clock { base_ms, .. } => base_ms as i64,
            _ => 0,
        };
        Clocks {
            limit,
            remaining_ms: [base; 2],
            margin_ms,
            hang_ms,
        }
    }

    /// Whether running out of time loses (clock, movetime) rather than being a hang.
    pub fn timed(&self) -> bool {
        self.limit.is_timed()
    }

    pub fn remaining_ms(&self, side: Side) -> i64 {
        self.remaining_ms[side.index()]
    }

    /// The `go` command for the side to move.
    pub fn go_command(&self) -> String {
        match self.limit {
            Limit::Clock { inc_ms, .. } => format!(
                "go wtime {} btime {} winc {inc_ms} binc {inc_ms}",
                self.remaining_ms[0].max(0),
                self.remaining_ms[1].max(0)
            ),
            Limit::MoveTime(ms) => format!("go movetime {ms}"),
            Limit::Nodes(n) => format!("go nodes {n}"),
            Limit::Depth(d) => format!("go depth {d}"),
        }
    }

    /// How long to wait for `bestmove` before giving up on the engine.
    pub fn reply_timeout(&self, side: Side) -> Duration {
        let ms = match self.limit {
            Limit::Clock { .. } => self.remaining_ms[side.index()].max(0) as u64 + self.margin_ms,
            Limit::MoveTime(ms) => ms + self.margin_ms,
            Limit::Nodes(_) | Limit::Depth(_) => self.hang_ms,
        };
        Duration::from_millis(ms)
    }

    /// Charges `elapsed` to `side`.
    pub fn charge(&mut self, side: Side, elapsed: Duration) -> Charge {
        let ms = elapsed.as_millis() as i64;
        match self.limit {
            Limit::Clock { .. } => {
                let left = &mut self.remaining_ms[side.index()];
                *left -= ms;
                if *left < -(self.margin_ms as i64) {
                    Charge::TimeForfeit
                } else {
                    Charge::Ok
                }
            }
            Limit::MoveTime(limit) if ms as u64 > limit + self.margin_ms => Charge::TimeForfeit,
            _ => Charge::Ok,
        }
    }

    /// Adds the increment after `side` completed a turn. A clock left slightly
    /// negative by an overstep within the margin restarts from zero.
    pub fn complete_turn(&mut self, side: Side) {
        if let Limit::Clock { inc_ms, .. } = self.limit {
            let left = &mut self.remaining_ms[side.index()];
            *left = (*left).max(0) + inc_ms as i64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_time_controls() {
        assert_eq!(
            "10+0.1".parse::<Limit>(),
            Ok(Limit::Clock {
                base_ms: 10_000,
                inc_ms: 100
            })
        );
        assert_eq!(
            "60".parse::<Limit>(),
            Ok(Limit::Clock {
                base_ms: 60_000,
                inc_ms: 0
            })
        );
        assert_eq!(
            "0.5+0.05".parse::<Limit>(),
            Ok(Limit::Clock {
                base_ms: 500,
                inc_ms: 50
            })
        );
        assert!("abc".parse::<Limit>().is_err());
        assert!("0+1".parse::<Limit>().is_err());
        assert!("-5".parse::<Limit>().is_err());
        assert_eq!(
            Limit::Clock {
                base_ms: 10_000,
                inc_ms: 100
            }
            .to_string(),
            "10+0.1"
        );
    }

    #[test]
    fn clock_charges_and_increments() {
        let mut c = Clocks::new(
            Limit::Clock {
                base_ms: 1000,
                inc_ms: 100,
            },
            50,
            0,
        );
        assert_eq!(c.go_command(), "go wtime 1000 btime 1000 winc 100 binc 100");
        assert_eq!(
            c.charge(Side::White, Duration::from_millis(300)),
            Charge::Ok
        );
        c.complete_turn(Side::White);
        assert_eq!(c.remaining_ms(Side::White), 800);
        assert_eq!(c.reply_timeout(Side::White), Duration::from_millis(850));
        // An overstep within the margin is forgiven; beyond it, time is lost.
        assert_eq!(
            c.charge(Side::Black, Duration::from_millis(1040)),
            Charge::Ok
        );
        c.complete_turn(Side::Black);
        assert_eq!(c.remaining_ms(Side::Black), 100);
        assert_eq!(
            c.charge(Side::Black, Duration::from_millis(200)),
            Charge::TimeForfeit
        );
    }

    #[test]
    fn fixed_limits() {
        let c = Clocks::new(Limit::Nodes(5000), 50, 30_000);
        assert_eq!(c.go_command(), "go nodes 5000");
        assert_eq!(c.reply_timeout(Side::Black), Duration::from_secs(30));
        let mut m = Clocks::new(Limit::MoveTime(100), 50, 0);
        assert_eq!(m.go_command(), "go movetime 100");
        assert_eq!(
            m.charge(Side::White, Duration::from_millis(140)),
            Charge::Ok
        );
        assert_eq!(
            m.charge(Side::White, Duration::from_millis(151)),
            Charge::TimeForfeit
        );
        assert_eq!(
            Clocks::new(Limit::Depth(3), 0, 0).go_command(),
            "go depth 3"
        );
    }
}
