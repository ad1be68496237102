//! Output folder safety: the tool replaces only folders it wrote, refuses
//! folders that hold the site, never follows symbolic links when removing,
//! and a build killed at any moment leaves the previous site complete.

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use common::*;

/// A site folder in `tmp/site` (the `basic` fixture with its static/ and
/// templates/ folders present).
fn site_in(tmp: &Path) -> std::path::PathBuf {
    let site = tmp.join("site");
    copy_tree(&fixture("basic"), &site);
    std::fs::create_dir_all(site.join("static")).unwrap();
    std::fs::write(site.join("static/robots.txt"), "User-agent: *\n").unwrap();
    std::fs::create_dir_all(site.join("templates")).unwrap();
    std::fs::write(site.join("templates/keep.html"), "mine\n").unwrap();
    site
}

fn stderr(r: &std::process::Output) -> String {
    String::from_utf8_lossy(&r.stderr).into_owned()
}

#[test]
fn a_folder_the_tool_did_not_write_is_replaced_only_with_force() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    let out = tmp.path().join("out");
    std::fs::create_dir_all(out.join("notes")).unwrap();
    std::fs::write(out.join("notes/todo.txt"), "my notes\n").unwrap();
    let before = snapshot(&out);
    let r = run_build(&site, ".", "../out", &[]);
    assert_eq!(r.status.code(), Some(1));
    assert!(
        stderr(&r).contains("refusing to use this output folder: it is not empty and was not written by this tool"),
        "{}",
        stderr(&r)
    );
    assert_eq!(snapshot(&out), before);
    // Old versions of changed pages are kept for reuse in `.out.spare`.
    let left: Vec<String> = entries(tmp.path()).into_iter().filter(|e| e != ".out.spare").collect();
    assert_eq!(left, ["out", "site"]);
    // An empty folder is fine.
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    assert!(run_build(&site, ".", "../empty", &[]).status.success());
    assert!(empty.join(".ratings-site").is_file());
    // --force replaces it.
    let r = run_build(&site, ".", "../out", &["--force"]);
    assert!(r.status.success(), "{}", stderr(&r));
    assert!(out.join(".ratings-site").is_file() && !out.join("notes").exists());
    // From now on it is ours: no --force needed.
    assert!(run_build(&site, ".", "../out", &[]).status.success());
}

#[test]
fn folders_that_hold_the_site_are_refused_even_with_force() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    let before = snapshot(tmp.path());
    for (out, why) in [
        (".", "it is the site folder or one of its parents"),
        ("..", "it is the site folder or one of its parents"),
        ("/", "it is the file system root"),
        ("data", "it is inside the site's data/ folder"),
        ("data/2000", "it is inside the site's data/ folder"),
        ("./static/", "it is inside the site's static/ folder"),
        ("templates", "it is inside the site's templates/ folder"),
        ("data/../data", "it is inside the site's data/ folder"),
    ] {
        for force in [&[][..], &["--force"][..]] {
            let r = run_build(&site, ".", out, force);
            assert_eq!(r.status.code(), Some(1), "{out} {force:?}: {}", stderr(&r));
            assert!(
                stderr(&r).contains(&format!("refusing to use this output folder: {why}")),
                "{out}: {}",
                stderr(&r)
            );
        }
    }
    // The same, with the site given from elsewhere and absolute paths.
    let r = run_build(tmp.path(), "site", site.to_str().unwrap(), &["--force"]);
    assert_eq!(r.status.code(), Some(1), "{}", stderr(&r));
    let r = run_build(tmp.path(), "site", tmp.path().to_str().unwrap(), &["--force"]);
    assert_eq!(r.status.code(), Some(1), "{}", stderr(&r));
    assert_eq!(snapshot(tmp.path()), before, "a refused build changed something");
}

#[test]
fn an_output_that_is_a_link_or_a_file_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    let elsewhere = tmp.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    std::fs::write(elsewhere.join(".ratings-site"), "").unwrap();
    std::fs::write(elsewhere.join("precious.txt"), "keep\n").unwrap();
    std::os::unix::fs::symlink(&elsewhere, tmp.path().join("link")).unwrap();
    std::fs::write(tmp.path().join("file"), "a file\n").unwrap();
    let before = snapshot(tmp.path());
    let r = run_build(&site, ".", "../link", &["--force"]);
    assert!(stderr(&r).contains("it is a symbolic link"), "{}", stderr(&r));
    let r = run_build(&site, ".", "../file", &["--force"]);
    assert!(stderr(&r).contains("it exists and is not a folder"), "{}", stderr(&r));
    assert_eq!(snapshot(tmp.path()), before);
}

