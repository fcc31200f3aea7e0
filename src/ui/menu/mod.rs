//! The menu screen: mode, game, table, match length, player names (typed); Start (checks
//! the choices, remembers them, goes to the table), Resume (the match saved on disk) and
//! Settings. No row moves under the pointer between two clicks: a row that does not
//! apply stays where it is, greyed and empty; the players' own targets appear only
//! below the Handicap row that turns them on.
//! Keyboard: up/down pick a row, left/right change it, Enter goes on; mouse:
//! click a row, its arrows, or a button.

mod choices;
mod watch;

use super::widgets::{
    BUTTON_COLOUR, Inactive, Tone, button, clicked, keys, keys_of, label, panel, screen_column,
    set_text, stepper, tone_colour, toned, type_into,
};
use crate::config::{Action, Config, Level, Translated};
use crate::input::Actions;
use crate::play::{MAX_NAME_CHARS, MatchSettings, Mode, Resumable};
use crate::session::{
    GameConfig, GameSystems, Preferences, ResumeMatch, Screen, Settings, UserFiles,
};
use crate::words::{
    Handicap, Language, MenuLabel, MenuNote, ResumeOffer, named, speak, spoken, words,
};
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use choices::{
    ALL_ROWS, HANDICAPS, Row, change, row_label, row_value, rows, seat_averages, set_targets,
    start, step_count, suggestion,
};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MenuInput>();
    app.add_systems(OnEnter(Screen::Menu), (open_menu, spawn_menu).chain());
    app.add_systems(
        Update,
        (
            (
                read_keys,
                read_clicks,
                apply_menu_input,
                type_name,
                watch::type_code,
            )
                .chain()
                .run_if(not(super::rules::reading_rules))
                .in_set(GameSystems::Rules),
            (show_menu, show_arrows).in_set(GameSystems::Present),
        )
            .run_if(in_state(Screen::Menu)),
    );
}

/// What the player did in the menu, by keyboard or mouse.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
enum MenuInput {
    Select(Row),
    /// The choice of a row, one step back (−1) or on (+1).
    Change(Row, i32),
    /// Enter on a row: Start, Resume, or on to the next row.
    Activate(Row),
}

#[derive(Resource)]
struct MenuState {
    selected: Row,
    /// The answer to the last Start or Resume.
    message: Option<(String, Tone)>,
    /// What Resume would resume.
    resume_label: String,
    /// How the targets are set.
    handicap: Handicap,
    /// Start was pressed once over a match saved on disk: the next press replaces it.
    replace_armed: bool,
}

#[derive(Component)]
struct MenuRow(Row);

#[derive(Component)]
struct RowLabel(Row);

#[derive(Component)]
struct RowValue(Row);

#[derive(Component)]
struct Arrow(Row, i32);

#[derive(Component)]
struct MenuMessage;

fn open_menu(
    mut commands: Commands,
    config: Res<GameConfig>,
    paths: Res<UserFiles>,
    settings: Res<Settings>,
    before: Option<Res<MenuState>>,
) {
    let players;
    let offer = match Resumable::check(&config.0, &paths.saved_match) {
        Resumable::Ready(saved) => {
            players = short_names(&saved.settings.seated());
            ResumeOffer::Ready {
                players: &players,
                strokes: saved.strokes.len(),
            }
        }
        Resumable::Finished(saved) => {
            players = short_names(&saved.settings.seated());
            ResumeOffer::Finished { players: &players }
        }
        Resumable::Nothing => ResumeOffer::Nothing,
        Resumable::Unreadable(_) => ResumeOffer::Unreadable,
    };
    let resume_label = words().resume_offer(&offer);
    // The menu built again in a new language keeps its language row chosen.
    let selected = match &before {
        Some(before) if before.selected == Row::Language => Row::Language,
        _ => Row::Start,
    };
    let handicap = match before {
        _ if settings.targets.is_empty() => Handicap::Off,
        Some(before) if before.handicap != Handicap::Off => before.handicap,
        _ => Handicap::Own,
    };
    // A table the game was at online when it stopped is offered on the Online screen.
    let message = match crate::online::Comeback::read(&paths.data) {
        Ok(Some(comeback)) => Some((
            format!(
                "{} · {}",
                words().menu_label(MenuLabel::Online),
                words().online_comeback(comeback.role)
            ),
            Tone::Warn,
        )),
        _ => None,
    };
    commands.insert_resource(watch::ToWatch::find(&paths));
    commands.insert_resource(MenuState {
        selected,
        message,
        resume_label,
        handicap,
        replace_armed: false,
    });
}

