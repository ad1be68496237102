//! Stage 1, load: `site.toml` + `data/` → a validated [`Site`].
//!
//! Every problem of every file is collected and reported together.

mod budget;
pub mod event;
mod pieces;
pub mod registry;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::Site;
use crate::ratings::Rating;
use event::{NameRef, RawEvent};
use ratings_config as config;
use ratings_config::SiteConfig;
use ratings_model::error::{Diagnostic, Errors, FirstShown};
use ratings_model::files::{SiteFile, shown};
use ratings_model::names::{distinct_slugs, slug};
use ratings_model::{Event, Forfeit, MarkdownPage, Match, Origin, Placement, Player, PlayerId, Round};

/// The files of a site, found by walking `data/` under the rule of
/// [`ratings_model::files`].
#[derive(Default)]
struct Files {
    /// (event id, the file; its `rel` is relative to `data/`)
    events: Vec<(String, SiteFile)>,
    pages: Vec<SiteFile>,
    /// `data/players.toml`, if there is one.
    registry: Option<SiteFile>,
}

fn find_files(site_dir: &Path, problems: &mut FirstShown) -> Files {
    let mut files = Files::default();
    let Some(bounds) = ratings_model::files::Bounds::new(site_dir, None) else {
        return files;
    };
    let found = ratings_model::files::walk(site_dir, "data", &bounds);
    problems.extend(found.problems);
    for file in found.files {
        let rel = file.rel.as_str();
        if rel == "players.toml" {
            files.registry = Some(file);
        } else if let Some(id) = rel.strip_suffix(".toml") {
            files.events.push((id.to_string(), file));
        } else if rel.starts_with("pages/") && rel.ends_with(".md") && !rel[6..].contains('/') {
            files.pages.push(file);
        } else if let Some(why) = misnamed(rel) {
            problems.push(Diagnostic::new(shown(site_dir, &in_data(rel)), why));
        }
    }
    files
}

/// A path under `data/` as relative to the site folder.
fn in_data(rel: &str) -> PathBuf {
    Path::new("data").join(rel)
}

/// Why a file of `data/` that would be read under another name is not
/// (`x.TOML`, `x.tml`, `pages/About.MD`, `pages/old/x.md`): a file that
/// looks like data is never ignored without a word.
fn misnamed(rel: &str) -> Option<String> {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    // `x.toml ` and `x.toml.` (easy to type, invisible in a listing).
    let trimmed = name.trim_end_matches(|c: char| c.is_whitespace() || c == '.');
    let (stem, ext) = trimmed.rsplit_once('.')?;
    let ext = ext.to_ascii_lowercase();
    let is_toml = ext == "toml" || ext == "tml";
    let is_markdown = MARKDOWN.contains(&ext.as_str());
    let in_pages = rel.strip_prefix("pages/");
    let right = if is_toml {
        format!("{stem}.toml")
    } else if is_markdown && in_pages.is_some() {
        format!("{stem}.md")
    } else {
        return None;
    };
    if in_pages.is_some_and(|page| page.contains('/')) && is_markdown {
        return Some(format!(
            "Markdown pages are read only from data/pages/ itself, not from its sub-folders: move {name} there"
        ));
    }
    let what = if is_toml {
        "event files end in `.toml`, in lower case"
    } else {
        "Markdown pages end in `.md`, in lower case"
    };
    Some(format!("{what}: rename {name:?} to {right} to have it read"))
}

/// File endings Markdown editors use, besides `.md`.
const MARKDOWN: [&str; 7] = ["md", "markdown", "mdown", "mkd", "mkdn", "mdwn", "mkdown"];

