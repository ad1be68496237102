//! Inputs a careless user or an attacker can put in the site folder:
//! hidden files and symbolic links in `static/`, FIFOs and devices under
//! `data/` and `static/`, a static file where a generated folder goes.
//! `build` and `check` refuse them alike, with the path, and never block.

mod common;

use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::*;

/// Run the binary with `args` in `cwd`, killed after 60 s (a FIFO read
/// blocks forever): `None` if it had to be killed.
fn run_bounded(cwd: &Path, args: &[&str]) -> Option<Output> {
    let mut child = Command::new(BIN)
        .current_dir(cwd)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Some(child.wait_with_output().unwrap())
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The `error: ` lines of a run.
fn errors(o: &Output) -> Vec<String> {
    stderr(o)
        .lines()
        .filter(|l| l.starts_with("error: "))
        .map(String::from)
        .collect()
}

fn site_in(tmp: &Path) -> std::path::PathBuf {
    let site = tmp.join("site");
    copy_tree(&fixture("basic"), &site);
    std::fs::create_dir_all(site.join("static")).unwrap();
    site
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
}

#[test]
fn static_publishes_neither_hidden_files_nor_links_that_leave_the_site() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    let st = site.join("static");
    std::fs::write(st.join("ok.txt"), "public\n").unwrap();
    std::fs::write(st.join(".env"), "SECRET=1\n").unwrap();
    std::fs::create_dir_all(st.join(".git")).unwrap();
    std::fs::write(st.join(".git/config"), "[remote]\n").unwrap();
    std::fs::create_dir_all(st.join("img/.cache")).unwrap();
    std::fs::write(st.join("img/.cache/x"), "x\n").unwrap();
    // A link inside the site folder is fine.
    symlink("../site.toml", st.join("site-settings.txt")).unwrap();
    let r = run_bounded(&site, &["build", "--output", "../out"]).expect("build finished");
    assert!(r.status.success(), "{}", stderr(&r));
    let out = tmp.path().join("out");
    assert_eq!(read(&out.join("ok.txt")), "public\n");
    assert_eq!(read(&out.join("site-settings.txt")), read(&site.join("site.toml")));
    assert!(!out.join(".env").exists() && !out.join(".git").exists() && !out.join("img").exists());

    // Links that leave the site folder: a secret, /etc, /proc/self/environ.
    std::fs::write(tmp.path().join("secret.txt"), "password\n").unwrap();
    symlink(tmp.path().join("secret.txt"), st.join("secret.txt")).unwrap();
    symlink("/etc", st.join("etc")).unwrap();
    symlink("/proc/self/environ", st.join("environ")).unwrap();
    let before = snapshot(&out);
    for args in [&["build", "--output", "../out"][..], &["check"][..]] {
        let r = run_bounded(&site, args).expect("finished");
        assert_eq!(r.status.code(), Some(1), "{args:?}: {}", stderr(&r));
        let errors = errors(&r);
        let why = "symbolic link to a file outside the site folder";
        assert_eq!(
            errors,
            [
                format!("error: static/environ: {why}: static/ publishes only files of the site"),
                format!("error: static/etc: {why}: static/ publishes only files of the site"),
                format!("error: static/secret.txt: {why}: static/ publishes only files of the site"),
            ],
            "{args:?}"
        );
    }
    assert_eq!(snapshot(&out), before);
}

#[test]
fn fifos_and_devices_are_errors_in_build_and_check_and_never_block() {
    for (folder, name) in [
        ("data", "2020/pipe.toml"),
        ("static", "pipe.css"),
        ("data", "zero.toml"),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        let site = site_in(tmp.path());
        let path = site.join(folder).join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let expected = if name == "zero.toml" {
            symlink("/dev/zero", &path).unwrap();
            format!("error: {folder}/{name}: a device: only regular files can be read")
        } else {
            mkfifo(&path);
            format!("error: {folder}/{name}: a named pipe (FIFO): only regular files can be read")
        };
        for args in [&["build", "--output", "../out"][..], &["check"][..]] {
            let r = run_bounded(&site, args).unwrap_or_else(|| panic!("{args:?} with {name} did not finish"));
            assert_eq!(r.status.code(), Some(1), "{args:?} {name}: {}", stderr(&r));
            let errors = errors(&r);
            assert_eq!(errors, [expected.as_str()], "{args:?}");
        }
        assert!(!tmp.path().join("out").exists());
    }
}

#[test]
fn a_static_file_where_a_generated_folder_goes_fails_check_as_build() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    std::fs::write(site.join("static/player"), "not a folder\n").unwrap();
    std::fs::create_dir_all(site.join("static/events.html")).unwrap();
    std::fs::write(site.join("static/events.html/x.txt"), "x\n").unwrap();
    for args in [&["check"][..], &["build", "--output", "../out"][..]] {
        let r = run_bounded(&site, args).expect("finished");
        assert_eq!(r.status.code(), Some(1), "{args:?}: {}", stderr(&r));
        let errors = errors(&r);
        assert_eq!(
            errors,
            [
                "error: static/events.html/x.txt: static folder would take the place of the generated file events.html",
                "error: static/player: static file would take the place of the generated folder player/",
            ],
            "{args:?}"
        );
    }
}
