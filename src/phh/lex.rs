//! The tokens of a PHH text that every reader of it must see alike: blanks, comments, where
//! each of the four kinds of TOML string ends, the arrays and inline tables a line leaves open,
//! and which lines are section headers.
//!
//! The TOML reader ([`toml`](super::toml)), the direct reader of the common fields
//! ([`read`](super::read)) and the bundle splitter ([`split`](super::split)) all ask these
//! functions, so they cannot disagree on where a string or a comment ends or where a hand
//! starts: a line the splitter starts a hand at is a section header to the readers too.

/// Whether a byte is blank within a line: a space, a tab or a carriage return (of a Windows
/// line end, or astray). Readers skip these between tokens, and a section header may follow
/// them.
#[inline]
pub(super) fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

/// The position of the first byte at or after `i` that is not blank (or the end).
#[inline]
pub(super) fn skip_blanks(s: &[u8], i: usize) -> usize {
    let rest = s.get(i..).unwrap_or_default();
    i + rest.iter().position(|&b| !is_blank(b)).unwrap_or(rest.len())
}

/// Where the comment that starts at `i` (a `#` outside any string) ends: at the newline that
/// ends its line, or at the end of the text.
#[inline]
pub(super) fn comment_end(s: &[u8], i: usize) -> usize {
    let rest = s.get(i..).unwrap_or_default();
    i + rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len())
}

/// The four kinds of TOML string, by their opening quotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Quote {
    /// `'...'`: no escapes, one line.
    Literal,
    /// `"..."`: backslash escapes, one line.
    Basic,
    /// `'''...'''`: no escapes, over lines.
    MultiLiteral,
    /// `"""..."""`: backslash escapes (a backslash may end a line), over lines.
    MultiBasic,
}

impl Quote {
    /// The kind of string whose opening quotes stand at `i`, if a quote does.
    #[inline]
    pub(super) fn at(s: &[u8], i: usize) -> Option<Quote> {
        let rest = s.get(i..).unwrap_or_default();
        Some(match rest.first()? {
            b'\'' if rest.starts_with(b"'''") => Quote::MultiLiteral,
            b'\'' => Quote::Literal,
            b'"' if rest.starts_with(b"\"\"\"") => Quote::MultiBasic,
            b'"' => Quote::Basic,
            _ => return None,
        })
    }

    /// The number of quotes that open and close the string.
    #[inline]
    pub(super) fn quotes(self) -> usize {
        match self {
            Quote::Literal | Quote::Basic => 1,
            Quote::MultiLiteral | Quote::MultiBasic => 3,
        }
    }

    /// Whether the string may run over several lines.
    pub(super) fn multi_line(self) -> bool {
        self.quotes() == 3
    }
}

/// Where a string ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum End {
    /// Closed: the position just after its closing quotes.
    Closed(usize),
    /// Never closed: the position where it stops, the newline that ends a one-line string
    /// (for a basic string whose last byte is a backslash, the byte after that backslash) or
    /// the end of the text.
    Open(usize),
}

/// Where the string of kind `quote` ends, its text starting at `from` (after the opening
/// quotes). In basic strings a backslash takes the byte after it (an escaped quote does not
/// close the string), except a newline in a one-line string: that string stops there, open. A
/// multi-line string closes at the first three quotes of its kind, and up to two more quotes
/// right after them are its last characters, as TOML says.
#[inline]
pub(super) fn string_end(s: &[u8], from: usize, quote: Quote) -> End {
    match quote {
        Quote::Literal => literal_end(s, from),
        Quote::Basic => basic_end(s, from),
        Quote::MultiLiteral | Quote::MultiBasic => multi_line_end(s, from, quote),
    }
}

/// [`string_end`] of a literal string: the most common kind in hand files, read inline.
#[inline]
fn literal_end(s: &[u8], from: usize) -> End {
    let mut k = from;
    while let Some(&c) = s.get(k) {
        if ENDS_LITERAL[usize::from(c)] {
            return if c == b'\'' { End::Closed(k + 1) } else { End::Open(k) };
        }
        k += 1;
    }
    End::Open(s.len().max(from))
}

/// The bytes that end a literal string: its closing quote, or the newline it stops at.
const ENDS_LITERAL: [bool; 256] = {
    let mut table = [false; 256];
    table[b'\'' as usize] = true;
    table[b'\n' as usize] = true;
    table
};

/// [`string_end`] of a basic string.
fn basic_end(s: &[u8], from: usize) -> End {
    let rest = s.get(from..).unwrap_or_default();
    let mut k = 0;
    while let Some(&c) = rest.get(k) {
        match c {
            b'"' => return End::Closed(from + k + 1),
            b'\n' => return End::Open(from + k),
            b'\\' if matches!(rest.get(k + 1), None | Some(b'\n')) => {
                return End::Open(from + k + 1)
            }
            b'\\' => k += 2,
            _ => k += 1,
        }
    }
    End::Open(s.len().max(from))
}

