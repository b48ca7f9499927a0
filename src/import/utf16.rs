//! Hand histories saved as UTF-16 (Full Tilt's client wrote some so, little-endian, with a
//! byte-order mark), read as the UTF-8 every reader takes: a text starting with a UTF-16
//! byte-order mark (`FF FE` little-endian, `FE FF` big-endian) is transcoded as it is read, a
//! buffer at a time, whatever its size ([`Decoded`]); any other text is read as it is. A unit
//! that is no character (a surrogate alone, a last byte without its pair) becomes `U+FFFD`.
//!
//! ```
//! use std::io::Read;
//! use feltkit::import::utf16::Decoded;
//! let bytes = b"\xff\xfeF\x00\xe9\x00\n\x00";
//! let mut text = String::new();
//! Decoded::new(&bytes[..]).read_to_string(&mut text).unwrap();
//! assert_eq!(text, "F\u{e9}\n");
//! ```

use std::io::{self, BufRead, Read};

/// The byte order (big-endian) of a UTF-16 text, by its first two bytes; `None` for any other text.
fn byte_order(head: &[u8]) -> Option<bool> {
    match head {
        [0xff, 0xfe, ..] => Some(false),
        [0xfe, 0xff, ..] => Some(true),
        _ => None,
    }
}

/// The first bytes of a text as UTF-8, when they are UTF-16 with a byte-order mark (for
/// telling a text's format by its head); `None` for any other text.
pub fn head_utf8(head: &[u8]) -> Option<Vec<u8>> {
    let big = byte_order(head)?;
    let mut out = Vec::with_capacity(head.len() / 2);
    let mut high = None;
    for pair in head[2..].chunks_exact(2) {
        push_unit(&mut out, &mut high, unit(big, pair[0], pair[1]));
    }
    Some(out)
}

/// A text read as UTF-8: transcoded from UTF-16 when it starts with a UTF-16 byte-order mark
/// (the mark dropped), read as it is otherwise.
pub enum Decoded<R> {
    /// A text that is not UTF-16, read as it is.
    Plain(R),
    /// A UTF-16 text, transcoded.
    Utf16(Utf16<R>),
}

impl<R: BufRead> Decoded<R> {
    /// `input`, transcoded when its first bytes (as its buffer first holds them: two at least)
    /// are a UTF-16 byte-order mark. A read error is left for the first read to report.
    pub fn new(mut input: R) -> Decoded<R> {
        let big = match input.fill_buf() {
            Ok(head) => byte_order(head),
            Err(_) => None,
        };
        match big {
            Some(big) => {
                input.consume(2);
                Decoded::Utf16(Utf16 {
                    inner: input,
                    big,
                    out: Vec::new(),
                    pos: 0,
                    odd: None,
                    high: None,
                })
            }
            None => Decoded::Plain(input),
        }
    }
}

impl<R: BufRead> Read for Decoded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = {
            let got = self.fill_buf()?;
            let n = got.len().min(buf.len());
            buf[..n].copy_from_slice(&got[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Decoded<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match self {
            Decoded::Plain(r) => r.fill_buf(),
            Decoded::Utf16(u) => u.fill_buf(),
        }
    }

    fn consume(&mut self, n: usize) {
        match self {
            Decoded::Plain(r) => r.consume(n),
            Decoded::Utf16(u) => u.pos = (u.pos + n).min(u.out.len()),
        }
    }
}

/// A UTF-16 text (its byte-order mark read) transcoded to UTF-8 a buffer at a time.
pub struct Utf16<R> {
    inner: R,
    /// Big-endian.
    big: bool,
    /// UTF-8 transcoded and not yet read, from `pos`.
    out: Vec<u8>,
    pos: usize,
    /// The first byte of a unit whose second is not read yet.
    odd: Option<u8>,
    /// A high surrogate waiting for its low one.
    high: Option<u16>,
}

impl<R: BufRead> Utf16<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.pos == self.out.len() {
            self.out.clear();
            self.pos = 0;
            let Utf16 { inner, big, out, odd, high, .. } = self;
            let bytes = inner.fill_buf()?;
            if bytes.is_empty() {
                // The end: a byte or a surrogate left alone is no character.
                if odd.take().is_some() || high.take().is_some() {
                    out.extend_from_slice("\u{fffd}".as_bytes());
                }
                break;
            }
            let taken = bytes.len();
            let mut k = 0;
            if let Some(first) = odd.take() {
                push_unit(out, high, unit(*big, first, bytes[0]));
                k = 1;
            }
            while k + 1 < taken {
                push_unit(out, high, unit(*big, bytes[k], bytes[k + 1]));
                k += 2;
            }
            if k < taken {
                *odd = Some(bytes[k]);
            }
            inner.consume(taken);
        }
        Ok(&self.out[self.pos..])
    }
}

