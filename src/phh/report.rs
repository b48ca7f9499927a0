//! Reports of replayed hands as `felt replay` writes them: a few lines of text, or one JSON
//! object per hand. The command and the Python package both write them with these functions.
//!
//! ```
//! use feltkit::phh::replay_text;
//! use feltkit::phh::report::{to_json, write_text};
//! let text = "variant = 'nlhe'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
//!             actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f']\nplayers = ['Ann', 'Bob']\n";
//! let r = &replay_text(text, "example.phh", false)[0];
//! let mut lines = String::new();
//! write_text(&mut lines, r);
//! assert_eq!(lines.lines().next(), Some("example.phh (nlhe): legal"));
//! // p2 folds the big blind: p1 wins the pot of 2 (the blinds matched) and gets 1 back.
//! assert!(lines.contains("won by p1 (Ann); paid p1 (Ann) 2"), "{lines}");
//! assert!(lines.contains("uncalled bet returned: p1 (Ann) 1"), "{lines}");
//! let v = to_json(r);
//! assert_eq!((v["status"].as_str(), v["final_stacks"][0].as_str()), (Some("legal"), Some("101")));
//! ```

use std::borrow::Cow;

use serde_json::{json, Value};

use super::replay::{HandReport, Status};
use super::write::{push_chips, push_int};
use crate::card::Card;
use crate::rules::{player_name, Chips, Outcome};

/// The players of a hand as reports name them: `p1`, or `p1 (Alice)` when the record's
/// `players` field names them.
struct Names<'a>(&'a [String]);

impl Names<'_> {
    fn who(&self, i: usize) -> String {
        let mut out = String::with_capacity(16);
        self.push_who(&mut out, i);
        out
    }

    /// Writes `p3`, or `p3 (Carol)`, to `out` (this runs for every player of every report line:
    /// written in place, not formatted).
    fn push_who(&self, out: &mut String, i: usize) {
        out.push('p');
        push_int(out, i as u64 + 1);
        if let Some(name) = self.0.get(i) {
            out.push_str(" (");
            out.push_str(&printable(name));
            out.push(')');
        }
    }

    fn list(&self, players: &[usize]) -> String {
        let mut out = String::with_capacity(players.len() * 12);
        self.push_list(&mut out, players);
        out
    }

    /// Writes `p1 (Ann), p3 (Carol)` to `out`.
    fn push_list(&self, out: &mut String, players: &[usize]) {
        for (k, &p) in players.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            self.push_who(out, p);
        }
    }

    /// `text` with each player it names (`p3`, a whole word outside `backquotes`) followed by
    /// their name.
    fn text<'t>(&self, text: &'t str) -> Cow<'t, str> {
        if self.0.is_empty() || !text.contains('p') {
            return Cow::Borrowed(text);
        }
        let mut out = String::with_capacity(text.len() + 16);
        let mut quoted = false;
        let mut rest = text;
        let mut before: Option<char> = None;
        while let Some(c) = rest.chars().next() {
            if c == '`' {
                quoted = !quoted;
            }
            let word_start = before.is_none_or(|b| !b.is_alphanumeric() && b != '_');
            if c == 'p' && !quoted && word_start {
                let digits = rest[1..].bytes().take_while(u8::is_ascii_digit).count();
                let end = 1 + digits;
                let word_end =
                    rest[end..].chars().next().is_none_or(|n| !n.is_alphanumeric() && n != '_');
                let index = rest[1..end].parse::<usize>().ok().filter(|&k| k >= 1);
                if let (Some(k), true) = (index, word_end)
                    && k <= self.0.len()
                {
                    out.push_str(&self.who(k - 1));
                    before = Some('0');
                    rest = &rest[end..];
                    continue;
                }
            }
            out.push(c);
            before = Some(c);
            rest = &rest[c.len_utf8()..];
        }
        Cow::Owned(out)
    }
}

/// A name as one line of text: control characters escaped.
fn printable(name: &str) -> Cow<'_, str> {
    if !name.chars().any(char::is_control) {
        return Cow::Borrowed(name);
    }
    Cow::Owned(
        name.chars()
            .map(|c| if c.is_control() { c.escape_debug().to_string() } else { c.to_string() })
            .collect(),
    )
}

