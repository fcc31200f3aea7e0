//! Nelder–Mead's downhill simplex, in a box: for fitting a few numbers (a stroke, some
//! physics parameters) to measurements, where the function is a whole simulation and
//! has no gradient.

/// The lowest value found and where, with the number of evaluations spent.
#[derive(Clone, Debug, PartialEq)]
pub struct Minimum {
    pub x: Vec<f64>,
    pub value: f64,
    pub evaluations: usize,
}

/// Minimises `f` from `start` within `lo ..= hi` (each coordinate clamped), with an
/// initial simplex of `step` along each axis, until the simplex's values agree within
/// `tolerance` or `budget` evaluations are spent.
pub fn minimize(
    mut f: impl FnMut(&[f64]) -> f64,
    start: &[f64],
    step: &[f64],
    lo: &[f64],
    hi: &[f64],
    tolerance: f64,
    budget: usize,
) -> Minimum {
    let n = start.len();
    let clamp = |x: Vec<f64>| -> Vec<f64> {
        x.iter()
            .enumerate()
            .map(|(i, v)| v.clamp(lo[i], hi[i]))
            .collect()
    };
    let mut evaluations = 0;
    let mut eval = |x: &[f64], evaluations: &mut usize| {
        *evaluations += 1;
        f(x)
    };
    let mut simplex: Vec<(Vec<f64>, f64)> = Vec::with_capacity(n + 1);
    let first = clamp(start.to_vec());
    let value = eval(&first, &mut evaluations);
    simplex.push((first.clone(), value));
    for i in 0..n {
        let mut x = first.clone();
        x[i] += step[i];
        if x[i] > hi[i] {
            x[i] = first[i] - step[i];
        }
        let x = clamp(x);
        let value = eval(&x, &mut evaluations);
        simplex.push((x, value));
    }
    while evaluations < budget {
        simplex.sort_by(|a, b| a.1.total_cmp(&b.1));
        let (best, worst) = (simplex[0].1, simplex[n].1);
        if (worst - best).abs() <= tolerance {
            break;
        }
        let centroid: Vec<f64> = (0..n)
            .map(|i| simplex[..n].iter().map(|(x, _)| x[i]).sum::<f64>() / n as f64)
            .collect();
        let toward = |scale: f64| -> Vec<f64> {
            clamp(
                (0..n)
                    .map(|i| centroid[i] + scale * (simplex[n].0[i] - centroid[i]))
                    .collect(),
            )
        };
        let reflected = toward(-1.0);
        let r = eval(&reflected, &mut evaluations);
        if r < best {
            let expanded = toward(-2.0);
            let e = eval(&expanded, &mut evaluations);
            simplex[n] = if e < r { (expanded, e) } else { (reflected, r) };
        } else if r < simplex[n - 1].1 {
            simplex[n] = (reflected, r);
        } else {
            let contracted = if r < worst { toward(-0.5) } else { toward(0.5) };
            let c = eval(&contracted, &mut evaluations);
            if c < worst.min(r) {
                simplex[n] = (contracted, c);
            } else {
                // Shrink toward the best point.
                let best_x = simplex[0].0.clone();
                for point in simplex.iter_mut().skip(1) {
                    let x = clamp(
                        (0..n)
                            .map(|i| best_x[i] + 0.5 * (point.0[i] - best_x[i]))
                            .collect(),
                    );
                    let value = eval(&x, &mut evaluations);
                    *point = (x, value);
                }
            }
        }
    }
    simplex.sort_by(|a, b| a.1.total_cmp(&b.1));
    let (x, value) = simplex.swap_remove(0);
    Minimum {
        x,
        value,
        evaluations,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_bottom_of_a_bowl_and_stays_in_its_box() {
        let bowl = |x: &[f64]| (x[0] - 1.0).powi(2) + 10.0 * (x[1] + 2.0).powi(2);
        let m = minimize(
            bowl,
            &[0.0, 0.0],
            &[0.5, 0.5],
            &[-5.0; 2],
            &[5.0; 2],
            1e-12,
            2000,
        );
        assert!(
            (m.x[0] - 1.0).abs() < 1e-4 && (m.x[1] + 2.0).abs() < 1e-4,
            "{m:?}"
        );
        // The box holds: the bottom is outside it.
        let boxed = minimize(
            bowl,
            &[0.0, 0.0],
            &[0.5, 0.5],
            &[-1.0; 2],
            &[1.0; 2],
            1e-12,
            2000,
        );
        assert!((boxed.x[1] + 1.0).abs() < 1e-6, "{boxed:?}");
        assert!(boxed.evaluations <= 2000);
    }
}
