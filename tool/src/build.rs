//! Sources built the way AtCoder's language update of October 2025 builds them, and the command
//! that runs them the way the judge runs them: C++ with GCC's line (the flags this machine's
//! compiler does not take dropped, and said), C with gcc, Rust in a Cargo project of the judge's
//! pinned crates (or with rustc alone when a file uses none), Python with `-X
//! int_max_str_digits=0` after `py_compile`, Java with `javac` and the judge's `-Xss` and `-Xmx`.
//! Each build is kept in the user's cache, by the source's content, the compiler's version and the
//! flags, and not made again.

use crate::format::shell_line;
use crate::process::{self, Options, RunError, Stdin};
use crate::resolve::{Language, Resolved, Shim};
use sha2::{Digest, Sha256};
use std::ffi::{OsStr, OsString};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The judge's C++ line, after `g++ Main.cpp -o a.out`.
pub const CPP_FLAGS: [&str; 15] = [
    "-DATCODER",
    "-DONLINE_JUDGE",
    "-O2",
    "-Wall",
    "-Wextra",
    "-fconstexpr-depth=1024",
    "-fconstexpr-loop-limit=524288",
    "-fconstexpr-ops-limit=2097152",
    "-flto=auto",
    "-fmodules",
    "-ftrivial-auto-var-init=zero",
    "-march=native",
    "-pthread",
    "-std=gnu++23",
    "-Wl,--as-needed",
];

/// The judge's flags that C takes too, and its standard.
pub const C_FLAGS: [&str; 8] = [
    "-DATCODER",
    "-DONLINE_JUDGE",
    "-O2",
    "-Wall",
    "-Wextra",
    "-march=native",
    "-pthread",
    "-std=gnu23",
];

