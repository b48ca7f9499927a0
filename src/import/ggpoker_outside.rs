//! GGPoker's money from outside the pot (docs/games.md), read into the record: a Cash Drop as
//! the hand's dead money (`_dead_money`), an EV Cashout or all-in insurance as the player's
//! cashout (`pN _cashout X`, after the hand's other actions), which the finishing stacks count.
//!
//! | GGPoker writes | read as |
//! |---|---|
//! | `Cash Drop to Pot : total $0.5` | `_dead_money = 0.50` |
//! | `NAME: Chooses to EV Cashout` | the player cashes out: one of the two lines below says how much |
//! | `NAME: Pays Cashout Risk ($0.65)` | `pN _cashout -0.65` (the player won the pot) |
//! | `NAME: Receives Cashout ($8.64)` | `pN _cashout 8.64` (the player lost it) |
//! | `NAME: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0) - (Mandatory/Main/Sub))` | the player insures: `_insurance`, the premium and the cover with their parts |
//! | `NAME: pay premium of all-in insurance ($4)` | `pN _cashout -4` |
//!
//! Each EV Cashout chosen is also kept as the room's offer, `_ev_cashout = [{ player = 1, line
//! = 30, board = '8h9c6c' }]` (who, the line, the board when chosen), so that `felt luck` can
//! compare what the room paid with the player's equity then (docs/luck.md); none is kept from a
//! board run more than once, where the room makes no offer.
//!
//! These lines are kept from the PokerStars reader ([`is_outside_line`]); the summary's
//! `, Cashout Risk ($0.65)` after a seat's result is its own words for the same amount.
//!
//! GG's insurance line gives the premium and the cover in one part (`premium ($1.2) for
//! ($15)`) or in three, named after them (`Mandatory/Main/Sub`): the parts of the premium must
//! add up to the premium the player pays, and a text whose parts do not (or whose parts
//! cannot be read) is unreadable at the insurance line.

use std::borrow::Cow;

use super::lines::{amount, find, Line};
use super::split::HandText;
use crate::record::{Action, Amount, HandRecord, RecordedAction, Unreplayable, Value};

/// Whether a line of play is GG's money from outside the pot, which the PokerStars reader
/// does not read.
pub(super) fn is_outside_line(t: &str) -> bool {
    t.starts_with("Cash Drop to Pot")
        || [CHOOSES, PAYS, RECEIVES, INSURES, PREMIUM].iter().any(|w| find(t, w).is_some())
}

/// GG's words for a player's money outside the pot, after the player's name.
const CHOOSES: &str = ": Chooses to EV Cashout";
const PAYS: &str = ": Pays Cashout Risk (";
const RECEIVES: &str = ": Receives Cashout (";
const INSURES: &str = ": get an all-in insurance (";
const PREMIUM: &str = ": pay premium of all-in insurance (";

/// One player's money outside the pot: who, and the amount the text gives in its unit.
struct Paid<'t> {
    name: &'t str,
    amount: Amount,
    line: usize,
}

/// An all-in insurance as GG's line gives it: the premium and the cover, each in parts, and
/// the parts' names when given (`Mandatory`, `Main`, `Sub`).
#[derive(Debug, PartialEq, Eq)]
struct Insurance {
    premium: Vec<Amount>,
    cover: Vec<Amount>,
    names: Vec<String>,
}

impl Insurance {
    /// The parts of an insurance line, after `get an all-in insurance (`: `premium ($0/$4/$0)
    /// for ($0/$10.8/$0) - (Mandatory/Main/Sub))` or `premium ($1.2) for ($15))`; `None` when
    /// they cannot be read or their counts differ.
    fn read(rest: &str) -> Option<Insurance> {
        let rest = rest.strip_prefix("premium (")?;
        let (premium, rest) = rest.split_once(") for (")?;
        let (cover, rest) = rest.split_once(')')?;
        let parts = |t: &str| t.split('/').map(|x| amount(x.trim())).collect::<Option<Vec<_>>>();
        let names: Vec<String> = match rest.trim().strip_prefix("- (") {
            Some(n) => n.split(')').next()?.split('/').map(|x| x.trim().to_string()).collect(),
            None => Vec::new(),
        };
        let i = Insurance { premium: parts(premium)?, cover: parts(cover)?, names };
        let same = i.premium.len() == i.cover.len()
            && (i.names.is_empty() || i.names.len() == i.premium.len());
        same.then_some(i)
    }

