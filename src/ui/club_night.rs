//! The club night screen, from the menu: a tournament at this table. Without one on
//! disk, its set-up: the players (the menu's first; a typed name each, a person or the
//! computer at a level), the draw (round robin or knock-out), the handicap (targets
//! from the players' averages, or all to the menu's target), on the menu's format,
//! game and table. With one: its title, the next match ("Next: Anna – Boris, 30 points
//! / 25", or the one under way), the standings ranked by the named rule, a knock-out's
//! bracket round by round, the winner, and where the results sheet is written (text
//! and HTML, after every match). Enter plays the next match as a hot-seat match (saved
//! after every stroke in the club night's own match file, resumed from it); its end
//! goes into the club night, the players' records and the results sheet, and leaving
//! the table comes back here. Keyboard only: up/down a row, left/right change it, type
//! a name, Delete removes a player (at the night: twice, ends it), Escape the menu.

use super::widgets::{Tone, keys, keys_of, panel, screen_column, toned, type_into};
use crate::config::{Action, Config};
use crate::input::action_of;
use crate::play::tournament::{Draw, Entrant, handicap_targets};
use crate::play::{
    ClubNight, Event, MAX_NAME_CHARS, MatchSettings, Resumable, Settled, StoragePaths, profiles,
};
use crate::session::{
    ClubNightMatch, GameConfig, GameSystems, PlayEvent, ResumeMatch, Screen, Session, Settings,
    UserFiles,
};
use crate::words::club_night::{
    NightLine, match_lines, name as entrant_name, standing_rows, tournament_html, tournament_text,
};
use crate::words::{Trouble, named, words};
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::ClubNight), open_night);
    app.add_systems(
        Update,
        (
            read_keys.in_set(GameSystems::Rules),
            show_night.in_set(GameSystems::Present),
        )
            .run_if(in_state(Screen::ClubNight)),
    );
    app.add_systems(
        Update,
        take_result
            .after(GameSystems::Rules)
            .run_if(resource_exists::<ClubNightMatch>),
    );
    app.add_systems(
        OnEnter(Screen::Menu),
        back_to_the_night.run_if(resource_exists::<ClubNightMatch>),
    );
}

/// The club night screen's state; it outlives the visits to the table.
#[derive(Resource)]
struct NightScreen {
    /// The club night under way (None: it is being set up).
    night: Option<ClubNight>,
    /// The set-up's players, draw and handicap.
    entrants: Vec<Entrant>,
    draw: Draw,
    handicap: bool,
    selected: usize,
    /// The menu's own choices, given back when the screen is left for the menu.
    menu: MatchSettings,
    message: Option<(String, Tone)>,
    end_armed: bool,
}

/// A row of the set-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SetUpRow {
    Entrant(usize),
    AddPlayer,
    Draw,
    Handicap,
    Begin,
}

impl NightScreen {
    fn rows(&self) -> Vec<SetUpRow> {
        (0..self.entrants.len())
            .map(SetUpRow::Entrant)
            .chain([
                SetUpRow::AddPlayer,
                SetUpRow::Draw,
                SetUpRow::Handicap,
                SetUpRow::Begin,
            ])
            .collect()
    }

    fn row(&self) -> SetUpRow {
        let rows = self.rows();
        rows[self.selected.min(rows.len() - 1)]
    }
}

#[derive(Component)]
struct NightBody;

/// The club night on disk, or a set-up from the menu's players; the screen.
fn open_night(
    mut commands: Commands,
    files: Res<UserFiles>,
    settings: Res<Settings>,
    kept: Option<ResMut<NightScreen>>,
) {
    let (night, message) = match ClubNight::read(&files.club_night()) {
        Ok(night) => (night, None),
        Err(e) => (None, Some((words().trouble(Trouble::File(&e)), Tone::Bad))),
    };
    match kept {
        // Back from the table: the night as the match left it.
        Some(mut state) => {
            state.night = night;
            state.message = message.or(state.message.take());
        }
        None => {
            let entrants = settings
                .seated()
                .into_iter()
                .zip(settings.seated_computers())
                .map(|(name, level)| Entrant {
                    name,
                    level,
                    target: settings.target,
                })
                .collect();
            commands.insert_resource(NightScreen {
                night,
                entrants,
                draw: Draw::RoundRobin,
                handicap: false,
                selected: 0,
                menu: settings.0.clone(),
                message,
                end_armed: false,
            });
        }
    }
    commands
        .spawn((
            Name::new("Club night"),
            screen_column(8.0),
            DespawnOnExit(Screen::ClubNight),
        ))
        .with_children(|screen| {
            screen.spawn((
                NightBody,
                panel(Node {
                    row_gap: px(4),
                    width: px(760),
                    max_height: percent(94),
                    overflow: Overflow::clip_y(),
                    ..default()
                }),
            ));
        });
}

