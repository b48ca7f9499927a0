//! `rank` (one hand as text) and `rank_many` (a NumPy array of card bytes, in parallel).

use std::borrow::Cow;

use feltkit::card::{parse_cards, Card, CardSet};
use feltkit::eval::standard::{rank7_indices, Hand};
use feltkit::eval::{Category, Ranking};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use rayon::prelude::*;

use crate::errors::CardError;

/// A ranked hand: its value (larger is better, equal is a split), what it is, and its cards.
#[pyclass(module = "feltkit", frozen, eq, get_all)]
#[derive(Clone, PartialEq)]
pub struct Rank {
    /// The value: `category << 12 | class` in the standard ranking.
    value: u32,
    /// The hand in words: `straight flush`, `8-6-4-3-A low`, `three-card badugi`.
    category: String,
    /// The class's key: `straight_flush`, `low`, `no_low`, `three_card_badugi`.
    key: &'static str,
    /// The nearest category's number, 0 (high card) to 8 (straight flush); lows and badugi
    /// hands are 0.
    category_index: u8,
    /// The class's number: the category's (0 to 8), `low` 9, `no_low` 10, badugi 11 to 14.
    code: u8,
    /// The cards as `felt rank` writes them (`AhKhQhJhTh`, `AhKhQsJs/2c3c4d5d6s`).
    cards: String,
}

#[pymethods]
impl Rank {
    fn __repr__(&self) -> String {
        format!("Rank(value={}, category={:?}, cards={:?})", self.value, self.category, self.cards)
    }
}

/// The ranking named `game` (any of `Ranking::ALL`'s names or aliases).
fn ranking(game: &str) -> PyResult<Ranking> {
    game.parse().map_err(|e: feltkit::eval::UnknownRanking| CardError::new_err(e.to_string()))
}

/// Ranks a hand given as text (`"AhKhQhJhTh"`, `"Ah Kh 10d ..."`, Omaha's
/// `"AhKhQsJs/2c3c4d5d6s"`) under the ranking `game`.
#[pyfunction]
#[pyo3(signature = (hand, game = "standard"))]
fn rank(hand: &str, game: &str) -> PyResult<Rank> {
    let ranking = ranking(game)?;
    // As `felt rank` does; the messages are its messages.
    let (cards, r) = ranking.rank_text(hand).map_err(|e| CardError::new_err(e.to_string()))?;
    Ok(Rank {
        value: r.value,
        category: r.to_string(),
        key: r.key(),
        category_index: r.category() as u8,
        code: r.code(),
        cards,
    })
}

/// Why a row of card bytes is not a hand: the row and column (from 0) and what was expected.
fn check_row(row: usize, cards: &[u8]) -> Result<(), String> {
    let mut seen = CardSet::EMPTY;
    for (col, &b) in cards.iter().enumerate() {
        let Some(card) = Card::from_index(b) else {
            return Err(format!(
                "row {row}, column {col}: byte {b} is not a card: expected 0 to 51 (rank * 4 + \
                 suit, 2 = rank 0 ... A = 12, suits c d h s = 0 1 2 3)"
            ));
        };
        if !seen.insert(card) {
            return Err(format!("row {row}, column {col}: {card} appears twice"));
        }
    }
    Ok(())
}

/// Whether a row's bytes are distinct cards (below 52), without a branch per card: the sum of
/// the cards' bits equals their union exactly when no bit was added twice.
#[inline(always)]
fn row_ok(row: &[u8]) -> bool {
    let (mut union, mut sum, mut big) = (0u64, 0u64, false);
    for &b in row {
        let bit = 1u64 << (b & 63);
        union |= bit;
        sum = sum.wrapping_add(bit);
        big |= b > 51;
    }
    union == sum && !big
}

/// For each of the seven 16-byte lanes of a run of sixteen 7-byte rows and each distance `d`
/// (1 to 6, index `d - 1`): 0xFF where the byte there and the byte `d` on are in one row.
static PARTNERS: [[[u8; 16]; 6]; 7] = {
    let mut m = [[[0u8; 16]; 6]; 7];
    let mut d = 1;
    while d <= 6 {
        let mut j = 0;
        while j < 112 {
            if j % 7 + d < 7 {
                m[j / 16][d - 1][j % 16] = 0xFF;
            }
            j += 1;
        }
        d += 1;
    }
    m
};

