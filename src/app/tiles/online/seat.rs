//! The seats a window plays in a tile game's room elsewhere: one link, or several people at
//! the screen each at their own seat of the same room, the screen showing the copy of
//! whichever of them is to move with the curtain between them.

use abakus_server::remote::{Heard, Invite, RemoteSeat};

use super::super::game::{TilesIntent, TilesMatch, TilesSetup};
use super::link::SeatLink;
pub use super::link::{Shown, as_seen_from};
use crate::app::features::joining::Connection;

/// The window's seats in a room elsewhere.
#[derive(bevy::prelude::Resource)]
pub struct OnlineSeat {
    /// The first is the seat joined first; the others were joined after it at this window.
    links: Vec<SeatLink>,
    /// The link whose copy the screen shows: the seat to move's while it is one of the
    /// window's, else the last one that was.
    follow: usize,
    /// What each link's words mean for the screen, kept until every link has heard the same
    /// moves: only then do their copies agree on whose turn it is.
    waiting: Vec<Vec<Shown>>,
    /// The table of the game last handed to the screen (its deal the followed copy's guess,
    /// or the room's once the game is over).
    shown: Option<TilesSetup>,
    /// The game has been put on the screen.
    on_screen: bool,
    /// The seats the room has named for the window's links, as every copy was last told.
    here: Vec<usize>,
}

impl OnlineSeat {
    #[must_use]
    pub fn new(remote: RemoteSeat, earlier: Vec<Heard>) -> Self {
        OnlineSeat {
            links: vec![SeatLink::new(remote, earlier)],
            follow: 0,
            waiting: vec![Vec::new()],
            shown: None,
            on_screen: false,
            here: Vec::new(),
        }
    }

    /// Takes another seat of the same room at this window, for another person at the screen,
    /// by its own socket.
    pub fn add(&mut self, remote: RemoteSeat, earlier: Vec<Heard>) {
        self.links.push(SeatLink::new(remote, earlier));
        self.waiting.push(Vec::new());
    }

    /// The seats' links, the first joined first.
    pub fn links(&self) -> impl Iterator<Item = &SeatLink> {
        self.links.iter()
    }

    /// The room, as its pictures name it.
    #[must_use]
    pub fn room(&self) -> Option<&str> {
        self.links.iter().find_map(SeatLink::room)
    }

    /// Whether the seat's game has been put on the screen.
    #[must_use]
    pub fn is_on_screen(&self) -> bool {
        self.on_screen
    }

    /// The seat's game has been put on the screen.
    pub fn put_on_screen(&mut self) {
        self.on_screen = true;
    }

