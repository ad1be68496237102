//! Stage 5, write: the only stage that touches the output folder.
//!
//! A build writes into a fresh folder beside the output and swaps it in only
//! when everything succeeded, so a failed or killed build leaves the previous
//! site as it was. A file whose bytes equal the previous output's is
//! hard-linked instead of rewritten, so it keeps its modification time and
//! costs no data write.

use std::fs;
use std::hash::{Hash, Hasher};
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use ratings_model::error::{Diagnostic, Shown};

/// Present in every folder this tool wrote; only such folders are replaced.
pub const MARKER: &str = ".ratings-site";

/// Where contents made in pieces go (see [`Staging::write_pieces`]).
pub type Sink<'a> = dyn FnMut(&[u8]) -> io::Result<()> + 'a;

/// An output folder being built.
pub struct Staging {
    out: PathBuf,
    tmp: PathBuf,
    previous: Option<PathBuf>,
    /// `.NAME.spare` beside the output: old versions of changed files, kept
    /// to be overwritten in place by later builds (see [`Staging::write`]);
    /// `None` when it cannot be trusted ([`trusted_spare`]).
    spare: Option<PathBuf>,
    /// A folder this tool did not write, replaced with `--force`: moved
    /// aside whole (`NAME.before-ratings`) at the swap, never recycled nor
    /// deleted.
    foreign: bool,
    /// Permission bits of a freshly created file (the umask applied): files
    /// reused from the spare folder or the previous site get them too.
    mode: u32,
    /// The exclusive lock on `.NAME.lock` beside the output, held until the
    /// build is swapped in or thrown away.
    _lock: fs::File,
    pub written: AtomicUsize,
    pub unchanged: AtomicUsize,
    /// The first write that found the disk (or the quota) full: the build
    /// stops writing, and says so once rather than once a file.
    full: std::sync::OnceLock<io::Error>,
    /// Sum of [`entry_hash`] over the files written or linked: what the
    /// output must still show for a later build to skip (see [`Stamp`]).
    tree: AtomicU64,
    /// The [`entry_hash`] of every file written or linked, kept beside the
    /// output (`.NAME.files`) so that the next build can tell the files this
    /// build wrote from files someone put there later.
    files: std::sync::Mutex<Vec<u64>>,
    /// Where that list goes.
    files_path: PathBuf,
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
    let folder = fs::symlink_metadata(out).ok()?;
    let marker = fs::symlink_metadata(out.join(MARKER)).ok()?;
    if !(folder.is_dir() && is_ours(&folder) && marker.is_file() && is_ours(&marker)) {
        return None;
    }
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

/// The absolute output path: its parent with links resolved, its last
/// component as written (a trailing `/` does not resolve a link), so that
/// the checks see a link as a link.
fn output_path(out: &Path) -> io::Result<PathBuf> {
    let p = if out.is_absolute() {
        out.to_path_buf()
    } else {
        std::env::current_dir()?.join(out)
    };
    match (p.components().next_back(), p.parent()) {
        (Some(Component::Normal(name)), Some(parent)) => Ok(absolute(parent)?.join(name)),
        // `..`, `.`, `/`: resolve the whole path.
        _ => absolute(&p),
    }
}

fn open_lock(path: &Path) -> io::Result<fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
}

