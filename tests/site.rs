//! End-to-end tests of `build` on fixture sites and on the shipped site.

use std::collections::{BTreeSet, VecDeque};
use std::path::Path;

use crate::common::*;

/// Seed rows: (rank, name, score) from a World Diplomacy Database page.
fn seed_rows(seed: &str) -> Vec<(String, String, String)> {
    let text = read(&fixture("wdd").join(seed));
    let mut rows = Vec::new();
    let mut on = false;
    for line in text.lines() {
        if line.starts_with("RankFirstName") {
            on = true;
            continue;
        }
        if !on || line.trim().is_empty() {
            continue;
        }
        let digits = line.bytes().take_while(u8::is_ascii_digit).count();
        let score = &line[line.len() - 5..]; // "99.40"
        let score_start = if line[..line.len() - 5].ends_with('1') && score.starts_with('0') {
            line.len() - 6 // "100.00" does not occur in the seeds, but be safe
        } else {
            line.len() - 5
        };
        rows.push((
            line[..digits].to_string(),
            line[digits..score_start].trim().to_string(),
            line[score_start..].to_string(),
        ));
    }
    rows
}

/// Every Score and the Coeff of the three seed event pages are reproduced
/// by the shipped data, read from the built pages.
#[test]
fn shipped_event_pages_reproduce_the_seed_scores_and_coeff() {
    let (_tmp, out) = build(&repo());
    let cases = [
        (
            "000_9e56e3cb9be5cb38.txt",
            "events/2017/world-dipcon-xxvii.html",
            "20.00",
            32,
        ),
        (
            "001_468565cf0ec3741f.txt",
            "events/1996/world-dipcon-vi.html",
            "20.00",
            85,
        ),
        (
            "003_981e10d0460bf695.txt",
            "events/2002/tempest-in-a-teapot-iv.html",
            "14.86",
            38,
        ),
    ];
    for (seed, page, coeff, count) in cases {
        let html = read(&out.join(page));
        // The shipped site rates the events with TrueSkill too: the Coeff is
        // the Dip Pouch rating's, and so is the first results table.
        assert!(
            html.contains(&format!("<dt>Coeff (Dip Pouch Tournament Rating)</dt><dd>{coeff}</dd>")),
            "{page}: Coeff {coeff}"
        );
        let expected = seed_rows(seed);
        assert_eq!(expected.len(), count, "{seed}");
        let rows = table_rows_of(&html, "results");
        assert_eq!(rows.len(), expected.len(), "{page}");
        for (rank, name, score) in &expected {
            let row = rows
                .iter()
                .find(|r| &r[1] == name)
                .unwrap_or_else(|| panic!("{page}: no row for {name}"));
            assert_eq!(&row[0], rank, "{page}: rank of {name}");
            // No Nat. column: the seed events give no nationalities.
            assert_eq!(&row[2], score, "{page}: score of {name}");
        }
    }
    // The 1996 header facts as on the seed page.
    let html = read(&out.join("events/1996/world-dipcon-vi.html"));
    for fact in [
        "<dt>Date</dt><dd>June 1, 1996</dd>",
        "<dt>Place</dt><dd>Columbus, United States</dd>",
        "<dt>Number of players</dt><dd>88</dd>",
        "<dt>Number of rounds</dt><dd>3</dd>",
        "<dt>Number of boards</dt><dd>24</dd>",
        "<dt>World Championship</dt><dd>Yes</dd>",
    ] {
        assert!(html.contains(fact), "missing {fact}");
    }
    let html = read(&out.join("events/2002/tempest-in-a-teapot-iv.html"));
    assert!(html.contains("<dd>October 11-13, 2002</dd>"));
}

