//! At the table: the overlays, the words on the cloth, the controls and the stroke panel.

use super::*;

impl TableWords for English {
    fn go_on(&self, keys: &str) -> String {
        format!("{keys}: go on")
    }

    fn go_on_or_click(&self, keys: &str) -> String {
        format!("{keys} or a click: go on")
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
            format!("{name} breaks with the {ball} ball.")
        } else {
            format!(
                "{name} passes the break and keeps the {ball} ball: {other} breaks with the {theirs}."
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
            lines.push(Line::new(
                format!("Red on the foot spot, the {other} ball on the head spot."),
                Tone::Plain,
            ));
            lines.push(Line::new(
                format!(
                    "{breaker}: press on your {ball} ball and drag it along the head string, \
                     at most {:.0} in ({mm:.0} mm) either side of the head spot.",
                    mm / MM_PER_INCH,
                ),
                Tone::Warn,
            ));
            lines.push(Line::new(
                format!(
                    "{confirm}: confirm the place, then aim and strike; or strike from here \
                     ({strike})."
                ),
                Tone::Plain,
            ));
            "Break set-up (rule 7)".to_owned()
        } else {
            lines.push(Line::new(
                format!("{breaker} breaks with the {ball} ball: {strike} when ready."),
                Tone::Warn,
            ));
            format!("{} set-up", setup.game)
        };
        if setup.red_first {
            lines.push(Line::new(
                "The break must hit the red before the other white (rule 8).",
                Tone::Dim,
            ));
        }
        (heading, lines)
    }

