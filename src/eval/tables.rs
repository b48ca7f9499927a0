//! The precomputed perfect-hash tables behind the standard, Americana and short-deck
//! evaluators, and the generator that makes them.
//!
//! # How a hand is hashed
//!
//! A hand is an additive value of two words (see [`crate::eval::standard::Hand`]):
//!
//! * `key`: the low 16 bits hold four suit counters (one nibble per suit, each starting at 3,
//!   so a nibble reaches 8, and its top bit lights, exactly when the suit has five cards); the
//!   upper 48 bits hold `(R * M) mod 2^48`, where `R = sum over cards of 8^rank` is the hand's
//!   rank-count vector written in base 8 (at most 4 cards per rank, so no digit overflows and
//!   `R` is unique for every rank multiset) and `M` is the generator's odd multiplier. Because
//!   multiplication distributes over addition modulo 2^64, each card's addend is pre-multiplied
//!   (`(8^rank << 16) * M`), and adding cards adds hashes: evaluation needs no multiply.
//! * `mask`: one 16-bit lane per suit with bit `rank` set for each card, used only for flushes;
//!   bits 13-15 of the clubs lane count the cards (up to 7).
//!
//! With no flush, the top `B` bits of `key` pick a bucket and the next `S` bits a base slot;
//! the slot is `base ^ disp[bucket]`, and `values[slot]` is the hand's rank. The displacements
//! are found by the classic hash-and-displace construction (Belazzougui, Botelho, Dietzfelbinger,
//! "Hash, displace, and compress", 2009): buckets are placed largest first, each with the first
//! displacement that lands all its keys on free slots. Each hand size (5, 6, 7 cards) has its own
//! `disp` and `values`, so the 7-card path reads only its own tables. With a flush (at most one
//! suit can have five of seven cards) the suit's 13-bit lane indexes a flush table directly.
//! The standard evaluator keeps its 7-card values and the flush table (adjacent in the file) as
//! one array, so that both arms of the flush test share a single load.
//!
//! Sizes on the standard 7-card path: 16 KiB of flush ranks, 8 KiB of displacements and
//! 128 KiB of ranks (49,205 rank multisets in 65,536 slots): 152 KiB in all.
//!
//! The tables live in `data/standard.bin`, `data/americana.bin` and `data/shortdeck.bin`; the
//! tests of `tests/tables.rs` rebuild them with [`generate`] and check they are byte-identical
//! to what ships.
//!
//! ```
//! use feltkit::eval::tables::{card_key, FLUSH_BITS, KEY_BASE};
//! // Adding cards adds keys. Each suit counter starts at 3, so five cards of one suit (and only
//! // five or more) light that counter's top bit.
//! let mul = 0x9E37_79B9_7F4A_7C15; // any odd multiplier
//! let add = |key: u64, rank: u32| key.wrapping_add(card_key(mul, rank, 2));
//! let hearts = |n: u32| (0..n).fold(KEY_BASE, add);
//! assert_eq!(hearts(4) & FLUSH_BITS, 0);
//! assert_ne!(hearts(5) & FLUSH_BITS, 0);
//! ```

use bitvec::prelude::*;

use crate::card::Card;
use crate::eval::reference;

/// Shape of one perfect hash: `2^bucket_bits` displacements over `2^slot_bits` slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Number of cards in the hands this hash serves.
    pub cards: usize,
    /// log2 of the number of buckets (displacement entries).
    pub bucket_bits: u32,
    /// log2 of the number of slots (value entries).
    pub slot_bits: u32,
}

impl Shape {
    /// The number of displacement entries, `2^bucket_bits`.
    pub const fn buckets(self) -> usize {
        1 << self.bucket_bits
    }

    /// The number of value entries, `2^slot_bits`.
    pub const fn slots(self) -> usize {
        1 << self.slot_bits
    }
}

