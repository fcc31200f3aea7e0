#!/usr/bin/env python3
"""Empirical physics constraints from tracked three-cushion shots (numpy only).

Reads a trajectories file in tailuge's `dist/fit/trajectories.json` format
(list of {"id", "balls": {"1"|"2"|"3": {"t": [...], "x": [...], "y": [...]}}},
positions in tailuge's scaled table units, centre-origin) and prints:

  1. the effective cushion restitution curve e = v_out_n / v_in_n, binned by
     incoming normal speed, for even-index, odd-index and all shots;
  2. rolling deceleration (mu_roll = decel / g) from long straight contact-free
     segments (each ball's final leg, and every leg);
  3. sliding-friction and ball-ball restitution estimates from the first
     object-ball hit of each shot (object ball starting from rest).

The same file format can be produced from a simulator, so the identical
estimator can be run on simulated shots (pass the file as argv[1]; add
--metres if its positions are already in metres rather than tailuge units,
and --no-timefix since a simulator has no t=2.34 glitch).

Usage:  python3 real_cushion_curve.py [trajectories.json] [--no-timefix] [--metres]
"""

import json
import math
import os
import sys

import numpy as np

# ---------------------------------------------------------------- constants
SCALE = 1.479645 / 1.38925  # tailuge units per metre (= 1.06507)
R = 0.03075  # ball radius, m
G = 9.81
X_LIM = 1.42 - R  # centre position at contact with a short cushion (1.38925 m)
Y_LIM = 0.71 - R  # centre position at contact with a long cushion (0.67925 m)

# Effective-restitution estimator (the definition used in the issue)
W_NEAR, W_FAR = 0.06, 0.12  # window: positions 0.06 s and 0.12 s from contact
CONTACT_TOL = R  # centre must come within R of the contact line
BIN_EDGES = [0.0, 0.55, 0.95, 1.5, 2.4, 10.0]  # m/s, incoming normal speed
REAL_CURVE = [(0.39, 0.58), (0.73, 0.65), (1.22, 0.73), (1.86, 0.75), (2.96, 0.73)]

GLITCH_T = 2.34  # every densely sampled ball has two samples stamped 2.34


# ---------------------------------------------------------------- loading
def load(path, timefix=True, metres=False):
    """Return list of shots; each shot is {"id", "index", "balls": {k: (t,x,y)}}
    with positions in metres and strictly increasing times.

    The raw file stamps two consecutive frames t=2.34 (positions equally
    spaced, so it is a labelling glitch, not a stop).  With timefix=True every
    sample after the first 2.34 stamp is moved 0.02 s later, which makes the
    sample spacing uniform again; otherwise the duplicate is dropped.
    """
    raw = json.load(open(path))
    shots = []
    for idx, s in enumerate(raw):
        balls = {}
        for k, b in s["balls"].items():
            t = np.round(np.asarray(b["t"], float), 4)
            sc = 1.0 if metres else SCALE
            x = np.asarray(b["x"], float) / sc
            y = np.asarray(b["y"], float) / sc
            if timefix:
                t2 = t.copy()
                seen = False
                for i in range(len(t)):
                    if abs(t[i] - GLITCH_T) < 1e-6:
                        if seen:
                            t2[i] += 0.02
                        seen = True
                    elif t[i] > GLITCH_T + 1e-6:
                        t2[i] += 0.02
                t = t2
            keep = np.concatenate([[True], np.diff(t) > 1e-9])
            t, x, y = t[keep], x[keep], y[keep]
            # A ball is logged only once it has moved (~2 cm): it sat at its
            # t=0 position until one frame before its first motion sample.
            if len(t) > 2 and t[1] - 0.02 > 1e-6:
                t = np.insert(t, 1, t[1] - 0.02)
                x = np.insert(x, 1, x[0])
                y = np.insert(y, 1, y[0])
            balls[k] = (t, x, y)
        shots.append({"id": s.get("id", idx), "index": idx, "balls": balls})
    return shots


def interp(track, tq):
    t, x, y = track
    return np.interp(tq, t, x), np.interp(tq, t, y)


def moving_range(track):
    """Times [t_start_of_motion, t_last_motion_sample].  The final sample is
    the resting position stamped at the shot's end time (same for all balls),
    so it says nothing about *when* the ball stopped; analyses only use data
    up to the second-last sample."""
    t = track[0]
    if len(t) <= 2:
        return None
    return t[1], t[-2]


