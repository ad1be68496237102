//! The file events `serve` follows its inputs with: notify's watcher,
//! watching each folder of an input by itself ([`Folders`]), asked from a
//! thread of its own ([`Patient`]).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use notify::{PathOp, RecursiveMode, WatchPathConfig, Watcher};

/// A file watcher whose recursive watch of a folder is a watch of each of
/// its folders that a build reads, one by one: hidden folders (a tool's
/// cache, `.git`) and what is under them are not watched, and links are
/// not followed, but the folder watched may itself be a link (`static ->
/// assets`). A recursive watch asked again of the same folder brings its
/// watches up to date: the folders that came since are watched (their
/// files made before are read by the rebuild that follows), and those
/// gone let go.
///
/// notify's own recursive watch watched hidden folders too, and added a
/// watch for each folder that came into one: two programs renaming a
/// folder back and forth under `static/.cache/` made its thread gather
/// every renamed folder in a list until they stopped (5 MB a second,
/// 140 MB after 50 s). It also watched a linked input folder's
/// sub-folders, not the folder itself.
pub(crate) struct Folders<W> {
    inner: W,
    /// The most folders a recursive watch takes, besides the folder
    /// itself: a watcher drops the watch of each folder that goes by
    /// looking at every watch, so events of many folders going at once
    /// fall behind (see `serve`'s `MAX_WATCHED_FOLDERS`).
    most: usize,
    /// The folders watched recursively.
    roots: Vec<PathBuf>,
}

impl<W: Watcher> Folders<W> {
    pub(crate) fn new(inner: W, most: usize) -> Folders<W> {
        Folders {
            inner,
            most,
            roots: Vec::new(),
        }
    }

    /// The folders under `root` now watched, `root` too.
    fn watched(&self, root: &Path) -> notify::Result<HashSet<PathBuf>> {
        Ok(self
            .inner
            .watched_paths()?
            .into_iter()
            .map(|(path, _)| path)
            .filter(|path| path.starts_with(root))
            .collect())
    }

    /// Watch `root` and each of its folders not watched yet, and let go of
    /// the watches of folders no longer there. Folder by folder down the
    /// tree, a level at a time, each folder is watched before it is
    /// listed: a folder made in a new one before its watch is in its
    /// listing, one made after comes as an event (listing first and
    /// watching after lost a folder made in between, and every edit in it).
    fn follow(&mut self, root: &Path) -> notify::Result<()> {
        // Noted first: `unwatch` lets go of all its folders even if some
        // fail here.
        if !self.roots.iter().any(|r| r == root) {
            self.roots.push(root.to_path_buf());
        }
        let watched = self.watched(root)?;
        let mut present: HashSet<PathBuf> = HashSet::new();
        let mut level = vec![root.to_path_buf()];
        while !level.is_empty() {
            let ops = level
                .iter()
                .filter(|folder| !watched.contains(*folder))
                .map(|folder| {
                    // Only the folder watched may be a link to follow; one
                    // under it is a folder (a link there is not followed),
                    // unless swapped for one since.
                    let config =
                        WatchPathConfig::new(RecursiveMode::NonRecursive).with_dereference_symlinks(folder == root);
                    PathOp::Watch(folder.clone(), config)
                })
                .collect();
            self.apply(ops)?;
            let mut next = Vec::new();
            for folder in &level {
                // Gone since: its watch, if any, is dropped below.
                let Ok(entries) = std::fs::read_dir(folder) else {
                    continue;
                };
                for entry in entries.filter_map(Result::ok) {
                    let hidden = ratings_model::files::is_hidden(&entry.file_name());
                    if !hidden && entry.file_type().is_ok_and(|t| t.is_dir()) {
                        if present.len() + level.len() + next.len() > self.most {
                            return Err(notify::Error::generic(&format!(
                                "more than {} folders: file events fall behind when many go at once",
                                self.most
                            )));
                        }
                        next.push(entry.path());
                    }
                }
            }
            present.extend(level);
            level = next;
        }
        let gone = watched
            .into_iter()
            .filter(|w| !present.contains(w))
            .map(PathOp::Unwatch)
            .collect();
        self.apply(gone)
    }

