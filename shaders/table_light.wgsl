// What the table's own shaders share: the lamp's light worked out simply (the low
// graphics: software rendering spends most of a frame on full lighting), and noise for
// the grain of felt and wood. Registered as `carom::table_light` (`view::surfaces`).

#define_import_path carom::table_light

// The lamp box's light on a surface at `p` (Bevy frame, m) facing `n`: a pool on the
// bed, 1 in its middle and falling off toward the rails (the bed's corners at about
// 0.75 of its middle in sRGB, as the full lighting's), dim beyond, with the room's light.
// `lamp`: the lit face's half length and half width, and its height over the cloth.
fn simple_light(p: vec3<f32>, n: vec3<f32>, lamp: vec3<f32>) -> f32 {
    // The nearest point of the face's bright middle (its tubes fade toward the box's
    // ends and sides), and the light from there.
    let core = lamp.xy * vec2<f32>(0.45, 0.4);
    let q = vec3<f32>(clamp(p.x, -core.x, core.x), lamp.z, clamp(p.z, -core.y, core.y));
    let to_lamp = q - p;
    let d2 = dot(to_lamp, to_lamp);
    let facing = max(dot(n, normalize(to_lamp)), 0.0);
    // Lambert over distance, 1 straight under the lamp on the cloth.
    let lit = facing * (1.0 + 0.8 * lamp.z * lamp.z) / (1.0 + 0.8 * d2);
    let room = 0.08 + 0.04 * max(n.y, 0.0);
    return 0.88 * lit + room;
}

// How much of the lamp's lit face a mirror at `p` facing `n` shows an eye at `eye`: 1
// inside the face's image, fading over its edge by `softness` (a share of the face).
fn lamp_mirrored(p: vec3<f32>, n: vec3<f32>, eye: vec3<f32>, lamp: vec3<f32>, softness: f32) -> f32 {
    let r = reflect(normalize(p - eye), n);
    // Where the reflected ray meets the face's plane, as a share of the face's half sides.
    let to_face = (lamp.z - p.y) / max(r.y, 1e-3);
    let at = abs(p.xz + r.xz * to_face) / lamp.xy;
    let edge = vec2<f32>(1.0 - softness, 1.0 + softness);
    let inside = (1.0 - smoothstep(edge.x, edge.y, at.x)) * (1.0 - smoothstep(edge.x, edge.y, at.y));
    return select(0.0, inside, r.y > 0.0);
}

// A pseudo-random value in [0, 1) for a lattice point, by multiplying and folding
// its coordinates: no sine, which costs a software renderer several times more (it
// runs four for each noise sample, on every pixel of cloth and rail).
fn hash(p: vec2<f32>) -> f32 {
    var q = fract(p.xyx * 0.1031);
    q += dot(q, q.yzx + 33.33);
    return fract((q.x + q.y) * q.z);
}

// Smooth noise in [0, 1] on a unit lattice.
fn value_noise(p: vec2<f32>) -> f32 {
    let i = floor(p);
    let f = fract(p);
    let u = f * f * (3.0 - 2.0 * f);
    let bottom = mix(hash(i), hash(i + vec2<f32>(1.0, 0.0)), u.x);
    let top = mix(hash(i + vec2<f32>(0.0, 1.0)), hash(i + vec2<f32>(1.0, 1.0)), u.x);
    return mix(bottom, top, u.y);
}
