//! Work that runs beside the frame loop, such as a computer player's search: started on Bevy's
//! async compute pool and collected by a system once it is done.

use bevy::tasks::{AsyncComputeTaskPool, Task, block_on};

/// One piece of background work: none, running on the async compute pool, or finished with
/// its answer kept until the system that collects it takes it.
#[derive(Default)]
pub enum Background<T> {
    #[default]
    Idle,
    Running(Task<T>),
    Finished(T),
}

impl<T: Send + 'static> Background<T> {
    /// Starts `work` on the async compute pool, never in a frame.
    #[must_use]
    pub fn spawn(work: impl FnOnce() -> T + Send + 'static) -> Self {
        Self::Running(AsyncComputeTaskPool::get().spawn(async move { work() }))
    }
}

impl<T> Background<T> {
    /// Whether work was started and its answer not taken yet (it may be finished already).
    #[must_use]
    pub fn is_pending(&self) -> bool {
        !matches!(self, Self::Idle)
    }

    /// The answer if the work has finished, leaving the slot idle; `None` while it runs or when
    /// there is none. Never blocks, so a system may ask every frame.
    pub fn take_finished(&mut self) -> Option<T> {
        match std::mem::take(self) {
            Self::Finished(answer) => Some(answer),
            Self::Running(task) if task.is_finished() => Some(block_on(task)),
            unfinished => {
                *self = unfinished;
                None
            }
        }
    }

    /// Blocks until running work has finished and keeps its answer for `take_finished`, so the
    /// app's own system takes it on the next frame just as in play: the headless tests wait for
    /// a computer's search this way instead of sleeping.
    pub fn wait(&mut self) {
        *self = match std::mem::take(self) {
            Self::Running(task) => Self::Finished(block_on(task)),
            other => other,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::tasks::TaskPool;

    #[test]
    fn a_waited_answer_is_kept_until_it_is_taken_once() {
        AsyncComputeTaskPool::get_or_init(TaskPool::default);
        let mut work = Background::spawn(|| 6 * 7);
        assert!(work.is_pending());
        work.wait();
        assert!(
            matches!(work, Background::Finished(42)),
            "waiting takes nothing"
        );
        assert_eq!(work.take_finished(), Some(42));
        assert!(!work.is_pending());
        assert_eq!(work.take_finished(), None);
        // Waiting with nothing under way returns at once.
        work.wait();
        assert!(!work.is_pending());
    }
}
