//! What a site may read and publish: one rule for `site.toml`, `data/`
//! (events, `players.toml`, pages), `static/`, the change check and the
//! files `import` reads.
//!
//! - **Nothing hidden.** A file or folder whose name starts with `.`
//!   (`.env`, `.git/`, editor backups) is skipped, and a symbolic link may
//!   not lead to one: a link's target is judged by its own path.
//! - **No link out of the site.** A symbolic link must resolve inside the
//!   site folder, and not into the output folder.
//! - **Only regular files on a real file system.** FIFOs, sockets and
//!   devices are refused without being opened for reading, files of kernel
//!   file systems (`/proc`, `/sys` ...) are refused once opened, and a file
//!   is read only up to the size it had when it was opened.

use std::io::Read as _;
use std::path::{Component, Path, PathBuf};

use crate::error::Diagnostic;
use crate::error::line_column;

/// A file a site may read: its path relative to the folder walked
/// (`/`-separated), its path as opened (under the site folder), and which
/// file the walk found there.
#[derive(Debug, Clone)]
pub struct SiteFile {
    pub rel: String,
    pub path: PathBuf,
    pub id: FileId,
    /// The site folder (resolved) the file must still be in when read.
    site: std::sync::Arc<Path>,
}

/// A file's identity (device and inode): a file read later must be the one
/// the rule let through, not one swapped in meanwhile (a link to a secret
/// put in its place between the check and the read).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FileId {
    dev: u64,
    ino: u64,
}

impl FileId {
    pub fn of(meta: &std::fs::Metadata) -> FileId {
        use std::os::unix::fs::MetadataExt;
        FileId {
            dev: meta.dev(),
            ino: meta.ino(),
        }
    }
}

impl SiteFile {
    /// The file's bytes, if it is still the file the walk found (see
    /// [`read_regular`] for the rest of the rule).
    pub fn read(&self) -> std::io::Result<Vec<u8>> {
        read_checked(&self.path, MAX_TEXT_FILE, Some((self.id, &self.site)))
    }

    /// The file's bytes in pieces (a static file, published as it is:
    /// never held whole), under the same checks as [`SiteFile::read`] but
    /// up to [`MAX_STATIC_FILE`].
    pub fn for_each_piece(&self, piece: &mut dyn FnMut(&[u8]) -> std::io::Result<()>) -> std::io::Result<()> {
        let (file, len) = open_checked(&self.path, MAX_STATIC_FILE, Some((self.id, &self.site)))?;
        let mut reader = file.take(len + 1);
        let mut buf = vec![0u8; 1 << 16];
        let mut total = 0u64;
        loop {
            let n = reader.read(&mut buf)?;
            if n == 0 {
                return Ok(());
            }
            total += n as u64;
            if total > len {
                return Err(grew());
            }
            piece(&buf[..n])?;
        }
    }

    /// The file as UTF-8 text; invalid UTF-8 is reported with its position.
    pub fn read_text(&self) -> Result<String, Diagnostic> {
        let bytes = self.read().map_err(|e| Diagnostic::io(&self.path, &e))?;
        text(&self.path, bytes)
    }
}

/// The largest file of `data/` (an event, `players.toml`, a page) and of
/// `site.toml` read: it is held whole to be parsed, and the TOML parser
/// takes several times its size while it works (on every core at once); an
/// event of a million result rows is about 50 MB.
pub const MAX_TEXT_FILE: u64 = 64 << 20;

/// The longest Markdown text (a page, an event's report, the home page's
/// notice): the Markdown parser takes some 90 times a text's size while it
/// renders it, on every core at once. A long page is some 50 KB.
pub const MAX_MARKDOWN: usize = 2 << 20;

/// The largest file of `static/`: a site must fit in GitHub Pages' 1 GB.
pub const MAX_STATIC_FILE: u64 = 1 << 30;

/// The files of one folder of a site, and what the rule refused there.
#[derive(Debug, Default)]
pub struct Walk {
    pub files: Vec<SiteFile>,
    pub problems: Vec<Diagnostic>,
}

