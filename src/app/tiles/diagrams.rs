//! The rules page's drawn examples: rows of tiles and how the rules core reads them, and the
//! rule book's 23-point turn with its bonus arithmetic.

use bevy_egui::egui::{self, RichText, Stroke};

use super::colours;
use super::words::TilesWords;
use crate::app::base::i18n::Language;
use crate::app::base::palette::{self, Colours};
use abakus_rules::abaku::examples::{ReadRules, readings};
use abakus_rules::abaku::{
    Bonus, Cell, Formed, Layout, Move, Position, Scored, Setup, Square, Tile, Variants,
};

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
    // The readings on the left, the bonus arithmetic beside them: both in view at once.
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| draw_readings(ui, words));
        ui.add_space(28.0);
        ui.vertical(|ui| {
            ui.set_width(BONUS_COLUMN);
            draw_bonus_case(ui, words);
        });
    });
}

/// Each row of tiles and how the rules core reads it.
fn draw_readings(ui: &mut egui::Ui, words: Language) {
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

/// The width of the bonus example's column, in points: its sums stay on one line each.
const BONUS_COLUMN: f32 = 400.0;

/// The rule book's bonus example on board A: the 3 and the 1 lie on D10 and E10; the 4 is
/// laid on C10, a sum ×2 square, and the 2 on F10, a tile ×3 square.
const BONUS_OLD: [(&str, u8); 2] = [("D10", 3), ("E10", 1)];
const BONUS_NEW: &str = "C10=4 F10=2";

/// The bonus example's board and its scored turn, from the rules core.
fn bonus_case() -> Option<(Position, Vec<Cell>, Scored)> {
    let board: Vec<(Cell, Square)> = BONUS_OLD
        .iter()
        .map(|&(cell, digit)| Some((Cell::parse(cell)?, Square::Digit(digit))))
        .collect::<Option<_>>()?;
    let setup = Setup {
        players: 1,
        variants: Variants::default(),
        seed: 1,
        layout: Some(Layout::board_a()),
    };
    let position =
        Position::arranged(setup, &board, &[vec![Tile::Digit(4), Tile::Digit(2)]], 0).ok()?;
    let Ok(Move::Place(placement)) = position.parse_move(BONUS_NEW) else {
        return None;
    };
    let laid = placement.puts.iter().map(|put| put.cell).collect();
    let scored = position.evaluate(&placement).ok()?;
    Some((position, laid, scored))
}

/// An example's points as the rule book adds them up: a point a tile, a tile bonus on the
/// tiles laid this turn, then the sum bonuses over the whole: "(1 + 1 + 1 + 3) × 2 = 12".
fn tally(layout: &Layout, laid: &[Cell], formed: &Formed) -> (String, i64) {
    let mut tiles = Vec::new();
    let mut factor = 1;
    for &index in &formed.cells {
        let cell = layout.cell(index);
        let new = laid.contains(&cell);
        let bonus = if new {
            layout.bonus(cell)
        } else {
            Bonus::Plain
        };
        tiles.push(match bonus {
            Bonus::TileX2 => 2,
            Bonus::TileX3 => 3,
            _ => 1,
        });
        factor *= match bonus {
            Bonus::ExampleX2 | Bonus::Start => 2,
            Bonus::ExampleX3 => 3,
            _ => 1,
        };
    }
    let sum: i64 = tiles.iter().sum();
    let terms = tiles
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" + ");
    let total = sum * factor;
    let text = if factor == 1 {
        format!("{terms} = {total}")
    } else {
        format!("({terms}) × {factor} = {total}")
    };
    (text, total)
}

