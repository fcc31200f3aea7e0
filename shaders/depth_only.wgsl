// The table's rails and cushions as the sharp camera sees them: their depth only, so
// that a ball or a line behind them is hidden there too. No colour is written (the
// pipeline's write mask is empty). Used by `view::resolution::DepthOnly`.

@fragment
fn fragment() -> @location(0) vec4<f32> {
    return vec4<f32>(0.0);
}
