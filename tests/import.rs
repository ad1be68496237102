//! `ratings import`: the three seed pages give the shipped events; Score and
//! Coeff checks; the command line.

use std::path::Path;
use std::process::Command;

use crate::common::*;
use ratings_model::{Event, Site};

/// (seed page, shipped event file)
const SEEDS: [(&str, &str); 3] = [
    ("000_9e56e3cb9be5cb38.txt", "2017/world-dipcon-xxvii.toml"),
    ("001_468565cf0ec3741f.txt", "1996/world-dipcon-vi.toml"),
    ("003_981e10d0460bf695.txt", "2002/tempest-in-a-teapot-iv.toml"),
];

/// What a result page carries of an event, in comparable form. The page has
/// no country and no report, so those are left out; players are compared by
/// name key, since ids depend on the whole site.
#[derive(Debug, PartialEq)]
struct Facts {
    id: String,
    name: String,
    date: String,
    end_date: Option<String>,
    place: String,
    players: u32,
    rounds: Option<u32>,
    boards: Option<u32>,
    world_championship: bool,
    /// (rank, name key, display name, nat, loc), sorted.
    rows: Vec<(u32, String, String, String, String)>,
}

fn facts(site: &Site, e: &Event) -> Facts {
    let mut rows: Vec<_> = e
        .results
        .iter()
        .map(|r| {
            let p = site.player(r.player);
            (
                r.rank,
                p.key.to_string(),
                p.display.to_string(),
                r.nat().to_string(),
                r.loc().to_string(),
            )
        })
        .collect();
    rows.sort();
    Facts {
        id: e.id.clone(),
        name: e.name.clone(),
        date: e.date.to_string(),
        end_date: e.end_date.map(|d| d.to_string()),
        place: e.place.clone(),
        players: e.players,
        rounds: e.rounds,
        boards: e.boards,
        world_championship: e.world_championship,
        rows,
    }
}

#[test]
fn importing_the_seed_pages_gives_the_shipped_events() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path();
    std::fs::copy(repo().join("site.toml"), site.join("site.toml")).unwrap();
    for (seed, file) in SEEDS {
        let page = fixture("wdd").join(seed);
        let imported = ratings_import::parse(&page, &read(&page)).unwrap();
        let warnings: Vec<String> = imported.warnings.iter().map(|w| w.to_string()).collect();
        if file.starts_with("1996/") {
            // The page as published lacks its winner's row: said, at the best row.
            assert_eq!(warnings.len(), 1, "{seed}: {warnings:?}");
            assert!(
                warnings[0].contains(
                    "the page has no rank 1: its best row is \"Leif BERGMAN\", rank 2; was the winner's row left out"
                ),
                "{}",
                warnings[0]
            );
        } else {
            assert!(warnings.is_empty(), "{seed}: {warnings:?}");
        }
        assert_eq!(ratings_import::suggested_path(&imported.event), file);
        let dest = site.join("data").join(file);
        std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
        std::fs::write(&dest, ratings_import::to_toml(&imported.event, seed)).unwrap();
    }
    let shipped = ratings_site::load::load(&repo()).unwrap();
    let imported = ratings_site::load::load(site).unwrap();
    assert_eq!(shipped.model.events.len(), 3);
    assert_eq!(imported.model.events.len(), 3);
    for (a, b) in shipped.model.events.iter().zip(&imported.model.events) {
        assert_eq!(facts(&shipped.model, a), facts(&imported.model, b));
    }
    // Spot checks against the pages themselves.
    let wdc = imported
        .model
        .events
        .iter()
        .find(|e| e.id == "2017/world-dipcon-xxvii")
        .unwrap();
    assert_eq!(
        (
            wdc.name.as_str(),
            wdc.date.to_string(),
            wdc.end_date.unwrap().to_string()
        ),
        ("World DipCon XXVII", "2017-07-07".into(), "2017-07-09".into())
    );
    assert_eq!(
        (wdc.place.as_str(), wdc.players, wdc.rounds, wdc.boards),
        ("Oxford", 84, Some(5), Some(45))
    );
    assert!(wdc.world_championship);
    assert_eq!(wdc.results.len(), 32);
    let tempest = imported
        .model
        .events
        .iter()
        .find(|e| e.id == "2002/tempest-in-a-teapot-iv")
        .unwrap();
    assert!(!tempest.world_championship);
    assert_eq!(tempest.end_date.unwrap().to_string(), "2002-10-13");
    let wdc96 = &imported.model.events[0];
    assert_eq!(
        wdc96.report, "Origins & DipCon 29",
        "the subtitle line becomes the report"
    );
    assert_eq!(wdc96.end_date, None);
    assert_eq!(wdc96.results.len(), 85);
}

