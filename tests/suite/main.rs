//! The integration tests, one module per file, built as one test binary: one link instead of
//! one per file, which saves minutes on a release build of the tests. Tests that take the whole
//! machine (every seven-card hand, the table generators) stay in binaries of their own
//! (`tests/eval_exhaustive.rs`, `tests/tables.rs`), so they never run beside the timing-sensitive
//! command-line tests.

mod bomb_pots;
mod cli_batch;
mod cli_deal;
mod cli_equity;
mod cli_equity_by_hand;
mod cli_outputs;
mod cli_range;
mod cli_rank;
mod cli_shell;
mod common;
mod convert_stars;
mod corpus;
mod doc_examples;
mod docs;
mod equity_by_hand;
mod equity_cost_model;
mod equity_fixtures;
mod equity_games;
mod equity_messages;
mod equity_mixed;
mod equity_oracle;
mod equity_preflop;
mod equity_stop;
mod eval_rankings;
mod import_888;
mod import_acpc;
mod import_bovada;
mod import_fulltilt;
mod import_ggpoker;
mod import_ipoker;
mod import_ongame;
mod import_party;
mod import_pokerstars;
mod import_runs_caps;
mod import_winamax;
mod import_wpn;
mod luck;
mod luck_graph;
mod luck_icm;
mod pictures;
mod play;
mod pokerkit;
mod pokerkit_acpc;
mod pokerkit_pokerstars;
mod pokerstars_defects;
mod props_eval;
mod pushfold;
mod range_docs;
mod range_hits;
mod real_ongame;
mod real_partypoker;
mod replay_cli;
mod replay_corpus;
mod replay_mixed;
mod replay_props;
mod replay_read;
mod replay_real_data;
mod replay_reported;
mod replay_rules;
mod replay_timeouts;
mod replay_write;
mod sessions;
