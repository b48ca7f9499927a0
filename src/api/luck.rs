//! `POST /api/luck`: each player's results against their all-in equity over a text's hands,
//! as `felt luck --json` reports them (the same [`LuckTotals::json`] writes both).

use serde::Deserialize;
use serde_json::{json, Value};

use super::{Answer, Limits, Response};
use crate::luck::{
    hand_luck_in_prizes, not_counted, CashoutCheck, HandLuck, InsuranceCheck, Ledger, PlayerLuck,
};
use crate::replay_source::{parse_format, Chunk};
use crate::stop::Stop;
use crate::text::count;

/// The body of `POST /api/luck`: a text of hands and the options of `felt luck`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LuckRequest {
    /// The hands, in any format `felt replay` reads.
    pub text: String,
    /// The format (`--format`); read from the text when left out.
    #[serde(default)]
    pub format: Option<String>,
    /// Rows per `game`, `stake` and `session` too (`--by`).
    #[serde(default)]
    pub by: Vec<String>,
    /// With `by` session: the minutes between two hands that start a new session
    /// (`--session-gap`, 1 to 100,000; 30 when left out).
    #[serde(default)]
    pub session_gap: Option<u64>,
    /// A tournament's prizes by place, first place first (`--payouts`): tournament hands are
    /// counted in prize equity by ICM.
    #[serde(default)]
    pub payouts: Option<Vec<f64>>,
}

/// The most places `--payouts` takes.
pub const MAX_PAYOUTS: usize = 10_000;

/// Checks prizes by place as `felt luck --payouts` does: none negative, at least one above 0.
pub fn check_payouts(prizes: &[f64]) -> Result<(), String> {
    let expected =
        "expected the prizes by place, first place first, separated by commas (50,30,20)";
    if prizes.len() > MAX_PAYOUTS {
        return Err(format!("more than {MAX_PAYOUTS} places: {expected}"));
    }
    if let Some(k) = prizes.iter().position(|v| !(v.is_finite() && *v >= 0.0)) {
        return Err(format!("place {}: `{}` is not a prize: {expected}", k + 1, prizes[k]));
    }
    if prizes.iter().all(|&p| p == 0.0) {
        return Err(format!("every prize is 0: {expected}"));
    }
    Ok(())
}

/// A hand's EV Cashouts: its label, its players' names and each cashout beside the rule.
pub type Cashouts = (String, Vec<String>, Vec<CashoutCheck>);

/// A hand's all-in insurances: its label, players and checks.
pub type Insured = (String, Vec<String>, Vec<InsuranceCheck>);

/// What `--payouts` did: the tournament hands counted in prizes.
#[derive(Default, Debug)]
pub struct PrizeTally {
    /// Tournament hands counted in prizes.
    pub hands: u64,
    /// Of them, all-ins whose runouts were sampled.
    pub sampled: u64,
    /// The largest standard error of the sampled ones.
    pub stderr: f64,
}

impl PrizeTally {
    /// Counts a hand.
    pub fn add(&mut self, luck: &HandLuck) {
        if let Some(p) = luck.prizes {
            self.hands += 1;
            if !p.exact {
                self.sampled += 1;
                self.stderr = self.stderr.max(p.stderr.unwrap_or(0.0));
            }
        }
    }
}

/// Everything `felt luck` adds up over the hands: the ledger of players, the files read, the
/// EV Cashouts, the insurances and the prizes.
pub struct LuckTotals {
    /// Each player's (or group's) results.
    pub ledger: Ledger,
    /// Files (or texts) read to the end.
    pub files: usize,
    /// The room's EV Cashouts beside its rule.
    pub cashouts: Vec<Cashouts>,
    /// The all-in insurances.
    pub insured: Vec<Insured>,
    /// The tournament hands counted in prizes.
    pub prizes: PrizeTally,
}

impl LuckTotals {
    /// Totals over no hand, for a ledger grouped as it is.
    pub fn new(ledger: Ledger) -> LuckTotals {
        LuckTotals {
            ledger,
            files: 0,
            cashouts: Vec::new(),
            insured: Vec::new(),
            prizes: PrizeTally::default(),
        }
    }

    /// Adds a hand: its luck, or why it is not counted.
    pub fn add(&mut self, label: String, luck: Result<HandLuck, String>) {
        match luck {
            Ok(luck) => {
                self.prizes.add(&luck);
                self.ledger.add(&label, &luck);
                if !luck.insurance.is_empty() {
                    self.insured.push((label.clone(), luck.players.clone(), luck.insurance));
                }
                if !luck.cashouts.is_empty() {
                    self.cashouts.push((label, luck.players, luck.cashouts));
                }
            }
            Err(why) => self.ledger.skip(&label, &why),
        }
    }

    /// The object of `felt luck --json` (after [`Ledger::finish`]).
    pub fn json(&self, payouts: Option<&[f64]>) -> Value {
        let mut v = summary_json(&self.ledger, self.files);
        v["cashouts"] = cashouts_json(&self.cashouts);
        v["insurance"] = insurance_json(&self.insured);
        if let Some(p) = payouts {
            let t = &self.prizes;
            v["prizes"] = json!({"payouts": p, "hands": t.hands, "sampled": t.sampled,
                "largest_stderr": t.stderr});
        }
        v
    }
}

/// A hand's luck, or why it is not counted, as `felt luck` settles it.
pub fn settle(r: &crate::phh::HandReport, payouts: Option<&[f64]>) -> Result<HandLuck, String> {
    hand_luck_in_prizes(r, payouts).ok_or_else(|| not_counted(r))
}

