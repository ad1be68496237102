//! `ratings serve`: a local preview. Builds the site (the same atomic build
//! as `ratings build`), serves it on 127.0.0.1, rebuilds when `data/`,
//! `site.toml` or `static/` change, and reloads the open pages.
//!
//! HTTP is tiny_http's; file watching is notify's. The files on disk are
//! exactly what `build` writes: the reload script (a poll of
//! `/__ratings/version`) is added to HTML responses only. Templates are
//! compiled into the binary, so a template change needs a restart.

use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use notify::{EventKind, RecursiveMode, Watcher};

use crate::BuildOptions;

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

/// How long a burst of file events must be quiet before a rebuild.
const SETTLE: Duration = Duration::from_millis(150);

#[derive(Default)]
struct State {
    /// Changes with every build attempt; the pages poll it.
    version: u64,
    /// The errors of the last build, shown on every page until fixed.
    errors: Option<String>,
}

/// Build, serve and watch until the process is stopped.
pub fn serve(options: &ServeOptions) -> Result<(), String> {
    let site_dir = options
        .site_dir
        .canonicalize()
        .map_err(|e| format!("{}: {e}", options.site_dir.display()))?;
    // Without a valid site.toml there is no output folder to serve.
    let settings = crate::config::read(&options.site_dir).map_err(|ds| crate::error::Errors::sorted(ds).to_string())?;
    let out = settings.output_path(&options.site_dir, options.output.as_deref());
    // With base_url, 404.html links to /repo/...: serve that prefix too.
    let prefix = crate::pages::not_found::absolute_root(settings.base_url.as_deref());
    let build = BuildOptions {
        // As given, so that messages name files the way the user does.
        site_dir: options.site_dir.clone(),
        output: Some(out.clone()),
        force: options.force,
    };
    let state = Arc::new(Mutex::new(State::default()));
    rebuild(&build, &state);

    let server = tiny_http::Server::http(("127.0.0.1", options.port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {e}", options.port))?;
    let port = server.server_addr().to_ip().map_or(options.port, |a| a.port());
    println!("Serving {} at http://127.0.0.1:{port}/ (Ctrl-C to stop)", out.display());
    let _ = std::io::stdout().flush();

    let (tx, rx) = mpsc::channel();
    // File events where the system has them (inotify, FSEvents ...); where
    // it has not (or its watch limit is reached), poll the files.
    let native = notify::recommended_watcher(tx.clone()).ok().and_then(|mut w| {
        w.watch(&site_dir, RecursiveMode::NonRecursive).ok()?;
        Some(w)
    });
    let mut watcher: Box<dyn Watcher> = match native {
        Some(w) => Box::new(w),
        None => {
            eprintln!("File events are not available here: polling for changes every 0.5 s.");
            let config = notify::Config::default().with_poll_interval(Duration::from_millis(500));
            let mut w = notify::PollWatcher::new(tx, config).map_err(|e| format!("cannot watch files: {e}"))?;
            w.watch(&site_dir, RecursiveMode::NonRecursive)
                .map_err(|e| format!("cannot watch {}: {e}", site_dir.display()))?;
            Box::new(w)
        }
    };
    let mut watched: Vec<PathBuf> = Vec::new();
    watch_folders(watcher.as_mut(), &site_dir, &mut watched);

    let server = Arc::new(server);
    for _ in 0..4 {
        let server = Arc::clone(&server);
        let state = Arc::clone(&state);
        let out = out.clone();
        let prefix = prefix.clone();
        std::thread::spawn(move || {
            while let Ok(request) = server.recv() {
                respond(request, &out, &prefix, &state);
            }
        });
    }

    // The watch loop: wait for a relevant change, let the burst settle, rebuild.
    loop {
        let Ok(event) = rx.recv() else {
            return Err("the file watcher stopped".into());
        };
        let mut changed = relevant(&site_dir, &out, event);
        if changed.is_none() {
            continue;
        }
        while let Ok(more) = rx.recv_timeout(SETTLE) {
            if changed.is_none() {
                changed = relevant(&site_dir, &out, more);
            }
        }
        if let Some(path) = changed {
            let shown = path.strip_prefix(&site_dir).unwrap_or(&path);
            eprintln!("Changed: {}", shown.display());
        }
        // data/ or static/ may have been created since the start.
        watch_folders(watcher.as_mut(), &site_dir, &mut watched);
        rebuild(&build, &state);
    }
}

fn watch_folders(watcher: &mut dyn Watcher, site_dir: &Path, watched: &mut Vec<PathBuf>) {
    for folder in ["data", "static"] {
        let path = site_dir.join(folder);
        if path.is_dir() && !watched.contains(&path) && watcher.watch(&path, RecursiveMode::Recursive).is_ok() {
            watched.push(path);
        }
    }
}

/// The first input file a file event touches: `site.toml` or a file under
/// `data/` or `static/` (hidden files and editor backups excepted).
fn relevant(site_dir: &Path, out: &Path, event: notify::Result<notify::Event>) -> Option<PathBuf> {
    let event = event.ok()?;
    if matches!(
        event.kind,
        EventKind::Access(_) | EventKind::Modify(notify::event::ModifyKind::Metadata(_))
    ) {
        return None;
    }
    event.paths.into_iter().find(|p| {
        if p.starts_with(out) {
            return false;
        }
        let Ok(rel) = p.strip_prefix(site_dir) else {
            return false;
        };
        let hidden = rel
            .components()
            .any(|c| c.as_os_str().to_string_lossy().starts_with('.'));
        let backup = rel.to_string_lossy().ends_with('~');
        rel == Path::new("site.toml") || (!hidden && !backup && (rel.starts_with("data") || rel.starts_with("static")))
    })
}

fn rebuild(build: &BuildOptions, state: &Mutex<State>) {
    let result = crate::build(build);
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
            eprintln!("{text}\nThe previous site is still served; fix the data and save again.");
            s.errors = Some(text);
        }
    }
}

