//! The load test of `felt serve` (ignored by a plain `cargo test`; CI runs it with
//! `--ignored`): 200 clients on 127.0.0.1 mix cheap queries (ranking, range expansion, one
//! hand replayed or converted) with expensive ones (Monte Carlo equity, push/fold) for 60 s
//! (`FELTKIT_LOAD_SECONDS` shortens it for a local try). Every request must be answered 200 or
//! refused 429/503 with a reason; the cheap queries' 99th percentile must stay under 50 ms
//! while the expensive ones hold the cores; the server's resident memory must stay flat (the
//! peak of the last third of the run within 10% of the peak of the first third); and SIGTERM
//! at the end must stop it with exit code 0.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const CLIENTS: usize = 200;

/// The clients' HTTP client.
type Client = ureq::Agent;

/// One hand of PHH text (the library's tour): replayed and converted as a cheap query.
const HAND: &str = "variant = 'nlhe'
blinds_or_straddles = [1, 2, 0]
starting_stacks = [100, 100, 100]
actions = ['d dh p1 7c2d', 'd dh p2 AsAh', 'd dh p3 KsQs', 'p3 cbr 6', 'p1 f', 'p2 cc',
           'd db 9h5c2s', 'p2 cbr 10', 'p3 f']
finishing_stacks = [99, 107, 94]
";

/// The resident memory of process `pid`, in KiB.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The CPU time process `pid` has used, in seconds (user and system, at 100 ticks a second).
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let ticks: u64 =
        rest.split_whitespace().skip(11).take(2).filter_map(|t| t.parse::<u64>().ok()).sum();
    ticks as f64 / 100.0
}