/// Writes the status of `r` after its label (`legal, results match`, `ILLEGAL action ...`).
fn push_status(out: &mut String, r: &HandReport, names: &Names) {
    let (head, tail): (&str, Cow<'_, str>) = match &r.status {
        Status::Legal if r.nothing_recorded && r.mismatches.is_empty() => {
            ("legal, nothing recorded to compare", Cow::Borrowed(""))
        }
        Status::Legal if r.checked && r.mismatches.is_empty() => {
            ("legal, results match", Cow::Borrowed(""))
        }
        Status::Legal if r.checked => ("legal, results DIFFER", Cow::Borrowed("")),
        Status::Legal => ("legal", Cow::Borrowed("")),
        Status::Illegal { number, text, reason } => {
            out.push_str("ILLEGAL action ");
            push_int(out, *number as u64);
            out.push_str(" `");
            out.push_str(text);
            out.push_str("`: ");
            ("", names.text(reason))
        }
        Status::BadSetup(why) => ("ILLEGAL setup: ", Cow::Borrowed(why.as_str())),
        Status::Incomplete(why) => ("UNFINISHED: ", names.text(why)),
        Status::Unresolved(why) => ("UNDECIDED: ", names.text(why)),
        Status::Unsupported(why) => ("UNSUPPORTED: ", Cow::Borrowed(why.as_str())),
        Status::Malformed { reason, .. } => ("MALFORMED: ", Cow::Borrowed(reason.as_str())),
        Status::Unreadable(why) => ("UNREADABLE: ", Cow::Borrowed(why.as_str())),
    };
    out.push_str(head);
    out.push_str(&tail);
}

/// Writes `p1 (Ann) 2.00, p2 (Bob) 1.00`: each player of `pay` and the chips beside them.
fn push_paid(out: &mut String, r: &HandReport, names: &Names, pay: &[(usize, Chips)]) {
    for (k, &(p, x)) in pay.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        names.push_who(out, p);
        out.push(' ');
        push_chips(out, x.0, r.places);
    }
}

/// Writes `  LABEL: p1 (Ann) 2.00, ...\n` for each player whose chips in `by_player` are not
/// zero; nothing when all are.
fn push_nonzero(out: &mut String, r: &HandReport, names: &Names, label: &str, by_player: &[Chips]) {
    let mut first = true;
    for (i, &x) in by_player.iter().enumerate() {
        if x == Chips::ZERO {
            continue;
        }
        out.push_str(if first { label } else { ", " });
        first = false;
        names.push_who(out, i);
        out.push(' ');
        push_chips(out, x.0, r.places);
    }
    if !first {
        out.push('\n');
    }
}

/// Appends `felt replay`'s text report of one hand to `out`: the status line, then each pot,
/// the uncalled bets returned, the showdown order, the final stacks, mismatches and notes.
/// Players are named `p1`, or `p1 (Alice)` when the hand names them.
///
/// Everything is pushed onto `out` as it is written (a report is written for every hand
/// replayed: formatting each part into a string of its own cost more than the rest of it).
pub fn write_text(out: &mut String, r: &HandReport) {
    use std::fmt::Write as _;
    let names = Names(&r.players);
    out.push_str(&r.label);
    if let Some(h) = &r.hand {
        out.push_str(" hand ");
        out.push_str(h);
    }
    if !r.variant.is_empty() {
        out.push_str(" (");
        out.push_str(&r.variant);
        out.push(')');
    }
    out.push_str(": ");
    push_status(out, r, &names);
    out.push('\n');
    if let Some(o) = &r.outcome {
        if o.bomb_pot > Chips::ZERO {
            let boards = if o.double_board { ", two boards" } else { "" };
            let _ = writeln!(
                out,
                "  bomb pot: every player put in {} before the cards{boards}",
                r.chips(o.bomb_pot)
            );
        }
        for (k, pot) in o.pots.iter().enumerate() {
            out.push_str("  pot ");
            push_int(out, k as u64 + 1);
            out.push_str(": ");
            push_chips(out, pot.amount.0, r.places);
            out.push_str(" paid in by ");
            names.push_list(out, &pot.contributors);
            out.push_str("; eligible ");
            names.push_list(out, &pot.eligible);
            out.push_str("; won by ");
            names.push_list(out, &pot.winners);
            out.push_str("; paid ");
            push_paid(out, r, &names, &pot.payouts);
            out.push('\n');
        }
        write_runs(out, r, o, &names);
        push_nonzero(out, r, &names, "  uncalled bet returned: ", &o.uncalled);
        if o.dead_money > Chips::ZERO {
            let _ = writeln!(out, "  dead money from the room: {} in pot 1", r.chips(o.dead_money));
        }
        push_nonzero(out, r, &names, "  paid outside the pot: ", &o.outside);
        if let Some(sd) = &o.showdown {
            out.push_str("  showdown: ");
            match sd.order.first() {
                Some(&p) => names.push_who(out, p),
                None => out.push('-'),
            }
            out.push_str(" to show first (");
            names.push_list(out, &sd.order);
            out.push_str(" in order); ");
            match sd.first_shown {
                Some(p) => names.push_who(out, p),
                None => out.push_str("nobody"),
            }
            out.push_str(" showed first\n");
        }
        out.push_str("  final stacks: ");
        for (i, &x) in o.final_stacks.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            if r.unknown_stacks.get(i).copied().unwrap_or(false) {
                out.push_str("inf");
            } else {
                push_chips(out, x.0, r.places);
            }
        }
        out.push('\n');
    }
    for m in &r.mismatches {
        out.push_str("  mismatch: ");
        out.push_str(&names.text(m));
        out.push('\n');
    }
    for n in &r.notes {
        out.push_str("  note: ");
        out.push_str(&names.text(n));
        out.push('\n');
    }
}

