//! `carom sounds OUT_DIR`: every kind of the table's sounds at a soft, a medium and a
//! hard contact, written as WAV files (mono, 16-bit, 44.1 kHz) to listen to without
//! playing: `ball-ball-soft.wav`, ..., `rolling-hard.wav`.

use super::{CliError, emit};
use crate::random::Rng;
use crate::sound::synth::{STRENGTHS, synthesise};
use crate::sound::{Kind, SAMPLE_RATE, Sound, wav};
use std::io::Write;
use std::path::Path;

/// Writes the files into `dir` (made if missing) and says what each holds.
pub fn sounds(dir: &Path, out: &mut impl Write) -> Result<(), CliError> {
    std::fs::create_dir_all(dir).map_err(|e| CliError::at(dir, e))?;
    let mut text = String::new();
    let mut rng = Rng(20);
    for kind in Kind::ALL {
        for (strength, speed) in STRENGTHS.into_iter().zip(kind.speeds()) {
            let samples = synthesise(Sound { kind, speed }, &mut rng);
            let path = dir.join(format!("{}-{strength}.wav", kind.name()));
            std::fs::write(&path, wav::encode(&samples, 1)).map_err(|e| CliError::at(&path, e))?;
            let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            let rms = (samples.iter().map(|s| s * s).sum::<f32>() / samples.len() as f32).sqrt();
            text += &format!(
                "wrote {}: {speed} m/s, {:.3} s, peak {:.1} dBFS, RMS {:.1} dBFS\n",
                path.display(),
                samples.len() as f64 / f64::from(SAMPLE_RATE),
                20.0 * peak.log10(),
                20.0 * rms.log10(),
            );
        }
    }
    emit(out, &text)
}