/// A UTF-16 unit of two bytes.
fn unit(big: bool, a: u8, b: u8) -> u16 {
    if big {
        u16::from_be_bytes([a, b])
    } else {
        u16::from_le_bytes([a, b])
    }
}

/// Appends the character a unit ends as UTF-8 (a high surrogate waits in `high` for the unit
/// after it).
fn push_unit(out: &mut Vec<u8>, high: &mut Option<u16>, u: u16) {
    let mut push = |c: char| out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    let c = match (high.take(), u) {
        (None, 0xd800..=0xdbff) => {
            *high = Some(u);
            return;
        }
        (Some(h), 0xdc00..=0xdfff) => {
            let code = 0x10000 + ((u32::from(h) - 0xd800) << 10) + (u32::from(u) - 0xdc00);
            char::from_u32(code).unwrap_or('\u{fffd}')
        }
        (Some(_), _) => {
            // A high surrogate alone, then this unit read on its own.
            push('\u{fffd}');
            return push_unit(out, high, u);
        }
        (None, 0xdc00..=0xdfff) => '\u{fffd}',
        (None, u) => char::from_u32(u32::from(u)).unwrap_or('\u{fffd}'),
    };
    push(c);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(text: &str, big: bool) -> Vec<u8> {
        let mut b = if big { vec![0xfe, 0xff] } else { vec![0xff, 0xfe] };
        for u in text.encode_utf16() {
            b.extend(if big { u.to_be_bytes() } else { u.to_le_bytes() });
        }
        b
    }

    fn read(bytes: &[u8], capacity: usize) -> String {
        let mut s = String::new();
        let input = io::BufReader::with_capacity(capacity, bytes);
        Decoded::new(input).read_to_string(&mut s).unwrap();
        s
    }

    #[test]
    fn both_byte_orders_read_the_same_text_whatever_the_buffer() {
        let text = "Full Tilt Poker Game #1: Table Ök €5 𝄞\r\nSeat 1: Ann ($10)\n";
        for big in [false, true] {
            for capacity in [2, 3, 5, 64, 1 << 16] {
                assert_eq!(read(&utf16(text, big), capacity), text, "{big} {capacity}");
            }
        }
        assert_eq!(head_utf8(&utf16(text, true)).unwrap(), text.as_bytes());
    }

    #[test]
    fn other_texts_are_read_as_they_are_and_broken_units_become_replacements() {
        assert_eq!(read("PokerStars Hand".as_bytes(), 4), "PokerStars Hand");
        assert_eq!(read(b"\xef\xbb\xbfA", 4), "\u{feff}A");
        assert!(head_utf8(b"Full").is_none());
        // A last byte alone, a low surrogate alone, a high one before a plain unit.
        assert_eq!(read(b"\xff\xfeA\x00\n", 8), "A\u{fffd}");
        assert_eq!(read(b"\xff\xfe\x00\xdcA\x00", 8), "\u{fffd}A");
        assert_eq!(read(b"\xff\xfe\x00\xd8A\x00", 8), "\u{fffd}A");
        assert_eq!(read(b"\xff\xfe\x00\xd8", 8), "\u{fffd}");
    }
}
