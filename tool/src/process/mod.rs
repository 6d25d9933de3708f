//! Running a program as a judge does, for the tool, the tests and the benchmarks alike: its input
//! on stdin, its output collected (or discarded), its wall time, CPU time and peak memory
//! measured, and the program, with everything it started, stopped at a limit and never left
//! running.
//!
//! Linux only: the limits are watched in `/proc`, and a program is stopped with its process
//! group.

mod procfs;
#[allow(unsafe_code)]
mod start;
mod watch;

pub mod dialogue;
pub mod forkserver;

pub use start::{executable, find_program, hard_stack_limit, keep_freed_memory};
pub use watch::{EndNotice, waits};

use start::Started;
use std::ffi::OsStr;
use std::fmt;
use std::io::{self, Read, Write};
use std::os::fd::BorrowedFd;
use std::path::Path;
use std::process::ExitStatus;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};
use watch::{Parent, ThisProcess, watch};

/// Where a run's stdin comes from.
#[derive(Clone, Copy)]
pub enum Stdin<'a> {
    /// These bytes, written from another thread so that neither side blocks on a full pipe.
    Bytes(&'a [u8]),
    /// A file, as a judge redirects it.
    File(&'a Path),
    /// A pipe's end, or any open file: the program gets a copy of it.
    Fd(BorrowedFd<'a>),
}

/// How a run is bounded and what is kept of it.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Time after which the program is stopped: once both its CPU time (user and system, of the
    /// program and everything it started) and its wall-clock time are over it. A judge counts
    /// elapsed time; a busy machine stretches the wall clock, and helper threads (a JVM's
    /// compiler and collector) add CPU time that the wall clock does not see.
    pub time_limit: Option<Duration>,
    /// Wall-clock time after which the program is stopped if it waits, say because it sleeps or
    /// blocks: if it has used less than a tenth of the time as CPU time. A program that works,
    /// but slowly on a busy machine, goes on to its CPU limit, up to ten times this long.
    pub wall_limit: Option<Duration>,
    /// Resident memory, in bytes, of the program and everything it started together, above
    /// which it is stopped.
    pub memory_limit: Option<u64>,
    /// Virtual memory the program may reserve (`RLIMIT_AS`), in bytes: an allocation beyond it
    /// fails at once, where without it the system might grant it and fail only when it is used.
    pub address_space: Option<u64>,
    /// The size of the program's stack (`RLIMIT_STACK`), in bytes.
    pub stack: Option<u64>,
    /// Send stdout to `/dev/null` instead of collecting it, as a benchmark wants.
    pub discard_stdout: bool,
    /// The most bytes of stdout kept: past them the program is stopped, and no more is read.
    pub output_limit: Option<u64>,
    /// Trace the program's first process (with `ptrace`) to see where it faults: a fault just
    /// beyond its stack is a stack overflow, however fast the stack filled ([`Run::stack_overflow`]).
    pub trace_faults: bool,
    /// Run it in the judge's environment: without the variables that change how an interpreter
    /// or a runtime behaves, which the judge does not set ([`left_out_by_the_judge`]).
    pub judge_environment: bool,
}

/// The variables of the environment that change how an interpreter or a runtime behaves, which
/// many machines and container images set and the judge does not: CPython's and PyPy's
/// (`PYTHONUNBUFFERED` makes every `print` flush, which hides an unflushed query and slows a
/// program printing many lines), the JVM's options, Rust's backtraces and minimum stack, and
/// glibc's allocator tunables. A name ending in `*` stands for every name it begins.
pub const LEFT_OUT_BY_THE_JUDGE: [&str; 10] = [
    "PYTHON*",
    "PYPY*",
    "JAVA_TOOL_OPTIONS",
    "_JAVA_OPTIONS",
    "JDK_JAVA_OPTIONS",
    "RUST_BACKTRACE",
    "RUST_LIB_BACKTRACE",
    "RUST_MIN_STACK",
    "GLIBC_TUNABLES",
    "MALLOC_*",
];

/// Whether the judge's environment leaves the variable `name` out ([`LEFT_OUT_BY_THE_JUDGE`]).
pub fn left_out_by_the_judge(name: &OsStr) -> bool {
    let name = name.as_encoded_bytes();
    LEFT_OUT_BY_THE_JUDGE
        .iter()
        .any(|left_out| match left_out.strip_suffix('*') {
            Some(prefix) => name.starts_with(prefix.as_bytes()),
            None => name == left_out.as_bytes(),
        })
}

/// The limit at which a run was stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Both its CPU time and its wall-clock time went over the time limit.
    Time,
    /// It waited (slept or blocked) past the wall-clock limit.
    WallTime,
    Memory,
    /// It printed more than the output limit.
    Output,
}