#[test]
fn fixture_downloads_equal_hand_computed_values() {
    let (_tmp, out) = build(&fixture("basic"));
    // Computed by hand from docs/rating-systems.md, "Dip Pouch Tournament Rating" (see tests/fixtures/basic):
    // Old Open 1999 has value 0; World Champs 2000 (WC, 8 players) value 20:
    // rank 1 → 93.75 → 40 + 0.2 × 53.75 = 50.75; rank 2 → 81.25 → 48.25;
    // rank 4 → 56.25 → 43.25. A Cup (1 round, 14) value 4; B Cup (70 players)
    // value min(15, 22) = 15.
    let history = read(&out.join("downloads/dp-history.csv"));
    assert_eq!(
        history,
        "date,event,player,before,after\n\
         1999-05-01,1999/old-open,Ann Archer,40,40\n\
         1999-05-01,1999/old-open,Bob Baker,40,40\n\
         1999-05-01,1999/old-open,Lone Wolf,40,40\n\
         2000-08-01,2000/world-champs,Ann Archer,40,50.75\n\
         2000-08-01,2000/world-champs,Bob Baker,40,48.25\n\
         2000-08-01,2000/world-champs,Chuck Krueger,40,48.25\n\
         2000-08-01,2000/world-champs,Dee Dee,40,43.25\n\
         2005-03-05,2005/a-cup,Bob Baker,48.25,50.177142857142854\n\
         2005-03-05,2005/a-cup,Ann Archer,50.75,48.862857142857145\n\
         2005-03-05,2005/b-cup,Ann Archer,48.862857142857145,56.42628571428572\n\
         2005-03-05,2005/b-cup,Chuck Krueger,48.25,41.11964285714286\n"
    );
    // Lone Wolf only played a value-0 event: not ranked.
    let ranking = read(&out.join("downloads/dp-ranking.csv"));
    assert_eq!(
        ranking,
        "rank,player,nat,rating,events\n\
         1,Ann Archer,GB,56.42628571428572,3\n\
         2,Bob Baker,US,50.177142857142854,2\n\
         3,Dee Dee,GB,43.25,1\n\
         4,Chuck Krueger,US,41.11964285714286,2\n"
    );
}

#[test]
fn fixture_pages_show_the_values() {
    let (_tmp, out) = build(&fixture("basic"));
    // page_size = 2: two ranking pages. Movement since before B Cup, the
    // last event that changed the ranking (then: Bob 1, Ann 2, Chuck 3, Dee 4).
    let page1 = table_rows(&read(&out.join("rating/dp/index.html")));
    assert_eq!(
        page1,
        vec![
            vec!["1", "▲1", "Ann Archer", "GB", "56.43", "3"],
            vec!["2", "▼1", "Bob Baker", "US", "50.18", "2"]
        ]
    );
    let page2 = table_rows(&read(&out.join("rating/dp/page-2.html")));
    assert_eq!(
        page2,
        vec![
            vec!["3", "▲1", "Dee Dee", "GB", "43.25", "1"],
            vec!["4", "▼1", "Chuck Krueger", "US", "41.12", "2"]
        ]
    );
    // Event page: ranks, scores, after, change.
    let event = table_rows(&read(&out.join("events/2000/world-champs.html")));
    assert_eq!(event[0], vec!["1", "Ann Archer", "GB", "93.75", "50.75", "+10.75"]);
    assert_eq!(event[2], vec!["2", "Chuck Krueger", "US", "81.25", "48.25", "+8.25"]);
    assert_eq!(event.len(), 4);
    // Player page: the alias and the registry name are one player.
    let chuck = read(&out.join("player/chuck-krueger.html"));
    assert!(chuck.contains("<h1>Chuck Krueger</h1>"));
    let rows = table_rows(&chuck);
    assert_eq!(
        rows[0],
        vec![
            "2000-08-01",
            "World Champs",
            "48.25 +8.25",
            "20.00",
            "2",
            "2 / 8",
            "81.25"
        ]
    );
    assert_eq!(
        rows[1],
        vec!["2005-03-05", "B Cup", "41.12 -7.13", "15.00", "4", "70 / 70", "0.71"]
    );
    assert!(
        chuck.contains("<dt>Peak</dt><dd>48.25 <span class=nw>(2000-08-01)</span></dd>"),
        "peak"
    );
    // Lone Wolf: history shown, not ranked.
    let lone = read(&out.join("player/lone-wolf.html"));
    assert!(lone.contains("<dt>Rank</dt><dd>not ranked</dd>"));
    // National rankings: GB has Ann (1) and Dee (2, world rank 3); no Nat.
    // column where every row has the same code.
    let gb = table_rows(&read(&out.join("rating/dp/nation/gb.html")));
    assert_eq!(
        gb,
        vec![
            vec!["1", "1", "Ann Archer", "56.43", "3"],
            vec!["2", "3", "Dee Dee", "43.25", "1"]
        ]
    );
    let nations = table_rows(&read(&out.join("rating/dp/nations.html")));
    assert_eq!(
        nations.iter().map(|r| r[0].as_str()).collect::<Vec<_>>(),
        ["United Kingdom (GB)", "United States (US)"]
    );
    // Included tournaments with their values, newest first; same-day events
    // in reverse id order (b-cup was rated after a-cup).
    let included = table_rows(&read(&out.join("rating/dp/events.html")));
    let values: Vec<(&str, &str)> = included.iter().map(|r| (r[1].as_str(), r[5].as_str())).collect();
    assert_eq!(
        values,
        [
            ("B Cup", "15.00"),
            ("A Cup", "4.00"),
            ("World Champs", "20.00"),
            ("Old Open", "0.00")
        ]
    );
    // Home: last update is the latest event's date, not the build date.
    let home = read(&out.join("index.html"));
    // On one line, as every date (a phone would break it at its hyphens).
    assert!(home.contains("Last update: <strong class=nw>2005-03-05</strong>"));
    // Markdown page, raw HTML shown as text.
    let about = read(&out.join("pages/about.html"));
    assert!(about.contains("<h1>About this fixture</h1>"));
    assert!(about.contains("&lt;b&gt;html&lt;/b&gt;"));
}

