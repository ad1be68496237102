//! `ratings import FILE...`: every file read and converted first, then every
//! event file written (or, with `--check`, nothing). A file that cannot be
//! read stops the import before anything is written; so does an event file
//! that exists already (without `--force`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use ratings_formats::Format;
use ratings_model::error::{Diagnostic, Errors, FirstShown, MAX_SHOWN, MAX_SHOWN_IN_ALL, Shown};

use crate::players;
use crate::tournament::{self, EventFile, FidePlayer, Options};

/// What was asked.
#[derive(Debug, Clone, Default)]
pub struct Request {
    pub files: Vec<PathBuf>,
    /// The `data/` folder (or, for a single event, a `.toml` file).
    pub output: Option<PathBuf>,
    pub force: bool,
    pub game_format: Option<String>,
}

/// One file's part of the import.
#[derive(Debug)]
pub struct FileReport {
    pub path: PathBuf,
    /// "FIDE TRF, Latin-1 (Windows-1252)".
    pub kind: String,
    pub events: Vec<EventFile>,
}

/// Everything an import would do.
#[derive(Debug, Default)]
pub struct Plan {
    pub files: Vec<FileReport>,
    /// The files' warnings, in order, to about [`MAX_SHOWN_IN_ALL`]; then
    /// one line counting those of the files after.
    pub warnings: Vec<Diagnostic>,
    /// The warnings of every file, shown or not.
    pub warning_count: usize,
    /// Tournaments not imported, and why: each file's first 100, about
    /// 1,000 in all, then lines counting the rest.
    pub skipped: Vec<Diagnostic>,
    pub skipped_count: usize,
    /// players.toml: where, its new text, how many entries it gains.
    pub players: Option<(PathBuf, String, usize)>,
    /// What players.toml could not record (and FIDE ids found without -o).
    pub notes: Vec<Diagnostic>,
}

impl Plan {
    pub fn events(&self) -> impl Iterator<Item = &EventFile> {
        self.files.iter().flat_map(|f| &f.events)
    }
}

/// The files whose warnings are not shown: those after the files whose
/// warnings came to [`MAX_SHOWN_IN_ALL`] (20,000 files of 100 warnings
/// each printed 155 MB and held 536 MiB).
#[derive(Default)]
struct LeftOut {
    warnings: usize,
    files: usize,
    first: Option<PathBuf>,
}

impl LeftOut {
    /// Takes in one file's warnings (`count` in all): shown, or counted.
    fn add(&mut self, plan: &mut Plan, path: &Path, warnings: Vec<Diagnostic>, count: usize) {
        plan.warning_count += count;
        if count == 0 {
            return;
        }
        if plan.warnings.len() < MAX_SHOWN_IN_ALL {
            plan.warnings.extend(warnings.into_iter().map(|mut w| {
                w.message = ratings_model::error::cut_message(std::mem::take(&mut w.message));
                w
            }));
        } else {
            self.warnings += count;
            self.files += 1;
            self.first.get_or_insert_with(|| path.to_path_buf());
        }
    }

    /// The line that counts the warnings not shown, if any.
    fn finish(self, plan: &mut Plan) {
        let s = |n: usize| if n == 1 { "" } else { "s" };
        if let Some(first) = self.first {
            plan.warnings.push(Diagnostic::new(
                first,
                format!(
                    "{} more warning{} in {} more file{} (this one and those after it) not shown: fix those above and import again",
                    self.warnings,
                    s(self.warnings),
                    self.files,
                    s(self.files)
                ),
            ));
        }
    }
}

