//! Work that runs beside the frame loop, such as a computer player's search: started on Bevy's
//! async compute pool and collected by a system once it is done.

use bevy::tasks::{Task, block_on, futures_lite::future};

/// The task's answer if it has finished, taking it out of `slot`; `None` while it runs or when
/// there is none.
pub fn take_finished<T>(slot: &mut Option<Task<T>>) -> Option<T> {
    let answer = block_on(future::poll_once(slot.as_mut()?))?;
    *slot = None;
    Some(answer)
}