# ---------------------------------------------------------------- events
def ball_contacts(shot, gap=0.03):
    """Ball-ball contacts: local minima of centre distance < 2R + gap.
    Returns list of (time, ball_a, ball_b, min_distance)."""
    keys = sorted(shot["balls"])
    out = []
    for i in range(len(keys)):
        for j in range(i + 1, len(keys)):
            a, b = shot["balls"][keys[i]], shot["balls"][keys[j]]
            tg = np.union1d(np.union1d(a[0], b[0]),
                            np.arange(0.0, max(a[0][-1], b[0][-1]), 0.01))
            ax, ay = interp(a, tg)
            bx, by = interp(b, tg)
            dd = np.hypot(ax - bx, ay - by)
            for n in range(len(tg)):
                if dd[n] < 2 * R + gap:
                    lo = dd[n - 1] if n > 0 else np.inf
                    hi = dd[n + 1] if n + 1 < len(tg) else np.inf
                    if dd[n] <= lo and dd[n] < hi:
                        out.append((tg[n], keys[i], keys[j], dd[n]))
    return sorted(out)


CUSHIONS = (  # (name, axis index 0=x 1=y, sign, contact line)
    ("S+", 0, +1, X_LIM),
    ("S-", 0, -1, X_LIM),
    ("L+", 1, +1, Y_LIM),
    ("L-", 1, -1, Y_LIM),
)


def cushion_contacts(track, tol=CONTACT_TOL):
    """Cushion contacts of one ball: samples where the normal coordinate u
    (centre coordinate towards the cushion) is a local maximum within `tol`
    of the contact line and u is increasing before / decreasing after
    (normal velocity reverses).  Returns list of (t_contact, cushion, axis,
    sign).  t_contact is refined by intersecting straight-line fits of u(t)
    on each side with the contact line's peak (see refine_contact_time)."""
    t, x, y = track
    out = []
    for name, ax, sg, lim in CUSHIONS:
        u = sg * (x if ax == 0 else y)
        for n in range(1, len(t) - 1):
            if u[n] < lim - tol:
                continue
            if u[n] >= u[n - 1] and u[n] > u[n + 1]:
                # normal velocity must reverse: rising before, falling after
                if n >= 2 and u[n - 1] < u[n - 2]:
                    continue
                out.append((t[n], name, ax, sg))
    return sorted(out)


def refine_contact_time(track, tc, ax, sg):
    """Contact time = intersection of straight lines fitted to u(t) in
    [tc-0.10, tc-0.01] and [tc+0.01, tc+0.10] (falls back to tc)."""
    t, x, y = track
    u = sg * (x if ax == 0 else y)
    bef = (t >= tc - 0.10) & (t < tc - 1e-6)
    aft = (t > tc + 1e-6) & (t <= tc + 0.10)
    if bef.sum() < 2 or aft.sum() < 2:
        return tc
    p1 = np.polyfit(t[bef], u[bef], 1)
    p2 = np.polyfit(t[aft], u[aft], 1)
    if p1[0] <= 0 or p2[0] >= 0:
        return tc
    ti = (p2[1] - p1[1]) / (p1[0] - p2[0])
    return ti if abs(ti - tc) < 0.03 else tc


