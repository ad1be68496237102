//! The Hugo equivalent of a site, for `bench/run`: every page our build
//! writes becomes one Hugo content page in plain Markdown with the same
//! tables (rankings, year-end and national rankings 50 rows a page; one page
//! per event and per player with their rows in every rating; the events and
//! players lists), rendered by minimal layouts with ugly URLs (`x.html`, as
//! ours). Pages that are prose or summaries on our side (home, records,
//! nations, included tournaments, circuits, Markdown pages, 404) get a
//! title and a line, so the page count is the same.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use ratings_model::Site;
use ratings_model::format::{fixed2, signed2};
use ratings_rating::{DetailRef, RankEntry};
use ratings_site::pages::{Context, Job};
use ratings_site::rated::Rated;

/// Write the Hugo source folder for the site at `site_dir`. Returns the
/// number of content pages.
pub fn hugo_site(site_dir: &Path, out: &Path) -> Result<usize, String> {
    let site = ratings_site::load::load(site_dir).map_err(|e| e.to_string())?;
    let ctx = ratings_site::pages::Context::new(&site, ratings_site::rate(&site).map_err(|e| e.to_string())?);
    let put = |rel: &str, text: &str| -> Result<(), String> {
        let path = out.join(rel);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
    };
    put(
        "hugo.toml",
        "title = \"Synthetic Ratings\"\nuglyURLs = true\nrelativeURLs = true\ntimeout = \"1h\"\n\
         disableKinds = [\"taxonomy\", \"term\", \"RSS\", \"sitemap\", \"robotsTXT\", \"404\"]\n\
         [markup.goldmark.renderer]\nunsafe = true\n",
    )?;
    let layout = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{{ .Title }}</title>\
        <link rel=\"stylesheet\" href=\"{{ \"style.css\" | relURL }}\"></head>\n<body><nav><a href=\"{{ \"index.html\" | relURL }}\">Home</a> \
        <a href=\"{{ \"events.html\" | relURL }}\">Events</a> <a href=\"{{ \"players.html\" | relURL }}\">Players</a></nav>\n\
        <main><h1>{{ .Title }}</h1>\n{{ .Content }}\n</main></body></html>\n";
    put("layouts/_default/single.html", layout)?;
    put("layouts/_default/list.html", layout)?;
    put("layouts/index.html", layout)?;
    put("static/style.css", "body { font-family: sans-serif; }\n")?;

    // The same plan our build writes: one Hugo content page per page of ours.
    let plan = ratings_site::plan::Plan::new(&ctx, Vec::new(), site_dir).map_err(|e| e.to_string())?;
    let mut pages = 0;
    for (path, job) in plan.pages(&ctx) {
        let root = "../".repeat(path.matches('/').count());
        let (title, body) = page(&ctx, job, &root);
        let text = format!("---\ntitle: {}\n---\n\n{body}", quote(&title));
        put(&content_path(&path), &text)?;
        pages += 1;
    }
    Ok(pages)
}

/// `a/b.html` → `content/a/b.md`; `index.html` files are renamed so that
/// Hugo does not take them for bundles (the root one is the home page).
fn content_path(path: &str) -> String {
    if path == "index.html" {
        return "content/_index.md".into();
    }
    let stem = path.strip_suffix(".html").unwrap_or(path);
    let stem = match stem.strip_suffix("/index") {
        Some(dir) => format!("{dir}/current"),
        None => stem.to_string(),
    };
    format!("content/{stem}.md")
}

/// A player count as our pages show it: blank when unknown (0).
fn count(players: u32) -> String {
    if players > 0 {
        players.to_string()
    } else {
        String::new()
    }
}

fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Title and Markdown body of one page.
fn page(ctx: &Context, job: &Job, root: &str) -> (String, String) {
    let site = ctx.site;
    let size = site.config.page_size;
    let player_link = |p| format!("[{}]({})", site.model.player(p).display, ctx.player_href(root, p));
    let event_link = |i: usize| format!("[{}]({})", site.model.events[i].name, ctx.event_href(root, i));
    let mut t = String::new();
    let title = match *job {
        Job::Ranking { rating, list, page } => {
            let view = &ctx.ratings[rating];
            ranking_table(&mut t, list.entries(view), size, page, &player_link);
            format!("{} page {page}", view.config.title)
        }
        Job::Nation { rating, nation, page } => {
            let view = &ctx.ratings[rating];
            let entries: Vec<RankEntry> = view.nations[nation]
                .members
                .iter()
                .map(|&i| view.ranking[i as usize].clone())
                .collect();
            ranking_table(&mut t, &entries, size, page, &player_link);
            format!("{} {} page {page}", view.config.title, view.nations[nation].name)
        }
        Job::Events => {
            t.push_str("| Date | Event | Place | Players |\n|---|---|---|---:|\n");
            for (i, e) in site.model.events.iter().enumerate() {
                let _ = writeln!(
                    t,
                    "| {} | {} | {} | {} |",
                    e.date,
                    event_link(i),
                    e.place,
                    count(e.players)
                );
            }
            "Events".into()
        }
        Job::Letter(i) => {
            t.push_str("| Player | Nat |\n|---|---|\n");
            for &p in &ctx.letters[i].1 {
                let _ = writeln!(t, "| {} | {} |", player_link(p), site.model.player(p).nat);
            }
            format!("Players {}", ctx.letters[i].0)
        }
        Job::Event(i) => {
            let e = &site.model.events[i];
            let _ = writeln!(t, "{} · {} · {} players", e.date, e.place, count(e.players));
            for view in &ctx.ratings {
                event_rows(&mut t, view, i, &player_link);
            }
            for (r, round) in e.round.iter().enumerate() {
                let _ = writeln!(t, "\n### Round {}\n\n| Player | Player | Score |\n|---|---|---|", r + 1);
                for m in &round.matches {
                    let _ = writeln!(
                        t,
                        "| {} | {} | {}-{}-{} |",
                        player_link(m.a),
                        player_link(m.b),
                        m.wins_a,
                        m.wins_b,
                        m.draws
                    );
                }
                for &bye in &round.byes {
                    let _ = writeln!(t, "| {} | (bye) | |", player_link(bye));
                }
            }
            e.name.clone()
        }
        Job::Player(p) => {
            let _ = writeln!(t, "Nationality: {}", site.model.player(p).nat);
            for view in &ctx.ratings {
                player_rows(&mut t, &site.model, view, p, &event_link, &player_link);
            }
            site.model.player(p).display.to_string()
        }
        _ => {
            t.push_str("Rankings and events of the synthetic site.\n");
            ctx.path(job)
        }
    };
    (title, t)
}