/// Where a site's links may lead: inside `site`, not under `output`.
pub struct Bounds {
    site: std::sync::Arc<Path>,
    output: Option<PathBuf>,
    /// The output folder as a file (device, inode): met in a walk under
    /// another path (a bind mount of `static/gen` as the output's parent),
    /// each build copied the last one into itself, for ever.
    output_id: Option<FileId>,
}

impl Bounds {
    /// The bounds of the site folder `site_dir` whose build writes to
    /// `output` (if known); `None` if the site folder cannot be resolved.
    pub fn new(site_dir: &Path, output: Option<&Path>) -> Option<Bounds> {
        Some(Bounds {
            site: site_dir.canonicalize().ok()?.into(),
            output: output.and_then(|o| o.canonicalize().ok()),
            output_id: output.and_then(|o| std::fs::metadata(o).ok()).map(|m| FileId::of(&m)),
        })
    }

    /// Why the symbolic link at `link` may not be followed, if it may not.
    pub fn refuse_link(&self, link: &Path) -> Option<String> {
        let target = match real_path(link) {
            Ok(t) => t,
            Err(e) => return Some(format!("symbolic link that cannot be followed: {e}")),
        };
        let Ok(inside) = target.strip_prefix(&self.site) else {
            return Some(format!(
                "symbolic link to {}, outside the site folder: a site reads and publishes only its own files",
                crate::error::Shown(&target)
            ));
        };
        if inside
            .components()
            .any(|c| matches!(c, Component::Normal(n) if n.to_string_lossy().starts_with('.')))
        {
            return Some(format!(
                "symbolic link to the hidden file or folder {}: hidden files are never read or published",
                crate::error::Shown(inside)
            ));
        }
        if self.output.as_ref().is_some_and(|o| target.starts_with(o)) {
            return Some("symbolic link into the output folder: a build cannot read what it writes".into());
        }
        None
    }
}

/// `path` with every symbolic link resolved, as [`Path::canonicalize`]
/// gives it, for the cost of one lookup of the path. `canonicalize` (the C
/// library's `realpath`) reads each prefix of the path for a link, each a
/// lookup from the root: a thousand links 1,000 folders deep in `static/`
/// took 27 s of the kernel's time. Here the kernel opens the path once
/// (following its links) and says where the opened file is; where `/proc`
/// is not mounted, `canonicalize` does it.
pub fn real_path(path: &Path) -> std::io::Result<PathBuf> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // O_PATH: opens anything (a folder, a FIFO, a file one may not
        // read) without reading or blocking.
        let opened = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_PATH)
            .open(path)?;
        if let Some(real) = opened_path(&opened).filter(|real| real.is_absolute()) {
            return Ok(real);
        }
    }
    path.canonicalize()
}

/// Whether a file or folder name is hidden (starts with `.`).
pub fn is_hidden(name: &std::ffi::OsStr) -> bool {
    name.as_encoded_bytes().first() == Some(&b'.')
}

