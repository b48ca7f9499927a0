//! An iPoker game as the hand record ([`HandRecord`]) the replay takes and `felt convert`
//! writes: the game and its stakes from the session's `<gametype>`, the players in PHH order,
//! every action as its `type` and `sum` say, and the site's own accounting for `--check`.
//!
//! iPoker writes, for each player, what the player put in (`bet`) and what the site paid the
//! player (`win`), and no pot, rake or uncalled bet. The uncalled bet (the part of the largest
//! bet nobody matched) is in the `bet` of its player and in the `win`, so it is taken out of
//! the `win` of that player; the total pot is then what was put in less it, and the rake that
//! total less what was paid: between zero and a tenth of the pot (rounded up) in a cash game,
//! zero in a tournament, the nearest of those otherwise (and `--check` then reports the
//! difference). Each player's `win` is held to what the replay pays the player from all the
//! pots together, as for a site naming no pot; each player's stack less `bet` plus `win` must
//! be the stack the replay ends with.

use std::borrow::Cow;

use super::ipoker::IpokerHand;
use super::ipoker_game::{money, parse, Act, Game, Session};
use crate::record::table::SittingOut;
use crate::record::{
    Action, Amount, Entry, HandRecord, RecordedAction, SiteAccounting, SiteText, Unreplayable,
    Value,
};
use crate::rules::CardList;

/// The games iPoker writes, as feltkit plays them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Holdem,
    Omaha { hi_lo: bool },
    Stud { hi_lo: bool },
    Other,
}

/// The betting structure a `<gametype>` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Limit {
    No,
    Pot,
    Fixed,
}

/// A bound on any one amount: 10^16 chips, so that sums of a table's amounts cannot overflow.
const MAX: i64 = 10_000_000_000_000_000;

/// Reads a `<gametype>` (`Holdem NL $0.01/$0.02`, `Omaha PL €0.50/€1`, `7 Card Stud Hi-Lo L
/// €0.05/€0.10`, `LH 20/40 x2 Limit $10.00/$20.00`): the game (told by the hole cards dealt,
/// `pocket`, when it names none), the structure and the stakes written, if any.
fn game_type(gametype: &str, pocket: usize) -> (Kind, Limit, Option<(Amount, Amount)>) {
    let lower = gametype.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let has = |w: &str| words.contains(&w);
    let hi_lo = ["hi-lo", "hi/lo", "hilo", "h/l", "8"].iter().any(|w| has(w))
        || lower.contains("hi-lo")
        || lower.contains("hi/lo");
    let kind = if lower.contains("stud") {
        Kind::Stud { hi_lo }
    } else if lower.contains("razz") || lower.contains("draw") || lower.contains("badugi") {
        Kind::Other
    } else if lower.contains("omaha") || has("plo") {
        Kind::Omaha { hi_lo }
    } else if lower.contains("holdem") || lower.contains("hold'em") || has("lh") || has("nlh") {
        Kind::Holdem
    } else {
        match pocket {
            2 => Kind::Holdem,
            4..=6 => Kind::Omaha { hi_lo },
            _ => Kind::Other,
        }
    };
    let limit = if has("nl") || has("nlh") {
        Limit::No
    } else if has("pl") || has("plo") {
        Limit::Pot
    } else if matches!(kind, Kind::Stud { .. }) || ["l", "fl", "limit", "lh"].iter().any(|w| has(w))
    {
        Limit::Fixed
    } else {
        Limit::No
    };
    let stakes = gametype.split_whitespace().rev().find_map(|w| {
        let (a, b) = w.split_once('/')?;
        Some((money(a)?.0, money(b)?.0))
    });
    (kind, limit, stakes)
}

