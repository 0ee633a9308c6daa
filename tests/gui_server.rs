//! `manifold gui` without a browser: the address it prints, the assets it serves, and
//! the WebSocket refusing pages of other sites.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

fn request(addr: &str, text: &str) -> String {
    let mut s = TcpStream::connect(addr).expect("connect to the GUI server");
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.write_all(text.as_bytes()).unwrap();
    let mut buf = [0u8; 4096];
    let n = s.read(&mut buf).unwrap_or(0);
    String::from_utf8_lossy(&buf[..n]).to_string()
}

fn upgrade(addr: &str, origin: &str) -> String {
    request(
        addr,
        &format!(
            "GET /ws HTTP/1.1\r\nHost: {addr}\r\nOrigin: {origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ),
    )
}

#[test]
fn serves_the_page_and_refuses_foreign_websockets() {
    let mut server = Command::new(env!("CARGO_BIN_EXE_manifold"))
        .args(["gui", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start manifold gui");
    let mut out = BufReader::new(server.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let url = first
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap();
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();

    let page = request(
        &addr,
        &format!("GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    );
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("text/html"), "{page}");
    let script = request(
        &addr,
        &format!("GET /app.js HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    );
    assert!(
        script.starts_with("HTTP/1.1 200") && script.contains("javascript"),
        "{script}"
    );

    let foreign = upgrade(&addr, "http://evil.example");
    assert!(foreign.starts_with("HTTP/1.1 403"), "{foreign}");
    let own = upgrade(&addr, &format!("http://{addr}"));
    assert!(own.starts_with("HTTP/1.1 101"), "{own}");
    let _ = server.kill();
    let _ = server.wait();
}

#[test]
fn a_port_in_use_is_a_clear_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_manifold"))
        .args(["gui", "--port", &port])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot listen on 127.0.0.1"), "{err}");
}
