//! The machine-readable outputs (docs/data-format.md): `ID-history.csv` and
//! `ID-ranking.csv` for every rating, `ID-year-end.csv.gz` and `predictions.csv`.
//!
//! Every text cell (event id, player name, nationality) goes through
//! [`csv_text`]: a cell a spreadsheet would take for a formula (it starts
//! with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`,
//! as OWASP recommends. Numbers are written as they are.

use std::fmt::Write as _;

use crate::Site;
use crate::output::Sink;
use crate::rated::Rated;
use ratings_model::PlayerId;
use ratings_model::format::{csv_field, push_uint};
use ratings_model::scoring::TieBreak;
use ratings_rating::predictions::{Bin, Evaluation};

/// Characters that make a spreadsheet read a cell as a formula.
const FORMULA_START: [u8; 6] = [b'=', b'+', b'-', b'@', b'\t', b'\r'];

/// Append a text cell: neutralised against formula injection (a leading
/// `'`), then quoted as CSV needs. Text that starts otherwise is unchanged.
pub fn csv_text(out: &mut String, s: &str) {
    if s.as_bytes().first().is_some_and(|b| FORMULA_START.contains(b)) {
        csv_field(out, &format!("'{s}"));
    } else {
        csv_field(out, s);
    }
}

/// Every player's text cells, escaped once and kept in one buffer: `name`
/// then `,nat`. The downloads (rankings, histories, year ends) copy them
/// for each of their millions of lines instead of escaping the same names again from three scattered
/// allocations (the player, its name, its nationality).
pub struct PlayerCells {
    text: String,
    /// By player: where its cells start and where its name ends; one more
    /// entry closes the last player's cells (offsets into `text`, which is
    /// a few tens of bytes a player: `u32` is ample and halves the index).
    at: Vec<(u32, u32)>,
}

impl PlayerCells {
    pub fn new(site: &Site) -> Self {
        let mut text = String::new();
        let mut at = Vec::with_capacity(site.model.players.len() + 1);
        let offset = |text: &String| u32::try_from(text.len()).expect("player cells under 4 GiB");
        for p in &site.model.players {
            let start = offset(&text);
            csv_text(&mut text, &p.display);
            at.push((start, offset(&text)));
            text.push(',');
            csv_text(&mut text, &p.nat);
        }
        at.push((offset(&text), offset(&text)));
        text.shrink_to_fit();
        PlayerCells { text, at }
    }

    /// The player's name cell.
    fn name(&self, p: PlayerId) -> &str {
        let (start, end) = self.at[p as usize];
        &self.text[start as usize..end as usize]
    }

    /// The player's name and nationality cells, with the comma between.
    fn name_nat(&self, p: PlayerId) -> &str {
        &self.text[self.at[p as usize].0 as usize..self.at[p as usize + 1].0 as usize]
    }
}

/// `date,event,player,before,after[,deviation_before,deviation_after]`,
/// one row per history row, event order, ratings at full precision (`{}`
/// round-trips an f64); the deviations for systems that have one.
///
/// Written in pieces of about 64 KB to `sink`: on an archive the file is
/// tens of MB, never held whole.
pub fn history_csv(
    site: &Site,
    view: &Rated,
    cells: &PlayerCells,
    sink: &mut dyn FnMut(&[u8]) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let deviation = view.columns().deviation.is_some();
    let mut out = String::with_capacity(PIECE + 256);
    out.push_str("date,event,player,before,after");
    if deviation {
        out.push_str(",deviation_before,deviation_after");
    }
    out.push('\n');
    // `date,event,` of the event the rows are at (rows come event by event).
    let mut event = (usize::MAX, String::new());
    for row in &view.history.rows {
        if event.0 != row.event() {
            let e = &site.model.events[row.event()];
            event.1.clear();
            let _ = write!(event.1, "{},", e.date);
            csv_text(&mut event.1, &e.id);
            event.1.push(',');
            event.0 = row.event();
        }
        out.push_str(&event.1);
        out.push_str(cells.name(row.player));
        let _ = write!(out, ",{},{}", row.before, row.after);
        if let Some([before, after]) = row.deviation().filter(|_| deviation) {
            let _ = write!(out, ",{before},{after}");
        }
        out.push('\n');
        if out.len() >= PIECE {
            sink(out.as_bytes())?;
            out.clear();
        }
    }
    sink(out.as_bytes())
}

