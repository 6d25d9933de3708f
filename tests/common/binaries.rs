//! Running the release binaries the way a user does: input on stdin, answer on stdout.

use atcoder_games_tool::process::{Options, Run};
use test_support::contract;
pub use test_support::contract::{assert_usage_error, clean_error, success};

pub const SHIRITORI: &str = env!("CARGO_BIN_EXE_shiritori");
pub const LUCKY7: &str = env!("CARGO_BIN_EXE_lucky7");

/// The path of the binary whose samples live in `tests/samples/<name>/`.
pub fn binary(name: &str) -> Option<&'static str> {
    match name {
        "shiritori" => Some(SHIRITORI),
        "lucky7" => Some(LUCKY7),
        _ => None,
    }
}

/// Runs `binary` with `args` and `input` on stdin.
pub fn run_binary(binary: &str, args: &[&str], input: impl AsRef<[u8]>) -> Run {
    let command: Vec<&str> = std::iter::once(binary)
        .chain(args.iter().copied())
        .collect();
    contract::run_or_panic(&command, input, &Options::default())
}

/// Virtual memory allowed by [`run_with_memory_limit`]: 1 GiB.
pub const MEMORY_LIMIT: u64 = 1 << 30;

/// Runs `binary` as [`run_binary`] does, but with [`MEMORY_LIMIT`] of virtual memory, so that a huge
/// allocation trusted from the input fails at once, where without the limit the system might
/// grant it and only fail when the memory is touched, if ever.
pub fn run_with_memory_limit(binary: &str, input: impl AsRef<[u8]>) -> Run {
    let options = Options {
        address_space: Some(MEMORY_LIMIT),
        ..Options::default()
    };
    contract::run_or_panic(&[binary], input, &options)
}

/// Runs `binary` on `input`, asserts the error contract, and checks that the message mentions
/// each of `fragments`.
pub fn assert_error(binary: &str, input: impl AsRef<[u8]>, fragments: &[&str]) {
    let input = input.as_ref();
    let message = clean_error(&run_binary(binary, &[], input));
    for fragment in fragments {
        assert!(
            message.contains(fragment),
            "for input {:?}: message {message:?} should mention {fragment:?}",
            String::from_utf8_lossy(&input[..input.len().min(200)])
        );
    }
}