/// The request of client `c`'s `n`th query: the path, the body, and whether it is cheap.
fn request(c: usize, n: u64) -> (&'static str, String, bool) {
    let pick = (c as u64 * 7 + n) % 20;
    let hand = serde_json::to_string(HAND).unwrap();
    match pick {
        0 => (
            "/api/equity",
            format!(r#"{{"players": ["AhKh", "QQ+,AKs"], "iterations": 20000000, "seed": {n}}}"#),
            false,
        ),
        1 => {
            ("/api/equity", r#"{"players": ["22+,A2s+", "JJ+"], "board": "Ks7d2c"}"#.into(), false)
        }
        2 => ("/api/pushfold", format!(r#"{{"stacks": [{}]}}"#, 5 + n % 20), false),
        3..=8 => (
            "/api/rank",
            r#"{"hands": ["AhKhQhJhTh", "7c7d7s2h2d", "As2d3h4c6s7h8d"]}"#.into(),
            true,
        ),
        9..=14 => ("/api/range", r#"{"range": "QQ+,AKs,T9s-65s", "board": "Kd8h2c"}"#.into(), true),
        15..=17 => ("/api/replay", format!(r#"{{"text": {hand}, "check": true}}"#), true),
        _ => ("/api/convert", format!(r#"{{"text": {hand}, "to": "pokerstars"}}"#), true),
    }
}

#[test]
#[ignore = "a minute of load: run with --ignored (CI does)"]
fn two_hundred_clients_for_a_minute() {
    let seconds: u64 =
        std::env::var("FELTKIT_LOAD_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(60);
    let mut child = Command::new(env!("CARGO_BIN_EXE_felt"))
        .args(["serve", "--bind", "127.0.0.1:0", "--timeout", "20"])
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let base = first.strip_prefix("listening on ").unwrap().to_string();
    std::thread::spawn(move || lines.for_each(drop));

    let run = Duration::from_secs(seconds);
    let start = Instant::now();
    let cpu_before = cpu_seconds(pid);
    let cheap_ms: Arc<Mutex<Vec<f64>>> = Arc::default();
    let failures: Arc<Mutex<Vec<String>>> = Arc::default();
    let (ok, refused, expensive_ok) =
        (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let memory: Arc<Mutex<Vec<(f64, u64)>>> = Arc::default();
    let sampler = {
        let memory = memory.clone();
        std::thread::spawn(move || {
            while start.elapsed() < run {
                if let Some(kib) = rss_kib(pid) {
                    memory.lock().unwrap().push((start.elapsed().as_secs_f64(), kib));
                }
                std::thread::sleep(Duration::from_millis(250));
            }
        })
    };
    let clients: Vec<_> = (0..CLIENTS)
        .map(|c| {
            let (base, cheap_ms, failures) = (base.clone(), cheap_ms.clone(), failures.clone());
            let (ok, refused, expensive_ok) = (ok.clone(), refused.clone(), expensive_ok.clone());
            std::thread::spawn(move || {
                let client: Client = Client::config_builder()
                    .http_status_as_error(false)
                    .timeout_global(Some(Duration::from_secs(60)))
                    .build()
                    .into();
                // Clients start spread over the first half second, then think 100 to 300 ms
                // between queries.
                std::thread::sleep(Duration::from_millis((c as u64 * 37) % 500));
                let mut n = 0u64;
                while start.elapsed() < run {
                    n += 1;
                    let (path, body, cheap) = request(c, n);
                    let sent = Instant::now();
                    let answer = client
                        .post(format!("{base}{path}"))
                        .header("content-type", "application/json")
                        .send(&body);
                    let took = sent.elapsed();
                    let mut r = match answer {
                        Ok(r) => r,
                        Err(e) => {
                            failures.lock().unwrap().push(format!("{path}: {e}"));
                            continue;
                        }
                    };
                    let status = r.status().as_u16();
                    let retry = r.headers().contains_key("retry-after");
                    let text = r.body_mut().read_to_string().unwrap_or_default();
                    let v: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
                    let mut pause = Duration::from_millis(100 + (c as u64 * 13 + n * 29) % 200);
                    match status {
                        200 => {
                            ok.fetch_add(1, Ordering::Relaxed);
                            if cheap {
                                cheap_ms.lock().unwrap().push(took.as_secs_f64() * 1000.0);
                            } else {
                                expensive_ok.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                        429 | 503
                            if v["error"]["message"].as_str().is_some_and(|m| !m.is_empty()) =>
                        {
                            refused.fetch_add(1, Ordering::Relaxed);
                            if !retry {
                                failures
                                    .lock()
                                    .unwrap()
                                    .push(format!("{path}: {status} without Retry-After"));
                            }
                            pause = Duration::from_secs(1);
                        }
                        _ => failures.lock().unwrap().push(format!("{path}: {status}: {text}")),
                    }
                    std::thread::sleep(pause);
                }
            })
        })
        .collect();
    for c in clients {
        c.join().unwrap();
    }
    sampler.join().unwrap();
    let cores_busy = (cpu_seconds(pid) - cpu_before) / start.elapsed().as_secs_f64();

    let mut cheap = cheap_ms.lock().unwrap().clone();
    cheap.sort_by(f64::total_cmp);
    let p = |q: f64| cheap[((cheap.len() as f64 * q) as usize).min(cheap.len() - 1)];
    let (p50, p99, max) = (p(0.50), p(0.99), cheap[cheap.len() - 1]);
    let memory = memory.lock().unwrap().clone();
    let third = seconds as f64 / 3.0;
    let peak = |from: f64, to: f64| {
        memory.iter().filter(|(t, _)| *t >= from && *t < to).map(|m| m.1).max().unwrap_or(0)
    };
    let (early, late) = (peak(0.0, third), peak(2.0 * third, f64::MAX));
    eprintln!(
        "load: {seconds} s, {CLIENTS} clients: {} answered 200 ({} expensive), {} refused; \
         cheap queries p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms; resident memory \
         peak {early} KiB in the first third, {late} KiB in the last; the server used \
         {cores_busy:.2} cores",
        ok.load(Ordering::Relaxed),
        expensive_ok.load(Ordering::Relaxed),
        refused.load(Ordering::Relaxed),
    );
    let failures = failures.lock().unwrap();
    assert!(
        failures.is_empty(),
        "{} failures, first: {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
    assert!(expensive_ok.load(Ordering::Relaxed) > 0, "no expensive query was answered");
    assert!(cheap.len() > 1000, "only {} cheap queries answered", cheap.len());
    assert!(p99 < 50.0, "the cheap queries' p99 is {p99:.1} ms");
    assert!(early > 0 && late * 10 <= early * 11, "memory grew: {early} KiB then {late} KiB");

    assert!(Command::new("kill").args(["-TERM", &pid.to_string()]).status().unwrap().success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "felt serve did not exit cleanly on SIGTERM");
}
