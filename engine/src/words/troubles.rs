//! What went wrong, in words: every error the layers below return.

use super::*;

/// What went wrong, in words: every error the layers below return.
pub trait TroubleWords {
    /// What went wrong, in a line.
    fn trouble(&self, trouble: Trouble) -> String;
}
