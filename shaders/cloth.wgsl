// Billiard cloth: the standard PBR material with the fine grain of woven felt, made from
// the world position (no texture to load). Used through `view::cloth::ClothMaterial`.

#import bevy_pbr::{
    pbr_fragment::pbr_input_from_standard_material,
    pbr_functions::alpha_discard,
}

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
// lamps' light worked out simply (the low graphics: software rendering spends most of
// a frame on the cloth's full lighting), 0 for the full lighting.
@group(#{MATERIAL_BIND_GROUP}) @binding(100) var<uniform> grain: vec4<f32>;
// The cloth's colour (linear), for the simple lighting.
@group(#{MATERIAL_BIND_GROUP}) @binding(101) var<uniform> colour: vec4<f32>;

// The light of the three lamps over the table (`view::lights`) and the room, without
// shadows or reflections: what the low graphics draws the cloth with.
fn simple_light(p: vec3<f32>) -> f32 {
    var light = 0.55;
    for (var i = -1; i <= 1; i++) {
        let d = p - vec3<f32>(0.9 * f32(i), 1.0, 0.0);
        light += 0.75 / (1.0 + 1.5 * dot(d, d));
    }
    return light;
}

fn hash(p: vec2<f32>) -> f32 {
    return fract(sin(dot(p, vec2<f32>(127.1, 311.7))) * 43758.5453);
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

@fragment
fn fragment(in: VertexOutput, @builtin(front_facing) is_front: bool) -> FragmentOutput {
    // Fibres run along the table (world x): stretched noise at two scales.
    let p = in.world_position.xz * grain.y;
    let fibres = 0.6 * value_noise(vec2<f32>(p.x * 0.25, p.y)) + 0.4 * value_noise(p * 2.3);
    let shade = 1.0 + grain.x * (fibres - 0.5);

#ifndef PREPASS_PIPELINE
    if grain.z > 0.5 {
        var simple: FragmentOutput;
        simple.color = vec4<f32>(colour.rgb * shade * simple_light(in.world_position.xyz), 1.0);
        return simple;
    }
#endif

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