/// A ranking the generator can build tables for.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// Short name used in the file header.
    pub name: &'static str,
    /// Index of the deck's lowest rank (0 for the standard deck, 5 = seven for Americana, 4 =
    /// six for the short deck).
    pub low_rank: u8,
    /// Number of ranks in the deck.
    pub ranks: u8,
    /// The reference five-card evaluator.
    pub five: fn(&[Card; 5]) -> u32,
    /// Hash shapes for 5, 6 and 7 cards.
    pub shapes: [Shape; 3],
    /// Seed of the multiplier search.
    pub seed: u64,
}

/// Shapes of the standard tables.
pub const STANDARD_SHAPES: [Shape; 3] = [
    Shape { cards: 5, bucket_bits: 10, slot_bits: 13 },
    Shape { cards: 6, bucket_bits: 12, slot_bits: 15 },
    Shape { cards: 7, bucket_bits: 12, slot_bits: 16 },
];

/// Shapes of the Americana tables.
pub const AMERICANA_SHAPES: [Shape; 3] = [
    Shape { cards: 5, bucket_bits: 7, slot_bits: 10 },
    Shape { cards: 6, bucket_bits: 8, slot_bits: 11 },
    Shape { cards: 7, bucket_bits: 9, slot_bits: 12 },
];

/// Shapes of the short-deck tables (1,278, 2,922 and 6,030 rank multisets).
pub const SHORTDECK_SHAPES: [Shape; 3] = [
    Shape { cards: 5, bucket_bits: 8, slot_bits: 11 },
    Shape { cards: 6, bucket_bits: 9, slot_bits: 12 },
    Shape { cards: 7, bucket_bits: 10, slot_bits: 13 },
];

/// The standard ranking's generator input.
pub const STANDARD: Spec = Spec {
    name: "standard 52-card ranking",
    low_rank: 0,
    ranks: 13,
    five: reference::standard5,
    shapes: STANDARD_SHAPES,
    seed: 0x5eed_f417,
};

/// The Americana ranking's generator input.
pub const AMERICANA: Spec = Spec {
    name: "Americana 32-card ranking",
    low_rank: 5,
    ranks: 8,
    five: reference::americana5,
    shapes: AMERICANA_SHAPES,
    seed: 0x5eed_a3e1,
};

/// The short-deck ranking's generator input: the 36-card deck from the six, values laid out
/// as the standard ones with the short-deck category order in the top bits.
pub const SHORTDECK: Spec = Spec {
    name: "short-deck 36-card ranking",
    low_rank: 4,
    ranks: 9,
    five: reference::shortdeck5,
    shapes: SHORTDECK_SHAPES,
    seed: 0x5eed_5d36,
};

/// First line of every table file.
pub const HEADER_PREFIX: &str = "# feltkit generated tables, do not edit: ";

/// The header line of a spec's table file.
pub fn header(spec: &Spec) -> String {
    format!(
        "{HEADER_PREFIX}{} (feltkit::eval::tables::generate; FELT_BLESS=1 cargo test --release --test tables rewrites it)\n",
        spec.name
    )
}

/// The suit-counter bits of `key` whose top bit lights when a suit has five or more cards.
pub const FLUSH_BITS: u64 = 0x8888;
/// `key` of the empty hand: each suit counter starts at 3.
pub const KEY_BASE: u64 = 0x3333;
/// The card-count field of `mask` (bits 13-15).
pub const COUNT_SHIFT: u32 = 13;

/// The hash addend of a card of local rank `r` (0 = the deck's lowest) and suit `s`.
pub const fn card_key(mul: u64, r: u32, s: u32) -> u64 {
    (1u64 << (16 + 3 * r)).wrapping_mul(mul).wrapping_add(1 << (4 * s))
}

/// The slot of a hashed key in a table of this shape, before displacement: (bucket, base).
pub const fn split(key: u64, bucket_bits: u32, slot_bits: u32) -> (usize, usize) {
    let bucket = (key >> (64 - bucket_bits)) as usize;
    let base = (key >> (64 - bucket_bits - slot_bits)) as usize & ((1 << slot_bits) - 1);
    (bucket, base)
}

