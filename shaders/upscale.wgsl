// The table drawn at a share of the window's resolution, shown at the window's: a
// sharpened bilinear filter (the blend between two texels squeezed into the middle
// of their span, so that an edge stays an edge, not a ramp as wide as a texel) in one
// tap: a nine-tap bicubic cost a software renderer 29 ms a frame at 1280x720. Used by
// `view::resolution::Upscale`.

#import bevy_ui::ui_vertex_output::UiVertexOutput

@group(1) @binding(0) var picture: texture_2d<f32>;
@group(1) @binding(1) var picture_sampler: sampler;

// How much narrower than a texel the blend between two texels is.
const SHARPNESS: f32 = 2.0;

@fragment
fn fragment(in: UiVertexOutput) -> @location(0) vec4<f32> {
    let size = vec2<f32>(textureDimensions(picture));
    let at = in.uv * size - 0.5;
    let texel = floor(at);
    let blend = clamp((at - texel - 0.5) * SHARPNESS + 0.5, vec2<f32>(0.0), vec2<f32>(1.0));
    let uv = (texel + 0.5 + blend) / size;
    return vec4<f32>(textureSampleLevel(picture, picture_sampler, uv, 0.0).rgb, 1.0);
}
