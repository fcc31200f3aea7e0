//! Roots of polynomials of degree ≤ 4 on an interval: the collision-time solver. Between
//! contacts every ball moves on a parabola, so "when do these two touch" is the first
//! root of a quartic.

/// Coefficients, lowest power first: `c[0] + c[1]·t + c[2]·t² + ...`.
pub type Poly = [f64; 5];

/// A dip below zero shallower than this (m, or m² for squared distances) is rounding at a
/// graze, not a contact.
const GRAZE: f64 = 1e-15;

/// Horner's rule from the leading coefficient: the same value, bit for bit, as starting
/// from zero (0·t + c₄ is c₄ for any finite t), one multiplication and addition sooner.
pub fn eval(c: &Poly, t: f64) -> f64 {
    c[..4].iter().rev().fold(c[4], |acc, &k| acc * t + k)
}

fn derivative(c: &Poly) -> Poly {
    [c[1], 2.0 * c[2], 3.0 * c[3], 4.0 * c[4], 0.0]
}

/// Highest power with a coefficient that matters on [0, span]: tiny leading terms are
/// dropped so that a parabola meeting a straight line is not solved as a quartic.
fn degree(c: &Poly, span: f64) -> usize {
    let scale = (0..5)
        .map(|i| (c[i] * span.powi(i as i32)).abs())
        .fold(0.0, f64::max);
    (0..5)
        .rev()
        .find(|&i| (c[i] * span.powi(i as i32)).abs() > scale * 1e-14)
        .unwrap_or(0)
}

/// The first time in `[a, b]` where `c` goes from positive to non-positive: a gap that
/// closes. Starting at or below zero while falling counts as closing at `a`; a graze
/// (touching zero without crossing) does not count. Returns a time at which the gap is
/// still ≥ 0 (the left end of the bracket), so bodies are never put inside each other.
#[cfg(test)]
pub fn first_closing(c: &Poly, a: f64, b: f64) -> Option<f64> {
    closing(c, a, b).map(|closing| closing.time())
}

/// Where `first_closing` will find the gap closing, before the time itself is searched
/// for: detection keeps only the earliest contact, and most closings it finds come
/// after one found already, which their bracket alone tells.
pub fn closing(c: &Poly, a: f64, b: f64) -> Option<Closing> {
    if b <= a {
        return None;
    }
    match *c {
        [c0, c1, c2, 0.0, 0.0] => closing_quadratic([c0, c1, c2], a, b),
        _ => closing_any(c, a, b),
    }
}

/// `closing` for any polynomial of degree ≤ 4, on a bracket with b > a.
fn closing_any(c: &Poly, a: f64, b: f64) -> Option<Closing> {
    let d = derivative(c);
    if eval(c, a) <= 0.0 && eval(&d, a) < 0.0 {
        return Some(Closing {
            c: *c,
            from: a,
            to: a,
        });
    }
    let mut points = Points::starting_at(a);
    critical_points(c, a, b, &mut points);
    points.push(b);
    points
        .as_slice()
        .windows(2)
        .find(|w| {
            eval(c, w[0]) > 0.0 && eval(c, w[1]) < -GRAZE
                || eval(c, w[1]) == 0.0 && eval(&d, w[1]) < 0.0
        })
        .map(|w| Closing {
            c: *c,
            from: w[0],
            to: w[1],
        })
}

/// `closing_any` for a quadratic (a ball's gap to a cushion, the most common): the same
/// evaluations, each by Horner's rule without the zero terms (the same value, as
/// `bisect` has it), and its one critical point where `critical_points` puts it.
fn closing_quadratic(q @ [c0, c1, c2]: [f64; 3], a: f64, b: f64) -> Option<Closing> {
    let slope = |t: f64| 2.0 * c2 * t + c1;
    let closes = |from: f64, to: f64| Closing {
        c: [c0, c1, c2, 0.0, 0.0],
        from,
        to,
    };
    if quadratic(q, a) <= 0.0 && slope(a) < 0.0 {
        return Some(closes(a, a));
    }
    // The derivative c1 + 2·c2·t counts as a line on the span (`degree` 1) unless its
    // slope is too small there to matter.
    let (d0, d1) = (c1, 2.0 * c2);
    let span = (b - a).abs().max(1e-9);
    let scale = [d0.abs(), (d1 * span).abs()]
        .into_iter()
        .fold(0.0, f64::max);
    let mut points = Points::starting_at(a);
    if (d1 * span).abs() > scale * 1e-14 {
        points.push_inside(-d0 / d1, a, b);
    }
    points.push(b);
    points
        .as_slice()
        .windows(2)
        .find(|w| {
            quadratic(q, w[0]) > 0.0 && quadratic(q, w[1]) < -GRAZE
                || quadratic(q, w[1]) == 0.0 && slope(w[1]) < 0.0
        })
        .map(|w| closes(w[0], w[1]))
}

/// A gap that closes within `[from, to]` (at `from` itself when the two are equal).
pub struct Closing {
    c: Poly,
    from: f64,
    to: f64,
}

impl Closing {
    /// The closing comes no sooner than this.
    pub fn not_before(&self) -> f64 {
        self.from
    }