/// The displaced slot of a key in one perfect hash with `NB` displacements over
/// `2^slot_bits` slots (`NB` a power of two: `B = log2 NB`). The masks keep every index in
/// range, so the compiler drops the bounds checks.
#[inline(always)]
pub(crate) fn slot<const NB: usize>(key: u64, disp: &[u16; NB], slot_bits: u32) -> usize {
    let (bucket, base) = split(key, NB.trailing_zeros(), slot_bits);
    (base ^ disp[bucket & (NB - 1)] as usize) & ((1 << slot_bits) - 1)
}

/// The displaced-slot lookup of one perfect hash with `NB` displacements and `NS` values
/// (powers of two: the shape is `B = log2 NB`, `S = log2 NS`).
#[inline(always)]
pub(crate) fn lookup<T: Copy, const NB: usize, const NS: usize>(
    key: u64,
    disp: &[u16; NB],
    values: &[T; NS],
) -> T {
    values[slot(key, disp, NS.trailing_zeros())]
}

/// Every rank multiset of `n` cards over `ranks` ranks (at most four per rank), as count vectors.
fn multisets(ranks: usize, n: usize) -> Vec<Vec<u8>> {
    fn go(r: usize, left: usize, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if r == cur.len() {
            if left == 0 {
                out.push(cur.clone());
            }
            return;
        }
        for c in 0..=left.min(4) {
            cur[r] = c as u8;
            go(r + 1, left - c, cur, out);
        }
        cur[r] = 0;
    }
    let mut out = Vec::new();
    go(0, n, &mut vec![0; ranks], &mut out);
    out
}

/// Cards with these rank counts and suits dealt round-robin, so no suit holds five.
fn cards_without_flush(spec: &Spec, counts: &[u8]) -> Vec<Card> {
    let mut cards = Vec::new();
    for (r, &c) in counts.iter().enumerate() {
        for _ in 0..c {
            let suit = crate::card::Suit::new((cards.len() % 4) as u8).expect("suit");
            let rank = crate::card::Rank::new(spec.low_rank + r as u8).expect("rank");
            cards.push(Card::new(rank, suit));
        }
    }
    cards
}

/// Finds displacements for `keys` (hashed) so that every key lands on its own slot.
/// Returns `None` if two keys of one bucket share a base slot, or a bucket finds no place.
fn displace(keys: &[u64], shape: Shape) -> Option<(Vec<u16>, Vec<usize>)> {
    let nb = 1usize << shape.bucket_bits;
    let ns = 1usize << shape.slot_bits;
    let mut buckets: Vec<Vec<(usize, usize)>> = vec![Vec::new(); nb];
    for (i, &k) in keys.iter().enumerate() {
        let (b, s) = split(k, shape.bucket_bits, shape.slot_bits);
        buckets[b].push((i, s));
    }
    let mut order: Vec<usize> = (0..nb).collect();
    order.sort_by_key(|&b| (std::cmp::Reverse(buckets[b].len()), b));
    let mut used: BitVec = bitvec![0; ns];
    let mut disp = vec![0u16; nb];
    let mut slot_of = vec![0usize; keys.len()];
    for b in order {
        let items = &buckets[b];
        if items.is_empty() {
            break;
        }
        let mut bases: Vec<usize> = items.iter().map(|x| x.1).collect();
        bases.sort_unstable();
        if bases.windows(2).any(|w| w[0] == w[1]) {
            return None;
        }
        let d = (0..ns).find(|&d| items.iter().all(|&(_, s)| !used[s ^ d]))?;
        disp[b] = d as u16;
        for &(i, s) in items {
            used.set(s ^ d, true);
            slot_of[i] = s ^ d;
        }
    }
    Some((disp, slot_of))
}

