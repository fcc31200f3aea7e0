//! The menu's rows, what each one's choices are and how a step moves through them: the game with its
//! target, a seat between a person and the computer's levels (the level nearest a
//! person's average first), the handicap's targets from the players' averages; and
//! Start's tidying and checking of the choices.

use crate::config::Config;
use crate::play::profiles;
use crate::play::{
    MAX_PLAYERS, MatchSettings, Mode, PRACTICE_CLOCK_S, SettingsProblem, StoragePaths,
};
use crate::ui::widgets::Tone;
use crate::words::{Handicap, MenuLabel, MenuNote, PlayerEntry, named, spoken, words};
use bevy::log::warn;
use std::path::Path;

/// A row of the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Row {
    /// The language of the screens (a setting, shown here so a newcomer finds it).
    Language,
    Mode,
    /// The game, or in a match a format of one (formats.ron: it sets the game, target
    /// and innings limit as well).
    Game,
    Table,
    Target,
    InningsLimit,
    /// Practice on a shot clock, or not.
    PracticeClock,
    /// One target for all, or each player's own (a handicap match).
    Handicap,
    /// A player's own target in a handicap match.
    SeatTarget(usize),
    /// A player's name, typed.
    Player(usize),
    Start,
    /// The club night screen: a tournament at this table (a button beside Start).
    ClubNight,
    Resume,
    /// A saved match to watch, or a share code typed (`watch`).
    Watch,
    Settings,
    /// The player records screen (a button beside Settings).
    Records,
    /// The Online screen (a button beside Records).
    Online,
}

impl Row {
    /// A button rather than a row with a choice.
    pub(super) fn is_button(self) -> bool {
        matches!(
            self,
            Row::Start | Row::ClubNight | Row::Resume | Row::Settings | Row::Records | Row::Online
        )
    }
}

pub(super) const ALL_ROWS: [Row; 21] = [
    Row::Language,
    Row::Mode,
    Row::Game,
    Row::Table,
    Row::Target,
    Row::InningsLimit,
    Row::PracticeClock,
    Row::Handicap,
    Row::SeatTarget(0),
    Row::SeatTarget(1),
    Row::SeatTarget(2),
    Row::Player(0),
    Row::Player(1),
    Row::Player(2),
    Row::Start,
    Row::ClubNight,
    Row::Resume,
    Row::Watch,
    Row::Settings,
    Row::Records,
    Row::Online,
];

/// The rows that matter: lag training has no game, match length or saved match,
/// practice one player and no handicap; a seat's own target shows in a handicap match.
pub(super) fn rows(settings: &MatchSettings) -> Vec<Row> {
    let mode = settings.mode;
    ALL_ROWS
        .into_iter()
        .filter(|row| match row {
            Row::Game | Row::Target | Row::InningsLimit | Row::Resume => mode != Mode::LagTraining,
            Row::Handicap => mode == Mode::Match,
            Row::PracticeClock => mode == Mode::Practice,
            Row::SeatTarget(i) => {
                mode == Mode::Match
                    && !settings.targets.is_empty()
                    && settings
                        .players
                        .get(*i)
                        .is_some_and(|n| !n.trim().is_empty())
            }
            Row::Player(i) => *i == 0 || mode == Mode::Match,
            _ => true,
        })
        .collect()
}

/// The handicap row's choices.
pub(super) const HANDICAPS: [Handicap; 5] = [
    Handicap::Off,
    Handicap::Own,
    Handicap::FromAverages(20),
    Handicap::FromAverages(30),
    Handicap::FromAverages(50),
];

