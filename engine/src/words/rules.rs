//! The rules and the guides.

use super::*;

/// The rules and the guides.
pub trait RulesWords {
    /// The rules in this language: a Markdown document as [`RulesBook::parse`] reads it.
    fn rules_document(&self) -> &'static str;
    /// The rules screen's heading, for the game `game` (its name).
    fn rules_title(&self, game: &str) -> String;
    /// The rules screen's first lines: the match as chosen, in words — its target (or
    /// each player's), its innings limit, the equalising inning, and the USBA safety
    /// rule where the game plays it.
    fn match_terms(&self, terms: &MatchTerms) -> Vec<String>;
    /// The rules screen's keys: the rule before and after, close.
    fn rules_hint(&self, back: &str, on: &str, close: &str) -> String;
    /// Under a verdict that cites `rule`: `keys` opens its text.
    fn read_rule(&self, keys: &str, rule: Rule) -> String;
    /// A guide's heading.
    fn guide_title(&self, guide: Guide) -> &'static str;
    /// A guide's lines, naming the `keys`.
    fn guide(&self, guide: Guide, keys: &GuideKeys) -> Vec<String>;
    /// Under a guide: `keys` close it, `help` shows it again.
    fn guide_hint(&self, keys: &str, help: &str) -> String;
}
