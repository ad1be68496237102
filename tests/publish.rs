//! Publishing: sitemap.xml, robots.txt, the Atom feed, 404.html, CNAME and
//! the GitHub Pages workflow.

use std::path::{Path, PathBuf};

use crate::common::*;

const BASE: &str = "https://example.github.io/ratings/";

/// The basic fixture with `base_url` and a `static/CNAME`, built.
fn published() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    let config = site.join("site.toml");
    std::fs::write(&config, format!("base_url = \"{BASE}\"\n{}", read(&config))).unwrap();
    std::fs::create_dir_all(site.join("static")).unwrap();
    std::fs::write(site.join("static/CNAME"), "ratings.example.org\n").unwrap();
    let out = tmp.path().join("out");
    ratings_site::build(&crate::common::options(&site, &out)).unwrap();
    (tmp, out)
}

/// Text of every `<tag>…</tag>` in order.
fn elements<'a>(xml: &'a str, tag: &str) -> Vec<&'a str> {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    xml.split(&open)
        .skip(1)
        .map(|s| &s[..s.find(&close).expect("closed")])
        .collect()
}

#[test]
fn sitemap_lists_every_page_with_absolute_urls() {
    let (_tmp, out) = published();
    let sitemap = read(&out.join("sitemap.xml"));
    assert!(sitemap.starts_with(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
    ));
    let locs: Vec<&str> = elements(&sitemap, "loc");
    let mut expected: Vec<String> = files(&out)
        .into_iter()
        .filter(|f| f.ends_with(".html") && f != "404.html")
        .map(|f| {
            if f == "index.html" {
                BASE.to_string()
            } else {
                format!("{BASE}{f}")
            }
        })
        .collect();
    expected.sort();
    let mut got: Vec<String> = locs.iter().map(|s| s.to_string()).collect();
    got.sort();
    assert_eq!(got, expected);
    assert!(got.contains(&format!("{BASE}events/2005/a-cup.html")));
    let robots = read(&out.join("robots.txt"));
    assert_eq!(
        robots,
        format!("User-agent: *\nAllow: /\n\nSitemap: {BASE}sitemap.xml\n")
    );
}

#[test]
fn feed_is_atom_with_permanent_ids_and_event_dates() {
    let (_tmp, out) = published();
    let feed = read(&out.join("feed.xml"));
    assert!(
        feed.starts_with("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">")
    );
    // Feed-level required elements: id, title, updated, author.
    assert!(feed.contains(&format!("<id>{BASE}</id>")));
    assert!(feed.contains("<title>Fixture: basic</title>"));
    assert!(feed.contains("<author><name>Test Suite</name></author>"));
    assert!(feed.contains(&format!(
        "<link rel=\"self\" type=\"application/atom+xml\" href=\"{BASE}feed.xml\"/>"
    )));
    // The latest event date of the fixture (2005-03-05), not the clock.
    assert_eq!(elements(&feed, "updated")[0], "2005-03-05T00:00:00Z");
    // Entries newest first (event order reversed: b-cup after a-cup on the
    // same day, then 2000, then 1999), each with its page as id and link.
    let entries: Vec<&str> = feed.split("<entry>").skip(1).collect();
    let titles: Vec<&str> = entries.iter().map(|e| elements(e, "title")[0]).collect();
    assert_eq!(titles, ["B Cup", "A Cup", "World Champs", "Old Open"]);
    let champs = entries[2];
    assert_eq!(elements(champs, "id"), [format!("{BASE}events/2000/world-champs.html")]);
    assert!(champs.contains(&format!(
        "<link rel=\"alternate\" type=\"text/html\" href=\"{BASE}events/2000/world-champs.html\"/>"
    )));
    // Updated is the last day of the event; published the first.
    assert_eq!(elements(champs, "updated"), ["2000-08-03T00:00:00Z"]);
    assert_eq!(elements(champs, "published"), ["2000-08-01T00:00:00Z"]);
    assert!(elements(champs, "summary")[0].starts_with("August 1-3, 2000, Paris: 8 players, 3 rounds."));
    // Every entry has the required id, title and updated.
    for e in &entries {
        for tag in ["id", "title", "updated"] {
            assert_eq!(elements(e, tag).len(), 1, "{tag} in {e}");
        }
    }
    // Pages announce the feed.
    let home = read(&out.join("index.html"));
    assert!(
        home.contains(
            "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Latest events\" href=\"feed.xml\">"
        )
    );
    let event = read(&out.join("events/2000/world-champs.html"));
    assert!(event.contains("href=\"../../feed.xml\""));
}

/// href and src values of a page.
fn links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in ["href=\"", "src=\""] {
        for piece in html.split(attr).skip(1) {
            out.push(piece[..piece.find('"').unwrap()].to_string());
        }
    }
    out
}