/// Whether every 7-byte row of `rows` is seven distinct bytes below 52, sixteen rows (112
/// bytes, seven 16-byte vectors) at a time: each vector is compared with the vectors 1 to 6
/// bytes on, and an equal byte counts where both are in one row. The 21 pairs of a row cost
/// 42 vector comparisons per sixteen rows, about a third of the scalar check's time per row
/// ([`row_ok`], which takes the rows too close to the end for the 6 bytes a run reads past
/// itself). `wide` gives the 16-byte vectors as safe code (SSE2 on any x86-64, NEON on ARM).
fn rows7_ok(rows: &[u8]) -> bool {
    use wide::u8x16;
    let runs = rows.len().saturating_sub(6) / 112;
    let (mut bad, mut high) = (u8x16::splat(0), u8x16::splat(0));
    for run in rows.windows(118).step_by(112).take(runs) {
        let Some(run) = run.first_chunk::<118>() else { break };
        let vector = |at: usize| {
            let mut bytes = [0u8; 16];
            bytes.copy_from_slice(&run[at..at + 16]);
            u8x16::from(bytes)
        };
        for (lane, partners) in PARTNERS.iter().enumerate() {
            let v = vector(16 * lane);
            high = high.max(v);
            for (d, &mask) in (1..).zip(partners) {
                bad |= v.cmp_eq(vector(16 * lane + d)) & u8x16::from(mask);
            }
        }
    }
    let most = u8x16::splat(51);
    let (tail, _) = rows[112 * runs..].as_chunks::<7>();
    bad == u8x16::splat(0) && high.max(most) == most && tail.iter().all(|row| row_ok(row))
}

/// Ranks rows of seven cards into `values` and `cats`; with `CHECK`, false when some row is
/// not a hand.
#[inline(always)]
fn rank_block7<const CHECK: bool>(rows: &[u8], values: &mut [u16], cats: &mut [u8]) -> bool {
    // The block's bytes are checked while they are in the cache, then ranked (any byte is safe
    // on the seven-card path): a bad row is reported after its block. Checking each run of
    // sixteen rows just before ranking it was slower (measured 2026-11-24).
    let all_ok = !CHECK || rows7_ok(rows);
    let (rows, _) = rows.as_chunks::<7>();
    for ((v, c), row) in values.iter_mut().zip(cats.iter_mut()).zip(rows) {
        let value = rank7_indices(row).value();
        *v = value;
        *c = (value >> 12) as u8;
    }
    all_ok
}

/// Ranks rows of 5 or 6 cards into `values` and `cats`; with `check`, false when some row is
/// not a hand (its slots are left at 0).
fn rank_block(width: usize, check: bool, rows: &[u8], values: &mut [u16], cats: &mut [u8]) -> bool {
    let mut all_ok = true;
    for ((v, c), row) in values.iter_mut().zip(cats.iter_mut()).zip(rows.chunks_exact(width)) {
        if check && !row_ok(row) {
            all_ok = false;
            continue;
        }
        let hand = row.iter().filter_map(|&b| Card::from_index(b)).fold(Hand::EMPTY, Hand::add);
        if let Some(rank) = hand.rank() {
            *v = rank.value();
            *c = rank.category() as u8;
        }
    }
    all_ok
}

/// Ranks every row of `flat` (rows of `width` cards) into `values` and `cats` in parallel
/// blocks, or says which row is the first that is not a hand.
fn rank_rows(
    flat: &[u8],
    width: usize,
    check: bool,
    values: &mut [u16],
    cats: &mut [u8],
) -> Result<(), String> {
    const BLOCK: usize = 4096;
    let all_ok = values
        .par_chunks_mut(BLOCK)
        .zip(cats.par_chunks_mut(BLOCK))
        .zip(flat.par_chunks(BLOCK * width))
        .map(|((v, c), rows)| {
            // Each block on the copy the CPU runs best (feltkit::cpu: AVX2 and BMI2 where it
            // has them).
            feltkit::cpu::fast(
                #[inline(always)]
                || match (width, check) {
                    (7, true) => rank_block7::<true>(rows, v, c),
                    (7, false) => rank_block7::<false>(rows, v, c),
                    _ => rank_block(width, check, rows, v, c),
                },
            )
        })
        .reduce(|| true, |a, b| a & b);
    if !all_ok {
        let bad = flat.chunks_exact(width).enumerate().find_map(|(i, row)| check_row(i, row).err());
        return Err(bad.unwrap_or_else(|| "a row is not a hand".into()));
    }
    Ok(())
}

/// The rows of `cards` as one slice (a copy when the array is not C-contiguous) and the width.
fn rows_of<'a>(cards: &'a PyReadonlyArray2<'_, u8>) -> PyResult<(Cow<'a, [u8]>, usize)> {
    let view = cards.as_array();
    let (n, width) = view.dim();
    if !(5..=7).contains(&width) {
        return Err(CardError::new_err(format!(
            "the array has {width} columns: expected 5, 6 or 7 cards per row (shape (n, 5..7))"
        )));
    }
    // The array's memory is used as it lies only in row order (C order): NumPy's `as_slice`
    // also hands out a column-ordered (Fortran) array, whose bytes are not rows. Any other
    // layout is copied row by row (`iter` walks the logical order).
    let flat = match view.to_slice() {
        Some(s) => Cow::Borrowed(s),
        None => Cow::Owned(view.iter().copied().collect()),
    };
    debug_assert_eq!(flat.len(), n * width);
    Ok((flat, width))
}