#[test]
fn equal_ratings_share_a_rank_and_are_listed_by_name() {
    let (_tmp, out) = build(&fixture("ties"));
    let ranking = read(&out.join("downloads/dp-ranking.csv"));
    let lines: Vec<Vec<&str>> = ranking.lines().skip(1).map(|l| l.split(',').collect()).collect();
    let ranks: Vec<(&str, &str)> = lines.iter().map(|l| (l[0], l[1])).collect();
    assert_eq!(
        ranks,
        [
            ("1", "Zed Zulu"),
            ("2", "Abe Adams"),
            ("2", "Yan Young"),
            ("4", "Mo Moss")
        ]
    );
    assert_eq!(lines[1][3], lines[2][3], "tied players have the same rating");
}

/// Resolve `href` against the folder of `page` as a browser would from file://.
fn resolve(page: &str, href: &str) -> Option<String> {
    let href = href.split(['#', '?']).next().unwrap();
    if href.is_empty() {
        return None;
    }
    assert!(
        !href.starts_with('/') && !href.contains("://"),
        "{page}: link {href} is not page-relative"
    );
    assert!(!href.ends_with('/'), "{page}: link {href} does not end in a file name");
    let mut parts: Vec<&str> = page.split('/').collect();
    parts.pop();
    for part in href.split('/') {
        match part {
            ".." => {
                assert!(parts.pop().is_some(), "{page}: link {href} leaves the site");
            }
            "." => {}
            p => parts.push(p),
        }
    }
    let joined = parts.join("/");
    // Percent-decoding (event ids may contain spaces or non-ASCII).
    let bytes = joined.as_bytes();
    let mut decoded = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            decoded.push(u8::from_str_radix(&joined[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            decoded.push(bytes[i]);
            i += 1;
        }
    }
    Some(String::from_utf8(decoded).unwrap())
}

fn links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in ["href=\"", "src=\""] {
        for piece in html.split(attr).skip(1) {
            out.push(unescape(&piece[..piece.find('"').unwrap()]));
        }
    }
    out
}

/// From index.html every link resolves to a file, and every page is reachable.
fn crawl(out: &Path) {
    let all = files(out);
    let pages: BTreeSet<&str> = all
        .iter()
        .filter(|f| f.ends_with(".html"))
        .map(String::as_str)
        .collect();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut queue = VecDeque::from(["index.html".to_string()]);
    while let Some(page) = queue.pop_front() {
        if !seen.insert(page.clone()) {
            continue;
        }
        let html = read(&out.join(&page));
        assert!(
            !html.contains("http://") && !html.contains("https://"),
            "{page}: external resource"
        );
        for href in links(&html) {
            let Some(target) = resolve(&page, &href) else { continue };
            assert!(out.join(&target).is_file(), "{page}: broken link {href} -> {target}");
            if target.ends_with(".html") && !seen.contains(&target) {
                queue.push_back(target);
            }
        }
    }
    // 404.html is served for missing addresses, never linked.
    let unreachable: Vec<&&str> = pages
        .iter()
        .filter(|p| !seen.contains(**p) && **p != "404.html")
        .collect();
    assert!(
        unreachable.is_empty(),
        "pages not reachable from index.html: {unreachable:?}"
    );
}

