//! `ratings init`: a new site builds at once, passes `check` without a
//! warning, and a folder with anything in it is refused untouched; a
//! folder holding only `.git` is accepted, a dangling link refused by
//! name, and a write that fails half-way leaves nothing behind.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::*;

/// `ratings init DIR`.
fn init(dir: &Path) -> Output {
    Command::new(BIN).arg("init").arg(dir).output().unwrap()
}

/// Every path under `dir` with its contents (folders as `/`), sorted.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut all = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            let rel = path.strip_prefix(dir).unwrap().display().to_string();
            if path.is_dir() {
                all.push((format!("{rel}/"), Vec::new()));
                stack.push(path);
            } else {
                all.push((rel, std::fs::read(&path).unwrap()));
            }
        }
    }
    all.sort();
    all
}

/// A `.git` folder as `git init` leaves it (the parts that matter here).
fn fake_git(dir: &Path) {
    std::fs::create_dir_all(dir.join(".git/objects/info")).unwrap();
    std::fs::create_dir_all(dir.join(".git/refs/heads")).unwrap();
    std::fs::write(dir.join(".git/HEAD"), "ref: refs/heads/main\n").unwrap();
    std::fs::write(dir.join(".git/config"), "[core]\n\trepositoryformatversion = 0\n").unwrap();
}

#[test]
fn a_new_site_builds_at_once_and_checks_clean() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("club");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ratings"))
        .args(["init", site.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for file in [
        "site.toml",
        "data/2026/example-open.toml",
        ".github/workflows/pages.yml",
        ".gitignore",
    ] {
        assert!(site.join(file).is_file(), "{file}");
    }
    assert_eq!(check_warnings(&site), Vec::<String>::new());
    // The Pages workflow installs the tool once per commit of it (the
    // cache's key) and skips the compilation on a cache hit; its one
    // variable is checked with a message (actionlint checks the file in
    // .ci/run).
    let workflow = read(&site.join(".github/workflows/pages.yml"));
    for needed in [
        "key: ratings-${{ runner.os }}-${{ steps.tool.outputs.commit }}",
        "path: ~/.cargo/bin/ratings",
        "if: steps.cache.outputs.cache-hit != 'true'",
        "cargo install --locked --git \"$RATINGS_GIT\" --rev \"$COMMIT\" ratings",
        "::error::Set the repository variable RATINGS_GIT",
    ] {
        assert!(workflow.contains(needed), "{needed}");
    }
    let built = ratings_site::build(&options(&site, &site.join("public"))).unwrap();
    assert_eq!((built.events, built.players, built.ratings), (1, 3, 2));
    let ranking = read(&site.join("public/downloads/elo-ranking.csv"));
    // All-pairs Elo of three newcomers: +16, 0, -16.
    assert_eq!(
        ranking,
        "rank,player,nat,rating,events\n1,Ada LOVELACE,,1516,1\n2,Alan TURING,,1500,1\n3,Grace HOPPER,,1484,1\n"
    );
    // The .gitignore keeps the output and its working folders out of git.
    assert!(read(&site.join(".gitignore")).contains("/public\n"));
}

#[test]
fn a_folder_with_anything_in_it_is_refused_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    // Beside .git too: only a folder holding nothing else is taken.
    fake_git(tmp.path());
    std::fs::write(tmp.path().join("notes.txt"), "mine").unwrap();
    let before = snapshot(tmp.path());
    let out = init(tmp.path());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "error: {}: refusing to create a site in a folder that is not empty (it holds notes.txt; only .git may be there)\n",
            tmp.path().display()
        )
    );
    assert_eq!(snapshot(tmp.path()), before);
    // A plain file is no folder.
    let file = tmp.path().join("notes.txt");
    let out = init(&file);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "error: {}: refusing to create a site here: it is not a folder\n",
            file.display()
        )
    );
    assert_eq!(snapshot(tmp.path()), before);
}

#[test]
fn a_dangling_link_is_refused_by_name() {
    let tmp = tempfile::tempdir().unwrap();
    let link = tmp.path().join("club");
    let missing = tmp.path().join("moved-away");
    std::os::unix::fs::symlink(&missing, &link).unwrap();
    let out = init(&link);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "error: {}: refusing to create a site here: it is a symbolic link to {}, which does not exist\n",
            link.display(),
            missing.display()
        )
    );
    assert_eq!(entries(tmp.path()), ["club"]);
    assert!(!missing.exists());
}

