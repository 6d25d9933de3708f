//! Running a program as a judge does, for the tool, the tests and the benchmarks alike: its input
//! on stdin, its output collected (or discarded), its wall time, CPU time and peak memory
//! measured, and the program, with everything it started, stopped at a limit and never left
//! running.
//!
//! Linux only: the limits are watched in `/proc`, and a program is stopped with its process
//! group.

use std::env;
use std::ffi::{CStr, CString, OsStr};
use std::fmt;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileExt, PermissionsExt};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::ExitStatus;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Arc, LazyLock, Mutex};
use std::thread;
use std::time::{Duration, Instant};

pub mod forkserver;

/// Where a run's stdin comes from.
#[derive(Clone, Copy)]
pub enum Stdin<'a> {
    /// These bytes, written from another thread so that neither side blocks on a full pipe.
    Bytes(&'a [u8]),
    /// A file, as a judge redirects it.
    File(&'a Path),
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
    /// Whether a [`forkserver`] forked it from an interpreter started before: its times leave
    /// out the interpreter's start, which every run of the judge's pays.
    pub forked: bool,
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
        kill_group(group);
    }
}

/// The first wait between two looks at a running program with limits, where no end notice wakes
/// the watch: short, so that a run of a millisecond, which most are, is not kept waiting. It
/// doubles up to [`LONGEST_POLL`].
const FIRST_POLL: Duration = Duration::from_micros(100);

/// The first wait between two looks where the program's end wakes the watch: a run of a few
/// milliseconds is seen once while it works (its memory, which `ru_maxrss` may not say:
/// [`peak_memory`]), with few looks at a longer one.
const FIRST_POLL_WOKEN_AT_END: Duration = Duration::from_millis(1);

/// The longest wait between two looks at a running program: it goes over a limit by no more
/// than what it can do in that time.
const LONGEST_POLL: Duration = Duration::from_millis(5);

/// A program that uses less than one part in this many of the wall-clock time as CPU time waits
/// rather than works; one that works is stopped on the wall clock only after this many times
/// its limit.
const WORKING_SHARE: u32 = 10;

/// How often the processes that the program started are looked for, which takes a pass over
/// `/proc`.
const GROUP_SCAN: Duration = Duration::from_millis(100);

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
        start(program.as_ref(), arguments, stdin, options).map_err(RunError::CannotStart)?;
    // The most this process held from just before the start to after it, which `ru_maxrss` may
    // report instead of the program's peak: other threads may allocate meanwhile.
    let at_start = own_peak_memory();
    let parent = Parent::This {
        traced: child.traced,
    };
    collect(child, parent, stdin, options, started, at_start)
}

/// Whoever waits for a run's program and reaps it.
enum Parent<'a> {
    /// This process, which started it: traced, it is let go on at each stop.
    This { traced: bool },
    /// The forkserver that forked it, which says when it has ended and reaps it when told.
    Forkserver(&'a mut forkserver::Channel),
}

impl Parent<'_> {
    /// Whether process `pid` has ended, waiting for it to end unless `flags` has `WNOHANG`; it is
    /// left to be reaped.
    fn ended(
        &mut self,
        pid: libc::pid_t,
        flags: libc::c_int,
        watched: &mut Watched,
    ) -> io::Result<bool> {
        match self {
            Self::This { .. } => wait_for_end(pid, flags, watched),
            Self::Forkserver(channel) => channel.ended(flags & libc::WNOHANG == 0),
        }
    }

    /// The notice of the end of process `pid`, where there is one.
    fn end_notice(&self, pid: libc::pid_t) -> Option<EndNotice> {
        match self {
            Self::This { .. } => EndNotice::open(pid),
            Self::Forkserver(channel) => channel.end_notice(),
        }
    }

    /// Reaps the ended process `pid`: its wait status and resource usage.
    fn reap(&mut self, pid: libc::pid_t) -> io::Result<(ExitStatus, libc::rusage)> {
        match self {
            Self::This { .. } => reap(pid),
            Self::Forkserver(channel) => channel.reap(),
        }
    }
}

