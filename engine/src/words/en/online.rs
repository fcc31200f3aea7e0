//! Online play without a window.

use super::*;
use crate::online::{Presence, Role};
use crate::play::{LeavingVerdict, MatchEnding};
use crate::words::{LobbyEntry, LobbyNews, OnlineClocks, OnlineLabel, OnlineLine, OnlineWait};

impl OnlineWords for English {
    fn online_hosting(&self, lan_url: &str, listening: &str) -> String {
        format!(
            "hosting tables at {lan_url} (listening on {listening}); players and spectators \
             give this address as --relay; stop with Ctrl-C\n"
        )
    }

    fn online_struck(&self, number: u32) -> String {
        format!("stroke {number} struck, its record sent")
    }

    fn online_arrived(&self, number: u32) -> String {
        format!("stroke {number} arrived")
    }

    fn online_reconnected(&self) -> String {
        "connected to the table again".into()
    }

    fn shared_physics_differs(&self, theirs: &str, ours: &str) -> String {
        format!(
            "this code was shared by a build with other physics (fingerprint {theirs}, ours \
             {ours}): its strokes are played again here, and may play otherwise"
        )
    }

    fn online_label(&self, label: OnlineLabel) -> String {
        match label {
            OnlineLabel::Title => "Online",
            OnlineLabel::Relay => "Relay",
            OnlineLabel::Code => "Join code",
            OnlineLabel::HostHere => "Host a table on this computer (LAN)",
            OnlineLabel::HostOnRelay => "Host a table on the relay",
            OnlineLabel::Join => "Join the table of the code",
            OnlineLabel::Watch => "Watch the table of the code",
            OnlineLabel::Lobby => "Enter the lobby (players, tables, challenges, chat)",
            OnlineLabel::Back => "Back",
        }
        .into()
    }

    fn online_comeback(&self, role: Role) -> String {
        let as_ = match role {
            Role::Host => "its host",
            Role::Player => "its guest",
            Role::Spectator => "a spectator",
        };
        format!("Come back to the table you were at, as {as_}")
    }

    fn online_hint(&self, up_down: &str, confirm: &str, back: &str) -> String {
        format!(
            "{up_down}: choose · type the relay's address or a code on its row · {confirm}: go · {back}: back"
        )
    }

    fn online_wait(&self, wait: &OnlineWait) -> String {
        match wait {
            OnlineWait::Hosting { code, lan_url } => {
                let at = lan_url.map_or(String::new(), |url| {
                    format!("\nA player on your network gives {url} as the relay.")
                });
                format!("Waiting for a player. Join code:\n{code}{at}")
            }
            OnlineWait::Joining => "Connecting to the table…".into(),
            OnlineWait::NoRelay => "Type the relay's address (http://HOST:PORT) first.".into(),
            OnlineWait::NoCode => "That is not a join code (64 letters, digits, - and _).".into(),
        }
    }

    fn online_line(&self, line: &OnlineLine) -> String {
        let me = match line.seat {
            Some(seat) => format!(
                "Online: you play {}",
                line.names.get(seat).map_or("", String::as_str)
            ),
            None => "Online: watching".into(),
        };
        let connection = match line.connected {
            true => "",
            false => " · your connection is down, reconnecting…",
        };
        let other = match line.other {
            Presence::Connected => "connected",
            Presence::Reconnecting => "reconnecting…",
            Presence::Gone => "gone",
        };
        format!("{me}{connection} · {}: {other}", line.other_name)
    }

    fn lobby_title(&self, relay: &str, handicap: bool) -> String {
        let handicap = if handicap {
            "challenges with a handicap from both averages"
        } else {
            "challenges to the menu's target"
        };
        format!("Lobby · {relay} · {handicap}")
    }

