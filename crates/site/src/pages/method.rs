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
    /// How match events' standings are computed (sites with match events).
    pub standings: String,
}

pub fn method<'a>(ctx: &'a Context, path: &str, rating: usize) -> MethodPage<'a> {
    let view = &ctx.ratings[rating];
    let base = ctx.base(path, format!("{} – method", view.config.title));
    MethodPage {
        nav: RatingNav::new(&base.root, view, "method"),
        // The text is the program's, not the data's: raw HTML cannot occur.
        text: crate::markdown::render(&view.config.system.method(), false),
        standings: standings_method(ctx).map_or_else(String::new, |text| crate::markdown::render(&text, false)),
        base,
    }
}

/// How the site's match events are scored and ordered, with the points
/// and the tie-breaks its events use (Markdown); `None` without match events.
fn standings_method(ctx: &Context) -> Option<String> {
    let mut used: Vec<ratings_model::scoring::TieBreak> = Vec::new();
    // Each description once, in the order met (a list searched for each
    // event was events² comparisons when each event sets its own points).
    let mut points: Vec<String> = Vec::new();
    let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
    for s in ctx.standings.iter().flatten() {
        for t in &s.tiebreaks {
            if !used.contains(t) {
                used.push(*t);
            }
        }
        let described = s.points.describe();
        if seen.insert(described.clone()) {
            points.push(described);
        }
    }
    if ctx.standings.iter().all(Option::is_none) {
        return None;
    }
    let mut text = format!(
        "Every event played in rounds has standings. **Points**: {}. \
         A match of several games scores as one result, won by whoever won more games. \
         A full-point bye scores a win, a half-point bye a draw, a zero-point bye or a round missed nothing. \
         A forfeit (`+-`, `-+`, `--`, `½F-½F`) scores the result it stands for but is never rated; \
         W-D-L counts the matches played over the board.\n\n\
         **Places**: where an event publishes its standings (`[[results]]`), its places are shown as published, \
         with the points the rounds give beside them. Otherwise players are ordered by points, then by the \
         event's tie-breaks in turn; players still equal share the place (1, 2, 2, 4).\n\n",
        match points.as_slice() {
            [one] => one.clone(),
            several => format!("by event: {}", several.join("; ")),
        }
    );
    if !used.is_empty() {
        text.push_str(
            "**Tie-breaks** used on this site. A player's *unplayed rounds* are their byes of every kind, \
             their forfeits won or lost, and the rounds in which they do not appear (a late entry, a withdrawal). \
             Opponents' points are their final points, byes and forfeits included.\n\n",
        );
        for t in used {
            let (short, long) = t.heading();
            text.push_str(&format!("- **{short}** ({long}): {}\n", t.explanation()));
        }
    }
    Some(text)
}
