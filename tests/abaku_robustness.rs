//! Malformed position files and random text: clear errors, never a panic, here or in later play.

use abakus::rules::abaku::*;

const FIXTURE: &str = include_str!("data/abaku/bonus-23.txt");

#[test]
fn a_colours_grid_of_another_layout_is_refused() {
    // The colours are read against a 2x2 layout, then the layout becomes board A.
    let text = FIXTURE.replacen(
        "board\n",
        &format!(
            "layout\n*.\n..\ncolours\nb.\n..\nlayout\n{}board\n",
            Layout::board_a().to_text()
        ),
        1,
    );
    let err = Position::from_text(&text).unwrap_err();
    assert_eq!(err.to_string(), "the colours grid does not fit the layout");
}
