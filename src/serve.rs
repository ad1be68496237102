//! `ratings serve`: a local preview. Builds the site (the same atomic build
//! as `ratings build`), serves it on 127.0.0.1, rebuilds when `data/`,
//! `site.toml` or `static/` change, and reloads the open pages.
//!
//! HTTP is hyper's (HTTP/1.1, on a tokio runtime of one thread; GET and
//! HEAD of files, one request per connection): request heads are capped at
//! [`MAX_HEAD`] bytes and must arrive whole within [`HEAD_DEADLINE`], at
//! most [`MAX_CONNECTIONS`] are open (a new one closes the quietest; one
//! idle for [`IDLE_LIMIT`] is closed anyway), every file,
//! pages with their reload script too, is sent in pieces as the connection
//! takes them, and only requests for `localhost`, `127.0.0.1` or `[::1]`
//! are answered, so a web page cannot reach the preview through DNS
//! rebinding. Only a folder this tool built (with its marker) that a
//! build may write to is served. File watching is notify's; a `data/` or
//! `static/` that is replaced (or whose link now leads elsewhere), and a
//! site folder that is, is watched again (`Inputs`). The files on
//! disk are exactly what `build` writes: the reload script (a poll of
//! `/__ratings/version`) is added to HTML responses only. Templates are
//! compiled into the binary, so a template change needs a restart.

use ratings_model::error::Shown;
use ratings_model::files::real_path;
use std::collections::BTreeMap;
use std::io::{Read, Seek, SeekFrom, Write};
use std::net::TcpListener;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use notify::event::{AccessKind, AccessMode, MetadataKind, ModifyKind};
use notify::{EventKind, RecursiveMode, Watcher};

use crate::watch::{Folders, Patient, WATCHER_ANSWER};

use ratings_site::BuildOptions;

/// What `serve` is asked to do.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    pub site_dir: PathBuf,
    /// Output folder; default: `output_dir` of site.toml, under the site folder.
    pub output: Option<PathBuf>,
    /// 0 picks a free port.
    pub port: u16,
    pub force: bool,
}

/// The address the reload script polls.
pub const VERSION_PATH: &str = "/__ratings/version";

/// How long a burst of changes must be quiet before a rebuild.
const SETTLE: Duration = Duration::from_millis(150);

/// The longest a rebuild waits for changes to settle: files that keep
/// changing (a log written under `data/`, a program reading the files
/// over and over) do not put it off.
const MAX_SETTLE: Duration = Duration::from_secs(2);

/// How often, with no file event, the input folders' names are looked at
/// (what is at each, where a link leads): a few system calls.
const RECHECK: Duration = Duration::from_secs(1);

#[derive(Default)]
struct State {
    /// Changes with every build attempt; the pages poll it.
    version: u64,
    /// The errors of the last build, shown on every page until fixed
    /// (shared: every page served takes it).
    errors: Option<Arc<str>>,
}