#[test]
fn every_link_resolves_and_every_page_is_reachable() {
    for site in [
        repo(),
        fixture("basic"),
        fixture("ties"),
        fixture("hostile"),
        fixture("hostile-names"),
        fixture("dci"),
        fixture("unpublished"),
        repo().join("examples/dci-league"),
    ] {
        let (_tmp, out) = build(&site);
        crawl(&out);
        assert!(out.join(".nojekyll").is_file());
        assert!(out.join("style.css").is_file());
    }
}

#[test]
fn hostile_names_are_escaped_everywhere() {
    let (_tmp, out) = build(&fixture("hostile"));
    let mut seen_escaped = 0;
    for f in files(&out).iter().filter(|f| f.ends_with(".html")) {
        let html = read(&out.join(f));
        assert!(!html.contains("<script>alert(1)"), "{f}: unescaped name");
        assert!(!html.contains("<img src=x"), "{f}: unescaped event name");
        assert!(
            !html.contains("<script>alert('report')"),
            "{f}: raw HTML from the report"
        );
        assert!(!html.contains("<b>Mallory"), "{f}: unescaped author");
        if html.contains("&#60;script&#62;alert(1)&#60;/script&#62;") {
            seen_escaped += 1;
        }
    }
    // Event page, player page, ranking, players index letter page, home (number one).
    assert!(seen_escaped >= 4, "escaped name shown on {seen_escaped} pages");
    // The page of `../../etc/passwd` stays inside player/.
    let players: Vec<String> = files(&out).into_iter().filter(|f| f.starts_with("player/")).collect();
    assert_eq!(players.len(), 3);
    assert!(
        players.iter().all(|p| p.matches('/').count() == 1 && !p.contains("..")),
        "{players:?}"
    );
    // CSV: the raw name, quoted per RFC 4180.
    let csv = read(&out.join("downloads/dp-ranking.csv"));
    assert!(csv.contains("\n2,\"Colin O'Neill, \"\"CJ\"\"\",,"), "{csv}");
    assert!(csv.contains("\n1,<script>alert(1)</script>,<i>X</i>,"), "{csv}");
}

#[test]
fn a_failed_build_leaves_the_previous_site_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    let out = tmp.path().join("out");
    copy_dir(&fixture("basic"), &site);
    let options = crate::common::options(&site, &out);
    ratings_site::build(&options).unwrap();
    let before: Vec<(String, Vec<u8>)> = files(&out)
        .into_iter()
        .map(|f| (f.clone(), std::fs::read(out.join(&f)).unwrap()))
        .collect();
    // Break one event: rank 9 of 8 players, and a typo'd key in another.
    let bad = site.join("data/2000/world-champs.toml");
    std::fs::write(&bad, read(&bad).replace("rank = 4", "rank = 9")).unwrap();
    std::fs::write(
        site.join("data/2005/a-cup.toml"),
        read(&site.join("data/2005/a-cup.toml")).replace("rounds = 1", "rounds = 1\nplce = \"x\""),
    )
    .unwrap();
    let err = ratings_site::build(&options).unwrap_err().to_string();
    // Both problems are reported together, with file, line and column.
    assert!(
        err.contains("data/2000/world-champs.toml:26:8: rank 9 is larger than the 8 players of the event"),
        "{err}"
    );
    assert!(err.contains("data/2005/a-cup.toml:7:1: unknown field `plce`"), "{err}");
    assert!(err.ends_with("2 errors"), "{err}");
    let after: Vec<(String, Vec<u8>)> = files(&out)
        .into_iter()
        .map(|f| (f.clone(), std::fs::read(out.join(&f)).unwrap()))
        .collect();
    assert_eq!(before, after);
    let leftovers = entries_but_kept(tmp.path());
    assert_eq!(leftovers.len(), 2, "no temporary folder left: {leftovers:?}");
}