#[allow(clippy::too_many_arguments)]
fn read_keys(
    mut keys: MessageReader<KeyboardInput>,
    config: Res<GameConfig>,
    files: Res<UserFiles>,
    mut state: ResMut<NightScreen>,
    mut settings: ResMut<Settings>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    const ACTIONS: [Action; 7] = [
        Action::MenuUp,
        Action::MenuDown,
        Action::MenuLeft,
        Action::MenuRight,
        Action::Confirm,
        Action::Decline,
        Action::Menu,
    ];
    for key in keys.read().filter(|k| k.state.is_pressed()) {
        let action = action_of(&config.0, key.key_code, &ACTIONS);
        if action == Some(Action::Menu) {
            settings.0 = state.menu.clone();
            commands.remove_resource::<NightScreen>();
            screen.set(Screen::Menu);
            return;
        }
        if state.night.is_none() {
            set_up(action, key, &config.0, &files.0, &mut state);
            continue;
        }
        let Some(next) = at_the_night(action, &mut state, &files.0) else {
            continue;
        };
        // The next match under way resumes; anything else in the file is old.
        let club = files.for_club_night();
        if let Resumable::Ready(saved) = Resumable::check(&config.0, &club.saved_match)
            && saved.settings.seated() == next.seated()
        {
            commands.insert_resource(ResumeMatch(saved));
        }
        settings.0 = next;
        commands.insert_resource(ClubNightMatch);
        screen.set(Screen::Table);
        return;
    }
}

/// A key at the night under way: Enter plays the next match (its settings returned),
/// Delete twice ends the night.
fn at_the_night(
    action: Option<Action>,
    state: &mut NightScreen,
    files: &StoragePaths,
) -> Option<MatchSettings> {
    let night = state.night.as_ref()?;
    match action {
        Some(Action::Confirm) => return night.next_match().map(|(_, next)| next),
        Some(Action::Decline) if state.end_armed => {
            state.message = ClubNight::end(files)
                .err()
                .map(|e| (words().trouble(Trouble::File(&e)), Tone::Bad));
            state.night = None;
            state.end_armed = false;
        }
        Some(Action::Decline) => {
            state.end_armed = true;
            state.message = Some((words().night_line(&NightLine::EndArmed), Tone::Warn));
        }
        _ => state.end_armed = false,
    }
    None
}

/// A key at the set-up.
fn set_up(
    action: Option<Action>,
    key: &KeyboardInput,
    config: &Config,
    files: &StoragePaths,
    state: &mut NightScreen,
) {
    let rows = state.rows().len();
    let row = state.row();
    match (action, row) {
        (Some(Action::MenuUp), _) => state.selected = state.selected.saturating_sub(1),
        (Some(Action::MenuDown), _) => state.selected = (state.selected + 1).min(rows - 1),
        (Some(Action::MenuLeft | Action::MenuRight), SetUpRow::Entrant(i)) => {
            let step = if action == Some(Action::MenuLeft) {
                -1
            } else {
                1
            };
            let kinds: Vec<Option<String>> = std::iter::once(None)
                .chain(config.computer.levels.iter().map(|l| Some(l.key.clone())))
                .collect();
            let entrant = &mut state.entrants[i];
            let at = kinds.iter().position(|k| *k == entrant.level).unwrap_or(0) as i32;
            entrant.level = kinds[(at + step).rem_euclid(kinds.len() as i32) as usize].clone();
        }
        (Some(Action::MenuLeft | Action::MenuRight), SetUpRow::Draw) => {
            state.draw = match state.draw {
                Draw::RoundRobin => Draw::KnockOut,
                Draw::KnockOut => Draw::RoundRobin,
            };
        }
        (Some(Action::MenuLeft | Action::MenuRight), SetUpRow::Handicap) => {
            state.handicap = !state.handicap;
        }
        (Some(Action::Confirm), SetUpRow::AddPlayer) => {
            let n = state.entrants.len();
            state.entrants.push(Entrant {
                name: words().default_player(n),
                level: None,
                target: state.menu.target,
            });
        }
        (Some(Action::Confirm), SetUpRow::Begin) => begin(config, files, state),
        (Some(Action::Confirm), _) => state.selected = (state.selected + 1).min(rows - 1),
        (Some(Action::Decline), SetUpRow::Entrant(i)) => {
            state.entrants.remove(i);
        }
        (None, SetUpRow::Entrant(i)) => type_into(&mut state.entrants[i].name, key, MAX_NAME_CHARS),
        _ => {}
    }
}

