//! Running a program as a judge does, for the tool, the tests and the benchmarks alike: its input
//! on stdin, its output collected (or discarded), its wall time, CPU time and peak memory
//! measured, and the program, with everything it started, stopped at a limit and never left
//! running.

use std::ffi::OsStr;
use std::fmt;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

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
    /// Wall-clock time after which the program is stopped.
    pub wall_limit: Option<Duration>,
    /// Virtual memory the program may reserve (`RLIMIT_AS`), in bytes: an allocation beyond it
    /// fails at once, where without it the system might grant it and fail only when it is used.
    pub address_space: Option<u64>,
    /// Send stdout to `/dev/null` instead of collecting it, as a benchmark wants.
    pub discard_stdout: bool,
}

/// The limit at which a run was stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    WallTime,
}

/// A finished run.
#[derive(Debug)]
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
    /// The largest resident memory of the program or of one of those processes, in bytes, as
    /// `wait4` reports it (`ru_maxrss`). Linux counts in it the memory of the process that
    /// started the program, at the moment it did, so a small program started from a large
    /// process seems as large as that process (see the benchmarks' launcher).
    pub peak_memory: u64,
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

/// How often a running program is looked at while a limit is set: often enough that a run of a
/// millisecond or two, which most are, is not kept waiting.
const POLL: Duration = Duration::from_micros(200);

/// Runs `command` (a program and its arguments) with `stdin`, as `options` say, and waits for
/// it to end. The program runs in a process group of its own, which is stopped as a whole when
/// the program ends or is stopped, so that nothing it started is left running.
pub fn run(
    command: &[impl AsRef<OsStr>],
    stdin: Stdin,
    options: &Options,
) -> Result<Run, RunError> {
    let (program, arguments) = command.split_first().ok_or_else(|| {
        RunError::CannotStart(io::Error::new(io::ErrorKind::InvalidInput, "no command"))
    })?;
    let mut process = Command::new(program);
    process
        .args(arguments)
        .stdout(if options.discard_stdout {
            Stdio::null()
        } else {
            Stdio::piped()
        })
        .stderr(Stdio::piped())
        .process_group(0);
    match stdin {
        Stdin::Bytes(_) => process.stdin(Stdio::piped()),
        Stdin::File(path) => process.stdin(File::open(path).map_err(RunError::CannotStart)?),
    };
    if let Some(bytes) = options.address_space {
        let limit = libc::rlimit {
            rlim_cur: bytes,
            rlim_max: bytes,
        };
        // SAFETY: between fork and exec only setrlimit runs, which is async-signal-safe, on a
        // value copied into the closure.
        unsafe {
            process.pre_exec(move || match libc::setrlimit(libc::RLIMIT_AS, &limit) {
                0 => Ok(()),
                _ => Err(io::Error::last_os_error()),
            })
        };
    }
    let started = Instant::now();
    let mut child = process.spawn().map_err(RunError::CannotStart)?;
    let pid = libc::pid_t::try_from(child.id()).expect("a pid fits pid_t");
    let writer = match (stdin, child.stdin.take()) {
        (Stdin::Bytes(bytes), Some(mut pipe)) => {
            let bytes = bytes.to_vec();
            // A program may end without reading all its input: a broken pipe is no failure.
            Some(thread::spawn(move || drop(pipe.write_all(&bytes))))
        }
        _ => None,
    };
    let read_all = |pipe: Option<Box<dyn Read + Send>>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = read_all(child.stdout.take().map(|pipe| Box::new(pipe) as _));
    let stderr = read_all(child.stderr.take().map(|pipe| Box::new(pipe) as _));
    let waited = watch(pid, started, options);
    // Whatever happened, nothing of the run is left behind: the group is stopped, and the
    // threads end once its pipes close.
    kill_group(pid);
    let reaped = reap(pid);
    let ended = waited.and_then(|stopped| reaped.map(|reaped| (stopped, reaped)));
    let wall = started.elapsed();
    if let Some(writer) = writer {
        writer.join().expect("the input writer does not panic");
    }
    let stdout = stdout.join().expect("the output reader does not panic");
    let stderr = stderr.join().expect("the error reader does not panic");
    let (stopped, (status, usage)) = ended.map_err(RunError::CannotWatch)?;
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    Ok(Run {
        status,
        stopped,
        stdout,
        stderr,
        wall,
        cpu: time(usage.ru_utime) + time(usage.ru_stime),
        peak_memory: usage.ru_maxrss as u64 * 1024,
    })
}

/// Waits until process `pid` has ended, without reaping it (so that its process group stays
/// reserved until it is stopped), stopping it at the limits of `options`. Says at which limit it
/// was stopped, if at one.
fn watch(pid: libc::pid_t, started: Instant, options: &Options) -> io::Result<Option<Stop>> {
    let Some(wall_limit) = options.wall_limit else {
        wait_for_end(pid, 0)?;
        return Ok(None);
    };
    loop {
        if wait_for_end(pid, libc::WNOHANG)? {
            return Ok(None);
        }
        if started.elapsed() >= wall_limit {
            kill_group(pid);
            wait_for_end(pid, 0)?;
            return Ok(Some(Stop::WallTime));
        }
        thread::sleep(POLL);
    }
}

/// Whether process `pid` has ended, waiting for it unless `flags` has `WNOHANG`; it is left to
/// be reaped.
fn wait_for_end(pid: libc::pid_t, flags: libc::c_int) -> io::Result<bool> {
    loop {
        // SAFETY: an all-zero siginfo_t is valid, and waitid writes only into it.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let id = libc::id_t::try_from(pid).expect("a pid is positive");
        // SAFETY: `info` is valid for the call; WNOWAIT leaves the child unreaped.
        let result = unsafe {
            libc::waitid(
                libc::P_PID,
                id,
                &mut info,
                libc::WEXITED | libc::WNOWAIT | flags,
            )
        };
        if result == 0 {
            // SAFETY: waitid filled `info` in; si_pid is 0 when nothing has ended yet.
            return Ok(unsafe { info.si_pid() } != 0);
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

/// Reaps the ended process `pid`: its wait status and resource usage.
fn reap(pid: libc::pid_t) -> io::Result<(ExitStatus, libc::rusage)> {
    loop {
        let mut status = 0;
        // SAFETY: an all-zero rusage is valid, and wait4 writes only into the two locations.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: as above; `pid` is a child of this process that has ended.
        if unsafe { libc::wait4(pid, &mut status, 0, &mut usage) } == pid {
            return Ok((ExitStatus::from_raw(status), usage));
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

/// Stops every process of the group that `pid` leads.
fn kill_group(pid: libc::pid_t) {
    // SAFETY: kill has no memory effects. The group's leader is not reaped yet, so its id still
    // names this group and no other.
    unsafe { libc::kill(-pid, libc::SIGKILL) };
}
