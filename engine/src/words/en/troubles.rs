//! What went wrong, in words: every error the layers below return.

use super::*;

impl TroubleWords for English {
    // The errors' own texts are English.
    fn trouble(&self, trouble: Trouble) -> String {
        match trouble {
            Trouble::File(e) => e.to_string(),
            Trouble::Start(e) => e.to_string(),
            Trouble::Resume(e) => e.to_string(),
            Trouble::Judge(e) => e.to_string(),
            Trouble::Lag(e) => e.to_string(),
            Trouble::Strike(e) => e.to_string(),
            Trouble::Place(e) => e.to_string(),
            Trouble::Setup(e) => e.to_string(),
            Trouble::Unknown(e) => e.to_string(),
            Trouble::Settings(e) => e.to_string(),
            Trouble::MissingPosition(e) => e.to_string(),
        }
    }
}