/// The array of `rank_many`, or a `TypeError` saying what was given and what is taken.
fn uint8_rows<'py>(cards: &Bound<'py, PyAny>) -> PyResult<PyReadonlyArray2<'py, u8>> {
    cards.extract().map_err(|_| {
        let attr = |name: &str| cards.getattr(name).and_then(|a| a.str()).map(|s| s.to_string());
        let given = match (attr("dtype"), attr("shape")) {
            (Ok(dtype), Ok(shape)) => format!("an array of {dtype} of shape {shape}"),
            _ => format!("a {}", cards.get_type().name().map_or("value".into(), |n| n.to_string())),
        };
        pyo3::exceptions::PyTypeError::new_err(format!(
            "cards: expected a NumPy uint8 array of shape (n, 5..7), one hand a row (card bytes: \
             feltkit.cards_array), got {given}"
        ))
    })
}

/// The values and categories of `rank_many`.
type Ranked<'py> = (Bound<'py, PyArray1<u16>>, Bound<'py, PyArray1<u8>>);

/// Ranks every row of a `uint8` array of shape `(n, 5..7)` in parallel, the GIL released:
/// returns `(values, categories)`, `uint16` and `uint8` arrays of length `n`. With `check`
/// (the default) a row that is not distinct cards below 52 raises `CardError` naming it; with
/// `check=False` rows are trusted (the check of seven-card rows takes about a quarter of the
/// time) and a row that is not a hand gets a meaningless value. `out=(values, categories)` writes
/// into existing contiguous arrays of length `n` (and returns them), without new memory; when a
/// row is not a hand they are written all the same before `CardError` is raised.
///
/// Any other `game` (or a `hole` count) ranks each row with the checked evaluator of its
/// ranking ([`rank_rows_of`]) and returns `uint32` values and `uint8` class codes.
#[pyfunction]
#[pyo3(signature = (cards, threads = None, check = true, out = None, game = "standard", hole = None))]
fn rank_many<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    threads: Option<Bound<'py, PyAny>>,
    check: bool,
    out: Option<Ranked<'py>>,
    game: &str,
    hole: Option<usize>,
) -> PyResult<Bound<'py, PyTuple>> {
    let threads = crate::args::optional(threads.as_ref(), "threads", 1..=256, CardError::new_err)?
        .map(|n| n as usize);
    let ranking = ranking(game)?;
    let cards = uint8_rows(cards)?;
    if ranking != Ranking::Standard || hole.is_some() {
        if out.is_some() {
            return Err(CardError::new_err(
                "out: only the standard ranking writes into given arrays (the others give uint32 \
                 values)",
            ));
        }
        let view = cards.as_array();
        let width = view.dim().1;
        let flat: Vec<u8> = view.iter().copied().collect();
        let ranked = py.detach(|| in_pool(threads, || rank_rows_of(ranking, &flat, width, hole)));
        let (values, codes) = ranked.map_err(CardError::new_err)?.map_err(CardError::new_err)?;
        let values = PyArray1::from_vec(py, values);
        let codes = PyArray1::from_vec(py, codes);
        return PyTuple::new(py, [values.into_any(), codes.into_any()]);
    }
    let (flat, width) = rows_of(&cards)?;
    let n = flat.len() / width;
    let (values, cats) = match out {
        Some(arrays) => arrays,
        None => new_arrays(py, n),
    };
    {
        let mut v = values.try_readwrite().map_err(|e| CardError::new_err(format!("out: {e}")))?;
        let mut c = cats.try_readwrite().map_err(|e| CardError::new_err(format!("out: {e}")))?;
        let not_contiguous = |_| CardError::new_err("out: the arrays must be contiguous");
        let v = v.as_slice_mut().map_err(not_contiguous)?;
        let c = c.as_slice_mut().map_err(not_contiguous)?;
        if v.len() != n || c.len() != n {
            return Err(CardError::new_err(format!(
                "out: arrays of {} and {} slots, expected {n} (one per row)",
                v.len(),
                c.len()
            )));
        }
        py.detach(|| in_pool(threads, || rank_rows(&flat, width, check, v, c)).and_then(|r| r))
            .map_err(CardError::new_err)?;
    }
    PyTuple::new(py, [values.into_any(), cats.into_any()])
}

