//! A dialogue: an interactive program and its judge, the interactor, each reading what the other
//! prints, through this process, which writes down who said what (the transcript) and sees when
//! both wait to read and neither writes (the dialogue is stuck).
//!
//! Each side is started as [`super::run`] starts a program, in a process group of its own, with
//! its limits watched; what one prints is copied to the other's input as it comes, a chunk at a
//! time. A stuck dialogue is seen by the two sides' states in `/proc`, within a few looks of
//! [`STUCK_LOOK`]: every thread of both asleep, one of each in a `read` of its stdin, and nothing
//! moved between them since the look before. Then the program's input is closed: a program that
//! held its query in a buffer prints it as it ends ([`Other::late`]).

use super::procfs::{group_members, parse_stat, stat_fields};
use super::start::{self, kill_group};
use super::watch::{ThisProcess, watch};
use super::{Options, Run, RunError, STDERR_KEPT, Stdin, ended_run, forget, lock_running};
use std::ffi::OsStr;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::fd::AsFd;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// How long the relay looks again for more of the dialogue, after a chunk, before it waits:
/// a compiled interactor's answer takes microseconds.
const SPIN: Duration = Duration::from_micros(100);

/// How often the two sides are looked at for a stuck dialogue.
const STUCK_LOOK: Duration = Duration::from_millis(20);

/// How many looks in a row must find the dialogue stuck: a side between two system calls is
/// asleep in neither.
const STUCK_LOOKS: u32 = 3;

/// How long a program whose input was closed, the dialogue stuck, may take to end and print
/// what it held back.
const LATE_OUTPUT_TIME: Duration = Duration::from_millis(500);

/// How long the interactor may take to end once the program has ended, before it is stopped:
/// it reads the end of its input then.
pub const INTERACTOR_END_TIME: Duration = Duration::from_secs(2);

/// Who said a line of the dialogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The program under check: `> ` in the transcript.
    Program,
    /// The interactor: `< `.
    Judge,
}

impl Side {
    /// The mark of its lines in the transcript.
    pub fn mark(self) -> &'static str {
        match self {
            Self::Program => "> ",
            Self::Judge => "< ",
        }
    }
}

/// The line of the transcript after which come what the program printed once its input was
/// closed, the dialogue stuck.
pub const STUCK_LINE: &str = "# stuck: both sides wait to read; the program's input is closed";

/// The other side of a dialogue that ended, beside the program's run: the interactor's run,
/// whether the dialogue was stuck, what the program printed once its input was closed then,
/// and what the interactor wrote of its verdict, once its caller has read it.
#[derive(Clone, Debug)]
pub struct Other {
    pub interactor: Run,
    /// Whether both sides waited to read, and neither wrote.
    pub stuck: bool,
    /// Whether the interactor was stopped, not having ended [`INTERACTOR_END_TIME`] after the
    /// program.
    pub outlived: bool,
    /// Whether the interactor ended before the program: a verdict it gave first stands, though
    /// the program then crashed on its closed input.
    pub interactor_first: bool,
    /// What the program printed after its input was closed, the dialogue stuck: a query it held
    /// in its buffer, unflushed, first.
    pub late: Vec<u8>,
    /// The interactor's words on its verdict (its OUTPUT file, testlib's way).
    pub words: String,
}

/// The transcript as it is written: the lines each side said, in the order they came, and the
/// part of a line each side has said so far.
#[derive(Default)]
struct Transcript {
    text: Vec<u8>,
    partial: [Vec<u8>; 2],
    /// From where in `text` the program's lines are late, if the dialogue stuck.
    late_from: Option<usize>,
}

impl Transcript {
    /// Notes `bytes` that `side` said: each whole line, marked.
    fn said(&mut self, side: Side, bytes: &[u8]) {
        let index = side as usize;
        let mut rest = bytes;
        while let Some(end) = rest.iter().position(|&byte| byte == b'\n') {
            self.text.extend_from_slice(side.mark().as_bytes());
            self.text.append(&mut self.partial[index]);
            self.text.extend_from_slice(&rest[..=end]);
            rest = &rest[end + 1..];
        }
        self.partial[index].extend_from_slice(rest);
    }

