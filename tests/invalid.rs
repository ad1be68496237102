//! The bad-input corpus: every folder under `tests/fixtures/invalid/` is a
//! site (site.toml + data/) that must be refused. Its `expected.txt` lists
//! the error lines the build must print (file, line and column where the
//! toml crate gives a span); an optional `symlinks.txt` lists links
//! (`path target`) created at run time, since git keeps links poorly.
//!
//! Each case is built by the real binary over a copy of a good previous
//! build, which must come out byte-identical, with no build folder left.

use std::path::{Path, PathBuf};

use crate::common::*;

fn cases() -> Vec<PathBuf> {
    let root = fixture("invalid");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    cases
}

/// Set up `case` in `tmp/site` beside a copy of the good build in `tmp/out`.
fn prepare(case: &Path, tmp: &Path, good: &Path) {
    let site = tmp.join("site");
    copy_tree(case, &site);
    for extra in ["expected.txt", "symlinks.txt"] {
        let _ = std::fs::remove_file(site.join(extra));
    }
    if let Ok(links) = std::fs::read_to_string(case.join("symlinks.txt")) {
        for line in links.lines().filter(|l| !l.trim().is_empty()) {
            let (link, target) = line.split_once(' ').expect("`path target`");
            std::os::unix::fs::symlink(target, site.join(link)).unwrap();
        }
    }
    copy_tree(good, &tmp.join("out"));
}

/// The problems of one case, empty when it behaves.
fn check(case: &Path, good: &Path) -> Vec<String> {
    let name = case.file_name().unwrap().to_string_lossy().into_owned();
    let mut problems = Vec::new();
    let Ok(expected) = std::fs::read_to_string(case.join("expected.txt")) else {
        return vec![format!("{name}: no expected.txt")];
    };
    let expected: Vec<&str> = expected.lines().filter(|l| !l.trim().is_empty()).collect();
    if expected.is_empty() {
        return vec![format!("{name}: expected.txt is empty")];
    }
    let tmp = tempfile::tempdir().unwrap();
    prepare(case, tmp.path(), good);
    let before = snapshot(&tmp.path().join("out"));
    let result = run_build(&tmp.path().join("site"), ".", "../out", &[]);
    let stderr = String::from_utf8_lossy(&result.stderr);
    // Exit status 1: refused, not a panic (101) nor a signal.
    if result.status.code() != Some(1) {
        problems.push(format!("{name}: exit status {:?}, expected 1\n{stderr}", result.status));
    }
    let printed: Vec<&str> = stderr.lines().filter_map(|l| l.strip_prefix("error: ")).collect();
    for line in &expected {
        if !printed.iter().any(|p| p.contains(line)) {
            problems.push(format!("{name}: missing error line\n  {line}\nin\n{stderr}"));
        }
    }
    if printed.len() != expected.len() {
        problems.push(format!(
            "{name}: {} error lines printed, {} expected\n{stderr}",
            printed.len(),
            expected.len()
        ));
    }
    if snapshot(&tmp.path().join("out")) != before {
        problems.push(format!("{name}: the previous output folder changed"));
    }
    let left = entries_but_kept(tmp.path());
    if left != ["out", "site"] {
        problems.push(format!("{name}: left beside the output: {left:?}"));
    }
    problems
}

#[test]
fn every_invalid_site_is_refused_with_its_error_and_changes_nothing() {
    let good_tmp = tempfile::tempdir().unwrap();
    let good = good_tmp.path().join("good");
    let r = run_build(good_tmp.path(), fixture("basic").to_str().unwrap(), "good", &[]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(good.join(".ratings-site").is_file());

    let cases = cases();
    assert!(cases.len() >= 40, "only {} invalid cases", cases.len());
    // The cases are independent: checked on every core.
    use rayon::prelude::*;
    let problems: Vec<String> = cases.par_iter().flat_map_iter(|c| check(c, &good)).collect();
    assert!(
        problems.is_empty(),
        "{} problem(s) in {} cases:\n{}",
        problems.len(),
        cases.len(),
        problems.join("\n")
    );
}

#[test]
fn every_expected_line_names_a_file() {
    for case in cases() {
        let text = std::fs::read_to_string(case.join("expected.txt"))
            .unwrap_or_else(|_| panic!("{}: no expected.txt", case.display()));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let file = line.split(':').next().unwrap();
            assert!(
                file == "site.toml" || file == "data" || file.starts_with("data/") || file.starts_with("static/"),
                "{}: {line:?} does not start with the file it is about",
                case.display()
            );
        }
    }
}