/// The club night from the set-up: each player's target (from the averages, with the
/// handicap), saved, its results sheet written.
fn begin(config: &Config, files: &StoragePaths, state: &mut NightScreen) {
    let menu = &state.menu;
    let mut entrants = state.entrants.clone();
    for entrant in &mut entrants {
        entrant.name = entrant.name.trim().to_owned();
    }
    let targets = if state.handicap {
        let averages: Vec<Option<f64>> = entrants
            .iter()
            .map(|e| {
                profiles::average_of(config, &files.data, &menu.game, &e.name, e.level.as_deref())
            })
            .collect();
        handicap_targets(menu.target, &averages)
    } else {
        Vec::new()
    };
    for (entrant, target) in entrants.iter_mut().zip(
        targets
            .iter()
            .copied()
            .chain(std::iter::repeat(menu.target)),
    ) {
        entrant.target = target;
    }
    match ClubNight::new(menu.clone(), state.draw, entrants) {
        Ok(night) => {
            state.message = save(config, files, &night);
            state.night = Some(night);
        }
        Err(e) => {
            let problem = words().night_line(&NightLine::Problem(&e));
            state.message = Some((problem, Tone::Bad));
        }
    }
}

/// Writes the night and its results sheet; what went wrong, if anything.
fn save(config: &Config, files: &StoragePaths, night: &ClubNight) -> Option<(String, Tone)> {
    let labels = words().tournament_labels();
    let title = title(config, &night.settings);
    let written = night.write(&files.club_night()).and_then(|()| {
        let text = tournament_text(&labels, &night.tournament, &title);
        let html = tournament_html(&labels, &night.tournament, &title);
        crate::play::write_atomically(&files.club_night_results("txt"), text.as_bytes())?;
        crate::play::write_atomically(&files.club_night_results("html"), html.as_bytes())
    });
    written
        .err()
        .map(|e| (words().trouble(Trouble::File(&e)), Tone::Bad))
}

/// The club night's match has ended: its result goes into the night, which is saved
/// with its results sheet (the players' records took it as any match's).
fn take_result(
    mut events: MessageReader<PlayEvent>,
    session: Option<Res<Session>>,
    config: Res<GameConfig>,
    files: Res<UserFiles>,
    state: Option<ResMut<NightScreen>>,
) {
    let ended = events
        .read()
        .any(|PlayEvent(e)| matches!(e, Event::GameEnded));
    let (true, Some(session), Some(mut state)) = (ended, session, state) else {
        return;
    };
    let (Some(sheet), Some(night)) = (session.sheet(), state.night.as_mut()) else {
        return;
    };
    // Only the next match's end counts (not a rematch played after it).
    let next = night.next_match().map(|(_, s)| s.seated());
    if next.as_deref() != Some(&session.settings().seated()[..]) {
        return;
    }
    let message = match night.record(&sheet) {
        Ok(settled) => {
            let on_average = (settled == Settled::OnAverage)
                .then(|| (words().night_line(&NightLine::OnAverage), Tone::Warn));
            save(&config.0, &files.0, night).or(on_average)
        }
        Err(e) => Some((words().night_line(&NightLine::Problem(&e)), Tone::Bad)),
    };
    state.message = message;
}

/// Leaving the club night's table (for the menu) comes back to the club night.
fn back_to_the_night(mut commands: Commands, mut screen: ResMut<NextState<Screen>>) {
    commands.remove_resource::<ClubNightMatch>();
    screen.set(Screen::ClubNight);
}

