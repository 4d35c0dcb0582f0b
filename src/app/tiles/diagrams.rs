//! The rules page's drawn examples: rows of tiles and how the rules core reads them.

use bevy_egui::egui::{self, RichText, Stroke};

use super::words::TilesWords;
use crate::app::i18n::Language;
use crate::app::palette;
use crate::rules::abaku::examples::{ReadRules, readings};

/// Side of a drawn tile, in points.
const TILE: f32 = 34.0;

/// One example row: its tiles (`None` for the joker) and the digit the joker stands for.
struct Row {
    tiles: &'static [Option<u8>],
    joker: Option<u8>,
}

/// The rule text's readings, a zero that is no number, and a joker.
const ROWS: [Row; 7] = [
    Row {
        tiles: &[Some(8), Some(4), Some(1), Some(2)],
        joker: None,
    },
    Row {
        tiles: &[Some(1), Some(2), Some(4), Some(8)],
        joker: None,
    },
    Row {
        tiles: &[Some(2), Some(4), Some(8)],
        joker: None,
    },
    Row {
        tiles: &[Some(2), Some(4)],
        joker: None,
    },
    Row {
        tiles: &[Some(9), Some(3)],
        joker: None,
    },
    Row {
        tiles: &[Some(5), Some(0), Some(5)],
        joker: None,
    },
    Row {
        tiles: &[Some(3), None, Some(8)],
        joker: Some(5),
    },
];

/// Draws each row of tiles and, beside it, every way the rules core reads it, or why it is no
/// sum; the joker's row says which digit it stands for.
pub(super) fn draw(ui: &mut egui::Ui, words: Language) {
    ui.label(
        RichText::new(words.diagram_heading())
            .size(21.0)
            .color(palette::ACCENT.to_egui()),
    );
    for row in &ROWS {
        let digits: Vec<u8> = row
            .tiles
            .iter()
            .map(|tile| tile.or(row.joker).unwrap_or(0))
            .collect();
        let read: Vec<String> = readings(&digits, ReadRules::default())
            .iter()
            .map(ToString::to_string)
            .collect();
        ui.horizontal(|ui| {
            for tile in row.tiles {
                draw_tile(ui, *tile);
            }
            ui.add_space(12.0);
            let text = match (read.is_empty(), row.joker) {
                (true, _) => format!("✗  {}", words.diagram_no_sum()),
                (false, Some(digit)) => {
                    format!("→  {}  ({})", read.join("   "), words.diagram_joker(digit))
                }
                (false, None) => format!("→  {}", read.join("   ")),
            };
            let color = if read.is_empty() {
                palette::WARNING
            } else {
                palette::TEXT
            };
            ui.label(RichText::new(text).size(19.0).color(color.to_egui()));
        });
        ui.add_space(4.0);
    }
}

/// A wooden tile with its digit, or the joker's star.
fn draw_tile(ui: &mut egui::Ui, tile: Option<u8>) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(TILE, TILE), egui::Sense::hover());
    let painter = ui.painter();
    painter.rect(
        rect.shrink(1.0),
        5.0,
        palette::TILE_WOOD.to_egui(),
        Stroke::new(1.5, palette::TILE_WOOD_DARK.to_egui()),
        egui::StrokeKind::Inside,
    );
    let (text, color) = match tile {
        Some(digit) => (digit.to_string(), palette::TILE_INK),
        None => ("★".to_owned(), palette::SPIN_RED),
    };
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        text,
        egui::FontId::proportional(TILE * 0.62),
        color.to_egui(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rows_read_as_the_rules_say() {
        let read = |row: &Row| -> Vec<String> {
            let digits: Vec<u8> = row
                .tiles
                .iter()
                .map(|tile| tile.or(row.joker).unwrap_or(0))
                .collect();
            readings(&digits, ReadRules::default())
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        assert_eq!(read(&ROWS[0]), ["8+4=12"]);
        assert!(read(&ROWS[1]).contains(&"12-4=8".to_owned()));
        assert!(read(&ROWS[2]).contains(&"2×4=8".to_owned()));
        assert_eq!(read(&ROWS[3]), ["2²=4"]);
        assert_eq!(read(&ROWS[4]), ["√9=3"]);
        assert!(read(&ROWS[5]).is_empty(), "0 alone is no number");
        assert_eq!(read(&ROWS[6]), ["3+5=8"]);
    }
}
