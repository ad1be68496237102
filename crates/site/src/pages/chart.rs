//! The rating-history chart of a player page: an inline SVG drawn at build
//! time (no script). Time runs left to right; the rating is held flat
//! between events (a step line) up to the rating's latest event; the
//! starting rating, before the first event, is dotted (a start, not a
//! rating the player reached), stretches of provisional ratings dashed
//! (no peak, no record); the peak is marked and named: the solid line
//! never rises above it. The history table under the
//! chart lists every value, so the chart carries no per-event markup.
//!
//! Text never scales with the page: the outer SVG has no `viewBox` (its
//! text is 12 CSS px on a phone as on a desktop; x positions are
//! percentages of the width, y positions pixels of a fixed height), and
//! only the lines are drawn in a nested SVG stretched to the plot area
//! with strokes that do not scale.

use std::fmt::Write;

use ratings_model::Date;
use ratings_model::format::{Rounded, Xml};

/// One event of the player in this rating.
pub struct Point<'a> {
    pub date: Date,
    pub event: &'a str,
    pub rating: f64,
    /// A provisional rating (drawn dashed; never the peak).
    pub provisional: bool,
}

/// Height of the chart in CSS pixels, and of its plot area inside it.
const HEIGHT: f64 = 180.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 22.0;
/// Width of the line's own coordinates (stretched to the plot's width).
const UNITS: f64 = 1000.0;
/// At most this many date labels: they must fit a phone's width (a
/// month's label, "Oct 2024", is twice a year's).
const MAX_LABELS: usize = 6;
const MAX_MONTH_LABELS: usize = 4;
/// At most this many intervals between the value labels: [`nice_step`]
/// makes about three; the bound holds whatever the ratings are.
const MAX_TICKS: usize = 20;

/// A coordinate with at most one decimal, without a trailing `.0`: what
/// `{:.1}` prints (exact ties to even), written without a `String`.
#[derive(Clone, Copy)]
struct Num(f64);

impl Num {
    /// (sign, tenths) when the rounding is certain (the shared fast path of
    /// the two-decimal figures); `None` takes the exact (slower) path. The
    /// sign is the float's, as `{:.1}` prints it: "-0" for a tiny negative.
    fn tenths(self) -> Option<(bool, u64)> {
        ratings_model::format::decimals_fast_parts(self.0, 1).map(|(_, n)| (self.0.is_sign_negative(), n))
    }

    fn write_to(&self, f: &mut (impl Write + ?Sized)) -> std::fmt::Result {
        let Some((negative, n)) = self.tenths() else {
            let s = format!("{:.1}", self.0);
            return f.write_str(s.strip_suffix(".0").unwrap_or(&s));
        };
        if negative {
            f.write_str("-")?;
        }
        ratings_model::format::write_uint(f, n / 10)?;
        match n % 10 {
            0 => Ok(()),
            d => f.write_str([".0", ".1", ".2", ".3", ".4", ".5", ".6", ".7", ".8", ".9"][d as usize]),
        }
    }

    /// Whether the two print the same.
    fn prints_as(self, other: Num) -> bool {
        match (self.tenths(), other.tenths()) {
            (Some(a), Some(b)) => a == b,
            _ => self.to_string() == other.to_string(),
        }
    }
}

ratings_model::format::fast_display!(Num);

/// Append the pieces to a `String`: text as it is, [`Num`]s as they print
/// (the charts' thousands of coordinates without the formatting machinery).
macro_rules! push {
    ($s:expr, $($piece:expr),+ $(,)?) => {{
        $(Piece::push_to($piece, &mut $s);)+
    }};
}

trait Piece {
    fn push_to(self, s: &mut String);
}

impl Piece for &str {
    fn push_to(self, s: &mut String) {
        s.push_str(self);
    }
}

impl Piece for Num {
    fn push_to(self, s: &mut String) {
        let _ = self.write_to(s);
    }
}

fn num(x: f64) -> Num {
    Num(x)
}

/// A "nice" tick step (1, 2, 2.5 or 5 × 10^k) giving about three intervals:
/// always a positive finite number. A span with no nice step (zero,
/// subnormal, infinite, NaN) gets 1.
fn nice_step(span: f64) -> f64 {
    let raw = span / 3.0;
    if !raw.is_normal() || raw < 0.0 {
        return 1.0;
    }
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0]
        .into_iter()
        .map(|m| m * mag)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * mag)
}