/// The hand's record; a hand that cannot be replayed is a record saying why.
pub(super) fn record(h: &IpokerHand) -> HandRecord<'static> {
    let number = super::format::SiteHand::number(h);
    let stub = |why: Unreplayable| HandRecord {
        variant: "?".into(),
        hand: number.clone(),
        other: vec![(Cow::Borrowed("venue"), Value::Str(Cow::Borrowed("iPoker")))],
        site_text: SiteText { converted: true, line: Some(h.line), ..SiteText::default() },
        unreplayable: Some(why),
        ..HandRecord::default()
    };
    if h.cut {
        let last = h.line + memchr::memchr_iter(b'\n', &h.text).count();
        return stub(Unreplayable::CutOff(format!(
            "the text stops at line {last}, before the game's end (`</game>`): the hand is cut off"
        )));
    }
    if let Some(why) = &h.session.error {
        return stub(Unreplayable::Unreadable(why.clone()));
    }
    let (text, _) = super::decode::decode_borrowed(&h.text);
    let game = match parse(&text, h.line) {
        Ok(g) => g,
        Err(why) => return stub(Unreplayable::Unreadable(why)),
    };
    match build(&game, &h.session, h.line) {
        Ok(r) => r,
        Err(why) => stub(why),
    }
}

/// The hand's unit: the most decimal places any of its amounts is written with (at most 9).
fn places(game: &Game, stakes: Option<(Amount, Amount)>) -> u8 {
    let players = game.players.iter().flat_map(|p| [Some(p.chips), p.win, p.bet, p.rake]);
    let acts = game.acts.iter().map(|a| Some(a.sum));
    let stakes = stakes.into_iter().flat_map(|(a, b)| [Some(a), Some(b)]);
    players.chain(acts).chain(stakes).flatten().map(|a| a.places).max().unwrap_or(0).min(9)
}

/// What each player put in by the actions (by the game's player index), with each raise's
/// `sum` read as what the raise adds (`to` false) or as the street's total it raises to; and
/// how many calls then call exactly what was bet.
fn put_by_actions(
    game: &Game,
    stud: bool,
    chips: &dyn Fn(Amount) -> i64,
    to: bool,
) -> (Vec<i64>, usize) {
    let n = game.players.len();
    let mut put = vec![0i64; n];
    let mut street = vec![0i64; n];
    let mut key = None;
    let mut calls = 0;
    for a in &game.acts {
        let k = street_of(a, stud);
        if key != Some(k) {
            street.iter_mut().for_each(|s| *s = 0);
            key = Some(k);
        }
        let sum = chips(a.sum);
        let add = match a.kind {
            23 | 6 if to => sum.saturating_sub(street[a.player]).max(0),
            15 => {
                put[a.player] = put[a.player].saturating_add(sum);
                continue;
            }
            3 => {
                let most = street.iter().copied().max().unwrap_or(0);
                calls += usize::from(street[a.player].saturating_add(sum) == most);
                sum
            }
            1 | 2 | 5 | 6 | 7 | 16 | 23 => sum,
            _ => 0,
        };
        street[a.player] = street[a.player].saturating_add(add);
        put[a.player] = put[a.player].saturating_add(add);
    }
    (put, calls)
}

/// The betting round an action is in: the blinds' round and the first after it are one in
/// flop games; each round is its own in stud (antes apart).
fn street_of(a: &Act, stud: bool) -> u32 {
    if stud {
        a.round
    } else {
        a.round.max(1)
    }
}

