//! The real PartyPoker hand histories a user can point this at (not part of the repository).
//! Their `expected.json` reads none of them, so the stacks each hand's text implies are worked
//! out here, by a reading of the text of its own ([`implied`]): the starting stack, less every
//! chip the player's lines put in (antes, blinds, calls, bets, raises, all in: Party writes the
//! chips each action adds), plus what the player's `wins` lines give (Party counts a bet nobody
//! called in what its player wins, so it needs no line of its own). A hand adds up when what
//! was won is what was put in (a tournament) or that less a rake of at most a tenth (a cash
//! game). Each hand that adds up must replay, pass `--check` and end at those stacks; every
//! other hand is printed with its reason.
//! `FELTKIT_PARTYPOKER_DIR=... cargo test --release --test suite real_partypoker -- --ignored --nocapture`.

use feltkit::import::{convert_as, Format};

/// An amount as Party writes it (`$1,234.50 USD`, `€0,10 EUR`, `4,520`, `[$2 USD]`), in
/// hundredths: a comma before the last two digits is a decimal comma, any other separates
/// thousands.
fn cents(t: &str) -> Option<i64> {
    let t: String = t.chars().filter(|c| c.is_ascii_digit() || matches!(c, '.' | ',')).collect();
    let t = t.trim_matches(['.', ',']);
    let decimal_comma = t.len() > 3 && t.as_bytes()[t.len() - 3] == b',' && !t.contains('.');
    let t = if decimal_comma { t.replacen(',', ".", 1) } else { t.replace(',', "") };
    let (whole, frac) = t.split_once('.').unwrap_or((&t, ""));
    let frac = format!("{frac:0<2}");
    Some(whole.parse::<i64>().ok()? * 100 + frac.get(..2)?.parse::<i64>().ok()?)
}

/// The amount in a line's brackets.
fn bracketed(t: &str) -> Option<i64> {
    cents(&t[t.find('[')? + 1..t.rfind(']')?])
}

/// The stacks a hand's text implies, each seat's name with its finishing stack, or why the
/// hand is not counted.
fn implied(lines: &[&str]) -> Result<Vec<(String, i64, i64)>, String> {
    let game = lines.get(1).copied().unwrap_or("");
    if game.contains("Game Table") {
        return Err("the layout with `Game Table (NL)` and balances".into());
    }
    if !(game.contains("Texas Hold'em") || game.contains("Omaha")) || game.contains("Double") {
        return Err(format!("a game other than hold'em and Omaha: `{game}`"));
    }
    let tournament = game.contains("Trny");
    let mut seats: Vec<(u32, String, i64)> = Vec::new();
    let mut button = 0;
    for l in lines {
        let l = l.trim();
        if let Some(b) = l.strip_prefix("Seat ").and_then(|r| r.strip_suffix(" is the button")) {
            button = b.parse().unwrap_or(0);
        }
        let Some(rest) = l.strip_prefix("Seat ").or_else(|| l.strip_prefix("seat")) else {
            continue;
        };
        let Some((n, body)) = rest.split_once(':') else { continue };
        let (Some(open), Some(close)) = (body.rfind('('), body.rfind(')')) else { continue };
        let (Ok(n), Some(stack)) = (n.trim().parse(), cents(&body[open + 1..close])) else {
            continue;
        };
        seats.push((n, body[..open].trim().to_string(), stack));
    }
    seats.sort_by_key(|s| s.0);
    let mut put = vec![0i64; seats.len()];
    let mut won = vec![0i64; seats.len()];
    let mut named = vec![false; seats.len()];
    let mut small_blinds = 0;
    let mut blinds = None;
    let mut dealt = false;
    let mut any_blind = false;
    let parts = lines.iter().flat_map(|l| l.split("does not show cards."));
    for l in parts.map(str::trim).filter(|l| !l.is_empty()) {
        if l.starts_with("** Dealing down") {
            dealt = true;
        }
        if !dealt && (l.starts_with("Blinds") || l.starts_with("Stakes")) {
            let inside = &l[l.find('(').unwrap_or(0) + 1..l.find(')').unwrap_or(l.len())];
            let (a, b) = inside.split_once('/').unwrap_or(("", ""));
            let b = b.split('-').next().unwrap_or("");
            blinds = cents(a).zip(cents(b)).map(|(a, b)| {
                if l.starts_with("Stakes") {
                    (a / 2, a)
                } else {
                    (a, b)
                }
            });
        }
        let who = (0..seats.len())
            .filter(|&i| l.starts_with(&format!("{} ", seats[i].1)))
            .max_by_key(|&i| seats[i].1.len());
        let Some(i) = who else {
            if l.contains(" posts ") {
                return Err(format!("a player not in the seat list posts: `{l}`"));
            }
            continue;
        };
        let verb = &l[seats[i].1.len() + 1..];
        if verb.starts_with("has joined") || verb.starts_with("has left") {
            continue;
        }
        named[i] = true;
        if verb.starts_with("posts small blind") {
            small_blinds += 1;
            if small_blinds > 1 {
                return Err(format!("a player posts to come in with a live small blind: `{l}`"));
            }
        }
        if verb.starts_with("posts small blind") || verb.starts_with("posts big blind") {
            any_blind = true;
        }
        let adds = ["posts ", "calls", "bets", "raises", "is all-In "];
        if adds.iter().any(|a| verb.starts_with(a)) {
            put[i] += bracketed(verb).ok_or(format!("no amount in `{l}`"))?;
        } else if let Some(w) = verb.strip_prefix("wins ") {
            let w = w.split(" from").next().unwrap_or(w);
            won[i] += cents(w).ok_or(format!("no amount in `{l}`"))?;
        }
    }
    if won.iter().all(|&w| w == 0) {
        return Err("no `wins` line: the hand is cut off".into());
    }
    // A tournament's blinds, which no line posts: the two seats after the button of those the
    // hand names (heads up, the button and the other).
    if tournament && !any_blind {
        let Some((sb, bb)) = blinds else { return Err("a tournament's blinds unknown".into()) };
        let order: Vec<usize> = (0..seats.len())
            .map(|k| (seats.iter().position(|s| s.0 > button).unwrap_or(0) + k) % seats.len())
            .filter(|&i| named[i])
            .collect();
        let (s, b) = match order[..] {
            [a, b] => (b, a),
            [a, b, ..] => (a, b),
            _ => return Err("fewer than two players".into()),
        };
        put[s] += sb.min(seats[s].2 - put[s]);
        put[b] += bb.min(seats[b].2 - put[b]);
    }
    let (p, w): (i64, i64) = (put.iter().sum(), won.iter().sum());
    let adds_up = if tournament { p == w } else { w <= p && p - w <= (p + 9) / 10 };
    if !adds_up {
        return Err(format!("does not add up: {p} put in, {w} won (hundredths)"));
    }
    Ok((0..seats.len())
        .map(|i| (seats[i].1.clone(), seats[i].2, seats[i].2 - put[i] + won[i]))
        .collect())
}

