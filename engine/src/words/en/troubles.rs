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

    fn command_line(&self, problem: &CommandLineProblem) -> String {
        match problem {
            CommandLineProblem::NoConfigFolder => {
                "no such config folder (--config names a folder of RON files)".into()
            }
            CommandLineProblem::NotAFolder => "not a folder".into(),
            CommandLineProblem::BallCount(n) => {
                format!("`balls` lists {n} balls; 1 to 4 are allowed")
            }
            CommandLineProblem::SampleRate { hz, max } => {
                format!("`sample_hz` is {hz}; allowed: above 0 up to {max}")
            }
            CommandLineProblem::PositionNotShot => {
                "this is a position (`cue_ball`, no `stroke`): `carom suggest` chooses its stroke"
                    .into()
            }
            CommandLineProblem::StrokeOrLaunch => {
                "give exactly one of `stroke` and `launch`".into()
            }
            CommandLineProblem::NoGame => {
                "no game: give `--game GAME` or a `game` in the file".into()
            }
            CommandLineProblem::NoCueBall => {
                "a position names the ball to play: `cue_ball: White` (or Dotted)".into()
            }
            CommandLineProblem::GameNeedsStroke => {
                "`game` needs a `stroke`: a `launch` has no cue, so there is nothing to judge"
                    .into()
            }
            CommandLineProblem::CueBallOff => "the cue ball is not on the table".into(),
            CommandLineProblem::BadFiles(each) => format!(
                "{} file(s) cannot be used:\n{}",
                each.len(),
                each.join("\n")
            ),
            CommandLineProblem::UnknownSystem { name, known } => {
                format!("no system `{name}`; known: {}", known.join(", "))
            }
            CommandLineProblem::OutOfRange {
                what,
                value,
                low,
                high,
            } => format!("{what} is {value}; allowed: {low} to {high}"),
        }
    }
}