/// The rest of a run, once `child` is started by `parent` (at `started`): its input written, its
/// output read, its limits watched, everything it started stopped, and its end collected.
/// `at_start` is this process's peak memory around the start, which `ru_maxrss` may report
/// ([`peak_memory`]).
fn collect(
    child: Started,
    mut parent: Parent,
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
        let watched = watch(pid, &mut parent, started, options, &output_over);
        // Whatever happened, nothing of the run is left behind: the group is stopped, and the
        // threads end once its pipes close.
        kill_group(pid);
        // Forgotten before it is reaped, after which its id may name another process.
        lock_running().retain(|&group| group != pid);
        let reaped = parent.reap(pid);
        let wall = started.elapsed();
        if let Some(writer) = writer {
            writer.join().expect("the input writer does not panic");
        }
        let stdout = stdout.join().expect("the output reader does not panic");
        let stderr = stderr.join().expect("the error reader does not panic");
        (watched, reaped, wall, stdout, stderr)
    });
    let (watched, (status, usage)) = watched
        .and_then(|watched| reaped.map(|reaped| (watched, reaped)))
        .map_err(RunError::CannotWatch)?;
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    Ok(Run {
        status,
        stopped: watched.stopped,
        stdout,
        stderr,
        wall,
        cpu: time(usage.ru_utime) + time(usage.ru_stime),
        peak_memory: peak_memory(usage.ru_maxrss as u64 * 1024, watched.peak_memory, at_start),
        max_rss: usage.ru_maxrss as u64 * 1024,
        peak_stack: watched.peak_stack,
        stack_overflow: watched.stack_overflow,
        forked: matches!(parent, Parent::Forkserver(_)),
    })
}

/// A program started by [`start`], and this process's ends of its pipes.
struct Started {
    pid: libc::pid_t,
    /// Whether it is traced: it stops once it has executed the program, and at each signal.
    traced: bool,
    /// Where its input is written, when it comes from bytes.
    stdin: Option<File>,
    /// Where its output is read, unless it is discarded.
    stdout: Option<File>,
    stderr: File,
}

/// The stack of a new process between its clone and its exec, where it makes a few system calls.
const START_STACK: usize = 64 << 10;

/// Starts `program` with `arguments` in a process group of its own, its stdin from `stdin`, its
/// stdout and stderr into pipes (stdout discarded if `options` say so), its stack and address
/// space limited and its faults traced as `options` say, and ended if the thread that started it
/// ends first (`PR_SET_PDEATHSIG`).
///
/// It is started as `posix_spawn` starts a program: the new process shares this one's memory
/// until it executes the program (`CLONE_VM | CLONE_VFORK`, this thread waiting meanwhile), where
/// `fork` would copy the page tables of all that a check holds (a hundred megabytes) and leave
/// each page to be copied again at this process's next write to it: 200,000 page faults in a
/// check of 300 cases. Unlike `posix_spawn`, it sets limits before the exec.
fn start(
    program: &OsStr,
    arguments: &[impl AsRef<OsStr>],
    stdin: Stdin,
    options: &Options,
) -> io::Result<Started> {
    // Not found, it is `execvp`'s error.
    let not_found = || io::Error::from_raw_os_error(libc::ENOENT);
    let path = find_program(Path::new(program)).ok_or_else(not_found)?;
    let path = c_string(path.as_os_str())?;
    let arguments = (arguments.iter().map(|argument| c_string(argument.as_ref())))
        .collect::<io::Result<Vec<_>>>()?;
    let program = c_string(program)?;
    let argv = [program.as_c_str()]
        .into_iter()
        .chain(arguments.iter().map(|a| a.as_c_str()));
    // A file that the kernel cannot execute is a script for the shell, as `execvp` runs it.
    let shell = c"/bin/sh";
    let shell_argv = [shell, &path]
        .into_iter()
        .chain(arguments.iter().map(|a| a.as_c_str()));
    let environment = env::vars_os().map(|(name, value)| {
        let mut variable = name;
        variable.push("=");
        variable.push(value);
        c_string(&variable)
    });
    let environment = environment.collect::<io::Result<Vec<_>>>()?;
    let (program_stdio, ends) = pipes(stdin, options)?;
    let mut exec = Exec {
        path: path.as_ptr(),
        argv: null_terminated(argv),
        shell_argv: null_terminated(shell_argv),
        environment: null_terminated(environment.iter().map(|variable| variable.as_c_str())),
        stdio: program_stdio.each_ref().map(AsRawFd::as_raw_fd),
        limits: limits(options),
        trace: options.trace_faults,
        traced: AtomicBool::new(false),
        error: AtomicI32::new(0),
    };
    forget_own_peak_memory();
    let mut stack: Vec<u8> = Vec::with_capacity(START_STACK);
    // The top of the stack, which grows down, aligned as the ABI wants it.
    let top = stack.as_mut_ptr().wrapping_add(START_STACK);
    let top = top.wrapping_sub(top as usize % 16);
    // SAFETY: an all-zero sigset_t is valid, and sigfillset and pthread_sigmask write only into
    // the two sets. Every signal is blocked while the new process shares this one's memory, so
    // that no handler of this process runs in it; it unblocks them once the handlers are reset.
    let pid = unsafe {
        let mut all: libc::sigset_t = std::mem::zeroed();
        let mut before: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut all);
        libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut before);
        // SAFETY: the new process runs `become_program` on its own stack of START_STACK bytes,
        // reading `exec`, which outlives it here: this thread waits until it has executed the
        // program or ended (CLONE_VFORK).
        let pid = libc::clone(
            become_program,
            top.cast(),
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            std::ptr::addr_of_mut!(exec).cast(),
        );
        libc::pthread_sigmask(libc::SIG_SETMASK, &before, std::ptr::null_mut());
        pid
    };
    if pid < 0 {
        return Err(io::Error::last_os_error());
    }
    let error = exec.error.load(Ordering::Relaxed);
    if error != 0 {
        // It ended without the program: reaped here, as nobody else will.
        let mut status = 0;
        // SAFETY: `pid` is this process's child, ended; waitpid writes only into `status`.
        unsafe { libc::waitpid(pid, &mut status, 0) };
        return Err(io::Error::from_raw_os_error(error));
    }
    Ok(ends.of(pid, exec.traced.load(Ordering::Relaxed)))
}