    /// Do `ops` in one batch; one on a folder gone meanwhile (or whose
    /// watch the watcher dropped as it went) is passed over.
    fn apply(&mut self, mut ops: Vec<PathOp>) -> notify::Result<()> {
        while !ops.is_empty() {
            match self.inner.update_paths(ops) {
                Ok(()) => break,
                Err(e) if e.origin.is_some() && gone(&e.source) => ops = e.remaining,
                Err(e) => return Err(e.source),
            }
        }
        Ok(())
    }
}

/// Whether a watch failed because its folder (or the watch) is gone.
fn gone(e: &notify::Error) -> bool {
    match &e.kind {
        notify::ErrorKind::PathNotFound | notify::ErrorKind::WatchNotFound => true,
        notify::ErrorKind::Io(io) => io.kind() == std::io::ErrorKind::NotFound,
        _ => false,
    }
}

impl<W: Watcher> Watcher for Folders<W> {
    fn new<F: notify::EventHandler>(_: F, _: notify::Config) -> notify::Result<Self> {
        Err(notify::Error::generic("made with Folders::new"))
    }

    fn watch(&mut self, path: &Path, mode: RecursiveMode) -> notify::Result<()> {
        match mode {
            RecursiveMode::Recursive => self.follow(path),
            RecursiveMode::NonRecursive => self.inner.watch(path, mode),
        }
    }

    fn unwatch(&mut self, path: &Path) -> notify::Result<()> {
        let Some(i) = self.roots.iter().position(|r| r == path) else {
            return self.inner.unwatch(path);
        };
        self.roots.swap_remove(i);
        let ops = self.watched(path)?.into_iter().map(PathOp::Unwatch).collect();
        self.apply(ops)
    }

    fn watched_paths(&self) -> notify::Result<Vec<(PathBuf, RecursiveMode)>> {
        self.inner.watched_paths()
    }

    fn kind() -> notify::WatcherKind {
        W::kind()
    }
}

/// How long serve waits for the file watcher's thread to take a watch or
/// an unwatch. That thread does not answer while events come faster than
/// it reads them (two programs renaming folders under `static/`
/// unthrottled), and serve waited with it: edits unseen for as long as the
/// churn ran, and minutes after.
pub(crate) const WATCHER_ANSWER: Duration = Duration::from_secs(1);

/// A file watcher asked from a thread of its own: `watch` and `unwatch`
/// wait at most `answer` for it, then say it is busy (the input folder is
/// then polled), and for 30 s after that it is not asked at all. What was
/// asked is still done, in order, once it answers.
pub(crate) struct Patient {
    requests: mpsc::Sender<(Request, mpsc::SyncSender<notify::Result<()>>)>,
    answer: Duration,
    busy_until: Option<Instant>,
}

enum Request {
    Watch(PathBuf, RecursiveMode),
    Unwatch(PathBuf),
}

impl Patient {
    pub(crate) fn new<W: Watcher + Send + 'static>(mut watcher: W, answer: Duration) -> Patient {
        let (requests, taken) = mpsc::channel::<(Request, mpsc::SyncSender<notify::Result<()>>)>();
        std::thread::spawn(move || {
            for (request, reply) in taken {
                let done = match request {
                    Request::Watch(path, mode) => watcher.watch(&path, mode),
                    Request::Unwatch(path) => watcher.unwatch(&path),
                };
                let _ = reply.try_send(done);
            }
        });
        Patient {
            requests,
            answer,
            busy_until: None,
        }
    }

    fn ask(&mut self, request: Request) -> notify::Result<()> {
        let busy = || notify::Error::generic("the file watcher is busy: file events come faster than it reads them");
        if self.busy_until.is_some_and(|until| Instant::now() < until) {
            return Err(busy());
        }
        let (reply, answer) = mpsc::sync_channel(1);
        if self.requests.send((request, reply)).is_err() {
            return Err(notify::Error::generic("the file watcher stopped"));
        }
        answer.recv_timeout(self.answer).unwrap_or_else(|_| {
            self.busy_until = Some(Instant::now() + Duration::from_secs(30));
            Err(busy())
        })
    }
}

