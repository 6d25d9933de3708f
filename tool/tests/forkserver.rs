//! The forkserver: a CPython script's run forked from a started interpreter is the run that
//! starting the interpreter makes, and is stopped at the same limits.

use atcoder_games_tool::process::forkserver::{Forkserver, serves};
use atcoder_games_tool::process::{Options, Run, RunError, Stdin, Stop, run};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// `source` saved as a script of its own, in a folder of its own (which the test removes).
fn script(name: &str, source: &str) -> PathBuf {
    let folder = crate::common::temporary().join(format!("forkserver-{name}"));
    fs::create_dir_all(&folder).unwrap();
    let path = folder.join(format!("{name}.py"));
    fs::write(&path, source).unwrap();
    path
}

fn command(script: &Path) -> Vec<PathBuf> {
    vec!["python3".into(), script.to_path_buf()]
}

/// The parts of a run that the program decides.
fn outcome(ran: &Run) -> (Option<i32>, String, String) {
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (ran.status.code(), text(&ran.stdout), text(&ran.stderr))
}

#[test]
fn a_forked_run_is_the_run_of_the_interpreter_started_anew() {
    let options = Options {
        stack: Some(1 << 30),
        ..Options::default()
    };
    let scripts = [
        // Its input, its name, its arguments, its path, and its own modules beside it.
        (
            "names",
            "import sys, os\nfrom helper import twice\n\
             print(twice(int(input())), __name__, sys.argv == [__file__], os.path.basename(sys.path[0]))\n",
        ),
        ("exit", "import sys\nprint('before')\nsys.exit(3)\n"),
        ("message", "import sys\nsys.exit('the message')\n"),
        (
            "exception",
            "def f():\n    raise ValueError('wrong')\nf()\n",
        ),
        // What the interpreter does at its end: threads joined, atexit functions run, files
        // still open flushed.
        (
            "end",
            "import atexit, threading, time\natexit.register(print, 'at exit')\n\
             out = open(1, 'w', closefd=False)\nout.write('unflushed\\n')\n\
             def late():\n    time.sleep(0.05)\n    print('from a thread', flush=True)\n\
             threading.Thread(target=late).start()\n",
        ),
        // A deep recursion, on the stack the interpreter was given.
        (
            "deep",
            "import sys\nsys.setrecursionlimit(10**6)\n\
             def depth(n):\n    return 0 if n == 0 else 1 + depth(n - 1)\nprint(depth(100000))\n",
        ),
    ];
    for (name, source) in scripts {
        let path = script(name, source);
        fs::write(
            path.with_file_name("helper.py"),
            "def twice(n):\n    return 2 * n\n",
        )
        .unwrap();
        let started_anew = run(&command(&path), Stdin::Bytes(b"21\n"), &options).unwrap();
        let mut server = Forkserver::start(&command(&path), &options).expect("python3 starts");
        // Twice from the one server: a run leaves nothing of itself in it.
        for _ in 0..2 {
            let forked = server.run(Stdin::Bytes(b"21\n"), &options).unwrap();
            // It skipped the interpreter's start, which the run started anew paid.
            let skipped = forked.forked.expect("forked");
            assert!(skipped > Duration::ZERO && started_anew.forked.is_none());
            assert!(
                skipped < started_anew.cpu,
                "{skipped:?} {:?}",
                started_anew.cpu
            );
            assert_eq!(outcome(&forked), outcome(&started_anew), "{name}");
        }
        fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }
}