/// The y range: the ratings (and the start) on nice ticks, at least
/// `min_span` high, so that a change of a point or two on a 1500 scale is
/// not drawn as a full-height jump. Returns (bottom, top, step): whatever
/// the numbers, finite, with bottom < top and a step that divides the
/// range in a few intervals (see [`drawn`] for ratings of no real scale).
fn y_range(lo: f64, hi: f64, min_span: f64) -> (f64, f64, f64) {
    let (mut lo, mut hi) = (drawn(lo), drawn(hi));
    // Beside values this large a smaller span would be lost in rounding.
    let min_span = min_span.max(lo.abs().max(hi.abs()) * 1e-6);
    if hi - lo < min_span {
        // Halves first: (lo + hi) / 2 would overflow near the largest double.
        let mid = lo / 2.0 + hi / 2.0;
        (lo, hi) = (mid - min_span / 2.0, mid + min_span / 2.0);
    }
    let step = nice_step(hi - lo);
    ((lo / step).floor() * step, (hi / step).ceil() * step, step)
}

/// A rating as the chart draws it: the rate stage lets only finite ratings
/// through, and the parameters' ranges keep them far inside ±1e300; were
/// one not, the chart would still be drawn (NaN as 0, the rest clamped),
/// and finite.
fn drawn(rating: f64) -> f64 {
    const LIMIT: f64 = 1e300;
    if rating.is_nan() {
        0.0
    } else {
        rating.clamp(-LIMIT, LIMIT)
    }
}

/// The date labels of the x axis between days `x0` and `x1`: 1 January of
/// years when the span is two years or more (every 1, 2, 5, 10 ... years),
/// else the first of months (every 1, 2, 3, 6 months), at most
/// [`MAX_LABELS`] years or [`MAX_MONTH_LABELS`] months. (day, label) pairs.
fn date_ticks(x0: i64, x1: i64) -> Vec<(i64, String)> {
    let (from, to) = (Date::from_days(x0), Date::from_days(x1));
    let first = |year: i32, month: u8| Date { year, month, day: 1 }.days();
    if x1 - x0 >= 2 * 365 {
        // The years whose 1 January is in the span, `lo..=hi`, counted
        // and stepped through by arithmetic: a chart costs its labels, not
        // its years (a career of 9,999 years on 20,000 player pages of 16
        // ratings took 55 s).
        let lo = if first(from.year, 1) >= x0 {
            from.year
        } else {
            from.year + 1
        };
        let hi = to.year;
        let multiples = |k: i32| hi.div_euclid(k) - (lo - 1).div_euclid(k);
        let every = [1, 2, 5, 10, 20, 50, 100, 1000]
            .into_iter()
            .find(|&k| multiples(k) <= MAX_LABELS as i32)
            .unwrap_or(1000);
        let start = lo + (every - lo.rem_euclid(every)) % every;
        return (start..=hi)
            .step_by(every as usize)
            .map(|y| (first(y, 1), y.to_string()))
            .collect();
    }
    let mut months = Vec::new();
    let (mut y, mut m) = (from.year, from.month);
    while first(y, m) <= x1 {
        if first(y, m) >= x0 {
            months.push((y, m));
        }
        (y, m) = if m == 12 { (y + 1, 1) } else { (y, m + 1) };
    }
    let every = [1, 2, 3, 6, 12]
        .into_iter()
        .find(|&k| months.iter().filter(|(_, m)| (m - 1) % k == 0).count() <= MAX_MONTH_LABELS)
        .unwrap_or(12);
    const NAMES: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    months
        .into_iter()
        .filter(|(_, m)| (m - 1) % every == 0)
        .map(|(y, m)| (first(y, m), format!("{} {y}", NAMES[m as usize - 1])))
        .collect()
}

/// How a rating's figures are drawn.
#[derive(Debug, Clone, Copy)]
pub struct Scale {
    /// The least rating range the y axis shows (the system's, see
    /// `RatingSystem::chart_span`).
    pub min_span: f64,
    /// Decimals of the figures it names (the peak's).
    pub places: u8,
}