/// This process's ends of a run's stdio: where its input is written (when it comes from bytes),
/// where its output is read (unless it is discarded), and where its errors are.
struct Ends {
    stdin: Option<File>,
    stdout: Option<File>,
    stderr: File,
}

impl Ends {
    /// The ends of `pid`'s run.
    fn of(self, pid: libc::pid_t, traced: bool) -> Started {
        Started {
            pid,
            traced,
            stdin: self.stdin,
            stdout: self.stdout,
            stderr: self.stderr,
        }
    }
}

/// A run's stdio, as `stdin` and `options` say: the program's stdin, stdout and stderr, and this
/// process's ends.
fn pipes(stdin: Stdin, options: &Options) -> io::Result<([File; 3], Ends)> {
    let (stdin_read, stdin_write) = match stdin {
        Stdin::Bytes(_) => {
            let (read, write) = pipe()?;
            (read, Some(write))
        }
        Stdin::File(path) => (File::open(path)?, None),
    };
    let (stdout_read, stdout_write) = match options.discard_stdout {
        true => (None, File::create("/dev/null")?),
        false => {
            let (read, write) = pipe()?;
            (Some(read), write)
        }
    };
    let (stderr_read, stderr_write) = pipe()?;
    let ends = Ends {
        stdin: stdin_write,
        stdout: stdout_read,
        stderr: stderr_read,
    };
    Ok(([stdin_read, stdout_write, stderr_write], ends))
}

/// The limits of `options` on a program's address space and stack, as `setrlimit` takes them.
type Limits = [(libc::__rlimit_resource_t, Option<libc::rlimit>); 2];

fn limits(options: &Options) -> Limits {
    let limit = |bytes| libc::rlimit {
        rlim_cur: bytes,
        rlim_max: bytes,
    };
    [
        (libc::RLIMIT_AS, options.address_space.map(limit)),
        (libc::RLIMIT_STACK, options.stack.map(limit)),
    ]
}

/// Sets `limits` on this process: 0, or the `errno` of the first that fails. A system call
/// only, which a new process may make before its exec.
fn set_limits(limits: &Limits) -> libc::c_int {
    for (resource, limit) in limits {
        // SAFETY: setrlimit reads a valid rlimit.
        if let Some(limit) = limit
            && unsafe { libc::setrlimit(*resource, limit) } != 0
        {
            // SAFETY: errno is this thread's.
            return unsafe { *libc::__errno_location() };
        }
    }
    0
}