#[test]
fn links_in_the_old_output_are_removed_not_followed() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    let precious = tmp.path().join("precious");
    std::fs::create_dir_all(precious.join("deep")).unwrap();
    std::fs::write(precious.join("deep/file.txt"), "keep me\n").unwrap();
    std::fs::write(tmp.path().join("precious.txt"), "keep me too\n").unwrap();
    let out = tmp.path().join("out");
    assert!(run_build(&site, ".", "../out", &[]).status.success());
    // Links planted in the published site, to a folder and to a file.
    std::os::unix::fs::symlink(&precious, out.join("player/evil")).unwrap();
    std::os::unix::fs::symlink(tmp.path().join("precious.txt"), out.join("evil.txt")).unwrap();
    // A link where the next build writes a page must not be written through.
    std::fs::remove_file(out.join("events.html")).unwrap();
    std::os::unix::fs::symlink(tmp.path().join("precious.txt"), out.join("events.html")).unwrap();
    // A leftover "build folder" that is a link, and a look-alike that is not ours.
    std::os::unix::fs::symlink(&precious, tmp.path().join(".out.building-999999")).unwrap();
    std::fs::create_dir(tmp.path().join(".out.building-notapid")).unwrap();
    let precious_before = snapshot(&precious);
    for _ in 0..2 {
        let r = run_build(&site, ".", "../out", &[]);
        assert!(r.status.success(), "{}", stderr(&r));
    }
    assert_eq!(snapshot(&precious), precious_before);
    assert_eq!(read(&tmp.path().join("precious.txt")), "keep me too\n");
    assert!(!out.join("player/evil").exists() && !out.join("evil.txt").exists());
    assert!(std::fs::symlink_metadata(out.join("events.html")).unwrap().is_file());
    assert!(tmp.path().join(".out.building-notapid").is_dir());
}

#[test]
fn leftovers_of_a_killed_build_are_removed_by_the_next() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    for leftover in [".out.building-4242", ".out.building-4243.old"] {
        std::fs::create_dir_all(tmp.path().join(leftover).join("player")).unwrap();
        std::fs::write(tmp.path().join(leftover).join("player/x.html"), "half").unwrap();
    }
    assert!(run_build(&site, ".", "../out", &[]).status.success());
    // Old versions of changed pages are kept for reuse in `.out.spare`.
    let left: Vec<String> = entries(tmp.path()).into_iter().filter(|e| e != ".out.spare").collect();
    assert_eq!(left, ["out", "site"]);
}

/// A folder's content as (path → hash of kind and bytes), cheap to keep.
fn digest(root: &Path) -> BTreeMap<String, u64> {
    // The marker records each build's file identities (no-change check).
    snapshot(root)
        .into_iter()
        .filter(|(k, _)| k != ".ratings-site")
        .map(|(k, v)| (k, ratings::names::fnv1a(&v)))
        .collect()
}

#[test]
fn a_build_killed_at_random_moments_never_loses_the_previous_site() {
    const KILLS: usize = 30;
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    synthetic_site(&site, 500, 12, 800, 7);
    // Site B = site A plus an early event that moves every rating after it.
    let extra = site.join("data/2001/extra.toml");
    let extra_text = "name = \"Extra\"\ndate = 2001-01-01\nrounds = 2\n[[results]]\nrank = 1\nname = \"Ann Player00000\"\n[[results]]\nrank = 2\nname = \"Eve Player00004\"\n";
    let reference = |with_extra: bool, name: &str| {
        if with_extra {
            std::fs::write(&extra, extra_text).unwrap();
        } else {
            let _ = std::fs::remove_file(&extra);
        }
        let out = tmp.path().join(name);
        let r = run_build(&site, ".", out.to_str().unwrap(), &[]);
        assert!(r.status.success(), "{}", stderr(&r));
        digest(&out)
    };
    let b = reference(true, "ref-b");
    let started = Instant::now();
    let a = reference(false, "out");
    let full = started.elapsed();
    assert_ne!(a, b);
    std::fs::remove_dir_all(tmp.path().join("ref-b")).unwrap();

    let out = tmp.path().join("out");
    let mut rng = ratings_bench::synth::Rng::new(2026);
    let (mut saw_a, mut saw_b) = (0, 0);
    for i in 0..KILLS {
        // Alternate the input so that swaps really happen.
        if i % 2 == 0 {
            std::fs::write(&extra, extra_text).unwrap();
        } else {
            std::fs::remove_file(&extra).unwrap();
        }
        let mut child = std::process::Command::new(BIN)
            .current_dir(&site)
            .args(["build", "--output", out.to_str().unwrap()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Anywhere from start-up to a little past a full build.
        let wait = full.mul_f64(1.1) * rng.below(1000) as u32 / 1000;
        std::thread::sleep(wait.max(Duration::from_millis(1)));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let now = digest(&out);
        if now == a {
            saw_a += 1;
        } else if now == b {
            saw_b += 1;
        } else {
            panic!("kill {i} after {wait:?}: the output is neither the previous site nor the new one");
        }
    }
    eprintln!("{KILLS} kills: {saw_a} left site A, {saw_b} left site B (full build {full:?})");
    // The next build completes and clears every leftover.
    std::fs::remove_file(&extra).ok();
    let r = run_build(&site, ".", out.to_str().unwrap(), &[]);
    assert!(r.status.success(), "{}", stderr(&r));
    assert_eq!(digest(&out), a);
    // Old versions of changed pages are kept for reuse in `.out.spare`.
    let left: Vec<String> = entries(tmp.path()).into_iter().filter(|e| e != ".out.spare").collect();
    assert_eq!(left, ["out", "site"]);
}
