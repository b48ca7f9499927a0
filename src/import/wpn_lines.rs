//! WPN's lines put in PokerStars' words, for the PokerStars reader
//! ([`super::pokerstars::parse_after_header`]).
//!
//! | WPN writes | read as |
//! |---|---|
//! | `Hand #151 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC` | `Hold'em No Limit ($0.01/$0.02 USD) - 2019/11/08 04:43:23 UTC` |
//! | `Game Hand #82 - Tournament #11 - Omaha H/L(Pot Limit) - Level 1 (250.00/500.00)- DATE` | a tournament hand of Omaha Hi/Lo Pot Limit, its amounts chips |
//! | `Omaha H/L(Fixed Limit) - $20.00/$40.00` | `Omaha Hi/Lo Limit ($20/$40)`: the small and big bets |
//! | `Miramar (Cap) 9-max Seat #1 is the button` | `Table 'Miramar (Cap)' 9-max Seat #1 is the button` |
//! | `Seat 2: NAME ($0.90)`, `... is sitting out` | `Seat 2: NAME ($0.90 in chips)` |
//! | `NAME posts the small blind $0.01`, `posts ante 25.00`, `posts dead $0.15`, `straddle $0.20` | `NAME: posts small blind $0.01`, `posts the ante 25`, `posts small & big blinds $0.15`, `posts straddle $0.20` |
//! | `NAME raises $0.05 to $0.05` (WPN's first amount is sometimes the raise, sometimes its total) | `NAME: raises $0.03 to $0.05`, from the total |
//! | `Main pot $1.19 \| Rake $0.06` (after each street) | left out |
//! | `NAME collected $1.19 from main pot` | `NAME collected $1.19 from pot` |
//! | `Total pot $1.19 \| Rake $0.04 \| JP Fee $0.02` (the pot after rake and fee) | `Total pot $1.25 \| Rake $0.06` |
//! | `Seat 7: NAME did not show and won $0.07` | `Seat 7: NAME collected ($0.07)` |
//!
//! A player who `caps` has reached a capped table's limit on what a hand can cost: the betting
//! then stops for every player at the cap, which feltkit's rules do not play, so such a hand is
//! not replayed. The older texts (`Game started at:`, `Game ID: 261409536 2/4 Braunite
//! (Omaha)`) do not say whether a game is no limit, pot limit or fixed limit, and are not
//! replayed either.

use std::borrow::Cow;

use super::collected::written;
use super::header::{parse_header, site_header};
use super::lines::{find, who, Line};
use super::p888_lines::cents;
use super::pokerstars::{
    err, parse_after_header, parse_pieces, GameName, Piece, Refusal, StarsEvent, StarsHand,
    TextError,
};
use super::split::HandText;

/// The header of a cash-game hand.
pub(super) const CASH: &str = "Hand #";
/// The header of a tournament hand.
pub(super) const TOURNEY: &str = "Game Hand #";
/// The header of a hand of the older texts.
pub(super) const OLDER: &str = "Game started at:";

/// The hand number of a hand: in its first line (`Hand #151588328 - ...`), or in the older
/// texts' second (`Game ID: 261409536 2/4 ...`).
pub(super) fn hand_number(h: &HandText) -> Option<String> {
    let mut lines = h.lines();
    let first = lines.next()?.text;
    let digits = |t: &str| -> Option<String> {
        let id: String = t.chars().take_while(char::is_ascii_digit).collect();
        (!id.is_empty()).then_some(id)
    };
    if first.starts_with(OLDER) {
        return digits(lines.next()?.text.strip_prefix("Game ID: ")?);
    }
    first_number(first).map(String::from)
}

/// The hand number of a newer text's first line (`Hand #151588328 - ...`).
pub(super) fn first_number(first: &str) -> Option<&str> {
    let rest = &first[find(first, "#")? + 1..];
    let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

/// A game as WPN's header names it, in PokerStars' words; `None` for one feltkit does not play.
fn game_words(name: &str) -> Option<&'static str> {
    Some(match name {
        "Holdem" => "Hold'em",
        "Omaha" => "Omaha",
        "Omaha H/L" => "Omaha Hi/Lo",
        "5Card Omaha" => "5 Card Omaha",
        "5Card Omaha H/L" => "5 Card Omaha Hi/Lo",
        _ => return None,
    })
}

