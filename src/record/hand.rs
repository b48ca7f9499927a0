//! The hand record: what every stage hands the next.

use std::borrow::Cow;

use super::accounting::{LogResults, SiteAccounting, SiteText, Unreplayable};
use super::action::{Action, ActionError};
use super::amount::Amount;
use super::table::TableFields;
use super::value::Value;

/// A pot as recorded in the `_pots` extension field (written by the corpus generator).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedPot {
    /// The pot's amount.
    pub amount: Amount,
    /// Players who could win it, numbered from 1.
    pub players: Vec<usize>,
    /// What each player was paid from it.
    pub paid: Vec<Amount>,
}

/// One hand as it was played and recorded: the game, the players, their stacks, the forced
/// bets, every action, the results recorded, the table, and a site's own account of the hand.
/// A hand file read (`phh`), a site's text imported (`import`) and a hand dealt (`play`) all
/// give one; the replay takes one. Texts borrow from the document they were read from, where
/// there is one. Fields a file holds that the record has no type for are kept in `other`, to be
/// written back.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HandRecord<'a> {
    /// `variant`: a PHH code (`NT`, `FT`, `PT`, `F7S`) or a preset name (`nlhe`, ...).
    pub variant: String,
    /// `ante_trimming_status`.
    pub ante_trimming_status: Option<bool>,
    /// `antes` (an array, or one number for everybody).
    pub antes: Vec<Amount>,
    /// `blinds_or_straddles`.
    pub blinds_or_straddles: Vec<Amount>,
    /// `min_bet`.
    pub min_bet: Option<Amount>,
    /// `small_bet`.
    pub small_bet: Option<Amount>,
    /// `big_bet`.
    pub big_bet: Option<Amount>,
    /// `bring_in`.
    pub bring_in: Option<Amount>,
    /// `_chip` (extension): the smallest chip of the hand's currency (`0.01`), so that amounts
    /// are counted in it even when the stakes are whole.
    pub chip: Option<Amount>,
    /// `_dead_money` (extension): chips the room added to the main pot that no player put in
    /// (GGPoker's Cash Drop), won with it by the cards.
    pub dead_money: Option<Amount>,
    /// `_bomb_pot` (extension): the bomb every player put in before the cards of a bomb pot,
    /// which has no blinds and no betting before the flop.
    pub bomb_pot: Option<Amount>,
    /// `_boards` (extension): the boards a bomb pot deals, 2 for a double-board bomb pot.
    pub boards: Option<u32>,
    /// `rake`: the rake the house took, counted in the hand's smallest chip.
    pub rake: Option<Amount>,
    /// `starting_stacks`.
    pub starting_stacks: Vec<Amount>,
    /// `actions`: each action, with its text when it was read from one.
    pub actions: Vec<RecordedAction<'a>>,
    /// `finishing_stacks`.
    pub finishing_stacks: Option<Vec<Amount>>,
    /// `winnings`.
    pub winnings: Option<Vec<Amount>>,
    /// `_pots` (extension).
    pub pots: Option<Vec<RecordedPot>>,
    /// `_tournament` (extension): keep the fixed-limit cap heads-up.
    pub tournament: Option<bool>,
    /// `_cap` (extension): bets and raises allowed per round, 0 for no cap.
    pub cap: Option<u32>,
    /// `_structure` (extension): `no-limit`, `pot-limit` or `fixed-limit` (turnover's choice).
    pub structure: Option<String>,
    /// `_hole_cards` (extension): the Omaha games' hole cards, 4 (the default), 5 or 6.
    pub hole_cards: Option<u32>,
    /// `hand`, as text.
    pub hand: Option<String>,
    /// `players`: the players' names, p1 first.
    pub players: Option<Vec<Cow<'a, str>>>,
    /// The table fields (`table`, `seats`, `time`, `_button`, `_dead_blinds`, ...).
    pub table: TableFields,
    /// The site's accounting (`_collected`, `_total_pot`, `_rake`, ...), when the hand was
    /// converted from a site's text.
    pub accounting: Option<SiteAccounting>,
    /// A match log's own results of the hand (`_results`, `_results_line`), when the hand was
    /// read from one.
    pub log_results: Option<LogResults>,
    /// What the hand says of a site's text it was converted from (`_text_line`,
    /// `currency_symbol`, `_action_lines`).
    pub site_text: SiteText,
    /// Why the hand converted from a site's text cannot be replayed (`_not_replayable`,
    /// `_cut_off`, `_unreadable`), when it cannot.
    pub unreplayable: Option<Unreplayable>,
    /// Other fields, kept as read and in the order read: those the record has no type for,
    /// and those whose value its type cannot hold (a `_dead_blinds = []`, a second reason the
    /// hand cannot be replayed). A field written from its type is never also here
    /// (`crate::phh::write::from_type`). The writer puts each where PHH's order has it,
    /// whatever its place here.
    pub other: Vec<(Cow<'a, str>, Value<'a>)>,
}

impl HandRecord<'_> {
    /// The actions that could be read, in order.
    pub fn actions(&self) -> impl Iterator<Item = &Action> {
        self.actions.iter().filter_map(|a| a.action().ok())
    }
}

/// One action of a record: an action built (dealt, or converted from a site's text), or a
/// text read from a file with the action it reads as or why it cannot be read. An action
/// that cannot be read always has the text it failed on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordedAction<'a> {
    /// An action built, not read: its text is the action written in PHH's notation.
    Built(Action),
    /// A text read (`p2 cbr 300 # a raise`), kept for messages and for writing the hand back
    /// as it was.
    Read {
        /// The text as written in the file.
        text: Cow<'a, str>,
        /// The action it reads as, or why it cannot be read.
        action: Result<Action, ActionError>,
    },
}

impl<'a> RecordedAction<'a> {
    /// An action built (not read from a text).
    pub fn built(action: Action) -> RecordedAction<'a> {
        RecordedAction::Built(action)
    }

    /// An action read from its text (`p2 cbr 300 # a raise`): the text is kept, for messages
    /// and for writing the hand back as it was.
    pub fn read(text: Cow<'a, str>) -> RecordedAction<'a> {
        let action = super::action::parse_action(&text);
        RecordedAction::Read { text, action }
    }

    /// The action, or why its text cannot be read.
    pub fn action(&self) -> Result<&Action, &ActionError> {
        match self {
            RecordedAction::Built(a) => Ok(a),
            RecordedAction::Read { action, .. } => action.as_ref(),
        }
    }

    /// The action's text: as written, or the action written in PHH's notation.
    pub fn text(&self) -> Cow<'_, str> {
        match self {
            RecordedAction::Built(a) => Cow::Owned(a.to_string()),
            RecordedAction::Read { text, .. } => Cow::Borrowed(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_says_its_text_whether_built_read_or_unreadable() {
        let built = RecordedAction::built(Action::BetOrRaiseTo(1, Amount::whole(300)));
        assert_eq!(built.text(), "p2 cbr 300");
        assert_eq!(built.action(), Ok(&Action::BetOrRaiseTo(1, Amount::whole(300))));
        let read = RecordedAction::read("p2  cbr 300 # a raise".into());
        assert_eq!(read.text(), "p2  cbr 300 # a raise");
        assert_eq!(read.action(), Ok(&Action::BetOrRaiseTo(1, Amount::whole(300))));
        let unreadable = RecordedAction::read("p2 raise 300".into());
        assert_eq!(unreadable.text(), "p2 raise 300");
        let e = unreadable.action().unwrap_err();
        assert!(e.message.starts_with("unknown action `raise`"), "{e}");
    }
}
