//! Which rating predicts best (predictions.md): each rating's share right
//! and log loss by year, the ratings compared pair by pair on the games
//! both rate, and a calibration chart per rating with a model.

use std::fmt::Write;

use askama::Template;

use super::{Base, Context};
use ratings_rating::predictions::{BINS, Bin, Comparison, Interval, Loss, Measure, Tally};

/// One cell of the share-right table.
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

/// One row of the log-loss table: a figure per rating with a model.
pub struct LossRow {
    pub label: String,
    /// ("0.6268", games), or ("", 0) without games.
    pub cells: Vec<(String, u64)>,
}

/// A rating's calibration: the chart and its figures.
pub struct Calibration {
    pub title: String,
    pub svg: String,
    /// (bin "50–55 %", games, mean chance "52.1 %", observed "58.2 %").
    pub bins: Vec<(String, u64, String, String)>,
}

#[derive(Template)]
#[template(path = "predictions.html")]
pub struct PredictionsPage<'a> {
    pub base: Base<'a>,
    /// (title, href of the method page)
    pub ratings: Vec<(String, String)>,
    pub rows: Vec<PredictionRow>,
    /// The ratings with a model: (title, href), and their log loss by year.
    pub modelled: Vec<(String, String)>,
    pub loss_rows: Vec<LossRow>,
    /// Which rating predicts best, in a sentence: only when the data can tell.
    pub verdict: String,
    /// Each compared pair, in plain words.
    pub compared: Vec<String>,
    /// The pairs that rate different games: "A and B".
    pub not_comparable: Vec<String>,
    pub calibration: Vec<Calibration>,
    /// Placement events left out for their size, and the most rows scored.
    pub left_out: usize,
    pub max_placed: usize,
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

fn loss_cell(loss: &Loss) -> (String, u64) {
    match loss.mean() {
        Some(m) => (format!("{m:.4}"), loss.games),
        None => (String::new(), 0),
    }
}

pub fn predictions<'a>(ctx: &'a Context, path: &str) -> PredictionsPage<'a> {
    let base = ctx.base(path, "Which rating predicts best");
    let evaluation = ctx.evaluation();
    let predictions = &evaluation.predictions;
    let all: Vec<Tally> = predictions.iter().map(|p| p.all).collect();
    let mut years: Vec<i32> = predictions
        .iter()
        .flat_map(|p| p.years.iter().map(|(y, _)| *y))
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
    let modelled: Vec<usize> = (0..ctx.ratings.len()).filter(|&r| predictions[r].modelled).collect();
    let mut loss_rows = vec![LossRow {
        label: "All years".into(),
        cells: modelled.iter().map(|&r| loss_cell(&predictions[r].loss)).collect(),
    }];
    for &year in years.iter().rev() {
        let at = |r: usize| predictions[r].years.iter().position(|(y, _)| *y == year);
        let tallies: Vec<Tally> = (0..ctx.ratings.len())
            .map(|r| at(r).map_or_else(Tally::default, |i| predictions[r].years[i].1))
            .collect();
        rows.push(row(year.to_string(), &tallies, Tally::share, |t| t.games));
        loss_rows.push(LossRow {
            label: year.to_string(),
            cells: modelled
                .iter()
                .map(|&r| at(r).map_or((String::new(), 0), |i| loss_cell(&predictions[r].year_loss[i])))
                .collect(),
        });
    }
    let title = |r: usize| ctx.ratings[r].config.title.as_str();
    let link = |r: usize| {
        (
            title(r).to_string(),
            format!("{}rating/{}/method.html", base.root, ctx.ratings[r].id()),
        )
    };
    let comparisons = &evaluation.comparisons;
    PredictionsPage {
        left_out: evaluation.left_out,
        max_placed: ratings_rating::predictions::MAX_PLACED,
        ratings: (0..ctx.ratings.len()).map(link).collect(),
        rows,
        modelled: modelled.iter().map(|&r| link(r)).collect(),
        loss_rows,
        verdict: verdict(ctx, comparisons, &all),
        compared: comparisons
            .iter()
            .filter_map(|c| Some(in_words(title(c.first), title(c.second), c, c.difference?)))
            .collect(),
        not_comparable: comparisons
            .iter()
            .filter(|c| c.difference.is_none())
            .map(|c| format!("{} and {}", title(c.first), title(c.second)))
            .collect(),
        calibration: modelled
            .iter()
            .map(|&r| calibration(title(r), &predictions[r].calibration))
            .collect(),
        base,
    }
}