    /// The time `first_closing` gives: the bracket narrowed to its last time at which
    /// the gap is still ≥ 0.
    pub fn time(&self) -> f64 {
        if self.from == self.to {
            self.from
        } else {
            bisect(&self.c, self.from, self.to)
        }
    }
}

/// Pushes the roots of c' in (a, b), sorted: the ends of c's monotone pieces.
fn critical_points(c: &Poly, a: f64, b: f64, out: &mut Points) {
    let d = derivative(c);
    match degree(&d, (b - a).abs().max(1e-9)) {
        0 => {}
        1 => out.push_inside(-d[0] / d[1], a, b),
        2 => {
            let (r1, r2) = quadratic_roots(d[2], d[1], d[0]);
            for r in [r1, r2].into_iter().flatten() {
                out.push_inside(r, a, b);
            }
        }
        _ => {
            // Roots of c' lie where c' changes sign between the roots of c''.
            let mut inner = Points::starting_at(a);
            critical_points(&d, a, b, &mut inner);
            inner.push(b);
            for w in inner.as_slice().windows(2) {
                let (fl, fr) = (eval(&d, w[0]), eval(&d, w[1]));
                if fl == 0.0 {
                    out.push_inside(w[0], a, b);
                } else if fl * fr < 0.0 {
                    out.push_inside(bisect_sign(&d, w[0], w[1]), a, b);
                }
            }
        }
    }
}

/// Increasing times on an interval: its ends and a quartic's (at most three) critical
/// points between them. On the stack, as detection asks for them at every event.
struct Points {
    at: [f64; 5],
    len: usize,
}

impl Points {
    fn starting_at(a: f64) -> Points {
        Points {
            at: [a, 0.0, 0.0, 0.0, 0.0],
            len: 1,
        }
    }

    fn push(&mut self, t: f64) {
        self.at[self.len] = t;
        self.len += 1;
    }

    /// Adds `t` when it lies strictly inside (a, b) and after the last point.
    fn push_inside(&mut self, t: f64, a: f64, b: f64) {
        if t > a && t < b && self.as_slice().last().is_none_or(|&last| t > last) {
            self.push(t);
        }
    }

    fn as_slice(&self) -> &[f64] {
        &self.at[..self.len]
    }
}

/// Real roots of a·t² + b·t + c, in increasing order (numerically stable form).
fn quadratic_roots(a: f64, b: f64, c: f64) -> (Option<f64>, Option<f64>) {
    let disc = b * b - 4.0 * a * c;
    if disc < 0.0 {
        return (None, None);
    }
    let q = -0.5 * (b + b.signum() * disc.sqrt());
    let (r1, r2) = if q == 0.0 { (0.0, 0.0) } else { (q / a, c / q) };
    (Some(r1.min(r2)), Some(r1.max(r2)))
}

/// Narrows [l, r] with c(l) > 0 ≥ c(r) to the last time the gap is still ≥ 0.
fn bisect(c: &Poly, l: f64, r: f64) -> f64 {
    if let [c0, c1, c2, 0.0, 0.0] = *c {
        // A quadratic (a ball's gap to a cushion): Horner's rule without its zero terms,
        // the same value in half the steps, as each halving waits for the one before.
        let open = |t: f64| quadratic([c0, c1, c2], t) > 0.0;
        match sure_signs([c0, c1, c2], l, r) {
            Some(band) => one_sign_change([c0, c1, c2], r, &band, open)
                .unwrap_or_else(|| halve_around(l, r, (band.lo, band.hi), open).0),
            None => halve(l, r, open).0,
        }
    } else {
        let open = |t: f64| eval(c, t) > 0.0;
        halve_falling(c, l, r, open)
            .unwrap_or_else(|| halve(l, r, open))
            .0
    }
}

/// Horner's rule's error on a quadratic, relative to the sum of its terms' sizes: γ₄ =
/// 4u/(1 − 4u) ≈ 4.44e-16 (Higham, *Accuracy and Stability of Numerical Algorithms*,
/// 5.1), rounded up.
const GAMMA: f64 = 4.5e-16;

/// `c₀ + c₁t + c₂t²` by Horner's rule: the one way every quadratic search computes it,
/// so that the signs its proofs speak of are those its bisection judges.
fn quadratic([c0, c1, c2]: [f64; 3], t: f64) -> f64 {
    (c2 * t + c1) * t + c0
}

/// How far `quadratic` can be off anywhere in [0, t]: `GAMMA` times its terms' sizes
/// at t (where, for t ≥ 0, they are largest).
fn quadratic_error([c0, c1, c2]: [f64; 3], t: f64) -> f64 {
    GAMMA * ((c2.abs() * t + c1.abs()) * t + c0.abs())
}

/// Whether the quadratic is truly falling at t: its slope computed below minus its
/// rounding error.
fn surely_falling([_, c1, c2]: [f64; 3], t: f64) -> bool {
    2.0 * c2 * t + c1 < -GAMMA * (c1.abs() + 2.0 * c2.abs() * t)
}

/// A band round a quadratic gap's root outside which the sign of its computed value is
/// certain, with the root and how fast the gap falls there.
struct Band {
    lo: f64,
    hi: f64,
    root: f64,
    fall: f64,
}