/// The next multiplier candidate of a splitmix64 stream, forced odd.
fn next_multiplier(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) | 1
}

/// A table value for a reference value: the dense class number, with the layout of
/// [`crate::eval::standard::HandRank`] (also used by
/// [`crate::eval::shortdeck::ShortDeckRank`]) or [`crate::eval::americana::AmericanaRank`].
struct Classes {
    sorted: Vec<u32>,
    americana: bool,
}

impl Classes {
    fn new(spec: &Spec) -> Classes {
        // Every five-card rank multiset with and without a flush gives every class.
        let mut all: Vec<u32> = Vec::new();
        for counts in multisets(spec.ranks as usize, 5) {
            let cards = cards_without_flush(spec, &counts);
            all.push((spec.five)(&cards.clone().try_into().expect("five")));
            if counts.iter().all(|&c| c <= 1) {
                let flush: Vec<Card> =
                    cards.iter().map(|c| Card::new(c.rank(), crate::card::Suit::CLUBS)).collect();
                all.push((spec.five)(&flush.try_into().expect("five")));
            }
        }
        let americana = spec.ranks == 8;
        if americana {
            // The suit is applied at evaluation time; classes are over the rest.
            for v in &mut all {
                *v &= !0xf;
            }
        }
        all.sort_unstable();
        all.dedup();
        Classes { sorted: all, americana }
    }

    /// The table entry (without tie-break information) for a reference value.
    fn entry(&self, value: u32) -> u32 {
        if self.americana {
            let v = value & !0xf;
            let ordinal = self.sorted.binary_search(&v).expect("known class") as u32;
            let order = v >> 24;
            order << 12 | ordinal << 2
        } else {
            let category = value >> 20;
            let first = self.sorted.partition_point(|&x| x >> 20 < category);
            let i = self.sorted.binary_search(&value).expect("known class");
            category << 12 | (i - first) as u32
        }
    }
}

/// The rank whose best suit breaks an Americana tie, for a reference value; `None` for the
/// categories that cannot tie on rank within one deck.
fn americana_tie(value: u32) -> Option<u32> {
    let nibble = |i: u32| (value >> (4 + 4 * (4 - i))) & 0xf;
    match reference::americana_category_of(value) {
        crate::eval::Category::OnePair => Some(nibble(1)),
        crate::eval::Category::TwoPair => Some(nibble(2)),
        crate::eval::Category::FullHouse
        | crate::eval::Category::ThreeOfAKind
        | crate::eval::Category::FourOfAKind => None,
        _ => Some(nibble(0)),
    }
}

