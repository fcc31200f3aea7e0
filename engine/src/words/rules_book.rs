//! The rules as a player reads them in the game: `docs/rules.md` and `docs/rules.ru.md`,
//! compiled in and cut into the general rules (by their number, as the referee cites
//! them) and each game's own rules (by the game's key in `games.ron`).

/// One rule or one game's rules: its heading and its paragraphs, Markdown's emphasis
/// taken out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub heading: String,
    pub paragraphs: Vec<String>,
}

/// The rules of one language's document.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesBook {
    /// The general rules, by number (1–26), in order.
    pub general: Vec<(u8, Section)>,
    /// Each game's own rules, by its key.
    pub games: Vec<(String, Section)>,
}

impl RulesBook {
    /// Reads a rules document: a general rule is a numbered item (`5. **Title.** text`,
    /// its lines and sub-items indented below it); a game's rules are the lines under a
    /// heading `### Name {#key}`, up to the next heading. A game's item that names a key
    /// of the config in backticks (`target: 40`) says what the config holds, not what
    /// the match chosen plays: it is left out (the rules screen says the match's own).
    pub fn parse(text: &str) -> RulesBook {
        let mut book = RulesBook::default();
        // Where the lines being read go: a general rule, a game, or nowhere.
        enum Into {
            Nowhere,
            General,
            Game,
        }
        let mut into = Into::Nowhere;
        for line in text.lines() {
            let trimmed = line.trim();
            if let Some(heading) = trimmed.strip_prefix('#') {
                into = Into::Nowhere;
                let heading = heading.trim_start_matches('#').trim();
                if let Some((name, key)) =
                    heading.strip_suffix('}').and_then(|h| h.rsplit_once("{#"))
                {
                    book.games
                        .push((key.trim().to_owned(), Section::new(name.trim())));
                    into = Into::Game;
                }
                continue;
            }
            let indented = line.starts_with(' ');
            if !indented && let Some((number, rest)) = numbered(trimmed) {
                let (title, first) = split_title(rest);
                let mut section = Section::new(&format!("{number}. {title}"));
                section.push_line(&first, false);
                book.general.push((number, section));
                into = Into::General;
                continue;
            }
            let section = match into {
                Into::General => book.general.last_mut().map(|(_, s)| s),
                Into::Game => book.games.last_mut().map(|(_, s)| s),
                Into::Nowhere => None,
            };
            let Some(section) = section else { continue };
            if trimmed.is_empty() {
                section.paragraphs.push(String::new());
            } else if let Some(item) = trimmed.strip_prefix("- ") {
                section.paragraphs.push(format!("• {item}"));
            } else {
                section.push_line(trimmed, true);
            }
        }
        for (_, section) in &mut book.games {
            section.paragraphs.retain(|p| !p.contains('`'));
        }
        let general = book.general.iter_mut().map(|(_, s)| s);
        for section in general.chain(book.games.iter_mut().map(|(_, s)| s)) {
            section.paragraphs.retain(|p| !p.is_empty());
            for paragraph in &mut section.paragraphs {
                *paragraph = plain(paragraph);
            }
        }
        book
    }

    /// General rule `number`.
    pub fn rule(&self, number: u8) -> Option<&Section> {
        self.general
            .iter()
            .find(|(n, _)| *n == number)
            .map(|(_, s)| s)
    }

    /// The game `key`'s own rules.
    pub fn game(&self, key: &str) -> Option<&Section> {
        self.games.iter().find(|(k, _)| k == key).map(|(_, s)| s)
    }
}

impl Section {
    fn new(heading: &str) -> Section {
        Section {
            heading: plain(heading),
            paragraphs: Vec::new(),
        }
    }

    /// A line of text: a paragraph of its own, or, `joined`, the paragraph before it
    /// going on.
    fn push_line(&mut self, line: &str, joined: bool) {
        match self.paragraphs.last_mut() {
            Some(last) if joined && !last.is_empty() => {
                last.push(' ');
                last.push_str(line);
            }
            _ if line.is_empty() => {}
            _ => self.paragraphs.push(line.to_owned()),
        }
    }
}

/// `5. rest` as (5, rest).
fn numbered(line: &str) -> Option<(u8, &str)> {
    let (number, rest) = line.split_once(". ")?;
    Some((number.parse().ok()?, rest))
}

/// `**Title.** text` as ("Title.", "text").
fn split_title(rest: &str) -> (String, String) {
    match rest.strip_prefix("**").and_then(|r| r.split_once("**")) {
        Some((title, text)) => (title.trim().to_owned(), text.trim().to_owned()),
        None => (String::new(), rest.to_owned()),
    }
}

/// Markdown's emphasis and code marks taken out.
fn plain(text: &str) -> String {
    text.replace("**", "").replace('`', "")
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "# Rules\n\nIntro.\n\n\
        1. **Equipment.** Tables of 4.5 x 9 ft\n   or 5 x 10 ft.\n\
        2. **Balls.** Two whites.\n\
        26. **Spotting.**\n    - Cue ball: head spot.\n    - Red: foot spot.\n\n\
        ## Games\n\n### Three-cushion {#three_cushion}\nThree cushions\nbefore the second ball.\n\n- Target 15.\n- Shipped as `usba: false`,\n  `usba: true` for USBA.\n\
        ### Red Ball {#red_ball}\nRed first.\n";

    #[test]
    fn rules_are_cut_by_number_and_games_by_key() {
        let book = RulesBook::parse(DOC);
        assert_eq!(book.general.len(), 3);
        let one = book.rule(1).unwrap();
        assert_eq!(one.heading, "1. Equipment.");
        assert_eq!(one.paragraphs, ["Tables of 4.5 x 9 ft or 5 x 10 ft."]);
        assert_eq!(
            book.rule(26).unwrap().paragraphs,
            ["• Cue ball: head spot.", "• Red: foot spot."]
        );
        let three = book.game("three_cushion").unwrap();
        assert_eq!(three.heading, "Three-cushion");
        assert_eq!(
            three.paragraphs,
            ["Three cushions before the second ball.", "• Target 15."]
        );
        assert_eq!(book.game("red_ball").unwrap().paragraphs, ["Red first."]);
        assert!(book.rule(3).is_none() && book.game("snooker").is_none());
    }
}
