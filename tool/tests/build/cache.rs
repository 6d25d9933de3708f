//! What is built is kept: a source built once, a Python source checked once, and a Rust source
//! with crates built by cargo in a project of the judge's crates, once.

use super::*;

#[test]
fn a_source_built_once_is_not_built_again() {
    if !have("g++") {
        return;
    }
    let sources = Sources::new("build-cache");
    sources.write("main.cpp", CPP);
    let options = options(&sources.0, None);
    let first = build(&sources.0.join("main.cpp"), Language::Cpp, &options).unwrap();
    assert!(!first.cached);
    let again = build(&sources.0.join("main.cpp"), Language::Cpp, &options).unwrap();
    assert!(again.cached, "{again:?}");
    assert_eq!(again.command, first.command);
    // Another source is another build.
    sources.write("main.cpp", &CPP.replace("Aoki", "Aoki "));
    let changed = build(&sources.0.join("main.cpp"), Language::Cpp, &options).unwrap();
    assert!(!changed.cached);
    assert_ne!(changed.command, first.command);
    // The report says so: a new source is built, and kept the second time.
    sources.write("main.cpp", &CPP.replace("Aoki", "Aoki  "));
    let (_, report, _) = sources.check(&["--cases", "1", "lucky7", "main.cpp"]);
    let (_, report_again, _) = sources.check(&["--cases", "1", "lucky7", "main.cpp"]);
    assert!(!report.contains("; built before, kept"), "{report}");
    assert!(
        report_again.contains("; built before, kept"),
        "{report_again}"
    );
    // The cache is the user's: `$XDG_CACHE_HOME/atcoder-games`, or `~/.cache/atcoder-games`.
    let kept = |cache: &Path| {
        fs::read_dir(cache.join("atcoder-games")).is_ok_and(|mut builds| {
            builds.any(|build| {
                build
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .starts_with("g++-")
            })
        })
    };
    assert!(kept(&sources.0.join("cache")));
    let home = sources.0.join("home");
    let output = common::tool_command()
        .args(["check", "--cases", "1", "lucky7", "main.cpp"])
        .current_dir(&sources.0)
        .env_remove("XDG_CACHE_HOME")
        .env("HOME", &home)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert!(kept(&home.join(".cache")));
}

#[test]
fn a_python_source_checked_once_is_not_checked_again() {
    if !have("python3") {
        return;
    }
    let sources = Sources::new("build-python-cache");
    sources.write("main.py", "print('Takahashi')\n");
    let options = options(&sources.0, None);
    let first = build(&sources.0.join("main.py"), Language::Python, &options).unwrap();
    assert!(!first.cached);
    let again = build(&sources.0.join("main.py"), Language::Python, &options).unwrap();
    assert!(again.cached, "{again:?}");
    assert_eq!(again.command, first.command);
    // Another source is checked again, and a syntax error is never kept as checked.
    sources.write("main.py", "print(\n");
    for _ in 0..2 {
        let error = build(&sources.0.join("main.py"), Language::Python, &options).unwrap_err();
        assert!(matches!(error, BuildError::Compile { .. }), "{error:?}");
    }
}

#[test]
fn a_rust_source_with_crates_is_built_once_by_cargo_in_a_project_of_the_judges_crates() {
    if !have("rustc") {
        return;
    }
    // A Cargo that notes each build and makes a binary: this crate's Lucky 7.
    let sources = Sources::new("build-cargo");
    sources.write("main.rs", RUST_WITH_CRATES);
    let log = sources.0.join("cargo.log");
    sources.stand_in(
        "cargo",
        &format!(
            "#!/bin/sh\necho \"$*\" >> '{}'\nwhile [ $# -gt 0 ]; do [ \"$1\" = --target-dir ] && target=\"$2\"; shift; done\nmkdir -p \"$target/release\"\nprintf '#!/bin/sh\\nexec {} solve lucky7\\n' > \"$target/release/main\"\nchmod +x \"$target/release/main\"\n",
            log.display(),
            common::TOOL
        ),
    );
    let check = || {
        let (code, report, stderr) = sources.check(&["--cases", "1", "lucky7", "main.rs"]);
        assert_eq!(code, Some(0), "{report}{stderr}");
        report
    };
    let first = check();
    assert!(first.contains("cargo build --release (in "), "{first}");
    let project = sources.0.join("cache/atcoder-games/rust-project");
    let builds = fs::read_to_string(&log).unwrap();
    assert_eq!(builds.lines().count(), 1, "{builds}");
    assert!(
        builds.contains(&format!("--manifest-path {}/Cargo.toml", project.display())),
        "{builds}"
    );
    let manifest = fs::read_to_string(project.join("Cargo.toml")).unwrap();
    assert!(
        manifest.contains("proconio = { version = \"=0.5.0\""),
        "{manifest}"
    );
    assert!(
        manifest.contains("[profile.release]\nlto = true"),
        "{manifest}"
    );
    assert_eq!(
        fs::read_to_string(project.join("src/main.rs")).unwrap(),
        RUST_WITH_CRATES
    );
    // Built once: the second check takes the binary kept.
    let again = check();
    assert!(again.contains("; built before, kept"), "{again}");
    assert_eq!(fs::read_to_string(&log).unwrap().lines().count(), 1);
}

#[test]
#[ignore = "second tier: builds the judge's Rust crates, minutes the first time"]
fn a_rust_source_with_the_judges_crates_is_built_in_their_project() {
    // The user's cache: the judge's crates build once on a machine.
    let sources = Sources::new("build-rust-crates");
    sources.write("main.rs", RUST_WITH_CRATES);
    let output = common::tool_command()
        .args(["check", "--cases", "10", "--seed", "1", "lucky7", "main.rs"])
        .current_dir(&sources.0)
        .output()
        .unwrap();
    let report = paragraphs(&String::from_utf8_lossy(&output.stdout)).join("\n");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{report}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(report.contains("cargo build --release (in "), "{report}");
    assert!(
        report.contains("the judge's Cargo.toml: edition 2024, lto, its crates"),
        "{report}"
    );
}
