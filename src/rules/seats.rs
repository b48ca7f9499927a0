//! [`Seats`]: one value per player, kept inline in the hand state (no allocation).

/// The most players any game seats; the size of a [`Seats`].
pub(super) const MAX_SEATS: usize = 22;

/// One `T` per player of a hand, stored inline; derefs to a slice of the hand's players.
#[derive(Clone, Copy)]
pub(super) struct Seats<T: Copy + Default> {
    items: [T; MAX_SEATS],
    len: u8,
}

impl<T: Copy + Default> Seats<T> {
    /// `n` copies of `value` (`n` at most [`MAX_SEATS`]).
    pub(super) fn filled(value: T, n: usize) -> Seats<T> {
        assert!(n <= MAX_SEATS, "at most {MAX_SEATS} players");
        let mut items = [T::default(); MAX_SEATS];
        items[..n].fill(value);
        Seats { items, len: n as u8 }
    }

    /// A copy of a slice (at most [`MAX_SEATS`] long).
    pub(super) fn from_slice(values: &[T]) -> Seats<T> {
        let mut seats = Seats::filled(T::default(), values.len());
        seats.copy_from_slice(values);
        seats
    }
}

impl<T: Copy + Default> std::ops::Deref for Seats<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

impl<T: Copy + Default> std::ops::DerefMut for Seats<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..usize::from(self.len)]
    }
}

impl<T: Copy + Default + std::fmt::Debug> std::fmt::Debug for Seats<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The players still to act in a betting round, in order, kept inline: a ring of at most
/// [`MAX_SEATS`] player indices.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ActQueue {
    items: [u8; MAX_SEATS],
    head: u8,
    len: u8,
}

impl ActQueue {
    /// Empties the queue.
    pub(super) fn clear(&mut self) {
        self.head = 0;
        self.len = 0;
    }

    /// Adds a player at the back (ignored when the queue is full: a hand seats at most
    /// [`MAX_SEATS`] players, each queued at most once).
    pub(super) fn push_back(&mut self, player: usize) {
        let len = usize::from(self.len);
        if len < MAX_SEATS {
            self.items[(usize::from(self.head) + len) % MAX_SEATS] = player as u8;
            self.len += 1;
        }
    }

    /// Removes the player at the front.
    pub(super) fn pop_front(&mut self) {
        if self.len > 0 {
            self.head = ((usize::from(self.head) + 1) % MAX_SEATS) as u8;
            self.len -= 1;
        }
    }

    /// The player at the front.
    pub(super) fn front(&self) -> Option<usize> {
        (self.len > 0).then(|| usize::from(self.items[usize::from(self.head)]))
    }

    /// How many players are queued.
    pub(super) fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether no player is queued.
    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The queued players, front first.
    pub(super) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..usize::from(self.len))
            .map(move |k| usize::from(self.items[(usize::from(self.head) + k) % MAX_SEATS]))
    }

    /// Whether `player` is queued.
    pub(super) fn contains(&self, player: usize) -> bool {
        self.iter().any(|p| p == player)
    }
}