/// `git init` (or a clone of an empty repository), then `ratings init .`:
/// the site is created beside `.git`, which is left exactly as it was.
#[test]
fn a_folder_with_only_git_gets_a_site_and_git_is_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("club");
    fake_git(&site);
    let git_before = snapshot(&site.join(".git"));
    let out = Command::new(BIN)
        .current_dir(&site)
        .args(["init", "."])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(entries(&site), [".git", ".github", ".gitignore", "data", "site.toml"]);
    assert_eq!(snapshot(&site.join(".git")), git_before);
    assert_eq!(check_warnings(&site), Vec::<String>::new());
    let built = ratings_site::build(&options(&site, &site.join("public"))).unwrap();
    assert_eq!((built.events, built.players, built.ratings), (1, 3, 2));

    // A linked worktree or a submodule has a `.git` file instead.
    let worktree = tmp.path().join("worktree");
    std::fs::create_dir(&worktree).unwrap();
    std::fs::write(worktree.join(".git"), "gitdir: ../club/.git/worktrees/w\n").unwrap();
    assert!(init(&worktree).status.success());
    assert_eq!(read(&worktree.join(".git")), "gitdir: ../club/.git/worktrees/w\n");
    assert!(worktree.join("site.toml").is_file());
}

/// A file limit of 1 KB (`ulimit -f`, in bytes here) lets the first
/// files through and stops the workflow file half-way, as a full disk
/// would: nothing of the new site is left, in a new folder or beside
/// `.git`.
#[test]
fn a_write_failing_half_way_leaves_nothing() {
    use std::os::unix::process::CommandExt;
    const LIMIT: usize = 1024;
    let size = |name: &str| ratings::init::FILES.iter().find(|f| f.0 == name).unwrap().1.len();
    assert!(size("site.toml") < LIMIT && size(".github/workflows/pages.yml") > LIMIT);
    let tmp = tempfile::tempdir().unwrap();
    let with_git = tmp.path().join("with-git");
    fake_git(&with_git);
    let git_before = snapshot(&with_git);
    for (target, left) in [
        (tmp.path().join("new/club"), None),
        (with_git.clone(), Some(git_before)),
    ] {
        let mut command = Command::new(BIN);
        command.arg("init").arg(&target);
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            command.pre_exec(|| {
                let limit = libc::rlimit {
                    rlim_cur: LIMIT as libc::rlim_t,
                    rlim_max: LIMIT as libc::rlim_t,
                };
                // As `ulimit -f` in a shell: SIGXFSZ keeps its default
                // (kill); the program itself makes the write fail instead.
                if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let out = command.output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        let failed = target.join(".github/workflows/pages.yml");
        assert!(
            stderr.starts_with(&format!("error: {}: File too large", failed.display())),
            "{stderr}"
        );
        match left {
            None => assert_eq!(entries(tmp.path()), ["with-git"]),
            Some(before) => assert_eq!(snapshot(&target), before),
        }
    }
}

#[test]
fn the_staging_folder_of_a_killed_init_is_cleaned_up_not_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("club");
    fake_git(&site);
    let stale = site.join(".ratings-init-00000000deadbeef");
    std::fs::create_dir_all(stale.join("data")).unwrap();
    std::fs::write(stale.join("site.toml"), "half").unwrap();
    // Left by an init killed two minutes ago (a younger one may be at work).
    let two_minutes_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(120);
    std::fs::File::open(&stale)
        .unwrap()
        .set_modified(two_minutes_ago)
        .unwrap();
    // Beside anything else, it is left alone: init refuses and removes nothing.
    std::fs::write(site.join("README"), "x").unwrap();
    let refused = Command::new(BIN).arg("init").arg(&site).output().unwrap();
    assert_eq!(refused.status.code(), Some(1));
    assert!(stale.join("site.toml").is_file());
    std::fs::remove_file(site.join("README")).unwrap();
    let out = Command::new(BIN).arg("init").arg(&site).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!stale.exists());
    assert!(site.join("site.toml").is_file());
}

#[test]
fn names_in_a_refusal_never_reach_the_terminal_raw() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("club");
    std::fs::create_dir(&site).unwrap();
    std::fs::write(site.join("f\u{1b}]0;T\u{7}Y"), "x").unwrap();
    let out = Command::new(BIN).arg("init").arg(&site).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(!out.stderr.contains(&0x1b), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("it holds f\\u{1b}]0;T\\u{7}Y;"));
}
