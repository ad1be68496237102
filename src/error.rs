//! Diagnostics: every problem that comes from input names the file and,
//! where known, the line and column. A build collects all of them and
//! reports them together, sorted.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// One problem found in the input or while writing the output.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Diagnostic {
    pub path: PathBuf,
    /// 1-based line and column, where the source position is known.
    pub position: Option<(usize, usize)>,
    pub message: String,
}

impl Diagnostic {
    pub fn new(path: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        Diagnostic {
            path: path.into(),
            position: None,
            message: message.into(),
        }
    }

    /// A diagnostic that points at a byte span of the file's text.
    pub fn at(path: impl Into<PathBuf>, text: &str, span: Range<usize>, message: impl Into<String>) -> Self {
        Diagnostic {
            path: path.into(),
            position: Some(line_column(text, span.start)),
            message: message.into(),
        }
    }

    pub fn io(path: &Path, err: &std::io::Error) -> Self {
        Diagnostic::new(path, err.to_string())
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, col)) => write!(f, "{}:{}:{}: {}", self.path.display(), line, col, self.message),
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

/// 1-based (line, column) of a byte offset; the column counts characters.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

/// All problems of a build, sorted by file, position and message.
#[derive(Debug, Default)]
pub struct Errors(pub Vec<Diagnostic>);

impl Errors {
    pub fn sorted(mut list: Vec<Diagnostic>) -> Self {
        list.sort();
        list.dedup();
        Errors(list)
    }
}

impl From<Diagnostic> for Errors {
    fn from(d: Diagnostic) -> Self {
        Errors(vec![d])
    }
}

impl From<Vec<Diagnostic>> for Errors {
    fn from(list: Vec<Diagnostic>) -> Self {
        Errors::sorted(list)
    }
}

impl fmt::Display for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.0 {
            writeln!(f, "error: {d}")?;
        }
        let n = self.0.len();
        write!(f, "{n} error{}", if n == 1 { "" } else { "s" })
    }
}

impl std::error::Error for Errors {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters() {
        let text = "a = 1\nnäme = 2\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 6), (2, 1));
        // "=" after "näme " is the 6th character of line 2 (ä is two bytes).
        let eq = text.rfind('=').unwrap();
        assert_eq!(line_column(text, eq), (2, 6));
    }
}
