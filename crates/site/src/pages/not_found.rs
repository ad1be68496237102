//! `404.html`, the page GitHub Pages serves for any missing address.

use askama::Template;

use super::{Base, Context};

#[derive(Template)]
#[template(path = "404.html")]
pub struct NotFoundPage<'a> {
    pub base: Base<'a>,
}

/// The root the 404 page's links start from. With `base_url`, its path as
/// an absolute path (`https://user.github.io/repo/` → `/repo/`): a 404 page
/// is served at the missing address, whatever its depth, and these links
/// work at any depth. Without it the host and sub-path are unknown: the
/// links are relative (""), right from `file://` and for a missing page at
/// the top of the site, wherever the site is published.
pub fn absolute_root(base_url: Option<&str>) -> String {
    let Some(url) = base_url else { return String::new() };
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    match after_scheme.find('/') {
        Some(i) => {
            let path = &after_scheme[i..];
            let path = path.split(['?', '#']).next().unwrap_or("/");
            if path.ends_with('/') {
                path.to_string()
            } else {
                format!("{path}/")
            }
        }
        None => "/".into(),
    }
}

pub fn not_found<'a>(ctx: &'a Context, path: &str) -> NotFoundPage<'a> {
    let mut base = ctx.base(path, "Page not found");
    base.root = absolute_root(ctx.site.config.base_url.as_deref());
    base.canonical = None;
    NotFoundPage { base }
}

#[cfg(test)]
mod tests {
    use super::absolute_root;

    #[test]
    fn roots() {
        assert_eq!(absolute_root(None), "");
        assert_eq!(absolute_root(Some("https://example.org/")), "/");
        assert_eq!(absolute_root(Some("https://example.org")), "/");
        assert_eq!(absolute_root(Some("https://user.github.io/ratings/")), "/ratings/");
        assert_eq!(absolute_root(Some("https://user.github.io/a/b")), "/a/b/");
    }
}
