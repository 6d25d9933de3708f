//! A forkserver: a CPython interpreter started once, with the program's script compiled, that
//! forks a process for each run, where starting the interpreter anew would cost each run its
//! start-up (30 to 100 ms here, most of a small run) and a check of 300 small runs half a minute.
//!
//! A run forked so is the program as `python3 SCRIPT` runs it, from a started interpreter: its
//! input, output and error are the run's, its `sys.argv`, `__main__` and `sys.path[0]` the
//! script's, its limits the server's (set when it started), and its end that of the interpreter:
//! the threads joined, the `atexit` functions run, what `__main__` held released, the output
//! flushed, the status of its `SystemExit` or 1 after an uncaught exception, whose traceback is
//! printed. It differs in what no judge's verdict should rest on: the modules the server imported
//! are imported already, and every run shares the server's hash seed. Its times leave out the
//! start-up ([`super::Run::forked`]): the caller makes a run again, started anew, wherever the
//! start-up or a difference could matter.
//!
//! The server takes a request on its stdin, a Unix socket: one byte with the run's stdin, stdout
//! and stderr attached (`SCM_RIGHTS`). It answers with the pid of the process that runs it, in a
//! process group of its own, forked ahead (while the run before went on) and waiting for the
//! run's stdio, so that no run waits for a fork; then `ended` once that has ended, which it
//! leaves unreaped until told (so that its process group is stopped while its id cannot name
//! another); then its wait status, user and system time in microseconds and `ru_maxrss` in
//! kilobytes.