fn flock(file: &fs::File, how: libc::c_int) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    loop {
        // SAFETY: a valid open file descriptor.
        if unsafe { libc::flock(file.as_raw_fd(), how) } == 0 {
            return Ok(());
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// Take the exclusive lock of an output folder (`.NAME.lock` beside it,
/// kept: removing a lock file would let two builds lock two files). A
/// second build waits, saying so; the kernel releases the lock of a killed
/// build.
fn lock(path: &Path, out: &Path) -> Result<fs::File, Diagnostic> {
    let file = open_lock(path).map_err(|e| Diagnostic::io(path, &e))?;
    let meta = file.metadata().map_err(|e| Diagnostic::io(path, &e))?;
    if !is_ours(&meta) {
        return Err(not_ours(path));
    }
    if flock(&file, libc::LOCK_EX | libc::LOCK_NB).is_err() {
        eprintln!(
            "Waiting for another build into {} to finish (it holds {})...",
            Shown(&out),
            Shown(&path)
        );
        flock(&file, libc::LOCK_EX).map_err(|e| Diagnostic::io(path, &e))?;
    }
    Ok(file)
}

/// Whether a file beside the output (the lock, the lists, a build folder)
/// belongs to the user running the build: in a folder others can write to
/// (`/tmp`), one planted by someone else is never used.
fn is_ours(meta: &fs::Metadata) -> bool {
    // SAFETY: geteuid has no preconditions.
    meta.uid() == unsafe { libc::geteuid() }
}

fn not_ours(path: &Path) -> Diagnostic {
    Diagnostic::new(
        path,
        "belongs to another user: a build uses only files of its own beside the output folder; \
         remove it, or build into another folder",
    )
}

/// A mount point cannot be renamed: the swap would fail with "Device or
/// resource busy" after all the work.
fn is_mount_point(path: &Path, meta: &fs::Metadata) -> bool {
    if let Some(parent) = path.parent()
        && fs::metadata(parent).is_ok_and(|p| p.dev() != meta.dev())
    {
        return true;
    }
    // A bind mount of the same file system keeps the device number.
    let Ok(info) = fs::read_to_string("/proc/self/mountinfo") else {
        return false;
    };
    info.lines()
        .filter_map(|l| l.split(' ').nth(4))
        .any(|m| Path::new(&unescape_mountinfo(m)) == path)
}

/// `/proc/self/mountinfo` writes space, tab, newline and `\` as `\ooo`.
fn unescape_mountinfo(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\'
            && i + 3 < b.len()
            && let Ok(v) = u8::from_str_radix(std::str::from_utf8(&b[i + 1..i + 4]).unwrap_or("x"), 8)
        {
            out.push(v);
            i += 4;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `NAME.before-ratings` beside the output (`-2`, `-3` ... if taken),
/// created empty here (so that nothing planted under that name is ever
/// followed; a folder moved there whole replaces it).
fn new_backup(out: &Path) -> io::Result<PathBuf> {
    let base = format!("{}.before-ratings", out.display());
    let mut candidate = PathBuf::from(&base);
    let mut n = 2;
    loop {
        match fs::create_dir(&candidate) {
            Ok(()) => return Ok(candidate),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
        candidate = PathBuf::from(format!("{base}-{n}"));
        n += 1;
    }
}

/// The permission bits a new file gets here (0666 less the umask).
fn creation_mode(dir: &Path) -> io::Result<u32> {
    let probe = dir.join(".mode-probe");
    let mode = fs::File::create(&probe)?.metadata()?.mode() & 0o7777;
    fs::remove_file(&probe)?;
    Ok(mode)
}

/// Open a file moved in from the spare folder for overwriting: only a
/// regular file with no other link, never through a symbolic link, and
/// given the normal `mode`.
fn open_spare(path: &Path, mode: u32) -> io::Result<fs::File> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let f = fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)?;
    let meta = f.metadata()?;
    // SAFETY: geteuid has no preconditions.
    if !meta.is_file() || meta.nlink() != 1 || meta.uid() != unsafe { libc::geteuid() } {
        return Err(io::Error::new(io::ErrorKind::InvalidData, "not a plain file of ours"));
    }
    if meta.mode() & 0o7777 != mode {
        f.set_permissions(fs::Permissions::from_mode(mode))?;
    }
    Ok(f)
}

/// Remove whatever is at `path`, without following links.
fn remove_any(path: &Path) {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => {
            let _ = fs::remove_dir_all(path);
        }
        Ok(_) => {
            let _ = fs::remove_file(path);
        }
        Err(_) => {}
    }
}

/// The spare folder, if it can be trusted: a folder of plain files and
/// folders, all owned by the user running the build, none writable by
/// others (so nobody else can plant a link or a file of theirs in it
/// between this check and its use). Anything else (a link, a FIFO, a file
/// of another user, a path too long to walk) and the whole folder is
/// removed and made anew; where even that fails, this build recycles
/// nothing. Its files are old versions of pages, so nothing is lost.
fn trusted_spare(spare: &Path) -> Option<PathBuf> {
    if spare_is_trusted(spare) {
        return Some(spare.to_path_buf());
    }
    remove_any(spare);
    fs::create_dir(spare).ok()?;
    spare_is_trusted(spare).then(|| spare.to_path_buf())
}

fn spare_is_trusted(spare: &Path) -> bool {
    // SAFETY: geteuid has no preconditions.
    let me = unsafe { libc::geteuid() };
    let ours = |m: &fs::Metadata| {
        m.uid() == me
            && if m.is_dir() {
                m.mode() & 0o022 == 0
            } else {
                m.is_file() && m.nlink() == 1
            }
    };
    match fs::symlink_metadata(spare) {
        Ok(m) if m.is_dir() && ours(&m) => {}
        _ => return false,
    }
    walkdir::WalkDir::new(spare)
        .min_depth(1)
        .into_iter()
        .all(|entry| entry.is_ok_and(|e| e.metadata().is_ok_and(|m| ours(&m))))
}

fn refuse(out: &Path, why: impl Into<String>) -> Diagnostic {
    Diagnostic::new(out, format!("refusing to use this output folder: {}", why.into()))
}

/// Folders of the system whose content no site may replace, even with
/// `--force`: all that is in them.
const SYSTEM: &[&str] = &[
    "/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/run", "/sbin", "/sys",
];
/// ... and these with the folders right in them (`/usr/share`, `/var/lib`;
/// a web root deeper down, `/var/www/html`, is fine).
const SYSTEM_TOPS: &[&str] = &["/usr", "/var"];
/// The folders of home folders: each folder right in them is someone's.
const HOMES: &[&str] = &["/home", "/Users"];

/// Why an output folder would hold what a build must never move aside:
/// a folder right under the root, a system folder, the home folder or
/// one of its parents, the current folder or one of its parents (as
/// written and where links lead).
fn precious(abs_out: &Path) -> Option<&'static str> {
    let real = abs_out.canonicalize().ok();
    let forms: Vec<&Path> = std::iter::once(abs_out).chain(real.as_deref()).collect();
    for out in &forms {
        let depth = out.components().count(); // the root counts one
        if depth <= 2 {
            return Some("it is a folder right under the file system root");
        }
        if SYSTEM.iter().any(|s| out.starts_with(s)) || SYSTEM_TOPS.iter().any(|s| out.starts_with(s) && depth <= 3) {
            return Some("it is a system folder");
        }
        if HOMES.iter().any(|s| out.starts_with(s) && depth <= 3) {
            return Some("it is a user's home folder");
        }
    }
    let around = |dir: Option<PathBuf>| {
        dir.into_iter()
            .flat_map(|d| [d.canonicalize().ok(), Some(d)])
            .flatten()
            .any(|d| forms.iter().any(|out| d.starts_with(out)))
    };
    if around(std::env::home_dir()) {
        return Some("it is your home folder or one of its parents");
    }
    if around(std::env::current_dir().ok()) {
        return Some("it is the current folder or one of its parents");
    }
    None
}

/// The output path, checked: not the root, the site folder or one of its
/// parents, nor in or around its own folders (as written and through
/// links). Returns (absolute output, its parent, its name).
fn resolve(out: &Path, site_dir: &Path) -> Result<(PathBuf, PathBuf, String), Diagnostic> {
    let abs_out = output_path(out).map_err(|e| Diagnostic::io(out, &e))?;
    let abs_site = absolute(site_dir).map_err(|e| Diagnostic::io(site_dir, &e))?;
    let Some(parent) = abs_out.parent().map(Path::to_path_buf) else {
        return Err(refuse(out, "it is the file system root"));
    };
    // Every check on both the path as written and where links lead.
    let site_real = site_dir.canonicalize().unwrap_or_else(|_| abs_site.clone());
    if abs_site.starts_with(&abs_out) || site_real.starts_with(&abs_out) {
        return Err(refuse(out, "it is the site folder or one of its parents"));
    }
    for own in ["data", "static", "templates", "src", ".git"] {
        let mut places = vec![abs_site.join(own), site_real.join(own)];
        places.extend(site_dir.join(own).canonicalize());
        if places.iter().any(|p| abs_out.starts_with(p)) {
            return Err(refuse(out, format!("it is inside the site's {own}/ folder")));
        }
        if places.iter().any(|p| p.starts_with(&abs_out)) {
            return Err(refuse(out, format!("it holds the site's {own}/ folder")));
        }
    }
    if let Some(why) = precious(&abs_out) {
        return Err(refuse(out, why));
    }
    let name = abs_out
        .file_name()
        .expect("has a parent")
        .to_string_lossy()
        .into_owned();
    Ok((abs_out, parent, name))
}

/// What is at the output path: `None` (nothing), `Some(false)` (a folder
/// this tool wrote, or an empty one), `Some(true)` (another folder, to be
/// replaced with `force`); refused: a link, a file, a mount point, a
/// foreign folder without `force`.
fn state(out: &Path, abs_out: &Path, force: bool) -> Result<Option<bool>, Diagnostic> {
    let meta = fs::symlink_metadata(abs_out);
    match meta {
        Ok(m) if m.file_type().is_symlink() => Err(refuse(out, "it is a symbolic link")),
        Ok(m) if !m.is_dir() => Err(refuse(out, "it exists and is not a folder")),
        Ok(m) => {
            if is_mount_point(abs_out, &m) {
                return Err(refuse(
                    out,
                    "it is a mount point: a build swaps a fresh folder in at the output path, \
                         which a mount point cannot be; use a folder inside it (--output DIR/site)",
                ));
            }
            // Ours: our marker in a folder of ours (in a folder others can
            // write to, a site someone else built is not ours to reuse).
            let ours =
                is_ours(&m) && fs::symlink_metadata(abs_out.join(MARKER)).is_ok_and(|m| m.is_file() && is_ours(&m));
            let empty = fs::read_dir(abs_out)
                .map_err(|e| Diagnostic::io(out, &e))?
                .next()
                .is_none();
            if !ours && !empty && !force {
                return Err(refuse(
                    out,
                    format!(
                        "it is not empty and was not written by this tool (no {MARKER} file); use --force to replace it"
                    ),
                ));
            }
            Ok(Some(!ours && !empty))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Diagnostic::io(out, &e)),
    }
}

/// An output folder named by `output_dir` of `site.toml`: inside the site
/// folder also where links lead (a link inside the site to a folder
/// elsewhere would let a cloned site's settings write there).
pub fn within_site(out: &Path, site_dir: &Path) -> Result<(), Diagnostic> {
    let real_out = absolute(out).map_err(|e| Diagnostic::io(out, &e))?;
    let real_site = site_dir.canonicalize().map_err(|e| Diagnostic::io(site_dir, &e))?;
    if real_out.starts_with(&real_site) {
        Ok(())
    } else {
        Err(refuse(
            out,
            format!(
                "`output_dir` of site.toml leads outside the site folder (to {}) through a link; \
                 build elsewhere with `--output`",
                Shown(&real_out)
            ),
        ))
    }
}

/// Whether a build may write to `out` (the checks of [`Staging::begin`],
/// without creating or locking anything): what `serve` serves must pass.
pub fn check_output(out: &Path, site_dir: &Path, force: bool) -> Result<(), Diagnostic> {
    let (abs_out, parent, name) = resolve(out, site_dir)?;
    recover(out, &parent, &name)?;
    state(out, &abs_out, force).map(|_| ())
}

/// Put back an output whose swap was interrupted ([`restore_interrupted`])
/// before anything looks at it: such an output has lost its marker, and
/// would otherwise be refused as a folder this tool did not write.
fn recover(out: &Path, parent: &Path, name: &str) -> Result<(), Diagnostic> {
    if !build_folders(parent, name, true).is_empty() {
        let _lock = lock(&parent.join(format!(".{name}.lock")), out)?;
        restore_interrupted(parent, name);
    }
    Ok(())
}

impl Staging {
    /// Check that `out` may be (re)placed, take the output folder's lock
    /// (waiting for another build into it to finish) and open a fresh build
    /// folder.
    pub fn begin(out: &Path, site_dir: &Path, force: bool) -> Result<Staging, Diagnostic> {
        let (abs_out, parent, name) = resolve(out, site_dir)?;
        recover(out, &parent, &name)?;
        // Refuse before creating anything; check again under the lock.
        state(out, &abs_out, force)?;
        fs::create_dir_all(&parent).map_err(|e| Diagnostic::io(&parent, &e))?;
        let lock = lock(&parent.join(format!(".{name}.lock")), out)?;
        let state = state(out, &abs_out, force)?;
        // The lists beside the output say which of its files are ours:
        // only lists of our own are trusted.
        let files_path = parent.join(format!(".{name}.files"));
        for list in [files_path.clone(), new_list(&files_path)] {
            if let Ok(meta) = fs::symlink_metadata(&list)
                && !(meta.is_file() && is_ours(&meta))
            {
                return Err(not_ours(&list));
            }
        }
        remove_leftovers(&parent, &name);
        let tmp = parent.join(format!(".{name}.building-{}", std::process::id()));
        let spare = trusted_spare(&parent.join(format!(".{name}.spare")));
        fs::create_dir(&tmp).map_err(|e| Diagnostic::io(&tmp, &e))?;
        let mode = creation_mode(&tmp).map_err(|e| Diagnostic::io(&tmp, &e))?;
        let foreign = state == Some(true);
        Ok(Staging {
            foreign,
            // Never hard-link or recycle from a folder the tool did not write.
            previous: (state == Some(false)).then(|| abs_out.clone()),
            out: abs_out,
            tmp,
            spare,
            mode,
            _lock: lock,
            written: AtomicUsize::new(0),
            unchanged: AtomicUsize::new(0),
            full: std::sync::OnceLock::new(),
            tree: AtomicU64::new(0),
            files: std::sync::Mutex::new(Vec::new()),
            files_path,
        })
    }

    /// Count a file written or linked at `rel` into the output's identity.
    fn record(&self, rel: &str, meta: &fs::Metadata) {
        let hash = entry_hash(rel, meta);
        self.tree.fetch_add(hash, Ordering::Relaxed);
        self.files.lock().expect("no writer panics holding it").push(hash);
    }

    /// Create the given folders (relative, `/`-separated).
    pub fn create_dirs<'a>(&self, dirs: impl Iterator<Item = &'a str>) -> Result<(), Diagnostic> {
        for d in dirs {
            let path = self.tmp.join(d);
            fs::create_dir_all(&path).map_err(|e| Diagnostic::io(&path, &e))?;
        }
        Ok(())
    }

    /// The error of a write of `rel`, noting a full disk.
    fn fail(&self, rel: &str, e: io::Error) -> Diagnostic {
        let d = Diagnostic::io(&self.out.join(rel), &e);
        if matches!(e.kind(), io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded) {
            let _ = self.full.set(e);
        }
        d
    }

    /// Whether a write found the disk full.
    pub fn is_full(&self) -> bool {
        self.full.get().is_some()
    }

    /// The one error of a build that filled the disk, if it did: nothing
    /// more is worth writing then (`skipped` files were not tried).
    pub fn full_disk(&self, skipped: usize) -> Option<Diagnostic> {
        let e = self.full.get()?;
        Some(Diagnostic::new(
            &self.out,
            format!(
                "the disk is full ({e}): the build stopped writing ({skipped} more files not tried) and left the previous output as it was; free some space and build again"
            ),
        ))
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
                && is_ours(&meta)
                && meta.mode() & 0o7777 == self.mode
                && meta.len() == bytes.len() as u64
                && fs::read(&old).is_ok_and(|b| b == bytes)
                && fs::hard_link(&old, &dest).is_ok()
            {
                self.record(rel, &meta);
                self.unchanged.fetch_add(1, Ordering::Relaxed);
                return Ok(());
            }
        }
        let fail = |e: io::Error| self.fail(rel, e);
        // Freeing a file's blocks is slow on disks mounted with `discard`
        // (milliseconds a file): rather than create a new file while an old
        // one is deleted, overwrite the spare old version of this path in
        // place, keeping its blocks.
        let reused = if self.previous.is_some()
            && let Some(spare) = &self.spare
            && fs::rename(spare.join(rel), &dest).is_ok()
        {
            // Only a plain file of ours: never through a link planted there.
            match open_spare(&dest, self.mode) {
                Ok(f) => Some(f),
                Err(_) => {
                    remove_any(&dest);
                    None
                }
            }
        } else {
            None
        };
        let mut file = if let Some(mut f) = reused {
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
        self.record(rel, &meta);
        self.written.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// [`Staging::write`] for contents made in pieces by `fill` (the big
    /// CSVs), never held whole: each piece is written to the new file and
    /// compared with the previous build's file as it goes; when all is
    /// equal the new file is dropped for a hard link to the old one, as
    /// `write` does. Returns the bytes written.
    pub fn write_pieces(
        &self,
        rel: &str,
        fill: &mut dyn FnMut(&mut Sink) -> io::Result<()>,
    ) -> Result<u64, Diagnostic> {
        use std::io::{Read as _, Write as _};
        let dest = self.tmp.join(rel);
        let fail = |e: io::Error| self.fail(rel, e);
        let old_path = self.previous.as_ref().map(|prev| prev.join(rel));
        let mut old = old_path
            .as_ref()
            .filter(|old| {
                fs::symlink_metadata(old)
                    .is_ok_and(|meta| meta.is_file() && is_ours(&meta) && meta.mode() & 0o7777 == self.mode)
            })
            .and_then(|old| fs::File::open(old).ok())
            .map(|f| io::BufReader::with_capacity(1 << 16, f));
        let mut file = io::BufWriter::with_capacity(1 << 16, fs::File::create(&dest).map_err(fail)?);
        let mut same = old.is_some();
        let mut buf = Vec::new();
        let mut len = 0u64;
        fill(&mut |piece: &[u8]| {
            file.write_all(piece)?;
            len += piece.len() as u64;
            if same && let Some(old) = &mut old {
                buf.resize(piece.len(), 0);
                same = old.read_exact(&mut buf).is_ok() && buf == piece;
            }
            Ok(())
        })
        .map_err(fail)?;
        let file = file.into_inner().map_err(|e| fail(e.into_error()))?;
        // Equal to the old file: a hard link to it replaces the new copy
        // (made beside it, then renamed over it: the path is never empty).
        let link = dest.with_extension("link");
        if same
            && let (Some(old), Some(old_path)) = (&mut old, &old_path)
            && old.read(&mut [0u8; 1]).is_ok_and(|n| n == 0)
            && fs::hard_link(old_path, &link).is_ok()
        {
            fs::rename(&link, &dest).map_err(fail)?;
            let meta = fs::symlink_metadata(&dest).map_err(fail)?;
            self.record(rel, &meta);
            self.unchanged.fetch_add(1, Ordering::Relaxed);
            return Ok(len);
        }
        let meta = file.metadata().map_err(fail)?;
        self.record(rel, &meta);
        self.written.fetch_add(1, Ordering::Relaxed);
        Ok(len)
    }

    /// Swap the new site in. Before this returns, the previous site is
    /// complete at the output path; after it, the new one is. The output
    /// path never goes missing: where the file system cannot exchange two
    /// folders in one step, see [`swap_by_emptying`].
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
        let fail = |e: io::Error| Diagnostic::io(&self.out, &e);
        let old = {
            let mut old = self.tmp.clone().into_os_string();
            old.push(".old");
            PathBuf::from(old)
        };
        if self.foreign {
            // The user's own folder: kept whole under a clear name, never
            // recycled into the spare folder that later builds overwrite.
            self.write_list()
                .map_err(|e| Diagnostic::io(&new_list(&self.files_path), &e))?;
            swap_by_emptying_marked(&self.tmp, &self.out, &old, FOREIGN).map_err(fail)?;
            self.list_in_force();
            if let Some(backup) = keep_aside(&old, &self.out).map_err(fail)? {
                eprintln!(
                    "{} was not written by this tool: its previous content was moved to {} (delete it when you no longer need it)",
                    Shown(&self.out),
                    Shown(&backup)
                );
            }
            return Ok(());
        }
        // Before the swap, while the lists describe the output: files that
        // someone else put there are moved aside (so that what the swap
        // retires is the build's own), and the old versions of changed
        // files are noted for recycling.
        let sorted = if self.previous.is_some() {
            let ours = Ours::read(&self.files_path);
            let sorted = sort_out(&self.out, &ours)?;
            if let (Some(first), Some(backup)) = (sorted.kept.first(), &sorted.backup) {
                eprintln!(
                    "{} held {} file{} this tool did not write (or that changed after it wrote them), such as {}: moved to {} (delete it when you no longer need it)",
                    Shown(&self.out),
                    sorted.kept.len(),
                    if sorted.kept.len() == 1 { "" } else { "s" },
                    Shown(first),
                    Shown(backup)
                );
            }
            Some(sorted)
        } else {
            None
        };
        self.write_list()
            .map_err(|e| Diagnostic::io(&new_list(&self.files_path), &e))?;
        let Some(sorted) = sorted else {
            // Nothing at the output path (or an empty folder, replaced whole).
            fs::rename(&self.tmp, &self.out).map_err(fail)?;
            self.list_in_force();
            return Ok(());
        };
        let old = match exchange(&self.tmp, &self.out) {
            // `tmp` now holds the previous output.
            Ok(()) => self.tmp.clone(),
            Err(_) => {
                swap_by_emptying(&self.tmp, &self.out, &old).map_err(fail)?;
                old
            }
        };
        self.list_in_force();
        retire(&old, self.spare.as_deref(), &sorted.recycle);
        Ok(())
    }

    /// Write the list of this build's files beside the output as
    /// `.NAME.files.new` (sorted [`entry_hash`]es, 8 bytes each,
    /// little-endian); [`Staging::list_in_force`] makes it `.NAME.files`
    /// once the swap is done. A build killed between the two leaves both,
    /// and the next one takes a file listed in either as this tool's.
    fn write_list(&self) -> io::Result<()> {
        let mut hashes = std::mem::take(&mut *self.files.lock().expect("no writer panics holding it"));
        hashes.sort_unstable();
        let bytes: Vec<u8> = hashes.iter().flat_map(|h| h.to_le_bytes()).collect();
        // Written inside the staging folder, then renamed beside the
        // output: a build killed before the rename leaves the file where
        // the next build's clean-up removes it, never a `.tmp…` beside the
        // output.
        let mut file = tempfile::NamedTempFile::new_in(&self.tmp)?;
        io::Write::write_all(&mut file, &bytes)?;
        let new = new_list(&self.files_path);
        // Never over a list someone else put there meanwhile.
        if let Ok(meta) = fs::symlink_metadata(&new)
            && !is_ours(&meta)
        {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                "belongs to another user",
            ));
        }
        file.persist(new).map_err(|e| e.error)?;
        Ok(())
    }

    /// The list of the swapped-in build becomes the output's list.
    fn list_in_force(&self) {
        let _ = fs::rename(new_list(&self.files_path), &self.files_path);
    }

    /// Throw the unfinished build away.
    pub fn abort(self) {
        let _ = fs::remove_dir_all(&self.tmp);
    }
}