/// A text's hands, cut at each title line (`***** Hand History for Game`): their lines from
/// the title on.
fn hands_of(text: &str) -> Vec<Vec<&str>> {
    let mut hands: Vec<Vec<&str>> = Vec::new();
    for l in text.lines() {
        let l = l.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}' || c == '\0');
        if l.starts_with("***** Hand History") {
            hands.push(Vec::new());
        }
        if let Some(h) = hands.last_mut()
            && !l.is_empty()
        {
            h.push(l);
        }
    }
    hands
}

#[test]
#[ignore]
fn real_partypoker_hands_replay_to_the_stacks_their_text_implies() {
    let Ok(dir) = std::env::var("FELTKIT_PARTYPOKER_DIR") else { return };
    let mut files = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(&dir)];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "txt") {
                files.push(p);
            }
        }
    }
    files.sort();
    let format = Format::named("partypoker").unwrap();
    let (mut hands, mut counted, mut matched) = (0, 0, 0);
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let ours = convert_as(format, &bytes);
        let theirs = hands_of(&text);
        if ours.len() != theirs.len() {
            eprintln!("{}: {} hands read, {} titles", path.display(), ours.len(), theirs.len());
        }
        for (k, (hand, lines)) in ours.iter().zip(&theirs).enumerate() {
            hands += 1;
            let place = format!("{} [{}] hand {:?}", path.display(), k + 1, hand.number);
            let r = feltkit::phh::replay_text(&hand.phh, "t", true).remove(0);
            let want = match implied(lines) {
                Ok(w) => w,
                Err(why) => {
                    eprintln!("not counted: {place}: {why}; read as {:?}", r.status);
                    continue;
                }
            };
            counted += 1;
            let record = feltkit::phh::read::hands(&hand.phh).next().unwrap().unwrap().record;
            let got: Vec<(String, Option<i64>)> = record
                .as_ref()
                .ok()
                .map(|r| {
                    let names = r.players.clone().unwrap_or_default();
                    let stacks = r.finishing_stacks.clone().unwrap_or_default();
                    names.iter().zip(stacks).map(|(n, s)| (n.to_string(), s.to_units(2))).collect()
                })
                .unwrap_or_default();
            let same = !got.is_empty()
                && want.iter().all(|(name, start, end)| {
                    match got.iter().find(|(n, _)| n == name) {
                        Some((_, s)) => *s == Some(*end),
                        None => start == end,
                    }
                });
            if r.ok() && r.checked && r.mismatches.is_empty() && same {
                matched += 1;
            } else {
                eprintln!(
                    "NOT MATCHED: {place}: {:?} {:?}\n  implied {want:?}\n  replayed {got:?}",
                    r.status, r.mismatches
                );
            }
        }
    }
    eprintln!("{hands} hands, {counted} add up, {matched} of them matched");
    assert!(counted > 40 && matched * 100 >= counted * 99, "{matched} of {counted}");
}
