//! The files of `static/`, copied verbatim into the output.
//!
//! Only regular files inside the site folder are published: hidden files
//! and folders (`.env`, `.git/`) are skipped as in `data/`; a symbolic link
//! may point to a file or folder inside the site folder, and a link that
//! leaves it (`/etc`, `/proc/self/environ`, a secret elsewhere) is an
//! error, as are FIFOs, sockets and devices, which are never opened.

use std::path::{Path, PathBuf};

use crate::error::{Diagnostic, Errors};
use crate::load::shown_under;

/// Files under `static/`: (path relative to the output, source path).
pub fn static_files(site_dir: &Path) -> Result<Vec<(String, PathBuf)>, Errors> {
    let root = site_dir.join("static");
    let mut files = Vec::new();
    if !root.is_dir() {
        return Ok(files);
    }
    let mut problems = Vec::new();
    // Links must stay inside the site folder (as resolved now).
    let Ok(site_real) = site_dir.canonicalize() else {
        return Ok(files);
    };
    let mut walker = walkdir::WalkDir::new(&root)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter();
    while let Some(entry) = walker.next() {
        let e = match entry {
            Ok(e) => e,
            Err(err) => {
                problems.push(Diagnostic::new(
                    shown_under(site_dir, err.path().unwrap_or(&root)),
                    if err.loop_ancestor().is_some() {
                        "symbolic link loop".to_string()
                    } else {
                        err.io_error().map_or_else(|| err.to_string(), |e| e.to_string())
                    },
                ));
                continue;
            }
        };
        if e.depth() > 0 && e.file_name().to_string_lossy().starts_with('.') {
            // Hidden: `.env`, `.git/`, editor backups. Not published.
            if e.file_type().is_dir() {
                walker.skip_current_dir();
            }
            continue;
        }
        let shown = shown_under(site_dir, e.path());
        let inside = e.path().canonicalize().is_ok_and(|real| real.starts_with(&site_real));
        if !inside {
            problems.push(Diagnostic::new(
                shown,
                "symbolic link to a file outside the site folder: static/ publishes only files of the site",
            ));
            if e.file_type().is_dir() {
                walker.skip_current_dir();
            }
            continue;
        }
        let kind = e.file_type();
        if kind.is_dir() {
            continue;
        }
        if !kind.is_file() {
            problems.push(Diagnostic::new(shown, not_regular(&kind)));
            continue;
        }
        let rel = e.path().strip_prefix(&root).expect("under static/");
        match rel.to_str() {
            Some(s) => files.push((s.replace(std::path::MAIN_SEPARATOR, "/"), e.path().to_path_buf())),
            None => problems.push(Diagnostic::new(shown, "file name is not valid UTF-8")),
        }
    }
    if problems.is_empty() {
        Ok(files)
    } else {
        Err(Errors::sorted(problems))
    }
}

/// The message for a path that is neither a regular file nor a folder.
pub fn not_regular(kind: &std::fs::FileType) -> String {
    use std::os::unix::fs::FileTypeExt;
    let what = if kind.is_fifo() {
        "a named pipe (FIFO)"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else {
        "not a regular file"
    };
    format!("{what}: only regular files can be read")
}

/// Static files that cannot sit beside the generated ones: a file where a
/// generated file needs a folder (`static/player` beside `player/x.html`),
/// or a folder where a generated file goes (`static/index.html/x`).
pub fn folder_clashes(
    site_dir: &Path,
    statics: &[(String, PathBuf)],
    is_generated_file: impl Fn(&str) -> bool,
    is_generated_dir: impl Fn(&str) -> bool,
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for (rel, src) in statics {
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

/// Read a file only if it is a regular file: FIFOs and devices are refused
/// without blocking (opened non-blocking, checked before any read).
pub fn read_regular(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            not_regular(&meta.file_type()),
        ));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}
