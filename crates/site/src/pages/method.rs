//! How each rating works: its method page, in the system's own words with
//! this site's parameters.

use askama::Template;

use super::ranking::RatingNav;
use super::{Base, Context};

#[derive(Template)]
#[template(path = "method.html")]
pub struct MethodPage<'a> {
    pub base: Base<'a>,
    pub nav: RatingNav,
    /// The system's explanation, rendered from Markdown.
    pub text: String,
}

pub fn method<'a>(ctx: &'a Context, path: &str, rating: usize) -> MethodPage<'a> {
    let view = &ctx.ratings[rating];
    let base = ctx.base(path, format!("{} – method", view.config.title));
    MethodPage {
        nav: RatingNav::new(&base.root, view, "method"),
        // The text is the program's, not the data's: raw HTML cannot occur.
        text: crate::markdown::render(&view.config.system.method(), false),
        base,
    }
}
