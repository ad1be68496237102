//! Inputs docs/data-format.md does not list as errors, which must build: events
//! with neither `[[results]]` nor `[[round]]` (also with `format`),
//! `players = 0`, an empty `[[round]]`, and a players.toml alias equal to
//! the entry's own name (tests/fixtures/unpublished).
//!
//! Hand computation (docs/rating-systems.md):
//!
//! dp (Dip Pouch, defaults): only Spring Open (2005, 7 players, 3 rounds)
//! has results: value = min(15, 7 / 3.5 + 2) = 4; percentiles
//! (7.5 - r) / 7 * 100 = 92.857142857142.., 78.571428571428.., 64.285714285714..;
//! after = 40 + 0.04 * (p - 40) = 42.114285714285714 (Ann),
//! 41.542857142857144 (Bob), 40.971428571428575 (Cat).
//!
//! limited (DCI, defaults: every player provisional): Draft Day (8 players,
//! judge 2), "Annie Archer" being an alias of Ann Archer.
//!   Round 1: Ann beats Bob → 1600 ± 400 = 2000 / 1200; Cat draws Dan → 1600 / 1600.
//!   Round 2: empty, rates nothing.
//!   Round 3: Ann beats Cat: Ann (1600 + 1600) / 2 + 400 · 2 / 2 = 2000;
//!            Cat (1600 + 2000) / 2 + 400 · (0 - 1) / 2 = 1600. Dan has a bye.
//! Draft Evening (only empty rounds) rates nothing; the other events have no
//! rows at all.

use std::path::Path;

use crate::common::*;

/// The events the fixture adds to a site that would build anyway.
const UNPUBLISHED: [&str; 4] = ["announced", "cancelled", "sealed", "empty-rounds"];

/// A copy of the fixture; `full = false` leaves out the unpublished events,
/// the empty round of Draft Day and the self-aliases. `base_url` is set
/// when given (for the feed and the sitemap).
fn variant(dir: &Path, full: bool, base_url: Option<&str>) -> std::path::PathBuf {
    let site = dir.join("site");
    copy_tree(&fixture("unpublished"), &site);
    if let Some(url) = base_url {
        let toml = read(&site.join("site.toml"));
        std::fs::write(site.join("site.toml"), format!("base_url = \"{url}\"\n{toml}")).unwrap();
    }
    if !full {
        for e in UNPUBLISHED {
            std::fs::remove_file(site.join(format!("data/2005/{e}.toml"))).unwrap();
        }
        let edit = |file: &str, from: &str, to: &str| {
            let path = site.join(file);
            let text = read(&path);
            assert!(text.contains(from), "{file}: {from:?}");
            std::fs::write(&path, text.replace(from, to)).unwrap();
        };
        edit("data/2005/draft.toml", "\n[[round]]\n\n[[round]]\n", "\n[[round]]\n");
        edit("data/players.toml", "\"ANN  archer\", ", "");
        edit("data/players.toml", "aliases = [\"Bob Baker\"]\n", "");
    }
    site
}

#[test]
fn downloads_equal_hand_computed_values() {
    let (_tmp, out) = build(&fixture("unpublished"));
    let csv = |name: &str| read(&out.join("downloads").join(name));
    assert_eq!(
        csv("dp-history.csv"),
        "date,event,player,before,after\n\
         2005-04-02,2005/spring,Ann Archer,40,42.114285714285714\n\
         2005-04-02,2005/spring,Bob Baker,40,41.542857142857144\n\
         2005-04-02,2005/spring,Cat Cole,40,40.971428571428575\n"
    );
    assert_eq!(
        csv("dp-ranking.csv"),
        "rank,player,nat,rating,events\n\
         1,Ann Archer,GB,42.114285714285714,1\n\
         2,Bob Baker,,41.542857142857144,1\n\
         3,Cat Cole,,40.971428571428575,1\n"
    );
    assert_eq!(
        csv("limited-history.csv"),
        "date,event,player,before,after\n\
         2005-05-07,2005/draft,Ann Archer,1600,2000\n\
         2005-05-07,2005/draft,Bob Baker,1600,1200\n\
         2005-05-07,2005/draft,Cat Cole,1600,1600\n\
         2005-05-07,2005/draft,Dan Dyer,1600,1600\n"
    );
    assert_eq!(
        csv("limited-ranking.csv"),
        "rank,player,nat,rating,events,matches,provisional\n\
         1,Ann Archer,GB,2000,1,2,true\n\
         2,Cat Cole,,1600,1,2,true\n\
         2,Dan Dyer,,1600,1,1,true\n\
         4,Bob Baker,,1200,1,1,true\n"
    );
}

