//! The menu and the settings screen.

use super::*;

impl MenuWords for Russian {
    fn menu_title(&self) -> (&'static str, &'static str) {
        (
            "Carom",
            "карамболь для одного или нескольких игроков за одним столом",
        )
    }

    fn menu_hint(&self, choose: &str, change: &str, next: &str, rules: &str) -> String {
        format!(
            "{choose}: выбрать строку    {change}: изменить (игрок: человек или компьютер)\n\
             в строке игрока наберите имя    {next}: следующая строка, начать    {rules}: правила"
        )
    }

    fn menu_label(&self, label: MenuLabel) -> String {
        match label {
            MenuLabel::Language => "Язык".into(),
            MenuLabel::Mode => "Режим".into(),
            MenuLabel::Game => "Игра".into(),
            MenuLabel::Table => "Стол".into(),
            MenuLabel::Target => "Цель".into(),
            MenuLabel::InningsLimit => "Лимит подходов".into(),
            MenuLabel::ShotClock => "Время на удар".into(),
            MenuLabel::Handicap => "Фора".into(),
            MenuLabel::SeatTarget(seat) => format!("  цель: {}", self.default_player(seat)),
            MenuLabel::Player(None) => "Игрок".into(),
            MenuLabel::Player(Some(seat)) => self.default_player(seat),
            MenuLabel::Settings => "Настройки".into(),
            MenuLabel::Records => "Статистика игроков".into(),
            MenuLabel::Online => "По сети".into(),
            MenuLabel::ClubNight => "Клубный вечер".into(),
            MenuLabel::Start => "Начать".into(),
            MenuLabel::Resume => "Продолжить".into(),
        }
    }

    fn versus(&self, names: &[String]) -> String {
        names.join(" — ")
    }