/// A board as the report writes it: `8c 4d 2s Kd 5c`, `??` for a card not known.
fn board_text(board: &[Option<Card>]) -> String {
    let cards: Vec<String> =
        board.iter().map(|c| c.map_or("??".to_string(), |c| c.to_string())).collect();
    cards.join(" ")
}

/// A hand whose board was run more than once: a line per run, with its board and what each
/// pot's share on that run paid (nothing for a hand run once); a double-board bomb pot: a line
/// per board, with what each pot's half on it paid.
fn write_runs(out: &mut String, r: &HandReport, o: &Outcome, names: &Names) {
    use std::fmt::Write as _;
    if o.boards.len() < 2 {
        return;
    }
    for (run, board) in o.boards.iter().enumerate() {
        let pots: Vec<String> = o
            .pots
            .iter()
            .enumerate()
            .filter_map(|(k, pot)| {
                let share = pot.by_run.get(run)?;
                let pay: Vec<String> = share
                    .payouts
                    .iter()
                    .map(|&(p, x)| format!("{} {}", names.who(p), r.chips(x)))
                    .collect();
                Some(format!(
                    "pot {} {} won by {}, paid {}",
                    k + 1,
                    r.chips(share.amount),
                    names.list(&share.winners),
                    pay.join(", ")
                ))
            })
            .collect();
        let text = board_text(board);
        let _ = if o.double_board {
            writeln!(out, "  board {} ({text}): {}", run + 1, pots.join("; "))
        } else {
            writeln!(out, "  run {} (board {text}): {}", run + 1, pots.join("; "))
        };
    }
}

