//! A Merge game as the hand record ([`HandRecord`]) the replay takes and `felt convert`
//! writes: the game and its stakes from the `<description>` before it, the players in PHH
//! order, every event as its `type` and `amount` say, and the site's own accounting for
//! `--check`.
//!
//! Merge writes what each player was paid from each pot (`<winner>`), the bet nobody called
//! as a winner marked `uncalled="true"` (older files leave it inside the winner's amount), and
//! no total pot nor rake: the total pot is what was put in less the uncalled bet, the rake that
//! total less what was paid (between zero and a tenth of the pot, rounded up, in a cash game;
//! zero in a tournament). Each player's stack less what the events put in plus what the
//! winners paid must be the stack the replay ends with.

use std::borrow::Cow;

use super::ipoker::attribute;
use super::merge_game::{money, parse, Event, Game};
use super::xml_cut::Cut;
use crate::record::table::SittingOut;
use crate::record::{
    Action, Amount, Entry, HandRecord, RecordedAction, SiteAccounting, SiteText, Unreplayable,
    Value,
};
use crate::rules::CardList;

/// The games Merge writes, as feltkit plays them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Holdem,
    Omaha { hi_lo: bool },
    Other,
}

/// The betting structure a `stakes` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Limit {
    No,
    Pot,
    Fixed,
}

/// A bound on any one amount: 10^16 chips, so that sums of a table's amounts cannot overflow.
const MAX: i64 = 10_000_000_000_000_000;

/// Reads a `<description>`'s `type` and `stakes` (`Holdem`, `Omaha H/L8`, `HORSE`, `Holdem
/// Tournament`; `No Limit ($1/$2)`, `Limit $10/$20`, `No Limit Level 4 Blinds 40/80`): the
/// game (a mixed game's by the hole cards dealt, `hole`), the structure, the stakes written if
/// any, and whether it is a tournament.
fn game_type(kind: &str, stakes: &str, hole: Option<usize>) -> (Kind, Limit, Option<[Amount; 2]>) {
    let k = kind.to_ascii_lowercase();
    let s = stakes.to_ascii_lowercase();
    let hi_lo = ["h/l", "hi/lo", "hi-lo"].iter().any(|w| k.contains(w));
    let game = if k.contains("stud") || k.contains("razz") || k.contains("lowball") {
        Kind::Other
    } else if k.contains("holdem") || k.contains("hold'em") {
        Kind::Holdem
    } else if k.contains("omaha") {
        Kind::Omaha { hi_lo }
    } else if k.contains("horse") {
        // H.O.R.S.E.: its hold'em deals two cards, its Omaha (high-low) four.
        match hole {
            Some(2) => Kind::Holdem,
            Some(4) => Kind::Omaha { hi_lo: true },
            _ => Kind::Other,
        }
    } else {
        Kind::Other
    };
    let limit = if s.contains("no limit") {
        Limit::No
    } else if s.contains("pot limit") {
        Limit::Pot
    } else if s.contains("limit") {
        Limit::Fixed
    } else {
        Limit::No
    };
    let pair = stakes.split_whitespace().rev().find_map(|w| {
        let w = w.trim_matches(|c| c == '(' || c == ')');
        let mut parts = w.split('/');
        let (a, b) = (parts.next()?, parts.next()?);
        Some([money(a)?.0, money(b)?.0])
    });
    (game, limit, pair)
}

/// The hand's record; a hand that cannot be replayed is a record saying why.
pub(super) fn record(cut: &Cut) -> HandRecord<'static> {
    let stub = |why: Unreplayable| super::xml_cut::stub(cut, "Merge", why);
    if let Some(why) = super::xml_cut::cut_off(cut, "</game>") {
        return stub(why);
    }
    let (text, _) = super::decode::decode_borrowed(&cut.text);
    let game = match parse(&text, cut.line) {
        Ok(g) => g,
        Err(why) => return stub(Unreplayable::Unreadable(why)),
    };
    let header = String::from_utf8_lossy(&cut.header.tag);
    // The game's own start tag first (a tournament's level changes from hand to hand), then
    // the `<description>`.
    let field = |name: &[u8]| {
        let v = attribute(&cut.text, name);
        if v.is_empty() {
            attribute(header.as_bytes(), name)
        } else {
            v
        }
    };
    let description = Description {
        kind: field(b"type"),
        stakes: field(b"stakes"),
        version: field(b"version"),
        data: attribute(&cut.text, b"data"),
    };
    match build(&game, &description, cut.line) {
        Ok(r) => r,
        Err(why) => stub(why),
    }
}

