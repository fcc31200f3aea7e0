// The table drawn at a share of the window's resolution, shown at the window's: a
// Catmull-Rom (bicubic) filter, sharper than a bilinear stretch, in nine bilinear taps
// (each tap reads two texels' blend at once). Used by `view::resolution::Upscale`.

#import bevy_ui::ui_vertex_output::UiVertexOutput

@group(1) @binding(0) var picture: texture_2d<f32>;
@group(1) @binding(1) var picture_sampler: sampler;

@fragment
fn fragment(in: UiVertexOutput) -> @location(0) vec4<f32> {
    let size = vec2<f32>(textureDimensions(picture));
    let at = in.uv * size;
    // The texel centre left of and above the point, and the point's place past it.
    let centre = floor(at - 0.5) + 0.5;
    let f = at - centre;
    // Catmull-Rom weights of the four texels around the point, on each axis.
    let w0 = f * (-0.5 + f * (1.0 - 0.5 * f));
    let w1 = 1.0 + f * f * (-2.5 + 1.5 * f);
    let w2 = f * (0.5 + f * (2.0 - 1.5 * f));
    let w3 = f * f * (-0.5 + 0.5 * f);
    // The middle two texels read together by one bilinear tap between them.
    let w12 = w1 + w2;
    let middle = (centre + w2 / w12) / size;
    let before = (centre - 1.0) / size;
    let after = (centre + 2.0) / size;
    let xs = array<f32, 3>(before.x, middle.x, after.x);
    let ys = array<f32, 3>(before.y, middle.y, after.y);
    let wx = array<f32, 3>(w0.x, w12.x, w3.x);
    let wy = array<f32, 3>(w0.y, w12.y, w3.y);
    var colour = vec3<f32>(0.0);
    for (var j = 0; j < 3; j++) {
        for (var i = 0; i < 3; i++) {
            let tap = textureSampleLevel(picture, picture_sampler, vec2<f32>(xs[i], ys[j]), 0.0);
            colour += tap.rgb * wx[i] * wy[j];
        }
    }
    return vec4<f32>(max(colour, vec3<f32>(0.0)), 1.0);
}
