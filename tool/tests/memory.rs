//! The peak memory of a run, when the process that starts it is large: Linux counts in the run's
//! `ru_maxrss` the memory of the process that started it, which must not be taken for the
//! program's. On its own in this test binary, which it makes large.

use atcoder_games_tool::process::{Options, Stdin, run};
use std::hint::black_box;

#[test]
fn a_small_program_started_from_a_large_process_is_not_counted_large() {
    // This process holds 256 MiB, written, while it starts `true`.
    let held = black_box(vec![1u8; 256 << 20]);
    let ran = run(&["true"], Stdin::Bytes(b""), &Options::default()).unwrap();
    assert!(ran.succeeded());
    assert!(ran.peak_memory < 64 << 20, "{} bytes", ran.peak_memory);
    drop(held);
}
