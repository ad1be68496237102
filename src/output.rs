//! Stage 5, write: the only stage that touches the output folder.
//!
//! A build writes into a fresh folder beside the output and swaps it in only
//! when everything succeeded, so a failed or killed build leaves the previous
//! site as it was. A file whose bytes equal the previous output's is
//! hard-linked instead of rewritten, so it keeps its modification time and
//! costs no data write.

use std::collections::BTreeSet;
use std::fs;
use std::hash::{Hash, Hasher};
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::error::Diagnostic;

/// Present in every folder this tool wrote; only such folders are replaced.
pub const MARKER: &str = ".ratings-site";

/// An output folder being built.
pub struct Staging {
    out: PathBuf,
    tmp: PathBuf,
    previous: Option<PathBuf>,
    /// `.NAME.spare` beside the output: old versions of changed files, kept
    /// to be overwritten in place by later builds (see [`Staging::write`]).
    spare: PathBuf,
    pub written: AtomicUsize,
    pub unchanged: AtomicUsize,
    /// Sum of [`entry_hash`] over the files written or linked: what the
    /// output must still show for a later build to skip (see [`Stamp`]).
    tree: AtomicU64,
}

/// One output file's identity: path, size, modification time and inode. Any
/// write, replacement or removal changes it.
fn entry_hash(rel: &str, meta: &fs::Metadata) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    rel.hash(&mut h);
    (meta.len(), meta.mtime(), meta.mtime_nsec(), meta.ino(), meta.dev()).hash(&mut h);
    h.finish()
}

/// What the marker file records about a finished build, so that a build of
/// unchanged inputs into an untouched output can skip all work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stamp {
    /// Fingerprint of the inputs and of the program.
    pub input: u64,
    /// Files in the output (without the marker) and the sum of their
    /// [`entry_hash`]es.
    pub files: usize,
    pub tree: u64,
    /// pages, bytes, players, events, ratings of the build that wrote it.
    pub counts: [u64; 5],
}

const MARKER_TEXT: &str = "Written by the ratings site generator; the next build replaces this folder.\n";

impl Stamp {
    fn to_text(&self) -> String {
        let c = &self.counts;
        format!(
            "{MARKER_TEXT}input {:016x}\ntree {:016x} {}\ncounts {} {} {} {} {}\n",
            self.input, self.tree, self.files, c[0], c[1], c[2], c[3], c[4]
        )
    }

    fn parse(text: &str) -> Option<Stamp> {
        let mut lines = text.strip_prefix(MARKER_TEXT)?.lines();
        let input = u64::from_str_radix(lines.next()?.strip_prefix("input ")?, 16).ok()?;
        let mut tree = lines.next()?.strip_prefix("tree ")?.split(' ');
        let tree_hash = u64::from_str_radix(tree.next()?, 16).ok()?;
        let files = tree.next()?.parse().ok()?;
        let mut counts = [0u64; 5];
        let mut words = lines.next()?.strip_prefix("counts ")?.split(' ');
        for c in &mut counts {
            *c = words.next()?.parse().ok()?;
        }
        Some(Stamp {
            input,
            files,
            tree: tree_hash,
            counts,
        })
    }
}

/// The stamp of the output folder `out` if its files are still exactly those
/// the recorded build wrote (same paths, sizes, times and inodes).
pub fn intact_stamp(out: &Path) -> Option<Stamp> {
    let stamp = Stamp::parse(&fs::read_to_string(out.join(MARKER)).ok()?)?;
    let mut files = 0usize;
    let mut sum = 0u64;
    for entry in walkdir::WalkDir::new(out).min_depth(1) {
        let entry = entry.ok()?;
        let t = entry.file_type();
        if t.is_dir() {
            continue;
        }
        if !t.is_file() {
            return None;
        }
        let rel = entry.path().strip_prefix(out).ok()?.to_str()?;
        let rel = rel.replace(std::path::MAIN_SEPARATOR, "/");
        if rel == MARKER {
            continue;
        }
        files += 1;
        sum = sum.wrapping_add(entry_hash(&rel, &entry.metadata().ok()?));
    }
    (files == stamp.files && sum == stamp.tree).then_some(stamp)
}

fn absolute(p: &Path) -> io::Result<PathBuf> {
    // Canonicalize the deepest existing ancestor, then add the rest.
    let p = if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::env::current_dir()?.join(p)
    };
    let mut existing = p.as_path();
    let mut rest = Vec::new();
    loop {
        match existing.canonicalize() {
            Ok(c) => {
                let mut full = c;
                for part in rest.iter().rev() {
                    full.push(part);
                }
                return Ok(normalize(&full));
            }
            Err(_) => match (existing.parent(), existing.file_name()) {
                (Some(parent), Some(name)) => {
                    rest.push(name.to_os_string());
                    existing = parent;
                }
                _ => return Ok(normalize(&p)),
            },
        }
    }
}

fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

fn refuse(out: &Path, why: impl Into<String>) -> Diagnostic {
    Diagnostic::new(out, format!("refusing to use this output folder: {}", why.into()))
}

impl Staging {
    /// Check that `out` may be (re)placed and open a fresh build folder.
    pub fn begin(out: &Path, site_dir: &Path, force: bool) -> Result<Staging, Diagnostic> {
        let abs_out = absolute(out).map_err(|e| Diagnostic::io(out, &e))?;
        let abs_site = absolute(site_dir).map_err(|e| Diagnostic::io(site_dir, &e))?;
        if abs_out.parent().is_none() {
            return Err(refuse(out, "it is the file system root"));
        }
        if abs_site.starts_with(&abs_out) {
            return Err(refuse(out, "it is the site folder or one of its parents"));
        }
        for own in ["data", "static", "templates", "src", ".git"] {
            if abs_out.starts_with(abs_site.join(own)) {
                return Err(refuse(out, format!("it is inside the site's {own}/ folder")));
            }
        }
        let meta = fs::symlink_metadata(out);
        let previous = match meta {
            Ok(m) if m.file_type().is_symlink() => return Err(refuse(out, "it is a symbolic link")),
            Ok(m) if !m.is_dir() => return Err(refuse(out, "it exists and is not a folder")),
            Ok(_) => {
                let ours = out.join(MARKER).is_file();
                let empty = fs::read_dir(out).map_err(|e| Diagnostic::io(out, &e))?.next().is_none();
                if !ours && !empty && !force {
                    return Err(refuse(
                        out,
                        format!(
                            "it is not empty and was not written by this tool (no {MARKER} file); use --force to replace it"
                        ),
                    ));
                }
                Some(out.to_path_buf())
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(Diagnostic::io(out, &e)),
        };
        let parent = abs_out.parent().expect("checked above").to_path_buf();
        let name = abs_out
            .file_name()
            .expect("has a parent")
            .to_string_lossy()
            .into_owned();
        fs::create_dir_all(&parent).map_err(|e| Diagnostic::io(&parent, &e))?;
        remove_leftovers(&parent, &name);
        let tmp = parent.join(format!(".{name}.building-{}", std::process::id()));
        let spare = parent.join(format!(".{name}.spare"));
        fs::create_dir(&tmp).map_err(|e| Diagnostic::io(&tmp, &e))?;
        Ok(Staging {
            out: abs_out,
            tmp,
            spare,
            previous: previous.map(|_| absolute(out).expect("resolved above")),
            written: AtomicUsize::new(0),
            unchanged: AtomicUsize::new(0),
            tree: AtomicU64::new(0),
        })
    }

    /// Create the folders the given relative file paths need.
    pub fn create_dirs<'a>(&self, files: impl Iterator<Item = &'a str>) -> Result<(), Diagnostic> {
        let dirs: BTreeSet<&str> = files.filter_map(|f| f.rsplit_once('/').map(|(d, _)| d)).collect();
        for d in dirs {
            let path = self.tmp.join(d);
            fs::create_dir_all(&path).map_err(|e| Diagnostic::io(&path, &e))?;
        }
        Ok(())
    }