/// Every file under `site_dir/folder` that the rule lets a site read, in
/// file-name order, and a problem for each link, FIFO, device or
/// undecodable name it refused. A missing folder has no files.
pub fn walk(site_dir: &Path, folder: &str, bounds: &Bounds) -> Walk {
    let root = site_dir.join(folder);
    let mut walk = Walk::default();
    if std::fs::symlink_metadata(&root).is_err() {
        return walk;
    }
    let mut entries = walkdir::WalkDir::new(&root)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter();
    // Every folder walked, by device and inode, and the path it was first
    // walked as (and whether through a link): a folder is walked once.
    let mut folders: std::collections::HashMap<FileId, (PathBuf, bool)> = std::collections::HashMap::new();
    while let Some(entry) = entries.next() {
        let entry = match entry {
            Ok(entry) => entry,
            Err(err) => {
                let message = if err.loop_ancestor().is_some() {
                    "symbolic link loop: this folder links back to one of its parents".to_string()
                } else if let Some(path) = err.path().filter(|p| p.is_symlink()) {
                    bounds
                        .refuse_link(path)
                        .unwrap_or_else(|| "symbolic link that cannot be followed".into())
                } else {
                    err.io_error().map_or_else(|| err.to_string(), |e| e.to_string())
                };
                walk.problems.push(Diagnostic::new(
                    shown_under(site_dir, err.path().unwrap_or(&root)),
                    message,
                ));
                continue;
            }
        };
        let kind = entry.file_type();
        if entry.depth() > 0 && is_hidden(entry.file_name()) {
            if kind.is_dir() {
                entries.skip_current_dir();
            }
            continue;
        }
        if entry.path_is_symlink()
            && let Some(why) = bounds.refuse_link(entry.path())
        {
            walk.problems
                .push(Diagnostic::new(shown_under(site_dir, entry.path()), why));
            if kind.is_dir() {
                entries.skip_current_dir();
            }
            continue;
        }
        if kind.is_dir() {
            // Two links to one folder in each of K folders make 2^K paths
            // (32 links: 4 billion files): a folder reached a second time
            // is an error at the link, never walked again.
            if let Ok(meta) = entry.metadata() {
                let linked = entry.path_is_symlink();
                // (Under its own path the output checks say why.)
                if bounds.output_id == Some(FileId::of(&meta))
                    && real_path(entry.path()).ok().as_deref() != bounds.output.as_deref()
                {
                    walk.problems.push(Diagnostic::new(
                        shown_under(site_dir, entry.path()),
                        "this folder is the output folder (the same folder under another path, through a mount): a build cannot read what it writes",
                    ));
                    entries.skip_current_dir();
                    continue;
                }
                match folders.entry(FileId::of(&meta)) {
                    std::collections::hash_map::Entry::Vacant(v) => {
                        v.insert((entry.path().to_path_buf(), linked));
                    }
                    std::collections::hash_map::Entry::Occupied(o) => {
                        let (first, first_linked) = o.get();
                        let (link, other) = if *first_linked && !linked {
                            (first.as_path(), entry.path())
                        } else {
                            (entry.path(), first.as_path())
                        };
                        walk.problems.push(Diagnostic::new(
                            shown_under(site_dir, link),
                            format!(
                                "symbolic link to a folder that is also read as {}: a folder is read and published under one path only (copy it, or link its files one by one)",
                                crate::error::Shown(&shown_under(site_dir, other))
                            ),
                        ));
                        entries.skip_current_dir();
                    }
                }
            }
            continue;
        }
        let shown = || shown_under(site_dir, entry.path());
        if !kind.is_file() {
            walk.problems.push(Diagnostic::new(shown(), not_regular(&kind)));
            continue;
        }
        let rel = entry.path().strip_prefix(&root).expect("the walk stays under its root");
        match rel.to_str() {
            Some(rel) => match entry.metadata() {
                Ok(meta) => walk.files.push(SiteFile {
                    rel: rel.replace(std::path::MAIN_SEPARATOR, "/"),
                    id: FileId::of(&meta),
                    path: entry.into_path(),
                    site: bounds.site.clone(),
                }),
                Err(e) => walk.problems.push(Diagnostic::new(shown(), e.to_string())),
            },
            None => walk
                .problems
                .push(Diagnostic::new(shown(), "file name is not valid UTF-8")),
        }
    }
    walk
}

