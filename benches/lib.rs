//! Shared helpers and workloads for the feltkit benchmarks: the criterion benches (the
//! `[[bench]]` targets) and `eval-interleaved` run the same functions, so both measure the
//! same code.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use feltkit::card::Card;
use feltkit::eval::standard::{rank7_indices, Hand};

/// `n` random hands of `k` distinct cards each (card indices 0-51), flattened, from a fixed seed.
pub fn random_hands(n: usize, k: usize, seed: u64) -> Vec<u8> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut deck: Vec<u8> = (0..52).collect();
    let mut out = Vec::with_capacity(n * k);
    for _ in 0..n {
        let (hand, _) = deck.partial_shuffle(&mut rng, k);
        out.extend_from_slice(hand);
    }
    out
}

/// The number of seven-card hands, C(52, 7).
pub const ALL7: u64 = 133_784_560;

/// Runs `body(partial6, card)` over every seven-card hand of `cards` in nested-loop order,
/// where the partial hand `P` of six cards is built once per inner loop with `add`.
#[inline(always)]
pub fn enumerate7<P: Copy, C: Copy>(
    empty: P,
    cards: &[C],
    add: impl Fn(P, C) -> P,
    mut body: impl FnMut(P, C),
) {
    let n = cards.len();
    for a in 0..n {
        let pa = add(empty, cards[a]);
        for b in a + 1..n {
            let pb = add(pa, cards[b]);
            for c in b + 1..n {
                let pc = add(pb, cards[c]);
                for d in c + 1..n {
                    let pd = add(pc, cards[d]);
                    for e in d + 1..n {
                        let pe = add(pd, cards[e]);
                        for f in e + 1..n {
                            let pf = add(pe, cards[f]);
                            for &g in &cards[f + 1..] {
                                body(pf, g);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The 52 cards as an array on the stack, where the enumerations read them (as an enumerator
/// would hold them), so no heap address enters the measurement.
///
/// These loops' speed also moves with where the linker places them: on a Zen 5 (2026-11-23)
/// feltkit's enumeration, the same machine code in every build, ran 20% slower in each build
/// whose inner loop started on a 64-byte boundary (114 against 91 ms in criterion, 1,287
/// against 1,470 M/s in `eval-interleaved`), perhaps because its two branches and the exit
/// jump then share one 64-byte line. Compare ratios within one run, in both harnesses.
pub fn on_stack<T: Copy>(cards: &[T]) -> [T; 52] {
    std::array::from_fn(|i| cards[i])
}

/// `eval7/enumerate`, feltkit: every seven-card hand built by adding one card to a shared
/// six-card hand, ranked with [`Hand::rank7`]; returns the sum of the values.
#[inline(never)]
pub fn feltkit_enumerate() -> u64 {
    let all: Vec<Hand> = Card::all().map(|c| Hand::EMPTY.add(c)).collect();
    let cards = on_stack(&all);
    // The loop on the copy the CPU runs best (x86-64-v3 where it has AVX2 and BMI2), as
    // feltkit's equity loops run it.
    feltkit::cpu::fast(
        #[inline(always)]
        || {
            let mut sum = 0u64;
            enumerate7(
                Hand::EMPTY,
                &cards,
                |p, c| p + c,
                |p, c| sum += (p + c).rank7().value() as u64,
            );
            sum
        },
    )
}

/// aya_poker's cards in feltkit's index order (rank * 4 + suit).
pub fn aya_cards() -> Vec<aya_poker::base::Card> {
    use aya_poker::base::{Card as C, Rank, Suit};
    Card::all()
        .map(|c| {
            C::new(
                Rank::try_from(c.rank().index()).expect("rank"),
                Suit::try_from(c.suit().index()).expect("suit"),
            )
        })
        .collect()
}

/// `eval7/enumerate`, aya_poker: the same loop with aya_poker's incremental hand.
#[inline(never)]
pub fn aya_enumerate() -> u64 {
    use aya_poker::base::Hand as H;
    let cards = on_stack(&aya_cards());
    let mut sum = 0u64;
    let add = |mut h: H, c: aya_poker::base::Card| {
        h.insert_unchecked(&c);
        h
    };
    enumerate7(H::new(), &cards, add, |p, c| {
        sum += aya_poker::poker_rank(&add(p, c)).rank_category() as u64
    });
    sum
}

/// `eval7/random`, feltkit: each hand of seven card bytes ranked with [`rank7_indices`].
#[inline(never)]
pub fn feltkit_random(hands: &[u8]) -> u64 {
    feltkit::cpu::fast(
        #[inline(always)]
        || {
            let mut sum = 0u64;
            for h in hands.chunks_exact(7) {
                let h: &[u8; 7] = h.try_into().expect("seven bytes");
                sum += rank7_indices(h).value() as u64;
            }
            sum
        },
    )
}

/// `eval7/random`, aya_poker: each hand built from its seven card bytes, then ranked.
#[inline(never)]
pub fn aya_random(hands: &[u8], cards: &[aya_poker::base::Card]) -> u64 {
    let mut sum = 0u64;
    for h in hands.chunks_exact(7) {
        let mut hand = aya_poker::base::Hand::new();
        for &c in h {
            hand.insert_unchecked(&cards[c as usize]);
        }
        sum += aya_poker::poker_rank(&hand).rank_category() as u64;
    }
    sum
}

/// A legal session of `hands` no-limit hold'em hands at a six-seat table, for the session
/// benchmark and `session-bundle`: the button moves one seat a hand; in one orbit every hand is
/// folded to the big blind, in the next every hand is checked down between the blinds (the big
/// blind's aces beat the small blind's seven-deuce), so stacks stay near 1,000. Every hand has
/// `players`, `seats` and `finishing_stacks`.
pub fn session_bundle(hands: usize) -> String {
    session_bundle_from(0, hands)
}

/// Hands `first + 1` to `first + hands` of the session of [`session_bundle`].
pub fn session_bundle_from(first: usize, hands: usize) -> String {
    use std::fmt::Write as _;
    let mut stacks = [1000i64; 6];
    // The stacks before hand `first + 1`: they repeat every two orbits.
    for k in 0..first % 12 {
        let (sb, bb) = (k % 6, (k + 1) % 6);
        let amount = if (k / 6) % 2 == 1 { 2 } else { 1 };
        stacks[sb] -= amount;
        stacks[bb] += amount;
    }
    let mut text = String::with_capacity(hands * 420);
    for k in first..first + hands {
        let button = (k + 5) % 6; // index of the seat (0-based): seat 6 first
        let order: Vec<usize> = (1..=6).map(|j| (button + j) % 6).collect();
        let names: Vec<String> = order.iter().map(|&s| format!("'P{}'", s + 1)).collect();
        let seats: Vec<String> = order.iter().map(|&s| (s + 1).to_string()).collect();
        let start: Vec<String> = order.iter().map(|&s| stacks[s].to_string()).collect();
        let (sb, bb) = (order[0], order[1]);
        let mut actions: Vec<String> = Vec::with_capacity(24);
        let showdown = (k / 6) % 2 == 1;
        for p in 1..=6 {
            let cards = match (showdown, p) {
                (true, 1) => "7c2d",
                (true, 2) => "AsAh",
                _ => "????",
            };
            actions.push(format!("d dh p{p} {cards}"));
        }
        for p in 3..=6 {
            actions.push(format!("p{p} f"));
        }
        if showdown {
            actions.extend(["p1 cc", "p2 cc"].map(String::from));
            for board in ["KsQs3h", "4c", "8h"] {
                actions.push(format!("d db {board}"));
                actions.extend(["p1 cc", "p2 cc"].map(String::from));
            }
            actions.extend(["p1 sm 7c2d", "p2 sm AsAh"].map(String::from));
            stacks[sb] -= 2;
            stacks[bb] += 2;
        } else {
            actions.push("p1 f".into());
            stacks[sb] -= 1;
            stacks[bb] += 1;
        }
        let finish: Vec<String> = order.iter().map(|&s| stacks[s].to_string()).collect();
        let quoted: Vec<String> = actions.iter().map(|a| format!("'{a}'")).collect();
        let _ = write!(
            text,
            "[{}]\nvariant = 'nlhe'\nhand = {}\nplayers = [{}]\nseats = [{}]\n\
             blinds_or_straddles = [1, 2, 0, 0, 0, 0]\nstarting_stacks = [{}]\nactions = [{}]\n\
             finishing_stacks = [{}]\n\n",
            k + 1,
            k + 1,
            names.join(", "),
            seats.join(", "),
            start.join(", "),
            quoted.join(", "),
            finish.join(", ")
        );
    }
    text
}

/// The hand-written PokerStars samples of `tests/data/pokerstars` that replay legally and match
/// the site's accounting (hold'em of every limit, cash and tournament, Zoom, side pots, split
/// pots, antes, dead blinds): every file but the broken, cut-off and Omaha ones, and the Zoom
/// archive form (its lines start with a space, which PokerKit's reader cannot take).
pub const POKERSTARS_SAMPLES: &[&str] = &[
    "all_in_preflop.txt",
    "big_blind_option.txt",
    "cash_nl_side_pots.txt",
    "crlf_bom.txt",
    "dead_blind.txt",
    "euro_decimals.txt",
    "fixed_limit.txt",
    "heads_up.txt",
    "posts_small_and_big_blinds.txt",
    "pot_limit.txt",
    "shows_mucks.txt",
    "sitting_out.txt",
    "split_pot_odd_cent.txt",
    "tournament_antes.txt",
    "tournament_no_ante.txt",
    "uncalled_bet.txt",
    "windows1252.txt",
    "zoom_hand.txt",
];

/// A PokerStars text of `hands` hands: the samples of [`POKERSTARS_SAMPLES`] (decoded to
/// UTF-8, line ends made LF, lines trimmed) one after the other, over and over, two blank lines
/// between hands as the site writes them, each hand numbered anew from 1,000,000 so that no two
/// share a number.
pub fn pokerstars_text(hands: usize) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/pokerstars");
    let samples: Vec<String> = POKERSTARS_SAMPLES
        .iter()
        .map(|n| feltkit::import::decode::decode(&std::fs::read(root.join(n)).unwrap()).0)
        .collect();
    let mut out = String::with_capacity(hands * 1200);
    let mut n = 0;
    'all: loop {
        for sample in &samples {
            for line in sample.lines() {
                let t = line.trim();
                if t.is_empty() {
                    continue;
                }
                if t.starts_with("PokerStars ") {
                    if n == hands {
                        break 'all;
                    }
                    if n > 0 {
                        out.push_str("\n\n");
                    }
                    let (Some(hash), Some(colon)) = (t.find('#'), t.find(':')) else {
                        unreachable!("every sample's header has `#N:`")
                    };
                    out.push_str(&t[..=hash]);
                    out.push_str(&(1_000_000 + n).to_string());
                    out.push_str(&t[colon..]);
                    n += 1;
                } else {
                    out.push_str(t);
                }
                out.push('\n');
            }
        }
    }
    out
}