/// Reads and converts every file (nothing is written).
pub fn plan(request: &Request) -> Result<Plan, Errors> {
    // Kept as they come: each file's first 100, about 1,000 in all.
    let mut errors = FirstShown::default();
    let mut read = Vec::new();
    // players.toml of the output folder, if there is one: its FIDE ids name players.
    let players_path = request
        .output
        .as_deref()
        .filter(|o| !is_toml_file(o))
        .map(|o| o.join("players.toml"));
    let mut known = players::Known::default();
    let mut existing = String::new();
    if let Some(path) = &players_path
        && std::fs::symlink_metadata(path).is_ok()
    {
        match ratings_model::files::read_text(path) {
            Ok(text) => match players::read_known(path, &text) {
                Ok(k) => {
                    known = k;
                    existing = text;
                }
                Err(kept) => errors.append(kept),
            },
            Err(d) => errors.push(d),
        }
    }
    let mut names: HashMap<u64, String> = known.by_id.clone();
    // Warnings the files read so far will show at least: once they fill
    // what an import shows, a file's warnings are only counted (20,000
    // files of 100 held 330 MiB of text never shown).
    let mut shown = 0;
    let only_count = |parsed: &mut tournament::Parsed, shown: &mut usize| {
        if *shown >= MAX_SHOWN_IN_ALL {
            parsed.count_warnings_only();
        }
        *shown += parsed.warning_count().min(MAX_SHOWN);
    };
    for path in &request.files {
        // Only a regular file (never a FIFO, a device or /proc), never more
        // than 64 MiB held whole (a season's TRF files are kilobytes); a PGN
        // collection is streamed, up to 512 MiB. Larger files are refused
        // before they are read.
        if let Ok(meta) = std::fs::metadata(path)
            && meta.is_file()
            && meta.len() > crate::MAX_PAGE_BYTES
        {
            match stream_pgn(path, meta.len()) {
                Ok(parsed) => {
                    let mut parsed = tournament::Parsed::Whole(parsed, 0);
                    only_count(&mut parsed, &mut shown);
                    tournament::fide_names(&parsed, &mut names);
                    read.push((path.clone(), Format::Pgn, Some(parsed), None));
                }
                Err(ds) => errors.extend(ds),
            }
            continue;
        }
        let bytes = match ratings_model::files::read_regular_at_most(path, crate::MAX_PAGE_BYTES) {
            Ok(bytes) => bytes,
            Err(e) => {
                errors.push(Diagnostic::new(path, e.to_string()));
                continue;
            }
        };
        let format = ratings_formats::detect(&bytes);
        if format == Format::Unknown {
            match wdd(path, bytes) {
                // Held without their path until shown (a file's 100
                // warnings, each naming a path of up to 4 KB).
                Ok((event, warnings)) => {
                    // Once the pages read fill what is shown, only counted
                    // (20,000 pages of 100 held 702 MiB never shown).
                    let count = warnings.len();
                    let warnings = if shown >= MAX_SHOWN_IN_ALL {
                        Vec::new()
                    } else {
                        warnings.into_iter().map(|d| (d.position, d.message)).collect()
                    };
                    shown += count.min(MAX_SHOWN);
                    read.push((path.clone(), Format::Unknown, None, Some((event, warnings, count))));
                }
                Err(ds) => errors.extend(ds),
            }
            continue;
        }
        match tournament::read(path, &bytes, format) {
            Ok(mut parsed) => {
                only_count(&mut parsed, &mut shown);
                tournament::fide_names(&parsed, &mut names);
                read.push((path.clone(), format, Some(parsed), None));
            }
            Err(ds) => errors.extend(ds),
        }
    }
    if !errors.is_empty() {
        return Err(errors.into());
    }
    let options = Options {
        game_format: request.game_format.clone(),
        fide_names: names,
    };
    let mut plan = Plan::default();
    let mut fide: Vec<FidePlayer> = Vec::new();
    let mut left_out = LeftOut::default();
    let mut found = tournament::Found::default();
    for (path, format, parsed, page) in read {
        if let Some((event, warnings, count)) = page {
            let warnings: Vec<(Option<(usize, usize)>, String)> = warnings;
            let warnings = warnings.into_iter().map(|(position, message)| Diagnostic {
                path: path.clone(),
                position,
                message,
            });
            left_out.add(&mut plan, &path, warnings.collect(), count);
            plan.files.push(FileReport {
                path,
                kind: "World Diplomacy Database page".into(),
                events: vec![event],
            });
            continue;
        }
        let Some(parsed) = parsed else { continue };
        let converted = tournament::convert(&path, parsed, format, &options, &mut found);
        left_out.add(&mut plan, &path, converted.warnings, converted.warning_count);
        fide.extend(converted.fide_players);
        plan.files.push(FileReport {
            kind: format!("{}, {}", tournament::format_name(format), converted.encoding),
            path,
            events: converted.events,
        });
    }
    left_out.finish(&mut plan);
    // An event file a build would refuse stops the import: nothing is written.
    if !found.errors.is_empty() {
        return Err(found.errors.into());
    }
    plan.skipped_count = found.skipped.len();
    plan.skipped = found.skipped.into_sorted("skipped event");
    tell_apart(
        plan.files
            .iter_mut()
            .flat_map(|f| &mut f.events)
            .map(|e| &mut e.rel_path)
            .collect(),
    );
    match &players_path {
        Some(path) => {
            let (added_text, added, notes) = players::additions(&known, &fide, path);
            plan.notes.extend(notes);
            if added > 0 {
                let mut text = existing;
                if text.is_empty() {
                    text.push_str(
                        "# Players: other spellings (aliases), nationality, FIDE id (docs/data-format.md).\n",
                    );
                } else if !text.ends_with('\n') {
                    text.push('\n');
                }
                text.push_str(&added_text);
                // The merged file must load as a build loads it.
                if text.len() as u64 > ratings_model::files::MAX_TEXT_FILE {
                    return Err(Errors::from(Diagnostic::new(
                        path,
                        format!(
                            "with the {added} players with a FIDE id added it would be {} bytes, more than the {} \
                             bytes a site reads in one file (a build would refuse it); nothing is written",
                            text.len(),
                            ratings_model::files::MAX_TEXT_FILE
                        ),
                    )));
                }
                players::read_known(path, &text)?;
                plan.players = Some((path.clone(), text, added));
            }
        }
        None if !fide.is_empty() => plan.notes.push(Diagnostic::new(
            "players.toml",
            "the files give FIDE ids: import into a data folder (-o data) to record them in data/players.toml",
        )),
        None => {}
    }
    Ok(plan)
}

