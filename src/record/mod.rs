//! The hand record every stage hands the next ([`HandRecord`]): a hand file read, a site's text
//! imported and a hand dealt all give one, and the replay takes one. Its parts: exact decimal
//! amounts, the actions, the table, and the typed account a site gives of a hand (what each
//! player collected, the total pot, the rake) with the rule the site splits pots by. Neither
//! the file format (`phh`) nor the site formats (`import`) need the other to build or read one.
//!
//! ```
//! use feltkit::record::{Amount, SiteAccounting};
//! use feltkit::rules::OddChip;
//! let site = SiteAccounting { rake: Amount::parse("0.50"), ..SiteAccounting::default() };
//! assert_eq!(site.odd_chip, OddChip::ClockwiseFromButton);
//! assert_eq!(site.rake.map(|a| a.to_chips(2)), Some(Some(feltkit::rules::Chips(50))));
//! ```

pub mod accounting;
pub mod action;
pub mod amount;
pub mod check;
pub mod hand;
pub mod table;
pub mod value;

pub use accounting::{Entry, Fee, LogResults, SiteAccounting, SiteText, Unreplayable};
pub use action::{parse_action, Action, ActionError};
pub use amount::Amount;
pub use check::{check_log, check_site, RakeFacts, SiteReport};
pub use hand::{HandRecord, RecordedAction, RecordedPot};
pub use table::TableFields;
pub use value::Value;