impl Watcher for Patient {
    fn new<F: notify::EventHandler>(_: F, _: notify::Config) -> notify::Result<Self> {
        Err(notify::Error::generic("made with Patient::new"))
    }

    fn watch(&mut self, path: &Path, mode: RecursiveMode) -> notify::Result<()> {
        self.ask(Request::Watch(path.to_path_buf(), mode))
    }

    fn unwatch(&mut self, path: &Path) -> notify::Result<()> {
        self.ask(Request::Unwatch(path.to_path_buf()))
    }

    fn kind() -> notify::WatcherKind {
        notify::RecommendedWatcher::kind()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The folders watched, under `under`, as written from it.
    fn watched(folders: &Folders<notify::RecommendedWatcher>, under: &Path) -> Vec<String> {
        let mut paths: Vec<String> = folders
            .watched_paths()
            .unwrap()
            .into_iter()
            .filter_map(|(path, mode)| {
                assert_eq!(mode, RecursiveMode::NonRecursive);
                Some(path.strip_prefix(under).ok()?.to_string_lossy().into_owned())
            })
            .collect();
        paths.sort();
        paths
    }

    /// Wait (at most 5 s) for an event about `path`.
    fn reported(events: &mpsc::Receiver<notify::Result<notify::Event>>, path: &Path) {
        let deadline = Instant::now() + Duration::from_secs(5);
        while let Ok(event) = events.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            if event.unwrap().paths.iter().any(|p| p == path) {
                return;
            }
        }
        panic!("no event about {}", path.display());
    }

    /// notify's watcher, but a folder `c` is made in each folder it is
    /// asked to watch just before it is: as another program may make one
    /// between the look at a new folder and its watch.
    struct MakesChild(notify::RecommendedWatcher);

    impl Watcher for MakesChild {
        fn new<F: notify::EventHandler>(_: F, _: notify::Config) -> notify::Result<Self> {
            Err(notify::Error::generic("made by hand"))
        }
        fn watch(&mut self, path: &Path, mode: RecursiveMode) -> notify::Result<()> {
            self.0.watch(path, mode)
        }
        fn unwatch(&mut self, path: &Path) -> notify::Result<()> {
            self.0.unwatch(path)
        }
        fn update_paths(&mut self, ops: Vec<PathOp>) -> Result<(), notify::UpdatePathsError> {
            for op in &ops {
                if let PathOp::Watch(path, _) = op
                    && !path.ends_with("c")
                {
                    std::fs::create_dir(path.join("c")).unwrap();
                }
            }
            self.0.update_paths(ops)
        }
        fn watched_paths(&self) -> notify::Result<Vec<(PathBuf, RecursiveMode)>> {
            self.0.watched_paths()
        }
        fn kind() -> notify::WatcherKind {
            notify::WatcherKind::Inotify
        }
    }

