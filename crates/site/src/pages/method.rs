//! How each rating works (its method page, in the system's own words with
//! this site's parameters) and which rating predicts results best.

use askama::Template;

use super::ranking::RatingNav;
use super::{Base, Context};
use ratings_rating::predictions::Tally;

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
    let mut points: Vec<String> = Vec::new();
    for s in ctx.standings.iter().flatten() {
        for t in &s.tiebreaks {
            if !used.contains(t) {
                used.push(*t);
            }
        }
        let described = s.points.describe();
        if !points.contains(&described) {
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

/// One cell of the predictions table.
pub struct Share {
    /// "68.4 %", or "" without games.
    pub percent: String,
    pub games: u64,
    /// The best rating of the row (ties: all of them).
    pub best: bool,
}

pub struct PredictionRow {
    /// "All years" or the year.
    pub label: String,
    pub cells: Vec<Share>,
}

#[derive(Template)]
#[template(path = "predictions.html")]
pub struct PredictionsPage<'a> {
    pub base: Base<'a>,
    /// (title, href of the method page)
    pub ratings: Vec<(String, String)>,
    pub rows: Vec<PredictionRow>,
    /// Which rating predicted best over all games, in a sentence.
    pub verdict: String,
}

/// A row of shares (`share` of each tally) and games (`games` of each).
fn row(label: String, tallies: &[Tally], share: fn(&Tally) -> Option<f64>, games: fn(&Tally) -> u64) -> PredictionRow {
    let shares: Vec<Option<f64>> = tallies.iter().map(share).collect();
    let best = shares.iter().flatten().copied().fold(f64::NEG_INFINITY, f64::max);
    PredictionRow {
        label,
        cells: tallies
            .iter()
            .zip(&shares)
            .map(|(t, s)| Share {
                percent: s.map(|s| format!("{:.1} %", 100.0 * s)).unwrap_or_default(),
                games: if s.is_some() { games(t) } else { 0 },
                best: tallies.len() > 1 && *s == Some(best),
            })
            .collect(),
    }
}

pub fn predictions<'a>(ctx: &'a Context, path: &str) -> PredictionsPage<'a> {
    let base = ctx.base(path, "Which rating predicts best");
    let all: Vec<Tally> = ctx.ratings.iter().map(|v| v.predictions.all).collect();
    let mut years: Vec<i32> = ctx
        .ratings
        .iter()
        .flat_map(|v| v.predictions.years.iter().map(|(y, _)| *y))
        .collect();
    years.sort_unstable();
    years.dedup();
    let mut rows = vec![
        row("All years".into(), &all, Tally::share, |t| t.games),
        row(
            "All years, different ratings only".into(),
            &all,
            Tally::decided_share,
            |t| t.games - t.equal,
        ),
    ];
    for &year in years.iter().rev() {
        let tallies: Vec<Tally> = ctx
            .ratings
            .iter()
            .map(|v| {
                v.predictions
                    .years
                    .iter()
                    .find(|(y, _)| *y == year)
                    .map_or_else(Tally::default, |(_, t)| *t)
            })
            .collect();
        rows.push(row(year.to_string(), &tallies, Tally::share, |t| t.games));
    }
    let verdict = verdict(ctx, &all);
    PredictionsPage {
        ratings: ctx
            .ratings
            .iter()
            .map(|v| {
                (
                    v.config.title.clone(),
                    format!("{}rating/{}/method.html", base.root, v.id()),
                )
            })
            .collect(),
        rows,
        verdict,
        base,
    }
}

/// "Over all 12,345 games, Elo Rating named the better finisher most
/// often: 63.2 % (TrueSkill 61.0 %)." and the like.
fn verdict(ctx: &Context, all: &[Tally]) -> String {
    let mut ranked: Vec<(&str, f64, u64)> = ctx
        .ratings
        .iter()
        .zip(all)
        .filter_map(|(v, t)| Some((v.config.title.as_str(), t.share()?, t.games)))
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    let pct = |s: f64| format!("{:.1} %", 100.0 * s);
    match ranked.as_slice() {
        [] => "No rating has rated a game yet.".to_string(),
        [(title, share, games)] => format!("{title} named the better finisher in {} of {games} games.", pct(*share)),
        [(first, best, _), rest @ ..] => {
            let tied: Vec<&str> = rest.iter().filter(|r| pct(r.1) == pct(*best)).map(|r| r.0).collect();
            let others: Vec<String> = rest
                .iter()
                .filter(|r| pct(r.1) != pct(*best))
                .map(|r| format!("{} {}", r.0, pct(r.1)))
                .collect();
            let lead = if tied.is_empty() {
                format!("{first} named the better finisher most often: {}", pct(*best))
            } else {
                format!(
                    "{first} and {} named the better finisher equally often: {}",
                    tied.join(" and "),
                    pct(*best)
                )
            };
            if others.is_empty() {
                format!("{lead}.")
            } else {
                format!("{lead} ({}).", others.join(", "))
            }
        }
    }
}
