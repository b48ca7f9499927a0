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
