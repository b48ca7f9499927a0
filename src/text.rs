//! Small helpers for user-facing wording, and for reading text a line at a time without
//! holding a line longer than a caller can use.
//!
//! ```
//! use feltkit::text::count;
//! assert_eq!(count(1usize, "hand", "hands"), "1 hand");
//! assert_eq!(count(1_060usize, "hand", "hands"), "1060 hands");
//! ```

use std::fmt::Display;
use std::io::{self, BufRead};

/// `n` followed by the noun in the right number: `one` when `n` is 1, `many` otherwise.
///
/// ```
/// use feltkit::text::count;
/// assert_eq!(count(1usize, "hand", "hands"), "1 hand");
/// assert_eq!(count(0usize, "hand", "hands"), "0 hands");
/// assert_eq!(count(3u64, "entry", "entries"), "3 entries");
/// ```
pub fn count<T: Display + PartialEq + From<u8>>(n: T, one: &str, many: &str) -> String {
    let noun = if n == T::from(1) { one } else { many };
    format!("{n} {noun}")
}

/// The first `chars` characters of `text`, followed by `…` when there were more: how a long
/// value is quoted in a message.
///
/// ```
/// use feltkit::text::excerpt;
/// assert_eq!(excerpt("AKs", 10), "AKs");
/// assert_eq!(excerpt("AAAAAAAAAAAA", 4), "AAAA…");
/// ```
pub fn excerpt(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// A line read by [`read_line_capped`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineRead {
    /// The line's length in bytes, its `\n` left out.
    pub len: u64,
    /// Whether a `\n` ended it (not the end of the input).
    pub ended: bool,
}

impl LineRead {
    /// The bytes the line takes in the input, its `\n` included.
    pub fn bytes(self) -> u64 {
        self.len.saturating_add(u64::from(self.ended))
    }
}

/// Reads one line of `input` onto the end of `buf`, which keeps at most `keep` bytes (what
/// does not fit is read and dropped), the line's `\n` kept when `with_end`; `None` at the end
/// of the input. An interrupted read is tried again.
pub fn read_line_capped(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
    keep: usize,
    with_end: bool,
) -> io::Result<Option<LineRead>> {
    let mut len = 0u64;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any.then_some(LineRead { len, ended: false }));
        }
        any = true;
        let end = memchr::memchr(b'\n', chunk);
        let text = end.unwrap_or(chunk.len());
        let part = if with_end && end.is_some() { text + 1 } else { text };
        let room = keep.saturating_sub(buf.len()).min(part);
        buf.extend_from_slice(&chunk[..room]);
        input.consume(text + usize::from(end.is_some()));
        len = len.saturating_add(text as u64);
        if end.is_some() {
            return Ok(Some(LineRead { len, ended: true }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_everything_else_plural() {
        assert_eq!(count(1u32, "card", "cards"), "1 card");
        assert_eq!(count(2u32, "card", "cards"), "2 cards");
        assert_eq!(count(0u128, "deal", "deals"), "0 deals");
    }

    #[test]
    fn a_line_is_read_whole_but_kept_only_up_to_the_cap() {
        // A reader that hands out three bytes at a time, to cross chunk boundaries.
        let text = b"abcdefgh\nij\n\nlast";
        let mut input = io::BufReader::with_capacity(3, &text[..]);
        let mut buf = Vec::new();
        let mut read = |buf: &mut Vec<u8>, keep, with_end| {
            read_line_capped(&mut input, buf, keep, with_end).unwrap().map(|l| (l.len, l.ended))
        };
        assert_eq!(read(&mut buf, 4, false), Some((8, true)));
        assert_eq!(buf, b"abcd");
        buf.clear();
        assert_eq!(read(&mut buf, 10, true), Some((2, true)));
        assert_eq!(buf, b"ij\n");
        // The buffer is appended to: the cap counts what it held before.
        assert_eq!(read(&mut buf, 4, true), Some((0, true)));
        assert_eq!(buf, b"ij\n\n");
        buf.clear();
        assert_eq!(read(&mut buf, 10, true), Some((4, false)));
        assert_eq!(buf, b"last");
        assert_eq!(read(&mut buf, 10, true), None);
        assert_eq!(LineRead { len: 4, ended: true }.bytes(), 5);
    }
}