#[test]
fn scores_and_coeff_that_disagree_with_the_formulas_are_reported_by_line() {
    let page = fixture("import").join("score-checks.txt");
    let imported = ratings_import::parse(&page, &read(&page)).unwrap();
    let ev = &imported.event;
    assert_eq!(ev.name, "Test Open");
    assert_eq!(ev.subtitle, "Hosted by the Test Club");
    assert_eq!(
        (ev.date.to_string(), ev.end_date.map(|d| d.to_string())),
        ("2005-03-04".into(), Some("2005-03-06".into()))
    );
    assert_eq!(
        (ev.place.as_str(), ev.players, ev.rounds, ev.boards),
        ("Lyon", 16, Some(1), Some(4))
    );
    assert!(!ev.world_championship);
    let ranks: Vec<(u32, &str)> = ev.rows.iter().map(|r| (r.rank, r.name.as_str())).collect();
    assert_eq!(
        ranks,
        [
            (1, "Ann AMES"),
            (2, "Bob BROWN"),
            (3, "Carl CHU"),
            (3, "Dora DIAZ"),
            (5, "Ed EVANS")
        ]
    );
    // N = 16: p = (16.5 - r) * 6.25. Rank 1: 96.875 -> 96.88 (halves away
    // from zero, as the page does). Rank 2: 90.625 -> 90.63, the page's
    // 90.62 is wrong. Rank 3: 84.375 -> 84.38. Rank 5: 71.875 -> 71.88, not
    // 70.00. One round: value 16 / 7 + 2 = 4.2857 -> Coeff 104.29, not 104.30.
    let lines: Vec<(usize, &str)> = imported
        .warnings
        .iter()
        .map(|w| (w.position.unwrap().0, w.message.as_str()))
        .collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0].0, 7);
    assert!(
        lines[0].1.contains("Coeff 104.30") && lines[0].1.contains("104.29"),
        "{}",
        lines[0].1
    );
    assert_eq!(lines[1].0, 11);
    assert!(lines[1].1.contains("Bob BROWN") && lines[1].1.contains("90.62") && lines[1].1.contains("gives 90.63"));
    assert_eq!(lines[2].0, 14);
    assert!(lines[2].1.contains("Ed EVANS") && lines[2].1.contains("gives 71.88"));
}

#[test]
fn pages_without_an_event_are_refused() {
    // A ranking page (tests/fixtures/wdd/004_*.txt) has no event header.
    let page = fixture("wdd").join("004_6ca86b0f77327d79.txt");
    let err = ratings_import::parse(&page, &read(&page)).unwrap_err();
    assert_eq!(err.len(), 1);
    assert!(err[0].message.starts_with("no event header found"), "{}", err[0]);
    // A row that cannot be read is an error with its line, not a dropped player.
    let text = read(&fixture("import").join("score-checks.txt")).replace("3Carl CHU84.38", "Carl CHU 84.38");
    let err = ratings_import::parse(Path::new("x.txt"), &text).unwrap_err();
    assert_eq!(
        err[0].to_string(),
        "x.txt:12:1: cannot read this result row: \"Carl CHU 84.38\" (expected rank, name, score, like \"1Doug MOORE99.40\")"
    );
    // What the loader refuses is refused here too, at the page's line.
    let text = read(&fixture("import").join("score-checks.txt")).replace("5Ed EVANS70.00", "5Ann AMES70.00");
    let err = ratings_import::parse(Path::new("x.txt"), &text).unwrap_err();
    assert_eq!(err[0].position, Some((14, 1)), "{}", err[0]);
    assert!(err[0].message.contains("appears twice"), "{}", err[0]);
}

