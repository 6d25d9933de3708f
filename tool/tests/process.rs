//! The process runner on its own: input, output, exit status, limits, resources, and that it
//! leaves nothing running.

use crate::common;

use atcoder_games_tool::process::{self, Options, Run, RunError, Stdin, Stop, run};
use common::{ENDS_BY_ITSELF, assert_gone_soon};
use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::time::{Duration, Instant};

fn shell(script: &str, stdin: Stdin, options: &Options) -> Run {
    run(&["sh", "-c", script], stdin, options).expect("sh runs")
}

#[test]
fn a_run_gets_its_input_and_gives_back_both_outputs() {
    let script = "cat; echo trouble >&2; exit 3";
    let ran = shell(script, Stdin::Bytes(b"hello\n"), &Options::default());
    assert_eq!(
        (ran.status.code(), &ran.stdout[..], &ran.stderr[..]),
        (Some(3), &b"hello\n"[..], &b"trouble\n"[..])
    );
    assert_eq!(ran.stopped, None);
    assert!(!ran.succeeded());
    // A program that does not read its input is no trouble either.
    let ran = run(
        &["true"],
        Stdin::Bytes(&[b'x'; 1 << 20]),
        &Options::default(),
    )
    .unwrap();
    assert!(ran.succeeded());
}

#[test]
fn stdin_may_come_from_a_file_and_stdout_may_be_discarded() {
    let path = common::temporary().join("process-test");
    std::fs::File::create(&path)
        .unwrap()
        .write_all(b"from a file\n")
        .unwrap();
    let ran = shell("cat", Stdin::File(&path), &Options::default());
    assert_eq!(ran.stdout, b"from a file\n");
    let discarding = Options {
        discard_stdout: true,
        ..Options::default()
    };
    let ran = shell("cat; echo visible >&2", Stdin::File(&path), &discarding);
    std::fs::remove_file(&path).unwrap();
    assert!(ran.succeeded());
    assert_eq!(
        (&ran.stdout[..], &ran.stderr[..]),
        (&b""[..], &b"visible\n"[..])
    );
    let missing = std::path::Path::new("/no/such/input");
    let error = run(&["cat"], Stdin::File(missing), &Options::default()).unwrap_err();
    assert!(matches!(error, RunError::CannotStart(_)), "{error}");
}

#[test]
fn watching_a_run_costs_the_tool_little_cpu_time() {
    // The looks at a run with limits grow apart, up to a few milliseconds: a second of sleep is
    // watched for a few milliseconds of this thread's CPU time, not in a busy loop of ever
    // shorter waits that would take a processor from the program under test.
    let limited = Options {
        time_limit: Some(Duration::from_secs(10)),
        ..Options::default()
    };
    let before = thread_cpu_time();
    let ran = shell("sleep 1", Stdin::Bytes(b""), &limited);
    let watching = thread_cpu_time() - before;
    assert!(ran.succeeded(), "{:?}", ran.status);
    assert!(watching < Duration::from_millis(200), "{watching:?}");
}

/// The CPU time this thread has used, which is where `run` watches its program.
fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to fill.
    let read = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(read, 0);
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

#[test]
fn a_time_limit_stops_what_the_command_started_too() {
    // The shell waits for `sleep`, which holds the output pipe: stopping only the shell would
    // leave the run waiting 30 s for the pipe to close.
    let started = Instant::now();
    let options = Options {
        wall_limit: Some(Duration::from_millis(300)),
        ..Options::default()
    };
    let ran = shell("sleep 30; echo late", Stdin::Bytes(b""), &options);
    assert_eq!(ran.stopped, Some(Stop::WallTime));
    assert!(!ran.succeeded());
    assert_eq!(ran.status.signal(), Some(libc::SIGKILL));
    let elapsed = started.elapsed();
    assert!(elapsed >= Duration::from_millis(300), "{elapsed:?}");
    assert!(elapsed < Duration::from_secs(10), "{elapsed:?}");
}