/// Ranks every row of `flat` (rows of `width` card bytes; with `hole`, the first `hole` cards
/// of a row are hole cards and the rest the board) under `ranking`, in parallel: the values and
/// class codes, or which row is the first that cannot be ranked and why.
fn rank_rows_of(
    ranking: Ranking,
    flat: &[u8],
    width: usize,
    hole: Option<usize>,
) -> Result<(Vec<u32>, Vec<u8>), String> {
    if width == 0 {
        return Ok((Vec::new(), Vec::new()));
    }
    if hole.is_some_and(|h| h > width) {
        return Err(format!("hole: {} is more than the {width} cards of a row", hole.unwrap_or(0)));
    }
    if ranking.needs_board() && hole.is_none() {
        return Err(format!(
            "{ranking} ranks hole cards and a board apart: give hole=N, the number of hole cards \
             at the start of each row"
        ));
    }
    let rank_row = |(i, row): (usize, &[u8])| -> Result<(u32, u8), String> {
        let mut cards = Vec::with_capacity(row.len());
        for (col, &b) in row.iter().enumerate() {
            let card = Card::from_index(b).ok_or_else(|| {
                format!("row {i}, column {col}: byte {b} is not a card: expected 0 to 51")
            })?;
            cards.push(card);
        }
        let r = match hole {
            Some(h) => ranking.rank(&cards[..h], Some(&cards[h..])),
            None => ranking.rank(&cards, None),
        };
        let r = r.map_err(|e| format!("row {i}: {e}"))?;
        Ok((r.value, r.code()))
    };
    let ranked: Result<Vec<(u32, u8)>, String> =
        flat.par_chunks(width).enumerate().map(rank_row).collect();
    Ok(ranked?.into_iter().unzip())
}

/// Two new arrays of `n` zeros.
fn new_arrays(py: Python<'_>, n: usize) -> Ranked<'_> {
    (PyArray1::zeros(py, n, false), PyArray1::zeros(py, n, false))
}

/// Runs `op` on a pool of `threads` workers, or on rayon's global pool.
pub fn in_pool<T: Send>(
    threads: Option<usize>,
    op: impl FnOnce() -> T + Send,
) -> Result<T, String> {
    match threads {
        None => Ok(op()),
        Some(n) if !(1..=256).contains(&n) => {
            Err(format!("threads: {n} is out of range: expected a whole number from 1 to 256"))
        }
        Some(n) => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| format!("could not start {n} worker threads: {e}"))?;
            Ok(pool.install(op))
        }
    }
}

/// The Rust evaluator's own time, in seconds, to rank the rows of a `uint8` array of shape
/// `(n, 7)` (already checked) in parallel: the yardstick of `rank_many` in `bench.py`.
#[pyfunction]
#[pyo3(signature = (cards, threads = None))]
fn _rank7_native_seconds(
    py: Python<'_>,
    cards: PyReadonlyArray2<'_, u8>,
    threads: Option<usize>,
) -> PyResult<(f64, u64)> {
    let (flat, width) = rows_of(&cards)?;
    if width != 7 {
        return Err(CardError::new_err("the yardstick takes rows of 7 cards"));
    }
    let out = py.detach(|| {
        in_pool(threads, || {
            let start = std::time::Instant::now();
            let sum: u64 = flat
                .par_chunks(4096 * 7)
                .map(|rows| {
                    feltkit::cpu::fast(
                        #[inline(always)]
                        || {
                            let (seven, _) = rows.as_chunks::<7>();
                            seven.iter().map(|r| u64::from(rank7_indices(r).value())).sum::<u64>()
                        },
                    )
                })
                .sum();
            (start.elapsed().as_secs_f64(), sum)
        })
    });
    out.map_err(CardError::new_err)
}

/// Card text to card bytes: `"AhKh..."` to `[rank * 4 + suit, ...]`.
#[pyfunction]
fn card_bytes(cards: &str) -> PyResult<Vec<u8>> {
    let cards = parse_cards(cards, feltkit::card::Deck::Standard)
        .map_err(|e| CardError::new_err(e.to_string()))?;
    Ok(cards.iter().map(|c| c.index()).collect())
}

/// Adds the functions and the category names.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Rank>()?;
    m.add_function(wrap_pyfunction!(rank, m)?)?;
    m.add_function(wrap_pyfunction!(rank_many, m)?)?;
    m.add_function(wrap_pyfunction!(_rank7_native_seconds, m)?)?;
    m.add_function(wrap_pyfunction!(card_bytes, m)?)?;
    let names: Vec<&str> = Category::ALL.iter().map(|c| c.name()).collect();
    m.add("CATEGORIES", PyTuple::new(m.py(), names)?)?;
    m.add("CLASS_KEYS", PyTuple::new(m.py(), feltkit::eval::CLASS_KEYS)?)?;
    let games: Vec<&str> = Ranking::ALL.iter().map(|r| r.name()).collect();
    m.add("RANKINGS", PyTuple::new(m.py(), games)?)?;
    Ok(())
}