/// Builds the record of a game read well.
fn build(game: &Game, session: &Session, line: usize) -> Result<HandRecord<'static>, Unreplayable> {
    let gametype = session.field("gametype").unwrap_or_default();
    let pocket = game
        .cards
        .iter()
        .filter(|d| d.kind.eq_ignore_ascii_case("pocket"))
        .map(|d| d.cards.len())
        .max()
        .unwrap_or(0);
    let (kind, limit, stakes) = game_type(gametype, pocket);
    let stud = matches!(kind, Kind::Stud { .. });
    let u = places(game, stakes);
    let chips = |a: Amount| a.to_units(u).unwrap_or(MAX).clamp(-MAX, MAX);
    let amount = |c: i64| Amount { units: c, places: u };
    let unreadable = |l: usize, why: String| Unreplayable::Unreadable(format!("line {l}: {why}"));
    for p in &game.players {
        if p.chips.units < 0 {
            return Err(unreadable(p.line, format!("{}'s chips are below zero", p.name)));
        }
    }
    // Who is dealt in: a player with cards, or any action but sitting out (types 8 and 9).
    let dealt: Vec<usize> = (0..game.players.len())
        .filter(|&i| {
            game.cards.iter().any(|d| d.player == Some(i))
                || game.acts.iter().any(|a| a.player == i && !matches!(a.kind, 8 | 9))
        })
        .collect();
    // PHH order: in flop games the first seat after the button first, the button last; in
    // stud, seat order.
    let button = game.button;
    let mut order = dealt.clone();
    order.sort_by_key(|&i| {
        let s = game.players[i].seat;
        match button {
            Some(b) if !stud && s <= b => (1, s),
            _ => (0, s),
        }
    });
    let n = order.len();
    let mut pos = vec![usize::MAX; game.players.len()];
    for (k, &i) in order.iter().enumerate() {
        pos[i] = k;
    }
    let names: Vec<Cow<'static, str>> =
        order.iter().map(|&i| Cow::Owned(game.players[i].name.clone())).collect();
    let start: Vec<i64> = order.iter().map(|&i| chips(game.players[i].chips)).collect();
    let mut r = HandRecord { hand: Some(game.code.clone()), ..HandRecord::default() };
    r.other.push((Cow::Borrowed("venue"), Value::Str(Cow::Borrowed("iPoker"))));
    r.site_text = SiteText { converted: true, line: Some(line), ..SiteText::default() };
    if let Some(c) = game.symbol {
        r.site_text.currency_symbol = c.to_string();
    }
    if let Some(c) = session.field("currency") {
        r.other.push((Cow::Borrowed("currency"), Value::Str(Cow::Owned(c.to_string()))));
    }
    r.table.table = session.field("tablename").map(str::to_string);
    if let Some([y, mo, d, h, mi, s]) = game.time {
        let secs = i64::from(h) * 3600 + i64::from(mi) * 60 + i64::from(s);
        r.table.set_time(secs, Some([d.into(), mo.into(), y.into()]));
    }
    let tournament = session.field("tournamentcode").or(session.field("tournamentname"));
    if let Some(t) = tournament {
        r.tournament = Some(true);
        r.other.push((Cow::Borrowed("_tournament_id"), Value::Str(Cow::Owned(t.to_string()))));
        if let Some(b) = session.field("buyin") {
            r.other.push((Cow::Borrowed("_buy_in"), Value::Str(Cow::Owned(b.to_string()))));
        }
    }
    r.players = Some(names);
    r.starting_stacks = start.iter().map(|&c| amount(c)).collect();
    r.table.seats = Some(order.iter().map(|&i| game.players[i].seat).collect());
    if let Some(b) = button
        && !stud
        && order.last().is_some_and(|&i| game.players[i].seat != b)
    {
        r.table.button = Some(b);
    }
    r.table.sitting_out = (0..game.players.len())
        .filter(|&i| pos[i] == usize::MAX)
        .map(|i| SittingOut { seat: game.players[i].seat, player: game.players[i].name.clone() })
        .collect();
    if u > 0 {
        r.chip = Some(amount(1));
    }
    let hole = match kind {
        Kind::Holdem => 2,
        Kind::Omaha { .. } => pocket.max(4),
        _ => 0,
    };
    let (code, structure, cap): (&str, Option<&str>, Option<u32>) = match (kind, limit) {
        (Kind::Holdem, Limit::No) => ("nlhe", None, None),
        (Kind::Holdem, Limit::Pot) => ("plhe", None, None),
        (Kind::Holdem, Limit::Fixed) => ("flhe", None, None),
        (Kind::Omaha { hi_lo: false }, Limit::Pot) => ("plo", None, None),
        (Kind::Omaha { hi_lo: false }, Limit::No) => ("plo", Some("no-limit"), None),
        (Kind::Omaha { hi_lo: false }, Limit::Fixed) => ("plo", Some("fixed-limit"), Some(4)),
        (Kind::Omaha { hi_lo: true }, Limit::Pot) => ("flo8", Some("pot-limit"), None),
        (Kind::Omaha { hi_lo: true }, Limit::No) => ("flo8", Some("no-limit"), None),
        (Kind::Omaha { hi_lo: true }, Limit::Fixed) => ("flo8", None, None),
        (Kind::Stud { hi_lo: false }, _) => ("stud7", None, None),
        (Kind::Stud { hi_lo: true }, _) => ("F7S/8", None, None),
        (Kind::Other, _) => ("?", None, None),
    };
    r.variant = code.to_string();
    if kind == Kind::Other || (hole > 6) {
        let what =
            if gametype.is_empty() { "a game the session names no type of" } else { gametype };
        r.unreplayable = Some(Unreplayable::Unsupported(format!(
            "not supported: {what} (game not yet played by feltkit)"
        )));
        return Ok(r);
    }
    if game.cards.is_empty() && game.acts.iter().all(|a| a.round == 0) {
        r.unreplayable = Some(Unreplayable::Unsupported(format!(
            "not supported: line {line}: the game holds its blinds and antes only, with no cards nor play (a partial export)"
        )));
        return Ok(r);
    }
    r.structure = structure.map(str::to_string);
    r.cap = cap;
    if matches!(kind, Kind::Omaha { .. }) && hole != 4 {
        r.hole_cards = u32::try_from(hole).ok();
    }
    // How each raise's `sum` is read: what it adds, or the total it raises to (both are
    // written); the reading under which the actions add up to each player's `bet`.
    // Else, when neither reading (or both) gives the `bet`s, the one under which more calls
    // call exactly what was bet.
    let reading = |to: bool| {
        let (put, calls) = put_by_actions(game, stud, &chips, to);
        let bets = game.players.iter().zip(&put).all(|(p, &x)| p.bet.map(chips) == Some(x));
        (bets, calls)
    };
    let (add, to) = (reading(false), reading(true));
    let raise_to = if add.0 != to.0 { to.0 } else { to.1 > add.1 };
    // The big blind: as written, else the first posted.
    let posted_big = game.acts.iter().find(|a| a.kind == 2).map(|a| chips(a.sum));
    let nominal_big = stakes.filter(|_| limit != Limit::Fixed).map(|s| chips(s.1)).or(posted_big);
    let mut state = Play::new(n);
    let mut actions: Vec<RecordedAction<'static>> = Vec::with_capacity(32);
    let mut lines: Vec<Option<u64>> = Vec::with_capacity(32);
    let mut act = |l: usize, a: Action| {
        actions.push(RecordedAction::built(a));
        lines.push(Some(l as u64));
    };
    let cards_of = |player: Option<usize>, round: Option<u32>| {
        game.cards.iter().filter(move |d| d.player == player && round.is_none_or(|r| d.round == r))
    };
    let list = |cards: &[Option<String>], count: usize| -> CardList {
        let mut text = String::with_capacity(2 * count);
        for k in 0..count {
            text.push_str(cards.get(k).and_then(|c| c.as_deref()).unwrap_or("??"));
        }
        crate::record::action::cards_of(&text).unwrap_or_default()
    };
    let mut rounds: Vec<u32> =
        game.acts.iter().map(|a| a.round).chain(game.cards.iter().map(|d| d.round)).collect();
    rounds.push(1);
    rounds.sort_unstable();
    rounds.dedup();
    let mut holes_dealt = false;
    let mut key = None;
    let mut bring_in = None;
    let mut first_to: [Option<i64>; 2] = [None, None];
    for &round in &rounds {
        let forced_round = round == 0 || (stud && round == 1);
        if !forced_round {
            // The cards of the round: flop games deal the hole cards before the first betting
            // round, then board cards; stud deals each live player a street.
            if !stud && !holes_dealt {
                holes_dealt = true;
                for (k, &i) in order.iter().enumerate() {
                    let known =
                        cards_of(Some(i), None).find(|d| d.kind.eq_ignore_ascii_case("pocket"));
                    let known = known.map(|d| d.cards.as_slice()).filter(|c| c.len() == hole);
                    let l = known
                        .map_or(line, |_| cards_of(Some(i), None).next().map_or(line, |d| d.line));
                    act(l, Action::DealHole { player: k, cards: list(known.unwrap_or(&[]), hole) });
                }
            }
            if stud {
                let street: Vec<_> = cards_of(None, Some(round)).collect();
                let any = game.cards.iter().any(|d| d.round == round && d.player.is_some());
                if any {
                    let third = !holes_dealt;
                    holes_dealt = true;
                    let count = if third { 3 } else { 1 };
                    for (k, &i) in order.iter().enumerate() {
                        if state.folded[k] {
                            continue;
                        }
                        let d = cards_of(Some(i), Some(round)).next();
                        let l = d.map_or(line, |d| d.line);
                        let cards = d.map(|d| d.cards.as_slice()).filter(|c| c.len() == count);
                        act(
                            l,
                            Action::DealHole {
                                player: k,
                                cards: list(cards.unwrap_or(&[]), count),
                            },
                        );
                    }
                }
                for d in street {
                    act(d.line, Action::DealBoard { cards: list(&d.cards, d.cards.len()) });
                }
            } else {
                for d in cards_of(None, Some(round)) {
                    act(d.line, Action::DealBoard { cards: list(&d.cards, d.cards.len()) });
                }
            }
        }
        for a in game.acts.iter().filter(|a| a.round == round) {
            let k = street_of(a, stud);
            if key != Some(k) {
                state.street.iter_mut().for_each(|s| *s = 0);
                key = Some(k);
            }
            let p = pos[a.player];
            if p >= n {
                continue;
            }
            let sum = chips(a.sum);
            let l = a.line;
            match a.kind {
                15 => state.ante(p, sum),
                1 => state.small_blind(p, sum),
                2 => state.big_blind(p, sum, nominal_big),
                0 => {
                    state.folded[p] = true;
                    act(l, Action::Fold(p));
                }
                4 => act(l, Action::CheckOrCall(p)),
                3 => {
                    state.add(p, sum);
                    act(l, Action::CheckOrCall(p));
                }
                16 => {
                    state.add(p, sum);
                    bring_in = bring_in.or(Some(sum));
                    act(l, Action::BringIn(p));
                }
                7 if a.protected => act(l, Action::TimeOut { player: p, all_in: true }),
                5 | 6 | 7 | 23 => {
                    let most = state.street.iter().copied().max().unwrap_or(0);
                    if raise_to && matches!(a.kind, 6 | 23) {
                        let add = sum.saturating_sub(state.street[p]).max(0);
                        state.add(p, add);
                    } else {
                        state.add(p, sum);
                    }
                    let to = state.street[p];
                    if a.kind == 7 && to <= most {
                        act(l, Action::CheckOrCall(p));
                    } else {
                        if stud && a.kind != 7 {
                            let big = usize::from(round >= 4);
                            first_to[big] = first_to[big].or(Some(to));
                        }
                        act(l, Action::BetOrRaiseTo(p, amount(to)));
                    }
                }
                8 | 9 => {}
                other => {
                    return Err(unreadable(
                        l,
                        format!(
                            "action type {other} is not one feltkit knows (expected 0 fold, 1 small blind, 2 big blind, 3 call, 4 check, 5 bet, 6 or 23 raise, 7 all-in, 8 or 9 sitting out, 15 ante, 16 bring-in)"
                        ),
                    ));
                }
            }
        }
    }
    if !holes_dealt && !stud {
        for k in 0..n {
            act(line, Action::DealHole { player: k, cards: list(&[], hole) });
        }
    }
    let Play { mut antes, mut blinds, dead, put, .. } = state;
    if stud {
        let ante = antes.iter().copied().max().unwrap_or(0);
        // The bets: the first full bet of third or fourth street, else half the first of the
        // later streets, else those written, else four bring-ins (eight antes), as the site's
        // tournaments set them.
        let small = first_to[0]
            .or(first_to[1].map(|b| b / 2))
            .or(stakes.map(|s| chips(s.0)))
            .unwrap_or_else(|| bring_in.unwrap_or(ante.saturating_mul(2)).saturating_mul(4).max(1));
        let big = first_to[1].filter(|&b| b >= small).unwrap_or(small.saturating_mul(2));
        r.small_bet = Some(amount(small));
        r.big_bet = Some(amount(big));
        r.bring_in = Some(amount(bring_in.unwrap_or((small / 2).max(1))));
    } else {
        if n == 2 {
            antes.swap(0, 1);
            blinds.swap(0, 1);
        }
        r.blinds_or_straddles = blinds.iter().map(|&c| amount(c)).collect();
        if limit == Limit::Fixed {
            let small = posted_big.or(stakes.map(|s| chips(s.0))).unwrap_or(1);
            r.small_bet = Some(amount(small));
            r.big_bet = Some(amount(small.saturating_mul(2)));
        } else {
            let big = stakes.map(|s| chips(s.1)).or(posted_big).unwrap_or(1);
            r.min_bet = Some(amount(big));
        }
        if dead.iter().any(|&d| d > 0) {
            r.table.dead_blinds = dead.iter().map(|&c| amount(c)).collect();
        }
    }
    if antes.iter().any(|&a| a > 0) {
        r.antes = antes.iter().map(|&c| amount(c)).collect();
    }
    r.actions = actions;
    r.site_text.action_lines = lines;
    accounting(game, &order, (&start, &put, &dead), tournament.is_some(), &chips, &mut r);
    Ok(r)
}

