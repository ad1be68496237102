//! The parameters of one `[[rating]]` table of `site.toml`, read key by key
//! by the system the table names. Every system validates its own keys with
//! the readers here; what no reader took is an error that points at it.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

use toml::{Spanned, Value};

use crate::error::Diagnostic;

/// Keys every `[[rating]]` table has, whatever its system (read by `config`).
pub const COMMON_KEYS: [&str; 4] = ["id", "system", "title", "active_years"];

/// One `[[rating]]` table being read by its system.
pub struct Params<'a> {
    path: &'a Path,
    text: &'a str,
    /// The system's name and its parameter keys, for messages.
    system: &'static str,
    keys: &'static [&'static str],
    /// The table itself (for errors about a missing key).
    span: Range<usize>,
    /// Keys not read yet: (key span, value).
    rest: BTreeMap<String, (Range<usize>, Spanned<Value>)>,
    pub problems: Vec<Diagnostic>,
}

/// A `[[rating]]` table as toml gives it, keys and values with their spans.
pub type RawTable = BTreeMap<Spanned<String>, Spanned<Value>>;

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
            text,
            system,
            keys,
            span,
            rest,
            problems: Vec::new(),
        }
    }

    /// An error at a byte span of `site.toml`.
    pub fn error_at(&mut self, span: Range<usize>, message: impl Into<String>) {
        self.problems.push(Diagnostic::at(self.path, self.text, span, message));
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
    /// ("a finite number > 0"), completing "`key` must be ...".
    pub fn number(&mut self, key: &str, default: f64, rule: impl Fn(f64) -> Option<&'static str>) -> f64 {
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
            self.error_at(v.span(), format!("`{key}` must be {need}, not {x}"));
            return default;
        }
        x
    }

    /// A finite number >= 0.
    pub fn non_negative(&mut self, key: &str, default: f64) -> f64 {
        self.number(key, default, |x| {
            (!(x.is_finite() && x >= 0.0)).then_some("a finite number >= 0")
        })
    }

    /// A finite number > 0.
    pub fn positive(&mut self, key: &str, default: f64) -> f64 {
        self.number(key, default, |x| {
            (!(x.is_finite() && x > 0.0)).then_some("a finite number > 0")
        })
    }

    /// Any finite number.
    pub fn finite(&mut self, key: &str, default: f64) -> f64 {
        self.number(key, default, |x| (!x.is_finite()).then_some("a finite number"))
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

    /// The event formats a system counts (`formats = [...]`), if set.
    pub fn formats(&mut self) -> Option<Vec<String>> {
        let v = self.rest.get("formats").map(|(_, v)| v.span());
        let list = self.strings("formats");
        if list.is_none() && v.is_some() {
            // The message of `strings` names the key; say what it is for.
            if let Some(last) = self.problems.last_mut() {
                last.message = "`formats` must list at least one non-empty format".into();
            }
        }
        list
    }

    /// The problems found, plus one for every key no reader took.
    pub fn finish(mut self) -> Vec<Diagnostic> {
        let rest = std::mem::take(&mut self.rest);
        for (key, (key_span, value)) in rest {
            let other = super::SYSTEMS
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
            self.error_at(span, message);
        }
        self.problems
    }
}

/// A TOML value's kind, for messages.
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::String(_) => "a string",
        Value::Integer(_) => "a whole number",
        Value::Float(_) => "a number",
        Value::Boolean(_) => "a boolean",
        Value::Datetime(_) => "a date",
        Value::Array(_) => "an array",
        Value::Table(_) => "a table",
    }
}