    fn lobby_entry(&self, entry: &LobbyEntry) -> String {
        match entry {
            LobbyEntry::Incoming {
                from,
                game,
                targets,
            } => {
                // A handicap's targets: the challenger's (who hosts: seat 0), then yours.
                let to = match targets {
                    [theirs, yours] => format!("{from} to {theirs}, you to {yours}"),
                    _ => format!("to {}", targets.first().copied().unwrap_or_default()),
                };
                format!("{from} challenges you: {game}, {to} · accept or decline")
            }
            LobbyEntry::OpenTable => {
                "Open a table on the menu's match: whoever joins it from here plays you".into()
            }
            LobbyEntry::Outgoing { to } => format!("You challenged {to} · waiting (cancel)"),
            LobbyEntry::Player {
                name,
                average,
                playing,
                me,
                muted,
            } => {
                let average =
                    average.map_or("no average yet".to_owned(), |a| format!("average {a:.3}"));
                let mut line = format!("{name} · {average}");
                if *me {
                    line.push_str(" · you");
                }
                if *playing {
                    line.push_str(" · at a table");
                }
                if *muted {
                    line.push_str(" · muted");
                }
                line
            }
            LobbyEntry::Table {
                game,
                players,
                score,
                open,
                over,
            } => {
                let state = match (open, over) {
                    (true, _) => "waiting for an opponent · join".to_owned(),
                    (_, true) => "game over · watch".to_owned(),
                    _ => "in play · watch".to_owned(),
                };
                // An open table has no score yet.
                let score = match score.is_empty() {
                    true => String::new(),
                    false => {
                        let points: Vec<String> = score.iter().map(u32::to_string).collect();
                        format!(" · {}", points.join(" : "))
                    }
                };
                format!("Table · {game} · {}{score} · {state}", players.join(" – "))
            }
        }
    }

    fn lobby_news(&self, news: &LobbyNews) -> String {
        match news {
            LobbyNews::Challenged { by } => format!("{by} challenges you."),
            LobbyNews::Declined { by } => format!("{by} declined (or left)."),
            LobbyNews::Cancelled { by } => format!("{by} withdrew the challenge (or left)."),
            LobbyNews::Accepted { by } => format!("Playing {by}: opening the table…"),
            LobbyNews::Unreachable => "The relay cannot be reached; trying again…".into(),
        }
    }

    fn lobby_hint(
        &self,
        up_down: &str,
        act: &str,
        other: &str,
        handicap: &str,
        back: &str,
    ) -> String {
        format!(
            "{up_down}: choose · {act}: challenge, accept, cancel, watch (or send the line typed) · \
             {other}: decline, mute · {handicap}: handicap on/off · type to chat · {back}: leave"
        )
    }

    fn online_clocks(&self, clocks: &OnlineClocks) -> String {
        let clock = |s: u64| format!("{}:{:02}", s / 60, s % 60);
        let rule = clocks.rule;
        let away = clocks.away.map_or(String::new(), |(name, s)| {
            format!(
                " · {name} away {} of {}",
                clock(s),
                clock(rule.grace_s.into())
            )
        });
        format!(
            "Game {}{away} · leaving: void within {} s, the leaver loses within {} s, later the opponent wins",
            clock(clocks.game_s),
            rule.void_within_s,
            rule.loses_within_s
        )
    }

    fn online_ending(&self, ending: &MatchEnding, names: &[String]) -> String {
        let name = |player: &usize| names.get(*player).map_or("", String::as_str).to_owned();
        match ending {
            MatchEnding::Conceded { player } => format!("{} conceded the game.", name(player)),
            MatchEnding::Abandoned {
                player,
                verdict,
                match_s,
                away_s,
            } => format!(
                "The table is closed: {} left {match_s} s into the game and stayed away {away_s} s: {}.",
                name(player),
                self.leaving_verdict(*verdict)
            ),
        }
    }

    fn chat_prompt(
        &self,
        typing: Option<&str>,
        chat_key: &str,
        concede_key: Option<&str>,
    ) -> String {
        match (typing, concede_key) {
            (Some(line), _) => format!("Say: {line}_"),
            (None, Some(concede)) => format!("{chat_key}: chat · {concede}: concede"),
            (None, None) => format!("{chat_key}: chat"),
        }
    }

    fn concede_confirm(&self, concede_key: &str) -> String {
        format!("Press {concede_key} again to concede the game.")
    }

    fn leaving_verdict(&self, verdict: LeavingVerdict) -> &'static str {
        match verdict {
            LeavingVerdict::Void => "the game is void",
            LeavingVerdict::LeaverLoses => "the leaver loses",
            LeavingVerdict::OpponentWins => "the opponent is credited the win",
        }
    }
}
