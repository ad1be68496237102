//! `ratings serve`: serves the built site on loopback and rebuilds when a
//! data file changes.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::*;

/// Kills the server when the test ends, however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One HTTP/1.1 GET over loopback: (status code, body).
fn get(port: u16, path: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let response = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = response.split_once("\r\n\r\n").expect("a full response");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, body.to_string())
}

/// Wait (at most `limit`) until `ready` holds for the fetched page.
fn wait_for(port: u16, path: &str, limit: Duration, ready: impl Fn(&str) -> bool) -> String {
    let start = Instant::now();
    loop {
        let (_, body) = get(port, path);
        if ready(&body) {
            return body;
        }
        assert!(
            start.elapsed() < limit,
            "{path} did not change within {limit:?}:\n{body}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn serves_the_site_and_rebuilds_when_data_changes() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    let out = tmp.path().join("out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ratings"))
        .args(["serve", "--port", "0", "--site"])
        .arg(&site)
        .arg("--output")
        .arg(&out)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let _server = Server(child);
    // "Serving … at http://127.0.0.1:PORT/ …" once the first build is done.
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    let port: u16 = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));

    let (status, home) = get(port, "/");
    assert_eq!(status, 200);
    assert!(home.contains("<title>Fixture: basic</title>"), "{home}");
    assert!(home.contains("/__ratings/version"), "the reload script is injected");
    // The files on disk are the plain build.
    assert!(!read(&out.join("index.html")).contains("__ratings"));
    let (_, version) = get(port, "/__ratings/version");
    let (status, css) = get(port, "/style.css");
    assert_eq!(status, 200);
    assert!(!css.is_empty());
    let (status, _) = get(port, "/no/such/page.html");
    assert_eq!(status, 404);
    let (status, _) = get(port, "/../site/site.toml");
    assert_eq!(status, 404);

    let (_, events) = get(port, "/events.html");
    assert!(events.contains("A Cup") && !events.contains("Renamed Cup"));
    let cup = site.join("data/2005/a-cup.toml");
    std::fs::write(&cup, read(&cup).replace("name = \"A Cup\"", "name = \"Renamed Cup\"")).unwrap();
    let events = wait_for(port, "/events.html", Duration::from_secs(60), |b| {
        b.contains("Renamed Cup")
    });
    assert!(!events.contains(">A Cup<"));
    // Open pages poll the version and reload when it changes (it is set
    // just after the new site is swapped in).
    wait_for(port, "/__ratings/version", Duration::from_secs(60), |v| v != version);

    // A broken file: the previous site stays, the errors are shown on it.
    std::fs::write(&cup, read(&cup).replace("rounds = 1", "rounds = 0")).unwrap();
    let page = wait_for(port, "/events.html", Duration::from_secs(60), |b| {
        b.contains("ratings-build-errors")
    });
    assert!(page.contains("Renamed Cup"));
    assert!(page.contains("`rounds` must be at least 1"), "{page}");
}