/// The largest PGN collection an import streams (memory holds the events
/// found, never the file): some 350,000 games with clock comments.
pub const MAX_PGN_BYTES: u64 = 512 << 20;

/// A file of more than 64 MiB: a PGN collection up to [`MAX_PGN_BYTES`] is
/// read as a stream; anything else is refused, saying why.
fn stream_pgn(path: &Path, len: u64) -> Result<ratings_formats::Import, Vec<Diagnostic>> {
    use std::io::Read as _;
    let too_large = || {
        vec![Diagnostic::new(
            path,
            format!(
                "the file is {} MiB; an import reads PGN files up to {} MiB and other files up to {} MiB (split it, e.g. one file per season)",
                len.div_ceil(1 << 20),
                MAX_PGN_BYTES >> 20,
                crate::MAX_PAGE_BYTES >> 20
            ),
        )]
    };
    if len > MAX_PGN_BYTES {
        return Err(too_large());
    }
    let mut file = std::fs::File::open(path).map_err(|e| vec![Diagnostic::io(path, &e)])?;
    let mut head = Vec::with_capacity(64 * 1024);
    (&mut file)
        .take(64 * 1024)
        .read_to_end(&mut head)
        .map_err(|e| vec![Diagnostic::io(path, &e)])?;
    if ratings_formats::detect(&head) != Format::Pgn {
        return Err(too_large());
    }
    // Never more than the limit, even from a file that grows meanwhile.
    let input = std::io::Cursor::new(head).chain(file.take(MAX_PGN_BYTES - 64 * 1024));
    ratings_formats::pgn::parse_reader(input).map_err(|e| vec![tournament::diagnostic_of(path, e)])
}