/// Sets this process's peak resident memory (`VmHWM`) back to what it holds now, as a start
/// without `fork` needs: the kernel counts in a program's `ru_maxrss` the peak of the memory it
/// was executed from, which is this process's own, where a fork's copy starts from what this
/// process holds. So what a run's `ru_maxrss` counts of this process is what it held around the
/// start ([`peak_memory`]), not a peak long before.
fn forget_own_peak_memory() {
    static CLEAR_REFS: LazyLock<Option<File>> = LazyLock::new(|| {
        fs::OpenOptions::new()
            .write(true)
            .open("/proc/self/clear_refs")
            .ok()
    });
    if let Some(mut clear_refs) = CLEAR_REFS.as_ref() {
        // 5: reset the peak resident set size (Linux 4.0 on).
        let _ = clear_refs.write_all(b"5");
    }
}

/// Where `program` is, as `execvp` looks for it: itself if it names a path (it holds a `/`),
/// else the first executable file of that name in a folder of `PATH`.
pub fn find_program(program: &Path) -> Option<PathBuf> {
    if program.as_os_str().as_bytes().contains(&b'/') {
        return Some(program.to_path_buf());
    }
    let folders = env::var_os("PATH").unwrap_or_else(|| "/bin:/usr/bin".into());
    env::split_paths(&folders)
        .map(|folder| folder.join(program))
        .find(|path| executable(path))
}

/// Whether `path` is a file that may be executed.
pub fn executable(path: &Path) -> bool {
    path.metadata()
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

fn c_string(text: &OsStr) -> io::Result<CString> {
    CString::new(text.as_bytes()).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "a command line or environment holds a NUL byte",
        )
    })
}

/// The pointers to `strings`, then a null pointer, as `execve` takes them: valid while the
/// caller keeps the strings.
fn null_terminated<'a>(strings: impl Iterator<Item = &'a CStr>) -> Vec<*const libc::c_char> {
    let pointers = strings.map(CStr::as_ptr);
    pointers.chain([std::ptr::null()]).collect()
}

/// A pipe, both of its ends closed on exec: the end to read from, and the end to write to.
fn pipe() -> io::Result<(File, File)> {
    let mut ends = [0; 2];
    // SAFETY: pipe2 writes two descriptors into `ends`, or nothing.
    if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just opened, and nothing else owns them.
    Ok(unsafe { (File::from_raw_fd(ends[0]), File::from_raw_fd(ends[1])) })
}

/// What a new process does between its clone and its exec, all of it prepared by [`start`]: it
/// shares this process's memory then, and may not allocate or take a lock.
struct Exec {
    path: *const libc::c_char,
    argv: Vec<*const libc::c_char>,
    shell_argv: Vec<*const libc::c_char>,
    environment: Vec<*const libc::c_char>,
    /// The descriptors that become its stdin, stdout and stderr. None of them is 0, 1 or 2,
    /// which Rust's start-up keeps open, so that no move onto one closes another.
    stdio: [libc::c_int; 3],
    limits: Limits,
    trace: bool,
    /// Whether it is traced, as `trace` asks where the system allows it.
    traced: AtomicBool,
    /// Why it did not execute the program (an `errno`): 0 if it did.
    error: AtomicI32,
}

/// The new process of [`start`]: its signal handling set back to the default, its process group,
/// its parent's death, its trace and its limits set, its stdio moved into place, then the
/// program executed. Where that fails, the error is left in `Exec::error` and it ends.
extern "C" fn become_program(exec: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `start` passes its `Exec`, which outlives this process's use of it.
    let exec = unsafe { &*exec.cast::<Exec>() };
    // SAFETY: only system calls on what `exec` holds: async-signal-safe, allocating nothing.
    let error = unsafe { set_up_and_execute(exec) };
    exec.error.store(error, Ordering::Relaxed);
    // SAFETY: _exit ends this process at once, running nothing of the parent's.
    unsafe { libc::_exit(127) }
}

