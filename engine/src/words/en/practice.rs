//! Practice: positions, drills and their library.

use super::*;

impl PracticeWords for English {
    fn target(&self, target: &Target, table: &TableGeometry) -> String {
        let area = match target {
            Target::Score => return "Target: score".to_owned(),
            Target::Arrive(arrival) => {
                let correction = arrival.system.map_or(String::new(), |system| {
                    format!(
                        "; the system says {system}, its stroke arrives at {} on this table",
                        arrival.diamond
                    )
                });
                return match arrival.numbers {
                    SystemNumbers::CornerFive => format!(
                        "Target: round the table to {} on the third rail (corner-five numbers{correction}), within {}",
                        arrival.diamond, arrival.within
                    ),
                    SystemNumbers::Plus => format!(
                        "Target: short rail, far rail, near rail to {} (plus system numbers, start + first rail = arrival{correction}), within {}",
                        arrival.diamond, arrival.within
                    ),
                };
            }
            Target::ScoreAndLeave(area) => area,
        };
        // Along the table from the head end (0 to 8), across from the right (0 to 4).
        let along = |x: f64| table.diamond_at(Cushion::Left, DVec2::new(x, 0.0));
        let across = |y: f64| table.diamond_at(Cushion::Head, DVec2::new(0.0, y));
        let span = |a: f64, b: f64, all: f64| {
            let (a, b) = (a.clamp(0.0, all), b.clamp(0.0, all));
            (a > 0.05 || b < all - 0.05).then(|| format!("{} to {}", diamonds(a), diamonds(b)))
        };
        let parts: Vec<String> = [
            span(
                along(area.min.0),
                along(area.max.0),
                f64::from(table.long_intervals),
            )
            .map(|s| format!("diamonds {s} along the table")),
            span(
                across(area.min.1),
                across(area.max.1),
                f64::from(table.short_intervals),
            )
            .map(|s| format!("{s} across")),
        ]
        .into_iter()
        .flatten()
        .collect();
        format!(
            "Target: score, every ball stopping within {}",
            parts.join(" and ")
        )
    }

    fn target_result(&self, result: &Result<Met, Miss>, style: BallStyle) -> Line {
        match result {
            Ok(Met::Done) => Line::new("Target met", Tone::Good),
            Ok(Met::Arrived { at, target }) => Line::new(
                format!(
                    "Target met: arrived at {at:.2}, {:.2} from {target}",
                    (at - target).abs()
                ),
                Tone::Good,
            ),
            Err(Miss::Arrived {
                at: Some(at),
                target,
                ..
            }) => Line::new(
                format!(
                    "Target missed: arrived at {at:.2}, {:+.2} from {target}",
                    at - target
                ),
                Tone::Bad,
            ),
            Err(Miss::Arrived {
                at: None, numbers, ..
            }) => Line::new(
                match numbers {
                    SystemNumbers::CornerFive => {
                        "Target missed: the cue ball did not go round the table (long, short, long)"
                    }
                    SystemNumbers::Plus => {
                        "Target missed: the cue ball did not go short rail, far long rail, near long rail"
                    }
                },
                Tone::Bad,
            ),
            Err(Miss::NoScore) => Line::new("Target missed: no count", Tone::Bad),
            Err(Miss::Route(route)) => {
                let touched: Vec<&str> = route.iter().map(|t| touch(*t)).collect();
                Line::new(
                    format!(
                        "Target missed: the cue ball's route went {}",
                        touched.join(", ")
                    ),
                    Tone::Bad,
                )
            }
            Err(Miss::LeftOutside(ball)) => Line::new(
                format!(
                    "Target missed: the {} ball stopped outside the area",
                    self.ball(*ball, style)
                ),
                Tone::Bad,
            ),
        }
    }

