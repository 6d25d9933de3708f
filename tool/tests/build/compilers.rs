//! The compilers as the judge runs them: one missing, named with its package; within limits; the
//! judge's flags one warns of or refuses; the crates a Rust source uses; AC Library where it is.

use super::*;

#[test]
fn a_missing_compiler_is_named_with_its_package() {
    let sources = Sources::new("build-missing");
    sources.write("main.cpp", CPP);
    let output = common::tool_command()
        .args(["check", "lucky7", "main.cpp"])
        .current_dir(&sources.0)
        .env("PATH", "/nonexistent")
        .env("XDG_CACHE_HOME", sources.0.join("cache"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with(
            "error: main.cpp needs g++, which is not here: install it (Debian's package g++)"
        ),
        "{stderr}"
    );
    // Nor is AC Library a compilation error: where to get it is said.
    let error = build(
        &sources.0.join("main.cpp"),
        Language::Cpp,
        &options(&sources.0, None),
    );
    assert!(error.is_ok() || matches!(error, Err(BuildError::Missing { .. })));
    sources.write("acl.cpp", "#include <atcoder/dsu>\nint main() {}\n");
    let error = build(
        &sources.0.join("acl.cpp"),
        Language::Cpp,
        &options(&sources.0, None),
    );
    let message = error.unwrap_err().message(Path::new("acl.cpp"));
    assert!(
        message.contains("https://github.com/atcoder/ac-library"),
        "{message}"
    );
    assert!(
        message.contains("--include DIR, or in ATCODER_LIBRARY"),
        "{message}"
    );
}

#[test]
fn a_compiler_runs_within_limits_and_one_past_them_is_stopped_and_named() {
    let options = compiler_options(Duration::from_secs(7));
    assert_eq!(options.time_limit, Some(Duration::from_secs(7)));
    assert_eq!(options.wall_limit, Some(Duration::from_secs(7)));
    assert_eq!(options.memory_limit, Some(8 << 30));
    assert_eq!(options.output_limit, Some(16 << 20));
    // A compiler that prints without end is stopped, and the error says at which limit.
    let sources = Sources::new("build-endless-output");
    sources.write("main.cpp", CPP);
    sources.stand_in(
        "g++",
        "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'g++ (fake) 15.2.0'; exit 0; fi\nexec cat /dev/zero\n",
    );
    let (_, _, stderr) = sources.check(&["lucky7", "main.cpp"]);
    assert!(
        stderr.starts_with("error: cannot build main.cpp: g++ "),
        "{stderr}"
    );
    assert!(
        stderr.contains(" was stopped at its output limit"),
        "{stderr}"
    );
}

#[test]
fn a_judges_flag_the_compiler_warns_of_or_refuses_is_left_out_and_said() {
    if !have("g++") {
        return;
    }
    // A g++ that warns of one of the judge's flags, and refuses another without a word.
    let sources = Sources::new("build-flag-left-out");
    sources.write("main.cpp", CPP);
    let real =
        String::from_utf8(Command::new("which").arg("g++").output().unwrap().stdout).unwrap();
    sources.stand_in(
        "g++",
        &format!(
            "#!/bin/sh\ncase \" $* \" in\n*' -fconstexpr-depth=1024 '*) echo 'warning: unknown here' >&2; exit 0;;\n*' -Wextra '*) exit 1;;\nesac\nexec {} \"$@\"\n",
            real.trim()
        ),
    );
    let (code, report, stderr) = sources.check(&["--cases", "1", "lucky7", "main.cpp"]);
    assert_eq!(code, Some(0), "{report}{stderr}");
    let left_out = report
        .split_once(" left out, unknown here")
        .and_then(|(before, _)| before.rsplit_once("the judge's "))
        .map(|(_, flags)| flags)
        .unwrap_or_else(|| panic!("{report}"));
    let left_out: Vec<&str> = left_out.split(' ').collect();
    assert!(left_out.contains(&"-fconstexpr-depth=1024"), "{report}");
    assert!(left_out.contains(&"-Wextra"), "{report}");
    assert!(
        report.contains("-DATCODER -DONLINE_JUDGE -O2 -Wall "),
        "{report}"
    );
}

#[test]
fn the_judges_crates_a_rust_source_uses_are_found_in_its_paths_and_extern_lines() {
    assert_eq!(crates_used(RUST), Vec::<String>::new());
    assert_eq!(crates_used(RUST_WITH_CRATES), ["proconio", "itertools"]);
    // A crate's name is a whole word: `num_bigint` is not `num`, `bignum::` no crate's path.
    let text = "extern crate num_bigint;\nmod bignum {}\nfn main() { let _ = ac_library::Dsu::new(bignum::X); }\n";
    assert_eq!(crates_used(text), ["ac_library", "num_bigint"]);
    let text = "extern crate num;\nuse ::rand::Rng;\n";
    assert_eq!(crates_used(text), ["num", "rand"]);
}

#[test]
fn a_template_that_includes_ac_library_only_where_it_is_there_builds_without_it() {
    // Many contestants' templates guard the include, as a real AtCoder submission did: it is
    // built, and it runs; the library is named only when the compiler says it is missing.
    let sources = Sources::new("build-has-include");
    let guarded = format!(
        "#if __has_include(<atcoder/all>)\n#include <atcoder/all>\nusing namespace atcoder;\n#endif\n{CPP}"
    );
    sources.write("main.cpp", &guarded);
    if !have("g++") {
        return;
    }
    let built = build(
        &sources.0.join("main.cpp"),
        Language::Cpp,
        &options(&sources.0, None),
    );
    let built = built.unwrap_or_else(|error| panic!("{}", error.message(Path::new("main.cpp"))));
    let (code, report, _) = sources.check(&["--cases", "5", "lucky7", "main.cpp"]);
    assert_eq!(code, Some(0), "{report}");
    assert!(built.command[0].to_string_lossy().ends_with("a.out"));
}
