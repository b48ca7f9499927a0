//! The file form of the heads-up preflop table (`data/preflop.bin`) and its generator.
//!
//! After the header line: the entry count (`u32`, little-endian), the two Exp-Golomb orders
//! `k_wins` and `k_ties` (`u8` each), then one bit stream, least significant bit first. Entries
//! come in [`Index`] order, grouped by the pair of starting-hand classes they hold. The first
//! entry of a group stores its wins and ties in 21 bits each (1,712,304 boards < 2^21); each
//! later entry stores the zigzagged differences from the entry before it, Exp-Golomb coded
//! with those orders (suit variants of one class pair differ by a few thousand boards).

use std::collections::HashMap;

use rayon::prelude::*;

use super::preflop_index::Index;
use super::ranks;
use crate::card::{Card, CardSet};
use crate::range::Combo;

/// Boards of five cards from the 48 left after two hands: C(48, 5).
pub const BOARDS: u32 = 1_712_304;

/// Bits of a raw count (enough for [`BOARDS`]).
const RAW_BITS: u32 = 21;

/// First line of the file.
pub const HEADER: &str = "# feltkit generated table, do not edit: heads-up preflop showdown counts per suit-isomorphic matchup (feltkit::equity::preflop::generate; FELT_BLESS=1 cargo test --release --test preflop rewrites it)\n";

/// Exact wins and ties (of the first combo) of every stored matchup, by enumeration.
pub(crate) fn count_all(index: &Index) -> Vec<[u32; 2]> {
    let holes = |c: u16| Combo::from_index(c as usize).map(Combo::cards);
    let rank_pair = |[a, b]: [Card; 2]| [a.rank().max(b.rank()), a.rank().min(b.rank())];
    // Matchups whose players hold the same ranks share their suit-blind part.
    let mut groups: HashMap<_, Vec<usize>> = HashMap::new();
    for (i, &(c1, c2)) in index.stored.iter().enumerate() {
        if let (Some(h1), Some(h2)) = (holes(c1), holes(c2)) {
            groups.entry((rank_pair(h1), rank_pair(h2))).or_default().push(i);
        }
    }
    let mut groups: Vec<Vec<usize>> = groups.into_values().collect();
    groups.sort_unstable();
    let counted: Vec<(usize, [u32; 2])> = groups
        .par_iter()
        .flat_map_iter(|group| {
            let matchups: Vec<Vec<[Card; 2]>> = group
                .iter()
                .filter_map(|&i| {
                    let (c1, c2) = index.stored[i];
                    Some(vec![holes(c1)?, holes(c2)?])
                })
                .collect();
            let plain = ranks::plain(&matchups[0], &[], CardSet::EMPTY);
            let counts = ranks::count_group(&plain, &matchups, &[], CardSet::EMPTY, &|| ());
            group
                .iter()
                .zip(counts)
                .map(|(&i, c)| (i, [c.wins[0] as u32, c.ties[0] as u32]))
                .collect::<Vec<_>>()
        })
        .collect();
    let mut out = vec![[0u32; 2]; index.stored.len()];
    for (i, c) in counted {
        out[i] = c;
    }
    out
}

/// Whether entry `i` starts a new pair of classes.
fn starts_group(index: &Index, i: usize) -> bool {
    let class = |c: u16| index.class_of[c as usize];
    let key = |i: usize| {
        let (c1, c2) = index.stored[i];
        (class(c1), class(c2))
    };
    i == 0 || key(i) != key(i - 1)
}

fn zigzag(d: i64) -> u64 {
    ((d << 1) ^ (d >> 63)) as u64
}

fn unzigzag(z: u64) -> i64 {
    (z >> 1) as i64 ^ -((z & 1) as i64)
}

/// Bits of `v` in Exp-Golomb code of order `k`.
fn golomb_len(v: u64, k: u32) -> u64 {
    let x = v + (1 << k);
    let n = 64 - x.leading_zeros();
    (2 * n - k - 1) as u64
}

struct Writer {
    bytes: Vec<u8>,
    acc: u64,
    fill: u32,
}

impl Writer {
    fn push(&mut self, value: u64, bits: u32) {
        for i in 0..bits {
            self.acc |= (value >> i & 1) << self.fill;
            self.fill += 1;
            if self.fill == 8 {
                self.bytes.push(self.acc as u8);
                self.acc = 0;
                self.fill = 0;
            }
        }
    }

    fn golomb(&mut self, v: u64, k: u32) {
        let x = v + (1 << k);
        let n = 64 - x.leading_zeros();
        self.push(0, n - k - 1);
        self.push(1, 1);
        self.push(x, n - 1);
    }

    fn finish(mut self) -> Vec<u8> {
        if self.fill > 0 {
            self.bytes.push(self.acc as u8);
        }
        self.bytes
    }
}