# ---------------------------------------------------------------- restitution
def restitution_samples(shots, refine=False, max_gap=0.08, excl=W_FAR + 0.03):
    """One record per clean cushion contact:
    (shot_index, ball, t_c, cushion, v_in_n, v_out_n, v_in_t, v_out_t).
    Normal speeds from positions at t_c-0.12 / t_c-0.06 (incoming) and
    t_c+0.06 / t_c+0.12 (outgoing).  Contacts are dropped when another cushion
    contact of the same ball or any ball-ball contact involving it lies within
    `excl` s, when the window leaves the ball's moving range, or when the
    samples in the window are more than `max_gap` s apart.  (Ball-ball
    contacts are found with a loose 2R+3 cm threshold, so near misses are
    excluded too.)"""
    recs = []
    for shot in shots:
        bc = ball_contacts(shot)
        for k, tr in shot["balls"].items():
            mr = moving_range(tr)
            if mr is None:
                continue
            cc = cushion_contacts(tr)
            for i, (tc, name, ax, sg) in enumerate(cc):
                if refine:
                    tc = refine_contact_time(tr, tc, ax, sg)
                if tc - W_FAR < mr[0] or tc + W_FAR > mr[1]:
                    continue
                if any(j != i and abs(cc[j][0] - tc) < excl for j in range(len(cc))):
                    continue
                if any(abs(e[0] - tc) < excl and k in (e[1], e[2]) for e in bc):
                    continue
                t = tr[0]
                w = (t >= tc - W_FAR - 0.02) & (t <= tc + W_FAR + 0.02)
                if w.sum() < 4 or np.max(np.diff(t[w])) > max_gap:
                    continue
                px, py = interp(tr, np.array([tc - W_FAR, tc - W_NEAR, tc + W_NEAR, tc + W_FAR]))
                p = np.stack([px, py], 1)
                nvec = np.zeros(2)
                nvec[ax] = sg  # outward normal (towards the cushion)
                tvec = np.array([-nvec[1], nvec[0]])
                dt = W_FAR - W_NEAR
                vin = (p[1] - p[0]) / dt
                vout = (p[3] - p[2]) / dt
                vin_n = vin @ nvec
                vout_n = -(vout @ nvec)
                if vin_n <= 0.05 or vout_n <= 0:
                    continue
                recs.append((shot["index"], k, tc, name, vin_n, vout_n,
                             vin @ tvec, vout @ tvec))
    return np.array([r[4:] for r in recs]), [r[:4] for r in recs]


def bin_table(v, ratio, edges=BIN_EDGES):
    rows = []
    for lo, hi in zip(edges[:-1], edges[1:]):
        m = (v >= lo) & (v < hi)
        if m.sum() == 0:
            rows.append((lo, hi, 0, np.nan, np.nan, np.nan, np.nan))
            continue
        r = ratio[m]
        rows.append((lo, hi, m.sum(), v[m].mean(), r.mean(), np.median(r),
                     r.std(ddof=1) / math.sqrt(m.sum()) if m.sum() > 1 else np.nan))
    return rows


def print_restitution(shots, label, refine=False):
    arr, meta = restitution_samples(shots, refine=refine)
    if len(arr) == 0:
        print(f"  {label}: no contacts")
        return arr
    vin_n, vout_n, vin_t, vout_t = arr.T
    e = vout_n / vin_n
    print(f"  {label}: {len(e)} clean contacts")
    print("    bin [m/s]      n   <v_in>   e_mean  e_median  (+-se)   "
          "tan_ratio_med")
    for (lo, hi, n, vm, em, emed, se), trow in zip(
            bin_table(vin_n, e),
            bin_table(vin_n, np.abs(vout_t) / np.maximum(np.abs(vin_t), 1e-9))):
        print(f"    {lo:4.2f}-{hi:5.2f}  {n:5d}  {vm:6.2f}   {em:6.3f}  {emed:6.3f}"
              f"   ({se:5.3f})  {trow[5]:6.3f}")
    return arr


# ---------------------------------------------------------------- rolling
def first_motion_time(track, thresh=0.005):
    t, x, y = track
    d = np.hypot(x - x[0], y - y[0])
    n = np.nonzero(d > thresh)[0]
    return t[n[0]] if len(n) else None


def events_of(shot, k, bc=None):
    """Sorted contact times (cushion and ball-ball) of ball k."""
    if bc is None:
        bc = ball_contacts(shot)
    ev = [c[0] for c in cushion_contacts(shot["balls"][k])]
    ev += [e[0] for e in bc if k in (e[1], e[2])]
    return sorted(ev)