/// The one file `site_dir/rel` (such as `site.toml`) under the rule: `None`
/// if it is missing, else the file to read or why it may not be read.
pub fn single(site_dir: &Path, rel: &str, bounds: &Bounds) -> Option<Result<SiteFile, String>> {
    let path = site_dir.join(rel);
    let meta = std::fs::symlink_metadata(&path).ok()?;
    if meta.file_type().is_symlink()
        && let Some(why) = bounds.refuse_link(&path)
    {
        return Some(Err(why));
    }
    Some(
        std::fs::metadata(&path)
            .map_err(|e| e.to_string())
            .map(|target| SiteFile {
                rel: rel.to_string(),
                id: FileId::of(&target),
                path,
                site: bounds.site.clone(),
            }),
    )
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

/// Read a file only if it is a regular file on a real file system: FIFOs
/// and devices are refused without blocking (opened non-blocking, checked
/// before any read), files of kernel file systems (`/proc`, `/sys` ...)
/// once opened; at most the size the file had when opened is read.
pub fn read_regular(path: &Path) -> std::io::Result<Vec<u8>> {
    read_regular_at_most(path, MAX_TEXT_FILE)
}

/// [`read_regular`] of a file of at most `limit` bytes (more: an error that
/// says so, before anything is read).
pub fn read_regular_at_most(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    read_checked(path, limit, None)
}

/// The first `bytes` bytes of a file (fewer if it is shorter), read only
/// if it is a regular file on a real file system, as [`read_regular`]
/// reads one, whatever its size.
pub fn read_regular_start(path: &Path, bytes: u64) -> std::io::Result<Vec<u8>> {
    let (file, _) = open_checked(path, u64::MAX, None)?;
    let mut start = Vec::new();
    file.take(bytes).read_to_end(&mut start)?;
    Ok(start)
}

/// [`read_regular_at_most`], and only if the file opened is `expected`.
fn read_checked(path: &Path, limit: u64, expected: Option<(FileId, &Path)>) -> std::io::Result<Vec<u8>> {
    let (file, len) = open_checked(path, limit, expected)?;
    let mut bytes = Vec::with_capacity(len as usize);
    // One byte more than the size tells a file that grew while it was read.
    file.take(len + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > len {
        return Err(grew());
    }
    Ok(bytes)
}

fn grew() -> std::io::Error {
    std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        "the file grew while it was read: read it again when it is complete",
    )
}

/// Open a file under the rule (see [`read_regular`]): the open file and
/// its size.
fn open_checked(path: &Path, limit: u64, expected: Option<(FileId, &Path)>) -> std::io::Result<(std::fs::File, u64)> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)?;
    let meta = file.metadata()?;
    let refuse = |why: String| Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, why));
    if !meta.is_file() {
        return refuse(not_regular(&meta.file_type()));
    }
    if let Some((id, site)) = expected {
        // The file checked, and where it really is: a folder on its path
        // swapped for a link after the check would lead elsewhere.
        let moved = "the file was replaced while the build read the site (by another file or a link): build again";
        let hidden = |inside: &Path| {
            inside
                .components()
                .any(|c| c.as_os_str().as_encoded_bytes().first() == Some(&b'.'))
        };
        let elsewhere = opened_path(&file).is_some_and(|real| real.strip_prefix(site).map_or(true, hidden));
        if id != FileId::of(&meta) || elsewhere {
            return refuse(moved.into());
        }
    }
    if let Some(fs) = kernel_file_system(&file) {
        return refuse(format!(
            "a file of the kernel's {fs} file system: only regular files on a real file system can be read"
        ));
    }
    if meta.len() > limit {
        return refuse(format!(
            "the file is {} bytes, more than the {limit} a site's file may have",
            meta.len()
        ));
    }
    Ok((file, meta.len()))
}

/// Where an open file really is (Linux: its `/proc/self/fd` link), whatever
/// the path it was opened by.
#[cfg(target_os = "linux")]
pub fn opened_path(file: &std::fs::File) -> Option<PathBuf> {
    use std::os::fd::AsRawFd;
    std::fs::read_link(format!("/proc/self/fd/{}", file.as_raw_fd())).ok()
}

#[cfg(not(target_os = "linux"))]
pub fn opened_path(_: &std::fs::File) -> Option<PathBuf> {
    None
}

