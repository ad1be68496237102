//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The folder of a fixture site.
pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

/// The repository root (the shipped site).
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Options to build the site at `site` into `out` (without `--force`).
pub fn options(site: &Path, out: &Path) -> ratings_site::BuildOptions {
    ratings_site::BuildOptions {
        site_dir: site.to_path_buf(),
        output: Some(out.to_path_buf()),
        force: false,
    }
}

/// Build a site into a fresh temporary folder; returns (tempdir guard, output path).
pub fn build(site: &Path) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    if let Err(e) = ratings_site::build(&options(site, &out)) {
        panic!("build of {} failed:\n{e}", site.display());
    }
    (tmp, out)
}

pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Decode the entities askama and pulldown-cmark write.
pub fn unescape(s: &str) -> String {
    s.replace("&#34;", "\"")
        .replace("&#39;", "'")
        .replace("&#60;", "<")
        .replace("&#62;", ">")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#38;", "&")
        .replace("&amp;", "&")
}

/// Text content of an HTML fragment: tags removed, entities decoded.
pub fn text(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    unescape(out.trim())
}

/// The rows (cell texts) of every `<tbody>` in the page, in order.
/// The cells of every body row of every table (rows of `<th>` only, such
/// as an event's heading row in a list of matches, are left out).
pub fn table_rows(html: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<tbody") {
        let body = &rest[start..];
        let end = body.find("</tbody>").expect("closed tbody");
        for tr in body[..end].split("<tr").skip(1) {
            let cells: Vec<String> = tr
                .split("<td")
                .skip(1)
                .map(|td| {
                    let inner = &td[td.find('>').unwrap() + 1..];
                    text(&inner[..inner.find("</td>").unwrap_or(inner.len())])
                })
                .collect();
            if !cells.is_empty() {
                rows.push(cells);
            }
        }
        rest = &body[end..];
    }
    rows
}

/// [`table_rows`] of the first table of class `class` ("results",
/// "history", "matches", ...).
pub fn table_rows_of(html: &str, class: &str) -> Vec<Vec<String>> {
    let start = html
        .find(&format!("<table class=\"{class}"))
        .unwrap_or_else(|| panic!("no table of class {class}"));
    let table = &html[start..];
    table_rows(&table[..table.find("</table>").expect("closed table")])
}

/// Every generated file under `root`, relative, with `/` separators.
pub fn files(root: &Path) -> Vec<String> {
    let mut out: Vec<String> = walkdir::WalkDir::new(root)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            e.path()
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    out.sort();
    out
}

/// Copy a folder tree; symbolic links are copied as links.
pub fn copy_tree(from: &Path, to: &Path) {
    for e in walkdir::WalkDir::new(from) {
        let e = e.unwrap();
        let dest = to.join(e.path().strip_prefix(from).unwrap());
        let kind = e.file_type();
        if kind.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(e.path()).unwrap(), &dest).unwrap();
        } else if kind.is_dir() {
            std::fs::create_dir_all(&dest).unwrap();
        } else {
            std::fs::copy(e.path(), &dest).unwrap();
        }
    }
}

/// What a folder holds, for byte-for-byte comparison: every entry (not
/// following links) with its kind and content (file bytes or link target).
pub fn snapshot(root: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut out = std::collections::BTreeMap::new();
    for e in walkdir::WalkDir::new(root).min_depth(1) {
        let e = e.unwrap();
        let rel = e.path().strip_prefix(root).unwrap().to_string_lossy().into_owned();
        let kind = e.file_type();
        let content = if kind.is_symlink() {
            let mut v = b"link:".to_vec();
            v.extend(std::fs::read_link(e.path()).unwrap().to_string_lossy().as_bytes());
            v
        } else if kind.is_dir() {
            b"dir".to_vec()
        } else {
            let mut v = b"file:".to_vec();
            v.extend(std::fs::read(e.path()).unwrap());
            v
        };
        out.insert(rel, content);
    }
    out
}

/// Names in a folder (not recursive), sorted.
pub fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Names in a folder, sorted, without the `.NAME.spare` and `.NAME.lock`
/// that builds keep beside an output folder.
pub fn entries_but_kept(dir: &Path) -> Vec<String> {
    entries(dir)
        .into_iter()
        .filter(|e| !(e.starts_with('.') && (e.ends_with(".spare") || e.ends_with(".lock") || e.ends_with(".files"))))
        .collect()
}

/// The built binary.
pub const BIN: &str = env!("CARGO_BIN_EXE_ratings");

