//! A dialogue between an interactive program and its interactor: the transcript, a stuck
//! dialogue seen quickly and the query it held back, and nothing left running.

use atcoder_games_tool::process::Options;
use atcoder_games_tool::process::dialogue::{STUCK_LINE, talk};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A folder of the test's own, with `files` written in it.
fn folder(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let folder = crate::common::temporary().join(format!("dialogue-{name}"));
    let _ = fs::remove_dir_all(&folder);
    fs::create_dir_all(&folder).unwrap();
    for (file, text) in files {
        fs::write(folder.join(file), text).unwrap();
    }
    folder
}

/// `python3` running the files `files` of `folder`: a script and its arguments.
fn python(folder: &Path, files: &[&str]) -> Vec<PathBuf> {
    let files = files.iter().map(|file| folder.join(file));
    std::iter::once(PathBuf::from("python3"))
        .chain(files)
        .collect()
}

/// The secret number's interactor in `folder`, as [`SECRET`] is called.
fn secret_judge(folder: &Path) -> Vec<PathBuf> {
    python(folder, &["judge.py", "secret.in", "verdict.txt"])
}

/// An interactor for a secret number: it answers `?` with the number, and judges `! X`.
const SECRET: &str = r#"import sys
secret = open(sys.argv[1]).read().split()[0]
for line in sys.stdin:
    if line.strip() == '?':
        print(secret, flush=True)
    elif line.split()[:1] == ['!']:
        right = line.split()[1:] == [secret]
        open(sys.argv[2], 'w').write('right' if right else 'wrong number')
        sys.exit(0 if right else 1)
open(sys.argv[2], 'w').write('no answer')
sys.exit(1)
"#;

fn options() -> Options {
    Options {
        time_limit: Some(Duration::from_secs(5)),
        wall_limit: Some(Duration::from_secs(5)),
        judge_environment: true,
        ..Options::default()
    }
}

#[test]
fn a_dialogue_is_transcribed_line_by_line_as_each_side_said_it() {
    let folder = folder(
        "right",
        &[
            ("judge.py", SECRET),
            ("secret.in", "42\n"),
            (
                "right.py",
                "print('?', flush=True)\nx = input()\nprint('!', x, flush=True)\n",
            ),
        ],
    );
    let interactor = secret_judge(&folder);
    let talked = talk(
        &python(&folder, &["right.py"]),
        &options(),
        &interactor,
        &options(),
    )
    .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&talked.stdout),
        "> ?\n< 42\n> ! 42\n",
        "{talked:?}"
    );
    assert!(!talked.dialogue.as_ref().unwrap().stuck);
    assert!(
        talked.status.success()
            && talked
                .dialogue
                .as_ref()
                .unwrap()
                .interactor
                .status
                .success()
    );
    assert_eq!(
        fs::read_to_string(folder.join("verdict.txt")).unwrap(),
        "right"
    );
    fs::remove_dir_all(folder).unwrap();
}

#[test]
fn an_unflushed_query_is_a_stuck_dialogue_seen_in_a_moment_and_its_query_comes_late() {
    // print() to a pipe is buffered, and sys.stdin.readline(), unlike input(), does not flush
    // it: the query never reaches the judge, and both wait. The variable that would flush every
    // print here is left out, as the judge does not set it.
    let folder = folder(
        "unflushed",
        &[
            ("judge.py", SECRET),
            ("secret.in", "42\n"),
            (
                "unflushed.py",
                "import sys\nprint('?')\nx = sys.stdin.readline().strip()\nprint('!', x)\n",
            ),
        ],
    );
    let interactor = secret_judge(&folder);
    let started = Instant::now();
    let talked = talk(
        &python(&folder, &["unflushed.py"]),
        &options(),
        &interactor,
        &options(),
    )
    .unwrap();
    assert!(
        talked.dialogue.as_ref().unwrap().stuck,
        "{talked:?} {}",
        String::from_utf8_lossy(&talked.stderr)
    );
    // Seen, not waited for: well before the limit on the clock that would stop it (about a
    // second after its wait even with both cores busy: tests/busy.rs).
    let limit = options().wall_limit.unwrap();
    assert!(started.elapsed() < limit, "{:?}", started.elapsed());
    // What it held back comes first, then what it printed once its input had ended.
    let late = String::from_utf8_lossy(&talked.dialogue.as_ref().unwrap().late).into_owned();
    assert_eq!(late, "?\n! \n");
    let transcript = String::from_utf8_lossy(&talked.stdout).into_owned();
    assert_eq!(transcript, format!("{STUCK_LINE}\n> ?\n> ! \n"));
    fs::remove_dir_all(folder).unwrap();
}

#[test]
fn a_program_busy_before_its_query_is_not_stuck() {
    // Its CPU works for 0.6 s before it asks: the interactor waits to read all that time, and
    // the program does not.
    let busy = "import time\nstart = time.process_time()\nwhile time.process_time() - start < 0.6:\n    pass\nprint('?', flush=True)\nx = input()\nprint('!', x, flush=True)\n";
    let folder = folder(
        "busy",
        &[
            ("judge.py", SECRET),
            ("secret.in", "7\n"),
            ("busy.py", busy),
        ],
    );
    let interactor = secret_judge(&folder);
    let program = python(&folder, &["busy.py"]);
    // The interactor waits longer than its own wall limit would allow: only its work counts.
    let impatient = Options {
        wall_limit: Some(Duration::from_millis(300)),
        ..options()
    };
    let talked = talk(&program, &options(), &interactor, &impatient).unwrap();
    let other = talked.dialogue.as_ref().unwrap();
    assert!(!other.stuck, "{talked:?}");
    assert_eq!(String::from_utf8_lossy(&talked.stdout), "> ?\n< 7\n> ! 7\n");
    assert_eq!(
        fs::read_to_string(folder.join("verdict.txt")).unwrap(),
        "right"
    );
    assert!(talked.cpu >= Duration::from_millis(500), "{talked:?}");
    fs::remove_dir_all(folder).unwrap();
}

