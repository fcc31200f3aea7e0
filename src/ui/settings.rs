//! The settings screen (from the menu): graphics quality and its parts, window, volume,
//! aim aids, the default camera, the ball style, the frame-rate readout, and the keys
//! of `controls.ron`. Changes apply at once and are saved to `settings.ron` on leaving.
//! Keyboard: up/down pick a row, left/right change it, Escape or Enter on Back leaves;
//! mouse: a row's arrows, or Back.

use super::widgets::{
    Tone, button, clicked, keys, keys_of, label, panel, screen_column, set_text, stepper, toned,
};
use crate::config::{Action, Config};
use crate::input::Actions;
use crate::play::{BallStyle, MatchSettings};
use crate::session::{
    CameraView, GameConfig, GameSystems, Graphics, Preferences, Quality, Screen, Settings,
    UserFiles, WindowMode,
};
use crate::words::{CameraChoice, GraphicsChoice, Setting, SettingValue, named, spoken, words};
use bevy::prelude::*;

/// A row of the settings screen: a setting by the name the words give it.
type Row = Setting;

const ROWS: [Row; 21] = [
    Row::Language,
    Row::Quality,
    Row::Shadows,
    Row::AntiAliasing,
    Row::Lighting,
    Row::DepthPrepass,
    Row::Resolution,
    Row::Window,
    Row::Volume,
    Row::Mute,
    Row::AimAids,
    Row::AimAidsInMatches,
    Row::PredictedPath,
    Row::LagBand,
    Row::LagSpread,
    Row::ComputerVerdict,
    Row::Camera,
    Row::BallStyle,
    Row::Cloth,
    Row::FrameRate,
    Row::Back,
];

/// The computer lagger's speed errors on offer (standard deviations, relative).
const LAG_SPREADS: [f64; 5] = [0.01, 0.02, 0.05, 0.1, 0.2];

/// How long a computer's verdict may show before play goes on, s.
const COMPUTER_VERDICT_S: [f64; 6] = [1.5, 3.0, 5.0, 8.0, 12.0, 20.0];

/// The target bands lag training offers, mm.
const LAG_BANDS_MM: [f64; 6] = [10.0, 25.0, 50.0, 100.0, 150.0, 250.0];

#[derive(Resource)]
struct Selected(Row);

#[derive(Component)]
struct RowLine(Row);

#[derive(Component)]
struct RowValue(Row);

#[derive(Component)]
struct Arrow(Row, i32);

/// Whether the renderer runs on the CPU (Mesa's llvmpipe and the like), its name, and
/// whether the low preset was chosen for it at start-up.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SoftwareRendering {
    pub on_cpu: bool,
    pub adapter: String,
    pub chose_low: bool,
}

/// The graphics were chosen by the player: the settings file holds them, or the
/// command line's `--quality` names them. Where they were not (a first run), a
/// software renderer starts at the low preset.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GraphicsChosen(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SoftwareRendering>();
    app.init_resource::<GraphicsChosen>();
    app.add_systems(Startup, notice_software_rendering);
    app.add_systems(OnEnter(Screen::Settings), spawn_settings);
    app.add_systems(OnExit(Screen::Settings), save_settings);
    app.add_systems(
        Update,
        (
            (read_keys, read_clicks).in_set(GameSystems::Rules),
            show_settings.in_set(GameSystems::Present),
        )
            .run_if(in_state(Screen::Settings)),
    );
}

/// On a renderer that draws on the CPU, a first run (no graphics chosen) starts at the
/// low preset, the high one giving under a frame a second there; the settings screen
/// says why.
fn notice_software_rendering(
    adapter: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
    chosen: Res<GraphicsChosen>,
    mut preferences: ResMut<Preferences>,
    mut software: ResMut<SoftwareRendering>,
) {
    let Some(adapter) = adapter else { return };
    // wgpu's `DeviceType` is not re-exported by Bevy; its name is enough.
    software.on_cpu = format!("{:?}", adapter.device_type) == "Cpu";
    software.adapter = adapter.name.clone();
    if !software.on_cpu || preferences.graphics.quality == Quality::Low {
        return;
    }
    if chosen.0 {
        warn!(
            "software rendering ({}): choose the Low graphics in Settings for a playable frame rate",
            adapter.name
        );
    } else {
        info!(
            "software rendering ({}): starting at the low preset",
            adapter.name
        );
        preferences.graphics = Graphics::of(Quality::Low);
        software.chose_low = true;
    }
}

