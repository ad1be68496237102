//! Inputs a careless user or an attacker can put in the site folder:
//! hidden files and symbolic links in `static/`, FIFOs and devices under
//! `data/` and `static/`, a static file where a generated folder goes.
//! `build` and `check` refuse them alike, with the path, and never block.

use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::*;

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
        let why = "outside the site folder: a site reads and publishes only its own files";
        let secret = tmp.path().canonicalize().unwrap().join("secret.txt");
        assert_eq!(
            errors,
            [
                format!(
                    "error: static/environ: symbolic link to /proc/{}/environ, {why}",
                    r_pid(&r)
                ),
                format!("error: static/etc: symbolic link to /etc, {why}"),
                format!("error: static/secret.txt: symbolic link to {}, {why}", secret.display()),
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
            // A device outside the site: refused as a link out of it.
            symlink("/dev/zero", &path).unwrap();
            format!(
                "error: {folder}/{name}: symbolic link to /dev/zero, outside the site folder: a site reads and publishes only its own files"
            )
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

#[test]
fn data_pages_and_settings_follow_no_link_out_of_the_site() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    std::fs::create_dir_all(site.join("data/pages")).unwrap();
    std::fs::write(tmp.path().join("secret.toml"), "name = \"x\"\n").unwrap();
    symlink("/proc/self/environ", site.join("data/pages/env.md")).unwrap();
    symlink("/etc/passwd", site.join("data/pages/m.md")).unwrap();
    symlink(tmp.path().join("secret.toml"), site.join("data/2000/secret.toml")).unwrap();
    symlink("/etc", site.join("data/etc")).unwrap();
    let outside = "outside the site folder: a site reads and publishes only its own files";
    for args in [&["build", "--output", "../out"][..], &["check"][..]] {
        let r = run_bounded(&site, args).expect("finished");
        assert_eq!(r.status.code(), Some(1), "{args:?}: {}", stderr(&r));
        let secret = tmp.path().canonicalize().unwrap().join("secret.toml");
        assert_eq!(
            errors(&r),
            [
                format!(
                    "error: data/2000/secret.toml: symbolic link to {}, {outside}",
                    secret.display()
                ),
                format!("error: data/etc: symbolic link to /etc, {outside}"),
                format!(
                    "error: data/pages/env.md: symbolic link to /proc/{}/environ, {outside}",
                    r_pid(&r)
                ),
                format!("error: data/pages/m.md: symbolic link to /etc/passwd, {outside}"),
            ],
            "{args:?}"
        );
        assert!(!stderr(&r).contains("PATH="), "the environment was read");
    }
    assert!(!tmp.path().join("out").exists());

    // site.toml itself.
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    std::fs::rename(site.join("site.toml"), tmp.path().join("site.toml")).unwrap();
    symlink("../site.toml", site.join("site.toml")).unwrap();
    let r = run_bounded(&site, &["check"]).expect("finished");
    let real = tmp.path().canonicalize().unwrap().join("site.toml");
    assert_eq!(
        errors(&r),
        [format!(
            "error: site.toml: symbolic link to {}, {outside}",
            real.display()
        )]
    );
}

/// The pid in `/proc/PID/environ` as the run's message gives it (the link
/// `/proc/self` resolves to the process that followed it).
fn r_pid(r: &Output) -> String {
    let text = stderr(r);
    let at = text.find("symbolic link to /proc/").expect("the message names /proc") + "symbolic link to /proc/".len();
    text[at..].chars().take_while(char::is_ascii_digit).collect()
}

#[test]
fn links_to_hidden_files_of_the_site_or_into_the_output_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    std::fs::create_dir_all(site.join(".git")).unwrap();
    std::fs::write(site.join(".git/config"), "url = https://token@example.org/x\n").unwrap();
    std::fs::write(site.join(".env"), "SECRET=1\n").unwrap();
    let st = site.join("static");
    symlink("../.git/config", st.join("a.txt")).unwrap();
    symlink("../.env", st.join("b.txt")).unwrap();
    symlink("../.git", st.join("g")).unwrap();
    symlink("../public", st.join("mirror")).unwrap();
    // A build into the site's own public/ first, so that the link resolves.
    std::fs::create_dir_all(site.join("public")).unwrap();
    for args in [&["build"][..], &["check"][..]] {
        let r = run_bounded(&site, args).expect("finished");
        assert_eq!(r.status.code(), Some(1), "{args:?}: {}", stderr(&r));
        let hidden = "hidden files are never read or published";
        assert_eq!(
            errors(&r),
            [
                format!("error: static/a.txt: symbolic link to the hidden file or folder .git/config: {hidden}"),
                format!("error: static/b.txt: symbolic link to the hidden file or folder .env: {hidden}"),
                format!("error: static/g: symbolic link to the hidden file or folder .git: {hidden}"),
                "error: static/mirror: symbolic link into the output folder: a build cannot read what it writes"
                    .to_string(),
            ],
            "{args:?}"
        );
    }
    assert!(!site.join("public/index.html").exists());
}