    fn library_note(&self, note: &LibraryNote) -> String {
        match note {
            LibraryNote::NotLoaded(e) => format!("Not loaded: {e}"),
            LibraryNote::DrillResultsNotKept(e) => format!("Drill results not kept: {e}"),
            LibraryNote::NotSaved(None) => "Not saved".to_owned(),
            LibraryNote::NotSaved(Some(e)) => format!("Not saved: {e}"),
            LibraryNote::Saved(path) => format!("Saved: {}", path.display()),
            LibraryNote::NoDrills => "No drills for this game".to_owned(),
            LibraryNote::DrillNotStarted(e) => format!("Drill not started: {e}"),
            LibraryNote::DrillDone(done) => {
                let mut said = format!(
                    "Drill done: {} of {} ({:.0} %)",
                    done.made,
                    done.tries,
                    100.0 * done.score
                );
                if let Some(best) = done.best {
                    said += &format!("; best {:.0} %", 100.0 * best);
                }
                if let Some(trend) = done.trend {
                    said += &format!("; trend {:+.0} %", 100.0 * trend);
                }
                if let Some(e) = &done.not_kept {
                    said += &format!("; not kept: {e}");
                }
                if let Some(grade) = &done.grade {
                    said += "\n";
                    said += &exam_grade(grade);
                }
                said
            }
            LibraryNote::NoPositions => "No positions for this game".to_owned(),
            LibraryNote::NoStroke => "This position has no stroke".to_owned(),
            LibraryNote::Deleted(path) => format!("Deleted: {}", path.display()),
            LibraryNote::NotDeleted(e) => format!("Not deleted: {e}"),
            LibraryNote::BundledStay => "The bundled positions stay".to_owned(),
            LibraryNote::NotPlaced(e) => format!("Not placed: {e}"),
        }
    }

    fn own_position_name(&self, n: usize) -> String {
        format!("My position {n}")
    }

    fn placing_ball(&self, text: &str) -> [String; 2] {
        [
            format!("Place a ball: {text}_"),
            "The ball, then diamonds along from the head cushion (0-8) and across from \
             the right one (0-4), as in \"red 3.5 / 1.25\"; Enter: place it, Escape: no"
                .to_owned(),
        ]
    }

    fn naming_position(&self, name: &str) -> [String; 2] {
        [
            format!("Name of the position: {name}_"),
            "Enter: save it (with the stroke as set), Escape: no".to_owned(),
        ]
    }

    fn drill_under_way(&self, drill: &DrillProgress) -> [String; 3] {
        let made: u32 = drill.run.made.iter().sum();
        [
            format!("Drill: {}", drill.drill.name),
            format!(
                "Position {}/{}: {}",
                drill.position + 1,
                drill.positions.len(),
                drill.current().name
            ),
            format!(
                "Attempt {}/{}; made {made} so far",
                drill.attempt + 1,
                drill.drill.attempts
            ),
        ]
    }

    fn position_of(&self, number: usize, count: usize, name: &str) -> String {
        format!("Position {number}/{count}: {name}")
    }

    fn position_keys(&self, next: &str, stroke: &str, save: &str, delete: Option<&str>) -> String {
        let own = delete.map_or(String::new(), |keys| format!(", {keys}: delete"));
        format!("{next}: next, {stroke}: its stroke, {save}: save{own}")
    }

    fn library_keys(&self, next: &str, positions: usize, drill: &str, drills: usize) -> String {
        format!(
            "{next}: practice positions ({positions} for this game); {drill}: drills ({drills})"
        )
    }
}

/// An exam's grade: the levels the result lies between.
fn exam_grade(grade: &crate::play::exam::NamedGrade) -> String {
    let mut said = match (&grade.reached, &grade.short_of) {
        (Some((a, made_a)), Some((b, made_b))) => {
            format!("Grade: between {a} ({made_a:.1}) and {b} ({made_b:.1})")
        }
        (None, Some((b, made_b))) => format!("Grade: below {b} ({made_b:.1})"),
        (Some((a, made_a)), None) => format!("Grade: {a} ({made_a:.1}) and above"),
        (None, None) => "Grade: the exam has no levels measured yet".to_owned(),
    };
    if !grade.fitted {
        said += " (the levels were measured on the fitted table: a grade for it only)";
    }
    said
}
