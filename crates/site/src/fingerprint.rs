//! Fingerprint of a build's inputs: every file the build can read (site.toml,
//! data/, static/) by path and content, and the program itself (templates
//! are compiled into it). Equal fingerprints mean an equal site.

use std::hash::{Hash, Hasher};
use std::path::Path;

/// `None` when some input cannot be read (the build then reports it).
pub fn inputs(site_dir: &Path) -> Option<u64> {
    let mut h = std::hash::DefaultHasher::new();
    env!("CARGO_PKG_VERSION").hash(&mut h);
    // The program: a rebuilt binary (new templates, new code) has another
    // size or time.
    let exe = std::env::current_exe().ok()?;
    let meta = std::fs::metadata(&exe).ok()?;
    (exe.as_os_str(), meta.len(), meta.modified().ok()?).hash(&mut h);
    // The files a build reads, under the same rule (bounded, no link out
    // of the site; hidden files, a `.backup.tar` or `.git/`, never read).
    let bounds = ratings_model::files::Bounds::new(site_dir, None)?;
    let config = ratings_model::files::single(site_dir, "site.toml", &bounds)?
        .ok()?
        .read()
        .ok()?;
    config.hash(&mut h);
    for folder in ["data", "static"] {
        folder.hash(&mut h);
        let found = ratings_model::files::walk(site_dir, folder, &bounds);
        if !found.problems.is_empty() {
            return None;
        }
        for file in found.files {
            file.rel.hash(&mut h);
            // In pieces: a static file may be large (the hash of the
            // pieces is as good a fingerprint as the hash of the whole).
            file.for_each_piece(&mut |piece| {
                piece.hash(&mut h);
                Ok(())
            })
            .ok()?;
        }
    }
    Some(h.finish())
}
