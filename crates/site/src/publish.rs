//! Files for publishing on the web: `sitemap.xml`, `robots.txt` and the
//! Atom feed `feed.xml`. They need absolute URLs, so they are written only
//! when `base_url` is set. (`404.html` is a page: `pages/not_found.rs`.)

use crate::Site;
use ratings_model::date_range;

/// Most URLs one sitemap file may list (sitemaps.org protocol).
pub const SITEMAP_LIMIT: usize = 50_000;

/// Events in the feed: the latest ones in event order.
pub const FEED_ENTRIES: usize = 20;

/// XML text and attribute escaping.
pub fn xml_escape(s: &str) -> String {
    ratings_model::format::Xml(s).to_string()
}

/// Whether a page is listed in the sitemap: every HTML page except the 404.
pub fn in_sitemap(path: &str) -> bool {
    path.ends_with(".html") && path != "404.html"
}

/// The sitemap files for `pages` listed pages: `sitemap.xml`, and beyond
/// 50,000 URLs also `sitemaps/sitemap-N.xml`, `sitemap.xml` then being an
/// index of them.
pub fn sitemap_paths(pages: usize) -> Vec<String> {
    let mut out = vec!["sitemap.xml".to_string()];
    if pages > SITEMAP_LIMIT {
        out.extend((1..=pages.div_ceil(SITEMAP_LIMIT)).map(|n| format!("sitemaps/sitemap-{n}.xml")));
    }
    out
}

/// One sitemap file of [`sitemap_paths`]: `chunk` `None` is `sitemap.xml`
/// (all URLs, or the index when there are more than 50,000), `Some(n)` is
/// `sitemaps/sitemap-N.xml`. No `lastmod`: pages change whenever any event
/// changes a ranking, and a wrong date is worse than none.
pub fn sitemap(base_url: &str, pages: &[&str], chunk: Option<usize>) -> String {
    let url = |p: &&str| {
        // The home page is the site's address itself.
        let path = if *p == "index.html" { "" } else { p };
        format!("{base_url}{}", ratings_model::names::url_path(path))
    };
    let urlset = |pages: &[&str]| {
        let mut s = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
        );
        for p in pages {
            s.push_str(&format!("<url><loc>{}</loc></url>\n", xml_escape(&url(p))));
        }
        s.push_str("</urlset>\n");
        s
    };
    if let Some(n) = chunk {
        let start = ((n - 1) * SITEMAP_LIMIT).min(pages.len());
        return urlset(&pages[start..(start + SITEMAP_LIMIT).min(pages.len())]);
    }
    if pages.len() <= SITEMAP_LIMIT {
        return urlset(pages);
    }
    let mut index = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for path in &sitemap_paths(pages.len())[1..] {
        index.push_str(&format!(
            "<sitemap><loc>{}</loc></sitemap>\n",
            xml_escape(&format!("{base_url}{path}"))
        ));
    }
    index.push_str("</sitemapindex>\n");
    index
}

/// `robots.txt`: allow everything and name the sitemap. Crawlers read it
/// only at the root of a host, so on a project page (`user.github.io/repo/`)
/// it is ignored; on a user site or a custom domain it is the real one.
pub fn robots(base_url: &str) -> String {
    format!("User-agent: *\nAllow: /\n\nSitemap: {base_url}sitemap.xml\n")
}

/// RFC 3339 timestamp of a date (midnight UTC): Atom needs a time.
fn timestamp(d: ratings_model::Date) -> String {
    format!("{d}T00:00:00Z")
}

