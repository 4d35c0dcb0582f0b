//! A board's image painted beside the frame loop: a coarse one at once, the sharp one swapped
//! in when it is done, so a new board's first frame does not wait for its painting.

use bevy::prelude::*;

use crate::app::base::art::Canvas;
use crate::app::base::background::Background;

/// How finely a board is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Half the resolution, a quarter of the pixels: painted on every core in the frame that
    /// first shows the board.
    Coarse,
    /// The full resolution, painted on one core beside the frame loop, which keeps the rest.
    Sharp,
}

impl Detail {
    /// Pixels at this detail of something `sharp` pixels long at full resolution.
    #[must_use]
    pub fn pixels(self, sharp: u32) -> u32 {
        match self {
            Self::Coarse => (sharp / 2).max(1),
            Self::Sharp => sharp,
        }
    }

    /// How many cores paint it.
    #[must_use]
    pub fn cores(self) -> usize {
        match self {
            Self::Coarse => std::thread::available_parallelism().map_or(1, |n| n.get()),
            Self::Sharp => 1,
        }
    }
}

/// The paintings of one kind of board, `K` saying which board (its side, or its layout and
/// colours). A board seen last time is shown at once in its sharp painting; a new one is shown
/// in a coarse painting while the sharp one is painted, and the board's own system swaps it in
/// when [`BoardPainting::finished`] hands it over. Only the last board's painting is kept, so
/// a booth's demo of many boards holds one at a time.
pub struct BoardPainting<K> {
    sharp: Option<(K, Handle<Image>)>,
    coarse: Option<(K, Handle<Image>)>,
    painting: Option<(K, Background<Canvas>)>,
}

impl<K> Default for BoardPainting<K> {
    fn default() -> Self {
        Self {
            sharp: None,
            coarse: None,
            painting: None,
        }
    }
}