    /// Ends it: a line either side left unended is written as it is.
    fn end(mut self) -> (Vec<u8>, Vec<u8>) {
        for side in [Side::Program, Side::Judge] {
            let partial = std::mem::take(&mut self.partial[side as usize]);
            if !partial.is_empty() {
                self.text.extend_from_slice(side.mark().as_bytes());
                self.text.extend_from_slice(&partial);
                self.text.push(b'\n');
            }
        }
        let late = match self.late_from {
            Some(from) => late_lines(&self.text[from..]),
            None => Vec::new(),
        };
        (self.text, late)
    }
}

/// The program's lines in `text`, a part of a transcript, without their marks.
fn late_lines(text: &[u8]) -> Vec<u8> {
    let mut late = Vec::new();
    for line in text.split_inclusive(|&byte| byte == b'\n') {
        if let Some(said) = line.strip_prefix(Side::Program.mark().as_bytes()) {
            late.extend_from_slice(said);
        }
    }
    late
}

/// Runs `program` with `interactor` as its judge, each with its options, the one's output the
/// other's input, and waits for both to end: see the module's description. The program's run,
/// whose stdout is the transcript (each line marked with who said it, [`Side::mark`]) and whose
/// [`Run::dialogue`] is the other side. The program's output limit bounds what it may say in
/// all; the interactor is stopped if it has not ended [`INTERACTOR_END_TIME`] after the program.
/// Neither is traced. An error says whose it is: the program's, or the interactor's
/// ([`Side::Judge`]). (Long, for one scope holds the dialogue's six threads, the relay, two
/// readers of stderr, two watches and the watch for a stuck dialogue, which borrow the relay's
/// state and each other's handles: the order they are joined in is the order the sides end.)
pub fn talk(
    program: &[impl AsRef<OsStr>],
    program_options: &Options,
    interactor: &[impl AsRef<OsStr>],
    interactor_options: &Options,
) -> Result<Run, (Side, RunError)> {
    let untraced = |options: &Options| Options {
        trace_faults: false,
        ..options.clone()
    };
    let program_options = untraced(program_options);
    // The interactor waits for the program most of the time: only its own work is limited.
    let judge_options = Options {
        wall_limit: None,
        ..untraced(interactor_options)
    };
    let Sides {
        solver,
        judge,
        for_program,
        for_interactor,
        started,
        at_start,
    } = start_sides(program, &program_options, interactor, &judge_options)?;
    let dialogue = Relay {
        transcript: Mutex::default(),
        moved: AtomicU64::new(0),
        for_program: Mutex::new(Some(for_program)),
        program_ended: AtomicBool::new(false),
        output_over: AtomicBool::new(false),
        stuck: AtomicBool::new(false),
    };
    let kept = program_options.output_limit.unwrap_or(u64::MAX);
    let (program_pid, judge_pid) = (solver.pid, judge.pid);
    let outcome = thread::scope(|scope| {
        let dialogue = &dialogue;
        let solver_stdout = solver.stdout;
        let judge_stdout = judge.stdout;
        // What each side prints goes to the other, one thread relaying both ways.
        scope.spawn(move || {
            let (Some(program_out), Some(judge_out)) = (solver_stdout, judge_stdout) else {
                return;
            };
            dialogue.pump(program_out, for_interactor, judge_out, kept);
        });
        let stderr_of = |pipe: File| {
            scope.spawn(move || {
                let mut bytes = Vec::new();
                let _ = pipe.take(STDERR_KEPT).read_to_end(&mut bytes);
                bytes
            })
        };
        let (solver_stderr, judge_stderr) = (stderr_of(solver.stderr), stderr_of(judge.stderr));
        let solver_watch = scope.spawn(|| {
            let watched = watch(
                program_pid,
                &mut ThisProcess { traced: false },
                started,
                &program_options,
                &dialogue.output_over,
            );
            dialogue.program_ended.store(true, Ordering::Relaxed);
            kill_group(program_pid);
            forget(program_pid);
            let reaped = start::reap(program_pid);
            (watched, reaped, started.elapsed())
        });
        let judge_options = &judge_options;
        let judge_watch = scope.spawn(move || {
            let watched = watch(
                judge_pid,
                &mut ThisProcess { traced: false },
                started,
                judge_options,
                &AtomicBool::new(false),
            );
            // The program ends before the interactor reads its input's end: if it still runs,
            // the interactor ended on its own, with its verdict.
            let first = !has_ended(program_pid);
            kill_group(judge_pid);
            forget(judge_pid);
            let reaped = start::reap(judge_pid);
            ((watched, reaped, started.elapsed()), first)
        });
        let stuck = dialogue.watch_for_stuck(program_pid, judge_pid, &judge_watch);
        let solver_end = solver_watch
            .join()
            .expect("the program's watch does not panic");
        // The program ended, the interactor has its input's end to read, and a little time.
        let ended_at = Instant::now();
        while !judge_watch.is_finished() && ended_at.elapsed() < INTERACTOR_END_TIME {
            thread::sleep(Duration::from_millis(1));
        }
        let outlived = !judge_watch.is_finished();
        if outlived {
            kill_group(judge_pid);
        }
        let (judge_end, interactor_first) = judge_watch
            .join()
            .expect("the interactor's watch does not panic");
        let stderrs = (
            solver_stderr.join().expect("the reader does not panic"),
            judge_stderr.join().expect("the reader does not panic"),
        );
        (
            stuck,
            outlived,
            interactor_first,
            solver_end,
            judge_end,
            stderrs,
        )
    });
    let (stuck, outlived, interactor_first, solver_end, judge_end, stderrs) = outcome;
    let (solver_stderr, judge_stderr) = stderrs;
    let transcript = dialogue
        .transcript
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let (text, late) = transcript.end();
    let mut program = ended_run(solver_end, text, solver_stderr, at_start)
        .map_err(|error| (Side::Program, error))?;
    let interactor =
        ended_run(judge_end, Vec::new(), judge_stderr, 0).map_err(|error| (Side::Judge, error))?;
    program.dialogue = Some(Box::new(Other {
        interactor,
        stuck,
        outlived,
        interactor_first,
        late,
        words: String::new(),
    }));
    Ok(program)
}