/// A World Diplomacy Database page, as one event file.
fn wdd(path: &Path, bytes: Vec<u8>) -> Result<(EventFile, Vec<Diagnostic>), Vec<Diagnostic>> {
    if bytes.contains(&0) {
        return Err(vec![Diagnostic::new(
            path,
            "binary data: not a TRF, PGN or CSV file, nor a World Diplomacy Database page",
        )]);
    }
    let (text, note) = crate::decode_page(bytes);
    let mut imported = crate::parse(path, &text).map_err(|mut ds| {
        if let Some(d) = ds.first_mut()
            && d.message.starts_with("no event header found")
        {
            d.message = "not a FIDE TRF file (`001` player lines), a PGN file (`[Event \"…\"]` tags), a CSV file with an import header (docs/data-format.md), nor a World Diplomacy Database page".into();
        }
        ds
    })?;
    if let Some(note) = note {
        imported.warnings.insert(0, Diagnostic::new(path, note));
    }
    let source = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ev = &imported.event;
    let event = EventFile {
        rel_path: crate::suggested_path(ev),
        name: ev.name.clone(),
        date: ev.date,
        toml: crate::to_toml(ev, &source),
        summary: format!("{} result rows of {} players", ev.rows.len(), ev.players),
    };
    // The loader's check saw the file without its first comment line.
    if event.toml.len() as u64 > ratings_model::files::MAX_TEXT_FILE {
        let holds = format!("{} result rows", ev.rows.len());
        return Err(vec![Diagnostic::new(
            path,
            crate::oversized(&ev.name, Some(event.toml.len()), &holds),
        )]);
    }
    Ok((event, imported.warnings))
}

/// `-o` names a file (a single event) rather than a folder.
pub fn is_toml_file(output: &Path) -> bool {
    !output.is_dir()
        && !output.as_os_str().to_string_lossy().ends_with('/')
        && output.extension().is_some_and(|e| e == "toml")
}

/// Where each event file goes under `output`.
pub fn targets(plan: &Plan, output: &Path) -> Vec<PathBuf> {
    plan.events()
        .map(|e| {
            if is_toml_file(output) {
                output.to_path_buf()
            } else {
                output.join(&e.rel_path)
            }
        })
        .collect()
}

/// One target per event: paths given twice are told apart (`-2`, `-3`, …
/// the first number no other path has), the first keeping its name. The next
/// number to try is kept per stem, so 20,000 events of one name and date
/// cost linear time, not a scan from `-2` each.
fn tell_apart(mut paths: Vec<&mut String>) {
    use std::collections::{HashMap, HashSet};
    let mut used: HashSet<String> = paths.iter().map(|p| p.to_string()).collect();
    let mut kept: HashSet<String> = HashSet::new();
    let mut next: HashMap<String, u64> = HashMap::new();
    for path in paths.iter_mut() {
        if kept.insert(path.to_string()) {
            continue;
        }
        let stem = path.trim_end_matches(".toml").to_string();
        let n = next.entry(stem.clone()).or_insert(2);
        while used.contains(&format!("{stem}-{n}.toml")) {
            *n += 1;
        }
        **path = format!("{stem}-{n}.toml");
        *n += 1;
        used.insert(path.to_string());
        kept.insert(path.to_string());
    }
}