def rolling_decel(shots, final_only=True, min_len=0.6, settle=0.5, margin=0.05,
                  max_rms=0.004):
    """Fit s(t) = s0 + v0 t - a t^2 / 2 to arc length over straight,
    contact-free stretches: from `settle` s after a contact (so that sliding
    has ended) to `margin` s before the next one (or to the ball's second-last
    sample).  final_only=True uses only each ball's last leg.
    Returns array of (a, mean speed, duration, shot_index)."""
    out = []
    for shot in shots:
        bc = ball_contacts(shot)
        for k, tr in shot["balls"].items():
            mr = moving_range(tr)
            if mr is None:
                continue
            ev = [mr[0]] + events_of(shot, k, bc)
            legs = []
            for i, e0 in enumerate(ev):
                e1 = ev[i + 1] - margin if i + 1 < len(ev) else mr[1]
                legs.append((e0 + settle, min(e1, mr[1])))
            if final_only:
                legs = legs[-1:]
            t, x, y = tr
            for t0, t1 in legs:
                if t1 - t0 < min_len:
                    continue
                m = (t >= t0) & (t <= t1)
                if m.sum() < 6:
                    continue
                tt, xx, yy = t[m], x[m], y[m]
                P = np.stack([xx - xx.mean(), yy - yy.mean()], 1)
                _, sv, vt = np.linalg.svd(P, full_matrices=False)
                if sv[1] / math.sqrt(len(tt)) > max_rms:  # not straight
                    continue
                s_ = P @ vt[0]
                if s_[-1] < s_[0]:
                    s_ = -s_
                c = np.polyfit(tt - tt[0], s_, 2)
                vmean = (s_[-1] - s_[0]) / (tt[-1] - tt[0])
                out.append((-2 * c[0], vmean, tt[-1] - tt[0], shot["index"]))
    return np.array(out)


# ---------------------------------------------------------------- first hit
def slide_roll_model(tau, v0, mu_s, mu_r):
    """Arc length of a ball launched at v0 with no spin (stun): slides with
    decel mu_s g until v = 5/7 v0, then rolls with decel mu_r g."""
    ts = 2 * v0 / (7 * mu_s * G)
    s_slide = v0 * tau - 0.5 * mu_s * G * tau ** 2
    vs = 5 / 7 * v0
    ss = v0 * ts - 0.5 * mu_s * G * ts ** 2
    tr = tau - ts
    s_roll = ss + vs * tr - 0.5 * mu_r * G * tr ** 2
    return np.where(tau < ts, s_slide, s_roll)


def fit_slide_roll(tau, s_, mu_grid, mu_r):
    """Least-squares (v0, mu_slide) for slide_roll_model: grid over mu_slide,
    for each a coarse-then-fine 1-D search over v0.  Returns (sse, v0, mu)."""
    vmean = s_[-1] / tau[-1]
    best = None
    for mu_s in mu_grid:
        lo, hi = 0.6 * vmean, 2.0 * vmean
        for _ in range(3):
            vs = np.linspace(lo, hi, 41)
            sse = [float(((s_ - slide_roll_model(tau, v, mu_s, mu_r)) ** 2).sum()) for v in vs]
            j = int(np.argmin(sse))
            step = vs[1] - vs[0]
            lo, hi = vs[j] - step, vs[j] + step
        if best is None or sse[j] < best[0]:
            best = (sse[j], vs[j], mu_s)
    return best