#[test]
fn files_that_look_like_data_are_never_ignored_without_a_word() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    std::fs::create_dir_all(site.join("data/pages/old")).unwrap();
    for name in [
        "2000/x.TOML",
        "2000/y.tml",
        "2000/z.toml ",
        "2000/w.toml.",
        "pages/About.MD",
        "pages/v.md ",
        "pages/news.mdown",
        "pages/old/notes.md",
    ] {
        std::fs::write(site.join("data").join(name), "# x\n").unwrap();
    }
    // Files of other kinds are still the user's business.
    std::fs::write(site.join("data/README.md"), "# notes\n").unwrap();
    std::fs::write(site.join("data/2000/page.txt"), "a WDD page\n").unwrap();
    let r = run_bounded(&site, &["check"]).expect("finished");
    assert_eq!(
        errors(&r),
        [
            "error: data/2000/w.toml.: event files end in `.toml`, in lower case: rename \"w.toml.\" to w.toml to have it read",
            "error: data/2000/x.TOML: event files end in `.toml`, in lower case: rename \"x.TOML\" to x.toml to have it read",
            "error: data/2000/y.tml: event files end in `.toml`, in lower case: rename \"y.tml\" to y.toml to have it read",
            "error: data/2000/z.toml : event files end in `.toml`, in lower case: rename \"z.toml \" to z.toml to have it read",
            "error: data/pages/About.MD: Markdown pages end in `.md`, in lower case: rename \"About.MD\" to About.md to have it read",
            "error: data/pages/news.mdown: Markdown pages end in `.md`, in lower case: rename \"news.mdown\" to news.md to have it read",
            "error: data/pages/old/notes.md: Markdown pages are read only from data/pages/ itself, not from its sub-folders: move notes.md there",
            "error: data/pages/v.md : Markdown pages end in `.md`, in lower case: rename \"v.md \" to v.md to have it read",
        ]
    );
}

#[test]
fn static_files_that_would_be_one_file_on_macos_or_windows_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    std::fs::write(site.join("static/Index.html"), "mine\n").unwrap();
    std::fs::write(site.join("static/A.txt"), "a\n").unwrap();
    std::fs::write(site.join("static/a.txt"), "a\n").unwrap();
    std::fs::write(site.join("static/Player"), "a file where a folder goes\n").unwrap();
    std::fs::write(site.join("static/Style.css"), "body{}\n").unwrap();
    for args in [&["build", "--output", "../out"][..], &["check"][..]] {
        let r = run_bounded(&site, args).expect("finished");
        assert_eq!(
            errors(&r),
            [
                "error: static/Index.html: static file would overwrite the generated file index.html on case-insensitive file systems (macOS, Windows)",
                "error: static/Player: static file would take the place of the generated folder Player/",
                "error: static/Style.css: static file would be the same file as the built-in style.css on case-insensitive file systems (macOS, Windows): name it style.css to replace it",
                "error: static/a.txt: static file would be the same file as static/A.txt on case-insensitive file systems (macOS, Windows): rename one",
            ],
            "{args:?}"
        );
    }
}

#[test]
fn terminal_escapes_in_file_names_never_reach_the_terminal_raw() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    let name = "2000/\u{1b}]0;owned\u{7}\u{1b}[2J.toml";
    std::fs::write(site.join("data").join(name), "name = \n").unwrap();
    for args in [&["build", "--output", "../out"][..], &["check"][..]] {
        let r = run_bounded(&site, args).expect("finished");
        assert_eq!(r.status.code(), Some(1));
        assert!(
            !r.stderr.contains(&0x1b) && !r.stderr.contains(&0x07),
            "{args:?}: raw controls"
        );
        assert!(
            stderr(&r).contains("error: data/2000/\\u{1b}]0;owned\\u{7}\\u{1b}[2J.toml:1:"),
            "{args:?}: {}",
            stderr(&r)
        );
    }
}

#[test]
fn a_static_file_too_large_to_publish_is_refused_without_being_read() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    // Sparse: 2 GiB long, no block on the disk.
    let huge = std::fs::File::create(site.join("static/huge.bin")).unwrap();
    huge.set_len(2 << 30).unwrap();
    let started = Instant::now();
    let r = run_bounded(&site, &["build", "--output", "../out"]).expect("finished");
    assert_eq!(r.status.code(), Some(1), "{}", stderr(&r));
    assert!(
        stderr(&r).contains("the file is 2147483648 bytes, more than the 1073741824 a site's file may have"),
        "{}",
        stderr(&r)
    );
    assert!(started.elapsed() < Duration::from_secs(60));
}

