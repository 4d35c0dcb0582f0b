//! Scripted runs of the real window; the core names no game, each adds its own [`GameCommands`].

mod parse;
mod person;
mod plugin;
mod report;
mod run;
mod shell;
mod state;
mod step;
#[cfg(test)]
mod tests;

pub use parse::number;
pub(crate) use plugin::plugin;
pub use state::Script;
pub use step::{
    GameCommands, GameStep, PersonAction, ScriptGames, ScriptPlaces, ScriptStep, Spot, Step,
    StepOutcome,
};