/// The two sides of a dialogue, started ([`start_sides`]): the program (`solver`) and the
/// interactor (`judge`), the pipes this process relays their words through (what the program
/// reads, what the interactor reads), when they started, and this process's peak memory then.
struct Sides {
    solver: start::Started,
    judge: start::Started,
    for_program: File,
    for_interactor: File,
    started: Instant,
    at_start: u64,
}

/// Starts the interactor, then the program, each with its options and a pipe of its own for its
/// input; a program that cannot start leaves no interactor running. An error says whose it is.
fn start_sides(
    program: &[impl AsRef<OsStr>],
    program_options: &Options,
    interactor: &[impl AsRef<OsStr>],
    judge_options: &Options,
) -> Result<Sides, (Side, RunError)> {
    let cannot_start = |side| move |error| (side, RunError::CannotStart(error));
    let no_command = || io::Error::new(io::ErrorKind::InvalidInput, "no command");
    let (program_name, program_arguments) = program
        .split_first()
        .ok_or_else(no_command)
        .map_err(cannot_start(Side::Program))?;
    let (interactor_name, interactor_arguments) = interactor
        .split_first()
        .ok_or_else(no_command)
        .map_err(cannot_start(Side::Judge))?;
    let (to_program, for_program) = start::pipe().map_err(cannot_start(Side::Program))?;
    let (to_interactor, for_interactor) = start::pipe().map_err(cannot_start(Side::Program))?;
    let started = Instant::now();
    let judge = start::start(
        interactor_name.as_ref(),
        interactor_arguments,
        Stdin::Fd(to_interactor.as_fd()),
        judge_options,
    )
    .map_err(cannot_start(Side::Judge))?;
    lock_running().push(judge.pid);
    let at_start = super::procfs::own_peak_memory();
    let solver = match start::start(
        program_name.as_ref(),
        program_arguments,
        Stdin::Fd(to_program.as_fd()),
        program_options,
    ) {
        Ok(solver) => solver,
        Err(error) => {
            kill_group(judge.pid);
            forget(judge.pid);
            let _ = start::reap(judge.pid);
            return Err((Side::Program, RunError::CannotStart(error)));
        }
    };
    lock_running().push(solver.pid);
    // The children hold their ends of the two pipes now; these would keep them open.
    drop((to_program, to_interactor));
    Ok(Sides {
        solver,
        judge,
        for_program,
        for_interactor,
        started,
        at_start,
    })
}