fn spawn_settings(
    mut commands: Commands,
    config: Res<GameConfig>,
    software: Res<SoftwareRendering>,
) {
    commands.insert_resource(Selected(Row::Language));
    let config = &config.0;
    let hint = words().settings_hint(
        &keys_of(config, &[Action::MenuUp, Action::MenuDown]),
        &keys_of(config, &[Action::MenuLeft, Action::MenuRight]),
        &keys(config, Action::Menu),
    );
    let key_rows = super::help::key_rows(config);
    // On a renderer that draws on the CPU, why the graphics are low: in the top right
    // corner, beside the title, where the full screen has room.
    if software.on_cpu {
        let note = words().software_rendering(&software.adapter, software.chose_low);
        commands.spawn((
            Name::new("Software rendering"),
            toned(note, 13.0, Tone::Warn),
            Node {
                position_type: PositionType::Absolute,
                top: px(8),
                right: px(12),
                max_width: px(400),
                ..default()
            },
            DespawnOnExit(Screen::Settings),
        ));
    }
    commands
        .spawn((
            Name::new("Settings"),
            screen_column(8.0),
            DespawnOnExit(Screen::Settings),
        ))
        .with_children(|screen| {
            screen.spawn(label(words().settings_title(), 30.0));
            screen
                .spawn(Node {
                    column_gap: px(16),
                    align_items: AlignItems::FlexStart,
                    ..default()
                })
                .with_children(|columns| {
                    columns
                        .spawn(panel(Node {
                            width: px(520),
                            row_gap: px(1),
                            ..default()
                        }))
                        .with_children(|list| {
                            for row in ROWS {
                                spawn_row(list, row);
                            }
                        });
                    columns
                        .spawn(panel(Node {
                            max_width: px(640),
                            ..default()
                        }))
                        .with_children(|keys| {
                            let heading = words().keys_heading("config/controls.ron");
                            keys.spawn(toned(heading, 16.0, Tone::Plain));
                            super::help::spawn_key_table(keys, &key_rows, 150.0, 10.0);
                        });
                });
            screen.spawn(toned(hint, 14.0, Tone::Dim));
        });
}