#[test]
fn not_found_page_links_work_under_the_project_sub_path() {
    let (_tmp, out) = published();
    let page = read(&out.join("404.html"));
    let hrefs = links(&page);
    assert!(hrefs.contains(&"/ratings/style.css".to_string()), "{hrefs:?}");
    assert!(hrefs.contains(&"/ratings/index.html".to_string()), "{hrefs:?}");
    // Every link is an absolute path under /ratings/ naming a file of the site.
    for href in hrefs.iter().filter(|h| !h.starts_with('#')) {
        let rel = href
            .strip_prefix("/ratings/")
            .unwrap_or_else(|| panic!("{href} is not under /ratings/"));
        assert!(out.join(rel).is_file(), "{href}");
    }
    assert!(!page.contains("rel=\"canonical\""));

    // Without base_url: relative links (from file:// they open the site's
    // files), and no sitemap, robots or feed (they need absolute URLs).
    let (_tmp2, plain) = build(&fixture("basic"));
    let page = read(&plain.join("404.html"));
    let hrefs = links(&page);
    assert!(hrefs.contains(&"style.css".to_string()), "{hrefs:?}");
    for href in hrefs.iter().filter(|h| !h.starts_with('#')) {
        assert!(plain.join(href).is_file(), "{href}");
    }
    for absent in ["sitemap.xml", "robots.txt", "feed.xml"] {
        assert!(!plain.join(absent).exists(), "{absent}");
    }
    assert!(!read(&plain.join("index.html")).contains("feed.xml"));
}

#[test]
fn cname_is_copied_verbatim() {
    let (_tmp, out) = published();
    assert_eq!(std::fs::read(out.join("CNAME")).unwrap(), b"ratings.example.org\n");
}

#[test]
fn the_pages_workflow_builds_and_deploys() {
    let workflow = read(&repo().join(".github/workflows/pages.yml"));
    for needed in [
        "pages: write",
        "id-token: write",
        "concurrency:",
        "cargo run --release -- build",
        "actions/upload-pages-artifact@v",
        "actions/deploy-pages@v",
        "name: github-pages",
    ] {
        assert!(workflow.contains(needed), "pages.yml lacks {needed:?}");
    }
    // The artifact is the folder the build writes.
    let site = ratings_site::load::load(Path::new(&repo())).unwrap();
    assert!(
        workflow.contains(&format!("path: {}\n", site.config.output_dir)),
        "the artifact path must be output_dir ({})",
        site.config.output_dir
    );
    // Indentation is spaces (tabs are invalid YAML).
    assert!(!workflow.contains('\t'));
}

#[test]
fn feed_and_sitemap_escape_hostile_text() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("hostile"), &site);
    let config = site.join("site.toml");
    std::fs::write(&config, format!("base_url = \"{BASE}\"\n{}", read(&config))).unwrap();
    let (_out_tmp, out) = build(&site);
    let feed = read(&out.join("feed.xml"));
    assert!(!feed.contains("<script>") && !feed.contains("<img"), "{feed}");
    assert!(feed.contains("<summary>May 5, 2010, &lt;Nowhere&gt;: 3 players, 1 round. Winner: &lt;script&gt;alert(1)&lt;/script&gt;.</summary>"), "{feed}");
    assert!(feed.contains("<author><name>&lt;b&gt;Mallory&lt;/b&gt;</name></author>"));
}

/// A static file in folders of its own (not folders of generated files):
/// the plan makes its folders too.
#[test]
fn a_static_file_in_new_folders_is_published() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    copy_dir(&fixture("basic"), &site);
    std::fs::create_dir_all(site.join("static/img/logos")).unwrap();
    std::fs::write(site.join("static/img/logos/club.svg"), "<svg/>\n").unwrap();
    let out = tmp.path().join("out");
    ratings_site::build(&crate::common::options(&site, &out)).unwrap();
    assert_eq!(read(&out.join("img/logos/club.svg")), "<svg/>\n");
}