/// A dialogue going on, as this process relays it: its transcript, how many bytes have gone either way, the program's
/// input while it is open, and whether the program has ended or said too much.
struct Relay {
    transcript: Mutex<Transcript>,
    moved: AtomicU64,
    for_program: Mutex<Option<File>>,
    program_ended: AtomicBool,
    output_over: AtomicBool,
    stuck: AtomicBool,
}

impl Relay {
    fn transcript(&self) -> MutexGuard<'_, Transcript> {
        self.transcript
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Relays the dialogue until both sides' outputs have ended: what the program prints
    /// (`program_out`) to the interactor (`to_judge`), and what the interactor prints
    /// (`judge_out`) to the program, noting each chunk as it comes. Each side's input is closed
    /// once its other side's output has ended and all of it was passed on. Past `kept` bytes the
    /// program said too much: its output is no longer read, and the interactor's input ends.
    /// Stuck, what the program prints late is noted, not sent.
    ///
    /// One thread relays both ways, and after a chunk it looks again for [`SPIN`], yielding
    /// the processor to any side that shares it, before it waits in `poll`: a dialogue's answer
    /// mostly comes within that, and then the relay is awake for it (docs/benchmarks.md).
    fn pump(&self, program_out: File, to_judge: File, judge_out: File, kept: u64) {
        let mut ends = [Some(program_out), Some(judge_out)];
        let mut to_judge = Some(to_judge);
        for file in ends.iter().flatten().chain(to_judge.iter()) {
            let _ = start::set_nonblocking(file);
        }
        if let Some(pipe) = self.for_program().as_ref() {
            let _ = start::set_nonblocking(pipe);
        }
        // What waits to be written to the interactor, and to the program.
        let mut pending: [Vec<u8>; 2] = Default::default();
        let mut said = 0;
        let mut buffer = vec![0; 64 << 10];
        let mut last_moved = Instant::now();
        while ends.iter().any(Option::is_some) || pending.iter().any(|bytes| !bytes.is_empty()) {
            let mut moved = false;
            for (index, side) in [Side::Program, Side::Judge].into_iter().enumerate() {
                let Some(from) = &mut ends[index] else {
                    continue;
                };
                let read = match from.read(&mut buffer) {
                    Ok(0) => None,
                    Ok(read) => Some(read),
                    Err(error) if error.kind() == io::ErrorKind::WouldBlock => continue,
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                    Err(_) => None,
                };
                let Some(read) = read else {
                    ends[index] = None;
                    continue;
                };
                moved = true;
                if side == Side::Program {
                    said += read as u64;
                    if said > kept {
                        self.output_over.store(true, Ordering::Relaxed);
                        (ends[index], pending[index]) = (None, Vec::new());
                        continue;
                    }
                }
                self.transcript().said(side, &buffer[..read]);
                self.moved.fetch_add(read as u64, Ordering::Relaxed);
                // Stuck, the dialogue is over: what comes late is noted, not sent.
                if !self.stuck.load(Ordering::Relaxed) {
                    pending[index].extend_from_slice(&buffer[..read]);
                }
            }
            // Each side's input gets what is pending for it, as much as it takes now.
            if let Some(pipe) = &mut to_judge
                && !pass_on(pipe, &mut pending[0])
            {
                (to_judge, pending[0]) = (None, Vec::new());
            }
            // The program's input is locked only to be written or closed: the stuck watch closes
            // it too, and must not wait for the lock.
            if !pending[1].is_empty() || ends[1].is_none() {
                let mut for_program = self.for_program();
                let open = match for_program.as_mut() {
                    Some(pipe) => pass_on(pipe, &mut pending[1]),
                    None => false,
                };
                if !open {
                    for_program.take();
                    pending[1].clear();
                }
                // An output's end, all of it passed on, is the other side's input's end.
                if ends[1].is_none() && pending[1].is_empty() {
                    for_program.take();
                }
            }
            if ends[0].is_none() && pending[0].is_empty() {
                to_judge = None;
            }
            if moved {
                last_moved = Instant::now();
                continue;
            }
            if last_moved.elapsed() < SPIN {
                thread::yield_now();
                continue;
            }
            self.wait_for_either(&ends, &to_judge, &pending);
        }
    }