/// Steps through a row's choices; a new game brings its own target and innings limit.
/// A seat turned from a person to the computer takes the `suggested` level first.
pub(super) fn change(
    row: Row,
    step: i32,
    settings: &mut MatchSettings,
    config: &Config,
    suggested: Option<&str>,
) {
    fn cycle<T: PartialEq + Clone>(choices: &[T], current: &T, step: i32) -> Option<T> {
        let at = choices.iter().position(|c| c == current).unwrap_or(0) as i32;
        let n = choices.len() as i32;
        (n > 0).then(|| choices[(at + step).rem_euclid(n) as usize].clone())
    }
    match row {
        Row::Mode => {
            settings.mode = cycle(&Mode::ALL, &settings.mode, step).unwrap_or_default();
        }
        Row::Game => {
            // Each game under its own rules, then (in a match) each format.
            let formats = config.formats.formats.keys();
            let choices: Vec<(&String, Option<&String>)> = (config.games.games.keys())
                .map(|game| (game, None))
                .chain(
                    formats
                        .filter(|_| settings.mode == Mode::Match)
                        .map(|key| (&config.formats.formats[key].game, Some(key))),
                )
                .collect();
            let now = (
                &settings.game,
                settings.match_format(config).and(settings.format.as_ref()),
            );
            if let Some((game, format)) = cycle(&choices, &now, step) {
                let rules = &config.games.games[game];
                settings.game = game.clone();
                settings.target = rules.target.get();
                settings.innings_limit = rules.innings_limit.map(|n| n.get());
                settings.format = format.cloned();
                if let Some(format) = settings.match_format(config) {
                    settings.target = format.target;
                    settings.innings_limit = format.innings_limit;
                }
            }
        }
        Row::PracticeClock => {
            let clocks: Vec<Option<u32>> = std::iter::once(None)
                .chain(PRACTICE_CLOCK_S.map(Some))
                .collect();
            settings.practice_clock_s = cycle(&clocks, &settings.practice_clock_s, step).flatten();
        }
        Row::Table => {
            // Each table preset, with the fitted cloth and cushions and then each of
            // physics.ron's conditions.
            let conditions = std::iter::once(None)
                .chain((config.physics.conditions.iter()).map(|c| Some(c.key.clone())));
            let conditions: Vec<Option<String>> = conditions.collect();
            let choices: Vec<(String, Option<String>)> = (config.tables.presets.iter())
                .flat_map(|p| conditions.iter().map(|c| (p.name.clone(), c.clone())))
                .collect();
            let now = (settings.table.clone(), settings.condition.clone());
            if let Some((table, condition)) = cycle(&choices, &now, step) {
                settings.table = table;
                settings.condition = condition;
            }
        }
        Row::Target => settings.target = step_count(settings.target, step).max(1),
        Row::InningsLimit => {
            settings.innings_limit = match settings.innings_limit {
                None if step > 0 => Some(1),
                None => None,
                Some(n) => Some(step_count(n, step)).filter(|n| *n > 0),
            }
        }
        Row::Player(i) if settings.mode == Mode::Match => {
            seat(i, step, settings, config, suggested)
        }
        Row::Player(_)
        | Row::Language
        | Row::Handicap
        | Row::SeatTarget(_)
        | Row::Start
        | Row::ClubNight
        | Row::Resume
        | Row::Watch
        | Row::Settings
        | Row::Records
        | Row::Online => {}
    }
}

/// A match seat's player: a person, or the computer at each level in turn. The
/// computer goes by its level's name unless the seat has a name of its own.
fn seat(
    i: usize,
    step: i32,
    settings: &mut MatchSettings,
    config: &Config,
    suggested: Option<&str>,
) {
    let levels = &config.computer.levels;
    let kinds: Vec<Option<&str>> = std::iter::once(None)
        .chain(levels.iter().map(|l| Some(l.key.as_str())))
        .collect();
    if settings.computers.len() <= i {
        settings.computers.resize(i + 1, None);
    }
    if settings.players.len() <= i {
        settings.players.resize(i + 1, String::new());
    }
    let now = settings.computers[i].as_deref();
    let at = kinds.iter().position(|k| *k == now).unwrap_or(0) as i32;
    let next = match (now, suggested) {
        (None, Some(level)) => Some(level),
        _ => kinds[(at + step).rem_euclid(kinds.len() as i32) as usize],
    };
    settings.computers[i] = next.map(str::to_owned);
    let name = &settings.players[i];
    let given = !name.is_empty()
        && !(0..MAX_PLAYERS).any(|seat| *name == words().default_player(seat))
        && !levels
            .iter()
            .any(|l| name.starts_with(&l.name) || name.starts_with(named(l)));
    if given {
        return;
    }
    let base = match next {
        Some(key) => config
            .computer
            .level(key)
            .map_or_else(|_| key.to_owned(), |l| named(l).to_owned()),
        None => words().default_player(i),
    };
    let taken = |n: &str| {
        settings
            .players
            .iter()
            .enumerate()
            .any(|(j, p)| j != i && p == n)
    };
    settings.players[i] = if taken(&base) {
        format!("{base} {}", i + 1)
    } else {
        base
    };
}