/// For a quadratic gap `q` falling through zero in [l, r] (0 ≤ l): a band (lo, hi)
/// round its root outside which the sign Horner's rule computes is certain — positive
/// at every double in [l, lo], not positive at every one in [hi, r] — or None where
/// that cannot be shown (then every midpoint is evaluated).
///
/// Why it holds: Horner's rule on a quadratic is off by at most γ₄·(|c₂|t² + |c₁|t + |c₀|)
/// (`GAMMA`), at most `err` over the bracket. A quadratic computed above 2.1·err at both
/// ends of [l, lo] is truly above `err` all along it if it is concave there or still
/// falling at lo (a convex one falling at lo falls all the way from l); there its
/// computed value is positive. Likewise below −2.1·err at both ends of [hi, r] when
/// convex, or falling at hi.
fn sure_signs(c @ [c0, c1, c2]: [f64; 3], l: f64, r: f64) -> Option<Band> {
    if !(l.is_sign_positive() && l < r) {
        return None;
    }
    let q = |t: f64| quadratic(c, t);
    let err = quadratic_error(c, r);
    // The root, near enough: the stable quadratic formula.
    let root = if c2 == 0.0 {
        -c0 / c1
    } else {
        let disc = c1 * c1 - 4.0 * c2 * c0;
        let h = -0.5 * (c1 + c1.signum() * disc.sqrt());
        let (a, b) = (h / c2, c0 / h);
        let inside = |t: f64| t >= l && t <= r;
        match (inside(a), inside(b)) {
            (true, true) => a.min(b),
            (true, false) => a,
            _ => b,
        }
    };
    let fall = -(2.0 * c2 * root + c1);
    if !(root >= l && root <= r && fall > 0.0) {
        return None;
    }
    let half_width = 4.0 * err / fall + 4.0 * f64::EPSILON * root;
    let (lo, hi) = ((root - half_width).max(l), (root + half_width).min(r));
    let falling = |t: f64| surely_falling(c, t);
    let above = |t: f64| q(t) > 2.1 * err;
    let below = |t: f64| q(t) < -2.1 * err;
    let left = above(l) && above(lo) && (c2 <= 0.0 || falling(lo));
    let right = below(hi) && below(r) && (c2 >= 0.0 || falling(hi));
    (left && right).then_some(Band { lo, hi, root, fall })
}

/// The bisection's answer without its halvings, where that answer cannot depend on them:
/// a bisection keeps a double whose gap is computed positive on its left and one not
/// positive on its right, and ends with the two next to each other; so where the
/// computed sign changes once only, from positive to not, over the whole bracket, every
/// bisection ends on the last positive double. Outside `band` the signs are certain;
/// inside it, this shows them certain outside a narrower band `[near_lo, near_hi]` (as
/// `sure_signs` does, with the error bounded where the root is rather than at `r`: a
/// few dozen doubles wide), judges each double there, and answers where they change once.
/// None where that cannot be shown, or where the doubles are too many to judge (then the
/// halvings are walked), or where a bisection from `r` would run out of halvings before
/// reaching the root (a root below r·1e-40).
fn one_sign_change(
    c: [f64; 3],
    r: f64,
    band: &Band,
    positive: impl Fn(f64) -> bool,
) -> Option<f64> {
    const MOST_JUDGED: u64 = 64;
    let q = |t: f64| quadratic(c, t);
    let falling = |t: f64| surely_falling(c, t);
    // Horner's error anywhere in the band.
    let hi = band.hi;
    let err = quadratic_error(c, hi);
    let reach = 2.2 * err / band.fall + f64::EPSILON * band.root;
    let near_lo = (band.root - reach).max(band.lo);
    let near_hi = (band.root + reach).min(hi);
    // Between lo and near_lo the gap truly falls from above 1.1·err, so its computed
    // value stays above 0.1·err; between near_hi and hi it falls from below −1.1·err.
    let left = near_lo == band.lo || falling(band.lo) && falling(near_lo) && q(near_lo) > 2.1 * err;
    let right = near_hi == hi || falling(near_hi) && falling(hi) && q(near_hi) < -2.1 * err;
    let first = near_lo.to_bits();
    let count = near_hi.to_bits().wrapping_sub(first).wrapping_add(1);
    if !(left && right && near_lo > r * 1e-40 && (2..=MOST_JUDGED).contains(&count)) {
        return None;
    }
    // Bit i: the double i steps above near_lo is computed positive.
    let judged = (0..count).fold(0u64, |bits, i| {
        bits | u64::from(positive(f64::from_bits(first + i))) << i
    });
    let ones = u64::from(judged.count_ones());
    // Positive from near_lo up, then not: a run of ones from bit 0.
    (judged & 1 == 1 && judged & judged.wrapping_add(1) == 0)
        .then(|| f64::from_bits(first + ones - 1))
}