fn header(name: &str, value: &str) -> tiny_http::Header {
    tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
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
/// would leave it (`..`, absolute parts, NUL).
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

/// The reload script and, after a failed build, its errors, added to an
/// HTML page before `</body>`.
fn inject(html: &str, version: u64, errors: Option<&str>) -> String {
    let mut extra = String::new();
    if let Some(errors) = errors {
        let escaped = errors.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
        extra.push_str(&format!(
            "<pre id=\"ratings-build-errors\" style=\"position:fixed;inset:auto 0 0 0;max-height:50%;overflow:auto;margin:0;padding:1em;background:#fee;color:#900;border-top:3px solid #900;z-index:9999;white-space:pre-wrap\">The last build failed; this is the previous site.\n\n{escaped}</pre>"
        ));
    }
    extra.push_str(&format!(
        "<script>(function(){{var v=\"{version}\";function poll(){{fetch(\"{VERSION_PATH}\",{{cache:\"no-store\"}}).then(function(r){{return r.text()}}).then(function(t){{if(t!==v){{location.reload()}}else{{setTimeout(poll,500)}}}},function(){{setTimeout(poll,2000)}})}}setTimeout(poll,500)}})();</script>"
    ));
    match html.rfind("</body>") {
        Some(i) => format!("{}{extra}{}", &html[..i], &html[i..]),
        None => format!("{html}{extra}"),
    }
}

fn respond(request: tiny_http::Request, root: &Path, prefix: &str, state: &Mutex<State>) {
    let no_store = header("Cache-Control", "no-store");
    let (version, errors) = {
        let s = state.lock().expect("state lock");
        (s.version, s.errors.clone())
    };
    if !matches!(request.method(), tiny_http::Method::Get | tiny_http::Method::Head) {
        let _ = request.respond(tiny_http::Response::from_string("method not allowed").with_status_code(405));
        return;
    }
    if request.url() == VERSION_PATH {
        let response = tiny_http::Response::from_string(version.to_string())
            .with_header(header("Content-Type", "text/plain; charset=utf-8"))
            .with_header(no_store);
        let _ = request.respond(response);
        return;
    }
    let (status, file) = match file_for(root, request.url(), prefix) {
        Some(f) if f.is_file() => (200, f),
        _ => (404, root.join("404.html")),
    };
    let body = match std::fs::read(&file) {
        Ok(b) => b,
        Err(_) => {
            // No page (and no 404.html: e.g. the first build failed). A
            // small page still shows the errors and reloads once fixed.
            let page = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found</title></head><body><h1>Not found</h1></body></html>";
            let response = tiny_http::Response::from_string(inject(page, version, errors.as_deref()))
                .with_status_code(404)
                .with_header(header("Content-Type", "text/html; charset=utf-8"))
                .with_header(no_store);
            let _ = request.respond(response);
            return;
        }
    };
    let kind = content_type(&file);
    let body = if kind.starts_with("text/html") {
        inject(&String::from_utf8_lossy(&body), version, errors.as_deref()).into_bytes()
    } else {
        body
    };
    let response = tiny_http::Response::from_data(body)
        .with_status_code(status)
        .with_header(header("Content-Type", kind))
        .with_header(no_store);
    let _ = request.respond(response);
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }

    #[test]
    fn the_reload_script_goes_before_the_end_of_the_body() {
        let html = inject("<html><body><p>x</p></body></html>", 7, None);
        assert!(html.contains("var v=\"7\""));
        assert!(html.ends_with("</script></body></html>"));
        let failed = inject("<body></body>", 8, Some("error: <bad>"));
        assert!(failed.contains("error: &lt;bad&gt;"));
    }
}