#[test]
fn adding_an_event_updates_the_site_and_rebuilds_are_identical() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("ties"), &site);
    let out = tmp.path().join("out");
    let options = crate::common::options(&site, &out);
    let first = ratings_site::build(&options).unwrap();
    let snapshot = |out: &Path| -> Vec<(String, Vec<u8>)> {
        files(out)
            .into_iter()
            .map(|f| (f.clone(), std::fs::read(out.join(&f)).unwrap()))
            .collect()
    };
    let a = snapshot(&out);
    // Same input, one thread, the whole pipeline (no no-change shortcut):
    // byte-identical, and nothing rewritten.
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let again = pool.install(|| ratings_site::build_full(&options)).unwrap();
    assert_eq!(a, snapshot(&out));
    assert_eq!(again.written, 0, "no-change rebuild rewrote files");
    assert_eq!(again.unchanged, first.written);
    // A new event: a new player page, ratings move.
    std::fs::write(
        site.join("data/later.toml"),
        "name = \"Later\"\ndate = 2004-02-02\nplayers = 2\nrounds = 1\n[[results]]\nrank = 1\nname = \"Mo Moss\"\n[[results]]\nrank = 2\nname = \"New Comer\"\n",
    )
    .unwrap();
    ratings_site::build(&options).unwrap();
    assert!(out.join("player/new-comer.html").is_file());
    let csv = read(&out.join("downloads/dp-history.csv"));
    assert!(
        csv.ends_with("2004-02-02,later,New Comer,40,39.65714285714286\n"),
        "{csv}"
    );
}

/// `notice` of site.toml (Markdown) is shown at the top of the home page:
/// the shipped site says it is a sample of three events.
#[test]
fn the_home_page_shows_the_notice_of_site_toml() {
    let (_tmp, out) = build(&repo());
    let home = read(&out.join("index.html"));
    let notice = home.split("<div class=\"notice\">").nth(1).expect("a notice");
    let notice = &notice[..notice.find("</div>").unwrap()];
    assert!(
        notice.contains("<strong>A sample site.</strong> It holds three events"),
        "{notice}"
    );
    assert!(notice.contains("<code>data/</code>"), "{notice}");
    // Without the key: no box.
    let (_t, plain) = build(&fixture("basic"));
    assert!(!read(&plain.join("index.html")).contains("class=\"notice\""));
}

/// A rating of many years links at most 25 year ends (and the newest and
/// the oldest) from each ranking page, not every year from every page
/// (8,000 years of events wrote 4 GB of year links); every year end can
/// still be reached from the current ranking by following the links.
#[test]
fn many_years_are_linked_in_a_window_and_all_reachable() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path();
    std::fs::write(
        site.join("site.toml"),
        "title = \"Years\"\n[[rating]]\nid = \"dp\"\nsystem = \"dip-pouch\"\n",
    )
    .unwrap();
    std::fs::create_dir_all(site.join("data")).unwrap();
    for year in 1951..=2010 {
        std::fs::write(
            site.join(format!("data/{year}.toml")),
            format!("name = \"Cup {year}\"\ndate = {year}-06-01\nrounds = 1\n[[results]]\nrank = 1\nname = \"Ann A\"\n[[results]]\nrank = 2\nname = \"Bob B\"\n"),
        )
        .unwrap();
    }
    let out = tmp.path().join("out");
    ratings_site::build(&options(site, &out)).unwrap();
    let years_linked = |page: &str| -> Vec<i32> {
        let html = read(&out.join("rating/dp").join(page));
        let nav = html
            .split("<nav class=years")
            .nth(1)
            .unwrap()
            .split("</nav>")
            .next()
            .unwrap();
        nav.split("year/").skip(1).map(|s| s[..4].parse().unwrap()).collect()
    };
    // The current ranking: the newest 25, then the oldest after a gap.
    let current = years_linked("index.html");
    let mut expected: Vec<i32> = (1986..=2010).rev().collect();
    expected.push(1951);
    assert_eq!(current, expected);
    assert!(read(&out.join("rating/dp/index.html")).contains("<li aria-hidden=true>…</li>"));
    // A year in the middle: the newest, 25 around it, the oldest.
    let middle = years_linked("year/1980.html");
    assert_eq!(middle.len(), 27, "{middle:?}");
    assert!(middle.contains(&1980) && middle.contains(&2010) && middle.contains(&1951));
    // Every year end is reached from the current ranking.
    let mut seen = std::collections::BTreeSet::new();
    let mut todo: Vec<i32> = current;
    while let Some(y) = todo.pop() {
        if seen.insert(y) {
            todo.extend(years_linked(&format!("year/{y}.html")));
        }
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), (1951..=2010).collect::<Vec<_>>());
}

