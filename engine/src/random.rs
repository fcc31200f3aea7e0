//! A small deterministic random generator for the core: the computer players' execution
//! errors and search offsets, and test data. The same seed gives the same draws on every
//! machine.

/// splitmix64.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A draw from the standard normal distribution (Box–Muller).
    pub fn normal(&mut self) -> f64 {
        let u = self.range(0.0, 1.0).max(f64::MIN_POSITIVE);
        let v = self.range(0.0, 1.0);
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normal_draws_have_mean_zero_and_spread_one_and_repeat_with_the_seed() {
        let mut rng = Rng(1);
        let draws: Vec<f64> = (0..20_000).map(|_| rng.normal()).collect();
        let n = draws.len() as f64;
        let mean = draws.iter().sum::<f64>() / n;
        let sd = (draws.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / n).sqrt();
        println!("mean {mean:.4}, sd {sd:.4}");
        assert!(mean.abs() < 0.03 && (sd - 1.0).abs() < 0.03, "{mean} {sd}");
        assert_eq!(Rng(7).normal(), Rng(7).normal());
    }
}