#[test]
fn unpublished_events_empty_rounds_and_self_aliases_change_no_rating() {
    let tmp_full = tempfile::tempdir().unwrap();
    let tmp_bare = tempfile::tempdir().unwrap();
    let (_a, full) = build(&variant(tmp_full.path(), true, None));
    let (_b, bare) = build(&variant(tmp_bare.path(), false, None));
    for f in [
        "downloads/dp-history.csv",
        "downloads/dp-ranking.csv",
        "downloads/limited-history.csv",
        "downloads/limited-ranking.csv",
        "rating/dp/index.html",
        "rating/dp/events.html",
        "rating/limited/index.html",
        "player/bob-baker.html",
    ] {
        assert_eq!(read(&full.join(f)), read(&bare.join(f)), "{f}");
    }
    // Only the round count of Draft Day differs (3 tables, one empty)
    let events = |out: &Path| table_rows(&read(&out.join("rating/limited/events.html")));
    assert_eq!(events(&full)[0][..5], ["2005-05-07", "Draft Day", "", "8", "3"]);
    assert_eq!(events(&bare)[0][..5], ["2005-05-07", "Draft Day", "", "8", "2"]);
    // and the round number of Ann's second match (3, after the empty round).
    let rounds = |out: &Path| -> Vec<String> {
        let page = read(&out.join("player/ann-archer.html"));
        let matches = &page[page.find("<table class=\"matches nums\">").unwrap()..];
        let matches = &matches[..matches.find("</table>").unwrap()];
        table_rows(matches).iter().map(|r| r[0].clone()).collect()
    };
    assert_eq!(rounds(&full), ["1", "3"]);
    assert_eq!(rounds(&bare), ["1", "2"]);
    assert!(read(&full.join("player/dan-dyer.html")).contains("full-point bye in round 3 (not rated)</th>"));
    for e in UNPUBLISHED {
        assert!(full.join(format!("events/2005/{e}.html")).is_file(), "{e}");
        assert!(!bare.join(format!("events/2005/{e}.html")).exists(), "{e}");
    }
}

#[test]
fn lists_and_event_pages_show_events_without_results() {
    let (_tmp, out) = build(&fixture("unpublished"));
    // All events, newest first: date, name, place, players (blank when
    // unknown or 0), rounds (declared, else the [[round]] tables).
    assert_eq!(
        table_rows(&read(&out.join("events.html"))),
        vec![
            vec!["2005-10-01", "Sealed Weekend", "", "12", ""],
            vec!["2005-09-10", "Autumn Masters", "", "", ""],
            vec!["2005-08-01", "Summer Cup", "Leiden", "", "2"],
            vec!["2005-07-02", "Draft Evening", "", "10", "2"],
            vec!["2005-05-07", "Draft Day", "", "8", "3"],
            vec!["2005-04-02", "Spring Open", "", "7", "3"],
        ]
    );
    // Each rating includes only its one event with rows.
    assert_eq!(
        table_rows(&read(&out.join("rating/dp/events.html"))),
        vec![vec!["2005-04-02", "Spring Open", "", "7", "3", "4.00"]]
    );
    assert_eq!(
        table_rows(&read(&out.join("rating/limited/events.html"))),
        vec![vec![
            "2005-05-07",
            "Draft Day",
            "",
            "8",
            "3",
            "Rated with K × 1/2: 8 players, fewer than 32 (D.5.8)."
        ]]
    );
    // The last update is the latest event with results, not an announced one.
    let home = read(&out.join("index.html"));
    assert!(
        home.contains("Last update: <strong class=nw>2005-05-07</strong>"),
        "{home}"
    );

    let no_results = "No results are published for this event: no rating includes it.";
    let announced = read(&out.join("events/2005/announced.html"));
    assert!(announced.contains(no_results));
    assert!(!announced.contains("Number of players"));
    assert!(!announced.contains("<table"));
    let cancelled = read(&out.join("events/2005/cancelled.html"));
    assert!(cancelled.contains(no_results));
    assert!(!cancelled.contains("Number of players"), "players = 0 is not shown");
    assert!(cancelled.contains("<dt>Number of rounds</dt><dd>2</dd>"));
    let sealed = read(&out.join("events/2005/sealed.html"));
    assert!(sealed.contains(no_results));
    assert!(sealed.contains("<dt>Number of players</dt><dd>12</dd>"));
    assert!(sealed.contains("<dt>Format</dt><dd>Sealed Deck</dd>"));
    assert!(!sealed.contains("<section>"), "no rating section without rounds");
    let evening = read(&out.join("events/2005/empty-rounds.html"));
    assert!(evening.contains(no_results));
    assert!(evening.contains("Not rated: no matches were played (byes are never rated)."));
    assert_eq!(evening.matches("No matches and no byes in this round.").count(), 2);

    // Draft Day: its empty round keeps number 2; the last round is 3.
    let draft = read(&out.join("events/2005/draft.html"));
    assert!(!draft.contains(no_results));
    assert!(draft.contains("<dt>Number of rounds</dt><dd>3</dd>"));
    let round2 = &draft[draft.find("id=\"round-2\"").unwrap()..draft.find("id=\"round-3\"").unwrap()];
    assert!(round2.contains("No matches and no byes in this round."), "{round2}");
    // Standings: points (Dan's bye scores a win, his draw a half), W-D-L
    // over the board, the tie-breaks; the empty round is everyone's
    // unplayed round (Buchholz counts a virtual opponent with their own
    // points).
    assert_eq!(
        table_rows_of(&draft, "standings"),
        [
            [
                "1",
                "Ann Archer",
                "GB",
                "2",
                "2-0-0",
                "0",
                "2.5",
                "2.5",
                "0.5",
                "2",
                "1600"
            ],
            [
                "2", "Dan Dyer", "", "1.5", "0-1-0", "1", "3", "3.5", "0.25", "0", "1600"
            ],
            [
                "3", "Cat Cole", "", "0.5", "0-1-1", "0", "3.5", "4", "0.75", "0", "1600"
            ],
            ["4", "Bob Baker", "", "0", "0-0-1", "0", "2", "2", "0", "0", "1600"],
        ]
    );
    // Rating changes in the standings' order.
    assert_eq!(
        table_rows_of(&draft, "results"),
        [
            ["1", "Ann Archer", "GB", "2000", "+400"],
            ["2", "Dan Dyer", "", "1600", "0"],
            ["3", "Cat Cole", "", "1600", "0"],
            ["4", "Bob Baker", "", "1200", "-400"],
        ]
    );
    assert_eq!(table_rows_of(&draft, "pairings")[3], ["Ann Archer", "2-1", "Cat Cole"]);
    assert!(draft.contains("<a href=#s1><strong>Ann Archer</strong></a><td>2-1"));
}