    fn settings_button(&self) -> &'static str {
        "Настройки (графика, звук, камера, шары, клавиши)"
    }

    fn records_button(&self) -> &'static str {
        "Статистика игроков"
    }

    fn resume_offer(&self, offer: &ResumeOffer) -> String {
        match offer {
            ResumeOffer::Ready { players, strokes } => format!(
                "Продолжить: {players}, {}",
                count(*strokes as u64, "удар", "удара", "ударов")
            ),
            ResumeOffer::Finished { players } => {
                format!("Продолжить (последний матч, {players}, окончен)")
            }
            ResumeOffer::Nothing => "Продолжить сохранённый матч (сохранений нет)".into(),
            ResumeOffer::Unreadable => {
                "Продолжить сохранённый матч (сохранение не читается)".into()
            }
        }
    }

    fn menu_note(&self, note: &MenuNote) -> String {
        match note {
            MenuNote::StartReplaces { players, strokes } => format!(
                "Новый матч заменит сохранённый ({players}, {}): нажмите «Начать» ещё раз, чтобы заменить его, или «Продолжить»",
                count(*strokes as u64, "удар", "удара", "ударов")
            ),
            MenuNote::SavedMatchOver => "Сохранённый матч окончен: начните новый".into(),
            MenuNote::NoSavedMatch => "Сохранённого матча нет".into(),
            MenuNote::SaveUnreadable(why) => {
                format!(
                    "{} (файл оставлен как есть)",
                    self.trouble(Trouble::Resume(why))
                )
            }
            MenuNote::NotStarted(problem) => self.trouble(Trouble::Settings(problem)),
            MenuNote::Suggested {
                person,
                average,
                level,
            } => format!(
                "{person} набирает {} за подход в последних партиях: компьютер играет на ближайшем уровне — {level}",
                dec(*average, 3)
            ),
            MenuNote::NoAverage(people) => format!(
                "Законченных партий в этой игре нет у: {}; им — цель партии",
                people.join(", ")
            ),
        }
    }

    fn mode(&self, mode: Mode) -> &'static str {
        match mode {
            Mode::Match => "Матч вдвоём (по очереди)",
            Mode::Practice => "Тренировка (один игрок)",
            Mode::LagTraining => "Тренировка раската (один игрок)",
        }
    }

    fn table_condition(&self, table: &str, name: Option<&str>, lengths: f64) -> String {
        let speed = crate::physics::firm_stroke::FIRM_SPEED;
        let name = name.unwrap_or("По замерам");
        format!(
            "{table} · {name} · {} м/с: {} длины",
            dec(speed, 0),
            dec(lengths, 1)
        )
    }

    fn innings_limit(&self, limit: Option<u32>) -> String {
        limit.map_or("нет".into(), |n| {
            count(u64::from(n), "подход", "подхода", "подходов")
        })
    }

    fn player_entry(&self, entry: &PlayerEntry) -> String {
        match entry {
            PlayerEntry::Empty => "(нет: впишите имя для игры втроём)".into(),
            PlayerEntry::Person { name, caret } => format!("{name}{caret}"),
            PlayerEntry::Computer {
                name,
                caret,
                level: None,
            } => format!("{name}{caret}   (компьютер)"),
            PlayerEntry::Computer {
                name,
                caret,
                level: Some(level),
            } => format!("{name}{caret}   (компьютер, {level})"),
        }
    }

    fn handicap(&self, handicap: Handicap) -> String {
        match handicap {
            Handicap::Off => "нет: одна цель для всех".into(),
            Handicap::Own => "у каждого своя цель".into(),
            Handicap::FromAverages(n) => format!("цели по средним × {n} подходов"),
        }
    }

    fn level_average(&self, average: f64) -> String {
        format!(" · {} за подход", dec(average, 2))
    }

    fn default_player(&self, seat: usize) -> String {
        format!("Игрок {}", seat + 1)
    }

    fn settings_title(&self) -> &'static str {
        "Настройки"
    }

    fn software_rendering(&self, adapter: &str, chose_low: bool) -> String {
        let why = format!("Рисует процессор ({adapter}), а не видеокарта");
        if chose_low {
            format!(
                "{why}: выбрана низкая графика, чтобы игра шла плавно (высокая рисует здесь около кадра в секунду)."
            )
        } else {
            format!("{why}: здесь лучше всего идёт низкая графика.")
        }
    }

    fn setting(&self, setting: Setting) -> &'static str {
        match setting {
            Setting::Language => "Язык",
            Setting::Quality => "Графика",
            Setting::Shadows => "Тени",
            Setting::AntiAliasing => "Сглаживание",
            Setting::Lighting => "Освещение сукна",
            Setting::DepthPrepass => "Сначала глубина",
            Setting::Resolution => "Разрешение стола",
            Setting::Window => "Окно",
            Setting::Volume => "Громкость",
            Setting::Mute => "Звук",
            Setting::AimAids => "Подсказки: тренировка",
            Setting::AimAidsInMatches => "Подсказки: матч",
            Setting::PredictedPath => "Предсказанный путь",
            Setting::LagBand => "Цель раската",
            Setting::LagSpread => "Компьютер в раскате",
            Setting::ComputerVerdict => "Удары компьютера",
            Setting::Camera => "Камера в начале",
            Setting::BallStyle => "Шары",
            Setting::Cloth => "Сукно",
            Setting::FrameRate => "Показ частоты кадров",
            Setting::Back => "Назад",
        }
    }

    fn setting_value(&self, value: &SettingValue) -> String {
        let on_off = |on: bool| if on { "вкл." } else { "выкл." }.to_owned();
        match value {
            SettingValue::OnOff(on) => on_off(*on),
            SettingValue::Graphics(GraphicsChoice::Low) => "низкая (программная)".into(),
            SettingValue::Graphics(GraphicsChoice::High) => "высокая".into(),
            SettingValue::Graphics(GraphicsChoice::Custom) => "своя".into(),
            SettingValue::Multisampling(true) => "MSAA 4×".into(),
            SettingValue::Multisampling(false) => "выкл.".into(),
            SettingValue::Lighting { full, slow_here } => format!(
                "{}{}",
                if *full {
                    "полное"
                } else {
                    "простое"
                },
                if *slow_here {
                    " (медленно)"
                } else {
                    ""
                }
            ),
            SettingValue::Percent(fraction) => format!("{} %", dec(fraction * 100.0, 0)),
            SettingValue::FullScreen(true) => "во весь экран".into(),
            SettingValue::FullScreen(false) => "в окне".into(),
            SettingValue::Muted(muted) => if *muted {
                "без звука"
            } else {
                "вкл."
            }
            .into(),
            SettingValue::WithinMm(mm) => format!("в пределах {} мм", dec(*mm, 0)),
            SettingValue::SpeedOff(fraction) => {
                format!("ошибка скорости {} %", dec(fraction * 100.0, 0))
            }
            SettingValue::ShownFor(s) => format!("показ {} с", num(*s)),
            SettingValue::Camera(CameraChoice::Behind) => "за шаром".into(),
            SettingValue::Camera(CameraChoice::Top) => "сверху".into(),
            SettingValue::Camera(CameraChoice::Orbit) => "круговой обзор".into(),
            SettingValue::Camera(CameraChoice::Follow) => "за битком".into(),
            SettingValue::Balls(BallStyle::Dotted) => "белый и помеченный".into(),
            SettingValue::Balls(BallStyle::Yellow) => "белый и жёлтый".into(),
            SettingValue::Named(name) => (*name).to_owned(),
            SettingValue::Nothing => String::new(),
        }
    }

    fn keys_heading(&self, file: &str) -> String {
        format!("Клавиши ({file})")
    }

    fn settings_hint(&self, choose: &str, change: &str, leave: &str) -> String {
        format!("{choose}: выбрать строку    {change}: изменить    {leave}: назад в меню")
    }
}
