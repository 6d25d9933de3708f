//! `atcoder-games check` on a busy machine: with both processors kept busy by other programs,
//! this crate's own solutions still pass every case and every family, since a run is judged by
//! the CPU time it used and a time-out is confirmed by a second run. On its own in this test
//! binary, so that the load it makes falls on no other test's timings.

mod common;

use common::{TOOL, tool};
use std::process::Command;

/// The tests here one at a time: each makes the load it measures under, and no more.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

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
    let _alone = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
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

#[test]
#[ignore = "second tier: times real programs (cargo test -- --ignored)"]
fn an_unflushed_query_is_seen_stuck_within_a_second_on_a_busy_machine() {
    use atcoder_games_tool::process::Options;
    use atcoder_games_tool::process::dialogue::talk;
    use std::time::Duration;
    // The program works for 0.3 s of CPU, then asks without flushing and waits: with both
    // processors kept busy, the dialogue is still seen stuck, and ended, within about a second
    // of its wait.
    let folder = common::temporary().join("busy-dialogue");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    // It says on stderr when it begins to wait.
    let program = "import sys, time\nstart = time.process_time()\nwhile time.process_time() - start < 0.3:\n    pass\nprint('?')\nprint(time.time(), file=sys.stderr, flush=True)\nsys.stdin.readline()\n";
    let judge = "import sys\nsys.stdin.readline()\n";
    std::fs::write(folder.join("program.py"), program).unwrap();
    std::fs::write(folder.join("judge.py"), judge).unwrap();
    let options = Options {
        time_limit: Some(Duration::from_secs(10)),
        wall_limit: Some(Duration::from_secs(20)),
        judge_environment: true,
        ..Options::default()
    };
    let _alone = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let _busy = Busy::new(2);
    for _ in 0..3 {
        let talked = talk(
            &["python3".into(), folder.join("program.py")],
            &options,
            &[std::path::PathBuf::from("python3"), folder.join("judge.py")],
            &options,
        )
        .unwrap();
        let ended = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap();
        assert!(talked.dialogue.as_ref().unwrap().stuck, "{talked:?}");
        let stderr = String::from_utf8_lossy(&talked.stderr);
        let waiting: f64 = stderr.trim().parse().unwrap_or_else(|_| panic!("{stderr}"));
        // From the moment it waited to the dialogue's end, stuck seen and both sides stopped.
        let beyond = ended.as_secs_f64() - waiting;
        assert!(beyond < 1.2, "{beyond} s after it waited");
    }
    std::fs::remove_dir_all(&folder).unwrap();
}
