//! PHH hand histories: reading and writing, exact decimal amounts, replay and check.
//!
//! [`replay_text`] replays a document or bundle held in memory. For input of any size,
//! [`split::pieces`] reads a file or stream one hand at a time, [`replay_piece`] replays each,
//! [`stream::ordered`] runs that on every core with the reports kept in input order, and
//! [`walk::walk`] finds the hand files below a directory: `felt replay` is those four.
//!
//! ```
//! use feltkit::phh::replay_text;
//! let text = "variant = 'nlhe'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
//!             actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f']\nfinishing_stacks = [101, 99]\n";
//! let reports = replay_text(text, "example.phh", true);
//! assert!(reports[0].ok());
//! ```

pub use crate::record::action;
pub use crate::record::amount;
mod check;
mod extension;
mod lex;
pub mod read;
pub mod record;
pub mod replay;
pub mod report;
pub mod split;
pub(crate) mod stakes;
pub mod stream;
pub mod table;
pub mod toml;
pub mod walk;
pub mod write;

pub use crate::record::RakeFacts;
pub use action::{parse_action, Action};
pub use amount::Amount;
pub use record::HandRecord;
pub use replay::{replay_piece, replay_record, replay_text, HandReport, Status};
