use crate::config::{BallConfig, Keyed, TablesConfig, UnknownKey};
use crate::math::{DVec2, DVec3};
use crate::shot::{Cushion, Spot};

/// One table, built from a preset of `tables.ron` and the balls of `balls.ron`.
#[derive(Clone, Debug, PartialEq)]
pub struct TableGeometry {
    pub preset: String,
    /// Playing surface between the cushion noses, m.
    pub length: f64,
    pub width: f64,
    /// Bed surface above the floor, m.
    pub bed_height: f64,
    pub ball_radius: f64,
    /// Cushion nose above the bed, m, scaled to the ball.
    pub nose_height: f64,
    /// Cushion depth from nose to rail, m.
    pub cushion_width: f64,
    pub rail_width: f64,
    pub rail_height: f64,
    /// Distance of the head and foot strings from their cushions, m.
    pub string_offset: f64,
    /// Rule 7: largest distance of the breaker's ball from the head spot, m.
    pub break_offset: f64,
    pub long_intervals: u32,
    pub short_intervals: u32,
}

/// Nose height of `tables.ron` is for balls of this diameter, mm.
const REFERENCE_BALL_MM: f64 = 61.5;

impl TableGeometry {
    /// The preset `name` (None: the default one); an error listing the presets if there
    /// is no such preset.
    pub fn new(
        tables: &TablesConfig,
        name: Option<&str>,
        balls: &BallConfig,
    ) -> Result<Self, UnknownKey> {
        let name = name.unwrap_or(&tables.default_preset);
        let preset = tables.preset(name).ok_or_else(|| {
            let names = tables.presets.iter().map(|p| p.name.as_str());
            UnknownKey::new(Keyed::TablePreset, name, names)
        })?;
        let length = preset.length_mm / 1000.0;
        Ok(TableGeometry {
            preset: preset.name.clone(),
            length,
            width: preset.width_mm / 1000.0,
            bed_height: tables.bed_height_mm / 1000.0,
            ball_radius: balls.radius(),
            nose_height: tables.cushion.nose_height_mm / 1000.0 * balls.diameter_mm
                / REFERENCE_BALL_MM,
            cushion_width: tables.cushion.width_mm / 1000.0,
            rail_width: tables.rail.width_mm / 1000.0,
            rail_height: tables.rail.height_mm / 1000.0,
            string_offset: tables.string_fraction * length,
            break_offset: tables.break_offset_mm / 1000.0,
            long_intervals: tables.diamonds.long_intervals,
            short_intervals: tables.diamonds.short_intervals,
        })
    }

    pub fn half_length(&self) -> f64 {
        self.length / 2.0
    }

    pub fn half_width(&self) -> f64 {
        self.width / 2.0
    }

    /// The line of a cushion's nose: its distance from the centre along the inward
    /// normal's opposite (x = −L/2 for the head cushion, ...).
    pub fn nose_distance(&self, cushion: Cushion) -> f64 {
        match cushion {
            Cushion::Head | Cushion::Foot => self.half_length(),
            Cushion::Left | Cushion::Right => self.half_width(),
        }
    }

    /// Angle of the cushion contact above the ball's equator, rad (~11.7°).
    pub fn contact_angle(&self) -> f64 {
        ((self.nose_height - self.ball_radius) / self.ball_radius).asin()
    }

    /// Horizontal distance from a cushion's nose line to the centre of a ball touching
    /// it: the ball meets the nose above its equator, so less than a radius.
    pub fn cushion_reach(&self) -> f64 {
        self.ball_radius * self.contact_angle().cos()
    }

    /// The cushion's cross-section, one profile for the colliders, the drawn cushion
    /// and the cue's clearance over it: (distance back from the nose line, height above
    /// the bed), m, round the section from the nose. The nose is at its height; the
    /// face is cut back underneath, so that only the nose meets a ball on the cloth;
    /// the top is level with the rail from just behind the nose.
    pub fn cushion_section(&self) -> [DVec2; 5] {
        let w = self.cushion_width;
        [
            DVec2::new(0.0, self.nose_height),
            DVec2::new(0.6 * w, 0.0),
            DVec2::new(w, 0.0),
            DVec2::new(w, self.rail_height),
            DVec2::new(0.15 * w, self.rail_height),
        ]
    }

    /// The point `p` of the cushion's section (`cushion_section`'s frame) on the side
    /// along `cushion`, `along` m from the middle of that side (toward +y or +x), in
    /// the table frame: where the colliders and the drawn edge put it.
    pub fn section_point(&self, cushion: Cushion, p: DVec2, along: f64) -> DVec3 {
        let inward = cushion.inward_normal().extend(0.0);
        let along_side = DVec3::Z.cross(inward);
        -inward * (self.nose_distance(cushion) + p.x) + along_side * along + DVec3::Z * p.y
    }

