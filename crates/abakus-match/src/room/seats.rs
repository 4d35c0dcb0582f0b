//! Which device holds which seat: each seat's address token, spent by the first device that
//! opens it, and the secret that device keeps for every reconnect.

use super::Key;

/// Why a phone may not have a seat. The page shows each in words of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// No seat of this game has this token or secret: an old address, or a guess.
    Unknown,
    /// The seat's address was already opened by another phone.
    Taken,
}

impl Refusal {
    /// The word the page reads to say why.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Refusal::Unknown => "unknown",
            Refusal::Taken => "taken",
        }
    }
}

/// One seat's keys, as a store keeps them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatKeys {
    /// The game's number for the seat.
    pub seat: usize,
    /// What the seat's address carries, until a new address replaces it.
    pub token: Key,
    /// The secret of the device that opened the address; `None` while none has.
    pub holder: Option<Key>,
}

/// The phone seats of one game.
#[derive(Debug, Clone)]
pub struct Seats {
    seats: Vec<SeatKeys>,
}

impl Seats {
    /// A fresh address for each of these seats (the game's numbers for them).
    #[must_use]
    pub fn new(seats: &[usize]) -> Seats {
        Seats {
            seats: seats
                .iter()
                .map(|&seat| SeatKeys {
                    seat,
                    token: Key::random(),
                    holder: None,
                })
                .collect(),
        }
    }

    /// The seats as they were kept ([`Seats::kept`]).
    #[must_use]
    pub fn restore(seats: Vec<SeatKeys>) -> Seats {
        Seats { seats }
    }

    /// Every seat's keys, to keep.
    #[must_use]
    pub fn kept(&self) -> &[SeatKeys] {
        &self.seats
    }

    fn keys(&self, seat: usize) -> Option<&SeatKeys> {
        self.seats.iter().find(|keys| keys.seat == seat)
    }

    /// The token of the seat's address, while the seat is played on a phone.
    #[must_use]
    pub fn token(&self, seat: usize) -> Option<Key> {
        self.keys(seat).map(|keys| keys.token)
    }

    /// The seats still played on a phone, in the game's numbers.
    #[must_use]
    pub fn seats(&self) -> Vec<usize> {
        self.seats.iter().map(|keys| keys.seat).collect()
    }

    /// Whether a phone has opened the seat's address.
    #[must_use]
    pub fn is_held(&self, seat: usize) -> bool {
        self.keys(seat).is_some_and(|keys| keys.holder.is_some())
    }

    /// The seat whose current address carries this token, spent or not: its page may be
    /// shown, which holds nothing of the game until the phone is let in.
    #[must_use]
    pub fn seat_of_token(&self, token: &Key) -> Option<usize> {
        self.seats
            .iter()
            .find(|keys| keys.token.matches(token))
            .map(|keys| keys.seat)
    }

    /// A phone opens a seat's address: the first gets the seat and a secret of its own; the
    /// address is then spent and any other phone that opens it is refused.
    pub fn claim(&mut self, token: &Key) -> Result<(usize, Key), Refusal> {
        let keys = self
            .seats
            .iter_mut()
            .find(|keys| keys.token.matches(token))
            .ok_or(Refusal::Unknown)?;
        if keys.holder.is_some() {
            return Err(Refusal::Taken);
        }
        let secret = Key::random();
        keys.holder = Some(secret);
        Ok((keys.seat, secret))
    }

    /// A phone that holds a seat comes back with its secret.
    pub fn resume(&self, secret: &Key) -> Result<usize, Refusal> {
        self.seats
            .iter()
            .find(|keys| keys.holder.is_some_and(|holder| holder.matches(secret)))
            .map(|keys| keys.seat)
            .ok_or(Refusal::Unknown)
    }

    /// A new address for the seat, for another phone: the old address and the secret of the
    /// phone that held the seat are refused from now on.
    pub fn reopen(&mut self, seat: usize) -> Option<Key> {
        let keys = self.seats.iter_mut().find(|keys| keys.seat == seat)?;
        keys.token = Key::random();
        keys.holder = None;
        Some(keys.token)
    }

    /// Forgets the device that took the seat (its secret could not be kept): the seat's
    /// address opens it again.
    pub fn forget_holder(&mut self, seat: usize) {
        if let Some(keys) = self.seats.iter_mut().find(|keys| keys.seat == seat) {
            keys.holder = None;
        }
    }

    /// The seat goes back to the screen: no address or secret opens it any more.
    pub fn release(&mut self, seat: usize) {
        self.seats.retain(|keys| keys.seat != seat);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_phone_takes_the_seat_and_a_second_with_the_same_address_is_refused() {
        let mut seats = Seats::new(&[0, 2]);
        let token = seats.token(2).unwrap();
        assert_eq!(seats.seat_of_token(&token), Some(2));
        assert!(!seats.is_held(2));
        let (seat, secret) = seats.claim(&token).unwrap();
        assert_eq!(seat, 2);
        assert!(seats.is_held(2) && !seats.is_held(0));
        assert_eq!(seats.claim(&token), Err(Refusal::Taken));
        assert_eq!(seats.resume(&secret), Ok(2));
        assert_eq!(seats.claim(&Key::random()), Err(Refusal::Unknown));
        assert_eq!(seats.resume(&Key::random()), Err(Refusal::Unknown));
        assert_eq!(
            seats.resume(&token),
            Err(Refusal::Unknown),
            "a token is no secret"
        );
        assert_eq!(seats.token(1), None, "seat 1 is not played on a phone");
    }

    #[test]
    fn a_reopened_seat_refuses_the_old_address_and_the_old_phone() {
        let mut seats = Seats::new(&[0]);
        let old_token = seats.token(0).unwrap();
        let (_, old_secret) = seats.claim(&old_token).unwrap();
        let new_token = seats.reopen(0).unwrap();
        assert!(!new_token.matches(&old_token));
        assert_eq!(seats.seat_of_token(&old_token), None);
        assert_eq!(seats.claim(&old_token), Err(Refusal::Unknown));
        assert_eq!(seats.resume(&old_secret), Err(Refusal::Unknown));
        let (seat, new_secret) = seats.claim(&new_token).unwrap();
        assert_eq!(seat, 0);
        assert_eq!(seats.resume(&new_secret), Ok(0));
    }

    #[test]
    fn a_released_seat_opens_to_nothing() {
        let mut seats = Seats::new(&[0, 1]);
        let token = seats.token(1).unwrap();
        let (_, secret) = seats.claim(&token).unwrap();
        seats.release(1);
        assert_eq!(seats.seats(), vec![0]);
        assert_eq!(seats.seat_of_token(&token), None);
        assert_eq!(seats.resume(&secret), Err(Refusal::Unknown));
        assert_eq!(seats.reopen(1).map(|_| ()), None);
    }
}
