// Billiard cloth: the standard PBR material with the fine grain and nap of woven felt,
// made from the world position (no texture to load), and the soft contact shadow under
// each ball. Used through `view::cloth::ClothMaterial`.

#import bevy_pbr::{
    pbr_fragment::pbr_input_from_standard_material,
    pbr_functions::alpha_discard,
}
#import carom::table_light::{simple_light, value_noise}

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

// x: how strongly the grain shades the colour (0..1); y: fibres per metre; z: 1 for the
// simple lighting (the low graphics), 0 for the full one.
@group(#{MATERIAL_BIND_GROUP}) @binding(100) var<uniform> grain: vec4<f32>;
// The cloth's colour (linear), for the simple lighting.
@group(#{MATERIAL_BIND_GROUP}) @binding(101) var<uniform> colour: vec4<f32>;
// The balls over the cloth: centre (Bevy frame) and radius; radius 0 for none.
@group(#{MATERIAL_BIND_GROUP}) @binding(102) var<uniform> balls: array<vec4<f32>, 4>;
// The lamp's lit face: half length, half width, height over the cloth.
@group(#{MATERIAL_BIND_GROUP}) @binding(103) var<uniform> lamp: vec4<f32>;

// How much of the room's and the lamp's light the balls take from a point of the
// cloth: dark right under a ball on the cloth, gone a radius away, fainter as the ball
// rises.
fn contact_shadow(p: vec3<f32>) -> f32 {
    var light = 1.0;
    for (var i = 0; i < 4; i++) {
        let ball = balls[i];
        let d = length(p.xz - ball.xz) / ball.w;
        // Beyond two radii the shadow is under 0.2 % (and the exp costs a software
        // renderer dearly over the whole cloth).
        if ball.w > 0.0 && d < 2.0 {
            let lift = max(ball.y - ball.w - p.y, 0.0) / ball.w;
            let dark = 0.75 * exp(-3.2 * d * d) / (1.0 + 2.0 * lift);
            light *= 1.0 - dark;
        }
    }
    return light;
}

@fragment
fn fragment(in: VertexOutput, @builtin(front_facing) is_front: bool) -> FragmentOutput {
    // Fibres run along the table (world x): stretched noise at two scales, and the nap
    // brushed toward the foot, a little lighter seen against it.
    let p = in.world_position.xz * grain.y;
    let fibres = value_noise(vec2<f32>(p.x * 0.25, p.y));
    let shadow = contact_shadow(in.world_position.xyz);

#ifndef PREPASS_PIPELINE
    if grain.z > 0.5 {
        // The simple lighting draws the coarse fibres only: a software renderer at
        // half resolution sees no finer ones.
        var simple: FragmentOutput;
        let light = simple_light(in.world_position.xyz, normalize(in.world_normal), lamp.xyz);
        let shade = 1.0 + grain.x * (fibres - 0.5);
        simple.color = vec4<f32>(colour.rgb * shade * shadow * light, 1.0);
        return simple;
    }
#endif

    let fine = value_noise(p * 2.3);
    let patches = value_noise(in.world_position.xz * 3.0);
    let shade = (1.0 + grain.x * (0.6 * fibres + 0.4 * fine - 0.5) + 0.04 * (patches - 0.5))
        * shadow;

    var pbr_input = pbr_input_from_standard_material(in, is_front);
    let base = pbr_input.material.base_color;
    pbr_input.material.base_color = vec4<f32>(base.rgb * shade, base.a);
    pbr_input.material.base_color = alpha_discard(pbr_input.material, pbr_input.material.base_color);

#ifdef PREPASS_PIPELINE
    let out = deferred_output(in, pbr_input);
#else
    var out: FragmentOutput;
    out.color = apply_pbr_lighting(pbr_input);
    out.color = main_pass_post_lighting_processing(pbr_input, out.color);
#endif
    return out;
}
