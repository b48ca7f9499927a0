//! `POST /api/deal`: random legal hands of any game as `felt deal` deals them, the PHH bundle
//! in the answer ([`crate::play::deal`] does the work for both).

use serde::Deserialize;
use serde_json::{json, Value};

use super::{in_range, Answer, Limits, Response};
use crate::play::deal::{
    parse_percent, parse_players, parse_stack, parse_stakes, DealFailure, DealSettings,
};
use crate::play::Counts;
use crate::stop::Stop;

/// `players`: a number, or a range as text (`"2-6"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayersField {
    /// One number of players.
    Number(u64),
    /// A number or a range, as `--players` reads it.
    Text(String),
}

impl<'de> Deserialize<'de> for PlayersField {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PlayersField, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = PlayersField;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a number of players, or a range such as \"2-6\"")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<PlayersField, E> {
                Ok(PlayersField::Number(n))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<PlayersField, E> {
                Ok(PlayersField::Text(n.to_string()))
            }
            fn visit_str<E: serde::de::Error>(self, t: &str) -> Result<PlayersField, E> {
                Ok(PlayersField::Text(t.to_string()))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// The body of `POST /api/deal`: the flags of `felt deal` by their names (no `output`, and no
/// `threads`: the server's own pool deals).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealRequest {
    /// The game: a preset, a PHH code or a game's name (`--game`).
    pub game: String,
    /// Omaha's 4, 5 or 6 hole cards.
    #[serde(default)]
    pub hole_cards: Option<u32>,
    /// Another betting structure (`no-limit`, `pot-limit`, `fixed-limit`,
    /// `pot-limit-preflop`).
    #[serde(default)]
    pub structure: Option<String>,
    /// Hands to deal: 1000 when left out, at most [`Limits::max_hands`].
    #[serde(default)]
    pub hands: Option<u64>,
    /// Players per hand: a number, or a range such as `"2-6"`.
    #[serde(default)]
    pub players: Option<PlayersField>,
    /// Starting stacks: one amount for every player, or one per player.
    #[serde(default)]
    pub stacks: Vec<i64>,
    /// Forced bets and bet sizes, the text of `--stakes` (`"50/100"`, `"ante=1,bets=5/10"`).
    #[serde(default)]
    pub stakes: Option<String>,
    /// The hands in order at one table.
    #[serde(default)]
    pub session: bool,
    /// Facing a bet, fold this often (percent).
    #[serde(default)]
    pub fold: Option<u64>,
    /// Bet or raise this often (percent).
    #[serde(default)]
    pub raise: Option<u64>,
    /// Muck at the showdown this often (percent).
    #[serde(default)]
    pub muck: Option<u64>,
    /// Runs of the board after an all-in, 1 to 3.
    #[serde(default)]
    pub runs: Option<u64>,
    /// Every player's bomb: deal bomb pots.
    #[serde(default)]
    pub bomb_pot: Option<i64>,
    /// With `bomb_pot`: 1 or 2 boards.
    #[serde(default)]
    pub boards: Option<u64>,
    /// The seed of the random play (0 when left out).
    #[serde(default)]
    pub seed: u64,
    /// What the hands reached, as `--stats` counts it.
    #[serde(default)]
    pub stats: bool,
}

/// A field's value read by one of `felt deal`'s flag readers: its message after the field's
/// name.
fn field<T>(name: &str, read: Result<T, String>) -> Result<T, Response> {
    read.map_err(|e| Response::bad_field(name, format!("{name}: {e}")))
}

/// The settings a request asks for, each field read as its flag is.
fn settings(r: DealRequest, limits: &Limits) -> Result<DealSettings, Response> {
    let mut s = DealSettings::new(&r.game);
    s.hole_cards = r.hole_cards;
    s.structure = r.structure;
    if let Some(n) = r.hands {
        s.hands = in_range("hands", n, 1, limits.max_hands as u64)?;
    }
    s.hands = s.hands.min(limits.max_hands as u64);
    s.players = match r.players {
        None => None,
        Some(PlayersField::Number(n)) => Some(field("players", parse_players(&n.to_string()))?),
        Some(PlayersField::Text(t)) => Some(field("players", parse_players(&t))?),
    };
    s.stacks = r
        .stacks
        .iter()
        .map(|x| field("stacks", parse_stack(&x.to_string())))
        .collect::<Result<_, _>>()?;
    if let Some(text) = &r.stakes {
        s.stakes = Some(field("stakes", parse_stakes(text))?);
    }
    s.session = r.session;
    let percent = |name: &str, v: Option<u64>| match v {
        Some(x) => field(name, parse_percent(&x.to_string())).map(Some),
        None => Ok(None),
    };
    s.fold = percent("fold", r.fold)?;
    s.raise = percent("raise", r.raise)?;
    s.muck = percent("muck", r.muck)?;
    if let Some(n) = r.runs {
        s.runs = in_range("runs", n, 1, 3)? as u8;
    }
    if let Some(x) = r.bomb_pot {
        s.bomb_pot = Some(field("bomb_pot", parse_stack(&x.to_string()))?);
    }
    if let Some(n) = r.boards {
        s.boards = Some(in_range("boards", n, 1, 2)? as u8);
    }
    s.seed = r.seed;
    Ok(s)
}

/// The object of `stats`: the table `felt deal --stats` writes, and each situation with its
/// count and its rate per 10,000 hands.
fn stats_json(table: String, total: &Counts) -> Value {
    let hands = total.hands.max(1) as f64;
    let situations: Vec<Value> = total
        .rows()
        .into_iter()
        .skip(1)
        .map(|(name, n)| {
            json!({"name": name, "hands": n, "per_10000_hands": n as f64 * 10_000.0 / hands})
        })
        .collect();
    json!({"text": table, "hands": total.hands, "situations": situations})
}

/// Answers a deal request: `{"bundle", "hands"}`, and `stats` when asked.
pub(crate) fn answer(r: DealRequest, limits: &Limits, stop: &Stop) -> Answer {
    let stats = r.stats;
    let mut deal =
        settings(r, limits)?.check().map_err(|e| Response::bad_field(e.field, e.message))?;
    let (bundle, total) = deal.bundle(stop).map_err(|e| match e {
        DealFailure::Stopped => Response::stopped(),
        other => Response::error(500, other.to_string(), Value::Null),
    })?;
    let mut body = json!({"bundle": bundle, "hands": total.hands});
    if stats {
        body["stats"] = stats_json(deal.stats(&total), &total);
    }
    Ok(Response::ok(body))
}
