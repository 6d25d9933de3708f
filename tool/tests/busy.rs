//! `atcoder-games check` on a busy machine: with both processors kept busy by other programs,
//! this crate's own solutions still pass every case and every family, since a run is judged by
//! the CPU time it used and a time-out is confirmed by a second run. On its own in this test
//! binary, so that the load it makes falls on no other test's timings.

mod common;

use common::{TOOL, tool};
use std::process::Command;

/// Programs that keep the processor busy while they live.
struct Busy(Vec<std::process::Child>);

impl Busy {
    fn new(count: usize) -> Self {
        let spin = || {
            Command::new("sh")
                .args(["-c", "while :; do :; done"])
                .spawn()
                .expect("sh starts")
        };
        Self((0..count).map(|_| spin()).collect())
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[test]
#[ignore = "second tier: times real programs (cargo test -- --ignored)"]
fn right_solutions_pass_every_family_on_a_busy_machine() {
    // Two programs keep both processors busy: the judging counts CPU time, and confirms a
    // time-out with a second run, so a right solution still passes.
    let _busy = Busy::new(2);
    for problem in ["shiritori", "lucky7"] {
        let arguments = [
            "check", "--cases", "40", "--seed", "8", problem, TOOL, "solve", problem,
        ];
        let output = tool(&arguments, "");
        let report = String::from_utf8(output.stdout).expect("UTF-8");
        assert_eq!(output.status.code(), Some(0), "{report}");
        assert!(
            report.contains("worst-case families of 200,000"),
            "{report}"
        );
    }
}
