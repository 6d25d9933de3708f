//! `atcoder-games explore`, in a real browser: headless Chromium, driven through its WebDriver
//! (Debian's `chromium` and `chromium-driver`). The pages are played as a user plays them, with
//! the mouse and the keyboard, through the attributes the page promises tests (`data-word`,
//! `data-result`, `data-left`, `data-state`, ...; docs/explore.md lists them), and what they show is
//! held against `explain` and `solve`. The pages of the judge's largest inputs are timed in the
//! second tier, where nothing else disturbs them.

use crate::common;

use atcoder_games_tool::family::Family;
use common::{TOOL, root, sample, stdout, tool, wrong_command};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::Value;
use std::fs;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use test_support::colour;

mod address;
mod check_page;
mod limits;
mod play;
mod speed;

/// chromedriver, stopped when dropped with the browsers it started, also after a failed
/// assertion left a session open.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        for process in descendants(self.0.id()) {
            // SAFETY: kill has no memory effects; the process is one this test started.
            unsafe { libc::kill(process as i32, libc::SIGKILL) };
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The processes descended from `ancestor`, from /proc.
fn descendants(ancestor: u32) -> Vec<u32> {
    let parents: Vec<(u32, u32)> = fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|entry| {
            let process: u32 = entry.file_name().to_str()?.parse().ok()?;
            let stat = fs::read_to_string(entry.path().join("stat")).ok()?;
            // The parent is the second field after the command, which ends with the last ')'.
            let parent = stat
                .rsplit_once(')')?
                .1
                .split_whitespace()
                .nth(1)?
                .parse()
                .ok()?;
            Some((process, parent))
        })
        .collect();
    let mut found = vec![ancestor];
    let mut next = 0;
    while next < found.len() {
        let parent = found[next];
        found.extend(
            parents
                .iter()
                .filter(|(_, p)| *p == parent)
                .map(|(c, _)| *c),
        );
        next += 1;
    }
    found.remove(0);
    found
}

/// Starts chromedriver on a free port; None, having said why, where it or Chromium is missing
/// (outside CI: CI installs both, and fails without them).
fn start_driver() -> Option<(Driver, u16)> {
    let missing = ["chromedriver", "chromium"].into_iter().find(|program| {
        Command::new("which")
            .arg(program)
            .output()
            .map_or(true, |o| !o.status.success())
    });
    if let Some(program) = missing {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI installs chromium and chromium-driver: {program} is missing"
        );
        eprintln!("skipped: no {program} here to test the explore pages in a browser");
        return None;
    }
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a free port");
    // Chromium's profiles, which a killed browser leaves, go where the test's other files go.
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .env("TMPDIR", common::temporary())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    Some((Driver(child), port))
}