/// A betting structure as WPN's header names it, in PokerStars' words.
fn limit_words(name: &str) -> Option<&'static str> {
    Some(match name {
        "No Limit" => "No Limit",
        "Pot Limit" => "Pot Limit",
        "Fixed Limit" => "Limit",
        _ => return None,
    })
}

/// What the header says: its number, tournament, game, level and date, the stakes in
/// hundredths, whether the game is fixed limit, and why the hand is not played (a game feltkit
/// does not play).
struct Header {
    number: String,
    /// `Tournament #ID, ` for a tournament's hand, else nothing.
    tour: String,
    /// The game in PokerStars' words with its structure (`Hold'em No Limit`).
    game: String,
    /// ` - Level N` for a tournament's level, else nothing.
    level: String,
    /// ` USD` for dollars, else nothing.
    code: &'static str,
    date: String,
    small: i64,
    big: i64,
    fixed: bool,
    symbol: Option<char>,
    refusal: Option<String>,
}

fn header(l: &Line<'_>) -> Result<Header, TextError> {
    let t = l.text;
    let n = l.number;
    let Some(hash) = t.find('#') else {
        return err(n, "expected `Hand #NUMBER - GAME(LIMIT) - STAKES - DATE`");
    };
    let parts: Vec<&str> = t[hash..].split(" - ").map(str::trim).collect();
    let number = parts[0].trim_start_matches('#');
    let tournament = parts.iter().find_map(|p| {
        let after = &p[find(p, "Tournament #")? + 12..];
        Some(after.chars().take_while(char::is_ascii_digit).collect::<String>())
    });
    // The game: `Holdem(No Limit)`.
    let Some((g, game)) = parts.iter().enumerate().skip(1).find_map(|(k, p)| {
        let open = p.find('(')?;
        let limit = p[open + 1..].strip_suffix(')')?;
        Some((k, (p[..open].trim(), limit)))
    }) else {
        return err(n, format!("expected the game as `Holdem(No Limit)` in `{t}`"));
    };
    // The stakes: `$0.01/$0.02` after the game, or a level's `(250.00/500.00)`.
    let rest = parts[g + 1..].join(" - ");
    let stakes_text = match (rest.find('('), rest.find(')')) {
        (Some(o), Some(c)) if o < c && find(&rest, "Level ").is_some() => &rest[o + 1..c],
        _ => parts.get(g + 1).copied().unwrap_or(""),
    };
    let Some((a, b)) = stakes_text.split_once('/') else {
        return err(n, format!("expected the stakes as `SMALL/BIG` in `{t}`"));
    };
    let (Some(small), Some(big)) = (cents(a), cents(b)) else {
        return err(n, format!("expected two amounts in cents at most in `{stakes_text}`"));
    };
    let symbol = if tournament.is_some() { None } else { a.trim().chars().next() };
    let symbol = symbol.filter(|c| matches!(c, '$' | '€' | '£'));
    let date = t.rfind("- ").map_or("", |k| t[k + 2..].trim());
    let (words, limit) = (game_words(game.0), limit_words(game.1));
    let refusal = match (words, limit) {
        (Some(_), Some(_)) => None,
        (None, _) => Some(format!(
            "line {n}: {}: feltkit reads WPN's hold'em and Omaha; this game is not read",
            game.0
        )),
        (_, None) => Some(format!(
            "line {n}: `{}`: feltkit plays no limit, pot limit and fixed limit; this betting is not read",
            game.1
        )),
    };
    let code = if symbol == Some('$') { " USD" } else { "" };
    let tour = tournament.map(|id| format!("Tournament #{id}, ")).unwrap_or_default();
    let level_at = find(t, "Level ").map_or("", |k| &t[k + 6..]);
    let level: String = level_at.chars().take_while(char::is_ascii_digit).collect();
    let level = if tour.is_empty() || level.is_empty() {
        String::new()
    } else {
        format!(" - Level {level}")
    };
    let game = [words.unwrap_or("Hold'em"), " ", limit.unwrap_or("No Limit")].concat();
    Ok(Header {
        number: number.to_string(),
        tour,
        game,
        level,
        code,
        date: date.to_string(),
        small,
        big,
        fixed: limit == Some("Limit"),
        symbol,
        refusal,
    })
}

impl Header {
    /// The header in PokerStars' words.
    fn stars(&self) -> String {
        let h = self;
        format!(
            "WPN Hand #{}: {}{}{} ({}/{}{}) - {}",
            h.number,
            h.tour,
            h.game,
            h.level,
            written(h.small, h.symbol),
            written(h.big, h.symbol),
            h.code,
            h.date
        )
    }

