//! Vector types of the pure core (f64), and the mean of counts with its interval. The
//! vectors are glam's, taken through rapier so that the whole program has one glam; in
//! the game they are the same types as `bevy::math`'s.

pub use rapier3d::glamx::{DQuat, DVec2, DVec3};

/// The mean of runs' counts and its 95 % interval (the normal approximation of the
/// mean, from the runs' spread): (mean, low, high).
pub fn mean_and_interval(counts: &[u32]) -> (f64, f64, f64) {
    let n = counts.len().max(1) as f64;
    let mean = counts.iter().map(|&c| f64::from(c)).sum::<f64>() / n;
    let variance = counts
        .iter()
        .map(|&c| (f64::from(c) - mean).powi(2))
        .sum::<f64>()
        / (n - 1.0).max(1.0);
    let half = 1.96 * (variance / n).sqrt();
    (mean, mean - half, mean + half)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_interval_of_counts_holds_their_mean() {
        let (mean, low, high) = super::mean_and_interval(&[10, 12, 14, 12]);
        assert_eq!(mean, 12.0);
        // Sample variance 8/3 over 4 runs.
        let half = 1.96 * (8.0f64 / 3.0 / 4.0).sqrt();
        assert!((high - mean - half).abs() < 1e-12 && (mean - low - half).abs() < 1e-12);
    }
}
