//! Small helpers for user-facing wording.
//!
//! ```
//! use feltkit::text::count;
//! assert_eq!(count(1usize, "hand", "hands"), "1 hand");
//! assert_eq!(count(1_060usize, "hand", "hands"), "1060 hands");
//! ```

use std::fmt::Display;

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

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_is_singular_everything_else_plural() {
        assert_eq!(count(1u32, "card", "cards"), "1 card");
        assert_eq!(count(2u32, "card", "cards"), "2 cards");
        assert_eq!(count(0u128, "deal", "deals"), "0 deals");
    }
}