/// Load and validate a whole site.
pub fn load(site_dir: &Path) -> Result<Site, Errors> {
    // Each file's first 100, about 1,000 in all, the rest counted.
    let mut problems = FirstShown::default();
    let (config, ratings) = settings(site_dir, &mut problems);
    if !site_dir.join("data").is_dir() {
        problems.push(Diagnostic::new(
            shown(site_dir, Path::new("data")),
            "data folder not found",
        ));
        return Err(problems.into());
    }
    let files = find_files(site_dir, &mut problems);
    let registry = read_registry(site_dir, files.registry.as_ref(), &mut problems);
    let known_formats = ratings
        .as_deref()
        .map(crate::ratings::known_formats)
        .unwrap_or_default();
    let lookups = event::Lookups {
        aliases: &registry.aliases,
        known_formats: &known_formats,
    };
    let (mut events, ids) = read_events(site_dir, &files.events, &lookups, &mut problems);
    let pages = load_pages(site_dir, &files.pages, &mut problems);
    case_clashes(site_dir, &files.events, &mut problems);

    let (Some(config), Some(ratings)) = (config, ratings) else {
        return Err(problems.into());
    };
    if !problems.is_empty() {
        return Err(problems.into());
    }
    let (players, final_id) = ids.players(&registry);
    for e in &mut events {
        renumber(e, &final_id);
    }
    // Event order: date, then id in byte order (docs/data-format.md).
    events.sort_by(|a, b| (a.date, a.id.as_bytes()).cmp(&(b.date, b.id.as_bytes())));
    Ok(Site {
        config,
        ratings,
        nation_slugs: crate::nation_slugs(&players),
        model: ratings_model::Site { events, players, pages },
    })
}

/// The settings, and each rating's system with its parameters (also for a
/// site.toml with other problems: all are reported at once).
fn settings(site_dir: &Path, problems: &mut FirstShown) -> (Option<SiteConfig>, Option<Vec<Rating>>) {
    let (config, tables) = match config::read(site_dir) {
        Ok(config) => {
            let tables = config.ratings.clone();
            (Some(config), tables)
        }
        Err(invalid) => {
            problems.extend(invalid.problems);
            (None, invalid.ratings)
        }
    };
    let ratings = crate::ratings::configure(&tables)
        .map_err(|kept| problems.append(kept))
        .ok();
    (config, ratings)
}

/// `data/players.toml`, if there is one (empty if it has problems).
fn read_registry(site_dir: &Path, file: Option<&SiteFile>, problems: &mut FirstShown) -> registry::Registry {
    let Some(file) = file else {
        return registry::Registry::default();
    };
    let path = shown(site_dir, &in_data(&file.rel));
    file.read_text()
        .map_err(|d| {
            FirstShown::from(vec![Diagnostic {
                path: path.clone(),
                ..d
            }])
        })
        .and_then(|text| registry::parse(&path, &text))
        .unwrap_or_else(|kept| {
            problems.append(kept);
            registry::Registry::default()
        })
}

/// Every event file, parsed and with its players as provisional ids.
/// Events are parsed a chunk of files at a time (in parallel) and turned
/// into their loaded form at once: the parsed form (every name as text,
/// twice) is several times the loaded one, so it is never held whole.
fn read_events(
    site_dir: &Path,
    files: &[(String, SiteFile)],
    lookups: &event::Lookups,
    problems: &mut FirstShown,
) -> (Vec<Event>, Identities) {
    let mut ids = Identities::default();
    let mut events: Vec<Event> = Vec::with_capacity(files.len());
    let budget = budget::Budget::new(budget::PARSED_AT_ONCE);
    for chunk in files.chunks(CHUNK) {
        // Once about 1,000 problems are held, files' problems are only
        // counted, as they come (2,000 files of 100 errors each, 2.8 KB
        // paths: 1.7 GB held, 568 MB printed).
        let counting = problems.is_full();
        let parsed: Vec<Parsed> = chunk
            .par_iter()
            .map(|(id, file)| {
                let path = shown(site_dir, &in_data(&file.rel));
                // Big files read and parsed one or two at a time, whatever
                // the cores (the size is only a measure: the read checks).
                let size = std::fs::metadata(&file.path).map_or(0, |m| m.len());
                let _share = budget.take(usize::try_from(size).unwrap_or(usize::MAX));
                let parsed = match file.read_text() {
                    Ok(text) => event::parse_counted(&path, id.clone(), &text, lookups),
                    Err(d) => Err(vec![Diagnostic {
                        path: path.clone(),
                        ..d
                    }]
                    .into()),
                };
                match parsed {
                    Ok(e) => Parsed::Event(Box::new(e)),
                    Err(refused) if counting => Parsed::Counted {
                        count: refused.shown.len() + refused.more,
                        path,
                    },
                    // Held without their path, which they share (100 copies
                    // of a 2.8 KB path a file).
                    Err(refused) => Parsed::Problems {
                        found: refused
                            .shown
                            .into_iter()
                            .map(|d| {
                                debug_assert_eq!(d.path, path);
                                (d.position, d.message)
                            })
                            .collect(),
                        more: refused.more,
                        last_line: refused.last_line,
                        path,
                    },
                }
            })
            .collect();
        for result in parsed {
            match result {
                // After an error nothing is built, but every file is still checked.
                Parsed::Event(e) if problems.is_empty() => events.push(ids.event(*e, &events)),
                Parsed::Event(_) => {}
                Parsed::Problems {
                    path,
                    found,
                    more,
                    last_line,
                } => {
                    for (position, message) in found {
                        problems.push(Diagnostic {
                            path: path.clone(),
                            position,
                            message,
                        });
                    }
                    problems.count(&path, more, last_line.map(|line| (line, 1)));
                }
                Parsed::Counted { path, count } => problems.count(&path, count, None),
            }
        }
    }
    (events, ids)
}