/// The links of the site navigation (`<nav aria-label="Site">`) of a page:
/// (href, text).
fn site_nav(html: &str) -> Vec<(String, String)> {
    let nav = &html[html.find("<nav aria-label=\"Site\">").unwrap()..];
    let nav = &nav[..nav.find("</nav>").unwrap()];
    nav.split("<a href=\"")
        .skip(1)
        .map(|a| {
            let (href, rest) = a.split_once("\">").unwrap();
            (
                href.to_string(),
                crate::common::unescape(&rest[..rest.find("</a>").unwrap()]),
            )
        })
        .collect()
}

/// At most 8 Markdown pages in every page's navigation (4,000 of them
/// linked from each of the others made an 870 MB site): a site of more
/// links the first 7 and "More pages", `pages.html`, which lists them all
/// by their whole titles; a title in the navigation is cut to 64
/// characters. A site of 8 has neither.
#[test]
fn the_navigation_links_at_most_eight_markdown_pages() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    crate::common::copy_tree(&crate::common::fixture("basic"), &site);
    let long = "Ä".repeat(100);
    for n in 1..=6 {
        std::fs::write(site.join(format!("data/pages/n{n}.md")), format!("# Note {n}\n\nx\n")).unwrap();
    }
    std::fs::write(site.join("data/pages/n0.md"), format!("# {long}\n\nx\n")).unwrap();
    let (_out8, out) = crate::common::build(&site);
    let nav = site_nav(&crate::common::read(&out.join("index.html")));
    let pages: Vec<&str> = nav
        .iter()
        .filter(|(h, _)| h.starts_with("pages"))
        .map(|(_, t)| t.as_str())
        .collect();
    let cut = format!("{}…", "Ä".repeat(64));
    let eight = [
        "About this fixture",
        &cut,
        "Note 1",
        "Note 2",
        "Note 3",
        "Note 4",
        "Note 5",
        "Note 6",
    ];
    assert_eq!(pages, eight);
    assert!(!out.join("pages.html").exists());

    std::fs::write(site.join("data/pages/n7.md"), "# Note 7\n\nx\n").unwrap();
    let (_out9, out) = crate::common::build(&site);
    let player = crate::common::read(&out.join("player/ann-archer.html"));
    let nav = site_nav(&player);
    let pages: Vec<(&str, &str)> = nav
        .iter()
        .filter(|(h, _)| h.starts_with("../pages"))
        .map(|(h, t)| (h.as_str(), t.as_str()))
        .collect();
    assert_eq!(pages.len(), 8, "{pages:?}");
    assert_eq!(pages[1], ("../pages/n0.html", cut.as_str()));
    assert_eq!(pages[6], ("../pages/n5.html", "Note 5"));
    assert_eq!(pages[7], ("../pages.html", "More pages"));

    let list = crate::common::read(&out.join("pages.html"));
    assert!(list.contains("<title>Pages – "), "{list}");
    let content = &list[list.find("<main").unwrap()..];
    let links: Vec<(String, String)> = content
        .split("<a href=\"")
        .skip(1)
        .map(|a| {
            let (href, rest) = a.split_once("\">").unwrap();
            (
                href.to_string(),
                crate::common::unescape(&rest[..rest.find("</a>").unwrap()]),
            )
        })
        .collect();
    let mut expected = vec![("pages/about.html".to_string(), "About this fixture".to_string())];
    expected.push(("pages/n0.html".into(), long.clone()));
    expected.extend((1..=7).map(|n| (format!("pages/n{n}.html"), format!("Note {n}"))));
    assert_eq!(links, expected);
    // The page itself keeps its whole title.
    let page = crate::common::read(&out.join("pages/n0.html"));
    assert!(page.contains(&format!("<title>{long} – ")), "{page}");
    assert!(page.contains(&format!("<h1>{long}</h1>")), "{page}");
}

