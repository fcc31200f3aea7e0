//! The menu and the settings screen.

use super::*;

impl MenuWords for English {
    fn menu_title(&self) -> (&'static str, &'static str) {
        ("Carom", "carom billiards for one or more at one table")
    }

    fn menu_hint(&self, choose: &str, change: &str, next: &str, rules: &str) -> String {
        format!(
            "{choose}: choose a row    {change}: change it (a player: a person or the computer)\n\
             type a name on a player row    {next}: next row, start    {rules}: the rules"
        )
    }

    fn menu_label(&self, label: MenuLabel) -> String {
        match label {
            MenuLabel::Language => "Language".into(),
            MenuLabel::Mode => "Mode".into(),
            MenuLabel::Game => "Game".into(),
            MenuLabel::Table => "Table".into(),
            MenuLabel::Target => "Target".into(),
            MenuLabel::InningsLimit => "Innings limit".into(),
            MenuLabel::ShotClock => "Shot clock".into(),
            MenuLabel::Handicap => "Handicap".into(),
            MenuLabel::SeatTarget(seat) => format!("  target of {}", self.default_player(seat)),
            MenuLabel::Player(None) => "Player".into(),
            MenuLabel::Player(Some(seat)) => self.default_player(seat),
            MenuLabel::Settings => "Settings".into(),
            MenuLabel::Records => "Player records".into(),
            MenuLabel::Online => "Online".into(),
            MenuLabel::Start => "Start".into(),
            MenuLabel::ClubNight => "Club night".into(),
            MenuLabel::Resume => "Resume".into(),
        }
    }

    fn versus(&self, names: &[String]) -> String {
        names.join(" vs ")
    }

