//! A Microgaming game as the hand record ([`HandRecord`]) the replay takes and `felt convert`
//! writes: the game, structure and stakes from the `<Game>` start tag, the seats in PHH order,
//! every action as its `type` and `value` say, and the site's own accounting for `--check`.
//!
//! Microgaming writes each seat's balance after the hand (`endbalance`: the finishing stacks),
//! what each winner was paid (`Win`), the bet nobody called (`MoneyReturned`) and the rake in
//! hundredths of the currency (`rake="10"`: 0.10); the total pot is what was put in less the
//! bet handed back.

use std::borrow::Cow;

use super::merge_record::Play;
use super::microgaming_game::{parse, Game};
use super::xml_cut::Cut;
use crate::record::table::SittingOut;
use crate::record::{
    Action, Amount, Entry, HandRecord, RecordedAction, SiteAccounting, SiteText, Unreplayable,
    Value,
};
use crate::rules::CardList;

/// A bound on any one amount: 10^16 chips, so that sums of a table's amounts cannot overflow.
const MAX: i64 = 10_000_000_000_000_000;

/// The hand's record; a hand that cannot be replayed is a record saying why.
pub(super) fn record(cut: &Cut) -> HandRecord<'static> {
    let stub = |why: Unreplayable| super::xml_cut::stub(cut, "Microgaming", why);
    if let Some(why) = super::xml_cut::cut_off(cut, "</Game>") {
        return stub(why);
    }
    let (text, _) = super::decode::decode_borrowed(&cut.text);
    let game = match parse(&text, cut.line) {
        Ok(g) => g,
        Err(why) => return stub(Unreplayable::Unreadable(why)),
    };
    match build(&game, cut.line) {
        Ok(r) => r,
        Err(why) => stub(why),
    }
}

/// Actions that come before the cards are dealt.
fn forced(kind: &str) -> bool {
    matches!(kind, "SmallBlind" | "BigBlind" | "PostedToPlay" | "BadBeatContribution" | "Ante")
}

