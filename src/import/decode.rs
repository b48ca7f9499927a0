//! Hand-history text as the sites write it, to Rust text: a UTF-8 byte-order mark dropped,
//! UTF-8 read as such, anything else read as Windows-1252 (where `€` is the byte 0x80), and
//! line ends (CRLF, LF, a lone CR) made `\n`.
//!
//! ```
//! use feltkit::import::decode::decode;
//! assert_eq!(decode(b"\xef\xbb\xbfA\r\nB\r\n"), ("A\nB\n".to_string(), "UTF-8"));
//! assert_eq!(decode(b"\x80 5\n"), ("€ 5\n".to_string(), "Windows-1252"));
//! ```

use std::borrow::Cow;

/// Windows-1252's characters for the bytes 0x80 to 0x9F (the five unassigned bytes are kept as
/// the C1 control characters of the same number, as the WHATWG decoder does).
const CP1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

/// The text of `bytes`, and the encoding it was read in (`UTF-8` or `Windows-1252`).
pub fn decode(bytes: &[u8]) -> (String, &'static str) {
    let (text, encoding) = decode_borrowed(bytes);
    (text.into_owned(), encoding)
}

/// As [`decode`], without copying a text that is already UTF-8 with `\n` line ends (as most
/// are): that text is given back as it is, less its byte-order mark.
pub fn decode_borrowed(bytes: &[u8]) -> (Cow<'_, str>, &'static str) {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let (text, encoding): (Cow<'_, str>, _) = match std::str::from_utf8(bytes) {
        Ok(s) => (Cow::Borrowed(s), "UTF-8"),
        Err(_) => (
            Cow::Owned(
                bytes
                    .iter()
                    .map(|&b| match b {
                        0x80..=0x9f => CP1252_HIGH[usize::from(b - 0x80)],
                        _ => char::from(b),
                    })
                    .collect(),
            ),
            "Windows-1252",
        ),
    };
    let text = match text {
        Cow::Borrowed(s) => Cow::Borrowed(s.strip_prefix('\u{feff}').unwrap_or(s)),
        Cow::Owned(s) => match s.strip_prefix('\u{feff}') {
            Some(rest) => Cow::Owned(rest.to_string()),
            None => Cow::Owned(s),
        },
    };
    if !text.contains('\r') {
        return (text, encoding);
    }
    (Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n")), encoding)
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn windows_1252_euro_and_latin_letters_are_read_as_written() {
        assert_eq!(decode(b"\x80\xe9\r\n").0, "€é\n");
        assert_eq!(decode("€é\n".as_bytes()).0, "€é\n");
        assert_eq!(decode(b"a\rb").0, "a\nb");
    }
}
