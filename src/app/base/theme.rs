//! egui panels dressed in the app's palette: warm wood, rounded corners, large readable text.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::{self, CornerRadius, FontFamily, FontId, Margin, Stroke, TextStyle};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::base::board_room::BoardRoom;
use crate::app::base::navigation::Screen;
use crate::app::base::palette;
use crate::app::base::settings::UiZoom;

pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(palette::TABLE.to_bevy()))
        .add_systems(Startup, spawn_table)
        .add_systems(Update, fit_table)
        .add_systems(
            EguiPrimaryContextPass,
            (apply_style.run_if(run_once), apply_zoom, share_colours)
                .before(crate::app::base::frame_order::AppSet::Panels),
        );
}

/// Draws the panels, menus and their words at the scale the settings chose.
fn apply_zoom(
    mut contexts: EguiContexts,
    zoom: Option<Res<crate::app::base::settings::UiZoom>>,
) -> Result {
    let wanted = zoom.map_or(1.0, |zoom| zoom.0);
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - wanted).abs() > f32::EPSILON {
        ctx.set_zoom_factor(wanted);
    }
    Ok(())
}

/// Hands the colour-blind choice to the panels before they draw: egui code reads it with
/// `Colours::of(ctx)`, each app from its own context.
fn share_colours(
    mut contexts: EguiContexts,
    settings: Option<Res<crate::app::base::settings::Settings>>,
) -> Result {
    let colours = settings.map_or_else(palette::Colours::default, |s| s.colours());
    let ctx = contexts.ctx_mut()?;
    if palette::Colours::of(ctx) != colours {
        colours.share_with(ctx);
    }
    Ok(())
}

/// The felt under the screens without side panels (the title, the menus), darker towards the
/// window's edges. The clear colour is the felt's own.
#[derive(Component)]
pub struct Table;

/// On a game's screen, the felt's dark edge above and below the room between the side
/// panels. A game screen draws a frame whenever something moves, and under a software
/// renderer a sprite over the whole window cost a quarter of its frame time: the panels
/// cover the sides, so two strips keep the look for a fraction of the pixels.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableShade {
    Top,
    Bottom,
}

/// How deep the game screens' edge shading reaches, as a share of the window's height.
const SHADE_DEPTH: f32 = 0.16;

fn spawn_table(mut commands: Commands, art: Option<Res<crate::app::base::art::Art>>) {
    let Some(art) = art else {
        return;
    };
    commands.spawn((
        Name::new("Table"),
        Table,
        Sprite::from_image(art.table.clone()),
        // Not pickable: a click on the bare table reaches the window (see `hex::input`).
        Transform::from_xyz(0.0, 0.0, -10.0),
    ));
    for shade in [TableShade::Top, TableShade::Bottom] {
        commands.spawn((
            Name::new("Table shade"),
            shade,
            Sprite {
                image: art.table_shade.clone(),
                flip_y: shade == TableShade::Bottom,
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, -10.0),
            Visibility::Hidden,
        ));
    }
}

/// Sizes the table to the window, and shows either the whole table or, on a game's screen,
/// the shading of the room between the panels.
fn fit_table(
    window: Option<Single<Ref<Window>, With<PrimaryWindow>>>,
    screen: Option<Res<State<Screen>>>,
    zoom: Option<Res<UiZoom>>,
    mut tables: Query<(&mut Sprite, &mut Visibility), With<Table>>,
    mut shades: Query<(&TableShade, &mut Sprite, &mut Transform, &mut Visibility), Without<Table>>,
) {
    let Some(window) = window else {
        return;
    };
    let screen_changed = screen.as_ref().is_some_and(|screen| screen.is_changed());
    let zoom_changed = zoom.as_ref().is_some_and(|zoom| zoom.is_changed());
    if !window.is_changed() && !screen_changed && !zoom_changed {
        return;
    }
    let size = Vec2::new(window.width(), window.height());
    let on_game = screen.is_some_and(|screen| matches!(screen.get(), Screen::Game(_)));
    let visible = |shown: bool| {
        if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        }
    };
    for (mut sprite, mut shown) in &mut tables {
        sprite.custom_size = Some(size * 1.05);
        *shown = visible(!on_game);
    }
    let room = BoardRoom::of(size, zoom.map_or(1.0, |zoom| zoom.0), Vec2::ZERO);
    let depth = (size.y * SHADE_DEPTH).round();
    for (shade, mut sprite, mut transform, mut shown) in &mut shades {
        sprite.custom_size = Some(Vec2::new(room.size.x, depth));
        let y = (size.y - depth) / 2.0;
        let y = if *shade == TableShade::Top { y } else { -y };
        transform.translation = Vec3::new(room.centre_x, y, -10.0);
        *shown = visible(on_game);
    }
}