/// Build, serve and watch until the process is stopped.
pub fn serve(options: &ServeOptions) -> Result<(), String> {
    let site_dir = options
        .site_dir
        .canonicalize()
        .map_err(|e| format!("{}: {e}", Shown(&options.site_dir)))?;
    // Without a valid site.toml there is no output folder to serve.
    let settings = ratings_config::read(&options.site_dir)
        .map_err(|e| ratings_model::error::Errors::sorted(e.problems).to_string())?;
    let out = settings.output_path(&options.site_dir, options.output.as_deref());
    // With base_url, 404.html links to /repo/...: serve that prefix too.
    let prefix = ratings_site::pages::not_found::absolute_root(settings.base_url.as_deref());
    // Never serve a folder a build would refuse (`/`, `..`, `~`, a link ...).
    if options.output.is_none()
        && let Err(refused) = ratings_site::output::within_site(&out, &options.site_dir)
    {
        return Err(format!("error: {refused}"));
    }
    if let Err(refused) = ratings_site::output::check_output(&out, &options.site_dir, options.force) {
        return Err(format!("error: {refused}"));
    }
    let build = BuildOptions {
        // As given, so that messages name files the way the user does.
        site_dir: options.site_dir.clone(),
        output: Some(out.clone()),
        force: options.force,
    };
    let state = Arc::new(Mutex::new(State::default()));
    // Watched before the first build, so that a save during it is not lost.
    let mut inputs = Inputs::new(&site_dir, &out)?;
    rebuild(&build, &state);

    let listener = TcpListener::bind(("127.0.0.1", options.port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {e}", options.port))?;
    let port = listener.local_addr().map_or(options.port, |a| a.port());
    println!("Serving {} at http://127.0.0.1:{port}/ (Ctrl-C to stop)", Shown(&out));
    let _ = std::io::stdout().flush();

    {
        let state = Arc::clone(&state);
        let out = out.clone();
        std::thread::spawn(move || accept(listener, &out, &prefix, &state));
    }

    loop {
        if let Some(path) = inputs.next_change(None)? {
            let shown = path.strip_prefix(&site_dir).unwrap_or(&path);
            eprintln!("Changed: {}", Shown(&shown));
            rebuild(&build, &state);
        }
    }
}

/// The folders of the site watched recursively.
const INPUT_FOLDERS: [&str; 2] = ["data", "static"];

/// How often the files are polled where there are no file events.
const POLL_INTERVAL: Duration = Duration::from_millis(500);

/// The file watches on a site's inputs: the site folder itself, not
/// recursively (`site.toml`, and `data/` or `static/` appearing, going or
/// being replaced), and `data/` and `static/` recursively. A native watch
/// follows a folder, not its name: when the site folder reports that one
/// of them was removed, created or renamed (`rm -rf data && cp -a backup
/// data`, `mv new data`), its watch is dropped and the folder now at that
/// name is watched, before the rebuild. Polling goes by names, so it keeps
/// up with a replaced folder by itself; it is re-watched all the same.
struct Inputs {
    watcher: Box<dyn Watcher>,
    /// With file events, the polling of an input folder they cannot watch
    /// (the system's limit on watches reached, `fs.inotify.max_user_watches`):
    /// left unwatched, it was reported changed every second, each time a
    /// rebuild and a reload of every open page.
    fallback: Option<Box<dyn Watcher>>,
    events: mpsc::Receiver<notify::Result<notify::Event>>,
    /// What the watcher's handler saw besides the events it queued.
    flags: Arc<Flags>,
    site_dir: PathBuf,
    out: PathBuf,
    /// The input folders now watched, each with what was at its name
    /// when it was watched, and the site folder's.
    watched: Vec<Watched>,
    site: Option<crate::poll::Identity>,
    /// When the names were last looked at ([`Inputs::moved`]): at least
    /// once a second, whatever events come (a log file written beside
    /// `site.toml` every 0.3 s put the look off for as long as it ran).
    looked: std::time::Instant,
}

impl Inputs {
    /// File events where the system has them (inotify, FSEvents ...);
    /// where it has not (or its watch limit is reached), polling.
    fn new(site_dir: &Path, out: &Path) -> Result<Inputs, String> {
        Inputs::native(site_dir, out).map_or_else(
            || {
                eprintln!("File events are not available here: polling for changes every 0.5 s.");
                Inputs::polling(site_dir, out, POLL_INTERVAL)
            },
            Ok,
        )
    }

    fn native(site_dir: &Path, out: &Path) -> Option<Inputs> {
        let (handler, events, flags) = queue(site_dir, out);
        // Only changes are asked for (and files closed after writing: a
        // write through `mmap` says nothing else), not reads: a build opens every input
        // and lists every folder, and with 17,500 folders in `static/` those
        // events overflowed the system's queue (16,384), which is a change
        // to every input: a rebuild, and its reads overflowed it again, for
        // ever (a core busy, every open page reloaded, while idle).
        let config = notify::Config::default()
            .with_event_kinds(notify::EventKindMask::CORE | notify::EventKindMask::ACCESS_CLOSE);
        let fallback = crate::poll::MetadataPoll::new(
            handler.clone(),
            notify::Config::default().with_poll_interval(POLL_INTERVAL),
        );
        let mut watcher = notify::RecommendedWatcher::new(handler, config).ok()?;
        watcher.watch(site_dir, RecursiveMode::NonRecursive).ok()?;
        let fallback = fallback.ok().map(|poll| Box::new(poll) as Box<dyn Watcher>);
        // Each folder watched by itself, links not followed ([`Folders`]):
        // a link out of the site (`static/x -> /sys`) is the build's error,
        // and following it made the watch walk /sys before the first
        // build; a link inside the site leads to files watched where they
        // are.
        let watcher = Box::new(Patient::new(Folders::new(watcher, MAX_WATCHED_FOLDERS), WATCHER_ANSWER));
        Some(Inputs::start(watcher, fallback, events, flags, site_dir, out))
    }

    fn polling(site_dir: &Path, out: &Path, interval: Duration) -> Result<Inputs, String> {
        let (handler, events, flags) = queue(site_dir, out);
        // By the entries' stamps, opening no file ([`crate::poll`]).
        let config = notify::Config::default().with_poll_interval(interval);
        let mut watcher =
            crate::poll::MetadataPoll::new(handler, config).map_err(|e| format!("cannot watch files: {e}"))?;
        watcher
            .watch(site_dir, RecursiveMode::NonRecursive)
            .map_err(|e| format!("cannot watch {}: {e}", Shown(&site_dir)))?;
        Ok(Inputs::start(Box::new(watcher), None, events, flags, site_dir, out))
    }

    fn start(
        watcher: Box<dyn Watcher>,
        fallback: Option<Box<dyn Watcher>>,
        events: mpsc::Receiver<notify::Result<notify::Event>>,
        flags: Arc<Flags>,
        site_dir: &Path,
        out: &Path,
    ) -> Inputs {
        let mut inputs = Inputs {
            watcher,
            fallback,
            events,
            flags,
            site_dir: site_dir.to_path_buf(),
            out: out.to_path_buf(),
            watched: Vec::new(),
            looked: std::time::Instant::now(),
            site: crate::poll::identity(site_dir),
        };
        inputs.rewatch(&[]);
        inputs
    }

    /// Wait (at most `limit`, if given) for a change to an input, let the
    /// burst of events settle, and watch again the input folders that
    /// appeared or were replaced meanwhile: the first input changed, or
    /// `None` when the time ran out.
    fn next_change(&mut self, limit: Option<Duration>) -> Result<Option<PathBuf>, String> {
        let deadline = limit.map(|l| std::time::Instant::now() + l);
        let mut changed = None;
        let mut replaced = Vec::new();
        while changed.is_none() {
            let now = std::time::Instant::now();
            let look = (self.looked + RECHECK).saturating_duration_since(now);
            let wait = deadline.map_or(look, |d| d.saturating_duration_since(now).min(look));
            match self.events.recv_timeout(wait) {
                Ok(event) => {
                    self.note(event, &mut changed, &mut replaced);
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => return Err("the file watcher stopped".into()),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            // A change was dropped, whatever came after it (errors of the
            // watcher, or nothing).
            self.dropped(&mut changed);
            if changed.is_none() && self.looked.elapsed() >= RECHECK {
                // No event says so when a linked folder's target is
                // replaced (its own watch is on its sub-folders) or the
                // site folder is: their names are looked at.
                self.looked = std::time::Instant::now();
                replaced.extend(self.moved());
                self.follow_new(&mut replaced);
                changed = replaced.first().cloned();
            }
            if changed.is_none() && deadline.is_some_and(|d| d <= std::time::Instant::now()) {
                return Ok(None);
            }
        }
        // Until the inputs are quiet for SETTLE (events that change no
        // input, reads and hidden files, do not count), at most MAX_SETTLE.
        let settled = std::time::Instant::now() + MAX_SETTLE;
        let mut quiet = std::time::Instant::now() + SETTLE;
        loop {
            // Ends at the time, whatever waits in the queue (events that
            // never stop, a folder renamed back and forth unthrottled, kept
            // it from ever timing out: edits unseen while they came).
            let until = quiet.min(settled);
            let now = std::time::Instant::now();
            if now >= until {
                break;
            }
            let Ok(more) = self.events.recv_timeout(until - now) else {
                break;
            };
            if self.note(more, &mut changed, &mut replaced) {
                quiet = std::time::Instant::now() + SETTLE;
            }
        }
        if self.flags.overflow.swap(false, Ordering::Relaxed) {
            // Events were dropped: any input may have changed or been
            // replaced.
            replaced = INPUT_FOLDERS.iter().map(|f| self.site_dir.join(f)).collect();
            changed.get_or_insert_with(|| self.site_dir.join("data"));
        }
        self.follow_new(&mut replaced);
        self.rewatch(&replaced);
        Ok(changed)
    }

    /// Take in one file event: the first input it changes, if none yet,
    /// and the input folder it says was removed, created or renamed.
    /// Whether it changes an input.
    fn note(
        &self,
        event: notify::Result<notify::Event>,
        changed: &mut Option<PathBuf>,
        replaced: &mut Vec<PathBuf>,
    ) -> bool {
        let event = match event {
            Ok(event) => event,
            // The watcher could not read the system's events: what they
            // were is not known (an overflow is said as an event).
            Err(_) => return false,
        };
        // The system's own queue of events overflowed and dropped some
        // (notify asks for a rescan): as when ours does, any input may have
        // changed, and folders made meanwhile are not watched yet.
        // (Not when every input folder is polled: the file watcher still
        // follows them, busy, and its overflows were a rebuild each.)
        let rescan = event.need_rescan() && self.watched.iter().any(|w| !w.polled);
        if rescan {
            self.flags.overflow.store(true, Ordering::Relaxed);
        }
        let mut linked = None;
        if matches!(
            event.kind,
            EventKind::Create(_) | EventKind::Remove(_) | EventKind::Modify(ModifyKind::Name(_))
        ) {
            for path in &event.paths {
                let folder = INPUT_FOLDERS.iter().any(|f| *path == self.site_dir.join(f));
                if folder && !replaced.contains(path) {
                    replaced.push(path.clone());
                }
            }
            // Something at the top of the site came or went: an input
            // folder that is a link (`static -> assets`) may have gained or
            // lost its target (`assets` moved away and back left `static/`
            // unwatched for good).
            if event.paths.iter().any(|p| p.parent() == Some(self.site_dir.as_path())) {
                for folder in INPUT_FOLDERS {
                    let path = self.site_dir.join(folder);
                    if watchable(&self.site_dir, &self.out, &path) != self.is_watched(&path) {
                        if !replaced.contains(&path) {
                            replaced.push(path.clone());
                        }
                        linked.get_or_insert(path);
                    }
                }
            }
        }
        let input = relevant(&self.site_dir, &self.out, &event).or(linked);
        let relevant = input.is_some();
        if changed.is_none() {
            *changed = input;
        }
        // Events dropped: a change, even if those that came change nothing.
        self.dropped(changed);
        relevant || rescan
    }

    /// When events were dropped (the queue was full) and no change is
    /// known yet, a change to every input, `data/` standing for them.
    fn dropped(&self, changed: &mut Option<PathBuf>) {
        if changed.is_none() && self.flags.overflow.load(Ordering::Relaxed) {
            *changed = Some(self.site_dir.join("data"));
        }
    }

    /// The input folders followed by file events that folders came into
    /// since the last look (made, or moved in or renamed): the new
    /// folders are watched ([`Folders`] brings a recursive watch up to
    /// date). One that now holds more than [`MAX_WATCHED_FOLDERS`], or
    /// whose new folders cannot be watched (the system's limit on watches
    /// reached, the watcher busy), is replaced, so that
    /// [`Inputs::rewatch`] polls it (a tree of 30,000 folders moved in
    /// while serving, then removed, held every edit back for over a
    /// minute; a folder made past the limit went unwatched, and nothing
    /// said why).
    fn follow_new(&mut self, replaced: &mut Vec<PathBuf>) {
        for (grew, folder) in self.flags.grew.iter().zip(INPUT_FOLDERS) {
            let path = self.site_dir.join(folder);
            if grew.swap(false, Ordering::Relaxed)
                && self.fallback.is_some()
                && self.watched.iter().any(|w| w.path == path && !w.polled)
                && !replaced.contains(&path)
                && self.watcher.watch(&path, RecursiveMode::Recursive).is_err()
            {
                replaced.push(path);
            }
        }
    }

    fn is_watched(&self, path: &Path) -> bool {
        self.watched.iter().any(|w| w.path == path)
    }

    /// The input folders whose watch no longer fits what is at their
    /// name: something else there (a linked folder's target replaced,
    /// `mv new assets` under `static -> assets`), watchable and not
    /// watched (a link's target back), or the other way round. A site
    /// folder replaced (`mv site.new site`) is watched again, and all of
    /// them are.
    fn moved(&mut self) -> Vec<PathBuf> {
        let site = crate::poll::identity(&self.site_dir);
        if site != self.site {
            self.site = site;
            let _ = self.watcher.unwatch(&self.site_dir);
            let _ = self.watcher.watch(&self.site_dir, RecursiveMode::NonRecursive);
            return INPUT_FOLDERS.iter().map(|f| self.site_dir.join(f)).collect();
        }
        let mut moved = Vec::new();
        for folder in INPUT_FOLDERS {
            let path = self.site_dir.join(folder);
            let watched = self.watched.iter().find(|w| w.path == path);
            let fits = match watched {
                Some(w) => w.at == crate::poll::identity(&path),
                None => !watchable(&self.site_dir, &self.out, &path),
            };
            if !fits {
                moved.push(path);
            }
        }
        moved
    }

    /// Drop the watches of the `stale` folders, then watch every input
    /// folder that is there and not watched: a new one, or the one now at
    /// a stale one's name. That a folder is polled is said once, not each
    /// time it is watched again.
    fn rewatch(&mut self, stale: &[PathBuf]) {
        let mut was_polled = Vec::new();
        for path in stale {
            if let Some(i) = self.watched.iter().position(|w| w.path == *path) {
                if self.watched.swap_remove(i).polled {
                    was_polled.push(path);
                } else {
                    // Often gone already: the watcher drops the watch of a
                    // folder it saw removed or moved.
                    let _ = self.watcher.unwatch(path);
                }
                if let Some(poll) = &mut self.fallback {
                    let _ = poll.unwatch(path);
                }
            }
        }
        for folder in INPUT_FOLDERS {
            let path = self.site_dir.join(folder);
            if watchable(&self.site_dir, &self.out, &path) && !self.is_watched(&path) {
                // What is there before the watch: a change after it is
                // then seen (as a watch of what came).
                let at = crate::poll::identity(&path);
                let native = self.watcher.watch(&path, RecursiveMode::Recursive).map_err(|e| {
                    // Those of its folders watched before the failure are
                    // let go (the system's watches are shared).
                    let _ = self.watcher.unwatch(&path);
                    match e.kind {
                        notify::ErrorKind::MaxFilesWatch => {
                            "the system's limit on watches is reached: fs.inotify.max_user_watches".to_string()
                        }
                        _ => e.to_string(),
                    }
                });
                match native {
                    Ok(()) => self.watched.push(Watched {
                        path,
                        at,
                        polled: false,
                    }),
                    Err(why) => {
                        let Some(poll) = &mut self.fallback else { continue };
                        if poll.watch(&path, RecursiveMode::Recursive).is_ok() {
                            if !was_polled.contains(&&path) {
                                eprintln!("{folder}: no file events for it ({why}): polled every 0.5 s instead");
                            }
                            self.watched.push(Watched { path, at, polled: true });
                        }
                    }
                }
            }
        }
    }
}

/// The most folders (not hidden) an input folder may hold to be followed
/// by file events: the watcher drops the watch of each folder that goes by
/// looking at every watch, so removing a tree of 20,000 held every event
/// back for 36 s (10,000: 10.5 s; 5,000: 1.0 s). A larger one is polled,
/// when it is watched and when folders come into it while serving.
const MAX_WATCHED_FOLDERS: usize = 5_000;

/// An input folder watched: what was at its name then, and whether it is
/// polled (file events could not watch it).
struct Watched {
    path: PathBuf,
    at: Option<crate::poll::Identity>,
    polled: bool,
}

/// What the watcher's handler tells [`Inputs`] besides the events it queues.
#[derive(Default)]
struct Flags {
    /// The queue was full and an event dropped: the next change then
    /// counts as one to every input folder.
    overflow: AtomicBool,
    /// Folders (not hidden) were made, moved in or renamed in each input
    /// folder (as [`INPUT_FOLDERS`]): they are watched
    /// ([`Inputs::follow_new`]).
    grew: [AtomicBool; 2],
}

/// Whether a file event says a folder was made or moved in (inotify tells
/// a folder made; of a rename, what is now at the name is looked at).
fn arrived(event: &notify::Event) -> bool {
    use notify::event::{CreateKind, RenameMode};
    match event.kind {
        EventKind::Create(CreateKind::Folder) => true,
        EventKind::Create(CreateKind::Any | CreateKind::Other)
        | EventKind::Modify(ModifyKind::Name(RenameMode::To | RenameMode::Both | RenameMode::Any)) => event
            .paths
            .last()
            .is_some_and(|p| std::fs::symlink_metadata(p).is_ok_and(|m| m.is_dir())),
        _ => false,
    }
}

/// Whether the input folder `path` is watched: a folder, or a link the
/// build follows (to a folder inside the site, not hidden, not into the
/// output). A link out of the site is the build's error; watching through
/// it walked whatever it names (`static -> /`: 830 MB and a core, for as
/// long as the link was there).
fn watchable(site_dir: &Path, out: &Path, path: &Path) -> bool {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            path.is_dir()
                && ratings_model::files::Bounds::new(site_dir, Some(out))
                    .is_some_and(|bounds| bounds.refuse_link(path).is_none())
        }
        Ok(meta) => meta.is_dir(),
        Err(_) => false,
    }
}

/// Events waiting to be taken in, at most: the file watcher's thread puts
/// them in while a build runs (and a build reads every input: before
/// reads were left out, a site of 65,536 folders queued 150 MB of them).
const EVENT_QUEUE: usize = 4096;

/// The file watcher's event handler and the queue it fills. Only changes
/// to inputs are queued (`site.toml`, the input folders and what is in
/// them, hidden files and editor backups aside), and the system's own
/// overflow. Reads, permission changes, and files and folders that are no
/// input being written, made, removed or renamed are dropped at once: a
/// log beside `site.toml` written 50,000 times a second, a temporary file
/// made and removed 15,000 times a second in `data/.tmp/`, or a folder
/// beside `site.toml` renamed back and forth, filled the queue during a
/// rebuild, which is a change to every input: up to 50 rebuilds while it
/// ran. (A folder at the top of the site that a linked input folder leads
/// to, coming or going, is seen by the look at names once a second.) A
/// folder made, moved in or renamed in an input folder (not hidden) is
/// noted in `Flags::grew`. When the queue is full, an event is dropped and
/// `Flags::overflow` set.
fn queue(
    site_dir: &Path,
    out: &Path,
) -> (
    impl notify::EventHandler + Clone,
    mpsc::Receiver<notify::Result<notify::Event>>,
    Arc<Flags>,
) {
    let (tx, events) = mpsc::sync_channel(EVENT_QUEUE);
    let flags = Arc::new(Flags::default());
    let seen = Arc::clone(&flags);
    let (site_dir, out) = (site_dir.to_path_buf(), out.to_path_buf());
    let inputs = INPUT_FOLDERS.map(|f| site_dir.join(f));
    let handler = move |event: notify::Result<notify::Event>| {
        if let Ok(e) = &event {
            let input = relevant(&site_dir, &out, e);
            if let Some(path) = &input {
                for (folder, grew) in inputs.iter().zip(&seen.grew) {
                    if path.starts_with(folder) && path != folder && arrived(e) {
                        grew.store(true, Ordering::Relaxed);
                    }
                }
            }
            if !e.need_rescan() && input.is_none() {
                return;
            }
        }
        if let Err(mpsc::TrySendError::Full(_)) = tx.try_send(event) {
            seen.overflow.store(true, Ordering::Relaxed);
        }
    };
    (handler, events, flags)
}

/// Whether a file event may change a page: not a read, nor a change of
/// permissions or access time (a later write time is how polling
/// reports an edit). A file closed after writing is one (a write through
/// `mmap` says nothing else).
fn changes_content(event: &notify::Event) -> bool {
    !matches!(
        event.kind,
        EventKind::Access(_) | EventKind::Modify(ModifyKind::Metadata(_))
    ) || event.kind == EventKind::Modify(ModifyKind::Metadata(MetadataKind::WriteTime))
        || event.kind == EventKind::Access(AccessKind::Close(AccessMode::Write))
}

/// The first input file a file event touches: `site.toml` or a file under
/// `data/` or `static/` (hidden files and editor backups excepted).
fn relevant(site_dir: &Path, out: &Path, event: &notify::Event) -> Option<PathBuf> {
    if !changes_content(event) {
        return None;
    }
    event
        .paths
        .iter()
        .find(|p| {
            if p.starts_with(out) {
                return false;
            }
            let Ok(rel) = p.strip_prefix(site_dir) else {
                return false;
            };
            let hidden = rel.components().any(|c| ratings_model::files::is_hidden(c.as_os_str()));
            let backup = rel.to_string_lossy().ends_with('~');
            rel == Path::new("site.toml")
                || (!hidden && !backup && (rel.starts_with("data") || rel.starts_with("static")))
        })
        .cloned()
}

fn rebuild(build: &BuildOptions, state: &Mutex<State>) {
    let result = ratings_site::build(build);
    let mut s = state.lock().expect("state lock");
    s.version += 1;
    match result {
        Ok(summary) => {
            eprintln!(
                "Built {} pages in {:.2} s ({} files written, {} unchanged)",
                summary.pages,
                summary.elapsed.as_secs_f64(),
                summary.written,
                summary.unchanged
            );
            s.errors = None;
        }
        Err(errors) => {
            let text = errors.to_string();
            // Only a folder a build wrote (its marker) has a previous site.
            let previous = build
                .output
                .as_ref()
                .is_some_and(|out| out.join(ratings_site::output::MARKER).is_file());
            if previous {
                eprintln!("{text}\nThe previous site is still served; fix the data and save again.");
            } else {
                eprintln!("{text}\nThere is no site to serve yet; fix the data and save again.");
            }
            // Kept for the pages, which show at most MAX_SHOWN_ERRORS of
            // it (the terminal has it all).
            let mut end = text.len().min(MAX_SHOWN_ERRORS + 1);
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            s.errors = Some(text[..end].into());
        }
    }
}

/// Longest request head (request line and headers) read, in bytes.
pub const MAX_HEAD: usize = 16 * 1024;

/// Most connections open at once. A new one beyond that closes another:
/// one still sending its request head if there is one, else one being
/// answered; of those, the one that moved the fewest bytes lately (bytes
/// read and written, each halved for every [`HALF_LIFE`] since), the
/// oldest of those as quiet. So clients that send slowly or not at all go
/// first, then those that stopped reading or read a trickle, and a flood
/// of new connections keeps no one out and does not cut a download that
/// moves: its bytes of the last seconds outweigh a new connection's.
const MAX_CONNECTIONS: usize = 32;

/// How fast the bytes a connection moved count less: by half for every
/// this many milliseconds.
const HALF_LIFE: f64 = 2000.0;

/// A connection where no byte moved for this long is closed, however many
/// are open: a client that stops reading its answer holds nothing for
/// long.
const IDLE_LIMIT: Duration = Duration::from_secs(30);

/// The whole request head must arrive within this time (hyper's header
/// timeout: not each read, so a byte every few seconds does not keep a
/// connection open).
const HEAD_DEADLINE: Duration = Duration::from_secs(10);

/// What every connection's handler reads.
struct Site {
    root: PathBuf,
    prefix: String,
    state: Arc<Mutex<State>>,
}

/// Serve HTTP/1.1 on `listener` with hyper, on a runtime of one thread.
fn accept(listener: TcpListener, root: &Path, prefix: &str, state: &Arc<Mutex<State>>) {
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => return eprintln!("cannot serve: {e}"),
    };
    let site = Arc::new(Site {
        root: root.to_path_buf(),
        prefix: prefix.to_string(),
        state: Arc::clone(state),
    });
    runtime.block_on(async move {
        let listener = match listener
            .set_nonblocking(true)
            .and_then(|()| tokio::net::TcpListener::from_std(listener))
        {
            Ok(listener) => listener,
            Err(e) => return eprintln!("cannot serve: {e}"),
        };
        let open: Arc<Mutex<Open>> = Arc::default();
        let clock = Clock::default();
        {
            let open = Arc::clone(&open);
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    open.lock()
                        .expect("open lock")
                        .close_idle(clock.now() - IDLE_LIMIT.as_millis() as u64);
                }
            });
        }
        for number in 0u64.. {
            let Ok((stream, _)) = listener.accept().await else {
                // Out of descriptors, say: wait instead of spinning.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            };
            let (site, done) = (Arc::clone(&site), Arc::clone(&open));
            let activity = Arc::new(Activity::new(clock.now()));
            let noted = Arc::clone(&activity);
            {
                // Held while the task is spawned and noted: it cannot
                // remove itself before it is there.
                let mut open = open.lock().expect("open lock");
                let task = tokio::spawn(async move {
                    connection(stream, noted, clock, site).await;
                    done.lock().expect("open lock").0.remove(&number);
                });
                open.0.insert(
                    number,
                    Connection {
                        task: task.abort_handle(),
                        activity,
                    },
                );
                while open.0.len() > MAX_CONNECTIONS {
                    open.close_quietest(number, clock.now());
                }
            }
            // Let the connections run (the new one reads its head) before
            // the next is accepted: under a flood, accepting ahead of them
            // closed new connections before they had read a byte.
            tokio::task::yield_now().await;
        }
    });
}

