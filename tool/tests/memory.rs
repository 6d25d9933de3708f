//! The peak memory of a run, and when the process that starts it is large: Linux counts in the
//! run's `ru_maxrss` the memory of the process that started it, which must not be taken for the
//! program's. On its own in this test binary, which it makes large, one test at a time: what the
//! process holds as it starts a program decides what the run's `ru_maxrss` says of it.

mod common;

use atcoder_games_tool::process::{Options, Stdin, run};
use std::hint::black_box;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

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
fn a_program_started_by_a_process_that_was_large_once_is_counted_as_itself() {
    let _alone = alone();
    // This process held 512 MiB a moment ago, and holds little now: a 100 MiB program it starts
    // is more than it holds, and is counted (not against what it once held).
    drop(black_box(vec![1u8; 512 << 20]));
    // A small one is not counted with what it once held, either.
    let ran = run(&["true"], Stdin::Bytes(b""), &Options::default()).unwrap();
    assert!(ran.peak_memory < 64 << 20, "{} bytes", ran.peak_memory);
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

#[test]
fn a_run_reports_its_cpu_time_and_peak_memory() {
    let _alone = alone();
    // 100 MiB written, and some arithmetic.
    let program = "b = b'x' * (100 << 20); s = sum(range(3_000_000))";
    let ran = run(
        &["python3", "-c", program],
        Stdin::Bytes(b""),
        &Options::default(),
    )
    .unwrap();
    assert!(ran.succeeded(), "{:?}", ran.status);
    assert!(ran.cpu >= Duration::from_millis(20), "{:?}", ran.cpu);
    assert!(
        ran.cpu <= ran.wall * 2 + Duration::from_millis(50),
        "{ran:?}"
    );
    assert!(ran.peak_memory >= 100 << 20, "{}", ran.peak_memory);
    assert!(ran.max_rss >= 100 << 20, "{}", ran.max_rss);
    assert!(ran.peak_memory < 400 << 20, "{}", ran.peak_memory);
}