/// A fallback for the signs egui's own fonts lack, such as the roots of the tile game's sums
/// (DejaVu Sans; its licence is beside it in `assets/fonts`).
pub(crate) const FALLBACK_FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");

fn apply_style(mut contexts: EguiContexts) -> Result {
    use egui::epaint::text::{FontData, FontInsert, FontPriority, InsertFontFamily};
    let ctx = contexts.ctx_mut()?;
    ctx.all_styles_mut(style);
    let fallback = |family| InsertFontFamily {
        family,
        priority: FontPriority::Lowest,
    };
    ctx.add_font(FontInsert::new(
        "dejavu-sans",
        FontData::from_static(FALLBACK_FONT),
        vec![
            fallback(FontFamily::Proportional),
            fallback(FontFamily::Monospace),
        ],
    ));
    Ok(())
}

/// The app's egui style; public so headless tests can check it.
pub fn style(style: &mut egui::Style) {
    use TextStyle::{Body, Button, Heading, Monospace, Small};
    style.text_styles = [
        (Heading, FontId::new(30.0, FontFamily::Proportional)),
        (Body, FontId::new(18.0, FontFamily::Proportional)),
        (Button, FontId::new(20.0, FontFamily::Proportional)),
        (Monospace, FontId::new(17.0, FontFamily::Monospace)),
        (Small, FontId::new(14.0, FontFamily::Proportional)),
    ]
    .into();
    style.spacing.item_spacing = egui::vec2(10.0, 10.0);
    style.spacing.button_padding = egui::vec2(16.0, 9.0);
    // Touch screens at events: nothing smaller than 44 px to hit.
    style.spacing.interact_size = egui::vec2(44.0, 44.0);
    style.spacing.slider_width = 200.0;
    style.spacing.window_margin = Margin::same(18);

    let v = &mut style.visuals;
    v.dark_mode = true;
    v.override_text_color = Some(palette::TEXT.to_egui());
    v.panel_fill = palette::PANEL.to_egui();
    v.window_fill = palette::PANEL.to_egui();
    v.window_stroke = Stroke::new(1.5, palette::PANEL_STROKE.to_egui());
    v.window_corner_radius = CornerRadius::same(14);
    v.menu_corner_radius = CornerRadius::same(10);
    v.extreme_bg_color = palette::TABLE_EDGE.to_egui();
    v.faint_bg_color = palette::BUTTON.to_egui();
    v.selection.bg_fill = palette::ACCENT.with_alpha(140).to_egui();
    v.selection.stroke = Stroke::new(1.5, palette::TEXT.to_egui());
    v.slider_trailing_fill = true;
    let radius = CornerRadius::same(10);
    for (widgets, fill, stroke) in [
        (
            &mut v.widgets.inactive,
            palette::BUTTON,
            palette::PANEL_STROKE,
        ),
        (
            &mut v.widgets.hovered,
            palette::BUTTON_HOVER,
            palette::ACCENT,
        ),
        (
            &mut v.widgets.active,
            palette::BUTTON_ACTIVE,
            palette::ACCENT,
        ),
        (&mut v.widgets.open, palette::BUTTON_ACTIVE, palette::ACCENT),
    ] {
        widgets.bg_fill = fill.to_egui();
        widgets.weak_bg_fill = fill.to_egui();
        widgets.bg_stroke = Stroke::new(1.0, stroke.to_egui());
        widgets.corner_radius = radius;
        widgets.fg_stroke = Stroke::new(1.5, palette::TEXT.to_egui());
    }
    v.widgets.noninteractive.bg_fill = palette::PANEL.to_egui();
    v.widgets.noninteractive.bg_stroke = Stroke::new(1.0, palette::PANEL_STROKE.to_egui());
    v.widgets.noninteractive.fg_stroke = Stroke::new(1.0, palette::TEXT.to_egui());
    v.widgets.noninteractive.corner_radius = radius;
}

/// A panel frame in the app's style.
pub fn panel_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(palette::PANEL.to_egui())
        .stroke(Stroke::new(1.0, palette::PANEL_STROKE.to_egui()))
        .corner_radius(CornerRadius::same(14))
        .inner_margin(Margin::same(16))
}
