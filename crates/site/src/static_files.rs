//! The files of `static/`, copied verbatim into the output: those the
//! rule of [`ratings_model::files`] lets a site publish (nothing hidden, no
//! link out of the site or into the output, only regular files).

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
/// or a folder where a generated file goes (`static/index.html/x`).
pub fn folder_clashes(
    site_dir: &Path,
    statics: &[SiteFile],
    is_generated_file: impl Fn(&str) -> bool,
    is_generated_dir: impl Fn(&str) -> bool,
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for SiteFile { rel, path: src, .. } in statics {
        if is_generated_dir(rel) {
            problems.push(Diagnostic::new(
                shown_under(site_dir, src),
                format!("static file would take the place of the generated folder {rel}/"),
            ));
            continue;
        }
        let mut rest = rel.as_str();
        while let Some((d, _)) = rest.rsplit_once('/') {
            if is_generated_file(d) {
                problems.push(Diagnostic::new(
                    shown_under(site_dir, src),
                    format!("static folder would take the place of the generated file {d}"),
                ));
                break;
            }
            rest = d;
        }
    }
    problems
}