#[test]
fn feed_sitemap_and_search_list_every_event() {
    let tmp = tempfile::tempdir().unwrap();
    let (_t, out) = build(&variant(tmp.path(), true, Some("https://example.org/r/")));
    let feed = read(&out.join("feed.xml"));
    let summaries: Vec<&str> = feed
        .split("<summary>")
        .skip(1)
        .map(|s| &s[..s.find("</summary>").unwrap()])
        .collect();
    assert_eq!(
        summaries,
        [
            "October 1, 2005: 12 players. No results published.",
            "September 10, 2005. No results published.",
            "August 1, 2005, Leiden: 2 rounds. No results published.",
            "July 2, 2005: 10 players. No results published.",
            "May 7, 2005: 8 players.",
            "April 2, 2005: 7 players, 3 rounds. Winner: Ann Archer.",
        ]
    );
    let sitemap = read(&out.join("sitemap.xml"));
    let search = read(&out.join("search-index.js"));
    for (id, name) in [
        ("announced", "Autumn Masters"),
        ("cancelled", "Summer Cup"),
        ("sealed", "Sealed Weekend"),
        ("empty-rounds", "Draft Evening"),
    ] {
        assert!(
            sitemap.contains(&format!("<loc>https://example.org/r/events/2005/{id}.html</loc>")),
            "{id}"
        );
        assert!(search.contains(&format!("[\"{name}\",\"2005/{id}\",")), "{name}");
    }
}

#[test]
fn check_warns_about_events_without_results_and_empty_rounds() {
    let site = fixture("unpublished");
    let shown = crate::common::check_warnings(&site);
    let listed = "it is listed, but no rating includes it (fine for an announced event or unpublished standings)";
    assert_eq!(
        shown,
        [
            format!("data/2005/announced.toml:1: event \"Autumn Masters\" has no [[results]] and no [[round]]: {listed}"),
            format!("data/2005/cancelled.toml:1: event \"Summer Cup\" has no [[results]] and no [[round]]: {listed}"),
            "data/2005/draft.toml:13: round 2 has no matches and no byes: it rates nothing (it still counts in the round numbers)"
                .to_string(),
            format!(
                "data/2005/empty-rounds.toml:1: event \"Draft Evening\" has no [[results]] and its rounds have no matches and no byes: {listed}"
            ),
            format!("data/2005/sealed.toml:1: event \"Sealed Weekend\" has no [[results]] and no [[round]]: {listed}"),
        ]
    );
    // Warnings only: the command succeeds.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ratings"))
        .args(["check", "--site"])
        .arg(&site)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("no errors, 5 warnings"));
}

/// Runs of empty rounds are one warning an event, at the first of them
/// (a file of 9,999 empty rounds gave 9,999 warnings).
#[test]
fn empty_rounds_are_one_warning_an_event() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path();
    std::fs::write(site.join("site.toml"), "[[rating]]\nid = \"elo\"\nsystem = \"elo\"\n").unwrap();
    std::fs::create_dir_all(site.join("data")).unwrap();
    // Rounds 1, 3-4, 6, 8, 10, 12 and 14 empty: seven runs.
    let mut event = String::from("name = \"Gaps\"\ndate = 2005-01-01\nformat = \"Rapid\"\n");
    for r in 1..=14 {
        if [2, 5, 7, 9, 11, 13].contains(&r) {
            event.push_str("\n[[round]]\nmatches = [[\"Ann A\", \"Bob B\", \"1-0\"]]\n");
        } else {
            event.push_str("\n[[round]]\n");
        }
    }
    std::fs::write(site.join("data/gaps.toml"), event).unwrap();
    let shown = crate::common::check_warnings(site);
    assert_eq!(
        shown,
        [
            "data/gaps.toml:5: rounds 1, 3–4, 6, 8, 10 and 2 more have no matches and no byes: they rate nothing (they still count in the round numbers)"
        ]
    );
}
