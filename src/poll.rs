//! Polling for changes where the system has no file events: every
//! interval, the watched folders are walked and each entry's stamp (size,
//! modification and change times to the nanosecond, inode) compared with
//! the last walk's. No file is opened, so no file can block the poll (a
//! file swapped for a FIFO stopped notify's content-comparing poll for
//! good) and a large file costs what a small one does (a 512 MB backup at
//! the top of the site was hashed twice a second). A change time moves on
//! every write and rename, and cannot be set back, so a second save within
//! a second and a backup restored with older times (`cp -a`) are seen as
//! well. Hidden files and folders are not walked: a build never reads them.

use std::collections::HashMap;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use notify::event::{CreateKind, ModifyKind, RemoveKind};
use notify::{Event, EventHandler, EventKind, RecursiveMode, WatcherKind};
use ratings_model::files::FileId;

/// What a walk notes of an entry: a change to any of it is a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    size: u64,
    modified: (i64, i64),
    changed: (i64, i64),
    inode: FileId,
    mode: u32,
}

/// A folder watched and what its last walk found.
struct Root {
    path: PathBuf,
    recursive: bool,
    seen: HashMap<PathBuf, Stamp>,
    /// What is at `path` (the entry and where it leads): when something
    /// else takes its place, the root is reported removed and created; a
    /// recursive root that is a link is then not walked until it is
    /// watched again (a `static/` replaced by a link to `/` was walked
    /// once through it, 690 MB and 20 s, before the watch could drop it).
    /// A root that goes (the site folder moved away) is polled by name
    /// until it comes back, then its entries are new (it was never polled
    /// again: no edit seen for good).
    identity: Option<Identity>,
    replaced: bool,
}

/// What is at a watched path: the entry itself (a link is its own) and
/// the folder it leads to through links. A link given a new target, or
/// removed and made again to another place (the same inode, reused), is
/// something else at the name, as much as another folder is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Identity {
    itself: Born,
    leads_to: Option<Born>,
}

/// An entry's device and inode, and its birth time where the file system
/// keeps one (ext4, Btrfs, XFS, tmpfs, APFS): a folder removed and copied
/// back may get the inode number just freed (ext4 gives it often), never
/// the same birth. Taken by its inode alone, such a folder under `static
/// -> lib/assets` was the same, and its edits went unseen for good.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Born {
    id: FileId,
    at: Option<std::time::SystemTime>,
}

impl Born {
    fn of(meta: &std::fs::Metadata) -> Born {
        Born {
            id: FileId::of(meta),
            at: meta.created().ok(),
        }
    }
}

pub(crate) fn identity(path: &Path) -> Option<Identity> {
    let itself = Born::of(&std::fs::symlink_metadata(path).ok()?);
    let leads_to = std::fs::metadata(path).ok().map(|m| Born::of(&m));
    Some(Identity { itself, leads_to })
}

/// A poll of folders by their entries' stamps, as a notify watcher.
pub struct MetadataPoll {
    roots: Arc<Mutex<Vec<Root>>>,
    stop: Arc<AtomicBool>,
}

/// The entries under `path`, named under it, if it still leads to the
/// folder `identity` noted: the walk starts from where `path` resolves
/// and follows no link, so a link swapped in after the identity was taken
/// is not walked through (a relinked `static -> /` was walked once, 20 s
/// and 660 MB, before).
fn walk(path: &Path, recursive: bool, identity: Option<Identity>) -> Option<HashMap<PathBuf, Stamp>> {
    let real = ratings_model::files::real_path(path).ok()?;
    let leads_to = Born::of(&std::fs::metadata(&real).ok()?);
    if identity.and_then(|i| i.leads_to) != Some(leads_to) {
        return None;
    }
    let entries = walkdir::WalkDir::new(&real)
        .follow_links(false)
        .follow_root_links(false)
        .max_depth(if recursive { usize::MAX } else { 1 })
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !ratings_model::files::is_hidden(e.file_name()));
    let walked = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let meta = e.metadata().ok()?;
            let stamp = Stamp {
                size: meta.size(),
                modified: (meta.mtime(), meta.mtime_nsec()),
                changed: (meta.ctime(), meta.ctime_nsec()),
                inode: FileId::of(&meta),
                mode: meta.mode(),
            };
            let named = match e.path().strip_prefix(&real) {
                Ok(rel) if e.depth() > 0 => path.join(rel),
                _ => path.to_path_buf(),
            };
            Some((named, stamp))
        })
        .collect();
    Some(walked)
}