    /// The players' names, as the room gave them.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        self.links[self.follow].names()
    }

    /// The link joined first: the one the window is in the room by.
    #[must_use]
    pub fn invite(&self) -> &Invite {
        self.first().invite()
    }

    /// The connection the screen tells of: the first link's not at its seat, else the first
    /// link's.
    #[must_use]
    pub fn connection(&self) -> &Connection {
        self.links
            .iter()
            .map(SeatLink::connection)
            .find(|connection| **connection != Connection::Seated)
            .unwrap_or_else(|| self.first().connection())
    }

    /// The seat the screen shows, once the room has said.
    #[must_use]
    pub fn seat(&self) -> Option<usize> {
        self.links[self.follow].seat()
    }

    /// Every seat the window plays, as the room has said them.
    #[must_use]
    pub fn seats(&self) -> Vec<usize> {
        self.links.iter().filter_map(SeatLink::seat).collect()
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.links[self.follow].is_over()
    }

    /// Whether the game on the screen is the room's: another game put there lets it go.
    #[must_use]
    pub fn shows(&self, game: &TilesMatch) -> bool {
        self.shown
            .as_ref()
            .is_none_or(|shown| shown == game.setup())
    }

    /// Reads what the room said to every link since the last frame, in order, as what the
    /// screen is to show: the copy of the seat to move, when it is the window's.
    pub fn hear(&mut self) -> Vec<Shown> {
        for (link, waiting) in self.links.iter_mut().zip(&mut self.waiting) {
            waiting.extend(link.hear());
        }
        // A seat the room has just named is shown as played at the screen in every copy.
        let here = self.seats();
        if here != self.here {
            for (link, waiting) in self.links.iter_mut().zip(&mut self.waiting) {
                waiting.extend(link.seen_from(&here));
            }
            self.here = here;
        }
        if !self.caught_up() {
            return Vec::new();
        }
        let before = self.follow;
        let mover = self
            .links
            .iter()
            .position(|link| is_live(link) && link.is_to_move());
        if let Some(mover) = mover {
            self.follow = mover;
        } else if !is_live(&self.links[self.follow]) {
            // A seat the room has ended shows nothing more: another of the window's, if any.
            self.follow = self.links.iter().position(is_live).unwrap_or(self.follow);
        }
        let mut shown = std::mem::take(&mut self.waiting[self.follow]);
        for waiting in &mut self.waiting {
            waiting.clear();
        }
        if shown.is_empty() && self.follow != before {
            // The turn passed from one of the window's seats to another: the screen takes the
            // next one's copy, which holds that seat's own rack, behind the curtain.
            shown.extend(
                self.links[self.follow]
                    .now()
                    .map(|now| Shown::Now(Box::new(now))),
            );
        }
        if let Some(Shown::Now(now) | Shown::Moved(now, _)) = shown.last() {
            self.shown = Some(now.setup().clone());
        }
        shown
    }

    /// Whether every link that has had a picture has played the same moves of the same game
    /// (a link the room has ended waits for nothing).
    fn caught_up(&self) -> bool {
        let mut progress = self
            .links
            .iter()
            .filter(|link| is_live(link))
            .filter_map(SeatLink::progress);
        let Some(first) = progress.next() else {
            return true;
        };
        progress.all(|other| other == first)
    }

    /// What a person at the screen asks, on `game` (the copy with the turn laid so far): sent
    /// by the seat whose it is (a challenge by the seat it names, an acceptance by any of the
    /// window's seats but the one challenged, the rest by the seat to move). Returns the
    /// intent to play on the screen, if any.
    pub fn ask(&mut self, game: &TilesMatch, intent: TilesIntent) -> Option<TilesIntent> {
        let pending = game.position().pending().map(|pending| pending.player);
        let answering = |link: &SeatLink| link.seat().is_some_and(|seat| Some(seat) != pending);
        let by = match &intent {
            // A challenge named for a seat played elsewhere is the window's own seat's, where
            // only one of them may answer.
            TilesIntent::Challenge(seat) => self.link_of(*seat).or_else(|| {
                let mut eligible = self.links.iter().enumerate().filter(|(_, l)| answering(l));
                match (eligible.next(), eligible.next()) {
                    (Some((only, _)), None) => Some(only),
                    _ => None,
                }
            })?,
            TilesIntent::Accept => self.links.iter().position(answering)?,
            _ => self.follow,
        };
        self.links[by].ask(game, intent)
    }

    fn link_of(&self, seat: usize) -> Option<usize> {
        self.links.iter().position(|link| link.seat() == Some(seat))
    }

    /// Asks the room for the next game at the same table, for every seat the window plays;
    /// it is dealt once every person has.
    pub fn play_again(&mut self) {
        for link in &mut self.links {
            link.play_again();
        }
    }

    /// Whether the window only watches the room's game: it plays no seat, and the next game
    /// is the players' to ask for.
    #[must_use]
    pub fn is_watching(&self) -> bool {
        self.first().is_watching()
    }

    /// Whether the window's seats have asked for the next game, which has not come yet.
    #[must_use]
    pub fn asked_again(&self) -> bool {
        self.links.iter().any(SeatLink::asked_again)
    }

    fn first(&self) -> &SeatLink {
        &self.links[0]
    }
}

/// Whether the room still has a link's seat: one it has ended is waited for no more.
fn is_live(link: &SeatLink) -> bool {
    !matches!(link.connection(), Connection::Ended(_))
}
