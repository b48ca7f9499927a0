//! A site's own account of a hand, typed: what the importers read from the site's text
//! (docs/import.md) and what `felt replay --check` compares with the replay. In a PHH file
//! these are the `_`-prefixed fields `_collected`, `_uncalled`, `_rebuys`, `_total_pot`,
//! `_rake`, `_fees`, `_site_pots`, `_unnamed_pots`, `_summary_line` and `_seat_lines`; a match log's own results are
//! `_results` and `_results_line`; the fields of the text itself
//! (`_text_line`, `currency_symbol`, `_action_lines`) and why a hand cannot be replayed
//! (`_not_replayable`, `_cut_off`, `_unreadable`) have their own types here.

use std::borrow::Cow;

use super::amount::Amount;
use crate::rules::OddChip;

/// One line of the site's text about one player's chips: what the player collected from a
/// pot, an uncalled bet returned, a re-buy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The player, from 0 (p1 is 0).
    pub player: usize,
    /// The amount.
    pub amount: Amount,
    /// The pot as the text names it (`main pot`, `side pot-2`); empty when it names none.
    pub pot: String,
    /// The line of the text, 0 when not known.
    pub line: usize,
    /// The run of the board the amount was collected on, from 1, when the hand was run more
    /// than once and the site says which (GGPoker's `*** SECOND SHOWDOWN ***`); 0 otherwise
    /// (`run` in a PHH entry).
    pub run: usize,
}

/// A match log's own result of a hand (ACPC logs: `_results`, `_results_line`): each player's
/// chips won or lost, p1 first, and the line of the log they are written on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogResults {
    /// Each player's net result (negative for a loss).
    pub results: Vec<Amount>,
    /// The line of the log.
    pub line: usize,
}

/// A fee the site took from the pot besides the rake, as its summary names it: GGPoker's
/// `Jackpot`, `Bingo`, `Fortune`, `Tax`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fee {
    /// The fee's name as written (`Jackpot`): borrowed when it is one a site always writes.
    pub name: Cow<'static, str>,
    /// The amount taken.
    pub amount: Amount,
    /// The line of the text, 0 when not known.
    pub line: usize,
}

/// A site's account of one hand, each part with the line of the text it comes from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SiteAccounting {
    /// What each player collected, from which pot (after rake).
    pub collected: Vec<Entry>,
    /// The uncalled bets returned.
    pub uncalled: Vec<Entry>,
    /// The chips players re-bought during the hand.
    pub rebuys: Vec<Entry>,
    /// The summary's total pot (before rake).
    pub total_pot: Option<Amount>,
    /// The summary's rake.
    pub rake: Option<Amount>,
    /// The fees the summary lists beside the rake, in its order (zero fees too): taken from
    /// the pots as the rake is, so that what the players collected, the rake and the fees add
    /// up to the total pot.
    pub fees: Vec<Fee>,
    /// The pots the summary lists (after rake), main pot first; empty when it lists one.
    pub pots: Vec<Amount>,
    /// Whether the site names no pot: its summary lists none and every collected line says
    /// `pot`, however many pots there are (GGPoker; `_unnamed_pots`). Each player's collected
    /// lines are then held to what the replay pays the player from all the pots together.
    pub unnamed_pots: bool,
    /// The line of the summary's `Total pot` line, as written (`None` when not a whole number).
    pub summary_line: Option<i64>,
    /// The line of each player's seat, p1 first (0 when not known).
    pub seat_lines: Vec<usize>,
    /// How the site splits a pot that does not divide evenly (a high-low pot is cut in halves
    /// first, the odd chip to the high half, and each half split so among its own winners).
    pub odd_chip: OddChip,
}

/// What a hand converted from a site's text says about that text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SiteText {
    /// Whether the hand was converted from a site's text (it says the line the hand starts on,
    /// `_text_line`): messages then write amounts in the text's unit, with its currency symbol.
    pub converted: bool,
    /// The line of the text the hand starts on (`_text_line`), when it is a number.
    pub line: Option<usize>,
    /// The symbol the text writes amounts with (`$`); empty for chips.
    pub currency_symbol: String,
    /// The line of the text each action comes from, in the order of the actions.
    pub action_lines: Vec<Option<u64>>,
}

impl SiteText {
    /// The line of the text that action `k` (from 0) comes from, when known.
    pub fn action_line(&self, k: usize) -> Option<u64> {
        self.action_lines.get(k).copied().flatten()
    }
}

/// Why a hand converted from a site's text cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreplayable {
    /// A game or feature feltkit does not play (`_not_replayable`).
    Unsupported(String),
    /// The text stops before the hand ends (`_cut_off`).
    CutOff(String),
    /// The text cannot be read as a hand (`_unreadable`), the message saying its line.
    Unreadable(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_line_not_recorded_is_not_known() {
        let text = SiteText {
            converted: true,
            line: Some(1),
            currency_symbol: "$".into(),
            action_lines: vec![Some(8), None],
        };
        assert_eq!(text.action_line(0), Some(8));
        assert_eq!(text.action_line(1), None);
        assert_eq!(text.action_line(2), None);
    }
}