/// Milliseconds since the server started.
#[derive(Clone, Copy)]
struct Clock(std::time::Instant);

impl Default for Clock {
    fn default() -> Clock {
        Clock(std::time::Instant::now())
    }
}

impl Clock {
    fn now(self) -> u64 {
        // Never 0, so that `now() - limit` of the first seconds is below
        // every connection's time without wrapping.
        IDLE_LIMIT.as_millis() as u64 + self.0.elapsed().as_millis() as u64
    }
}

/// An open connection: its task and what it does.
struct Connection {
    task: tokio::task::AbortHandle,
    activity: Arc<Activity>,
}

/// What a connection's task notes as it goes.
struct Activity {
    /// When a byte last moved either way ([`Clock`]).
    last: AtomicU64,
    /// The bytes moved up to `last`, each halved for every [`HALF_LIFE`]
    /// before it (an `f64`'s bits).
    recent: AtomicU64,
    /// [`DONE`], [`HEAD`] or [`ANSWERING`]: the order in which
    /// connections are closed when one too many is open.
    phase: AtomicU8,
}

/// Answered: only the rest of the client's request is read and dropped
/// before the connection closes (the client has its answer).
const DONE: u8 = 0;
/// The request head is still coming.
const HEAD: u8 = 1;
/// The request head has come: it is being answered.
const ANSWERING: u8 = 2;

impl Activity {
    fn new(now: u64) -> Activity {
        Activity {
            last: AtomicU64::new(now),
            recent: AtomicU64::new(0f64.to_bits()),
            phase: AtomicU8::new(HEAD),
        }
    }

    /// The bytes moved, halved for every [`HALF_LIFE`] before `now`.
    fn recent(&self, now: u64) -> f64 {
        let since = now.saturating_sub(self.last.load(Ordering::Relaxed)) as f64;
        f64::from_bits(self.recent.load(Ordering::Relaxed)) * (-since / HALF_LIFE).exp2()
    }

    /// `bytes` moved at `now` (only the connection's own task notes them).
    fn moved(&self, bytes: usize, now: u64) {
        let recent = self.recent(now) + bytes as f64;
        self.recent.store(recent.to_bits(), Ordering::Relaxed);
        self.last.store(now, Ordering::Relaxed);
    }
}

/// The open connections, by number (the order they came in).
#[derive(Default)]
struct Open(BTreeMap<u64, Connection>);

impl Open {
    /// Close a connection other than `new` (the one that just came): one
    /// already answered if there is one, else one still sending its head,
    /// else one being answered; of those, the one that moved the fewest
    /// bytes lately (the first of those as quiet).
    fn close_quietest(&mut self, new: u64, now: u64) {
        let key = |c: &Connection| (c.activity.phase.load(Ordering::Relaxed), c.activity.recent(now));
        let idle = self
            .0
            .iter()
            .filter(|(number, _)| **number != new)
            .min_by(|(n, a), (m, b)| {
                let (a, b) = (key(a), key(b));
                a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)).then(n.cmp(m))
            })
            .map(|(number, _)| *number);
        if let Some(c) = idle.and_then(|number| self.0.remove(&number)) {
            c.task.abort();
        }
    }

    /// Close every connection where nothing moved since `since`.
    fn close_idle(&mut self, since: u64) {
        self.0.retain(|_, c| {
            let keep = c.activity.last.load(Ordering::Relaxed) >= since;
            if !keep {
                c.task.abort();
            }
            keep
        });
    }
}

/// A connection's socket that notes when a byte last moved either way.
struct Tracked {
    stream: tokio::net::TcpStream,
    activity: Arc<Activity>,
    clock: Clock,
}

impl Tracked {
    fn moved<T>(
        &self,
        result: std::task::Poll<std::io::Result<T>>,
        bytes: usize,
    ) -> std::task::Poll<std::io::Result<T>> {
        if bytes > 0 && matches!(result, std::task::Poll::Ready(Ok(_))) {
            self.activity.moved(bytes, self.clock.now());
        }
        result
    }
}

impl Tracked {
    /// A write's result, its bytes noted.
    fn wrote(&self, result: std::task::Poll<std::io::Result<usize>>) -> std::task::Poll<std::io::Result<usize>> {
        let bytes = match result {
            std::task::Poll::Ready(Ok(n)) => n,
            _ => 0,
        };
        self.moved(result, bytes)
    }
}

