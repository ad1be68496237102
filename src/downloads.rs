//! The machine-readable outputs (data-format.md): `ID-history.csv` and
//! `ID-ranking.csv` for every rating.
//!
//! Every text cell (event id, player name, nationality) goes through
//! [`csv_text`]: a cell a spreadsheet would take for a formula (it starts
//! with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`,
//! as OWASP recommends. Numbers are written as they are.

use crate::format::csv_field;
use crate::model::Site;
use crate::pages::RatingView;

/// Characters that make a spreadsheet read a cell as a formula.
const FORMULA_START: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// Append a text cell: neutralised against formula injection (a leading
/// `'`), then quoted as CSV needs. Text that starts otherwise is unchanged.
pub fn csv_text(out: &mut String, s: &str) {
    if s.starts_with(FORMULA_START) {
        csv_field(out, &format!("'{s}"));
    } else {
        csv_field(out, s);
    }
}

/// `date,event,player,before,after`, one row per history row, event order,
/// ratings at full precision (`{}` round-trips an f64).
pub fn history_csv(site: &Site, view: &RatingView) -> String {
    let mut out = String::with_capacity(64 * view.history.rows.len() + 32);
    out.push_str("date,event,player,before,after\n");
    for row in &view.history.rows {
        let e = &site.events[row.event];
        out.push_str(&e.date.to_string());
        out.push(',');
        csv_text(&mut out, &e.id);
        out.push(',');
        csv_text(&mut out, &site.player(row.player).display);
        out.push_str(&format!(",{},{}\n", row.before, row.after));
    }
    out
}

/// `rank,player,nat,rating,events[,matches,provisional]`, best first.
pub fn ranking_csv(site: &Site, view: &RatingView) -> String {
    let match_system = view.is_match_system();
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
        csv_text(&mut out, &p.display);
        out.push(',');
        csv_text(&mut out, &p.nat);
        out.push_str(&format!(",{},{}", e.rating, e.events));
        if match_system {
            out.push_str(&format!(",{},{}", e.matches, e.provisional));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_cells_are_neutralised_and_others_unchanged() {
        let cell = |s: &str| {
            let mut out = String::new();
            csv_text(&mut out, s);
            out
        };
        assert_eq!(
            cell("=HYPERLINK(\"http://x\",\"y\")"),
            "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""
        );
        assert_eq!(cell("+1"), "'+1");
        assert_eq!(cell("-2+3"), "'-2+3");
        assert_eq!(cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(cell("\tx"), "'\tx");
        assert_eq!(cell("\rx"), "\"'\rx\"");
        assert_eq!(cell("Doug MOORE"), "Doug MOORE");
        assert_eq!(cell("O'Neill, Colin"), "\"O'Neill, Colin\"");
        assert_eq!(cell("a=b"), "a=b");
        assert_eq!(cell(""), "");
    }
}