/// Year-end rankings cover the newest years while their lists hold at most
/// 64 entries per row of the rating (a list counted as everyone who has
/// played by then): one event of 200 players in year 1000, then a game of
/// two new players a year for 300 years is 800 rows for 51,200 entries,
/// where every year's whole list would be 162,000 (the lists grew as
/// players × years: 3.6 GB with 20,000 players and 4,000 years). The
/// newest 70 years (51,170 entries) have a page, links and CSV lines; the
/// selector says which years are left out; `check` estimates the
/// downloads the build writes.
#[test]
fn year_end_rankings_hold_at_most_64_entries_a_row() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    std::fs::create_dir_all(site.join("data/y")).unwrap();
    std::fs::write(
        site.join("site.toml"),
        "title = \"Years\"\n[[rating]]\nid = \"elo\"\nsystem = \"elo\"\n",
    )
    .unwrap();
    let mut big = String::from("name = \"Big\"\ndate = 1000-01-01\nrounds = 1\n");
    for i in 0..200 {
        big.push_str(&format!("[[results]]\nrank = {}\nname = \"Player{i:03} Big\"\n", i + 1));
    }
    std::fs::write(site.join("data/big.toml"), big).unwrap();
    for y in 1001..=1300 {
        std::fs::write(
            site.join(format!("data/y/{y}.toml")),
            format!("name = \"Cup {y}\"\ndate = {y}-06-01\nrounds = 1\n[[results]]\nrank = 1\nname = \"Ann Y{y}\"\n[[results]]\nrank = 2\nname = \"Bob Y{y}\"\n"),
        )
        .unwrap();
    }
    let checked = ratings_site::check(&site).unwrap();
    let out = tmp.path().join("out");
    ratings_site::build(&options(&site, &out)).unwrap();
    let years: Vec<String> = entries(&out.join("rating/elo/year"));
    assert_eq!(years.len(), 70, "from {:?}", years.first());
    assert_eq!((years[0].as_str(), years[69].as_str()), ("1231.html", "1300.html"));
    // The download: the same years, every list whole (everyone is ranked).
    let gz = std::fs::read(out.join("downloads/elo-year-end.csv.gz")).unwrap();
    let mut csv = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gz[..]), &mut csv).unwrap();
    assert_eq!(csv.lines().count(), 1 + 51_170);
    assert!(csv.lines().nth(1).unwrap().starts_with("1231,1,"), "{csv:.200}");
    assert_eq!(csv.lines().filter(|l| l.starts_with("1231,")).count(), 662);
    assert_eq!(csv.lines().filter(|l| l.starts_with("1300,")).count(), 800);
    // The selector, on the current ranking and the year pages, says so.
    let said = "<span class=meta>Year-end rankings before 1231 are left out (231 years): the whole rankings of all \
                years would list more than 64 players for each of the 800 result rows of this rating.</span>";
    for page in ["index.html", "year/1231.html", "year/1300.html"] {
        let html = read(&out.join("rating/elo").join(page));
        assert!(html.contains(said), "{page}");
        assert!(html.contains("year/1231.html\""), "{page}");
        assert!(!html.contains("year/1230.html"), "{page}");
    }
    // `check`'s estimate of the downloads is what the build wrote.
    let written: u64 = entries(&out.join("downloads"))
        .iter()
        .map(|f| std::fs::metadata(out.join("downloads").join(f)).unwrap().len())
        .sum();
    let estimated = checked.size.parts.iter().find(|p| p.name == "downloads").unwrap();
    assert_eq!(estimated.bytes, written);
}

