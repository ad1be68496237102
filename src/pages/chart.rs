//! The rating-history chart of a player page: an inline SVG drawn at build
//! time (no script). Time runs left to right with the years labelled; the
//! rating is held flat between events (a step line) and up to the rating's
//! latest event; each event is a point whose `<title>` names it; the peak is
//! marked.

use std::fmt::Write;

use crate::format::{Fixed2, Xml};
use crate::model::Date;

/// One event of the player in this rating.
pub struct Point<'a> {
    pub date: Date,
    pub event: &'a str,
    pub rating: f64,
}

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 200.0;
const LEFT: f64 = 44.0;
const RIGHT: f64 = 18.0;
const TOP: f64 = 10.0;
const BOTTOM: f64 = 24.0;

/// A coordinate with at most one decimal, without a trailing `.0`: what
/// `{:.1}` prints (exact ties to even), written without a `String`.
#[derive(Clone, Copy)]
struct Num(f64);

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let y = self.0.abs() * 10.0;
        let frac = y - y.floor();
        // Away from a tie and for ordinary sizes the rounding is certain;
        // otherwise take the exact (slower) path.
        if y < 1e9 && (frac - 0.5).abs() > 1e-6 {
            let n = y.floor() as u64 + u64::from(frac > 0.5);
            if self.0.is_sign_negative() {
                f.write_str("-")?;
            }
            return match n % 10 {
                0 => write!(f, "{}", n / 10),
                d => write!(f, "{}.{d}", n / 10),
            };
        }
        let s = format!("{:.1}", self.0);
        f.write_str(s.strip_suffix(".0").unwrap_or(&s))
    }
}

fn num(x: f64) -> Num {
    Num(x)
}

/// A "nice" tick step (1, 2, 2.5 or 5 × 10^k) giving about four intervals.
fn nice_step(span: f64) -> f64 {
    let raw = span / 4.0;
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0]
        .into_iter()
        .map(|m| m * mag)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * mag)
}

/// Index of the peak: the highest rating, first reached.
pub fn peak(points: &[Point]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, p) in points.iter().enumerate() {
        if best.is_none_or(|b| p.rating > points[b].rating) {
            best = Some(i);
        }
    }
    best
}

