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
    let out = carom::test_support::fresh_dir("frame-1").join("frame.png");
    let _ = std::fs::remove_file(&out);
    for quality in ["low", "high"] {
        let status = Command::new("timeout")
            .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24"])
            .arg(env!("CARGO_BIN_EXE_carom"))
            .args(["--screenshot", out.to_str().unwrap(), "--frames", "1"])
            // Behind the ball whatever view the player's settings open in (the top
            // view shows less cloth than the share asked for).
            .args(["--quality", quality, "--view", "behind"])
            .status()
            .expect("xvfb-run runs (apt-get install xvfb mesa-vulkan-drivers)");
        assert!(status.success(), "{quality}: {status}");
        let share = cloth_share(&out);
        println!("{quality}: {:.0} % of the picture is cloth", share * 100.0);
        assert!(share > 0.2, "{quality}: only {:.1} % cloth", share * 100.0);
    }
}

/// The cloth's mean colour in the middle of the bed of a top view, sRGB 0..1: the
/// pixels of the middle of the blue region, less the markings and balls there (those
/// far from the median colour).
fn bed_colour(png: &Path) -> [f64; 3] {
    let picture = image::open(png).expect("a PNG").to_rgb8();
    let is_cloth = |p: &image::Rgb<u8>| {
        let [r, g, b] = p.0.map(i32::from);
        b > 90 && b > r + 40 && b > g + 15
    };
    // The bed: the columns and rows with many cloth pixels (a blue mark in a panel, such
    // as the ball face's tip, is not the bed).
    let (width, height) = picture.dimensions();
    let (mut columns, mut rows) = (vec![0u32; width as usize], vec![0u32; height as usize]);
    for (x, y, p) in picture.enumerate_pixels() {
        if is_cloth(p) {
            columns[x as usize] += 1;
            rows[y as usize] += 1;
        }
    }
    let span = |counts: &[u32]| {
        let many = counts.iter().max().copied().unwrap_or(0) / 4;
        let first = counts
            .iter()
            .position(|&c| c > many)
            .expect("cloth on screen");
        let last = counts
            .iter()
            .rposition(|&c| c > many)
            .expect("cloth on screen");
        (first as u32, last as u32)
    };
    let ((left, right), (top, bottom)) = (span(&columns), span(&rows));
    let (w, h) = (right - left, bottom - top);
    let middle: Vec<[f64; 3]> = picture
        .enumerate_pixels()
        .filter(|(x, y, _)| {
            (left + w * 3 / 10..left + w * 7 / 10).contains(x)
                && (top + h * 3 / 10..top + h * 7 / 10).contains(y)
        })
        .map(|(_, _, p)| p.0.map(|c| f64::from(c) / 255.0))
        .collect();
    let median = |c: usize| {
        let mut values: Vec<f64> = middle.iter().map(|p| p[c]).collect();
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    };
    let centre = [median(0), median(1), median(2)];
    let near: Vec<&[f64; 3]> = middle
        .iter()
        .filter(|p| (0..3).all(|c| (p[c] - centre[c]).abs() < 0.08))
        .collect();
    let mean = |c: usize| near.iter().map(|p| p[c]).sum::<f64>() / near.len() as f64;
    [mean(0), mean(1), mean(2)]
}

#[test]
#[ignore = "needs xvfb-run and a Vulkan driver (Mesa's lavapipe does)"]
fn the_cloth_shows_its_configured_colour_at_both_presets() {
    let config = carom::config::Config::defaults();
    let (r, g, b) = config.tables.cloths[0].srgb;
    let wanted = [f64::from(r), f64::from(g), f64::from(b)];
    let out = carom::test_support::fresh_dir("cloth").join("cloth.png");
    for quality in ["low", "high"] {
        let _ = std::fs::remove_file(&out);
        let status = Command::new("timeout")
            .args(["300", "xvfb-run", "-a", "-s", "-screen 0 1280x720x24"])
            .arg(env!("CARGO_BIN_EXE_carom"))
            .args(["--screenshot", out.to_str().unwrap(), "--frames", "20"])
            .args(["--quality", quality, "--view", "top"])
            .status()
            .expect("xvfb-run runs (apt-get install xvfb mesa-vulkan-drivers)");
        assert!(status.success(), "{quality}: {status}");
        let seen = bed_colour(&out);
        let distance = (0..3)
            .map(|c| (seen[c] - wanted[c]).powi(2))
            .sum::<f64>()
            .sqrt();
        println!(
            "{quality}: the cloth is ({:.3}, {:.3}, {:.3}) on screen, configured \
             ({r}, {g}, {b}): {distance:.3} apart",
            seen[0], seen[1], seen[2]
        );
        assert!(
            distance < 0.04,
            "{quality}: the cloth's colour is {distance:.3} off"
        );
    }
}
