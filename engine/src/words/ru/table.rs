//! At the table: the overlays, the words on the cloth, the controls and the stroke panel.

use super::*;

impl TableWords for Russian {
    fn go_on(&self, keys: &str) -> String {
        format!("{keys}: дальше")
    }

    fn go_on_or_click(&self, keys: &str) -> String {
        format!("{keys} или щелчок: дальше")
    }

    fn break_decided(
        &self,
        name: &str,
        break_it: bool,
        ball: &str,
        other: &str,
        theirs: &str,
    ) -> String {
        if break_it {
            format!("{name} начинает партию {}.", ball_in(ball, Case::Ins))
        } else {
            format!(
                "{name} уступает начальный удар и оставляет себе {ball} шар: {other} начинает \
                 партию {}.",
                ball_in(theirs, Case::Ins)
            )
        }
    }

    fn break_setup(&self, setup: &BreakSetup) -> (String, Vec<Line>) {
        const MM_PER_INCH: f64 = 25.4;
        let BreakSetup {
            breaker,
            ball,
            other,
            strike,
            confirm,
            ..
        } = setup;
        let mut lines = Vec::new();
        let heading = if setup.on_head_string {
            let mm = setup.offset_mm;
            let inches = format!("{:.0}", mm / MM_PER_INCH);
            let whole: u64 = inches.parse().unwrap_or(0);
            lines.push(Line::new(
                format!("Красный — на задней отметке, {other} — на передней."),
                Tone::Plain,
            ));
            lines.push(Line::new(
                format!(
                    "{breaker}: нажмите на свой {ball} шар и ведите его вдоль передней линии, \
                     не дальше {inches} {} ({} мм) от передней отметки в любую сторону.",
                    plural(whole, "дюйма", "дюймов", "дюймов"),
                    dec(mm, 0)
                ),
                Tone::Warn,
            ));
            lines.push(Line::new(
                format!(
                    "{confirm}: подтвердить место, затем прицелиться и ударить; или бить прямо \
                     отсюда ({strike})."
                ),
                Tone::Plain,
            ));
            "Расстановка для начального удара (правило 7)".to_owned()
        } else {
            lines.push(Line::new(
                format!(
                    "{breaker} начинает партию {}: {strike} — удар, когда будете готовы.",
                    ball_in(ball, Case::Ins)
                ),
                Tone::Warn,
            ));
            format!("{}: расстановка", setup.game)
        };
        if setup.red_first {
            lines.push(Line::new(
                "При начальном ударе биток должен коснуться красного раньше, чем битка \
                 соперника (правило 8).",
                Tone::Dim,
            ));
        }
        (heading, lines)
    }