#[test]
fn a_stuck_dialogue_leaves_neither_side_running() {
    // Both sides say who they are, and both wait to read: the program reads before it asks,
    // and the interactor waits for its query. A child of each sleeps, in its group.
    let waiting = |pids: &PathBuf| {
        let pids = pids.display().to_string();
        format!(
            "import os, subprocess, sys\nsubprocess.Popen(['sh', '-c', 'echo $$ >> {pids}; exec sleep 60'])\nopen({pids:?}, 'a').write(f'{{os.getpid()}}\\n')\nsys.stdin.readline()\n"
        )
    };
    let folder = folder("left", &[]);
    let pids = folder.join("pids");
    fs::write(folder.join("program.py"), waiting(&pids)).unwrap();
    fs::write(folder.join("judge.py"), waiting(&pids)).unwrap();
    let interactor = python(&folder, &["judge.py"]);
    let program = python(&folder, &["program.py"]);
    let started = Instant::now();
    let talked = talk(&program, &options(), &interactor, &options()).unwrap();
    assert!(talked.dialogue.as_ref().unwrap().stuck, "{talked:?}");
    let limit = options().wall_limit.unwrap();
    assert!(started.elapsed() < limit, "{:?}", started.elapsed());
    let written = fs::read_to_string(&pids).unwrap();
    let both: Vec<i32> = written.lines().map(|line| line.parse().unwrap()).collect();
    // Each side and its child, `sleep 60`, which went with its group.
    assert_eq!(both.len(), 4, "{written}");
    for pid in both {
        crate::common::assert_gone_soon(pid, "after a stuck dialogue");
    }
    fs::remove_dir_all(folder).unwrap();
}

#[test]
fn a_program_that_says_more_than_its_output_limit_is_stopped_and_its_judge_is_not() {
    // The output limit bounds what the program says in all; the interactor's replies are its
    // own. Exactly the limit is within it.
    const LIMIT: u64 = 64 << 10;
    let talkative = |bytes: u64| {
        format!(
            "import sys\nsys.stdout.write('x' * {bytes})\nsys.stdout.flush()\nsys.stdin.read()\n"
        )
    };
    // The judge says much, and never reads: the program's words pile up unread.
    let judge = "import sys\nsys.stdout.write('y' * (1 << 20))\nsys.stdout.flush()\n";
    for (bytes, over) in [(LIMIT, false), (LIMIT + 4096, true)] {
        let folder = folder(
            &format!("talkative-{bytes}"),
            &[("program.py", &talkative(bytes)), ("judge.py", judge)],
        );
        let limited = Options {
            output_limit: Some(LIMIT),
            ..options()
        };
        let interactor = python(&folder, &["judge.py"]);
        let program = python(&folder, &["program.py"]);
        let talked = talk(&program, &limited, &interactor, &options()).unwrap();
        let stopped = talked.stopped == Some(atcoder_games_tool::process::Stop::Output);
        assert_eq!(stopped, over, "{bytes}: {:?}", talked.stopped);
        fs::remove_dir_all(folder).unwrap();
    }
}

#[test]
fn what_a_side_says_faster_than_the_other_reads_is_passed_on_whole() {
    // 300,000 bytes each way, more than a pipe holds, to a side that sleeps before it reads:
    // each side says how much it got.
    let slow = |who: &str| {
        format!(
            "import sys, time\nsys.stdout.write('{who}' * 300000 + '\\n')\nsys.stdout.flush()\ntime.sleep(0.3)\nprint(len(sys.stdin.readline().strip()), flush=True)\nsys.stdin.readline()\n"
        )
    };
    let folder = folder(
        "floods",
        &[("program.py", &slow("p")), ("judge.py", &slow("j"))],
    );
    let interactor = python(&folder, &["judge.py"]);
    let program = python(&folder, &["program.py"]);
    let limited = Options {
        output_limit: Some(1 << 20),
        ..options()
    };
    let talked = talk(&program, &limited, &interactor, &options()).unwrap();
    let transcript = String::from_utf8_lossy(&talked.stdout);
    let counts: Vec<&str> = transcript.lines().filter(|line| line.len() < 20).collect();
    assert!(counts.contains(&"> 300000"), "{counts:?}");
    assert!(counts.contains(&"< 300000"), "{counts:?}");
    fs::remove_dir_all(folder).unwrap();
}

#[test]
fn what_the_judge_says_after_the_program_ended_is_noted_and_the_dialogue_ends() {
    // The program ends at once; the judge answers it a moment later, into a closed pipe.
    let folder = folder(
        "after",
        &[
            ("program.py", "pass\n"),
            (
                "judge.py",
                "import time\ntime.sleep(0.3)\nprint('too late', flush=True)\n",
            ),
        ],
    );
    let interactor = python(&folder, &["judge.py"]);
    let program = python(&folder, &["program.py"]);
    let talked = talk(&program, &options(), &interactor, &options()).unwrap();
    assert_eq!(String::from_utf8_lossy(&talked.stdout), "< too late\n");
    assert!(
        talked
            .dialogue
            .as_ref()
            .unwrap()
            .interactor
            .status
            .success()
    );
    fs::remove_dir_all(folder).unwrap();
}
