//! A ball's place typed in diamonds (issue 56): "red 3.5 / 1.25" puts the red three and
//! a half diamonds up the table from the head cushion and one and a quarter across from
//! the right one, as a player reads a lay-out off the rails. The ball goes by its name
//! as the screens say it (in the set's style) or by its key; the two numbers are
//! parted by "/" or a space, with a point or a comma for decimals.

use crate::math::DVec2;
use crate::shot::BallId;
use crate::table::TableGeometry;

/// Why a typed place cannot be read.
#[derive(Clone, Debug, PartialEq)]
pub enum TypedPlaceError {
    /// The text does not start with a ball's name: the names there are.
    NoBall { known: Vec<String> },
    /// After the ball, not two numbers: what was there.
    NotTwoNumbers(String),
    /// A number outside the rail's diamonds (0 to `most`).
    OffTheRail { along: bool, value: f64, most: u32 },
}

impl std::error::Error for TypedPlaceError {}

/// Reads "BALL ALONG / ACROSS" on `table`: the ball (one of `names`, each a ball on the
/// table with the names it goes by) and its centre's place in the table frame.
pub fn read_typed_place(
    text: &str,
    table: &TableGeometry,
    names: &[(BallId, Vec<String>)],
) -> Result<(BallId, DVec2), TypedPlaceError> {
    let text = text.trim().to_lowercase();
    // The longest name the text starts with: "second red" before "red".
    let (ball, rest) = names
        .iter()
        .flat_map(|(ball, names)| names.iter().map(move |n| (*ball, n.to_lowercase())))
        .filter(|(_, name)| text.starts_with(name.as_str()))
        .max_by_key(|(_, name)| name.len())
        .map(|(ball, name)| (ball, text[name.len()..].trim().to_owned()))
        .ok_or_else(|| TypedPlaceError::NoBall {
            known: names
                .iter()
                .filter_map(|(_, n)| n.first().cloned())
                .collect(),
        })?;
    let parts: Vec<&str> = if rest.contains('/') {
        rest.split('/').map(str::trim).collect()
    } else {
        rest.split_whitespace().collect()
    };
    let numbers: Vec<f64> = parts
        .iter()
        .filter_map(|p| p.replace(',', ".").parse::<f64>().ok())
        .filter(|v| v.is_finite())
        .collect();
    let [along, across] = numbers[..] else {
        return Err(TypedPlaceError::NotTwoNumbers(rest));
    };
    if parts.len() != 2 {
        return Err(TypedPlaceError::NotTwoNumbers(rest));
    }
    for (is_along, value, most) in [
        (true, along, table.long_intervals),
        (false, across, table.short_intervals),
    ] {
        if !(0.0..=f64::from(most)).contains(&value) {
            return Err(TypedPlaceError::OffTheRail {
                along: is_along,
                value,
                most,
            });
        }
    }
    Ok((ball, table.at_diamonds(along, across)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn names() -> Vec<(BallId, Vec<String>)> {
        vec![
            (BallId::White, vec!["white".into()]),
            (BallId::Red, vec!["red".into(), "красный".into()]),
            (BallId::Red2, vec!["second red".into(), "red2".into()]),
        ]
    }

    #[test]
    fn a_place_typed_in_diamonds_reads_as_the_rails_number_it() {
        let config = Config::defaults();
        let table = TableGeometry::new(&config.tables, None, &config.balls).unwrap();
        let read = |text: &str| read_typed_place(text, &table, &names());
        let (ball, at) = read("red 3.5 / 1.25").unwrap();
        assert_eq!(ball, BallId::Red);
        assert!((table.diamond_at(crate::shot::Cushion::Left, at) - 3.5).abs() < 1e-12);
        assert!((table.diamond_at(crate::shot::Cushion::Head, at) - 1.25).abs() < 1e-12);
        // The centre spot; the foot-left corner of the bed.
        assert_eq!(read("White 4 2").unwrap(), (BallId::White, DVec2::ZERO));
        let corner = read("Красный 8/4").unwrap().1;
        assert!((corner - DVec2::new(table.half_length(), table.half_width())).length() < 1e-12);
        assert_eq!(read("second red 0,5 / 2,5").unwrap().0, BallId::Red2);
        assert_eq!(
            read("blue 1 1"),
            Err(TypedPlaceError::NoBall {
                known: vec!["white".into(), "red".into(), "second red".into()]
            })
        );
        assert_eq!(
            read("red 3.5"),
            Err(TypedPlaceError::NotTwoNumbers("3.5".into()))
        );
        assert_eq!(
            read("red 1 2 3"),
            Err(TypedPlaceError::NotTwoNumbers("1 2 3".into()))
        );
        assert_eq!(
            read("red 9 / 1"),
            Err(TypedPlaceError::OffTheRail {
                along: true,
                value: 9.0,
                most: 8
            })
        );
        assert!(matches!(
            read("red 1 / NaN"),
            Err(TypedPlaceError::NotTwoNumbers(_))
        ));
    }
}