/// The events that turn the walk `old` into `new`.
fn differences(old: &HashMap<PathBuf, Stamp>, new: &HashMap<PathBuf, Stamp>) -> Vec<Event> {
    let mut events = Vec::new();
    for (path, stamp) in new {
        let kind = match old.get(path) {
            None => EventKind::Create(CreateKind::Any),
            // Another file or folder under the name (`mv new data`, a
            // folder replaced by a link): removed, then created, as file
            // events say it, so that the watch of an input folder follows.
            Some(before) if before.inode != stamp.inode || before.mode & libc::S_IFMT != stamp.mode & libc::S_IFMT => {
                events.push(Event::new(EventKind::Remove(RemoveKind::Any)).add_path(path.clone()));
                EventKind::Create(CreateKind::Any)
            }
            Some(before) if before != stamp => EventKind::Modify(ModifyKind::Any),
            Some(_) => continue,
        };
        events.push(Event::new(kind).add_path(path.clone()));
    }
    for path in old.keys().filter(|p| !new.contains_key(*p)) {
        events.push(Event::new(EventKind::Remove(RemoveKind::Any)).add_path(path.clone()));
    }
    events
}

/// The pause before the next walk: the interval, or four times what the
/// last walk took if that is longer, so that polling takes at most a fifth
/// of a core however the inputs are laid out (a chain of 2,000 folders,
/// each path looked up from the root, took 0.5 s a walk).
fn pause_after(interval: Duration, walked: Duration) -> Duration {
    interval.max(walked * 4)
}

impl MetadataPoll {
    fn start<F: EventHandler>(mut handler: F, interval: Duration) -> MetadataPoll {
        let roots: Arc<Mutex<Vec<Root>>> = Arc::default();
        let stop = Arc::new(AtomicBool::new(false));
        let (polled, stopped) = (Arc::clone(&roots), Arc::clone(&stop));
        std::thread::spawn(move || {
            let mut pause = interval;
            while !stopped.load(Ordering::Relaxed) {
                std::thread::sleep(pause);
                let started = std::time::Instant::now();
                let mut roots = polled.lock().expect("poll lock");
                for root in roots.iter_mut().filter(|r| !r.replaced) {
                    let now_at = identity(&root.path);
                    if now_at != root.identity {
                        root.identity = now_at;
                        handler.handle_event(Ok(
                            Event::new(EventKind::Remove(RemoveKind::Any)).add_path(root.path.clone())
                        ));
                        if now_at.is_none() {
                            // Gone: what comes back is all new.
                            root.seen = HashMap::new();
                            continue;
                        }
                        handler.handle_event(Ok(
                            Event::new(EventKind::Create(CreateKind::Any)).add_path(root.path.clone())
                        ));
                        if root.recursive && root.path.is_symlink() {
                            // Not walked through until watched again.
                            root.replaced = true;
                            root.seen = HashMap::new();
                            continue;
                        }
                        // Another folder (or the same moved back): its
                        // entries are compared with what was seen, as always.
                    }
                    // Changed since its identity was taken: next time.
                    let Some(now) = walk(&root.path, root.recursive, root.identity) else {
                        continue;
                    };
                    for event in differences(&root.seen, &now) {
                        handler.handle_event(Ok(event));
                    }
                    root.seen = now;
                }
                pause = pause_after(interval, started.elapsed());
            }
        });
        MetadataPoll { roots, stop }
    }
}

impl Drop for MetadataPoll {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl notify::Watcher for MetadataPoll {
    fn new<F: EventHandler>(handler: F, config: notify::Config) -> notify::Result<Self> {
        Ok(MetadataPoll::start(
            handler,
            config.poll_interval().unwrap_or(Duration::from_millis(500)),
        ))
    }

    fn watch(&mut self, path: &Path, mode: RecursiveMode) -> notify::Result<()> {
        if !path.exists() {
            return Err(notify::Error::path_not_found().add_path(path.to_path_buf()));
        }
        let recursive = mode == RecursiveMode::Recursive;
        // What is there now: later changes are changes from this.
        let identity = identity(path);
        let seen = walk(path, recursive, identity).unwrap_or_default();
        let mut roots = self.roots.lock().expect("poll lock");
        roots.retain(|r| r.path != path);
        roots.push(Root {
            path: path.to_path_buf(),
            recursive,
            seen,
            identity,
            replaced: false,
        });
        Ok(())
    }

    fn unwatch(&mut self, path: &Path) -> notify::Result<()> {
        self.roots.lock().expect("poll lock").retain(|r| r.path != path);
        Ok(())
    }

