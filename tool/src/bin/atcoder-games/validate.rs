//! `atcoder-games validate SPEC [FILE]`: whether an input keeps a problem's spec, as a testlib
//! validator says it: exit status 0 if it does, 1 with where and why it does not.

use crate::streams::read_stdin;
use atcoder_games_tool::error::Error;
use atcoder_games_tool::spec::{Reached, Spec};
use std::path::Path;
use std::process::ExitCode;

/// Checks the input in `file`, or on stdin, against the spec at `path`: on stderr, the first
/// place it breaks the spec, or which bounds its values reached.
pub fn validate(path: &Path, file: Option<&Path>) -> Result<ExitCode, Error> {
    let spec = Spec::load(path)?;
    let input = match file {
        Some(file) => std::fs::read(file)
            .map_err(|error| Error::Fatal(format!("cannot read {}: {error}", file.display())))?,
        None => read_stdin()?,
    };
    let text = String::from_utf8_lossy(&input);
    let mut reached = Reached::default();
    match spec
        .document(&text)
        .and_then(|document| spec.check(&document, &mut reached))
    {
        Ok(()) => {
            let summary = reached.summary(&spec);
            match summary.is_empty() {
                true => eprintln!("valid"),
                false => eprintln!("valid: {}", summary.join("; ")),
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(invalid) => {
            eprintln!("invalid: {invalid}");
            Ok(ExitCode::FAILURE)
        }
    }
}