/// Whether the first of a compared pair did better (`Some(true)`), the
/// second (`Some(false)`), or the data cannot tell (`None`).
fn winner(c: &Comparison, d: Interval) -> Option<bool> {
    // Log loss: lower is better; share right: higher is better.
    let first_better = match c.measure {
        Measure::LogLoss => d.high < 0.0,
        Measure::RightShare => d.low > 0.0,
    };
    let second_better = match c.measure {
        Measure::LogLoss => d.low > 0.0,
        Measure::RightShare => d.high < 0.0,
    };
    if first_better {
        Some(true)
    } else if second_better {
        Some(false)
    } else {
        None
    }
}

/// A pair's comparison as a reader reads it.
fn in_words(first: &str, second: &str, c: &Comparison, d: Interval) -> String {
    let games = c.games;
    let (what, scale, unit, digits) = match c.measure {
        Measure::LogLoss => ("log loss", 1.0, "", 4),
        Measure::RightShare => ("share right", 100.0, " percentage points", 2),
    };
    let num = |x: f64| format!("{:+.*}{unit}", digits, scale * x).replace('-', "−");
    let figures = format!(
        "{first} − {second}: {} in {what} (95 % interval {} to {})",
        num(d.difference),
        num(d.low),
        num(d.high)
    );
    let on = match c.measure {
        Measure::LogLoss => format!("On the {games} games both rate"),
        Measure::RightShare => format!("On the {games} games both rate and neither drew"),
    };
    match winner(c, d) {
        Some(first_better) => {
            let (better, worse) = if first_better { (first, second) } else { (second, first) };
            format!("{on}, {better} predicted better than {worse}, by more than chance explains: {figures}.")
        }
        None => {
            format!("{on}, {first} and {second} cannot be told apart: the interval includes no difference. {figures}.")
        }
    }
}

/// The headline: a rating named best only when every comparison it is in
/// is clear and in its favour.
fn verdict(ctx: &Context, comparisons: &[Comparison], all: &[Tally]) -> String {
    let title = |r: usize| ctx.ratings[r].config.title.as_str();
    let compared: Vec<(&Comparison, Interval)> = comparisons.iter().filter_map(|c| Some((c, c.difference?))).collect();
    if compared.is_empty() {
        return match ctx.ratings.len() {
            0 => "No rating has rated a game yet.".to_string(),
            1 => match all[0].share() {
                Some(share) => format!(
                    "{} named the better finisher in {:.1} % of {} games.",
                    title(0),
                    100.0 * share,
                    all[0].games
                ),
                None => "No rating has rated a game yet.".to_string(),
            },
            _ => "No two ratings rate the same games (at least 100 of them), so none can be named best: \
                  each rating's own figures are below."
                .to_string(),
        };
    }
    let mut in_pairs: Vec<usize> = compared.iter().flat_map(|(c, _)| [c.first, c.second]).collect();
    in_pairs.sort_unstable();
    in_pairs.dedup();
    let best = in_pairs.iter().copied().find(|&r| {
        compared
            .iter()
            .filter(|(c, _)| c.first == r || c.second == r)
            .all(|(c, d)| winner(c, *d) == Some(c.first == r))
    });
    if let Some(r) = best {
        let others: Vec<&str> = compared
            .iter()
            .filter_map(|(c, _)| match (c.first == r, c.second == r) {
                (true, _) => Some(title(c.second)),
                (_, true) => Some(title(c.first)),
                _ => None,
            })
            .collect();
        return format!(
            "{} predicts these results best: on the games it shares with {}, its predictions were better by \
             more than chance explains.",
            title(r),
            others.join(" and ")
        );
    }
    let unclear: Vec<String> = compared
        .iter()
        .filter(|(c, d)| winner(c, *d).is_none())
        .map(|(c, _)| format!("{} and {}", title(c.first), title(c.second)))
        .collect();
    // The ratings some other rating clearly beat, and by whom.
    let beaten: Vec<String> = in_pairs
        .iter()
        .filter_map(|&r| {
            let by: Vec<&str> = compared
                .iter()
                .filter_map(|(c, d)| match winner(c, *d) {
                    Some(true) if c.second == r => Some(title(c.first)),
                    Some(false) if c.first == r => Some(title(c.second)),
                    _ => None,
                })
                .collect();
            (!by.is_empty()).then(|| format!("{} predicted worse than {}", title(r), by.join(" and ")))
        })
        .collect();
    let beaten = if beaten.is_empty() {
        String::new()
    } else {
        format!("; {}", beaten.join("; "))
    };
    if unclear.is_empty() {
        format!("No rating beats every other: each comparison is clear, but none wins them all{beaten}.")
    } else {
        format!(
            "No rating is clearly best on this data: it cannot tell apart {}{beaten}.",
            unclear.join(", nor ")
        )
    }
}