/// The SVG. `id` makes the title id unique on the page; `start` is the
/// rating before the first event; `peak` the index of the point to mark
/// (none: no provisional rating is a peak, and a career of provisional
/// ratings has none); `until` is the latest event date of the rating (the
/// line stays flat up to it); `scale` how the rating's figures are shown.
pub fn svg(
    id: &str,
    label: &str,
    start: f64,
    points: &[Point],
    peak: Option<usize>,
    until: Date,
    scale: Scale,
) -> String {
    if points.is_empty() {
        return String::new();
    }
    let axes = Axes::new(start, points, until, scale.min_span);
    // The plot: grid and line, stretched to the width; the labels over it.
    let mut grid = String::new();
    let mut text = String::new();
    value_labels(&axes, &mut grid, &mut text);
    date_labels(&axes, &mut grid, &mut text);
    let Lines {
        start: begin,
        line,
        provisional,
    } = step_line(&axes, start, points);

    let mut s = String::with_capacity(900 + points.len() * 12);
    let _ = write!(
        s,
        r#"<svg class="chart" role="img" aria-labelledby="{id}"><title id="{id}">{}</title>"#,
        Xml(label)
    );
    push!(
        s,
        r#"<svg y=""#,
        num(TOP),
        r#"" height=""#,
        num(axes.plot),
        r#"" viewBox="0 0 "#,
        num(UNITS),
        " ",
        num(axes.plot),
        r#"" preserveAspectRatio="none"><path class="grid" d=""#,
        &*grid,
        r#""/><path class="start" d=""#,
        &*begin,
        r#""/><path class="line" d=""#,
        &*line,
        r#""/>"#,
    );
    if !provisional.is_empty() {
        push!(s, r#"<path class="prov" d=""#, &*provisional, r#""/>"#);
    }
    push!(s, r#"</svg>"#, &*text,);
    if let Some(p) = peak.and_then(|i| points.get(i)) {
        let _ = write!(
            s,
            r#"<circle class="peak" cx="{}%" cy="{}" r="5"><title>Peak: {}, {}: {}</title></circle>"#,
            num(axes.x(p.date.days()) / UNITS * 100.0),
            num(TOP + axes.y(p.rating)),
            Xml(p.event),
            p.date,
            Rounded {
                value: p.rating,
                places: scale.places
            }
        );
    }
    s.push_str("</svg>");
    s
}

/// The chart's scales: days from `x0` to `x1` across, ratings from `y0`
/// to `y1` (ticks every `step`) up the plot area, `plot` pixels high.
struct Axes {
    x0: i64,
    x1: i64,
    /// The day the line runs to: the rating's latest event.
    last: i64,
    y0: f64,
    y1: f64,
    step: f64,
    plot: f64,
}

impl Axes {
    /// x: days, at least 90 days wide, with room before the first event for
    /// the starting rating; y: the ratings and the start, on nice ticks.
    fn new(start: f64, points: &[Point], until: Date, min_span: f64) -> Self {
        let first = points[0].date.days();
        let last = until.days().max(points[points.len() - 1].date.days());
        let lead = ((last - first) / 25).max(10);
        let (x0, x1) = (first - lead, last.max(first + 90));
        let ratings = points.iter().map(|p| p.rating).chain([start]);
        let lo = ratings.clone().fold(f64::INFINITY, f64::min);
        let hi = ratings.fold(f64::NEG_INFINITY, f64::max);
        let (y0, y1, step) = y_range(lo, hi, min_span);
        Axes {
            x0,
            x1,
            last,
            y0,
            y1,
            step,
            plot: HEIGHT - TOP - BOTTOM,
        }
    }

    /// A day in the line's own units (0 to [`UNITS`]).
    fn x(&self, day: i64) -> f64 {
        (day - self.x0) as f64 / (self.x1 - self.x0) as f64 * UNITS
    }

    /// A rating in pixels from the top of the plot area.
    fn y(&self, rating: f64) -> f64 {
        (self.y1 - drawn(rating)) / (self.y1 - self.y0) * self.plot
    }
}

/// The value ticks: a grid line each, its value above it at the left.
fn value_labels(axes: &Axes, grid: &mut String, text: &mut String) {
    // Enough decimals to write every tick exactly (2.5 → 1, 0.25 → 2).
    let decimals = (0..4)
        .find(|&k| {
            let scaled = axes.step * 10f64.powi(k);
            (scaled - scaled.round()).abs() < 1e-9
        })
        .unwrap_or(4) as usize;
    // Bounded whatever the range: `as` saturates, and a NaN gives 0.
    let ticks = (((axes.y1 - axes.y0) / axes.step).round() as usize).min(MAX_TICKS);
    for k in 0..=ticks {
        let v = axes.y0 + k as f64 * axes.step;
        let y = axes.y(v);
        push!(*grid, "M0 ", num(y), "H", num(UNITS));
        push!(*text, r#"<text x="2" y=""#, num(TOP + y - 3.0), r#"">"#);
        let _ = write!(text, "{v:.decimals$}</text>");
    }
}

/// The date labels, centred on their day (in one group), but those at the
/// edges kept inside the chart; a grid line each.
fn date_labels(axes: &Axes, grid: &mut String, text: &mut String) {
    text.push_str(r#"<g text-anchor="middle">"#);
    for (day, name) in date_ticks(axes.x0, axes.x1) {
        let x = axes.x(day);
        push!(*grid, "M", num(x), " 0V", num(axes.plot));
        let pct = x / UNITS * 100.0;
        let anchor = match pct {
            p if p < 6.0 => r#" text-anchor="start""#,
            p if p > 94.0 => r#" text-anchor="end""#,
            _ => "",
        };
        push!(
            *text,
            r#"<text x=""#,
            num(pct),
            r#"%" y=""#,
            num(HEIGHT - 6.0),
            r#"""#,
            anchor,
            ">",
            &*name,
            "</text>"
        );
    }
    text.push_str("</g>");
}

/// The step line in three paths: the start (flat from the left edge to
/// the first event, and the step to the first rating), the ratings
/// reached (flat from each event to the next, on to the rating's latest
/// event, and the steps between two of them), and the provisional
/// stretches with every step into or out of one. So the solid line only
/// ever joins ratings reached, and never rises above the peak.
struct Lines {
    start: String,
    line: String,
    provisional: String,
}

/// Three paths and where each one's pen is, to continue a path without
/// a move.
struct Pens {
    paths: [String; 3],
    at: [Option<(u64, u64)>; 3],
    /// Where the path's last command starts, if it is an `H` (a flat
    /// stretch that the next one continues replaces it).
    flat: [Option<usize>; 3],
}

impl Pens {
    /// A horizontal or vertical segment of path `path`.
    fn draw(&mut self, path: usize, from: (Num, Num), to: (Num, Num), vertical: bool) {
        let key = |(x, y): (Num, Num)| Some((x.0.to_bits(), y.0.to_bits()));
        let s = &mut self.paths[path];
        if self.at[path] != key(from) {
            push!(*s, "M", from.0, " ", from.1);
            self.flat[path] = None;
        }
        if vertical {
            push!(*s, "V", to.1);
            self.flat[path] = None;
        } else {
            if let Some(i) = self.flat[path] {
                s.truncate(i);
            }
            self.flat[path] = Some(s.len());
            push!(*s, "H", to.0);
        }
        self.at[path] = key(to);
    }
}

fn step_line(axes: &Axes, start: f64, points: &[Point]) -> Lines {
    const START: usize = 0;
    const LINE: usize = 1;
    const PROVISIONAL: usize = 2;
    let mut pens = Pens {
        paths: [
            String::with_capacity(24),
            String::with_capacity(8 + points.len() * 14),
            String::new(),
        ],
        at: [None; 3],
        flat: [None; 3],
    };
    let mut y = num(axes.y(start));
    let mut x = num(0.0);
    let mut kind = START;
    for (i, p) in points.iter().enumerate() {
        let at = num(axes.x(p.date.days()));
        pens.draw(kind, (x, y), (at, y), false);
        let this = if p.provisional { PROVISIONAL } else { LINE };
        // A vertical step only where the drawn height changes; solid only
        // between two ratings reached.
        let next = num(axes.y(p.rating));
        if !next.prints_as(y) {
            let step = if kind == LINE && this == LINE {
                LINE
            } else if kind == START {
                START
            } else {
                PROVISIONAL
            };
            pens.draw(step, (at, y), (at, next), true);
            y = next;
        }
        x = at;
        kind = this;
        let end = match points.get(i + 1) {
            Some(_) => None,
            None => (axes.last > p.date.days()).then(|| num(axes.x(axes.last))),
        };
        if let Some(end) = end {
            pens.draw(kind, (x, y), (end, y), false);
        } else if i + 1 == points.len() && pens.at[kind].is_none() {
            // A last point at the right edge: at least a dot of its path.
            pens.draw(kind, (x, y), (x, y), false);
        }
    }
    let [start, line, provisional] = pens.paths;
    Lines {
        start,
        line,
        provisional,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_print_as_one_decimal_formatting_does() {
        let old = |x: f64| {
            let s = format!("{:.1}", x);
            s.strip_suffix(".0").unwrap_or(&s).to_string()
        };
        let mut x = -3.0f64;
        while x < 700.0 {
            assert_eq!(num(x).to_string(), old(x), "{x}");
            x += 0.012_345;
        }
        for x in [0.25, 0.35, 2.5, 0.05, -0.04, -0.0, 0.0, 622.0, 1e12, 199.95, 44.0] {
            assert_eq!(num(x).to_string(), old(x), "{x}");
        }
    }

    #[test]
    fn coordinates_compare_as_they_print() {
        let xs: Vec<f64> = (0..4000)
            .map(|i| -20.0 + f64::from(i) * 0.0125)
            .chain([0.05, 0.15, -0.05, -0.0, 1e12])
            .collect();
        for &a in &xs {
            for b in [a, a + 0.01, a + 0.04, a + 0.05, a - 0.05, 0.05, -0.0, 0.0] {
                assert_eq!(
                    num(a).prints_as(num(b)),
                    num(a).to_string() == num(b).to_string(),
                    "{a} {b}"
                );
            }
        }
    }

    fn d(year: i32, month: u8, day: u8) -> Date {
        Date { year, month, day }
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(20.0), 10.0);
        assert_eq!(nice_step(3.0), 1.0);
        assert_eq!(nice_step(0.4), 0.2);
        assert_eq!(nice_step(900.0), 500.0);
        assert_eq!(nice_step(600.0), 200.0);
    }

    #[test]
    fn chart_starts_at_the_start_and_marks_the_peak() {
        let pts = [
            Point {
                date: d(2000, 1, 1),
                event: "A & B",
                rating: 40.0,
                provisional: false,
            },
            Point {
                date: d(2002, 1, 1),
                event: "C",
                rating: 60.0,
                provisional: false,
            },
            Point {
                date: d(2004, 1, 1),
                event: "D",
                rating: 50.0,
                provisional: false,
            },
        ];
        let svg = svg(
            "c-x",
            "History of <X>",
            45.0,
            &pts,
            Some(1),
            d(2004, 1, 1),
            Scale {
                min_span: 10.0,
                places: 2,
            },
        );
        assert!(svg.starts_with(
            r#"<svg class="chart" role="img" aria-labelledby="c-x"><title id="c-x">History of &lt;X&gt;</title>"#
        ));
        // y: 40..60, step 10; the plot is 142 px high (180 - 16 - 22), 60 at 0.
        for v in [40, 50, 60] {
            assert!(svg.contains(&format!(">{v}</text>")), "{v}");
        }
        assert!(!svg.contains(">45</text>"));
        // x: 1461 days + 58 before the first event (1/25 of the span), in
        // 1000 units. The line starts at 45 (y 106.5), steps to 40 on
        // 2000-01-01, 60 on 2002-01-01, 50 on 2004-01-01; the start and the
        // step from it dotted, the ratings reached solid.
        assert!(svg.contains(r#"<path class="start" d="M0 106.5H38.2V142"/>"#), "{svg}");
        assert!(
            svg.contains(r#"<path class="line" d="M38.2 142H519.4V0H1000V71"/>"#),
            "{svg}"
        );
        assert!(!svg.contains(r#"class="prov""#), "{svg}");
        // Years every one (5 labels at most 6), as percentages of the width.
        // The labels at the edges are anchored inside the chart.
        assert!(svg.contains(r#"<g text-anchor="middle"><text x="3.8%" y="174" text-anchor="start">2000</text><text x="27.9%" y="174">2001</text>"#), "{svg}");
        assert!(
            svg.contains(r#"<text x="100%" y="174" text-anchor="end">2004</text>"#),
            "{svg}"
        );
        // Only the peak has a marker, with its event.
        assert_eq!(svg.matches("<circle").count(), 1);
        assert!(
            svg.contains(
                r#"<circle class="peak" cx="51.9%" cy="16" r="5"><title>Peak: C, 2002-01-01: 60.00</title></circle>"#
            ),
            "{svg}"
        );
        // No scaling of the text: the outer SVG has no viewBox.
        assert_eq!(svg.matches("viewBox").count(), 1);
    }

    #[test]
    fn flat_stretches_have_no_vertical_steps() {
        let pts = [
            Point {
                date: d(2000, 1, 1),
                event: "A",
                rating: 40.0,
                provisional: false,
            },
            Point {
                date: d(2001, 1, 1),
                event: "B",
                rating: 40.0,
                provisional: false,
            },
            Point {
                date: d(2002, 1, 1),
                event: "C",
                rating: 41.0,
                provisional: false,
            },
        ];
        let svg = svg(
            "c",
            "t",
            40.0,
            &pts,
            None,
            d(2003, 1, 1),
            Scale {
                min_span: 10.0,
                places: 2,
            },
        );
        assert!(!svg.contains("<circle"), "no peak given, none marked");
        let line = svg.split(r#"class="line" d=""#).nth(1).unwrap();
        let d = &line[..line.find('"').unwrap()];
        // From A (the start at 40 is its own path), flat through B, up at
        // C, on to the last event: one stretch per height.
        assert_eq!(d.matches('V').count(), 1, "{d}");
        assert_eq!(d.matches('H').count(), 2, "{d}");
    }

    /// Provisional ratings are drawn apart, with every step into or out
    /// of them: the solid line joins ratings reached only.
    #[test]
    fn provisional_stretches_are_drawn_apart() {
        let at = |year, rating, provisional| Point {
            date: d(year, 1, 1),
            event: "E",
            rating,
            provisional,
        };
        let pts = [
            at(2000, 1800.0, true),
            at(2001, 1700.0, true),
            at(2002, 1600.0, false),
            at(2003, 1650.0, false),
        ];
        let scale = Scale {
            min_span: 100.0,
            places: 0,
        };
        let svg = svg("c", "t", 1600.0, &pts, Some(3), d(2003, 1, 1), scale);
        let path = |class: &str| {
            let from = svg
                .find(&format!(r#"class="{class}" d=""#))
                .map(|i| i + class.len() + 12)?;
            Some(svg[from..from + svg[from..].find('"').unwrap()].to_string())
        };
        let (start, line, prov) = (path("start").unwrap(), path("line").unwrap(), path("prov").unwrap());
        // The start's own step up to the first (provisional) rating; the
        // provisional stretch with its step down to the first rating
        // reached; the solid line from there.
        assert_eq!(start.matches('V').count(), 1, "{start}");
        assert_eq!(prov.matches('V').count(), 2, "{prov}");
        assert!(line.starts_with('M') && line.matches('V').count() == 1, "{line}");
        // The solid line's highest point is the peak's height.
        let peak_cy: f64 = svg
            .split(r#"class="peak" cx=""#)
            .nth(1)
            .unwrap()
            .split("cy=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let highest = line
            .split('V')
            .skip(1)
            .map(|v| v.split('H').next().unwrap().parse::<f64>().unwrap())
            .fold(f64::INFINITY, f64::min);
        assert!((highest + TOP - peak_cy).abs() < 0.1, "{highest} {peak_cy} {line}");
    }

    #[test]
    fn small_changes_keep_a_minimum_range() {
        // +1.8 on a 1500 scale with a 100-point minimum: 1450..1550.
        assert_eq!(y_range(1500.0, 1501.8, 100.0), (1450.0, 1600.0, 50.0));
        // A large range is left as it is, on nice ticks.
        assert_eq!(y_range(1320.0, 1790.0, 100.0), (1200.0, 1800.0, 200.0));
        // Dip Pouch: a 10-point minimum.
        assert_eq!(y_range(40.0, 40.0, 10.0), (35.0, 45.0, 5.0));
    }

    /// Ratings no real scale has (the rate stage and the parameters'
    /// ranges keep them out): the chart is still a few labels and finite
    /// coordinates. A step of 0 or a top of inf once made the tick count
    /// `usize::MAX`, and the build took every byte of memory.
    #[test]
    fn any_ratings_give_a_few_ticks_and_finite_coordinates() {
        for span in [0.0, 5e-324, 1e-310, -3.0, f64::MAX, f64::INFINITY, f64::NAN] {
            let step = nice_step(span);
            assert!(step.is_finite() && step > 0.0, "span {span}: step {step}");
        }
        let cases = [
            (1.0e308, 1.79e308),
            (1.7e308, 1.7e308),
            (f64::MAX, f64::MAX),
            (-1.7e308, 1.7e308),
            (1e20, 1e20),
            (5e-324, 5e-324),
            (-1e-310, 1e-310),
            (f64::NAN, f64::NAN),
            (f64::NEG_INFINITY, f64::INFINITY),
            (1500.0, 1500.0),
        ];
        for (lo, hi) in cases {
            let (y0, y1, step) = y_range(lo, hi, 10.0);
            let intervals = (y1 - y0) / step;
            assert!(
                [y0, y1, step].iter().all(|v| v.is_finite()) && (1.0..=6.0).contains(&intervals),
                "{lo} to {hi}: {y0} to {y1} by {step}"
            );
        }
        for (lo, hi) in cases {
            let pts = [
                Point {
                    date: d(2000, 1, 1),
                    event: "A",
                    rating: lo,
                    provisional: false,
                },
                Point {
                    date: d(2001, 1, 1),
                    event: "B",
                    rating: hi,
                    provisional: false,
                },
            ];
            let svg = svg(
                "c",
                "t",
                lo,
                &pts,
                None,
                d(2002, 1, 1),
                Scale {
                    min_span: 10.0,
                    places: 2,
                },
            );
            let labels = svg.matches(r#"<text x="2""#).count();
            assert!((2..=7).contains(&labels), "{lo} to {hi}: {labels} labels");
            assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
        }
    }

    #[test]
    fn date_ticks_fit_the_span() {
        // A career of a few months: months, named with their year.
        let t = date_ticks(d(2024, 2, 20).days(), d(2024, 6, 10).days());
        let names: Vec<&str> = t.iter().map(|(_, n)| n.as_str()).collect();
        assert_eq!(names, ["Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]);
        // A year and a half: every 6 months (4 month labels at most, as
        // they are twice as wide as years).
        let t = date_ticks(d(2023, 11, 1).days(), d(2025, 4, 1).days());
        let names: Vec<&str> = t.iter().map(|(_, n)| n.as_str()).collect();
        assert_eq!(names, ["Jan 2024", "Jul 2024", "Jan 2025"]);
        // Nine months (February to October): every 2 months.
        let t = date_ticks(d(2024, 1, 15).days(), d(2024, 10, 15).days());
        let names: Vec<&str> = t.iter().map(|(_, n)| n.as_str()).collect();
        assert_eq!(names, ["Mar 2024", "May 2024", "Jul 2024", "Sep 2024"]);
        // Thirty years: every 5 years.
        let t = date_ticks(d(1995, 6, 1).days(), d(2025, 6, 1).days());
        let names: Vec<&str> = t.iter().map(|(_, n)| n.as_str()).collect();
        assert_eq!(names, ["2000", "2005", "2010", "2015", "2020", "2025"]);
        assert_eq!(t[0].0, d(2000, 1, 1).days());
        // Long spans, negative years and spans starting on 1 January: the
        // labels of the old list filter, year by year.
        for (a, b) in [
            (d(1, 1, 1), d(9999, 12, 31)),
            (d(1, 1, 2), d(2025, 1, 1)),
            (d(-50, 3, 1), d(40, 1, 1)),
            (d(1900, 1, 1), d(1999, 12, 31)),
            (d(2019, 12, 31), d(2022, 1, 1)),
        ] {
            let (x0, x1) = (a.days(), b.days());
            let years: Vec<i32> = (a.year..=b.year + 1)
                .filter(|&y| (x0..=x1).contains(&d(y, 1, 1).days()))
                .collect();
            let every = [1, 2, 5, 10, 20, 50, 100, 1000]
                .into_iter()
                .find(|&k| years.iter().filter(|&&y| y.rem_euclid(k) == 0).count() <= MAX_LABELS)
                .unwrap_or(1000);
            let slow: Vec<(i64, String)> = years
                .into_iter()
                .filter(|y| y.rem_euclid(every) == 0)
                .map(|y| (d(y, 1, 1).days(), y.to_string()))
                .collect();
            assert_eq!(date_ticks(x0, x1), slow, "{a:?} to {b:?}");
        }
    }

    #[test]
    fn days_round_trip() {
        for day in (-800_000..800_000).step_by(997) {
            assert_eq!(Date::from_days(day).days(), day, "{day}");
        }
        assert_eq!(Date::from_days(0), d(1970, 1, 1));
        assert_eq!(Date::from_days(d(2024, 2, 29).days()), d(2024, 2, 29));
    }
}