/// How far a firm stroke runs on each table and condition the menu has shown (a
/// simulation each, run once).
#[derive(Default)]
struct LengthsRun(std::collections::BTreeMap<(String, Option<String>), Option<f64>>);

impl LengthsRun {
    /// The table's lengths a firm stroke runs on the settings' table and condition.
    fn on(&mut self, config: &Config, settings: &MatchSettings) -> Option<f64> {
        let key = (settings.table.clone(), settings.condition.clone());
        *self.0.entry(key).or_insert_with(|| {
            let table = crate::table::TableGeometry::new(
                &config.tables,
                Some(&settings.table),
                &config.balls,
            )
            .ok()?;
            let config = config.with_condition(settings.condition.as_deref()).ok()?;
            crate::physics::firm_stroke::lengths_run(&config, &table).ok()
        })
    }
}

/// The players of a saved match, short enough for the Resume button's line.
fn short_names(names: &[String]) -> String {
    const MOST: usize = 40;
    let all = words().versus(names);
    if all.chars().count() <= MOST {
        all
    } else {
        all.chars().take(MOST - 1).chain(['…']).collect()
    }
}

fn spawn_menu(mut commands: Commands, config: Res<GameConfig>) {
    let config = &config.0;
    let hint = words().menu_hint(
        &keys_of(config, &[Action::MenuUp, Action::MenuDown]),
        &keys_of(config, &[Action::MenuLeft, Action::MenuRight]),
        &keys(config, Action::Confirm),
        &keys(config, Action::ToggleRules),
    );
    let (title, subtitle) = words().menu_title();
    commands
        .spawn((
            Name::new("Menu"),
            // Close, so that the longest menu fits at 720 px high.
            screen_column(2.0),
            DespawnOnExit(Screen::Menu),
        ))
        .with_children(|menu| {
            menu.spawn(label(title, 36.0));
            menu.spawn(toned(subtitle, 16.0, Tone::Dim));
            menu.spawn(panel(Node {
                width: px(720),
                row_gap: px(2),
                ..default()
            }))
            .with_children(|list| {
                for row in ALL_ROWS {
                    spawn_row(list, row);
                }
            });
            menu.spawn((
                MenuMessage,
                toned("", 17.0, Tone::Warn),
                TextLayout::justify(Justify::Center),
                // Room for a line kept whether a message shows or not, so that one
                // moves no row (the longest menu, three players with their targets,
                // has no room for two at 720 px).
                Node {
                    max_width: px(900),
                    min_height: px(24),
                    ..default()
                },
            ));
            menu.spawn((
                toned(hint, 14.0, Tone::Dim),
                TextLayout::justify(Justify::Center),
            ));
        });
}