/// The screen as the state stands.
fn show_night(
    mut commands: Commands,
    state: Res<NightScreen>,
    config: Res<GameConfig>,
    files: Res<UserFiles>,
    body: Single<Entity, With<NightBody>>,
) {
    if !state.is_changed() {
        return;
    }
    let config = &config.0;
    let mut lines: Vec<(String, f32, Tone)> = Vec::new();
    let mut line = |text: String, size: f32, tone: Tone| lines.push((text, size, tone));
    let (on, draw) = match &state.night {
        None => (&state.menu, state.draw),
        Some(night) => (&night.settings, night.tournament.draw),
    };
    let format = title(config, on);
    let heading = NightLine::Title {
        format: &format,
        draw,
    };
    line(words().night_line(&heading), 24.0, Tone::Plain);
    match &state.night {
        None => {
            for (i, row) in state.rows().into_iter().enumerate() {
                let text = match row {
                    SetUpRow::Entrant(e) => {
                        let entrant = &state.entrants[e];
                        let level = entrant.level.as_deref().map(|key| {
                            config
                                .computer
                                .level(key)
                                .map_or(key.to_owned(), |l| named(l).to_owned())
                        });
                        words().night_line(&NightLine::Entrant {
                            name: &entrant.name,
                            level: level.as_deref(),
                            target: entrant.target,
                        })
                    }
                    SetUpRow::AddPlayer => words().night_line(&NightLine::AddPlayer),
                    SetUpRow::Draw => words().night_line(&NightLine::DrawRow(draw)),
                    SetUpRow::Handicap => {
                        words().night_line(&NightLine::HandicapRow(state.handicap))
                    }
                    SetUpRow::Begin => words().night_line(&NightLine::Begin),
                };
                let chosen = i == state.selected.min(state.rows().len() - 1);
                let (marker, tone) = if chosen {
                    ("› ", Tone::Warn)
                } else {
                    ("  ", Tone::Plain)
                };
                line(format!("{marker}{text}"), 17.0, tone);
            }
            let keys_line = words().night_line(&NightLine::SetupKeys {
                change: &keys_of(config, &[Action::MenuLeft, Action::MenuRight]),
                remove: &keys(config, Action::Decline),
                menu: &keys(config, Action::Menu),
            });
            line(keys_line, 14.0, Tone::Dim);
        }
        Some(night) => show_the_night(config, &files.0, night, &mut line),
    }
    if let Some((message, tone)) = &state.message {
        line(message.clone(), 15.0, *tone);
    }
    commands
        .entity(*body)
        .despawn_children()
        .with_children(|panel| {
            for (text, size, tone) in lines {
                panel.spawn(toned(text, size, tone));
            }
        });
}

/// The night under way (below its title): its next match, standings or bracket,
/// winner and sheet.
fn show_the_night(
    config: &Config,
    files: &StoragePaths,
    night: &ClubNight,
    line: &mut impl FnMut(String, f32, Tone),
) {
    let tournament = &night.tournament;
    let labels = words().tournament_labels();
    let name = |i: usize| entrant_name(&labels, tournament, i);
    if let Some((pairing, next)) = night.next_match() {
        let [a, b] = pairing.players.map(name);
        let players = [a.as_str(), b.as_str()];
        let targets = pairing.players.map(|i| tournament.entrants[i].target);
        let club = files.for_club_night().saved_match;
        let under_way = matches!(
            Resumable::check(config, &club),
            Resumable::Ready(saved) if saved.settings.seated() == next.seated()
        );
        let next_line = if under_way {
            NightLine::Resume { players }
        } else {
            NightLine::Next { players, targets }
        };
        line(words().night_line(&next_line), 19.0, Tone::Good);
    }
    if let Some(winner) = tournament.winner() {
        line(
            words().night_line(&NightLine::Winner(&name(winner))),
            20.0,
            Tone::Good,
        );
    }
    line(labels.ranking.to_owned(), 13.0, Tone::Dim);
    line(labels.columns.join(" · "), 14.0, Tone::Dim);
    for row in standing_rows(&labels, tournament) {
        line(row.join(" · "), 15.0, Tone::Plain);
    }
    match tournament.bracket() {
        Some(bracket) => {
            for round in 1..=bracket.rounds() {
                line(
                    words().night_line(&NightLine::Round(round)),
                    15.0,
                    Tone::Dim,
                );
                for pairing in bracket.pairings(round) {
                    let [a, b] = pairing.players.map(name);
                    let played = tournament.played.iter().find(|m| m.pairing == pairing);
                    let winner = played.and_then(|m| m.winner).map(name);
                    let bracketed = NightLine::Bracketed {
                        players: [&a, &b],
                        winner: winner.as_deref(),
                    };
                    line(words().night_line(&bracketed), 14.0, Tone::Plain);
                }
            }
        }
        None => {
            line(labels.matches.to_owned(), 15.0, Tone::Dim);
            for played in match_lines(&labels, tournament).into_iter().rev().take(6) {
                line(played, 14.0, Tone::Plain);
            }
        }
    }
    let sheet = files.club_night_results("html").display().to_string();
    line(
        words().night_line(&NightLine::Results(&sheet)),
        13.0,
        Tone::Dim,
    );
    let play = keys(config, Action::Confirm);
    let keys_line = words().night_line(&NightLine::NightKeys {
        play: Some(play.as_str()).filter(|_| !tournament.is_over()),
        end: &keys(config, Action::Decline),
        menu: &keys(config, Action::Menu),
    });
    line(keys_line, 14.0, Tone::Dim);
}

/// The name of a night on `settings`: their format's, or their game's.
fn title(config: &Config, settings: &MatchSettings) -> String {
    match settings.match_format(config) {
        Some(format) => named(format).to_owned(),
        None => config
            .games
            .games
            .get(&settings.game)
            .map_or_else(|| settings.game.clone(), |g| named(g).to_owned()),
    }
}