impl<K: Clone + PartialEq + Send + 'static> BoardPainting<K> {
    /// The image to show the board `key` in now: its sharp painting when it is ready, else its
    /// coarse one, painted now (once) while the sharp one is started beside the frame loop.
    /// `paint` paints the board at a detail; it must not depend on anything but `key`.
    pub fn image(
        &mut self,
        key: &K,
        images: &mut Assets<Image>,
        paint: impl FnOnce(Detail) -> Canvas + Clone + Send + 'static,
    ) -> Handle<Image> {
        if self
            .painting
            .as_ref()
            .is_some_and(|(painted, _)| painted == key)
        {
            // A board shown again before its sharp painting was taken: take it now if it is
            // done, for no system took it while the board was away.
            if let Some(sharp) = self.finished(images) {
                return sharp;
            }
        }
        if let Some((painted, sharp)) = &self.sharp
            && painted == key
        {
            return sharp.clone();
        }
        if let Some((painted, coarse)) = &self.coarse
            && painted == key
        {
            return coarse.clone();
        }
        let sharp_paint = paint.clone();
        let coarse = images.add(paint(Detail::Coarse).into_image());
        self.coarse = Some((key.clone(), coarse.clone()));
        // Another board's painting under way is dropped, which cancels it.
        self.painting = Some((
            key.clone(),
            Background::spawn(move || sharp_paint(Detail::Sharp)),
        ));
        coarse
    }

    /// The sharp painting, once, on the first call after it is done; from then on the board's
    /// image is kept as the last board's, and the coarse one let go of.
    pub fn finished(&mut self, images: &mut Assets<Image>) -> Option<Handle<Image>> {
        let (key, work) = self.painting.as_mut()?;
        let canvas = work.take_finished()?;
        let key = key.clone();
        self.painting = None;
        self.coarse = None;
        let sharp = images.add(canvas.into_image());
        self.sharp = Some((key, sharp.clone()));
        Some(sharp)
    }

    /// Whether a sharp painting is under way (or done and not taken yet): frames keep coming
    /// until it is shown.
    #[must_use]
    pub fn is_painting(&self) -> bool {
        self.painting.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::tasks::{AsyncComputeTaskPool, TaskPool};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    fn plain(side: u32) -> impl FnOnce(Detail) -> Canvas + Clone + Send + 'static {
        move |detail| Canvas::new(detail.pixels(side), detail.pixels(side))
    }

    fn width(images: &Assets<Image>, image: &Handle<Image>) -> u32 {
        images.get(image).expect("a kept image").width()
    }

    fn wait_for_sharp(
        painting: &mut BoardPainting<u8>,
        images: &mut Assets<Image>,
    ) -> Handle<Image> {
        if let Some((_, work)) = painting.painting.as_mut() {
            work.wait();
        }
        painting
            .finished(images)
            .expect("the sharp painting, once it is done")
    }

    #[test]
    fn a_new_board_shows_coarse_at_once_and_sharp_once_it_is_painted() {
        AsyncComputeTaskPool::get_or_init(TaskPool::default);
        let mut images = Assets::<Image>::default();
        let mut painting = BoardPainting::<u8>::default();
        // The sharp painting waits until the test lets it finish.
        let released = Arc::new(AtomicBool::new(false));
        let held = {
            let released = released.clone();
            move |detail: Detail| {
                while detail == Detail::Sharp && !released.load(Ordering::Acquire) {
                    std::thread::yield_now();
                }
                Canvas::new(detail.pixels(64), detail.pixels(64))
            }
        };

        let first = painting.image(&5, &mut images, held.clone());
        assert_eq!(
            width(&images, &first),
            32,
            "the first frame shows the coarse painting"
        );
        assert!(painting.is_painting());
        assert_eq!(painting.finished(&mut images), None, "not painted yet");
        assert_eq!(
            painting.image(&5, &mut images, held),
            first,
            "asked again while the sharp one is painted, the same coarse painting"
        );

        released.store(true, Ordering::Release);
        let sharp = wait_for_sharp(&mut painting, &mut images);
        assert_eq!(width(&images, &sharp), 64);
        assert!(!painting.is_painting());
        assert_eq!(painting.finished(&mut images), None, "handed over once");
        assert_eq!(
            painting.image(&5, &mut images, plain(64)),
            sharp,
            "the next game on the same board shows the sharp painting at once"
        );
        assert!(!painting.is_painting(), "and paints nothing");
    }

    #[test]
    fn another_board_is_painted_anew_and_only_the_last_board_is_kept() {
        AsyncComputeTaskPool::get_or_init(TaskPool::default);
        let mut images = Assets::<Image>::default();
        let mut painting = BoardPainting::<u8>::default();
        let _ = painting.image(&5, &mut images, plain(64));
        let five = wait_for_sharp(&mut painting, &mut images);

        let coarse_seven = painting.image(&7, &mut images, plain(128));
        assert_eq!(width(&images, &coarse_seven), 64);
        // A third board before the second's sharp painting is shown: the second is dropped.
        let coarse_four = painting.image(&4, &mut images, plain(16));
        assert_eq!(width(&images, &coarse_four), 8);
        let four = wait_for_sharp(&mut painting, &mut images);
        assert_eq!(width(&images, &four), 16);
        assert!(!painting.is_painting());

        drop(five);
        let again = painting.image(&5, &mut images, plain(64));
        assert_eq!(width(&images, &again), 32, "the first board was let go of");
    }

    #[test]
    fn a_board_shown_again_takes_its_sharp_painting_if_it_finished_meanwhile() {
        AsyncComputeTaskPool::get_or_init(TaskPool::default);
        let mut images = Assets::<Image>::default();
        let mut painting = BoardPainting::<u8>::default();
        let _ = painting.image(&6, &mut images, plain(40));
        if let Some((_, work)) = painting.painting.as_mut() {
            work.wait();
        }
        let shown = painting.image(&6, &mut images, plain(40));
        assert_eq!(width(&images, &shown), 40);
        assert!(!painting.is_painting());
    }
}
