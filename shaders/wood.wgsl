// The table's wood: the standard PBR material with a grain of growth rings along each
// rail (procedural, from the world position). Used through `view::surfaces::WoodMaterial`.

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

// x: rings per metre; y: 1 for the simple lighting (the low graphics); zw: the bed's
// half length and half width (which way a rail runs).
@group(#{MATERIAL_BIND_GROUP}) @binding(100) var<uniform> grain: vec4<f32>;
// The wood's dark and light colours (linear).
@group(#{MATERIAL_BIND_GROUP}) @binding(101) var<uniform> dark: vec4<f32>;
@group(#{MATERIAL_BIND_GROUP}) @binding(102) var<uniform> light: vec4<f32>;
// The lamp's lit face, as for the cloth.
@group(#{MATERIAL_BIND_GROUP}) @binding(103) var<uniform> lamp: vec4<f32>;

@fragment
fn fragment(in: VertexOutput, @builtin(front_facing) is_front: bool) -> FragmentOutput {
    let w = in.world_position.xyz;
    // Along the long rails the grain runs along x, along the short ones along z.
    let along_x = abs(w.z) - grain.w > abs(w.x) - grain.z;
    let along = select(w.z, w.x, along_x);
    let across = select(w.x, w.z, along_x);
    // Rings: stripes across the board, bent by slow noise, with fine pores.
    let bend = 3.0 * value_noise(vec2<f32>(along * 1.5, across * 8.0)) + 2.0 * w.y;
    let rings = fract((across + w.y * 0.6) * grain.x + bend);
    let band = smoothstep(0.0, 0.25, rings) * (1.0 - smoothstep(0.6, 1.0, rings));
    let grained = mix(dark.rgb, light.rgb, 0.25 + 0.6 * band);

#ifndef PREPASS_PIPELINE
    if grain.y > 0.5 {
        // Without the fine pores, which half resolution does not show.
        var simple: FragmentOutput;
        let lit = simple_light(w, normalize(in.world_normal), lamp.xyz);
        simple.color = vec4<f32>(grained * lit, 1.0);
        return simple;
    }
#endif

    let pores = value_noise(vec2<f32>(along * 40.0, across * 900.0));
    let mixed = grained * (0.92 + 0.16 * pores);

    var pbr_input = pbr_input_from_standard_material(in, is_front);
    pbr_input.material.base_color = vec4<f32>(mixed, 1.0);
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