/// A page of 20,000 rows of one name: 19,999 loader errors, each pointed at
/// its page row through a table made once (each was a scan of the whole
/// generated file: quadratic, minutes at this size).
#[test]
fn many_refused_rows_are_each_pointed_at_their_line() {
    let mut text = String::from(
        "Big Open 2005\nDate March 4-6, 2005 Place Lyon\nNumber of players20000 Number of rounds1 Number of boards4\n\nRankFirstName LastNameLoc.Nat.Score\n",
    );
    for rank in 1..=20_000u32 {
        text.push_str(&format!("{rank}Ann AMES\n"));
    }
    let err = ratings_import::parse(Path::new("x.txt"), &text).unwrap_err();
    let twice: Vec<_> = err.iter().filter(|e| e.message.contains("appears twice")).collect();
    // The first 100 are shown, and one message counts the rest.
    assert_eq!(twice.len(), 100, "{}", err[0]);
    // Page line 6 is rank 1; rank 20,000 is line 20,005.
    assert_eq!(twice[0].position, Some((7, 1)), "{}", twice[0]);
    assert_eq!(twice[99].position, Some((106, 1)), "{}", twice[99]);
    let rest: Vec<String> = err
        .iter()
        .filter(|e| e.message.contains("not shown"))
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        rest,
        ["x.txt:20005:1: 19899 more errors in this file, up to this line, not shown: fix the first 100 and try again"]
    );
}

/// An unreadable result row is quoted at most 64 characters long (rows of
/// 150,000 control characters, each written `\u{1}`, were quoted whole
/// in each of about 1,000 errors: 2 GB held, 600 MB printed).
#[test]
fn an_unreadable_row_is_quoted_cut() {
    let mut text = String::from(
        "Big Open 2005\nDate March 4-6, 2005 Place Lyon\nNumber of players2 Number of rounds1 Number of boards4\n\nRankFirstName LastNameLoc.Nat.Score\n1Ann AMES10.00\n",
    );
    text.push_str(&"\u{1}".repeat(150_000));
    text.push('\n');
    let err = ratings_import::parse(Path::new("x.txt"), &text).unwrap_err();
    let row = err
        .iter()
        .find(|e| e.message.contains("cannot read this result row"))
        .expect("an error");
    assert_eq!(
        row.to_string(),
        format!(
            "x.txt:7:1: cannot read this result row: \"{}…\" (expected rank, name, score, like \"1Doug MOORE99.40\")",
            "\\u{1}".repeat(64)
        )
    );
}

fn ratings_cmd() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ratings"))
}

#[test]
fn the_command_writes_stdout_or_a_file_and_never_overwrites_without_force() {
    let page = fixture("wdd").join("000_9e56e3cb9be5cb38.txt");
    let out = ratings_cmd().arg("import").arg(&page).output().unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("name = \"World DipCon XXVII\"\ndate = 2017-07-07\nend_date = 2017-07-09\n"),
        "{stdout}"
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("suggested file: data/2017/world-dipcon-xxvii.toml"),
        "{stderr}"
    );

    let tmp = tempfile::tempdir().unwrap();
    // A folder: the file goes to YEAR/name.toml inside it.
    let data = tmp.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let ok = ratings_cmd()
        .arg("import")
        .arg(&page)
        .arg("-o")
        .arg(&data)
        .status()
        .unwrap();
    assert!(ok.success());
    let written = data.join("2017/world-dipcon-xxvii.toml");
    assert_eq!(read(&written), stdout);
    // Existing file: refused, untouched; --force replaces it.
    std::fs::write(&written, "keep me").unwrap();
    let refused = ratings_cmd()
        .arg("import")
        .arg(&page)
        .arg("-o")
        .arg(&written)
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("exists; use --force"));
    assert_eq!(read(&written), "keep me");
    let forced = ratings_cmd()
        .arg("import")
        .arg(&page)
        .arg("-o")
        .arg(&written)
        .arg("--force")
        .output()
        .unwrap();
    assert!(forced.status.success());
    assert_eq!(read(&written), stdout);
    // Warnings go to stderr with file and line; the import still succeeds.
    let checks = fixture("import").join("score-checks.txt");
    let out = ratings_cmd().arg("import").arg(&checks).output().unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("score-checks.txt:11:1: \"Bob BROWN\", rank 2"),
        "{stderr}"
    );
}