    /// What a cue behind a ball passes over at the table's edge, from the nose outward:
    /// the edges of the cushion's top and the rail's outer edge, (back from the nose
    /// line, height), m. A straight cue above these is above the whole section and
    /// the rail, whose tops are flat between them.
    pub fn edge_outline(&self) -> [DVec2; 4] {
        let [nose, .., back_top, front_top] = self.cushion_section();
        [
            nose,
            front_top,
            back_top,
            DVec2::new(self.cushion_width + self.rail_width, self.rail_height),
        ]
    }

    /// The region a ball's centre may occupy on the bed: the playing surface less the
    /// cushion reach on every side (half extents, m).
    pub fn centre_limits(&self) -> DVec2 {
        DVec2::new(self.half_length(), self.half_width()) - DVec2::splat(self.cushion_reach())
    }

    /// Whether a ball centred at `p` lies on the bed, clear of every cushion.
    pub fn fits_on_bed(&self, p: DVec2) -> bool {
        let limits = self.centre_limits();
        p.x.abs() <= limits.x + 1e-9 && p.y.abs() <= limits.y + 1e-9
    }

    pub fn spot(&self, spot: Spot) -> DVec2 {
        match spot {
            Spot::Head => DVec2::new(self.head_string_x(), 0.0),
            Spot::Foot => DVec2::new(self.foot_string_x(), 0.0),
            Spot::Centre => DVec2::ZERO,
        }
    }

    /// The head string, x = const (rules 5, 7).
    pub fn head_string_x(&self) -> f64 {
        -self.half_length() + self.string_offset
    }

    pub fn foot_string_x(&self) -> f64 {
        self.half_length() - self.string_offset
    }

    /// Rule 7: the breaker's ball on the head string, `offset` m from the head spot to
    /// the left (+) or right (−), clamped to the allowed six inches.
    pub fn break_position(&self, offset: f64) -> DVec2 {
        let offset = offset.clamp(-self.break_offset, self.break_offset);
        self.spot(Spot::Head) + DVec2::new(0.0, offset)
    }

    /// Outer edge of the rails: half extents of the table's top, m.
    pub fn outer_half_extents(&self) -> DVec2 {
        let border = self.cushion_width + self.rail_width;
        DVec2::new(self.half_length() + border, self.half_width() + border)
    }

    /// Diamond centres on the rail tops (their z is the rail height), in the middle of
    /// the rail's width, at equal intervals between the corners' sight lines.
    pub fn diamonds(&self) -> Vec<DVec2> {
        let inset = self.cushion_width + self.rail_width / 2.0;
        let (hl, hw) = (self.half_length(), self.half_width());
        let mut points = Vec::new();
        for i in 1..self.long_intervals {
            let x = -hl + self.length * i as f64 / self.long_intervals as f64;
            points.push(DVec2::new(x, hw + inset));
            points.push(DVec2::new(x, -hw - inset));
        }
        for i in 1..self.short_intervals {
            let y = -hw + self.width * i as f64 / self.short_intervals as f64;
            points.push(DVec2::new(hl + inset, y));
            points.push(DVec2::new(-hl - inset, y));
        }
        points
    }

    /// Where a ball whose centre is at `p` touches `cushion`, in diamonds, as the
    /// diamond systems read it: along a long cushion from the head end (0 to 8 on a
    /// match table), along a short one from the right-hand corner seen from the head
    /// end (0 to 4).
    pub fn diamond_at(&self, cushion: Cushion, p: DVec2) -> f64 {
        match cushion {
            Cushion::Left | Cushion::Right => {
                (p.x + self.half_length()) / self.length * f64::from(self.long_intervals)
            }
            Cushion::Head | Cushion::Foot => {
                (p.y + self.half_width()) / self.width * f64::from(self.short_intervals)
            }
        }
    }

    /// The point `along` diamonds up the table from the head cushion (0 to 8) and
    /// `across` from the right cushion (0 to 4): [Self::diamond_at] the other way.
    pub fn at_diamonds(&self, along: f64, across: f64) -> DVec2 {
        DVec2::new(
            -self.half_length() + along / f64::from(self.long_intervals) * self.length,
            -self.half_width() + across / f64::from(self.short_intervals) * self.width,
        )
    }

    /// `p` drawn to a spot, or to the lines between opposite diamonds (across and
    /// along the table), when it lies within `within` m of them; held on the bed.
    pub fn snapped(&self, p: DVec2, within: f64) -> DVec2 {
        let limits = self.centre_limits();
        if let Some(spot) = [Spot::Head, Spot::Centre, Spot::Foot]
            .map(|s| self.spot(s))
            .into_iter()
            .find(|s| s.distance(p) <= within)
        {
            return spot;
        }
        let nearest_line = |v: f64, half: f64, size: f64, intervals: u32| {
            let step = size / f64::from(intervals);
            let line = ((v + half) / step).round() * step - half;
            if (line - v).abs() <= within { line } else { v }
        };
        let x = nearest_line(p.x, self.half_length(), self.length, self.long_intervals);
        let y = nearest_line(p.y, self.half_width(), self.width, self.short_intervals);
        DVec2::new(x, y).clamp(-limits, limits)
    }