/// The size of the pieces big downloads are written in.
const PIECE: usize = 1 << 16;

/// Lines of a year-end list whose player cells are looked up together.
const BATCH: usize = 32;

/// `rank,player,nat,rating,events[,matches,provisional][,deviation]`, best
/// first.
pub fn ranking_csv(view: &Rated, cells: &PlayerCells) -> String {
    let match_system = view.columns().matches;
    let deviation = view.columns().deviation.is_some();
    let mut out = String::with_capacity(48 * view.ranking.len() + 48);
    out.push_str("rank,player,nat,rating,events");
    if match_system {
        out.push_str(",matches,provisional");
    }
    if deviation {
        out.push_str(",deviation");
    }
    out.push('\n');
    for e in &view.ranking {
        out.push_str(&e.rank.to_string());
        out.push(',');
        out.push_str(cells.name_nat(e.player));
        let _ = write!(out, ",{},{}", e.rating, e.events);
        if match_system {
            let _ = write!(out, ",{},{}", e.matches, e.provisional);
        }
        if let Some(d) = view.history.standings[e.player as usize]
            .as_ref()
            .and_then(|s| s.deviation)
            .filter(|_| deviation)
        {
            let _ = write!(out, ",{d}");
        }
        out.push('\n');
    }
    out
}

/// `downloads/ID-year-end.csv.gz`: `year,rank,player,nat,rating,events`,
/// every year-end ranking (the ranking as it stood after the last event of
/// each year), years in order, each best first, the rating as the ranking
/// pages show it (2 decimals; `ID-history.csv` has it at full precision).
/// Gzip-compressed and written in pieces to `sink`: on an archive the whole
/// lists are tens of MB, never held whole.
pub fn year_end_csv_gz(site: &Site, view: &Rated, cells: &PlayerCells, sink: &mut Sink) -> std::io::Result<()> {
    use std::io::Write as _;
    // Level 2 (zlib-rs): 22% smaller than level 1 for 40% more time;
    // level 3 is 6% smaller again for another 12%.
    let mut gz = flate2::GzBuilder::new().write(SinkWriter(sink), flate2::Compression::new(2));
    let mut line = String::from("year,rank,player,nat,rating,events\n");
    let mut result = Ok(());
    ratings_rating::timeline::year_end_lists(&site.model, &view.history, view.config.active_years, |year, all| {
        if result.is_err() {
            return;
        }
        let year_cell = format!("{year},");
        let mut rank = 0;
        // The players' cells are looked up a batch ahead: the lookups are
        // independent, so their cache misses overlap instead of stalling
        // each line in turn (the list is in rating order, the cells in
        // player order).
        let mut names = [""; BATCH];
        for (b, batch) in all.chunks(BATCH).enumerate() {
            for (name, e) in names.iter_mut().zip(batch) {
                *name = cells.name_nat(e.player);
            }
            for (k, e) in batch.iter().enumerate() {
                let i = b * BATCH + k;
                if i == 0 || e.rating != all[i - 1].rating {
                    rank = i + 1;
                }
                line.push_str(&year_cell);
                push_uint(&mut line, rank as u64);
                line.push(',');
                line.push_str(names[k]);
                line.push(',');
                ratings_model::format::Fixed2(e.rating).push_to(&mut line);
                line.push(',');
                push_uint(&mut line, u64::from(e.events));
                line.push('\n');
            }
            if line.len() >= PIECE {
                result = gz.write_all(line.as_bytes());
                line.clear();
                if result.is_err() {
                    return;
                }
            }
        }
    });
    result?;
    gz.write_all(line.as_bytes())?;
    gz.finish()?;
    Ok(())
}

/// A [`Sink`] as an `io::Write`.
struct SinkWriter<'s, 'a>(&'s mut Sink<'a>);