/// The name of the kernel (pseudo) file system `file` is on, if it is on
/// one: their "regular files" (`/proc/self/environ`, `/sys/...`) show
/// the state of the machine, never a site's data.
#[cfg(target_os = "linux")]
fn kernel_file_system(file: &std::fs::File) -> Option<&'static str> {
    use std::os::fd::AsRawFd;
    let mut stat: libc::statfs = unsafe { std::mem::zeroed() };
    // SAFETY: a valid open descriptor and a buffer of the right type.
    if unsafe { libc::fstatfs(file.as_raw_fd(), &mut stat) } != 0 {
        return None;
    }
    // Magic numbers of linux/magic.h.
    const KERNEL: [(i64, &str); 14] = [
        (0x9fa0, "proc"),
        (0x6265_6572, "sysfs"),
        (0x6462_6720, "debugfs"),
        (0x7363_6673, "securityfs"),
        (0x7472_6163, "tracefs"),
        (0x0027_e0eb, "cgroup"),
        (0x6367_7270, "cgroup2"),
        (0x6265_6570, "configfs"),
        (0xde5e_81e4, "efivarfs"),
        (0xcafe_4a11, "bpf"),
        (0x6165_676c, "pstore"),
        (0x1cd1, "devpts"),
        (0xf97c_ff8c, "selinuxfs"),
        (0x4249_4e4d, "binfmt_misc"),
    ];
    #[allow(clippy::unnecessary_cast)] // f_type is i64 on some targets, u32 on others.
    let kind = stat.f_type as i64;
    KERNEL.iter().find(|(magic, _)| *magic == kind).map(|(_, name)| *name)
}

#[cfg(not(target_os = "linux"))]
fn kernel_file_system(_: &std::fs::File) -> Option<&'static str> {
    None
}

/// How a path is shown in messages: relative to where the user stands.
pub fn shown(site_dir: &Path, rel: &Path) -> PathBuf {
    if site_dir == Path::new(".") || site_dir.as_os_str().is_empty() {
        rel.to_path_buf()
    } else {
        site_dir.join(rel)
    }
}

/// How a path under the site folder (`site_dir/...`) is shown in messages.
pub fn shown_under(site_dir: &Path, full: &Path) -> PathBuf {
    match full.strip_prefix(site_dir) {
        Ok(rel) => shown(site_dir, rel),
        Err(_) => full.to_path_buf(),
    }
}

/// Read a file as UTF-8 text; invalid UTF-8 is reported with its position.
pub fn read_text(path: &Path) -> Result<String, Diagnostic> {
    let bytes = read_regular(path).map_err(|e| Diagnostic::io(path, &e))?;
    text(path, bytes)
}