/// Builds the record of a game read well.
fn build(game: &Game, line: usize) -> Result<HandRecord<'static>, Unreplayable> {
    let kind = game.field("gametype").to_ascii_lowercase();
    let limit = game.field("betlimit").to_ascii_uppercase();
    let omaha = kind.contains("omaha");
    let hi_lo = ["h/l", "hi/lo", "hi-lo"].iter().any(|w| kind.contains(w));
    let holdem = kind.contains("hold");
    let tournament =
        game.field("istournament").trim() != "0" && !game.field("istournament").is_empty();
    let stakes: Vec<Amount> = game
        .field("stakes")
        .split('|')
        .filter_map(|a| super::merge_game::money(a).map(|m| m.0))
        .collect();
    let rake_cents =
        game.field("rake").trim().parse::<i64>().ok().filter(|&r| (0..MAX).contains(&r));
    let amounts = game.seats.iter().flat_map(|s| [Some(s.balance), s.end]).flatten();
    let amounts = amounts.chain(game.acts.iter().filter_map(|a| a.value));
    let amounts =
        amounts.chain(game.winners.iter().map(|w| w.amount)).chain(stakes.iter().copied());
    let u =
        amounts.map(|a| a.places).max().unwrap_or(0).max(u8::from(rake_cents.is_some()) * 2).min(9);
    let chips = |a: Amount| a.to_units(u).unwrap_or(MAX).clamp(-MAX, MAX);
    let amount = |c: i64| Amount { units: c, places: u };
    let unreadable = |l: usize, why: String| Unreplayable::Unreadable(format!("line {l}: {why}"));
    let index = |seat: u32, l: usize| {
        game.seats.iter().position(|s| s.num == seat).ok_or_else(|| {
            unreadable(
                l,
                format!("seat {seat} has no `<Seat>` in the game (expected one of its seats)"),
            )
        })
    };
    for s in &game.seats {
        if s.balance.units < 0 {
            return Err(unreadable(s.line, format!("{}'s balance is below zero", s.name)));
        }
    }
    // Who is dealt in: a seat that acts (a disconnection apart) or wins.
    let mut dealt = vec![false; game.seats.len()];
    for a in &game.acts {
        if let Some(s) = a.seat
            && a.kind != "Disconnect"
        {
            dealt[index(s, a.line)?] = true;
        }
    }
    for w in &game.winners {
        dealt[index(w.seat, w.line)?] = true;
    }
    let seats: Vec<(usize, u32, &str)> =
        game.seats.iter().map(|s| (s.line, s.num, s.name.as_str())).collect();
    super::merge_record::named_seats(&seats, &dealt, "alias")
        .map_err(|(l, why)| unreadable(l, why))?;
    let button = game.seats.iter().find(|s| s.dealer).map(|s| s.num);
    let mut order: Vec<usize> = (0..game.seats.len()).filter(|&i| dealt[i]).collect();
    order.sort_by_key(|&i| {
        let s = game.seats[i].num;
        match button {
            Some(b) if s <= b => (1, s),
            _ => (0, s),
        }
    });
    let n = order.len();
    let mut pos = vec![usize::MAX; game.seats.len()];
    for (k, &i) in order.iter().enumerate() {
        pos[i] = k;
    }
    // A bad-beat jackpot contribution leaves the table before the hand: the stack played is the
    // balance less it.
    let mut start: Vec<i64> = order.iter().map(|&i| chips(game.seats[i].balance)).collect();
    for a in game.acts.iter().filter(|a| a.kind == "BadBeatContribution") {
        if let (Some(s), Some(v)) = (a.seat, a.value) {
            let p = pos[index(s, a.line)?];
            start[p] = start[p].saturating_sub(chips(v));
        }
    }
    let mut r = HandRecord { hand: Some(game.id.clone()), ..HandRecord::default() };
    r.other.push((Cow::Borrowed("venue"), Value::Str(Cow::Borrowed("Microgaming"))));
    r.site_text = SiteText { converted: true, line: Some(line), ..SiteText::default() };
    let table = game.field("tablename").trim();
    r.table.table = (!table.is_empty()).then(|| table.to_string());
    if let Some([y, mo, d, h, mi, s]) = game.time {
        let secs = i64::from(h) * 3600 + i64::from(mi) * 60 + i64::from(s);
        r.table.set_time(secs, Some([d.into(), mo.into(), y.into()]));
    }
    if tournament {
        r.tournament = Some(true);
    }
    r.players = Some(order.iter().map(|&i| Cow::Owned(game.seats[i].name.clone())).collect());
    r.starting_stacks = start.iter().map(|&c| amount(c)).collect();
    r.table.seats = Some(order.iter().map(|&i| game.seats[i].num).collect());
    if let Some(b) = button
        && order.last().is_some_and(|&i| game.seats[i].num != b)
    {
        r.table.button = Some(b);
    }
    r.table.sitting_out = (0..game.seats.len())
        .filter(|&i| pos[i] == usize::MAX && !game.seats[i].name.trim().is_empty())
        .map(|i| SittingOut { seat: game.seats[i].num, player: game.seats[i].name.clone() })
        .collect();
    if u > 0 {
        r.chip = Some(amount(1));
    }
    let hole = if omaha { 4 } else { 2 };
    let (code, structure): (&str, Option<&str>) = match (holdem, omaha, hi_lo, limit.as_str()) {
        (true, _, _, "NL") => ("nlhe", None),
        (true, _, _, "PL") => ("plhe", None),
        (_, true, false, "PL") => ("plo", None),
        (_, true, false, "NL") => ("plo", Some("no-limit")),
        (_, true, true, "PL") => ("flo8", Some("pot-limit")),
        (_, true, true, "NL") => ("flo8", Some("no-limit")),
        _ => ("?", None),
    };
    r.variant = code.to_string();
    let why = if code == "?" {
        Some(format!(
            "not supported: {} {} (game not yet read from Microgaming XML by feltkit)",
            game.field("gametype").trim(),
            game.field("betlimit").trim()
        ))
    } else if n < 2 {
        Some(format!("not supported: line {line}: fewer than two players are dealt in"))
    } else {
        None
    };
    if let Some(why) = why {
        r.unreplayable = Some(Unreplayable::Unsupported(why));
        return Ok(r);
    }
    r.structure = structure.map(str::to_string);
    let posted_big = game.acts.iter().filter(|a| a.kind == "BigBlind").filter_map(|a| a.value);
    let posted_big = posted_big.map(chips).max().filter(|&b| b > 0);
    let nominal_big = posted_big.or(stakes.get(1).map(|&b| chips(b)));
    // A call's, bet's or raise's `value` is what it adds (newer files) or the street's total it
    // goes to (older ones): the reading under which more seats end at their `endbalance`.
    let fits = |to: bool| -> Result<usize, Unreplayable> {
        let put = puts(game, &pos, n, to, nominal_big, &chips)?;
        let won = |i: usize| -> i64 {
            let w = game.winners.iter().filter(|w| w.seat == game.seats[i].num);
            let r = game
                .acts
                .iter()
                .filter(|a| a.kind == "MoneyReturned" && a.seat == Some(game.seats[i].num));
            w.map(|w| chips(w.amount))
                .chain(r.filter_map(|a| a.value).map(chips))
                .fold(0i64, i64::saturating_add)
        };
        Ok(order
            .iter()
            .enumerate()
            .filter(|&(p, &i)| {
                game.seats[i].end.map(chips)
                    == Some(start[p].saturating_sub(put[p]).saturating_add(won(i)))
            })
            .count())
    };
    let to = fits(true)? > fits(false)?;
    let mut play = Play::new(n);
    let mut actions: Vec<RecordedAction<'static>> = Vec::with_capacity(32);
    let mut lines: Vec<Option<u64>> = Vec::with_capacity(32);
    let mut act = |l: usize, a: Action| {
        actions.push(RecordedAction::built(a));
        lines.push(Some(l as u64));
    };
    let list = |cards: &[Option<String>]| -> CardList {
        let text: String = cards.iter().map(|c| c.as_deref().unwrap_or("??")).collect();
        crate::record::action::cards_of(&text).unwrap_or_default()
    };
    let unknown: Vec<Option<String>> = vec![None; hole];
    let mut holes_dealt = false;
    let mut board = 0usize;
    let mut returned: Vec<Entry> = Vec::new();
    for a in &game.acts {
        if !holes_dealt && !forced(&a.kind) && a.kind != "DealCards" {
            holes_dealt = true;
            for (p, &i) in order.iter().enumerate() {
                let num = game.seats[i].num;
                let known = game.acts.iter().find(|c| {
                    c.seat == Some(num)
                        && matches!(c.kind.as_str(), "DealCards" | "ShowCards" | "MuckCards")
                        && c.cards.len() == hole
                });
                let (l, cards) = known.map_or((line, &unknown[..]), |c| (c.line, &c.cards[..]));
                act(l, Action::DealHole { player: p, cards: list(cards) });
            }
        }
        let l = a.line;
        if matches!(a.kind.as_str(), "DealFlop" | "DealTurn" | "DealRiver") {
            let want = match a.kind.as_str() {
                "DealFlop" => 3,
                _ => 1,
            };
            if a.cards.len() != want || board + want > 5 {
                return Err(unreadable(
                    l,
                    format!("`{}` deals {} cards (expected {want})", a.kind, a.cards.len()),
                ));
            }
            board += want;
            play.street.iter_mut().for_each(|s| *s = 0);
            act(l, Action::DealBoard { cards: list(&a.cards) });
            continue;
        }
        let Some(seat) = a.seat else { continue };
        let p = pos[index(seat, l)?];
        if p >= n {
            continue;
        }
        let v = a.value.map_or(0, chips);
        let most = play.street.iter().copied().max().unwrap_or(0);
        match a.kind.as_str() {
            "SmallBlind" => play.small_blind(p, v),
            "BigBlind" | "PostedToPlay" => play.big_blind(p, v, nominal_big),
            "Ante" => play.ante(p, v),
            "Fold" => act(l, Action::Fold(p)),
            "Check" => act(l, Action::CheckOrCall(p)),
            "Call" | "Bet" | "Raise" | "AllIn" => {
                let add = if to && a.kind != "AllIn" {
                    v.saturating_sub(play.street[p]).max(0)
                } else {
                    v
                };
                play.add(p, add);
                let to = play.street[p];
                if to <= most {
                    act(l, Action::CheckOrCall(p));
                } else {
                    act(l, Action::BetOrRaiseTo(p, amount(to)));
                }
            }
            "MoneyReturned" => returned.push(Entry {
                player: p,
                amount: amount(v),
                pot: String::new(),
                line: l,
                run: 0,
            }),
            "BadBeatContribution"
            | "DealCards"
            | "ShowCards"
            | "MuckCards"
            | "Disconnect"
            | "SitOut" => {}
            other => {
                return Err(unreadable(
                    l,
                    format!(
                        "`{other}` is not an action feltkit knows (expected SmallBlind, BigBlind, PostedToPlay, Fold, Check, Call, Bet, Raise, AllIn, MoneyReturned, Deal..., ShowCards, MuckCards or Win)"
                    ),
                ));
            }
        }
    }
    if !holes_dealt {
        for p in 0..n {
            act(line, Action::DealHole { player: p, cards: list(&unknown) });
        }
    }
    let Play { mut blinds, dead, put, .. } = play;
    if n == 2 {
        blinds.swap(0, 1);
    }
    r.blinds_or_straddles = blinds.iter().map(|&c| amount(c)).collect();
    r.min_bet = Some(amount(nominal_big.unwrap_or(1)));
    if dead.iter().any(|&x| x > 0) {
        r.table.dead_blinds = dead.iter().map(|&c| amount(c)).collect();
    }
    r.actions = actions;
    r.site_text.action_lines = lines;
    // The site's accounting.
    let mut site = SiteAccounting { unnamed_pots: true, ..SiteAccounting::default() };
    let mut got = vec![0i64; n];
    let mut first = vec![0usize; n];
    for w in &game.winners {
        let p = pos[index(w.seat, w.line)?];
        if p < n {
            got[p] = got[p].saturating_add(chips(w.amount));
            if first[p] == 0 {
                first[p] = w.line;
            }
        }
    }
    for (p, &c) in got.iter().enumerate() {
        if c != 0 {
            site.collected.push(Entry {
                player: p,
                amount: amount(c),
                pot: String::new(),
                line: first[p],
                run: 0,
            });
        }
    }
    let mut back = returned.iter().fold(0i64, |s, e| s.saturating_add(chips(e.amount)));
    if returned.is_empty()
        && let Some((top, excess)) = super::collected::uncalled(&put, &dead)
    {
        // No `MoneyReturned`: the bet nobody called is handed back inside the winner's amount,
        // unless the seat's end balance shows it handed back apart.
        back = excess;
        let end = game.seats[order[top]].end.map(chips);
        let apart = end.is_some_and(|e| {
            e == start[top].saturating_sub(put[top]).saturating_add(got[top]).saturating_add(excess)
        });
        if !apart && got[top] >= excess {
            got[top] -= excess;
            site.collected.retain(|e| e.player != top);
            if got[top] != 0 {
                let line = first[top];
                site.collected.push(Entry {
                    player: top,
                    amount: amount(got[top]),
                    pot: String::new(),
                    line,
                    run: 0,
                });
            }
        }
    }
    let total = put.iter().fold(0i64, |s, &x| s.saturating_add(x)).saturating_sub(back);
    let paid = got.iter().fold(0i64, |s, &x| s.saturating_add(x));
    let rake = match rake_cents {
        Some(c) if !tournament => Amount { units: c, places: 2 }.to_units(u).unwrap_or(MAX),
        _ if tournament => 0,
        _ => total.saturating_sub(paid).max(0),
    };
    site.uncalled = returned;
    site.total_pot = Some(amount(total));
    site.rake = Some(amount(rake));
    site.summary_line = game
        .winners
        .first()
        .map_or(Some(line), |w| Some(w.line))
        .and_then(|l| i64::try_from(l).ok());
    site.seat_lines = order.iter().map(|&i| game.seats[i].line).collect();
    let ends: Vec<i64> = order
        .iter()
        .enumerate()
        .map(|(p, &i)| {
            let back = site.uncalled.iter().filter(|e| e.player == p);
            let back = back.fold(0i64, |s, e| s.saturating_add(chips(e.amount)));
            game.seats[i].end.map_or_else(
                || start[p].saturating_sub(put[p]).saturating_add(got[p]).saturating_add(back),
                chips,
            )
        })
        .collect();
    r.finishing_stacks = Some(ends.iter().map(|&c| amount(c)).collect());
    r.winnings = Some(got.iter().map(|&c| amount(c)).collect());
    r.accounting = Some(site);
    Ok(r)
}