/// [`string_end`] of a multi-line string.
fn multi_line_end(s: &[u8], from: usize, quote: Quote) -> End {
    let rest = s.get(from..).unwrap_or_default();
    let (q, escapes) = if quote == Quote::MultiLiteral { (b'\'', false) } else { (b'"', true) };
    let mut k = 0;
    while let Some(&c) = rest.get(k) {
        if c == b'\\' && escapes {
            k += 2;
        } else if c == q && rest[k..].starts_with(&[q, q, q]) {
            let extra = rest[k + 3..].iter().take(2).take_while(|&&b| b == q).count();
            return End::Closed(from + k + 3 + extra);
        } else {
            k += 1;
        }
    }
    End::Open(s.len().max(from))
}

/// What is left open at the end of a line: arrays and inline tables, and a multi-line string.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Open {
    /// Arrays and inline tables opened and not yet closed.
    pub(super) depth: usize,
    /// The multi-line string the line ended in.
    pub(super) string: Option<Quote>,
}

impl Open {
    /// Whether the next line continues a value (then only a header line of the strict kind
    /// starts a section: see [`section_header`]).
    pub(super) fn nested(&self) -> bool {
        self.depth > 0 || self.string.is_some()
    }
}

/// Follows the arrays, inline tables and multi-line strings that `line` (one line, its
/// newline included or not) opens and closes, outside strings and comments; says whether the
/// line holds anything but blanks and a comment.
pub(super) fn scan_line(line: &[u8], open: &mut Open) -> bool {
    let first = line.iter().find(|&&b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
    let content = first.is_some_and(|&b| b != b'#');
    let mut i = 0;
    if let Some(quote) = open.string {
        match string_end(line, 0, quote) {
            End::Closed(end) => {
                open.string = None;
                i = end;
            }
            End::Open(_) => return content,
        }
    }
    // Only the bytes of LEXED matter; a literal string (not `''` nor `'''`), the most common
    // token, is stepped over here.
    while let Some(&b) = line.get(i) {
        if !LEXED[usize::from(b)] {
            i += 1;
            continue;
        }
        match b {
            b'#' => break,
            b'[' | b'{' => open.depth = open.depth.saturating_add(1),
            b']' | b'}' => open.depth = open.depth.saturating_sub(1),
            b'\'' if line.get(i + 1) != Some(&b'\'') => match literal_end(line, i + 1) {
                End::Closed(end) => {
                    i = end;
                    continue;
                }
                End::Open(_) => break,
            },
            _ => {
                let Some(quote) = Quote::at(line, i) else { break };
                match string_end(line, i + quote.quotes(), quote) {
                    End::Closed(end) => {
                        i = end;
                        continue;
                    }
                    End::Open(_) => {
                        if quote.multi_line() {
                            open.string = Some(quote);
                        }
                        break;
                    }
                }
            }
        }
        i += 1;
    }
    content
}

/// The bytes [`scan_line`] looks at: comments, quotes, brackets and braces.
const LEXED: [bool; 256] = {
    let mut table = [false; 256];
    let special = b"#'\"[]{}";
    let mut k = 0;
    while k < special.len() {
        table[special[k] as usize] = true;
        k += 1;
    }
    table
};

/// A section header line, as [`header`] finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Header {
    /// Where its name starts (after `[`), from the start of the line.
    pub(super) start: usize,
    /// Where its name ends: at the first `]`, or at the line's end when there is none.
    pub(super) end: usize,
    /// Whether a `]` closes the name.
    pub(super) closed: bool,
}

/// Whether a line opens a section, and where its name lies: see [`section_header`].
#[inline]
pub(super) fn header(line: &[u8], nested: bool) -> Option<Header> {
    // The `[` first: most lines are not headers, and are not read further.
    let start = match nested {
        true => 0,
        false => line.iter().position(|&b| !is_blank(b))?,
    };
    if line.get(start) != Some(&b'[') {
        return None;
    }
    let start = start + 1;
    let line = match line.iter().position(|&b| b == b'\n') {
        Some(end) => &line[..end],
        None => line,
    };
    let close = line[start..].iter().position(|&b| b == b']');
    let end = start + close.unwrap_or(line.len() - start);
    if nested {
        // `[[`, no `]`, or more than blanks and a comment after it: an item of the array.
        let after = line.get(end + 1..).unwrap_or_default();
        let rest = after.iter().find(|&&b| !is_blank(b));
        if line.get(start) == Some(&b'[') || close.is_none() || rest.is_some_and(|&b| b != b'#') {
            return None;
        }
    }
    Some(Header { start, end, closed: close.is_some() })
}

