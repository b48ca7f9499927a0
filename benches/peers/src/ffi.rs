//! The shims' C functions (`shim/*.c*`), each behind the `cfg` that build.rs sets when it has
//! compiled that peer, with safe wrappers that own every buffer they pass.

#[cfg(peer_ompeval)]
pub mod ompeval {
    use std::ffi::{c_char, c_int, CString};

    extern "C" {
        fn feltkit_peer_ompeval_enumerate() -> u64;
        fn feltkit_peer_ompeval_histogram(counts: *mut u64, len: usize);
        fn feltkit_peer_ompeval_cards(hands: *const u8, n: usize, out: *mut u8);
        fn feltkit_peer_ompeval_random(hands: *const u8, n: usize) -> u64;
        fn feltkit_peer_ompeval_values(hands: *const u8, n: usize, out: *mut u16);
        #[allow(clippy::too_many_arguments)]
        fn feltkit_peer_ompeval_equity(
            ranges: *const *const c_char,
            players: u32,
            board: *const c_char,
            dead: *const c_char,
            exact: c_int,
            deals: u64,
            threads: u32,
            by_winners: *mut u64,
            counted: *mut u64,
        ) -> c_int;
    }

    /// All seven-card hands in enumeration order; the sum of the values.
    pub fn enumerate() -> u64 {
        // SAFETY: no arguments; the shim reads only its own arrays.
        unsafe { feltkit_peer_ompeval_enumerate() }
    }

    /// The number of seven-card hands of each value (65,536 entries).
    pub fn histogram() -> Vec<u64> {
        let mut counts = vec![0u64; 1 << 16];
        // SAFETY: the shim writes only `counts[v]` for `v < len`.
        unsafe { feltkit_peer_ompeval_histogram(counts.as_mut_ptr(), counts.len()) };
        counts
    }

    /// Seven-card hands of feltkit card indices (checked below 52) in OMPEval's indices.
    pub fn cards(hands: &[u8]) -> Vec<u8> {
        assert!(
            hands.len().is_multiple_of(7) && hands.iter().all(|&c| c < 52),
            "seven cards a hand"
        );
        let mut out = vec![0u8; hands.len()];
        // SAFETY: both buffers hold `n * 7` bytes.
        unsafe { feltkit_peer_ompeval_cards(hands.as_ptr(), hands.len() / 7, out.as_mut_ptr()) };
        out
    }

    /// Ranks hands of OMPEval card indices (from [`cards`]); the sum of the values.
    pub fn random(hands: &[u8]) -> u64 {
        assert!(
            hands.len().is_multiple_of(7) && hands.iter().all(|&c| c < 52),
            "seven cards a hand"
        );
        // SAFETY: `hands` holds `n * 7` card indices below 52.
        unsafe { feltkit_peer_ompeval_random(hands.as_ptr(), hands.len() / 7) }
    }

    /// The value of each hand of OMPEval card indices.
    pub fn values(hands: &[u8]) -> Vec<u16> {
        assert!(
            hands.len().is_multiple_of(7) && hands.iter().all(|&c| c < 52),
            "seven cards a hand"
        );
        let mut out = vec![0u16; hands.len() / 7];
        // SAFETY: `hands` holds `n * 7` card indices below 52, `out` `n` values.
        unsafe { feltkit_peer_ompeval_values(hands.as_ptr(), out.len(), out.as_mut_ptr()) };
        out
    }

    /// OMPEval's hold'em equity: deals won by each set of winners (bit i = player i) and the
    /// deals counted.
    pub fn equity(
        ranges: &[&str],
        board: &str,
        dead: &str,
        exact: bool,
        deals: u64,
        threads: u32,
    ) -> Result<(Vec<u64>, u64), String> {
        // OMPEval's results hold six players.
        if ranges.is_empty() || ranges.len() > 6 {
            return Err(format!("OMPEval takes 1 to 6 players, not {}", ranges.len()));
        }
        let text = |s: &str| CString::new(s).map_err(|_| format!("a NUL byte in {s:?}"));
        let owned: Vec<CString> = ranges.iter().map(|r| text(r)).collect::<Result<_, _>>()?;
        let ptrs: Vec<*const c_char> = owned.iter().map(|c| c.as_ptr()).collect();
        let (board, dead) = (text(board)?, text(dead)?);
        let mut by_winners = vec![0u64; 1 << ranges.len()];
        let mut counted = 0u64;
        // SAFETY: `ptrs` holds `players` NUL-terminated strings that outlive the call,
        // `by_winners` has `1 << players` entries.
        let rc = unsafe {
            feltkit_peer_ompeval_equity(
                ptrs.as_ptr(),
                ranges.len() as u32,
                board.as_ptr(),
                dead.as_ptr(),
                c_int::from(exact),
                deals,
                threads,
                by_winners.as_mut_ptr(),
                &mut counted,
            )
        };
        match rc {
            0 => Ok((by_winners, counted)),
            1 => Err("OMPEval refused the query (EquityCalculator::start returned false)".into()),
            _ => Err("OMPEval threw an exception".into()),
        }
    }
}