/// Run `ratings build --site SITE --output OUT [extra]` in `cwd`.
pub fn run_build(cwd: &Path, site: &str, out: &str, extra: &[&str]) -> std::process::Output {
    std::process::Command::new(BIN)
        .current_dir(cwd)
        .args(["build", "--site", site, "--output", out])
        .args(extra)
        .output()
        .unwrap()
}

/// Write a synthetic site with `ratings_bench::synth` (the generator of the
/// benchmarks): `events` placement events of about `per_event` result rows
/// drawn from `players` players, plus a tenth as many match events, rated
/// by all five systems.
pub fn synthetic_site(dir: &Path, events: usize, per_event: usize, players: usize, seed: u64) {
    let params = ratings_bench::synth::SynthParams {
        seed,
        events,
        players,
        results: events * per_event,
        match_events: events / 10,
        matches: events / 10 * 20,
        all_systems: true,
    };
    ratings_bench::synth::generate(dir, &params).unwrap();
}

/// Copy a folder tree (a fixture into a temporary folder).
pub fn copy_dir(from: &Path, to: &Path) {
    copy_tree(from, to);
}

/// `ratings check` warnings of a site as `relative/path:line: message`.
pub fn check_warnings(site: &Path) -> Vec<String> {
    ratings_site::check(site)
        .unwrap()
        .warnings
        .iter()
        .map(|w| {
            let rel = w.path.strip_prefix(site).unwrap().display().to_string();
            format!("{rel}:{}: {}", w.position.map_or(0, |p| p.0), w.message)
        })
        .collect()
}

/// The first `<section>` of a page whose heading names `title` (a rating's
/// part of a player or event page).
pub fn section<'h>(html: &'h str, title: &str) -> &'h str {
    html.split("<section")
        .find(|s| {
            let heading = s.split("</h2>").next().unwrap_or_default();
            text(heading).trim().ends_with(title)
        })
        .unwrap_or_else(|| panic!("no section {title:?}"))
}

/// The column groups of the first table of class `class` (one per rating):
/// each heading's text and the range of its cells in the body rows.
pub fn group_ranges(html: &str, class: &str) -> Vec<(String, std::ops::Range<usize>)> {
    let start = html
        .find(&format!("<table class=\"{class}"))
        .unwrap_or_else(|| panic!("no table of class {class}"));
    let thead = &html[start..];
    let thead = &thead[thead.find("<thead>").unwrap()..thead.find("</thead>").unwrap()];
    let first = thead.split("<tr>").nth(1).expect("a header row");
    let mut offset = 0;
    let mut groups = Vec::new();
    for cell in first.split("<t").filter(|c| c.starts_with('d') || c.starts_with('h')) {
        let open = &cell[..cell.find('>').unwrap()];
        let span = attribute(open, "colspan").map_or(1, |s| s.parse().unwrap());
        if cell.starts_with('h') {
            let inner = &cell[cell.find('>').unwrap() + 1..];
            groups.push((text(inner).trim().to_string(), offset..offset + span));
        }
        offset += span;
    }
    groups
}

/// The value of attribute `name` in a start tag's text, quoted or not.
pub fn attribute<'a>(open: &'a str, name: &str) -> Option<&'a str> {
    let rest = &open[open.find(&format!(" {name}="))? + name.len() + 2..];
    Some(match rest.strip_prefix('"') {
        Some(quoted) => &quoted[..quoted.find('"')?],
        None => &rest[..rest.find([' ', '>']).unwrap_or(rest.len())],
    })
}

/// The range of the column group headed `group` (a rating's title).
pub fn group_range(html: &str, class: &str, group: &str) -> std::ops::Range<usize> {
    group_ranges(html, class)
        .into_iter()
        .find(|(title, _)| title == group)
        .unwrap_or_else(|| panic!("no column group {group:?} in the {class} table"))
        .1
}

/// The rows of the first table of class `class` in which the column group
/// `group` has a value, each cut to that group's cells, with the first
/// `lead` cells of the row before them.
pub fn group_rows(html: &str, class: &str, group: &str, lead: usize) -> Vec<Vec<String>> {
    let range = group_range(html, class, group);
    table_rows_of(html, class)
        .into_iter()
        .filter(|r| r[range.clone()].iter().any(|c| !c.is_empty()))
        .map(|r| r[..lead].iter().chain(&r[range.clone()]).cloned().collect())
        .collect()
}

/// A CSV without quoted cells, as rows of cells.
pub fn csv_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}
