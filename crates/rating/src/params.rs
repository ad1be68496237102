//! The parameters of one `[[rating]]` table of `site.toml`, read key by key
//! by the system the table names. Every system validates its own keys with
//! the readers here; what no reader took is an error that points at it.

use std::collections::BTreeMap;
use std::ops::{Range, RangeInclusive};
use std::path::Path;

use ratings_config::{COMMON_KEYS, RawTable, type_name};
use toml::{Spanned, Value};

use ratings_model::error::Diagnostic;

/// The bound of a rating-scale parameter (a starting rating, a deviation, a
/// DCI band): ±1,000,000, far beyond any real scale (Elo's 1500,
/// TrueSkill's 25), and small enough that the systems' arithmetic stays
/// finite however long the history.
pub const RATING_BOUND: f64 = 1_000_000.0;

/// One `[[rating]]` table being read by its system.
pub struct Params<'a> {
    path: &'a Path,
    /// The system's name and its parameter keys, for messages.
    system: &'static str,
    keys: &'static [&'static str],
    /// The table itself (for errors about a missing key).
    span: Range<usize>,
    /// Keys not read yet: (key span, value).
    rest: BTreeMap<String, (Range<usize>, Spanned<Value>)>,
    pub problems: Vec<Diagnostic>,
    /// `site.toml`'s lines, indexed at the first error: an error a key of
    /// 160,000 unknown keys counted lines from the start for each (93 s).
    lines: ratings_model::error::LazyLineIndex<'a>,
}

/// The most formats a `[[rating]]`'s `formats` may list, and the longest
/// name of one in bytes: every event a rating leaves out says which
/// formats it counts.
pub const MAX_FORMATS: usize = 64;
pub const MAX_FORMAT_LEN: usize = 200;