/// `halve(l, r, keep_right)` for a `keep_right` known ahead to hold at or below `lo`
/// and not at or above `hi` (0 ≤ l ≤ lo < hi): the same halvings, bit for bit, the
/// midpoints outside the band judged by comparison. Those come first (most of a
/// bracket's fifty-odd halvings) and are walked on the doubles' bits, where a
/// comparison and a midpoint are integer steps: for two doubles ≥ 0 of one binade,
/// 0.5·(l + r) is the mean of their bits rounded half to even, as the addition rounds.
fn halve_around(
    l: f64,
    r: f64,
    (lo, hi): (f64, f64),
    keep_right: impl Fn(f64) -> bool,
) -> (f64, f64) {
    let pick = |right: bool, a: u64, b: u64| std::hint::select_unpredictable(right, a, b);
    let (mut l, mut r) = (l.to_bits(), r.to_bits());
    let (lo, hi) = (lo.to_bits(), hi.to_bits());
    let mut done = 0;
    while done < MAX_HALVINGS {
        let m = if (l ^ r) >> 52 == 0 {
            let sum = l + r;
            let half = sum >> 1;
            half + (sum & half & 1)
        } else {
            (0.5 * (f64::from_bits(l) + f64::from_bits(r))).to_bits()
        };
        let right = m <= lo;
        if (m <= l) | (m >= r) | (!right & (m < hi)) {
            break;
        }
        (l, r) = (pick(right, m, l), pick(right, r, m));
        done += 1;
    }
    // The midpoints in the band, evaluated.
    let (l, r) = (f64::from_bits(l), f64::from_bits(r));
    let (lo, hi) = (f64::from_bits(lo), f64::from_bits(hi));
    halve_after(l, r, done, |m| m <= lo || m < hi && keep_right(m))
}

/// A sign change of c between l and r, to machine precision.
fn bisect_sign(c: &Poly, l: f64, r: f64) -> f64 {
    let left_sign = eval(c, l) > 0.0;
    let keep_right = |t| (eval(c, t) > 0.0) == left_sign;
    // Positive where c has the left end's sign: falling through zero.
    let falling = if left_sign { *c } else { c.map(|k| -k) };
    let (l, r) =
        halve_falling(&falling, l, r, keep_right).unwrap_or_else(|| halve(l, r, keep_right));
    0.5 * (l + r)
}

/// γ₈ (Higham, 5.1) rounded up: Horner's rule on a polynomial of degree at most 4 is off
/// by at most this times the sum of its terms' sizes, Σ|cᵢ|·|t|ⁱ.
const GAMMA_8: f64 = 9e-16;

/// Newton's steps at most towards a root, from the first guess of `near_root`.
const MOST_NEWTON_STEPS: usize = 8;

/// `halve(l, r, keep_right)` for a c that falls through zero in [l, r] (0 ≤ l), where
/// `keep_right` holds wherever c is computed positive and not wherever it is computed
/// negative: the halvings outside a band round the root walked on the bits
/// (`halve_around`), without evaluating c there. The signs outside the band are shown
/// certain first: c exceeds Horner's rounding all along [l, lo] and falls below minus it
/// all along [hi, r] (`exceeds_on`). None where that cannot be shown.
fn halve_falling(c: &Poly, l: f64, r: f64, keep_right: impl Fn(f64) -> bool) -> Option<(f64, f64)> {
    if !(l.is_sign_positive() && l < r) {
        return None;
    }
    // Horner's rounding anywhere in [l, r] (for t ≥ 0 the terms are largest at r), a
    // little more than computed for this product's own rounding.
    let err = GAMMA_8 * terms_size(c, r) * (1.0 + 1e-12);
    let d = derivative(c);
    // The root, near enough: Newton's method, until the gap is within its rounding.
    let mut t = near_root(c, &d, l, r);
    let mut gap = eval(c, t);
    for _ in 0..MOST_NEWTON_STEPS {
        if gap.abs() <= 2.0 * err {
            break;
        }
        t = (t - gap / eval(&d, t)).clamp(l, r);
        gap = eval(c, t);
    }
    let fall = -eval(&d, t);
    if !(fall > 0.0 && t.is_finite()) {
        return None;
    }
    // Wide enough that c is some ten times its rounding from zero at the band's ends,
    // where `exceeds_on` must show it above its own rounding and Horner's.
    let half_width = (10.0 * err + 2.0 * gap.abs()) / fall + 4.0 * f64::EPSILON * t;
    let (lo, hi) = ((t - half_width).max(l), (t + half_width).min(r));
    let left = lo == l || exceeds_on(c, l, lo, err);
    let right = hi == r || exceeds_on(&c.map(|k| -k), hi, r, err);
    (left && right).then(|| halve_around(l, r, (lo, hi), keep_right))
}

/// Σ|cᵢ|·tⁱ for t ≥ 0, as computed (within γ₈ of it).
fn terms_size(c: &Poly, t: f64) -> f64 {
    c[..4]
        .iter()
        .rev()
        .fold(c[4].abs(), |acc, &k| acc * t + k.abs())
}

/// A first guess at the root of a c falling through zero in [l, r]: the root of its
/// second-order Taylor model at the end where it is nearer zero (a near graze, where c
/// is flat, takes Newton's method many steps from anywhere else).
fn near_root(c: &Poly, d: &Poly, l: f64, r: f64) -> f64 {
    let (at_l, at_r) = (eval(c, l), eval(c, r));
    let from_left = at_l.abs() < at_r.abs();
    let e = if from_left { l } else { r };
    let (value, slope, half_curve) = (eval(c, e), eval(d, e), 0.5 * eval(&derivative(d), e));
    // value + slope·s + half_curve·s² = 0, the root nearest e on the bracket's side.
    let toward = |s: f64| if from_left { s >= 0.0 } else { s <= 0.0 };
    let step = match quadratic_roots(half_curve, slope, value) {
        (Some(s1), Some(s2)) if half_curve != 0.0 && (toward(s1) || toward(s2)) => [s1, s2]
            .into_iter()
            .filter(|&s| toward(s))
            .fold(
                f64::INFINITY,
                |best, s| if s.abs() < best.abs() { s } else { best },
            ),
        _ => -value / slope,
    };
    let t = e + step;
    if t.is_finite() {
        t.clamp(l, r)
    } else {
        l + (r - l) * (at_l / (at_l - at_r))
    }
}

