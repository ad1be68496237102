//! Rebuilds that change nothing write nothing; the synthetic data generator
//! is deterministic. (Timings are measured by bench/run, never asserted.)

use std::collections::BTreeMap;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

use crate::common::{copy_dir, fixture};

/// Every file of a folder: relative path → (inode, modification time in ns, bytes).
fn identities(root: &Path) -> BTreeMap<String, (u64, i128, Vec<u8>)> {
    walkdir::WalkDir::new(root)
        .into_iter()
        .map(|e| e.unwrap())
        // The marker records each build: it is the one file always rewritten.
        .filter(|e| e.file_type().is_file() && e.file_name() != ".ratings-site")
        .map(|e| {
            let m = e.metadata().unwrap();
            let rel = e.path().strip_prefix(root).unwrap().to_string_lossy().into_owned();
            let mtime = i128::from(m.mtime()) * 1_000_000_000 + i128::from(m.mtime_nsec());
            (rel, (m.ino(), mtime, std::fs::read(e.path()).unwrap()))
        })
        .collect()
}

#[test]
fn rebuilds_keep_unchanged_files_as_they_were() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("ties"), &site);
    let out = tmp.path().join("out");
    let options = crate::common::options(&site, &out);
    let first = ratings_site::build(&options).unwrap();
    assert!(!first.skipped);
    let before = identities(&out);
    // Let a rewrite show in the modification time even on coarse clocks.
    std::thread::sleep(std::time::Duration::from_millis(20));

    // Nothing changed: the no-change check skips all work.
    let same = ratings_site::build(&options).unwrap();
    assert!(same.skipped);
    assert_eq!((same.written, same.unchanged), (0, first.written + first.unchanged));
    assert_eq!(same.pages, first.pages);
    assert!(identities(&out) == before, "a no-change rebuild touched files");

    // The whole pipeline again: every page is rendered, and every file is
    // hard-linked from the previous output, never rewritten.
    let full = ratings_site::build_full(&options).unwrap();
    assert!(!full.skipped);
    assert_eq!(full.written, 0);
    assert!(
        identities(&out) == before,
        "a full rebuild of the same input rewrote files"
    );

    // A file edited in the output is noticed and restored.
    std::fs::write(out.join("index.html"), "tampered").unwrap();
    let repaired = ratings_site::build(&options).unwrap();
    assert!(!repaired.skipped);
    assert_eq!(repaired.written, 1);
    let after = identities(&out);
    assert_eq!(after["index.html"].2, before["index.html"].2);
    assert!(
        after
            .iter()
            .filter(|(f, _)| f.as_str() != "index.html")
            .collect::<Vec<_>>()
            == before
                .iter()
                .filter(|(f, _)| f.as_str() != "index.html")
                .collect::<Vec<_>>(),
        "only the tampered file is rewritten"
    );

    // A changed input: pages it does not touch keep their inode and time.
    std::fs::create_dir_all(site.join("static")).unwrap();
    std::fs::write(site.join("static/extra.txt"), "new file\n").unwrap();
    let changed = ratings_site::build(&options).unwrap();
    assert!(!changed.skipped);
    assert_eq!(changed.written, 1, "only the new file is written");
    let now = identities(&out);
    assert!(now.contains_key("extra.txt"));
    for (file, id) in &after {
        assert!(&now[file] == id, "{file} was rewritten");
    }
}

#[test]
fn synth_is_deterministic_and_builds() {
    let tmp = tempfile::tempdir().unwrap();
    let params = ratings_bench::synth::SynthParams {
        seed: 7,
        events: 40,
        players: 300,
        results: 1_000,
        match_events: 6,
        matches: 300,
        all_systems: false,
    };
    let a = ratings_bench::synth::generate(&tmp.path().join("a"), &params).unwrap();
    let b = ratings_bench::synth::generate(&tmp.path().join("b"), &params).unwrap();
    assert_eq!(a, b);
    let read_all = |root: &Path| -> BTreeMap<String, Vec<u8>> {
        identities(root)
            .into_iter()
            .map(|(f, (_, _, bytes))| (f, bytes))
            .collect()
    };
    assert_eq!(read_all(&tmp.path().join("a")), read_all(&tmp.path().join("b")));
    let other = ratings_bench::synth::generate(
        &tmp.path().join("c"),
        &ratings_bench::synth::SynthParams {
            seed: 8,
            ..params.clone()
        },
    )
    .unwrap();
    assert_ne!(read_all(&tmp.path().join("a")), read_all(&tmp.path().join("c")));
    assert_eq!((a.events, a.match_events), (40, 6));
    assert_eq!(other.events, 40);

    // The generated site is valid input: every event and player is built.
    let out = tmp.path().join("out");
    let options = crate::common::options(&tmp.path().join("a"), &out);
    let built = ratings_site::build(&options).unwrap();
    assert_eq!(built.events, 46);
    assert_eq!(built.results, a.results);
    assert_eq!(built.matches, a.matches);
    assert_eq!(
        std::fs::read_dir(out.join("player")).unwrap().count(),
        built.players,
        "one page per player"
    );
    // Invented names have accents (their slugs then carry a hash: `--`).
    let accented = std::fs::read_dir(out.join("player"))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().contains("--"))
        .count();
    assert!(accented > 0);
}

/// The benchmark's Hugo site has one content page per page of ours, with the
/// same rows (checked on a site with both kinds of rating).
#[test]
fn hugo_equivalent_has_our_pages_and_rows() {
    let site = fixture("both-systems");
    let (_guard, out) = crate::common::build(&site);
    let ours: Vec<String> = walkdir::WalkDir::new(&out)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .map(|e| e.path().strip_prefix(&out).unwrap().to_string_lossy().into_owned())
        .collect();
    let tmp = tempfile::tempdir().unwrap();
    let pages = ratings_bench::hugo::hugo_site(&site, tmp.path()).unwrap();
    let content = tmp.path().join("content");
    let theirs: Vec<std::path::PathBuf> = walkdir::WalkDir::new(&content)
        .into_iter()
        .map(|e| e.unwrap().into_path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    assert_eq!(pages, ours.len());
    assert_eq!(theirs.len(), ours.len());
    // Every player page of ours has a Markdown twin listing the same rating
    // values (the "After" and "Change" cells of its history table).
    for page in ours.iter().filter(|p| p.starts_with("player/")) {
        let html = crate::common::read(&out.join(page));
        let md = crate::common::read(&content.join(page.replace(".html", ".md")));
        let cells: Vec<&str> = html
            .split("<td>")
            .skip(1)
            .map(|c| c.split('<').next().unwrap().trim())
            .filter(|c| c.contains('.') && !c.contains(' '))
            .collect();
        assert!(!cells.is_empty(), "{page}");
        for cell in cells {
            assert!(md.contains(cell), "{page}: {cell} missing from the Hugo page");
        }
    }
}