fn spawn_row(list: &mut ChildSpawnerCommands, row: Row) {
    let spawn_button = |line: &mut ChildSpawnerCommands, row: Row, top: i32| {
        line.spawn(button("", 18.0)).insert((
            MenuRow(row),
            Node {
                margin: UiRect::top(px(top)),
                padding: UiRect::axes(px(14), px(6)),
                border: UiRect::all(px(2)),
                border_radius: BorderRadius::all(px(6)),
                justify_content: JustifyContent::Center,
                flex_grow: 1.0,
                ..default()
            },
        ));
    };
    match row {
        // Start and the club night share a line.
        Row::Start => {
            list.spawn(Node {
                column_gap: px(6),
                ..default()
            })
            .with_children(|line| {
                spawn_button(line, Row::Start, 8);
                spawn_button(line, Row::ClubNight, 8);
            });
            return;
        }
        Row::ClubNight => return,
        Row::Resume => return spawn_button(list, row, 3),
        // Settings and Records share a line, so that the menu is no taller.
        Row::Settings => {
            list.spawn(Node {
                column_gap: px(6),
                ..default()
            })
            .with_children(|line| {
                spawn_button(line, Row::Settings, 3);
                spawn_button(line, Row::Records, 3);
                spawn_button(line, Row::Online, 3);
            });
            return;
        }
        Row::Records | Row::Online => return,
        _ => {}
    }
    list.spawn((
        MenuRow(row),
        Button,
        // 25 px so that three players with a target each, and the watch row, fit at
        // 720 px high.
        Node {
            height: px(25),
            padding: UiRect::axes(px(10), px(0)),
            column_gap: px(10),
            align_items: AlignItems::Center,
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(Color::NONE),
        BorderColor::all(Color::NONE),
    ))
    .with_children(|line| {
        let name = (RowLabel(row), label("", 17.0));
        stepper(line, 17.0, 150.0, name, RowValue(row), |step| {
            Arrow(row, step)
        });
    });
}

/// Up and down pick a row, left and right change it, Enter goes on.
fn read_keys(
    actions: Res<Actions>,
    state: Res<MenuState>,
    settings: Res<Settings>,
    mut input: MessageWriter<MenuInput>,
) {
    let rows = rows(&settings);
    let at = rows.iter().position(|r| *r == state.selected).unwrap_or(0);
    if actions.just_pressed(Action::MenuUp) {
        input.write(MenuInput::Select(rows[at.saturating_sub(1)]));
    }
    if actions.just_pressed(Action::MenuDown) {
        input.write(MenuInput::Select(rows[(at + 1).min(rows.len() - 1)]));
    }
    if actions.just_pressed(Action::MenuLeft) {
        input.write(MenuInput::Change(state.selected, -1));
    }
    if actions.just_pressed(Action::MenuRight) {
        input.write(MenuInput::Change(state.selected, 1));
    }
    if actions.just_pressed(Action::Confirm) {
        input.write(MenuInput::Activate(state.selected));
    }
}

/// A click on a row selects it (and presses Start or Resume); on an arrow it changes it.
fn read_clicks(
    rows: Query<(&Interaction, &MenuRow), (Changed<Interaction>, With<Button>)>,
    arrows: Query<(&Interaction, &Arrow), Changed<Interaction>>,
    mut input: MessageWriter<MenuInput>,
) {
    for (interaction, MenuRow(row)) in &rows {
        if clicked(interaction) {
            input.write(MenuInput::Select(*row));
            if row.is_button() {
                input.write(MenuInput::Activate(*row));
            }
        }
    }
    for (interaction, Arrow(row, step)) in &arrows {
        if clicked(interaction) {
            input.write(MenuInput::Select(*row));
            input.write(MenuInput::Change(*row, *step));
        }
    }
}

fn apply_menu_input(
    mut commands: Commands,
    mut input: MessageReader<MenuInput>,
    config: Res<GameConfig>,
    paths: Res<UserFiles>,
    mut state: ResMut<MenuState>,
    mut settings: ResMut<Settings>,
    mut preferences: ResMut<Preferences>,
    mut screen: ResMut<NextState<Screen>>,
    mut to_watch: ResMut<watch::ToWatch>,
) {
    for input in input.read() {
        let (MenuInput::Select(row) | MenuInput::Change(row, _) | MenuInput::Activate(row)) =
            *input;
        // A greyed row takes nothing.
        if !rows(&settings).contains(&row) {
            continue;
        }
        // Anything but Start again disarms the replacing of the saved match.
        if !matches!(
            input,
            MenuInput::Select(Row::Start) | MenuInput::Activate(Row::Start)
        ) {
            state.replace_armed = false;
        }
        match *input {
            MenuInput::Select(row) => state.selected = row,
            MenuInput::Change(Row::Language, step) => {
                respeak(
                    spoken().step(step),
                    &mut settings.0,
                    &config.0.computer.levels,
                );
                preferences.language = Some(spoken());
                if let Err(e) = preferences.save(&paths.settings) {
                    warn!("the settings are not saved: {e}");
                }
                screen.set(Screen::Menu);
            }
            MenuInput::Change(Row::Handicap, step) => {
                let at = HANDICAPS
                    .iter()
                    .position(|h| *h == state.handicap)
                    .unwrap_or(0);
                state.handicap =
                    HANDICAPS[(at as i32 + step).rem_euclid(HANDICAPS.len() as i32) as usize];
                state.message =
                    set_targets(state.handicap, &mut settings.0, &config.0, &paths.data);
            }
            MenuInput::Change(Row::Watch, step) => to_watch.step(step),
            MenuInput::Activate(Row::Watch) => {
                state.message = watch::open(
                    &to_watch,
                    &config,
                    &mut commands,
                    &mut settings,
                    &mut screen,
                );
            }
            MenuInput::Change(Row::SeatTarget(i), step) => {
                if let Some(target) = settings.targets.get_mut(i) {
                    *target = step_count(*target, step).max(1);
                    state.handicap = Handicap::Own;
                }
            }
            MenuInput::Change(row, step) => {
                let averages = seat_averages(&settings, &config.0, &paths.data);
                let suggested = match row {
                    Row::Player(i) => suggestion(&settings, &config.0, &averages, i),
                    _ => None,
                };
                let was = settings.computers.clone();
                let level = suggested.as_ref().map(|s| s.1);
                change(row, step, &mut settings.0, &config.0, level);
                if let (Row::Player(i), Some((person, level, average))) = (row, suggested)
                    && was.get(i).cloned().flatten().is_none()
                    && settings.computers.get(i).cloned().flatten().as_deref() == Some(level)
                {
                    let level = config.0.computer.level(level).map_or(level, named);
                    let note = words().menu_note(&MenuNote::Suggested {
                        person: &person,
                        average,
                        level,
                    });
                    state.message = Some((note, Tone::Plain));
                }
                if let Handicap::FromAverages(_) = state.handicap {
                    state.message =
                        set_targets(state.handicap, &mut settings.0, &config.0, &paths.data)
                            .or(state.message.take());
                }
            }
            MenuInput::Activate(Row::Start) => {
                // A new match is saved over the one on disk: ask first.
                if settings.mode == Mode::Match
                    && !state.replace_armed
                    && let Resumable::Ready(saved) = Resumable::check(&config.0, &paths.saved_match)
                {
                    state.replace_armed = true;
                    let players = short_names(&saved.settings.seated());
                    let note = words().menu_note(&MenuNote::StartReplaces {
                        players: &players,
                        strokes: saved.strokes.len(),
                    });
                    state.message = Some((note, Tone::Warn));
                    continue;
                }
                match start(&mut settings.0, &config.0, &paths.0) {
                    Ok(()) => screen.set(Screen::Table),
                    Err(problem) => {
                        let note = words().menu_note(&MenuNote::NotStarted(&problem));
                        state.message = Some((note, Tone::Bad));
                    }
                }
            }
            MenuInput::Activate(Row::Settings) => screen.set(Screen::Settings),
            MenuInput::Activate(Row::Records) => screen.set(Screen::Records),
            MenuInput::Activate(Row::Online) => screen.set(Screen::Online),
            MenuInput::Activate(Row::ClubNight) => screen.set(Screen::ClubNight),
            MenuInput::Activate(Row::Resume) => {
                match Resumable::check(&config.0, &paths.saved_match) {
                    Resumable::Ready(saved) => {
                        settings.0 = saved.settings.clone();
                        commands.insert_resource(ResumeMatch(saved));
                        screen.set(Screen::Table);
                    }
                    Resumable::Finished(_) => {
                        let note = words().menu_note(&MenuNote::SavedMatchOver);
                        state.message = Some((note, Tone::Warn));
                    }
                    Resumable::Nothing => {
                        let note = words().menu_note(&MenuNote::NoSavedMatch);
                        state.message = Some((note, Tone::Warn));
                    }
                    Resumable::Unreadable(why) => {
                        let note = words().menu_note(&MenuNote::SaveUnreadable(&why));
                        state.message = Some((note, Tone::Bad));
                    }
                }
            }
            MenuInput::Activate(row) => {
                let rows = rows(&settings);
                let at = rows.iter().position(|r| *r == row).unwrap_or(0);
                state.selected = rows[(at + 1).min(rows.len() - 1)];
            }
        }
    }
    // A row that the mode no longer shows cannot stay selected.
    if !rows(&settings).contains(&state.selected) {
        state.selected = Row::Mode;
    }
}

/// Speak `language` from now on, the seats' names renamed into it.
pub(super) fn respeak(language: Language, settings: &mut MatchSettings, levels: &[Level]) {
    rename_seats(settings, levels, spoken(), language);
    speak(language);
}

/// A seat still under `old`'s default name, or a computer's under its level's name in
/// `old`, takes the name in `new`.
fn rename_seats(settings: &mut MatchSettings, levels: &[Level], old: Language, new: Language) {
    for (seat, name) in settings.players.iter_mut().enumerate() {
        if *name == old.words().default_player(seat) {
            *name = new.words().default_player(seat);
        }
        let computer = settings.computers.get(seat).cloned().flatten();
        let level = computer.and_then(|key| levels.iter().find(|l| l.key == key));
        if let Some(level) = level {
            // The level's name with the number a second seat at the same level adds.
            if let Some(rest) = name.strip_prefix(level.name_in(old.code())) {
                *name = format!("{}{rest}", level.name_in(new.code()));
            }
        }
    }
}

/// The menu's first settings: three-cushion, two players with the names a seat has
/// before its player types one.
pub fn default_settings(config: &Config) -> MatchSettings {
    MatchSettings::defaults(config, (0..2).map(|i| words().default_player(i)).collect())
}

/// Typing on a player row writes the name; Backspace deletes.
fn type_name(
    mut keys: MessageReader<KeyboardInput>,
    state: Res<MenuState>,
    mut settings: ResMut<Settings>,
) {
    let Row::Player(i) = state.selected else {
        keys.clear();
        return;
    };
    for key in keys.read().filter(|k| k.state.is_pressed()) {
        if settings.players.len() <= i {
            settings.players.resize(i + 1, String::new());
        }
        type_into(&mut settings.players[i], key, MAX_NAME_CHARS);
    }
}

/// A row's arrows show where the row applies; a player row's choose a person or the
/// computer, in a match only.
fn show_arrows(settings: Res<Settings>, mut arrows: Query<(&Arrow, &mut Visibility)>) {
    let shown = rows(&settings);
    for (Arrow(row, _), mut visibility) in &mut arrows {
        let applies =
            shown.contains(row) && (!matches!(row, Row::Player(_)) || settings.mode == Mode::Match);
        let wanted = if applies {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *visibility != wanted {
            *visibility = wanted;
        }
    }
}

/// The rows as the settings and the selection stand.
fn show_menu(
    config: Res<GameConfig>,
    state: Res<MenuState>,
    to_watch: Res<watch::ToWatch>,
    settings: Res<Settings>,
    mut commands: Commands,
    mut rows_shown: Query<(
        Entity,
        &MenuRow,
        Has<Inactive>,
        &mut Node,
        Option<&mut BackgroundColor>,
        Option<&Children>,
    )>,
    mut labels: Query<(&RowLabel, &mut Text, &mut TextColor), Without<RowValue>>,
    mut values: Query<(&RowValue, &mut Text, &mut TextColor), Without<RowLabel>>,
    mut texts: Query<
        (&mut Text, &mut TextColor),
        (Without<RowLabel>, Without<RowValue>, Without<MenuMessage>),
    >,
    mut message: Single<
        (&mut Text, &mut TextColor),
        (With<MenuMessage>, Without<RowLabel>, Without<RowValue>),
    >,
    mut lengths_run: Local<LengthsRun>,
) {
    let config = &config.0;
    let shown = rows(&settings);
    let run = lengths_run.on(config, &settings);
    // A row that does not apply keeps its place, greyed and empty.
    let tone = |row: &Row| {
        let applies = shown.contains(row);
        tone_colour(if applies { Tone::Plain } else { Tone::Dim })
    };
    for (entity, MenuRow(row), inactive, mut node, background, children) in &mut rows_shown {
        // The players' own targets show in a handicap match only, each greyed until
        // its seat has a player.
        // Practice's shot clock shows in practice only (a match's rows fill the window).
        let displayed = match row {
            Row::SeatTarget(_) => settings.mode == Mode::Match && !settings.targets.is_empty(),
            Row::PracticeClock => settings.mode == Mode::Practice,
            _ => true,
        };
        let display = if displayed {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
        match (shown.contains(row), inactive) {
            (true, true) => {
                commands.entity(entity).remove::<Inactive>();
            }
            (false, false) => {
                commands
                    .entity(entity)
                    .insert((Inactive, BorderColor::all(Color::NONE)));
            }
            _ => {}
        }
        let selected = *row == state.selected;
        if let Some(mut background) = background {
            let colour = match (row, selected) {
                (_, true) => Color::srgb(0.22, 0.34, 0.55),
                (row, false) if row.is_button() && shown.contains(row) => BUTTON_COLOUR,
                _ => Color::NONE,
            };
            if background.0 != colour {
                background.0 = colour;
            }
            // A button's text is its first child.
            if let (true, Some(children)) = (row.is_button(), children)
                && let Some((mut text, mut colour)) =
                    children.first().and_then(|c| texts.get_mut(*c).ok())
            {
                colour.set_if_neq(TextColor(tone(row)));
                let start = words().menu_label(MenuLabel::Start);
                let club_night = words().menu_label(MenuLabel::ClubNight);
                let shown = match row {
                    Row::Start => &start,
                    Row::Settings => words().settings_button(),
                    Row::Records => words().records_button(),
                    Row::Online => &words().menu_label(MenuLabel::Online),
                    Row::ClubNight => &club_night,
                    _ => &state.resume_label,
                };
                set_text(&mut text, shown);
            }
        }
    }
    for (RowLabel(row), mut text, mut colour) in &mut labels {
        set_text(&mut text, row_label(*row, &settings));
        colour.set_if_neq(TextColor(tone(row)));
    }
    for (RowValue(row), mut text, mut colour) in &mut values {
        let caret = if *row == state.selected { "_" } else { "" };
        let value = if *row == Row::Watch {
            to_watch.shown(caret)
        } else if shown.contains(row) {
            row_value(*row, &settings, state.handicap, config, caret, run)
        } else {
            String::new()
        };
        set_text(&mut text, value);
        colour.set_if_neq(TextColor(tone(row)));
    }
    let (text, colour) = &mut *message;
    let (words, tone) = state
        .message
        .clone()
        .unwrap_or((String::new(), Tone::Plain));
    set_text(text, words);
    colour.0 = super::widgets::tone_colour(tone);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::profiles;

    #[test]
    fn a_new_game_brings_its_target_and_innings_limit() {
        let config = Config::defaults();
        let mut settings = default_settings(&config);
        settings.target = 3;
        change(Row::Game, -1, &mut settings, &config, None);
        assert_ne!(settings.game, "three_cushion");
        let rules = &config.games.games[&settings.game];
        assert_eq!(settings.target, rules.target.get());
        assert_eq!(settings.innings_limit, rules.innings_limit.map(|n| n.get()));
        // After the games, in a match, the formats: each brings its game and figures.
        let mut formats = Vec::new();
        for _ in 0..20 {
            change(Row::Game, 1, &mut settings, &config, None);
            if let Some(format) = settings.match_format(&config) {
                assert_eq!(settings.game, format.game);
                assert_eq!(settings.target, format.target);
                assert_eq!(settings.innings_limit, format.innings_limit);
                formats.push(settings.format.clone().unwrap());
            }
        }
        formats.dedup();
        assert!(formats.len() >= 4, "{formats:?}");
        // Practice offers the games only.
        settings.mode = Mode::Practice;
        for _ in 0..20 {
            change(Row::Game, 1, &mut settings, &config, None);
            assert_eq!(settings.match_format(&config), None);
        }
    }

    #[test]
    fn a_seat_steps_through_the_computer_levels_and_back_to_a_person() {
        let config = Config::defaults();
        let mut settings = default_settings(&config);
        change(Row::Player(1), -1, &mut settings, &config, None);
        assert_eq!(settings.computers, vec![None, Some("perfect".to_owned())]);
        assert_eq!(settings.players[1], "Perfect");
        change(Row::Player(0), -1, &mut settings, &config, None);
        // Two computers of one level get names of their own.
        assert_eq!(settings.players[0], "Perfect 1");
        assert_eq!(
            settings.seated_computers(),
            vec![Some("perfect".to_owned()), Some("perfect".to_owned())]
        );
        settings.check(&config).unwrap();
        change(Row::Player(1), 1, &mut settings, &config, None);
        assert_eq!(settings.computers[1], None);
        assert_eq!(settings.players[1], "Player 2");
        // A name typed stays whatever plays in the seat.
        settings.players[1] = "Ann".into();
        change(Row::Player(1), 1, &mut settings, &config, None);
        assert_eq!(
            (
                settings.players[1].as_str(),
                settings.computers[1].as_deref()
            ),
            ("Ann", Some("beginner"))
        );
        // In practice the seat is the player's.
        settings.mode = Mode::Practice;
        change(Row::Player(0), 1, &mut settings, &config, None);
        assert_eq!(settings.computers[0].as_deref(), Some("perfect"));
        assert_eq!(settings.seated_computers(), vec![None]);
    }

    #[test]
    fn a_new_language_renames_the_seats_that_carry_a_default_or_a_levels_name() {
        let config = Config::defaults();
        let levels = &config.computer.levels;
        let mut settings = default_settings(&config);
        settings.players.push("Ann".into());
        change(Row::Player(0), 1, &mut settings, &config, None);
        change(Row::Player(1), 1, &mut settings, &config, None);
        assert_eq!(
            settings.players,
            ["Beginner 0.15", "Beginner 0.15 2", "Ann"]
        );
        rename_seats(&mut settings, levels, Language::English, Language::Russian);
        assert_eq!(settings.players, ["Новичок 0,15", "Новичок 0,15 2", "Ann"]);
        // Back to a person: the seat's default name in the new language.
        settings.computers[1] = None;
        settings.players[1] = Language::Russian.words().default_player(1);
        rename_seats(&mut settings, levels, Language::Russian, Language::English);
        assert_eq!(settings.players, ["Beginner 0.15", "Player 2", "Ann"]);
    }

    #[test]
    fn choices_wrap_around() {
        let config = Config::defaults();
        let mut settings = default_settings(&config);
        change(Row::Mode, -1, &mut settings, &config, None);
        assert_eq!(settings.mode, Mode::LagTraining);
        change(Row::Mode, 1, &mut settings, &config, None);
        assert_eq!(settings.mode, Mode::Match);
    }

    #[test]
    fn targets_step_by_one_then_by_five_and_stay_positive() {
        assert_eq!(step_count(19, 1), 20);
        assert_eq!(step_count(20, 1), 25);
        assert_eq!(step_count(22, 1), 25);
        assert_eq!(step_count(25, -1), 20);
        assert_eq!(step_count(20, -1), 19);
        let config = Config::defaults();
        let mut settings = default_settings(&config);
        settings.target = 1;
        change(Row::Target, -1, &mut settings, &config, None);
        assert_eq!(settings.target, 1);
    }

    #[test]
    fn the_innings_limit_goes_from_none_to_one_and_back() {
        let config = Config::defaults();
        let mut settings = default_settings(&config);
        settings.innings_limit = None;
        change(Row::InningsLimit, 1, &mut settings, &config, None);
        assert_eq!(settings.innings_limit, Some(1));
        change(Row::InningsLimit, -1, &mut settings, &config, None);
        assert_eq!(settings.innings_limit, None);
        change(Row::InningsLimit, -1, &mut settings, &config, None);
        assert_eq!(settings.innings_limit, None);
    }

    #[test]
    fn one_player_modes_show_one_name_and_lag_training_no_match_length() {
        let config = Config::defaults();
        let rows = |mode| {
            rows(&MatchSettings {
                mode,
                ..default_settings(&config)
            })
        };
        assert!(rows(Mode::Match).contains(&Row::Player(2)));
        assert!(!rows(Mode::Practice).contains(&Row::Player(1)));
        assert!(!rows(Mode::Practice).contains(&Row::Handicap));
        assert!(!rows(Mode::LagTraining).contains(&Row::Target));
        assert!(!rows(Mode::LagTraining).contains(&Row::Resume));
        assert_eq!(rows(Mode::LagTraining).last(), Some(&Row::Online));
    }

    /// "Player 1" with a record of one three-cushion match, `points` in 20 innings
    /// against the computer, in a fresh data folder of its own.
    fn person_with_record(folder: &str, points: u32) -> std::path::PathBuf {
        use crate::rules::{Outcome, PlayerScore, ScoreSheet};
        let dir = crate::test_support::fresh_dir(folder);
        let score = |name: &str, points| PlayerScore {
            name: String::from(name),
            target: 15,
            points,
            innings: 20,
            current_run: 0,
            high_run: 2,
            warnings: 0,
            obligation: None,
        };
        let sheet = ScoreSheet {
            game: "Three-cushion".into(),
            target: 15,
            innings_limit: Some(20),
            equalising_inning: true,
            breaker: 0,
            breaker_ball: crate::shot::BallId::White,
            players: vec![score("Player 1", points), score("Club 0.5", 10)],
            rows: Vec::new(),
            outcome: Some(Outcome::Winner(1)),
            sets: None,
        };
        profiles::record_match(
            &dir,
            "three_cushion",
            &sheet,
            &[None, Some("club".into())],
            1,
        );
        dir
    }

    #[test]
    fn a_person_sitting_down_against_the_computer_gets_the_nearest_level() {
        let config = Config::defaults();
        // 6 points in 20 innings: 0.3, the amateur's rung.
        let data = person_with_record("menu-suggestion", 6);
        let mut settings = default_settings(&config);
        let averages = seat_averages(&settings, &config, &data);
        assert_eq!(averages, vec![Some(0.3), None]);
        let (person, level, average) = suggestion(&settings, &config, &averages, 1).unwrap();
        assert_eq!((person.as_str(), average), ("Player 1", 0.3));
        let nearest = profiles::nearest_level(&config, "three_cushion", 0.3).unwrap();
        assert_eq!(level, nearest.key);
        change(Row::Player(1), 1, &mut settings, &config, Some(level));
        assert_eq!(settings.computers[1].as_deref(), Some(level));
    }

    #[test]
    fn the_targets_come_from_the_averages_for_the_innings_chosen() {
        let config = Config::defaults();
        let data = person_with_record("menu-handicap", 10);
        let mut settings = default_settings(&config);
        change(Row::Player(1), 1, &mut settings, &config, Some("master"));
        let master =
            profiles::level_average(config.computer.level("master").unwrap(), "three_cushion");
        let note = set_targets(Handicap::FromAverages(30), &mut settings, &config, &data);
        assert_eq!(note, None);
        // 0.5 × 30 = 15 for the person, the master's average × 30 for the computer.
        let expected = (master.unwrap() * 30.0).round() as u32;
        assert_eq!(settings.targets, vec![15, expected]);
        assert_eq!(settings.seated_targets(), vec![15, expected]);
        assert!(rows(&settings).contains(&Row::SeatTarget(1)));
        // Someone without a record plays to the match's target, and is told so.
        settings.players[0] = "Newcomer".into();
        let note = set_targets(Handicap::FromAverages(30), &mut settings, &config, &data);
        assert!(note.unwrap().0.contains("Newcomer"));
        assert_eq!(settings.targets[0], settings.target);
        set_targets(Handicap::Off, &mut settings, &config, &data);
        assert!(settings.seated_targets().is_empty());
        assert!(!rows(&settings).contains(&Row::SeatTarget(0)));
    }

    #[test]
    fn start_tidies_the_names_checks_and_remembers_the_choices() {
        let config = Config::defaults();
        let paths = crate::play::StoragePaths::in_folder(&crate::test_support::fresh_dir("menu"));
        let mut settings = default_settings(&config);
        settings.players = vec![" Ann ".into(), "".into(), "".into()];
        assert!(start(&mut settings, &config, &paths).is_err());
        settings.players = vec![" Ann ".into(), "Bea".into(), "  ".into()];
        assert_eq!(start(&mut settings, &config, &paths), Ok(()));
        assert_eq!(settings.players, ["Ann", "Bea"]);
        assert_eq!(
            MatchSettings::load(&paths.menu, &config, default_settings(&config)),
            (settings, None)
        );
    }
}