/// Give an event's players their final ids (`final_id[provisional]`).
fn renumber(event: &mut Event, final_id: &[PlayerId]) {
    for r in &mut event.results {
        r.player = final_id[r.player as usize];
    }
    for round in &mut event.round {
        for m in &mut round.matches {
            m.a = final_id[m.a as usize];
            m.b = final_id[m.b as usize];
        }
        for b in round
            .byes
            .iter_mut()
            .chain(&mut round.half_byes)
            .chain(&mut round.zero_byes)
        {
            *b = final_id[*b as usize];
        }
        for f in &mut round.forfeits {
            f.a = final_id[f.a as usize];
            f.b = final_id[f.b as usize];
        }
    }
}

/// Event ids that differ only in case (`Foo`, `foo`) name one file on a
/// case-insensitive file system (macOS, Windows): refused everywhere.
fn case_clashes(site_dir: &Path, events: &[(String, SiteFile)], problems: &mut FirstShown) {
    let mut first: HashMap<String, PathBuf> = HashMap::with_capacity(events.len());
    for (id, file) in events {
        let rel = in_data(&file.rel);
        if let Some(other) = first.insert(id.to_lowercase(), rel.clone()) {
            problems.push(Diagnostic::new(
                shown(site_dir, &rel),
                format!(
                    "event id differs only in case from {}: their pages would be one file on case-insensitive file systems (macOS, Windows); rename one",
                    shown(site_dir, &other).display()
                ),
            ));
        }
    }
}

/// Events parsed at once (see [`load`]).
const CHUNK: usize = 1024;

/// One event file read and parsed.
enum Parsed {
    Event(Box<RawEvent>),
    /// Its problems (where and what) to be shown, and how many more and
    /// the last one's line.
    Problems {
        path: PathBuf,
        found: Vec<(Option<(usize, usize)>, String)>,
        more: usize,
        last_line: Option<usize>,
    },
    /// How many problems it has, past the cap on those shown.
    Counted {
        path: PathBuf,
        count: usize,
    },
}

/// The players met so far while events are loaded, by provisional id
/// (order of first appearance), with what decides their display name and
/// nationality: the latest spelling, `nat` and `loc` in event order.
#[derive(Default)]
struct Identities {
    ids: HashMap<String, PlayerId>,
    latest: Vec<Latest>,
    /// Every (`nat`, `loc`) pair met, by `nat` NUL `loc`: shared by the
    /// placements that give it.
    origins: HashMap<Box<str>, std::sync::Arc<Origin>>,
    /// The lookup key, reused.
    key: String,
}

/// A player's latest spelling, `nat` and `loc`, each with the index (into
/// the events loaded so far) of the event that gave it.
#[derive(Default)]
struct Latest {
    spelling: (u32, String),
    nat: Option<(u32, String)>,
    loc: Option<(u32, String)>,
}