    /// The hand the header starts: a cash game's made from its parts
    /// ([`super::header::site_header`], its currency set after), a tournament's written in
    /// PokerStars' words and read.
    fn hand(&self, line: usize) -> Result<StarsHand, TextError> {
        if !self.tour.is_empty() {
            return parse_header(&Line { number: line, text: &self.stars() });
        }
        let stakes = (self.small, self.big);
        let mut hand =
            site_header("WPN", &self.number, line, &self.game, stakes, self.symbol, &self.date)?;
        if !self.code.is_empty() {
            hand.currency = Some(self.code.trim().to_string());
        }
        Ok(hand)
    }
}

/// The table line in PokerStars' words: `Miramar (Cap) 9-max Seat #1 is the button` is
/// `Table 'Miramar (Cap)' 9-max Seat #1 is the button`.
fn table_line(l: &Line<'_>) -> Result<String, TextError> {
    let t = l.text;
    if t.starts_with("Table '") {
        return Ok(t.to_string());
    }
    let Some(k) = find(t, " Seat #") else {
        return err(l.number, "expected `TABLE N-max Seat #N is the button`");
    };
    let head = &t[..k];
    let (name, rest) = match head.find("-max").and_then(|m| head[..m].rfind(' ')) {
        Some(s) => (&head[..s], &head[s..]),
        None => (head, ""),
    };
    Ok(format!("Table '{}'{rest}{}", name.replace('\'', ""), &t[k..]))
}

/// The seat, name and stack of a seat line (`Seat 2: NAME ($0.90)`, `... is sitting out`).
fn seat_of(t: &str) -> Option<(u32, &str, &str, &str)> {
    let (seat, body) = super::lines::split_once(t.strip_prefix("Seat ")?, ": ")?;
    let (body, out) = match body.strip_suffix(" is sitting out") {
        Some(b) => (b, " is sitting out"),
        None => (body, ""),
    };
    let open = body.rfind(" (")?;
    let stack = body[open + 2..].strip_suffix(')')?;
    Some((seat.parse().ok()?, &body[..open], stack, out))
}

