//! The one conversion between the table frame (z up, metres; the core's) and Bevy's
//! frame (y up), used for everything drawn.

use crate::math::{DQuat, DVec3};
use bevy::math::{Quat, Vec3};

/// Table (x, y, z) → Bevy (x, z, −y): +x stays along the table toward the foot, up is
/// Bevy's +y, and the table's left (+y) is Bevy's −z. Right-handed both.
pub fn to_bevy(p: DVec3) -> Vec3 {
    Vec3::new(p.x as f32, p.z as f32, -p.y as f32)
}

/// Bevy → table, the inverse of `to_bevy`.
pub fn to_table(p: Vec3) -> DVec3 {
    DVec3::new(p.x as f64, -p.z as f64, p.y as f64)
}

/// A rotation in the table frame, as Bevy sees it.
pub fn rotation_to_bevy(q: DQuat) -> Quat {
    let axis = to_bevy(DVec3::new(q.x, q.y, q.z));
    Quat::from_xyzw(axis.x, axis.y, axis.z, q.w as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_handedness() {
        let p = DVec3::new(1.0, 2.0, 3.0);
        assert_eq!(to_table(to_bevy(p)), p);
        let (x, y) = (to_bevy(DVec3::X), to_bevy(DVec3::Y));
        assert_eq!(x.cross(y), to_bevy(DVec3::Z));
    }

    #[test]
    fn rotations_turn_the_same_way() {
        let q = DQuat::from_rotation_z(0.7);
        let v = DVec3::new(0.3, -0.2, 0.5);
        let turned = rotation_to_bevy(q) * to_bevy(v);
        assert!((turned - to_bevy(q * v)).length() < 1e-6);
    }
}
