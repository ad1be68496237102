//! Reader features on the `reader` fixture, values computed by hand.
//!
//! Every event is a World Championship (value 20): new = old + 0.2 × (p − old),
//! p = (N + 0.5 − rank) / N × 100, everyone starting at 40.
//!
//! | event (date)            | results → rating after                                  |
//! |-------------------------|---------------------------------------------------------|
//! | Spring Open 2001-06-01  | Ann 49.5, Bob 44.5, Cat 39.5, Dan 34.5 (N = 4)          |
//! | Winter Cup 2002-03-01   | Dan 42.6, Björn 37 (N = 2)                              |
//! | Autumn Open 2002-11-01  | Cat 46.6, Ann 44.6 (N = 2)                              |
//! | Late Open 2004-05-01    | Bob 52.27, Eve 42, Ann 39.01 (N = 3)                    |
//!
//! Ranking after each event:
//! Spring: Ann 1, Bob 2, Cat 3, Dan 4.
//! Winter: Ann 1, Bob 2, Dan 3, Cat 4, Björn 5.
//! Autumn: Cat 1, Ann 2, Bob 3, Dan 4, Björn 5.
//! Late:   Bob 1, Cat 2, Dan 3, Eve 4, Ann 5, Björn 6.
//! With active_years = 2 (rating `dpa`), at Late Open the window starts on
//! 2002-05-01: Dan and Björn (last event 2002-03-01) are inactive, so
//! Bob 1, Cat 2, Eve 3, Ann 4.

use crate::common::*;

fn site() -> (tempfile::TempDir, std::path::PathBuf) {
    build(&fixture("reader"))
}

/// The "Rank after" column (the last cell of the rating's column group) of
/// a player's history table, for the `group`-th rating of the page.
fn ranks_after(html: &str, group: usize) -> Vec<String> {
    let range = group_ranges(html, "history")[group].1.clone();
    table_rows_of(html, "history")
        .into_iter()
        .filter(|r| !r[range.start].is_empty() || !r[range.end - 1].is_empty())
        .map(|r| r[range.end - 1].clone())
        .collect()
}

