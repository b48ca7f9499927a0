//! `felt batch` throughput against the same queries run one by one through the engine.
//!
//! ```sh
//! cargo bench -p feltkit-benches --bench batch
//! ```
//!
//! Workloads (rows are generated from a fixed seed, so every run sees the same file):
//! * `hand_vs_hand_flop`: 4,000 rows of two exact hands on a random flop, exhaustive
//!   (990 deals each).
//! * `range_vs_range_flop`: 24 rows of two ranges on a random flop, exhaustive.
//! * `range_vs_range_preflop`: 1,000 rows of two ranges with no board, exhaustive (answered
//!   by the heads-up preflop table).
//!
//! Each group has `engine_one_by_one` (build a `Query` per row and `calculate` it, in order,
//! with the engine's own parallelism) and `batch` (`feltkit::batch::run` over the CSV text in
//! memory, output to memory, one thread per core) and `batch_threads_1` (the same on one
//! thread: the batch layer's own cost per row); throughput is in rows (elements) per second. The group
//! `per_query_cost` splits one hand-vs-hand row into its parts: parsing the query, planning
//! (parsing plus the engine's setup), the whole calculation, and the calculation with
//! `Options { threads: Some(1) }`, which builds a thread pool per call.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use feltkit::batch::{run, Config};
use feltkit::card::Card;
use feltkit::equity::{calculate, calculate_with, plan, Game, Method, Options, Query};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// `rows` random deals of `per_row` distinct cards, as text pieces of the given sizes.
fn deals(rows: usize, sizes: &[usize], seed: u64) -> Vec<Vec<String>> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut deck: Vec<Card> = Card::all().collect();
    (0..rows)
        .map(|_| {
            deck.shuffle(&mut rng);
            let mut at = 0;
            sizes
                .iter()
                .map(|&n| {
                    let s: String = deck[at..at + n].iter().map(Card::to_string).collect();
                    at += n;
                    s
                })
                .collect()
        })
        .collect()
}

/// Rows as (p1, p2, board).
fn hand_rows(n: usize) -> Vec<[String; 3]> {
    deals(n, &[2, 2, 3], 1)
        .into_iter()
        .map(|d| [d[0].clone(), d[1].clone(), d[2].clone()])
        .collect()
}

fn range_rows(n: usize) -> Vec<[String; 3]> {
    const RANGES: [(&str, &str); 4] = [
        ("QQ+,AKs", "JJ-99,AQs"),
        ("TT+,AJs+,KQs,AQo+", "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+"),
        ("AA,KK,AKs", "random"),
        ("15%", "30%"),
    ];
    // Flops drawn at random; rows whose ranges a flop empties are still fine to time.
    deals(n, &[3], 2)
        .into_iter()
        .enumerate()
        .map(|(i, d)| {
            let (a, b) = RANGES[i % RANGES.len()];
            [a.to_string(), b.to_string(), d[0].clone()]
        })
        .collect()
}

fn preflop_rows(n: usize) -> Vec<[String; 3]> {
    const RANGES: [(&str, &str); 5] = [
        ("QQ+,AKs", "JJ-99,AQs"),
        ("TT+,AJs+,KQs,AQo+", "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+"),
        ("AA,KK,AKs", "random"),
        ("15%", "30%"),
        ("AhKh,QQ:0.5", "T9s,55"),
    ];
    (0..n)
        .map(|i| {
            let (a, b) = RANGES[i % RANGES.len()];
            [a.to_string(), b.to_string(), String::new()]
        })
        .collect()
}

fn csv_text(rows: &[[String; 3]]) -> String {
    let mut s = String::from("p1,p2,board,method\n");
    for [a, b, board] in rows {
        s += &format!("\"{a}\",\"{b}\",{board},exhaustive\n");
    }
    s
}

fn query(row: &[String; 3]) -> Query {
    let mut q = Query::new(Game::Holdem, [row[0].as_str(), row[1].as_str()]);
    q.board = row[2].clone();
    q.method = Method::Exhaustive;
    q
}

fn one_by_one(rows: &[[String; 3]]) -> usize {
    rows.iter().filter(|r| calculate(&query(r)).is_ok()).count()
}

fn batch(text: &str, threads: Option<usize>) -> u64 {
    let mut out = Vec::with_capacity(text.len() * 4);
    let config = Config { threads, ..Config::default() };
    run(text.as_bytes(), &mut out, &config, None).map(|s| s.rows).unwrap_or(0)
}

fn workload(c: &mut Criterion, name: &str, rows: Vec<[String; 3]>) {
    let text = csv_text(&rows);
    let mut g = c.benchmark_group(name);
    g.sample_size(10);
    g.throughput(Throughput::Elements(rows.len() as u64));
    g.bench_function(BenchmarkId::new("engine_one_by_one", rows.len()), |b| {
        b.iter(|| one_by_one(&rows))
    });
    g.bench_function(BenchmarkId::new("batch", rows.len()), |b| b.iter(|| batch(&text, None)));
    g.bench_function(BenchmarkId::new("batch_threads_1", rows.len()), |b| {
        b.iter(|| batch(&text, Some(1)))
    });
    g.finish();
}

fn hand_vs_hand(c: &mut Criterion) {
    workload(c, "hand_vs_hand_flop", hand_rows(4000));
}

fn range_vs_range(c: &mut Criterion) {
    workload(c, "range_vs_range_flop", range_rows(24));
}

fn range_vs_range_preflop(c: &mut Criterion) {
    workload(c, "range_vs_range_preflop", preflop_rows(1000));
}

fn per_query_cost(c: &mut Criterion) {
    let q = query(&hand_rows(1)[0]);
    let mut g = c.benchmark_group("per_query_cost");
    g.sample_size(20);
    g.bench_function("parse", |b| b.iter(|| q.parse().is_ok()));
    g.bench_function("plan", |b| b.iter(|| plan(&q).is_ok()));
    g.bench_function("calculate", |b| b.iter(|| calculate(&q).is_ok()));
    let one = Options { threads: Some(1), progress: None };
    g.bench_function("calculate_with_threads_1", |b| b.iter(|| calculate_with(&q, &one).is_ok()));
    g.finish();
}

criterion_group!(benches, hand_vs_hand, range_vs_range, range_vs_range_preflop, per_query_cost);
criterion_main!(benches);
