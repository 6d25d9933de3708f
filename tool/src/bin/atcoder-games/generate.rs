//! `atcoder-games gen SPEC SIZE SEED`: one input made from a problem's spec, by the generator
//! protocol (the same SIZE and SEED give the same input), for `oj --hack`, a stress loop, anything.

use crate::streams::write_stdout;
use atcoder_games_tool::error::Error;
use atcoder_games_tool::spec::Spec;
use std::path::Path;

/// Prints the input that the spec at `path` makes at `size` from `seed`.
pub fn generate(path: &Path, size: u64, seed: u64) -> Result<(), Error> {
    let spec = Spec::load(path)?;
    let size = usize::try_from(size).unwrap_or(usize::MAX);
    let text = spec
        .generate(size, seed)
        .map_err(|error| Error::Usage(error.to_string()))?;
    write_stdout(|out| out.write_all(text.as_bytes()))
}
