use super::*;

#[test]
fn corner_five_reproduces_alciatores_worked_example() {
    // TP 7.2: origin 4.5 through first-rail 2 arrives at third-rail 2.5.
    assert_eq!(corner_five::arrival(4.5, 2.0), 2.5);
    assert_eq!(corner_five::aim(4.5, 2.5), 2.0);
    // The same path in his alternative numbering: origin 7, first rail 2, arrival 2.5.
    assert_eq!(corner_five::arrival_in_alternative_numbers(7.0, 2.0), 2.5);
    assert_eq!(corner_five::traditional_origin(7.0), 4.5);
    // From the corner (5) through 2 to 3: the rec.sport.billiard FAQ's example.
    assert_eq!(corner_five::arrival(5.0, 2.0), 3.0);
}

#[test]
fn the_numbers_lie_on_the_lines_of_diamonds() {
    let config = Config::defaults();
    let table = TableGeometry::new(&config.tables, Some("match"), &config.balls).unwrap();
    let sight = Sighting::new(&table);
    let outside = table.half_width() + table.cushion_width + table.rail_width / 2.0;
    // The corner is 5, the right rail's seventh diamond from the head 1.5.
    let corner = sight.corner_five_origin(5.0);
    assert!((corner - DVec2::new(-table.half_length(), -outside)).length() < 1e-12);
    let seventh = sight.corner_five_origin(1.5);
    assert!((seventh.x - (table.half_length() - table.length / 8.0)).abs() < 1e-12);
    // Each of the system's points is one of the table's diamonds.
    for point in [
        sight.corner_five_origin(4.0),
        sight.corner_five_origin(7.0),
        sight.long_rail(Cushion::Left, 3.0),
    ] {
        let nearest = table
            .diamonds()
            .into_iter()
            .map(|d| d.distance(point))
            .fold(f64::INFINITY, f64::min);
        assert!(nearest < 1e-9, "{point:?} is {nearest} m from a diamond");
    }
    // A path crossing the right rail's line reads back in diamonds from the foot.
    let at = sight.long_rail(Cushion::Right, 2.5);
    let from = at + DVec2::new(-0.3, 0.6);
    let read = sight
        .right_rail_crossing(from, from + (at - from) * 0.5)
        .unwrap();
    assert!((read - 2.5).abs() < 1e-9, "{read}");
}

#[test]
fn the_corner_five_stroke_goes_round_the_table_near_the_systems_arrival() {
    let config = Config::defaults();
    let table = TableGeometry::new(&config.tables, Some("match"), &config.balls).unwrap();
    let mut sim = TableSim::new(&config, table.clone());
    let played = play_corner_five(&mut sim, &table, 5.0, 3.0, corner_five::SPEED).unwrap();
    let arrived = played.simulated.expect("left, foot, right");
    println!("corner 5 through 3: the system says 2, the simulation {arrived:.2}");
    assert!((arrived - played.predicted).abs() < 1.0, "{arrived}");
    // Read where it meets the cushion, the arrival lies nearer the corner it comes
    // from: the line of diamonds is further out along its way.
    let at_nose = played.at_nose.expect("left, foot, right");
    println!("at the nose {at_nose:.2}");
    assert!(at_nose < arrived && at_nose > arrived - 1.0, "{at_nose}");
}

#[test]
fn a_stroke_round_the_table_is_read_back_in_the_systems_numbers() {
    let config = Config::defaults();
    let table = TableGeometry::new(&config.tables, Some("match"), &config.balls).unwrap();
    let mut sim = TableSim::new(&config, table.clone());
    let played = play_corner_five(&mut sim, &table, 4.5, 2.0, corner_five::SPEED).unwrap();
    // The same stroke again, sampled, and mirrored end for end and side for side.
    for (flip, name) in [(1.0, "as drawn"), (-1.0, "mirrored")] {
        let from = corner_five_start(&table, 4.5, 2.0).0 * flip;
        sim.place(&[(BallId::White, from)]).unwrap();
        let stroke = Stroke {
            direction_deg: if flip > 0.0 {
                played.stroke.direction_deg
            } else {
                played.stroke.direction_deg + 180.0
            },
            ..played.stroke
        };
        sim.strike(&[stroke], Some(200.0)).unwrap();
        let record = sim.run_to_rest();
        let reading = read_corner_five(&table, &record, BallId::White).expect(name);
        println!("{name}: {reading:?}, the sweep {:?}", played.simulated);
        assert!((reading.origin - 4.5).abs() < 0.1, "{name}: {reading:?}");
        // The ball leaves the cue's line by its squirt (running side pushes it off
        // the other way): its own line crosses the first rail a little past the aim.
        assert!((reading.aim - 2.0).abs() < 0.2, "{name}: {reading:?}");
        assert!(
            (reading.arrived - played.simulated.unwrap()).abs() < 0.05,
            "{name}"
        );
    }
}

#[test]
fn routes_are_recognised_as_the_patterns_players_name() {
    use patterns::{Contact, Pattern, recognise};
    let ball = |b| Contact::Ball(b);
    let c = Contact::Cushion;
    let (red, dotted) = (ball(BallId::Red), ball(BallId::Dotted));
    use Cushion::{Foot, Head, Left, Right};
    for (route, pattern) in [
        (
            vec![red, c(Left), c(Foot), c(Right), dotted],
            Pattern::AroundTheTable,
        ),
        (
            vec![c(Right), c(Head), c(Left), red, dotted],
            Pattern::RailFirstAroundTheTable,
        ),
        (
            vec![c(Right), c(Foot), c(Right), red, dotted],
            Pattern::Bricole,
        ),
        (
            vec![c(Left), c(Foot), red, c(Right), dotted],
            Pattern::Umbrella,
        ),
        (
            vec![red, c(Foot), c(Left), c(Head), dotted],
            Pattern::ShortLongShort,
        ),
        (
            vec![red, c(Foot), c(Right), c(Left), dotted],
            Pattern::ShortLongLong,
        ),
        (
            vec![red, c(Left), c(Right), c(Foot), dotted],
            Pattern::AcrossTheTable,
        ),
        (
            vec![red, c(Left), c(Right), c(Left), dotted],
            Pattern::DoubleTheRail,
        ),
        (
            vec![c(Left), red, c(Left), c(Right), dotted],
            Pattern::Ticky,
        ),
        // Two long cushions after a corner is not round the table: the same long one.
        (vec![red, c(Left), c(Foot), c(Left), dotted], Pattern::Other),
        (vec![red, dotted], Pattern::Other),
    ] {
        assert_eq!(recognise(&route), pattern, "{route:?}");
    }
}