/// The steps of [`become_program`]; returns only on failure, with its `errno`.
unsafe fn set_up_and_execute(exec: &Exec) -> libc::c_int {
    // SAFETY (for the whole function): each call is a system call on valid pointers.
    unsafe {
        let errno = || *libc::__errno_location();
        // A handler of the parent's must not run here, in its memory; nor does the program
        // inherit Rust's ignored SIGPIPE, or the signals blocked for the clone.
        for signal in 1..libc::SIGRTMAX() + 1 {
            let mut action: libc::sigaction = std::mem::zeroed();
            let handled = libc::sigaction(signal, std::ptr::null(), &mut action) == 0
                && action.sa_sigaction != libc::SIG_DFL
                && (action.sa_sigaction != libc::SIG_IGN || signal == libc::SIGPIPE);
            if handled {
                libc::signal(signal, libc::SIG_DFL);
            }
        }
        let mut none: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut none);
        libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
        if libc::setpgid(0, 0) != 0 || libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
            return errno();
        }
        // Where tracing is not allowed, the run goes on untraced.
        if exec.trace && libc::ptrace(libc::PTRACE_TRACEME, 0, 0, 0) == 0 {
            exec.traced.store(true, Ordering::Relaxed);
        }
        let error = set_limits(&exec.limits);
        if error != 0 {
            return error;
        }
        for (from, to) in exec.stdio.iter().zip(0..) {
            if libc::dup2(*from, to) < 0 {
                return errno();
            }
        }
        let environment = exec.environment.as_ptr();
        libc::execve(exec.path, exec.argv.as_ptr(), environment);
        if errno() == libc::ENOEXEC {
            libc::execve(exec.shell_argv[0], exec.shell_argv.as_ptr(), environment);
        }
        errno()
    }
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

/// The list of running process groups, even if a thread panicked while holding it.
fn lock_running() -> std::sync::MutexGuard<'static, Vec<libc::pid_t>> {
    RUNNING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A run's peak memory from `reported`, its `ru_maxrss`, and `watched`, the most seen while it
/// ran. `ru_maxrss` counts the memory of this process when it started the program (the peak of
/// the address space it was executed from, this process's, which [`forget_own_peak_memory`]
/// sets back to what it holds at the start), so it says something of the program only when it
/// is more than this process held then: `at_start`, its peak (`VmHWM`) from just before the
/// start to after it. Not this process's own `ru_maxrss`, which counts what the process that started *it*
/// held, before it was executed.
fn peak_memory(reported: u64, watched: u64, at_start: u64) -> u64 {
    match reported > at_start {
        true => reported.max(watched),
        false => watched,
    }
}

/// This process's peak resident memory since [`forget_own_peak_memory`], in bytes (`VmHWM`); 0
/// if `/proc` does not say.
fn own_peak_memory() -> u64 {
    let status = fs::read_to_string("/proc/self/status").unwrap_or_default();
    status_field(&status, "VmHWM:")
}

/// A size that `status`, of a `/proc/PROCESS/status`, gives in kilobytes after `field`, in
/// bytes; 0 if it does not say.
fn status_field(status: &str, field: &str) -> u64 {
    let kilobytes = status
        .lines()
        .find_map(|line| line.strip_prefix(field))
        .and_then(|rest| rest.trim().strip_suffix("kB"))
        .and_then(|number| number.trim().parse::<u64>().ok());
    kilobytes.unwrap_or(0) * 1024
}

/// What watching a run found.
struct Watched {
    stopped: Option<Stop>,
    /// The most resident memory seen, of the program and what it started together.
    peak_memory: u64,
    /// The largest stack seen of the program's first process.
    peak_stack: u64,
    /// Whether it faulted just beyond its stack.
    stack_overflow: bool,
}

