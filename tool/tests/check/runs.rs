//! How a check's runs go: right programs passing with their margins, runs several at a time, a
//! start-up named.

use super::*;

#[test]
fn this_crates_own_solutions_pass_every_case_and_say_their_margins() {
    for problem in ["shiritori", "lucky7"] {
        // `atcoder-games solve PROBLEM` runs this crate's solution, the same code as its binary.
        let output = check(&[
            "--cases", "120", "--seed", "1", problem, TOOL, "solve", problem,
        ]);
        let report = paragraphs(&stdout(&output)).join("\n");
        assert_eq!(output.status.code(), Some(0), "{report}");
        let samples = if problem == "shiritori" { 3 } else { 4 };
        let passed =
            format!("passed the {samples} official samples, all 120 cases of {problem}, up to ");
        let largest = report.split(&passed).nth(1).unwrap_or_default();
        let largest = largest.split(' ').next().unwrap_or_default();
        // The largest random input is written as people read it, 12,345.
        assert!(
            largest.len() > 4
                && largest.contains(',')
                && largest.replace(',', "").parse::<usize>().is_ok(),
            "{report}"
        );
        let (unit, families) = match problem {
            "shiritori" => ("words", 10),
            _ => ("rounds", 6),
        };
        let families =
            format!(" {unit}, and {families} worst-case families of 200,000 {unit} (seed 1), in ");
        assert!(report.contains(&families), "{report}");
        // The margins: the slowest run and the largest memory, where, and how near the limit.
        let margins = report
            .split("Slowest run: ")
            .nth(1)
            .unwrap_or_else(|| panic!("no margins: {report}"));
        let (slowest, memory) = margins.split_once(". Largest memory: ").unwrap();
        assert!(slowest.ends_with(" % of the 2.00 s limit"), "{report}");
        assert!(memory.ends_with(" % of the 1024 MiB limit."), "{report}");
        for margin in [slowest, memory] {
            let (value, at) = margin.split_once(" at ").unwrap();
            assert!(value.ends_with(" s") || value.ends_with(" MiB"), "{margin}");
            // Where: a family, a case, or, on a machine busy elsewhere, a sample.
            let places = ["the family \"", "case ", "official sample "];
            assert!(places.iter().any(|place| at.starts_with(place)), "{margin}");
            let share = at.rsplit(", ").next().unwrap().split(' ').next().unwrap();
            let share: f64 = share.parse().unwrap_or_else(|_| panic!("{margin}"));
            assert!((0.0..100.0).contains(&share), "{margin}");
        }
        assert!(output.stderr.is_empty(), "quiet when stderr is no terminal");
    }
}

#[test]
fn runs_at_a_time_find_what_one_at_a_time_finds() {
    // The same seed, run one at a time and three at a time: the same report, but for the line
    // that says how long it took and with how many.
    for (problem, bug) in [
        ("lucky7", "lucky7-greedy"),
        ("shiritori", "shiritori-wrong-block-length"),
    ] {
        let report = |jobs: &str| {
            let folder = scratch_folder(&format!("{bug}-{jobs}-at-a-time"));
            fs::create_dir_all(&folder).unwrap();
            let saved = folder.to_str().unwrap();
            let options = ["--seed", "4", "--jobs", jobs, "--save", saved, problem];
            let report = stdout(&check_wrong(&options, bug)).replace(saved, "FOLDER");
            let (found, rest): (Vec<&str>, Vec<&str>) = report
                .lines()
                .partition(|line| line.starts_with("Found in "));
            (found.concat(), rest.join("\n"))
        };
        let (one, alone) = report("1");
        let (three, together) = report("3");
        assert_eq!(alone, together);
        assert!(one.ends_with(", 1 run at a time."), "{one}");
        assert!(three.ends_with(", 3 runs at a time."), "{three}");
    }
}

#[test]
fn a_start_up_that_takes_most_of_every_run_is_named() {
    // A program that counts to 50,000 in the shell before it answers (about 0.1 s of CPU time
    // here): every run is mostly that.
    let slow_start =
        format!("i=0; while [ $i -lt 50000 ]; do i=$((i+1)); done; exec {TOOL} solve lucky7");
    let report = stdout(&check(&[
        "--cases",
        "30",
        "--seed",
        "1",
        "lucky7",
        "sh",
        "-c",
        &slow_start,
    ]));
    let prose = paragraphs(&report).join("\n");
    let at_least: f64 = (prose.split("Start-up: every run took at least ").nth(1))
        .and_then(|rest| rest.split(" ms").next())
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("{report}"));
    // The least that is named.
    assert!(at_least >= 20.0, "{report}");
    assert!(prose.contains("runs' ") && prose.contains(": the program starting, not solving."));
    // A program that starts in a moment gets no such line.
    let quick = stdout(&check(&[
        "--cases", "30", "--seed", "1", "lucky7", TOOL, "solve", "lucky7",
    ]));
    assert!(!quick.contains("Start-up"), "{quick}");
}

