//! Chat, in a lobby and at a table: lines of plain text, bounded in length and in rate
//! per sender, each player mutable by whoever reads. Nothing in a line is interpreted:
//! control characters become spaces, and a line is only ever shown as text.

use super::identity::PublicKey;
use std::collections::{HashMap, HashSet, VecDeque};
use std::time::{Duration, Instant};

/// The longest line, in characters.
pub const CHAT_MAX_CHARS: usize = 200;
/// The most lines one sender may say within `CHAT_RATE_WINDOW`.
pub const CHAT_RATE_LINES: usize = 5;
pub const CHAT_RATE_WINDOW: Duration = Duration::from_secs(10);
/// How many lines are kept to be shown.
const KEPT: usize = 50;

/// A line heard.
#[derive(Clone, Debug, PartialEq)]
pub struct ChatLine {
    pub from: PublicKey,
    /// The sender's name as they gave it.
    pub name: String,
    pub text: String,
}

/// Why a line is not said, or not shown.
#[derive(Clone, Debug, PartialEq)]
pub enum ChatRefusal {
    Empty,
    TooLong {
        chars: usize,
        max: usize,
    },
    /// Its sender said `max` lines within the window already.
    TooFast {
        max: usize,
        window: Duration,
    },
    /// Its sender is muted here (never a note: muting is silence).
    Muted,
}

/// What one participant has said and heard, and whom they muted.
pub struct ChatLog {
    me: PublicKey,
    lines: VecDeque<ChatLine>,
    muted: HashSet<PublicKey>,
    /// When each sender's recent lines were heard (within the rate's window).
    said: HashMap<PublicKey, VecDeque<Instant>>,
}

impl ChatLog {
    /// The log of the participant whose key is `me`.
    pub fn new(me: PublicKey) -> ChatLog {
        ChatLog {
            me,
            lines: VecDeque::new(),
            muted: HashSet::new(),
            said: HashMap::new(),
        }
    }

    /// The lines heard, oldest first (the last `KEPT`), none from a muted player.
    pub fn lines(&self) -> impl Iterator<Item = &ChatLine> {
        self.lines.iter().filter(|l| !self.muted.contains(&l.from))
    }

    pub fn mute(&mut self, player: PublicKey, muted: bool) {
        if muted {
            self.muted.insert(player);
        } else {
            self.muted.remove(&player);
        }
    }

    pub fn is_muted(&self, player: &PublicKey) -> bool {
        self.muted.contains(player)
    }

    /// Whether this participant may say `text` at `now` (asked before saying it, so
    /// that what they say is never dropped by the others); if so, it counts as said.
    pub fn speak(&mut self, text: &str, now: Instant) -> Result<(), ChatRefusal> {
        self.allows(&self.me, text, now)?;
        self.count(self.me, now);
        Ok(())
    }

    /// Whether `from` may say `text` at `now`.
    fn allows(&self, from: &PublicKey, text: &str, now: Instant) -> Result<(), ChatRefusal> {
        let chars = text.chars().count();
        if text.trim().is_empty() {
            return Err(ChatRefusal::Empty);
        }
        if chars > CHAT_MAX_CHARS {
            return Err(ChatRefusal::TooLong {
                chars,
                max: CHAT_MAX_CHARS,
            });
        }
        let recent = self.said.get(from).map_or(0, |times| {
            times
                .iter()
                .filter(|&&t| now.duration_since(t) < CHAT_RATE_WINDOW)
                .count()
        });
        if recent >= CHAT_RATE_LINES {
            return Err(ChatRefusal::TooFast {
                max: CHAT_RATE_LINES,
                window: CHAT_RATE_WINDOW,
            });
        }
        Ok(())
    }

    /// Takes `text` from `from` (named `name`) heard at `now`, or says why not (this
    /// participant's own lines were counted when said).
    pub fn hear(
        &mut self,
        from: PublicKey,
        name: &str,
        text: &str,
        now: Instant,
    ) -> Result<(), ChatRefusal> {
        if from != self.me {
            self.allows(&from, text, now)?;
            self.count(from, now);
        }
        if self.muted.contains(&from) {
            return Err(ChatRefusal::Muted);
        }
        self.lines.push_back(ChatLine {
            from,
            name: plain(name),
            text: plain(text),
        });
        if self.lines.len() > KEPT {
            self.lines.pop_front();
        }
        Ok(())
    }
    /// Counts a line from `from` at `now` toward their rate.
    fn count(&mut self, from: PublicKey, now: Instant) {
        let times = self.said.entry(from).or_default();
        times.retain(|&t| now.duration_since(t) < CHAT_RATE_WINDOW);
        times.push_back(now);
    }
}

/// `text` with every control character (a line break, an escape) made a space.
pub fn plain(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}
