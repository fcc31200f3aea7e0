//! The rules and the guides.

use super::*;

impl RulesWords for English {
    fn rules_document(&self) -> &'static str {
        include_str!("../../../../docs/rules.md")
    }

    fn rules_title(&self, game: &str) -> String {
        format!("The rules: {game}, then the general rules")
    }

    fn match_terms(&self, terms: &MatchTerms) -> Vec<String> {
        let target = if terms.targets.is_empty() {
            self.points(terms.target)
        } else {
            format!(
                "each their own target ({})",
                crate::words::named_targets(&terms.targets)
            )
        };
        let innings = match terms.innings_limit {
            None => "no innings limit".to_owned(),
            Some(1) => "at most 1 inning".to_owned(),
            Some(n) => format!("at most {n} innings (at the limit the most points win)"),
        };
        let equalising = if terms.equalising_inning {
            "equalising inning"
        } else {
            "no equalising inning: the target wins at once"
        };
        let mut lines = vec![format!("This match: {target}, {innings}, {equalising}.")];
        if terms.usba {
            lines.push(
                "Safety (USBA): a declared safety is a foul (rule 23); rules 24 and 25 do not apply."
                    .to_owned(),
            );
        }
        lines
    }

    fn rules_hint(&self, back: &str, on: &str, close: &str) -> String {
        format!("{back} / {on}: the rule before / after    {close}: close")
    }

    fn read_rule(&self, keys: &str, rule: Rule) -> String {
        format!("{keys}: read {}", self.rule(rule))
    }

    fn guide_title(&self, guide: Guide) -> &'static str {
        match guide {
            Guide::Match => "How to play a match",
            Guide::Practice => "How to practise",
            Guide::LagTraining => "How to train the lag",
            Guide::Drills => "Drills",
            Guide::Coach => "The coach",
        }
    }

    fn guide(&self, guide: Guide, k: &GuideKeys) -> Vec<String> {
        let stroke = [
            format!(
                "Turn the cue with {} (hold {} to turn it finely), or drag with the mouse.",
                k.aim, k.fine_aim
            ),
            format!(
                "{} sets how hard you hit; {} moves the tip on the ball for spin; {} raises the cue.",
                k.power, k.tip, k.elevation
            ),
            format!("{} strikes. {} changes the camera.", k.strike, k.camera),
        ];
        let mut lines: Vec<String> = match guide {
            Guide::Match => vec![
                "Two players (or three) take turns at one table. A lag first decides who breaks: both play a ball to the far cushion and back, the nearer to the near cushion wins.".into(),
                format!("In the lag, hit with {} when your stroke is set; the second player sets theirs, then both run together.", k.strike),
            ],
            Guide::Practice => vec![
                "One player, every stroke judged as in a match, with the aim line and the ball's predicted path shown.".into(),
                format!("{} takes a stroke back; {} moves a ball (drag it), {} types its place in diamonds; {} steps through the practice positions.", k.undo, k.move_ball, k.place_ball, k.positions),
            ],
            Guide::LagTraining => vec![
                "Lag again and again: stop the ball as close to the near (head) cushion as you can, after it touches the far one.".into(),
                format!("{} lags from the other half; {} changes the opponent (none, the computer, your best lag).", k.lag_half, k.lag_opponent),
            ],
            Guide::Drills => vec![
                format!("{} starts a drill: a set of positions, each tried several times, scored and kept so you can see your progress.", k.drill),
            ],
            Guide::Coach => vec![
                format!("{} asks the coach for a stroke: it searches the table as the strongest computer does and shows its aim; {} takes it over.", k.coach, k.take_stroke),
            ],
        };
        if matches!(guide, Guide::Match | Guide::Practice | Guide::LagTraining) {
            lines.extend(stroke);
        }
        if guide == Guide::Match {
            lines.push(format!(
                "After each stroke the referee says what counted and why, citing the rule: {} opens its text. {} goes on; {} declares a safety.",
                k.rules, k.go_on, k.safety
            ));
        }
        // Once, under the mode's own guide (practice's drills and coach follow it).
        if matches!(guide, Guide::Match | Guide::Practice | Guide::LagTraining) {
            lines.push(format!(
                "{} shows every key; {} the rules; {} the menu.",
                k.help, k.rules, k.menu
            ));
        }
        lines
    }

    fn guide_hint(&self, keys: &str, help: &str) -> String {
        format!("{keys}: close    {help}: this guide and every key again")
    }
}