fn ranking_table(t: &mut String, entries: &[RankEntry], size: usize, page: usize, player_link: &dyn Fn(u32) -> String) {
    t.push_str("| Rank | Player | Rating | Events |\n|---:|---|---:|---:|\n");
    let start = ((page - 1) * size).min(entries.len());
    for e in &entries[start..(start + size).min(entries.len())] {
        let _ = writeln!(
            t,
            "| {} | {} | {} | {} |",
            e.rank,
            player_link(e.player),
            fixed2(e.rating),
            e.events
        );
    }
    let pages = entries.len().div_ceil(size).max(1);
    let _ = writeln!(
        t,
        "\n[First](page-1.html) · [Previous](page-{}.html) · [Next](page-{}.html) · [Last](page-{pages}.html)",
        page.saturating_sub(1).max(1),
        (page + 1).min(pages)
    );
}

fn event_rows(t: &mut String, view: &Rated, event: usize, player_link: &dyn Fn(u32) -> String) {
    let rows = view.history.event(event);
    if rows.is_empty() {
        return;
    }
    let value = view.history.events[event].value.map(fixed2).unwrap_or_default();
    let _ = writeln!(t, "\n## {}\n", view.config.title);
    if view.columns().matches {
        t.push_str("| Player | W-L-D | Before | After | Change |\n|---|---|---:|---:|---:|\n");
    } else {
        t.push_str(
            "| Rank | Player | Score | Value | Before | After | Change |\n|---:|---|---:|---:|---:|---:|---:|\n",
        );
    }
    for row in rows {
        let change = signed2(row.after - row.before);
        let (before, after) = (fixed2(row.before), fixed2(row.after));
        let _ = match row.detail() {
            DetailRef::Placement { rank, score } => writeln!(
                t,
                "| {rank} | {} | {} | {value} | {before} | {after} | {change} |",
                player_link(row.player),
                score.map(fixed2).unwrap_or_default()
            ),
            DetailRef::Match(m) => writeln!(
                t,
                "| {} | {}-{}-{} | {before} | {after} | {change} |",
                player_link(row.player),
                m.wins,
                m.losses,
                m.draws
            ),
        };
    }
}

fn player_rows(
    t: &mut String,
    site: &Site,
    view: &Rated,
    player: u32,
    event_link: &dyn Fn(usize) -> String,
    player_link: &dyn Fn(u32) -> String,
) {
    let mut rows = view.rows_of(player).peekable();
    if rows.peek().is_none() {
        return;
    }
    let _ = writeln!(t, "\n## {}\n", view.config.title);
    if let Some(s) = &view.history.standings[player as usize] {
        let _ = writeln!(t, "Rating {} after {} events.\n", fixed2(s.rating), s.events);
    }
    let mut matches = String::new();
    if view.columns().matches {
        t.push_str("| Date | Event | W-L-D | Before | After | Change |\n|---|---|---|---:|---:|---:|\n");
    } else {
        t.push_str("| Date | Event | Place | Score | Value | Before | After | Change |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
    }
    for row in rows {
        let e = &site.events[row.event()];
        let date = e.date;
        let change = signed2(row.after - row.before);
        let (before, after) = (fixed2(row.before), fixed2(row.after));
        let _ = match row.detail() {
            DetailRef::Placement { rank, score } => writeln!(
                t,
                "| {date} | {} | {rank} / {} | {} | {} | {before} | {after} | {change} |",
                event_link(row.event()),
                e.players,
                score.map(fixed2).unwrap_or_default(),
                view.history.events[row.event()].value.map(fixed2).unwrap_or_default()
            ),
            DetailRef::Match(d) => {
                let (wins, losses, draws) = (d.wins, d.losses, d.draws);
                for m in &d.matches {
                    let k = m.k().map_or_else(|| "P".to_string(), |k| k.to_string());
                    let _ = writeln!(
                        matches,
                        "| {date} | {} | {} | {} | {} | {}-{}-{} | {k} | {} |",
                        event_link(row.event()),
                        m.round,
                        player_link(m.opponent),
                        fixed2(m.opponent_before),
                        m.won,
                        m.lost,
                        m.drawn,
                        m.after().map(|a| signed2(a - m.before)).unwrap_or_default()
                    );
                }
                writeln!(
                    t,
                    "| {date} | {} | {wins}-{losses}-{draws} | {before} | {after} | {change} |",
                    event_link(row.event())
                )
            }
        };
    }
    if !matches.is_empty() {
        t.push_str(
            "\n| Date | Event | Round | Opponent | Opp. rating | Games | K | Change |\n|---|---|---:|---|---:|---|---:|---:|\n",
        );
        t.push_str(&matches);
    }
}