use super::{Options, Parent, Run, RunError, Started, Stdin, collect, limits, pipes, set_limits};
use nix::sys::socket::{ControlMessage, MsgFlags, sendmsg};
use std::ffi::{OsStr, OsString};
use std::io::{self, IoSlice, Read, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::net::UnixStream;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::Instant;

/// The server, run by the interpreter with `-c`, its script's path its one argument. Its own
/// names are local to `_serve`, as a forked run clears `__main__`'s, which are the server's.
const SERVER: &str = r#"
def _serve(path):
    import builtins, gc, os, socket, sys
    with open(path, "rb") as file:
        code = compile(file.read(), path, "exec")
    sys.path[0] = os.path.dirname(os.path.abspath(path))
    try:
        import ctypes
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except Exception:
        prctl = None
    control = socket.socket(fileno=os.dup(0))
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    # What the server holds is never collected in a run: the collector leaves it unwritten, and
    # unshared by copy-on-write.
    gc.freeze()

    def spare():
        # A process forked ahead of its run, which waits for the run's stdio: the fork is not on
        # the run's way. In the server it returns the process and the socket it waits on; in the
        # process, once the run comes, the run's stdio.
        ours, theirs = socket.socketpair()
        pid = os.fork()
        if pid == 0:
            ours.close()
            control.close()
            os.setpgid(0, 0)
            if prctl is not None:
                prctl(1, 9)  # PR_SET_PDEATHSIG, SIGKILL: it ends if the server does
            message, fds, _, _ = socket.recv_fds(theirs, 1, 3)
            if not message:
                os._exit(0)  # the server has ended
            theirs.close()
            return None, fds
        theirs.close()
        try:
            os.setpgid(pid, pid)  # as the process does: its group exists once it is named
        except OSError:
            pass
        return (pid, ours), None

    waiting, fds = spare()
    while waiting is not None:
        message, fds, _, _ = socket.recv_fds(control, 1, 3)
        if not message:
            return
        pid, channel = waiting
        socket.send_fds(channel, [b"r"], fds)
        channel.close()
        for fd in fds:
            os.close(fd)
        control.sendall(b"%d\n" % pid)
        # The next run's process is forked while this one runs.
        waiting, fds = spare()
        if waiting is None:
            break
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
        control.sendall(b"ended\n")
        control.recv(1)
        _, status, usage = os.wait4(pid, 0)
        times = (round(usage.ru_utime * 1e6), round(usage.ru_stime * 1e6))
        control.sendall(b"%d %d %d %d\n" % (status, *times, usage.ru_maxrss))
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
    for fd in fds:
        os.close(fd)
    sys.argv[:] = [path]
    main = sys.modules["__main__"].__dict__
    main.clear()
    main.update(__name__="__main__", __file__=path, __builtins__=builtins, __doc__=None,
                __loader__=None, __spec__=None, __package__=None, __cached__=None)
    status = 0
    try:
        exec(code, main)
    except SystemExit as end:
        status = end.code
    except BaseException as error:
        # Its traceback, from the script on, as the interpreter prints it.
        error.__traceback__ = error.__traceback__.tb_next
        sys.excepthook(type(error), error, error.__traceback__)
        status = 1
    threading = sys.modules.get("threading")
    if threading is not None:
        threading._shutdown()
    import atexit
    atexit._run_exitfuncs()
    main.clear()
    gc.collect()
    if status is None:
        status = 0
    elif not isinstance(status, int):
        print(status, file=sys.stderr)
        status = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            status = 120
    os._exit(status & 255)

import sys
_serve(sys.argv[1])
"#;

/// Whether `command` is one a forkserver can serve: a CPython interpreter (`python`, `python3`,
/// `python3.11`, by name or path), its options, and a script, `.py`, last.
pub fn serves(command: &[impl AsRef<OsStr>]) -> bool {
    let [interpreter, .., script] = command else {
        return false;
    };
    let name = Path::new(interpreter.as_ref()).file_name();
    let name = name.map(OsStr::to_string_lossy).unwrap_or_default();
    let cpython = name
        .strip_prefix("python")
        .is_some_and(|version| version.chars().all(|c| c.is_ascii_digit() || c == '.'));
    cpython && Path::new(script.as_ref()).extension() == Some(OsStr::new("py"))
}

/// A running forkserver, and the limits it was started with, which its runs inherit.
pub struct Forkserver {
    server: Child,
    channel: Channel,
    address_space: Option<u64>,
    stack: Option<u64>,
}

/// The tool's end of a forkserver's socket, for the run it forked last.
pub struct Channel(UnixStream);

impl Forkserver {
    /// Starts the forkserver of `command` (which it [`serves`]) with the stack and address space
    /// of `options`, ended if the thread that starts it ends first.
    pub fn start(command: &[impl AsRef<OsStr>], options: &Options) -> io::Result<Self> {
        let unserved = || io::Error::new(io::ErrorKind::InvalidInput, "not a CPython script");
        let (script, interpreter) = command.split_last().ok_or_else(unserved)?;
        if !serves(command) {
            return Err(unserved());
        }
        let (ours, theirs) = UnixStream::pair()?;
        let mut arguments: Vec<OsString> = interpreter[1..]
            .iter()
            .map(|word| word.as_ref().to_os_string())
            .collect();
        arguments.extend(["-c".into(), SERVER.into(), script.as_ref().to_os_string()]);
        let limits = limits(options);
        let mut server = Command::new(interpreter[0].as_ref());
        server
            .args(arguments)
            .stdin(Stdio::from(OwnedFd::from(theirs)))
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: only system calls, which are async-signal-safe, between the fork and the exec.
        unsafe {
            server.pre_exec(move || match set_limits(&limits) {
                0 if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) == 0 => Ok(()),
                0 => Err(io::Error::last_os_error()),
                error => Err(io::Error::from_raw_os_error(error)),
            });
        }
        Ok(Self {
            server: server.spawn()?,
            channel: Channel(ours),
            address_space: options.address_space,
            stack: options.stack,
        })
    }

    /// Runs the script on `stdin` in a process forked by the server, as [`super::run`] runs a
    /// program, with the limits of `options` but for its stack and address space, which are the
    /// server's: a run that asks for others cannot be served. A server that is gone cannot start
    /// the run.
    pub fn run(&mut self, stdin: Stdin, options: &Options) -> Result<Run, RunError> {
        if (options.address_space, options.stack) != (self.address_space, self.stack) {
            let other = io::Error::new(io::ErrorKind::InvalidInput, "other limits");
            return Err(RunError::CannotStart(other));
        }
        let started = Instant::now();
        let child = self.fork(stdin, options).map_err(RunError::CannotStart)?;
        let parent = Parent::Forkserver(&mut self.channel);
        collect(child, parent, stdin, options, started, 0)
    }

    /// Asks the server for a process with the run's stdio, and gives it to the run.
    fn fork(&mut self, stdin: Stdin, options: &Options) -> io::Result<Started> {
        let (program_stdio, ends) = pipes(stdin, options)?;
        let stdio = program_stdio.each_ref().map(AsRawFd::as_raw_fd);
        let socket = self.channel.0.as_raw_fd();
        let request = [IoSlice::new(b"r")];
        sendmsg::<()>(
            socket,
            &request,
            &[ControlMessage::ScmRights(&stdio)],
            MsgFlags::MSG_NOSIGNAL,
            None,
        )?;
        // The program's ends are the forked process's now: closed here, its output ends with it.
        drop(program_stdio);
        let pid = self.channel.line()?;
        let pid = pid.trim().parse().map_err(|_| self.channel.garbled(&pid))?;
        Ok(ends.of(pid, false))
    }
}

