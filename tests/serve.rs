//! `ratings serve`: serves the built site on loopback and rebuilds when a
//! data file changes.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::*;

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

/// Start `serve` of `site` into `out` on a free port: (guard, port).
fn start(site: &std::path::Path, out: &std::path::Path) -> (Server, u16) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ratings"))
        .args(["serve", "--port", "0", "--site"])
        .arg(site)
        .arg("--output")
        .arg(out)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let server = Server(child);
    // "Serving … at http://127.0.0.1:PORT/ …" once the first build is done.
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    let port: u16 = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    (server, port)
}

/// Send raw request bytes; the status code of the answer (0: none).
fn raw(port: u16, request: &[u8]) -> u16 {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    // The server may answer and close before all is sent.
    let _ = stream.write_all(request);
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let response = String::from_utf8_lossy(&response);
    response.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0)
}

#[test]
fn serves_the_site_and_rebuilds_when_data_changes() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    let out = tmp.path().join("out");
    let (_server, port) = start(&site, &out);

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

#[test]
fn a_folder_the_build_refuses_is_never_served() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    std::fs::write(tmp.path().join("secret.txt"), "password\n").unwrap();
    for (out, why) in [
        ("/", "it is the file system root"),
        ("..", "it is the site folder or one of its parents"),
        ("data", "it is inside the site's data/ folder"),
    ] {
        for force in [&[][..], &["--force"][..]] {
            let mut child = Command::new(env!("CARGO_BIN_EXE_ratings"))
                .current_dir(&site)
                .args(["serve", "--port", "0", "--output", out])
                .args(force)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            // It must stop at once; if it serves, the test ends it.
            let start = Instant::now();
            while child.try_wait().unwrap().is_none() && start.elapsed() < Duration::from_secs(60) {
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = child.kill();
            let r = child.wait_with_output().unwrap();
            let stdout = String::from_utf8_lossy(&r.stdout);
            let stderr = String::from_utf8_lossy(&r.stderr);
            assert!(!stdout.contains("Serving"), "{out} {force:?} was served: {stdout}");
            assert_eq!(r.status.code(), Some(1), "{out} {force:?}: {stderr}");
            assert!(
                stderr.contains(&format!("refusing to use this output folder: {why}")),
                "{out}: {stderr}"
            );
        }
    }
    assert_eq!(entries(tmp.path()), ["secret.txt", "site"]);
}

