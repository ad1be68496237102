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
    let config = crate::static_files::read_regular(&site_dir.join("site.toml")).ok()?;
    config.hash(&mut h);
    for folder in ["data", "static"] {
        folder.hash(&mut h);
        let root = site_dir.join(folder);
        if !root.exists() {
            continue;
        }
        for entry in walkdir::WalkDir::new(&root).follow_links(true).sort_by_file_name() {
            let entry = entry.ok()?;
            if entry.file_type().is_dir() {
                continue;
            }
            entry.path().strip_prefix(&root).ok()?.hash(&mut h);
            // Never open a FIFO or a device (the load reports them).
            if !entry.file_type().is_file() {
                return None;
            }
            std::fs::read(entry.path()).ok()?.hash(&mut h);
        }
    }
    Some(h.finish())
}
