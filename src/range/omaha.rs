//! Omaha starting-hand ranges, in the notation of ProPokerTools.
//!
//! A range is a comma-separated list of tokens; a hand is in the range when it matches any of
//! them. A token is up to four cards (five in five-card Omaha) written one after another, each
//! one of:
//!
//! | element | meaning |
//! |---|---|
//! | `As`, `10h`, `A♠` | that exact card |
//! | `A`, `K`, ..., `2` (or `10`) | a card of that rank, any suit |
//! | `*`, `x` | any card |
//!
//! A token naming fewer cards than the hand holds is filled up with `*`: `AA` is `AA**`, every
//! hand with at least two aces. Wildcards match any card, aces included, so `AA**` holds the
//! hands with three aces too. A token may end with a suit pattern, which the whole hand must
//! have:
//!
//! | suffix | the hand's suits |
//! |---|---|
//! | `ds` | double-suited: two suits with two cards each (and no suit with three) |
//! | `ss` | single-suited: exactly one suit with two cards, the others different (no suit with three) |
//! | `r` | rainbow: every card a different suit |
//!
//! `random`, `any` and `all` are every hand. Ranks and suits may be upper or lower case, spaces
//! around tokens are ignored, a trailing comma is accepted. Weights (`:0.5`), the `+` and `-`
//! spans of hold'em, and ProPokerTools' suit variables (`[xy]`) and exclusions (`!`) are not
//! read: they are errors that say so.
//!
//! ```
//! use feltkit::range::omaha::OmahaRange;
//! use feltkit::card::CardSet;
//! let r = OmahaRange::parse("AAKKds", 4).unwrap();
//! assert_eq!(r.hands(CardSet::EMPTY).len(), 6);
//! let r = OmahaRange::parse("AsAhKsKh", 4).unwrap();
//! assert_eq!(r.hands(CardSet::EMPTY).len(), 1);
//! let e = OmahaRange::parse("AAKKds,AAQQ?", 4).unwrap_err();
//! assert_eq!(e.to_string(), "range token 2 (\"AAQQ?\", column 8): '?' at column 12 is not a \
//!     rank, a card or a wildcard: expected a rank (A, K, ..., 2), a card (As) or * (any card)");
//! ```

use super::{RangeError, RangeErrorKind};
use crate::card::{Card, CardSet, Rank, Suit};

/// What an empty range text is told.
const EMPTY: &str = "empty range: expected Omaha hands such as `AAKKds,JT98` or `random`";

/// A set of Omaha hands of one size (4 or 5 cards; any size from 1 to 6 works), as card masks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OmahaRange {
    size: usize,
    any: bool,
    hands: Vec<u64>,
}

/// A suit pattern the whole hand must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SuitPattern {
    Double,
    Single,
    Rainbow,
}

impl SuitPattern {
    fn holds(self, mask: u64) -> bool {
        let mut counts = [0u32; 4];
        for s in 0..4 {
            counts[s] = (mask >> s & 0x0001_1111_1111_1111).count_ones();
        }
        let pairs = counts.iter().filter(|&&c| c == 2).count();
        let most = counts.iter().copied().max().unwrap_or(0);
        match self {
            SuitPattern::Double => pairs == 2 && most == 2,
            SuitPattern::Single => pairs == 1 && most == 2,
            SuitPattern::Rainbow => most <= 1,
        }
    }
}

/// One token, read.
struct Pattern {
    exact: Vec<Card>,
    ranks: [usize; 13],
    wild: usize,
    suits: Option<SuitPattern>,
}

impl OmahaRange {
    /// Every hand of `size` cards.
    pub fn random(size: usize) -> OmahaRange {
        OmahaRange { size, any: true, hands: Vec::new() }
    }

    /// The range of these hands (card masks of `size` cards each; others are dropped).
    pub fn from_masks(size: usize, masks: impl IntoIterator<Item = u64>) -> OmahaRange {
        let mut hands: Vec<u64> =
            masks.into_iter().filter(|m| m.count_ones() as usize == size).collect();
        hands.sort_unstable();
        hands.dedup();
        OmahaRange { size, any: false, hands }
    }

    /// Reads a range of `size`-card hands (see the module docs); errors point at the token and
    /// the character.
    pub fn parse(text: &str, size: usize) -> Result<OmahaRange, RangeError> {
        super::notation::check_length(text)?;
        let mut hands = Vec::new();
        let mut any = false;
        let mut tokens = 0;
        let mut start = 0usize;
        let pieces: Vec<&str> = text.split(',').collect();
        let last = pieces.len() - 1;
        for (i, piece) in pieces.iter().enumerate() {
            let column0 = text[..start].chars().count();
            start += piece.len() + 1;
            let lead = piece.chars().take_while(|c| c.is_whitespace()).count();
            let token = piece.trim();
            let column = column0 + lead + 1;
            let err = |kind| RangeError { position: i + 1, column, token: token.to_string(), kind };
            if token.is_empty() {
                if i == last && i > 0 {
                    continue;
                }
                return Err(err(if pieces.len() == 1 {
                    RangeErrorKind::Impossible(EMPTY.to_string())
                } else {
                    RangeErrorKind::EmptyToken
                }));
            }
            tokens += 1;
            if ["random", "any", "all"].contains(&token.to_ascii_lowercase().as_str()) {
                any = true;
                continue;
            }
            let pattern = read(token, column, size).map_err(err)?;
            if pattern.wild == size && pattern.suits.is_none() {
                any = true;
                continue;
            }
            let before = hands.len();
            expand(&pattern, size, &mut hands);
            if hands.len() == before {
                return Err(err(RangeErrorKind::Impossible(format!(
                    "no {size}-card hand matches {token:?}"
                ))));
            }
        }
        if tokens == 0 {
            return Err(RangeError {
                position: 1,
                column: 1,
                token: String::new(),
                kind: RangeErrorKind::Impossible(EMPTY.to_string()),
            });
        }
        if any {
            return Ok(OmahaRange::random(size));
        }
        Ok(OmahaRange::from_masks(size, hands))
    }

