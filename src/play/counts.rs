//! What hands reach: the situations whose rules matter, counted (`felt deal --stats`).

use crate::rules::{Chips, Event, Outcome, Variant};

/// Defines [`Counts`] from one list of its fields, each with its doc and its name in reports, so
/// that summing and listing them cannot miss one.
macro_rules! counts {
    ($($(#[doc = $doc:literal])* $field:ident: $name:literal,)*) => {
        /// How often hands reach the situations whose rules matter: one hand's counts, or the
        /// sum over many (`felt deal --stats`).
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct Counts {
            $($(#[doc = $doc])* pub $field: u64,)*
        }

        impl Counts {
            /// Adds another tally.
            pub fn add(&mut self, other: &Counts) {
                $(self.$field += other.$field;)*
            }

            /// Each count with its name, in a fixed order (`hands` first).
            pub fn rows(&self) -> Vec<(&'static str, u64)> {
                vec![$(($name, self.$field)),*]
            }
        }
    };
}

counts! {
    /// Hands.
    hands: "hands",
    /// Hands that reached a showdown.
    showdowns: "showdowns",
    /// Hands in which a player went all-in (a call or a bet for their whole stack).
    all_in_hands: "hands with an all-in",
    /// All-in calls and bets, over all hands.
    all_ins: "all-in calls and bets",
    /// All-in calls and bets in the first betting round.
    all_ins_round_1: "  in betting round 1",
    /// ... in the second.
    all_ins_round_2: "  in betting round 2",
    /// ... in the third.
    all_ins_round_3: "  in betting round 3",
    /// ... in the fourth.
    all_ins_round_4: "  in betting round 4",
    /// ... in the fifth (stud's seventh street).
    all_ins_round_5: "  in betting round 5",
    /// Hands with two pots or more.
    side_pots: "hands with a side pot",
    /// Hands with three pots or more.
    three_pots: "hands with three pots or more",
    /// Pots split between tied hands.
    split_pots: "split pots",
    /// Split pots whose chips could not be shared evenly (an odd chip).
    odd_chips: "split pots with an odd chip",
    /// Hands mucked at a showdown.
    mucks: "hands mucked at showdown",
    /// All-in bets and raises short of a full one.
    short_all_in_raises: "all-in raises short of a full raise",
    /// Turns of players who had acted before a short all-in raise and may raise again (the
    /// short raises since add up to a full one, or the game reopens on any raise).
    short_all_ins_reopened: "  then a raise allowed to one who had acted",
    /// Turns of players who had acted before a short all-in raise and may only call or fold.
    short_all_ins_closed: "  then a raise refused to one who had acted",
    /// Fixed-limit betting rounds raised to the cap.
    capped_rounds: "rounds raised to the cap",
    /// Heads-up fixed-limit rounds raised past the cap (cash games leave them uncapped).
    uncapped_rounds: "heads-up rounds raised past the cap",
    /// Stud bring-ins posted.
    bring_ins: "bring-ins",
    /// Bring-ins completed instead.
    completions: "bring-ins completed",
    /// Betting rounds whose opener was chosen by suit (two players showing the same ranks).
    suit_openers: "rounds opened by suit",
    /// Fixed-limit bets at the larger of two sizes offered (the stud open-pair option).
    big_bet_options: "big bets of the open-pair option",
    /// Community cards dealt in stud (the deck ran short for a seventh card).
    community_cards: "stud community cards",
    /// Cards thrown away and replaced in draw games.
    discards: "cards drawn",
    /// Players who stood pat on a draw.
    pats: "stood pat",
    /// Deals that ran the stub out, so the cards out of play were shuffled in.
    reshuffles: "deals from a reshuffled stub",
    /// Turnover cards exposed.
    exposes: "turnover cards exposed",
}

impl Counts {
    pub(super) fn event(&mut self, e: &Event, game: &Variant) {
        match e {
            Event::Called { all_in: true, .. } => self.all_ins += 1,
            Event::BetOrRaised { all_in, .. } => self.all_ins += u64::from(*all_in),
            Event::BroughtIn { .. } => self.bring_ins += 1,
            Event::Mucked { .. } => self.mucks += 1,
            Event::Exposed { .. } => self.exposes += 1,
            Event::BoardDealt { .. } if game.streets.iter().all(|s| s.board == 0) => {
                self.community_cards += 1;
            }
            _ => {}
        }
    }

    /// One finished hand's counts: what was seen while playing it and what its outcome shows.
    pub fn of(seen: &Counts, o: &Outcome) -> Counts {
        let split = || o.pots.iter().filter(|p| p.winners.len() > 1);
        Counts {
            hands: 1,
            showdowns: u64::from(o.showdown.is_some()),
            all_in_hands: u64::from(seen.all_ins > 0),
            side_pots: u64::from(o.pots.len() > 1),
            three_pots: u64::from(o.pots.len() > 2),
            split_pots: split().count() as u64,
            odd_chips: split()
                .filter(|p| {
                    p.amount.share(p.winners.len()).is_some_and(|(_, odd)| odd != Chips::ZERO)
                })
                .count() as u64,
            ..*seen
        }
    }
}