impl tokio::io::AsyncRead for Tracked {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let result = std::pin::Pin::new(&mut self.stream).poll_read(cx, buf);
        let bytes = buf.filled().len() - before;
        self.moved(result, bytes)
    }
}

impl tokio::io::AsyncWrite for Tracked {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let result = std::pin::Pin::new(&mut self.stream).poll_write(cx, buf);
        self.wrote(result)
    }

    fn poll_write_vectored(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let result = std::pin::Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.wrote(result)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// One connection: one request (no keep-alive), its head bounded in size
/// and time by hyper. Then our side is closed and what the client still
/// sends (the rest of a refused 4 MB header) is read and dropped, for a
/// bounded time and amount, so that the client reads the answer before
/// the connection closes (an unread rest would make the close a reset,
/// which can take the answer with it). What it does is noted in
/// `activity`.
async fn connection(stream: tokio::net::TcpStream, activity: Arc<Activity>, clock: Clock, site: Arc<Site>) {
    let Ok(std_stream) = stream.into_std() else { return };
    // A second handle on the socket keeps it open after hyper drops its own.
    let Ok(keep) = std_stream.try_clone() else { return };
    let Ok(stream) = tokio::net::TcpStream::from_std(std_stream) else {
        return;
    };
    let stream = Tracked {
        stream,
        activity: Arc::clone(&activity),
        clock,
    };
    let done = Arc::clone(&activity);
    let service = hyper::service::service_fn(move |request| {
        activity.phase.store(ANSWERING, Ordering::Relaxed);
        let site = Arc::clone(&site);
        async move { Ok::<_, std::convert::Infallible>(answer(&request, &site)) }
    });
    let _ = hyper::server::conn::http1::Builder::new()
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(HEAD_DEADLINE)
        .max_buf_size(MAX_HEAD)
        .keep_alive(false)
        // A client may close its side once the request is sent (`nc -N`,
        // `shutdown(SHUT_WR)`): it still gets its answer.
        .half_close(true)
        .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
        .await;
    done.phase.store(DONE, Ordering::Relaxed);
    let _ = keep.shutdown(std::net::Shutdown::Write);
    let Ok(mut rest) = tokio::net::TcpStream::from_std(keep) else {
        return;
    };
    let drain = async {
        let mut buf = vec![0u8; 1 << 16];
        let mut drained = 0usize;
        while drained < 64 << 20 {
            match tokio::io::AsyncReadExt::read(&mut rest, &mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => drained += n,
            }
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), drain).await;
}

/// A response body: in memory (messages), or a file sent in pieces as it
/// is read, never held whole.
type Body = http_body_util::Either<http_body_util::Full<bytes::Bytes>, FileBody>;

/// A file's first `left` bytes, read a piece at a time as the connection
/// takes them, then `trailer` (a page's end with the reload script).
struct FileBody {
    file: tokio::fs::File,
    left: u64,
    buf: Vec<u8>,
    trailer: bytes::Bytes,
}

impl hyper::body::Body for FileBody {
    type Data = bytes::Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<bytes::Bytes>, std::io::Error>>> {
        use std::task::Poll;
        let this = &mut *self;
        if this.left == 0 {
            if this.trailer.is_empty() {
                return Poll::Ready(None);
            }
            return Poll::Ready(Some(Ok(hyper::body::Frame::data(std::mem::take(&mut this.trailer)))));
        }
        let want = this.left.min(1 << 16) as usize;
        this.buf.resize(want, 0);
        let mut read = tokio::io::ReadBuf::new(&mut this.buf[..want]);
        match tokio::io::AsyncRead::poll_read(std::pin::Pin::new(&mut this.file), cx, &mut read) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Err(e)) => Poll::Ready(Some(Err(e))),
            // Shorter than when it was opened: the length sent cannot be met.
            Poll::Ready(Ok(())) if read.filled().is_empty() => {
                Poll::Ready(Some(Err(std::io::ErrorKind::UnexpectedEof.into())))
            }
            Poll::Ready(Ok(())) => {
                let piece = bytes::Bytes::copy_from_slice(read.filled());
                this.left -= piece.len() as u64;
                Poll::Ready(Some(Ok(hyper::body::Frame::data(piece))))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.left == 0 && self.trailer.is_empty()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        hyper::body::SizeHint::with_exact(self.left + self.trailer.len() as u64)
    }
}

/// A response with the headers every answer has.
fn response(status: u16, kind: &str, body: Body) -> hyper::Response<Body> {
    let mut r = hyper::Response::new(body);
    *r.status_mut() = hyper::StatusCode::from_u16(status).unwrap_or(hyper::StatusCode::INTERNAL_SERVER_ERROR);
    let headers = r.headers_mut();
    for (name, value) in [
        (hyper::header::CONTENT_TYPE, kind),
        (hyper::header::CACHE_CONTROL, "no-store"),
        (hyper::header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    ] {
        if let Ok(value) = hyper::header::HeaderValue::from_str(value) {
            headers.insert(name, value);
        }
    }
    r
}

fn bytes(status: u16, kind: &str, body: Vec<u8>) -> hyper::Response<Body> {
    response(
        status,
        kind,
        http_body_util::Either::Left(http_body_util::Full::new(body.into())),
    )
}

fn text(status: u16, body: &str) -> hyper::Response<Body> {
    bytes(status, "text/plain; charset=utf-8", body.as_bytes().to_vec())
}

/// Answer one request: only for a loopback `Host` (and URI host, if any), GET and HEAD only
/// (hyper leaves out the body of an answer to HEAD).
fn answer<B>(request: &hyper::Request<B>, site: &Site) -> hyper::Response<Body> {
    let mut hosts = request.headers().get_all(hyper::header::HOST).iter();
    let host = match (hosts.next(), hosts.next()) {
        (Some(host), None) => host.to_str().ok(),
        _ => None,
    };
    // A URI that names its host (`GET http://evil.example/`) overrides
    // `Host` (RFC 9112, 3.2.2): both must be the loopback.
    let named = request.uri().authority().map(hyper::http::uri::Authority::as_str);
    if !host.is_some_and(local_host) || named.is_some_and(|a| !local_host(a)) {
        return text(403, "this preview answers only http://127.0.0.1, localhost or [::1]");
    }
    if request.method() != hyper::Method::GET && request.method() != hyper::Method::HEAD {
        return text(405, "method not allowed");
    }
    let target = request.uri().path_and_query().map_or("/", |p| p.as_str());
    respond(target, &site.root, &site.prefix, &site.state)
}

/// A `Host` header naming this machine's loopback: `localhost`,
/// `127.0.0.1` or `[::1]`, with or without a port.
pub fn local_host(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if !name.ends_with(':') && port.bytes().all(|b| b.is_ascii_digit()) && !port.is_empty() => {
            name
        }
        _ => host,
    };
    ["localhost", "127.0.0.1", "[::1]"]
        .iter()
        .any(|h| name.eq_ignore_ascii_case(h))
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "csv" => "text/csv; charset=utf-8",
        "xml" => "application/xml; charset=utf-8",
        "txt" | "md" => "text/plain; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "pdf" => "application/pdf",
        _ => "application/octet-stream",
    }
}

/// Percent-decode a URL path; `None` if it is not valid UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Some(b) = std::str::from_utf8(&bytes[i + 1..i + 3])
                .ok()
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(b);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The file a URL path names inside `root`, or `None` for anything that
/// would leave it (`..`, absolute parts, NUL) or is hidden.
pub fn file_for(root: &Path, url: &str, prefix: &str) -> Option<PathBuf> {
    let path = url.split(['?', '#']).next().unwrap_or("/");
    let path = percent_decode(path)?;
    let path = match path.strip_prefix(prefix) {
        Some(rest) if prefix != "/" => format!("/{rest}"),
        _ => path,
    };
    if path.contains('\0') || path.contains('\\') {
        return None;
    }
    let mut file = root.to_path_buf();
    for c in Path::new(path.trim_start_matches('/')).components() {
        match c {
            // Hidden files are the build's own (`.ratings-site`: the
            // inputs' fingerprint), never pages: not served.
            Component::Normal(part) if part.to_string_lossy().starts_with('.') => return None,
            Component::Normal(part) => file.push(part),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if file.is_dir() {
        file.push("index.html");
    }
    Some(file)
}

/// The most of a failed build's errors shown on a page (the terminal has
/// them all).
const MAX_SHOWN_ERRORS: usize = 64 << 10;

/// The reload script and, after a failed build, its errors: what is added
/// to an HTML page before `</body>`.
fn reload_script(version: u64, errors: Option<&str>) -> String {
    let mut extra = String::new();
    if let Some(errors) = errors {
        let mut end = errors.len().min(MAX_SHOWN_ERRORS);
        while !errors.is_char_boundary(end) {
            end -= 1;
        }
        let more = if end < errors.len() {
            "\n… and more: see the terminal."
        } else {
            ""
        };
        let escaped = errors[..end]
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        extra.push_str(&format!(
            "<pre id=\"ratings-build-errors\" style=\"position:fixed;inset:auto 0 0 0;max-height:50%;overflow:auto;margin:0;padding:1em;background:#fee;color:#900;border-top:3px solid #900;z-index:9999;white-space:pre-wrap\">The last build failed; this is the previous site.\n\n{escaped}{more}</pre>"
        ));
    }
    extra.push_str(&format!(
        "<script>(function(){{var v=\"{version}\";function poll(){{fetch(\"{VERSION_PATH}\",{{cache:\"no-store\"}}).then(function(r){{return r.text()}}).then(function(t){{if(t!==v){{location.reload()}}else{{setTimeout(poll,500)}}}},function(){{setTimeout(poll,2000)}})}}setTimeout(poll,500)}})();</script>"
    ));
    extra
}

/// `html` with `extra` before its last `</body>`, or at its end if it has
/// none (a browser still runs a script after `</html>`).
fn splice(html: &[u8], extra: &str) -> Vec<u8> {
    let at = html
        .windows(b"</body>".len())
        .rposition(|w| w == b"</body>")
        .unwrap_or(html.len());
    [&html[..at], extra.as_bytes(), &html[at..]].concat()
}

/// An HTML page with the reload script (and the errors) in it.
fn inject(html: &str, version: u64, errors: Option<&str>) -> Vec<u8> {
    splice(html.as_bytes(), &reload_script(version, errors))
}

/// The folder to serve: only one a build of this tool wrote (its marker),
/// resolved; `None` before the first good build or if the folder was
/// replaced by something else.
fn served_root(root: &Path) -> Option<PathBuf> {
    let marker = std::fs::symlink_metadata(root.join(ratings_site::output::MARKER)).ok()?;
    if !marker.is_file() || std::fs::symlink_metadata(root).ok()?.file_type().is_symlink() {
        return None;
    }
    root.canonicalize().ok()
}

/// How far from a page's end its `</body>` is looked for: ours end with
/// `</body></html>`. Only this much of a page is held; the rest is sent
/// in pieces as it is read.
const PAGE_TAIL: u64 = 4096;

/// Open a file found inside the served folder `root`, as what it was found
/// to be: without blocking (a file swapped for a FIFO between the check
/// and the open blocked the server's one thread for ever), a regular file,
/// and still inside `root` as opened (a folder swapped for a link in
/// between served a file from outside it): the file and its length.
fn open_served(path: &Path, root: &Path) -> Option<(std::fs::File, u64)> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW)
        .open(path)
        .ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() {
        return None;
    }
    // Where the opened file is (where /proc is not mounted, the check
    // made before the open stands).
    if ratings_model::files::opened_path(&file).is_some_and(|real| !real.starts_with(root)) {
        return None;
    }
    Some((file, meta.len()))
}