/// Waits until process `pid` has ended, without reaping it (so that its process group stays
/// reserved until it is stopped), and stops it at the limits of `options`, which it looks at
/// from time to time.
fn watch(
    pid: libc::pid_t,
    parent: &mut Parent,
    started: Instant,
    options: &Options,
    output_over: &AtomicBool,
) -> io::Result<Watched> {
    let mut watched = Watched {
        stopped: None,
        peak_memory: 0,
        peak_stack: 0,
        stack_overflow: false,
    };
    // A program stopped by the broken pipe of its output, past the limit, was stopped there.
    let printed_too_much = |mut watched: Watched| {
        if output_over.load(Ordering::Relaxed) {
            watched.stopped = Some(Stop::Output);
        }
        watched
    };
    let limited = options.time_limit.is_some()
        || options.wall_limit.is_some()
        || options.memory_limit.is_some()
        || options.output_limit.is_some();
    if !limited {
        while !parent.ended(pid, 0, &mut watched)? {}
        return Ok(watched);
    }
    // A traced program stops as soon as it has executed, until it is let go on: at once, rather
    // than at the first look.
    if matches!(parent, Parent::This { traced: true }) && parent.ended(pid, 0, &mut watched)? {
        return Ok(printed_too_much(watched));
    }
    let mut group = Group::new(pid);
    let end = parent.end_notice(pid);
    let mut poll = match end {
        Some(_) => FIRST_POLL_WOKEN_AT_END,
        None => FIRST_POLL,
    };
    loop {
        if parent.ended(pid, libc::WNOHANG, &mut watched)? {
            return Ok(printed_too_much(watched));
        }
        let usage = group.usage();
        watched.peak_memory = watched.peak_memory.max(usage.memory);
        let elapsed = started.elapsed();
        // A stack is looked at from the first longest wait on: `status` costs the kernel a page
        // of text, and a stack that overflows sooner faults, which a trace sees.
        if elapsed >= LONGEST_POLL {
            watched.peak_stack = watched.peak_stack.max(group.leader_stack());
        }
        let over_time = options
            .time_limit
            .is_some_and(|limit| usage.cpu > limit && elapsed > limit);
        let waits = waits(usage.cpu, elapsed);
        let over_wall = options
            .wall_limit
            .is_some_and(|limit| elapsed > limit && (waits || elapsed > limit * WORKING_SHARE));
        let over_memory = options
            .memory_limit
            .is_some_and(|limit| usage.memory > limit);
        let stop = match (over_memory, over_time, over_wall) {
            _ if output_over.load(Ordering::Relaxed) => Some(Stop::Output),
            (true, _, _) => Some(Stop::Memory),
            (_, true, _) => Some(Stop::Time),
            (_, _, true) => Some(Stop::WallTime),
            _ => None,
        };
        if let Some(stop) = stop {
            kill_group(pid);
            while !parent.ended(pid, 0, &mut watched)? {}
            watched.stopped = Some(stop);
            return Ok(watched);
        }
        match &end {
            Some(end) => drop(end.wait(poll)),
            None => thread::sleep(poll),
        }
        poll = (poll * 2).min(LONGEST_POLL);
    }
}

/// Notice of a process's end (a pidfd, Linux 5.3 on), so that a watch between two looks wakes as
/// soon as its program ends: a run of CPython, 30 ms, would otherwise end unseen for 2.5 ms on
/// average, a tenth of a check's time on two cores.
pub struct EndNotice(OwnedFd);

impl EndNotice {
    /// The notice of the end of process `pid`, a child of this process not yet reaped; None
    /// where the kernel gives none.
    pub fn open(pid: libc::pid_t) -> Option<Self> {
        // SAFETY: pidfd_open takes a pid and flags, and returns a new descriptor or -1.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
        let fd = libc::c_int::try_from(fd).ok().filter(|&fd| fd >= 0)?;
        // SAFETY: the descriptor was just opened, and nothing else owns it.
        Some(Self(unsafe { OwnedFd::from_raw_fd(fd) }))
    }

    /// Waits until the process has ended, for at most `time`: whether it has.
    pub fn wait(&self, time: Duration) -> bool {
        let mut watched = libc::pollfd {
            fd: self.0.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        let timeout = libc::timespec {
            tv_sec: libc::time_t::try_from(time.as_secs()).unwrap_or(libc::time_t::MAX),
            tv_nsec: time.subsec_nanos().into(),
        };
        // SAFETY: one valid pollfd and a valid timespec; the signal mask is left as it is.
        unsafe { libc::ppoll(&mut watched, 1, &timeout, std::ptr::null()) > 0 }
    }
}

/// Whether a program that used `cpu` of CPU time in `elapsed` on the wall clock waits (sleeps or
/// blocks) rather than works: it used less than a tenth of the time.
pub fn waits(cpu: Duration, elapsed: Duration) -> bool {
    cpu < elapsed / WORKING_SHARE
}

/// What a process group uses at one moment.
struct Usage {
    cpu: Duration,
    /// Resident memory, in bytes.
    memory: u64,
}

/// The process group of a run: its leader, and the other processes in it, looked for every
/// [`GROUP_SCAN`].
struct Group {
    leader: libc::pid_t,
    /// The leader's `stat` and `status`, kept open.
    leader_stat: ProcFile,
    leader_status: ProcFile,
    members: Vec<libc::pid_t>,
    scanned: Instant,
    /// Clock ticks per second, the unit of CPU time in `/proc`.
    ticks: u64,
}

impl Group {
    fn new(leader: libc::pid_t) -> Self {
        // SAFETY: sysconf only reads a setting.
        let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
        Self {
            leader,
            leader_stat: ProcFile::open(leader, "stat"),
            leader_status: ProcFile::open(leader, "status"),
            members: vec![leader],
            scanned: Instant::now(),
            ticks: u64::try_from(ticks).unwrap_or(100).max(1),
        }
    }