/// What the `<description>` (and the game's own start tag) say of the game.
pub(super) struct Description {
    /// `type`: `Holdem`, `7-Stud H/L8`, `HORSE Tournament`, ...
    pub kind: String,
    /// `stakes`: `No Limit ($1/$2)`, `Limit $0.25/$0.50`, `Limit`, ...
    pub stakes: String,
    /// `version`, when written.
    pub version: String,
    /// `data`: the date, the table, the tournament or table number, the hand's number, ...
    pub data: String,
}

/// The hand's unit: the most decimal places any of its amounts is written with (at most 9).
pub(super) fn places(game: &Game, stakes: Option<[Amount; 2]>) -> u8 {
    let players = game.players.iter().map(|p| p.balance);
    let events = game.events.iter().filter_map(|e| e.amount);
    let winners = game.winners.iter().map(|w| w.amount);
    let stakes = stakes.into_iter().flatten();
    players.chain(events).chain(winners).chain(stakes).map(|a| a.places).max().unwrap_or(0).min(9)
}

/// Whether the balances are written after the players' blinds and antes: in tournament files
/// older than version 2.
pub(super) fn after_forced(d: &Description, tournament: bool) -> bool {
    tournament && d.version.trim().parse::<f64>().map_or(true, |v| v < 2.0)
}

/// Whether an event is a forced bet of the blinds' round.
pub(super) fn forced(e: &Event) -> bool {
    matches!(
        e.kind.as_str(),
        "SMALL_BLIND" | "BIG_BLIND" | "INITIAL_BLIND" | "RETURN_BLIND" | "ANTE"
    )
}

/// The record of a game with what every game has: its number, venue, table, time and
/// tournament, the text's line and currency.
pub(super) fn header(
    game: &Game,
    d: &Description,
    line: usize,
    tournament: bool,
) -> HandRecord<'static> {
    let mut r = HandRecord { hand: Some(game.id.clone()), ..HandRecord::default() };
    r.other.push((Cow::Borrowed("venue"), Value::Str(Cow::Borrowed("Merge"))));
    r.site_text = SiteText { converted: true, line: Some(line), ..SiteText::default() };
    if let Some(c) = game.symbol {
        r.site_text.currency_symbol = c.to_string();
    }
    let data: Vec<&str> =
        d.data.split(if d.data.contains('|') { '|' } else { ':' }).map(str::trim).collect();
    r.table.table = data.get(1).filter(|t| !t.is_empty()).map(|t| t.to_string());
    if let Some([y, mo, dd, h, mi, s]) = game.time {
        let secs = i64::from(h) * 3600 + i64::from(mi) * 60 + i64::from(s);
        r.table.set_time(secs, Some([dd.into(), mo.into(), y.into()]));
    }
    if tournament {
        r.tournament = Some(true);
        if let Some(t) = data.get(2).filter(|t| !t.is_empty()) {
            r.other.push((Cow::Borrowed("_tournament_id"), Value::Str(Cow::Owned(t.to_string()))));
        }
    }
    r
}

