//! The states a hand goes through, for `POST /api/replay` with `"steps": true`: each hand's
//! state as it starts and after each action, taken from the rules engine as it replays the
//! hand ([`replay_observed`]), so that a replayer shows what the referee saw, never a second
//! reckoning.

use serde_json::{json, Value};

use crate::card::Card;
use crate::phh::amount::format_chips;
use crate::phh::read::hands_at;
use crate::phh::replay::{replay_observed, Moment};
use crate::record::HandRecord;
use crate::replay_source::Chunk;
use crate::rules::pots::build;
use crate::rules::{player_name, Chips, HandState};

/// The most steps kept of one hand: far more actions than any real hand has; a record longer
/// than this has its later steps left out (and says so with `"steps_cut": true`).
pub const MAX_STEPS: usize = 500;

/// The most hands a request with `"steps": true` may hold (a replayer shows one at a time).
pub const MAX_HANDS: usize = 20;

/// One state of a hand, in chips of the engine (written in the hand's unit once its places are
/// known).
struct Step {
    number: usize,
    action: Option<String>,
    actor: Option<usize>,
    street: usize,
    boards: Vec<Vec<Option<Card>>>,
    stacks: Vec<Chips>,
    bets: Vec<Chips>,
    committed: Vec<Chips>,
    live: Vec<bool>,
    holes: Vec<Vec<Option<Card>>>,
    pot: Chips,
    next: Option<usize>,
}

impl Step {
    fn of(moment: Moment<'_>, hand: &HandState) -> Step {
        let n = hand.players();
        let (number, action) = match moment {
            Moment::Start => (0, None),
            Moment::After { number, action } => (number, Some(action)),
        };
        Step {
            number,
            action: action.map(ToString::to_string),
            actor: action.and_then(|a| a.chooser()),
            street: hand.street(),
            boards: hand.boards(),
            stacks: hand.stacks().to_vec(),
            bets: hand.bets().to_vec(),
            committed: hand.committed().to_vec(),
            live: (0..n).map(|p| hand.is_live(p)).collect(),
            holes: (0..n).map(|p| hand.hole_cards(p).to_vec()).collect(),
            pot: hand.pot_total(),
            next: hand.actor(),
        }
    }

    fn json(&self, places: u8) -> Value {
        let chips = |c: Chips| format_chips(c, places);
        let list = |v: &[Chips]| v.iter().map(|&c| chips(c)).collect::<Vec<_>>();
        let cards = |v: &[Option<Card>]| {
            v.iter().map(|c| c.map_or("??".to_string(), |c| c.to_string())).collect::<Vec<_>>()
        };
        let zero = vec![Chips::ZERO; self.committed.len()];
        let pots: Vec<Value> = build(&self.committed, &zero, &self.live)
            .into_iter()
            .filter(|p| p.amount > Chips::ZERO)
            .map(|p| {
                let eligible: Vec<String> = p.eligible.iter().map(|&q| player_name(q)).collect();
                json!({"amount": chips(p.amount), "eligible": eligible})
            })
            .collect();
        json!({
            "number": self.number,
            "action": self.action,
            "actor": self.actor.map(player_name),
            "street": self.street,
            "board": cards(self.boards.first().map_or(&[][..], |b| &b[..])),
            "boards": self.boards.iter().map(|b| cards(b)).collect::<Vec<_>>(),
            "stacks": list(&self.stacks),
            "bets": list(&self.bets),
            "committed": list(&self.committed),
            "live": self.live,
            "hole_cards": self.holes.iter().map(|h| cards(h)).collect::<Vec<_>>(),
            "pot": chips(self.pot),
            "pots": pots,
            "next": self.next.map(player_name),
        })
    }
}

/// One hand's steps as JSON: the states the engine went through, each amount in the hand's
/// unit.
fn steps_of(record: &HandRecord<'_>) -> Value {
    let mut steps = Vec::new();
    let mut cut = false;
    // The states do not depend on the check: the report beside them has it.
    let report = replay_observed(record, String::new(), false, &mut |moment, hand| {
        if steps.len() < MAX_STEPS {
            steps.push(Step::of(moment, hand));
        } else {
            cut = true;
        }
    });
    let steps: Vec<Value> = steps.iter().map(|s| s.json(report.places)).collect();
    if cut {
        json!({"steps": steps, "steps_cut": true})
    } else {
        json!({ "steps": steps })
    }
}

/// The steps of each hand of a chunk, in the order [`Chunk::replay`] reports them: a hand
/// whose record cannot be read has no steps (`[]`).
pub(crate) fn chunk_steps(chunk: &Chunk) -> Vec<Value> {
    let none = || json!({"steps": []});
    let mut out = Vec::new();
    match chunk {
        Chunk::Pieces(_, pieces) => {
            for piece in pieces {
                let Ok(text) = &piece.text else {
                    out.push(none());
                    continue;
                };
                let before = out.len();
                for hand in hands_at(text, piece.line) {
                    match hand {
                        Ok(h) if h.header.is_none() && h.empty && piece.header.is_some() => {}
                        Ok(h) => out.push(match &h.record {
                            Ok(record) => steps_of(record),
                            Err(_) => none(),
                        }),
                        Err(_) => {
                            out.push(none());
                            break;
                        }
                    }
                }
                if out.len() == before {
                    out.push(none());
                }
            }
        }
        Chunk::Hands(_, hands) => {
            for pending in hands {
                let mut got = None;
                pending.hand().read(&mut |record| {
                    got = Some(match record {
                        Ok(record) => steps_of(&record),
                        Err(_) => none(),
                    });
                });
                out.push(got.unwrap_or_else(none));
            }
        }
        _ => {}
    }
    out
}
