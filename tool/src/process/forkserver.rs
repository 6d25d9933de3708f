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
//! The server says `ready` on its stdin, a Unix socket, once it has compiled the script, with the
//! CPU time its start took, which a forked run skips. Then it takes a request there: one byte
//! with the run's stdin, stdout and stderr attached (`SCM_RIGHTS`). It answers with the pid of the process that runs it, in a
//! process group of its own, forked ahead (while the run before went on) and waiting for the
//! run's stdio, so that no run waits for a fork; then `ended` once that has ended, which it
//! leaves unreaped until told (so that its process group is stopped while its id cannot name
//! another); then its wait status, user and system time in microseconds and `ru_maxrss` in
//! kilobytes.

use super::start::{self, Ended, Started, pipes, rlimits};
use super::watch::{EndNotice, Parent, Watched};
use super::{Options, Run, RunError, Stdin, collect, left_out_by_the_judge};
use nix::sys::socket::{ControlMessage, MsgFlags, sendmsg};
use std::ffi::{OsStr, OsString};
use std::io::{self, IoSlice, Read, Write};
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::os::unix::net::UnixStream;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// The server (`forkserver.py`), run by the interpreter with `-c`, its script's path its one
/// argument.
const SERVER: &str = include_str!("forkserver.py");

/// The longest the server may take to answer a request: a server that does not is given up
/// then, and its runs are started anew.
const ANSWER_TIME: Duration = Duration::from_secs(5);

/// The longest the server may take to start and say it is ready: a command that looked like
/// CPython running a script but does not speak the protocol is given up then. Longer than an
/// answer: an interpreter's start on a machine busy with other work can take seconds.
const START_TIME: Duration = Duration::from_secs(10);

/// Whether `command` is one a forkserver can serve: a CPython interpreter (`python`, `python3`,
/// `python3.11`, by name or path), its options (`-S`, `-X int_max_str_digits=0`), and a script,
/// `.py`, last. This is a guess from its words: a server that does not say it is ready in time
/// serves nothing ([`Forkserver::start`]).
pub fn serves(command: &[impl AsRef<OsStr>]) -> bool {
    let [interpreter, options @ .., script] = command else {
        return false;
    };
    let name = Path::new(interpreter.as_ref()).file_name();
    let name = name.map(OsStr::to_string_lossy).unwrap_or_default();
    let cpython = name
        .strip_prefix("python")
        .is_some_and(|version| version.chars().all(|c| c.is_ascii_digit() || c == '.'));
    // Every word between is an option, or the value of one that takes a value: a word that is
    // neither is a script of its own (`python3 runner.py main.py`), which the server would not
    // run.
    let mut value_next = false;
    let only_options = options.iter().all(|word| {
        let word = word.as_ref().to_string_lossy();
        let option = std::mem::take(&mut value_next) || word.starts_with('-');
        value_next = word == "-X" || word == "-W";
        option && word != "-c" && word != "-m"
    });
    cpython && only_options && Path::new(script.as_ref()).extension() == Some(OsStr::new("py"))
}

/// A running forkserver, the limits it was started with, which its runs inherit, and the CPU
/// time its start took, which each run it forks skips.
pub struct Forkserver {
    server: Child,
    channel: Channel,
    address_space: Option<u64>,
    stack: Option<u64>,
    start_up: Duration,
}

/// The tool's end of a forkserver's socket, for the run it forked last.
pub struct Channel(UnixStream);

impl Forkserver {
    /// Starts the forkserver of `command` (which it [`serves`]) with the stack and address space
    /// of `options`, ended if the thread that starts it ends first, once it says it is ready: an
    /// error if it does not within [`START_TIME`] (a script that does not compile, or a command
    /// that is not what it looked like).
    pub fn start(command: &[impl AsRef<OsStr>], options: &Options) -> io::Result<Self> {
        let unserved = || io::Error::new(io::ErrorKind::InvalidInput, "not a CPython script");
        let (script, interpreter) = command.split_last().ok_or_else(unserved)?;
        if !serves(command) {
            return Err(unserved());
        }
        let (ours, theirs) = UnixStream::pair()?;
        ours.set_read_timeout(Some(START_TIME))?;
        let mut arguments: Vec<OsString> = interpreter[1..]
            .iter()
            .map(|word| word.as_ref().to_os_string())
            .collect();
        arguments.extend(["-c".into(), SERVER.into(), script.as_ref().to_os_string()]);
        let mut server = Command::new(interpreter[0].as_ref());
        server
            .args(arguments)
            .stdin(Stdio::from(OwnedFd::from(theirs)))
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if options.judge_environment {
            let left_out = std::env::vars_os().filter(|(name, _)| left_out_by_the_judge(name));
            for (name, _) in left_out {
                server.env_remove(name);
            }
        }
        let spawned = start::spawn_limited(&mut server, rlimits(options))?;
        // The command holds the server's end of the socket, which must be the server's alone:
        // once the server ends, reading ours ends too.
        drop(server);
        let mut forkserver = Self {
            server: spawned,
            channel: Channel(ours),
            address_space: options.address_space,
            stack: options.stack,
            start_up: Duration::ZERO,
        };
        // Dropped on an error, the server is killed and reaped.
        let ready = forkserver.channel.line()?;
        let start_up = ready
            .strip_prefix("ready ")
            .and_then(|cpu| cpu.parse().ok());
        let start_up = start_up.ok_or_else(|| forkserver.channel.garbled(&ready))?;
        forkserver.start_up = Duration::from_micros(start_up);
        forkserver.channel.0.set_read_timeout(Some(ANSWER_TIME))?;
        Ok(forkserver)
    }