/// Builds the record of a game read well.
fn build(game: &Game, d: &Description, line: usize) -> Result<HandRecord<'static>, Unreplayable> {
    let (kind, limit, stakes) = game_type(&d.kind, &d.stakes, game.hole);
    let tournament = d.kind.to_ascii_lowercase().contains("tournament");
    let mut not_played = None;
    if kind == Kind::Other {
        match super::merge_stud::game(&d.kind, &d.stakes, game) {
            Some(Ok(g)) => {
                return Ok(super::merge_stud::record(game, d, line, tournament, g, stakes));
            }
            Some(Err(why)) => not_played = Some(why),
            None => {}
        }
    }
    let u = places(game, stakes);
    let chips = |a: Amount| a.to_units(u).unwrap_or(MAX).clamp(-MAX, MAX);
    let amount = |c: i64| Amount { units: c, places: u };
    let unreadable = |l: usize, why: String| Unreplayable::Unreadable(format!("line {l}: {why}"));
    let index = |seat: u32, l: usize| {
        game.players.iter().position(|p| p.seat == seat).ok_or_else(|| {
            unreadable(
                l,
                format!("seat {seat} has no `<player>` in the game (expected one of its seats)"),
            )
        })
    };
    for p in &game.players {
        if p.balance.units < 0 {
            return Err(unreadable(p.line, format!("{}'s balance is below zero", p.name)));
        }
    }
    // Who is dealt in: `dealtin="true"`, or anyone who puts chips in or wins.
    let mut dealt: Vec<bool> = game.players.iter().map(|p| p.dealt_in).collect();
    for e in &game.events {
        if let Some(s) = e.seat
            && e.amount.is_some_and(|a| a.units > 0)
        {
            dealt[index(s, e.line)?] = true;
        }
    }
    for w in &game.winners {
        dealt[index(w.seat, w.line)?] = true;
    }
    let seats: Vec<(usize, u32, &str)> =
        game.players.iter().map(|p| (p.line, p.seat, p.name.as_str())).collect();
    named_seats(&seats, &dealt, "nickname").map_err(|(l, why)| unreadable(l, why))?;
    let button = game.dealer;
    let mut order: Vec<usize> = (0..game.players.len()).filter(|&i| dealt[i]).collect();
    order.sort_by_key(|&i| {
        let s = game.players[i].seat;
        match button {
            Some(b) if s <= b => (1, s),
            _ => (0, s),
        }
    });
    let n = order.len();
    let mut pos = vec![usize::MAX; game.players.len()];
    for (k, &i) in order.iter().enumerate() {
        pos[i] = k;
    }
    let mut start: Vec<i64> = order.iter().map(|&i| chips(game.players[i].balance)).collect();
    if after_forced(d, tournament) {
        for e in game.events.iter().filter(|e| forced(e)) {
            if let (Some(s), Some(a)) = (e.seat, e.amount) {
                let p = pos[index(s, e.line)?];
                start[p] = start[p].saturating_add(chips(a)).min(MAX);
            }
        }
    }
    let mut r = header(game, d, line, tournament);
    r.players = Some(order.iter().map(|&i| Cow::Owned(game.players[i].name.clone())).collect());
    r.starting_stacks = start.iter().map(|&c| amount(c)).collect();
    // Merge numbers seats from 0, PHH from 1.
    r.table.seats = Some(order.iter().map(|&i| game.players[i].seat + 1).collect());
    if let Some(b) = button
        && order.last().is_some_and(|&i| game.players[i].seat != b)
    {
        r.table.button = Some(b + 1);
    }
    r.table.sitting_out = (0..game.players.len())
        .filter(|&i| pos[i] == usize::MAX && !game.players[i].name.trim().is_empty())
        .map(|i| SittingOut {
            seat: game.players[i].seat + 1,
            player: game.players[i].name.clone(),
        })
        .collect();
    if u > 0 {
        r.chip = Some(amount(1));
    }
    let hole = match kind {
        Kind::Holdem => 2,
        Kind::Omaha { .. } => game.hole.unwrap_or(4).max(4),
        Kind::Other => 0,
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
        (Kind::Other, _) => ("?", None, None),
    };
    r.variant = code.to_string();
    let cancelled = game.rounds.iter().any(|id| id == "GAME_CANCELLED")
        || game.events.iter().any(|e| e.kind == "GAME_CANCELLED");
    let why = if let Some(why) = not_played {
        Some(format!("not supported: {why}"))
    } else if kind == Kind::Other || hole > 6 {
        Some(format!(
            "not supported: {} {} (game not yet read from Merge XML by feltkit)",
            d.kind.trim(),
            d.stakes.trim()
        ))
    } else if cancelled {
        Some(format!("not supported: line {line}: the site cancelled the game before any play"))
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
    r.cap = cap;
    if matches!(kind, Kind::Omaha { .. }) && hole != 4 {
        r.hole_cards = u32::try_from(hole).ok();
    }
    // The big blind: the largest posted, else as the stakes say (play-money tables write
    // stakes a thousand times the chips they play for).
    let posted_big = game.events.iter().filter(|e| e.kind == "BIG_BLIND").filter_map(|e| e.amount);
    let posted_big = posted_big.map(chips).max().filter(|&b| b > 0);
    let nominal_big = match limit {
        Limit::Fixed => posted_big.or(stakes.map(|s| chips(s[0]))),
        _ => posted_big.or(stakes.map(|s| chips(s[1]))),
    };
    // Before 8 September 2010 a raise's amount is what it adds, since then the street's total
    // it raises to.
    let raise_adds = game.time.is_some_and(|[y, mo, d, ..]| (y, mo, d) < (2010, 9, 8));
    let mut play = Play::new(n);
    let mut actions: Vec<RecordedAction<'static>> = Vec::with_capacity(32);
    let mut lines: Vec<Option<u64>> = Vec::with_capacity(32);
    let mut act = |l: usize, a: Action| {
        actions.push(RecordedAction::built(a));
        lines.push(Some(l as u64));
    };
    let list = |cards: &[Option<String>], count: usize| -> CardList {
        let mut text = String::with_capacity(2 * count);
        for k in 0..count {
            text.push_str(cards.get(k).and_then(|c| c.as_deref()).unwrap_or("??"));
        }
        crate::record::action::cards_of(&text).unwrap_or_default()
    };
    let mut holes_dealt = false;
    let mut board: Vec<Option<String>> = Vec::with_capacity(5);
    let mut street_key: Option<usize> = None;
    for (k, id) in game.rounds.iter().enumerate() {
        let preflop = id == "BLINDS" || id == "PREFLOP";
        if id != "BLINDS" && !holes_dealt {
            holes_dealt = true;
            for (p, &i) in order.iter().enumerate() {
                let seat = game.players[i].seat;
                let known = game.cards.iter().find(|c| {
                    c.seat == Some(seat)
                        && matches!(c.kind.as_str(), "HOLE" | "SHOWN" | "MUCKED")
                        && c.cards.len() == hole
                });
                let (l, cards) = known.map_or((line, &[][..]), |c| (c.line, c.cards.as_slice()));
                act(l, Action::DealHole { player: p, cards: list(cards, hole) });
            }
        }
        // The board so far: the cards beyond those dealt are this round's.
        let shown = game
            .cards
            .iter()
            .filter(|c| &c.round == id && c.seat.is_none() && c.kind == "COMMUNITY")
            .max_by_key(|c| c.cards.len());
        if let Some(c) = shown
            && c.cards.len() > board.len()
        {
            if c.cards[..board.len()] != board[..] || c.cards.len() > 5 {
                return Err(unreadable(
                    c.line,
                    "the board does not carry on the board dealt before (expected the cards so far, then the new ones)".into(),
                ));
            }
            let new = &c.cards[board.len()..];
            act(c.line, Action::DealBoard { cards: list(new, new.len()) });
            board.extend_from_slice(new);
        }
        let key = if preflop { 0 } else { k + 1 };
        for e in game.events.iter().filter(|e| &e.round == id) {
            let Some(seat) = e.seat else { continue };
            let p = pos[index(seat, e.line)?];
            let sum = e.amount.map_or(0, chips);
            if p >= n {
                // A player not dealt in who puts nothing in: nothing happens.
                continue;
            }
            if street_key != Some(key) {
                play.street.iter_mut().for_each(|s| *s = 0);
                street_key = Some(key);
            }
            let l = e.line;
            let most = play.street.iter().copied().max().unwrap_or(0);
            match e.kind.as_str() {
                "ANTE" => play.ante(p, sum),
                "SMALL_BLIND" => play.small_blind(p, sum),
                "BIG_BLIND" | "INITIAL_BLIND" | "RETURN_BLIND" => {
                    play.big_blind(p, sum, nominal_big)
                }
                "FOLD" => act(l, Action::Fold(p)),
                "CHECK" => act(l, Action::CheckOrCall(p)),
                "CALL" => {
                    play.add(p, sum);
                    act(l, Action::CheckOrCall(p));
                }
                "BET" | "RAISE" | "ALL_IN" => {
                    if e.kind == "RAISE" && !raise_adds {
                        play.add(p, sum.saturating_sub(play.street[p]).max(0));
                    } else {
                        play.add(p, sum);
                    }
                    let to = play.street[p];
                    if e.kind == "ALL_IN" && sum == 0 {
                        // An all-in player's all-in said again: nothing is put in.
                        if play.put[p] < start[p] {
                            return Err(unreadable(
                                l,
                                "the all-in has no amount and the player has chips left (expected `amount=\"...\"`)".into(),
                            ));
                        }
                    } else if to <= most {
                        act(l, Action::CheckOrCall(p));
                    } else {
                        act(l, Action::BetOrRaiseTo(p, amount(to)));
                    }
                }
                "SHOW" | "MUCK" | "MUCKED" | "PLAYER_OUT" | "SIT_OUT" | "SIT_IN" => {}
                other => {
                    return Err(unreadable(
                        l,
                        format!(
                            "`{other}` is not an event feltkit knows in a flop game (expected SMALL_BLIND, BIG_BLIND, INITIAL_BLIND, RETURN_BLIND, ANTE, FOLD, CHECK, CALL, BET, RAISE, ALL_IN, SHOW, MUCK or PLAYER_OUT)"
                        ),
                    ));
                }
            }
        }
    }
    if !holes_dealt {
        for p in 0..n {
            act(line, Action::DealHole { player: p, cards: list(&[], hole) });
        }
    }
    let Play { mut antes, mut blinds, dead, put, .. } = play;
    if n == 2 {
        antes.swap(0, 1);
        blinds.swap(0, 1);
    }
    r.blinds_or_straddles = blinds.iter().map(|&c| amount(c)).collect();
    if limit == Limit::Fixed {
        let small = nominal_big.unwrap_or(1);
        r.small_bet = Some(amount(small));
        r.big_bet = Some(amount(small.saturating_mul(2)));
    } else {
        r.min_bet = Some(amount(nominal_big.unwrap_or(1)));
    }
    if dead.iter().any(|&x| x > 0) {
        r.table.dead_blinds = dead.iter().map(|&c| amount(c)).collect();
    }
    if antes.iter().any(|&a| a > 0) {
        r.antes = antes.iter().map(|&c| amount(c)).collect();
    }
    r.actions = actions;
    r.site_text.action_lines = lines;
    accounting(game, &pos, (&start, &put, &dead), tournament, &chips, &mut r);
    Ok(r)
}