/// The crates of AtCoder's Rust project that contestants use most, pinned as the judge pins them
/// (the judge has 67; docs/sources.md says which are here).
pub const RUST_CRATES: [(&str, &str); 25] = [
    (
        "proconio",
        r#"{ version = "=0.5.0", features = ["derive"] }"#,
    ),
    ("ac-library-rs", r#""=0.2.0""#),
    ("itertools", r#""=0.14.0""#),
    ("num", r#""=0.4.3""#),
    ("num-bigint", r#""=0.4.6""#),
    ("num-integer", r#""=0.1.46""#),
    ("num-traits", r#""=0.2.19""#),
    ("rand", r#""=0.10.1""#),
    ("rand_chacha", r#""=0.9.0""#),
    ("superslice", r#""=1.0.0""#),
    ("petgraph", r#""=0.8.2""#),
    ("indexmap", r#""=2.11.0""#),
    ("rustc-hash", r#""=2.1.1""#),
    ("smallvec", r#""=1.15.1""#),
    ("either", r#""=1.15.0""#),
    ("fixedbitset", r#""=0.5.7""#),
    ("ordered-float", r#""=5.0.0""#),
    ("regex", r#""=1.11.2""#),
    ("once_cell", r#""=1.21.3""#),
    ("pathfinding", r#""=4.14.0""#),
    ("bitvec", r#""=1.0.1""#),
    ("im-rc", r#""=15.1.0""#),
    ("maplit", r#""=1.0.2""#),
    ("text_io", r#""=0.1.13""#),
    ("memoise", r#""=0.3.2""#),
];

/// How a build goes: where AC Library is, which Python runs `.py` files, the memory limit the
/// JVM is given, and where builds are kept.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The folder that holds `atcoder/` (AC Library), if any.
    pub include: Option<PathBuf>,
    /// The interpreter of Python sources: `python3`, or `pypy3`.
    pub python: OsString,
    /// The memory limit, in MiB, from which the JVM's `-Xmx` and `-Xss` are derived.
    pub memory_mib: u64,
    /// The folder builds are kept in.
    pub cache: PathBuf,
}

impl BuildOptions {
    /// The user's cache: `$XDG_CACHE_HOME/atcoder-games`, or `~/.cache/atcoder-games`.
    pub fn user_cache() -> PathBuf {
        let base = std::env::var_os("XDG_CACHE_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))
            .unwrap_or_else(std::env::temp_dir);
        base.join("atcoder-games")
    }
}

/// A source, built: the command that runs it, and how it was built and is run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    pub command: Vec<OsString>,
    /// The language, as the judge names it.
    pub language: &'static str,
    /// The compiler's or interpreter's version here.
    pub version: String,
    /// The command line that built it, as a shell reads it back; None for a source that is run
    /// as it is.
    pub build: Option<String>,
    /// The judge's flags this machine's compiler does not take, left out.
    pub dropped: Vec<String>,
    /// Whether it was built before, and taken from the cache.
    pub cached: bool,
}

/// Why a source could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// The compiler or interpreter it needs is not here, and where it comes from: Debian's
    /// package, or rustup.
    Missing { program: String, source: String },
    /// It includes AC Library, which is not here.
    NoLibrary,
    /// The compiler refused it: a compilation error, with the command, the compiler's version
    /// here, and what it said.
    Compile {
        command: String,
        version: String,
        output: String,
    },
    /// Anything else: the cache cannot be written, say.
    Io(String),
}

impl BuildError {
    /// The error as a sentence: what is missing and where to get it, or what failed.
    pub fn message(&self, source: &Path) -> String {
        let source = source.display();
        match self {
            Self::Missing {
                program,
                source: from,
            } => format!("{source} needs {program}, which is not here: install it ({from})"),
            Self::NoLibrary => format!(
                "{source} includes AC Library (atcoder/...), which is not here: get it from https://github.com/atcoder/ac-library and give its folder with --include DIR, or in ATCODER_LIBRARY"
            ),
            Self::Compile { command, .. } => {
                format!("{source} gives a compilation error (CE): {command}")
            }
            Self::Io(why) => format!("cannot build {source}: {why}"),
        }
    }
}

/// A compiler's command line, and how long it may take: through the runner, as every program
/// the tool starts, in a process group of its own that is stopped as a whole, with bounded output.
struct Compiler {
    words: Vec<OsString>,
    time: Duration,
}

/// What a compiler may take of one source: the judge gives 10 s; GCC's link-time optimization of a
/// heavy template is slower here, and a first Cargo build of the judge's crates takes minutes.
const COMPILE_TIME: Duration = Duration::from_secs(120);
const CARGO_TIME: Duration = Duration::from_secs(900);

/// The memory a compiler and all it starts may hold together.
const COMPILER_MEMORY: u64 = 8 << 30;

/// The most a compiler may print: more is no message anyone reads.
const COMPILER_OUTPUT: u64 = 16 << 20;

/// How a compiler that may take `time` runs: stopped once it has worked or waited that long, holds
/// more than 8 GiB, or has printed more than 16 MiB.
pub fn compiler_options(time: Duration) -> Options {
    Options {
        time_limit: Some(time),
        wall_limit: Some(time),
        memory_limit: Some(COMPILER_MEMORY),
        output_limit: Some(COMPILER_OUTPUT),
        ..Options::default()
    }
}

impl Compiler {
    fn new(program: impl AsRef<OsStr>) -> Self {
        Self {
            words: vec![program.as_ref().to_os_string()],
            time: COMPILE_TIME,
        }
    }

    fn arg(&mut self, word: impl AsRef<OsStr>) -> &mut Self {
        self.words.push(word.as_ref().to_os_string());
        self
    }

    fn args<W: AsRef<OsStr>>(&mut self, words: impl IntoIterator<Item = W>) -> &mut Self {
        for word in words {
            self.arg(word);
        }
        self
    }

    /// Its words, as a shell reads them back.
    fn line(&self) -> String {
        shell_line(&self.words)
    }

    /// What it printed, on stdout and stderr, and whether it exited with 0; None if it could not
    /// start. A compiler stopped at a limit is an error that says which.
    fn run(&self) -> Result<Option<(bool, String)>, BuildError> {
        let options = compiler_options(self.time);
        let ran = match process::run(&self.words, Stdin::Bytes(b""), &options) {
            Ok(ran) => ran,
            Err(RunError::CannotStart(_)) => return Ok(None),
            Err(error) => return Err(BuildError::Io(format!("{}: {error}", self.line()))),
        };
        if let Some(stop) = ran.stopped {
            return Err(BuildError::Io(format!(
                "{} was stopped at its {} limit",
                self.line(),
                stop.noun()
            )));
        }
        let mut printed = String::from_utf8_lossy(&ran.stdout).into_owned();
        printed.push_str(&String::from_utf8_lossy(&ran.stderr));
        Ok(Some((ran.status.success(), printed)))
    }
}

/// Where to get what Debian's `package` provides.
fn debian(package: &str) -> String {
    format!("Debian's package {package}")
}

/// The first line `program --version` prints, or the missing program's error, which says where
/// it comes `from`.
fn version(program: &str, flag: &str, from: String) -> Result<String, BuildError> {
    let missing = || BuildError::Missing {
        program: program.to_string(),
        source: from.clone(),
    };
    let (_, printed) = Compiler::new(program)
        .arg(flag)
        .run()?
        .ok_or_else(missing)?;
    Ok(printed
        .lines()
        .next()
        .unwrap_or_default()
        .trim()
        .to_string())
}

/// A digest of `parts`, in hexadecimal: a build's key in the cache.
fn digest(parts: &[&[u8]]) -> String {
    let mut hash = Sha256::new();
    for part in parts {
        hash.update((part.len() as u64).to_le_bytes());
        hash.update(part);
    }
    let bytes = hash.finalize();
    bytes[..16]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// The flags of `flags` that `compiler` takes, and those it does not, found by compiling an empty
/// program of `language` (`c` or `c++`) with each, once per compiler version (kept in `cache`).
fn flags_taken(
    compiler: &str,
    language: &str,
    version: &str,
    flags: &[&str],
    cache: &Path,
) -> Result<(Vec<String>, Vec<String>), BuildError> {
    let key = digest(&[version.as_bytes(), flags.join(" ").as_bytes()]);
    let kept = cache.join(format!("flags-{compiler}-{key}"));
    if let Ok(text) = fs::read_to_string(&kept) {
        let (taken, dropped) = text.split_once('\n').unwrap_or((&text, ""));
        let words = |line: &str| line.split_whitespace().map(String::from).collect();
        return Ok((words(taken), words(dropped)));
    }
    let scratch = cache.join(format!("probe-{key}"));
    fs::create_dir_all(&scratch).map_err(|error| BuildError::Io(error.to_string()))?;
    let source = scratch.join(format!(
        "empty.{}",
        if language == "c" { "c" } else { "cpp" }
    ));
    fs::write(&source, "int main(void) { return 0; }\n")
        .map_err(|error| BuildError::Io(error.to_string()))?;
    // A flag is taken when the empty program compiles with it without a word: a warning that it
    // is for another language, or unknown, is a flag this compiler does not take.
    let compiles = |flag: &str| -> Result<bool, BuildError> {
        let mut command = Compiler::new(compiler);
        command
            .arg(&source)
            .arg("-o")
            .arg(scratch.join("a.out"))
            .arg(flag);
        let compiled = command.run()?;
        Ok(compiled.is_some_and(|(compiled, printed)| compiled && printed.trim().is_empty()))
    };
    let (mut taken, mut dropped) = (Vec::new(), Vec::new());
    for &flag in flags {
        match compiles(flag)? {
            true => taken.push(flag),
            false => dropped.push(flag),
        }
    }
    let _ = fs::remove_dir_all(&scratch);
    let text = format!("{}\n{}\n", taken.join(" "), dropped.join(" "));
    let _ = fs::write(&kept, text);
    let owned = |flags: Vec<&str>| flags.into_iter().map(String::from).collect();
    Ok((owned(taken), owned(dropped)))
}

/// Runs a build `command` of a compiler of `version`, and makes its compilation error a
/// [`BuildError::Compile`].
fn compile(command: &Compiler, version: &str) -> Result<(), BuildError> {
    let line = command.line();
    let (compiled, output) = command
        .run()?
        .ok_or_else(|| BuildError::Io(format!("cannot run {line}")))?;
    match compiled {
        true => Ok(()),
        false => Err(BuildError::Compile {
            command: line,
            version: version.to_string(),
            output,
        }),
    }
}

/// A program ready to run: its command line, how it was built if it was a source, a note for
/// the user where the command was read in a way worth saying, and the pyenv shim it starts
/// through, if it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ready {
    pub command: Vec<OsString>,
    pub built: Option<Built>,
    pub note: Option<String>,
    pub shim: Option<Shim>,
}

/// The `resolved` program made ready to run: a source built as the judge builds it, with
/// `options`; any other program as it is. The error is the source's, with its path.
pub fn ready(resolved: Resolved, options: &BuildOptions) -> Result<Ready, (PathBuf, BuildError)> {
    match resolved {
        Resolved::Source { path, language } => match build(&path, language, options) {
            Ok(built) => Ok(Ready {
                command: built.command.clone(),
                built: Some(built),
                note: None,
                shim: None,
            }),
            Err(error) => Err((path, error)),
        },
        Resolved::Program(found) => Ok(Ready {
            command: found.command,
            built: None,
            note: found.note,
            shim: found.shim,
        }),
    }
}

/// Builds the source at `path` of `language` as the judge does, or takes it from the cache.
pub fn build(path: &Path, language: Language, options: &BuildOptions) -> Result<Built, BuildError> {
    let failed = |error: std::io::Error| BuildError::Io(error.to_string());
    let source = fs::read(path).map_err(failed)?;
    let path = fs::canonicalize(path).map_err(failed)?;
    fs::create_dir_all(&options.cache).map_err(failed)?;
    match language {
        Language::Cpp => native(&path, &source, language, options),
        Language::C => native(&path, &source, language, options),
        Language::Rust => rust(&path, &source, options),
        Language::Python => python(&path, &source, options),
        Language::Java => java(&path, &source, options),
    }
}

/// C++ or C, with gcc: `a.out` in a folder of the cache named by the build's key.
fn native(
    path: &Path,
    source: &[u8],
    language: Language,
    options: &BuildOptions,
) -> Result<Built, BuildError> {
    let (compiler, tongue, flags): (&str, &str, &[&str]) = match language {
        Language::Cpp => ("g++", "c++", &CPP_FLAGS),
        _ => ("gcc", "c", &C_FLAGS),
    };
    let version = version(compiler, "--version", debian(compiler))?;
    let library = options
        .include
        .clone()
        .or_else(|| std::env::var_os("ATCODER_LIBRARY").map(PathBuf::from));
    let (mut taken, dropped) = flags_taken(compiler, tongue, &version, flags, &options.cache)?;
    if let Some(library) = &library {
        taken.push(format!("-I{}", library.display()));
    }
    let key = digest(&[source, version.as_bytes(), taken.join(" ").as_bytes()]);
    let folder = options.cache.join(format!("{compiler}-{key}"));
    let binary = folder.join("a.out");
    let mut command = Compiler::new(compiler);
    command.arg(path).arg("-o").arg(&binary).args(&taken);
    if language == Language::C {
        command.arg("-lm");
    }
    let line = command.line();
    let cached = binary.is_file();
    if !cached {
        fs::create_dir_all(&folder).map_err(|error| BuildError::Io(error.to_string()))?;
        // Built first: a source may include AC Library only where it is there
        // (`__has_include(<atcoder/all>)`), which the compiler alone tells.
        match compile(&command, &version) {
            Err(BuildError::Compile { output, .. })
                if library.is_none() && misses_ac_library(&output) =>
            {
                return Err(BuildError::NoLibrary);
            }
            compiled => compiled?,
        }
    }
    Ok(Built {
        command: vec![binary.into_os_string()],
        language: language.judges(),
        version,
        build: Some(line),
        dropped,
        cached,
    })
}

/// Whether a compiler's `output` says that a header of AC Library is not found: GCC's `fatal
/// error: atcoder/dsu: No such file or directory`.
fn misses_ac_library(output: &str) -> bool {
    output
        .lines()
        .any(|line| line.contains("atcoder/") && line.contains("No such file or directory"))
}

/// The external crates a Rust source names: a crate's name as a whole word, before `::` in a
/// path or a `use` line, or after `extern crate`.
pub fn crates_used(text: &str) -> Vec<String> {
    let in_a_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let names = |name: &str| {
        text.match_indices(name).any(|(at, _)| {
            let (before, after) = (&text[..at], &text[at + name.len()..]);
            let whole = !before.ends_with(in_a_word) && !after.starts_with(in_a_word);
            whole && (after.starts_with("::") || before.trim_end().ends_with("extern crate"))
        })
    };
    // `ac-library-rs` is the crate `ac_library`.
    let known = RUST_CRATES.map(|(name, _)| match name {
        "ac-library-rs" => "ac_library".to_string(),
        _ => name.replace('-', "_"),
    });
    known.into_iter().filter(|name| names(name)).collect()
}

/// Rust: with rustc alone for a source that uses no crate; else in the cache's Cargo project of
/// the judge's pinned crates, which build once.
fn rust(path: &Path, source: &[u8], options: &BuildOptions) -> Result<Built, BuildError> {
    let version = version(
        "rustc",
        "--version",
        "rustup, https://rustup.rs".to_string(),
    )?;
    let text = String::from_utf8_lossy(source);
    let crates = crates_used(&text);
    let key = digest(&[
        source,
        version.as_bytes(),
        b"rust",
        crates.join(" ").as_bytes(),
    ]);
    let folder = options.cache.join(format!("rust-{key}"));
    let binary = folder.join("main");
    let cached = binary.is_file();
    let failed = |error: std::io::Error| BuildError::Io(error.to_string());
    let line = if crates.is_empty() {
        let mut command = Compiler::new("rustc");
        command
            .args(["--edition", "2024", "-O", "--cfg", "atcoder", "-o"])
            .arg(&binary)
            .arg(path);
        let line = command.line();
        if !cached {
            fs::create_dir_all(&folder).map_err(failed)?;
            compile(&command, &version)?;
        }
        line
    } else {
        let project = options.cache.join("rust-project");
        let line = format!(
            "cargo build --release (in {}, the judge's Cargo.toml: edition 2024, lto, its crates)",
            project.display()
        );
        if !cached {
            cargo_build(&project, source, &binary, &version)?;
        }
        line
    };
    Ok(Built {
        command: vec![binary.into_os_string()],
        language: Language::Rust.judges(),
        version,
        build: Some(line),
        dropped: Vec::new(),
        cached,
    })
}

/// Builds `source` as `src/main.rs` of the Cargo `project` (made if it is not there), and copies
/// the binary to `binary`. One build at a time: a lock file guards the project.
fn cargo_build(
    project: &Path,
    source: &[u8],
    binary: &Path,
    version: &str,
) -> Result<(), BuildError> {
    let failed = |error: std::io::Error| BuildError::Io(error.to_string());
    fs::create_dir_all(project.join("src")).map_err(failed)?;
    // Held until it is dropped, at the end of the build.
    let lock = fs::File::create(project.join(".lock")).map_err(failed)?;
    lock.lock().map_err(failed)?;
    let mut manifest = String::from(
        "[package]\nname = \"main\"\nversion = \"0.1.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\n",
    );
    for (name, version) in RUST_CRATES {
        manifest.push_str(&format!("{name} = {version}\n"));
    }
    manifest.push_str("\n[profile.release]\nlto = true\npanic = \"unwind\"\n");
    fs::write(project.join("Cargo.toml"), manifest).map_err(failed)?;
    fs::write(project.join("src/main.rs"), source).map_err(failed)?;
    // The project is named by its manifest, and its target folder, for the runner starts Cargo
    // where the tool runs; the judge's build sets the `atcoder` cfg.
    let mut command = Compiler::new("cargo");
    command
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(project.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(project.join("target"))
        .args(["--config", r#"build.rustflags=["--cfg", "atcoder"]"#]);
    command.time = CARGO_TIME;
    compile(&command, version)?;
    fs::create_dir_all(binary.parent().unwrap_or(project)).map_err(failed)?;
    fs::copy(project.join("target/release/main"), binary).map_err(failed)?;
    Ok(())
}

/// Python: checked as the judge builds it (`py_compile`, its bytecode kept in the cache, not
/// beside the source), then run with its flag; by PyPy where `options` say so. A source checked
/// before by the same interpreter is not checked again: `py_compile` takes 0.2 s, the start of a
/// whole check of a fast program.
fn python(path: &Path, source: &[u8], options: &BuildOptions) -> Result<Built, BuildError> {
    let interpreter = options.python.to_string_lossy().into_owned();
    // Through a pyenv shim, every start would pay for the shim: run what it stands for.
    let python = Shim::named(&options.python)
        .map_or(options.python.clone(), |shim| shim.program.into_os_string());
    let version = version(&python.to_string_lossy(), "--version", debian(&interpreter))?;
    let mut command = Compiler::new(&python);
    let prefix = format!("pycache_prefix={}", options.cache.join("pycache").display());
    command
        .arg("-X")
        .arg(prefix)
        .args(["-m", "py_compile"])
        .arg(path);
    let line = command.line();
    let key = digest(&[source, version.as_bytes(), python.as_encoded_bytes()]);
    let checked = options.cache.join(format!("python-{key}"));
    let cached = checked.is_file();
    if !cached {
        compile(&command, &version)?;
        fs::write(&checked, line.as_bytes()).map_err(|error| BuildError::Io(error.to_string()))?;
    }
    Ok(Built {
        command: vec![
            python,
            "-X".into(),
            "int_max_str_digits=0".into(),
            path.as_os_str().to_os_string(),
        ],
        language: match interpreter.contains("pypy") {
            true => "Python, PyPy 3.11 v7.3.20",
            false => Language::Python.judges(),
        },
        version,
        build: Some(line),
        dropped: Vec::new(),
        cached,
    })
}

/// Java: `javac` into a folder of the cache, then `java` with the judge's stack and heap.
fn java(path: &Path, source: &[u8], options: &BuildOptions) -> Result<Built, BuildError> {
    version("java", "-version", debian("default-jre-headless"))?;
    let version = version("javac", "-version", debian("default-jdk-headless"))?;
    let key = digest(&[source, version.as_bytes(), b"java"]);
    let folder = options.cache.join(format!("java-{key}"));
    let class = path
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_else(|| "Main".to_string());
    let cached = folder.join(format!("{class}.class")).is_file();
    let mut command = Compiler::new("javac");
    command.arg("-d").arg(&folder).arg(path);
    let line = command.line();
    if !cached {
        compile(&command, &version)?;
    }
    let memory = options.memory_mib;
    let heap = memory * 9 / 10;
    let stack = memory.min(1024);
    Ok(Built {
        command: vec![
            "java".into(),
            format!("-Xmx{heap}M").into(),
            format!("-Xss{stack}M").into(),
            "-DONLINE_JUDGE=true".into(),
            "-cp".into(),
            folder.into_os_string(),
            class.into(),
        ],
        language: Language::Java.judges(),
        version,
        build: Some(line),
        dropped: Vec::new(),
        cached,
    })
}