/// Whether c is above `floor` all along [u, v] (0 ≤ u < v), shown by its Bernstein
/// coefficients on an interval covering [u, v], within whose convex hull it lies, each
/// less a bound on the rounding in working it out.
///
/// Why the bound holds: the coefficients come from c by a Taylor shift to u (20
/// operations), a scaling by powers of h (4 roundings along a path) and weighted sums (5),
/// so each is off by at most γ₂₉ < 3.3e-15 times the same computation on the sizes |cᵢ|
/// (Higham, 3.1), whose terms are all positive for u, h ≥ 0 and so computed within γ₂₉
/// of themselves; 4e-15 times that covers both and the subtraction's own rounding.
fn exceeds_on(c: &Poly, u: f64, v: f64, floor: f64) -> bool {
    // Widened by more than its rounding: [u, u + h] covers [u, v].
    let h = (v - u) * (1.0 + 4.0 * f64::EPSILON);
    // c(u + x) = Σ bₖ·xᵏ (Ruffini–Horner), and the same on the sizes |cᵢ|.
    let (mut b, mut size) = (*c, c.map(f64::abs));
    for i in 0..4 {
        for j in (i..4).rev() {
            b[j] += u * b[j + 1];
            size[j] += u * size[j + 1];
        }
    }
    // c(u + s·h) = Σ aₖ·sᵏ for s in [0, 1], and its Bernstein coefficients.
    let powers = [1.0, h, h * h, h * h * h, h * h * h * h];
    let bernstein = |b: Poly| {
        let a: Poly = std::array::from_fn(|k| b[k] * powers[k]);
        [
            a[0],
            a[0] + a[1] / 4.0,
            a[0] + a[1] / 2.0 + a[2] / 6.0,
            a[0] + 0.75 * a[1] + a[2] / 2.0 + a[3] / 4.0,
            a[0] + a[1] + a[2] + a[3] + a[4],
        ]
    };
    let (coefficients, sizes) = (bernstein(b), bernstein(size));
    coefficients
        .iter()
        .zip(sizes)
        .all(|(&k, size)| k - 4e-15 * size > floor)
}

/// The most halvings of one bisection (a bracket of doubles is down to two neighbours
/// long before).
const MAX_HALVINGS: usize = 200;

/// Bisects [l, r], keeping the right half where `keep_right(midpoint)`, until the
/// midpoint is one of the ends (l and r are neighbouring doubles) or after
/// `MAX_HALVINGS`. It takes three halvings a round: the seven midpoints a round can
/// reach are judged first, as independent evaluations the processor runs side by side
/// (a halving otherwise waits for the one before), then walked in the order a plain
/// bisection takes them, so the bracket it ends with is bit for bit the plain one.
fn halve(l: f64, r: f64, keep_right: impl Fn(f64) -> bool) -> (f64, f64) {
    halve_after(l, r, 0, keep_right)
}

