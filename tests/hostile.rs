//! Hostile names and text (`tests/fixtures/hostile-names`): markup, quotes,
//! `javascript:`, path separators, bidi controls, 200 characters (the longest name), names
//! that slug to nothing, Windows reserved names and names that slug alike.
//! Every page stays escaped and inside the output folder; player URLs are
//! distinct and do not move when players are added; raw HTML in Markdown
//! passes only with `allow_html = true`.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::*;

/// Player page file → the name in its `<h1>`.
fn player_pages(out: &Path) -> BTreeMap<String, String> {
    files(out)
        .into_iter()
        .filter(|f| f.starts_with("player/"))
        .map(|f| {
            let html = read(&out.join(&f));
            let h1 = &html[html.find("<h1>").unwrap() + 4..html.find("</h1>").unwrap()];
            (f, unescape(h1))
        })
        .collect()
}

fn names_in_fixture() -> Vec<String> {
    let text = read(&fixture("hostile-names/data/odd id #1 & more.toml"));
    let event: toml::Table = toml::from_str(&text).unwrap();
    event["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn every_name_gets_its_own_page_inside_the_output() {
    let (tmp, out) = build(&fixture("hostile-names"));
    // Nothing written beside the output folder.
    assert_eq!(entries_but_kept(tmp.path()), ["out"]);
    let pages = player_pages(&out);
    let names = names_in_fixture();
    assert_eq!(names.len(), 16);
    // One page per player, each showing that player (so `Björn Meyer` and
    // `Bjorn Meyer`, `???` and `!!!` are apart).
    let mut shown: Vec<&String> = pages.values().collect();
    shown.sort();
    let mut expected: Vec<&String> = names.iter().collect();
    expected.sort();
    assert_eq!(shown, expected);
    for f in pages.keys() {
        let stem = f.strip_prefix("player/").unwrap().strip_suffix(".html").unwrap();
        assert!(
            !stem.is_empty()
                && stem.len() <= 80
                && stem
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
            "{f}"
        );
    }
    assert!(pages.contains_key("player/bjorn-meyer.html"));
    assert_eq!(pages["player/bjorn-meyer.html"], "Bjorn Meyer");
    // Windows reserved names never become `con.html` or `aux.html`.
    assert!(!pages.contains_key("player/con.html") && !pages.contains_key("player/aux.html"));
    // Every file is a plain file or folder under the output, named safely.
    for e in walkdir::WalkDir::new(&out).min_depth(1) {
        let e = e.unwrap();
        assert!(!e.file_type().is_symlink(), "{}", e.path().display());
        let rel = e.path().strip_prefix(&out).unwrap().to_str().unwrap();
        assert!(!rel.split('/').any(|p| p == ".." || p.is_empty()), "{rel}");
    }
    // The event page keeps its id as the file name.
    assert!(out.join("events/odd id #1 & more.html").is_file());
}

#[test]
fn names_and_text_are_escaped_on_every_page() {
    let (_tmp, out) = build(&fixture("hostile-names"));
    let mut name_seen = 0;
    for f in files(&out).iter().filter(|f| f.ends_with(".html")) {
        let html = read(&out.join(f));
        for raw in [
            "<b>Bold",
            "<script>",
            "<i>&amp;",
            "<Nowhere>",
            "<XX>",
            "<c>",
            "X<",
            "<iframe",
            "<span class=\"raw-html\"",
            "onmouseover=\"alert",
            "</td></tr></table><script",
        ] {
            assert!(!html.contains(raw), "{f}: unescaped {raw:?}");
        }
        // No link or resource with a script scheme.
        for attr in ["href=\"", "src=\""] {
            for piece in html.split(attr).skip(1) {
                let url = unescape(&piece[..piece.find('"').unwrap()]).to_lowercase();
                assert!(!url.trim_start().starts_with("javascript:"), "{f}: {url}");
            }
        }
        if html.contains("&#60;b&#62;Bold&#60;/b&#62; &#38; &#34;Quote&#34; &#39;Apos&#39;") {
            name_seen += 1;
        }
    }
    // Home (number one), ranking, letter page, event page, player page.
    assert!(name_seen >= 5, "escaped name on {name_seen} pages");
    let event = read(&out.join("events/odd id #1 & more.html"));
    assert!(
        event.contains("&lt;script&gt;alert('report')&lt;/script&gt;"),
        "{event}"
    );
    assert!(event.contains("href=\"#top\""));
    // The 200-character name (the longest) is shown whole, its file name is not.
    assert!(event.contains(&"L".repeat(200)));
    let about = read(&out.join("pages/about.html"));
    assert!(about.contains("&lt;iframe"), "{about}");
}

#[test]
fn raw_html_in_markdown_passes_only_when_the_site_allows_it() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_tree(&fixture("hostile-names"), &site);
    let config = read(&site.join("site.toml"));
    std::fs::write(site.join("site.toml"), format!("allow_html = true\n{config}")).unwrap();
    let r = run_build(&site, ".", "../out", &[]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let out = tmp.path().join("out");
    let event = read(&out.join("events/odd id #1 & more.html"));
    assert!(event.contains("<span class=\"raw-html\">raw</span>"), "{event}");
    let about = read(&out.join("pages/about.html"));
    assert!(about.contains("<iframe title=\"framed\"></iframe>"), "{about}");
    // Names stay escaped whatever the Markdown setting.
    assert!(!event.contains("<b>Bold"));
    // Script links stay inert.
    assert!(!about.to_lowercase().contains("href=\"javascript:"), "{about}");
    assert!(!about.to_lowercase().contains("href=\" javascript:"), "{about}");
}

#[test]
fn player_urls_do_not_move_when_players_are_added() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_tree(&fixture("hostile-names"), &site);
    let out = tmp.path().join("out");
    let options = crate::common::options(&site, &out);
    ratings_site::build(&options).unwrap();
    let before = player_pages(&out);
    // A later event with new players whose names slug like existing ones,
    // and an existing player under another spelling of the same key.
    std::fs::write(
        site.join("data/later.toml"),
        "name = \"Later\"\ndate = 2011-01-01\nrounds = 1\n\
         [[results]]\nrank = 1\nname = \"Bjorn Meyer!\"\n\
         [[results]]\nrank = 2\nname = \"bjorn-meyer\"\n\
         [[results]]\nrank = 3\nname = \"???!\"\n\
         [[results]]\nrank = 4\nname = \"BJÖRN   MEYER\"\n\
         [[results]]\nrank = 5\nname = \"con\"\n",
    )
    .unwrap();
    ratings_site::build(&options).unwrap();
    let after = player_pages(&out);
    for (file, name) in &before {
        let now = after.get(file).unwrap_or_else(|| panic!("{file} ({name}) moved"));
        // Same person; the display name follows the latest spelling.
        assert_eq!(
            ratings_model::names::name_key(now),
            ratings_model::names::name_key(name),
            "{file} now shows another player"
        );
    }
    assert_eq!(after.len(), before.len() + 3, "{after:#?}");
    assert_eq!(after["player/bjorn-meyer.html"], "Bjorn Meyer");

    // A URL depends on the player alone: the same player built in a site of
    // its own gets the same file.
    let alone = tmp.path().join("alone");
    std::fs::create_dir_all(alone.join("data")).unwrap();
    std::fs::copy(site.join("site.toml"), alone.join("site.toml")).unwrap();
    std::fs::copy(site.join("data/later.toml"), alone.join("data/later.toml")).unwrap();
    let (_t, alone_out) = build(&alone);
    for (file, name) in player_pages(&alone_out) {
        assert_eq!(
            ratings_model::names::name_key(&after[&file]),
            ratings_model::names::name_key(&name),
            "{file}"
        );
    }
}