#[test]
fn an_interpreters_start_up_is_said_to_be_made_of_what_it_is() {
    use atcoder_games_tool::resolve::{Shim, start_up};
    let shim = Shim::named("python3".as_ref());
    let python = start_up(&["python3".into(), "main.py".into()], shim.as_ref());
    let python = python.expect("python3 runs here");
    let forms = [
        "Of python3's ",
        "python3 itself takes ",
        "python3 is pyenv's shim, ",
    ];
    let sentence = &python.sentence;
    assert!(
        forms.iter().any(|form| sentence.starts_with(form)),
        "{python:?}"
    );
    // Behind a shim, the interpreter itself.
    let python = match shim {
        Some(shim) => start_up(&[shim.program.into()], None).unwrap(),
        None => python,
    };
    let sentence = &python.sentence;
    assert!(
        forms[..2].iter().any(|form| sentence.starts_with(form)),
        "{python:?}"
    );
    match &python.command {
        // The command it gives runs as printed, and shows the imports.
        Some(command) => {
            assert!(sentence.starts_with("Of ") && sentence.ends_with(", which this shows:"));
            let ran = Command::new("sh").args(["-c", command]).output().unwrap();
            assert!(ran.status.success(), "{command}");
            assert!(String::from_utf8_lossy(&ran.stderr).contains("import time:"));
        }
        None => assert!(!sentence.starts_with("Of "), "{python:?}"),
    }
    assert_eq!(start_up(&["sh".into(), "-c".into()], None), None);
    if Command::new("java").arg("-version").output().is_ok() {
        let java = start_up(&["java".into(), "Main".into()], None).unwrap();
        assert!(java.sentence.starts_with("The JVM takes "), "{java:?}");
    }
}

#[test]
#[ignore = "second tier: times real programs (cargo test -- --ignored)"]
fn runs_go_on_every_core() {
    // A program that waits a fifth of a second before it answers: waiting, it shares no
    // processor, so four at a time take a quarter of the time one at a time does, on a busy
    // machine as on a quiet one.
    let waiting = format!("sleep 0.2; exec {TOOL} solve lucky7");
    let took = |jobs: &str| {
        let started = Instant::now();
        let report = stdout(&check(&[
            "--cases", "12", "--seed", "1", "--jobs", jobs, "lucky7", "sh", "-c", &waiting,
        ]));
        assert!(report.contains(" passed "), "{report}");
        started.elapsed().as_secs_f64()
    };
    let (alone, four) = (took("1"), took("4"));
    assert!(
        four < alone * 0.5,
        "four at a time {four:.1} s, one {alone:.1} s"
    );
}

#[test]
fn the_program_runs_in_the_judges_environment_forked_or_started_anew() {
    // The tool's environment sets what many machines set and the judge does not: the program
    // sees none of it, started anew (a shell) or forked (a CPython script, two runs at a time).
    let folder = scratch_folder("environment");
    fs::create_dir_all(&folder).unwrap();
    let script = folder.join("main.py");
    // The benchmark's right solution, after a look at its environment.
    let right = fs::read_to_string(common::root().join("tool/benches/programs/lucky7.py")).unwrap();
    let look = "import os\n\
        left = [name for name in ('PYTHONUNBUFFERED', 'JAVA_TOOL_OPTIONS', 'RUST_BACKTRACE') if name in os.environ]\n\
        assert not left and 'HOME' in os.environ, left\n";
    fs::write(&script, format!("{look}{right}")).unwrap();
    let shell = format!(
        "[ -z \"${{PYTHONUNBUFFERED+set}}${{JAVA_TOOL_OPTIONS+set}}${{RUST_BACKTRACE+set}}\" ] && [ -n \"$HOME\" ] && exec {TOOL} solve lucky7"
    );
    let commands: [&[&str]; 2] = [
        &["sh", "-c", &shell],
        &["python3", script.to_str().unwrap()],
    ];
    for command in commands {
        let output = tool_command()
            .args([
                "check", "--jobs", "2", "--cases", "20", "--seed", "3", "lucky7",
            ])
            .args(command)
            .env("PYTHONUNBUFFERED", "1")
            .env("JAVA_TOOL_OPTIONS", "-Xss1m")
            .env("RUST_BACKTRACE", "1")
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&output.stdout).replace('\n', " ");
        assert_eq!(output.status.code(), Some(0), "{command:?}: {report}");
        // The Python script's runs were forked: the forkserver's environment is the judge's too.
        let forked = report.contains("forked from one started interpreter");
        assert_eq!(forked, command[0] == "python3", "{report}");
    }
    fs::remove_dir_all(&folder).unwrap();
}
