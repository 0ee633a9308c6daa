//! `manifold gui` in a real browser: Debian's chromium, headless, driven through
//! chromedriver (WebDriver). Every test starts its own GUI server (which starts its
//! own engine) and browser, plays by clicking cells and buttons as a person would,
//! and saves a screenshot under target/gui-screenshots/.
//!
//! Needs `chromium` and `chromium-driver` (`.ci/run` installs them).

#[path = "support/fen_cells.rs"]
mod fen_cells;

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const LONG: Duration = Duration::from_secs(90);

struct Gui {
    server: Child,
    driver: Child,
    client: Client,
    url: String,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn chromedriver() -> PathBuf {
    for p in ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"] {
        if std::path::Path::new(p).exists() {
            return p.into();
        }
    }
    panic!("chromedriver not found: install Debian's chromium and chromium-driver (.ci/run does)");
}

impl Gui {
    async fn start() -> Gui {
        Self::start_with(&[]).await
    }

    /// Starts `manifold gui --port 0` with extra arguments, a chromedriver and a
    /// browser session on the page.
    async fn start_with(extra: &[&str]) -> Gui {
        let mut server = Command::new(env!("CARGO_BIN_EXE_manifold"))
            .args(["gui", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start manifold gui");
        let mut first = String::new();
        let mut out = BufReader::new(server.stdout.take().unwrap());
        out.read_line(&mut first)
            .expect("manifold gui prints its address");
        // Keep reading, so the server never writes into a closed pipe.
        std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
        let url = first
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in '{first}'"))
            .to_string();

        let port = free_port();
        let driver = Command::new(chromedriver())
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not listen");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": "/usr/bin/chromium",
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--disable-background-networking", "--disable-component-update",
                         "--disable-sync", "--no-first-run", "--disable-quic",
                         "--window-size=1500,1000"]
            }),
        );
        // A loaded machine starting many browsers at once can reset the first
        // connection to a fresh chromedriver: try a few times before failing.
        let mut attempt = 0;
        let client = loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector)
                .capabilities(caps.clone())
                .connect(&format!("http://127.0.0.1:{port}"))
                .await
            {
                Ok(c) => break c,
                Err(e) if attempt < 3 => {
                    attempt += 1;
                    eprintln!("WebDriver session attempt {attempt} failed: {e}; retrying");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                Err(e) => panic!("a WebDriver session with chromium: {e}"),
            }
        };
        let gui = Gui {
            server,
            driver,
            client,
            url,
        };
        gui.client.goto(&gui.url).await.expect("open the page");
        gui.wait("the engine and the first position", |s| {
            s["engineAlive"] == true && s["fen"].is_string()
        })
        .await;
        gui
    }

    async fn state(&self) -> Value {
        self.client
            .execute("return window.manifoldGui.state()", vec![])
            .await
            .expect("read the page's state")
    }

    async fn js(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}: {script}"))
    }

    /// Polls the page's state until it has no request to the engine outstanding and
    /// `ready` holds; panics with the state after LONG.
    async fn wait(&self, what: &str, ready: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + LONG;
        loop {
            let s = self.state().await;
            if s["pending"] == 0 && ready(&s) {
                return s;
            }
            if Instant::now() > deadline {
                let banner = self
                    .js("return document.getElementById('banner').textContent")
                    .await;
                panic!("timed out waiting for {what}; banner {banner}; state {s}");
            }
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    async fn click(&self, css: &str) {
        let e = self
            .client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"));
        e.click()
            .await
            .unwrap_or_else(|e| panic!("click {css}: {e}"));
    }

    /// Clicks the middle of a cell with the mouse. (chromedriver's element click
    /// places SVG elements by their user-space coordinates, ignoring the viewBox, so the
    /// point is computed by the page and clicked as a pointer action.)
    async fn click_cell(&self, name: &str) {
        let script = format!(
            "const p = document.querySelector(\"polygon.cell[data-cell='{name}']\");
             if (!p) return null;
             const r = p.getBoundingClientRect();
             const x = r.left + r.width / 2, y = r.top + r.height / 2;
             const hit = document.elementFromPoint(x, y);
             return hit === p ? [x, y] : [null, String(x) + ',' + String(y) + ' ' + (hit ? hit.outerHTML.slice(0, 200) : 'nothing')]"
        );
        let at = self.js(&script).await;
        let (Some(x), Some(y)) = (at[0].as_f64(), at[1].as_f64()) else {
            panic!("cell {name} is not drawn where it can be clicked: {at}");
        };
        self.mouse(&[(x, y)]).await;
    }

    /// Presses the mouse at the first point, moves through the others, and releases.
    async fn mouse(&self, path: &[(f64, f64)]) {
        let mut a = MouseActions::new("mouse".into()).then(PointerAction::MoveTo {
            duration: None,
            x: path[0].0,
            y: path[0].1,
        });
        a = a.then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        });
        for &(x, y) in &path[1..] {
            a = a.then(PointerAction::MoveTo {
                duration: Some(Duration::from_millis(20)),
                x,
                y,
            });
        }
        a = a.then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
        self.client.perform_actions(a).await.expect("mouse actions");
        self.client
            .release_actions()
            .await
            .expect("release actions");
    }

    async fn set_value(&self, id: &str, value: &str) {
        let script = format!(
            "const e = document.getElementById({id:?}); e.value = {value:?}; e.dispatchEvent(new Event('change')); return true"
        );
        self.js(&script).await;
    }

    /// Chooses the variant and waits for its start position.
    async fn choose_variant(&self, variant: &str) -> Value {
        self.set_value("movetime", "100").await;
        self.set_value("variant", variant).await;
        self.wait(&format!("{variant} to load"), |s| {
            s["variant"] == variant && s["moves"].as_array().is_some_and(|m| m.is_empty())
        })
        .await
    }

    /// The pieces drawn on the board, by cell.
    async fn drawn_pieces(&self) -> BTreeMap<String, char> {
        let v = self
            .js("return [...document.querySelectorAll('g[data-on]')].map(g => [g.dataset.on, g.dataset.piece])")
            .await;
        v.as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p[0].as_str().unwrap().to_string(),
                    p[1].as_str().unwrap().chars().next().unwrap(),
                )
            })
            .collect()
    }

    /// Plays one legal sub-move by clicking, as a person would, and waits until the
    /// page has it.
    async fn perform(&self, m: &Value) {
        let before = self.state().await["moves"].as_array().unwrap().len();
        let text = m["text"].as_str().unwrap();
        match m["kind"].as_str().unwrap() {
            "move" | "shot" => {
                self.click_cell(m["from"].as_str().unwrap()).await;
                self.click_cell(m["to"].as_str().unwrap()).await;
            }
            "drop" => {
                let css = format!(
                    "#hands button[data-hand='{}'][data-piece='{}']",
                    m["hand"],
                    m["drop"].as_str().unwrap()
                );
                self.click(&css).await;
                self.click_cell(m["to"].as_str().unwrap()).await;
            }
            _ => {
                self.click(&format!("#actions button[data-move='{text}']"))
                    .await
            }
        }
        let s = self.state().await;
        if s["choices"].is_array() {
            self.click(&format!("#actions button[data-move='{text}']"))
                .await;
        }
        let s = self
            .wait(&format!("the page to play {text}"), |s| {
                s["moves"].as_array().unwrap().len() > before
            })
            .await;
        assert_eq!(
            s["moves"][before], text,
            "the page played another move: {} before, {}",
            before, s["moves"]
        );
    }

    /// Plays the human's whole turn by clicks, one sub-move at a time (board moves
    /// before the end-turn button, so multi-move turns are played out). Returns the
    /// number of sub-moves played and the number of sub-moves in the game after them.
    async fn play_turn(&self) -> (usize, usize) {
        let s = self.wait("a settled position", |_| true).await;
        let side = s["side"].clone();
        let start = s["moves"].as_array().unwrap().len();
        let mut played = 0;
        loop {
            let s = self.wait("a settled position", |_| true).await;
            // The turn is over when the side changed, the game ended, or the engine
            // already answered (more moves than this turn's).
            let n = s["moves"].as_array().unwrap().len();
            if s["side"] != side || !s["result"].is_null() || n > start + played {
                return (played, start + played);
            }
            let legal = s["legalMoves"].as_array().unwrap().clone();
            assert!(!legal.is_empty(), "no legal move but no result: {s}");
            let m = pick(&legal);
            self.perform(&m).await;
            played += 1;
        }
    }

    /// Waits for the engine's answer: the human (White, the first player) to move again.
    async fn wait_for_engine(&self, moves_before: usize) -> Value {
        self.wait("the engine's answer", |s| {
            let n = s["moves"].as_array().unwrap().len();
            (!s["result"].is_null() || (s["side"] == "white" && n > moves_before))
                && s["thinking"] == false
        })
        .await
    }

    async fn screenshot(&self, name: &str) {
        let png = self.client.screenshot().await.expect("screenshot");
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("../gui-screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
    }

    /// Whether the page shows the same game: FEN and moves.
    async fn same(&self, before: &Value) {
        let s = self.state().await;
        assert_eq!(s["fen"], before["fen"], "the position changed");
        assert_eq!(s["moves"], before["moves"], "the moves changed");
    }

    async fn close(mut self) {
        let _ = self.client.close().await;
        let _ = self.server.kill();
        let _ = self.driver.kill();
        let _ = self.server.wait();
        let _ = self.driver.wait();
    }
}

