//! The rules at hand (at the table and in the menu): the chosen game's own rules, then
//! the general rules 1–26, in the language spoken, shown from one section on. At a
//! verdict that cites a rule (the last one, at the table) it opens at that rule. While it is open the table and the
//! menu take no other input: its arrows turn its pages.

use super::widgets::{Tone, keys, label, toned};
use crate::config::Action;
use crate::input::Actions;
use crate::rules::Rule;
use crate::session::{GameConfig, GameSystems, Screen, Session, Settings};
use crate::words::{MatchTerms, RulesBook, Section, named, spoken, words};
use bevy::prelude::*;
use std::sync::OnceLock;

/// The rules shown, from this section on (in [`sections`]' order); None: closed.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct RulesOpen(pub Option<usize>);

#[derive(Component)]
struct RulesPanel;

/// The rules are open: the rest of the input waits.
pub(super) fn reading_rules(open: Res<RulesOpen>) -> bool {
    open.0.is_some()
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RulesOpen>();
    app.configure_sets(Update, GameSystems::Input.run_if(not(reading_rules)));
    app.add_systems(
        Update,
        (open_or_close, turn_pages.run_if(reading_rules))
            .chain()
            .run_if(in_state(Screen::Table).or_else(in_state(Screen::Menu)))
            // After the input, whose set is already skipped while the rules are open:
            // the key that closes them does nothing else.
            .after(GameSystems::Input)
            .before(GameSystems::Rules),
    );
    app.add_systems(Update, show_rules.in_set(GameSystems::Present));
    app.add_systems(OnExit(Screen::Table), close);
    app.add_systems(OnExit(Screen::Menu), close);
}

fn close(mut open: ResMut<RulesOpen>) {
    open.0 = None;
}

/// Each language's rules, read once.
fn book() -> &'static RulesBook {
    static BOOKS: [OnceLock<RulesBook>; 2] = [OnceLock::new(), OnceLock::new()];
    let language = spoken();
    let at = crate::words::Language::ALL
        .iter()
        .position(|l| *l == language)
        .unwrap_or(0);
    BOOKS[at].get_or_init(|| RulesBook::parse(words().rules_document()))
}

/// The sections in the order shown: the game's own rules (where the book has them),
/// then the general rules.
fn sections<'a>(book: &'a RulesBook, game: &str) -> Vec<&'a Section> {
    book.game(game)
        .into_iter()
        .chain(book.general.iter().map(|(_, s)| s))
        .collect()
}

/// Where `rule` is among the sections: a general rule by its number, a game's own rule
/// at the game's section.
fn section_of(rule: Rule, book: &RulesBook, game: &str) -> usize {
    let own = usize::from(book.game(game).is_some());
    match rule {
        Rule::General(n) => book
            .general
            .iter()
            .position(|(number, _)| *number == n)
            .map_or(0, |at| at + own),
        // A format's rule: no section of the book; the first one shows.
        Rule::Balkline | Rule::KoreanFourBall | Rule::ShotClock => 0,
    }
}

/// The rule the last verdict cites first.
fn cited(session: Option<Res<Session>>) -> Option<Rule> {
    session?.last_verdict()?.fouls.first().map(|f| f.rule())
}

fn open_or_close(
    actions: Res<Actions>,
    settings: Res<Settings>,
    session: Option<Res<Session>>,
    mut open: ResMut<RulesOpen>,
) {
    if actions.just_pressed(Action::ToggleRules) {
        open.0 = match open.0 {
            Some(_) => None,
            None => Some(cited(session).map_or(0, |rule| section_of(rule, book(), &settings.game))),
        };
    } else if open.0.is_some() && actions.just_pressed(Action::Menu) {
        open.0 = None;
    }
}

fn turn_pages(actions: Res<Actions>, settings: Res<Settings>, mut open: ResMut<RulesOpen>) {
    let Some(at) = open.0 else { return };
    let last = sections(book(), &settings.game).len().saturating_sub(1);
    if actions.just_pressed(Action::MenuUp) {
        open.0 = Some(at.saturating_sub(1));
    }
    if actions.just_pressed(Action::MenuDown) {
        open.0 = Some((at + 1).min(last));
    }
}