def first_object_hits(shots, mu_r=0.0042):
    """Balls that start at rest and are set moving by another ball.
    For each: contact time t_c (striker centre reaches 2R from the object's
    rest position, using the striker's straight approach line fitted over
    t_m-0.16..t_m-0.04 s, t_m = object's first motion sample), striker speed
    along the object's departure direction from that line, and a fit of the
    object's arc length over its first <=0.8 s (until its next contact) with
    the stun-start slide-then-roll model (v0, mu_slide free; mu_roll fixed).
    Ball-ball restitution (equal masses; friction acts tangentially):
        e_bb = 2 v0_obj / v_strike_n - 1."""
    res = []
    mu_grid = np.linspace(0.05, 0.6, 56)
    for shot in shots:
        bc = ball_contacts(shot)
        for k, tr in shot["balls"].items():
            t, x, y = tr
            tm = first_motion_time(tr)
            if tm is None or tm < 0.1:
                continue
            # striker: a ball already moving whose straight approach line
            # (fitted over tm-0.16..tm-0.04) passes within 2R of the rest
            # position; contact time = when that line is 2R away.
            best = None
            for o, ot in shot["balls"].items():
                if o == k:
                    continue
                tmo = first_motion_time(ot)
                if tmo is None or tmo > tm - 0.16:
                    continue
                m3 = (ot[0] >= tm - 0.16) & (ot[0] <= tm - 0.04)
                if m3.sum() < 3:
                    continue
                px = np.polyfit(ot[0][m3], ot[1][m3], 1)
                py = np.polyfit(ot[0][m3], ot[2][m3], 1)
                # |p0 + v t - rest| = 2R
                v = np.array([px[0], py[0]])
                p0 = np.array([px[1] - x[0], py[1] - y[0]])
                qa, qb, qc = v @ v, 2 * p0 @ v, p0 @ p0 - 4 * R * R
                disc = qb * qb - 4 * qa * qc
                if qa < 1e-6 or disc < 0:
                    continue
                tc = (-qb - math.sqrt(disc)) / (2 * qa)
                if not (tm - 0.06 <= tc <= tm + 0.005):
                    continue
                if best is None or abs(tc - (tm - 0.02)) < abs(best[0] - (tm - 0.02)):
                    best = (tc, o, v)
            if best is None:
                continue
            tc, other, vs_vec = best
            # departure direction
            px, py = interp(tr, tm + 0.1)
            nrm = np.array([px - x[0], py - y[0]])
            if np.linalg.norm(nrm) < 0.02:
                continue
            nrm /= np.linalg.norm(nrm)
            vs_n = vs_vec @ nrm
            cut = np.degrees(np.arccos(np.clip(vs_n / np.linalg.norm(vs_vec), -1, 1)))
            # object-ball fit window: until its next event (or 0.8 s)
            later = [e for e in events_of(shot, k, bc) if e > tc + 0.08]
            t_end = min(later + [tc + 0.8, t[-2] if len(t) > 2 else tc]) - 0.02
            m = (t > tc + 1e-6) & (t <= t_end)
            if m.sum() < 5:
                continue
            tau = t[m] - tc
            s_ = (x[m] - x[0]) * nrm[0] + (y[m] - y[0]) * nrm[1]
            c, v0, mu_s = fit_slide_roll(tau, s_, mu_grid, mu_r)
            res.append(dict(index=shot["index"], ball=k, striker=other, tc=tc,
                            v0=v0, mu_s=mu_s, vs_n=vs_n, cut=cut, window=tau[-1],
                            ts=2 * v0 / (7 * mu_s * G), rms=math.sqrt(c / len(tau))))
    return res


