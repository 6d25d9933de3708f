//! The peak memory of a run, when the process that starts it is large: Linux counts in the run's
//! `ru_maxrss` the memory of the process that started it, which must not be taken for the
//! program's. On its own in this test binary, which it makes large.

mod common;

use atcoder_games_tool::process::{Options, Stdin, run};
use std::hint::black_box;
use std::sync::{Mutex, MutexGuard};

/// Held by each test while it runs: what one holds is what the others' runs must not count.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn alone() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[test]
fn a_small_program_started_from_a_large_process_is_not_counted_large() {
    let _alone = alone();
    // This process holds 256 MiB, written, while it starts `true`.
    let held = black_box(vec![1u8; 256 << 20]);
    let ran = run(&["true"], Stdin::Bytes(b""), &Options::default()).unwrap();
    assert!(ran.succeeded());
    assert!(ran.peak_memory < 64 << 20, "{} bytes", ran.peak_memory);
    // What wait4 says, which a launcher that holds little reports, counts this process's 256 MiB.
    assert!(ran.max_rss >= 256 << 20, "{} bytes", ran.max_rss);
    drop(held);
}

#[test]
fn a_program_started_by_a_process_that_was_large_once_is_counted_in_full() {
    let _alone = alone();
    // This process held 512 MiB a moment ago, and holds little now: a 100 MiB program it starts
    // is more than it holds, and is counted (not against what it once held).
    drop(black_box(vec![1u8; 512 << 20]));
    let program = ["python3", "-c", "x = b'1' * (100 << 20)"];
    let ran = run(&program, Stdin::Bytes(b""), &Options::default()).unwrap();
    assert!(ran.succeeded(), "{ran:?}");
    assert!(ran.peak_memory >= 100 << 20, "{} bytes", ran.peak_memory);
}

/// Set in the copy of this test binary that the next test starts, which makes it a launcher.
const LAUNCHER: &str = "ATCODER_GAMES_TEST_LAUNCHER";

#[test]
fn a_program_started_by_a_launcher_of_a_large_process_is_counted_in_full() {
    let name = "a_program_started_by_a_launcher_of_a_large_process_is_counted_in_full";
    if std::env::var_os(LAUNCHER).is_some() {
        // The launcher, as the benchmark's: small itself, but executed from a process of
        // 256 MiB, which Linux counts in its own ru_maxrss. It starts a program of 100 MiB.
        let program = ["python3", "-c", "x = b'1' * (100 << 20)"];
        let ran = run(&program, Stdin::Bytes(b""), &Options::default()).unwrap();
        assert!(ran.succeeded(), "{ran:?}");
        println!("peak memory: {}", ran.peak_memory);
        return;
    }
    let _alone = alone();
    let held = black_box(vec![1u8; 256 << 20]);
    let launched = common::run_alone(name, LAUNCHER);
    drop(held);
    let output = String::from_utf8_lossy(&launched.stdout);
    let peak: u64 = output
        .lines()
        .find_map(|line| line.split("peak memory: ").nth(1))
        .unwrap_or_else(|| panic!("the launcher reports: {output}"))
        .parse()
        .unwrap();
    assert!(
        (100 << 20..200 << 20).contains(&peak),
        "{peak} bytes for 100 MiB"
    );
}