impl<'a> Params<'a> {
    pub fn new(
        path: &'a Path,
        text: &'a str,
        system: &'static str,
        keys: &'static [&'static str],
        span: Range<usize>,
        table: &RawTable,
    ) -> Self {
        let rest = table
            .iter()
            .filter(|(k, _)| !COMMON_KEYS.contains(&k.get_ref().as_str()))
            .map(|(k, v)| (k.get_ref().clone(), (k.span(), v.clone())))
            .collect();
        Params {
            path,
            system,
            keys,
            span,
            rest,
            problems: Vec::new(),
            lines: ratings_model::error::LazyLineIndex::new(text),
        }
    }

    /// An error at a byte span of `site.toml`.
    pub fn error_at(&mut self, span: Range<usize>, message: impl Into<String>) {
        let d = self.diagnostic(span, message.into());
        self.problems.push(d);
    }

    fn diagnostic(&self, span: Range<usize>, message: String) -> Diagnostic {
        Diagnostic {
            path: self.path.to_path_buf(),
            position: Some(self.lines.line_column(span.start)),
            message,
        }
    }

    /// An error about the table as a whole (a missing key).
    pub fn error(&mut self, message: impl Into<String>) {
        self.error_at(self.span.clone(), message);
    }

    /// Take a key's value, if given.
    pub fn take(&mut self, key: &str) -> Option<Spanned<Value>> {
        debug_assert!(self.keys.contains(&key), "{key} is not declared by {}", self.system);
        self.rest.remove(key).map(|(_, v)| v)
    }

    /// A number (integer or float); `rule` says what is wrong with a value
    /// ("a number from 0 to 100"), completing "`key` must be ...".
    pub fn number(&mut self, key: &str, default: f64, rule: impl Fn(f64) -> Option<String>) -> f64 {
        let Some(v) = self.take(key) else { return default };
        let x = match v.get_ref() {
            Value::Float(x) => *x,
            Value::Integer(i) => *i as f64,
            other => {
                self.error_at(v.span(), format!("`{key}` must be a number, not {}", type_name(other)));
                return default;
            }
        };
        if let Some(need) = rule(x) {
            self.error_at(v.span(), format!("`{key}` must be {need}, not {}", shown(x)));
            return default;
        }
        x
    }

    /// A number in `range`, both ends included (NaN and the infinities
    /// are in none). Every parameter has a range: one a real rating never
    /// needs to leave, and within which the system's arithmetic stays
    /// finite (checked by `tests/fuzz.rs` at the corners of the ranges).
    pub fn between(&mut self, key: &str, default: f64, range: RangeInclusive<f64>) -> f64 {
        let need = format!("a number from {} to {}", shown(*range.start()), shown(*range.end()));
        self.number(key, default, |x| (!range.contains(&x)).then(|| need.clone()))
    }

    /// A number above `low` (excluded) and at most `high`.
    pub fn above(&mut self, key: &str, default: f64, low: f64, high: f64) -> f64 {
        let need = format!("a number above {} and at most {}", shown(low), shown(high));
        self.number(key, default, |x| (!(x > low && x <= high)).then(|| need.clone()))
    }

    /// A whole number in `range`.
    pub fn whole(&mut self, key: &str, default: i64, range: std::ops::RangeInclusive<i64>, what: &str) -> i64 {
        let Some(v) = self.take(key) else { return default };
        match v.get_ref() {
            Value::Integer(i) if range.contains(i) => *i,
            Value::Integer(i) => {
                self.error_at(v.span(), format!("`{key}` must be {what}, not {i}"));
                default
            }
            other => {
                self.error_at(v.span(), format!("`{key}` must be {what}, not {}", type_name(other)));
                default
            }
        }
    }

    /// A count from 0 to 1,000,000.
    pub fn count(&mut self, key: &str, default: u32) -> u32 {
        self.whole(
            key,
            i64::from(default),
            0..=1_000_000,
            "a whole number from 0 to 1000000",
        ) as u32
    }

    /// A string, with its span.
    pub fn string(&mut self, key: &str) -> Option<Spanned<String>> {
        let v = self.take(key)?;
        match v.get_ref() {
            Value::String(s) => Some(Spanned::new(v.span(), s.clone())),
            other => {
                self.error_at(v.span(), format!("`{key}` must be a string, not {}", type_name(other)));
                None
            }
        }
    }

    /// A list of non-empty strings (trimmed), such as `formats`.
    pub fn strings(&mut self, key: &str) -> Option<Vec<String>> {
        let v = self.take(key)?;
        let list: Option<Vec<String>> = match v.get_ref() {
            Value::Array(items) => items.iter().map(|i| i.as_str().map(|s| s.trim().to_string())).collect(),
            _ => None,
        };
        match list {
            Some(list) if !list.is_empty() && list.iter().all(|s| !s.is_empty()) => Some(list),
            _ => {
                self.error_at(v.span(), format!("`{key}` must list at least one non-empty string"));
                None
            }
        }
    }

    /// The event formats a system counts (`formats = [...]`), if set: at
    /// most [`MAX_FORMATS`] of them.
    pub fn formats(&mut self) -> Option<Vec<String>> {
        let v = self.rest.get("formats").map(|(_, v)| v.span());
        let list = self.strings("formats");
        if list.is_none() && v.is_some() {
            // The message of `strings` names the key; say what it is for.
            if let Some(last) = self.problems.last_mut() {
                last.message = "`formats` must list at least one non-empty format".into();
            }
        }
        if let (Some(formats), Some(span)) = (&list, v.clone())
            && let Some(long) = formats.iter().find(|f| f.len() > MAX_FORMAT_LEN)
        {
            self.error_at(
                span,
                format!(
                    "`formats` names a format of {} bytes: at most {MAX_FORMAT_LEN} (\"{}…\")",
                    long.len(),
                    long.chars().take(40).collect::<String>()
                ),
            );
            return None;
        }
        if let (Some(formats), Some(span)) = (&list, v)
            && formats.len() > MAX_FORMATS
        {
            self.error_at(
                span,
                format!(
                    "`formats` lists {} formats: at most {MAX_FORMATS} (a rating counts a few formats; every event that names none of them says which it counts)",
                    formats.len()
                ),
            );
            return None;
        }
        list
    }

    /// The problems found, plus one for every key no reader took: the
    /// first 100, the rest counted.
    pub fn finish(mut self) -> ratings_model::error::FirstShown {
        let rest = std::mem::take(&mut self.rest);
        // A file's first 100 errors, as for every file; unknown keys may be many.
        let mut kept = ratings_model::error::FirstShown::default();
        for d in std::mem::take(&mut self.problems) {
            kept.push(d);
        }
        for (key, (key_span, value)) in rest {
            let other = crate::SYSTEMS
                .iter()
                .find(|s| s.name != self.system && s.keys.contains(&key.as_str()));
            let message = match other {
                Some(_) => format!(
                    "`{key}` is not a parameter of system {:?} (its parameters: {})",
                    self.system,
                    self.keys.join(", ")
                ),
                None => format!(
                    "unknown key `{key}` for system {:?} (its parameters: {})",
                    self.system,
                    self.keys.join(", ")
                ),
            };
            // A key of another system points at its value (what to change),
            // an unknown key at the key (what to rename).
            let span = if other.is_some() { value.span() } else { key_span };
            kept.push(self.diagnostic(span, message));
        }
        kept
    }
}

/// A number as a message shows it: as written in TOML for everyday
/// values, with an exponent for huge or tiny ones ("1e308", not 309 digits).
pub fn shown(x: f64) -> String {
    if x != 0.0 && x.is_finite() && !(1e-5..1e16).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}