/// The chips of each player (by PHH position) as the play goes.
pub(super) struct Play {
    pub antes: Vec<i64>,
    pub blinds: Vec<i64>,
    pub dead: Vec<i64>,
    pub put: Vec<i64>,
    pub street: Vec<i64>,
    small_posted: bool,
}

impl Play {
    pub(super) fn new(n: usize) -> Play {
        Play {
            antes: vec![0; n],
            blinds: vec![0; n],
            dead: vec![0; n],
            put: vec![0; n],
            street: vec![0; n],
            small_posted: false,
        }
    }

    pub(super) fn add(&mut self, p: usize, c: i64) {
        self.street[p] = self.street[p].saturating_add(c);
        self.put[p] = self.put[p].saturating_add(c);
    }

    pub(super) fn ante(&mut self, p: usize, c: i64) {
        self.antes[p] = self.antes[p].saturating_add(c);
        self.put[p] = self.put[p].saturating_add(c);
    }

    pub(super) fn dead(&mut self, p: usize, c: i64) {
        self.dead[p] = self.dead[p].saturating_add(c);
        self.put[p] = self.put[p].saturating_add(c);
    }

    /// The first small blind is live; another is dead money.
    pub(super) fn small_blind(&mut self, p: usize, c: i64) {
        if self.small_posted {
            self.dead(p, c);
        } else {
            self.small_posted = true;
            self.blinds[p] = c;
            self.add(p, c);
        }
    }