fn respond(url: &str, root: &Path, prefix: &str, state: &Mutex<State>) -> hyper::Response<Body> {
    let (version, errors) = {
        let s = state.lock().expect("state lock");
        (s.version, s.errors.clone())
    };
    if url == VERSION_PATH {
        return text(200, &version.to_string());
    }
    // A file of the built site: inside the served folder once links are
    // resolved (a link planted in the output is not followed out of it).
    let inside = |f: &Path, root: &Path| real_path(f).ok().filter(|c| c.starts_with(root) && c.is_file());
    let opened = served_root(root).and_then(|root| {
        let (status, path) = match file_for(&root, url, prefix).and_then(|f| inside(&f, &root)) {
            Some(f) => (200, f),
            None => (404, inside(&root.join("404.html"), &root)?),
        };
        let (file, length) = open_served(&path, &root)?;
        Some((status, file, length, content_type(&path)))
    });
    let Some((status, file, length, kind)) = opened else {
        // No page (and no 404.html: e.g. the first build failed). A
        // small page still shows the errors and reloads once fixed.
        let page = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found</title></head><body><h1>Not found</h1></body></html>";
        return bytes(
            404,
            "text/html; charset=utf-8",
            inject(page, version, errors.as_deref()),
        );
    };
    // Pages get the reload script, spliced into their last few KB; the
    // rest, and other files, are sent as they are, in pieces.
    let (left, trailer) = if kind.starts_with("text/html") {
        let mut file = &file;
        let from = length.saturating_sub(PAGE_TAIL);
        let mut tail = Vec::new();
        let read = file
            .seek(SeekFrom::Start(from))
            .and_then(|_| file.take(PAGE_TAIL).read_to_end(&mut tail))
            .and_then(|_| file.rewind());
        if read.is_err() {
            return text(404, "not found");
        }
        (from, splice(&tail, &reload_script(version, errors.as_deref())))
    } else {
        (length, Vec::new())
    };
    let file = FileBody {
        file: tokio::fs::File::from_std(file),
        left,
        buf: Vec::new(),
        trailer: trailer.into(),
    };
    response(status, kind, http_body_util::Either::Right(file))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Write `text` with a modification time an hour ago, as `cp -a`
    /// restores a backup.
    fn write_old(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
        let hour_ago = std::time::SystemTime::now() - Duration::from_secs(3600);
        std::fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(hour_ago)
            .unwrap();
    }

    /// Wait (at most 20 s) until the watch reports a change that `wanted`
    /// accepts.
    fn expect(inputs: &mut Inputs, what: &str, wanted: impl Fn(&Path) -> bool) {
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        let mut others = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match inputs.next_change(Some(left)).unwrap() {
                Some(path) if wanted(&path) => return,
                Some(other) => others.push(other),
                None => panic!("{what}: no change reported within 20 s, only {others:?}"),
            }
        }
    }

    /// Both kinds of watch (file events, polling) keep up with a `data/`
    /// replaced by a copy of a backup or by a rename: the replacement is
    /// reported, and then an edit inside the new folder.
    #[test]
    fn a_replaced_data_folder_is_watched_again() {
        for polling in [false, true] {
            let tmp = tempfile::tempdir().unwrap();
            let site = tmp.path().join("site");
            let data = site.join("data");
            let cup = data.join("2005/cup.toml");
            write_old(&cup, "name = \"Cup\"\n");
            write_old(&site.join("site.toml"), "title = \"Old\"\n");
            let out = site.join("public");
            let mut inputs = if polling {
                Inputs::polling(&site, &out, Duration::from_millis(50)).unwrap()
            } else {
                Inputs::native(&site, &out).unwrap()
            };
            let kind = if polling { "polling" } else { "file events" };
            let in_data = |p: &Path| p.starts_with(&data);

            // rm -rf data && cp -a backup data
            std::fs::remove_dir_all(&data).unwrap();
            write_old(&cup, "name = \"Backup Cup\"\n");
            expect(&mut inputs, &format!("{kind}: data/ copied back"), in_data);
            std::fs::write(&cup, "name = \"Edited Cup\"\n").unwrap();
            expect(&mut inputs, &format!("{kind}: edit in the copy"), |p| p == cup);

            // mv data data.old && mv new data
            let new = tmp.path().join("new");
            write_old(&new.join("2005/cup.toml"), "name = \"Swapped Cup\"\n");
            std::fs::rename(&data, site.join("data.old")).unwrap();
            std::fs::rename(&new, &data).unwrap();
            expect(&mut inputs, &format!("{kind}: data/ moved in"), in_data);
            std::fs::write(&cup, "name = \"Edited Swapped Cup\"\n").unwrap();
            expect(&mut inputs, &format!("{kind}: edit in the moved-in folder"), |p| {
                p == cup
            });

            // site.toml replaced by a rename, with an older time.
            let config = tmp.path().join("site.toml");
            write_old(&config, "title = \"New\"\n");
            std::fs::rename(&config, site.join("site.toml")).unwrap();
            expect(&mut inputs, &format!("{kind}: site.toml moved in"), |p| {
                p == site.join("site.toml")
            });
        }
    }

    /// A link out of the site is not followed by the watch (`static/x ->
    /// /sys` made it walk /sys before the first build, for ever): a change
    /// behind it is not reported, and a change in the site still is.
    #[test]
    fn the_watch_does_not_follow_links() {
        for polling in [false, true] {
            let tmp = tempfile::tempdir().unwrap();
            let site = tmp.path().join("site");
            let outside = tmp.path().join("outside");
            write_old(&outside.join("deep/a.txt"), "a\n");
            write_old(&site.join("data/cup.toml"), "name = \"Cup\"\n");
            write_old(&site.join("site.toml"), "title = \"Old\"\n");
            std::fs::create_dir_all(site.join("static")).unwrap();
            std::os::unix::fs::symlink(&outside, site.join("static/x")).unwrap();
            let out = site.join("public");
            let mut inputs = if polling {
                Inputs::polling(&site, &out, Duration::from_millis(50)).unwrap()
            } else {
                Inputs::native(&site, &out).unwrap()
            };
            std::fs::write(outside.join("deep/a.txt"), "changed\n").unwrap();
            std::fs::write(outside.join("deep/b.txt"), "new\n").unwrap();
            let seen = inputs.next_change(Some(Duration::from_millis(1500))).unwrap();
            assert_eq!(seen, None, "polling: {polling}");
            std::fs::write(site.join("data/cup.toml"), "name = \"Edited\"\n").unwrap();
            expect(&mut inputs, &format!("polling: {polling}"), |p| {
                p == site.join("data/cup.toml")
            });
            // `static/` itself replaced by a link out of the site: reported
            // (the build says why it refuses it), and not watched through.
            std::fs::remove_dir_all(site.join("static")).unwrap();
            std::os::unix::fs::symlink(&outside, site.join("static")).unwrap();
            expect(&mut inputs, &format!("polling: {polling}: static/ linked out"), |p| {
                p.starts_with(site.join("static"))
            });
            assert!(!inputs.is_watched(&site.join("static")), "polling: {polling}");
            std::fs::write(outside.join("deep/c.txt"), "new\n").unwrap();
            let seen = inputs.next_change(Some(Duration::from_millis(1500))).unwrap();
            assert_eq!(seen, None, "polling: {polling}");
            // A link to a folder inside the site is followed, as the build follows it.
            write_old(&site.join("assets/a.txt"), "a\n");
            std::fs::remove_file(site.join("static")).unwrap();
            std::os::unix::fs::symlink("assets", site.join("static")).unwrap();
            expect(&mut inputs, &format!("polling: {polling}: static/ linked in"), |p| {
                p.starts_with(site.join("static"))
            });
            assert!(inputs.is_watched(&site.join("static")), "polling: {polling}");
            // Followed to its target (file events watched the link's
            // sub-folders only).
            std::fs::write(site.join("static/a.txt"), "edited\n").unwrap();
            expect(&mut inputs, &format!("polling: {polling}: edit behind the link"), |p| {
                p.starts_with(site.join("static"))
            });
            // Its target moved away and back (a restore): watched again.
            std::fs::rename(site.join("assets"), tmp.path().join("assets.away")).unwrap();
            expect(&mut inputs, &format!("polling: {polling}: target gone"), |p| {
                p.starts_with(site.join("static"))
            });
            assert!(!inputs.is_watched(&site.join("static")), "polling: {polling}");
            std::fs::rename(tmp.path().join("assets.away"), site.join("assets")).unwrap();
            expect(&mut inputs, &format!("polling: {polling}: target back"), |p| {
                p.starts_with(site.join("static"))
            });
            assert!(inputs.is_watched(&site.join("static")), "polling: {polling}");
            std::fs::write(site.join("static/a.txt"), "edited again\n").unwrap();
            expect(
                &mut inputs,
                &format!("polling: {polling}: edit behind the link, back"),
                |p| p.starts_with(site.join("static")),
            );
        }
    }

    /// A linked input folder whose target is swapped for another
    /// (`static -> assets`, `mv assets.new assets`; `data -> events`), a
    /// target one folder down gone for a while, and the site folder
    /// itself swapped: each is watched again and later edits are seen
    /// (with file events no event said so: edits went unseen for good).
    #[test]
    fn a_swapped_link_target_or_site_folder_is_watched_again() {
        for polling in [false, true] {
            let kind = if polling { "polling" } else { "file events" };
            let tmp = tempfile::tempdir().unwrap();
            let site = tmp.path().join("site");
            write_old(&site.join("site.toml"), "title = \"Old\"\n");
            write_old(&site.join("assets/css/b.txt"), "b\n");
            write_old(&site.join("events/2005/cup.toml"), "name = \"Cup\"\n");
            std::os::unix::fs::symlink("assets", site.join("static")).unwrap();
            std::os::unix::fs::symlink("events", site.join("data")).unwrap();
            let out = site.join("public");
            let mut inputs = if polling {
                Inputs::polling(&site, &out, Duration::from_millis(50)).unwrap()
            } else {
                Inputs::native(&site, &out).unwrap()
            };
            let css = site.join("static/css/b.txt");
            std::fs::write(&css, "edited\n").unwrap();
            expect(&mut inputs, &format!("{kind}: edit"), |p| p == css);
            // Swapped at once, as one program does it (files in sub-folders:
            // file events watch a linked folder's sub-folders only).
            for (folder, target, file) in [("static", "assets", "css/b.txt"), ("data", "events", "2005/cup.toml")] {
                let new = site.join(format!("{target}.new"));
                write_old(&new.join(file), "new\n");
                std::fs::rename(site.join(target), site.join(format!("{target}.old"))).unwrap();
                std::fs::rename(&new, site.join(target)).unwrap();
                expect(&mut inputs, &format!("{kind}: {target} swapped"), |p| {
                    p.starts_with(site.join(folder))
                });
                let file = site.join(folder).join(file);
                std::fs::write(&file, "edited in the new one\n").unwrap();
                expect(&mut inputs, &format!("{kind}: edit in the new {target}"), |p| p == file);
            }
            // A target one folder down, gone for a while and back.
            std::fs::create_dir_all(site.join("lib")).unwrap();
            std::fs::rename(site.join("assets"), site.join("lib/assets")).unwrap();
            std::fs::remove_file(site.join("static")).unwrap();
            std::os::unix::fs::symlink("lib/assets", site.join("static")).unwrap();
            expect(&mut inputs, &format!("{kind}: static relinked"), |p| {
                p.starts_with(site.join("static"))
            });
            std::fs::rename(site.join("lib/assets"), site.join("lib/away")).unwrap();
            expect(&mut inputs, &format!("{kind}: target gone"), |p| {
                p.starts_with(site.join("static"))
            });
            std::thread::sleep(Duration::from_millis(300));
            std::fs::rename(site.join("lib/away"), site.join("lib/assets")).unwrap();
            expect(&mut inputs, &format!("{kind}: target back"), |p| {
                p.starts_with(site.join("static"))
            });
            std::fs::write(&css, "edited behind the restored link\n").unwrap();
            expect(&mut inputs, &format!("{kind}: edit behind the restored link"), |p| {
                p == css
            });
            // Removed and copied back at once (`rm -rf lib/assets; cp -a
            // bak lib/assets`): ext4 gives the copy the inodes just freed,
            // so only their birth tells them from the old ones.
            std::fs::remove_dir_all(site.join("lib/assets")).unwrap();
            write_old(&site.join("lib/assets/css/b.txt"), "copied back\n");
            while inputs.next_change(Some(Duration::from_millis(1500))).unwrap().is_some() {}
            std::fs::write(&css, "edited in the copy\n").unwrap();
            expect(
                &mut inputs,
                &format!("{kind}: edit in the copy at the old inodes"),
                |p| p == css,
            );
            // The site folder swapped for a copy.
            let copy = tmp.path().join("site.new");
            write_old(&copy.join("site.toml"), "title = \"Copy\"\n");
            write_old(&copy.join("static/a.txt"), "a\n");
            write_old(&copy.join("data/cup.toml"), "name = \"Cup\"\n");
            std::fs::rename(&site, tmp.path().join("site.old")).unwrap();
            std::fs::rename(&copy, &site).unwrap();
            expect(&mut inputs, &format!("{kind}: site swapped"), |p| p.starts_with(&site));
            let a = site.join("static/a.txt");
            std::fs::write(&a, "edited in the new site\n").unwrap();
            expect(&mut inputs, &format!("{kind}: edit in the new site"), |p| p == a);
            std::fs::write(site.join("site.toml"), "title = \"Edited\"\n").unwrap();
            expect(&mut inputs, &format!("{kind}: site.toml of the new site"), |p| {
                p == site.join("site.toml")
            });
        }
    }

    /// File events that reach the system's limit once `full` is set: a
    /// recursive watch fails as notify's does there.
    struct FillsUp(Arc<AtomicBool>);

    impl Watcher for FillsUp {
        fn new<F: notify::EventHandler>(_: F, _: notify::Config) -> notify::Result<Self> {
            Ok(FillsUp(Arc::default()))
        }

        fn watch(&mut self, path: &Path, mode: RecursiveMode) -> notify::Result<()> {
            if mode == RecursiveMode::Recursive && self.0.load(Ordering::Relaxed) {
                return Err(notify::Error::new(notify::ErrorKind::MaxFilesWatch).add_path(path.to_path_buf()));
            }
            Ok(())
        }

        fn unwatch(&mut self, _: &Path) -> notify::Result<()> {
            Ok(())
        }

        fn kind() -> notify::WatcherKind {
            notify::WatcherKind::Inotify
        }
    }

    /// A file watcher that does not answer (its thread busy reading a churn
    /// of events) holds serve back at most WATCHER_ANSWER a request: the
    /// input folders are polled, and an edit is seen (serve waited with it
    /// for as long as the churn ran).
    #[test]
    fn a_watcher_that_does_not_answer_is_polled_around() {
        struct Stuck(Arc<AtomicBool>);
        impl Watcher for Stuck {
            fn new<F: notify::EventHandler>(_: F, _: notify::Config) -> notify::Result<Self> {
                Ok(Stuck(Arc::default()))
            }
            fn watch(&mut self, _: &Path, _: RecursiveMode) -> notify::Result<()> {
                while self.0.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(10));
                }
                Ok(())
            }
            fn unwatch(&mut self, path: &Path) -> notify::Result<()> {
                self.watch(path, RecursiveMode::NonRecursive)
            }
            fn kind() -> notify::WatcherKind {
                notify::WatcherKind::Inotify
            }
        }
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        let cup = site.join("data/2005/cup.toml");
        write_old(&cup, "name = \"Cup\"\n");
        write_old(&site.join("static/a.txt"), "a\n");
        let out = site.join("public");
        let (handler, events, flags) = queue(&site, &out);
        let config = notify::Config::default().with_poll_interval(Duration::from_millis(50));
        let poll = crate::poll::MetadataPoll::new(handler, config).unwrap();
        let stuck = Arc::new(AtomicBool::new(true));
        let watcher = Box::new(Patient::new(Stuck(Arc::clone(&stuck)), Duration::from_millis(200)));
        let started = std::time::Instant::now();
        let mut inputs = Inputs::start(watcher, Some(Box::new(poll)), events, flags, &site, &out);
        // One request waited for, the others not asked (busy for 30 s).
        assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
        assert!(inputs.watched.len() == 2 && inputs.watched.iter().all(|w| w.polled));
        std::fs::write(&cup, "name = \"Edited\"\n").unwrap();
        expect(&mut inputs, "edit while the watcher does not answer", |p| p == cup);
        stuck.store(false, Ordering::Relaxed);
    }

    /// Input folders file events cannot watch (the system's limit on
    /// watches reached) are polled: nothing is reported while nothing
    /// changes (they were reported every second, each time a rebuild and
    /// a reload of every open page), and an edit is.
    #[test]
    fn folders_past_the_watch_limit_are_polled() {
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        let cup = site.join("data/2005/cup.toml");
        write_old(&cup, "name = \"Cup\"\n");
        write_old(&site.join("static/a.txt"), "a\n");
        write_old(&site.join("site.toml"), "title = \"Old\"\n");
        let out = site.join("public");
        let (handler, events, flags) = queue(&site, &out);
        let config = notify::Config::default().with_poll_interval(Duration::from_millis(50));
        let poll = crate::poll::MetadataPoll::new(handler, config).unwrap();
        let at_limit = FillsUp(Arc::new(AtomicBool::new(true)));
        let mut inputs = Inputs::start(Box::new(at_limit), Some(Box::new(poll)), events, flags, &site, &out);
        assert!(inputs.is_watched(&site.join("data")) && inputs.is_watched(&site.join("static")));
        assert_eq!(inputs.next_change(Some(Duration::from_millis(2500))).unwrap(), None);
        std::fs::write(&cup, "name = \"Edited\"\n").unwrap();
        expect(&mut inputs, "edit in a polled folder", |p| p == cup);
        assert_eq!(inputs.next_change(Some(Duration::from_millis(2500))).unwrap(), None);
    }

    /// The limit on watches reached by a folder made while serving: the
    /// input folder it is in is polled, the other not, and an edit in the
    /// new folder is seen (it went unseen, and nothing said why). A hidden
    /// folder made is no change and needs no watch (a tool's cache folder
    /// made and removed twice a second was a rebuild each time).
    #[test]
    fn a_folder_made_past_the_watch_limit_is_polled() {
        use notify::EventHandler as _;
        use notify::event::CreateKind;
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        write_old(&site.join("data/2005/cup.toml"), "name = \"Cup\"\n");
        write_old(&site.join("static/a.txt"), "a\n");
        write_old(&site.join("site.toml"), "title = \"Old\"\n");
        let out = site.join("public");
        let (mut handler, events, flags) = queue(&site, &out);
        let config = notify::Config::default().with_poll_interval(Duration::from_millis(50));
        let poll = crate::poll::MetadataPoll::new(handler.clone(), config).unwrap();
        let full = Arc::new(AtomicBool::new(false));
        let watcher = Box::new(FillsUp(Arc::clone(&full)));
        let mut inputs = Inputs::start(watcher, Some(Box::new(poll)), events, flags, &site, &out);
        assert!(inputs.watched.len() == 2 && inputs.watched.iter().all(|w| !w.polled));
        full.store(true, Ordering::Relaxed);
        let made = |path: PathBuf| Ok(notify::Event::new(EventKind::Create(CreateKind::Folder)).add_path(path));
        // A hidden folder: nothing to watch, no change.
        std::fs::create_dir_all(site.join("data/.cache/t1")).unwrap();
        handler.handle_event(made(site.join("data/.cache")));
        assert_eq!(inputs.next_change(Some(Duration::from_millis(1500))).unwrap(), None);
        assert!(inputs.watched.iter().all(|w| !w.polled));
        let new = site.join("static/new/x.txt");
        write_old(&new, "x\n");
        handler.handle_event(made(site.join("static/new")));
        expect(&mut inputs, "a folder made", |p| p == site.join("static/new"));
        let polled = |inputs: &Inputs| -> Vec<(String, bool)> {
            let mut w: Vec<_> = inputs
                .watched
                .iter()
                .map(|w| (w.path.file_name().unwrap().to_string_lossy().into_owned(), w.polled))
                .collect();
            w.sort();
            w
        };
        assert_eq!(polled(&inputs), [("data".into(), false), ("static".into(), true)]);
        std::fs::write(&new, "edited\n").unwrap();
        expect(&mut inputs, "edit in the new folder", |p| p == new);
    }

    /// Events that change no input (a log written beside `site.toml` three
    /// times a second) do not put off the look at the input folders' names:
    /// a linked folder's target swapped meanwhile is seen (it was not, for
    /// as long as the log was written).
    #[test]
    fn events_of_other_files_do_not_put_off_the_look_at_names() {
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        write_old(&site.join("site.toml"), "title = \"Old\"\n");
        write_old(&site.join("lib/assets/css/b.txt"), "b\n");
        write_old(&site.join("data/2005/cup.toml"), "name = \"Cup\"\n");
        std::os::unix::fs::symlink("lib/assets", site.join("static")).unwrap();
        let out = site.join("public");
        let mut inputs = Inputs::native(&site, &out).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let writer = {
            let (stop, log) = (Arc::clone(&stop), site.join("notes.log"));
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    std::fs::write(&log, format!("{:?}\n", std::time::Instant::now())).unwrap();
                    std::thread::sleep(Duration::from_millis(300));
                }
            })
        };
        write_old(&site.join("lib/assets.new/css/b.txt"), "new\n");
        std::fs::rename(site.join("lib/assets"), site.join("lib/assets.old")).unwrap();
        std::fs::rename(site.join("lib/assets.new"), site.join("lib/assets")).unwrap();
        expect(&mut inputs, "target swapped", |p| p.starts_with(site.join("static")));
        let css = site.join("static/css/b.txt");
        std::fs::write(&css, "edited in the new one\n").unwrap();
        expect(&mut inputs, "edit in the new target", |p| p == css);
        stop.store(true, Ordering::Relaxed);
        writer.join().unwrap();
    }

    /// Reads are not asked for: a build opening every file of 9,800
    /// folders of inputs is no change (their events overflowed the system's
    /// queue, which is a change to every input: a rebuild, whose reads
    /// overflowed it again, for ever).
    #[test]
    fn reading_every_input_is_no_change() {
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        write_old(&site.join("site.toml"), "title = \"Old\"\n");
        write_old(&site.join("data/2005/cup.toml"), "name = \"Cup\"\n");
        // Under the folders file events follow, in both input folders.
        for i in 0..2 * (MAX_WATCHED_FOLDERS - 100) {
            let folder = site.join(format!("{}/d{i}", ["data", "static"][i % 2]));
            std::fs::create_dir_all(&folder).unwrap();
            std::fs::write(folder.join("f.txt"), "x").unwrap();
        }
        let out = site.join("public");
        let mut inputs = Inputs::native(&site, &out).unwrap();
        // As a build reads them: every folder listed, every file read.
        let mut read = 0;
        for entry in walkdir::WalkDir::new(&site) {
            let entry = entry.unwrap();
            if entry.file_type().is_file() {
                read += std::fs::read(entry.path()).unwrap().len();
            }
        }
        assert_eq!(read, 2 * (MAX_WATCHED_FOLDERS - 100) + 27);
        assert!(inputs.watched.iter().all(|w| !w.polled));
        assert_eq!(inputs.next_change(Some(Duration::from_millis(2500))).unwrap(), None);
        let cup = site.join("data/2005/cup.toml");
        std::fs::write(&cup, "name = \"Edited\"\n").unwrap();
        expect(&mut inputs, "an edit after the reads", |p| p == cup);
    }

    /// A file written through `mmap` (no modify event, only its close after
    /// writing) is a change.
    #[test]
    fn a_file_written_through_mmap_is_a_change() {
        use std::os::fd::AsRawFd;
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        write_old(&site.join("site.toml"), "title = \"Old\"\n");
        let a = site.join("static/a.txt");
        write_old(&a, "aaaa");
        std::fs::create_dir_all(site.join("data")).unwrap();
        let mut inputs = Inputs::native(&site, &site.join("public")).unwrap();
        {
            let file = std::fs::File::options().read(true).write(true).open(&a).unwrap();
            // SAFETY: a shared mapping of the 4 bytes of a file of 4 bytes,
            // written and unmapped before the file is closed.
            unsafe {
                let map = libc::mmap(
                    std::ptr::null_mut(),
                    4,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_SHARED,
                    file.as_raw_fd(),
                    0,
                );
                assert_ne!(map, libc::MAP_FAILED);
                std::ptr::copy_nonoverlapping(b"bbbb".as_ptr(), map.cast::<u8>(), 4);
                assert_eq!(libc::munmap(map, 4), 0);
            }
        }
        assert_eq!(std::fs::read(&a).unwrap(), b"bbbb");
        expect(&mut inputs, "a write through mmap", |p| p == a);
    }

    /// An input folder of more folders than file events follow is polled
    /// (removing a tree of 20,000 folders held every event back for 36 s),
    /// and an edit in it is seen.
    #[test]
    fn an_input_folder_of_many_folders_is_polled() {
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        write_old(&site.join("site.toml"), "title = \"Old\"\n");
        write_old(&site.join("data/2005/cup.toml"), "name = \"Cup\"\n");
        for i in 0..=MAX_WATCHED_FOLDERS {
            std::fs::create_dir_all(site.join(format!("static/d{i}"))).unwrap();
        }
        // Hidden folders do not count (file events do not watch them).
        for i in 0..MAX_WATCHED_FOLDERS {
            std::fs::create_dir_all(site.join(format!("data/.cache/d{i}"))).unwrap();
        }
        let mut inputs = Inputs::native(&site, &site.join("public")).unwrap();
        let mut polled: Vec<_> = inputs.watched.iter().map(|w| (w.path.clone(), w.polled)).collect();
        polled.sort();
        assert_eq!(polled, [(site.join("data"), false), (site.join("static"), true)]);
        let a = site.join("static/d7/a.txt");
        std::fs::write(&a, "a").unwrap();
        expect(&mut inputs, "a file made in a polled folder", |p| {
            p.starts_with(site.join("static/d7"))
        });
        drop(inputs);
        // One fewer: followed by file events.
        std::fs::remove_dir(site.join(format!("static/d{MAX_WATCHED_FOLDERS}"))).unwrap();
        let inputs = Inputs::native(&site, &site.join("public")).unwrap();
        assert!(inputs.watched.iter().all(|w| !w.polled));
    }

    /// A tree of folders moved or made in an input followed by file events
    /// while serving, past MAX_WATCHED_FOLDERS, moves that input to polling
    /// (removing a tree of 30,000 moved in held every edit back for over a
    /// minute), not a hidden tree (file events do not watch it); an edit
    /// in the tree is then seen.
    #[test]
    fn an_input_that_grows_past_the_folders_followed_is_polled() {
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        write_old(&site.join("site.toml"), "title = \"Old\"\n");
        write_old(&site.join("data/2005/cup.toml"), "name = \"Cup\"\n");
        write_old(&site.join("static/a.txt"), "a\n");
        for tree in ["tree", "hidden"] {
            for i in 0..MAX_WATCHED_FOLDERS {
                std::fs::create_dir_all(tmp.path().join(format!("{tree}/d{i}"))).unwrap();
            }
        }
        let mut inputs = Inputs::native(&site, &site.join("public")).unwrap();
        let polled =
            |inputs: &Inputs, folder: &str| inputs.watched.iter().any(|w| w.path == site.join(folder) && w.polled);
        assert!(inputs.watched.iter().all(|w| !w.polled));
        std::fs::rename(tmp.path().join("tree"), site.join("static/tree")).unwrap();
        expect(&mut inputs, "a tree moved in", |p| p.starts_with(site.join("static")));
        assert!(polled(&inputs, "static"), "static/ is followed by file events");
        assert!(!polled(&inputs, "data"));
        // The tree's own events may still come (too many for the queue: a
        // change to every input); then it is quiet.
        while inputs.next_change(Some(Duration::from_millis(1500))).unwrap().is_some() {}
        let a = site.join("static/tree/d7/a.txt");
        std::fs::write(&a, "a").unwrap();
        expect(&mut inputs, "a file made in the tree", |p| {
            p.starts_with(site.join("static/tree/d7"))
        });
        // A hidden tree changes no page and is not watched.
        std::fs::rename(tmp.path().join("hidden"), site.join("data/.hidden")).unwrap();
        assert_eq!(inputs.next_change(Some(Duration::from_millis(2500))).unwrap(), None);
        assert!(!polled(&inputs, "data"), "data/ is polled");
        let cup = site.join("data/2005/cup.toml");
        std::fs::write(&cup, "name = \"Edited\"\n").unwrap();
        expect(&mut inputs, "an edit in data/", |p| p == cup);
    }

    /// A file swapped for a FIFO after the check is not waited on (the
    /// open blocked the server for ever), and a file reached through a
    /// folder swapped for a link out of the served folder is not served.
    #[test]
    fn a_served_file_is_opened_as_found() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::create_dir(tmp.path().join("public")).unwrap();
        let root = tmp.path().join("public").canonicalize().unwrap();
        std::fs::write(root.join("a.html"), "page").unwrap();
        assert_eq!(
            open_served(&root.join("a.html"), &root).map(|(_, length)| length),
            Some(4)
        );
        let fifo = std::ffi::CString::new(root.join("fifo.html").into_os_string().into_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
        assert!(open_served(&root.join("fifo.html"), &root).is_none());
        let outside = tmp.path().join("outside");
        std::fs::create_dir(&outside).unwrap();
        std::fs::write(outside.join("secret.txt"), "secret").unwrap();
        std::os::unix::fs::symlink(&outside, root.join("esc")).unwrap();
        assert!(open_served(&root.join("esc/secret.txt"), &root).is_none());
    }

    /// The system's queue of file events overflowed (inotify's holds
    /// 16,384): notify says so with one event that names no file. It is a
    /// change to every input folder, as when ours overflows (it was taken
    /// for no change: edits in folders made meanwhile were never seen).
    #[test]
    fn a_rescan_of_the_watcher_is_a_change_to_every_input() {
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path();
        std::fs::create_dir(site.join("data")).unwrap();
        let inputs = Inputs::polling(site, &site.join("public"), Duration::from_secs(3600)).unwrap();
        let rescan = notify::Event::new(EventKind::Other).set_flag(notify::event::Flag::Rescan);
        let (mut changed, mut replaced) = (None, Vec::new());
        assert!(inputs.note(Ok(rescan), &mut changed, &mut replaced));
        assert_eq!(changed, Some(site.join("data")));
        assert!(inputs.flags.overflow.load(Ordering::Relaxed));
        let other = notify::Event::new(EventKind::Other);
        let mut unchanged = None;
        assert!(!inputs.note(Ok(other.clone()), &mut unchanged, &mut replaced));
        assert_eq!(unchanged, Some(site.join("data")), "events were dropped: a change");
        inputs.flags.overflow.store(false, Ordering::Relaxed);
        let mut unchanged = None;
        assert!(!inputs.note(Ok(other), &mut unchanged, &mut replaced));
        assert_eq!(unchanged, None);
    }

    /// The watcher's queue holds at most EVENT_QUEUE events, drops at once
    /// reads and files that are no input written, made, removed or renamed
    /// (a temporary file made and removed 15,000 times a second filled it:
    /// up to 50 rebuilds), notes folders made in an input folder (not
    /// hidden ones: they are not watched), and says when it dropped a change: every input folder
    /// then counts as changed and replaced.
    #[test]
    fn a_full_queue_of_events_is_one_change_to_every_input() {
        use notify::EventHandler as _;
        use notify::event::{CreateKind, DataChange, RemoveKind, RenameMode};
        let (mut handler, events, flags) = queue(Path::new("/site"), Path::new("/site/public"));
        let event = |kind, path: &str| Ok(notify::Event::new(kind).add_path(PathBuf::from(path)));
        let write = EventKind::Modify(ModifyKind::Data(DataChange::Any));
        let renamed = EventKind::Modify(ModifyKind::Name(RenameMode::Both));
        for _ in 0..10 * EVENT_QUEUE {
            handler.handle_event(event(EventKind::Access(AccessKind::Any), "/site/data/a.toml"));
            // A log or lock file beside site.toml, a hidden file, the
            // output: no input.
            for other in ["/site/notes.log", "/site/data/.tmp/x", "/site/public/index.html"] {
                handler.handle_event(event(write, other));
                handler.handle_event(event(EventKind::Create(CreateKind::File), other));
                handler.handle_event(event(EventKind::Remove(RemoveKind::Any), other));
                handler.handle_event(event(renamed, other));
            }
            // The output folder, folders at the top.
            for other in ["/site/public", "/site/.cache", "/site/tmpA"] {
                handler.handle_event(event(EventKind::Create(CreateKind::Folder), other));
                handler.handle_event(event(renamed, other));
            }
        }
        // A hidden folder made in an input folder (no watch needed).
        handler.handle_event(event(EventKind::Create(CreateKind::Folder), "/site/data/.cache"));
        assert_eq!(events.try_iter().count(), 0);
        assert!(!flags.overflow.load(Ordering::Relaxed));
        assert!(!flags.grew.iter().any(|g| g.load(Ordering::Relaxed)));
        // A folder made in an input folder: queued and noted.
        handler.handle_event(event(EventKind::Create(CreateKind::Folder), "/site/data/2006"));
        assert_eq!(events.try_iter().count(), 1);
        assert!(flags.grew[0].load(Ordering::Relaxed) && !flags.grew[1].load(Ordering::Relaxed));
        // Kept: changes to inputs and input folders, a rescan.
        handler.handle_event(event(write, "/site/site.toml"));
        handler.handle_event(event(write, "/site/static/a.css"));
        handler.handle_event(event(EventKind::Remove(RemoveKind::Any), "/site/data/2005/cup.toml"));
        handler.handle_event(event(EventKind::Remove(RemoveKind::Folder), "/site/static"));
        handler.handle_event(event(EventKind::Create(CreateKind::Folder), "/site/data"));
        handler.handle_event(Ok(
            notify::Event::new(EventKind::Other).set_flag(notify::event::Flag::Rescan)
        ));
        assert_eq!(events.try_iter().count(), 6);
        for _ in 0..EVENT_QUEUE + 5 {
            handler.handle_event(event(EventKind::Create(CreateKind::File), "/site/data/a.toml"));
        }
        assert!(flags.overflow.load(Ordering::Relaxed));
        assert_eq!(events.try_iter().count(), EVENT_QUEUE);
    }

    /// A file under `data/` that keeps changing (a hidden log written
    /// every 20 ms, the files read over and over) does not put off the
    /// rebuild of an edit: the edit is reported while the noise goes on
    /// (it was put off until the noise stopped).
    #[test]
    fn changes_that_never_settle_do_not_put_off_a_rebuild() {
        use std::sync::atomic::AtomicBool;
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        let cup = site.join("data/cup.toml");
        write_old(&cup, "name = \"Cup\"\n");
        write_old(&site.join("site.toml"), "title = \"Old\"\n");
        let mut inputs = Inputs::native(&site, &site.join("public")).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let noise = {
            let (stop, site) = (Arc::clone(&stop), site.clone());
            std::thread::spawn(move || {
                let start = std::time::Instant::now();
                while !stop.load(Ordering::Relaxed) && start.elapsed() < Duration::from_secs(20) {
                    let mut log = std::fs::OpenOptions::new()
                        .create(true)
                        .append(true)
                        .open(site.join("data/.tick"))
                        .unwrap();
                    log.write_all(b"tick\n").unwrap();
                    let _ = std::fs::read(site.join("data/cup.toml"));
                    std::thread::sleep(Duration::from_millis(20));
                }
                stop.load(Ordering::Relaxed)
            })
        };
        std::thread::sleep(Duration::from_millis(300));
        std::fs::write(&cup, "name = \"Edited Cup\"\n").unwrap();
        let changed = inputs.next_change(Some(Duration::from_secs(20))).unwrap();
        stop.store(true, Ordering::Relaxed);
        let stopped_by_us = noise.join().unwrap();
        assert_eq!(changed, Some(cup));
        assert!(
            stopped_by_us,
            "the edit was reported only once the noise had stopped by itself"
        );
    }

    /// Events that never leave the queue empty (a folder renamed back and
    /// forth as fast as a program can) do not keep the settling from
    /// ending: a change is reported while they go on (it was not at all,
    /// whether the events were of inputs or not).
    #[test]
    fn a_queue_never_empty_does_not_hold_a_change_back() {
        use notify::event::{CreateKind, DataChange, RenameMode};
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        write_old(&site.join("data/cup.toml"), "name = \"Cup\"\n");
        write_old(&site.join("site.toml"), "title = \"Old\"\n");
        write_old(&site.join("lib/assets/a.css"), "a { }\n");
        std::os::unix::fs::symlink("lib/assets", site.join("static")).unwrap();
        let out = site.join("public");
        for input in [true, false] {
            let (tx, events) = mpsc::sync_channel(EVENT_QUEUE);
            let watcher = Box::new(FillsUp(Arc::default()));
            let mut inputs = Inputs::start(watcher, None, events, Arc::default(), &site, &out);
            let new = site.join("data/new.toml");
            tx.send(Ok(
                notify::Event::new(EventKind::Create(CreateKind::File)).add_path(new.clone())
            ))
            .unwrap();
            // Each event taken is put back at once: the queue stays full.
            // An input written, or (taken in more slowly: where the linked
            // `static` leads is looked at) a folder at the top of the site
            // renamed.
            let stop = Arc::new(AtomicBool::new(false));
            let flood = {
                let (stop, path, top) = (Arc::clone(&stop), site.join("data/cup.toml"), site.clone());
                std::thread::spawn(move || {
                    let start = std::time::Instant::now();
                    while !stop.load(Ordering::Relaxed) && start.elapsed() < Duration::from_secs(20) {
                        let event = if input {
                            Ok(notify::Event::new(EventKind::Modify(ModifyKind::Data(DataChange::Any)))
                                .add_path(path.clone()))
                        } else {
                            Ok(
                                notify::Event::new(EventKind::Modify(ModifyKind::Name(RenameMode::Both)))
                                    .add_path(top.join("tmpA"))
                                    .add_path(top.join("tmpB")),
                            )
                        };
                        if tx.send(event).is_err() {
                            break;
                        }
                    }
                    stop.load(Ordering::Relaxed)
                })
            };
            let changed = inputs.next_change(Some(Duration::from_secs(20))).unwrap();
            stop.store(true, Ordering::Relaxed);
            drop(inputs);
            let stopped_by_us = flood.join().unwrap();
            assert_eq!(changed, Some(new));
            assert!(
                stopped_by_us,
                "the change was reported only once the events stopped by themselves"
            );
        }
    }

    /// A change dropped from a full queue is a change even when only
    /// errors of the watcher come after it (it waited for a next event of
    /// a file).
    #[test]
    fn a_change_dropped_before_errors_only_is_a_change() {
        use notify::EventHandler as _;
        let tmp = tempfile::tempdir().unwrap();
        let site = tmp.path().join("site");
        write_old(&site.join("data/cup.toml"), "name = \"Cup\"\n");
        let out = site.join("public");
        let (mut handler, events, flags) = queue(&site, &out);
        let mut inputs = Inputs::start(Box::new(FillsUp(Arc::default())), None, events, flags, &site, &out);
        for _ in 0..EVENT_QUEUE {
            handler.handle_event(Err(notify::Error::new(notify::ErrorKind::WatchNotFound)));
        }
        handler.handle_event(Ok(notify::Event::new(EventKind::Create(
            notify::event::CreateKind::File,
        ))
        .add_path(site.join("data/new.toml"))));
        assert_eq!(
            inputs.next_change(Some(Duration::from_secs(3))).unwrap(),
            Some(site.join("data"))
        );
    }

    #[test]
    fn urls_map_to_files_inside_the_root() {
        let root = Path::new("/srv/site");
        assert_eq!(
            file_for(root, "/events/2017/x.html?a=1", "/"),
            Some(root.join("events/2017/x.html"))
        );
        assert_eq!(
            file_for(root, "/player/bj%C3%B6rn.html", "/"),
            Some(root.join("player/björn.html"))
        );
        assert_eq!(
            file_for(root, "/repo/style.css", "/repo/"),
            Some(root.join("style.css"))
        );
        assert_eq!(file_for(root, "/../etc/passwd", "/"), None);
        assert_eq!(file_for(root, "/a/%2e%2e/%2e%2e/etc/passwd", "/"), None);
        assert_eq!(file_for(root, "/a%00b", "/"), None);
        // The build's hidden files (the marker with the inputs' fingerprint).
        assert_eq!(file_for(root, "/.ratings-site", "/"), None);
        assert_eq!(file_for(root, "/events/%2Egit/config", "/"), None);
    }

    #[test]
    fn only_loopback_hosts_are_answered() {
        for ok in [
            "localhost",
            "LOCALHOST:1111",
            "127.0.0.1",
            "127.0.0.1:80",
            "[::1]",
            "[::1]:1111",
        ] {
            assert!(local_host(ok), "{ok}");
        }
        for bad in [
            "evil.example",
            "evil.example:1111",
            "localhost.evil.example",
            "127.0.0.1.nip.io",
            "",
            ":1111",
            "[::1]:x",
            "10.0.0.1",
        ] {
            assert!(!local_host(bad), "{bad}");
        }
    }

    /// Which connection goes when one too many is open, and which are
    /// closed for idling: tasks that never end, closed only by the policy.
    #[test]
    fn the_connection_closed_is_one_answered_then_sending_its_head_then_the_quietest() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            // (number, phase, bytes moved, when); now is 5000 ms.
            let table = [
                (0, ANSWERING, 1_000_000, 1000),
                (1, HEAD, 300, 4900),
                (2, HEAD, 100, 4000),
                (3, ANSWERING, 100_000, 4990),
                (4, HEAD, 0, 4990),
                (5, HEAD, 100, 4000),
                (6, DONE, 5_000_000, 4999),
            ];
            let now = 5000;
            let mut open = Open::default();
            let mut tasks = BTreeMap::new();
            for (number, phase, bytes, at) in table {
                let task = tokio::spawn(std::future::pending::<()>());
                let activity = Arc::new(Activity::new(at));
                activity.moved(bytes, at);
                activity.phase.store(phase, Ordering::Relaxed);
                open.0.insert(
                    number,
                    Connection {
                        task: task.abort_handle(),
                        activity,
                    },
                );
                tasks.insert(number, task);
            }
            // A million bytes 4 s ago count a quarter.
            assert!((open.0[&0].activity.recent(now) - 250_000.0).abs() < 1e-6);
            let order = |open: &Open| open.0.keys().copied().collect::<Vec<u64>>();
            // Answered first, however busy.
            open.close_quietest(4, now);
            assert_eq!(order(&open), [0, 1, 2, 3, 4, 5]);
            // Of those sending their heads (1, 2, 5; 4 just came), the
            // quietest: 2 and 5 as quiet, 2 came first; then 5, then 1.
            open.close_quietest(4, now);
            assert_eq!(order(&open), [0, 1, 3, 4, 5]);
            open.close_quietest(4, now);
            open.close_quietest(4, now);
            assert_eq!(order(&open), [0, 3, 4]);
            // Only the new one sends its head: the quietest of those being
            // answered goes (100,000 bytes just now, against a million 4 s
            // ago).
            open.close_quietest(4, now);
            assert_eq!(order(&open), [0, 4]);
            // Idle since before 2000: closed.
            open.close_idle(2000);
            assert_eq!(order(&open), [4]);
            tokio::task::yield_now().await;
            let ended: Vec<u64> = tasks.iter().filter(|(_, t)| t.is_finished()).map(|(n, _)| *n).collect();
            assert_eq!(ended, [0, 1, 2, 3, 5, 6]);
        });
    }

    #[test]
    fn the_reload_script_goes_before_the_end_of_the_body() {
        let html = String::from_utf8(inject("<html><body><p>x</p></body></html>", 7, None)).unwrap();
        assert!(html.contains("var v=\"7\""));
        assert!(html.ends_with("</script></body></html>"));
        let failed = String::from_utf8(inject("<body></body>", 8, Some("error: <bad>"))).unwrap();
        assert!(failed.contains("error: &lt;bad&gt;"));
        // No `</body>`: at the end.
        let bare = String::from_utf8(inject("<p>x", 9, None)).unwrap();
        assert!(
            bare.starts_with("<p>x<script>") && bare.ends_with("</script>"),
            "{bare}"
        );
        // A very long error list is cut, at a character, with a pointer
        // to the terminal.
        let long = "é".repeat(MAX_SHOWN_ERRORS);
        let cut = reload_script(1, Some(&long));
        assert!(cut.len() < MAX_SHOWN_ERRORS + 2000, "{}", cut.len());
        assert!(cut.contains("… and more: see the terminal."));
    }
}