#[test]
fn nationality_codes_of_one_country_share_one_page() {
    let tmp = tempfile::tempdir().unwrap();
    let site = dip_pouch_site(tmp.path());
    // ISO alpha-2 in either case, alpha-3 and the IOC code name one
    // country; "U S" and "YUG" are no known code and stay as written.
    let results = [
        ("A", "us"),
        ("B", "US"),
        ("C", "USA"),
        ("D", "U S"),
        ("E", "NED"),
        ("F", "NLD"),
        ("G", "NED"),
        ("H", "YUG"),
    ];
    let mut text = String::from("name = \"E\"\ndate = 2010-01-01\nrounds = 1\n");
    for (i, (name, nat)) in results.iter().enumerate() {
        text += &format!("[[results]]\nrank = {}\nname = \"{name}\"\nnat = \"{nat}\"\n", i + 1);
    }
    std::fs::write(site.join("data/e.toml"), text).unwrap();
    let (_t, out) = build(&site);
    let nations = files(&out.join("rating/dp/nation"));
    assert_eq!(nations, ["nl.html", "u-s.html", "us.html", "yug.html"]);
    // One page with all three players, named by the country.
    let us = read(&out.join("rating/dp/nation/us.html"));
    let rows = table_rows(&us);
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert!(us.contains("<h2>National ranking: United States</h2>"), "{us}");
    // The Nat. column keeps each player's code as written.
    let nats: Vec<&str> = rows.iter().map(|r| r[3].as_str()).collect();
    assert_eq!(nats, ["us", "US", "USA"]);
    let nl = read(&out.join("rating/dp/nation/nl.html"));
    assert!(nl.contains("<h2>National ranking: Netherlands</h2>"), "{nl}");
    assert!(read(&out.join("rating/dp/nation/yug.html")).contains("<h2>National ranking: YUG</h2>"));
    // The index: one row per nation, by name, with the code players use most.
    let index = read(&out.join("rating/dp/nations.html"));
    assert_eq!(index.matches("href=\"nation/us.html\"").count(), 1, "{index}");
    let names: Vec<String> = table_rows(&index).into_iter().map(|r| r[0].clone()).collect();
    assert_eq!(names, ["Netherlands (NED)", "U S", "United States (US)", "YUG"]);
    // Each national ranking links to the nations before and after it.
    assert!(us.contains(r#"<a rel="prev" href="u-s.html">← U S</a>"#), "{us}");
    assert!(us.contains(r#"<a rel="next" href="yug.html">YUG →</a>"#), "{us}");
    assert!(us.contains(r#"<a href="../nations.html">All nations</a>"#), "{us}");
    assert!(!nl.contains(r#"rel="prev""#), "{nl}");
    // The ranking's nationality filter (shown by ranking.js): one choice per
    // code on the page, by label, each with its nation's whole ranking.
    let ranking = read(&out.join("rating/dp/index.html"));
    assert!(ranking.contains(r#"<script src="../../ranking.js" defer></script>"#));
    assert!(out.join("ranking.js").is_file());
    let filter = &ranking[ranking.find(r#"<p class=filter hidden>"#).expect("filter")..];
    let filter = &filter[..filter.find("</p>").unwrap()];
    let options: Vec<String> = filter
        .split("<option ")
        .skip(2)
        .map(|o| crate::common::unescape(&o[..o.find("</option>").unwrap()]))
        .collect();
    assert_eq!(
        options,
        [
            r#"value="NED" data-href="nation/nl.html">Netherlands (NED)"#,
            r#"value="NLD" data-href="nation/nl.html">Netherlands (NLD)"#,
            r#"value="U S" data-href="nation/u-s.html">U S"#,
            r#"value="US" data-href="nation/us.html">United States (US)"#,
            r#"value="USA" data-href="nation/us.html">United States (USA)"#,
            r#"value="us" data-href="nation/us.html">United States (us)"#,
            r#"value="YUG" data-href="nation/yug.html">YUG"#,
        ]
    );
    // National rankings have no filter (one nation), but sort.
    assert!(!us.contains("nat-filter") && us.contains("ranking.js"));
    // A player page names the country and links to its national ranking.
    let e = read(&out.join("player/e.html"));
    assert!(
        e.contains(r#"Nationality: <a href="../rating/dp/nation/nl.html">Netherlands</a>"#),
        "{e}"
    );
}

/// A site with formula-like names and an event id that needs encoding.
fn formula_site(dir: &Path) {
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::write(
        dir.join("site.toml"),
        "base_url = \"https://example.org/r/\"\n[[rating]]\nid = \"dp\"\nsystem = \"dip-pouch\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("data/a b #1 ?x%.toml"),
        "name = \"Odd\"\ndate = 2010-01-01\nrounds = 1\n\
         [[results]]\nrank = 1\nname = \"=HYPERLINK(\\\"http://x\\\")\"\nnat = \"=NAT\"\n\
         [[results]]\nrank = 2\nname = \"@SUM(A1)\"\nnat = \"US\"\n\
         [[results]]\nrank = 3\nname = \"+Plus\"\n\
         [[results]]\nrank = 4\nname = \"-Minus\"\n\
         [[results]]\nrank = 5\nname = \"Doug Moore\"\nnat = \"US\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("data/=cmd.toml"),
        "name = \"Cmd\"\ndate = 2011-01-01\nrounds = 1\n[[results]]\nrank = 1\nname = \"Doug Moore\"\n",
    )
    .unwrap();
}

#[test]
fn csv_cells_that_would_be_formulas_are_neutralised() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    formula_site(&site);
    let (_t, out) = build(&site);
    let ranking = read(&out.join("downloads/dp-ranking.csv"));
    let rows: Vec<&str> = ranking.lines().collect();
    assert_eq!(rows[0], "rank,player,nat,rating,events");
    let names: Vec<String> = rows[1..]
        .iter()
        .map(|r| r.split(',').skip(1).take(2).collect::<Vec<_>>().join(","))
        .collect();
    let mut names = names;
    names.sort();
    assert_eq!(
        names,
        [
            "\"'=HYPERLINK(\"\"http://x\"\")\",'=NAT",
            "'+Plus,",
            "'-Minus,",
            "'@SUM(A1),US",
            "Doug Moore,US",
        ]
    );
    let history = read(&out.join("downloads/dp-history.csv"));
    assert!(history.contains("\n2011-01-01,'=cmd,Doug Moore,"), "{history}");
    assert!(history.contains("\n2010-01-01,a b #1 ?x%,Doug Moore,"), "{history}");
    // Numbers are left alone: every rating parses.
    for r in &rows[1..] {
        let cells: Vec<&str> = r.rsplitn(3, ',').collect();
        cells[0].parse::<u32>().unwrap();
        cells[1].parse::<f64>().unwrap();
    }
}

#[test]
fn sitemap_feed_and_search_index_encode_event_ids_as_pages_do() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    formula_site(&site);
    let (_t, out) = build(&site);
    assert!(out.join("events/a b #1 ?x%.html").is_file());
    let encoded = "events/a%20b%20%231%20%3Fx%25.html";
    let events = read(&out.join("events.html"));
    assert!(events.contains(&format!("href=\"{encoded}\"")), "{events}");
    let sitemap = read(&out.join("sitemap.xml"));
    assert!(
        sitemap.contains(&format!("<loc>https://example.org/r/{encoded}</loc>")),
        "{sitemap}"
    );
    assert!(
        sitemap.contains("<loc>https://example.org/r/events/%3Dcmd.html</loc>"),
        "{sitemap}"
    );
    assert!(!sitemap.contains("a b"), "{sitemap}");
    let feed = read(&out.join("feed.xml"));
    assert!(
        feed.contains(&format!("<id>https://example.org/r/{encoded}</id>")),
        "{feed}"
    );
    assert!(!feed.contains("a b"), "{feed}");
    let index = read(&out.join("search-index.js"));
    assert!(index.contains("\"a%20b%20%231%20%3Fx%25\""), "{index}");
    assert!(!index.contains("a b #1"), "{index}");
}

/// Display name, nationality and location follow event order (date, then
/// id), not the order files are read in, and events are loaded a chunk at
/// a time: a site of more files than one chunk, whose file names run
/// against the dates.
#[test]
fn display_name_and_nationality_follow_event_order_across_chunks() {
    let tmp = tempfile::tempdir().unwrap();
    let site = dip_pouch_site(tmp.path());
    // a0000.toml is the latest event, a1199.toml the earliest.
    let n = 1200;
    for i in 0..n {
        // Day k after the start, in 12 months of 28 days a year: increasing in k.
        let k = n - 1 - i;
        let date = format!("{}-{:02}-{:02}", 2000 + k / 336, 1 + k % 336 / 28, 1 + k % 28);
        let (spelling, nat, loc) = match i {
            0 => ("Zoe ZED", "", "FR"),
            1 => ("ZOE zed", "NL", ""),
            1199 => ("zoe zed", "US", "US"),
            _ => ("Zoe Zed", "", ""),
        };
        std::fs::write(
            site.join(format!("data/a{i:04}.toml")),
            format!(
                "name = \"E{i}\"\ndate = {date}\nrounds = 1\n[[results]]\nrank = 1\nname = \"{spelling}\"\nnat = \"{nat}\"\nloc = \"{loc}\"\n\
                 [[results]]\nrank = 2\nname = \"Other {i}\"\n"
            ),
        )
        .unwrap();
    }
    let loaded = ratings_site::load::load(&site).unwrap();
    let dates: Vec<_> = loaded.model.events.iter().map(|e| e.date).collect();
    assert!(dates.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(loaded.model.events[0].id, "a1199");
    let zoe = loaded.model.players.iter().find(|p| &*p.key == "zoe zed").unwrap();
    // The latest event spells "Zoe ZED" with no nat; the latest nat is NL
    // (second latest), the latest loc FR (latest).
    assert_eq!((&*zoe.display, &*zoe.nat, &*zoe.loc), ("Zoe ZED", "NL", "FR"));
    // Every row names its player by the final (key-sorted) id.
    assert_eq!(loaded.model.players.len(), n + 1);
    assert!(loaded.model.players.windows(2).all(|w| w[0].key < w[1].key));
    for e in &loaded.model.events {
        let i: usize = e.id[1..].parse().unwrap();
        assert_eq!(
            loaded.model.players[e.results[1].player as usize].display.as_ref(),
            format!("Other {i}").as_str()
        );
    }
}

/// An empty site under `dir` with one Dip Pouch rating (id `dp`).
fn dip_pouch_site(dir: &std::path::Path) -> std::path::PathBuf {
    let site = dir.join("site");
    std::fs::create_dir_all(site.join("data")).unwrap();
    std::fs::write(
        site.join("site.toml"),
        "[[rating]]\nid = \"dp\"\nsystem = \"dip-pouch\"\n",
    )
    .unwrap();
    site
}