/// The chips of each player (by PHH position) as the play goes.
struct Play {
    antes: Vec<i64>,
    blinds: Vec<i64>,
    dead: Vec<i64>,
    put: Vec<i64>,
    street: Vec<i64>,
    folded: Vec<bool>,
    small_posted: bool,
}

impl Play {
    fn new(n: usize) -> Play {
        Play {
            antes: vec![0; n],
            blinds: vec![0; n],
            dead: vec![0; n],
            put: vec![0; n],
            street: vec![0; n],
            folded: vec![false; n],
            small_posted: false,
        }
    }

    fn add(&mut self, p: usize, c: i64) {
        self.street[p] = self.street[p].saturating_add(c);
        self.put[p] = self.put[p].saturating_add(c);
    }

    fn ante(&mut self, p: usize, c: i64) {
        self.antes[p] = self.antes[p].saturating_add(c);
        self.put[p] = self.put[p].saturating_add(c);
    }

    /// The first small blind is live; another is dead money.
    fn small_blind(&mut self, p: usize, c: i64) {
        if self.small_posted {
            self.dead[p] = self.dead[p].saturating_add(c);
            self.put[p] = self.put[p].saturating_add(c);
        } else {
            self.small_posted = true;
            self.blinds[p] = c;
            self.add(p, c);
        }
    }

