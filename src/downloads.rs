//! The machine-readable outputs (data-format.md): `ID-history.csv` and
//! `ID-ranking.csv` for every rating.

use crate::format::csv_field;
use crate::model::Site;
use crate::rating::rated::Rated;

/// `date,event,player,before,after`, one row per history row, event order,
/// ratings at full precision (`{}` round-trips an f64).
pub fn history_csv(site: &Site, view: &Rated) -> String {
    let mut out = String::with_capacity(64 * view.history.rows.len() + 32);
    out.push_str("date,event,player,before,after\n");
    for row in &view.history.rows {
        let e = &site.events[row.event];
        out.push_str(&e.date.to_string());
        out.push(',');
        csv_field(&mut out, &e.id);
        out.push(',');
        csv_field(&mut out, &site.player(row.player).display);
        out.push_str(&format!(",{},{}\n", row.before, row.after));
    }
    out
}

/// `rank,player,nat,rating,events[,matches,provisional]`, best first.
pub fn ranking_csv(site: &Site, view: &Rated) -> String {
    let match_system = view.columns().matches;
    let mut out = String::with_capacity(48 * view.ranking.len() + 48);
    out.push_str("rank,player,nat,rating,events");
    if match_system {
        out.push_str(",matches,provisional");
    }
    out.push('\n');
    for e in &view.ranking {
        let p = site.player(e.player);
        out.push_str(&e.rank.to_string());
        out.push(',');
        csv_field(&mut out, &p.display);
        out.push(',');
        csv_field(&mut out, &p.nat);
        out.push_str(&format!(",{},{}", e.rating, e.events));
        if match_system {
            out.push_str(&format!(",{},{}", e.matches, e.provisional));
        }
        out.push('\n');
    }
    out
}