    fn head_string(&self) -> &'static str {
        "передняя линия"
    }

    fn half_of(&self, name: &str) -> String {
        format!("половина игрока {name}")
    }

    fn millimetres(&self, mm: f64) -> String {
        format!("{} мм", dec(mm, 1))
    }

    fn spot_occupied(&self, n: usize, spot: Spot) -> String {
        format!("{n}. {}: занята", self.spot(spot))
    }

    fn spot_here(&self, n: usize, spot: Option<Spot>, ball: &str) -> String {
        let place = spot.map_or("продольная ось".to_owned(), |s| self.spot(s));
        format!("{n}. {place}: сюда ставится {ball}")
    }

    fn contact_at_diamond(&self, n: usize, diamond: f64) -> String {
        format!("{n} ({})", dec(diamond, 1))
    }

    fn controls_hint(&self, keys: &str) -> String {
        format!("{keys}: управление")
    }

    fn stroke_panel(&self, panel: &StrokePanel) -> String {
        let raised = if panel.over_the_rail {
            " (над бортом)"
        } else {
            ""
        };
        let stroke = match panel.short_stroke_mm {
            Some(mm) => format!("короткая ({} мм)", dec(mm, 0)),
            None => format!("полная ({} мм)", dec(panel.full_stroke_mm, 0)),
        };
        format!(
            "Сила: {} м/с\nНаклон кия: {}°{raised}\nТочка удара: {}\nПроводка: {stroke}",
            dec(panel.speed, 2),
            dec(panel.elevation_deg, 1),
            panel.tip,
        )
    }

    fn ready_to_strike(&self) -> &'static str {
        "Готово: щелчок по свободному сукну (не по шарам) или Space — удар"
    }

    fn balls_moving(&self, count: &LiveCount, style: BallStyle) -> String {
        format!("Шары катятся: {}", self.live_count(count, style))
    }

    fn beyond_the_miscue_limit(&self) -> &'static str {
        "За пределом кикса!\nЩелчок по свободному сукну или Space — удар"
    }

    fn ready_with_path(&self, ready: &str, contacts: &[Contact], style: BallStyle) -> String {
        format!("{ready}\nПуть: {}", self.contacts(contacts, style))
    }

    fn ready_to_set_the_tip(&self, ready: &str) -> String {
        format!("{ready}\nТочка удара — на шаре в этой панели (щелчок или перетаскивание)")
    }

    fn contacts_line(&self, contacts: &[Contact], style: BallStyle) -> String {
        format!("Касания (в ромбах): {}", self.contacts(contacts, style))
    }

    fn spots_next(&self) -> &'static str {
        "Затем выскочившие шары выставляются на отметки (правила 21, 26)"
    }

    fn next_up(&self, next: &str, ball: &str, again: bool) -> String {
        if again {
            format!("{next} бьёт снова: {ball} шар")
        } else {
            format!("Далее: {next}, {ball} шар")
        }
    }

    fn go_on_then_hide(&self, keys: &str) -> String {
        format!("{keys}: дальше, затем скрыть это")
    }

    fn stroke_heading(&self, n: usize) -> String {
        format!("Удар {n}")
    }

    fn last_strokes(&self) -> &'static str {
        "Последние удары"
    }

    fn recent_stroke(&self, number: usize, name: &str, verdict: &Verdict) -> Line {
        let note = self.sheet_note(verdict);
        let (what, tone) = if verdict.points > 0 {
            (format!("+{}", verdict.points), Tone::Good)
        } else if note.text.is_empty() {
            ("карамболя нет".to_owned(), note.tone)
        } else {
            (note.text, note.tone)
        };
        Line::new(format!("{number:>3}. {name}: {what}"), tone)
    }

    fn replay_status(&self, state: &ReplayState) -> String {
        let ReplayState {
            stroke,
            strokes,
            t,
            speed,
            keys: [pause, back, forward, slower, faster, earlier, leave],
            ..
        } = state;
        let paused = if state.paused { ", пауза" } else { "" };
        format!(
            "Повтор {stroke}/{strokes}: {} с, скорость {}×{paused}\n{pause}: пауза или дальше, \
             {back} {forward}: шаг, {slower} {faster}: медленнее, быстрее, {earlier}: \
             предыдущий, {leave}: выход",
            dec(*t, 2),
            num(*speed)
        )
    }

    fn break_choice_title(&self, name: &str) -> String {
        format!(
            "{name} — победитель раската: начать партию или уступить начальный удар, и выбрать \
             шар (правила 4, 6)"
        )
    }

    fn break_choice(&self, break_it: bool, ball: &str, other: &str, theirs: &str) -> String {
        if break_it {
            format!("Начать партию {}", ball_in(ball, Case::Ins))
        } else {
            format!(
                "Уступить, оставить себе {ball} шар: {other} начинает {}",
                ball_in(theirs, Case::Ins)
            )
        }
    }

    fn ball_for_the_game(&self, other: &str) -> String {
        format!("Выбранный шар — ваш на всю партию; {other} играет другим.")
    }

    fn won_the_lag(&self, name: &str) -> String {
        format!("{name} — победитель раската (правила 4, 6)")
    }

    fn spotting_title(&self) -> &'static str {
        "Выставление выскочивших шаров (правила 21, 26)"
    }

    fn spotting_order(&self) -> &'static str {
        "Сначала белый шар ставится на переднюю отметку, красный — на заднюю; если она \
         занята — на другую, затем на среднюю."
    }

    fn confirm_restore(&self, keys: &str) -> String {
        format!(
            "Нажмите {keys} ещё раз, чтобы вернуть шары туда, где они стояли до последнего \
             удара (правило 22), — с согласия обоих игроков"
        )
    }

    fn confirm_leave(&self, keys: &str) -> String {
        format!("Нажмите {keys} ещё раз, чтобы выйти: этот сеанс не сохранён")
    }

    fn diagram_saved(&self, path: &std::path::Path) -> String {
        format!("Схема удара сохранена: {}", path.display())
    }

    fn no_stroke_to_save(&self) -> &'static str {
        "Пока нет удара, который можно сохранить"
    }

    fn key(&self, key: &str) -> String {
        // Keys as printed on a keyboard, in Latin as on a Russian one.
        let printed = match key {
            "Comma" => ",",
            "Period" => ".",
            "Minus" => "-",
            "Equal" => "=",
            "Slash" => "/",
            "Semicolon" => ";",
            "BracketLeft" => "[",
            "BracketRight" => "]",
            "Backquote" => "`",
            "Quote" => "'",
            "Backslash" => "\\",
            "ArrowUp" => "Вверх",
            "ArrowDown" => "Вниз",
            "ArrowLeft" => "Влево",
            "ArrowRight" => "Вправо",
            "PageUp" => "Page Up",
            "PageDown" => "Page Down",
            _ => "",
        };
        if !printed.is_empty() {
            return printed.to_owned();
        }
        // ShiftLeft: левый Shift; KeyA: A; Digit1: 1.
        for (side, said) in [("Left", "левый"), ("Right", "правый")] {
            if let Some(key) = key.strip_suffix(side) {
                return format!("{said} {}", key.replace("Control", "Ctrl"));
            }
        }
        key.strip_prefix("Key")
            .or_else(|| key.strip_prefix("Digit"))
            .unwrap_or(key)
            .to_owned()
    }

    fn mouse_button(&self, button: &str) -> String {
        match button {
            "Left" => "левая кнопка мыши".to_owned(),
            "Right" => "правая кнопка мыши".to_owned(),
            "Middle" => "средняя кнопка мыши".to_owned(),
            other => format!("кнопка мыши {other}"),
        }
    }

    fn action(&self, action: Action) -> &'static str {
        match action {
            Action::AimLeft => "прицел влево (точно)",
            Action::AimRight => "прицел вправо (точно)",
            Action::HoldAim => "удерживать: прицел стоит, пока движется мышь",
            Action::PowerUp => "сильнее",
            Action::PowerDown => "слабее",
            Action::TipUp => "точка удара выше (накат)",
            Action::TipDown => "точка удара ниже (оттяжка)",
            Action::TipLeft => "точка удара левее (левый винт)",
            Action::TipRight => "точка удара правее (правый винт)",
            Action::ElevationUp => "поднять кий",
            Action::ElevationDown => "опустить кий",
            Action::ShortStroke => {
                "короткая или полная проводка (короткая: без двойного удара по близким шарам)"
            }
            Action::Strike => "удар",
            Action::OrbitCamera => "удерживать и тянуть: повернуть камеру (круговой обзор)",
            Action::NextCamera => "следующий вид: за шаром, сверху, круговой, за битком",
            Action::ResetCamera => "вернуть вид по умолчанию",
            Action::ToggleTrails => "показать или скрыть пути и касания последнего удара",
            Action::ExportDiagram => "сохранить последний удар как схему SVG",
            Action::NextPosition => "тренировка: следующая позиция этой игры",
            Action::PreviousPosition => "тренировка: предыдущая позиция",
            Action::PositionStroke => "тренировка: прицелиться, как в ударе самой позиции",
            Action::Coach => "тренировка: лучший удар тренера; ещё раз — взять его",
            Action::SavePosition => "тренировка: сохранить расстановку и удар как позицию",
            Action::DeletePosition => "тренировка: удалить показанную свою позицию",
            Action::NextDrill => "тренировка: начать следующее упражнение этой игры",
            Action::Undo => "тренировка: отменить последний удар",
            Action::Redo => "тренировка: снова сыграть отменённый удар",
            Action::Retry => "тренировка: отменить и прицелиться, как было сыграно",
            Action::Snap => "тренировка: удерживать, перетаскивая шар: на отметку или линию ромба",
            Action::NextCueBall => "тренировка: продолжить другим белым",
            Action::SwitchLagHalf => "тренировка раската: бить из другой половины",
            Action::LagOpponent => {
                "тренировка раската: одному, против компьютера, против своего лучшего"
            }
            Action::Replay => "повтор последнего удара; ещё раз — предыдущего",
            Action::ReplayPause => "повтор: пауза или дальше",
            Action::ReplayBack => "повтор: шаг назад",
            Action::ReplayForward => "повтор: шаг вперёд",
            Action::ReplaySlower => "повтор: медленнее",
            Action::ReplayFaster => "повтор: быстрее",
            Action::PreviousStroke => "просмотр матча: предыдущий удар",
            Action::NextStroke => "просмотр матча: следующий удар",
            Action::FirstStroke => "просмотр матча: первый удар",
            Action::LastStroke => "просмотр матча: последний удар",
            Action::MouseStroke => {
                "удерживать, отвести мышь назад и толкнуть: удар (отвод задаёт силу)"
            }
            Action::ToggleHelp => "показать или скрыть эту справку",
            Action::ToggleRules => {
                "правила игры (у решения судьи: правило, на которое он ссылается)"
            }
            Action::DeclareSafety => "объявить отыгрыш",
            Action::TimeOut => "взять тайм-аут (время на удар)",
            Action::RestorePositions => "восстановить позицию до последнего удара",
            Action::Chat => {
                "по сети: написать в чат (Enter отправляет); тренировка: место шара в ромбах"
            }
            Action::Concede => "по сети: сдать партию (нажать дважды)",
            Action::Decline => "зал: отказать, отменить вызов, выключить звук игрока",
            Action::Handicap => "зал: вызовы с форой по средним обоих или без неё",
            Action::Menu => "меню (в повторе: выйти из него)",
            Action::Confirm => "дальше (подтвердить расстановку, закрыть итог, реванш)",
            Action::MoveBall => {
                "перетащить шар, куда позволяют правила (раскат, начальный удар; в тренировке — \
                 любой)"
            }
            Action::Choose1 => "победитель раската: начать партию белым",
            Action::Choose2 => "победитель раската: начать партию помеченным",
            Action::Choose3 => "победитель раската: уступить начальный удар, оставить белый",
            Action::Choose4 => "победитель раската: уступить начальный удар, оставить помеченный",
            Action::MenuUp => "меню: вверх",
            Action::MenuDown => "меню: вниз",
            Action::MenuLeft => "меню: предыдущий вариант",
            Action::MenuRight => "меню: следующий вариант",
        }
    }

    fn controls_heading(&self) -> &'static str {
        "Управление  (прицел мышью: сзади — тянуть прицел, сверху — указать точку)"
    }

    fn seat(&self, seat: &Seat) -> String {
        match seat {
            Seat::Named(name) => name.clone(),
            Seat::Unnamed(i) => format!("Игрок {}", i + 1),
            Seat::ComputerLagger => "Компьютер".to_owned(),
            Seat::Ghost => "Призрак".to_owned(),
        }
    }

    fn set_up_refusal(&self, refusal: &SetUpRefusal) -> String {
        let named = |position: &Option<String>, why: String| match position {
            Some(name) => format!("{name}: {why}"),
            None => why,
        };
        match refusal {
            SetUpRefusal::OtherGame { position, game } => {
                format!("«{position}» — позиция игры {game}, а не этой")
            }
            SetUpRefusal::DrillOfOtherGame { drill, game } => {
                format!("упражнение «{drill}» — для игры {game}")
            }
            SetUpRefusal::Start { position, error } => {
                named(position, self.trouble(Trouble::Start(error)))
            }
            SetUpRefusal::Place { position, error } => {
                named(position, self.trouble(Trouble::Place(error)))
            }
            SetUpRefusal::BallsWouldTouch => "шары касались бы друг друга".to_owned(),
            SetUpRefusal::NotAWhite => "битком может быть только белый шар".to_owned(),
        }
    }
}
