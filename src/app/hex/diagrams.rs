//! The rules page's drawn example: where one stone may and may not slide, from the rules core.

use bevy::math::Vec2;
use bevy_egui::egui::{self, Color32, Pos2, RichText, Shape, Stroke};

use super::colours;
use super::layout::BoardLayout;
use super::words::HexWords;
use crate::app::base::i18n::Language;
use crate::app::base::palette::{self, Colours};
use abakus_rules::hex::{Cell, Color, Move, Position};

/// Distance from a cell's centre to its corners in the diagram, in points.
const HEX_SIZE: f32 = 19.0;

/// The rule text's diagram of forbidden landings: C4 is in a group of three with B4 and C5,
/// D2-D3 is a black pair, G4 a single black stone and E4 a white one. With `blocker` false the
/// white stone is gone and the way to G4 is open.
fn forbidden_landings(blocker: bool) -> Option<Position> {
    let cells = |names: &str| -> Option<Vec<Cell>> {
        names.split_whitespace().map(|n| n.parse().ok()).collect()
    };
    let white = if blocker { "E4" } else { "" };
    Position::setup(
        5,
        &cells("C4 B4 C5 D2 D3 G4")?,
        &cells(white)?,
        Color::Black,
    )
    .ok()
}

/// The slides the diagram refuses, each with the reason the rules core gives.
const REFUSED: [&str; 3] = ["C4-A2", "C4-C2", "C4-F4"];

/// Draws the rule text's position with the three refused slides and their reasons, then the
/// same position without the white stone, with every cell C4 may slide to.
pub(super) fn draw(ui: &mut egui::Ui, words: Language) {
    let (Some(blocked), Some(open), Ok(from)) = (
        forbidden_landings(true),
        forbidden_landings(false),
        "C4".parse::<Cell>(),
    ) else {
        return;
    };
    ui.label(
        RichText::new(words.diagram_heading())
            .size(21.0)
            .color(palette::ACCENT.to_egui()),
    );
    ui.horizontal_top(|ui| {
        draw_board(ui, &blocked, from, &REFUSED, false);
        ui.add_space(16.0);
        draw_board(ui, &open, from, &[], true);
    });
    ui.label(RichText::new(words.diagram_targets()).size(18.0));
    for text in REFUSED {
        let Ok(mv) = text.parse::<Move>() else {
            continue;
        };
        if let Err(error) = blocked.check(mv) {
            ui.label(
                RichText::new(format!("✗  {}", words.refusal(&error)))
                    .size(18.0)
                    .color(palette::WARNING.to_egui()),
            );
        }
    }
    ui.add_space(6.0);
    ui.label(RichText::new(words.diagram_open()).size(18.0));
}

/// One small board: the stones, `from` ringed, red crosses on the `refused` slides, and with
/// `targets` a green dot on every cell `from` may slide to.
fn draw_board(ui: &mut egui::Ui, position: &Position, from: Cell, refused: &[&str], targets: bool) {
    let layout = BoardLayout {
        side: position.side(),
        hex_size: HEX_SIZE,
        centre: Vec2::ZERO,
        window: Vec2::ZERO,
    };
    let size = egui::vec2(HEX_SIZE * 15.5, HEX_SIZE * 16.0);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let at = |cell: Cell| {
        let p = layout.world(cell);
        rect.center() + egui::vec2(p.x, -p.y)
    };
    let ink = |rgba: palette::Rgba| rgba.to_egui();
    for &cell in position.board().cells() {
        let centre = at(cell);
        let corners: Vec<Pos2> = (0..6)
            .map(|k| {
                let angle = std::f32::consts::FRAC_PI_3 * k as f32;
                centre + egui::vec2(angle.cos(), angle.sin()) * HEX_SIZE * 0.94
            })
            .collect();
        painter.add(Shape::convex_polygon(
            corners,
            ink(colours::CELL),
            Stroke::new(1.0, ink(colours::CELL_DARK)),
        ));
    }
    if targets {
        // Where the stone may go: the rules core's own list.
        for target in position.slide_targets(from) {
            painter.circle_filled(
                at(target),
                HEX_SIZE * 0.32,
                ink(colours::target(Colours::of(ui.ctx()))),
            );
        }
    }
    let red = Color32::from_rgb(0xc8, 0x3c, 0x3c);
    for text in refused {
        let Ok(Move::Slide { to, .. }) = text.parse::<Move>() else {
            continue;
        };
        let (a, b) = (at(from), at(to));
        painter.line_segment([a, b], Stroke::new(2.5, red));
        let arm = HEX_SIZE * 0.3;
        for (dx, dy) in [(arm, arm), (arm, -arm)] {
            painter.line_segment(
                [b + egui::vec2(-dx, -dy), b + egui::vec2(dx, dy)],
                Stroke::new(3.0, red),
            );
        }
    }
    for color in Color::BOTH {
        let (fill, edge) = match color {
            Color::Black => (colours::STONE_BLACK, colours::STONE_BLACK_SHINE),
            Color::White => (colours::STONE_WHITE, colours::STONE_WHITE_SHADE),
        };
        for cell in position.stones(color) {
            painter.circle(
                at(cell),
                HEX_SIZE * 0.62,
                ink(fill),
                Stroke::new(1.5, ink(edge)),
            );
        }
    }
    painter.circle_stroke(
        at(from),
        HEX_SIZE * 0.78,
        Stroke::new(2.5, ink(colours::SELECTED_GROUP)),
    );
    // Only the cells the text names carry their names, so the picture stays quiet.
    for name in NAMED {
        let Ok(cell) = name.parse::<Cell>() else {
            continue;
        };
        let on_black = position.stone_at(cell) == Some(Color::Black);
        let color = if on_black {
            colours::STONE_WHITE
        } else {
            colours::CELL_INK
        };
        painter.text(
            at(cell),
            egui::Align2::CENTER_CENTER,
            name,
            egui::FontId::proportional(11.0),
            ink(color),
        );
    }
}

/// The cells the captions name.
const NAMED: [&str; 8] = ["C4", "B4", "C5", "A2", "C2", "F4", "E4", "G4"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diagram_refuses_each_slide_for_its_own_reason() {
        let position = forbidden_landings(true).expect("the diagram's position is legal");
        let reasons: Vec<String> = REFUSED
            .iter()
            .map(|text| {
                let error = position
                    .check(text.parse().expect("notation"))
                    .expect_err("refused");
                format!("{error:?}")
            })
            .collect();
        assert!(reasons[0].starts_with("Alone"), "{reasons:?}");
        assert!(reasons[1].starts_with("NotSmaller"), "{reasons:?}");
        assert!(reasons[2].starts_with("Blocked"), "{reasons:?}");
        // Without the white stone the way to G4 is open, and the open board shows it.
        let open = forbidden_landings(false).expect("legal");
        let from: Cell = "C4".parse().expect("a cell");
        assert!(
            open.slide_targets(from)
                .contains(&"F4".parse().expect("a cell"))
        );
    }
}
