//! Live progress: an indicatif bar on stderr (only when stderr is a terminal) and,
//! when asked, one line per finished game on stdout.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

pub struct Progress {
    bar: ProgressBar,
    print_lines: bool,
}

impl Progress {
    /// `report`: print per-game lines and show the bar (if stderr is a terminal).
    pub fn new(total: u64, report: bool) -> Progress {
        let bar = if report && std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            let style = ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} games  {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar
        } else {
            ProgressBar::hidden()
        };
        Progress {
            bar,
            print_lines: report,
        }
    }

    /// Prints a line on stdout without tearing the bar.
    pub fn line(&self, text: &str) {
        if self.print_lines {
            self.bar.suspend(|| println!("{text}"));
        }
    }

    /// One more game done; `status` is the bar's message (W/D/L, Elo, LLR).
    pub fn game_done(&self, status: String) {
        self.bar.inc(1);
        self.bar.set_message(status);
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