/// `halve`'s halvings from the bracket it reaches after `done` of them.
fn halve_after(
    mut l: f64,
    mut r: f64,
    mut done: usize,
    keep_right: impl Fn(f64) -> bool,
) -> (f64, f64) {
    let mid = |a: f64, b: f64| 0.5 * (a + b);
    loop {
        let m = mid(l, r);
        let (ml, mr) = (mid(l, m), mid(m, r));
        let quarters = [mid(l, ml), mid(ml, m), mid(m, mr), mid(mr, r)];
        let judged = (
            keep_right(m),
            [keep_right(ml), keep_right(mr)],
            quarters.map(&keep_right),
        );
        // The round's path: the midpoint, then the one of its half that the judgement
        // kept, then the one of that quarter.
        let second = usize::from(judged.0);
        let third = 2 * second + usize::from(judged.1[second]);
        let path = [
            (m, judged.0),
            ([ml, mr][second], judged.1[second]),
            (quarters[third], judged.2[third]),
        ];
        for (point, right) in path {
            if done == MAX_HALVINGS || point <= l || point >= r {
                return (l, r);
            }
            if right {
                l = point;
            } else {
                r = point;
            }
            done += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closing_line_meets_zero_once() {
        // 1 - 2t: closes at 0.5
        let t = first_closing(&[1.0, -2.0, 0.0, 0.0, 0.0], 0.0, 10.0).unwrap();
        assert!((t - 0.5).abs() < 1e-12);
    }

    #[test]
    fn a_quartic_closing_at_its_first_root() {
        // (t-1)(t-2)(t-3)(t-4) = t⁴ - 10t³ + 35t² - 50t + 24: positive before 1
        let c = [24.0, -50.0, 35.0, -10.0, 1.0];
        let t = first_closing(&c, 0.0, 10.0).unwrap();
        assert!((t - 1.0).abs() < 1e-9, "{t}");
        // from 2.5 it is negative and rising: the next closing is at 3
        let t = first_closing(&c, 2.5, 10.0).unwrap();
        assert!((t - 3.0).abs() < 1e-9, "{t}");
    }

    #[test]
    fn a_graze_is_not_a_closing() {
        // (t-1)² touches zero at 1 without crossing
        assert_eq!(first_closing(&[1.0, -2.0, 1.0, 0.0, 0.0], 0.0, 5.0), None);
    }

    #[test]
    fn an_opening_gap_does_not_close() {
        assert_eq!(first_closing(&[0.0, 1.0, 0.0, 0.0, 0.0], 0.0, 5.0), None);
    }

    #[test]
    fn touching_and_approaching_closes_at_once() {
        assert_eq!(
            first_closing(&[0.0, -1.0, 0.0, 0.0, 0.0], 0.0, 5.0),
            Some(0.0)
        );
    }

    /// The bisection as it was written before `halve` took three halvings a round.
    fn halve_one_at_a_time(mut l: f64, mut r: f64, keep_right: impl Fn(f64) -> bool) -> (f64, f64) {
        for _ in 0..MAX_HALVINGS {
            let m = 0.5 * (l + r);
            if m <= l || m >= r {
                break;
            }
            if keep_right(m) {
                l = m;
            } else {
                r = m;
            }
        }
        (l, r)
    }

    #[test]
    fn halving_by_rounds_ends_where_halving_one_at_a_time_does() {
        let mut rng = crate::random::Rng(20);
        for case in 0..100_000 {
            let c: Poly = std::array::from_fn(|_| rng.range(-3.0, 3.0));
            let l = rng.range(-1.0, 2.0);
            let r = l + 10f64.powf(rng.range(-17.0, 1.0));
            let keep_right = |t| eval(&c, t) > 0.0;
            let rounds = halve(l, r, keep_right);
            let single = halve_one_at_a_time(l, r, keep_right);
            assert_eq!(rounds.0.to_bits(), single.0.to_bits(), "case {case}: {c:?}");
            assert_eq!(rounds.1.to_bits(), single.1.to_bits(), "case {case}: {c:?}");
        }
        // A root so near the left end that the halvings run out before the ends meet.
        let keep_right = |t: f64| t < 1e-200;
        assert_eq!(
            halve(0.0, 1.0, keep_right),
            halve_one_at_a_time(0.0, 1.0, keep_right)
        );
        assert!(halve(0.0, 1.0, keep_right).1 > 1e-61);
    }

    #[test]
    fn a_quadratic_bisected_without_its_zero_terms_ends_where_it_did() {
        let mut rng = crate::random::Rng(22);
        for case in 0..100_000 {
            let c: Poly = [
                rng.range(-1.0, 1.5),
                rng.range(-6.0, 1.0),
                rng.range(-2.0, 2.0),
                0.0,
                0.0,
            ];
            let (l, r) = (rng.range(0.0, 1.0), rng.range(1.0, 10.0));
            let full = halve(l, r, |t| eval(&c, t) > 0.0).0;
            assert_eq!(
                bisect(&c, l, r).to_bits(),
                full.to_bits(),
                "case {case}: {c:?}"
            );
        }
    }

    /// Quadratic gaps of the kinds detection meets (a ball's gap to a cushion, a
    /// straight line) and harder ones (two roots close together, tiny and huge
    /// coefficients), each with the bracket `closing` finds.
    fn closing_quadratics(seed: u64, count: usize) -> Vec<([f64; 3], f64, f64)> {
        let mut rng = crate::random::Rng(seed);
        let mut found = Vec::new();
        for case in 0..count {
            let scale = |rng: &mut crate::random::Rng| 10f64.powf(rng.range(-9.0, 3.0));
            let c = match case % 4 {
                0 => [
                    rng.range(0.0, 2.0),
                    rng.range(-6.0, 0.5),
                    rng.range(-1.5, 1.5),
                ],
                1 => [rng.range(0.0, 2.0), rng.range(-6.0, -1e-3), 0.0],
                2 => {
                    // (t − a)(t − a − gap)·k: roots a and a + gap, gap down to 1e-9.
                    let (a, gap, k) =
                        (rng.range(0.0, 3.0), scale(&mut rng) * 1e-3, scale(&mut rng));
                    [a * (a + gap) * k, -(2.0 * a + gap) * k, k]
                }
                _ => [
                    scale(&mut rng),
                    -scale(&mut rng),
                    rng.range(-1.0, 1.0) * scale(&mut rng),
                ],
            };
            let from = if case % 3 == 0 {
                0.0
            } else {
                rng.range(0.0, 0.5)
            };
            let to = from + 10f64.powf(rng.range(-6.0, 1.5));
            if let Some(closing) = closing(&[c[0], c[1], c[2], 0.0, 0.0], from, to)
                && closing.from < closing.to
            {
                found.push((c, closing.from, closing.to));
            }
        }
        found
    }

    #[test]
    fn a_quadratic_closes_where_the_general_search_has_it_close() {
        // Brackets as detection meets them and harder ones, from the same generator's
        // gaps, on spans that hold their critical point and spans that do not.
        let mut rng = crate::random::Rng(37);
        let (mut closed, mut at_once) = (0, 0);
        for (n, ([c0, c1, c2], from, to)) in closing_quadratics(38, 100_000).into_iter().enumerate()
        {
            let c = [c0, c1, c2, 0.0, 0.0];
            for (a, b) in [(0.0, to), (from, to), (rng.range(from, to), 2.0 * to)] {
                let bits =
                    |found: Option<Closing>| found.map(|k| (k.from.to_bits(), k.to.to_bits()));
                let general = closing_any(&c, a, b);
                closed += usize::from(general.is_some());
                at_once += usize::from(general.as_ref().is_some_and(|k| k.from == k.to));
                assert_eq!(
                    bits(closing_quadratic([c0, c1, c2], a, b)),
                    bits(general),
                    "case {n}: {c:?} on [{a}, {b}]"
                );
            }
        }
        assert!(
            closed > 30_000 && at_once > 5_000,
            "{closed} closed, {at_once} at once"
        );
    }

    #[test]
    fn a_quadratic_halved_with_its_sure_signs_ends_where_evaluating_every_midpoint_does() {
        let cases = closing_quadratics(29, 400_000);
        let (mut sure, mut one_change) = (0, 0);
        for (n, &([c0, c1, c2], l, r)) in cases.iter().enumerate() {
            let positive = |t: f64| (c2 * t + c1) * t + c0 > 0.0;
            let every_midpoint = halve(l, r, positive).0;
            let c = [c0, c1, c2, 0.0, 0.0];
            assert_eq!(
                bisect(&c, l, r).to_bits(),
                every_midpoint.to_bits(),
                "case {n}: {c:?} on [{l}, {r}]"
            );
            if let Some(band) = sure_signs([c0, c1, c2], l, r) {
                sure += 1;
                one_change +=
                    usize::from(one_sign_change([c0, c1, c2], r, &band, positive).is_some());
            }
        }
        // Most brackets have their signs shown, and most of those their one sign change
        // found without halvings, so both fast paths are what was compared.
        println!(
            "{sure} of {} brackets with sure signs, {one_change} with one sign change",
            cases.len()
        );
        assert!(cases.len() > 50_000 && sure * 10 > cases.len() * 9);
        assert!(one_change * 10 > sure * 7);
    }

    #[test]
    fn a_sign_that_changes_twice_near_the_root_is_left_to_the_halvings() {
        // The same brackets, each judged as rounding might judge it: one double next to
        // the last positive one said positive too, or the last positive one said not.
        let mut judged_twice = 0;
        for ([c0, c1, c2], l, r) in closing_quadratics(31, 100_000) {
            let positive = |t: f64| (c2 * t + c1) * t + c0 > 0.0;
            let Some(band) = sure_signs([c0, c1, c2], l, r) else {
                continue;
            };
            let Some(last) = one_sign_change([c0, c1, c2], r, &band, positive) else {
                continue;
            };
            let bits = last.to_bits();
            for flipped in [bits + 2, bits - 1] {
                let flickering = |t: f64| positive(t) != (t.to_bits() == flipped);
                if let Some(found) = one_sign_change([c0, c1, c2], r, &band, flickering) {
                    // Only where the flipped double lies outside the judged doubles,
                    // whose signs are certain, can the answer stand, and then unchanged.
                    assert_eq!(found.to_bits(), bits, "{c0} {c1} {c2} on [{l}, {r}]");
                } else {
                    judged_twice += 1;
                }
            }
        }
        assert!(judged_twice > 10_000, "{judged_twice}");
    }

    #[test]
    fn halving_around_a_band_on_the_bits_ends_where_halving_every_midpoint_does() {
        // Any judgement inside the band (here a flickering one, as rounding makes near
        // a root), brackets across binades, from zero, and among subnormal numbers.
        let mut rng = crate::random::Rng(30);
        for case in 0..200_000 {
            let l = match case % 3 {
                0 => 0.0,
                1 => rng.range(0.0, 4.0),
                _ => f64::from_bits(rng.next_u64() % (1u64 << 53)),
            };
            let r = l + rng.range(0.0, 4.0) * 10f64.powf(-rng.range(0.0, 20.0)) + f64::MIN_POSITIVE;
            let root = rng.range(l, r);
            let width = (r - l) * 10f64.powf(-rng.range(3.0, 17.0));
            let (lo, hi) = ((root - width).max(l), (root + width).min(r));
            let flicker = rng.next_u64();
            let keep_right = |t: f64| {
                t <= lo || t < hi && (t.to_bits() ^ flicker).count_ones().is_multiple_of(2)
            };
            assert_eq!(
                halve_around(l, r, (lo, hi), keep_right),
                halve(l, r, keep_right),
                "case {case}: [{l:e}, {r:e}] band [{lo:e}, {hi:e}]"
            );
        }
    }

    /// Two balls' squared gap less a diameter squared, as detection solves it: each on
    /// its parabola (positions in m, speeds up to 6 m/s, accelerations of the cloth's
    /// friction and beyond), with the bracket `closing` finds on a span of up to 5 s.
    fn closing_quartics(seed: u64, count: usize) -> Vec<(Poly, f64, f64)> {
        let mut rng = crate::random::Rng(seed);
        let vector = |rng: &mut crate::random::Rng, size: f64| {
            crate::math::DVec3::new(rng.range(-size, size), rng.range(-size, size), 0.0)
        };
        let d = 0.0615;
        let mut found = Vec::new();
        for case in 0..count {
            // Heading for each other, from apart or (as after a contact) from touching.
            let dp = vector(&mut rng, 1.5);
            let dp = if case % 4 == 0 {
                dp.normalize() * d
            } else {
                dp
            };
            let dv = -dp * rng.range(0.0, 4.0) + vector(&mut rng, 1.0);
            let da = vector(&mut rng, 3.0);
            let c = [
                dp.dot(dp) - d * d,
                2.0 * dp.dot(dv),
                dv.dot(dv) + dp.dot(da),
                dv.dot(da),
                0.25 * da.dot(da),
            ];
            if let Some(closing) = closing(&c, 0.0, rng.range(0.0, 5.0))
                && closing.from < closing.to
            {
                found.push((c, closing.from, closing.to));
            }
        }
        found
    }

    #[test]
    fn a_quartic_halved_round_its_band_ends_where_evaluating_every_midpoint_does() {
        let cases = closing_quartics(33, 200_000);
        let mut banded = 0;
        for (n, &(c, l, r)) in cases.iter().enumerate() {
            let open = |t: f64| eval(&c, t) > 0.0;
            if let Some(found) = halve_falling(&c, l, r, open) {
                banded += 1;
                assert_eq!(found, halve(l, r, open), "case {n}: {c:?} on [{l}, {r}]");
            }
        }
        // Nearly every bracket has its band shown, so the band is what was compared.
        println!("{banded} of {} brackets banded", cases.len());
        assert!(cases.len() > 20_000 && banded * 100 > cases.len() * 95);
    }

    #[test]
    fn a_critical_point_found_round_its_band_is_the_one_halving_finds() {
        // The turns of the same quartics: sign changes of their cubic derivatives,
        // between the derivatives' own turns, rising or falling.
        let mut rng = crate::random::Rng(34);
        let (mut changes, mut banded, mut both_ways) = (0, 0, [0; 2]);
        for (c, _, _) in closing_quartics(35, 100_000) {
            let d = derivative(&c);
            let (l, r) = (0.0, rng.range(0.1, 5.0));
            let mut turns = Points::starting_at(l);
            critical_points(&d, l, r, &mut turns);
            turns.push(r);
            for w in turns.as_slice().windows(2) {
                let (at_l, at_r) = (eval(&d, w[0]), eval(&d, w[1]));
                if at_l * at_r >= 0.0 {
                    continue;
                }
                changes += 1;
                let left_sign = at_l > 0.0;
                let keep_right = |t| (eval(&d, t) > 0.0) == left_sign;
                let (l, r) = halve(w[0], w[1], keep_right);
                assert_eq!(bisect_sign(&d, w[0], w[1]), 0.5 * (l + r), "{d:?} on {w:?}");
                let falling = if left_sign { d } else { d.map(|k| -k) };
                if halve_falling(&falling, w[0], w[1], keep_right).is_some() {
                    banded += 1;
                    both_ways[usize::from(left_sign)] += 1;
                }
            }
        }
        println!("{banded} of {changes} sign changes banded, {both_ways:?} rising and falling");
        assert!(banded * 100 > changes * 95 && both_ways.iter().all(|&n| n > 1_000));
    }

    #[test]
    fn a_polynomial_shown_above_a_floor_on_an_interval_is_above_it_there() {
        // Checked at a thousand points of each interval, each computed value less
        // Horner's rounding; shown and not shown must both be common, with intervals
        // where the polynomial ends just above the floor.
        let mut rng = crate::random::Rng(36);
        let mut shown = 0;
        let cases = 20_000;
        for _ in 0..cases {
            let c: Poly = std::array::from_fn(|_| rng.range(-3.0, 3.0));
            let u = rng.range(0.0, 2.0);
            let v = u + 10f64.powf(rng.range(-6.0, 0.5));
            let values: Vec<f64> = (0..=1000)
                .map(|i| u + (v - u) * f64::from(i) / 1000.0)
                .map(|t| eval(&c, t) - GAMMA_8 * terms_size(&c, t))
                .collect();
            let lowest = values.iter().copied().fold(f64::INFINITY, f64::min);
            let highest = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let floor = lowest - (highest - lowest) * 10f64.powf(rng.range(-16.0, 0.0));
            if exceeds_on(&c, u, v, floor) {
                shown += 1;
                assert!(lowest > floor, "{c:?} on [{u}, {v}] above {floor}");
            }
            assert!(!exceeds_on(&c, u, v, lowest + GAMMA_8 * terms_size(&c, v)));
        }
        println!("{shown} of {cases} shown");
        assert!((cases / 5..cases * 4 / 5).contains(&shown), "{shown}");
    }

    #[test]
    fn horner_from_the_leading_coefficient_is_horner_from_zero() {
        let mut rng = crate::random::Rng(21);
        for _ in 0..100_000 {
            let mut c: Poly = std::array::from_fn(|_| rng.range(-3.0, 3.0));
            // Zero leading terms, as a straight line or a parabola has.
            for k in (1..5).rev().take(rng.next_u64() as usize % 4) {
                c[k] = 0.0;
            }
            let t = rng.range(-10.0, 10.0);
            let from_zero = c.iter().rev().fold(0.0, |acc, &k| acc * t + k);
            assert_eq!(eval(&c, t), from_zero, "{c:?} at {t}");
        }
    }
}