/// Builds the table file for a spec: header, multiplier, then for 5, 6 and 7 cards the
/// displacements and values, then the flush table; every number little-endian. Standard and
/// short-deck values are `u16`; Americana values are `u32` (class value in the low 16 bits, tie-break
/// rank in bits 16-18, bit 20 set when the suit breaks ties).
pub fn generate(spec: &Spec) -> Vec<u8> {
    let classes = Classes::new(spec);
    let americana = classes.americana;
    let table_entry = |value: u32| -> u32 {
        let e = classes.entry(value);
        if americana {
            match americana_tie(value) {
                Some(tie) => e | (tie - spec.low_rank as u32) << 16 | 1 << 20,
                None => e,
            }
        } else {
            e
        }
    };
    let sets: Vec<Vec<Vec<u8>>> =
        spec.shapes.iter().map(|s| multisets(spec.ranks as usize, s.cards)).collect();
    for (shape, sets) in spec.shapes.iter().zip(&sets) {
        assert!(sets.len() <= 1 << shape.slot_bits, "{} cards: too many keys", shape.cards);
    }
    let mut state = spec.seed;
    let mut tries = 0;
    let (mul, placed) = loop {
        tries += 1;
        assert!(tries < 10_000, "no multiplier found for the {}", spec.name);
        let mul = next_multiplier(&mut state);
        let hash = |counts: &Vec<u8>| {
            counts.iter().enumerate().fold(0u64, |acc, (r, &c)| {
                acc.wrapping_add((c as u64).wrapping_mul(card_key(mul, r as u32, 0) - 1))
            })
        };
        let placed: Option<Vec<_>> = spec
            .shapes
            .iter()
            .zip(&sets)
            .map(|(shape, sets)| displace(&sets.iter().map(hash).collect::<Vec<_>>(), *shape))
            .collect();
        if let Some(placed) = placed {
            break (mul, placed);
        }
    };
    let mut out = header(spec).into_bytes();
    out.extend_from_slice(&mul.to_le_bytes());
    let put = |out: &mut Vec<u8>, v: u32| {
        if americana {
            out.extend_from_slice(&v.to_le_bytes());
        } else {
            out.extend_from_slice(&(v as u16).to_le_bytes());
        }
    };
    for ((shape, sets), (disp, slot_of)) in spec.shapes.iter().zip(&sets).zip(&placed) {
        for d in disp {
            out.extend_from_slice(&d.to_le_bytes());
        }
        let mut values = vec![0u32; 1 << shape.slot_bits];
        for (counts, &slot) in sets.iter().zip(slot_of) {
            let cards = cards_without_flush(spec, counts);
            values[slot] = table_entry(reference::best_of(&cards, spec.five));
        }
        for v in values {
            put(&mut out, v);
        }
    }
    for lane in 0u32..1 << spec.ranks {
        let n = lane.count_ones() as usize;
        let v = if (5..=7).contains(&n) {
            let cards: Vec<Card> = (0..spec.ranks)
                .filter(|r| lane >> r & 1 == 1)
                .map(|r| {
                    let rank = crate::card::Rank::new(spec.low_rank + r).expect("rank");
                    Card::new(rank, crate::card::Suit::CLUBS)
                })
                .collect();
            // The flush suit is the tie-break; it is added at evaluation time.
            classes.entry(reference::best_of(&cards, spec.five))
        } else {
            0
        };
        put(&mut out, v);
    }
    out
}

/// Where the parts of a table file start, in the order [`generate`] writes them: the
/// multiplier after the header line, then for 5, 6 and 7 cards the displacements (`u16`) and
/// the values, then the flush values. Made at compile time, which fails when the file's length
/// does not match its shapes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    /// The hash multiplier.
    pub(crate) mul: u64,
    /// The shapes of the 5-, 6- and 7-card hashes.
    shapes: [Shape; 3],
    /// Where the displacements of the 5-, 6- and 7-card hashes start.
    disp: [usize; 3],
    /// Where the values of the 5-, 6- and 7-card hashes start.
    values: [usize; 3],
    /// Where the flush values start.
    pub(crate) flush: usize,
}

impl Layout {
    /// The layout of `bytes`, a table file of these shapes whose values are `width` bytes
    /// each and whose flush table has `flush_len` of them.
    pub(crate) const fn of(
        bytes: &[u8],
        shapes: [Shape; 3],
        width: usize,
        flush_len: usize,
    ) -> Layout {
        let head = header_len(bytes);
        let (mut disp, mut values) = ([0; 3], [0; 3]);
        let mut at = head + 8;
        let mut i = 0;
        while i < 3 {
            disp[i] = at;
            at += 2 * shapes[i].buckets();
            values[i] = at;
            at += width * shapes[i].slots();
            i += 1;
        }
        assert!(at + width * flush_len == bytes.len(), "a table file has the wrong size");
        Layout { mul: read_u64(bytes, head), shapes, disp, values, flush: at }
    }

    /// Where the displacements of hash `i` (0 for five cards) start, checking that there
    /// are `n` of them.
    pub(crate) const fn disp(&self, i: usize, n: usize) -> usize {
        assert!(n == self.shapes[i].buckets(), "displacements of the wrong length");
        self.disp[i]
    }

