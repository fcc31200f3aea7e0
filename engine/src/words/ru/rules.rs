//! The rules and the guides.

use super::*;

impl RulesWords for Russian {
    fn rules_document(&self) -> &'static str {
        include_str!("../../../../docs/rules.ru.md")
    }

    fn rules_title(&self, game: &str) -> String {
        format!("Правила: {game}, затем общие правила")
    }

    fn match_terms(&self, terms: &MatchTerms) -> Vec<String> {
        let target = if terms.targets.is_empty() {
            up_to_points(terms.target)
        } else {
            format!(
                "у каждого своя цель ({})",
                crate::words::named_targets(&terms.targets)
            )
        };
        let innings = match terms.innings_limit {
            None => "без ограничения подходов".to_owned(),
            Some(n) => format!(
                "не больше {} (по исчерпании побеждает набравший больше)",
                count(u64::from(n), "подхода", "подходов", "подходов")
            ),
        };
        let equalising = if terms.equalising_inning {
            "с уравнивающим подходом"
        } else {
            "без уравнивающего подхода: цель сразу приносит победу"
        };
        let mut lines = vec![format!("Этот матч: {target}, {innings}, {equalising}.")];
        if terms.usba {
            lines.push(
                "Отыгрыш (USBA): объявленный отыгрыш — фол (правило 23); правила 24 и 25 не действуют."
                    .to_owned(),
            );
        }
        lines
    }

    fn rules_hint(&self, back: &str, on: &str, close: &str) -> String {
        format!("{back} / {on}: предыдущее / следующее правило    {close}: закрыть")
    }

    fn read_rule(&self, keys: &str, rule: Rule) -> String {
        format!("{keys}: прочитать {}", self.rule(rule))
    }

    fn guide_title(&self, guide: Guide) -> &'static str {
        match guide {
            Guide::Match => "Как играть матч",
            Guide::Practice => "Как тренироваться",
            Guide::LagTraining => "Как тренировать раскат",
            Guide::Drills => "Упражнения",
            Guide::Coach => "Тренер",
        }
    }

    fn guide(&self, guide: Guide, k: &GuideKeys) -> Vec<String> {
        let stroke = [
            format!(
                "{} — поворот кия (удерживайте {} для точной наводки); можно вести мышью.",
                k.aim, k.fine_aim
            ),
            format!(
                "{} — сила удара; {} — точка удара по шару, для вращения; {} — наклон кия.",
                k.power, k.tip, k.elevation
            ),
            format!("{} — удар. {} — другая камера.", k.strike, k.camera),
        ];
        let mut lines: Vec<String> = match guide {
            Guide::Match => vec![
                "Двое (или трое) играют по очереди за одним столом. Сначала раскат решает, \
                 кто начинает партию: оба катят шар к дальнему борту и обратно, побеждает тот, \
                 чей шар остановится ближе к ближнему борту."
                    .into(),
                format!(
                    "В раскате: {} — удар, когда он готов; второй игрок готовит свой, затем оба \
                     шара катятся вместе.",
                    k.strike
                ),
            ],
            Guide::Practice => vec![
                "Один игрок; каждый удар оценивает судья, как в матче, а линия прицела и путь \
                 шара показаны."
                    .into(),
                format!(
                    "{} — отменить удар; {} — переставить шар (перетащите его), {} — \
                     вписать его место в ромбах; {} — тренировочные позиции по очереди.",
                    k.undo, k.move_ball, k.place_ball, k.positions
                ),
            ],
            Guide::LagTraining => vec![
                "Раскат за раскатом: после касания дальнего борта остановите шар как можно \
                 ближе к ближнему (переднему) борту."
                    .into(),
                format!(
                    "{} — раскат из другой половины; {} — другой соперник (никого, компьютер, \
                     ваш лучший раскат).",
                    k.lag_half, k.lag_opponent
                ),
            ],
            Guide::Drills => vec![format!(
                "{} — начать упражнение: набор позиций, каждая по нескольку попыток; \
                 результат считается и сохраняется, чтобы был виден ваш прогресс.",
                k.drill
            )],
            Guide::Coach => vec![format!(
                "{} — спросить удар у тренера: он перебирает удары, как самый сильный \
                 компьютер, и показывает свой прицел; {} — взять этот удар.",
                k.coach, k.take_stroke
            )],
        };
        if matches!(guide, Guide::Match | Guide::Practice | Guide::LagTraining) {
            lines.extend(stroke);
        }
        if guide == Guide::Match {
            lines.push(format!(
                "После каждого удара судья говорит, что засчитано и почему, ссылаясь на \
                 правило: {} открывает его текст. {} — дальше; {} — объявить отыгрыш.",
                k.rules, k.go_on, k.safety
            ));
        }
        // Once, under the mode's own guide (practice's drills and coach follow it).
        if matches!(guide, Guide::Match | Guide::Practice | Guide::LagTraining) {
            lines.push(format!(
                "{} — все клавиши; {} — правила; {} — меню.",
                k.help, k.rules, k.menu
            ));
        }
        lines
    }

    fn guide_hint(&self, keys: &str, help: &str) -> String {
        format!("{keys}: закрыть    {help}: снова это руководство и все клавиши")
    }
}