    /// The whole premium: its parts added up (`None` past the largest amount).
    fn premium_total(&self) -> Option<Amount> {
        self.premium.iter().try_fold(Amount::whole(0), |sum, &x| add(sum, x))
    }

    /// The record's `_insurance` entry for player `i` (from 0), its line `line`, and the board
    /// out then (`None`: a board run more than once, whose insurance is not compared).
    fn entry(&self, i: usize, line: usize, board: Option<&str>) -> Value<'static> {
        let num = |a: &Amount| Value::Num(Cow::Owned(a.to_string()));
        let total = |v: &[Amount]| v.iter().try_fold(Amount::whole(0), |s, &x| add(s, x));
        let mut t = vec![
            (Cow::Borrowed("player"), Value::Num(Cow::Owned((i + 1).to_string()))),
            (Cow::Borrowed("line"), Value::Num(Cow::Owned(line.to_string()))),
        ];
        for (key, v) in [("premium", &self.premium), ("cover", &self.cover)] {
            if let Some(x) = total(v) {
                t.push((Cow::Borrowed(key), num(&x)));
            }
        }
        if self.premium.len() > 1 {
            t.push((
                Cow::Borrowed("premium_parts"),
                Value::Array(self.premium.iter().map(num).collect()),
            ));
            t.push((
                Cow::Borrowed("cover_parts"),
                Value::Array(self.cover.iter().map(num).collect()),
            ));
        }
        if !self.names.is_empty() {
            let names = self.names.iter().map(|n| Value::Str(Cow::Owned(n.clone())));
            t.push((Cow::Borrowed("parts"), Value::Array(names.collect())));
        }
        if let Some(b) = board {
            t.push((Cow::Borrowed("board"), Value::Str(Cow::Owned(b.to_string()))));
        }
        Value::Table(t)
    }
}