    fn settings_button(&self) -> &'static str {
        "Settings (graphics, sound, camera, balls, keys)"
    }

    fn records_button(&self) -> &'static str {
        "Player records"
    }

    fn resume_offer(&self, offer: &ResumeOffer) -> String {
        match offer {
            ResumeOffer::Ready { players, strokes } => format!(
                "Resume: {players}, {strokes} stroke{}",
                if *strokes == 1 { "" } else { "s" }
            ),
            ResumeOffer::Finished { players } => {
                format!("Resume (the last match, {players}, is over)")
            }
            ResumeOffer::Nothing => "Resume saved match (none saved)".into(),
            ResumeOffer::Unreadable => "Resume saved match (the save cannot be read)".into(),
        }
    }

    fn menu_note(&self, note: &MenuNote) -> String {
        match note {
            MenuNote::StartReplaces { players, strokes } => format!(
                "A new match replaces the saved one ({players}, {strokes} stroke{}): press Start again to replace it, or Resume",
                if *strokes == 1 { "" } else { "s" }
            ),
            MenuNote::SavedMatchOver => "The saved match is over: start a new one".into(),
            MenuNote::NoSavedMatch => "No saved match".into(),
            MenuNote::SaveUnreadable(why) => format!("{why} (the file is kept as it is)"),
            MenuNote::NotStarted(problem) => problem.to_string(),
            MenuNote::Suggested {
                person,
                average,
                level,
            } => format!(
                "{person} plays {average:.3} an inning over their last matches: the computer plays at the nearest level, {level}"
            ),
            MenuNote::NoAverage(people) => format!(
                "No finished match of this game on record for {}: the match's target for them",
                people.join(", ")
            ),
        }
    }

    fn mode(&self, mode: Mode) -> &'static str {
        match mode {
            Mode::Match => "Two-player match (hot seat)",
            Mode::Practice => "Practice (one player)",
            Mode::LagTraining => "Lag training (one player)",
        }
    }

    fn table_condition(&self, table: &str, name: Option<&str>, lengths: f64) -> String {
        let speed = crate::physics::firm_stroke::FIRM_SPEED;
        let name = name.unwrap_or("Fitted");
        format!("{table} · {name} · {speed} m/s: {lengths:.1} lengths")
    }

    fn innings_limit(&self, limit: Option<u32>) -> String {
        match limit {
            None => "none".into(),
            Some(1) => "1 inning".into(),
            Some(n) => format!("{n} innings"),
        }
    }

    fn player_entry(&self, entry: &PlayerEntry) -> String {
        match entry {
            PlayerEntry::Empty => "(none: type one for three in rotation)".into(),
            PlayerEntry::Person { name, caret } => format!("{name}{caret}"),
            PlayerEntry::Computer {
                name,
                caret,
                level: None,
            } => format!("{name}{caret}   (computer)"),
            PlayerEntry::Computer {
                name,
                caret,
                level: Some(level),
            } => format!("{name}{caret}   (computer, {level})"),
        }
    }

    fn handicap(&self, handicap: Handicap) -> String {
        match handicap {
            Handicap::Off => "none: one target for all".into(),
            Handicap::Own => "each player's own target".into(),
            Handicap::FromAverages(n) => format!("targets from the averages × {n} innings"),
        }
    }

    fn level_average(&self, average: f64) -> String {
        format!(" · {average:.2} an inning")
    }

    fn default_player(&self, seat: usize) -> String {
        format!("Player {}", seat + 1)
    }

    fn settings_title(&self) -> &'static str {
        "Settings"
    }

    fn software_rendering(&self, adapter: &str, chose_low: bool) -> String {
        let why = format!("Drawn by the CPU ({adapter}), not a graphics card");
        if chose_low {
            format!(
                "{why}: Low was chosen for a playable frame rate (High draws about a frame a second here)."
            )
        } else {
            format!("{why}: Low plays best here.")
        }
    }

    fn setting(&self, setting: Setting) -> &'static str {
        match setting {
            Setting::Quality => "Graphics",
            Setting::Shadows => "Shadows",
            Setting::AntiAliasing => "Anti-aliasing",
            Setting::Lighting => "Cloth lighting",
            Setting::DepthPrepass => "Depth first",
            Setting::Resolution => "Table resolution",
            Setting::Window => "Window",
            Setting::Volume => "Volume",
            Setting::Mute => "Sound",
            Setting::AimAids => "Aim aids in practice",
            Setting::AimAidsInMatches => "Aim aids in matches",
            Setting::PredictedPath => "Predicted path",
            Setting::LagBand => "Lag target band",
            Setting::LagSpread => "Computer lagger",
            Setting::ComputerVerdict => "Computer's verdicts",
            Setting::Camera => "Camera at the start",
            Setting::BallStyle => "Balls",
            Setting::Language => "Language",
            Setting::Cloth => "Cloth",
            Setting::FrameRate => "Frame rate shown",
            Setting::Back => "Back",
        }
    }

    fn setting_value(&self, value: &SettingValue) -> String {
        let on_off = |on: bool| if on { "on" } else { "off" }.to_owned();
        match value {
            SettingValue::OnOff(on) => on_off(*on),
            SettingValue::Graphics(GraphicsChoice::Low) => "low (software)".into(),
            SettingValue::Graphics(GraphicsChoice::High) => "high".into(),
            SettingValue::Graphics(GraphicsChoice::Custom) => "custom".into(),
            SettingValue::Multisampling(true) => "4x MSAA".into(),
            SettingValue::Multisampling(false) => "off".into(),
            SettingValue::Lighting { full, slow_here } => format!(
                "{}{}",
                if *full { "full" } else { "simple" },
                if *slow_here { " (slow here)" } else { "" }
            ),
            SettingValue::Percent(fraction) => format!("{:.0} %", fraction * 100.0),
            SettingValue::FullScreen(true) => "full screen".into(),
            SettingValue::FullScreen(false) => "windowed".into(),
            SettingValue::Muted(muted) => if *muted { "muted" } else { "on" }.into(),
            SettingValue::WithinMm(mm) => format!("within {mm:.0} mm"),
            SettingValue::SpeedOff(fraction) => format!("speed off by {:.0} %", fraction * 100.0),
            SettingValue::ShownFor(s) => format!("shown {s} s"),
            SettingValue::Camera(CameraChoice::Behind) => "behind the ball".into(),
            SettingValue::Camera(CameraChoice::Top) => "top view".into(),
            SettingValue::Camera(CameraChoice::Orbit) => "orbit".into(),
            SettingValue::Camera(CameraChoice::Follow) => "follow".into(),
            SettingValue::Balls(BallStyle::Dotted) => "white and dotted".into(),
            SettingValue::Balls(BallStyle::Yellow) => "white and yellow".into(),
            SettingValue::Named(name) => (*name).to_owned(),
            SettingValue::Nothing => String::new(),
        }
    }

    fn keys_heading(&self, file: &str) -> String {
        format!("Keys ({file})")
    }

    fn settings_hint(&self, choose: &str, change: &str, leave: &str) -> String {
        format!("{choose}: choose a row    {change}: change it    {leave}: back to the menu")
    }
}
