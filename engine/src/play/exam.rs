//! The graded exam (issue 56): a drill of fixed positions (`Drill::exam`), each tried a
//! few times, an attempt made when it scores; the result is graded by where it lies
//! among the computer's levels, each measured taking the same exam
//! (`computer::exam`, `carom calibrate --exam`) and stored with the physics fingerprint
//! it was measured under. Each exam taken goes into the player's record.

use serde::{Deserialize, Serialize};

/// What the computer's levels made on an exam, and under which physics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExamLevels {
    /// The physics fingerprint (`online::physics_fingerprint`, the default table's) the
    /// levels were measured under: they hold for the fitted table only.
    pub measured_under: String,
    /// Exams each level took.
    pub runs: u32,
    /// Weakest first.
    pub levels: Vec<LevelScore>,
}

/// One level's attempts made on the exam: the mean of its runs and the 95 % interval.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelScore {
    /// A key of computer.ron.
    pub level: String,
    pub made: f64,
    pub low: f64,
    pub high: f64,
}

/// Where a result lies among the levels: the strongest level it reaches (its mean made
/// or more) and the weakest it falls short of.
#[derive(Clone, Debug, PartialEq)]
pub struct Grade<'a> {
    pub reached: Option<&'a LevelScore>,
    pub short_of: Option<&'a LevelScore>,
}

impl ExamLevels {
    /// The grade of `made` attempts made.
    pub fn grade(&self, made: u32) -> Grade<'_> {
        let made = f64::from(made);
        Grade {
            reached: self.levels.iter().rfind(|l| l.made <= made),
            short_of: self.levels.iter().find(|l| l.made > made),
        }
    }
}

impl Grade<'_> {
    /// The grade as the screens say it: each level by `name` (its name in the language
    /// shown) with what it made; `fitted`: taken on the fitted table, which the levels
    /// were measured on.
    pub fn named(&self, name: impl Fn(&str) -> String, fitted: bool) -> NamedGrade {
        let named = |l: &LevelScore| (name(&l.level), l.made);
        NamedGrade {
            reached: self.reached.map(named),
            short_of: self.short_of.map(named),
            fitted,
        }
    }
}

/// A grade with its levels' names and what each made.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedGrade {
    pub reached: Option<(String, f64)>,
    pub short_of: Option<(String, f64)>,
    pub fitted: bool,
}

/// An exam taken, as the player's record keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExamRecord {
    /// When it ended, seconds since 1970 (UTC).
    pub ended_s: u64,
    /// The exam's (drill's) name.
    pub exam: String,
    pub made: u32,
    pub attempts: u32,
    /// The strongest level reached and the weakest fallen short of (keys of
    /// computer.ron), as the exam's table stood then.
    pub reached: Option<String>,
    pub short_of: Option<String>,
    /// The table's condition it was taken on (the grade holds for the fitted table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn levels() -> ExamLevels {
        let score = |level: &str, made| LevelScore {
            level: level.into(),
            made,
            low: made - 1.0,
            high: made + 1.0,
        };
        ExamLevels {
            measured_under: String::new(),
            runs: 4,
            levels: vec![
                score("beginner", 8.0),
                score("club", 20.0),
                score("master", 40.0),
            ],
        }
    }

    #[test]
    fn a_result_is_graded_between_the_levels_around_it() {
        let levels = levels();
        let grade = levels.grade(25);
        assert_eq!(grade.reached.unwrap().level, "club");
        assert_eq!(grade.short_of.unwrap().level, "master");
        assert_eq!(levels.grade(3).reached, None);
        assert_eq!(levels.grade(50).short_of, None);
        assert_eq!(levels.grade(20).reached.unwrap().level, "club");
    }
}