/// Size of the calibration chart's drawing (viewBox units; the chart is
/// drawn at most this wide in CSS pixels, so its text is never smaller
/// than 11 px).
const W: f64 = 320.0;
const H: f64 = 240.0;
const LEFT: f64 = 54.0;
const RIGHT: f64 = 22.0;
const TOP: f64 = 10.0;
const BOTTOM: f64 = 34.0;

/// The calibration chart of one rating: the favourite's predicted chance
/// (x, 50 to 100 %) against how often the favourite won (y, 0 to 100 %),
/// a dot per bin with games (its area grows with the games), and the
/// diagonal a perfectly calibrated rating would follow.
fn calibration(title: &str, bins: &[Bin; BINS]) -> Calibration {
    let x = |p: f64| LEFT + (p - 0.5) / 0.5 * (W - LEFT - RIGHT);
    let y = |s: f64| TOP + (1.0 - s) * (H - TOP - BOTTOM);
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg class=\"calibration\" viewBox=\"0 0 {W} {H}\" role=\"img\" aria-label=\"{}: predicted chance of the \
         favourite against how often the favourite won\">",
        ratings_model::format::Xml(title)
    );
    for i in 0..=5 {
        let p = 0.5 + 0.1 * i as f64;
        let _ = write!(
            svg,
            "<line class=\"grid\" x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"{TOP}\" y2=\"{1:.1}\"/><text x=\"{0:.1}\" y=\"{2:.1}\" \
             text-anchor=\"middle\">{3:.0} %</text>",
            x(p),
            H - BOTTOM,
            H - BOTTOM + 14.0,
            100.0 * p
        );
    }
    for i in 0..=4 {
        let s = 0.25 * i as f64;
        let _ = write!(
            svg,
            "<line class=\"grid\" x1=\"{LEFT}\" x2=\"{0:.1}\" y1=\"{1:.1}\" y2=\"{1:.1}\"/><text x=\"{2:.1}\" \
             y=\"{3:.1}\" text-anchor=\"end\">{4:.0} %</text>",
            W - RIGHT,
            y(s),
            LEFT - 4.0,
            y(s) + 4.0,
            100.0 * s
        );
    }
    let _ = write!(
        svg,
        "<line class=\"diagonal\" x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/>",
        x(0.5),
        y(0.5),
        x(1.0),
        y(1.0)
    );
    let _ = write!(
        svg,
        "<text x=\"{:.1}\" y=\"{H}\" text-anchor=\"middle\">predicted chance of the favourite</text>\
         <text transform=\"rotate(-90)\" x=\"{:.1}\" y=\"11\" text-anchor=\"middle\">how often it won</text>",
        (LEFT + W - RIGHT) / 2.0,
        -(TOP + H - BOTTOM) / 2.0
    );
    let most = bins.iter().map(|b| b.games).max().unwrap_or(0).max(1) as f64;
    let mut rows = Vec::new();
    for (i, bin) in bins.iter().enumerate() {
        let (low, high) = Bin::bounds(i);
        let label = format!("{:.0}–{:.0} %", 100.0 * low, 100.0 * high);
        let (Some(p), Some(won)) = (bin.mean_chance(), bin.observed()) else {
            rows.push((label, 0, String::new(), String::new()));
            continue;
        };
        let r = 2.5 + 6.0 * (bin.games as f64 / most).sqrt();
        let _ = write!(
            svg,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{r:.1}\"><title>{label}: {} games, predicted {:.1} %, won {:.1} \
             %</title></circle>",
            x(p),
            y(won),
            bin.games,
            100.0 * p,
            100.0 * won
        );
        rows.push((
            label,
            bin.games,
            format!("{:.1} %", 100.0 * p),
            format!("{:.1} %", 100.0 * won),
        ));
    }
    svg.push_str("</svg>");
    Calibration {
        title: title.to_string(),
        svg,
        bins: rows,
    }
}
