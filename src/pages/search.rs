//! The search index: one classic script (`search-index.js`) that sets
//! `window.RATINGS_SEARCH`, loaded by `search.js` with a `<script>` element so
//! that search works from `file://` (where `fetch` and ES modules fail).
//!
//! Compact on purpose, as it holds every player of the site:
//! `p` lists players as `"Name"` when the page is `player/<name lower-cased,
//! spaces as hyphens>.html` and the name is ASCII, else `["Name", "slug"]`,
//! plus the accent-folded name for non-ASCII names (`["Björn Meyer",
//! "bjorn-meyer--…", "bjorn meyer"]`). `e` lists events as `["Name",
//! "path under events/ without .html", "date"]`, plus the folded name when it
//! is not ASCII.

use std::fmt::Write;

use super::Context;
use crate::names::ascii_fold;

/// A JavaScript string literal (JSON-compatible).
fn js_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The slug the script derives from an ASCII name.
fn derived_slug(name: &str) -> String {
    name.to_ascii_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("-")
}

/// The contents of `search-index.js`.
pub fn index(ctx: &Context) -> String {
    let site = ctx.site;
    let mut out = String::with_capacity(site.players.len() * 24 + site.events.len() * 64 + 64);
    out.push_str("window.RATINGS_SEARCH={p:[");
    for (i, p) in site.players.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let ascii = p.display.is_ascii();
        if ascii && derived_slug(&p.display) == p.slug {
            js_string(&mut out, &p.display);
            continue;
        }
        out.push('[');
        js_string(&mut out, &p.display);
        out.push(',');
        js_string(&mut out, &p.slug);
        if !ascii {
            out.push(',');
            js_string(&mut out, &ascii_fold(&p.display));
        }
        out.push(']');
    }
    out.push_str("],\ne:[");
    for (i, e) in site.events.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let path = &ctx.event_paths[i];
        let path = path
            .strip_prefix("events/")
            .and_then(|p| p.strip_suffix(".html"))
            .unwrap_or(path);
        out.push('[');
        js_string(&mut out, &e.name);
        out.push(',');
        js_string(&mut out, path);
        out.push(',');
        js_string(&mut out, &e.date.to_string());
        if !e.name.is_ascii() {
            out.push(',');
            js_string(&mut out, &ascii_fold(&e.name));
        }
        out.push(']');
    }
    out.push_str("]};\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        let mut s = String::new();
        js_string(&mut s, "a\"b\\c\u{2028}</script>");
        assert_eq!(s, r#""a\"b\\c\u2028</script>""#);
        assert_eq!(derived_slug("Doug  Moore"), "doug-moore");
    }
}