/// Reads one WPN hand: its lines in PokerStars' words, read by the PokerStars reader.
pub(super) fn parse_hand(text: &HandText) -> Result<StarsHand, TextError> {
    let lines: Vec<Line<'_>> = text.lines().collect();
    let Some(first) = lines.first() else {
        return err(text.line, "an empty hand");
    };
    if first.text.starts_with(OLDER) {
        return older(text, &lines);
    }
    let h = header(first)?;
    let mut hand = h.hand(first.number)?;
    let Some(table) = lines.get(1) else {
        return parse_after_header(hand, first.number, std::iter::empty());
    };
    let mut out: Vec<(usize, Piece<'_>)> = Vec::with_capacity(lines.len());
    out.push((table.number, table_line(table)?.into()));
    let mut seats: Vec<(u32, &str)> = Vec::new();
    for l in lines.iter().skip(2) {
        let Some((seat, name, stack, sitting_out)) = seat_of(l.text) else { break };
        let Some(c) = cents(stack) else {
            return err(l.number, format!("expected a stack in cents at most, not `{stack}`"));
        };
        seats.push((seat, name));
        out.push((
            l.number,
            (super::collected::seat_list_line(seat, name, c, h.symbol) + sitting_out).into(),
        ));
    }
    if let Some(why) = &h.refusal {
        hand.game = GameName::Other(why.clone());
        hand.refusal = Some(Refusal::NotSupported(why.clone()));
        return parse_pieces(hand, first.number, &out);
    }
    let play_lines = &lines[(2 + seats.len()).min(lines.len())..];
    let head = out.len();
    let big = if h.fixed { h.small } else { h.big };
    if let Some(why) = play(play_lines, &seats, big, h.symbol, &mut out)? {
        hand.refusal = Some(Refusal::NotSupported(why));
        out.truncate(head);
    }
    parse_pieces(hand, first.number, &out)
}

/// An amount of a line, or what is wrong.
fn amount_of(text: &str, n: usize) -> Result<i64, TextError> {
    cents(text).ok_or_else(|| TextError {
        line: n,
        why: format!("expected an amount in cents at most, not `{}`", text.trim()),
    })
}

/// The play and the summary in PokerStars' words, into `out`; `Some(why)` for a hand that
/// cannot be replayed (a player capped).
fn play<'t>(
    lines: &[Line<'t>],
    seats: &[(u32, &str)],
    big: i64,
    s: Option<char>,
    out: &mut Vec<(usize, Piece<'t>)>,
) -> Result<Option<String>, TextError> {
    let mut street = vec![0i64; seats.len()];
    let mut dealt = false;
    let mut summary_at: Option<usize> = None;
    let mut collected = vec![false; seats.len()];
    let mut uncalled_seen = false;
    let mut excess: Option<(usize, i64)> = None;
    for l in lines {
        let (n, t) = (l.number, l.text);
        if let Some(at) = summary_at {
            let less = excess.map_or(0, |e| e.1);
            let mut said = summary_line(t, n, s, less)?;
            // A pot won without a showdown has no collected line: the summary's is the one.
            if let Some(k) = find(&said, ": ")
                && let Some((i, after)) = who(seats, &said[k + 2..])
                && !collected[i]
                && let Some(w) = find(after, "collected (").or_else(|| find(after, "won ("))
            {
                let open = w + after[w..].find('(').unwrap_or(0) + 1;
                let mut amt = after[open..].split(')').next().unwrap_or("").to_string();
                if let Some((_, x)) = excess.filter(|e| e.0 == i) {
                    // The blind nobody called is the site's own part of what the player won.
                    let won = amount_of(&amt, n)?.saturating_sub(x);
                    let less = written(won, s);
                    said = Cow::Owned(said.replacen(&format!("({amt})"), &format!("({less})"), 1));
                    amt = less;
                }
                let name = seats[i].1;
                out.insert(at, (n, format!("{name} collected {amt} from pot").into()));
                collected[i] = true;
                summary_at = Some(at + 1);
            }
            out.push((n, said.into()));
            continue;
        }
        if t == "*** SUMMARY ***" {
            // WPN writes no `Uncalled bet` line for a blind nobody called (a walk): it counts
            // the blind in the pot and in what its player won. It is returned here instead,
            // and taken out of the total and the win, as PokerStars counts them.
            let top = street.iter().copied().max().unwrap_or(0);
            let leaders: Vec<usize> = (0..seats.len()).filter(|&j| street[j] == top).collect();
            let second = (0..seats.len()).filter(|&j| street[j] < top).map(|j| street[j]).max();
            if !uncalled_seen
                && let (&[i], Some(second)) = (&leaders[..], second)
                && top > second
                && !collected[i]
            {
                let x = top - second;
                let name = seats[i].1;
                let text = || format!("Uncalled bet ({}) returned to {name}", written(x, s));
                out.push((n, Piece::with_amount(x, |a| StarsEvent::Uncalled(i, a), text)));
                excess = Some((i, x));
            }
            summary_at = Some(out.len());
            out.push((n, Cow::Borrowed(t).into()));
            continue;
        }
        if let Some(st) = t.strip_prefix("*** ") {
            if st.starts_with("HOLE CARDS") {
                dealt = true;
            } else if st.starts_with("FLOP") || st.starts_with("TURN") || st.starts_with("RIVER") {
                street.iter_mut().for_each(|x| *x = 0);
            }
            out.push((n, Cow::Borrowed(t).into()));
            continue;
        }
        if t.starts_with("Main pot ") || t.starts_with("Side pot") {
            continue;
        }
        if t.starts_with("Dealt to ") {
            // Before the hole cards, a card each draws for the button.
            if dealt {
                out.push((n, Cow::Borrowed(t).into()));
            }
            continue;
        }
        if t.starts_with("Uncalled bet (") {
            uncalled_seen = true;
            out.push((n, Cow::Borrowed(t).into()));
            continue;
        }
        let Some((i, rest)) = who(seats, t) else {
            // A line naming nobody seated: chat, tables joined or left.
            out.push((n, Cow::Borrowed(t).into()));
            continue;
        };
        let name = seats[i].1;
        let (rest, all_in) = match rest.strip_suffix(" and is all-in") {
            Some(r) => (r, " and is all-in"),
            None => (rest, ""),
        };
        let top = street.iter().copied().max().unwrap_or(0);
        // What the line says, as the PokerStars reader reads `NAME: WORDS` with the amounts
        // written in the words' `#`s.
        let mut say = |words: &str, amounts: &[i64]| {
            out.push((n, Piece::said_all_in(i, name, (words, all_in), amounts, s)));
        };
        if let Some(x) = rest.strip_prefix("posts the small blind ") {
            let c = amount_of(x, n)?;
            street[i] = street[i].saturating_add(c);
            say("posts small blind #", &[c]);
        } else if let Some(x) = rest.strip_prefix("posts the big blind ") {
            let c = amount_of(x, n)?;
            street[i] = street[i].saturating_add(c);
            say("posts big blind #", &[c]);
        } else if let Some(x) = rest.strip_prefix("posts ante ") {
            say("posts the ante #", &[amount_of(x, n)?]);
        } else if let Some(x) = rest.strip_prefix("posts dead ") {
            // The small blind, dead, and the big blind, live.
            let c = amount_of(x, n)?;
            street[i] = c.min(big);
            out.push((n, Piece::said(i, name, "posts small & big blinds #", &[c], s)));
        } else if let Some(x) = rest.strip_prefix("posts ") {
            // A blind posted to come in: a big blind.
            let c = amount_of(x, n)?;
            street[i] = street[i].saturating_add(c);
            say("posts big blind #", &[c]);
        } else if let Some(x) = rest.strip_prefix("straddle ") {
            let c = amount_of(x, n)?;
            street[i] = street[i].max(c);
            out.push((n, Piece::said(i, name, "posts straddle #", &[c], s)));
        } else if rest == "folds" || rest == "checks" {
            out.push((n, Piece::said(i, name, rest, &[], s)));
        } else if let Some(x) = rest.strip_prefix("calls ") {
            let c = amount_of(x, n)?;
            street[i] = street[i].saturating_add(c);
            say("calls #", &[c]);
        } else if let Some(x) = rest.strip_prefix("bets ") {
            let c = amount_of(x, n)?;
            street[i] = street[i].saturating_add(c);
            say("bets #", &[c]);
        } else if let Some(x) = rest.strip_prefix("raises ") {
            // `raises A to B`: B is what the player's bet goes to.
            let to_text = x.split_once(" to ").map_or(x, |(_, to)| to);
            let to = amount_of(to_text, n)?;
            street[i] = to;
            let by = to.saturating_sub(top);
            say("raises # to #", &[by, to]);
        } else if rest.starts_with("caps") || rest.starts_with("cap ") {
            return Ok(Some(format!(
                "line {n}: {name} caps: on a capped table the betting stops at the cap, which feltkit's rules do not play"
            )));
        } else if rest.starts_with("shows [") {
            // The cards alone: a high-low hand's description names its low in brackets too.
            let close = rest.find(']').map_or(rest.len(), |k| k + 1);
            out.push((n, [name, ": ", &rest[..close]].concat().into()));
        } else if rest.starts_with("mucks") {
            out.push((n, Piece::said(i, name, "mucks hand", &[], s)));
        } else if let Some(x) = rest.strip_prefix("collected ") {
            let amt = x.split(" from ").next().unwrap_or(x);
            let c = amount_of(amt, n)?;
            collected[i] = true;
            let text = || [name, " collected ", &written(c, s), " from pot"].concat();
            let event = |a| StarsEvent::Collected(i, a, "pot".into());
            out.push((n, Piece::with_amount(c, event, text)));
        } else if rest.starts_with("does not show") || rest.starts_with("did not show") {
            continue;
        } else {
            return err(
                n,
                format!(
                    "expected an action after `{name}` (posts, folds, checks, calls, bets, raises, shows, mucks, collected), not `{rest}`"
                ),
            );
        }
    }
    Ok(None)
}

/// A line of the summary in PokerStars' words: the total pot before rake and fees, with the
/// jackpot fee counted with the rake; a seat's `won X` as `won (X)`.
fn summary_line<'t>(
    t: &'t str,
    n: usize,
    s: Option<char>,
    less: i64,
) -> Result<Cow<'t, str>, TextError> {
    if let Some(rest) = t.strip_prefix("Total pot ") {
        let mut fields = rest.split('|').map(str::trim);
        let total = amount_of(fields.next().unwrap_or(""), n)?;
        let mut taken = 0i64;
        for f in fields {
            // `Rake $0.04`, `JP Fee $0.02`: what the room takes out of the pot.
            let amt = f.rsplit(' ').next().unwrap_or("");
            taken = taken.saturating_add(amount_of(amt, n)?);
        }
        let pot = total.saturating_add(taken).saturating_sub(less);
        return Ok(Cow::Owned(format!(
            "Total pot {} | Rake {}",
            written(pot, s),
            written(taken, s)
        )));
    }
    if !t.starts_with("Seat ") {
        return Ok(Cow::Borrowed(t));
    }
    let mut text = t.to_string();
    for (mark, word) in [(" did not show and won ", " collected ("), (" and won ", " and won (")] {
        if let Some(k) = find(&text, mark) {
            let start = k + mark.len();
            if text[start..].starts_with('(') {
                continue;
            }
            let end = text[start..].find(' ').map_or(text.len(), |e| start + e);
            let amt = text[start..end].trim_end_matches(',').to_string();
            text = format!("{}{word}{amt}){}", &text[..k], &text[start + amt.len()..]);
        }
    }
    Ok(Cow::Owned(text))
}