impl std::io::Write for SinkWriter<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        (self.0)(buf)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A number in full precision (Rust's shortest round trip), or nothing.
fn full(x: Option<f64>) -> String {
    x.map(|x| x.to_string()).unwrap_or_default()
}

/// `rating,year,games,right,log_loss`: for every rating, one row per
/// calendar year with games, then one with year `all` (docs/rating-systems.md);
/// `right` may end in `.5`; `games` and `right` leave drawn games out,
/// `log_loss` (empty for a system without a model) counts them.
pub fn predictions_csv(ratings: &[Rated], evaluation: &Evaluation) -> String {
    let mut out = String::from("rating,year,games,right,log_loss\n");
    for (view, p) in ratings.iter().zip(&evaluation.predictions) {
        let years = p
            .years
            .iter()
            .zip(&p.year_loss)
            .map(|((y, t), l)| (y.to_string(), t, l));
        for (year, t, loss) in years.chain(std::iter::once(("all".to_string(), &p.all, &p.loss))) {
            csv_text(&mut out, view.id());
            let loss = if p.modelled { loss.mean() } else { None };
            let _ = writeln!(out, ",{year},{},{},{}", t.games, t.right(), full(loss));
        }
    }
    out
}

/// `first,second,games,measure,difference,low,high`: every pair of ratings
/// that share at least 100 games, first before second in `site.toml`'s order.
pub fn compared_csv(ratings: &[Rated], evaluation: &Evaluation) -> String {
    let mut out = String::from("first,second,games,measure,difference,low,high\n");
    for c in &evaluation.comparisons {
        let Some(d) = c.difference else { continue };
        csv_text(&mut out, ratings[c.first].id());
        out.push(',');
        csv_text(&mut out, ratings[c.second].id());
        let _ = writeln!(
            out,
            ",{},{},{},{},{}",
            c.games,
            c.measure.name(),
            d.difference,
            d.low,
            d.high
        );
    }
    out
}

/// `rating,bin_low,bin_high,games,mean_p,observed`: the ten calibration bins
/// of every rating with a model (empty figures for a bin without games).
pub fn calibration_csv(ratings: &[Rated], evaluation: &Evaluation) -> String {
    let mut out = String::from("rating,bin_low,bin_high,games,mean_p,observed\n");
    for (view, p) in ratings.iter().zip(&evaluation.predictions).filter(|(_, p)| p.modelled) {
        for (i, bin) in p.calibration.iter().enumerate() {
            let (low, high) = Bin::bounds(i);
            csv_text(&mut out, view.id());
            let _ = writeln!(
                out,
                ",{low:.2},{high:.2},{},{},{}",
                bin.games,
                full(bin.mean_chance()),
                full(bin.observed())
            );
        }
    }
    out
}

/// `downloads/standings.csv` (docs/data-format.md): `event,date,place,
/// player,points,wins,draws,losses,forfeits,byes`, then one column per
/// tie-break any event uses (in order of first use; empty where an event
/// does not use it; omw, gw and ogw in percent); one row per participant of
/// every match event, in event order then place order; full precision.
/// `None` for a site without match events.
pub fn standings_csv(ctx: &crate::pages::Context) -> Option<String> {
    let events = &ctx.site.model.events;
    let mut columns: Vec<TieBreak> = Vec::new();
    for s in ctx.standings.iter().flatten() {
        for t in &s.tiebreaks {
            if !columns.contains(t) {
                columns.push(*t);
            }
        }
    }
    let mut out = String::from("event,date,place,player,points,wins,draws,losses,forfeits,byes");
    for t in &columns {
        out.push(',');
        out.push_str(t.name());
    }
    out.push('\n');
    let mut any = false;
    for (e, s) in events.iter().zip(&ctx.standings) {
        let Some(s) = s else { continue };
        any = true;
        let at: Vec<Option<usize>> = columns
            .iter()
            .map(|c| s.tiebreaks.iter().position(|t| t == c))
            .collect();
        for row in &s.rows {
            csv_text(&mut out, &e.id);
            let _ = write!(out, ",{},{},", e.date, row.place);
            csv_text(&mut out, &ctx.site.model.player(row.player).display);
            let _ = write!(
                out,
                ",{},{},{},{},{},{}",
                row.points, row.wins, row.draws, row.losses, row.forfeits, row.byes
            );
            for (column, at) in columns.iter().zip(&at) {
                out.push(',');
                if let Some(&i) = at.as_ref() {
                    let value = row.tiebreaks[i];
                    let _ = if column.is_percentage() {
                        write!(out, "{}", value * 100.0)
                    } else {
                        write!(out, "{value}")
                    };
                }
            }
            out.push('\n');
        }
    }
    any.then_some(out)
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
