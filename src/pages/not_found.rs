//! `404.html`, the page GitHub Pages serves for any missing address.

use askama::Template;

use super::{Base, Context};

#[derive(Template)]
#[template(path = "404.html")]
pub struct NotFoundPage<'a> {
    pub base: Base<'a>,
}

/// The site root as an absolute path: the path of `base_url`
/// (`https://user.github.io/repo/` → `/repo/`), else `/`. A 404 page is
/// served at the missing address, whatever its depth, so page-relative
/// links would point nowhere.
pub fn absolute_root(base_url: Option<&str>) -> String {
    let Some(url) = base_url else { return "/".into() };
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
        assert_eq!(absolute_root(None), "/");
        assert_eq!(absolute_root(Some("https://example.org/")), "/");
        assert_eq!(absolute_root(Some("https://example.org")), "/");
        assert_eq!(absolute_root(Some("https://user.github.io/ratings/")), "/ratings/");
        assert_eq!(absolute_root(Some("https://user.github.io/a/b")), "/a/b/");
    }
}
