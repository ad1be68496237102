//! Markdown pages and event reports, rendered with pulldown-cmark.

use pulldown_cmark::{Event, Options, Parser, html};

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
    let parser = Parser::new_ext(source, opts).map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) if !allow_html => Event::Text(raw),
        // Links with a script scheme are made inert.
        Event::Start(pulldown_cmark::Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) if is_script_url(&dest_url) => Event::Start(pulldown_cmark::Tag::Link {
            link_type,
            dest_url: "#".into(),
            title,
            id,
        }),
        other => other,
    });
    let mut out = String::with_capacity(source.len() * 3 / 2);
    html::push_html(&mut out, parser);
    out
}

fn is_script_url(url: &str) -> bool {
    let lower: String = url
        .chars()
        .filter(|c| !c.is_whitespace() && !c.is_control())
        .collect::<String>()
        .to_lowercase();
    lower.starts_with("javascript:") || lower.starts_with("vbscript:") || lower.starts_with("data:text/html")
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
    fn tables_render() {
        let out = render("| a | b |\n|---|---|\n| 1 | 2 |\n", false);
        assert!(out.contains("<table>"), "{out}");
    }
}