    /// Runs the script on `stdin` in a process forked by the server, as [`super::run`] runs a
    /// program, with the limits of `options` but for its stack and address space, which are the
    /// server's: a run that asks for others cannot be served. A server that is gone cannot start
    /// the run.
    pub fn run(&mut self, stdin: Stdin, options: &Options) -> Result<Run, RunError> {
        self.run_with(&[] as &[&OsStr], stdin, options)
    }

    /// [`Forkserver::run`], with `arguments` after the script's path in its `sys.argv`, as its
    /// command line's words after it would be.
    pub fn run_with(
        &mut self,
        arguments: &[impl AsRef<OsStr>],
        stdin: Stdin,
        options: &Options,
    ) -> Result<Run, RunError> {
        if (options.address_space, options.stack) != (self.address_space, self.stack) {
            let other = io::Error::new(io::ErrorKind::InvalidInput, "other limits");
            return Err(RunError::CannotStart(other));
        }
        let started = Instant::now();
        let child = (self.fork(arguments, stdin, options)).map_err(RunError::CannotStart)?;
        let mut ran = collect(child, &mut self.channel, stdin, options, started, 0)?;
        ran.forked = Some(self.start_up);
        Ok(ran)
    }

    /// Asks the server for a process with the run's stdio and `arguments`, and gives it to the
    /// run. The request is `r`, the length of the arguments and a newline, then each argument
    /// ended by a NUL, the stdio attached to its first byte.
    fn fork(
        &mut self,
        arguments: &[impl AsRef<OsStr>],
        stdin: Stdin,
        options: &Options,
    ) -> io::Result<Started> {
        let (program_stdio, ends) = pipes(stdin, options)?;
        let stdio = program_stdio.each_ref().map(AsRawFd::as_raw_fd);
        let mut words = Vec::new();
        for argument in arguments {
            words.extend_from_slice(argument.as_ref().as_encoded_bytes());
            words.push(0);
        }
        let mut request = format!("r{}\n", words.len()).into_bytes();
        request.extend(words);
        let socket = self.channel.0.as_raw_fd();
        let send = || {
            sendmsg::<()>(
                socket,
                &[IoSlice::new(&request)],
                &[ControlMessage::ScmRights(&stdio)],
                MsgFlags::MSG_NOSIGNAL,
                None,
            )
        };
        // Interrupted before it sent anything, it is made again (see [`Channel::line`]).
        let sent = loop {
            match send() {
                Err(nix::errno::Errno::EINTR) => {}
                sent => break sent?,
            }
        };
        // A socket may take a long request in parts: the rest follows, without the stdio.
        self.channel.0.write_all(&request[sent..])?;
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
    /// One line from the server, without its end; an error if the server has gone, or has not
    /// said it within the socket's read timeout ([`ANSWER_TIME`], or [`START_TIME`] at the
    /// start). A read interrupted before it read anything (`EINTR`, which a socket with a
    /// timeout returns where the process was stopped and continued, or a handler ran) is made
    /// again, for what is left of that time.
    fn line(&mut self) -> io::Result<String> {
        let timeout = self.0.read_timeout()?;
        let deadline = timeout.map(|timeout| Instant::now() + timeout);
        let line = self.line_by(deadline);
        if timeout.is_some() {
            self.0.set_read_timeout(timeout)?;
        }
        line
    }

    /// One line from the server, read by `deadline`, if it has one.
    fn line_by(&mut self, deadline: Option<Instant>) -> io::Result<String> {
        let mut line = Vec::new();
        let mut byte = [0];
        loop {
            match self.0.read(&mut byte) {
                Ok(0) => {
                    let gone = "the forkserver has ended";
                    return Err(io::Error::new(io::ErrorKind::UnexpectedEof, gone));
                }
                Ok(_) if byte == *b"\n" => break,
                Ok(_) => line.push(byte[0]),
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {
                    let Some(deadline) = deadline else { continue };
                    let left = deadline.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        return Err(io::Error::new(io::ErrorKind::TimedOut, "no answer in time"));
                    }
                    self.0.set_read_timeout(Some(left))?;
                }
                Err(error) => return Err(error),
            }
        }
        Ok(String::from_utf8_lossy(&line).into_owned())
    }

    fn garbled(&self, line: &str) -> io::Error {
        let message = format!("the forkserver said {line:?}");
        io::Error::new(io::ErrorKind::InvalidData, message)
    }
}

/// A forkserver is the parent of the processes it forks: it says when one has ended, and reaps
/// it when told.
impl Parent for Channel {
    /// The server's word of the forked process's end, waited for if `block`.
    fn ended(&mut self, _: libc::pid_t, block: bool, _: &mut Watched) -> io::Result<bool> {
        let time = (!block).then_some(Duration::ZERO);
        start::wait_readable(self.0.as_fd(), time)
    }

    /// The server's word of the forked process's end.
    fn end_notice(&self, _: libc::pid_t) -> Option<EndNotice> {
        let socket = self.0.try_clone().ok()?;
        Some(EndNotice::readable(OwnedFd::from(socket)))
    }

    /// The forked process's end, once it has ended and what it started is stopped: the server
    /// reaps it, and says its wait status and usage.
    fn reap(&mut self, _: libc::pid_t) -> io::Result<Ended> {
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
        let microseconds = |time: i64| Duration::from_micros(u64::try_from(time).unwrap_or(0));
        Ok(Ended {
            status: ExitStatus::from_raw(status as i32),
            cpu: microseconds(user) + microseconds(system),
            max_rss: u64::try_from(max_rss).unwrap_or(0) * 1024,
        })
    }
}