    /// The number of cards in each hand.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether the range is every hand.
    pub fn is_any(&self) -> bool {
        self.any
    }

    /// The hands (card masks, bit `card.index()`) that use none of `known`, in increasing
    /// order. For [`OmahaRange::random`] that is every `size`-card subset of the other cards
    /// (2,598,960 for five cards of a full deck).
    pub fn hands(&self, known: CardSet) -> Vec<u64> {
        let known = known.bits();
        if !self.any {
            return self.hands.iter().copied().filter(|m| m & known == 0).collect();
        }
        let deck: Vec<u64> = (0..52).map(|i| 1u64 << i).filter(|b| b & known == 0).collect();
        let mut out = Vec::new();
        subsets(&deck, self.size, 0, &mut out);
        out.sort_unstable();
        out
    }
}

/// Pushes `base` plus every `k`-subset of `cards` (single-bit masks).
fn subsets(cards: &[u64], k: usize, base: u64, out: &mut Vec<u64>) {
    if k == 0 {
        out.push(base);
        return;
    }
    for i in (k - 1)..cards.len() {
        subsets(&cards[..i], k - 1, base | cards[i], out);
    }
}

/// Reads one token (already trimmed); `column` is where it starts in the whole text.
fn read(token: &str, column: usize, size: usize) -> Result<Pattern, RangeErrorKind> {
    let chars: Vec<char> = token.chars().collect();
    let lower: String = token.to_lowercase();
    let (body_len, suits) = if lower.ends_with("ds") && chars.len() > 2 {
        (chars.len() - 2, Some(SuitPattern::Double))
    } else if lower.ends_with("ss") && chars.len() > 2 {
        (chars.len() - 2, Some(SuitPattern::Single))
    } else if lower.ends_with('r') && chars.len() > 1 {
        (chars.len() - 1, Some(SuitPattern::Rainbow))
    } else {
        (chars.len(), None)
    };
    let misplaced =
        |at: usize, message: String| RangeErrorKind::Misplaced { column: column + at, message };
    let mut p = Pattern { exact: Vec::new(), ranks: [0; 13], wild: 0, suits };
    let mut i = 0;
    let mut named = 0;
    while i < body_len {
        let c = chars[i];
        let (rank, width) = if c == '1' && chars.get(i + 1) == Some(&'0') {
            (Rank::from_char('T'), 2)
        } else {
            (Rank::from_char(c), 1)
        };
        if let Some(rank) = rank {
            let next = if i + width < body_len { chars.get(i + width) } else { None };
            if let Some(suit) = next.and_then(|&s| Suit::from_char(s)) {
                let card = Card::new(rank, suit);
                if p.exact.contains(&card) {
                    return Err(misplaced(
                        i,
                        format!("{card} at column {} is named twice", column + i),
                    ));
                }
                p.exact.push(card);
                i += width + 1;
            } else {
                p.ranks[rank.index() as usize] += 1;
                i += width;
            }
            named += 1;
        } else if c == '*' || c == 'x' || c == 'X' {
            p.wild += 1;
            named += 1;
            i += 1;
        } else {
            let hint = match c {
                ':' => {
                    "weights are not read in Omaha ranges: give the hands without :w".to_string()
                }
                '+' | '-' => format!(
                    "'{c}' at column {}: spans such as AA+ or KK-TT are hold'em notation; list \
                     the Omaha hands with commas (AA**,KK**)",
                    column + i
                ),
                '!' | '[' | ']' | '$' => format!(
                    "'{c}' at column {}: ProPokerTools' exclusions, suit variables and macros \
                     are not read; supported: ranks, cards, * and the suffixes ds, ss, r",
                    column + i
                ),
                ' ' => format!(
                    "a space at column {} inside a token: separate hands with commas, and write \
                     each hand's cards together (AsKsQdJd)",
                    column + i
                ),
                _ if Suit::from_char(c).is_some() => format!(
                    "'{c}' at column {} is a suit with no rank before it: a card is its rank \
                     then its suit (As); the suit patterns ds, ss and r end a token",
                    column + i
                ),
                _ => format!(
                    "'{c}' at column {} is not a rank, a card or a wildcard: expected a rank \
                     (A, K, ..., 2), a card (As) or * (any card)",
                    column + i
                ),
            };
            return Err(misplaced(i, hint));
        }
        if named > size {
            return Err(misplaced(
                i - 1,
                format!(
                    "{named} cards named by column {}: an Omaha hand here is {size} cards",
                    column + i - 1
                ),
            ));
        }
    }
    if named == 0 {
        return Err(misplaced(
            0,
            "a suit pattern with no cards: write the ranks first, as in AAKKds".to_string(),
        ));
    }
    p.wild += size - named;
    for (r, &n) in p.ranks.iter().enumerate() {
        let taken = p.exact.iter().filter(|c| c.rank().index() as usize == r).count();
        if n + taken > 4 {
            let rank = Rank::new(r as u8).map_or('?', Rank::to_char);
            return Err(RangeErrorKind::Impossible(format!(
                "{} cards of rank {rank}: a deck has four",
                n + taken
            )));
        }
    }
    Ok(p)
}