/// The swap where two folders cannot be exchanged in one step (every
/// system but Linux; vfat, exFAT, NFS, CIFS and many FUSE file systems on
/// Linux): the output's entries are moved into the fresh folder `old`, the
/// marker first, and the new site `tmp` is renamed over the then empty
/// output folder, which POSIX `rename` replaces in one step. The output path
/// exists throughout; a build killed meanwhile leaves an output without
/// its marker and `old` beside it, which the next build or `serve` puts
/// back ([`restore_interrupted`]).
/// Whether `old` holds a folder replaced with `--force` (its swap file
/// says so): kept aside whatever it holds.
fn foreign_swap(old: &Path) -> bool {
    fs::read(old.join(SWAPPING)).is_ok_and(|text| text == FOREIGN)
}

/// What the swap file of a folder replaced with `--force` says.
const FOREIGN: &[u8] = b"foreign\n";

fn swap_by_emptying(tmp: &Path, out: &Path, old: &Path) -> io::Result<()> {
    swap_by_emptying_marked(tmp, out, old, b"")
}

/// [`swap_by_emptying`] with `mark` in the swap file.
fn swap_by_emptying_marked(tmp: &Path, out: &Path, old: &Path, mark: &[u8]) -> io::Result<()> {
    // Before anything moves: an entry of the output by the swap file's
    // own name would be overwritten by it.
    if fs::symlink_metadata(out.join(SWAPPING)).is_ok() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("the folder holds {SWAPPING}, the name this tool uses while it swaps a site in: rename it"),
        ));
    }
    fs::create_dir(old)?;
    // Written before anything moves: an `old` folder without it holds
    // nothing of the output's.
    fs::write(old.join(SWAPPING), mark)?;
    match fs::rename(out.join(MARKER), old.join(MARKER)) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    for entry in fs::read_dir(out)? {
        let entry = entry?;
        fs::rename(entry.path(), old.join(entry.file_name()))?;
    }
    fs::rename(tmp, out)
}