/// Reads GG's money from outside the pot into `r`: the Cash Drop as its dead money, and each
/// player's cashouts as one `pN _cashout X` after the hand's actions, added to their finishing
/// stack; each all-in insurance as an `_insurance` entry. A cashout chosen whose amount the
/// text does not give makes the hand unsupported; an insurance whose parts cannot be read, or
/// do not add up to the premium paid, makes it unreadable at its line.
pub(super) fn read_outside(h: &HandText, r: &mut HandRecord<'_>) {
    if r.unreplayable.is_some() {
        return;
    }
    let mut paid: Vec<Paid<'_>> = Vec::new();
    let mut premiums: Vec<Paid<'_>> = Vec::new();
    let mut insured: Vec<(&str, Insurance, usize, String)> = Vec::new();
    let mut chosen: Vec<(&str, Line<'_>)> = Vec::new();
    let mut drop: Option<(Amount, usize)> = None;
    // The board as each EV Cashout is chosen (the room's offer is on the cards out then), and
    // whether the board was run more than once (the room offers none then).
    let mut board = String::new();
    let mut runs = false;
    let mut cashouts: Vec<(&str, usize, String)> = Vec::new();
    for l in h.lines().take_while(|l| l.text != "*** SUMMARY ***") {
        let t = l.text;
        if let Some(street) = t.strip_prefix("*** ") {
            runs |= street.starts_with("FIRST ") || street.starts_with("SECOND ");
            if let Some(cards) = street_cards(street) {
                board = cards;
            }
        }
        if let Some(k) = find(t, CHOOSES) {
            cashouts.push((&t[..k], l.number, board.clone()));
        }
        if let Some(rest) = t.strip_prefix("Cash Drop to Pot") {
            let total = rest.rsplit(' ').find(|w| !w.is_empty()).and_then(amount);
            match (total, drop) {
                (Some(x), None) => drop = Some((x, l.number)),
                _ => {
                    return refuse(r, l, "a Cash Drop whose amount cannot be read, or a second one")
                }
            }
        }
        for (verb, sign) in [(PAYS, -1), (RECEIVES, 1), (PREMIUM, -1)] {
            if let Some(k) = find(t, verb) {
                let Some(x) = amount(&t[k + verb.len()..]) else {
                    return refuse(r, l, "an amount paid outside the pot that cannot be read");
                };
                let amount = Amount { units: x.units.saturating_mul(sign), places: x.places };
                paid.push(Paid { name: &t[..k], amount, line: l.number });
                if verb == PREMIUM {
                    premiums.push(Paid { name: &t[..k], amount: x, line: l.number });
                }
            }
        }
        if let Some(k) = find(t, INSURES) {
            let Some(parts) = Insurance::read(&t[k + INSURES.len()..]) else {
                return unreadable(r, l, "expected `get an all-in insurance (premium (X) for (Y))`, or the premium and the cover in as many parts, named (`premium ($0/$4/$0) for ($0/$10.8/$0) - (Mandatory/Main/Sub))`)".into());
            };
            insured.push((&t[..k], parts, l.number, board.clone()));
        }
        for verb in [CHOOSES, INSURES] {
            if let Some(k) = find(t, verb) {
                chosen.push((&t[..k], l));
            }
        }
    }
    if let Some((_, l)) = chosen.iter().find(|(name, _)| !paid.iter().any(|p| p.name == *name)) {
        return refuse(r, *l, "an EV Cashout or insurance whose amount the text does not give");
    }
    if let Some((x, _)) = drop {
        r.dead_money = Some(x);
    }
    let names: Vec<String> = r.players.iter().flatten().map(|n| n.to_string()).collect();
    let mut entries = Vec::new();
    for (name, parts, line, board) in &insured {
        let l = Line { number: *line, text: name };
        let paid_premium = premiums.iter().find(|p| p.name == *name);
        let total = parts.premium_total();
        if let Some(p) = paid_premium
            && total.is_none_or(|t| t.to_units(9) != p.amount.to_units(9))
        {
            let each: Vec<String> = parts.premium.iter().map(Amount::to_string).collect();
            let why = format!(
                "the insurance premium's parts ({}) add up to {}, but line {} pays a premium of {}",
                each.join(" + "),
                total.map_or_else(|| "too much".to_string(), |t| t.to_string()),
                p.line,
                p.amount
            );
            return unreadable(r, l, why);
        }
        let Some(i) = names.iter().position(|n| n == name) else {
            return refuse(r, l, "money paid outside the pot to a player not dealt in");
        };
        entries.push(parts.entry(i, *line, (!runs).then_some(board.as_str())));
    }
    if !entries.is_empty() {
        r.other.push((Cow::Borrowed("_insurance"), Value::Array(entries)));
    }
    let mut offers = Vec::new();
    for (name, line, board) in cashouts.iter().filter(|_| !runs) {
        let Some(i) = names.iter().position(|n| n == name) else { continue };
        let num = |x: usize| Value::Num(Cow::Owned(x.to_string()));
        offers.push(Value::Table(vec![
            (Cow::Borrowed("player"), num(i + 1)),
            (Cow::Borrowed("line"), num(*line)),
            (Cow::Borrowed("board"), Value::Str(Cow::Owned(board.clone()))),
        ]));
    }
    if !offers.is_empty() {
        r.other.push((Cow::Borrowed("_ev_cashout"), Value::Array(offers)));
    }
    let mut by_player: Vec<(usize, Amount, usize)> = Vec::new();
    for p in &paid {
        let Some(i) = names.iter().position(|n| n == p.name) else {
            let l = Line { number: p.line, text: p.name };
            return refuse(r, l, "money paid outside the pot to a player not dealt in");
        };
        match by_player.iter_mut().find(|(j, _, _)| *j == i) {
            Some((_, sum, _)) => match add(*sum, p.amount) {
                Some(s) => *sum = s,
                None => return refuse(r, Line { number: p.line, text: p.name }, "too large"),
            },
            None => by_player.push((i, p.amount, p.line)),
        }
    }
    for (i, x, line) in by_player {
        r.actions.push(RecordedAction::built(Action::CashOut(i, x)));
        if !r.site_text.action_lines.is_empty() {
            r.site_text.action_lines.push(Some(line as u64));
        }
        if let Some(stack) = r.finishing_stacks.as_mut().and_then(|f| f.get_mut(i)) {
            match add(*stack, x) {
                Some(s) => *stack = s,
                None => return refuse(r, Line { number: line, text: "" }, "too large"),
            }
        }
    }
}

/// The whole board a street's line shows (after `*** `): `FLOP *** [8h 9c 6c]` gives
/// `8h9c6c`, `TURN *** [8h 9c 6c] [Ac]` gives `8h9c6cAc`; `None` for another line.
fn street_cards(street: &str) -> Option<String> {
    let (name, rest) = street.split_once(" *** ")?;
    if !matches!(name, "FLOP" | "TURN" | "RIVER") {
        return None;
    }
    Some(rest.chars().filter(|c| c.is_ascii_alphanumeric()).collect())
}

/// `a + b`, written with the places of the finer.
fn add(a: Amount, b: Amount) -> Option<Amount> {
    let places = a.places.max(b.places);
    let units = a.to_units(places)?.checked_add(b.to_units(places)?)?;
    Some(Amount { units, places })
}

/// Makes the hand unsupported, saying the line.
fn refuse(r: &mut HandRecord<'_>, l: Line<'_>, why: &str) {
    r.unreplayable = Some(Unreplayable::Unsupported(format!("line {}: {why}", l.number)));
}

/// Makes the hand unreadable (malformed), saying the line.
fn unreadable(r: &mut HandRecord<'_>, l: Line<'_>, why: String) {
    r.unreplayable = Some(Unreplayable::Unreadable(format!("line {}: {why}", l.number)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gg_lines_outside_the_pot_are_known_and_others_are_not() {
        for t in [
            "Cash Drop to Pot : total $0.5",
            "c92cfd10: Chooses to EV Cashout",
            "c92cfd10: Pays Cashout Risk ($0.65)",
            "Hero: Receives Cashout ($8.64)",
            "23aca38f: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0) - (Mandatory/Main/Sub))",
            "23aca38f: pay premium of all-in insurance ($4)",
        ] {
            assert!(is_outside_line(t), "{t}");
        }
        for t in ["Hero: calls $0.05", "Hero collected $4.86 from pot", "Total pot $5.08"] {
            assert!(!is_outside_line(t), "{t}");
        }
    }

    #[test]
    fn an_insurance_gives_its_premium_and_cover_in_one_part_or_in_named_parts() {
        let a = |s: &str| amount(s).unwrap();
        let three = Insurance::read("premium ($0/$4/$0) for ($0/$10.8/$0) - (Mandatory/Main/Sub))");
        let three = three.unwrap();
        assert_eq!(three.premium, [a("0"), a("4"), a("0")]);
        assert_eq!(three.cover, [a("0"), a("10.8"), a("0")]);
        assert_eq!(three.names, ["Mandatory", "Main", "Sub"]);
        assert_eq!(three.premium_total().unwrap().to_units(2), Some(400));
        let one = Insurance::read("premium ($1.2) for ($15))").unwrap();
        assert_eq!((one.premium, one.cover, one.names.len()), (vec![a("1.2")], vec![a("15")], 0));
        // Parts that cannot be read, or as many premiums as covers not given: not read.
        assert_eq!(Insurance::read("premium ($0/$4) for ($0/$10.8/$0))"), None);
        assert_eq!(Insurance::read("premium ($0/x/$0) for ($0/$1/$0))"), None);
        assert_eq!(Insurance::read("premium ($1/$2) for ($3/$4) - (Main))"), None);
    }

    #[test]
    fn amounts_add_in_the_finer_places() {
        let a = |s: &str| Amount::parse(s).unwrap();
        assert_eq!(add(a("4.86"), a("-0.65")).unwrap().to_units(2), Some(421));
        assert_eq!(add(a("3"), a("0.5")).unwrap().to_units(1), Some(35));
        assert_eq!(add(Amount::whole(i64::MAX), a("1")), None);
    }
}