#[test]
fn import_writes_through_no_planted_link_and_reads_only_regular_files() {
    let page = fixture("wdd").join("000_9e56e3cb9be5cb38.txt");
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path().join("d");
    std::fs::create_dir(&d).unwrap();
    let victim = tmp.path().join("victim");
    std::fs::write(&victim, "precious\n").unwrap();
    // The temporary names an attacker might guess, planted as links.
    for planted in ["x.toml.importing", "x.toml.tmp", ".x.toml.tmp"] {
        std::os::unix::fs::symlink(&victim, d.join(planted)).unwrap();
    }
    let ok = ratings_cmd()
        .arg("import")
        .arg(&page)
        .arg("-o")
        .arg(d.join("x.toml"))
        .output()
        .unwrap();
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    assert_eq!(read(&victim), "precious\n");
    assert!(std::fs::symlink_metadata(d.join("x.toml")).unwrap().is_file());
    // A link at the target itself: refused without --force (even dangling),
    // replaced by the file (never written through) with it.
    std::os::unix::fs::symlink(&victim, d.join("y.toml")).unwrap();
    std::os::unix::fs::symlink(tmp.path().join("missing"), d.join("z.toml")).unwrap();
    for target in ["y.toml", "z.toml"] {
        let refused = ratings_cmd()
            .arg("import")
            .arg(&page)
            .arg("-o")
            .arg(d.join(target))
            .output()
            .unwrap();
        assert!(!refused.status.success(), "{target}");
        assert!(String::from_utf8_lossy(&refused.stderr).contains("exists; use --force"));
    }
    assert!(!tmp.path().join("missing").exists());
    let forced = ratings_cmd()
        .arg("import")
        .arg(&page)
        .args(["--force", "-o"])
        .arg(d.join("y.toml"))
        .output()
        .unwrap();
    assert!(forced.status.success());
    assert_eq!(read(&victim), "precious\n");
    assert!(std::fs::symlink_metadata(d.join("y.toml")).unwrap().is_file());
    // Nothing else was left in the folder.
    let mut names: Vec<String> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            ".x.toml.tmp",
            "x.toml",
            "x.toml.importing",
            "x.toml.tmp",
            "y.toml",
            "z.toml"
        ]
    );

    // Endless or kernel files are refused at once, never read.
    for (input, why) in [
        ("/dev/zero", "a device: only regular files can be read"),
        ("/proc/self/environ", "a file of the kernel's proc file system"),
    ] {
        let started = std::time::Instant::now();
        let r = ratings_cmd().arg("import").arg(input).output().unwrap();
        assert!(!r.status.success());
        assert!(
            String::from_utf8_lossy(&r.stderr).contains(why),
            "{input}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(30),
            "{input} was read"
        );
    }
}

#[test]
fn an_imported_name_never_reaches_the_terminal_raw_and_the_file_gets_the_usual_mode() {
    let page = read(&fixture("wdd").join("000_9e56e3cb9be5cb38.txt"));
    let tmp = tempfile::tempdir().unwrap();
    let with_name = |name: &str| {
        let path = tmp.path().join("page.txt");
        std::fs::write(&path, page.replace("World DipCon XXVII 2017", &format!("{name} 2017"))).unwrap();
        path
    };
    let raw = |bytes: &[u8], chars: &[char]| String::from_utf8_lossy(bytes).contains(chars);
    // C1 controls: refused by the loader, and named escaped.
    let c1 = with_name("World DipCon \u{9b}2J\u{9d}0;PWN\u{9c} XXVII");
    let out = ratings_cmd().arg("import").arg(&c1).output().unwrap();
    assert!(!out.status.success());
    assert!(!raw(&out.stdout, &['\u{9b}']) && !raw(&out.stderr, &['\u{9b}', '\u{9c}', '\u{9d}']));
    assert!(String::from_utf8_lossy(&out.stderr).contains("control character U+009B"));
    // Balanced bidi controls are accepted, and written as TOML escapes.
    let bidi = with_name("World DipCon \u{202e}IIVXX\u{202c}");
    let out = ratings_cmd().arg("import").arg(&bidi).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!raw(&out.stdout, &['\u{202e}']) && !raw(&out.stderr, &['\u{202e}']));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("name = \"World DipCon \\u202EIIVXX\\u202C\"\n"),
        "{stdout}"
    );
    // The escapes are TOML: the event loads with the name as written.
    let data = tmp.path().join("data");
    let ok = ratings_cmd()
        .arg("import")
        .arg(&bidi)
        .arg("-o")
        .arg(&data)
        .output()
        .unwrap();
    assert!(ok.status.success());
    let written = data.join("2017/world-dipcon-iivxx.toml");
    let parsed: toml::Table = toml::from_str(&read(&written)).unwrap();
    assert_eq!(parsed["name"].as_str(), Some("World DipCon \u{202e}IIVXX\u{202c}"));
    // 0666 less the umask, like any new file (tempfile's own mode is 0600).
    let mode = |path: &Path| std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(path).unwrap().permissions());
    let plain = tmp.path().join("plain");
    std::fs::write(&plain, "").unwrap();
    assert_eq!(mode(&written), mode(&plain));
}