impl Drop for Forkserver {
    /// Ends the server, which waits for its next request, and reaps it.
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

impl Channel {
    /// One line from the server, without its end; an error if the server has gone.
    fn line(&mut self) -> io::Result<String> {
        let mut line = Vec::new();
        let mut byte = [0];
        while byte != *b"\n" {
            if self.0.read(&mut byte)? == 0 {
                let gone = "the forkserver has ended";
                return Err(io::Error::new(io::ErrorKind::UnexpectedEof, gone));
            }
            line.push(byte[0]);
        }
        line.pop();
        Ok(String::from_utf8_lossy(&line).into_owned())
    }

    fn garbled(&self, line: &str) -> io::Error {
        let message = format!("the forkserver said {line:?}");
        io::Error::new(io::ErrorKind::InvalidData, message)
    }

    /// The notice of the forked process's end: the server's word of it.
    pub(super) fn end_notice(&self) -> Option<super::EndNotice> {
        let socket = self.0.try_clone().ok()?;
        Some(super::EndNotice(OwnedFd::from(socket)))
    }

    /// Whether the forked process has ended, as the server says: waits for it if `block`.
    pub(super) fn ended(&mut self, block: bool) -> io::Result<bool> {
        let mut watched = libc::pollfd {
            fd: self.0.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        let timeout = if block { -1 } else { 0 };
        // SAFETY: one valid pollfd.
        match unsafe { libc::poll(&mut watched, 1, timeout) } {
            -1 => Err(io::Error::last_os_error()),
            ready => Ok(ready > 0),
        }
    }

    /// The forked process's end, once it has ended and what it started is stopped: the server
    /// reaps it, and says its wait status and usage.
    pub(super) fn reap(&mut self) -> io::Result<(ExitStatus, libc::rusage)> {
        let ended = self.line()?;
        if ended != "ended" {
            return Err(self.garbled(&ended));
        }
        self.0.write_all(b"k")?;
        let line = self.line()?;
        let numbers: Vec<i64> = line
            .split(' ')
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| self.garbled(&line))?;
        let &[status, user, system, max_rss] = numbers.as_slice() else {
            return Err(self.garbled(&line));
        };
        let time = |microseconds: i64| libc::timeval {
            tv_sec: microseconds / 1_000_000,
            tv_usec: microseconds % 1_000_000,
        };
        // SAFETY: an all-zero rusage is valid.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        usage.ru_utime = time(user);
        usage.ru_stime = time(system);
        usage.ru_maxrss = max_rss;
        Ok((ExitStatus::from_raw(status as i32), usage))
    }
}