/// The SVG. `id` makes the title id unique on the page; `until` is the
/// latest event date of the rating (the line stays flat up to it).
pub fn svg(id: &str, label: &str, points: &[Point], until: Date) -> String {
    let Some(peak) = peak(points) else {
        return String::new();
    };
    // x: days, at least one year wide.
    let mut x0 = points[0].date.days();
    let mut x1 = until.days().max(points[points.len() - 1].date.days());
    if x1 - x0 < 365 {
        let pad = (365 - (x1 - x0)) / 2;
        x0 -= pad;
        x1 = x0 + 365;
    }
    // y: fits the data, on nice ticks.
    let lo = points.iter().map(|p| p.rating).fold(f64::INFINITY, f64::min);
    let hi = points.iter().map(|p| p.rating).fold(f64::NEG_INFINITY, f64::max);
    let span = if hi > lo { hi - lo } else { lo.abs().max(1.0) * 0.1 };
    let step = nice_step(span);
    let mut y0 = (lo / step).floor() * step;
    let mut y1 = (hi / step).ceil() * step;
    if y1 - y0 < step * 0.5 {
        y0 -= step;
        y1 += step;
    }
    // Enough decimals to write every tick exactly (2.5 → 1, 0.25 → 2).
    let decimals = (0..4)
        .find(|&k| {
            let scaled = step * 10f64.powi(k);
            (scaled - scaled.round()).abs() < 1e-9
        })
        .unwrap_or(4) as usize;
    let px = |d: i64| LEFT + (d - x0) as f64 / (x1 - x0) as f64 * (WIDTH - LEFT - RIGHT);
    let py = |r: f64| TOP + (y1 - r) / (y1 - y0) * (HEIGHT - TOP - BOTTOM);

    let mut s = String::with_capacity(600 + points.len() * 90);
    let _ = write!(
        s,
        r#"<svg class="chart" viewBox="0 0 {} {}" role="img" aria-labelledby="{id}"><title id="{id}">{}</title>"#,
        num(WIDTH),
        num(HEIGHT),
        Xml(label)
    );
    // Grid and y labels.
    s.push_str(r#"<g class="axis">"#);
    let mut grid = String::new();
    let ticks = ((y1 - y0) / step).round() as usize;
    for k in 0..=ticks {
        let v = y0 + k as f64 * step;
        let y = num(py(v));
        let _ = write!(grid, "M{} {y}H{}", num(LEFT), num(WIDTH - RIGHT));
        let _ = write!(
            s,
            r#"<text x="{}" y="{y}" dy="4" text-anchor="end">{:.*}</text>"#,
            num(LEFT - 4.0),
            decimals,
            v
        );
    }
    // Years: a label at each 1 January in range, thinned to about ten.
    let (first_year, last_year) = (points[0].date.year - 1, until.year.max(points[0].date.year) + 1);
    let jan1 = |y: i32| {
        Date {
            year: y,
            month: 1,
            day: 1,
        }
        .days()
    };
    let years: Vec<i32> = (first_year..=last_year)
        .filter(|&y| (x0..=x1).contains(&jan1(y)))
        .collect();
    let every: i32 = [1, 2, 5, 10, 20, 50, 100]
        .into_iter()
        .find(|&k| years.len().div_ceil(k as usize) <= 10)
        .unwrap_or(100);
    let base = HEIGHT - BOTTOM;
    for &y in years.iter().filter(|&&y| y.rem_euclid(every) == 0) {
        let x = num(px(jan1(y)));
        let _ = write!(grid, "M{x} {}V{}", num(TOP), num(base));
        let _ = write!(
            s,
            r#"<text x="{x}" y="{}" text-anchor="middle">{y}</text>"#,
            num(HEIGHT - 6.0)
        );
    }
    if years.is_empty() {
        // Less than a year with no 1 January inside: name the year in the middle.
        let _ = write!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
            num((LEFT + WIDTH - RIGHT) / 2.0),
            num(HEIGHT - 6.0),
            points[0].date.year
        );
    }
    s.push_str("</g>");
    let _ = write!(s, r#"<path class="grid" d="{grid}"/>"#);
    // The step line: flat from each event to the next, and on to `until`.
    let mut d = format!("M{} {}", num(px(points[0].date.days())), num(py(points[0].rating)));
    for p in &points[1..] {
        let _ = write!(d, "H{}V{}", num(px(p.date.days())), num(py(p.rating)));
    }
    let last = points[points.len() - 1].date.days();
    if until.days() > last {
        let _ = write!(d, "H{}", num(px(until.days())));
    }
    let _ = write!(s, r#"<path class="line" d="{d}"/>"#);
    // Points, the peak last so that it is drawn on top.
    s.push_str("<g class=\"pts\">");
    // Smaller points on long careers, so that the line stays visible.
    let r = if points.len() > 150 { 2 } else { 3 };
    for (i, p) in points.iter().enumerate() {
        if i == peak {
            continue;
        }
        let _ = write!(
            s,
            r#"<circle cx="{}" cy="{}" r="{r}"><title>{}, {}: {}</title></circle>"#,
            num(px(p.date.days())),
            num(py(p.rating)),
            Xml(p.event),
            p.date,
            Fixed2(p.rating)
        );
    }
    let p = &points[peak];
    let _ = write!(
        s,
        r#"<circle class="peak" cx="{}" cy="{}" r="5"><title>Peak: {}, {}: {}</title></circle></g></svg>"#,
        num(px(p.date.days())),
        num(py(p.rating)),
        Xml(p.event),
        p.date,
        Fixed2(p.rating)
    );
    s
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

    fn d(year: i32, month: u8, day: u8) -> Date {
        Date { year, month, day }
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(20.0), 5.0);
        assert_eq!(nice_step(3.0), 1.0);
        assert_eq!(nice_step(0.4), 0.1);
        assert_eq!(nice_step(900.0), 250.0);
    }

    #[test]
    fn chart_has_points_steps_years_and_peak() {
        let pts = [
            Point {
                date: d(2000, 1, 1),
                event: "A & B",
                rating: 40.0,
            },
            Point {
                date: d(2002, 1, 1),
                event: "C",
                rating: 60.0,
            },
            Point {
                date: d(2004, 1, 1),
                event: "D",
                rating: 50.0,
            },
        ];
        let svg = svg("c-x", "History of <X>", &pts, d(2004, 1, 1));
        assert!(svg.starts_with(r#"<svg class="chart" viewBox="0 0 640 200" role="img" aria-labelledby="c-x"><title id="c-x">History of &lt;X&gt;</title>"#));
        // y: 40..60 with step 5; x: 2000-01-01 at the left edge, 2004-01-01 at the right.
        assert!(svg.contains(r#"text-anchor="end">40</text>"#) && svg.contains(r#"text-anchor="end">60</text>"#));
        for y in 2000..=2004 {
            assert!(svg.contains(&format!(">{y}</text>")), "{y}");
        }
        // Plot area: x 44..622 over 1461 days (2002-01-01 is day 731), y 10 (60) .. 176 (40).
        assert!(svg.contains(r#"d="M44 176H333.2V10H622V93""#), "{svg}");
        assert!(svg.contains("<title>A &amp; B, 2000-01-01: 40.00</title>"));
        assert!(svg.contains(r#"class="peak""#) && svg.contains("<title>Peak: C, 2002-01-01: 60.00</title>"));
        assert_eq!(svg.matches("<circle").count(), 3);
    }
}