/// `check` estimates each kind of page from its own sample: one event of
/// 600 rows, each with its own unknown `nat`, is 600 short nation pages
/// and one `nations.html` listing all 600 (100 KB). Sampled as one group,
/// `nations.html` counted as a typical national page of 601 (18% over at
/// 600 nations, 16 times over at 100,000: 8.9 GB for a site of 58.9 MB).
#[test]
fn check_estimates_the_national_rankings_kind_by_kind() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    std::fs::create_dir_all(site.join("data")).unwrap();
    std::fs::write(
        site.join("site.toml"),
        "title = \"Nations\"\n[[rating]]\nid = \"elo\"\nsystem = \"elo\"\n",
    )
    .unwrap();
    let mut event = String::from("name = \"E\"\ndate = 2020-01-01\nrounds = 1\n");
    for i in 0..600 {
        event.push_str(&format!(
            "[[results]]\nrank = {}\nname = \"P{i} Q\"\nnat = \"Q{i:07}\"\n",
            i + 1
        ));
    }
    std::fs::write(site.join("data/e.toml"), event).unwrap();
    let checked = ratings_site::check(&site).unwrap();
    let out = tmp.path().join("out");
    let built = ratings_site::build(&options(&site, &out)).unwrap();
    let rating = out.join("rating/elo");
    let nation_pages = entries(&rating.join("nation"));
    assert_eq!(nation_pages.len(), 600);
    let written: u64 = std::fs::metadata(rating.join("nations.html")).unwrap().len()
        + nation_pages
            .iter()
            .map(|f| std::fs::metadata(rating.join("nation").join(f)).unwrap().len())
            .sum::<u64>();
    let national = checked
        .size
        .parts
        .iter()
        .find(|p| p.name == "national rankings")
        .unwrap();
    assert_eq!(national.files, 601);
    // The nation pages differ by a few bytes, sampled every third; the
    // one nations page is rendered whole.
    let off = |estimate: u64, real: u64| (estimate as f64 / real as f64 - 1.0).abs();
    assert!(
        off(national.bytes, written) < 0.01,
        "national rankings: estimated {} for {written} written",
        national.bytes
    );
    let total = checked.size.total();
    assert!(
        off(total, built.bytes) < 0.01,
        "estimated {total} for {} built",
        built.bytes
    );
}

/// A kind of many pages is estimated from its heaviest pages whole and a
/// sample of the others: one event of 2,000 rows (the first, by date)
/// among 300 events of one row was counted as a typical event page of a
/// sample of every other one, twice (N / 200 times: quadratic in the rows
/// of a site of one big event and many small ones).
#[test]
fn check_estimates_a_big_event_among_many_small_ones_once() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    std::fs::create_dir_all(site.join("data")).unwrap();
    std::fs::write(
        site.join("site.toml"),
        "title = \"Events\"\n[[rating]]\nid = \"elo\"\nsystem = \"elo\"\n",
    )
    .unwrap();
    let mut big = String::from("name = \"Big\"\ndate = 1990-01-01\nrounds = 1\n");
    for i in 0..2000 {
        big.push_str(&format!("[[results]]\nrank = {}\nname = \"P{i} Big\"\n", i + 1));
    }
    std::fs::write(site.join("data/big.toml"), big).unwrap();
    for i in 0..300 {
        std::fs::write(
            site.join(format!("data/s{i:03}.toml")),
            format!(
                "name = \"Small {i}\"\ndate = {}-01-01\nrounds = 1\n[[results]]\nrank = 1\nname = \"P{i} Big\"\n",
                2000 + i / 12
            ),
        )
        .unwrap();
    }
    let checked = ratings_site::check(&site).unwrap();
    let built = ratings_site::build(&options(&site, &tmp.path().join("out"))).unwrap();
    let estimated = checked.size.parts.iter().find(|p| p.name == "event pages").unwrap();
    let written = built.kinds.iter().find(|k| k.name == "event pages").unwrap();
    assert_eq!((estimated.files, written.pages), (301, 301));
    // The big event is most of it, rendered whole; the small ones differ
    // by a few bytes.
    let off = |estimate: u64, real: u64| (estimate as f64 / real as f64 - 1.0).abs();
    assert!(
        off(estimated.bytes, written.bytes) < 0.01,
        "event pages: estimated {} for {} written",
        estimated.bytes,
        written.bytes
    );
    let total = checked.size.total();
    assert!(
        off(total, built.bytes) < 0.01,
        "estimated {total} for {} built",
        built.bytes
    );
}