    /// A big blind: live up to the table's big blind (`nominal`, when known), the rest dead
    /// (a player posting the small and big blinds together to come in).
    fn big_blind(&mut self, p: usize, c: i64, nominal: Option<i64>) {
        let live = nominal.map_or(c, |b| c.min(b));
        self.blinds[p] = live;
        self.add(p, live);
        self.dead[p] = self.dead[p].saturating_add(c - live);
        self.put[p] = self.put[p].saturating_add(c - live);
    }
}

/// The site's account of the hand ([`SiteAccounting`]) and the stacks it implies: `win` less
/// the uncalled bet as what each player collected, a total pot and rake worked out (see the
/// module's doc), and each stack less `bet` plus `win` as the finishing stacks.
fn accounting(
    game: &Game,
    order: &[usize],
    (start, put, dead): (&[i64], &[i64], &[i64]),
    tournament: bool,
    chips: &dyn Fn(Amount) -> i64,
    r: &mut HandRecord<'static>,
) {
    let n = order.len();
    let players: Vec<_> = order.iter().map(|&i| &game.players[i]).collect();
    if n == 0 || players.iter().any(|p| p.win.is_none()) {
        return;
    }
    let places = r.chip.map_or(0, |c| c.places);
    let amount = |c: i64| Amount { units: c, places };
    let mut got: Vec<i64> = players.iter().map(|p| p.win.map_or(0, chips)).collect();
    let written_win = got.clone();
    let uncalled = super::collected::uncalled(put, dead);
    let returned = uncalled.map_or(0, |u| u.1);
    let total = put.iter().fold(0i64, |s, &x| s.saturating_add(x)).saturating_sub(returned);
    let mut site = SiteAccounting { unnamed_pots: true, ..SiteAccounting::default() };
    if let Some((top, excess)) = uncalled {
        // The site pays the uncalled bet back in `win`.
        if got[top] >= excess {
            got[top] -= excess;
        }
    }
    for (p, &c) in got.iter().enumerate() {
        if c != 0 {
            site.collected.push(Entry {
                player: p,
                amount: amount(c),
                pot: String::new(),
                line: players[p].line,
                run: 0,
            });
        }
    }
    let paid = got.iter().fold(0i64, |s, &x| s.saturating_add(x));
    let written_rake: Option<i64> = players
        .iter()
        .map(|p| p.rake.map(chips))
        .try_fold(0i64, |s, x| x.map(|x| s.saturating_add(x)))
        .filter(|_| players.iter().any(|p| p.rake.is_some()));
    let most = if tournament { 0 } else { total.saturating_add(9) / 10 };
    let rake = written_rake.unwrap_or_else(|| total.saturating_sub(paid).clamp(0, most.max(0)));
    site.total_pot = Some(amount(total));
    site.rake = Some(amount(rake));
    site.summary_line = i64::try_from(r.site_text.line.unwrap_or(0)).ok();
    site.seat_lines = players.iter().map(|p| p.line).collect();
    let finishing: Vec<i64> = (0..n)
        .map(|k| {
            let bet = players[k].bet.map_or(put[k], chips);
            start[k].saturating_sub(bet).saturating_add(written_win[k])
        })
        .collect();
    r.finishing_stacks = Some(finishing.iter().map(|&c| amount(c)).collect());
    r.winnings = Some(got.iter().map(|&c| amount(c)).collect());
    r.accounting = Some(site);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_type_names_the_game_the_structure_and_the_stakes() {
        let (k, l, s) = game_type("Holdem NL $0.01/$0.02", 0);
        assert_eq!((k, l), (Kind::Holdem, Limit::No));
        assert_eq!(s.map(|s| (s.0.units, s.1.units)), Some((1, 2)));
        assert_eq!(game_type("Omaha PL €0.50/€1", 4).0, Kind::Omaha { hi_lo: false });
        assert_eq!(game_type("7 Card Stud Hi-Lo L €0.05/€0.10", 0).0, Kind::Stud { hi_lo: true });
        assert_eq!(game_type("7 Card Stud L", 0).1, Limit::Fixed);
        assert_eq!(game_type("LH 20/40 x2 Limit $10.00/$20.00", 2).1, Limit::Fixed);
        assert_eq!(
            game_type("PL €2/€4", 5),
            (Kind::Omaha { hi_lo: false }, Limit::Pot, game_type("PL €2/€4", 5).2)
        );
        assert_eq!(game_type("Holdem NL", 2).2, None);
        assert_eq!(game_type("Razz L", 0).0, Kind::Other);
    }
}