/// Pushes every hand matching the pattern (with repeats: the caller sorts and deduplicates).
fn expand(p: &Pattern, size: usize, out: &mut Vec<u64>) {
    let base = p.exact.iter().fold(0u64, |m, c| m | 1 << c.index());
    let mut partial = vec![base];
    for (r, &n) in p.ranks.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let mut next = Vec::new();
        for &m in &partial {
            let free: Vec<u64> =
                (0..4).map(|s| 1u64 << (4 * r + s)).filter(|b| b & m == 0).collect();
            subsets(&free, n, m, &mut next);
        }
        partial = next;
    }
    for m in partial {
        let free: Vec<u64> = (0..52).map(|i| 1u64 << i).filter(|b| b & m == 0).collect();
        let mut full = Vec::new();
        subsets(&free, p.wild, m, &mut full);
        out.extend(
            full.into_iter()
                .filter(|&h| h.count_ones() as usize == size)
                .filter(|&h| p.suits.is_none_or(|s| s.holds(h))),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str) -> usize {
        OmahaRange::parse(text, 4).unwrap().hands(CardSet::EMPTY).len()
    }

    /// Counts by hand: C(4,2) ways to pick two aces, and so on.
    #[test]
    fn each_form_matches_the_hands_counted_by_hand() {
        assert_eq!(count("AsKsQdJd"), 1);
        // Two aces and two kings: 6 * 6 suitings.
        assert_eq!(count("AAKK"), 36);
        // Double-suited: the aces take two suits, the kings must take the same two.
        assert_eq!(count("AAKKds"), 6);
        // Single-suited: every AAKK whose suits are 2-1-1, counted directly.
        let direct = OmahaRange::parse("AAKK", 4)
            .unwrap()
            .hands(CardSet::EMPTY)
            .into_iter()
            .filter(|&h| SuitPattern::Single.holds(h))
            .count();
        assert_eq!(count("AAKKss"), direct);
        // AAKK is never rainbow-free of pairs: A-A differ, K-K differ; rainbow needs the kings
        // in the two suits the aces lack: 6 * 1.
        assert_eq!(count("AAKKr"), 6);
        // At least two aces: 6 * C(50, 2) pairs, less the double counts of three and four aces.
        // Hands with exactly two aces: 6 * C(48, 2); three: 4 * 48; four: 1.
        assert_eq!(count("AA**"), 6 * 1128 + 4 * 48 + 1);
        assert_eq!(count("AA"), count("AAxx"));
        assert_eq!(count("AA,KK"), count("AA") * 2 - 36);
        assert!(OmahaRange::parse("random", 4).unwrap().is_any());
        assert!(OmahaRange::parse("****", 4).unwrap().is_any());
        assert_eq!(count("As*"), 20_825); // C(51, 3)
    }

    #[test]
    fn errors_point_at_the_character() {
        let e = OmahaRange::parse("AAKK+", 4).unwrap_err();
        assert_eq!(e.position, 1);
        assert!(matches!(e.kind, RangeErrorKind::Misplaced { column: 5, .. }), "{e}");
        let e = OmahaRange::parse("AAKKQ", 4).unwrap_err();
        assert!(e.to_string().contains("5 cards named"), "{e}");
        let e = OmahaRange::parse("AAAAA", 5).unwrap_err();
        assert!(e.to_string().contains("a deck has four"), "{e}");
        let e = OmahaRange::parse("AsAs", 4).unwrap_err();
        assert!(e.to_string().contains("named twice"), "{e}");
        let e = OmahaRange::parse("AA,,KK", 4).unwrap_err();
        assert_eq!(e.kind, RangeErrorKind::EmptyToken);
        assert!(OmahaRange::parse("AA,KK,", 4).is_ok());
    }

    #[test]
    fn five_card_ranges_fill_up_with_wildcards() {
        let r = OmahaRange::parse("AAKKQ", 5).unwrap();
        assert_eq!(r.hands(CardSet::EMPTY).len(), 6 * 6 * 4);
        let known: CardSet = ["As".parse::<Card>().unwrap()].into_iter().collect();
        assert_eq!(r.hands(known).len(), 3 * 6 * 4);
    }
}
