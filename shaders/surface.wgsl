// Every surface the game draws in 3D: the standard PBR material, with the fine grain and
// nap of woven felt and the soft contact shadow under each ball, or with a grain of
// growth rings along each rail (both made from the world position, no texture to load),
// or as it is (balls, cue, room).
// Used through `view::surfaces::SurfaceMaterial`.

#import bevy_pbr::{
    pbr_fragment::pbr_input_from_standard_material,
    pbr_functions::alpha_discard,
    pbr_types::STANDARD_MATERIAL_FLAGS_UNLIT_BIT,
}
#import bevy_pbr::mesh_view_bindings::view
#import carom::table_light::{lamp_mirrored, simple_light, value_noise}

#ifdef PREPASS_PIPELINE
#import bevy_pbr::{
    prepass_io::{VertexOutput, FragmentOutput},
    pbr_deferred_functions::deferred_output,
}
#else
#import bevy_pbr::{
    forward_io::{VertexOutput, FragmentOutput},
    pbr_functions::{apply_pbr_lighting, main_pass_post_lighting_processing},
}
#endif

// x: 0 for felt, 1 for wood, 2 for none (the standard material as it is, or its colour
// lit simply), 3 for depth only, 4 for polished resin (none, with a clear coat); zw: the bed's half length and half width (which way a
// rail runs).
@group(#{MATERIAL_BIND_GROUP}) @binding(100) var<uniform> surface: vec4<f32>;
// Felt: x how strongly the grain shades the colour (0..1), y fibres per metre. Wood: x
// rings per metre. Polished: x how bright the lamp's mirror image in the clear coat is, y
// how soft its edge.
@group(#{MATERIAL_BIND_GROUP}) @binding(101) var<uniform> grain: vec4<f32>;
// Felt, matt and polished surfaces: their colour (linear), for the simple lighting. Wood:
// its dark colour.
@group(#{MATERIAL_BIND_GROUP}) @binding(102) var<uniform> dark: vec4<f32>;
// Wood: its light colour (linear).
@group(#{MATERIAL_BIND_GROUP}) @binding(103) var<uniform> light: vec4<f32>;
// Felt: the balls over the cloth, centre (Bevy frame) and radius; radius 0 for none.
@group(#{MATERIAL_BIND_GROUP}) @binding(104) var<uniform> balls: array<vec4<f32>, 4>;
// The lamp's lit face: half length, half width, height over the cloth.
@group(#{MATERIAL_BIND_GROUP}) @binding(105) var<uniform> lamp: vec4<f32>;
// Polished: its picture (white where it has none), for the simple lighting.
@group(#{MATERIAL_BIND_GROUP}) @binding(106) var picture: texture_2d<f32>;
@group(#{MATERIAL_BIND_GROUP}) @binding(107) var picture_sampler: sampler;

// How much of the room's and the lamp's light the balls take from a point of the
// cloth: dark right under a ball on the cloth, gone two radii away, fainter as the
// ball rises.
fn contact_shadow(p: vec3<f32>) -> f32 {
    var lit = 1.0;
    for (var i = 0; i < 4; i++) {
        let ball = balls[i];
        // (1 - d²/4)¹² for d radii away: as e^(-3d²) near the ball, 0 from two radii
        // on, with no exp (a software renderer runs one for each ball on every pixel
        // of cloth, a branch round it or not).
        let near = max(1.0 - dot(p.xz - ball.xz, p.xz - ball.xz) / (4.0 * ball.w * ball.w), 0.0);
        let near4 = near * near * near * near;
        let lift = max(ball.y - ball.w - p.y, 0.0) / ball.w;
        let shade = 0.75 * near4 * near4 * near4 / (1.0 + 2.0 * lift);
        lit *= select(1.0, 1.0 - shade, ball.w > 0.0);
    }
    return lit;
}

// Felt of colour `base` at `w`. Fibres run along the table (world x): stretched noise at
// two scales, and the nap brushed toward the foot, a little lighter seen against it.
// The simple lighting draws none: the table at half resolution, a pixel spans two
// fibres or more, and the grain could only crawl (the full lighting fades it there).
fn felt(w: vec3<f32>, base: vec3<f32>, detailed: bool) -> vec3<f32> {
    let shadow = contact_shadow(w);
    if !detailed {
        return base * shadow;
    }
    let p = w.xz * grain.y;
    // Fibres a pixel spans, along the table and across it: a grain finer than the
    // pixels can only alias into crawling noise, so it fades to its mean colour as it
    // shrinks below two pixels a fibre (toward the far rail).
    let spread = fwidth(p);
    let coarse = resolved(max(0.25 * spread.x, spread.y));
    let fibres = coarse * (value_noise(vec2<f32>(p.x * 0.25, p.y)) - 0.5);
    let fine = resolved(2.3 * max(spread.x, spread.y)) * (value_noise(p * 2.3) - 0.5);
    let patches = value_noise(w.xz * 3.0);
    return base * (1.0 + grain.x * (0.6 * fibres + 0.4 * fine) + 0.04 * (patches - 0.5))
        * shadow;
}

// How much of a pattern a pixel can show, from the pattern's cycles a pixel: all of it
// at half a cycle a pixel or less, none from one a pixel on.
fn resolved(cycles_per_pixel: f32) -> f32 {
    return 1.0 - smoothstep(0.5, 1.0, cycles_per_pixel);
}

// Wood at `w`: along the long rails the grain runs along x, along the short ones along z;
// rings across the board, bent by slow noise, and fine pores where detailed (half
// resolution does not show them).
fn wood(w: vec3<f32>, detailed: bool) -> vec3<f32> {
    let along_x = abs(w.z) - surface.w > abs(w.x) - surface.z;
    let along = select(w.z, w.x, along_x);
    let across = select(w.x, w.z, along_x);
    let bend = 3.0 * value_noise(vec2<f32>(along * 1.5, across * 8.0)) + 2.0 * w.y;
    let ring = (across + w.y * 0.6) * grain.x + bend;
    let rings = fract(ring);
    let band = smoothstep(0.0, 0.25, rings) * (1.0 - smoothstep(0.6, 1.0, rings));
    // Rings finer than the pixels fade to their mean (`felt`'s fibres do the same).
    let shown = resolved(fwidth(ring));
    let grained = mix(dark.rgb, light.rgb, 0.25 + 0.6 * mix(0.4, band, shown));
    if !detailed {
        return grained;
    }
    let pores = value_noise(vec2<f32>(along * 40.0, across * 900.0));
    return grained * (0.92 + 0.16 * pores);
}

// The surface's colour at `w`; felt tints `base`, no grain keeps it. `NO_GRAIN`, `FELT`,
// `WOOD`: a pipeline for surfaces of that grain only (a software renderer runs both sides
// of a branch), else the grain is picked as the shader runs.
fn albedo(w: vec3<f32>, base: vec3<f32>, detailed: bool) -> vec3<f32> {
#ifdef NO_GRAIN
    return base;
#else ifdef FELT
    return felt(w, base, detailed);
#else ifdef WOOD
    return wood(w, detailed);
#else
    if surface.x > 1.5 {
        return base;
    }
    if surface.x > 0.5 {
        return wood(w, detailed);
    }
    return felt(w, base, detailed);
#endif
}

@fragment
fn fragment(in: VertexOutput, @builtin(front_facing) is_front: bool) -> FragmentOutput {
    let w = in.world_position.xyz;

#ifdef DEPTH_ONLY
    // Only its depth counts (no colour is written): nothing to work out.
    var out: FragmentOutput;
    out.color = vec4<f32>(0.0);
#else ifdef SIMPLE_LIGHTING
    // The low graphics: the lamp's light worked out simply, and nothing of the full
    // lighting compiled in (the table is drawn forward, never deferred).
    var out: FragmentOutput;
    let n = normalize(in.world_normal);
#ifdef POLISHED
    // A lamp as wide as the bed lights a ball's side too: lit as if turned toward it.
    let lit = simple_light(w, normalize(n + vec3<f32>(0.0, 0.5, 0.0)), lamp.xyz);
    // Its colour and picture lit, and the lamp's face mirrored in it: the standard
    // material's shader reads every map it might have, which costs a software renderer
    // more for the few pixels of the balls and cue than the whole cloth.
    var colour = dark.rgb;
#ifdef VERTEX_UVS_A
    colour *= textureSample(picture, picture_sampler, in.uv).rgb;
#endif
    let shine = grain.x * lamp_mirrored(w, n, view.world_position.xyz, lamp.xyz, grain.y);
    out.color = vec4<f32>(colour * lit + vec3<f32>(shine), 1.0);
#else
    let lit = simple_light(w, n, lamp.xyz);
    out.color = vec4<f32>(albedo(w, dark.rgb, false) * lit, 1.0);
#endif
#else
    var pbr_input = pbr_input_from_standard_material(in, is_front);
    let base = pbr_input.material.base_color;
    pbr_input.material.base_color = vec4<f32>(albedo(w, base.rgb, true), base.a);
    pbr_input.material.base_color = alpha_discard(pbr_input.material, pbr_input.material.base_color);

#ifdef PREPASS_PIPELINE
    let out = deferred_output(in, pbr_input);
#else
    var out: FragmentOutput;
    // Unlit: the lamp's glowing face.
    if (pbr_input.material.flags & STANDARD_MATERIAL_FLAGS_UNLIT_BIT) == 0u {
        out.color = apply_pbr_lighting(pbr_input);
    } else {
        out.color = pbr_input.material.base_color;
    }
    // Polished resin (code 4): over the standard material's rough sheen, its clear
    // coat's sharp image of the lamp's face, as the low preset draws it.
    if surface.x > 3.5 {
        let coat = lamp_mirrored(w, pbr_input.N, view.world_position.xyz, lamp.xyz, grain.y);
        out.color = vec4<f32>(out.color.rgb + vec3<f32>(grain.x * coat), out.color.a);
    }
    out.color = main_pass_post_lighting_processing(pbr_input, out.color);
#endif
#endif
    return out;
}