    /// A folder made in a new folder before its watch is watched too (the
    /// new folder is listed after its watch), at start and when it comes
    /// while serving: a file made in it is an event.
    #[test]
    fn a_folder_made_before_its_parents_watch_is_watched() {
        let tmp = tempfile::tempdir().unwrap();
        let input = tmp.path().canonicalize().unwrap().join("static");
        std::fs::create_dir_all(input.join("css")).unwrap();
        let (tx, events) = mpsc::channel();
        let inner = notify::RecommendedWatcher::new(tx, notify::Config::default()).unwrap();
        let mut folders = Folders::new(MakesChild(inner), 100);
        folders.watch(&input, RecursiveMode::Recursive).unwrap();
        std::fs::create_dir(input.join("img")).unwrap();
        folders.watch(&input, RecursiveMode::Recursive).unwrap();
        let inner = folders.inner.0.watched_paths().unwrap();
        assert_eq!(inner.len(), 6, "{inner:?}");
        for file in ["c/a.txt", "css/c/a.txt", "img/c/a.txt"] {
            std::fs::write(input.join(file), "a").unwrap();
            reported(&events, &input.join(file));
        }
    }

    /// A recursive watch is a watch of each folder a build reads: not
    /// hidden ones (renaming folders under `static/.cache/` over and over
    /// made notify's thread gather each in a list while it lasted), not
    /// through links; asked again, it takes in the folders that came and
    /// lets go of those gone; past `most` folders it fails.
    #[test]
    fn a_recursive_watch_is_one_of_each_folder_read() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().canonicalize().unwrap();
        let site = root.join("site");
        for folder in ["static/css/print", "static/.cache/a", "outside/deep", "site/assets"] {
            std::fs::create_dir_all(root.join(folder)).unwrap();
        }
        std::fs::rename(root.join("static"), site.join("static")).unwrap();
        std::os::unix::fs::symlink(root.join("outside"), site.join("static/out")).unwrap();
        std::os::unix::fs::symlink("assets", site.join("linked")).unwrap();
        let (tx, events) = mpsc::channel();
        let inner = notify::RecommendedWatcher::new(tx, notify::Config::default()).unwrap();
        let mut folders = Folders::new(inner, 3);
        let input = site.join("static");
        folders.watch(&input, RecursiveMode::Recursive).unwrap();
        assert_eq!(watched(&folders, &input), ["", "css", "css/print"]);

        // Renamed over and over in a hidden folder: not one event.
        for i in 0..1000 {
            let (from, to) = if i % 2 == 0 { ("a", "b") } else { ("b", "a") };
            std::fs::rename(input.join(".cache").join(from), input.join(".cache").join(to)).unwrap();
        }
        std::fs::write(input.join("css/a.css"), "a { }").unwrap();
        let mut seen = Vec::new();
        while let Ok(event) = events.recv_timeout(Duration::from_millis(500)) {
            seen.extend(event.unwrap().paths);
        }
        assert!(seen.contains(&input.join("css/a.css")), "{seen:?}");
        assert!(seen.iter().all(|p| !p.starts_with(input.join(".cache"))), "{seen:?}");

        // Folders came and went: asked again, the watches follow.
        std::fs::create_dir(input.join("img")).unwrap();
        std::fs::remove_dir(input.join("css/print")).unwrap();
        std::fs::rename(input.join(".cache/a"), input.join("fonts")).unwrap();
        folders.watch(&input, RecursiveMode::Recursive).unwrap();
        assert_eq!(watched(&folders, &input), ["", "css", "fonts", "img"]);
        std::fs::write(input.join("fonts/f.woff"), "f").unwrap();
        reported(&events, &input.join("fonts/f.woff"));

        // One folder too many.
        std::fs::create_dir(input.join("js")).unwrap();
        let e = folders.watch(&input, RecursiveMode::Recursive).unwrap_err();
        assert_eq!(
            e.to_string(),
            "more than 3 folders: file events fall behind when many go at once"
        );
        folders.unwatch(&input).unwrap();
        assert_eq!(watched(&folders, &input), Vec::<String>::new());

        // A linked input folder is watched where it leads, at its top too.
        let linked = site.join("linked");
        folders.watch(&linked, RecursiveMode::Recursive).unwrap();
        std::fs::write(site.join("assets/top.css"), "a { }").unwrap();
        reported(&events, &linked.join("top.css"));
    }
}