#[test]
fn only_loopback_host_names_and_bounded_heads_are_answered() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    let out = tmp.path().join("out");
    let (_server, port) = start(&site, &out);
    let request = |host: &str| format!("GET /index.html HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    for host in [
        "127.0.0.1",
        &format!("127.0.0.1:{port}"),
        "localhost",
        &format!("localhost:{port}"),
        "[::1]",
    ] {
        assert_eq!(raw(port, request(host).as_bytes()), 200, "{host}");
    }
    // DNS rebinding: a page of evil.example whose name now points here.
    for host in [
        "evil.example",
        &format!("evil.example:{port}"),
        "localhost.evil.example",
    ] {
        assert_eq!(raw(port, request(host).as_bytes()), 403, "{host}");
    }
    // No Host, two Hosts.
    assert_eq!(raw(port, b"GET / HTTP/1.1\r\n\r\n"), 403);
    assert_eq!(
        raw(port, b"GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n"),
        403
    );
    // A URI that names its host overrides `Host` (RFC 9112, 3.2.2).
    assert_eq!(
        raw(
            port,
            b"GET http://evil.example/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        ),
        403
    );
    let absolute = format!("GET http://localhost:{port}/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    assert_eq!(raw(port, absolute.as_bytes()), 200);
    // A 4 MB header: refused after the first 16 KB, not buffered.
    let mut big = b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ".to_vec();
    big.extend(std::iter::repeat_n(b'a', 4 << 20));
    big.extend(b"\r\n\r\n");
    assert_eq!(raw(port, &big), 431);
    // Still serving, and still refusing traversal.
    assert_eq!(get(port, "/").0, 200);
    assert_eq!(get(port, "/../site/site.toml").0, 404);
    assert_eq!(get(port, "/%2e%2e/site/site.toml").0, 404);
    // A link planted in the output is not followed out of it.
    std::fs::write(tmp.path().join("secret.txt"), "password\n").unwrap();
    std::os::unix::fs::symlink(tmp.path().join("secret.txt"), out.join("secret.txt")).unwrap();
    let (status, body) = get(port, "/secret.txt");
    assert_eq!(status, 404);
    assert!(!body.contains("password"));
}

/// With broken data and no earlier build there is nothing to serve: `serve`
/// says so instead of promising "the previous site".
#[test]
fn a_first_failed_build_does_not_promise_a_previous_site() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    std::fs::write(site.join("data/2005/a-cup.toml"), "name = \"A Cup\"\n").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ratings"))
        .args(["serve", "--port", "0", "--site"])
        .arg(&site)
        .arg("--output")
        .arg(tmp.path().join("out"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let _server = Server(child);
    // The first build's errors end with one sentence about what is served.
    let mut said = String::new();
    for line in BufReader::new(stderr).lines() {
        let line = line.unwrap();
        if line.contains("served") || line.contains("serve yet") {
            said = line;
            break;
        }
    }
    assert_eq!(said, "There is no site to serve yet; fix the data and save again.");
}

/// A copy of the site's `data/` at `to` in which the cup is named `name`,
/// so that the served page shows which `data/` it was built from.
fn data_copy(site: &std::path::Path, to: &std::path::Path, name: &str) {
    copy_dir(&site.join("data"), to);
    let cup = to.join("2005/a-cup.toml");
    let text = read(&cup);
    let old = text.lines().find(|l| l.starts_with("name = ")).unwrap();
    std::fs::write(&cup, text.replace(old, &format!("name = \"{name}\""))).unwrap();
}

/// `data/` replaced wholesale while `serve` runs (`rm -rf data && cp -a
/// backup data`, then `mv data data.old && mv new data`): the replacement
/// is rebuilt, and an edit inside the new folder is picked up too.
#[test]
fn a_replaced_data_folder_is_still_watched() {
    let limit = Duration::from_secs(60);
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    let data = site.join("data");
    let cup = data.join("2005/a-cup.toml");
    let out = tmp.path().join("out");
    let (_server, port) = start(&site, &out);
    assert!(get(port, "/events.html").1.contains("A Cup"));

    // Removed, then copied back from a backup.
    let backup = tmp.path().join("backup");
    data_copy(&site, &backup, "Backup Cup");
    std::fs::remove_dir_all(&data).unwrap();
    copy_dir(&backup, &data);
    wait_for(port, "/events.html", limit, |b| b.contains("Backup Cup"));
    std::fs::write(&cup, read(&cup).replace("Backup Cup", "Edited Cup")).unwrap();
    let events = wait_for(port, "/events.html", limit, |b| b.contains("Edited Cup"));
    assert!(!events.contains("Backup Cup"));

    // Moved aside, and another folder moved in.
    let new = tmp.path().join("new");
    data_copy(&site, &new, "Swapped Cup");
    std::fs::rename(&data, site.join("data.old")).unwrap();
    std::fs::rename(&new, &data).unwrap();
    wait_for(port, "/events.html", limit, |b| b.contains("Swapped Cup"));
    std::fs::write(&cup, read(&cup).replace("Swapped Cup", "Edited Swapped Cup")).unwrap();
    let events = wait_for(port, "/events.html", limit, |b| b.contains("Edited Swapped Cup"));
    assert!(!events.contains(">Swapped Cup<"));
}

/// Clients that trickle their request heads (a byte a second, on more
/// connections than the preview handles at once) keep no one else out: a
/// new connection closes the oldest; and a head must arrive whole within
/// its deadline, however often bytes come.
#[test]
fn slow_clients_keep_no_one_out() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    let out = tmp.path().join("out");
    let (_server, port) = start(&site, &out);
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let trickle = |stop: std::sync::Arc<std::sync::atomic::AtomicBool>| {
        std::thread::spawn(move || -> (Vec<u8>, bool) {
            let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
            stream.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
            let _ = stream.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\n");
            let mut answer = Vec::new();
            // At most 40 s: a byte a second, reading what comes back, until
            // the server closes the connection.
            for _ in 0..40 {
                if stop.load(std::sync::atomic::Ordering::Relaxed) {
                    break;
                }
                if stream.write_all(b"X").is_err() {
                    return (answer, true);
                }
                let mut buf = [0u8; 1024];
                match stream.read(&mut buf) {
                    Ok(0) => return (answer, true),
                    Ok(n) => answer.extend_from_slice(&buf[..n]),
                    Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return (answer, true),
                    Err(_) => {}
                }
                std::thread::sleep(Duration::from_millis(950));
            }
            (answer, false)
        })
    };
    let slow: Vec<_> = (0..40).map(|_| trickle(stop.clone())).collect();
    std::thread::sleep(Duration::from_millis(500));
    // Answered while they trickle (the read timeout of `get` is 20 s).
    let (status, body) = get(port, "/");
    assert_eq!(status, 200);
    assert!(body.contains("<html"), "{body}");
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for t in slow {
        t.join().unwrap();
    }
    // One alone, trickling: closed at the head's deadline (within the
    // 40 s it trickles), not kept.
    let (answer, closed) = trickle(std::sync::Arc::default()).join().unwrap();
    assert!(closed, "still open after 40 s: {}", String::from_utf8_lossy(&answer));
}

/// A copy of the basic fixture with `static/big.bin` of `size` bytes
/// (sparse): the temporary folder and the site's folder in it.
fn site_with_big_file(size: u64) -> (tempfile::TempDir, std::path::PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    std::fs::create_dir_all(site.join("static")).unwrap();
    std::fs::File::create(site.join("static/big.bin"))
        .unwrap()
        .set_len(size)
        .unwrap();
    (tmp, site)
}

/// A large static file is sent in pieces: the server's memory stays far
/// below the file's size while it is downloaded (it read files whole).
#[test]
fn large_files_are_streamed_not_read_whole() {
    let size: u64 = 160 << 20;
    let (tmp, site) = site_with_big_file(size);
    let out = tmp.path().join("out");
    let (server, port) = start(&site, &out);
    let received = download(port, Duration::ZERO);
    assert!(received > size, "{received}");
    let peak = peak_kib(&server);
    assert!(peak < 100 << 10, "peak {peak} KiB for a {size}-byte file");
}

/// Download `/big.bin`, pausing `pause` after each read of up to 64 KB:
/// the bytes received (head included) until the server closes.
fn download(port: u16, pause: Duration) -> u64 {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(stream, "GET /big.bin HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
    let mut received = 0u64;
    let mut buf = vec![0u8; 1 << 16];
    loop {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return received,
            Ok(n) => received += n as u64,
        }
        std::thread::sleep(pause);
    }
}

/// Read the server's peak memory (VmHWM) in KiB.
fn peak_kib(server: &Server) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.0.id())).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
        .unwrap()
}