/// The sub-move a test plays: the first board move whose cells no other move shares
/// (no choice needed), else the first drop, else the first button (draft choices),
/// the end-turn button last.
fn pick(legal: &[Value]) -> Value {
    let same_cells = |m: &Value| {
        legal
            .iter()
            .filter(|o| o["from"] == m["from"] && o["to"] == m["to"] && o["drop"] == m["drop"])
            .count()
    };
    let of_kind = |k: &str| legal.iter().find(|m| m["kind"] == k && same_cells(m) == 1);
    of_kind("move")
        .or_else(|| of_kind("drop"))
        .or_else(|| of_kind("shot"))
        .or_else(|| of_kind("choice"))
        .or_else(|| legal.iter().find(|m| m["kind"] == "end-turn"))
        .unwrap_or(&legal[0])
        .clone()
}

/// The per-variant test: the page loads, the start position's pieces stand where the
/// FEN says, illegal clicks change nothing, a legal move by clicks is accepted and
/// the engine answers.
async fn play_variant(variant: &str) {
    play_variant_with(variant, &[]).await;
}

async fn play_variant_with(variant: &str, gui_args: &[&str]) {
    let gui = Gui::start_with(gui_args).await;
    let s = gui.choose_variant(variant).await;
    gui.screenshot(&format!("{variant}-start")).await;
    if gui
        .js("return document.getElementById('view-mode').hidden")
        .await
        == false
    {
        // The sphere: every cell is drawn in the flat view.
        gui.click("#view-mode").await;
        gui.wait("the flat view", |s| s["viewMode"] == "flat").await;
    }
    let fen = s["fen"].as_str().unwrap().to_string();
    let (want, _) = fen_cells::read_fen(variant, &fen);
    assert_eq!(
        gui.drawn_pieces().await,
        want,
        "{variant}: drawn pieces against {fen}"
    );

    // Illegal clicks: a cell no legal move starts from, then a selected piece sent to
    // a cell it cannot reach.
    let legal = s["legalMoves"].as_array().unwrap().clone();
    let cells: Vec<String> = gui
        .js("return [...document.querySelectorAll('polygon.cell')].map(p => p.dataset.cell)")
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    let starts = |c: &str| legal.iter().any(|m| m["from"] == c);
    let dead = cells.iter().find(|c| !starts(c)).unwrap();
    gui.click_cell(dead).await;
    gui.same(&s).await;
    if let Some(m) = legal.iter().find(|m| m["kind"] == "move") {
        let from = m["from"].as_str().unwrap();
        let unreachable = cells
            .iter()
            .find(|c| {
                !starts(c)
                    && !legal
                        .iter()
                        .any(|o| o["from"] == from && o["to"] == c.as_str())
            })
            .unwrap();
        gui.click_cell(from).await;
        gui.click_cell(unreachable).await;
        gui.same(&s).await;
    }

    // A legal turn by clicks, then the engine's answer.
    let (played, after) = gui.play_turn().await;
    assert!(played >= 1);
    let s = gui.wait_for_engine(after).await;
    let (want, _) = fen_cells::read_fen(variant, s["fen"].as_str().unwrap());
    assert_eq!(
        gui.drawn_pieces().await,
        want,
        "{variant}: drawn pieces after the engine's move"
    );
    let metrics = gui.js("return window.manifoldGui.metrics").await;
    eprintln!(
        "{variant}: first draw {} ms, click-to-engine round trip {} ms",
        metrics["firstDrawMs"], metrics["lastRoundTripMs"]
    );
    gui.screenshot(variant).await;
    gui.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn chess_in_the_browser() {
    play_variant("chess").await;
}
#[tokio::test(flavor = "multi_thread")]
async fn crazyhouse_in_the_browser() {
    play_variant("crazyhouse").await;
}
#[tokio::test(flavor = "multi_thread")]
async fn atomic_in_the_browser() {
    // Attached as another engine would be: a shell command line given to --engine.
    let engine = format!("exec '{}'", env!("CARGO_BIN_EXE_manifold"));
    play_variant_with("atomic", &["--engine", &engine]).await;
}
#[tokio::test(flavor = "multi_thread")]
async fn parallelworlds_in_the_browser() {
    play_variant("parallelworlds").await;
}
#[tokio::test(flavor = "multi_thread")]
async fn triplane_in_the_browser() {
    play_variant("triplane").await;
}
#[tokio::test(flavor = "multi_thread")]
async fn pentaplane_in_the_browser() {
    play_variant("pentaplane").await;
}
#[tokio::test(flavor = "multi_thread")]
async fn platonic_in_the_browser() {
    play_variant("platonic").await;
}
#[tokio::test(flavor = "multi_thread")]
async fn geodesic_in_the_browser() {
    play_variant("geodesic").await;
}

/// Starts from a FEN typed into the page's FEN box.
/// File-defined variants (variants/variants.toml, loaded with `--variants`): the
/// hexagon, the 5x5x5 cube and three boards with turns of three sub-moves, drawn
/// from the engine's geometry like the built-in ones.
fn example_variants_file() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/variants/variants.toml").to_string()
}
#[tokio::test(flavor = "multi_thread")]
async fn glinski_from_the_variants_file_in_the_browser() {
    play_variant_with("glinski", &["--variants", &example_variants_file()]).await;
}
#[tokio::test(flavor = "multi_thread")]
async fn raumschach_from_the_variants_file_in_the_browser() {
    play_variant_with("raumschach", &["--variants", &example_variants_file()]).await;
}
#[tokio::test(flavor = "multi_thread")]
async fn trio_from_the_variants_file_in_the_browser() {
    play_variant_with("trio", &["--variants", &example_variants_file()]).await;
}