    fn kind() -> WatcherKind {
        WatcherKind::PollWatcher
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::Watcher as _;

    /// Every change a build would read is one: a second save of the same
    /// size within the same second, a file restored with older times, a
    /// removal, a new file; hidden files are not; nothing is opened (a FIFO
    /// does not block the walk).
    /// A watched folder moved away and back (the site folder itself): its
    /// entries are new when it is back, and later edits are seen (it was
    /// never polled again).
    #[test]
    fn a_folder_moved_away_and_back_is_polled_again() {
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        std::fs::create_dir_all(&site).unwrap();
        std::fs::write(site.join("site.toml"), "a").unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let config = notify::Config::default().with_poll_interval(Duration::from_millis(20));
        let mut poll = MetadataPoll::new(tx, config).unwrap();
        poll.watch(&site, RecursiveMode::NonRecursive).unwrap();
        let until = |wanted: &dyn Fn(&Event) -> bool| loop {
            let event = rx.recv_timeout(Duration::from_secs(10)).expect("an event").unwrap();
            if wanted(&event) {
                break;
            }
        };
        std::fs::rename(&site, tmp.path().join("away")).unwrap();
        until(&|e| e.kind == EventKind::Remove(RemoveKind::Any) && e.paths == [site.clone()]);
        std::fs::rename(tmp.path().join("away"), &site).unwrap();
        until(&|e| e.kind == EventKind::Create(CreateKind::Any) && e.paths == [site.join("site.toml")]);
        std::thread::sleep(Duration::from_millis(50));
        std::fs::write(site.join("site.toml"), "b").unwrap();
        until(&|e| e.kind == EventKind::Modify(ModifyKind::Any) && e.paths == [site.join("site.toml")]);
    }

    /// A linked folder (`static -> assets`) whose target becomes a link
    /// out (`assets -> elsewhere`): the link itself is the same, where it
    /// leads is not; reported removed and created, not walked through.
    #[test]
    fn a_link_that_leads_elsewhere_is_not_walked_through() {
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        let (assets, elsewhere) = (site.join("assets"), tmp.path().join("elsewhere"));
        std::fs::create_dir_all(&assets).unwrap();
        std::fs::create_dir_all(&elsewhere).unwrap();
        let linked = site.join("static");
        std::os::unix::fs::symlink("assets", &linked).unwrap();
        std::fs::write(assets.join("a.css"), "a").unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let config = notify::Config::default().with_poll_interval(Duration::from_millis(20));
        let mut poll = MetadataPoll::new(tx, config).unwrap();
        poll.watch(&linked, RecursiveMode::Recursive).unwrap();
        // Walked through the link, named under it.
        std::thread::sleep(Duration::from_millis(50));
        std::fs::write(assets.join("a.css"), "b").unwrap();
        let event = rx.recv_timeout(Duration::from_secs(10)).unwrap().unwrap();
        assert_eq!(
            (event.kind, event.paths),
            (EventKind::Modify(ModifyKind::Any), vec![linked.join("a.css")])
        );
        std::fs::rename(&assets, site.join("assets.old")).unwrap();
        std::os::unix::fs::symlink(&elsewhere, &assets).unwrap();
        let kinds: Vec<(EventKind, Vec<PathBuf>)> = (0..2)
            .map(|_| rx.recv_timeout(Duration::from_secs(10)).unwrap().unwrap())
            .map(|e| (e.kind, e.paths))
            .collect();
        assert_eq!(
            kinds,
            [
                (EventKind::Remove(RemoveKind::Any), vec![linked.clone()]),
                (EventKind::Create(CreateKind::Any), vec![linked.clone()])
            ]
        );
        std::fs::write(elsewhere.join("x.css"), "x").unwrap();
        assert!(
            rx.recv_timeout(Duration::from_millis(300)).is_err(),
            "not walked through the link"
        );
    }

    /// A folder removed and made again is another, even at the inode just
    /// freed (ext4 gives it back often: `rm -rf lib/assets; cp -a bak
    /// lib/assets` under `static -> lib/assets` left its edits unseen).
    #[test]
    fn a_folder_made_again_is_another_even_at_its_old_inode() {
        use std::os::unix::fs::MetadataExt;
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("assets");
        let mut reused = 0;
        for _ in 0..32 {
            std::fs::create_dir(&dir).unwrap();
            let (before, inode) = (identity(&dir), std::fs::metadata(&dir).unwrap().ino());
            std::fs::remove_dir(&dir).unwrap();
            std::fs::create_dir(&dir).unwrap();
            reused += usize::from(std::fs::metadata(&dir).unwrap().ino() == inode);
            assert_ne!(identity(&dir), before, "made again, inode reused: {}", reused > 0);
            std::fs::remove_dir(&dir).unwrap();
        }
        eprintln!("the inode came back {reused} times in 32");
    }

    #[test]
    fn a_slow_walk_waits_four_times_as_long() {
        let half = Duration::from_millis(500);
        assert_eq!(pause_after(half, Duration::from_millis(10)), half);
        assert_eq!(pause_after(half, Duration::from_millis(500)), Duration::from_secs(2));
    }

    #[test]
    fn the_poll_sees_each_change_by_its_stamps_and_opens_nothing() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("data");
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("e.toml");
        std::fs::write(&file, "a").unwrap();
        let fifo = std::ffi::CString::new(dir.join("p").into_os_string().into_encoded_bytes()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
        let (tx, rx) = std::sync::mpsc::channel();
        let mut poll = MetadataPoll::new(
            tx,
            notify::Config::default().with_poll_interval(Duration::from_millis(20)),
        )
        .unwrap();
        poll.watch(&dir, RecursiveMode::Recursive).unwrap();
        // The events of one change, once quiet.
        let changes = || -> Vec<(EventKind, PathBuf)> {
            let mut events = vec![rx.recv_timeout(Duration::from_secs(10)).expect("an event").unwrap()];
            while let Ok(more) = rx.recv_timeout(Duration::from_millis(150)) {
                events.push(more.unwrap());
            }
            events
                .into_iter()
                .flat_map(|e| e.paths.into_iter().map(move |p| (e.kind, p)))
                .collect()
        };
        // Those in the folder (its own left out), by path.
        let next = || -> Vec<(EventKind, PathBuf)> {
            let mut inside: Vec<_> = changes().into_iter().filter(|(_, p)| *p != dir).collect();
            inside.sort_by(|a, b| a.1.cmp(&b.1));
            inside
        };
        // Those of the folder itself, in order.
        let next_of_root = || -> Vec<EventKind> {
            changes()
                .into_iter()
                .filter(|(_, p)| *p == dir)
                .map(|(kind, _)| kind)
                .collect()
        };
        let modified = EventKind::Modify(ModifyKind::Any);
        // Past the file system's clock tick (a few ms) since it was made.
        std::thread::sleep(Duration::from_millis(50));
        let old_times = std::fs::metadata(&file).unwrap().modified().unwrap();
        std::fs::write(&file, "b").unwrap();
        assert_eq!(next(), [(modified, file.clone())]);
        // Back to its old time (as `cp -a` restores a backup): its change time moves on.
        std::fs::File::options()
            .write(true)
            .open(&file)
            .unwrap()
            .set_modified(old_times)
            .unwrap();
        assert_eq!(next(), [(modified, file.clone())]);
        std::fs::write(dir.join(".hidden"), "x").unwrap();
        // Made whole at once (written in place, a poll between the file's
        // creation and its write saw both: a Create, then a Modify).
        std::fs::write(dir.join(".new.toml.tmp"), "x").unwrap();
        std::fs::rename(dir.join(".new.toml.tmp"), dir.join("new.toml")).unwrap();
        assert_eq!(next(), [(EventKind::Create(CreateKind::Any), dir.join("new.toml"))]);
        std::fs::remove_file(&file).unwrap();
        assert_eq!(next(), [(EventKind::Remove(RemoveKind::Any), file.clone())]);
        // The folder itself replaced by a link out: reported, never walked.
        let elsewhere = tmp.path().join("elsewhere");
        std::fs::create_dir_all(&elsewhere).unwrap();
        std::fs::rename(&dir, tmp.path().join("data.old")).unwrap();
        std::os::unix::fs::symlink(&elsewhere, &dir).unwrap();
        let replaced = next_of_root();
        assert_eq!(
            replaced,
            [EventKind::Remove(RemoveKind::Any), EventKind::Create(CreateKind::Any)]
        );
        std::fs::write(elsewhere.join("x.toml"), "x").unwrap();
        assert!(
            rx.recv_timeout(Duration::from_millis(300)).is_err(),
            "not walked through the link"
        );
        poll.unwatch(&dir).unwrap();
        std::fs::write(dir.join("later.toml"), "x").unwrap();
        assert!(rx.recv_timeout(Duration::from_millis(200)).is_err());
    }
}