/// Put back an output whose swap without exchange ([`swap_by_emptying`])
/// was interrupted, from the `.NAME.building-PID.old` folders beside it:
/// if the new site's marker is not in the output, the entries moved out go
/// back (the marker last); if it is, the swap had finished, and the old
/// folder is thrown away if it held a site of this tool, or else (a folder
/// replaced with `--force`) kept as `NAME.before-ratings`. Called only with
/// the output folder's lock held.
fn restore_interrupted(parent: &Path, name: &str) {
    let out = parent.join(name);
    let has = |path: PathBuf| fs::symlink_metadata(path).is_ok();
    for old in build_folders(parent, name, true) {
        if !has(old.join(SWAPPING)) {
            // Nothing of the output's was moved yet.
            remove_any(&old);
        } else if !has(out.join(MARKER)) {
            // Interrupted: the moved entries go back, the marker last.
            let _ = fs::create_dir(&out);
            if let Ok(entries) = fs::read_dir(&old) {
                for entry in entries
                    .flatten()
                    .filter(|e| e.file_name() != MARKER && e.file_name() != SWAPPING)
                {
                    let dest = out.join(entry.file_name());
                    if !has(dest.clone()) {
                        let _ = fs::rename(entry.path(), dest);
                    }
                }
            }
            let _ = fs::rename(old.join(MARKER), out.join(MARKER));
            remove_any(&old);
        } else if !foreign_swap(&old)
            && fs::symlink_metadata(old.join(MARKER)).is_ok_and(|m| m.is_file() && is_ours(&m))
        {
            // Finished: the previous site of this tool is thrown away.
            remove_any(&old);
        } else if let Ok(Some(backup)) = keep_aside(&old, &out) {
            // Finished over a folder this tool did not write (`--force`).
            eprintln!(
                "{} was not written by this tool: its previous content was moved to {} (delete it when you no longer need it)",
                Shown(&out),
                Shown(&backup)
            );
        }
    }
}