async fn load_fen(gui: &Gui, fen: &str) -> Value {
    gui.set_value("fen", fen).await;
    gui.click("#load-fen").await;
    gui.wait("the FEN to load", |s| {
        s["fen"]
            .as_str()
            .is_some_and(|f| f.split(' ').next() == fen.split(' ').next())
    })
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_parallel_worlds_turn_of_three_submoves_by_clicks() {
    let gui = Gui::start().await;
    gui.choose_variant("parallelworlds").await;
    let (_, n) = gui.play_turn().await;
    gui.wait_for_engine(n).await;
    let (second, after_white) = gui.play_turn().await;
    assert_eq!(
        second, 3,
        "White's second turn: three sub-moves on three levels"
    );
    // The three sub-moves handed the turn over: Black (the engine) answers. Reading
    // the side at once would race with a quick answer.
    // (The answer may also end the game: random clicks can leave a king to capture.)
    let s = gui.wait_for_engine(after_white).await;
    let answered = s["moves"].as_array().unwrap().len() > after_white && s["side"] == "white";
    assert!(answered || !s["result"].is_null(), "Black answered: {s}");
    gui.screenshot("parallelworlds-three-submoves").await;
    gui.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn drops_and_promotion_by_clicks() {
    let gui = Gui::start().await;
    gui.choose_variant("crazyhouse").await;
    load_fen(
        &gui,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1",
    )
    .await;
    gui.set_value("black-player", "human").await;
    gui.click("#hands button[data-piece='N']").await;
    gui.click_cell("e4").await;
    let s = gui
        .wait("the drop", |s| s["moves"].as_array().unwrap().len() == 1)
        .await;
    assert_eq!(s["moves"][0], "N@e4");
    let (cells, _) = fen_cells::read_fen("crazyhouse", s["fen"].as_str().unwrap());
    assert_eq!(cells.get("e4"), Some(&'N'));
    gui.screenshot("crazyhouse-drop").await;

    // A promotion: the choice is offered as buttons.
    gui.set_value("variant", "chess").await;
    gui.wait("chess", |s| s["variant"] == "chess").await;
    load_fen(&gui, "7k/P7/8/8/8/8/8/K7 w - - 0 1").await;
    gui.click_cell("a7").await;
    gui.click_cell("a8").await;
    let s = gui
        .wait("the promotion choice", |s| s["choices"].is_array())
        .await;
    assert_eq!(s["choices"].as_array().unwrap().len(), 4, "{s}");
    gui.screenshot("chess-promotion-choice").await;
    gui.click("#actions button[data-move='a7a8n']").await;
    let s = gui
        .wait("the promotion", |s| {
            s["moves"].as_array().unwrap().len() == 1
        })
        .await;
    assert_eq!(s["moves"][0], "a7a8n");
    let (cells, _) = fen_cells::read_fen("chess", s["fen"].as_str().unwrap());
    assert_eq!(cells.get("a8"), Some(&'N'));

    // A bad FEN gets a message and changes nothing.
    let before = gui.state().await;
    gui.set_value("fen", "this is not a FEN").await;
    gui.click("#load-fen").await;
    let banner = wait_banner(&gui, "Bad FEN").await;
    assert!(banner.contains("Bad FEN"), "{banner}");
    gui.same(&before).await;
    gui.close().await;
}

async fn wait_banner(gui: &Gui, needle: &str) -> String {
    let deadline = Instant::now() + LONG;
    loop {
        let b = gui
            .js("const b = document.getElementById('banner'); return b.hidden ? '' : b.textContent")
            .await;
        let b = b.as_str().unwrap_or("").to_string();
        if b.contains(needle) {
            return b;
        }
        assert!(
            Instant::now() < deadline,
            "no banner with '{needle}' (banner: '{b}')"
        );
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn rotating_the_sphere() {
    let gui = Gui::start().await;
    gui.choose_variant("geodesic").await;
    let s = gui.state().await;
    assert_eq!(s["viewMode"], "sphere");
    let visible = || async {
        gui.js("return [...document.querySelectorAll('polygon.cell')].map(p => p.dataset.cell).sort().join(',')")
            .await
    };
    let before_cells = visible().await;
    let before = gui.js("return window.manifoldGui.rotation()").await;
    // Drag across the middle of the sphere with the mouse.
    let r = gui
        .js("const r = document.getElementById('board').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]")
        .await;
    let (cx, cy) = (r[0].as_f64().unwrap(), r[1].as_f64().unwrap());
    let path: Vec<(f64, f64)> = (0..=20)
        .map(|i| (cx - 100.0 + 10.0 * i as f64, cy - 60.0 + 6.0 * i as f64))
        .collect();
    gui.mouse(&path).await;
    let after = gui.js("return window.manifoldGui.rotation()").await;
    assert_ne!(before, after, "the drag did not turn the sphere");
    assert_ne!(
        before_cells,
        visible().await,
        "the same cells face the viewer"
    );
    gui.screenshot("geodesic-rotated").await;
    gui.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_game_survives_a_killed_engine() {
    let gui = Gui::start().await;
    gui.choose_variant("chess").await;
    let (_, n) = gui.play_turn().await;
    gui.wait_for_engine(n).await;
    let (_, n) = gui.play_turn().await;
    let before = gui.wait_for_engine(n).await;
    // Kill the engine: the GUI server's only child.
    let status = Command::new("pkill")
        .args(["-KILL", "-P", &gui.server.id().to_string()])
        .status()
        .expect("pkill");
    assert!(status.success(), "no engine process to kill");
    wait_banner(&gui, "The engine stopped").await;
    let s = gui.state().await;
    assert_eq!(s["engineAlive"], false);
    assert_eq!(s["moves"], before["moves"], "the moves were kept");
    gui.screenshot("engine-killed").await;
    gui.click("#restart-engine").await;
    let s = gui
        .wait("the restarted engine", |s| {
            s["engineAlive"] == true && s["fen"] == before["fen"]
        })
        .await;
    assert_eq!(s["moves"], before["moves"]);
    let (_, n) = gui.play_turn().await;
    gui.wait_for_engine(n).await;

    // The PGN of the game loads back into the same position.
    let s = gui.state().await;
    let pgn = s["pgn"].as_str().unwrap().to_string();
    gui.click("#new-game").await;
    gui.wait("a new game", |s| s["moves"].as_array().unwrap().is_empty())
        .await;
    gui.set_value("white-player", "human").await;
    gui.set_value("black-player", "human").await;
    gui.set_value("pgn", &pgn).await;
    gui.click("#load-pgn").await;
    let loaded = gui.wait("the PGN", |t| t["moves"] == s["moves"]).await;
    assert_eq!(loaded["fen"], s["fen"]);
    // A PGN with an illegal move is refused and changes nothing.
    gui.set_value("pgn", "[Variant \"chess\"]\n\n1. e2e5 *")
        .await;
    gui.click("#load-pgn").await;
    wait_banner(&gui, "Bad PGN").await;
    gui.same(&loaded).await;
    gui.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_triplane_split_and_drop_by_clicks() {
    let gui = Gui::start().await;
    gui.choose_variant("triplane").await;
    load_fen(
        &gui,
        "q3s3/8/8/8/8/8/8/R3S3|4k3/8/8/8/8/8/8/4K3[N]|4k3/8/8/8/8/8/8/4K3[] w - - 0 1 a",
    )
    .await;
    // Step A: the rook takes the queen, which splits; the page asks how.
    gui.click_cell("Aa1").await;
    gui.click_cell("Aa8").await;
    let s = gui
        .wait("the split choice", |s| s["choices"].is_array())
        .await;
    let choices = s["choices"].as_array().unwrap().clone();
    assert_eq!(choices.len(), 2, "{s}");
    let labels = gui.js("return [...document.querySelectorAll('#actions button.choice')].map(b => b.textContent)").await;
    assert!(labels.to_string().contains("split:"), "{labels}");
    gui.screenshot("triplane-split-choice").await;
    let split = choices[0].as_str().unwrap().to_string();
    gui.click(&format!("#actions button[data-move='{split}']"))
        .await;
    gui.wait("the split", |s| s["moves"].as_array().unwrap().len() == 1)
        .await;
    // Step B: a knight dropped from B's hold.
    gui.click("#hands button[data-hand='0'][data-piece='N']")
        .await;
    gui.click_cell("Bd4").await;
    let s = gui
        .wait("the drop", |s| s["moves"].as_array().unwrap().len() == 2)
        .await;
    let (cells, _) = fen_cells::read_fen("triplane", s["fen"].as_str().unwrap());
    assert_eq!(cells.get("Bd4"), Some(&'N'), "{s}");
    // Step C by clicks ends the turn; the engine answers.
    let (played, n) = gui.play_turn().await;
    assert_eq!(played, 1, "step C completes the turn");
    let s = gui.wait_for_engine(n).await;
    assert_eq!(s["moves"][0], split.as_str());
    gui.screenshot("triplane-split-and-drop").await;
    gui.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_pentaplane_draft_by_clicks() {
    let gui = Gui::start().await;
    let s = gui.choose_variant("pentaplane").await;
    assert!(s["fen"].as_str().unwrap().ends_with("select"), "{s}");
    let buttons = gui
        .js("return [...document.querySelectorAll('#actions button')].map(b => b.dataset.move)")
        .await;
    let first = buttons[0].as_str().unwrap().to_string();
    assert!(
        first.starts_with('='),
        "draft picks are offered as buttons: {buttons}"
    );
    gui.click(&format!("#actions button[data-move='{first}']"))
        .await;
    let s = gui
        .wait("the pick", |s| s["moves"].as_array().unwrap().len() == 1)
        .await;
    assert_eq!(s["moves"][0], first.as_str());
    // The engine picks, then White places its pieces from the hand by clicks.
    let s = gui.wait_for_engine(1).await;
    assert!(s["fen"].as_str().unwrap().ends_with("place"), "{s}");
    let (placed, _) = gui.play_turn().await;
    assert!(placed >= 1);
    let s = gui.wait("a settled page", |_| true).await;
    assert!(
        s["moves"].as_array().unwrap()[2]
            .as_str()
            .unwrap()
            .contains('@'),
        "{s}"
    );
    gui.screenshot("pentaplane-draft").await;
    gui.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn analysis_lines_flip_and_take_back() {
    let gui = Gui::start().await;
    gui.choose_variant("chess").await;
    let (_, n) = gui.play_turn().await;
    let s = gui.wait_for_engine(n).await;
    assert_eq!(s["moves"].as_array().unwrap().len(), 2);

    // Two analysis lines with depth, score, nodes and a PV in move text.
    gui.set_value("multipv", "2").await;
    gui.click("#analyse").await;
    let deadline = Instant::now() + LONG;
    let text = loop {
        let t = gui
            .js("return document.getElementById('analysis').textContent")
            .await;
        let t = t.as_str().unwrap().to_string();
        if t.contains("\n2. d") && t.contains("nodes") {
            break t;
        }
        assert!(Instant::now() < deadline, "no second analysis line: '{t}'");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let pv_move = text
        .lines()
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    assert!(
        s["legal"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == pv_move.as_str()),
        "PV {pv_move} not legal"
    );
    let bar = gui
        .js("return document.getElementById('evalfill').style.width")
        .await;
    assert!(bar.as_str().unwrap().ends_with('%'), "{bar}");
    gui.screenshot("chess-analysis").await;
    gui.click("#analyse").await;

    // Flip: a1 moves from the bottom left to the top right.
    let where_a1 = || async {
        let r = gui
            .js("const r = document.querySelector(\"polygon[data-cell='a1']\").getBoundingClientRect(); return [r.left, r.top]")
            .await;
        (r[0].as_f64().unwrap(), r[1].as_f64().unwrap())
    };
    let before = where_a1().await;
    gui.click("#flip").await;
    let after = where_a1().await;
    assert!(
        after.0 > before.0 && after.1 < before.1,
        "{before:?} -> {after:?}"
    );

    // Take back: the engine's answer and the human's move go, White is to move again.
    let s = gui
        .wait("the analysis to stop", |s| s["thinking"] == false)
        .await;
    gui.click("#takeback").await;
    let t = gui
        .wait("the take-back", |t| {
            t["moves"].as_array().unwrap().is_empty()
        })
        .await;
    assert_eq!(t["side"], "white");
    assert_ne!(t["fen"], s["fen"]);
    gui.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_chess960_castling_by_clicks_and_its_pgn() {
    let gui = Gui::start().await;
    gui.choose_variant("chess").await;
    gui.set_value("black-player", "human").await;
    gui.click("#chess960").await;
    gui.wait("Chess960 on", |s| s["chess960"] == true).await;
    load_fen(&gui, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1").await;
    // King takes rook: the Chess960 way to castle.
    gui.click_cell("e1").await;
    gui.click_cell("h1").await;
    let s = gui
        .wait("the castling", |s| {
            s["moves"].as_array().unwrap().len() == 1
        })
        .await;
    assert_eq!(s["moves"][0], "e1h1");
    let (cells, _) = fen_cells::read_fen("chess", s["fen"].as_str().unwrap());
    assert_eq!(
        (cells.get("g1"), cells.get("f1")),
        (Some(&'K'), Some(&'R')),
        "{s}"
    );
    let pgn = s["pgn"].as_str().unwrap().to_string();
    assert!(
        pgn.contains("[Variant \"Chess960\"]") && pgn.contains("[SetUp \"1\"]"),
        "{pgn}"
    );
    // The PGN loads back after Chess960 is switched off, and switches it on again.
    gui.click("#chess960").await;
    gui.wait("Chess960 off", |s| s["chess960"] == false).await;
    gui.set_value("pgn", &pgn).await;
    gui.click("#load-pgn").await;
    let t = gui.wait("the PGN", |t| t["moves"] == s["moves"]).await;
    assert_eq!(t["chess960"], true);
    assert_eq!(t["fen"], s["fen"]);
    gui.screenshot("chess960-castling").await;
    gui.close().await;
}