    /// CPU time and resident memory of the group's processes together: each process's own CPU
    /// time and that of the children it waited for, and its resident set. Processes that end
    /// between two looks are counted by whoever waits for them.
    fn usage(&mut self) -> Usage {
        if self.scanned.elapsed() >= GROUP_SCAN {
            self.members = group_members(self.leader);
            self.scanned = Instant::now();
        }
        let mut usage = Usage {
            cpu: Duration::ZERO,
            memory: 0,
        };
        for &pid in &self.members {
            let fields = match pid == self.leader {
                true => parse_stat(self.leader_stat.read()),
                false => stat_fields(pid),
            };
            if let Some(fields) = fields {
                usage.cpu += Duration::from_millis(fields.ticks * 1000 / self.ticks);
                usage.memory += fields.resident_pages * page_size();
            }
        }
        usage
    }

    /// The size of the leader's stack, in bytes (`VmStk`); 0 once it is gone.
    fn leader_stack(&mut self) -> u64 {
        status_field(self.leader_status.read(), "VmStk:")
    }
}

/// A file of `/proc/PID/`, kept open while its process is watched and read again from its start
/// at each look: opened at each look, it would cost a lookup in `/proc` every time, a third of
/// the look.
struct ProcFile {
    file: Option<File>,
    bytes: Vec<u8>,
}

impl ProcFile {
    fn open(pid: libc::pid_t, name: &str) -> Self {
        Self {
            file: File::open(format!("/proc/{pid}/{name}")).ok(),
            bytes: Vec::new(),
        }
    }

    /// What the file says now; empty once the process is gone.
    fn read(&mut self) -> &str {
        self.bytes.clear();
        if let Some(file) = &self.file {
            let mut chunk = [0; 4096];
            loop {
                match file.read_at(&mut chunk, self.bytes.len() as u64) {
                    Ok(0) => break,
                    Ok(read) => self.bytes.extend_from_slice(&chunk[..read]),
                    Err(_) => {
                        self.bytes.clear();
                        break;
                    }
                }
            }
        }
        std::str::from_utf8(&self.bytes).unwrap_or_default()
    }
}

/// The processes of process group `group`, found in `/proc`, the leader first (a pass over
/// `/proc`, since not every kernel lists a process's children).
fn group_members(group: libc::pid_t) -> Vec<libc::pid_t> {
    let mut members = vec![group];
    let Ok(entries) = fs::read_dir("/proc") else {
        return members;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|name| name.parse().ok())
        else {
            continue;
        };
        if pid != group && stat_fields(pid).is_some_and(|fields| fields.group == group) {
            members.push(pid);
        }
    }
    members
}

/// The fields of `/proc/PID/stat` that a run's watch needs.
struct StatFields {
    group: libc::pid_t,
    /// User and system time, of the process and of the children it waited for, in ticks.
    ticks: u64,
    resident_pages: u64,
}

/// `/proc/PID/stat`, read; None once the process is gone. (Read as [`ProcFile`] reads, for
/// `fs::read_to_string` first asks the file's size, a system call more: a look for a process
/// group reads the `stat` of every process.)
fn stat_fields(pid: libc::pid_t) -> Option<StatFields> {
    parse_stat(ProcFile::open(pid, "stat").read())
}

/// The fields of `stat`, a `/proc/PID/stat`; None if it is not one (empty, once the process is
/// gone).
fn parse_stat(stat: &str) -> Option<StatFields> {
    // The command's name, in parentheses, may hold spaces and parentheses itself: the fields
    // counted here come after its last `)`, the first of them being field 3, the state. They
    // are taken in order, each number after the one before.
    let mut fields = stat[stat.rfind(')')? + 1..].split_ascii_whitespace();
    let mut next = 3;
    let mut field = |number: usize| {
        let value = fields.nth(number - next)?.parse::<i64>().ok();
        next = number + 1;
        value
    };
    let group = libc::pid_t::try_from(field(5)?).ok()?;
    let ticks = (14..=17).map(&mut field).sum::<Option<i64>>()?;
    Some(StatFields {
        group,
        ticks: u64::try_from(ticks).ok()?,
        resident_pages: u64::try_from(field(24)?).ok()?,
    })
}

/// The size of a page of memory, in bytes.
fn page_size() -> u64 {
    // SAFETY: sysconf only reads a setting.
    u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096)
}