/// Keep a folder moved out of the output at `backup` (without the swap's
/// own file); one that holds nothing else is removed.
fn keep_aside(old: &Path, out: &Path) -> io::Result<Option<PathBuf>> {
    let _ = fs::remove_file(old.join(SWAPPING));
    if fs::read_dir(old)?.next().is_none() {
        fs::remove_dir(old)?;
        return Ok(None);
    }
    let backup = new_backup(out)?;
    fs::rename(old, &backup)?;
    Ok(Some(backup))
}

/// The file a swap without exchange writes first into its old folder.
const SWAPPING: &str = ".ratings-swapping";

/// The files the builds that wrote an output wrote there, by
/// [`entry_hash`] (path, size, time, inode), from `.NAME.files` and a
/// `.NAME.files.new` a killed build may have left: any other file (added,
/// replaced or edited since) is someone else's. Without a list (an output
/// of an older version of this tool, or restored without its list), no
/// file can be told apart: every one is kept aside, none recycled.
enum Ours {
    Listed(Vec<u64>),
    Unknown,
}

/// Where a build writes its list before the swap (see [`Staging::write_list`]).
fn new_list(list: &Path) -> PathBuf {
    let mut name = list.as_os_str().to_owned();
    name.push(".new");
    PathBuf::from(name)
}