impl Stop {
    /// The limit in a word or two: `time`, `memory`.
    pub fn noun(self) -> &'static str {
        match self {
            Self::Time => "time",
            Self::WallTime => "wall-clock time",
            Self::Memory => "memory",
            Self::Output => "output",
        }
    }
}

/// A finished run.
#[derive(Clone, Debug)]
pub struct Run {
    /// Its wait status; after a stop, that of the signal that stopped it.
    pub status: ExitStatus,
    /// The limit it was stopped at, if any.
    pub stopped: Option<Stop>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// From start to end, as seen from here.
    pub wall: Duration,
    /// User and system time of the program and of every process it started and waited for.
    pub cpu: Duration,
    /// The largest resident memory of the program, in bytes: the largest of what `wait4` reports
    /// (`ru_maxrss`) and, while limits were watched, of the resident memory of the program and
    /// what it started together. Linux counts in `ru_maxrss` the memory of the process that
    /// started the program, at the moment it did, so it is left out when it is no more than
    /// this process held then (see [`peak_memory`]).
    pub peak_memory: u64,
    /// `ru_maxrss` as `wait4` reports it, in bytes: the program's peak, or this process's
    /// memory when it started the program if that was more. What a launcher that holds little
    /// measures.
    pub max_rss: u64,
    /// The largest stack of the program's first process seen while limits were watched, in
    /// bytes (`VmStk`); 0 when nothing was watched.
    pub peak_stack: u64,
    /// Whether the program's first process faulted just beyond its stack, which could not grow
    /// there: a stack overflow (seen only with [`Options::trace_faults`]).
    pub stack_overflow: bool,
    /// Whether a [`forkserver`] forked it from an interpreter started before, and the start-up
    /// it skipped so: the CPU time of the interpreter's start and the script's compilation, which
    /// every run of the judge's pays and its times leave out.
    pub forked: Option<Duration>,
    /// The other side of a dialogue, where the program talked with an interactor
    /// ([`dialogue::talk`]): then `stdout` is the dialogue's transcript.
    pub dialogue: Option<Box<dialogue::Other>>,
}

impl Run {
    /// Whether it ran to its end and exited with status 0.
    pub fn succeeded(&self) -> bool {
        self.stopped.is_none() && self.status.success()
    }
}

/// Why a program could not be run.
#[derive(Debug)]
pub enum RunError {
    /// It could not be started: a wrong command line, a missing file.
    CannotStart(io::Error),
    /// It started, but waiting for it failed; it was stopped.
    CannotWatch(io::Error),
}

impl fmt::Display for RunError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::CannotStart(error) => write!(formatter, "cannot start it: {error}"),
            Self::CannotWatch(error) => write!(formatter, "cannot watch it run: {error}"),
        }
    }
}

/// The process groups of the runs going on, so that [`stop_all`] can stop them.
static RUNNING: Mutex<Vec<libc::pid_t>> = Mutex::new(Vec::new());

/// Stops every run going on, with everything it started: what a program that is itself stopped
/// (say, by Ctrl-C) calls before it ends, so as to leave nothing running.
pub fn stop_all() {
    let running = RUNNING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    for &group in running.iter() {
        start::kill_group(group);
    }
}

/// Runs `command` (a program and its arguments) with `stdin`, as `options` say, and waits for
/// it to end. The program runs in a process group of its own, which is stopped as a whole when
/// the program ends or is stopped, so that nothing it started is left running; and it is
/// stopped too if the thread that started it ends first (`PR_SET_PDEATHSIG`).
pub fn run(
    command: &[impl AsRef<OsStr>],
    stdin: Stdin,
    options: &Options,
) -> Result<Run, RunError> {
    let (program, arguments) = command.split_first().ok_or_else(|| {
        RunError::CannotStart(io::Error::new(io::ErrorKind::InvalidInput, "no command"))
    })?;
    let started = Instant::now();
    let child =
        start::start(program.as_ref(), arguments, stdin, options).map_err(RunError::CannotStart)?;
    // The most this process held from just before the start to after it, which `ru_maxrss` may
    // report instead of the program's peak: other threads may allocate meanwhile.
    let at_start = procfs::own_peak_memory();
    let mut parent = ThisProcess {
        traced: child.traced,
    };
    collect(child, &mut parent, stdin, options, started, at_start)
}