#[test]
fn rank_at_the_time_on_player_pages() {
    let (_tmp, out) = site();
    let ann = read(&out.join("player/ann-able.html"));
    // Two ratings (dp, then dpa), each: Spring, Autumn, Late.
    assert_eq!(ranks_after(&ann, 0), ["1", "2", "5"]);
    assert_eq!(ranks_after(&ann, 1), ["1", "2", "4"]);
    let dan = read(&out.join("player/dan-dunn.html"));
    assert_eq!(ranks_after(&dan, 0), ["4", "3"]);
    assert_eq!(ranks_after(&dan, 1), ["4", "3"]);
    let eve = read(&out.join("player/eve-evans.html"));
    assert_eq!(ranks_after(&eve, 0), ["4"]);
    assert_eq!(ranks_after(&eve, 1), ["3"]);
    // Dan is inactive in dpa: not in its ranking, linked to the inactive list.
    assert!(
        dan.contains(r#"inactive (<a href="../rating/dpa/inactive.html">1 among inactive players</a>)"#),
        "{dan}"
    );
}

#[test]
fn ranking_shows_movement_since_the_last_change() {
    let (_tmp, out) = site();
    // Before Late Open: Cat 1, Ann 2, Bob 3, Dan 4, Björn 5.
    let dp = read(&out.join("rating/dp/index.html"));
    let rows: Vec<(String, String, String)> = table_rows(&dp)
        .into_iter()
        .map(|r| (r[0].clone(), r[1].clone(), r[2].clone()))
        .collect();
    let expect = [
        ("1", "▲2", "Bob Best"),
        ("2", "▼1", "Cat Cole"),
        ("3", "▲1", "Dan Dunn"),
        ("4", "new", "Eve Evans"),
        ("5", "▼3", "Ann Able"),
        ("6", "▼1", "Björn Berg"),
    ];
    let expect: Vec<(String, String, String)> = expect
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    assert_eq!(rows, expect);
    assert!(
        dp.contains(r#"Late Open</a> (<span class=nw>2004-05-01</span>), the latest event that changed the ranking"#)
    );
    // With activity: ranks among active players, before and after.
    let dpa = table_rows(&read(&out.join("rating/dpa/index.html")));
    let got: Vec<(&str, &str, &str)> = dpa
        .iter()
        .map(|r| (r[0].as_str(), r[1].as_str(), r[2].as_str()))
        .collect();
    assert_eq!(
        got,
        [
            ("1", "▲2", "Bob Best"),
            ("2", "▼1", "Cat Cole"),
            ("3", "new", "Eve Evans"),
            ("4", "▼2", "Ann Able")
        ]
    );
}

#[test]
fn active_years_splits_the_ranking() {
    let (_tmp, out) = site();
    let inactive = read(&out.join("rating/dpa/inactive.html"));
    let rows = table_rows(&inactive);
    let got: Vec<(&str, &str, &str)> = rows
        .iter()
        .map(|r| (r[0].as_str(), r[1].as_str(), r[3].as_str()))
        .collect();
    assert_eq!(got, [("1", "Dan Dunn", "42.60"), ("2", "Björn Berg", "37.00")]);
    assert!(inactive.contains("on or after the same day 2 years before the latest event (2004-05-01)"));
    // Linked from the rating's tabs; the rating without active_years has no such page.
    assert!(
        read(&out.join("rating/dpa/index.html"))
            .contains(r#"href="../../rating/dpa/inactive.html">Inactive players</a>"#)
    );
    assert!(!out.join("rating/dp/inactive.html").exists());
    assert!(!read(&out.join("rating/dp/index.html")).contains("Inactive players"));
    let csv = read(&out.join("downloads/dpa-ranking.csv"));
    assert_eq!(csv.lines().count(), 5, "{csv}");
}

#[test]
fn year_end_rankings() {
    let (_tmp, out) = site();
    let y2001 = table_rows(&read(&out.join("rating/dp/year/2001.html")));
    let got: Vec<(&str, &str, &str)> = y2001
        .iter()
        .map(|r| (r[0].as_str(), r[1].as_str(), r[3].as_str()))
        .collect();
    assert_eq!(
        got,
        [
            ("1", "Ann Able", "49.50"),
            ("2", "Bob Best", "44.50"),
            ("3", "Cat Cole", "39.50"),
            ("4", "Dan Dunn", "34.50")
        ]
    );
    let y2002 = table_rows(&read(&out.join("rating/dp/year/2002.html")));
    let got: Vec<(&str, &str, &str, &str)> = y2002
        .iter()
        .map(|r| (r[0].as_str(), r[1].as_str(), r[3].as_str(), r[4].as_str()))
        .collect();
    assert_eq!(
        got,
        [
            ("1", "Cat Cole", "46.60", "2"),
            ("2", "Ann Able", "44.60", "2"),
            ("3", "Bob Best", "44.50", "1"),
            ("4", "Dan Dunn", "42.60", "2"),
            ("5", "Björn Berg", "37.00", "1")
        ]
    );
    // The download holds every year's whole list, gzip-compressed, with the
    // ratings as the pages show them.
    let gz = std::fs::read(out.join("downloads/dp-year-end.csv.gz")).unwrap();
    let mut csv = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gz[..]), &mut csv).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "year,rank,player,nat,rating,events");
    assert_eq!(lines[1], "2001,1,Ann Able,GB,49.50,1");
    assert!(lines.contains(&"2002,5,Björn Berg,SE,37.00,1"), "{csv}");
    assert_eq!(lines.iter().filter(|l| l.starts_with("2002,")).count(), 5);
    // No event in 2003: no year-end page; the selector lists the others.
    assert!(!out.join("rating/dp/year/2003.html").exists());
    let index = read(&out.join("rating/dp/index.html"));
    for (year, label) in [(2004, "2004"), (2002, "2002"), (2001, "2001")] {
        assert!(
            index.contains(&format!(r#"<a href="../../rating/dp/year/{year}.html">{label}</a>"#)),
            "{year}"
        );
    }
    assert!(read(&out.join("rating/dp/year/2002.html")).contains(r#"aria-current="page">2002</a>"#));
    // With activity, the year end holds the players active then (2004: not Dan, Björn).
    let dpa_2004 = table_rows(&read(&out.join("rating/dpa/year/2004.html")));
    assert_eq!(
        dpa_2004.iter().map(|r| r[1].as_str()).collect::<Vec<_>>(),
        ["Bob Best", "Cat Cole", "Eve Evans", "Ann Able"]
    );
}

#[test]
fn chart_points_and_peak() {
    let (_tmp, out) = site();
    let ann = read(&out.join("player/ann-able.html"));
    let start = ann.find("<svg").unwrap();
    let svg = &ann[start..start + ann[start..].find("</figure>").unwrap()];
    assert!(svg.contains(r#"role="img" aria-labelledby="chart-dp""#));
    // The chart's name says what it spans; one event is one date.
    assert!(
        svg.contains(r#"<title id="chart-dp">Dip Pouch Tournament Rating of Ann Able: 3 events from 2001-06-01 to 2004-05-01, peak 49.50 on 2001-06-01</title>"#),
        "{svg}"
    );
    assert!(read(&out.join("player/eve-evans.html")).contains(
        r#"<title id="chart-dp">Dip Pouch Tournament Rating of Eve Evans: 1 event, on 2004-05-01, peak 42.00 on 2004-05-01</title>"#
    ));
    // One marker, the peak's, named; the values are in the history table.
    assert_eq!(svg.matches("<circle").count(), 1);
    assert!(
        svg.contains("<title>Peak: Spring Open, 2001-06-01: 49.50</title>"),
        "{svg}"
    );
    // y fits the start (40) and 39.01..49.5 on steps of 5; x labels the
    // years inside the span.
    for label in [
        ">35</text>",
        ">50</text>",
        ">2002</text>",
        ">2003</text>",
        ">2004</text>",
    ] {
        assert!(svg.contains(label), "{label}");
    }
    assert!(!svg.contains(">30</text>") && !svg.contains(">55</text>") && !svg.contains(">2001</text>"));
    // A step line: the start (40) dotted from the left edge and up to the
    // first rating, then horizontal and vertical segments only, solid,
    // from the first event.
    let path = |class: &str| {
        let line = svg.split(&format!(r#"class="{class}" d=""#)).nth(1).unwrap();
        line[..line.find('"').unwrap()].to_string()
    };
    let (begin, d) = (path("start"), path("line"));
    assert!(
        begin.starts_with("M0 ") && begin.matches('H').count() == 1 && begin.matches('V').count() == 1,
        "{begin}"
    );
    assert!(!d.starts_with("M0 "), "{d}");
    assert_eq!(d.matches('H').count(), 2, "{d}");
    assert_eq!(d.matches('V').count(), 2, "{d}");
}

#[test]
fn records_page() {
    let (_tmp, out) = site();
    let html = read(&out.join("rating/dp/records.html"));
    let rows = table_rows(&html);
    // Most events: Ann 3, then Bob, Cat, Dan 2 (shared rank), Björn and Eve 1.
    let most: Vec<(&str, &str, &str)> = rows[..6]
        .iter()
        .map(|r| (r[0].as_str(), r[1].as_str(), r[2].as_str()))
        .collect();
    assert_eq!(
        most,
        [
            ("1", "Ann Able", "3"),
            ("2", "Bob Best", "2"),
            ("2", "Cat Cole", "2"),
            ("2", "Dan Dunn", "2"),
            ("5", "Björn Berg", "1"),
            ("5", "Eve Evans", "1")
        ]
    );
    // Years played: a span, or one year for a player of one year.
    assert_eq!(rows[0][3], "2001 – 2004");
    assert_eq!(rows[4][3], "2002");
    // Nobody tied beyond the table: no "more" line.
    assert!(!html.contains("more player"));
    let peaks: Vec<(&str, &str)> = rows[6..12].iter().map(|r| (r[1].as_str(), r[2].as_str())).collect();
    assert_eq!(
        peaks,
        [
            ("Bob Best", "52.27"),
            ("Ann Able", "49.50"),
            ("Cat Cole", "46.60"),
            ("Dan Dunn", "42.60"),
            ("Eve Evans", "42.00"),
            ("Björn Berg", "37.00")
        ]
    );
    // Number one: Ann from 2001-06-01 to 2002-11-01 (518 days), Cat to
    // 2004-05-01 (547 days), Bob since the latest event (0 days).
    let ones: Vec<(&str, &str, &str)> = rows[12..]
        .iter()
        .map(|r| (r[1].as_str(), r[2].as_str(), r[3].as_str()))
        .collect();
    assert_eq!(
        ones,
        [
            ("Cat Cole", "547", "1 spell, first on 2002-11-01"),
            ("Ann Able", "518", "1 spell, first on 2001-06-01"),
            ("Bob Best", "0", "1 spell, first on 2004-05-01")
        ]
    );
}

#[test]
fn circuits_list_and_pages() {
    let (_tmp, out) = site();
    let list = table_rows(&read(&out.join("circuits.html")));
    assert_eq!(
        list,
        vec![
            vec!["Grand Prix", "3", "2001-06-01", "2004-05-01"],
            vec!["Nordic Series", "1", "2002-03-01", "2002-03-01"]
        ]
    );
    let gp = table_rows(&read(&out.join("circuits/grand-prix.html")));
    assert_eq!(
        gp.iter().map(|r| r[1].as_str()).collect::<Vec<_>>(),
        ["Late Open", "Winter Cup", "Spring Open"]
    );
    assert!(read(&out.join("index.html")).contains(r#"<a href="circuits.html">Circuits</a>"#));
    // A site without circuits has no such link.
    let (_t2, basic) = build(&fixture("basic"));
    assert!(!basic.join("circuits.html").exists());
    assert!(!read(&basic.join("index.html")).contains("circuits.html"));
}

#[test]
fn search_index_is_compact_and_folds_accents() {
    let (_tmp, out) = site();
    let index = read(&out.join("search-index.js"));
    assert!(index.starts_with("window.RATINGS_SEARCH={p:["));
    // ASCII names whose page is the derived slug: the name alone.
    assert!(index.contains(r#""Ann Able""#));
    // Accented name: its folded form (so "bjorn" finds it) and the hash of
    // its page name, which is the folded name hyphenated, `--`, the hash.
    let bjorn = index.split("[\"Björn Berg\",").nth(1).expect("Björn's entry");
    let entry = &bjorn[..bjorn.find(']').unwrap()];
    let (fold, hash) = entry.split_once(',').unwrap();
    assert_eq!(fold, r#""bjorn berg""#);
    let hash = hash.trim_matches('"');
    assert_eq!(hash.len(), 10, "{entry}");
    assert!(out.join(format!("player/bjorn-berg--{hash}.html")).exists(), "{hash}");
    // Events: name, path under events/, date.
    assert!(index.contains(r#"["Spring Open","e1-spring-open","2001-06-01"]"#));
    // What tells players of one name apart, in the order of `p`:
    // nationality, current rating, events (Ann is the first player).
    let details = index.split("\nd:[").nth(1).expect("details");
    let ann = &details[..details.find("\",\"").unwrap() + 1];
    let rating = read(&out.join("downloads/dp-ranking.csv"));
    let row = rating.lines().find(|l| l.contains(",Ann Able,")).unwrap();
    let cells: Vec<&str> = row.split(',').collect();
    let nat = if cells[2].is_empty() {
        String::new()
    } else {
        format!("{}, ", cells[2])
    };
    let shown = ratings_model::format::decimals(cells[3].parse().unwrap(), 2);
    assert_eq!(ann, format!("\"{nat}{shown}, {} events\"", cells[4]), "{details}");
    // Every page has the (hidden until scripted) search box and the script.
    let event = read(&out.join("events/e1-spring-open.html"));
    assert!(event.contains(r#"<div class="search" id="search" data-root="../" hidden>"#));
    assert!(event.contains(r#"<script src="../search.js" defer></script>"#));
    assert!(out.join("search.js").exists());
}

/// For the players of the latest event, the rank right after it equals
/// their rank in the current ranking, on the shipped site.
#[test]
fn rank_after_the_last_event_matches_the_ranking_on_the_shipped_site() {
    let (_tmp, out) = build(&repo());
    let mut checked = 0;
    for entry in std::fs::read_dir(out.join("player")).unwrap() {
        let page = read(&entry.unwrap().path());
        // The shipped site has a second rating (TrueSkill): the Dip Pouch part.
        let rows = group_rows(&page, "history", "Dip Pouch Tournament Rating", 1);
        if rows.last().unwrap()[0] != "2017-07-07" {
            continue;
        }
        // The current rank, from the facts of the rating's section.
        let html = section(&page, "Dip Pouch Tournament Rating");
        let fact = html.split("<dt>Rank</dt><dd>").nth(1).unwrap();
        let rank = text(&fact[..fact.find("</dd>").unwrap()]);
        assert_eq!(rows.last().unwrap().last().unwrap(), &rank);
        checked += 1;
    }
    assert_eq!(checked, 32, "every listed player of World DipCon XXVII");
}

/// A deterministic pseudo-random site: 60 events over 1999–2012 among 40
/// players, some of value 0 (before 2001), some on the same day.
fn random_site(dir: &std::path::Path) -> Vec<(String, String, bool)> {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::write(
        dir.join("site.toml"),
        "title = \"random\"\npage_size = 100\n[[rating]]\nid = \"dp\"\nsystem = \"dip-pouch\"\n\
         [[rating]]\nid = \"act\"\nsystem = \"dip-pouch\"\nactive_years = 3\n",
    )
    .unwrap();
    let mut events = Vec::new();
    let mut day = 0;
    for e in 0..60 {
        day += next(90) as i64; // sometimes 0: same day
        let date = format!(
            "{:04}-{:02}-{:02}",
            1999 + day / 336,
            1 + (day % 336) / 28,
            1 + day % 28
        );
        let n = 3 + next(6);
        let mut players: Vec<u64> = Vec::new();
        while (players.len() as u64) < n {
            let p = next(40);
            if !players.contains(&p) {
                players.push(p);
            }
        }
        let mut text = format!(
            "name = \"Event {e:02}\"\ndate = {date}\nplayers = {}\nrounds = 2\n",
            n + next(5)
        );
        for (rank, p) in players.iter().enumerate() {
            text.push_str(&format!("[[results]]\nrank = {}\nname = \"Player {p:02}\"\n", rank + 1));
        }
        let id = format!("e{e:02}");
        std::fs::write(dir.join("data").join(format!("{id}.toml")), text).unwrap();
        events.push((id, date.clone(), date.as_str() < "2001"));
    }
    events
}

/// Days since 1970 of a YYYY-MM-DD date (for the activity window).
fn days(date: &str) -> i64 {
    let y: i64 = date[..4].parse().unwrap();
    let m: i64 = date[5..7].parse().unwrap();
    let d: i64 = date[8..].parse().unwrap();
    let (y, m) = if m <= 2 { (y - 1, m + 9) } else { (y, m - 3) };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + (153 * m + 2) / 5 + d - 1;
    era * 146_097 + doe - 719_468
}

/// Brute force: the full ranking after every event, from the history CSV,
/// compared with the Fenwick pass's rank-after cells and the movement column.
#[test]
fn rank_at_the_time_equals_brute_force_on_a_random_site() {
    let tmp = tempfile::tempdir().unwrap();
    let site_dir = tmp.path().join("site");
    let events = random_site(&site_dir);
    let (_t, out) = build(&site_dir);
    for (rating, window) in [("dp", None), ("act", Some(3))] {
        let csv = read(&out.join(format!("downloads/{rating}-history.csv")));
        // player -> (rating, ranked, last played day)
        let mut state: std::collections::BTreeMap<String, (f64, bool, i64)> = Default::default();
        // player -> rank after each of their events, in order
        let mut expected: std::collections::BTreeMap<String, Vec<String>> = Default::default();
        let lines: Vec<Vec<String>> = csv
            .lines()
            .skip(1)
            .map(|l| l.split(',').map(String::from).collect())
            .collect();
        let mut last_ranks: Option<std::collections::BTreeMap<String, usize>> = None;
        type Ranks = std::collections::BTreeMap<String, usize>;
        let mut last_change: Option<(Ranks, Ranks)> = None;
        for (id, date, zero) in &events {
            let rows: Vec<&Vec<String>> = lines.iter().filter(|l| &l[1] == id).collect();
            if rows.is_empty() {
                continue;
            }
            let today = days(date);
            for r in &rows {
                let after: f64 = r[4].parse().unwrap();
                let s = state.entry(r[2].clone()).or_insert((40.0, false, today));
                *s = (after, s.1 || !zero, today);
            }
            let cutoff = window.map(|y| {
                let year: i64 = date[..4].parse().unwrap();
                days(&format!("{:04}{}", year - y, &date[4..]))
            });
            let listed: Vec<(&String, f64)> = state
                .iter()
                .filter(|(_, s)| s.1 && cutoff.is_none_or(|c| s.2 >= c))
                .map(|(p, s)| (p, s.0))
                .collect();
            let ranks: std::collections::BTreeMap<String, usize> = listed
                .iter()
                .map(|(p, r)| ((*p).clone(), 1 + listed.iter().filter(|(_, o)| o > r).count()))
                .collect();
            for r in &rows {
                expected
                    .entry(r[2].clone())
                    .or_default()
                    .push(ranks.get(&r[2]).map_or("–".to_string(), |n| n.to_string()));
            }
            let before = last_ranks.clone().unwrap_or_default();
            if before != ranks {
                last_change = Some((before, ranks.clone()));
            }
            last_ranks = Some(ranks);
        }
        let group = if rating == "dp" { 0 } else { 1 };
        for (player, ranks) in &expected {
            let slug = player.to_lowercase().replace(' ', "-");
            let html = read(&out.join(format!("player/{slug}.html")));
            assert_eq!(ranks_after(&html, group), *ranks, "{rating}: {player}");
        }
        // Movement column against the brute-force change.
        let (before, now) = last_change.expect("the ranking changed");
        let page = table_rows(&read(&out.join(format!("rating/{rating}/index.html"))));
        assert_eq!(page.len(), now.len());
        if window.is_some() {
            // The window matters here: some ranked players are inactive.
            let inactive = table_rows(&read(&out.join(format!("rating/{rating}/inactive.html"))));
            assert!(!inactive.is_empty());
        }
        for row in &page {
            let (rank, mv, name) = (&row[0], &row[1], &row[2]);
            assert_eq!(rank, &now[name].to_string());
            let want = match before.get(name) {
                None => "new".to_string(),
                Some(&b) if b > now[name] => format!("▲{}", b - now[name]),
                Some(&b) if b < now[name] => format!("▼{}", now[name] - b),
                Some(_) => String::new(),
            };
            assert_eq!(mv, &want, "{rating}: movement of {name}");
        }
    }
}

/// Year-end pages hold the top `page_size` of the year-end ranking and the
/// download every year's whole list (replayed, not held): on a synthetic
/// site with an activity window, each year page's rows are the first lines
/// of its year in the CSV, and its player count is the CSV's line count.
#[test]
fn year_end_pages_are_the_top_of_the_downloaded_lists() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    synthetic_site(&site, 400, 12, 900, 7);
    let toml = read(&site.join("site.toml"))
        .replace("page_size = 50", "page_size = 20")
        .replace("system = \"dip-pouch\"\n", "system = \"dip-pouch\"\nactive_years = 2\n");
    std::fs::write(site.join("site.toml"), toml).unwrap();
    let (_t, out) = build(&site);
    let mut checked = 0;
    for id in ["dip-pouch", "dci-limited"] {
        let gz = std::fs::read(out.join(format!("downloads/{id}-year-end.csv.gz"))).unwrap();
        let mut csv = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gz[..]), &mut csv).unwrap();
        let mut by_year: std::collections::BTreeMap<String, Vec<Vec<String>>> = Default::default();
        for line in csv.lines().skip(1) {
            let cells: Vec<String> = line.split(',').map(str::to_string).collect();
            by_year.entry(cells[0].clone()).or_default().push(cells);
        }
        assert!(by_year.len() > 3, "{id}: {} years", by_year.len());
        for (year, lines) in &by_year {
            let page = read(&out.join(format!("rating/{id}/year/{year}.html")));
            let rows = table_rows(&page);
            let shown: Vec<(String, String, String)> = rows
                .iter()
                .map(|r| (r[0].clone(), r[1].clone(), r[r.len() - 2].clone()))
                .collect();
            // The page shows the CSV's rating with the system's decimals
            // (DCI: whole numbers).
            let places = if id == "dci-limited" { 0 } else { 2 };
            let expected: Vec<(String, String, String)> = lines
                .iter()
                .take(20)
                .map(|l| {
                    let rating = ratings_model::format::decimals(l[4].parse().unwrap(), places);
                    (l[1].clone(), l[2].clone(), rating)
                })
                .collect();
            assert_eq!(shown, expected, "{id} {year}");
            assert!(
                page.contains(&format!("{} ranked players.", lines.len())),
                "{id} {year}"
            );
            if lines.len() > 20 {
                assert!(page.contains(&format!("the top 20 of {}.", lines.len())), "{id} {year}");
                checked += 1;
            }
        }
    }
    assert!(checked > 4, "{checked} years with more players than a page");
}