/// `felt replay --json`'s object for one hand: where it is from (`source`, `file`, `section`,
/// `line`), `hand`, `variant`, `names`, `status` (`legal`, `illegal`, `unfinished`,
/// `undecided`, `unsupported`, `malformed`, `unreadable`) and its detail (`illegal_action` or
/// `reason`, `field`), `ok`, `checked`, `nothing_recorded` (only when true: `--check` found
/// no results recorded to compare), `mismatches`, `notes`, the site's stated rake (`site`)
/// and, for a hand played out, `pots`, `uncalled`, `final_stacks`, `winnings`,
/// `first_to_show` and `first_shown`, with `dead_money` and `paid_outside_pot` when the hand
/// has them; for a hand whose board was run more than once, `runs`: each run's `board` and its
/// share of each pot (`pots`: `amount`, `winners`, `payouts`, in the order of `pots`); for a
/// bomb pot, `bomb_pot` (the bomb each player put in) and, with two boards, `boards`: each
/// board's cards (`board`) and each pot's half on it (`pots`, as in `runs`). Chip amounts are
/// strings in the hand's unit.
pub fn to_json(r: &HandReport) -> Value {
    let names = Names(&r.players);
    let (status, detail) = match &r.status {
        Status::Legal => ("legal", Value::Null),
        Status::Illegal { number, text, reason } => {
            ("illegal", json!({"number": number, "text": text, "reason": names.text(reason)}))
        }
        Status::BadSetup(w) => ("illegal", json!({"number": 0, "text": "", "reason": w})),
        Status::Incomplete(w) => ("unfinished", json!(names.text(w))),
        Status::Unresolved(w) => ("undecided", json!(names.text(w))),
        Status::Unsupported(w) => ("unsupported", json!(w)),
        Status::Malformed { reason, .. } => ("malformed", json!(reason)),
        Status::Unreadable(w) => ("unreadable", json!(w)),
    };
    let player_names: serde_json::Map<String, Value> =
        r.players.iter().enumerate().map(|(i, n)| (player_name(i), json!(n))).collect();
    let mismatches: Vec<_> = r.mismatches.iter().map(|m| names.text(m)).collect();
    let notes: Vec<_> = r.notes.iter().map(|m| names.text(m)).collect();
    let mut v = json!({
        "source": r.label, "file": r.source, "section": r.section, "line": r.line,
        "hand": r.hand, "variant": r.variant, "names": player_names, "status": status,
        "ok": r.ok(), "checked": r.checked, "mismatches": mismatches, "notes": notes,
    });
    if r.nothing_recorded {
        v["nothing_recorded"] = json!(true);
    }
    if status == "illegal" {
        v["illegal_action"] = detail;
    } else if !detail.is_null() {
        v["reason"] = detail;
    }
    if let Status::Malformed { field, .. } = &r.status {
        v["field"] = json!(field);
    }
    // A site's summary (with --check): the total pot and the rake it states, and their line.
    if let Some(f) = &r.rake {
        v["site"] = json!({"total_pot": f.total_pot.to_string(), "rake": f.rake.to_string(),
            "line": f.line});
    }
    if let Some(o) = &r.outcome {
        let pn = |ps: &[usize]| ps.iter().map(|&p| player_name(p)).collect::<Vec<_>>();
        v["pots"] = o
            .pots
            .iter()
            .map(|p| {
                let paid: serde_json::Map<String, Value> =
                    p.payouts.iter().map(|&(q, x)| (player_name(q), json!(r.chips(x)))).collect();
                json!({"amount": r.chips(p.amount), "contributors": pn(&p.contributors),
                    "eligible": pn(&p.eligible), "winners": pn(&p.winners), "payouts": paid})
            })
            .collect();
        v["uncalled"] = o.uncalled.iter().map(|&x| json!(r.chips(x))).collect();
        v["final_stacks"] =
            o.final_stacks.iter().enumerate().map(|(i, &x)| json!(r.final_stack(i, x))).collect();
        v["winnings"] = o.winnings.iter().map(|&x| json!(r.chips(x))).collect();
        if o.dead_money > Chips::ZERO {
            v["dead_money"] = json!(r.chips(o.dead_money));
        }
        if o.outside.iter().any(|&x| x != Chips::ZERO) {
            v["paid_outside_pot"] = o.outside.iter().map(|&x| json!(r.chips(x))).collect();
        }
        if o.bomb_pot > Chips::ZERO {
            v["bomb_pot"] = json!(r.chips(o.bomb_pot));
        }
        if o.boards.len() > 1 {
            v[if o.double_board { "boards" } else { "runs" }] = o
                .boards
                .iter()
                .enumerate()
                .map(|(run, board)| {
                    let pots: Vec<Value> = o
                        .pots
                        .iter()
                        .filter_map(|p| {
                            let share = p.by_run.get(run)?;
                            let paid: serde_json::Map<String, Value> = share
                                .payouts
                                .iter()
                                .map(|&(q, x)| (player_name(q), json!(r.chips(x))))
                                .collect();
                            Some(json!({"amount": r.chips(share.amount),
                                "winners": pn(&share.winners), "payouts": paid}))
                        })
                        .collect();
                    json!({"board": board_text(board), "pots": pots})
                })
                .collect();
        }
        if let Some(sd) = &o.showdown {
            v["first_to_show"] = json!(sd.order.first().map(|&p| player_name(p)));
            v["first_shown"] = json!(sd.first_shown.map(player_name));
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phh::replay_text;

    /// Aces against kings, all-in before the flop, run `runs` times (the boards of the first
    /// runs: the aces hold on 2c 3d 8h 9c Jd, the kings make a set on Kc 7d 2h 4s 5s).
    fn all_in(runs: &str, boards: &str) -> HandReport {
        let text = format!(
            "variant = 'nlhe'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
             actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'p2 cbr 100', 'p1 cc', {runs}{boards}]\n"
        );
        replay_text(&text, "t", false).remove(0)
    }

    #[test]
    fn a_board_run_twice_shows_each_run_s_board_and_payouts() {
        let boards = "'d db 2c3d8h', 'd db 9c', 'd db Jd', 'd db Kc7d2h', 'd db 4s', 'd db 5s'";
        let r = all_in("'p1 _runs 2', ", boards);
        let mut text = String::new();
        write_text(&mut text, &r);
        // 200 in the pot, 100 a run: p1's aces take the first, p2's set of kings the second.
        let want = "  pot 1: 200 paid in by p1, p2; eligible p1, p2; won by p1, p2; paid p1 100, p2 100\n  \
                    run 1 (board 2c 3d 8h 9c Jd): pot 1 100 won by p1, paid p1 100\n  \
                    run 2 (board Kc 7d 2h 4s 5s): pot 1 100 won by p2, paid p2 100\n";
        assert!(text.contains(want), "{text}");
        let v = to_json(&r);
        assert_eq!(v["runs"][1]["board"], "Kc 7d 2h 4s 5s");
        assert_eq!(v["runs"][0]["pots"][0]["payouts"]["p1"], "100");
        assert_eq!(v["runs"][1]["pots"][0]["winners"][0], "p2");
        // Run once, the same hand has no run line and no `runs`.
        let r = all_in("", "'d db 2c3d8h', 'd db 9c', 'd db Jd'");
        let mut text = String::new();
        write_text(&mut text, &r);
        assert!(!text.contains("run 1") && to_json(&r).get("runs").is_none(), "{text}");
    }
}