    fn head_string(&self) -> &'static str {
        "head string"
    }

    fn half_of(&self, name: &str) -> String {
        format!("{name}'s half")
    }

    fn millimetres(&self, mm: f64) -> String {
        format!("{mm:.1} mm")
    }

    fn spot_occupied(&self, n: usize, spot: Spot) -> String {
        format!("{n}. {}: occupied", self.spot(spot))
    }

    fn spot_here(&self, n: usize, spot: Option<Spot>, ball: &str) -> String {
        let place = spot.map_or("long axis".to_owned(), |s| self.spot(s));
        format!("{n}. {place}: the {ball} goes here")
    }

    fn contact_at_diamond(&self, n: usize, diamond: f64) -> String {
        format!("{n} ({diamond:.1})")
    }

    fn controls_hint(&self, keys: &str) -> String {
        format!("{keys}: controls")
    }

    fn stroke_panel(&self, panel: &StrokePanel) -> String {
        let raised = if panel.over_the_rail {
            " (over the rail)"
        } else {
            ""
        };
        let stroke = match panel.short_stroke_mm {
            Some(mm) => format!("short ({mm:.0} mm)"),
            None => format!("full ({:.0} mm)", panel.full_stroke_mm),
        };
        format!(
            "Power {:.2} m/s\nElevation {:.1}°{raised}\nTip {}\nStroke {stroke}",
            panel.speed, panel.elevation_deg, panel.tip,
        )
    }

    fn ready_to_strike(&self) -> &'static str {
        "Ready: click the open cloth (away from the balls) or Space to strike"
    }

    fn balls_moving(&self, count: &LiveCount, style: BallStyle) -> String {
        format!("Balls moving: {}", self.live_count(count, style))
    }

    fn beyond_the_miscue_limit(&self) -> &'static str {
        "Beyond the miscue limit!\nClick the open cloth or Space to strike"
    }

    fn ready_with_path(&self, ready: &str, contacts: &[Contact], style: BallStyle) -> String {
        format!("{ready}\nPath: {}", self.contacts(contacts, style))
    }

    fn ready_to_set_the_tip(&self, ready: &str) -> String {
        format!("{ready}\nSet the tip on the ball face in this panel (click or drag it)")
    }

    fn contacts_line(&self, contacts: &[Contact], style: BallStyle) -> String {
        format!("Contacts (diamonds): {}", self.contacts(contacts, style))
    }

    fn spots_next(&self) -> &'static str {
        "Jumped balls go to their spots next (rules 21, 26)"
    }

    fn next_up(&self, next: &str, ball: &str, again: bool) -> String {
        if again {
            format!("{next} plays again, the {ball} ball")
        } else {
            format!("Next: {next}, the {ball} ball")
        }
    }

    fn go_on_then_hide(&self, keys: &str) -> String {
        format!("{keys}: go on, then hide this")
    }

    fn stroke_heading(&self, n: usize) -> String {
        format!("Stroke {n}")
    }

    fn last_strokes(&self) -> &'static str {
        "Last strokes"
    }

    fn recent_stroke(&self, number: usize, name: &str, verdict: &Verdict) -> Line {
        let note = self.sheet_note(verdict);
        let (what, tone) = if verdict.points > 0 {
            (format!("+{}", verdict.points), Tone::Good)
        } else if note.text.is_empty() {
            ("no count".to_owned(), note.tone)
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
        let paused = if state.paused { ", paused" } else { "" };
        format!(
            "Replay {stroke}/{strokes}: {t:.2} s at {speed}x{paused}\n{pause}: pause or play, \
             {back} {forward}: step, {slower} {faster}: slower, faster, {earlier}: earlier, \
             {leave}: leave"
        )
    }

    fn break_choice_title(&self, name: &str) -> String {
        format!("{name} won the lag: break or pass, and pick your ball (rules 4, 6)")
    }

    fn break_choice(&self, break_it: bool, ball: &str, other: &str, theirs: &str) -> String {
        if break_it {
            format!("Break, playing the {ball} ball")
        } else {
            format!("Pass, keep the {ball}: {other} breaks with the {theirs}")
        }
    }

    fn ball_for_the_game(&self, other: &str) -> String {
        format!("The ball you pick is yours all game; {other} plays the other.")
    }

    fn won_the_lag(&self, name: &str) -> String {
        format!("{name} won the lag (rules 4, 6)")
    }

    fn spotting_title(&self) -> &'static str {
        "Jumped balls are spotted (rules 21, 26)"
    }

    fn spotting_order(&self) -> &'static str {
        "First choice: the head spot for a white, the foot spot for the red; then the other \
         spot, then the centre spot."
    }

    fn confirm_restore(&self, keys: &str) -> String {
        format!(
            "Press {keys} again to put the balls back where they were before the last stroke \
             (rule 22) - both players agree"
        )
    }

    fn confirm_leave(&self, keys: &str) -> String {
        format!("Press {keys} again to leave: this session is not saved")
    }

    fn diagram_saved(&self, path: &std::path::Path) -> String {
        format!("Saved the stroke's diagram: {}", path.display())
    }

    fn no_stroke_to_save(&self) -> &'static str {
        "No stroke to save yet"
    }

    fn key(&self, key: &str) -> String {
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
            "ArrowUp" => "Up",
            "ArrowDown" => "Down",
            "ArrowLeft" => "Left",
            "ArrowRight" => "Right",
            "PageUp" => "Page Up",
            "PageDown" => "Page Down",
            _ => "",
        };
        if !printed.is_empty() {
            return printed.to_owned();
        }
        // ShiftLeft: Left Shift; KeyA: A; Digit1: 1.
        for side in ["Left", "Right"] {
            if let Some(key) = key.strip_suffix(side) {
                return format!("{side} {}", key.replace("Control", "Ctrl"));
            }
        }
        key.strip_prefix("Key")
            .or_else(|| key.strip_prefix("Digit"))
            .unwrap_or(key)
            .to_owned()
    }

    fn mouse_button(&self, button: &str) -> String {
        format!("{button} mouse")
    }

    fn action(&self, action: Action) -> &'static str {
        match action {
            Action::AimLeft => "aim left (fine)",
            Action::AimRight => "aim right (fine)",
            Action::HoldAim => "hold: keep the aim while the mouse moves",
            Action::PowerUp => "more power",
            Action::PowerDown => "less power",
            Action::TipUp => "tip higher (follow)",
            Action::TipDown => "tip lower (draw)",
            Action::TipLeft => "tip left (left side)",
            Action::TipRight => "tip right (right side)",
            Action::ElevationUp => "raise the cue",
            Action::ElevationDown => "lower the cue",
            Action::ShortStroke => "short or full stroke (short: no double hit on close balls)",
            Action::Strike => "strike",
            Action::OrbitCamera => "hold and drag: turn the camera (orbit view)",
            Action::NextCamera => "next view: behind the ball, top, orbit, follow",
            Action::ResetCamera => "back to the default view",
            Action::ToggleTrails => "show or hide the last stroke's paths and contacts",
            Action::ExportDiagram => "save the last stroke as an SVG diagram",
            Action::NextPosition => "practice: next position of this game",
            Action::PreviousPosition => "practice: previous position",
            Action::PositionStroke => "practice: aim as the position's own stroke",
            Action::Coach => "practice: the coach's best stroke, again: take it",
            Action::SavePosition => "practice: save the lay-out and stroke as a position",
            Action::DeletePosition => "practice: delete your own position shown",
            Action::NextDrill => "practice: start the next drill of this game",
            Action::Undo => "practice: take the last stroke back",
            Action::Redo => "practice: play the stroke taken back again",
            Action::Retry => "practice: take it back and aim as it was played",
            Action::Snap => "practice: hold while dragging a ball: onto a spot or diamond line",
            Action::NextCueBall => "practice: play on with the other white",
            Action::SwitchLagHalf => "lag training: lag from the other half",
            Action::LagOpponent => "lag training: alone, against the computer, against your best",
            Action::Replay => "replay the last stroke; again: the one before",
            Action::ReplayPause => "replay: pause or play on",
            Action::ReplayBack => "replay: step back",
            Action::ReplayForward => "replay: step on",
            Action::ReplaySlower => "replay: slower",
            Action::ReplayFaster => "replay: faster",
            Action::PreviousStroke => "watching a match: the stroke before",
            Action::NextStroke => "watching a match: the next stroke",
            Action::FirstStroke => "watching a match: the first stroke",
            Action::LastStroke => "watching a match: the last stroke",
            Action::MouseStroke => {
                "hold, draw the mouse back and push: strike (draw-back sets the power)"
            }
            Action::ToggleHelp => "show or hide this help",
            Action::ToggleRules => "the rules of the game (at a verdict: the rule it cites)",
            Action::DeclareSafety => "declare a safety",
            Action::TimeOut => "call a time-out (shot clock)",
            Action::RestorePositions => "restore the positions of before the last stroke",
            Action::Chat => {
                "online: type a line of chat (Enter says it); practice: a ball's place in diamonds"
            }
            Action::Concede => "online: concede the game (press twice)",
            Action::Decline => "lobby: decline, withdraw a challenge, mute a player",
            Action::Handicap => "lobby: challenges with a handicap from both averages, or not",
            Action::Menu => "menu (in a replay: leave it)",
            Action::Confirm => "go on (confirm the set-up, dismiss a result, rematch)",
            Action::MoveBall => "drag a ball where the rules let you (lag, break; any in practice)",
            Action::Choose1 => "lag winner: break, play the white",
            Action::Choose2 => "lag winner: break, play the dotted",
            Action::Choose3 => "lag winner: pass the break, keep the white",
            Action::Choose4 => "lag winner: pass the break, keep the dotted",
            Action::MenuUp => "menu: up",
            Action::MenuDown => "menu: down",
            Action::MenuLeft => "menu: previous choice",
            Action::MenuRight => "menu: next choice",
        }
    }

    fn controls_heading(&self) -> &'static str {
        "Controls  (the mouse aims: from behind it drags the aim, from above it points)"
    }

    fn seat(&self, seat: &Seat) -> String {
        match seat {
            Seat::Named(name) => name.clone(),
            Seat::Unnamed(i) => format!("Player {}", i + 1),
            Seat::ComputerLagger => "Computer".to_owned(),
            Seat::Ghost => "Ghost".to_owned(),
        }
    }

    fn set_up_refusal(&self, refusal: &SetUpRefusal) -> String {
        let named = |position: &Option<String>, why: String| match position {
            Some(name) => format!("{name}: {why}"),
            None => why,
        };
        match refusal {
            SetUpRefusal::OtherGame { position, game } => {
                format!("\"{position}\" is a position of {game}, not of this game")
            }
            SetUpRefusal::DrillOfOtherGame { drill, game } => {
                format!("the drill \"{drill}\" is for {game}")
            }
            SetUpRefusal::Start { position, error } => named(position, error.to_string()),
            SetUpRefusal::Place { position, error } => named(position, error.to_string()),
            SetUpRefusal::BallsWouldTouch => "the balls would touch".to_owned(),
            SetUpRefusal::NotAWhite => "the cue ball is a white one".to_owned(),
        }
    }
}
