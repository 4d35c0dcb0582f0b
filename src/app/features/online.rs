//! Games in rooms elsewhere, as the window keeps them: the link a person asks to join, and the
//! seats it has taken there (each with the secret that brings it back), kept across restarts.

use abakus_server::remote::Invite;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::base::storage::{self, DataDir, Saver};

/// The file in the data folder the seats are kept in.
pub const FILE: &str = "online.json";

/// How many seats the window keeps: the newest, each a game it may go back to.
const KEPT: usize = 8;

/// A person asked to join the room a link leads to.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct JoinRoom(pub Invite);

/// A room's link given at launch (`abakus --join LINK`): joined straight past the title.
#[derive(Resource, Debug, Clone)]
pub struct JoinAtLaunch(pub Invite);

/// A seat the window has taken in a room elsewhere.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakenSeat {
    /// The link it was taken by.
    pub link: String,
    /// What brings this window back to it: the link itself opens it only once.
    pub secret: String,
    /// The players' names, for the list of games to go back to.
    pub names: Vec<String>,
    /// Whether its game has ended: then it is shown, not joined again.
    pub over: bool,
    /// The room, as its pictures named it: the seats of one room played at this window are
    /// gone back to together.
    #[serde(default)]
    pub room: Option<String>,
    /// The seat the link opened (none, for a link to watch).
    #[serde(default)]
    pub seat: Option<usize>,
}

/// A person's link the window was given when it made a room, to send them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SentLink {
    pub name: String,
    pub link: String,
    /// Its short code, to type with the server's address where the link cannot be pasted
    /// (empty from a server that gives none).
    #[serde(default)]
    pub code: String,
}

/// A room the window made on a server elsewhere: the link of its own seat, the other people's
/// and the watchers', shown over its game until it ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostedRoom {
    pub own: String,
    pub others: Vec<SentLink>,
    pub watch: String,
    #[serde(default)]
    pub watch_code: String,
}

/// The seats the window has taken, newest first, and the rooms it made.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnlineSeats {
    pub seats: Vec<TakenSeat>,
    #[serde(default)]
    pub hosted: Vec<HostedRoom>,
}

impl OnlineSeats {
    /// The secret that brings the window back to the seat a link opened, if it took it.
    #[must_use]
    pub fn secret_for(&self, invite: &Invite) -> Option<&str> {
        let link = invite.link();
        self.seats
            .iter()
            .find(|seat| seat.link == link)
            .map(|seat| seat.secret.as_str())
    }

    /// Keeps (or updates) the seat a link opened, newest first.
    pub fn remember(&mut self, seat: TakenSeat) {
        self.seats.retain(|kept| kept.link != seat.link);
        self.seats.insert(0, seat);
        self.seats.truncate(KEPT);
    }

    /// Lets go of the seat a link opened: the room will not have it again.
    pub fn forget(&mut self, invite: &Invite) {
        let link = invite.link();
        self.seats.retain(|kept| kept.link != link);
    }

    /// Keeps the links of a room the window made, newest first.
    pub fn host(&mut self, room: HostedRoom) {
        self.hosted.retain(|kept| kept.own != room.own);
        self.hosted.insert(0, room);
        self.hosted.truncate(KEPT);
    }

    /// The room the window made whose own seat `link` opens, if it made it.
    #[must_use]
    pub fn hosted_by(&self, link: &str) -> Option<&HostedRoom> {
        self.hosted.iter().find(|room| room.own == link)
    }

    /// The games still going the window may go back to, newest first, each with every seat
    /// the window took in its room, in the order of the table (a link to watch alone).
    #[must_use]
    pub fn going(&self) -> Vec<Vec<(&TakenSeat, Invite)>> {
        let mut games: Vec<Vec<(&TakenSeat, Invite)>> = Vec::new();
        let going = self.seats.iter().filter(|seat| !seat.over);
        for (seat, invite) in going.filter_map(|seat| Some((seat, Invite::parse(&seat.link).ok()?)))
        {
            let played = |seat: &TakenSeat| seat.room.is_some() && seat.seat.is_some();
            let same_room = |game: &&mut Vec<(&TakenSeat, Invite)>| {
                played(seat) && played(game[0].0) && game[0].0.room == seat.room
            };
            match games.iter_mut().find(same_room) {
                Some(game) => game.push((seat, invite)),
                None => games.push(vec![(seat, invite)]),
            }
        }
        for game in &mut games {
            game.sort_by_key(|(seat, _)| seat.seat);
        }
        games
    }

    /// Writes them to the data folder, on the saver's thread.
    pub fn save(&self, dir: &DataDir, saver: &Saver) {
        saver.save(dir, FILE, self);
    }
}

pub fn plugin(app: &mut App) {
    app.add_message::<JoinRoom>()
        .init_resource::<OnlineSeats>()
        .add_systems(Startup, load_seats)
        // Before the frame's Update, where the room is opened: a window at rest may not draw
        // another frame soon.
        .add_systems(PreUpdate, join_at_launch);
}

fn load_seats(dir: Option<Res<DataDir>>, mut seats: ResMut<OnlineSeats>) {
    if let Some(kept) = dir.and_then(|dir| storage::load::<OnlineSeats>(&dir, FILE)) {
        *seats = kept;
    }
}

/// The launch's link is joined once the window is up.
fn join_at_launch(
    mut commands: Commands,
    at_launch: Option<Res<JoinAtLaunch>>,
    mut join: MessageWriter<JoinRoom>,
) {
    if let Some(at_launch) = at_launch {
        join.write(JoinRoom(at_launch.0.clone()));
        commands.remove_resource::<JoinAtLaunch>();
    }
}
