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
}