/// The general average each entry of `players` plays in the game chosen: a computer's
/// level's, a person's over their last matches (None: no record).
pub(super) fn seat_averages(
    settings: &MatchSettings,
    config: &Config,
    data: &Path,
) -> Vec<Option<f64>> {
    (0..settings.players.len())
        .map(|i| {
            let level = settings.computers.get(i).cloned().flatten();
            let name = &settings.players[i];
            profiles::average_of(config, data, &settings.game, name, level.as_deref())
        })
        .collect()
}

/// For the computer at `seat`: the first other person seated with a record in the
/// game, the level nearest their recent average, and that average.
pub(super) fn suggestion<'a>(
    settings: &MatchSettings,
    config: &'a Config,
    averages: &[Option<f64>],
    seat: usize,
) -> Option<(String, &'a str, f64)> {
    (0..settings.players.len())
        .filter(|&i| i != seat)
        .find_map(|i| {
            let person = settings.computers.get(i).cloned().flatten().is_none();
            let average = averages.get(i).copied().flatten().filter(|_| person)?;
            let level = profiles::nearest_level(config, &settings.game, average)?;
            Some((settings.players[i].clone(), level.key.as_str(), average))
        })
}

/// Sets each player's target as `handicap` says; a note when some have no average.
pub(super) fn set_targets(
    handicap: Handicap,
    settings: &mut MatchSettings,
    config: &Config,
    data: &Path,
) -> Option<(String, Tone)> {
    let n = settings.players.len();
    match handicap {
        Handicap::Off => settings.targets.clear(),
        Handicap::Own => settings.targets.resize(n, settings.target),
        Handicap::FromAverages(innings) => {
            let averages = seat_averages(settings, config, data);
            settings.targets = averages
                .iter()
                .map(|a| {
                    a.map_or(settings.target, |a| {
                        ((a * f64::from(innings)).round() as u32).max(1)
                    })
                })
                .collect();
            let missing: Vec<String> = (0..n)
                .filter(|&i| averages[i].is_none() && !settings.players[i].trim().is_empty())
                .map(|i| settings.players[i].clone())
                .collect();
            if !missing.is_empty() {
                let note = words().menu_note(&MenuNote::NoAverage(&missing));
                return Some((note, Tone::Warn));
            }
        }
    }
    None
}

/// One at a time up to 20, then in fives (to 1000).
pub(super) fn step_count(n: u32, step: i32) -> u32 {
    match (step > 0, n) {
        (true, n) if n < 20 => n + 1,
        (true, n) => (n / 5 + 1) * 5,
        (false, n) if n <= 20 => n.saturating_sub(1),
        (false, n) => (n - 1) / 5 * 5,
    }
    .min(1000)
}

/// Start: the choices checked and remembered.
pub(super) fn start(
    settings: &mut MatchSettings,
    config: &Config,
    paths: &StoragePaths,
) -> Result<(), SettingsProblem> {
    for name in &mut settings.players {
        *name = name.trim().to_owned();
    }
    while settings.players.last().is_some_and(String::is_empty) {
        settings.players.pop();
    }
    if !settings.targets.is_empty() {
        settings
            .targets
            .resize(settings.players.len(), settings.target);
    }
    settings.check(config)?;
    if let Err(e) = settings.save(&paths.menu) {
        warn!("the menu choices are not remembered: {e}");
    }
    Ok(())
}

