//! The QR code a phone scans to open its seat's page, as a picture egui draws.

use bevy_egui::egui;
use qrcode::{Color as Module, QrCode};

/// Each module of a code drawn this many pixels wide: a 33-module code is 200 pixels with its
/// margin, readable by a phone across a table.
const MODULE_PIXELS: usize = 5;
/// The light margin a reader needs around a code, in modules.
const QUIET_ZONE: usize = 4;

/// The picture of a QR code for `address`, black on white with its quiet zone.
#[must_use]
pub fn qr_image(address: &str) -> Option<egui::ColorImage> {
    let code = QrCode::new(address.as_bytes()).ok()?;
    let width = code.width();
    let modules = code.to_colors();
    let side = (width + 2 * QUIET_ZONE) * MODULE_PIXELS;
    let mut pixels = vec![egui::Color32::WHITE; side * side];
    for (index, module) in modules.iter().enumerate() {
        if *module != Module::Dark {
            continue;
        }
        let (x, y) = (index % width + QUIET_ZONE, index / width + QUIET_ZONE);
        for dy in 0..MODULE_PIXELS {
            let row = (y * MODULE_PIXELS + dy) * side;
            for dx in 0..MODULE_PIXELS {
                pixels[row + x * MODULE_PIXELS + dx] = egui::Color32::BLACK;
            }
        }
    }
    Some(egui::ColorImage::new([side, side], pixels))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_has_its_quiet_zone_and_dark_modules() {
        let image = qr_image("http://192.168.1.20:41234/seat/0123456789abcdef0123456789abcdef/")
            .expect("an address fits a code");
        let [width, height] = image.size;
        assert_eq!(width, height);
        assert_eq!(width % MODULE_PIXELS, 0);
        let margin = QUIET_ZONE * MODULE_PIXELS;
        assert!(
            image.pixels[..margin * width]
                .iter()
                .all(|p| *p == egui::Color32::WHITE)
        );
        let dark = image
            .pixels
            .iter()
            .filter(|p| **p == egui::Color32::BLACK)
            .count();
        assert!(dark > width * height / 8, "{dark} dark pixels");
    }
}
