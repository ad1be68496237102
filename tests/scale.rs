//! Scale faults: huge names are clear errors; a 100,000-player event and a
//! site of 50,000 event files build correctly in bounded memory.
//!
//! The two big builds are `#[ignore]`d (minutes in a debug build); run them
//! with `cargo test --release --test integration scale:: -- --ignored --nocapture`
//! (or set `RATINGS_BIN` to a release binary). Figures are in docs/guarantees.md.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use crate::common::*;

fn binary() -> String {
    std::env::var("RATINGS_BIN").unwrap_or_else(|_| BIN.to_string())
}

const SITE: &str = "title = \"Scale\"\npage_size = 100\n\n[[rating]]\nid = \"dp\"\nsystem = \"dip-pouch\"\n";

/// Build `site` into `out`; returns (stdout, stderr, status, peak RSS of
/// the largest child so far in MB).
fn build(site: &Path, out: &Path) -> (bool, String, String, f64) {
    let started = Instant::now();
    let r = std::process::Command::new(binary())
        .args(["build", "--site"])
        .arg(site)
        .arg("--output")
        .arg(out)
        .output()
        .unwrap();
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: a valid pointer to a rusage struct.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    let peak_mb = usage.ru_maxrss as f64 / 1024.0;
    eprintln!(
        "build of {} took {:?}, peak RSS {peak_mb:.0} MB",
        site.display(),
        started.elapsed()
    );
    (
        r.status.success(),
        String::from_utf8_lossy(&r.stdout).into_owned(),
        String::from_utf8_lossy(&r.stderr).into_owned(),
        peak_mb,
    )
}

#[test]
fn a_one_megabyte_player_name_is_a_clear_error() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    std::fs::create_dir_all(site.join("data")).unwrap();
    std::fs::write(site.join("site.toml"), SITE).unwrap();
    let long = "x".repeat(1 << 20);
    std::fs::write(
        site.join("data/e.toml"),
        format!("name = \"E\"\ndate = 2010-01-01\nrounds = 1\n[[results]]\nrank = 1\nname = \"{long}\"\n"),
    )
    .unwrap();
    let (ok, _, stderr, _) = build(&site, &tmp.path().join("out"));
    assert!(!ok);
    assert_eq!(
        stderr.lines().next().unwrap(),
        "error: data/e.toml:6:8: player name is 1048576 characters long (at most 200)"
            .replace("data/", &format!("{}/data/", site.display()))
    );
    assert!(stderr.len() < 1000, "the message does not repeat the name");
    assert!(!tmp.path().join("out").exists());
}

#[test]
fn a_one_megabyte_event_name_is_a_clear_error_and_200_characters_build() {
    // Every player's page repeats the event's name: 1,000 players of an
    // event named with a million letters were 2 GB of pages.
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    std::fs::create_dir_all(site.join("data")).unwrap();
    std::fs::write(site.join("site.toml"), SITE).unwrap();
    let event =
        |name: &str| format!("name = \"{name}\"\ndate = 2010-01-01\nrounds = 1\n[[results]]\nrank = 1\nname = \"A\"\n");
    std::fs::write(site.join("data/e.toml"), event(&"Cup <".repeat(200_000))).unwrap();
    let out = tmp.path().join("out");
    let (ok, _, stderr, _) = build(&site, &out);
    assert!(!ok);
    assert_eq!(
        stderr.lines().next().unwrap(),
        "error: data/e.toml:1:8: `name` is 1000000 characters long: at most 200 (it is shown on the page of every player of the event)"
            .replace("data/", &format!("{}/data/", site.display()))
    );
    assert!(stderr.len() < 1000, "the message does not repeat the name");
    // 200 characters, with a character to escape, build.
    std::fs::write(site.join("data/e.toml"), event(&"Cup <".repeat(40))).unwrap();
    let (ok, _, stderr, _) = build(&site, &out);
    assert!(ok, "{stderr}");
    assert!(read(&out.join("events/e.html")).contains(&"Cup &#60;".repeat(40)));
}

#[test]
#[ignore = "slow: 100,000 player pages"]
fn an_event_of_100000_results_builds() {
    const N: usize = 100_000;
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    std::fs::create_dir_all(site.join("data")).unwrap();
    std::fs::write(site.join("site.toml"), SITE).unwrap();
    let mut text = format!("name = \"Huge\"\ndate = 2010-01-01\nrounds = 3\nplayers = {N}\n");
    for i in 0..N {
        writeln!(text, "[[results]]\nrank = {}\nname = \"Player {i:06}\"", i + 1).unwrap();
    }
    std::fs::write(site.join("data/huge.toml"), text).unwrap();
    let out = tmp.path().join("out");
    let (ok, stdout, stderr, peak) = build(&site, &out);
    assert!(ok, "{stderr}");
    eprintln!("{stdout}");
    assert_eq!(std::fs::read_dir(out.join("player")).unwrap().count(), N);
    // Rank 1 of 100,000 in a multi-round event of value 15: 40 + 0.15 * (99.9995 - 40).
    let csv = read(&out.join("downloads/dp-ranking.csv"));
    let first = csv.lines().nth(1).unwrap();
    let cells: Vec<&str> = first.split(',').collect();
    assert_eq!(&cells[..3], ["1", "Player 000000", ""], "{first}");
    let rating: f64 = cells[3].parse().unwrap();
    assert!((rating - 48.999925).abs() < 1e-9, "{first}");
    assert_eq!(csv.lines().count(), N + 1);
    assert!(peak < 2048.0, "peak RSS {peak} MB");
}

#[test]
#[ignore = "slow: 50,000 event files"]
fn a_site_of_50000_event_files_builds() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    synthetic_site(&site, 50_000, 8, 20_000, 99);
    let out = tmp.path().join("out");
    let (ok, stdout, stderr, peak) = build(&site, &out);
    assert!(ok, "{stderr}");
    eprintln!("{stdout}");
    // One page per event file, and one history row per result row.
    let count = |dir: &std::path::Path, ext: &str| {
        walkdir::WalkDir::new(dir)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == ext))
            .filter(|e| e.file_name() != "players.toml")
            .count()
    };
    assert_eq!(count(&out.join("events"), "html"), count(&site.join("data"), "toml"));
    let results: usize = walkdir::WalkDir::new(site.join("data"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
        .map(|e| read(e.path()).matches("[[results]]").count())
        .sum();
    let history = read(&out.join("downloads/dip-pouch-history.csv"));
    assert_eq!(history.lines().count(), results + 1);
    assert!(peak < 2048.0, "peak RSS {peak} MB");
}