fn spawn_row(list: &mut ChildSpawnerCommands, row: Row) {
    if row == Row::Back {
        list.spawn(button(words().setting(Row::Back), 18.0))
            .insert((
                RowLine(row),
                Node {
                    margin: UiRect::top(px(8)),
                    padding: UiRect::axes(px(14), px(6)),
                    border: UiRect::all(px(2)),
                    border_radius: BorderRadius::all(px(6)),
                    justify_content: JustifyContent::Center,
                    ..default()
                },
            ));
        return;
    }
    list.spawn((
        RowLine(row),
        Node {
            height: px(25),
            padding: UiRect::axes(px(10), px(0)),
            column_gap: px(10),
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(Color::NONE),
    ))
    .with_children(|line| {
        let name = label(words().setting(row), 16.0);
        stepper(line, 16.0, 190.0, name, RowValue(row), |step| {
            Arrow(row, step)
        });
    });
}

fn row_value(
    row: Row,
    p: &Preferences,
    style: BallStyle,
    software: bool,
    config: &crate::config::Config,
) -> String {
    let g = &p.graphics;
    let value = match row {
        Row::Language => SettingValue::Named(spoken().own_name()),
        Row::Quality => SettingValue::Graphics(match g.quality {
            Quality::Low => GraphicsChoice::Low,
            Quality::High => GraphicsChoice::High,
            Quality::Custom => GraphicsChoice::Custom,
        }),
        Row::Shadows => SettingValue::OnOff(g.shadows),
        Row::AntiAliasing => SettingValue::Multisampling(g.msaa_samples >= 4),
        Row::Lighting => SettingValue::Lighting {
            full: g.full_lighting,
            slow_here: software && g.full_lighting,
        },
        Row::DepthPrepass => SettingValue::OnOff(g.depth_prepass),
        Row::Resolution => SettingValue::Percent(f64::from(g.resolution_scale)),
        Row::Window => SettingValue::FullScreen(p.window == WindowMode::Fullscreen),
        Row::Volume => SettingValue::Percent(f64::from(p.volume)),
        Row::Mute => SettingValue::Muted(p.mute),
        Row::AimAids => SettingValue::OnOff(p.aim_aids),
        Row::AimAidsInMatches => SettingValue::OnOff(p.aim_aids_in_matches),
        Row::PredictedPath => SettingValue::OnOff(p.predicted_path),
        Row::LagBand => SettingValue::WithinMm(p.lag_band_mm),
        Row::LagSpread => SettingValue::SpeedOff(p.lag_computer_spread),
        Row::ComputerVerdict => SettingValue::ShownFor(p.computer_verdict_s),
        Row::Camera => SettingValue::Camera(match p.camera {
            CameraView::Behind => CameraChoice::Behind,
            CameraView::Top => CameraChoice::Top,
            CameraView::Orbit => CameraChoice::Orbit,
            CameraView::Follow => CameraChoice::Follow,
        }),
        Row::BallStyle => SettingValue::Balls(style),
        Row::Cloth => SettingValue::Named(named(config.tables.cloth(&p.cloth))),
        Row::FrameRate => SettingValue::OnOff(p.show_frame_rate),
        Row::Back => SettingValue::Nothing,
    };
    words().setting_value(&value)
}

/// One step of a row's choice; a part of the graphics makes them custom.
fn change(row: Row, step: i32, p: &mut Preferences, menu: &mut MatchSettings, config: &Config) {
    fn cycle<T: PartialEq + Copy>(choices: &[T], current: T, step: i32) -> T {
        let at = choices.iter().position(|c| *c == current).unwrap_or(0) as i32;
        choices[(at + step).rem_euclid(choices.len() as i32) as usize]
    }
    let g = &mut p.graphics;
    match row {
        Row::Language => {
            super::menu::respeak(spoken().step(step), menu, &config.computer.levels);
            p.language = Some(spoken());
        }
        Row::Quality => {
            let quality = cycle(&[Quality::Low, Quality::High], g.quality, step);
            *g = Graphics::of(quality);
        }
        Row::Shadows => {
            g.shadows = !g.shadows;
            g.quality = Quality::Custom;
        }
        Row::AntiAliasing => {
            g.msaa_samples = if g.msaa_samples >= 4 { 1 } else { 4 };
            g.quality = Quality::Custom;
        }
        Row::Lighting => {
            g.full_lighting = !g.full_lighting;
            g.quality = Quality::Custom;
        }
        Row::DepthPrepass => {
            g.depth_prepass = !g.depth_prepass;
            g.quality = Quality::Custom;
        }
        Row::Resolution => {
            let scales = Graphics::RESOLUTION_SCALES;
            let at = scales
                .iter()
                .position(|s| *s >= g.resolution_scale)
                .unwrap_or(scales.len() - 1) as i32;
            g.resolution_scale = scales[(at + step).clamp(0, scales.len() as i32 - 1) as usize];
            g.quality = Quality::Custom;
        }
        Row::Window => {
            p.window = cycle(
                &[WindowMode::Windowed, WindowMode::Fullscreen],
                p.window,
                step,
            );
        }
        Row::Volume => {
            let tenths = (p.volume * 10.0).round() as i32 + step;
            p.volume = tenths.clamp(0, 10) as f32 / 10.0;
        }
        Row::Mute => p.mute = !p.mute,
        Row::AimAids => p.aim_aids = !p.aim_aids,
        Row::AimAidsInMatches => p.aim_aids_in_matches = !p.aim_aids_in_matches,
        Row::PredictedPath => p.predicted_path = !p.predicted_path,
        Row::LagBand => p.lag_band_mm = cycle(&LAG_BANDS_MM, p.lag_band_mm, step),
        Row::LagSpread => p.lag_computer_spread = cycle(&LAG_SPREADS, p.lag_computer_spread, step),
        Row::ComputerVerdict => {
            p.computer_verdict_s = cycle(&COMPUTER_VERDICT_S, p.computer_verdict_s, step)
        }
        Row::Camera => p.camera = cycle(&CameraView::ALL, p.camera, step),
        Row::BallStyle => {
            menu.ball_style = cycle(
                &[BallStyle::Dotted, BallStyle::Yellow],
                menu.ball_style,
                step,
            )
        }
        Row::Cloth => p.cloth = cycle(&cloth_names(config), p.cloth.as_str(), step).to_string(),
        Row::FrameRate => p.show_frame_rate = !p.show_frame_rate,
        Row::Back => {}
    }
}

/// A new language: the screen is built again in it (entering it anew keeps the
/// language row chosen).
fn respell(row: Row, screen: &mut NextState<Screen>) {
    if row == Row::Language {
        screen.set(Screen::Settings);
    }
}

fn cloth_names(config: &Config) -> Vec<&str> {
    config
        .tables
        .cloths
        .iter()
        .map(|c| c.name.as_str())
        .collect()
}

fn read_keys(
    actions: Res<Actions>,
    mut selected: ResMut<Selected>,
    mut preferences: ResMut<Preferences>,
    mut settings: ResMut<Settings>,
    mut screen: ResMut<NextState<Screen>>,
    config: Res<GameConfig>,
) {
    let at = ROWS.iter().position(|r| *r == selected.0).unwrap_or(0);
    if actions.just_pressed(Action::MenuUp) {
        selected.0 = ROWS[at.saturating_sub(1)];
    }
    if actions.just_pressed(Action::MenuDown) {
        selected.0 = ROWS[(at + 1).min(ROWS.len() - 1)];
    }
    for (action, step) in [(Action::MenuLeft, -1), (Action::MenuRight, 1)] {
        if actions.just_pressed(action) {
            change(
                selected.0,
                step,
                &mut preferences,
                &mut settings.0,
                &config.0,
            );
            respell(selected.0, &mut screen);
        }
    }
    let back = actions.just_pressed(Action::Confirm) && selected.0 == Row::Back;
    if back || actions.just_pressed(Action::Menu) {
        screen.set(Screen::Menu);
    }
}

fn read_clicks(
    arrows: Query<(&Interaction, &Arrow), Changed<Interaction>>,
    rows: Query<(&Interaction, &RowLine), (Changed<Interaction>, With<Button>)>,
    mut selected: ResMut<Selected>,
    mut preferences: ResMut<Preferences>,
    mut settings: ResMut<Settings>,
    mut screen: ResMut<NextState<Screen>>,
    config: Res<GameConfig>,
) {
    for (interaction, Arrow(row, step)) in &arrows {
        if clicked(interaction) {
            selected.0 = *row;
            change(*row, *step, &mut preferences, &mut settings.0, &config.0);
            respell(*row, &mut screen);
        }
    }
    for (interaction, RowLine(row)) in &rows {
        if clicked(interaction) && *row == Row::Back {
            screen.set(Screen::Menu);
        }
    }
}

fn show_settings(
    selected: Res<Selected>,
    preferences: Res<Preferences>,
    settings: Res<Settings>,
    software: Res<SoftwareRendering>,
    config: Res<GameConfig>,
    mut lines: Query<(&RowLine, &mut BackgroundColor)>,
    mut values: Query<(&RowValue, &mut Text)>,
) {
    for (RowLine(row), mut background) in &mut lines {
        let colour = match (*row == selected.0, row) {
            (true, _) => Color::srgb(0.22, 0.34, 0.55),
            (false, Row::Back) => super::widgets::BUTTON_COLOUR,
            (false, _) => Color::NONE,
        };
        if background.0 != colour {
            background.0 = colour;
        }
    }
    for (RowValue(row), mut text) in &mut values {
        set_text(
            &mut text,
            row_value(
                *row,
                &preferences,
                settings.ball_style,
                software.on_cpu,
                &config.0,
            ),
        );
    }
}

/// Leaving the screen keeps the choices: the settings in `settings.ron`, the ball style
/// with the menu's choices.
fn save_settings(preferences: Res<Preferences>, settings: Res<Settings>, files: Res<UserFiles>) {
    if let Err(e) = preferences.save(&files.settings) {
        warn!("the settings are not saved: {e}");
    }
    if let Err(e) = settings.save(&files.menu) {
        warn!("the menu choices are not saved: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preset_sets_every_part_and_a_changed_part_makes_it_custom() {
        let mut p = Preferences::default();
        let config = crate::config::Config::defaults();
        let mut menu = MatchSettings::defaults(&config, Vec::new());
        change(Row::Quality, -1, &mut p, &mut menu, &config);
        assert_eq!(p.graphics, Graphics::of(Quality::Low));
        change(Row::Shadows, 1, &mut p, &mut menu, &config);
        assert_eq!(p.graphics.quality, Quality::Custom);
        assert!(p.graphics.shadows);
        change(Row::Volume, 1, &mut p, &mut menu, &config);
        change(Row::Volume, 5, &mut p, &mut menu, &config);
        assert_eq!(p.volume, 1.0);
        change(Row::Camera, 1, &mut p, &mut menu, &config);
        assert_eq!(p.camera, CameraView::Top);
        change(Row::BallStyle, 1, &mut p, &mut menu, &config);
        assert_eq!(menu.ball_style, BallStyle::Yellow);
    }
}