# ---------------------------------------------------------------- main
def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    timefix = "--no-timefix" not in sys.argv
    path = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                              "data", "trajectories.json")
    shots = load(path, timefix=timefix, metres="--metres" in sys.argv)
    even = [s for s in shots if s["index"] % 2 == 0]
    odd = [s for s in shots if s["index"] % 2 == 1]
    print(f"{path}: {len(shots)} shots (time fix at t=2.34: {timefix})")
    print(f"units: metres (file value / {1.0 if '--metres' in sys.argv else SCALE:.5f}); contact lines |x|={X_LIM:.5f}, "
          f"|y|={Y_LIM:.5f}; R={R}")

    print("\n== 1. effective cushion restitution e = v_out_n / v_in_n ==")
    print(f"   window: positions {W_NEAR}-{W_FAR} s before/after the contact sample;"
          f" bin edges {BIN_EDGES[1:-1]} m/s")
    print("   reference (real, from the issue): " +
          ", ".join(f"{e:.2f}@{v:.2f}" for v, e in REAL_CURVE))
    for lab, ss in (("even", even), ("odd", odd), ("all", shots)):
        arr = print_restitution(ss, lab)
    print("   with contact time refined by line intersection (all shots):")
    print_restitution(shots, "all/refined", refine=True)

    # ---- angle dependence (all shots), a cheap extra constraint
    arr, meta = restitution_samples(shots)
    vin_n, vout_n, vin_t, vout_t = arr.T
    ang = np.degrees(np.arctan2(np.abs(vin_t), vin_n))
    print("\n   e by incidence angle (from normal), all shots:")
    for lo, hi in ((0, 20), (20, 40), (40, 60), (60, 80)):
        m = (ang >= lo) & (ang < hi)
        if m.sum():
            print(f"    {lo:2d}-{hi:2d} deg  n={m.sum():4d}  <v_in_n>={vin_n[m].mean():.2f}"
                  f"  e_med={np.median(vout_n[m] / vin_n[m]):.3f}"
                  f"  |v_t| out/in med={np.median(np.abs(vout_t[m]) / np.maximum(np.abs(vin_t[m]), 1e-9)):.3f}")

    print("\n== 2. rolling deceleration (straight, contact-free; a = decel) ==")
    for lab, fo in (("final legs", True), ("all legs", False)):
        rd = rolling_decel(shots, final_only=fo)
        if not len(rd):
            continue
        a, vm, dur, idx = rd.T
        mu = a / G
        print(f"   {lab}: segments {len(a)}  decel median {np.median(a):.4f} m/s^2 "
              f"(IQR {np.quantile(a, .25):.4f}-{np.quantile(a, .75):.4f})  "
              f"=> mu_roll median {np.median(mu):.4f}")
        for l2, sel in (("even", idx % 2 == 0), ("odd", idx % 2 == 1)):
            print(f"     {l2}: n={sel.sum()}  mu_roll median {np.median(mu[sel]):.4f}")
        for lo, hi in ((0, 0.1), (0.1, 0.2), (0.2, 0.4), (0.4, 0.7), (0.7, 3.0)):
            m = (vm >= lo) & (vm < hi)
            if m.sum():
                print(f"     mean speed {lo:.1f}-{hi:.1f} m/s  n={m.sum():3d}  mu_roll median "
                      f"{np.median(mu[m]):.4f}")

    print("\n== 3. object ball set moving from rest (sliding friction, ball-ball e) ==")
    fh = first_object_hits(shots)
    print(f"   object-ball starts analysed: {len(fh)}")
    if fh:
        A = {k: np.array([f[k] for f in fh]) for k in fh[0] if k not in ("ball", "striker")}
        good = (A["rms"] < 0.004) & (A["window"] > 0.3) & (A["v0"] > 0.3)
        print(f"   slide-then-roll fit (stun start, mu_roll=0.0042), rms<4 mm, window>0.3 s:"
              f" n={good.sum()}")
        if good.sum():
            ms = A["mu_s"][good]
            print(f"     mu_slide median {np.median(ms):.3f} (IQR {np.quantile(ms, .25):.3f}-"
                  f"{np.quantile(ms, .75):.3f});  slide time median {np.median(A['ts'][good]):.3f} s")
            for l2, sel in (("even", A["index"][good] % 2 == 0), ("odd", A["index"][good] % 2 == 1)):
                if sel.sum():
                    print(f"     {l2}: n={sel.sum()} mu_slide median {np.median(ms[sel]):.3f}")
        okb = (A["vs_n"] > 0.3) & (A["cut"] < 60) & (A["rms"] < 0.006)
        if okb.sum():
            e_bb = 2 * A["v0"][okb] / A["vs_n"][okb] - 1
            print(f"   ball-ball restitution from v0_obj/v_strike_n (cut<60 deg): n={okb.sum()}"
                  f"  e_bb median {np.median(e_bb):.3f} (IQR {np.quantile(e_bb, .25):.3f}-"
                  f"{np.quantile(e_bb, .75):.3f})")
            for lo, hi in ((0, 1.0), (1.0, 2.0), (2.0, 9)):
                m = (A["vs_n"][okb] >= lo) & (A["vs_n"][okb] < hi)
                if m.sum():
                    print(f"     v_strike_n {lo:.0f}-{hi:.0f} m/s: n={m.sum():3d} e_bb median "
                          f"{np.median(e_bb[m]):.3f}")

    print("\n== 4. cue-ball launch speed (first 0.1 s) ==")
    sp = []
    for s in shots:
        b = s["balls"]
        tms = {k: first_motion_time(b[k]) for k in b}
        mv = min((k for k in b if tms[k] is not None), key=lambda k: tms[k])
        t, x, y = b[mv]
        m = (t >= tms[mv]) & (t <= tms[mv] + 0.08)
        if m.sum() >= 3:
            vx = np.polyfit(t[m], x[m], 1)[0]
            vy = np.polyfit(t[m], y[m], 1)[0]
            sp.append(math.hypot(vx, vy))
    sp = np.array(sp)
    print(f"   n={len(sp)}  speed m/s quantiles 10/50/90/max: "
          + " ".join(f"{q:.2f}" for q in np.quantile(sp, [.1, .5, .9, 1])))


if __name__ == "__main__":
    main()
