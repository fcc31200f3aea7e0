#!/usr/bin/env python3
"""What effective restitution does a cushion model produce?  (numpy/stdlib only)

Written from the equations in Mathavan, Jackson & Parkin (2010) as summarised
in tools/fit/RESEARCH.md.  A rolling ball (no side spin) hits a straight
cushion at incidence angle alpha (from the normal); the cushion impact is
resolved with the Mathavan impulse integration; the ball then slides/rolls on
the cloth; positions 0.06-0.12 s either side of the impact give the same
'effective' restitution that real_cushion_curve.py measures on tracked shots.

Usage: python3 cushion_effective_e.py
Prints a table per parameter set; compare with the real curve
0.58/0.65/0.73/0.75/0.73 at v_n 0.39/0.73/1.22/1.86/2.96 m/s.
"""

import math

G = 9.81
R = 0.03075
M = 0.21


def mathavan(vx, vy, wx, wy, wz, ee, mu_s, mu_w, sin_t, n_steps=2000):
    """Ball moving in +y into a cushion lying along x.  Returns (vx, vy, wx, wy, wz)
    after impact.  mu_s: ball-table, mu_w: ball-cushion, sin_t = (h - R) / R."""
    cos_t = math.sqrt(1 - sin_t * sin_t)
    k = 5.0 / (2 * M * R)

    def step(s, dP):
        vx, vy, wx, wy, wz = s
        # slip at cushion contact I and table contact C
        xi = vx + wy * R * sin_t - wz * R * cos_t
        yi = -vy * sin_t + wx * R
        xc = vx - wy * R
        yc = vy + wx * R
        phi = math.atan2(yi, xi)
        phc = math.atan2(yc, xc)
        sp, cp = math.sin(phi), math.cos(phi)
        sc, cc = math.sin(phc), math.cos(phc)
        tab = sin_t + mu_w * sp * cos_t  # table normal impulse per unit cushion impulse
        nvx = vx - (mu_w * cp + mu_s * cc * tab) * dP / M
        nvy = vy - (cos_t - mu_w * sin_t * sp + mu_s * sc * tab) * dP / M
        nwx = wx - k * (mu_w * sp + mu_s * sc * tab) * dP
        nwy = wy - k * (mu_w * cp * sin_t - mu_s * cc * tab) * dP
        nwz = wz + k * (mu_w * cp * cos_t) * dP
        return (nvx, nvy, nwx, nwy, nwz)

    s = (vx, vy, wx, wy, wz)
    dP = max(M * vy / n_steps, 1e-7)
    W = 0.0
    while s[1] > 0:  # compression
        n = step(s, dP)
        W += dP * 0.5 * (abs(s[1]) + abs(n[1])) * cos_t
        s = n
    target = ee * ee * W
    W = 0.0
    # same impulse step as compression (vy here is the incoming normal speed)
    while W < target:  # restitution
        n = step(s, dP)
        W += dP * 0.5 * (abs(s[1]) + abs(n[1])) * cos_t
        s = n
    return s


def cloth(s, t_end, mu_slide, mu_roll, dt=2e-4):
    """Evolve (vx, vy, wx, wy, wz) on the cloth; return list of (t, x, y)."""
    vx, vy, wx, wy, wz = s
    x = y = 0.0
    out = [(0.0, 0.0, 0.0)]
    t = 0.0
    while t < t_end - 1e-12:
        ux, uy = vx - R * wy, vy + R * wx  # contact-point slip
        u = math.hypot(ux, uy)
        if u > 1e-3:
            ax, ay = -mu_slide * G * ux / u, -mu_slide * G * uy / u
            wx += 5 * mu_slide * G / (2 * R) * (-uy / u) * dt
            wy += 5 * mu_slide * G / (2 * R) * (ux / u) * dt
        else:
            v = math.hypot(vx, vy)
            ax, ay = (-mu_roll * G * vx / v, -mu_roll * G * vy / v) if v > 1e-9 else (0, 0)
            wx, wy = -(vy + ay * dt) / R, (vx + ax * dt) / R
        x += vx * dt + 0.5 * ax * dt * dt
        y += vy * dt + 0.5 * ay * dt * dt
        vx += ax * dt
        vy += ay * dt
        t += dt
        out.append((t, x, y))
    return out


def effective_e(v_n, alpha_deg, p):
    a = math.radians(alpha_deg)
    v = v_n / math.cos(a)
    vx, vy = v * math.sin(a), v * math.cos(a)  # x along cushion, y into it
    wx, wy, wz = -vy / R, vx / R, 0.0  # natural roll
    # incoming: rolling, decel mu_roll g; speed at the windows
    dec = p["mu_roll"] * G
    # normal-velocity average over [-0.12, -0.06]: v_n(t) = v_n(0) + dec_n * |t|
    vin_n = vy + dec * math.cos(a) * 0.09
    s = mathavan(vx, vy, wx, wy, wz, p["ee"], p["mu_s"], p["mu_w"], p["sin_t"])
    tr = cloth(s, 0.12, p["mu_slide"], p["mu_roll"])

    def at(tq):
        for t, x, y in tr:
            if t >= tq - 1e-9:
                return y
        return tr[-1][2]

    vout_n = -(at(0.12) - at(0.06)) / 0.06
    return vout_n / vin_n, s


PARAM_SETS = {
    # tailuge as run by fit-shots.mjs: cloth friction in real units is
    # muS*9.8/1.06507/g and mu*9.8/sqrt(2)/1.06507/g (see RESEARCH.md)
    "tailuge as run (ee .85, mu_w .2, mu_s .2, sin .4; cloth .118/.0037)": dict(
        ee=0.85, mu_w=0.2, mu_s=0.2, sin_t=0.4, mu_slide=0.118, mu_roll=0.0037),
    "carom h=37mm, measured cloth (ee .85, mu_w .2, mu_s .2, sin .203; cloth .165/.0043)": dict(
        ee=0.85, mu_w=0.2, mu_s=0.2, sin_t=0.2033, mu_slide=0.165, mu_roll=0.0043),
    "carom h=37mm, measured cloth (ee .90, mu_w .15, mu_s .2, sin .203; cloth .165/.0043)": dict(
        ee=0.90, mu_w=0.15, mu_s=0.2, sin_t=0.2033, mu_slide=0.165, mu_roll=0.0043),
    "Mathavan paper snooker values (ee .98, mu_w .14, mu_s .212, sin .4; cloth .212/.0043)": dict(
        ee=0.98, mu_w=0.14, mu_s=0.212, sin_t=0.4, mu_slide=0.212, mu_roll=0.0043),
}

if __name__ == "__main__":
    vns = [0.39, 0.73, 1.22, 1.86, 2.96]
    print("real (effective):        " + "  ".join(f"{e:5.2f}" for e in (0.58, 0.65, 0.73, 0.75, 0.73)))
    for name, p in PARAM_SETS.items():
        print(name)
        for alpha in (0, 30, 50):
            row = []
            for vn in vns:
                e, s = effective_e(vn, alpha, p)
                row.append(e)
            print(f"  alpha {alpha:2d} deg  e_eff: " + "  ".join(f"{e:5.2f}" for e in row))
        e_imm = [mathavan(0, vn, -vn / R, 0, 0, p["ee"], p["mu_s"], p["mu_w"], p["sin_t"])[1] / -vn
                 for vn in vns]
        print("  alpha  0 deg  e_impact (v_out/v_in right after impact): "
              + "  ".join(f"{e:5.2f}" for e in e_imm))
