//! `ratings init`: a new site builds at once, passes `check` without a
//! warning, and a folder with anything in it is refused untouched.

mod common;

use common::*;

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
    let built = ratings::build(&options(&site, &site.join("public"))).unwrap();
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
    std::fs::write(tmp.path().join("notes.txt"), "mine").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ratings"))
        .args(["init", tmp.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not empty"));
    assert_eq!(entries(tmp.path()), ["notes.txt"]);
}