/// The Atom feed of the latest events (RFC 4287). Every id is the
/// permanent absolute URL of a page; `updated` is the event's last day,
/// and the feed's is the latest of those, never the build time.
pub fn feed(site: &Site, base_url: &str, event_paths: &[String]) -> String {
    let title = &site.config.title;
    let author = if site.config.author.is_empty() {
        title
    } else {
        &site.config.author
    };
    let latest: Vec<usize> = (0..site.model.events.len()).rev().take(FEED_ENTRIES).collect();
    let updated = latest
        .iter()
        .map(|&i| {
            let e = &site.model.events[i];
            e.end_date.unwrap_or(e.date)
        })
        .max();
    let mut s =
        String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n");
    s.push_str(&format!("<title>{}</title>\n", xml_escape(title)));
    s.push_str("<subtitle>Latest events</subtitle>\n");
    s.push_str(&format!("<id>{}</id>\n", xml_escape(base_url)));
    s.push_str(&format!(
        "<link rel=\"self\" type=\"application/atom+xml\" href=\"{}\"/>\n",
        xml_escape(&format!("{base_url}feed.xml"))
    ));
    s.push_str(&format!(
        "<link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n",
        xml_escape(base_url)
    ));
    // An empty site has no date: the epoch keeps the feed valid and stable.
    let feed_updated = updated.map_or_else(|| "1970-01-01T00:00:00Z".to_string(), timestamp);
    s.push_str(&format!("<updated>{feed_updated}</updated>\n"));
    s.push_str(&format!("<author><name>{}</name></author>\n", xml_escape(author)));
    s.push_str("<generator>ratings</generator>\n");
    for i in latest {
        let e = &site.model.events[i];
        let url = format!("{base_url}{}", ratings_model::names::url_path(&event_paths[i]));
        let winners: Vec<&str> = e
            .results
            .iter()
            .filter(|r| r.rank == 1)
            .map(|r| site.model.player(r.player).display.as_ref())
            .collect();
        let mut summary = date_range(e.date, e.end_date);
        if !e.place.is_empty() {
            summary.push_str(&format!(", {}", e.place));
        }
        // No count for an event without one (announced, or nothing published).
        let mut counts = Vec::new();
        if e.players > 0 {
            counts.push(format!("{} players", e.players));
        }
        if let Some(r) = e.rounds {
            counts.push(format!("{r} round{}", if r == 1 { "" } else { "s" }));
        }
        if !counts.is_empty() {
            summary.push_str(&format!(": {}", counts.join(", ")));
        }
        summary.push('.');
        if !e.has_results() {
            summary.push_str(" No results published.");
        }
        if !winners.is_empty() {
            summary.push_str(&format!(" Winner: {}.", winners.join(", ")));
        }
        s.push_str("<entry>\n");
        s.push_str(&format!("<title>{}</title>\n", xml_escape(&e.name)));
        s.push_str(&format!("<id>{}</id>\n", xml_escape(&url)));
        s.push_str(&format!(
            "<link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n",
            xml_escape(&url)
        ));
        s.push_str(&format!("<published>{}</published>\n", timestamp(e.date)));
        s.push_str(&format!(
            "<updated>{}</updated>\n",
            timestamp(e.end_date.unwrap_or(e.date))
        ));
        s.push_str(&format!("<summary>{}</summary>\n", xml_escape(&summary)));
        s.push_str("</entry>\n");
    }
    s.push_str("</feed>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(
            xml_escape("A & <B> \"c\" 'd'"),
            "A &amp; &lt;B&gt; &quot;c&quot; &#39;d&#39;"
        );
    }

    #[test]
    fn big_sitemaps_are_split() {
        let pages: Vec<String> = (0..SITEMAP_LIMIT + 2).map(|i| format!("player/p{i}.html")).collect();
        let pages: Vec<&str> = pages.iter().map(String::as_str).collect();
        let base = "https://x.org/r/";
        assert_eq!(
            sitemap_paths(pages.len()),
            ["sitemap.xml", "sitemaps/sitemap-1.xml", "sitemaps/sitemap-2.xml"]
        );
        let index = sitemap(base, &pages, None);
        assert!(index.contains("<sitemapindex"));
        assert!(index.contains("<loc>https://x.org/r/sitemaps/sitemap-2.xml</loc>"));
        assert_eq!(sitemap(base, &pages, Some(1)).matches("<url>").count(), SITEMAP_LIMIT);
        let last = sitemap(base, &pages, Some(2));
        assert_eq!(last.matches("<url>").count(), 2);
        assert!(last.contains(&format!(
            "<loc>https://x.org/r/player/p{}.html</loc>",
            SITEMAP_LIMIT + 1
        )));
        let listed: Vec<&str> = ["index.html", "404.html", "a.html"]
            .into_iter()
            .filter(|p| in_sitemap(p))
            .collect();
        assert_eq!(sitemap_paths(listed.len()), ["sitemap.xml"]);
        let small = sitemap("https://x.org/", &listed, None);
        assert!(small.contains("<loc>https://x.org/</loc>"));
        assert!(small.contains("<loc>https://x.org/a.html</loc>"));
        assert!(!small.contains("404"));
    }
}
