//! Numbers with an allowed range, checked while parsing so that the error carries the
//! value's position in the file.

use serde::{Deserialize, Deserializer};

/// Reads a number and rejects it unless `lo <= value <= hi` (NaN is rejected too).
pub fn check<'de, D: Deserializer<'de>>(
    d: D,
    field: &str,
    lo: f64,
    hi: f64,
    unit: &str,
) -> Result<f64, D::Error> {
    let value = f64::deserialize(d)?;
    if lo <= value && value <= hi {
        Ok(value)
    } else {
        Err(serde::de::Error::custom(format!(
            "`{field}` is {value}, outside its allowed range {lo} ..= {hi}{unit}"
        )))
    }
}

/// Declares one checking function per field for `#[serde(deserialize_with = "name")]`,
/// named like the field unless `as "field"` gives the field's name for messages, of an
/// `f64` unless `in f32` says otherwise:
/// `ranged! { diameter_mm: 61.0 ..= 62.0, " mm (rule 1)"; volume: 0.0 ..= 1.0, "" in f32; }`
/// (Exported so that the game's own settings check their ranges the same way.)
#[macro_export]
#[doc(hidden)]
macro_rules! __ranged {
    ($($name:ident $(as $field:literal)?: $lo:literal ..= $hi:literal, $unit:literal
        $(in $ty:ident)?;)*) => {$(
        fn $name<'de, D: serde::Deserializer<'de>>(
            d: D,
        ) -> Result<$crate::config::range::number!($($ty)?), D::Error> {
            let field = $crate::config::range::field_name!($name $($field)?);
            $crate::config::range::check(d, field, $lo, $hi, $unit).map(|v| v as _)
        }
    )*};
}

/// The type a ranged field holds: the given one, else `f64`.
#[macro_export]
#[doc(hidden)]
macro_rules! __number {
    () => {
        f64
    };
    ($ty:ident) => {
        $ty
    };
}

/// The name a field goes by in messages: the given one, else the function's.
#[macro_export]
#[doc(hidden)]
macro_rules! __field_name {
    ($name:ident) => {
        stringify!($name)
    };
    ($name:ident $field:literal) => {
        $field
    };
}
pub use crate::__field_name as field_name;
pub use crate::__number as number;
pub use crate::__ranged as ranged;