    /// The two balk lines parallel to each cushion at `distance` m from its nose
    /// (balkline games): x = ±(L/2 − d) and y = ±(W/2 − d).
    pub fn balk_lines(&self, distance: f64) -> (f64, f64) {
        (self.half_length() - distance, self.half_width() - distance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn table(name: &str) -> TableGeometry {
        let config = Config::defaults();
        TableGeometry::new(&config.tables, Some(name), &config.balls).unwrap()
    }

    #[test]
    fn spots_and_strings_of_every_preset() {
        for (name, length, width) in [
            ("small", 2.764, 1.382),
            ("match", 2.840, 1.420),
            ("large", 3.072, 1.536),
        ] {
            let t = table(name);
            assert_eq!((t.length, t.width), (length, width));
            let quarter = length / 4.0;
            assert!(
                (t.spot(Spot::Head) - DVec2::new(-quarter, 0.0)).length() < 1e-12,
                "{name}"
            );
            assert!(
                (t.spot(Spot::Foot) - DVec2::new(quarter, 0.0)).length() < 1e-12,
                "{name}"
            );
            assert_eq!(t.spot(Spot::Centre), DVec2::ZERO);
            assert!((t.head_string_x() + quarter).abs() < 1e-12);
            assert_eq!(t.bed_height, 0.749);
        }
    }

    #[test]
    fn break_position_stays_within_six_inches_of_the_head_spot() {
        let t = table("match");
        let p = t.break_position(0.5);
        assert!((p - t.spot(Spot::Head)).length() <= 0.1524 + 1e-12);
        assert_eq!(p.x, t.head_string_x());
    }

    #[test]
    fn cushion_contact_is_about_twelve_degrees_above_the_equator() {
        let t = table("match");
        assert!((t.contact_angle().to_degrees() - 11.73).abs() < 0.05);
        assert!((t.cushion_reach() - 0.03011).abs() < 1e-4);
    }

    #[test]
    fn diamonds_count_from_the_head_end_and_the_right_hand_corner() {
        let t = table("match");
        let (hl, hw) = (t.half_length(), t.half_width());
        let read = |c, x, y| t.diamond_at(c, DVec2::new(x, y));
        assert!((read(Cushion::Left, -hl, hw) - 0.0).abs() < 1e-12);
        assert!((read(Cushion::Right, 0.0, -hw) - 4.0).abs() < 1e-12);
        assert!((read(Cushion::Left, hl, hw) - 8.0).abs() < 1e-12);
        assert!((read(Cushion::Foot, hl, -hw) - 0.0).abs() < 1e-12);
        assert!((read(Cushion::Head, -hl, hw / 2.0) - 3.0).abs() < 1e-12);
    }

    #[test]
    fn a_placed_ball_snaps_to_a_spot_or_a_diamond_line_nearby_and_stays_on_the_bed() {
        let t = table("match");
        let eighth = t.length / 8.0;
        let head = t.spot(Spot::Head);
        assert_eq!(t.snapped(head + DVec2::new(0.01, -0.01), 0.02), head);
        // Near the line through the second diamonds across, and the long axis.
        let p = t.snapped(
            DVec2::new(-t.half_length() + 2.0 * eighth + 0.015, 0.3),
            0.02,
        );
        assert!((p.x - (-t.half_length() + 2.0 * eighth)).abs() < 1e-12);
        assert_eq!(p.y, 0.3, "0.3 is not near a line along");
        let far = DVec2::new(0.1, 0.1);
        assert_eq!(t.snapped(far, 0.02), far);
        // The lines on the cushions are beyond the bed's reach: held on it.
        let corner = t.snapped(DVec2::new(t.half_length(), t.half_width()), 0.05);
        assert_eq!(corner, t.centre_limits());
    }

    #[test]
    fn seven_diamonds_on_a_long_rail_and_three_on_a_short_one() {
        let t = table("match");
        let d = t.diamonds();
        let on_left = d.iter().filter(|p| p.y > t.half_width()).count();
        let on_foot = d.iter().filter(|p| p.x > t.half_length()).count();
        assert_eq!((on_left, on_foot), (7, 3));
    }

    #[test]
    fn an_unknown_preset_is_refused_with_the_presets_named() {
        let config = Config::defaults();
        let err = TableGeometry::new(&config.tables, Some("pool"), &config.balls).unwrap_err();
        assert_eq!(
            err.to_string(),
            "no table preset \"pool\"; the presets are: small, match, large"
        );
    }
}
