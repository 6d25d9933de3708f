//! How long a run of `atcoder-games` takes, and whose time that is: the tool's own CPU time and
//! its children's (the programs' and helpers'), read from `/proc` once it has ended and before it
//! is reaped. Shared by the benchmarks of `check`.

use std::ffi::OsString;
use std::fs::File;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub const TOOL: &str = env!("CARGO_BIN_EXE_atcoder-games");

/// What one run of the tool took, and how it ended.
pub struct Took {
    pub wall: Duration,
    /// The CPU time of the processes it started, reaped.
    pub children: Duration,
    pub tool: Duration,
    pub passed: bool,
}

/// Runs the tool with `arguments` in `folder`, its stdout written to `stdout` (stderr
/// discarded), and measures it.
pub fn measure(arguments: &[OsString], folder: &Path, stdout: &Path) -> Took {
    let started = Instant::now();
    let child = Command::new(TOOL)
        .args(arguments)
        .current_dir(folder)
        .stdin(Stdio::null())
        .stdout(File::create(stdout).expect("a file for the report"))
        .stderr(Stdio::null())
        .spawn()
        .expect("the tool starts");
    let pid = child.id();
    // The tool's times, and its children's, while it is a zombie: ended, not yet reaped.
    // SAFETY: an all-zero siginfo_t is valid.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    // SAFETY: `info` is valid for the call; WNOWAIT leaves the child unreaped.
    let waited =
        unsafe { libc::waitid(libc::P_PID, pid, &mut info, libc::WEXITED | libc::WNOWAIT) };
    assert_eq!(waited, 0, "waiting for the tool");
    let wall = started.elapsed();
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("the tool's stat");
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
    // SAFETY: sysconf only reads a setting.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    let time = |numbers: [usize; 2]| {
        let sum: u64 = numbers
            .iter()
            .map(|&n| fields[n - 3].parse::<u64>().unwrap())
            .sum();
        Duration::from_secs_f64(sum as f64 / ticks)
    };
    let (tool, children) = (time([14, 15]), time([16, 17]));
    let status = child.wait_with_output().expect("the tool is reaped").status;
    assert!(status.signal().is_none(), "the tool was not killed");
    Took {
        wall,
        children,
        tool,
        passed: status.success(),
    }
}
