//! `manifold gui`: a local web page to play and watch every variant.
//!
//! The server is a thin bridge. It serves one page (every asset compiled into the
//! binary, so it works with no network) and, for each open page, starts an engine
//! as a child process and relays protocol lines both ways over a WebSocket. The page
//! knows no variant: it asks the engine for `geometry`, `d json` and `moves json` and
//! draws what they say. The server never interprets the game either, so any engine
//! that speaks the protocol can be attached with `--engine`.
//!
//! Messages on the WebSocket are JSON objects:
//! * page to server: `{"send": "<protocol line>"}` or `{"restart": true}`;
//! * server to page: `{"line": "<engine output line>"}`, `{"event": "started"}`,
//!   `{"event": "exited", "status": "..."}` and `{"event": "error", "message": "..."}`.

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::json;
use std::process::Stdio;
use std::sync::Arc;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::mpsc;

/// The page's files, compiled in.
const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const STYLE_CSS: &str = include_str!("../assets/style.css");

/// How the engine is started.
#[derive(Clone, Debug)]
pub enum EngineCommand {
    /// A program and its arguments, run directly (the default: this binary).
    Program(std::path::PathBuf, Vec<String>),
    /// A shell command line, run with `sh -c` (`--engine`).
    Shell(String),
}

impl EngineCommand {
    fn command(&self) -> Command {
        let mut c = match self {
            EngineCommand::Program(p, args) => {
                let mut c = Command::new(p);
                c.args(args);
                c
            }
            EngineCommand::Shell(line) => {
                let mut c = Command::new("sh");
                c.arg("-c").arg(line);
                c
            }
        };
        c.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true);
        c
    }
}

pub struct Config {
    pub engine: EngineCommand,
    /// 0 picks a free port.
    pub port: u16,
}

struct AppState {
    engine: EngineCommand,
}

/// Serves the GUI until the process is interrupted. Prints the page's address on
/// stdout as `manifold gui: http://127.0.0.1:PORT/` once it listens.
pub fn run(config: Config) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(serve(config))
}

async fn serve(config: Config) -> Result<(), String> {
    let state = Arc::new(AppState {
        engine: config.engine,
    });
    let app = Router::new()
        .route(
            "/",
            get(|| async { asset(INDEX_HTML, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { asset(APP_JS, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/style.css",
            get(|| async { asset(STYLE_CSS, "text/css; charset=utf-8") }),
        )
        .route("/ws", get(websocket))
        .with_state(state);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", config.port))
        .await
        .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {e}", config.port))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("cannot read the listening address: {e}"))?;
    // Written without println!, which would panic if whoever started us closed our stdout.
    use std::io::Write;
    let mut stdout = std::io::stdout();
    let _ = writeln!(stdout, "manifold gui: http://{addr}/");
    let _ = writeln!(stdout, "(open it in a browser; stop with Ctrl-C)");
    let _ = stdout.flush();
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(|e| format!("server failed: {e}"))
}

fn asset(body: &'static str, content_type: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn websocket(
    ws: WebSocketUpgrade,
    headers: axum::http::HeaderMap,
    State(state): State<Arc<AppState>>,
) -> Response {
    // Only our own page may drive the engine: a page of another site open in the same
    // browser could otherwise connect to this port.
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    if let Some(origin) = origin {
        let same = host.is_some_and(|h| origin == format!("http://{h}"));
        if !same {
            return (
                axum::http::StatusCode::FORBIDDEN,
                "the GUI's WebSocket serves its own page only",
            )
                .into_response();
        }
    }
    ws.on_upgrade(move |socket| bridge(socket, state))
}

#[derive(Deserialize)]
struct PageMessage {
    send: Option<String>,
    restart: Option<bool>,
}

/// What the engine's reader task reports.
enum EngineOutput {
    Line(String),
    Closed,
}

/// A running engine: its stdin and the child to wait on or kill.
struct RunningEngine {
    child: Child,
    stdin: ChildStdin,
}

fn start_engine(
    cmd: &EngineCommand,
    generation: u64,
    out: mpsc::UnboundedSender<(u64, EngineOutput)>,
) -> Result<RunningEngine, String> {
    let mut child = cmd
        .command()
        .spawn()
        .map_err(|e| format!("cannot start the engine ({cmd:?}): {e}"))?;
    let stdin = child.stdin.take().ok_or("the engine has no stdin")?;
    let stdout = child.stdout.take().ok_or("the engine has no stdout")?;
    tokio::spawn(async move {
        let mut lines = BufReader::new(stdout).lines();
        while let Ok(Some(line)) = lines.next_line().await {
            if out.send((generation, EngineOutput::Line(line))).is_err() {
                return;
            }
        }
        let _ = out.send((generation, EngineOutput::Closed));
    });
    Ok(RunningEngine { child, stdin })
}

/// Relays one page's WebSocket to its own engine process until the page goes away.
async fn bridge(socket: WebSocket, state: Arc<AppState>) {
    let (mut to_page, mut from_page) = socket.split();
    let (engine_tx, mut engine_rx) = mpsc::unbounded_channel();
    // Each engine start gets a generation number, so lines of an engine that was
    // replaced are dropped.
    let mut generation = 0u64;
    let mut engine = None;
    let event = |v: serde_json::Value| Message::Text(v.to_string().into());

    let start = |generation: &mut u64, engine: &mut Option<RunningEngine>| {
        *generation += 1;
        match start_engine(&state.engine, *generation, engine_tx.clone()) {
            Ok(e) => {
                *engine = Some(e);
                json!({"event": "started"})
            }
            Err(message) => json!({"event": "error", "message": message}),
        }
    };
    let first = start(&mut generation, &mut engine);
    if to_page.send(event(first)).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            incoming = from_page.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t.to_string(),
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(msg) = serde_json::from_str::<PageMessage>(&text) else {
                    let e = json!({"event": "error", "message": "the GUI sent a malformed message"});
                    let _ = to_page.send(event(e)).await;
                    continue;
                };
                if msg.restart == Some(true) {
                    if let Some(mut old) = engine.take() {
                        let _ = old.child.start_kill();
                        let _ = old.child.wait().await;
                    }
                    let answer = start(&mut generation, &mut engine);
                    if to_page.send(event(answer)).await.is_err() {
                        break;
                    }
                } else if let Some(line) = msg.send {
                    // One protocol line: a newline inside would smuggle in a second command.
                    let line = line.replace(['\n', '\r'], " ");
                    let delivered = match engine.as_mut() {
                        Some(e) => e.stdin.write_all(format!("{line}\n").as_bytes()).await.is_ok()
                            && e.stdin.flush().await.is_ok(),
                        None => false,
                    };
                    if !delivered {
                        let e = json!({"event": "error", "message": "the engine is not running"});
                        let _ = to_page.send(event(e)).await;
                    }
                }
            }
            Some((g, output)) = engine_rx.recv() => {
                if g != generation {
                    continue;
                }
                let message = match output {
                    EngineOutput::Line(line) => json!({"line": line}),
                    EngineOutput::Closed => {
                        let status = match engine.take() {
                            Some(mut e) => match e.child.wait().await {
                                Ok(s) => s.to_string(),
                                Err(err) => err.to_string(),
                            },
                            None => "closed".to_string(),
                        };
                        json!({"event": "exited", "status": status})
                    }
                };
                if to_page.send(event(message)).await.is_err() {
                    break;
                }
            }
        }
    }
    if let Some(mut e) = engine.take() {
        let _ = e.stdin.write_all(b"quit\n").await;
        let _ = e.child.start_kill();
        let _ = e.child.wait().await;
    }
}
