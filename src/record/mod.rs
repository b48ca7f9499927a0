//! The parts of a hand record that the file format (`phh`) and the site formats (`import`)
//! share, so that neither needs the other: exact decimal amounts, and the typed account a
//! site gives of a hand (what each player collected, the total pot, the rake) with the rule
//! the site splits pots by.
//!
//! ```
//! use feltkit::record::{Amount, OddChip, SiteAccounting};
//! let site = SiteAccounting { rake: Amount::parse("0.50"), ..SiteAccounting::default() };
//! assert_eq!(site.odd_chip, OddChip::FirstWinnerAfterButton);
//! assert_eq!(site.rake.map(|a| a.to_chips(2)), Some(Some(feltkit::rules::Chips(50))));
//! ```

pub mod accounting;
pub mod amount;

pub use accounting::{Entry, OddChip, SiteAccounting, SiteText, Unreplayable};
pub use amount::Amount;
