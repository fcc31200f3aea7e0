//! The computer's levels taking a graded exam (`play::exam`): each attempt the level's
//! own choice from the position's lay-out, played with its execution error, made when
//! it scores. What each level makes, over runs, is the exam's grading table
//! (`carom calibrate --exam`).

use super::{choose, execute, referee_at};
use crate::config::{Config, Level};
use crate::math::mean_and_interval;
use crate::physics::TableSim;
use crate::play::StartError;
use crate::play::exam::LevelScore;
use crate::play::positions::Position;
use crate::random::Rng;
use crate::rules::OneStroke;
use crate::table::TableGeometry;

/// An exam as it is taken: its game, positions and attempts at each.
#[derive(Clone, Copy, Debug)]
pub struct ExamSheet<'a> {
    pub game: &'a str,
    pub positions: &'a [Position],
    pub attempts: u32,
}

/// The attempts `level` makes taking `exam` in its run `run` (each run seeds its own:
/// the same run makes the same).
pub fn take_exam(
    config: &Config,
    exam: ExamSheet,
    level: &Level,
    run: u64,
    workers: usize,
) -> Result<u32, StartError> {
    let ExamSheet {
        game,
        positions,
        attempts,
    } = exam;
    let rules = config.games.game(game)?;
    let mut made = 0;
    for (p, position) in positions.iter().enumerate() {
        let table = TableGeometry::new(&config.tables, position.table.as_deref(), &config.balls)?;
        let lay_out: std::collections::BTreeMap<_, _> = position
            .balls
            .iter()
            .map(|b| (b.ball, crate::math::DVec2::new(b.x, b.y)))
            .collect();
        let referee = referee_at(config, game, &table, lay_out.clone(), position.cue_ball)?;
        for attempt in 0..u64::from(attempts) {
            let seed = (run * 1_000 + p as u64) * 100 + attempt;
            let Some(decision) = choose(config, &referee, level, seed, workers) else {
                continue;
            };
            let stroke = execute(&decision.stroke, &level.error, &mut Rng(seed));
            let mut sim = TableSim::new(config, table.clone());
            let placed: Vec<_> = lay_out.iter().map(|(&b, &at)| (b, at)).collect();
            sim.place(&placed).expect("a bundled lay-out on the bed");
            if sim.strike(&[stroke], None).is_err() {
                continue;
            }
            let record = sim.run_to_rest();
            let mut judge = OneStroke::new(
                rules,
                &config.games.referee,
                table.clone(),
                lay_out.clone(),
                position.cue_ball,
            )?;
            let points = judge.judge(&record).map_or(0, |v| v.points);
            made += u32::from(points > 0);
        }
    }
    Ok(made)
}

/// `level` taking `exam` `runs` times: its mean made with the 95 % interval;
/// `progress` hears of each run's count.
pub fn measure_level(
    config: &Config,
    exam: ExamSheet,
    level: &Level,
    runs: u32,
    workers: usize,
    mut progress: impl FnMut(u32, u32),
) -> Result<LevelScore, StartError> {
    let mut counts = Vec::new();
    for run in 0..runs {
        let made = take_exam(config, exam, level, u64::from(run), workers)?;
        progress(run, made);
        counts.push(made);
    }
    let (made, low, high) = mean_and_interval(&counts);
    Ok(LevelScore {
        level: level.key.clone(),
        made,
        low,
        high,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::physics_fingerprint;
    use crate::play::{bundled, drills::Drill};

    /// The bundled exams, with their positions.
    fn exams() -> Vec<(Drill, Vec<Position>)> {
        let (library, errors) = bundled::positions(None);
        assert!(errors.is_empty(), "{errors:?}");
        bundled::exams()
            .into_iter()
            .map(|(_, drill)| {
                let positions = drill.positions(&library).unwrap();
                (drill, positions)
            })
            .collect()
    }

    /// A level far above another makes more of the exam, with the same seeds each time.
    #[test]
    fn the_exam_finds_two_far_apart_levels_in_order() {
        let config = Config::defaults();
        let (drill, positions) = exams()
            .into_iter()
            .find(|(d, _)| d.game == "three_cushion")
            .expect("a three-cushion exam");
        let sheet = ExamSheet {
            game: &drill.game,
            positions: &positions,
            attempts: drill.attempts,
        };
        let made = |level: &str| {
            let level = config.computer.level(level).unwrap();
            take_exam(&config, sheet, level, 0, 2).unwrap()
        };
        let (beginner, master) = (made("beginner"), made("master"));
        println!("beginner {beginner}, master {master} of {}", 60);
        assert!(
            master > beginner + 5,
            "beginner {beginner}, master {master}"
        );
        assert_eq!(made("beginner"), beginner);
    }

    /// Each exam's levels were measured under the physics the game plays: a change to
    /// the physics fails this until the exam is measured again
    /// (`carom calibrate --exam NAME`, the table printed into its file).
    #[test]
    fn each_exams_levels_were_measured_under_todays_physics() {
        let config = Config::defaults();
        let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
        let today = physics_fingerprint(&config, &table).unwrap();
        for (drill, _) in exams() {
            let levels = drill.exam.unwrap();
            assert_eq!(
                levels.measured_under, today,
                "{}: measure it again",
                drill.name
            );
            assert!(levels.runs >= 10, "{}", drill.name);
            let made: Vec<f64> = levels.levels.iter().map(|l| l.made).collect();
            assert_eq!(made.len(), config.computer.levels.len(), "{}", drill.name);
            for level in &levels.levels {
                assert!(
                    config.computer.level(&level.level).is_ok(),
                    "{}",
                    level.level
                );
                assert!(level.low <= level.made && level.made <= level.high);
            }
        }
    }
}