/// Writes the plan: refused as a whole (nothing written) when a target exists
/// and `force` is off, or when `-o` names one file for several events.
pub fn write(plan: &Plan, output: &Path, force: bool) -> Result<Vec<PathBuf>, Errors> {
    let targets = targets(plan, output);
    if is_toml_file(output) && targets.len() > 1 {
        return Err(Errors::from(Diagnostic::new(
            output,
            format!(
                "{} events to write into one file: give a folder (-o data)",
                targets.len()
            ),
        )));
    }
    let links = links_out(output, &targets);
    if !links.is_empty() {
        return Err(links.into());
    }
    if !force {
        // About 1,000 shown, the rest counted (an import run again over
        // 50,000 events printed each).
        let mut existing = FirstShown::default();
        for target in targets.iter().filter(|t| std::fs::symlink_metadata(t).is_ok()) {
            existing.push(Diagnostic::new(target, "the file exists; use --force to replace it"));
        }
        if !existing.is_empty() {
            return Err(existing.into());
        }
    }
    let mut written = Vec::new();
    for (event, target) in plan.events().zip(&targets) {
        crate::write_new(target, event.toml.as_bytes(), force)
            .map_err(|e| Errors::from(Diagnostic::new(target, e.to_string())))?;
        written.push(target.clone());
    }
    if let Some((path, text, _)) = &plan.players {
        // Merged (the old text kept as it was, entries added at the end).
        crate::write_new(path, text.as_bytes(), true)
            .map_err(|e| Errors::from(Diagnostic::new(path, e.to_string())))?;
        written.push(path.clone());
    }
    Ok(written)
}

/// The folders between `output` and the targets that are links out of
/// `output` (a year folder linked elsewhere), each once: an event would be
/// written, or with `--force` a file replaced, outside the folder the
/// import writes into. A link that stays inside it is followed.
fn links_out(output: &Path, targets: &[PathBuf]) -> FirstShown {
    let Ok(root) = ratings_model::files::real_path(output) else {
        return FirstShown::default();
    };
    let mut seen = std::collections::HashSet::new();
    let mut found = FirstShown::default();
    for target in targets {
        let Some(rel) = target.parent().and_then(|p| p.strip_prefix(output).ok()) else {
            continue;
        };
        let mut dir = output.to_path_buf();
        for part in rel.components() {
            dir.push(part);
            if !seen.insert(dir.clone()) {
                continue;
            }
            let link = dir.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink());
            if link && !ratings_model::files::real_path(&dir).is_ok_and(|d| d.starts_with(&root)) {
                found.push(Diagnostic::new(
                    &dir,
                    format!("a link out of {}: import writes only inside it", Shown(output)),
                ));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::tell_apart;

    fn told_apart(paths: &[&str]) -> Vec<String> {
        let mut paths: Vec<String> = paths.iter().map(|p| p.to_string()).collect();
        tell_apart(paths.iter_mut().collect());
        paths
    }

    #[test]
    fn repeated_paths_take_the_first_free_number() {
        assert_eq!(
            told_apart(&["e/a.toml", "e/a.toml", "e/a-3.toml", "e/a.toml", "e/b.toml", "e/a.toml"]),
            [
                "e/a.toml",
                "e/a-2.toml",
                "e/a-3.toml",
                "e/a-4.toml",
                "e/b.toml",
                "e/a-5.toml"
            ]
        );
        // A name already given a number keeps it; its own repeats count on.
        assert_eq!(
            told_apart(&["a.toml", "a-2.toml", "a.toml", "a-2.toml"]),
            ["a.toml", "a-2.toml", "a-3.toml", "a-2-2.toml"]
        );
    }

    #[test]
    fn many_events_of_one_name() {
        // Scanning from `-2` for each took 31 s for these 20,000 in a release
        // build (minutes in a test build); counting on per stem, well under one.
        let paths = told_apart(&vec!["2024/x.toml"; 20_000]);
        assert_eq!(paths[0], "2024/x.toml");
        assert_eq!(paths[1], "2024/x-2.toml");
        assert_eq!(paths[19_999], "2024/x-20000.toml");
        let distinct: std::collections::HashSet<&String> = paths.iter().collect();
        assert_eq!(distinct.len(), 20_000);
    }
}
