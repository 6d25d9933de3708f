//! Starting a process, and every system call on it that Rust's standard library does not make:
//! the one part of the tool with `unsafe` code, each block with the reason it is sound. The rest
//! of [`super`] watches what starts here through the safe functions below.

use super::{Options, Stdin};
use std::env;
use std::ffi::{CStr, CString, OsStr};
use std::fs::{self, File};
use std::io::{self, Write};
use std::os::fd::{AsRawFd, BorrowedFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus};
use std::sync::LazyLock;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::Duration;

/// A program started by [`start`], and this process's ends of its pipes.
pub(super) struct Started {
    pub pid: libc::pid_t,
    /// Whether it is traced: it stops once it has executed the program, and at each signal.
    pub traced: bool,
    /// Where its input is written, when it comes from bytes.
    pub stdin: Option<File>,
    /// Where its output is read, unless it is discarded.
    pub stdout: Option<File>,
    pub stderr: File,
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
pub(super) fn start(
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
    let kept = env::vars_os()
        .filter(|(name, _)| !(options.judge_environment && super::left_out_by_the_judge(name)));
    let environment = kept.map(|(name, value)| {
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
        limits: rlimits(options),
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
pub(super) struct Ends {
    stdin: Option<File>,
    stdout: Option<File>,
    stderr: File,
}

impl Ends {
    /// The ends of `pid`'s run.
    pub(super) fn of(self, pid: libc::pid_t, traced: bool) -> Started {
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
pub(super) fn pipes(stdin: Stdin, options: &Options) -> io::Result<([File; 3], Ends)> {
    let (stdin_read, stdin_write) = match stdin {
        Stdin::Bytes(_) => {
            let (read, write) = pipe()?;
            (read, Some(write))
        }
        Stdin::File(path) => (File::open(path)?, None),
        Stdin::Fd(fd) => (File::from(fd.try_clone_to_owned()?), None),
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
pub(super) type Rlimits = [(libc::__rlimit_resource_t, Option<libc::rlimit>); 2];

pub(super) fn rlimits(options: &Options) -> Rlimits {
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
fn set_rlimits(limits: &Rlimits) -> libc::c_int {
    for (resource, limit) in limits {
        let Some(limit) = limit else {
            continue;
        };
        // SAFETY: setrlimit reads a valid rlimit.
        if unsafe { libc::setrlimit(*resource, limit) } != 0 {
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
pub(super) fn pipe() -> io::Result<(File, File)> {
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
    limits: Rlimits,
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
///
/// # Safety
///
/// Only the new process of [`start`] may call it, with the `Exec` prepared for it.
unsafe fn set_up_and_execute(exec: &Exec) -> libc::c_int {
    // SAFETY: each call below is a system call on valid pointers, which allocates nothing and
    // takes no lock, as a process that shares its parent's memory must.
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
        let error = set_rlimits(&exec.limits);
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

/// How a process ended, as its parent reaps it.
pub(super) struct Ended {
    pub status: ExitStatus,
    /// User and system time, of the process and of every process it waited for.
    pub cpu: Duration,
    /// `ru_maxrss`, in bytes.
    pub max_rss: u64,
}

/// Reaps the ended process `pid`: how it ended.
pub(super) fn reap(pid: libc::pid_t) -> io::Result<Ended> {
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid, and wait4 writes only into the two locations.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: as above; `pid` is a child of this process that has ended.
    if unsafe { libc::wait4(pid, &mut status, 0, &mut usage) } != pid {
        return Err(io::Error::last_os_error());
    }
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    Ok(Ended {
        status: ExitStatus::from_raw(status),
        cpu: time(usage.ru_utime) + time(usage.ru_stime),
        max_rss: usage.ru_maxrss as u64 * 1024,
    })
}

/// Stops every process of the group that `pid` leads.
pub(super) fn kill_group(pid: libc::pid_t) {
    // SAFETY: kill has no memory effects. The group's leader is not reaped yet, so its id still
    // names this group and no other.
    unsafe { libc::kill(-pid, libc::SIGKILL) };
}

/// Where a child of this process is, as `waitid` sees it without reaping it.
pub(super) enum Waited {
    Running,
    Ended,
    /// Traced, it stopped: at its exec, or for a signal.
    Trapped,
}

/// Where the child `pid` is, waiting until it has ended or stopped if `block`; it is left to be
/// reaped. (The only signal handler of these programs, the tool's for Ctrl-C, restarts an
/// interrupted wait: no wait here fails with `EINTR`.)
pub(super) fn wait_without_reaping(pid: libc::pid_t, block: bool) -> io::Result<Waited> {
    // SAFETY: an all-zero siginfo_t is valid, and waitid writes only into it.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    let id = libc::id_t::try_from(pid).expect("a pid is positive");
    let flags = libc::WEXITED | libc::WSTOPPED | libc::WNOWAIT;
    let flags = if block { flags } else { flags | libc::WNOHANG };
    // SAFETY: `info` is valid for the call; WNOWAIT leaves the child unreaped.
    if unsafe { libc::waitid(libc::P_PID, id, &mut info, flags) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: waitid filled `info` in; si_pid is 0 when nothing has ended or stopped yet.
    if unsafe { info.si_pid() } == 0 {
        return Ok(Waited::Running);
    }
    Ok(match info.si_code == libc::CLD_TRAPPED {
        true => Waited::Trapped,
        false => Waited::Ended,
    })
}

/// Takes the stop of the traced child `pid`, which [`wait_without_reaping`] found trapped: the
/// signal it stopped for.
pub(super) fn take_stop(pid: libc::pid_t) -> io::Result<libc::c_int> {
    let mut status = 0;
    // SAFETY: `pid` is this process's child, stopped; waitpid writes only into `status`.
    if unsafe { libc::waitpid(pid, &mut status, libc::__WALL) } != pid {
        return Err(io::Error::last_os_error());
    }
    Ok(libc::WSTOPSIG(status))
}

/// Lets the stopped, traced child `pid` go on, with `signal` (0 for none).
pub(super) fn resume(pid: libc::pid_t, signal: libc::c_int) {
    // SAFETY: the process is stopped under this thread's trace; PTRACE_CONT has no memory
    // effects. If it has gone meanwhile, the next wait sees it end.
    unsafe { libc::ptrace(libc::PTRACE_CONT, pid, 0, signal) };
}

/// The address of the fault that stopped the traced child `pid` (a SIGSEGV or a SIGBUS), if the
/// system says.
pub(super) fn fault_address(pid: libc::pid_t) -> Option<u64> {
    // SAFETY: an all-zero siginfo_t is valid, and PTRACE_GETSIGINFO writes only into it.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    let info_pointer = std::ptr::addr_of_mut!(info);
    // SAFETY: the process is stopped under this thread's trace, and `info` is valid.
    if unsafe { libc::ptrace(libc::PTRACE_GETSIGINFO, pid, 0, info_pointer) } != 0 {
        return None;
    }
    // SAFETY: for SIGSEGV and SIGBUS, si_addr is the address of the fault.
    Some(unsafe { info.si_addr() } as u64)
}

/// A descriptor that becomes readable when the child `pid`, not yet reaped, ends (a pidfd, Linux
/// 5.3 on); None where the kernel gives none.
pub(super) fn end_descriptor(pid: libc::pid_t) -> Option<OwnedFd> {
    // SAFETY: pidfd_open takes a pid and flags, and returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    let fd = libc::c_int::try_from(fd).ok().filter(|&fd| fd >= 0)?;
    // SAFETY: the descriptor was just opened, and nothing else owns it.
    Some(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// Waits until `fd` is readable, for at most `time` (forever with None): whether it is.
pub(super) fn wait_readable(fd: BorrowedFd, time: Option<Duration>) -> io::Result<bool> {
    let mut watched = libc::pollfd {
        fd: fd.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    let timeout = time.map(|time| libc::timespec {
        tv_sec: libc::time_t::try_from(time.as_secs()).unwrap_or(libc::time_t::MAX),
        tv_nsec: time.subsec_nanos().into(),
    });
    let timeout = timeout
        .as_ref()
        .map_or(std::ptr::null(), std::ptr::from_ref);
    loop {
        // SAFETY: one valid pollfd and a valid timespec or none; the signal mask is left as it is.
        match unsafe { libc::ppoll(&mut watched, 1, timeout, std::ptr::null()) } {
            // Interrupted, it waits again, a wait with a time limit for that time again: a
            // watch that looks every few milliseconds waits a little longer.
            -1 if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted => {}
            -1 => return Err(io::Error::last_os_error()),
            ready => return Ok(ready > 0),
        }
    }
}

/// Makes reads and writes of `file` return at once, `WouldBlock`, where they would wait.
pub(super) fn set_nonblocking(file: &File) -> io::Result<()> {
    let fd = file.as_raw_fd();
    // SAFETY: fcntl on a descriptor `file` owns reads and sets its status flags, nothing else.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    // SAFETY: as above.
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Waits until one of `watched` (a descriptor and the `poll` events it waits for) is ready,
/// for at most `time`: which are, by their `revents`.
pub(super) fn wait_ready(
    watched: &[(BorrowedFd, libc::c_short)],
    time: Duration,
) -> io::Result<Vec<libc::c_short>> {
    let mut polled: Vec<libc::pollfd> = watched
        .iter()
        .map(|(fd, events)| libc::pollfd {
            fd: fd.as_raw_fd(),
            events: *events,
            revents: 0,
        })
        .collect();
    let timeout = libc::c_int::try_from(time.as_millis()).unwrap_or(libc::c_int::MAX);
    // SAFETY: `polled` holds as many valid pollfds as its length says.
    let ready = unsafe { libc::poll(polled.as_mut_ptr(), polled.len() as libc::nfds_t, timeout) };
    match ready {
        -1 if io::Error::last_os_error().kind() != io::ErrorKind::Interrupted => {
            Err(io::Error::last_os_error())
        }
        _ => Ok(polled.iter().map(|fd| fd.revents).collect()),
    }
}

/// A setting of the system's, by its `sysconf` name; None where it has none.
fn system_setting(name: libc::c_int) -> Option<u64> {
    // SAFETY: sysconf only reads a setting.
    u64::try_from(unsafe { libc::sysconf(name) }).ok()
}

/// Clock ticks per second, the unit of CPU time in `/proc`.
pub(super) fn clock_ticks() -> u64 {
    system_setting(libc::_SC_CLK_TCK).unwrap_or(100).max(1)
}

/// The size of a page of memory, in bytes.
pub(super) fn page_size() -> u64 {
    system_setting(libc::_SC_PAGESIZE).unwrap_or(4096)
}

/// Starts `command` with `rlimits` set on its process before it executes, and ended if the
/// thread that starts it ends first (`PR_SET_PDEATHSIG`): how a forkserver is started.
pub(super) fn spawn_limited(command: &mut Command, rlimits: Rlimits) -> io::Result<Child> {
    // SAFETY: only system calls, which are async-signal-safe, between the fork and the exec.
    unsafe {
        command.pre_exec(move || match set_rlimits(&rlimits) {
            0 if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) == 0 => Ok(()),
            0 => Err(io::Error::last_os_error()),
            error => Err(io::Error::from_raw_os_error(error)),
        });
    }
    command.spawn()
}

/// Has the allocator keep what is freed, up to blocks of 32 MiB, rather than give it back to the
/// system: a check makes and answers hundreds of inputs, each allocating what the one before
/// freed (the 52³-vertex arrays of a Shiritori answer, say), and memory given back is faulted in
/// again, page by page: 90,000 page faults, a tenth of the tool's time, in a check of 300
/// Shiritori cases.
pub fn keep_freed_memory() {
    // SAFETY: mallopt only changes settings of glibc's allocator, which take effect at once.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 1 << 30);
    }
}

/// This process's hard limit on the stack (`ulimit -Hs`), in bytes, which only a privileged
/// process may raise and no run can pass; None where there is none or the system does not say.
pub fn hard_stack_limit() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes into `limit`.
    let known = unsafe { libc::getrlimit(libc::RLIMIT_STACK, &mut limit) } == 0;
    (known && limit.rlim_max != libc::RLIM_INFINITY).then_some(limit.rlim_max)
}
