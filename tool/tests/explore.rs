//! `atcoder-games explore`, in a real browser: headless Chromium, driven through its WebDriver
//! (Debian's `chromium` and `chromium-driver`). The pages are played as a user plays them, and
//! what they show is held against `explain` and `solve`. The page of the judge's largest input is
//! timed in the second tier, where nothing else disturbs it.

mod common;

use common::{root, sample, stdout, tool};
use fantoccini::{Client, ClientBuilder, Locator};
use std::fs;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// chromedriver, stopped when dropped.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
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
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    Some((Driver(child), port))
}

/// A headless Chromium session on chromedriver's `port`, retried while the driver starts.
async fn browser(port: u16) -> Client {
    let mut capabilities = serde_json::Map::new();
    // Everything here runs as root, where Chromium starts only without its sandbox.
    let options = serde_json::json!({
        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1200,1300"],
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

/// Writes the page of `problem` for `input` into `folder`, and gives its file URL and path.
fn page(folder: &Path, name: &str, problem: &str, input: &[u8]) -> (String, PathBuf) {
    let run = tool(&["explore", problem], input);
    assert!(run.succeeded(), "{}", String::from_utf8_lossy(&run.stderr));
    let path = folder.join(name);
    fs::write(&path, &run.stdout).unwrap();
    (format!("file://{}", path.display()), path)
}

async fn text(client: &Client, css: &str) -> String {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

/// The `data-` attributes `name` of the elements `css`.
async fn attributes(client: &Client, css: &str, name: &str) -> Vec<String> {
    let mut values = Vec::new();
    for element in client.find_all(Locator::Css(css)).await.unwrap() {
        values.push(element.attr(name).await.unwrap().unwrap_or_default());
    }
    values
}

/// Opens the game of word `word` (from 1) through the search box.
async fn open_with(client: &Client, word: usize) {
    let search = client.find(Locator::Css("#search")).await.unwrap();
    search.clear().await.unwrap();
    search.send_keys(&word.to_string()).await.unwrap();
    click(client, &format!("#found button[data-word=\"{word}\"]")).await;
}

/// Plays the best move, the first listed, until there is none or the game is over; gives the
/// lines of the game as the page lists them.
async fn play_best_line(client: &Client) -> Vec<String> {
    for _ in 0..200 {
        if !text(client, "#status").await.is_empty() {
            break;
        }
        let moves = client
            .find_all(Locator::Css("#moves button"))
            .await
            .unwrap();
        let Some(best) = moves.first() else { break };
        best.click().await.unwrap();
    }
    let mut lines = Vec::new();
    for item in client.find_all(Locator::Css("#line li")).await.unwrap() {
        lines.push(item.text().await.unwrap());
    }
    lines
}

#[tokio::test(flavor = "current_thread")]
async fn the_explore_pages_play_as_the_analysis_says_in_a_real_browser() {
    let Some((_driver, port)) = start_driver() else {
        return;
    };
    let folder = std::env::temp_dir().join(format!("explore-test-{}", std::process::id()));
    fs::create_dir_all(&folder).unwrap();
    let client = browser(port).await;

    // Shiritori, a few generated dictionaries and sample 1: each game played along its best line
    // is the one `explain` plays, word for word, with the words left after each.
    use atcoder_games_tool::family::Family;
    let mut inputs: Vec<String> = [
        (Family::SmallAlphabet, 12, 1),
        (Family::Chain, 9, 2),
        (Family::ManyMovesOneEscape, 8, 3),
    ]
    .map(|(family, size, seed)| family.input(size, seed).text())
    .to_vec();
    let input = sample("shiritori", 1);
    inputs.push(String::from_utf8(input.clone()).unwrap());
    for text in &inputs {
        let (url, _) = page(&folder, "shiritori.html", "shiritori", text.as_bytes());
        client.goto(&url).await.unwrap();
        let count: usize = text
            .split_ascii_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        for word in 1..=count {
            open_with(&client, word).await;
            let lines = play_best_line(&client).await;
            let explained = stdout(&tool(&["explain", "shiritori", &word.to_string()], text));
            assert_same_game(&client, &lines, &explained).await;
        }
    }

    // Against the solver from a lost opening: the solver wins, as the analysis says.
    click(&client, "#side option[value=\"Aoki\"]").await;
    click(&client, "#new-game").await;
    open_with(&client, 1).await;
    let status = text(&client, "#status").await;
    assert_eq!(
        status,
        "Takahashi has no word that starts with \"cda\": Aoki wins."
    );
    // Undo takes the solver's answer back with the opening.
    click(&client, "#undo").await;
    assert!(
        attributes(&client, "#line li", "data-word")
            .await
            .is_empty()
    );

    // The analysis stepped to its end leaves undecided exactly the draws that `solve` prints.
    click(&client, "#step-end").await;
    let draws = client
        .find(Locator::Css("#undecided"))
        .await
        .unwrap()
        .attr("data-draws")
        .await
        .unwrap()
        .unwrap_or_default();
    let answers = stdout(&tool(&["solve", "shiritori"], &input));
    let words: Vec<String> = String::from_utf8(input.clone())
        .unwrap()
        .split_ascii_whitespace()
        .skip(1)
        .map(String::from)
        .collect();
    for (word, answer) in words.iter().zip(answers.lines()) {
        let tail = &word[word.len() - 3..];
        assert_eq!(
            draws.split(' ').any(|draw| draw == tail),
            answer == "Draw",
            "{word}: {draws}"
        );
    }
    let shot = client.screenshot().await.unwrap();
    save_screenshot("explore-shiritori.png", &shot, &folder);

    // Lucky 7, sample 1: Takahashi (the user) picks the winning choice each round, the solver
    // plays Aoki, and the game ends as `solve` says.
    let input = sample("lucky7", 1);
    let (url, _) = page(&folder, "lucky7.html", "lucky7", &input);
    client.goto(&url).await.unwrap();
    click(&client, "#side option[value=\"A\"]").await;
    click(&client, "#new-game").await;
    for _ in 0..50 {
        let choices = client
            .find_all(Locator::Css("#choices button"))
            .await
            .unwrap();
        if choices.is_empty() {
            break;
        }
        let mut chosen = &choices[0];
        for choice in &choices {
            if choice.attr("class").await.unwrap().as_deref() == Some("won") {
                chosen = choice;
                break;
            }
        }
        chosen.click().await.unwrap();
    }
    let winner = stdout(&tool(&["solve", "lucky7"], &input));
    let status = text(&client, "#status").await;
    assert!(status.starts_with("The game is over"), "{status}");
    assert!(
        status.ends_with(&format!("so {} wins.", winner.trim())),
        "{status}"
    );
    click(&client, "#step").await;
    let shot = client.screenshot().await.unwrap();
    save_screenshot("explore-lucky7.png", &shot, &folder);

    client.close().await.unwrap();
    let _ = fs::remove_dir_all(&folder);
}

#[tokio::test(flavor = "current_thread")]
#[ignore = "second tier: times real programs (cargo test -- --ignored)"]
async fn the_judges_largest_page_is_interactive_at_once() {
    let Some((_driver, port)) = start_driver() else {
        return;
    };
    let folder = std::env::temp_dir().join(format!("explore-large-{}", std::process::id()));
    fs::create_dir_all(&folder).unwrap();
    let client = browser(port).await;
    // The judge's largest input: a page of at most 15 MB, interactive within 2 s, answering a
    // click within 100 ms.
    let words = atcoder_games_tool::family::Family::RandomWords
        .input(200_000, 3)
        .text();
    let (url, path) = page(&folder, "large.html", "shiritori", words.as_bytes());
    let size = fs::metadata(&path).unwrap().len();
    assert!(size <= 15_000_000, "{size} bytes");
    client.goto(&url).await.unwrap();
    let ready = client
        .execute("return window.readyAt;", vec![])
        .await
        .unwrap();
    let ready = ready.as_f64().expect("the page says when it was ready");
    assert!(ready < 2000.0, "interactive after {ready} ms");
    let clicked = client
        .execute(
            "const button = document.querySelector('#found button'); const t0 = performance.now(); \
             button.click(); const opened = performance.now() - t0; \
             const move = document.querySelector('#moves button'); const t1 = performance.now(); \
             if (move) move.click(); return Math.max(opened, performance.now() - t1);",
            vec![],
        )
        .await
        .unwrap();
    let clicked = clicked.as_f64().unwrap();
    assert!(clicked < 100.0, "a click took {clicked} ms");
    eprintln!(
        "200,000 words: {size} bytes, interactive after {ready:.0} ms, a click in {clicked:.1} ms"
    );

    client.close().await.unwrap();
    let _ = fs::remove_dir_all(&folder);
}

/// Asserts that the `lines` the page lists, playing the best moves, are the game `explain` plays
/// (`explained`): the same words, and the words left after each; or, for a draw, draws until the
/// page says the position came back.
async fn assert_same_game(client: &Client, lines: &[String], explained: &str) {
    let said: Vec<&str> = explained
        .lines()
        .filter_map(|line| {
            line.split_once(". ")
                .filter(|(n, _)| n.parse::<usize>().is_ok())
        })
        .map(|(_, rest)| rest)
        .collect();
    assert!(!said.is_empty(), "{explained}");
    let length = explained
        .lines()
        .next()
        .and_then(|verdict| verdict.split(" wins after ").nth(1))
        .and_then(|rest| rest.split(' ').next())
        .map(|words| words.parse::<usize>().unwrap());
    match length {
        Some(length) => {
            assert_eq!(lines.len(), said.len(), "{lines:?} against {explained}");
            for (m, (line, said)) in lines.iter().zip(&said).enumerate() {
                assert!(
                    line.starts_with(&format!("{said} (word ")),
                    "{line} against {said}"
                );
                let left = match length - m {
                    1 => ", 1 word left)".to_string(),
                    left => format!(", {left} words left)"),
                };
                assert!(line.ends_with(&left), "{line}: {left}");
            }
            assert!(
                text(client, "#status")
                    .await
                    .contains(" has no word that starts with ")
            );
        }
        None => {
            assert!(explained.contains("forever"), "{explained}");
            assert!(
                lines.iter().all(|line| line.contains("; draw for ")),
                "{lines:?}"
            );
            assert!(text(client, "#status").await.starts_with("Drawn forever"));
        }
    }
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

#[test]
fn an_input_beyond_the_judges_largest_is_refused_and_a_page_needs_no_network() {
    let mut input = String::from("200001\n");
    input.push_str(&"abcd\n".repeat(200_001));
    let run = tool(&["explore", "shiritori"], &input);
    let message = test_support::contract::clean_error(&run);
    assert_eq!(
        message,
        "error: the input has 200001 words; explore takes at most 200000 (the judge's largest)"
    );
    // Malformed input gets the solution's own message.
    let message = test_support::contract::clean_error(&tool(&["explore", "lucky7"], "2\n12\nAX\n"));
    assert!(message.starts_with("error: X"), "{message}");
    // One file: nothing is fetched, no script or style comes from elsewhere.
    let page = stdout(&tool(&["explore", "lucky7"], sample("lucky7", 1)));
    assert!(page.starts_with("<!DOCTYPE html>"));
    for outside in ["src=", "href=", "http://", "https://", "@import"] {
        assert!(!page.contains(outside), "{outside}");
    }
}
