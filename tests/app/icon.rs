//! `abakus icon --out DIR`: the application icon written at every icon-theme size, laid out as
//! the theme's folders, each file a square PNG of its size.

use std::process::Command;

#[test]
fn the_icon_is_written_at_every_theme_size() {
    let folder = std::env::temp_dir().join(format!("abakus-icons-{}", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_abakus"))
        .args(["icon", "--out"])
        .arg(&folder)
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let listed = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        listed.lines().count(),
        abakus::app::icon::ICON_SIZES.len(),
        "{listed}"
    );
    for size in abakus::app::icon::ICON_SIZES {
        let path = folder.join(format!("{size}x{size}/apps/abakus.png"));
        assert!(listed.contains(&*path.to_string_lossy()), "{listed}");
        let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let reader = png::Decoder::new(std::io::BufReader::new(file))
            .read_info()
            .unwrap();
        let info = reader.info();
        assert_eq!(
            (info.width, info.height),
            (size, size),
            "{}",
            path.display()
        );
        assert_eq!(
            info.color_type,
            png::ColorType::Rgba,
            "the corners are see-through"
        );
    }
    let _ = std::fs::remove_dir_all(&folder);
}

/// The desktop entry the package installs passes the freedesktop validator and names the
/// binary, the icon and the window class the game uses.
#[test]
fn the_desktop_entry_is_valid_and_names_the_game() {
    let entry = concat!(env!("CARGO_MANIFEST_DIR"), "/packaging/abakus.desktop");
    let text = std::fs::read_to_string(entry).unwrap();
    for line in ["Exec=abakus", "Icon=abakus", "StartupWMClass=abakus"] {
        assert!(text.lines().any(|l| l == line), "{line} missing");
    }
    let validator = Command::new("desktop-file-validate").arg(entry).output();
    let Ok(output) = validator else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must validate the desktop entry: scripts/setup.sh installs desktop-file-utils"
        );
        eprintln!("skipped: desktop-file-validate is missing (scripts/setup.sh installs it)");
        return;
    };
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success() && said.trim().is_empty(), "{said}");
}
