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

#[test]
fn the_plus_systems_arithmetic_holds_efler_s_worked_example() {
    use plus::{FirstRail, arrival, first_rail};
    // "3rd RAIL - START RAIL = 1st RAIL": 55 - 30 = 25.
    assert_eq!(first_rail(30.0, 55.0), 25.0);
    assert_eq!(arrival(30.0, 25.0), 55.0);
    // The reference line: 30 through 30 arrives at 60.
    assert_eq!(arrival(30.0, 30.0), 60.0);
    // First rail 25 lies a third of the way from 20 (3 diamonds up) to 35 (2½) on the
    // calculator's first table, halfway from 20 (3½) to 30 (3) on its second.
    let third = FirstRail::Table1.y(25.0).unwrap();
    assert!((third - (3.0 - 0.5 / 3.0)).abs() < 1e-12, "{third}");
    assert_eq!(FirstRail::Table2.y(25.0), Some(3.25));
    assert_eq!(FirstRail::Table1.y(0.0), Some(4.0));
    assert_eq!(FirstRail::Table2.y(10.0), None);
    assert!((FirstRail::Table1.number(third).unwrap() - 25.0).abs() < 1e-12);
    assert_eq!(FirstRail::Table2.number(3.25), Some(25.0));
}

#[test]
fn the_plus_numbers_lie_on_the_rails_lines_of_diamonds() {
    use plus::{FirstRail, PlusSighting};
    let config = Config::defaults();
    let table = TableGeometry::new(&config.tables, Some("match"), &config.balls).unwrap();
    let sight = PlusSighting::new(&table);
    let diamond = table.length / 8.0;
    let inset = table.cushion_width + table.rail_width / 2.0;
    // Start 30: three diamonds from the head end on the near (right, -y) rail's line.
    let thirty = sight.start(30.0).unwrap();
    let expected = DVec2::new(
        -table.half_length() + 3.0 * diamond,
        -table.half_width() - inset,
    );
    assert!((thirty - expected).length() < 1e-12);
    // 110: one diamond up the foot rail; 0 on the first rail: the corner of the head
    // rail's line with the far rail.
    let hundred_ten = sight.start(110.0).unwrap();
    assert!((hundred_ten.x - (table.half_length() + inset)).abs() < 1e-12);
    assert!((hundred_ten.y - (-table.half_width() + diamond)).abs() < 1e-12);
    let zero = sight.first_rail(FirstRail::Table1, 0.0).unwrap();
    assert!((zero - DVec2::new(-table.half_length() - inset, table.half_width())).length() < 1e-12);
    assert_eq!(sight.start(85.0), None);
    // Lines read back as arrival numbers on both rails, and round the corner between.
    for number in [30.0, 55.0, 80.0, 90.0, 130.0] {
        let at = sight.arrival_point(number).unwrap();
        let from = DVec2::new(0.0, table.half_width());
        let read = sight
            .arrival_number(from, from + (at - from) * 0.5)
            .unwrap();
        assert!((read - number).abs() < 1e-9, "{number}: {read}");
    }
    let corner = DVec2::new(table.half_length() + inset, -table.half_width() - inset);
    let from = DVec2::new(0.0, table.half_width());
    let read = sight.arrival_number(from, corner).unwrap();
    assert!((read - 85.0).abs() < 1e-9, "{read}");
    // Deviations are measured in diamonds along the rails: 10 a diamond on the long
    // rail, 20 on the short one.
    assert!((sight.along(60.0) - sight.along(55.0) - 0.5).abs() < 1e-12);
    assert!((sight.along(130.0) - sight.along(110.0) - 1.0).abs() < 1e-12);
}

#[test]
fn the_plus_stroke_goes_head_far_near_near_the_systems_arrival() {
    use plus::{FirstRail, SPEED, play_plus, read_arrival};
    let config = Config::defaults();
    let table = TableGeometry::new(&config.tables, Some("match"), &config.balls).unwrap();
    let mut sim = TableSim::new(&config, table.clone());
    let played = play_plus(&mut sim, &table, FirstRail::Table1, 30.0, 25.0, SPEED).unwrap();
    let arrived = played.simulated.expect("head, far rail, near rail");
    let deviation = played.deviation.unwrap();
    println!(
        "plus 30 through 25: the system says 55, the simulation {arrived:.1} ({deviation:+.2} diamonds)"
    );
    assert!(deviation.abs() < 1.0, "{arrived}");
    // Running side carries the ball further along the first rail's direction: without
    // it the ball comes off the head rail shorter and arrives further from the start.
    let (from, _) = plus::PlusSighting::new(&table)
        .stroke_line(FirstRail::Table1, 30.0, 25.0)
        .unwrap();
    sim.place(&[(BallId::White, from)]).unwrap();
    sim.strike(
        &[Stroke {
            side: 0.0,
            ..played.stroke
        }],
        None,
    )
    .unwrap();
    let plain = read_arrival(&table, &sim.run_to_rest(), BallId::White).unwrap();
    println!("without side: {plain:.1}");
    assert!(
        plain > arrived + 3.0,
        "{plain} with no side, {arrived} with running side"
    );
    assert!(matches!(
        play_plus(&mut sim, &table, FirstRail::Table2, 30.0, 5.0, SPEED),
        Err(SweepError::OutsideTheSystem { .. })
    ));
}