impl Ours {
    fn read(list: &Path) -> Ours {
        // Only a list of our own, checked on the file read (one planted
        // meanwhile by someone else is not ours to trust).
        let read_list = |path: &Path| -> Option<Vec<u64>> {
            use std::io::Read as _;
            use std::os::unix::fs::OpenOptionsExt;
            let mut file = fs::OpenOptions::new()
                .read(true)
                .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
                .open(path)
                .ok()?;
            let meta = file.metadata().ok()?;
            if !(meta.is_file() && is_ours(&meta)) {
                return None;
            }
            let mut bytes = Vec::with_capacity(meta.len() as usize);
            file.read_to_end(&mut bytes).ok()?;
            (bytes.len() % 8 == 0).then(|| {
                bytes
                    .chunks_exact(8)
                    .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
                    .collect()
            })
        };
        let lists: Vec<Vec<u64>> = [list.to_path_buf(), new_list(list)]
            .iter()
            .filter_map(|p| read_list(p))
            .collect();
        if !lists.is_empty() {
            let mut all: Vec<u64> = lists.concat();
            all.sort_unstable();
            return Ours::Listed(all);
        }
        Ours::Unknown
    }

    fn wrote(&self, rel: &Path, meta: &fs::Metadata) -> bool {
        match self {
            Ours::Listed(hashes) => rel
                .to_str()
                .is_some_and(|rel| hashes.binary_search(&entry_hash(rel, meta)).is_ok()),
            // Without a list nothing can be told: everything is kept.
            Ours::Unknown => false,
        }
    }
}