/// What each player (by PHH position) puts in, each call's, bet's and raise's `value` read as
/// the street's total it goes to (`to`) or as what it adds.
fn puts(
    game: &Game,
    pos: &[usize],
    n: usize,
    to: bool,
    nominal_big: Option<i64>,
    chips: &dyn Fn(Amount) -> i64,
) -> Result<Vec<i64>, Unreplayable> {
    let mut play = Play::new(n);
    for a in &game.acts {
        if a.kind.starts_with("Deal") && a.seat.is_none() {
            play.street.iter_mut().for_each(|s| *s = 0);
            continue;
        }
        let Some(seat) = a.seat else { continue };
        let Some(&p) = game.seats.iter().position(|s| s.num == seat).map(|i| &pos[i]) else {
            continue;
        };
        if p >= n {
            continue;
        }
        let v = a.value.map_or(0, chips);
        match a.kind.as_str() {
            "SmallBlind" => play.small_blind(p, v),
            "BigBlind" | "PostedToPlay" => play.big_blind(p, v, nominal_big),
            "Ante" => play.ante(p, v),
            "Call" | "Bet" | "Raise" if to => play.add(p, v.saturating_sub(play.street[p]).max(0)),
            "Call" | "Bet" | "Raise" | "AllIn" => play.add(p, v),
            _ => {}
        }
    }
    Ok(play.put)
}