    /// A big blind (or a new player's, or one posted with the small blind): live up to the
    /// table's big blind (`nominal`, when known), the rest dead.
    pub(super) fn big_blind(&mut self, p: usize, c: i64, nominal: Option<i64>) {
        let live = nominal.map_or(c, |b| c.min(b));
        self.blinds[p] = self.blinds[p].saturating_add(live);
        self.add(p, live);
        self.dead(p, c.saturating_sub(live));
    }
}

/// The site's account of the hand ([`SiteAccounting`]) and the stacks it implies (see the
/// module's doc).
fn accounting(
    game: &Game,
    pos: &[usize],
    (start, put, dead): (&[i64], &[i64], &[i64]),
    tournament: bool,
    chips: &dyn Fn(Amount) -> i64,
    r: &mut HandRecord<'static>,
) {
    let n = start.len();
    let places = r.chip.map_or(0, |c| c.places);
    let amount = |c: i64| Amount { units: c, places };
    let mut site = SiteAccounting { unnamed_pots: true, ..SiteAccounting::default() };
    let mut got = vec![0i64; n];
    let mut paid_all = vec![0i64; n];
    let mut lines = vec![0usize; n];
    let mut marked = false;
    for w in &game.winners {
        let Some(&p) = game.players.iter().position(|x| x.seat == w.seat).map(|i| &pos[i]) else {
            continue;
        };
        if p >= n {
            continue;
        }
        let c = chips(w.amount);
        paid_all[p] = paid_all[p].saturating_add(c);
        if w.uncalled {
            marked = true;
            site.uncalled.push(Entry {
                player: p,
                amount: amount(c),
                pot: String::new(),
                line: w.line,
                run: 0,
            });
        } else {
            got[p] = got[p].saturating_add(c);
            if lines[p] == 0 {
                lines[p] = w.line;
            }
        }
    }
    let uncalled = super::collected::uncalled(put, dead);
    let returned = uncalled.map_or(0, |u| u.1);
    if let Some((top, excess)) = uncalled
        && !marked
        && got[top] >= excess
    {
        // Older files pay the uncalled bet back inside the winner's amount.
        got[top] -= excess;
    }
    for (p, &c) in got.iter().enumerate() {
        if c != 0 {
            site.collected.push(Entry {
                player: p,
                amount: amount(c),
                pot: String::new(),
                line: lines[p],
                run: 0,
            });
        }
    }
    let total = put.iter().fold(0i64, |s, &x| s.saturating_add(x)).saturating_sub(returned);
    let paid = got.iter().fold(0i64, |s, &x| s.saturating_add(x));
    let most = if tournament { 0 } else { total.saturating_add(9) / 10 };
    site.total_pot = Some(amount(total));
    site.rake = Some(amount(total.saturating_sub(paid).clamp(0, most.max(0))));
    site.summary_line = game
        .winners
        .first()
        .map_or(r.site_text.line, |w| Some(w.line))
        .and_then(|l| i64::try_from(l).ok());
    let mut seat_lines = vec![0; n];
    for (i, &p) in pos.iter().enumerate() {
        if p < n {
            seat_lines[p] = game.players[i].line;
        }
    }
    site.seat_lines = seat_lines;
    let finishing: Vec<i64> =
        (0..n).map(|p| start[p].saturating_sub(put[p]).saturating_add(paid_all[p])).collect();
    r.finishing_stacks = Some(finishing.iter().map(|&c| amount(c)).collect());
    r.winnings = Some(got.iter().map(|&c| amount(c)).collect());
    r.accounting = Some(site);
}