impl Identities {
    /// The shared copy of the pair (`nat`, `loc`).
    fn origin(&mut self, nat: &str, loc: &str) -> std::sync::Arc<Origin> {
        self.key.clear();
        self.key.extend([nat, "\0", loc]);
        if let Some(shared) = self.origins.get(self.key.as_str()) {
            return shared.clone();
        }
        let shared = std::sync::Arc::new(Origin {
            nat: nat.into(),
            loc: loc.into(),
        });
        self.origins.insert(self.key.as_str().into(), shared.clone());
        shared
    }

    /// `raw` with its players as provisional ids; `loaded` are the events
    /// before it (`raw` becomes `loaded[loaded.len()]`).
    fn event(&mut self, raw: RawEvent, loaded: &[Event]) -> Event {
        let this = loaded.len() as u32;
        let order = (raw.date, raw.id.clone());
        // Whether event `at` does not come after this one in event order
        // (within one event, later rows and rounds win).
        let not_after = |at: u32| {
            at == this || {
                let e = &loaded[at as usize];
                (e.date, e.id.as_bytes()) <= (order.0, order.1.as_bytes())
            }
        };
        let origins: Vec<_> = raw.results.iter().map(|r| self.origin(&r.nat, &r.loc)).collect();
        let mut id_of = |n: &NameRef, nat: &str, loc: &str| -> PlayerId {
            let id = match self.ids.get(n.key.as_str()) {
                Some(&id) => id,
                None => {
                    let id = self.latest.len() as PlayerId;
                    self.ids.insert(n.key.clone(), id);
                    self.latest.push(Latest {
                        spelling: (this, n.spelling.clone()),
                        ..Latest::default()
                    });
                    id
                }
            };
            let l = &mut self.latest[id as usize];
            // Copies only when the text changes: most rows repeat it.
            if not_after(l.spelling.0) {
                l.spelling.0 = this;
                if l.spelling.1 != n.spelling {
                    l.spelling.1.clone_from(&n.spelling);
                }
            }
            for (value, slot) in [(nat, &mut l.nat), (loc, &mut l.loc)] {
                if value.is_empty() {
                    continue;
                }
                match slot {
                    Some((at, text)) if not_after(*at) => {
                        *at = this;
                        if text != value {
                            *text = value.to_string();
                        }
                    }
                    Some(_) => {}
                    None => *slot = Some((this, value.to_string())),
                }
            }
            id
        };
        let results = raw
            .results
            .iter()
            .zip(origins)
            .map(|(r, origin)| Placement {
                rank: r.rank,
                player: id_of(&r.name, &r.nat, &r.loc),
                origin,
            })
            .collect();
        let round = raw
            .round
            .iter()
            .map(|r| Round {
                matches: r
                    .matches
                    .iter()
                    .map(|m| Match {
                        a: id_of(&m.a, "", ""),
                        b: id_of(&m.b, "", ""),
                        wins_a: m.wins_a,
                        wins_b: m.wins_b,
                        draws: m.draws,
                    })
                    .collect(),
                byes: r.byes.iter().map(|n| id_of(n, "", "")).collect(),
                half_byes: r.half_byes.iter().map(|n| id_of(n, "", "")).collect(),
                zero_byes: r.zero_byes.iter().map(|n| id_of(n, "", "")).collect(),
                forfeits: r
                    .forfeits
                    .iter()
                    .map(|(a, b, result)| Forfeit {
                        a: id_of(a, "", ""),
                        b: id_of(b, "", ""),
                        result: *result,
                    })
                    .collect(),
            })
            .collect();
        Event {
            results,
            round,
            id: raw.id,
            file: raw.file,
            name: raw.name,
            date: raw.date,
            end_date: raw.end_date,
            place: raw.place,
            country: raw.country,
            players: raw.players,
            rounds: raw.rounds,
            boards: raw.boards,
            world_championship: raw.world_championship,
            circuits: raw.circuits,
            report: raw.report,
            format: raw.format,
            sanctioned: raw.sanctioned,
            judge_level: raw.judge_level,
            points: raw.scoring.points,
            tiebreaks: raw.scoring.tiebreaks,
            colours: raw.scoring.colours,
        }
    }