/// Whether process `pid` has ended, waiting for it to end or stop unless `flags` has `WNOHANG`;
/// it is left to be reaped. A traced process that stops for a signal is let go on with it, after
/// a fault is held against its stack ([`Watched::stack_overflow`]). (The only signal handler of
/// these programs, the tool's for Ctrl-C, restarts an interrupted wait: no wait here fails with
/// `EINTR`.)
fn wait_for_end(pid: libc::pid_t, flags: libc::c_int, watched: &mut Watched) -> io::Result<bool> {
    // SAFETY: an all-zero siginfo_t is valid, and waitid writes only into it.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    let id = libc::id_t::try_from(pid).expect("a pid is positive");
    let flags = libc::WEXITED | libc::WSTOPPED | libc::WNOWAIT | flags;
    // SAFETY: `info` is valid for the call; WNOWAIT leaves the child unreaped.
    if unsafe { libc::waitid(libc::P_PID, id, &mut info, flags) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: waitid filled `info` in; si_pid is 0 when nothing has ended or stopped yet.
    if unsafe { info.si_pid() } == 0 {
        return Ok(false);
    }
    if info.si_code != libc::CLD_TRAPPED {
        return Ok(true);
    }
    // A stop of the traced process: taken, then let go on with the signal it stopped for.
    let mut status = 0;
    // SAFETY: `pid` is this process's child, stopped; waitpid writes only into `status`.
    if unsafe { libc::waitpid(pid, &mut status, libc::__WALL) } != pid {
        return Err(io::Error::last_os_error());
    }
    let signal = match libc::WSTOPSIG(status) {
        // The stop at an `exec`, which is no signal of the program's.
        libc::SIGTRAP => 0,
        signal @ (libc::SIGSEGV | libc::SIGBUS) => {
            watched.stack_overflow |= faulted_beyond_stack(pid);
            signal
        }
        signal => signal,
    };
    // SAFETY: the process is stopped under this thread's trace; PTRACE_CONT has no memory
    // effects. If it has gone meanwhile, the next wait sees it end.
    unsafe { libc::ptrace(libc::PTRACE_CONT, pid, 0, signal) };
    Ok(false)
}

/// Room below a stack in which a fault means that the stack could not grow: Linux keeps a gap of
/// 256 pages (1 MiB) below it, and a large frame can reach beyond that.
const BELOW_THE_STACK: u64 = 8 << 20;

/// Whether the fault that stopped the traced process `pid` is just below its stack (`[stack]` in
/// `/proc/PID/maps`), where the stack would have grown.
fn faulted_beyond_stack(pid: libc::pid_t) -> bool {
    // SAFETY: an all-zero siginfo_t is valid, and PTRACE_GETSIGINFO writes only into it.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    let info_pointer = std::ptr::addr_of_mut!(info);
    // SAFETY: the process is stopped under this thread's trace, and `info` is valid.
    if unsafe { libc::ptrace(libc::PTRACE_GETSIGINFO, pid, 0, info_pointer) } != 0 {
        return false;
    }
    // SAFETY: for SIGSEGV and SIGBUS, si_addr is the address of the fault.
    let address = unsafe { info.si_addr() } as u64;
    let maps = fs::read_to_string(format!("/proc/{pid}/maps")).unwrap_or_default();
    let stack_start = maps
        .lines()
        .find(|line| line.ends_with("[stack]"))
        .and_then(|line| line.split('-').next())
        .and_then(|start| u64::from_str_radix(start, 16).ok());
    stack_start.is_some_and(|start| address < start && start - address <= BELOW_THE_STACK)
}

/// Reaps the ended process `pid`: its wait status and resource usage.
fn reap(pid: libc::pid_t) -> io::Result<(ExitStatus, libc::rusage)> {
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid, and wait4 writes only into the two locations.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: as above; `pid` is a child of this process that has ended.
    match unsafe { libc::wait4(pid, &mut status, 0, &mut usage) } == pid {
        true => Ok((ExitStatus::from_raw(status), usage)),
        false => Err(io::Error::last_os_error()),
    }
}

/// Stops every process of the group that `pid` leads.
fn kill_group(pid: libc::pid_t) {
    // SAFETY: kill has no memory effects. The group's leader is not reaped yet, so its id still
    // names this group and no other.
    unsafe { libc::kill(-pid, libc::SIGKILL) };
}