/// The 23-point turn: the row on its squares, then each sum's points worked out.
fn draw_bonus_case(ui: &mut egui::Ui, words: Language) {
    let Some((position, laid, scored)) = bonus_case() else {
        return;
    };
    let layout = position.layout();
    ui.label(
        RichText::new(words.diagram_bonus_heading())
            .size(21.0)
            .color(palette::ACCENT.to_egui()),
    );
    ui.horizontal(|ui| {
        let row = ["C10", "D10", "E10", "F10"].map(Cell::parse);
        for cell in row.into_iter().flatten() {
            let new = laid.contains(&cell);
            let digit = scored.examples.iter().find_map(|formed| {
                let at = formed
                    .cells
                    .iter()
                    .position(|&index| layout.cell(index) == cell)?;
                formed.digits.as_bytes().get(at).map(|b| b - b'0')
            });
            draw_square(ui, layout.bonus(cell), new, digit);
        }
    });
    ui.label(
        RichText::new(
            words.diagram_bonus_laid(words.bonus(Bonus::ExampleX2), words.bonus(Bonus::TileX3)),
        )
        .size(17.0),
    );
    ui.add_space(4.0);
    let rules = position.variants().read_rules();
    // In the rule book's order: the longest sum first, then from the left.
    let mut examples: Vec<&Formed> = scored.examples.iter().collect();
    examples.sort_by_key(|formed| (std::cmp::Reverse(formed.cells.len()), formed.cells[0]));
    egui::Grid::new("bonus-sums")
        .num_columns(2)
        .spacing([18.0, 6.0])
        .show(ui, |ui| {
            for formed in examples {
                let reading = formed
                    .readings(rules)
                    .into_iter()
                    .next()
                    .unwrap_or_default();
                let (sum, _) = tally(layout, &laid, formed);
                ui.label(RichText::new(format!("→  {reading}")).size(19.0));
                ui.label(RichText::new(sum).size(19.0));
                ui.end_row();
            }
        });
    ui.label(
        RichText::new(words.turn_total(scored.points))
            .size(19.0)
            .strong()
            .color(palette::ACCENT.to_egui()),
    );
}

/// A square of the board in its bonus colour, with a tile on it: a tile laid this turn sits
/// inset so its square's colour shows round it; an old tile covers its square.
fn draw_square(ui: &mut egui::Ui, bonus: Bonus, new: bool, digit: Option<u8>) {
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(TILE + 8.0, TILE + 8.0), egui::Sense::hover());
    let painter = ui.painter();
    let fill = colours::bonus_fill(bonus, Colours::of(ui.ctx()));
    painter.rect_filled(rect.shrink(1.0), 4.0, fill.to_egui());
    let tile = if new {
        rect.shrink(7.0)
    } else {
        rect.shrink(2.0)
    };
    painter.rect(
        tile,
        5.0,
        colours::TILE_WOOD.to_egui(),
        Stroke::new(1.5, colours::TILE_WOOD_DARK.to_egui()),
        egui::StrokeKind::Inside,
    );
    if let Some(digit) = digit {
        painter.text(
            tile.center(),
            egui::Align2::CENTER_CENTER,
            digit.to_string(),
            egui::FontId::proportional(TILE * 0.55),
            colours::TILE_INK.to_egui(),
        );
    }
}

/// A wooden tile with its digit, or the joker's star.
fn draw_tile(ui: &mut egui::Ui, tile: Option<u8>) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(TILE, TILE), egui::Sense::hover());
    let painter = ui.painter();
    painter.rect(
        rect.shrink(1.0),
        5.0,
        colours::TILE_WOOD.to_egui(),
        Stroke::new(1.5, colours::TILE_WOOD_DARK.to_egui()),
        egui::StrokeKind::Inside,
    );
    let (text, color) = match tile {
        Some(digit) => (digit.to_string(), colours::TILE_INK),
        None => ("★".to_owned(), colours::SPIN_RED),
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

    #[test]
    fn the_bonus_case_adds_up_to_the_rule_books_23_points() {
        let (position, laid, scored) = bonus_case().expect("the rule book's position");
        assert_eq!(scored.points, 23);
        let mut sums: Vec<(String, i64)> = scored
            .examples
            .iter()
            .map(|formed| {
                let (_, total) = tally(position.layout(), &laid, formed);
                // The worked sum is the rules core's own score for the example.
                assert_eq!(total, formed.points, "{}", formed.digits);
                (formed.digits.clone(), total)
            })
            .collect();
        sums.sort();
        assert_eq!(
            sums,
            [
                ("312".to_owned(), 5),
                ("431".to_owned(), 6),
                ("4312".to_owned(), 12)
            ]
        );
        let (text, _) = tally(
            position.layout(),
            &laid,
            scored
                .examples
                .iter()
                .find(|formed| formed.digits == "4312")
                .expect("4×3=12"),
        );
        assert_eq!(text, "(1 + 1 + 1 + 3) × 2 = 12");
    }
}
