//! The search index: one classic script (`search-index.js`) that sets
//! `window.RATINGS_SEARCH`, loaded by `search.js` with a `<script>` element so
//! that search works from `file://` (where `fetch` and ES modules fail).
//!
//! Compact on purpose, as it holds every player of the site. `p` lists
//! players in one of three forms, the script rebuilding the page address:
//!
//! - `"Ann Able"`: an ASCII name whose page is `player/ann-able.html` (the
//!   name lower-cased, spaces as hyphens); the folded form is the name
//!   lower-cased.
//! - `["Björn Meyer", "bjorn meyer", "9dbf406e62"]`: the accent-folded name
//!   (`""` when it is the name lower-cased) and the hash of the page name,
//!   which is the folded name with every run of other characters than `a-z`
//!   and `0-9` made one hyphen (at most 60), then `--` and the hash.
//! - `["Name", "fold", "full-slug", 0]`: any other page name.
//!
//! The build checks, for every player, that the script's rule gives the real
//! page name, and uses the last form when it would not. `e` lists events as
//! `["Name", "percent-encoded path under events/ without .html", "date"]`, plus the folded
//! name when it is not ASCII. `d` gives, in the order of `p`, what tells
//! players of one name apart in the suggestions: nationality, current
//! rating (the first rating that has the player) and its events
//! (`"NL, 1524, 12 events"`).

use std::fmt::Write;

use super::Context;
use ratings_model::names::ascii_fold;

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

/// The slug the script derives from a folded name and a hash (see above).
fn hashed_slug(fold: &str, hash: &str) -> String {
    let mut base = String::new();
    for c in fold.chars() {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            base.push(c);
        } else if !base.is_empty() && !base.ends_with('-') {
            base.push('-');
        }
    }
    let base: String = base.chars().take(60).collect();
    let base = base.trim_end_matches('-');
    if base.is_empty() {
        hash.to_string()
    } else {
        format!("{base}--{hash}")
    }
}

/// The contents of `search-index.js`.
pub fn index(ctx: &Context) -> String {
    let site = ctx.site;
    let mut out = String::with_capacity(site.model.players.len() * 24 + site.model.events.len() * 64 + 64);
    out.push_str("window.RATINGS_SEARCH={p:[");
    for (i, p) in site.model.players.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let ascii = p.display.is_ascii();
        if ascii && derived_slug(&p.display) == *p.slug {
            js_string(&mut out, &p.display);
            continue;
        }
        let fold = ascii_fold(&p.display);
        let lower = p.display.to_lowercase();
        // "" only for ASCII names: the script's toLowerCase then agrees exactly.
        let written = if ascii && fold == lower { "" } else { fold.as_str() };
        let hash = p.slug.rsplit("--").next().unwrap_or_default();
        out.push('[');
        js_string(&mut out, &p.display);
        out.push(',');
        js_string(&mut out, written);
        out.push(',');
        let is_hash = hash.len() == 10 && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        if is_hash && hashed_slug(&fold, hash) == *p.slug {
            js_string(&mut out, hash);
        } else {
            js_string(&mut out, &p.slug);
            out.push_str(",0");
        }
        out.push(']');
    }
    out.push_str("],\nd:[");
    let mut detail = String::with_capacity(32);
    for (i, p) in site.model.players.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        detail.clear();
        detail.push_str(&p.nat);
        let standing = ctx
            .ratings
            .iter()
            .find_map(|v| Some((v, v.history.standings[i].as_ref()?)));
        if let Some((view, s)) = standing {
            if !detail.is_empty() {
                detail.push_str(", ");
            }
            let _ = write!(
                detail,
                "{}, {} event{}",
                view.shown(s.rating),
                s.events,
                if s.events == 1 { "" } else { "s" }
            );
        }
        js_string(&mut out, &detail);
    }
    out.push_str("],\ne:[");
    for (i, e) in site.model.events.iter().enumerate() {
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
        js_string(&mut out, &ratings_model::names::url_path(path));
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
        assert_eq!(hashed_slug("colin o'neill", "483059855b"), "colin-o-neill--483059855b");
        assert_eq!(hashed_slug("юрий", "0123456789"), "0123456789");
        assert_eq!(
            hashed_slug(&"ab ".repeat(30), "0123456789"),
            format!("{}--0123456789", ["ab"; 20].join("-"))
        );
    }
}