    /// Where the values of hash `i` (0 for five cards) start, checking that there are `n` of
    /// them.
    pub(crate) const fn values(&self, i: usize, n: usize) -> usize {
        assert!(n == self.shapes[i].slots(), "values of the wrong length");
        self.values[i]
    }
}

/// One perfect hash of a table file: `NB` displacements over `NS` values of type `V` (both
/// powers of two).
pub(crate) struct PerfectHash<V, const NB: usize, const NS: usize> {
    disp: [u16; NB],
    values: [V; NS],
}

impl<V: Copy, const NB: usize, const NS: usize> PerfectHash<V, NB, NS> {
    /// The value of a hashed key.
    #[inline(always)]
    pub(crate) fn get(&self, key: u64) -> V {
        lookup(key, &self.disp, &self.values)
    }

    /// The displaced slot of a hashed key.
    #[inline(always)]
    pub(crate) fn slot(&self, key: u64) -> usize {
        slot(key, &self.disp, NS.trailing_zeros())
    }
}

impl<const NB: usize, const NS: usize> PerfectHash<u16, NB, NS> {
    /// Hash `i` (0 for five cards) of a table file of `u16` values, at compile time.
    pub(crate) const fn read_u16s(bytes: &[u8], at: &Layout, i: usize) -> Self {
        PerfectHash {
            disp: read_u16s(bytes, at.disp(i, NB)),
            values: read_u16s(bytes, at.values(i, NS)),
        }
    }
}

impl<const NB: usize, const NS: usize> PerfectHash<u32, NB, NS> {
    /// Hash `i` (0 for five cards) of a table file of `u32` values, at compile time.
    pub(crate) const fn read_u32s(bytes: &[u8], at: &Layout, i: usize) -> Self {
        PerfectHash {
            disp: read_u16s(bytes, at.disp(i, NB)),
            values: read_u32s(bytes, at.values(i, NS)),
        }
    }
}

/// Reads a little-endian `u16` array out of a table file at compile time.
pub(crate) const fn read_u16s<const N: usize>(bytes: &[u8], offset: usize) -> [u16; N] {
    let mut out = [0u16; N];
    let mut i = 0;
    while i < N {
        out[i] = u16::from_le_bytes([bytes[offset + 2 * i], bytes[offset + 2 * i + 1]]);
        i += 1;
    }
    out
}

/// Reads a little-endian `u32` array out of a table file at compile time.
pub(crate) const fn read_u32s<const N: usize>(bytes: &[u8], offset: usize) -> [u32; N] {
    let mut out = [0u32; N];
    let mut i = 0;
    while i < N {
        let o = offset + 4 * i;
        out[i] = u32::from_le_bytes([bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3]]);
        i += 1;
    }
    out
}

/// Reads the `u64` at `offset` at compile time.
pub(crate) const fn read_u64(bytes: &[u8], offset: usize) -> u64 {
    let mut v = 0u64;
    let mut i = 8;
    while i > 0 {
        i -= 1;
        v = v << 8 | bytes[offset + i] as u64;
    }
    v
}

/// Length of the header line (through its newline) of a table file, at compile time.
pub(crate) const fn header_len(bytes: &[u8]) -> usize {
    let mut i = 0;
    while bytes[i] != b'\n' {
        i += 1;
    }
    i + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multiset_counts_match_combinatorics() {
        // Five-card rank multisets: C(17,5) less the 13 five-of-a-kinds.
        assert_eq!(multisets(13, 5).len(), 6175);
        assert_eq!(multisets(13, 7).len(), 49205);
        assert_eq!(multisets(8, 5).len(), 784);
        assert_eq!(multisets(9, 5).len(), 1278);
        assert_eq!(multisets(9, 6).len(), 2922);
        assert_eq!(multisets(9, 7).len(), 6030);
    }

    #[test]
    fn standard_has_7462_classes() {
        assert_eq!(Classes::new(&STANDARD).sorted.len(), 7462);
    }
}