/// The rest of a run, once `child` is started by `parent` (at `started`): its input written, its
/// output read, its limits watched, everything it started stopped, and its end collected.
/// `at_start` is this process's peak memory around the start, which `ru_maxrss` may report
/// ([`peak_memory`]).
fn collect(
    child: Started,
    parent: &mut dyn Parent,
    stdin: Stdin,
    options: &Options,
    started: Instant,
    at_start: u64,
) -> Result<Run, RunError> {
    let pid = child.pid;
    lock_running().push(pid);
    // Scoped, the writer writes the caller's bytes: an input of 200,000 words is not copied.
    let (watched, reaped, wall, stdout, stderr) = thread::scope(|scope| {
        let writer = match (stdin, child.stdin) {
            (Stdin::Bytes(bytes), Some(mut pipe)) => {
                // A program may end without reading all its input: a broken pipe is no failure.
                Some(scope.spawn(move || drop(pipe.write_all(bytes))))
            }
            _ => None,
        };
        let read_all = |pipe: Option<Box<dyn Read + Send>>| {
            scope.spawn(move || {
                let mut bytes = Vec::new();
                if let Some(mut pipe) = pipe {
                    let _ = pipe.read_to_end(&mut bytes);
                }
                bytes
            })
        };
        // Past the output limit the reader stops, and the watch stops the program: a program
        // that prints forever fills neither this process's memory nor the time limit.
        let output_over = Arc::new(AtomicBool::new(false));
        let kept = options.output_limit.unwrap_or(u64::MAX);
        let stdout = read_all(child.stdout.map(|pipe| {
            let over = Arc::clone(&output_over);
            Box::new(Bounded { pipe, kept, over }) as _
        }));
        let stderr = read_all(Some(Box::new(child.stderr.take(STDERR_KEPT))));
        let watched = watch(pid, parent, started, options, &output_over);
        // Whatever happened, nothing of the run is left behind: the group is stopped, and the
        // threads end once its pipes close.
        start::kill_group(pid);
        forget(pid);
        let reaped = parent.reap(pid);
        let wall = started.elapsed();
        if let Some(writer) = writer {
            writer.join().expect("the input writer does not panic");
        }
        let stdout = stdout.join().expect("the output reader does not panic");
        let stderr = stderr.join().expect("the error reader does not panic");
        (watched, reaped, wall, stdout, stderr)
    });
    ended_run((watched, reaped, wall), stdout, stderr, at_start)
}

/// A run, from what its watch and its reaping found, ended at `wall`, with what it printed;
/// `at_start` as [`peak_memory`] takes it. A forkserver says what its run skipped
/// ([`forkserver::Forkserver::run`]), a dialogue its other side ([`dialogue::talk`]).
fn ended_run(
    (watched, reaped, wall): (
        io::Result<watch::Watched>,
        io::Result<start::Ended>,
        Duration,
    ),
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    at_start: u64,
) -> Result<Run, RunError> {
    let (watched, ended) = watched
        .and_then(|watched| reaped.map(|ended| (watched, ended)))
        .map_err(RunError::CannotWatch)?;
    Ok(Run {
        status: ended.status,
        stopped: watched.stopped,
        stdout,
        stderr,
        wall,
        cpu: ended.cpu,
        peak_memory: peak_memory(ended.max_rss, watched.peak_memory, at_start),
        max_rss: ended.max_rss,
        peak_stack: watched.peak_stack,
        stack_overflow: watched.stack_overflow,
        forked: None,
        dialogue: None,
    })
}

/// The most bytes of stderr kept: enough for any message, and bounded for a program that
/// writes there forever.
const STDERR_KEPT: u64 = 1 << 20;

/// A program's stdout, of which at most `kept` bytes are read: past them `over` is set and the
/// reading ends, as if the pipe had closed.
struct Bounded<R> {
    pipe: R,
    kept: u64,
    over: Arc<AtomicBool>,
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if self.kept == 0 {
            // One byte more than the limit says the program printed too much.
            let mut probe = [0];
            if self.pipe.read(&mut probe)? > 0 {
                self.over.store(true, Ordering::Relaxed);
            }
            return Ok(0);
        }
        let most = buffer
            .len()
            .min(usize::try_from(self.kept).unwrap_or(usize::MAX));
        let read = self.pipe.read(&mut buffer[..most])?;
        self.kept -= read as u64;
        Ok(read)
    }
}

/// Forgets the process group `group`, which [`stop_all`] then no longer stops: it has ended, or
/// is about to be reaped, after which its id may name another process.
fn forget(group: libc::pid_t) {
    lock_running().retain(|&running| running != group);
}

/// The list of running process groups, even if a thread panicked while holding it.
fn lock_running() -> std::sync::MutexGuard<'static, Vec<libc::pid_t>> {
    RUNNING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A run's peak memory from `reported`, its `ru_maxrss`, and `watched`, the most seen while it
/// ran. `ru_maxrss` counts the memory of this process when it started the program (the peak of
/// the address space it was executed from, this process's, which [`start::start`] sets back to
/// what it holds at the start), so it says something of the program only when it
/// is more than this process held then: `at_start`, its peak (`VmHWM`) from just before the
/// start to after it. Not this process's own `ru_maxrss`, which counts what the process that started *it*
/// held, before it was executed.
fn peak_memory(reported: u64, watched: u64, at_start: u64) -> u64 {
    match reported > at_start {
        true => reported.max(watched),
        false => watched,
    }
}