#[test]
fn markdown_too_long_to_render_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    std::fs::create_dir_all(site.join("data/pages")).unwrap();
    let text = "- *a* **b** [c](d) `e` <x>\n".repeat(100_000);
    std::fs::write(site.join("data/pages/long.md"), &text).unwrap();
    let report = format!(
        "name = \"Long\"\ndate = 2020-01-01\nrounds = 1\nreport = \"\"\"\n{text}\"\"\"\n[[results]]\nrank = 1\nname = \"Ann A\"\n"
    );
    std::fs::write(site.join("data/long.toml"), report).unwrap();
    let r = run_bounded(&site, &["check"]).expect("finished");
    assert_eq!(
        errors(&r),
        [
            format!(
                "error: data/long.toml:4:1: `report` is {} bytes, more than the 2097152 a Markdown text may have (rendering takes many times its size)",
                text.len()
            ),
            format!(
                "error: data/pages/long.md: the page is {} bytes, more than the 2097152 a Markdown page may have (rendering takes many times its size)",
                text.len()
            ),
        ]
    );
}

#[test]
fn a_huge_site_toml_is_refused_without_being_read() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    // Sparse: 200 GiB long, no block on the disk.
    std::fs::File::options()
        .write(true)
        .open(site.join("site.toml"))
        .unwrap()
        .set_len(200 << 30)
        .unwrap();
    for args in [&["build", "--output", "../out"][..], &["check"][..]] {
        let r = run_bounded(&site, args).expect("finished");
        assert_eq!(r.status.code(), Some(1), "{args:?}: {}", stderr(&r));
        assert!(
            stderr(&r).contains("more than the 67108864 a site's file may have"),
            "{}",
            stderr(&r)
        );
    }
}

/// Hidden files under `data/` and `static/` are never opened, by the build
/// nor by the change check of the next build (it read every file whole,
/// hidden ones too: a 2 GB `data/.backup.tar` cost 2 GB on every build): a
/// FIFO there would block the first read for ever, and a 3 GiB backup costs
/// nothing.
#[test]
fn hidden_files_are_never_opened_by_a_build_or_its_change_check() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    mkfifo(&site.join("data/.backup.tar"));
    mkfifo(&site.join("static/.cache"));
    std::fs::File::create(site.join("data/.old.tar"))
        .unwrap()
        .set_len(3 << 30)
        .unwrap();
    for round in 0..2 {
        let r = run_bounded(&site, &["build", "--output", "../out"]).expect("finished");
        assert!(r.status.success(), "build {round}: {}", stderr(&r));
    }
    let r = run_bounded(&site, &["check"]).expect("finished");
    assert!(r.status.success(), "{}", stderr(&r));
}

/// A match event has at most 10,000 `[[round]]` tables, like `rounds`
/// (385,683 tables of one imported PGN were accepted: 1.24 GB): the
/// 10,001st is an error at its line.
#[test]
fn an_event_of_more_than_10000_round_tables_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let site = site_in(tmp.path());
    let event = |tables: usize| {
        format!(
            "name = \"Nights\"\ndate = 2024-01-01\nformat = \"Game\"\n{}",
            "[[round]]\nmatches = [[\"Ann Ames\", \"Bob Baker\", \"1-0\"]]\n".repeat(tables)
        )
    };
    std::fs::write(site.join("data/nights.toml"), event(10_000)).unwrap();
    assert!(ratings_site::check(&site).is_ok());
    std::fs::write(site.join("data/nights.toml"), event(10_002)).unwrap();
    let e = ratings_site::check(&site).expect_err("10,002 tables").to_string();
    assert!(
        e.contains(
            "data/nights.toml:20004:1: this is [[round]] table number 10001 of 10002: an event has at most 10000 rounds (split it into several events)"
        ),
        "{e}"
    );
    assert_eq!(e.matches("[[round]]").count(), 1, "{e}");
    // The tables written inline, one a line, are counted too.
    let inline = format!(
        "name = \"Nights\"\ndate = 2024-01-01\nformat = \"Game\"\nround = [\n{}]\n",
        "{ matches = [[\"Ann Ames\", \"Bob Baker\", \"1-0\"]] },\n".repeat(10_001)
    );
    std::fs::write(site.join("data/nights.toml"), inline).unwrap();
    let e = ratings_site::check(&site).expect_err("10,001 tables").to_string();
    assert!(
        e.contains(
            "data/nights.toml:10005:1: this is [[round]] table number 10001 of 10001: an event has at most 10000 rounds"
        ),
        "{e}"
    );
}