/// A download in progress is not cut by a flood of new connections
/// (hundreds a second: silent ones, and ones that ask for a page or a
/// large file and never read), and a page still loads during the flood.
/// A new connection used to close the oldest, which was the download.
#[test]
fn a_download_survives_a_flood_of_connections() {
    let size: u64 = 48 << 20;
    let (tmp, site) = site_with_big_file(size);
    let out = tmp.path().join("out");
    let (_server, port) = start(&site, &out);
    // About 2 s at 64 KB every 2 ms: longer than the flood.
    let download = std::thread::spawn(move || download(port, Duration::from_millis(2)));
    std::thread::sleep(Duration::from_millis(200));
    let mut flood = Vec::new();
    for i in 0..300 {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
            continue;
        };
        let _ = match i % 3 {
            0 => Ok(()),
            1 => stream.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"),
            _ => stream.write_all(b"GET /big.bin HTTP/1.1\r\nHost: localhost\r\n\r\n"),
        };
        flood.push(stream);
        if i == 150 {
            let (status, body) = get(port, "/");
            assert_eq!(status, 200);
            assert!(body.contains("<html"), "{body}");
        }
        std::thread::sleep(Duration::from_millis(3));
    }
    let received = download.join().unwrap();
    assert!(received > size, "the download was cut at {received} of {size} bytes");
    drop(flood);
}

/// Pages are sent in pieces too, the reload script spliced in before
/// `</body>`: 32 clients that ask for a 15 MB page and never read it hold
/// little of the server's memory (each page was read whole, about 550 MB
/// for 32 clients of a 16 MB page), and a whole page arrives with the
/// length announced. A client that closes its side once the request is
/// sent still gets the answer.
#[test]
fn pages_are_streamed_with_their_reload_script() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    std::fs::create_dir_all(site.join("static")).unwrap();
    let mut page = String::from("<!DOCTYPE html>\n<html lang=\"en\"><head><title>Big</title></head><body>\n");
    while page.len() < 15 << 20 {
        page.push_str("<p>A line of a long report, repeated.</p>\n");
    }
    page.push_str("</body></html>\n");
    std::fs::write(site.join("static/big.html"), &page).unwrap();
    let out = tmp.path().join("out");
    let (server, port) = start(&site, &out);

    let stalled: Vec<TcpStream> = (0..32)
        .map(|_| {
            let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
            write!(stream, "GET /big.html HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
            stream
        })
        .collect();
    std::thread::sleep(Duration::from_secs(1));
    let peak = peak_kib(&server);
    assert!(
        peak < 100 << 10,
        "peak {peak} KiB with 32 stalled readers of a 15 MB page"
    );
    drop(stalled);

    // The whole page, with the script, as long as announced; the client
    // has closed its side.
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(stream, "GET /big.html HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
    stream.shutdown(std::net::Shutdown::Write).unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let at = response.windows(4).position(|w| w == b"\r\n\r\n").expect("a head");
    let head = String::from_utf8_lossy(&response[..at]).to_ascii_lowercase();
    let body = String::from_utf8(response[at + 4..].to_vec()).unwrap();
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains(&format!("content-length: {}", body.len())), "{head}");
    assert!(body.contains("/__ratings/version"), "no reload script");
    assert!(
        body.ends_with("</script></body></html>\n"),
        "{}",
        &body[body.len() - 80..]
    );
    let end = "</body></html>\n";
    assert!(
        body.starts_with(&page[..page.len() - end.len()]),
        "the page's own bytes changed"
    );
}