/// Refuses a seat dealt in without a name, or with the name of another seat dealt in: each
/// seat's line, number and name, whether it is dealt in, and the attribute that names it
/// (`nickname`); the line and what was expected when refused.
pub(super) fn named_seats(
    seats: &[(usize, u32, &str)],
    dealt: &[bool],
    attribute: &str,
) -> Result<(), (usize, String)> {
    for (i, &(line, seat, name)) in seats.iter().enumerate() {
        if !dealt[i] {
            continue;
        }
        if name.trim().is_empty() {
            let why =
                format!("seat {seat} plays but has no `{attribute}` (expected the player's name)");
            return Err((line, why));
        }
        if seats[..i].iter().zip(dealt).any(|(o, &d)| d && o.2 == name) {
            let why = format!(
                "seat {seat} has the `{attribute}` of another seat (expected a name of its own)"
            );
            return Err((line, why));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_description_names_the_game_the_structure_and_the_stakes() {
        let (k, l, s) = game_type("Holdem", "No Limit ($1/$2)", Some(2));
        assert_eq!((k, l), (Kind::Holdem, Limit::No));
        assert_eq!(s.map(|s| (s[0].units, s[1].units)), Some((1, 2)));
        assert_eq!(game_type("Omaha H/L8", "Limit $1/$2", Some(4)).0, Kind::Omaha { hi_lo: true });
        assert_eq!(game_type("Omaha", "Pot Limit ($5/$10)", Some(4)).1, Limit::Pot);
        assert_eq!(game_type("Holdem", "Limit $10/$20", Some(2)).1, Limit::Fixed);
        let (_, _, s) = game_type("Holdem Tournament", "No Limit Level 4 Blinds 40/80", None);
        assert_eq!(s.map(|s| (s[0].units, s[1].units)), Some((40, 80)));
        assert_eq!(game_type("Holdem Tournament", "No Limit", None).2, None);
        assert_eq!(game_type("HORSE", "Limit $0.25/$0.50", Some(4)).0, Kind::Omaha { hi_lo: true });
        assert_eq!(game_type("HORSE", "Limit $0.25/$0.50", Some(7)).0, Kind::Other);
        assert_eq!(game_type("7-Stud H/L8", "Limit $0.25/$0.50", Some(7)).0, Kind::Other);
        assert_eq!(game_type("2-7 Lowball", "Limit $1/$2", Some(5)).0, Kind::Other);
        assert_eq!(game_type("Badugi", "Pot Limit ($0.05/$0.10)", Some(4)).0, Kind::Other);
    }
}