/// `120 hands in 2 files: 7 all in with cards to come, 1 not settled, 2 not counted`.
pub fn summary(ledger: &Ledger, files: usize) -> String {
    let mut s = format!(
        "{} in {}: {} all in with cards to come and settled by expectation",
        count(ledger.hands as usize, "hand", "hands"),
        count(files, "file", "files"),
        ledger.all_in
    );
    if !ledger.unsettled.is_empty() {
        s.push_str(&format!(", {} all in but not settled", ledger.unsettled.len()));
    }
    if !ledger.not_counted.is_empty() {
        s.push_str(&format!(", {} not counted", ledger.not_counted.len()));
    }
    s
}

/// The summary object of `felt luck --json`.
pub fn summary_json(ledger: &Ledger, files: usize) -> Value {
    let player = |p: &PlayerLuck| {
        json!({"player": p.name, "game": p.game, "stake": p.stake, "session": p.session, "hands": p.hands, "all_in": p.all_in, "won": round(p.net),
            "all_in_ev": round(p.expected), "luck": round(p.luck()), "bb_hands": p.bb_hands,
            "won_bb_per_100": p.net_bb_per_100().map(round),
            "all_in_ev_bb_per_100": p.expected_bb_per_100().map(round),
            "luck_bb_per_100": p.luck_bb_per_100().map(round)})
    };
    let listed = |v: &[(String, String)]| -> Vec<_> {
        v.iter().map(|(h, why)| json!({"hand": h, "why": why})).collect()
    };
    json!({"summary": summary(ledger, files), "hands": ledger.hands, "files": files,
        "all_in": ledger.all_in, "players": ledger.players.iter().map(player).collect::<Vec<_>>(),
        "not_settled": listed(&ledger.unsettled), "not_counted": listed(&ledger.not_counted)})
}

/// The room's EV Cashouts as JSON: one object each.
pub fn cashouts_json(all: &[Cashouts]) -> Value {
    let list: Vec<_> = all
        .iter()
        .flat_map(|(label, names, c)| c.iter().map(move |c| (label, names, c)))
        .map(|(label, names, c)| {
            let compared = c.not_compared.is_none();
            json!({"hand": label, "line": c.line, "player": names.get(c.player),
                "street": c.street, "room": round(c.room),
                "rule": compared.then(|| round(c.rule)), "equity": compared.then(|| round(c.equity)),
                "fee": c.fee, "agrees": c.agrees(), "not_compared": c.not_compared})
        })
        .collect();
    Value::Array(list)
}

/// The all-in insurances as `--json` gives them.
pub fn insurance_json(all: &[Insured]) -> Value {
    let list: Vec<_> = all
        .iter()
        .flat_map(|(label, names, c)| c.iter().map(move |c| (label, names, c)))
        .map(|(label, names, c)| {
            let compared = c.not_compared.is_none();
            json!({"hand": label, "line": c.line, "player": names.get(c.player),
                "street": c.street, "premium": round(c.premium), "cover": round(c.cover),
                "price": round(c.price()), "loss": compared.then(|| round(c.loss)),
                "fair_premium": compared.then(|| round(c.fair)), "not_compared": c.not_compared})
        })
        .collect();
    Value::Array(list)
}

/// An amount rounded to a millionth, as JSON writes it.
pub fn round(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// Answers a luck request.
pub(crate) fn answer(r: LuckRequest, limits: &Limits, stop: &Stop) -> Answer {
    let format = match &r.format {
        Some(n) => {
            parse_format(n).map_err(|e| Response::bad_field("format", format!("format: {e}")))?
        }
        None => None,
    };
    let mut by = [false; 3];
    for (i, group) in r.by.iter().enumerate() {
        match ["game", "stake", "session"].iter().position(|g| g == group) {
            Some(k) => by[k] = true,
            None => {
                return Err(Response::bad_field(
                    &format!("by[{i}]"),
                    format!("by: invalid value '{group}' [possible values: game, stake, session]"),
                ));
            }
        }
    }
    if r.session_gap.is_some() && !by[2] {
        return Err(Response::bad_field(
            "session_gap",
            "session_gap says where by session cuts: give by session too",
        ));
    }
    let gap = match r.session_gap {
        Some(g) => super::in_range("session_gap", g, 1, 100_000)?,
        None => 30,
    };
    if let Some(p) = &r.payouts {
        check_payouts(p).map_err(|e| Response::bad_field("payouts", format!("payouts: {e}")))?;
    }
    let payouts = r.payouts.as_deref();
    let mut ledger = Ledger::new(by[0], by[1]);
    if by[2] {
        ledger.by_session = Some(60 * gap as i64);
    }
    let mut totals = LuckTotals::new(ledger);
    let chunks = super::replay::read_bounded(&r.text, format, 4, limits, stop)?;
    for chunk in chunks {
        if stop.is_raised() {
            return Err(Response::stopped());
        }
        match chunk.replay(true) {
            Some(reports) => {
                for report in reports {
                    let luck = settle(&report, payouts);
                    totals.add(report.label.clone(), luck);
                }
            }
            None => {
                if let Chunk::Read(..) = chunk {
                    totals.files += 1;
                } else if let Some(note) = chunk.note() {
                    return Err(Response::bad_field("text", note.to_string()));
                }
            }
        }
    }
    totals.ledger.finish();
    Ok(Response::ok(totals.json(payouts)))
}