/// What a row's label says.
pub(super) fn row_label(row: Row, settings: &MatchSettings) -> String {
    let mode = settings.mode;
    // Under the Handicap row, a player's own target is named by the player once a name
    // is typed (cut to fit the label).
    if let Row::SeatTarget(i) = row
        && let Some(name) = settings.players.get(i).filter(|n| !n.trim().is_empty())
    {
        const MOST: usize = 14;
        let name = name.trim();
        let indent = "  ".chars();
        return if name.chars().count() <= MOST {
            indent.chain(name.chars()).collect()
        } else {
            indent
                .chain(name.chars().take(MOST - 1))
                .chain(['…'])
                .collect()
        };
    }
    words().menu_label(match row {
        Row::Language => MenuLabel::Language,
        Row::Mode => MenuLabel::Mode,
        Row::Game => MenuLabel::Game,
        Row::Table => MenuLabel::Table,
        Row::Target => MenuLabel::Target,
        Row::InningsLimit => MenuLabel::InningsLimit,
        Row::PracticeClock => MenuLabel::ShotClock,
        Row::Handicap => MenuLabel::Handicap,
        Row::SeatTarget(i) => MenuLabel::SeatTarget(i),
        Row::Player(0) if mode != Mode::Match => MenuLabel::Player(None),
        Row::Player(i) => MenuLabel::Player(Some(i)),
        Row::Settings => MenuLabel::Settings,
        Row::Records => MenuLabel::Records,
        Row::Online => MenuLabel::Online,
        Row::ClubNight => MenuLabel::ClubNight,
        Row::Start => MenuLabel::Start,
        Row::Resume => MenuLabel::Resume,
        Row::Watch => return words().watch_label().to_owned(),
    })
}

/// What a row shows; `caret` ends a name being typed.
pub(super) fn row_value(
    row: Row,
    settings: &MatchSettings,
    handicap: Handicap,
    config: &Config,
    caret: &str,
    lengths_run: Option<f64>,
) -> String {
    match row {
        Row::Language => spoken().own_name().to_owned(),
        Row::Mode => words().mode(settings.mode).to_owned(),
        Row::Game => {
            let game = config
                .games
                .games
                .get(&settings.game)
                .map_or_else(|| settings.game.clone(), |g| named(g).to_owned());
            match settings.match_format(config) {
                Some(format) => words().game_in_format(&game, named(format)),
                None => game,
            }
        }
        Row::Table => {
            let table = (config.tables.preset(&settings.table))
                .map_or_else(|| settings.table.clone(), |p| named(p).to_owned());
            let condition = (settings.condition.as_ref())
                .and_then(|key| config.physics.condition(key).ok())
                .map(named);
            match lengths_run {
                Some(lengths) => words().table_condition(&table, condition, lengths),
                None => table,
            }
        }
        Row::Target => words().points(settings.target),
        Row::InningsLimit => words().innings_limit(settings.innings_limit),
        Row::PracticeClock => words().practice_clock(settings.practice_clock_s),
        Row::Handicap => words().handicap(handicap),
        Row::SeatTarget(i) => {
            words().points(settings.targets.get(i).copied().unwrap_or(settings.target))
        }
        Row::Player(i) => {
            let name = settings.players.get(i).map_or("", String::as_str);
            let computer = settings.computers.get(i).cloned().flatten();
            let level;
            let entry = if name.is_empty() && caret.is_empty() && i + 1 == MAX_PLAYERS {
                PlayerEntry::Empty
            } else if let Some(key) = computer.filter(|_| settings.mode == Mode::Match) {
                level = config
                    .computer
                    .level(&key)
                    .map_or(key.clone(), |l| named(l).to_owned());
                PlayerEntry::Computer {
                    name,
                    caret,
                    level: Some(level.as_str()).filter(|l| !name.starts_with(l)),
                }
            } else {
                PlayerEntry::Person { name, caret }
            };
            let average = settings
                .computers
                .get(i)
                .cloned()
                .flatten()
                .filter(|_| settings.mode == Mode::Match)
                .and_then(|key| config.computer.level(&key).ok())
                .and_then(|level| profiles::level_average(level, &settings.game));
            words().player_entry(&entry)
                + &average.map_or(String::new(), |a| words().level_average(a))
        }
        // What the watch row shows is `watch`'s.
        Row::Start
        | Row::ClubNight
        | Row::Resume
        | Row::Watch
        | Row::Settings
        | Row::Records
        | Row::Online => String::new(),
    }
}
