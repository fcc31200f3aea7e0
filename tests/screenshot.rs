//! The game drawn under Xvfb with Mesa's software Vulkan (`xvfb-run`, as
//! `../shared/tools/look.sh` runs it): a screenshot at frame 1 waits until the table is
//! drawn, so it shows the cloth, not a black window. It needs a display server and a
//! Vulkan driver, so it is not part of `cargo test`: run it with
//! `cargo test --test screenshot -- --ignored` (about a minute on two cores).

use std::path::Path;
use std::process::Command;

/// The share of the picture's pixels that are the cloth's blue.
fn cloth_share(png: &Path) -> f64 {
    let picture = image::open(png).expect("a PNG").to_rgb8();
    let blue = picture
        .pixels()
        .filter(|p| {
            let [r, g, b] = p.0.map(i32::from);
            b > 90 && b > r + 40 && b > g + 15
        })
        .count();
    blue as f64 / (picture.width() * picture.height()) as f64
}

#[test]
#[ignore = "needs xvfb-run and a Vulkan driver (Mesa's lavapipe does)"]
fn a_screenshot_at_the_first_frame_shows_the_table() {
    let out = std::env::temp_dir().join(format!("carom-frame-1-{}.png", std::process::id()));
    let _ = std::fs::remove_file(&out);
    for quality in ["low", "high"] {
        let status = Command::new("timeout")
            .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24"])
            .arg(env!("CARGO_BIN_EXE_carom"))
            .args(["--screenshot", out.to_str().unwrap(), "--frames", "1"])
            .args(["--quality", quality])
            .status()
            .expect("xvfb-run runs (apt-get install xvfb mesa-vulkan-drivers)");
        assert!(status.success(), "{quality}: {status}");
        let share = cloth_share(&out);
        println!("{quality}: {:.0} % of the picture is cloth", share * 100.0);
        assert!(share > 0.2, "{quality}: only {:.1} % cloth", share * 100.0);
    }
}