/// Whether a line opens a section, and the raw text of its name (between `[` and the first
/// `]` or the line's end): the one rule that the TOML reader and the bundle splitter
/// ([`split`](super::split)) share, so that both find the same hands in a text.
///
/// - Outside any value (`nested` false): a line whose first character after blanks is `[`.
/// - Inside an array or inline table left open by the lines before, or a multi-line string
///   (`nested` true): a line that starts with `[` (not `[[`) in its first column and holds
///   nothing but `[name]`, blanks and a comment. The reader refuses such a line inside an
///   array as an array never closed (and multi-line strings altogether); the splitter starts
///   the next hand there, so that one broken hand stays one broken hand.
///
/// `line` may run on past its end: only the text up to the first newline is looked at.
///
/// ```
/// use feltkit::phh::toml::section_header;
/// assert_eq!(section_header(b" \r[12]\n", false), Some(&b"12"[..]));
/// assert_eq!(section_header(b"  [1, 2],\n", true), None);
/// assert_eq!(section_header(b"[3] # next hand\nx = 1\n", true), Some(&b"3"[..]));
/// ```
pub fn section_header(line: &[u8], nested: bool) -> Option<&[u8]> {
    let h = header(line, nested)?;
    line.get(h.start..h.end)
}

/// The name of a section from the text between `[` and `]`: trimmed, quotes removed.
pub(super) fn header_name(raw: &str) -> &str {
    raw.trim().trim_matches('"').trim_matches('\'')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn end(s: &str) -> End {
        let q = Quote::at(s.as_bytes(), 0).unwrap();
        string_end(s.as_bytes(), q.quotes(), q)
    }

    #[test]
    fn each_kind_of_string_ends_at_its_own_quotes() {
        // `|` marks where a string closes, `^` where it stops open (a backslash before a
        // newline or the end stops a one-line string after that backslash).
        let cases = [
            "'a\"b'| x",
            "'ab^\ncd'",
            "''|",
            "\"a\\\"b\"| x",
            "\"a\\\\\"| x",
            "\"ab^\n\"",
            "\"a\\^\n\"",
            "\"a\\^",
            "'''a\n[1]\n'''| x",
            "'''a'''''| x",
            "\"\"\"a\\\"\"\"\n\"\"\"|",
            "\"\"\"a\n^",
        ];
        for case in cases {
            let (mark, want) = match case.find('|') {
                Some(k) => (k, End::Closed(k)),
                None => (case.find('^').unwrap(), End::Open(case.find('^').unwrap())),
            };
            let text = format!("{}{}", &case[..mark], &case[mark + 1..]);
            assert_eq!(end(&text), want, "{case:?}");
        }
    }

    #[test]
    fn a_line_leaves_open_what_it_does_not_close() {
        let mut open = Open::default();
        assert!(scan_line(b"a = [1, '[', \"]\", # ]\n", &mut open));
        assert_eq!(open, Open { depth: 1, string: None });
        assert!(!scan_line(b"  # [\n", &mut open));
        assert!(scan_line(b"  {x = 1}, \"\"\"a ] [\n", &mut open));
        assert_eq!(open, Open { depth: 1, string: Some(Quote::MultiBasic) });
        assert!(open.nested());
        assert!(scan_line(b"[1] ' \"\n", &mut open));
        assert_eq!(open.depth, 1);
        scan_line(b"\"\"\" ] # x\n", &mut open);
        assert_eq!(open, Open::default());
        assert!(!open.nested());
        // Literal strings: brackets inside do not count, `''` is an empty string, `'''` opens
        // a multi-line one, and a string never closed hides the rest of its line.
        assert!(scan_line(b"a = ['x]', '', '{', 'y'\n", &mut open));
        assert_eq!(open, Open { depth: 1, string: None });
        scan_line(b"b = [1, 'open ], ]\n", &mut open);
        assert_eq!(open, Open { depth: 2, string: None });
        scan_line(b"], '''x ] '\n", &mut open);
        assert_eq!(open, Open { depth: 1, string: Some(Quote::MultiLiteral) });
        scan_line(b"''' ] [ 'x\n", &mut open);
        assert_eq!(open, Open { depth: 1, string: None });
    }

    #[test]
    fn a_header_is_found_where_the_rule_says() {
        assert_eq!(header(b"  [a] x\n", false), Some(Header { start: 3, end: 4, closed: true }));
        assert_eq!(header(b"[ab\n]", false), Some(Header { start: 1, end: 3, closed: false }));
        assert_eq!(header(b"x = [1]", false), None);
        assert_eq!(header(b" [1]", true), None);
        assert_eq!(header(b"[[1]]", true), None);
        assert_eq!(header(b"[1], [2]", true), None);
        assert_eq!(header(b"[1]\r # c", true), Some(Header { start: 1, end: 2, closed: true }));
        assert_eq!(header_name(" 'x' "), "x");
    }
}