#[test]
fn what_a_program_leaves_running_is_stopped_with_it() {
    // The shell ends at once, but the `sleep` it started in the background holds the output
    // pipe: the run ends only because the runner stops the whole group.
    let started = Instant::now();
    let ran = shell(
        "sleep 30 & echo started",
        Stdin::Bytes(b""),
        &Options::default(),
    );
    assert!(ran.succeeded());
    assert_eq!(ran.stdout, b"started\n");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn an_address_space_limit_makes_a_large_allocation_fail() {
    let options = Options {
        address_space: Some(64 << 20),
        ..Options::default()
    };
    let ran = shell("exec true", Stdin::Bytes(b""), &options);
    assert!(ran.succeeded(), "a small program fits");
    let ran = shell(
        "exec python3 -c 'bytearray(256 << 20)'",
        Stdin::Bytes(b""),
        &options,
    );
    assert!(!ran.succeeded(), "256 MB do not fit in 64 MB");
    assert!(String::from_utf8_lossy(&ran.stderr).contains("MemoryError"));
}

#[test]
fn a_command_that_cannot_start_is_an_error() {
    let error = run(
        &["/no/such/program"],
        Stdin::Bytes(b""),
        &Options::default(),
    )
    .unwrap_err();
    assert!(matches!(error, RunError::CannotStart(_)), "{error}");
    assert!(
        error.to_string().starts_with("cannot start it: "),
        "{error}"
    );
    let nothing: [&str; 0] = [];
    let error = run(&nothing, Stdin::Bytes(b""), &Options::default()).unwrap_err();
    assert!(matches!(error, RunError::CannotStart(_)), "{error}");
}

#[test]
fn the_wall_clock_stops_a_program_that_waits_not_one_that_works() {
    // Busy until its time limit, beyond the wall-clock limit on a busy machine: it works, so the
    // time limit stops it, once its CPU time is over it too, as long as it gets more than a
    // seventh of a processor. The limit lies between two ticks of the CPU clock (10 ms), so
    // the time limit stops it once it is over the limit, not when it reaches it.
    let options = Options {
        time_limit: Some(Duration::from_millis(205)),
        wall_limit: Some(Duration::from_millis(150)),
        ..Options::default()
    };
    let ran = shell(
        &format!("{ENDS_BY_ITSELF} while :; do :; done"),
        Stdin::Bytes(b""),
        &options,
    );
    assert_eq!(ran.stopped, Some(Stop::Time), "{ran:?}");
    assert!(ran.cpu >= Duration::from_millis(205), "{ran:?}");
    // Asleep, it is stopped on the wall clock, CPU limit or not, at once: not after ten times
    // its limit, which is when one that works is.
    let options = Options {
        wall_limit: Some(Duration::from_millis(300)),
        ..options
    };
    let ran = shell("sleep 30", Stdin::Bytes(b""), &options);
    assert_eq!(ran.stopped, Some(Stop::WallTime), "{ran:?}");
    assert!(ran.wall < Duration::from_secs(2), "{ran:?}");
    // Working with no CPU limit, it is stopped on the wall clock too, after ten times the limit
    // (or at once, if the machine is so busy that it gets less than a tenth of a processor; the
    // limit is long enough for CPU time counted in ticks of 10 ms to tell).
    let options = Options {
        wall_limit: Some(Duration::from_millis(300)),
        ..Options::default()
    };
    let for_10_s = ["perl", "-e", "$end = time + 10; 1 while time < $end"];
    let ran = run(&for_10_s, Stdin::Bytes(b""), &options).unwrap();
    assert_eq!(ran.stopped, Some(Stop::WallTime), "{ran:?}");
    assert!(ran.wall < Duration::from_secs(6), "{ran:?}");
}

#[test]
fn a_program_waits_when_it_used_less_than_a_tenth_of_the_time() {
    let ms = Duration::from_millis;
    assert!(process::waits(ms(99), ms(1000)));
    assert!(!process::waits(ms(100), ms(1000)));
    assert!(!process::waits(ms(1000), ms(1000)));
    assert!(!process::waits(ms(0), ms(0)));
}

#[test]
fn a_memory_limit_stops_a_program_once_it_is_over() {
    // 300 MiB written, then a long sleep: stopped once over 100 MiB, not after the sleep.
    let program = "b = b'x' * (300 << 20); import time; time.sleep(30)";
    let options = Options {
        memory_limit: Some(100 << 20),
        wall_limit: Some(Duration::from_secs(60)),
        ..Options::default()
    };
    let ran = run(&["python3", "-c", program], Stdin::Bytes(b""), &options).unwrap();
    assert_eq!(ran.stopped, Some(Stop::Memory), "{ran:?}");
    assert!(ran.peak_memory > 100 << 20, "{}", ran.peak_memory);
    assert!(ran.wall < Duration::from_secs(20), "{:?}", ran.wall);
}

#[test]
fn the_limits_count_what_the_program_started() {
    // The shell waits for Python, which does the work: its CPU time and its memory count.
    let options = Options {
        time_limit: Some(Duration::from_secs(1)),
        memory_limit: Some(100 << 20),
        wall_limit: Some(Duration::from_secs(60)),
        ..Options::default()
    };
    let script = "python3 -c 'b = bytearray(1); import time; time.sleep(0.3); b = b\"x\" * (300 << 20); time.sleep(30)'; echo done";
    let ran = shell(script, Stdin::Bytes(b""), &options);
    assert_eq!(ran.stopped, Some(Stop::Memory), "{ran:?}");
    assert!(ran.stdout.is_empty(), "{ran:?}");
    let script = format!(
        "{ENDS_BY_ITSELF} python3 -c 'import time; time.sleep(0.2)\nwhile True: pass'; echo done"
    );
    let ran = shell(&script, Stdin::Bytes(b""), &options);
    assert_eq!(ran.stopped, Some(Stop::Time), "{ran:?}");
    assert!(ran.wall < Duration::from_secs(20), "{ran:?}");
}

#[test]
fn output_past_its_limit_stops_the_program_and_is_not_kept() {
    let options = Options {
        output_limit: Some(1 << 20),
        ..Options::default()
    };
    let started = Instant::now();
    let ran = shell("yes Draw", Stdin::Bytes(b""), &options);
    assert_eq!(ran.stopped, Some(Stop::Output), "{:?}", ran.status);
    assert_eq!(ran.stdout.len(), 1 << 20);
    assert!(started.elapsed() < Duration::from_secs(10));
    // Stopped at once too when what printed too much goes on without printing, its output
    // closed: not when some other limit is reached.
    let script = format!("head -c 2000000 /dev/zero; {ENDS_BY_ITSELF} while :; do :; done");
    let options = Options {
        time_limit: Some(Duration::from_secs(30)),
        ..options
    };
    let ran = shell(&script, Stdin::Bytes(b""), &options);
    assert_eq!(ran.stopped, Some(Stop::Output), "{:?}", ran.status);
    assert!(
        ran.wall < Duration::from_secs(5),
        "stopped after {:?}",
        ran.wall
    );
    // Exactly the limit is no more than it.
    let ran = shell("head -c 1048576 /dev/zero", Stdin::Bytes(b""), &options);
    assert_eq!(ran.stopped, None);
    assert!(ran.succeeded());
    assert_eq!(ran.stdout.len(), 1 << 20);
}

#[test]
fn a_program_runs_with_the_stack_it_is_given_and_its_peak_is_seen() {
    let options = Options {
        stack: Some(512 << 20),
        time_limit: Some(Duration::from_secs(60)),
        ..Options::default()
    };
    let ran = shell("ulimit -s", Stdin::Bytes(b""), &options);
    assert_eq!(String::from_utf8_lossy(&ran.stdout), "524288\n");
    // A memoised recursion as deep as a game of 200,000 rounds needs far more than 8 MiB.
    let game = format!("200000\n{}\n{}\n", "7".repeat(200_000), "A".repeat(200_000));
    let recursive = common::wrong_command("lucky7-recursive");
    let ran = run(&recursive, Stdin::Bytes(game.as_bytes()), &options).unwrap();
    assert!(ran.succeeded(), "{}", String::from_utf8_lossy(&ran.stderr));
    assert!(ran.peak_stack > 16 << 20, "{}", ran.peak_stack);
    let small = Options {
        stack: Some(8 << 20),
        ..options
    };
    // In 8 MiB it crashes. Its stack is sampled every few milliseconds, which a fill this fast
    // can slip between: what is seen is no more than the limit.
    let ran = run(&recursive, Stdin::Bytes(game.as_bytes()), &small).unwrap();
    assert!(!ran.succeeded());
    assert!(ran.peak_stack <= 8 << 20, "{}", ran.peak_stack);
}

#[test]
fn a_traced_fault_just_beyond_the_stack_is_a_stack_overflow_and_others_are_not() {
    let options = |trace_faults| Options {
        stack: Some(8 << 20),
        time_limit: Some(Duration::from_secs(60)),
        memory_limit: Some(1 << 30),
        trace_faults,
        ..Options::default()
    };
    // A recursion that never ends fills the 8 MiB in milliseconds, faster than any sampling.
    // Rust's own handler then names it and aborts.
    let forever = common::wrong_command("lucky7-recurses-forever");
    let game = b"2\n35\nAT\n";
    let ran = run(&forever, Stdin::Bytes(game), &options(true)).unwrap();
    assert_eq!(ran.status.signal(), Some(libc::SIGABRT), "{ran:?}");
    assert!(ran.stack_overflow, "{ran:?}");
    // Untraced, the same crash says nothing of its stack.
    let ran = run(&forever, Stdin::Bytes(game), &options(false)).unwrap();
    assert_eq!(ran.status.signal(), Some(libc::SIGABRT), "{ran:?}");
    assert!(!ran.stack_overflow, "{ran:?}");
    // A fault elsewhere is no overflow; and the program's other signals and its exec reach it as
    // they would untraced.
    let wild = "import ctypes; ctypes.string_at(8)";
    let ran = run(&["python3", "-c", wild], Stdin::Bytes(b""), &options(true)).unwrap();
    assert_eq!(ran.status.signal(), Some(libc::SIGSEGV), "{ran:?}");
    assert!(!ran.stack_overflow, "{ran:?}");
    // Nor is one below the stack, but further than a frame could reach: 64 MiB below it, where
    // nothing is mapped (Linux maps libraries at least 128 MiB lower).
    let below = "import ctypes\n\
        start = next(int(line.split('-')[0], 16) for line in open('/proc/self/maps') \
        if line.rstrip().endswith('[stack]'))\n\
        ctypes.string_at(start - (64 << 20))";
    let ran = run(&["python3", "-c", below], Stdin::Bytes(b""), &options(true)).unwrap();
    assert_eq!(ran.status.signal(), Some(libc::SIGSEGV), "{ran:?}");
    assert!(!ran.stack_overflow, "{ran:?}");
    let script = "trap 'echo caught' USR1; kill -USR1 $$; exec sh -c 'echo again; exit 4'";
    let ran = shell(script, Stdin::Bytes(b""), &options(true));
    assert_eq!(String::from_utf8_lossy(&ran.stdout), "caught\nagain\n");
    assert_eq!(ran.status.code(), Some(4));
}

/// Set in the copy of this test binary that runs [`stop_all_stops_every_run_going_on_with_what_it_started`] alone.
const STOPPING_ALL: &str = "ATCODER_GAMES_TEST_STOPPING_ALL";

#[test]
fn stop_all_stops_every_run_going_on_with_what_it_started() {
    let name = "process::stop_all_stops_every_run_going_on_with_what_it_started";
    if std::env::var_os(STOPPING_ALL).is_none() {
        // stop_all stops the runs of its whole process: this test runs alone, in a copy of this
        // test binary, so as to stop no other test's.
        let copy = common::run_alone(name, STOPPING_ALL);
        let said = String::from_utf8_lossy(&copy.stdout);
        assert!(copy.status.success(), "{said}");
        assert!(said.contains("1 passed"), "{said}");
        return;
    }
    // A run of 20 s whose program started a child, beside which a short run starts and ends.
    let pids = common::temporary().join("stop-all");
    let _ = std::fs::remove_file(&pids);
    let script = format!("sh -c 'echo $$ > {}; sleep 20' & wait", pids.display());
    let long = std::thread::spawn(move || {
        run(
            &["sh", "-c", &script],
            Stdin::Bytes(b""),
            &Options::default(),
        )
        .unwrap()
    });
    let started = Instant::now();
    let child: i32 = loop {
        let written = std::fs::read_to_string(&pids).unwrap_or_default();
        if let Ok(pid) = written.trim().parse() {
            break pid;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the run starts"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    let short = run(&["true"], Stdin::Bytes(b""), &Options::default()).unwrap();
    assert!(short.succeeded());
    let stopping = Instant::now();
    process::stop_all();
    let ran = long.join().unwrap();
    assert!(stopping.elapsed() < Duration::from_secs(10), "{ran:?}");
    assert_eq!(ran.status.signal(), Some(libc::SIGKILL), "{ran:?}");
    assert_gone_soon(child, "after stop_all");
    std::fs::remove_file(&pids).unwrap();
}

#[test]
fn the_end_of_a_run_is_noticed_at_once_and_a_running_one_is_waited_for() {
    let mut ended = std::process::Command::new("true").spawn().unwrap();
    let mut running = std::process::Command::new("sleep")
        .arg("10")
        .spawn()
        .unwrap();
    let pid = |child: &std::process::Child| libc::pid_t::try_from(child.id()).unwrap();
    let (ended_notice, running_notice) = (
        process::EndNotice::open(pid(&ended)).expect("this kernel gives pidfds"),
        process::EndNotice::open(pid(&running)).expect("this kernel gives pidfds"),
    );
    let started = Instant::now();
    assert!(ended_notice.wait(Duration::from_secs(20)));
    assert!(started.elapsed() < Duration::from_secs(10), "woke at once");
    let started = Instant::now();
    assert!(!running_notice.wait(Duration::from_millis(50)));
    assert!(started.elapsed() >= Duration::from_millis(50));
    running.kill().unwrap();
    assert!(running_notice.wait(Duration::from_secs(20)));
    ended.wait().unwrap();
    running.wait().unwrap();
}

#[test]
#[ignore = "second tier: times real programs (cargo test -- --ignored)"]
fn a_traced_program_goes_on_as_soon_as_it_has_executed() {
    // It stops after its exec until the watch lets it go on, which the watch does at once, not
    // at its next look (its end wakes the watch, so looks are milliseconds apart). CPython (the
    // interpreter itself, not pyenv's shim) stops late enough for a first look to miss it. The
    // trace's own stops cost it under a millisecond.
    let python = atcoder_games_tool::resolve::Shim::named("python3".as_ref())
        .map_or_else(|| "python3".into(), |shim| shim.program.into_os_string());
    let command = [python, "-S".into(), "-c".into(), "pass".into()];
    let options = |trace_faults| Options {
        time_limit: Some(Duration::from_secs(10)),
        trace_faults,
        ..Options::default()
    };
    let (mut traced, mut untraced) = (Vec::new(), Vec::new());
    for _ in 0..21 {
        for (options, walls) in [
            (options(true), &mut traced),
            (options(false), &mut untraced),
        ] {
            let ran = run(&command, Stdin::Bytes(b""), &options).unwrap();
            assert!(ran.succeeded(), "{ran:?}");
            walls.push(ran.wall);
        }
    }
    let median = |walls: &mut Vec<Duration>| {
        walls.sort();
        walls[walls.len() / 2]
    };
    let (traced, untraced) = (median(&mut traced), median(&mut untraced));
    assert!(
        traced < untraced + Duration::from_micros(2500),
        "traced {traced:?}, untraced {untraced:?}"
    );
}

#[test]
fn a_program_finds_its_signals_as_the_default_leaves_them_whatever_this_thread_blocks() {
    // SAFETY: an all-zero sigset_t is valid; the calls write only into the two sets. SIGPIPE
    // is ignored, as Rust's start-up ignores it, and SIGUSR1 blocked in this thread only.
    let before = unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        let mut blocked: libc::sigset_t = std::mem::zeroed();
        let mut before: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut blocked);
        libc::sigaddset(&mut blocked, libc::SIGUSR1);
        libc::pthread_sigmask(libc::SIG_BLOCK, &blocked, &mut before);
        before
    };
    let ran = run(
        &["cat", "/proc/self/status"],
        Stdin::Bytes(b""),
        &Options::default(),
    );
    // SAFETY: as above.
    unsafe { libc::pthread_sigmask(libc::SIG_SETMASK, &before, std::ptr::null_mut()) };
    let status = String::from_utf8(ran.unwrap().stdout).unwrap();
    let mask = |field: &str| {
        let line = status.lines().find_map(|line| line.strip_prefix(field));
        u64::from_str_radix(line.expect("the field is there").trim(), 16).unwrap()
    };
    assert_eq!(mask("SigBlk:"), 0, "nothing blocked:\n{status}");
    let pipe = 1 << (libc::SIGPIPE - 1);
    assert_eq!(mask("SigIgn:") & pipe, 0, "SIGPIPE not ignored:\n{status}");
    // The default SIGPIPE ends a program that writes into a closed pipe.
    let ran = shell(
        "kill -s PIPE $$; echo survived",
        Stdin::Bytes(b""),
        &Options::default(),
    );
    assert_eq!(ran.status.signal(), Some(libc::SIGPIPE));
    assert_eq!(ran.stdout, b"");
}

#[test]
fn a_program_is_found_as_execvp_finds_it_and_a_script_without_a_shebang_runs_in_the_shell() {
    let sh = process::find_program("sh".as_ref()).expect("sh is in PATH");
    assert!(sh.is_absolute() && sh.ends_with("sh") && process::executable(&sh));
    // A folder is no program, though its mode has x bits, nor a file without them.
    assert!(!process::executable(&std::env::temp_dir()));
    let here = std::path::Path::new("./no-such-program");
    assert_eq!(process::find_program(here).as_deref(), Some(here));
    assert_eq!(process::find_program("no-such-program".as_ref()), None);
    let error = run(&["no-such-program"], Stdin::Bytes(b""), &Options::default()).unwrap_err();
    match error {
        RunError::CannotStart(error) => assert_eq!(error.kind(), std::io::ErrorKind::NotFound),
        error => panic!("{error}"),
    }
    let script = common::scratch("no-shebang");
    std::fs::write(&script, "echo from the shell \"$1\"\n").unwrap();
    assert!(!process::executable(&script));
    let not_executable = run(&[&script], Stdin::Bytes(b""), &Options::default()).unwrap_err();
    match not_executable {
        RunError::CannotStart(error) => {
            assert_eq!(error.kind(), std::io::ErrorKind::PermissionDenied)
        }
        error => panic!("{error}"),
    }
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let ran = run(
        &[script.as_os_str(), "its argument".as_ref()],
        Stdin::Bytes(b""),
        &Options::default(),
    )
    .unwrap();
    std::fs::remove_file(&script).unwrap();
    assert_eq!(ran.stdout, b"from the shell its argument\n");
}
