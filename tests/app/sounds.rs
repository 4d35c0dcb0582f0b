//! `abakus sounds --out DIR`: every synthesised sound written as a WAV file that reads back as
//! written, is heard, never clips, starts and ends without a click and is not harsh.
use std::path::Path;
use std::process::Command;

/// A WAV file read back: its rate and its samples scaled to -1..1.
struct Wav {
    rate: u32,
    samples: Vec<f32>,
}

fn read_wav(path: &Path) -> Wav {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let word =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let half = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    assert_eq!(&bytes[0..4], b"RIFF", "{}", path.display());
    assert_eq!(
        word(4) as usize,
        bytes.len() - 8,
        "RIFF size of {}",
        path.display()
    );
    assert_eq!(&bytes[8..16], b"WAVEfmt ");
    assert_eq!(
        (half(20), half(22), half(34)),
        (1, 1, 16),
        "16-bit mono PCM"
    );
    let rate = word(24);
    assert_eq!(word(28), rate * 2, "bytes per second");
    assert_eq!(&bytes[36..40], b"data");
    let data = &bytes[44..];
    assert_eq!(word(40) as usize, data.len());
    let samples = data
        .chunks_exact(2)
        .map(|pair| f32::from(i16::from_le_bytes([pair[0], pair[1]])) / f32::from(i16::MAX))
        .collect();
    Wav { rate, samples }
}

fn peak(samples: &[f32]) -> f32 {
    samples.iter().fold(0.0, |m, s| m.max(s.abs()))
}

/// The share of a stretch's energy above `cutoff` Hz, by a plain discrete Fourier transform of
/// the loudest 2,048 samples under a Hann window.
fn share_above(samples: &[f32], rate: u32, cutoff: f32) -> f32 {
    const N: usize = 2048;
    let energy = |window: &[f32]| window.iter().map(|s| s * s).sum::<f32>();
    let start = (0..samples.len().saturating_sub(N).max(1))
        .step_by(256)
        .max_by(|&a, &b| {
            let end = |s: usize| (s + N).min(samples.len());
            energy(&samples[a..end(a)]).total_cmp(&energy(&samples[b..end(b)]))
        })
        .unwrap_or(0);
    let window: Vec<f32> = (0..N)
        .map(|i| {
            let hann = 0.5 - 0.5 * (std::f32::consts::TAU * i as f32 / N as f32).cos();
            samples.get(start + i).copied().unwrap_or(0.0) * hann
        })
        .collect();
    let (mut above, mut total) = (0.0f32, 0.0f32);
    for bin in 1..N / 2 {
        let (mut re, mut im) = (0.0f32, 0.0f32);
        for (i, &s) in window.iter().enumerate() {
            let angle = std::f32::consts::TAU * (bin * i % N) as f32 / N as f32;
            re += s * angle.cos();
            im -= s * angle.sin();
        }
        let power = re * re + im * im;
        total += power;
        if bin as f32 * rate as f32 / N as f32 > cutoff {
            above += power;
        }
    }
    above / total.max(f32::MIN_POSITIVE)
}

#[test]
fn every_sound_is_written_heard_unclipped_click_free_and_soft_on_the_ear() {
    let folder = std::env::temp_dir().join(format!("abakus-sounds-{}", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_abakus"))
        .args(["sounds", "--out"])
        .arg(&folder)
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let listed = String::from_utf8_lossy(&output.stdout);
    let catalogue = abakus::app::hosted_games::every_sound();
    assert!(catalogue.len() >= 18, "{} sounds", catalogue.len());
    assert_eq!(listed.lines().count(), catalogue.len(), "{listed}");
    for sound in &catalogue {
        let wav = read_wav(&folder.join(format!("{}.wav", sound.name)));
        let name = sound.name;
        assert_eq!(wav.rate, sound.rate, "{name}");
        assert_eq!(
            wav.samples.len(),
            sound.samples().len(),
            "{name}: every sample written"
        );
        let seconds = wav.samples.len() as f32 / wav.rate as f32;
        let expected = match name {
            "music-10min" => 600.0..=600.0,
            _ if name.starts_with("music-") => 60.0..=60.0,
            _ => 0.01..=2.5,
        };
        assert!(expected.contains(&seconds), "{name} lasts {seconds} s");
        let loudest = peak(&wav.samples);
        assert!(loudest > 0.02, "{name} is silent (peak {loudest})");
        assert!(loudest < 0.99, "{name} clips (peak {loudest})");
        // No click: the first and last few milliseconds stay quiet next to the peak.
        let edge = (wav.rate / 500) as usize;
        let (head, tail) = (
            peak(&wav.samples[..edge]),
            peak(&wav.samples[wav.samples.len() - edge..]),
        );
        assert!(
            tail < 0.1 * loudest,
            "{name} ends with a click ({tail} of {loudest})"
        );
        assert!(
            wav.samples[0].abs() < 0.1 * loudest && head <= loudest,
            "{name} starts with a click ({} of {loudest})",
            wav.samples[0]
        );
        // Not harsh: little of the energy above 8 kHz.
        let high = share_above(&wav.samples, wav.rate, 8_000.0);
        println!(
            "{name}: {seconds:.3} s, peak {loudest:.2}, {:.1}% above 8 kHz",
            high * 100.0
        );
        assert!(
            high < 0.15,
            "{name} has {:.0}% of its energy above 8 kHz",
            high * 100.0
        );
    }
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn a_folder_that_cannot_be_made_is_one_clear_error() {
    let file = std::env::temp_dir().join(format!("abakus-not-a-folder-{}", std::process::id()));
    std::fs::write(&file, b"a file").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_abakus"))
        .args(["sounds", "--out"])
        .arg(file.join("inside"))
        .output()
        .expect("the binary runs");
    let _ = std::fs::remove_file(&file);
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.starts_with("abakus: cannot make") && said.lines().count() == 1,
        "{said}"
    );
}