/// Encodes the counts (in [`Index`] order) after the header.
pub(crate) fn encode(index: &Index, counts: &[[u32; 2]]) -> Vec<u8> {
    let deltas: Vec<Option<[u64; 2]>> = (0..counts.len())
        .map(|i| {
            (!starts_group(index, i)).then(|| {
                let d = |f: usize| zigzag(counts[i][f] as i64 - counts[i - 1][f] as i64);
                [d(0), d(1)]
            })
        })
        .collect();
    let best_k = |f: usize| {
        (0..RAW_BITS)
            .min_by_key(|&k| deltas.iter().flatten().map(|d| golomb_len(d[f], k)).sum::<u64>())
            .unwrap_or(0)
    };
    let (kw, kt) = (best_k(0), best_k(1));
    let mut w = Writer { bytes: Vec::new(), acc: 0, fill: 0 };
    for (c, d) in counts.iter().zip(&deltas) {
        match d {
            None => {
                w.push(c[0] as u64, RAW_BITS);
                w.push(c[1] as u64, RAW_BITS);
            }
            Some([dw, dt]) => {
                w.golomb(*dw, kw);
                w.golomb(*dt, kt);
            }
        }
    }
    let mut out = HEADER.as_bytes().to_vec();
    out.extend_from_slice(&(counts.len() as u32).to_le_bytes());
    out.push(kw as u8);
    out.push(kt as u8);
    out.extend(w.finish());
    out
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    /// The next 56 bits or more (zeros past the end).
    #[inline(always)]
    fn peek(&self) -> u64 {
        let at = self.pos / 8;
        let mut word = [0u8; 8];
        let end = (at + 8).min(self.bytes.len());
        if at < end {
            word[..end - at].copy_from_slice(&self.bytes[at..end]);
        }
        u64::from_le_bytes(word) >> (self.pos % 8)
    }

    #[inline(always)]
    fn take(&mut self, bits: u32) -> Option<u64> {
        if self.pos + bits as usize > self.bytes.len() * 8 {
            return None;
        }
        let v = self.peek() & ((1u64 << bits) - 1);
        self.pos += bits as usize;
        Some(v)
    }

    #[inline(always)]
    fn golomb(&mut self, k: u32) -> Option<u64> {
        let zeros = self.peek().trailing_zeros();
        if zeros + k > 40 {
            return None;
        }
        self.take(zeros + 1)?;
        let low = self.take(zeros + k)?;
        Some(((1u64 << (zeros + k)) | low) - (1 << k))
    }
}

/// Decodes a file made by [`encode`]; `None` if it is not one (wrong header, short, counts
/// out of range).
pub(crate) fn decode(index: &Index, file: &[u8]) -> Option<Vec<[u32; 2]>> {
    let body = file.strip_prefix(HEADER.as_bytes())?;
    let n = u32::from_le_bytes(body.get(..4)?.try_into().ok()?) as usize;
    let (kw, kt) = (*body.get(4)? as u32, *body.get(5)? as u32);
    if n != index.stored.len() || kw >= RAW_BITS || kt >= RAW_BITS {
        return None;
    }
    let mut r = Reader { bytes: body.get(6..)?, pos: 0 };
    let mut out = Vec::with_capacity(n);
    let mut prev = [0i64; 2];
    for i in 0..n {
        let c = if starts_group(index, i) {
            [r.take(RAW_BITS)? as i64, r.take(RAW_BITS)? as i64]
        } else {
            [prev[0] + unzigzag(r.golomb(kw)?), prev[1] + unzigzag(r.golomb(kt)?)]
        };
        if c[0] < 0 || c[1] < 0 || c[0] + c[1] > BOARDS as i64 {
            return None;
        }
        out.push([c[0] as u32, c[1] as u32]);
        prev = c;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_golomb_codes_read_back() {
        let mut w = Writer { bytes: Vec::new(), acc: 0, fill: 0 };
        let values = [0u64, 1, 2, 3, 7, 8, 1000, 123_456, 2_000_000];
        for (i, &v) in values.iter().enumerate() {
            w.golomb(v, i as u32 % 5);
            w.push(v & 0x1f_ffff, 21);
        }
        let bytes = w.finish();
        let mut r = Reader { bytes: &bytes, pos: 0 };
        let mut bits = 0;
        for (i, &v) in values.iter().enumerate() {
            assert_eq!(r.golomb(i as u32 % 5), Some(v));
            assert_eq!(r.take(21), Some(v & 0x1f_ffff));
            bits += golomb_len(v, i as u32 % 5) as usize + 21;
            assert_eq!(r.pos, bits);
        }
        for d in [0i64, 1, -1, 5000, -5000] {
            assert_eq!(unzigzag(zigzag(d)), d);
        }
    }
}