/// `bytes` as UTF-8 text; invalid UTF-8 is reported with its position.
fn text(path: &Path, bytes: Vec<u8>) -> Result<String, Diagnostic> {
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let prefix = std::str::from_utf8(&e.as_bytes()[..valid]).unwrap_or("");
        let (line, col) = line_column(prefix, valid);
        Diagnostic {
            path: path.to_path_buf(),
            position: Some((line, col)),
            message: "the file is not valid UTF-8".into(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_output_folder_met_in_a_walk_is_not_read() {
        // The output folder under another path (`static/gen` bind-mounted
        // at `mnt`, as the attack did; a mount needs privileges, so the
        // bounds are made as a mount gives them): the walk of `static/`
        // meets it and refuses it.
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        std::fs::create_dir_all(site.join("static/gen/out")).unwrap();
        std::fs::write(site.join("static/gen/out/index.html"), "old site").unwrap();
        std::fs::write(site.join("static/a.txt"), "a").unwrap();
        let output = std::fs::metadata(site.join("static/gen/out")).unwrap();
        let bounds = Bounds {
            site: site.canonicalize().unwrap().into(),
            output: Some(tmp.path().join("mnt/out")),
            output_id: Some(FileId::of(&output)),
        };
        let found = walk(&site, "static", &bounds);
        let files: Vec<&str> = found.files.iter().map(|f| f.rel.as_str()).collect();
        assert_eq!(files, ["a.txt"]);
        let [problem] = &found.problems[..] else {
            panic!("{:?}", found.problems)
        };
        assert_eq!(problem.path, site.join("static/gen/out"));
        assert!(
            problem.message.starts_with("this folder is the output folder"),
            "{}",
            problem.message
        );
        // Under its own path, the output checks say why (output inside `static/`).
        let same = Bounds::new(&site, Some(&site.join("static/gen/out"))).unwrap();
        assert!(walk(&site, "static", &same).problems.is_empty());
    }

    #[test]
    fn real_path_resolves_as_canonicalize_does() {
        use std::os::unix::fs::symlink;
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("a/b/c")).unwrap();
        std::fs::write(root.join("a/b/c/f.txt"), "x").unwrap();
        std::fs::create_dir_all(root.join("q")).unwrap();
        // A link to a file, relative with `..`; a link to a folder; a link
        // through a link; a link to a link; a FIFO; a dangling link; a loop.
        symlink("../b/c/f.txt", root.join("a/b/up.txt")).unwrap();
        symlink("a/b", root.join("ab")).unwrap();
        symlink("../ab/c", root.join("q/c")).unwrap();
        symlink("up.txt", root.join("a/b/again.txt")).unwrap();
        let fifo = std::ffi::CString::new(root.join("a/p").into_os_string().into_encoded_bytes()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
        symlink("nowhere", root.join("gone")).unwrap();
        symlink("loop2", root.join("loop1")).unwrap();
        symlink("loop1", root.join("loop2")).unwrap();
        for rel in [
            "a/b/up.txt",
            "ab",
            "q/c",
            "q/c/f.txt",
            "a/b/again.txt",
            "a/p",
            "ab/../b/c",
            "a/b/c/f.txt",
        ] {
            let path = root.join(rel);
            assert_eq!(real_path(&path).expect(rel), path.canonicalize().unwrap(), "{rel}");
        }
        assert_eq!(real_path(&root.join("q/c/f.txt")).unwrap(), root.join("a/b/c/f.txt"));
        for rel in ["gone", "loop1", "a/b/up.txt/x", "ab/../ab/c"] {
            let path = root.join(rel);
            let (ours, theirs) = (real_path(&path).unwrap_err(), path.canonicalize().unwrap_err());
            assert_eq!(ours.kind(), theirs.kind(), "{rel}");
            assert_eq!(ours.to_string(), theirs.to_string(), "{rel}");
        }
    }

    #[test]
    fn a_file_swapped_for_a_link_after_the_walk_is_not_read() {
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        std::fs::create_dir_all(site.join("static")).unwrap();
        std::fs::write(site.join("static/a.txt"), "public\n").unwrap();
        std::fs::write(tmp.path().join("secret.txt"), "secret\n").unwrap();
        let bounds = Bounds::new(&site, None).unwrap();
        let found = walk(&site, "static", &bounds);
        assert!(found.problems.is_empty());
        let [file] = &found.files[..] else {
            panic!("{:?}", found.files)
        };
        assert_eq!(file.read().unwrap(), b"public\n");
        // Between the check and the read, a link to a secret takes its place.
        std::fs::remove_file(site.join("static/a.txt")).unwrap();
        std::os::unix::fs::symlink(tmp.path().join("secret.txt"), site.join("static/a.txt")).unwrap();
        let err = file.read().unwrap_err().to_string();
        assert!(
            err.contains("the file was replaced while the build read the site"),
            "{err}"
        );
    }

    #[test]
    fn a_folder_reached_by_two_links_is_walked_once() {
        // d0/a and d0/b lead to d1, whose a and b lead to d2 ...: 2^13 paths (2^K with K doubled links: 32 links, 4 billion)
        // to one file before this rule, each folder walked once now.
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        let top = site.join("static");
        for k in 0..=12 {
            std::fs::create_dir_all(top.join(format!("d{k}"))).unwrap();
        }
        for k in 0..12 {
            for link in ["a", "b"] {
                std::os::unix::fs::symlink(format!("../d{}", k + 1), top.join(format!("d{k}/{link}"))).unwrap();
            }
        }
        std::fs::write(top.join("d12/end.txt"), "x\n").unwrap();
        let bounds = Bounds::new(&site, None).unwrap();
        let found = walk(&site, "static", &bounds);
        let files: Vec<&str> = found.files.iter().map(|f| f.rel.as_str()).collect();
        // Walked first through the links of d0/a, once.
        assert_eq!(files.len(), 1);
        assert_eq!(files, [format!("d0/{}end.txt", "a/".repeat(12))]);
        let said: Vec<String> = found
            .problems
            .iter()
            .map(|d| format!("{}: {}", d.path.display(), d.message))
            .collect();
        // Each d0/a/…/b (12), and each d1 … d12 walked first through a link.
        assert_eq!(said.len(), 24, "{said:#?}");
        assert!(said.iter().any(|said| said.ends_with(&format!("also read as {}: a folder is read and published under one path only (copy it, or link its files one by one)", site.join("static/d1").display()))), "{said:#?}");
        assert!(
            said[0].ends_with(&format!(
                "static/d0/{}b: symbolic link to a folder that is also read as {}: a folder is read and published under one path only (copy it, or link its files one by one)",
                "a/".repeat(11),
                site.join(format!("static/d0/{}a", "a/".repeat(11))).display()
            )),
            "{said:#?}"
        );
        // A link to a folder beside the folder itself: the link is named.
        let site = tmp.path().join("second");
        std::fs::create_dir_all(site.join("static/2024")).unwrap();
        std::fs::write(site.join("static/2024/a.txt"), "a\n").unwrap();
        std::os::unix::fs::symlink("2024", site.join("static/latest")).unwrap();
        let bounds = Bounds::new(&site, None).unwrap();
        let found = walk(&site, "static", &bounds);
        let files: Vec<&str> = found.files.iter().map(|f| f.rel.as_str()).collect();
        assert_eq!(files, ["2024/a.txt"]);
        let [problem] = &found.problems[..] else {
            panic!("{:?}", found.problems)
        };
        assert!(problem.path.ends_with("static/latest"), "{problem:?}");
    }

    #[test]
    fn a_file_read_through_a_folder_swapped_for_a_link_is_refused() {
        // What a walk racing a swap of `static/sub` for a link gives: the
        // outside file's own identity, under a path inside the site.
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        let outside = tmp.path().join("outside");
        std::fs::create_dir_all(site.join("static")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(outside.join("a.txt"), "secret\n").unwrap();
        std::os::unix::fs::symlink(&outside, site.join("static/sub")).unwrap();
        let id = FileId::of(&std::fs::metadata(outside.join("a.txt")).unwrap());
        let root = site.canonicalize().unwrap();
        let err = read_checked(&site.join("static/sub/a.txt"), u64::MAX, Some((id, &root))).unwrap_err();
        assert!(err.to_string().contains("was replaced"), "{err}");
        // The same file inside the site, and not hidden, is read.
        std::fs::remove_file(site.join("static/sub")).unwrap();
        std::fs::create_dir(site.join("static/sub")).unwrap();
        std::fs::rename(outside.join("a.txt"), site.join("static/sub/a.txt")).unwrap();
        let id = FileId::of(&std::fs::metadata(site.join("static/sub/a.txt")).unwrap());
        assert_eq!(
            read_checked(&site.join("static/sub/a.txt"), u64::MAX, Some((id, &root))).unwrap(),
            b"secret\n"
        );
    }

    #[test]
    fn kernel_files_are_refused_before_a_byte_is_read() {
        let err = read_regular(Path::new("/proc/self/environ")).unwrap_err().to_string();
        assert!(err.contains("kernel's proc file system"), "{err}");
        let err = read_regular(Path::new("/dev/zero")).unwrap_err().to_string();
        assert!(err.contains("a device"), "{err}");
    }
}