/// A hand of the older texts: its number read, and not replayed, since they do not say the
/// game's betting structure.
fn older(text: &HandText, lines: &[Line<'_>]) -> Result<StarsHand, TextError> {
    let number = hand_number(text).unwrap_or_default();
    let game = lines.get(1).copied().unwrap_or(lines[0]);
    let mut hand = parse_header(&Line {
        number: lines[0].number,
        text: &format!("WPN Hand #{number}: Hold'em No Limit (1/2)"),
    })?;
    hand.game = GameName::Other(game.text.to_string());
    hand.refusal = Some(Refusal::NotSupported(format!(
        "line {}: `{}`: WPN's older texts (`Game started at:`) do not say whether the game is no limit, pot limit or fixed limit; feltkit does not guess it",
        game.number, game.text
    )));
    Ok(hand)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_is_put_in_pokerstars_words() {
        let l = Line {
            number: 1,
            text: "Hand #7 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC",
        };
        let h = header(&l).unwrap();
        assert_eq!(
            h.stars(),
            "WPN Hand #7: Omaha Hi/Lo Limit ($20/$40 USD) - 2019/07/18 15:13:01 UTC"
        );
        assert!(h.fixed && h.refusal.is_none());
        let l = Line {
            number: 1,
            text: "Game Hand #8 - $5,000 GTD Tournament #9 - Holdem(No Limit) - Level 10 (3000.00/6000.00)- 2022/07/11 01:11:44 UTC",
        };
        let h = header(&l).unwrap();
        assert_eq!(
            h.stars(),
            "WPN Hand #8: Tournament #9, Hold'em No Limit - Level 10 (3000/6000) - 2022/07/11 01:11:44 UTC"
        );
        let l = Line {
            number: 1,
            text: "Hand #7 - 7Stud H/L(Fixed Limit) - $1.00/$2.00 - 2019/07/18 15:13:01 UTC",
        };
        assert!(header(&l).unwrap().refusal.unwrap().contains("7Stud H/L"));
    }

    #[test]
    fn the_table_and_seat_lines_are_put_in_pokerstars_words() {
        let l = Line { number: 2, text: "Oak Hill (Cap) 9-max Seat #1 is the button" };
        assert_eq!(table_line(&l).unwrap(), "Table 'Oak Hill (Cap)' 9-max Seat #1 is the button");
        assert_eq!(
            seat_of("Seat 1: Ann (B) ($0.00) is sitting out"),
            Some((1, "Ann (B)", "$0.00", " is sitting out"))
        );
    }

    #[test]
    fn the_summary_counts_the_fee_with_the_rake_and_the_won_amounts_are_bracketed() {
        let s = Some('$');
        let t = summary_line("Total pot $1.19 | Rake $0.04 | JP Fee $0.02", 9, s, 0).unwrap();
        assert_eq!(t, "Total pot $1.25 | Rake $0.06");
        assert_eq!(summary_line("Total pot 600.00", 9, None, 0).unwrap(), "Total pot 600 | Rake 0");
        let t = summary_line("Seat 5: Bo did not show and won $0.25", 9, s, 0).unwrap();
        assert_eq!(t, "Seat 5: Bo collected ($0.25)");
        let t = summary_line(
            "Seat 3: Bo (big blind) showed [9c Qd] and won $1.19 with a pair",
            9,
            s,
            0,
        );
        assert_eq!(t.unwrap(), "Seat 3: Bo (big blind) showed [9c Qd] and won ($1.19) with a pair");
    }
}