/// A headless Chromium session on chromedriver's `port`, `width` pixels wide, retried while the
/// driver starts.
async fn browser(port: u16, width: u32) -> Client {
    let mut capabilities = serde_json::Map::new();
    // Everything here runs as root, where Chromium starts only without its sandbox.
    let options = serde_json::json!({
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-first-run", format!("--window-size={width},1300")],
    });
    capabilities.insert("goog:chromeOptions".to_string(), options);
    let started = Instant::now();
    loop {
        let connected = ClientBuilder::rustls()
            .expect("rustls")
            .capabilities(capabilities.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await;
        match connected {
            Ok(client) => return client,
            Err(error) if started.elapsed() > Duration::from_secs(20) => {
                panic!("no browser session: {error}")
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

/// A folder for the pages of one test.
fn folder(name: &str) -> PathBuf {
    let folder = common::temporary().join(format!("explore-{name}"));
    fs::create_dir_all(&folder).unwrap();
    folder
}

/// Writes the page of `problem` for `input` into `folder`, and gives its file URL and path.
fn page(folder: &Path, name: &str, problem: &str, input: &[u8]) -> (String, PathBuf) {
    let run = tool(&["explore", problem], input);
    assert!(run.succeeded(), "{}", String::from_utf8_lossy(&run.stderr));
    let path = folder.join(name);
    fs::write(&path, &run.stdout).unwrap();
    (format!("file://{}", path.display()), path)
}

/// Runs `script` in the page and gives what it returns.
async fn js(client: &Client, script: &str) -> Value {
    client.execute(script, vec![]).await.unwrap()
}

/// Loads `url` and waits until its page is interactive (see [`ready`]).
async fn open(client: &Client, url: &str) {
    let before = document_origin(client).await;
    client.goto(url).await.unwrap();
    ready(client, before, url).await;
}

/// Loads the page again and waits until it is interactive (see [`ready`]).
async fn reload(client: &Client) {
    let before = document_origin(client).await;
    client.refresh().await.unwrap();
    ready(client, before, "the page again").await;
}

/// The current document's `performance.timeOrigin`: each loaded document has its own.
async fn document_origin(client: &Client) -> Option<f64> {
    let origin = client
        .execute("return performance.timeOrigin;", vec![])
        .await;
    origin.ok().and_then(|value| value.as_f64())
}

/// Waits for a document other than the one from `before` to mark itself ready. chromedriver can
/// answer a navigation before the new document has run its script (seen on a busy machine), and
/// a script run in between finds the old document or none.
async fn ready(client: &Client, before: Option<f64>, loading: &str) {
    let started = Instant::now();
    loop {
        let state = client
            .execute(
                "return [performance.timeOrigin, document.body?.dataset.ready === 'true'];",
                vec![],
            )
            .await;
        if let Ok(state) = state
            && state[0].as_f64() != before
            && state[1] == Value::Bool(true)
        {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "{loading}: not interactive after 30 s"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn text(client: &Client, css: &str) -> String {
    let script = format!("return document.querySelector({css:?})?.textContent ?? '';");
    js(client, &script)
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// The game's state and who is to move: `("playing", "aoki")`, `("drawn", "")`.
async fn game_state(client: &Client) -> (String, String) {
    let state = js(
        client,
        "const g = document.querySelector('[data-state]'); return [g.dataset.state, g.dataset.toMove || ''];",
    )
    .await;
    let field = |k: usize| state[k].as_str().unwrap().to_string();
    (field(0), field(1))
}

/// The `data-` attribute `name` of each element `css`, in order.
async fn attributes(client: &Client, css: &str, name: &str) -> Vec<String> {
    let script = format!(
        "return [...document.querySelectorAll({css:?})].map((e) => e.getAttribute({name:?}) ?? '');"
    );
    let values = js(client, &script).await;
    let values = values.as_array().unwrap();
    values
        .iter()
        .map(|value| value.as_str().unwrap().to_string())
        .collect()
}

/// Clicks the element `css`, and waits until the address has the position it made.
async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|_| panic!("no {css}"))
        .click()
        .await
        .unwrap();
    settled(client).await;
}

/// Waits until the page has written its position into the address: it writes at most a few
/// times a second, and its body's `data-address` is `pending` until it has.
async fn settled(client: &Client) {
    let started = Instant::now();
    while js(
        client,
        "return document.body.dataset.address === 'pending';",
    )
    .await
        == true
    {
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the address is not written"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Chooses `value` in the solver's side select.
async fn solver(client: &Client, value: &str) {
    click(client, &format!("[data-solver] option[value=\"{value}\"]")).await;
}

/// Opens the game of word `word` (from 1) through the search box.
async fn open_with(client: &Client, word: usize) {
    let search = client.find(Locator::Css("[data-search]")).await.unwrap();
    search.clear().await.unwrap();
    search.send_keys(&word.to_string()).await.unwrap();
    click(
        client,
        &format!("[data-openings] button[data-word=\"{word}\"]"),
    )
    .await;
}

/// Plays the best move, the first listed, until the game is over; gives the words said.
async fn play_best_line(client: &Client) -> Vec<String> {
    for _ in 0..200 {
        if game_state(client).await.0 != "playing" {
            break;
        }
        click(client, "[data-moves] button[data-word]").await;
    }
    attributes(client, "#line li", "data-word").await
}

/// The words that `explain` says in the game Takahashi opens with `word` in `input`, by number,
/// and how it ends: `Some(winner)`, or None for a draw.
fn explained(input: &str, word: usize) -> (Vec<String>, Option<String>) {
    let explained = stdout(&tool(&["explain", "shiritori", &word.to_string()], input));
    let words: Vec<&str> = input.split_ascii_whitespace().skip(1).collect();
    let mut said = Vec::new();
    for line in explained.lines() {
        if let Some((number, rest)) = line.split_once(". ")
            && number.parse::<usize>().is_ok()
        {
            let spelled = rest.split(": ").nth(1).unwrap();
            // The opening as chosen; after it, the first word of that spelling in the input: the
            // page offers each spelling once, by its first copy.
            let place = match said.is_empty() {
                true => word - 1,
                false => words.iter().position(|w| *w == spelled).unwrap(),
            };
            said.push((place + 1).to_string());
        }
    }
    let first = explained.lines().next().unwrap();
    let winner = first
        .split(": ")
        .nth(1)
        .and_then(|rest| rest.split(" wins").next());
    let winner = winner.filter(|w| *w != "Draw.").map(String::from);
    (said, winner)
}

/// Keeps a screenshot: in docs/ when `BLESS` is set (the manual shows them), else beside the
/// test's pages.
fn save_screenshot(name: &str, png: &[u8], folder: &Path) {
    let path = match std::env::var_os("BLESS") {
        Some(_) => root().join("docs").join(name),
        None => folder.join(name),
    };
    fs::write(path, png).unwrap();
}

/// The game's `data-said`: the words said or rounds played.
async fn said(client: &Client) -> usize {
    let count = js(
        client,
        "return document.querySelector('[data-state]').dataset.said;",
    )
    .await;
    count.as_str().unwrap().parse().unwrap()
}

/// The address's fragment.
async fn fragment(client: &Client) -> String {
    settled(client).await;
    let url = client.current_url().await.unwrap();
    url.fragment().unwrap_or_default().to_string()
}
