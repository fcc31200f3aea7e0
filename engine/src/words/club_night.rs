//! A club night's words: the match formats and their shot clock and sets at the table,
//! and a tournament's results sheet, as text and as an HTML page a club can print or
//! post (its title, the ranking rule named, the standings, the winner and every match
//! played). The sheet's layout is one for every language; each language gives its
//! labels (`ClubNightWords::tournament_labels`). Names are the players' own: escaped in
//! HTML, never interpreted.

use crate::play::tournament::{Draw, Tournament, TournamentError};

/// A language's labels for a tournament's sheet.
pub struct TournamentLabels {
    pub round_robin: &'static str,
    pub knock_out: &'static str,
    /// How the standings are ranked.
    pub ranking: &'static str,
    /// The standings' columns: place, player, played, won, drawn, match points, general
    /// average, high run.
    pub columns: [&'static str; 8],
    pub winner: &'static str,
    pub matches: &'static str,
    pub round: &'static str,
    /// A computer's name: its level's.
    pub computer: &'static str,
}

pub trait ClubNightWords {
    fn tournament_labels(&self) -> TournamentLabels;
    /// The menu's game row in a match under a format: the game and the format.
    fn game_in_format(&self, game: &str, format: &str) -> String {
        format!("{game} · {format}")
    }
    /// Practice's shot clock row: seconds a stroke, or none.
    fn practice_clock(&self, seconds: Option<u32>) -> String;
    /// The shot clock at the table: the seconds left, on a time-out's longer limit or
    /// not.
    fn shot_clock(&self, left_s: f64, time_out: bool) -> String;
    /// The time-outs the shooter has left, and the key that calls one.
    fn time_outs(&self, left: u32, key: &str) -> String;
    /// A set's heading on the score sheet: "Set 2".
    fn set_heading(&self, set: u32) -> String;
    /// A match in sets on the scoreboard: the set being played (the deciding one or
    /// not), the sets to win, each player's sets won.
    fn sets_line(&self, set: u32, to_win: u32, won: &[u32], deciding: bool) -> String;
    /// A line of the club night screen.
    fn night_line(&self, line: &NightLine) -> String;
}

/// A line of the club night screen: its set-up, then its schedule and results.
#[derive(Clone, Debug, PartialEq)]
pub enum NightLine<'a> {
    /// The screen's title: the format's name (or the game's), the draw.
    Title {
        format: &'a str,
        draw: Draw,
    },
    /// Set-up: a player, a person or the computer at a level, and their target.
    Entrant {
        name: &'a str,
        level: Option<&'a str>,
        target: u32,
    },
    AddPlayer,
    DrawRow(Draw),
    /// Targets from the players' averages, or all the same.
    HandicapRow(bool),
    Begin,
    /// The set-up's keys.
    SetupKeys {
        change: &'a str,
        remove: &'a str,
        menu: &'a str,
    },
    /// The match to play next, each player's target.
    Next {
        players: [&'a str; 2],
        targets: [u32; 2],
    },
    /// The match to play next is under way (saved): it resumes.
    Resume {
        players: [&'a str; 2],
    },
    Winner(&'a str),
    /// A drawn knock-out match went to the better general average.
    OnAverage,
    /// The results sheet is written here.
    Results(&'a str),
    /// The keys: play (or resume) the next match (None: the night is over), end the
    /// night, the menu.
    NightKeys {
        play: Option<&'a str>,
        end: &'a str,
        menu: &'a str,
    },
    /// The end of the night was asked for: again to confirm.
    EndArmed,
    Problem(&'a TournamentError),
    /// The game-over's button of a club night's match (its key): back to the night.
    BackToNight(&'a str),
    /// A knock-out round's heading.
    Round(u32),
    /// A knock-out match: its players and, once played, its winner.
    Bracketed {
        players: [&'a str; 2],
        winner: Option<&'a str>,
    },
}

/// The sheet as text: `title` (the format's name, as the caller names it).
pub fn tournament_text(labels: &TournamentLabels, tournament: &Tournament, title: &str) -> String {
    let mut text = format!(
        "{title} · {}\n{}\n\n",
        draw_name(labels, tournament.draw),
        labels.ranking
    );
    text += &labels.columns.join("\t");
    text.push('\n');
    for row in standing_rows(labels, tournament) {
        text += &row.join("\t");
        text.push('\n');
    }
    if let Some(winner) = tournament.winner() {
        text += &format!(
            "\n{}: {}\n",
            labels.winner,
            name(labels, tournament, winner)
        );
    }
    text += &format!("\n{}\n", labels.matches);
    for line in match_lines(labels, tournament) {
        text += &line;
        text.push('\n');
    }
    text
}

/// The sheet as an HTML page.
pub fn tournament_html(labels: &TournamentLabels, tournament: &Tournament, title: &str) -> String {
    let e = escape;
    let head: String = labels
        .columns
        .iter()
        .map(|c| format!("<th>{}</th>", e(c)))
        .collect();
    let body: String = standing_rows(labels, tournament)
        .iter()
        .map(|row| {
            let cells: String = row.iter().map(|c| format!("<td>{}</td>", e(c))).collect();
            format!("<tr>{cells}</tr>\n")
        })
        .collect();
    let winner = tournament.winner().map_or(String::new(), |w| {
        format!(
            "<p><strong>{}: {}</strong></p>\n",
            e(labels.winner),
            e(&name(labels, tournament, w))
        )
    });
    let matches: String = match_lines(labels, tournament)
        .iter()
        .map(|l| format!("<li>{}</li>\n", e(l)))
        .collect();
    let title = format!("{title} · {}", draw_name(labels, tournament.draw));
    format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{t}</title></head><body>\n\
         <h1>{t}</h1>\n<p>{rule}</p>\n<table border=\"1\" cellpadding=\"4\">\n<tr>{head}</tr>\n{body}</table>\n\
         {winner}<h2>{m}</h2>\n<ol>\n{matches}</ol>\n</body></html>\n",
        t = e(&title),
        rule = e(labels.ranking),
        m = e(labels.matches),
    )
}

fn draw_name(labels: &TournamentLabels, draw: Draw) -> &'static str {
    match draw {
        Draw::RoundRobin => labels.round_robin,
        Draw::KnockOut => labels.knock_out,
    }
}

/// A player's name on the sheet (a computer's with its level).
pub fn name(labels: &TournamentLabels, tournament: &Tournament, player: usize) -> String {
    tournament
        .entrants
        .get(player)
        .map_or(String::new(), |e| match &e.level {
            Some(level) => format!("{} ({} {level})", e.name, labels.computer),
            None => e.name.clone(),
        })
}

/// The standings, a row each as the sheet writes them: place, player, played, won,
/// drawn, match points, general average, high run.
pub fn standing_rows(labels: &TournamentLabels, tournament: &Tournament) -> Vec<Vec<String>> {
    tournament
        .standings()
        .iter()
        .enumerate()
        .map(|(place, s)| {
            vec![
                (place + 1).to_string(),
                name(labels, tournament, s.player),
                s.played.to_string(),
                s.won.to_string(),
                s.drawn.to_string(),
                s.match_points.to_string(),
                format!("{:.3}", s.general_average()),
                s.high_run.to_string(),
            ]
        })
        .collect()
}

/// Every match played, a line each.
pub fn match_lines(labels: &TournamentLabels, tournament: &Tournament) -> Vec<String> {
    tournament
        .played
        .iter()
        .map(|m| {
            let [a, b] = m.pairing.players;
            format!(
                "{} {}: {} {} : {} {} ({} / {})",
                labels.round,
                m.pairing.round,
                name(labels, tournament, a),
                m.points[0],
                m.points[1],
                name(labels, tournament, b),
                m.innings[0],
                m.innings[1],
            )
        })
        .collect()
}

/// `text` safe inside HTML: its markup characters written as entities.
fn escape(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '&' => "&amp;".to_owned(),
            '<' => "&lt;".to_owned(),
            '>' => "&gt;".to_owned(),
            '"' => "&quot;".to_owned(),
            '\'' => "&#39;".to_owned(),
            c => c.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::tournament::{Entrant, Played};
    use crate::words::{English, Russian};

    #[test]
    fn the_results_sheet_ranks_names_and_escapes_in_each_language() {
        let entrants = ["Anna <b>&", "Boris", "Club"]
            .iter()
            .enumerate()
            .map(|(i, name)| Entrant {
                name: (*name).into(),
                level: (i == 2).then(|| "club".into()),
                target: 10,
            })
            .collect();
        let mut tournament = Tournament::new("general", Draw::RoundRobin, entrants).unwrap();
        while let Some(pairing) = tournament.next() {
            let [a, b] = pairing.players;
            let first_wins = a < b;
            tournament
                .record(Played {
                    pairing,
                    points: if first_wins { [10, 4] } else { [4, 10] },
                    innings: [8, 8],
                    high_runs: [3, 1],
                    winner: Some(a.min(b)),
                })
                .unwrap();
        }
        let labels = English.tournament_labels();
        let text = tournament_text(&labels, &tournament, "General rules match");
        assert!(text.starts_with("General rules match · round robin\nRanked by match points"));
        assert!(text.contains("1\tAnna <b>&\t2\t2\t0\t4\t"), "{text}");
        assert!(text.contains("Club (computer, club)"), "{text}");
        assert!(text.contains("Winner: Anna <b>&"), "{text}");
        let html = tournament_html(&labels, &tournament, "General rules match");
        assert!(html.contains("<td>Anna &lt;b&gt;&amp;</td>"), "{html}");
        assert!(!html.contains("<b>&"), "a name is never markup");
        assert_eq!(html.matches("<li>").count(), 3);
        let russian = tournament_text(&Russian.tournament_labels(), &tournament, "Матч");
        assert!(russian.contains("Победитель: Anna <b>&"), "{russian}");
    }
}