/// The previous output, sorted before the swap.
struct Sorted {
    /// Files someone else put there, moved to `backup` (their paths).
    kept: Vec<String>,
    backup: Option<PathBuf>,
    /// The build's own files the new site does not share (old versions of
    /// changed files, pages gone): recycled after the swap.
    recycle: Vec<PathBuf>,
}

/// Move what someone else put into the output `out` to `backup` (keeping
/// its path), and list the files of the build's own that the new site does
/// not share (one link: the new build made its own copy). One walk of the
/// output; a build killed meanwhile loses nothing (a moved file is in
/// `backup`, the others are still in place).
fn sort_out(out: &Path, ours: &Ours) -> Result<Sorted, Diagnostic> {
    let mut sorted = Sorted {
        kept: Vec::new(),
        backup: None,
        recycle: Vec::new(),
    };
    // Anything that cannot be judged or moved aside (a path too long, a
    // folder that cannot be read) stops the build before the swap: the
    // swap would remove it with the old output.
    let stuck = |path: &Path, e: &dyn std::fmt::Display| {
        Diagnostic::new(
            path,
            format!(
                "cannot tell whether this tool wrote this, nor move it aside ({e}): move it out of the output folder, then build again"
            ),
        )
    };
    for entry in walkdir::WalkDir::new(out).min_depth(1).sort_by_file_name() {
        let entry = entry.map_err(|e| stuck(e.path().unwrap_or(out), &e))?;
        let meta = entry.metadata().map_err(|e| stuck(entry.path(), &e))?;
        let rel = entry.path().strip_prefix(out).expect("the walk stays in the output");
        if meta.is_dir() || rel == Path::new(MARKER) {
            continue;
        }
        if ours.wrote(rel, &meta) {
            if meta.is_file() && meta.nlink() == 1 {
                sorted.recycle.push(rel.to_path_buf());
            }
            continue;
        }
        let backup = match &sorted.backup {
            Some(b) => b.clone(),
            None => {
                let b = new_backup(out).map_err(|e| stuck(entry.path(), &e))?;
                sorted.backup = Some(b.clone());
                b
            }
        };
        let dest = backup.join(rel);
        if let Some(dir) = dest.parent() {
            fs::create_dir_all(dir).map_err(|e| stuck(entry.path(), &e))?;
        }
        fs::rename(entry.path(), &dest).map_err(|e| stuck(entry.path(), &e))?;
        sorted.kept.push(rel.to_string_lossy().into_owned());
    }
    Ok(sorted)
}

/// Remove the previous site after the swap: every file in it is the
/// build's own ([`sort_out`] moved the others aside). Its files that the
/// new site shares (hard links) cost little to remove; the old versions of
/// changed files (`recycle`) are moved to `spare`, for the next build to
/// overwrite, rather than deleted.
fn retire(old: &Path, spare: Option<&Path>, recycle: &[PathBuf]) {
    if let Some(spare) = spare {
        for rel in recycle {
            let dest = spare.join(rel);
            if fs::symlink_metadata(&dest).is_ok() {
                continue;
            }
            if let Some(dir) = dest.parent() {
                let _ = fs::create_dir_all(dir);
            }
            let _ = fs::rename(old.join(rel), &dest);
        }
    }
    let _ = fs::remove_dir_all(old);
}

/// Remove what killed builds left beside the output folder `out` (the
/// no-change check does no build, but still cleans up).
pub fn clean_leftovers(out: &Path) {
    let Ok(abs) = absolute(out) else { return };
    if let (Some(parent), Some(name)) = (abs.parent(), abs.file_name()) {
        let name = name.to_string_lossy();
        // Only when no build into this folder is running.
        let Ok(file) = open_lock(&parent.join(format!(".{name}.lock"))) else {
            return;
        };
        if flock(&file, libc::LOCK_EX | libc::LOCK_NB).is_ok() {
            remove_leftovers(parent, &name);
        }
    }
}

/// Clean up after killed builds beside the output (`.NAME.building-PID`,
/// `.NAME.building-PID.old`): an interrupted swap is put back first.
/// Called only with the output folder's lock held: the builds that made
/// them are gone.
fn remove_leftovers(parent: &Path, name: &str) {
    restore_interrupted(parent, name);
    for dir in build_folders(parent, name, false) {
        let _ = fs::remove_dir_all(dir);
    }
}

