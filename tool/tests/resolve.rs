//! A program as the user gives it, resolved once: a source by its language, a program found where
//! `execvp` finds it, one string split as a shell splits it, or a usage error with a hint.

use crate::common;

use atcoder_games_tool::error::Error;
use atcoder_games_tool::resolve::{Found, Language, Resolved, Shim, resolve, start_up};
use common::{executable_script as script, scratch};
use std::ffi::OsString;
use std::fs;

fn words(words: &[&str]) -> Vec<OsString> {
    words.iter().map(OsString::from).collect()
}

/// `check`'s command line with `options` first and `command` as the program, as a hint writes it.
fn again(options: &str, command: &str) -> String {
    format!("atcoder-games check {options}lucky7 {command}")
}

#[test]
fn a_program_is_resolved_once_as_a_source_a_program_or_a_split_command() {
    let folder = scratch("resolve");
    fs::create_dir_all(&folder).unwrap();
    let source = folder.join("main.cpp");
    fs::write(&source, "int main() {}\n").unwrap();
    let resolved = resolve(&words(&[source.to_str().unwrap()]), again).unwrap();
    let expected = Resolved::Source {
        path: source.clone(),
        language: Language::Cpp,
    };
    assert_eq!(resolved, expected);
    // A program, found in PATH.
    let Resolved::Program(Found {
        command,
        path,
        note,
        ..
    }) = resolve(&words(&["sh", "-c", "exit 0"]), again).unwrap()
    else {
        panic!("sh is a program");
    };
    assert_eq!(command, words(&["sh", "-c", "exit 0"]));
    assert!(path.is_absolute() && path.ends_with("sh"), "{path:?}");
    assert_eq!(note, None);
    // One string, split as a shell splits it, and said so.
    let Resolved::Program(found) = resolve(&words(&["sh -c 'exit 0'"]), again).unwrap() else {
        panic!("a command line in one string");
    };
    assert_eq!(found.command, words(&["sh", "-c", "exit 0"]));
    let note = found.note.unwrap();
    assert!(note.contains("as the shell splits it, 3 words"), "{note}");
    // A source followed by words: check's own options, most likely.
    let error = resolve(&words(&[source.to_str().unwrap(), "--seed", "1"]), again).unwrap_err();
    let Error::Usage(message) = error else {
        panic!("a usage error");
    };
    assert!(
        message.ends_with(&format!(
            "atcoder-games check --seed 1 lucky7 {}",
            source.display()
        )),
        "{message}"
    );
    fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn a_program_that_cannot_be_started_is_a_usage_error_with_a_hint_where_one_fits() {
    let error = resolve(&words(&["/no/such/program"]), again).unwrap_err();
    assert_eq!(
        error,
        Error::Usage(
            "cannot start /no/such/program: no such program, or it is not executable".into()
        )
    );
    let error = resolve(&words(&["/no such/program x"]), again).unwrap_err();
    let message = error.to_string();
    assert!(
        message.ends_with(
            "To run a command line, give its words apart: atcoder-games check lucky7 /no such/program x"
        ),
        "{message}"
    );
}

#[test]
fn a_pyenv_shim_is_one_only_where_pyenv_names_a_program_that_is_there() {
    let folder = scratch("resolve-shim");
    fs::create_dir_all(&folder).unwrap();
    let (shim, pyenv) = (folder.join("python3"), folder.join("pyenv"));
    script(
        &shim,
        &format!(
            "#!/bin/sh\nexport PYENV_ROOT=\"{}\"\nexec \"{}\" exec \"$program\" \"$@\"\n",
            folder.display(),
            pyenv.display()
        ),
    );
    // pyenv says where the program is, and succeeds, whether it is there or not.
    for (program, found) in [("/bin/sh", true), ("/nowhere/python3", false)] {
        script(&pyenv, &format!("#!/bin/sh\necho {program}\n"));
        let resolved = Shim::named(shim.as_os_str());
        assert_eq!(
            resolved.as_ref().map(|shim| shim.program.clone()),
            found.then(|| std::path::PathBuf::from(program)),
            "{program}"
        );
    }
}

#[test]
fn a_python_start_is_told_as_its_site_module_where_that_takes_most_of_it() {
    let folder = scratch("resolve-start");
    fs::create_dir_all(&folder).unwrap();
    // Stand-ins for CPython: a busy loop of some tens of milliseconds of CPU time, with its site
    // module (without -S) or always.
    let python = folder.join("python3");
    let busy = "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done";
    for (site_only, told) in [(true, "Of python3's "), (false, "python3 itself takes ")] {
        let skip = match site_only {
            true => "[ \"$1\" = -S ] && exit 0\n",
            false => "",
        };
        script(&python, &format!("#!/bin/sh\n{skip}{busy}\n"));
        let made_of = start_up(&[python.clone().into_os_string()], None).expect("a start");
        assert!(made_of.sentence.starts_with(told), "{}", made_of.sentence);
        // In milliseconds: the whole start at least one, and under a second.
        let whole: f64 = made_of.sentence[told.len()..]
            .split(" ms")
            .next()
            .and_then(|figure| figure.parse().ok())
            .expect("the start's milliseconds");
        assert!((1.0..1000.0).contains(&whole), "{}", made_of.sentence);
    }
}