    /// The player list, sorted by key, and each provisional id's place in
    /// it. Display name: the registry's name, else the latest spelling;
    /// nationality and location: the registry's, else the latest non-empty.
    fn players(self, registry: &registry::Registry) -> (Vec<Player>, Vec<PlayerId>) {
        let mut keyed: Vec<(String, PlayerId)> = self.ids.into_iter().collect();
        keyed.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let mut latest = self.latest;
        let mut final_id = vec![0; latest.len()];
        let mut players = keyed
            .into_iter()
            .enumerate()
            .map(|(i, (key, id))| {
                final_id[id as usize] = i as PlayerId;
                let l = std::mem::take(&mut latest[id as usize]);
                let entry = registry.entries.get(&key);
                let pick = |registry_value: Option<&String>, own: String| match registry_value {
                    Some(v) if !v.is_empty() => v.clone(),
                    _ => own,
                };
                Player {
                    slug: Box::default(),
                    display: pick(entry.map(|e| &e.display), l.spelling.1).into(),
                    nat: pick(entry.map(|e| &e.nat), l.nat.map(|n| n.1).unwrap_or_default()).into(),
                    loc: pick(entry.map(|e| &e.loc), l.loc.map(|n| n.1).unwrap_or_default()).into(),
                    key: key.into(),
                }
            })
            .collect::<Vec<Player>>();
        // In key order, so that names whose hashes agree get `--2` by it.
        let slugs = distinct_slugs(players.iter().map(|p| &*p.key));
        for (p, slug) in players.iter_mut().zip(slugs) {
            p.slug = slug.into();
        }
        (players, final_id)
    }
}

fn load_pages(site_dir: &Path, files: &[SiteFile], problems: &mut FirstShown) -> Vec<MarkdownPage> {
    let mut pages = Vec::new();
    // Page file → first source, so that `About.md` and `about.md` do not
    // silently overwrite each other.
    let mut owners: HashMap<String, PathBuf> = HashMap::new();
    for file in files {
        let rel = in_data(&file.rel);
        let path = shown(site_dir, &rel);
        let source = match file.read_text() {
            Ok(text) => text,
            Err(d) => {
                problems.push(Diagnostic { path, ..d });
                continue;
            }
        };
        if source.len() > ratings_model::files::MAX_MARKDOWN {
            let message = format!(
                "the page is {} bytes, more than the {} a Markdown page may have (rendering takes many times its size)",
                source.len(),
                ratings_model::files::MAX_MARKDOWN
            );
            problems.push(Diagnostic::new(path, message));
            continue;
        }
        if let Some(tables) = ratings_model::tables::too_many_cells(&source) {
            problems.push(Diagnostic::at(path, &source, tables.at..tables.at, tables.to_string()));
            continue;
        }
        // Markdown is free text, but no control character (line breaks and
        // tabs aside) reaches a page: a page or a terminal would act on it.
        if let Some(bad) = ratings_model::names::control_character(&source, true) {
            let at = source.find(bad).unwrap_or(0);
            let message = format!(
                "the page contains the control character U+{:04X}: remove it",
                bad as u32
            );
            problems.push(Diagnostic::at(path, &source, at..at + bad.len_utf8(), message));
            continue;
        }
        let stem = rel.file_stem().and_then(|s| s.to_str()).unwrap_or("page");
        let title = source
            .lines()
            .find_map(|l| l.strip_prefix("# "))
            .map(|t| t.trim().to_string())
            .unwrap_or_else(|| stem.to_string());
        let page_slug = slug(&ratings_model::names::name_key(stem));
        if let Some(first) = owners.get(&page_slug) {
            problems.push(Diagnostic::new(
                path,
                format!(
                    "this page would be written to pages/{page_slug}.html, like {}: rename one of them",
                    first.display()
                ),
            ));
            continue;
        }
        owners.insert(page_slug.clone(), path);
        pages.push(MarkdownPage {
            slug: page_slug,
            title,
            source,
        });
    }
    pages
}