#[cfg(peer_phevaluator)]
pub mod phevaluator {
    extern "C" {
        fn feltkit_peer_phevaluator_enumerate() -> u64;
        fn feltkit_peer_phevaluator_histogram(counts: *mut u64, len: usize);
        fn feltkit_peer_phevaluator_random(hands: *const u8, n: usize) -> u64;
        fn feltkit_peer_phevaluator_values(hands: *const u8, n: usize, out: *mut u16);
    }

    /// All seven-card hands in enumeration order; the sum of the values.
    pub fn enumerate() -> u64 {
        // SAFETY: no arguments.
        unsafe { feltkit_peer_phevaluator_enumerate() }
    }

    /// The number of seven-card hands of each value (8,192 entries).
    pub fn histogram() -> Vec<u64> {
        let mut counts = vec![0u64; 1 << 13];
        // SAFETY: the shim writes only `counts[v]` for `v < len`.
        unsafe { feltkit_peer_phevaluator_histogram(counts.as_mut_ptr(), counts.len()) };
        counts
    }

    /// Ranks hands of seven card indices (feltkit's, which are PokerHandEvaluator's); the sum
    /// of the values.
    pub fn random(hands: &[u8]) -> u64 {
        assert!(
            hands.len().is_multiple_of(7) && hands.iter().all(|&c| c < 52),
            "seven cards a hand"
        );
        // SAFETY: `hands` holds `n * 7` card indices below 52.
        unsafe { feltkit_peer_phevaluator_random(hands.as_ptr(), hands.len() / 7) }
    }

    /// The value of each hand.
    pub fn values(hands: &[u8]) -> Vec<u16> {
        assert!(
            hands.len().is_multiple_of(7) && hands.iter().all(|&c| c < 52),
            "seven cards a hand"
        );
        let mut out = vec![0u16; hands.len() / 7];
        // SAFETY: `hands` holds `n * 7` card indices below 52, `out` `n` values.
        unsafe { feltkit_peer_phevaluator_values(hands.as_ptr(), out.len(), out.as_mut_ptr()) };
        out
    }
}

#[cfg(peer_poker_eval)]
pub mod poker_eval {
    use std::ffi::c_int;

    extern "C" {
        #[allow(clippy::too_many_arguments)]
        fn feltkit_peer_pokenum_exhaustive(
            game: c_int,
            pockets: *const u8,
            sizes: *const u8,
            players: u32,
            board: *const u8,
            nboard: u32,
            dead: *const u8,
            ndead: u32,
            out: *mut u64,
            ev: *mut f64,
            deals: *mut u64,
        ) -> c_int;
    }

    /// poker-eval's counts for one player.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct PlayerCounts {
        /// Won the high alone.
        pub win_hi: u64,
        /// Tied for the high.
        pub tie_hi: u64,
        /// Won the low alone.
        pub win_lo: u64,
        /// Tied for the low.
        pub tie_lo: u64,
        /// Took the whole pot alone.
        pub scoop: u64,
        /// Share of the pot over all deals.
        pub ev: f64,
    }

    /// Exact equity with `enumExhaustive`: `game` is poker-eval's game number, each player's
    /// cards and the board and dead cards are feltkit card indices. Returns each player's
    /// counts and the deals enumerated.
    pub fn exhaustive(
        game: i32,
        players: &[Vec<u8>],
        board: &[u8],
        dead: &[u8],
    ) -> Result<(Vec<PlayerCounts>, u64), String> {
        // poker-eval's ENUM_MAXPLAYERS.
        if players.is_empty() || players.len() > 12 {
            return Err(format!("poker-eval takes 1 to 12 players, not {}", players.len()));
        }
        let pockets: Vec<u8> = players.concat();
        let all = pockets.iter().chain(board).chain(dead);
        if all.clone().any(|&c| c >= 52) || players.iter().any(|p| p.len() > 7) || board.len() > 5 {
            return Err("cards must be below 52, at most 7 a player and 5 on the board".into());
        }
        let sizes: Vec<u8> = players.iter().map(|p| p.len() as u8).collect();
        let mut out = vec![0u64; players.len() * 5];
        let mut ev = vec![0f64; players.len()];
        let mut deals = 0u64;
        // SAFETY: every buffer has the length passed with it (`pockets` the sum of `sizes`,
        // `out` five counts and `ev` one value a player), card indices are below 52.
        let rc = unsafe {
            feltkit_peer_pokenum_exhaustive(
                game,
                pockets.as_ptr(),
                sizes.as_ptr(),
                players.len() as u32,
                board.as_ptr(),
                board.len() as u32,
                dead.as_ptr(),
                dead.len() as u32,
                out.as_mut_ptr(),
                ev.as_mut_ptr(),
                &mut deals,
            )
        };
        if rc != 0 {
            return Err(format!("poker-eval's enumExhaustive failed ({rc})"));
        }
        let counts = out
            .chunks_exact(5)
            .zip(ev)
            .map(|(c, ev)| PlayerCounts {
                win_hi: c[0],
                tie_hi: c[1],
                win_lo: c[2],
                tie_lo: c[3],
                scoop: c[4],
                ev,
            })
            .collect();
        Ok((counts, deals))
    }
}
