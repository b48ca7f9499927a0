//! What the table says about the run: the CPU, its cores, the load before and after, the
//! date, and the peers' commits.

use std::time::{SystemTime, UNIX_EPOCH};

/// The machine a run measured on.
pub struct Machine {
    cpu: String,
    cores: usize,
    load_before: Option<String>,
    load_after: Option<String>,
    date: String,
}

/// The 1, 5 and 15-minute load averages (Linux's `/proc/loadavg`), if readable.
pub fn load() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    Some(text.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
}

/// The CPU's model name with its family and model numbers (`/proc/cpuinfo`; cloud machines
/// often name only the brand, and the numbers tell the generation), if readable.
fn cpu() -> String {
    let Ok(text) = std::fs::read_to_string("/proc/cpuinfo") else {
        return "unknown CPU".into();
    };
    let field = |name: &str| {
        text.lines()
            .filter_map(|l| l.split_once(':'))
            .find(|(k, _)| k.trim() == name)
            .map(|(_, v)| v.trim().to_string())
    };
    let name = field("model name").unwrap_or_else(|| "unknown CPU".into());
    match (field("cpu family"), field("model")) {
        (Some(f), Some(m)) => format!("{name} (family {f}, model {m})"),
        _ => name,
    }
}

/// Today's date and time in UTC, `YYYY-MM-DD HH:MM`.
fn date() -> String {
    date_at(SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()))
}

/// The date and time `secs` seconds after 1970-01-01 00:00 UTC.
fn date_at(secs: u64) -> String {
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    let (year, month, day) = feltkit::record::table::civil_from_days(days);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02} UTC", rest / 3600, rest % 3600 / 60)
}

/// The machine now, with the loads read before and after the rounds.
pub fn describe(load_before: Option<String>, load_after: Option<String>) -> Machine {
    Machine {
        cpu: cpu(),
        cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        load_before,
        load_after,
        date: date(),
    }
}

impl Machine {
    /// One line for the table.
    pub fn summary(&self) -> String {
        let na = || "unknown".to_string();
        format!(
            "{}, {} cores; {}; load average (1, 5, 15 min) {} before, {} after",
            self.cpu,
            self.cores,
            self.date,
            self.load_before.clone().unwrap_or_else(na),
            self.load_after.clone().unwrap_or_else(na)
        )
    }

    /// The same as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "cpu": self.cpu,
            "cores": self.cores,
            "date": self.date,
            "load_before": self.load_before,
            "load_after": self.load_after,
        })
    }
}

/// Each peer compiled in: its source directory and commit.
pub fn peers_json() -> serde_json::Value {
    let peer = |dir: Option<&str>, commit: Option<&str>| {
        dir.map(|d| serde_json::json!({"dir": d, "commit": commit}))
    };
    serde_json::json!({
        "OMPEval": peer(option_env!("FELTKIT_PEER_OMPEVAL_DIR"), option_env!("FELTKIT_PEER_OMPEVAL_COMMIT")),
        "PokerHandEvaluator": peer(
            option_env!("FELTKIT_PEER_PHEVALUATOR_DIR"),
            option_env!("FELTKIT_PEER_PHEVALUATOR_COMMIT")
        ),
        "poker-eval": peer(
            option_env!("FELTKIT_PEER_POKER_EVAL_DIR"),
            option_env!("FELTKIT_PEER_POKER_EVAL_COMMIT")
        ),
    })
}

/// Each peer compiled in with its commit, for the table.
pub fn peer_commits() -> String {
    [
        ("OMPEval", option_env!("FELTKIT_PEER_OMPEVAL_COMMIT")),
        ("PokerHandEvaluator", option_env!("FELTKIT_PEER_PHEVALUATOR_COMMIT")),
        ("poker-eval", option_env!("FELTKIT_PEER_POKER_EVAL_COMMIT")),
    ]
    .iter()
    .filter_map(|(name, commit)| commit.map(|c| format!("{name} {}", &c[..c.len().min(12)])))
    .collect::<Vec<_>>()
    .join(", ")
}

#[cfg(test)]
mod tests {
    use super::date_at;

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(date_at(0), "1970-01-01 00:00 UTC");
        assert_eq!(date_at(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(date_at(1_796_085_000), "2026-12-01 00:30 UTC");
    }
}