/// The folders `.NAME.building-PID` (or, with `old`, the folders
/// `.NAME.building-PID.old` of a swap without exchange) beside the output.
fn build_folders(parent: &Path, name: &str, old: bool) -> Vec<PathBuf> {
    let prefix = format!(".{name}.building-");
    let Ok(entries) = fs::read_dir(parent) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|entry| {
            let file_name = entry.file_name();
            let Some(rest) = file_name.to_str().and_then(|n| n.strip_prefix(&prefix)) else {
                return false;
            };
            let pid = if old { rest.strip_suffix(".old") } else { Some(rest) };
            pid.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
                && entry.file_type().is_ok_and(|t| t.is_dir())
                && entry.metadata().is_ok_and(|m| is_ours(&m))
        })
        .map(|entry| entry.path())
        .collect()
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

#[cfg(test)]
mod tests {
    #[test]
    fn system_folders_are_precious() {
        for path in [
            "/",
            "/tmp",
            "/work",
            "/etc",
            "/etc/nginx/site",
            "/usr/share",
            "/var/lib",
            "/var/www",
            "/home/ann",
            "/Users/ann",
            "/boot/x/y",
        ] {
            assert!(precious(Path::new(path)).is_some(), "{path}");
        }
        for path in ["/var/www/html", "/srv/www/site", "/home/ann/site/public", "/tmp/x/out"] {
            assert_eq!(precious(Path::new(path)), None, "{path}");
        }
    }

    use super::*;

    fn tree(root: &Path) -> Vec<(String, String)> {
        let mut found: Vec<(String, String)> = walkdir::WalkDir::new(root)
            .min_depth(1)
            .into_iter()
            .flatten()
            .filter(|e| e.file_type().is_file())
            .map(|e| {
                let rel = e.path().strip_prefix(root).unwrap().to_string_lossy().into_owned();
                (rel, fs::read_to_string(e.path()).unwrap())
            })
            .collect();
        found.sort();
        found
    }

    #[test]
    fn a_swap_without_exchange_interrupted_at_every_step_is_put_back() {
        // The previous site; the swap moves its marker, then each entry.
        let site = [
            (MARKER, "m"),
            ("index.html", "home"),
            ("player/a.html", "a"),
            ("z.css", "css"),
        ];
        for moved in 0..=site.len() {
            let tmp = tempfile::tempdir().unwrap();
            let (parent, out, old) = (
                tmp.path(),
                tmp.path().join("out"),
                tmp.path().join(".out.building-77.old"),
            );
            fs::create_dir(&old).unwrap();
            fs::write(old.join(SWAPPING), "").unwrap();
            for (i, (rel, text)) in site.iter().enumerate() {
                let root = if i < moved { &old } else { &out };
                fs::create_dir_all(root.join(rel).parent().unwrap()).unwrap();
                fs::write(root.join(rel), text).unwrap();
            }
            restore_interrupted(parent, "out");
            let want: Vec<(String, String)> = {
                let mut w: Vec<_> = site.iter().map(|(r, t)| (r.to_string(), t.to_string())).collect();
                w.sort();
                w
            };
            assert_eq!(tree(&out), want, "{moved} entries moved");
            assert!(!old.exists(), "{moved} entries moved: the old folder is gone");
        }
    }

    #[test]
    fn a_folder_replaced_with_force_and_interrupted_after_the_swap_is_kept_aside() {
        // Its own marker (a site someone else built) must not pass for ours.
        let tmp = tempfile::tempdir().unwrap();
        let (out, old) = (tmp.path().join("out"), tmp.path().join(".out.building-77.old"));
        for root in [&out, &old] {
            fs::create_dir_all(root).unwrap();
            fs::write(root.join(MARKER), "m").unwrap();
        }
        fs::write(old.join(SWAPPING), FOREIGN).unwrap();
        fs::write(old.join("mine.txt"), "mine").unwrap();
        restore_interrupted(tmp.path(), "out");
        assert!(!old.exists());
        let kept = tmp.path().join("out.before-ratings");
        assert_eq!(fs::read_to_string(kept.join("mine.txt")).unwrap(), "mine");
    }

    #[test]
    fn a_list_of_files_of_another_user_is_not_trusted() {
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            return;
        }
        let tmp = tempfile::tempdir().unwrap();
        let list = tmp.path().join(".out.files");
        fs::write(&list, 7u64.to_le_bytes()).unwrap();
        assert!(matches!(Ours::read(&list), Ours::Listed(_)));
        let c = std::ffi::CString::new(list.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::chown(c.as_ptr(), 65534, 65534) }, 0);
        assert!(matches!(Ours::read(&list), Ours::Unknown));
    }

    #[test]
    fn a_finished_swap_without_exchange_keeps_the_new_site() {
        let tmp = tempfile::tempdir().unwrap();
        let (out, old) = (tmp.path().join("out"), tmp.path().join(".out.building-77.old"));
        for (root, text) in [(&out, "new"), (&old, "old")] {
            fs::create_dir_all(root).unwrap();
            fs::write(root.join(MARKER), text).unwrap();
            fs::write(root.join("index.html"), text).unwrap();
        }
        fs::write(old.join(SWAPPING), "").unwrap();
        fs::write(old.join("gone.html"), "old").unwrap();
        restore_interrupted(tmp.path(), "out");
        assert_eq!(
            tree(&out),
            [
                (MARKER.to_string(), "new".to_string()),
                ("index.html".into(), "new".into())
            ]
        );
        assert!(!old.exists());
    }
}