/// The panel, built again when the page or the game changes.
fn show_rules(
    mut commands: Commands,
    open: Res<RulesOpen>,
    settings: Res<Settings>,
    config: Res<GameConfig>,
    panels: Query<Entity, With<RulesPanel>>,
    mut shown: Local<Option<(usize, String, crate::words::Language)>>,
) {
    let wanted = open.0.map(|at| (at, settings.game.clone(), spoken()));
    if *shown == wanted {
        return;
    }
    for panel in &panels {
        commands.entity(panel).despawn();
    }
    *shown = wanted;
    let Some(at) = open.0 else { return };
    let config = &config.0;
    let rules = config.games.games.get(&settings.game);
    let game = rules.map_or_else(|| settings.game.clone(), |g| named(g).to_owned());
    // The game's own section opens with the match as chosen.
    let players = settings.seated();
    let terms = rules.map(|rules| {
        words().match_terms(&MatchTerms {
            target: settings.target,
            targets: players
                .iter()
                .map(String::as_str)
                .zip(settings.seated_targets())
                .collect(),
            innings_limit: settings.innings_limit,
            equalising_inning: rules.equalising_inning,
            usba: rules.usba,
        })
    });
    let own_section = book().game(&settings.game).is_some();
    let hint = words().rules_hint(
        &keys(config, Action::MenuUp),
        &keys(config, Action::MenuDown),
        &format!(
            "{} / {}",
            keys(config, Action::ToggleRules),
            keys(config, Action::Menu)
        ),
    );
    commands
        .spawn((
            Name::new("Rules"),
            RulesPanel,
            Node {
                position_type: PositionType::Absolute,
                top: px(40),
                bottom: px(40),
                left: px(120),
                right: px(120),
                padding: UiRect::all(px(16)),
                flex_direction: FlexDirection::Column,
                row_gap: px(6),
                overflow: Overflow::clip(),
                ..default()
            },
            // Opaque and on top of every panel and overlay.
            BackgroundColor(Color::srgb(0.03, 0.03, 0.04)),
            GlobalZIndex(2),
        ))
        .with_children(|panel| {
            panel.spawn(label(words().rules_title(&game), 20.0));
            panel.spawn(toned(hint, 13.0, Tone::Dim));
            for (i, section) in sections(book(), &settings.game)
                .into_iter()
                .enumerate()
                .skip(at)
            {
                let tone = if i == at { Tone::Good } else { Tone::Plain };
                panel.spawn((
                    toned(section.heading.clone(), 16.0, tone),
                    Node {
                        margin: UiRect::top(px(6)),
                        ..default()
                    },
                ));
                if i == 0 && own_section {
                    for line in terms.iter().flatten() {
                        panel.spawn(toned(line.clone(), 14.0, Tone::Good));
                    }
                }
                for paragraph in &section.paragraphs {
                    panel.spawn(toned(paragraph.clone(), 14.0, Tone::Plain));
                }
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Language;

    #[test]
    fn both_books_hold_every_general_rule_and_every_bundled_game() {
        let config = crate::config::Config::defaults();
        for language in Language::ALL {
            let book = RulesBook::parse(language.words().rules_document());
            let numbers: Vec<u8> = book.general.iter().map(|(n, _)| *n).collect();
            assert_eq!(numbers, (1..=26).collect::<Vec<u8>>(), "{language:?}");
            for key in config.games.games.keys() {
                let section = book.game(key);
                assert!(
                    section.is_some_and(|s| !s.paragraphs.is_empty()),
                    "{language:?}: no rules for {key}"
                );
            }
            for (_, section) in &book.general {
                assert!(!section.paragraphs.is_empty(), "{}", section.heading);
            }
        }
    }

    #[test]
    fn a_cited_rule_opens_its_own_section() {
        let book = RulesBook::parse(Language::English.words().rules_document());
        let at = section_of(Rule::General(15), &book, "three_cushion");
        let shown = sections(&book, "three_cushion");
        assert!(
            shown[at].heading.starts_with("15."),
            "{}",
            shown[at].heading
        );
        assert_eq!(section_of(Rule::Balkline, &book, "balkline_47_2"), 0);
        assert!(sections(&book, "balkline_47_2")[0].heading.contains("47/2"));
    }
}