    /// Write one file (its folder must exist). Equal bytes in the previous
    /// output are hard-linked instead of written.
    pub fn write(&self, rel: &str, bytes: &[u8]) -> Result<(), Diagnostic> {
        use std::io::Write as _;
        let dest = self.tmp.join(rel);
        if let Some(prev) = &self.previous {
            let old = prev.join(rel);
            if let Ok(meta) = fs::symlink_metadata(&old)
                && meta.is_file()
                && meta.len() == bytes.len() as u64
                && fs::read(&old).is_ok_and(|b| b == bytes)
                && fs::hard_link(&old, &dest).is_ok()
            {
                self.tree.fetch_add(entry_hash(rel, &meta), Ordering::Relaxed);
                self.unchanged.fetch_add(1, Ordering::Relaxed);
                return Ok(());
            }
        }
        let fail = |e: io::Error| Diagnostic::io(&self.out.join(rel), &e);
        // Freeing a file's blocks is slow on disks mounted with `discard`
        // (milliseconds a file): rather than create a new file while an old
        // one is deleted, overwrite the spare old version of this path in
        // place, keeping its blocks.
        let mut file = if self.previous.is_some() && fs::rename(self.spare.join(rel), &dest).is_ok() {
            let mut f = fs::OpenOptions::new().write(true).open(&dest).map_err(fail)?;
            f.write_all(bytes).map_err(fail)?;
            if f.metadata().map_err(fail)?.len() != bytes.len() as u64 {
                f.set_len(bytes.len() as u64).map_err(fail)?;
            }
            f
        } else {
            let mut f = fs::File::create(&dest).map_err(fail)?;
            f.write_all(bytes).map_err(fail)?;
            f
        };
        file.flush().map_err(fail)?;
        let meta = file.metadata().map_err(fail)?;
        self.tree.fetch_add(entry_hash(rel, &meta), Ordering::Relaxed);
        self.written.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// Swap the new site in. Before this returns, the previous site is
    /// complete at the output path; after it, the new one is.
    /// `input` and `counts` go into the marker's [`Stamp`].
    pub fn commit(self, input: u64, counts: [u64; 5]) -> Result<(), Diagnostic> {
        let marker = self.tmp.join(MARKER);
        let stamp = Stamp {
            input,
            files: self.written.load(Ordering::Relaxed) + self.unchanged.load(Ordering::Relaxed),
            tree: self.tree.load(Ordering::Relaxed),
            counts,
        };
        fs::write(&marker, stamp.to_text()).map_err(|e| Diagnostic::io(&marker, &e))?;
        if self.previous.is_some() {
            if exchange(&self.tmp, &self.out).is_ok() {
                // `tmp` now holds the previous site.
                retire(&self.tmp, &self.spare);
                return Ok(());
            }
            // No atomic exchange here: move the old site aside first.
            let old = self.tmp.with_extension("old");
            fs::rename(&self.out, &old).map_err(|e| Diagnostic::io(&self.out, &e))?;
            fs::rename(&self.tmp, &self.out).map_err(|e| Diagnostic::io(&self.out, &e))?;
            retire(&old, &self.spare);
        } else {
            fs::rename(&self.tmp, &self.out).map_err(|e| Diagnostic::io(&self.out, &e))?;
        }
        Ok(())
    }

    /// Throw the unfinished build away.
    pub fn abort(self) {
        let _ = fs::remove_dir_all(&self.tmp);
    }
}

/// Remove the previous site after the swap. Its files that the new site
/// shares (hard links) cost little to remove; the others (old versions of
/// changed files) are moved to `spare`, for the next build to overwrite,
/// rather than deleted.
fn retire(old: &Path, spare: &Path) {
    for entry in walkdir::WalkDir::new(old).min_depth(1).into_iter().flatten() {
        let Ok(meta) = entry.metadata() else { continue };
        if !meta.is_file() || meta.nlink() != 1 {
            continue;
        }
        let Ok(rel) = entry.path().strip_prefix(old) else {
            continue;
        };
        let dest = spare.join(rel);
        if fs::symlink_metadata(&dest).is_ok() {
            continue;
        }
        if let Some(dir) = dest.parent() {
            let _ = fs::create_dir_all(dir);
        }
        let _ = fs::rename(entry.path(), &dest);
    }
    let _ = fs::remove_dir_all(old);
}

/// Remove what killed builds left beside the output folder `out` (the
/// no-change check does no build, but still cleans up).
pub fn clean_leftovers(out: &Path) {
    let Ok(abs) = absolute(out) else { return };
    if let (Some(parent), Some(name)) = (abs.parent(), abs.file_name()) {
        remove_leftovers(parent, &name.to_string_lossy());
    }
}

/// Remove build folders a killed build left beside the output
/// (`.NAME.building-PID`, `.NAME.building-PID.old`). The process that made
/// one is gone or is this one's predecessor: a build holds no lock, so two
/// concurrent builds into one folder are not supported.
fn remove_leftovers(parent: &Path, name: &str) {
    let prefix = format!(".{name}.building-");
    let Ok(entries) = fs::read_dir(parent) else { return };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(n) = file_name.to_str() else { continue };
        let Some(rest) = n.strip_prefix(&prefix) else { continue };
        let pid = rest.trim_end_matches(".old");
        if pid.bytes().all(|b| b.is_ascii_digit()) && entry.file_type().is_ok_and(|t| t.is_dir()) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// Atomically exchange two paths (Linux `renameat2(RENAME_EXCHANGE)`).
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let a = CString::new(a.as_os_str().as_bytes())?;
    let b = CString::new(b.as_os_str().as_bytes())?;
    // SAFETY: both are valid NUL-terminated paths that outlive the call.
    let r = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if r == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> io::Result<()> {
    Err(io::Error::new(io::ErrorKind::Unsupported, "no atomic exchange"))
}
