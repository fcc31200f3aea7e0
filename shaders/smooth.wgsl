// Edge smoothing of the table drawn at a share of the window's resolution, at that
// resolution, before it is scaled up (`view::resolution::Smooth`): where the four
// diagonal neighbourhoods of a pixel differ in brightness, the pixel is blended along
// the edge they show (the direction across the brightness gradient): nine texels read
// unfiltered, and four filtered taps more on an edge. Bevy's FXAA searched along every
// edge and cost a software renderer 25 ms a frame at 640x360; this costs it a fifth of
// that.

#import bevy_ui::ui_vertex_output::UiVertexOutput

@group(1) @binding(0) var picture: texture_2d<f32>;
@group(1) @binding(1) var picture_sampler: sampler;

// An edge: the neighbourhoods' brightness spans at least this, and this share of the
// brightest.
const EDGE_MIN: f32 = 0.03;
const EDGE_SHARE: f32 = 0.125;
// How far along the edge the blend reaches, texels, and how the direction is scaled
// where the neighbourhoods are dark.
const SPAN: f32 = 4.0;
const REDUCE_SHARE: f32 = 0.125;
const REDUCE_MIN: f32 = 1.0 / 128.0;

fn tap(uv: vec2<f32>) -> vec3<f32> {
    return textureSampleLevel(picture, picture_sampler, uv, 0.0).rgb;
}

// Brightness as the eye sees it: the picture's texels are linear,
// and a dark edge on the black room is as plain as a bright one on the cloth.
fn luma(c: vec3<f32>) -> f32 {
    return sqrt(dot(c, vec3<f32>(0.299, 0.587, 0.114)));
}

// The texel `d` away from `at`, clamped to the picture (no filtering: a software
// renderer fetches one texel where a filtered tap fetches four).
fn texel_at(at: vec2<i32>, d: vec2<i32>, last: vec2<i32>) -> vec3<f32> {
    return textureLoad(picture, clamp(at + d, vec2<i32>(0), last), 0).rgb;
}

@fragment
fn fragment(in: UiVertexOutput) -> @location(0) vec4<f32> {
    let size = vec2<i32>(textureDimensions(picture));
    let texel = 1.0 / vec2<f32>(size);
    let last = size - 1;
    let at = clamp(vec2<i32>(in.uv * vec2<f32>(size)), vec2<i32>(0), last);
    // The 3x3 texels round this one, and the average of each diagonal 2x2
    // neighbourhood (what a filtered tap half a texel off both ways reads).
    let centre = texel_at(at, vec2<i32>(0, 0), last);
    let n = texel_at(at, vec2<i32>(0, -1), last);
    let s = texel_at(at, vec2<i32>(0, 1), last);
    let w = texel_at(at, vec2<i32>(-1, 0), last);
    let e = texel_at(at, vec2<i32>(1, 0), last);
    let nw = luma(0.25 * (texel_at(at, vec2<i32>(-1, -1), last) + n + w + centre));
    let ne = luma(0.25 * (texel_at(at, vec2<i32>(1, -1), last) + n + e + centre));
    let sw = luma(0.25 * (texel_at(at, vec2<i32>(-1, 1), last) + s + w + centre));
    let se = luma(0.25 * (texel_at(at, vec2<i32>(1, 1), last) + s + e + centre));
    let m = luma(centre);
    let darkest = min(m, min(min(nw, ne), min(sw, se)));
    let brightest = max(m, max(max(nw, ne), max(sw, se)));
    if brightest - darkest < max(EDGE_MIN, brightest * EDGE_SHARE) {
        return vec4<f32>(centre, 1.0);
    }
    // Across the gradient: along the edge.
    var along = vec2<f32>((sw + se) - (nw + ne), (nw + sw) - (ne + se));
    let reduce = max((nw + ne + sw + se) * 0.25 * REDUCE_SHARE, REDUCE_MIN);
    let scale = 1.0 / (min(abs(along.x), abs(along.y)) + reduce);
    along = clamp(along * scale, vec2<f32>(-SPAN), vec2<f32>(SPAN)) * texel;
    let near = 0.5 * (tap(in.uv - along / 6.0) + tap(in.uv + along / 6.0));
    let far = 0.5 * near + 0.25 * (tap(in.uv - along * 0.5) + tap(in.uv + along * 0.5));
    // The far blend crossed another edge if it left the neighbourhoods' range.
    let l = luma(far);
    if l < darkest || l > brightest {
        return vec4<f32>(near, 1.0);
    }
    return vec4<f32>(far, 1.0);
}
