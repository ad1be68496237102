//! The files of `static/`, copied verbatim into the output: those the
//! rule of [`ratings_model::files`] lets a site publish (nothing hidden, no
//! link out of the site or into the output, only regular files).

use std::collections::HashMap;
use std::path::Path;

use ratings_model::error::{Diagnostic, Errors};
use ratings_model::files::shown_under;
use ratings_model::files::{Bounds, SiteFile, walk};

/// Files under `static/` (their `rel` is their path in the output).
/// `output` is the folder the build writes (a link may not lead into it).
pub fn static_files(site_dir: &Path, output: Option<&Path>) -> Result<Vec<SiteFile>, Errors> {
    let Some(bounds) = Bounds::new(site_dir, output) else {
        return Ok(Vec::new());
    };
    let found = walk(site_dir, "static", &bounds);
    if found.problems.is_empty() {
        Ok(found.files)
    } else {
        Err(Errors::sorted(found.problems))
    }
}

/// Static files that cannot sit beside the generated ones: a file where a
/// generated file needs a folder (`static/player` beside `player/x.html`),
/// or a folder where a generated file goes (`static/index.html/x`). Each
/// folder is asked about once, whatever the files under it (each file asked
/// about each of its folders: 1,000 files 2,000 folders deep took 40 s).
pub fn folder_clashes(
    site_dir: &Path,
    statics: &[SiteFile],
    is_generated_file: impl Fn(&str) -> bool,
    is_generated_dir: impl Fn(&str) -> bool,
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    // A folder's nearest folder (itself or above) where a generated file goes.
    let mut clash_of: HashMap<&str, Option<&str>> = HashMap::new();
    for SiteFile { rel, path: src, .. } in statics {
        if is_generated_dir(rel) {
            problems.push(Diagnostic::new(
                shown_under(site_dir, src),
                format!("static file would take the place of the generated folder {rel}/"),
            ));
            continue;
        }
        // The folders not asked about yet, nearest first, up to one that was.
        let (mut unknown, mut clash, mut rest) = (Vec::new(), None, rel.as_str());
        while let Some((d, _)) = rest.rsplit_once('/') {
            if let Some(&known) = clash_of.get(d) {
                clash = known;
                break;
            }
            unknown.push(d);
            rest = d;
        }
        for &d in unknown.iter().rev() {
            if is_generated_file(d) {
                clash = Some(d);
            }
            clash_of.insert(d, clash);
        }
        if let Some(d) = clash {
            problems.push(Diagnostic::new(
                shown_under(site_dir, src),
                format!("static folder would take the place of the generated file {d}"),
            ));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn each_folder_is_asked_about_once_and_the_nearest_clash_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let deep: String = (0..40).map(|i| format!("f{i}/")).collect();
        let folder = dir.path().join("static").join(&deep);
        std::fs::create_dir_all(&folder).unwrap();
        for i in 0..100 {
            std::fs::write(folder.join(format!("{i}.txt")), "").unwrap();
        }
        std::fs::write(dir.path().join("static/f0/top.txt"), "").unwrap();
        let statics = static_files(dir.path(), None).unwrap();
        assert_eq!(statics.len(), 101);
        let asked = Cell::new(0);
        let is_file = |d: &str| {
            asked.set(asked.get() + 1);
            d == "f0/f1" || d == "f0/f1/f2/f3"
        };
        let problems = folder_clashes(dir.path(), &statics, is_file, |_| false);
        // 40 folders, each asked once (each file asked about each of its
        // folders: 4,001 times).
        assert_eq!(asked.get(), 40);
        assert_eq!(problems.len(), 100);
        assert!(
            problems
                .iter()
                .all(|p| p.message == "static folder would take the place of the generated file f0/f1/f2/f3"),
            "{:?}",
            problems[0]
        );
    }
}
