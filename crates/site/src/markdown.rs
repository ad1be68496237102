//! Markdown pages and event reports, rendered with pulldown-cmark.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd, html};

/// Render Markdown to HTML. Unless `allow_html`, raw HTML in the source is
/// shown as text, so a report cannot inject markup or scripts.
pub fn render(source: &str, allow_html: bool) -> String {
    if source.trim().is_empty() {
        return String::new();
    }
    let mut opts = Options::empty();
    opts.insert(Options::ENABLE_TABLES);
    opts.insert(Options::ENABLE_STRIKETHROUGH);
    opts.insert(Options::ENABLE_FOOTNOTES);
    // Whether each open image is kept (an image with an unsafe address is
    // dropped for its text: its End must go too).
    let mut images: Vec<bool> = Vec::new();
    let parser = Parser::new_ext(source, opts).filter_map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) if !allow_html => Some(Event::Text(raw)),
        // Links anywhere but the web, mail and the site itself are made inert.
        Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) if !is_safe_url(&dest_url, &LINK_SCHEMES) => Some(Event::Start(Tag::Link {
            link_type,
            dest_url: "#".into(),
            title,
            id,
        })),
        Event::Start(Tag::Image { ref dest_url, .. }) => {
            let keep = is_safe_url(dest_url, &IMAGE_SCHEMES);
            images.push(keep);
            keep.then_some(event)
        }
        Event::End(TagEnd::Image) => images.pop().unwrap_or(true).then_some(event),
        other => Some(other),
    });
    let mut out = String::with_capacity(source.len() * 3 / 2);
    html::push_html(&mut out, parser);
    out
}

/// The schemes a Markdown link may use; any other (`javascript:`,
/// `vbscript:`, `data:`, `file:` ...) is made inert. Addresses without a
/// scheme (`../players.html`, `#top`, `/about`) are always kept.
const LINK_SCHEMES: [&str; 4] = ["http", "https", "mailto", "tel"];

/// The schemes a Markdown image may load from.
const IMAGE_SCHEMES: [&str; 2] = ["http", "https"];

/// Whether `url` has no scheme or one of `allowed`, read as a browser reads
/// it: tabs and line breaks anywhere and leading controls and spaces are
/// ignored, the scheme is case-insensitive, and a colon after the first
/// `/`, `?` or `#` is not a scheme's.
fn is_safe_url(url: &str, allowed: &[&str]) -> bool {
    let cleaned: String = url
        .trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let Some(colon) = cleaned.find(':') else { return true };
    let scheme = &cleaned[..colon];
    if scheme.contains(['/', '?', '#']) {
        return true;
    }
    // Not a scheme by the URL syntax (letter, then letters, digits, + - .):
    // a relative address with a colon in it.
    let is_scheme = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    !is_scheme || allowed.iter().any(|s| s.eq_ignore_ascii_case(scheme))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_html_is_text_unless_allowed() {
        let src = "Hi <script>alert(1)</script>\n\n<div>x</div>\n";
        let safe = render(src, false);
        assert!(!safe.contains("<script>"), "{safe}");
        assert!(safe.contains("&lt;script&gt;"), "{safe}");
        assert!(render(src, true).contains("<script>"));
    }

    #[test]
    fn script_links_are_inert() {
        let out = render("[x](javascript:alert(1))", false);
        assert!(out.contains("href=\"#\""), "{out}");
    }

    #[test]
    fn only_web_mail_and_relative_addresses_are_kept() {
        let cases = [
            ("[a](data:application/xhtml+xml,<x/>)", false),
            ("[a](data:image/svg+xml;base64,PHN2Zz4=)", false),
            ("[a](data:text/xml,x)", false),
            ("[a](<JaVa\tScRiPt:alert(1)>)", false),
            ("[a](\u{1}javascript:alert(1))", false),
            ("[a](&#x6A;avascript:alert(1))", false),
            ("[a]( javascript:alert(1))", false),
            ("<vbscript:msgbox(1)>", false),
            ("[a](file:///etc/passwd)", false),
            ("[a](https://example.org/x?y=1:2)", true),
            ("[a](mailto:club@example.org)", true),
            ("[a](../player/ada.html)", true),
            ("[a](#top)", true),
            ("[a](HTTPS://example.org/)", true),
            ("[a](notes/a:b.html)", true),
        ];
        for (source, kept) in cases {
            let out = render(source, true);
            let links = out.matches("href=\"").count();
            let inert = out.matches("href=\"#\"").count();
            if kept {
                assert!(links == 1 && inert == 0, "{source} -> {out}");
            } else {
                assert_eq!(links, inert, "{source} -> {out}");
            }
        }
    }

    #[test]
    fn images_load_only_from_the_web_or_the_site() {
        let out = render("![alt text](javascript:alert(1)) ![b](data:image/svg+xml,<svg/>)", true);
        assert!(!out.contains("<img"), "{out}");
        assert!(out.contains("alt text"), "the image's text stays: {out}");
        let out = render("![logo](static/logo.png) ![w](https://example.org/a.png)", false);
        assert_eq!(out.matches("<img").count(), 2, "{out}");
    }

    #[test]
    fn tables_render() {
        let out = render("| a | b |\n|---|---|\n| 1 | 2 |\n", false);
        assert!(out.contains("<table>"), "{out}");
    }
}