#[test]
fn a_forked_run_is_stopped_at_its_limits_and_the_server_serves_on() {
    let path = script(
        "limits",
        "import sys\nwhat = input()\n\
         if what == 'loop':\n    while True: pass\n\
         if what == 'print':\n    while True: print('x' * 1000)\n\
         if what == 'memory':\n    hold = bytearray(300 << 20)\n    hold[::4096] = b'x' * len(hold[::4096])\n\
         print('done')\n",
    );
    let options = Options {
        time_limit: Some(Duration::from_millis(300)),
        wall_limit: Some(Duration::from_secs(5)),
        memory_limit: Some(200 << 20),
        output_limit: Some(1 << 20),
        ..Options::default()
    };
    let mut server = Forkserver::start(&command(&path), &options).unwrap();
    for (input, stop) in [
        (&b"loop\n"[..], Stop::Time),
        (b"print\n", Stop::Output),
        (b"memory\n", Stop::Memory),
    ] {
        let started = Instant::now();
        let ran = server.run(Stdin::Bytes(input), &options).unwrap();
        assert_eq!(ran.stopped, Some(stop));
        assert!(!ran.succeeded());
        if stop == Stop::Time {
            assert!(ran.cpu >= Duration::from_millis(300), "{:?}", ran.cpu);
        }
        assert!(started.elapsed() < Duration::from_secs(5));
    }
    let ran = server.run(Stdin::Bytes(b"quick\n"), &options).unwrap();
    assert!(ran.succeeded() && ran.stdout == b"done\n");
    // The run's time leaves out the interpreter's start.
    assert!(ran.cpu < Duration::from_millis(20), "{:?}", ran.cpu);
    // A run with another stack than the server's cannot be served.
    let other = Options {
        stack: Some(1 << 20),
        ..options
    };
    let error = server.run(Stdin::Bytes(b"quick\n"), &other).unwrap_err();
    assert!(matches!(error, RunError::CannotStart(_)), "{error}");
    fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn a_forkserver_dropped_is_gone_reaped() {
    // The server is the parent of the process it forks.
    let path = script("parent", "import os\nprint(os.getppid())\n");
    let options = Options::default();
    let mut server = Forkserver::start(&command(&path), &options).unwrap();
    let ran = server.run(Stdin::Bytes(b""), &options).unwrap();
    let pid = String::from_utf8(ran.stdout).unwrap();
    let stat = format!("/proc/{}/stat", pid.trim());
    assert!(fs::metadata(&stat).is_ok(), "{stat}");
    drop(server);
    assert!(fs::metadata(&stat).is_err(), "{stat} is left");
    fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn a_run_is_served_by_a_process_forked_ahead_which_ends_with_the_server() {
    // How long ago the process was started, and by whom.
    let path = script(
        "ahead",
        "import os, time\n\
         started = int(open('/proc/self/stat').read().rsplit(')', 1)[1].split()[19])\n\
         age = time.clock_gettime(time.CLOCK_BOOTTIME) - started / os.sysconf('SC_CLK_TCK')\n\
         print(round(age * 1000), os.getppid())\n",
    );
    let options = Options::default();
    let mut server = Forkserver::start(&command(&path), &options).unwrap();
    let age_and_server = |ran: Run| {
        let printed = String::from_utf8(ran.stdout).unwrap();
        let [age, server] = [0, 1].map(|k| printed.split_whitespace().nth(k).unwrap().to_string());
        (age.parse::<u64>().unwrap(), server)
    };
    let (_, server_pid) = age_and_server(server.run(Stdin::Bytes(b""), &options).unwrap());
    std::thread::sleep(Duration::from_millis(300));
    // Forked once the run before was under way, not when asked for.
    let (age, _) = age_and_server(server.run(Stdin::Bytes(b""), &options).unwrap());
    assert!(age >= 200, "forked {age} ms before it ran");
    // The one forked for the next run waits, and ends with the server.
    let children = format!("/proc/{server_pid}/task/{server_pid}/children");
    let waiting = fs::read_to_string(&children).unwrap();
    let waiting: Vec<String> = waiting.split_whitespace().map(String::from).collect();
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    let stat = format!("/proc/{}/stat", waiting[0]);
    drop(server);
    let gone = |stat: &str| fs::read_to_string(stat).map_or(true, |stat| stat.contains(") Z "));
    let deadline = Instant::now() + Duration::from_secs(5);
    while !gone(&stat) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(gone(&stat), "{stat} is left");
    fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn a_script_that_does_not_compile_cannot_be_served() {
    let path = script("broken", "print(\n");
    let started = Instant::now();
    let error = Forkserver::start(&command(&path), &Options::default()).err();
    let error = error.expect("a server that never says it is ready");
    assert_eq!(error.kind(), std::io::ErrorKind::UnexpectedEof, "{error}");
    assert!(started.elapsed() < Duration::from_secs(2));
    fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn a_command_that_looks_served_but_never_says_it_is_ready_is_given_up_in_seconds() {
    // A `python3` that is not CPython: it keeps the server's socket open and says nothing.
    let folder = script("silent", "").with_file_name("");
    let fake = folder.join("python3");
    crate::common::executable_script(&fake, "#!/bin/sh\nsleep 30\n");
    let command = [fake, folder.join("silent.py")];
    assert!(serves(&command));
    // A signal interrupts the wait halfway: what is left of it is waited, not all of it again.
    note_sigusr1();
    let (thread, waiting) = std::sync::mpsc::channel();
    let started = Instant::now();
    let starting = std::thread::spawn(move || {
        // SAFETY: pthread_self only names the calling thread.
        thread.send(unsafe { libc::pthread_self() }).unwrap();
        Forkserver::start(&command, &Options::default()).map(drop)
    });
    let thread = waiting.recv().unwrap();
    std::thread::sleep(Duration::from_secs(5));
    // SAFETY: the thread runs until `starting` is joined below; the signal's handler is set.
    assert_eq!(unsafe { libc::pthread_kill(thread, libc::SIGUSR1) }, 0);
    let error = starting.join().unwrap().err();
    let error = error.expect("a server that never says it is ready");
    let waited = started.elapsed();
    assert!(
        matches!(
            error.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        ),
        "{error}"
    );
    assert!(
        waited >= Duration::from_secs(9) && waited < Duration::from_secs(13),
        "{waited:?}"
    );
    fs::remove_dir_all(folder).unwrap();
}

/// Sets a handler that does nothing for SIGUSR1, a signal nothing else here sends: a read it
/// interrupts fails with EINTR, as a read of a socket with a time limit does whatever the
/// handler.
fn note_sigusr1() {
    extern "C" fn noted(_: libc::c_int) {}
    // SAFETY: an all-zero sigaction is valid; the handler touches nothing.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = noted as *const () as libc::sighandler_t;
        assert_eq!(
            libc::sigaction(libc::SIGUSR1, &action, std::ptr::null_mut()),
            0
        );
    }
}

#[test]
fn a_forkserver_serves_cpython_running_a_script_and_nothing_else() {
    let served = [
        vec!["python3", "main.py"],
        vec!["/usr/bin/python3.11", "-X", "int_max_str_digits=0", "a.py"],
        vec!["python", "-S", "main.py"],
        vec!["python3", "-W", "ignore", "-S", "main.py"],
    ];
    for command in served {
        assert!(serves(&command), "{command:?}");
    }
    let unserved = [
        vec!["pypy3", "main.py"],
        vec!["python3", "-c", "print(1)"],
        vec!["python3", "main.py", "argument"],
        vec!["python3", "runner.py", "main.py"],
        vec!["python3", "-m", "runner", "main.py"],
        vec!["python3", "-X", "dev", "runner.py", "main.py"],
        vec!["python3-config", "main.py"],
        vec!["./a.out"],
        vec![],
    ];
    for command in unserved {
        assert!(!serves(&command), "{command:?}");
        assert!(Forkserver::start(&command, &Options::default()).is_err());
    }
}

#[test]
fn a_forked_run_gets_its_own_arguments_as_the_script_started_anew_does() {
    let path = script("arguments", "import sys\nprint(sys.argv[1:])\n");
    let options = Options::default();
    let mut server = Forkserver::start(&command(&path), &options).unwrap();
    for arguments in [vec![], vec!["7", "42"], vec!["a b", "", "ü\u{1}"]] {
        let forked = server
            .run_with(&arguments, Stdin::Bytes(b""), &options)
            .unwrap();
        let mut words = command(&path);
        words.extend(arguments.iter().map(PathBuf::from));
        let started_anew = run(&words, Stdin::Bytes(b""), &options).unwrap();
        assert_eq!(outcome(&forked), outcome(&started_anew), "{arguments:?}");
        assert!(forked.forked.is_some());
    }
    // Arguments longer than a socket takes at once.
    let long = "x".repeat(300_000);
    let forked = server
        .run_with(&[&long], Stdin::Bytes(b""), &options)
        .unwrap();
    assert_eq!(
        forked.stdout.len(),
        long.len() + 5,
        "{}",
        forked.stdout.len()
    );
    fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn a_signal_that_interrupts_the_wait_for_the_server_is_no_failure() {
    // A `python3` that says it is ready after half a second, and keeps its socket open.
    let folder = script("late", "").with_file_name("");
    let fake = folder.join("python3");
    let late = "#!/bin/sh\nsleep 0.5\necho 'ready 1000' >&0\nexec sleep 30\n";
    crate::common::executable_script(&fake, late);
    let command = [fake, folder.join("late.py")];
    note_sigusr1();
    let (thread, waiting) = std::sync::mpsc::channel();
    let started = std::thread::spawn(move || {
        // SAFETY: pthread_self only names the calling thread.
        thread.send(unsafe { libc::pthread_self() }).unwrap();
        Forkserver::start(&command, &Options::default()).map(drop)
    });
    let thread = waiting.recv().unwrap();
    std::thread::sleep(Duration::from_millis(200));
    // SAFETY: the thread runs until `started` is joined below; the signal's handler is set.
    assert_eq!(unsafe { libc::pthread_kill(thread, libc::SIGUSR1) }, 0);
    let started = started.join().unwrap();
    assert!(started.is_ok(), "{started:?}");
    fs::remove_dir_all(folder).unwrap();
}