    /// Waits in `poll` until a side prints or an input pending takes more, for at most a
    /// [`STUCK_LOOK`]: the program's input may be closed meanwhile, so a copy of it is polled,
    /// not the input under its lock, which the stuck watch would wait for.
    fn wait_for_either(
        &self,
        ends: &[Option<File>; 2],
        to_judge: &Option<File>,
        pending: &[Vec<u8>; 2],
    ) {
        let program_input = if pending[1].is_empty() {
            None
        } else {
            (self.for_program().as_ref()).and_then(|pipe| pipe.try_clone().ok())
        };
        let mut watched: Vec<(std::os::fd::BorrowedFd, libc::c_short)> = ends
            .iter()
            .flatten()
            .map(|file| (file.as_fd(), libc::POLLIN))
            .collect();
        if let Some(pipe) = to_judge
            && !pending[0].is_empty()
        {
            watched.push((pipe.as_fd(), libc::POLLOUT));
        }
        if let Some(pipe) = &program_input {
            watched.push((pipe.as_fd(), libc::POLLOUT));
        }
        let _ = start::wait_ready(&watched, STUCK_LOOK);
    }

    /// The program's input while it is open, even if a thread panicked while holding it.
    fn for_program(&self) -> MutexGuard<'_, Option<File>> {
        self.for_program
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Waits until the program has ended, for at most `time`.
    fn wait_for_the_program(&self, time: Duration) {
        let since = Instant::now();
        while !self.program_ended.load(Ordering::Relaxed) && since.elapsed() < time {
            thread::sleep(Duration::from_millis(2));
        }
    }

    /// Looks at the two sides every [`STUCK_LOOK`] until the program ends: if the dialogue is
    /// stuck, closes the program's input, and stops the program once it has ended or had
    /// [`LATE_OUTPUT_TIME`] to print what it held back. Whether it was stuck.
    fn watch_for_stuck(
        &self,
        program: libc::pid_t,
        judge: libc::pid_t,
        judge_watch: &thread::ScopedJoinHandle<'_, impl Sized>,
    ) -> bool {
        let mut looks = 0;
        let mut moved = self.moved.load(Ordering::Relaxed);
        while !self.program_ended.load(Ordering::Relaxed) {
            thread::sleep(STUCK_LOOK);
            let now = self.moved.load(Ordering::Relaxed);
            let waiting = now == moved
                && !judge_watch.is_finished()
                && waits_to_read(program)
                && waits_to_read(judge);
            moved = now;
            looks = if waiting { looks + 1 } else { 0 };
            if looks < STUCK_LOOKS {
                continue;
            }
            self.stuck.store(true, Ordering::Relaxed);
            {
                let mut transcript = self.transcript();
                let mut line = STUCK_LINE.as_bytes().to_vec();
                line.push(b'\n');
                transcript.text.extend_from_slice(&line);
                transcript.late_from = Some(transcript.text.len());
            }
            self.for_program().take();
            self.wait_for_the_program(LATE_OUTPUT_TIME);
            kill_group(program);
            kill_group(judge);
            return true;
        }
        false
    }
}

/// Writes to `pipe`, which does not wait, as much of `pending` as it takes now, and drops that
/// from `pending`: false if the pipe is closed (its reader ended).
fn pass_on(pipe: &mut File, pending: &mut Vec<u8>) -> bool {
    while !pending.is_empty() {
        match pipe.write(pending) {
            Ok(written) => {
                pending.drain(..written);
            }
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => return true,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
    true
}

/// Whether process `pid` has ended: it is gone, or a zombie.
fn has_ended(pid: libc::pid_t) -> bool {
    stat_fields(pid).is_none_or(|fields| matches!(fields.state, 'Z' | 'X'))
}

/// Whether the processes of group `group` wait to read: every thread asleep, and one in a `read`
/// of its stdin.
fn waits_to_read(group: libc::pid_t) -> bool {
    let mut reading = false;
    for pid in group_members(group) {
        let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            let path = task.path();
            let Ok(stat) = fs::read_to_string(path.join("stat")) else {
                continue;
            };
            if parse_stat(&stat).is_none_or(|fields| fields.state != 'S') {
                return false;
            }
            let syscall = fs::read_to_string(path.join("syscall")).unwrap_or_default();
            let mut fields = syscall.split_whitespace();
            let number = fields
                .next()
                .and_then(|number| number.parse::<libc::c_long>().ok());
            let descriptor = fields.next();
            reading |= number == Some(libc::SYS_read) && descriptor == Some("0x0");
        }
    }
    reading
}
