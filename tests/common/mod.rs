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

/// Build a site into a fresh temporary folder; returns (tempdir guard, output path).
pub fn build(site: &Path) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let options = ratings::BuildOptions {
        site_dir: site.to_path_buf(),
        output: Some(out.clone()),
        force: false,
    };
    if let Err(e) = ratings::build(&options) {
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
pub fn table_rows(html: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<tbody>") {
        let body = &rest[start..];
        let end = body.find("</tbody>").expect("closed tbody");
        for tr in body[..end].split("<tr").skip(1) {
            let cells = tr
                .split("<td")
                .skip(1)
                .map(|td| {
                    let inner = &td[td.find('>').unwrap() + 1..];
                    text(&inner[..inner.find("</td>").unwrap_or(inner.len())])
                })
                .collect();
            rows.push(cells);
        }
        rest = &body[end..];
    }
    rows
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

/// Copy a folder tree (a fixture into a temporary folder).
pub fn copy_dir(from: &Path, to: &Path) {
    for e in walkdir::WalkDir::new(from) {
        let e = e.unwrap();
        let dest = to.join(e.path().strip_prefix(from).unwrap());
        if e.file_type().is_dir() {
            std::fs::create_dir_all(&dest).unwrap();
        } else {
            std::fs::copy(e.path(), &dest).unwrap();
        }
    }
}
