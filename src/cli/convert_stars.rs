//! `felt convert --to pokerstars`: any hand feltkit reads (PHH, any site's text, `felt deal`
//! output) written as PokerStars hand-history text, each hand checked by reading it back
//! before it is written (docs/import.md).

use std::process::ExitCode;

use feltkit::import::write_stars::{phh_hand_checked, write_checked};
use feltkit::import::{read_hands, sniff, Format};
use feltkit::phh::read::hands;
use feltkit::text::count;

use super::convert::{ConvertArgs, Output};

/// Runs `felt convert --to pokerstars`: exit 0 when every hand was written, 1 when a hand
/// could not be (each named on stderr with why; the others are written), 2 when an input
/// cannot be read or no hand was written.
pub fn run(args: ConvertArgs) -> anyhow::Result<ExitCode> {
    let mut out = Output::checked(&args)?;
    let (mut written, mut refused, mut bad_inputs) = (0usize, 0usize, 0usize);
    // Each hand's place among all the inputs' hands, from 1.
    let position = std::cell::Cell::new(0usize);
    for path in &args.inputs {
        let shown = path.display().to_string();
        let bytes = if path.as_os_str() == "-" {
            let mut v = Vec::new();
            std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut v).map(|_| v)
        } else {
            std::fs::read(path)
        };
        let bytes = match bytes {
            Ok(b) => b,
            Err(e) => {
                super::diagnose(format_args!("felt convert: {shown}: UNREADABLE: {e}"));
                bad_inputs += 1;
                continue;
            }
        };
        let format = args.format.or_else(|| sniff(&bytes)).unwrap_or(Format::Phh);
        let mut each = |label: String, result: Result<String, String>| -> anyhow::Result<()> {
            position.set(position.get() + 1);
            match result {
                Ok(text) => {
                    if written > 0 {
                        out.write("\n\n")?;
                    }
                    out.write(&text)?;
                    written += 1;
                }
                Err(why) => {
                    refused += 1;
                    super::diagnose(format_args!(
                        "felt convert: {shown} {label}: NOT WRITTEN: {why}"
                    ));
                }
            }
            Ok(())
        };
        let mut result = Ok(());
        if format == Format::Phh {
            let Ok(text) = std::str::from_utf8(&bytes) else {
                super::diagnose(format_args!("felt convert: {shown}: UNREADABLE: not UTF-8 text"));
                bad_inputs += 1;
                continue;
            };
            for hand in hands(text) {
                let hand = match hand {
                    Ok(h) => h,
                    Err(e) => {
                        super::diagnose(format_args!("felt convert: {shown}: UNREADABLE: {e}"));
                        bad_inputs += 1;
                        break;
                    }
                };
                if hand.empty {
                    continue;
                }
                let (label, r) = phh_hand_checked(&hand, position.get() + 1);
                result = result.and_then(|()| each(label, r));
            }
        } else {
            for pending in read_hands(format, bytes.as_slice()) {
                let pending = match pending {
                    Ok(p) => p,
                    Err(e) => {
                        super::diagnose(format_args!("felt convert: {shown}: UNREADABLE: {e}"));
                        bad_inputs += 1;
                        break;
                    }
                };
                let label = format!("hand at line {}", pending.line);
                let mut r = Err("the hand cannot be read".to_string());
                pending.hand().read(&mut |record| {
                    r = match record {
                        Ok(record) => write_checked(&record, position.get() + 1),
                        Err(e) => Err(format!("the hand cannot be read: {e}")),
                    };
                });
                result = result.and_then(|()| each(label, r));
            }
        }
        if let Err(e) = result {
            out.abandon();
            return Err(e);
        }
    }
    if written == 0 {
        out.abandon();
        super::diagnose(format_args!(
            "felt convert: no hand written from {}: nothing written",
            count(args.inputs.len(), "input", "inputs")
        ));
        return Ok(ExitCode::from(2));
    }
    out.write("\n")?;
    out.finish()?;
    super::diagnose(format_args!(
        "felt convert: {} written as PokerStars text, {} not written (named above)",
        count(written, "hand", "hands"),
        refused
    ));
    Ok(if bad_inputs > 0 {
        ExitCode::from(2)
    } else if refused > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
