//! The pages' speed, in the second tier: a click at the end of a long line, and the judge's
//! largest pages, at once and in little memory.

use super::*;

/// The resident memory of the largest renderer process of the Chromium that `driver` started, in
/// bytes.
fn renderer_memory(driver: &Driver) -> u64 {
    let mut largest = 0;
    for process in descendants(driver.0.id()) {
        let path = Path::new("/proc").join(process.to_string());
        let command = fs::read(path.join("cmdline")).unwrap_or_default();
        if !String::from_utf8_lossy(&command).contains("--type=renderer") {
            continue;
        }
        let status = fs::read_to_string(path.join("status")).unwrap_or_default();
        let resident = status
            .lines()
            .find_map(|line| line.strip_prefix("VmRSS:"))
            .and_then(|kb| kb.trim().strip_suffix("kB"))
            .and_then(|kb| kb.trim().parse::<u64>().ok())
            .unwrap_or(0);
        largest = largest.max(resident * 1024);
    }
    largest
}

/// Times a click on `css` in milliseconds, the page laid out again after it.
async fn timed_click(client: &Client, css: &str) -> f64 {
    let script = format!(
        "const target = document.querySelector({css:?}); if (!target) return -1; const t0 = performance.now(); target.click(); document.body.offsetHeight; return performance.now() - t0;"
    );
    let time = js(client, &script).await.as_f64().unwrap();
    assert!(time >= 0.0, "no {css}");
    time
}

/// A page is ready at once under this many milliseconds after it started loading, on a machine
/// of [`REFERENCE_PACE_MS`].
const READY_BOUND_MS: f64 = 1000.0;

/// A click counts as at once under this many milliseconds, on a machine of [`REFERENCE_PACE_MS`].
const CLICK_BOUND_MS: f64 = 100.0;

/// What [`PACE`] takes on the quiet machine the bounds above were set on (2 cores of an AMD EPYC
/// virtual machine), in milliseconds: the least of five tries there ranged from 54 to 95 ms.
const REFERENCE_PACE_MS: f64 = 55.0;

/// A fixed piece of the work a click costs, in the browser itself: script, and a layout of many
/// elements. A machine slower than the reference, or busier, takes it longer, and the bounds
/// grow with it: they are about how the page scales, not about this machine's speed.
const PACE: &str = "const t0 = performance.now(); let x = 0; for (let i = 0; i < 2e6; i++) x = (x + i * 7) % 1000003; const box = document.createElement('div'); for (let i = 0; i < 2000; i++) { const b = document.createElement('button'); b.textContent = 'w' + (i ^ x); box.append(b); } document.body.append(box); document.body.offsetHeight; box.remove(); document.body.offsetHeight; return performance.now() - t0;";

/// How many times slower than the reference machine this browser is now, at least 1: the least
/// of five tries of [`PACE`] on a blank page, over [`REFERENCE_PACE_MS`].
async fn slowness(client: &Client) -> f64 {
    let mut least = f64::INFINITY;
    for _ in 0..5 {
        least = least.min(js(client, PACE).await.as_f64().unwrap());
    }
    (least / REFERENCE_PACE_MS).max(1.0)
}

/// A click on a long line's end counts as at once under this many milliseconds, on a machine of
/// [`REFERENCE_PACE_MS`].
const LONG_LINE_CLICK_BOUND_MS: f64 = 50.0;

#[tokio::test(flavor = "current_thread")]
#[ignore = "second tier: times the page"]
async fn a_click_at_the_end_of_a_long_line_is_at_once() {
    let Some((_driver, port)) = start_driver() else {
        return;
    };
    let folder = folder("long-line");
    let client = browser(port, 1200).await;
    let chain = Family::Chain.input(200_000, 3).text();
    let (url, _) = page(&folder, "chain.html", "shiritori", chain.as_bytes());
    // The longest game: the opening with the most words left, then the solver's choices, all of
    // them, which the address says in a few bytes.
    open(&client, &url).await;
    let longest = "let best = 0; for (let k = 0; k < D.words.length; k++) if (D.result[k] !== 'D' && D.depth[D.to[k]] > D.depth[D.to[best]]) best = k; return best + 1;";
    let opening = js(&client, longest).await;
    client
        .goto(&format!("{url}#line={opening},*200000&solver=none&step=0"))
        .await
        .unwrap();
    settled(&client).await;
    let length = said(&client).await;
    assert!(length >= 100_000, "{length} words");
    let address = fragment(&client).await;
    assert!(address.len() < 100, "{address}");
    let slowness = slowness(&client).await;
    let bound = LONG_LINE_CLICK_BOUND_MS * slowness;
    let mut clicks = Vec::new();
    for _ in 0..3 {
        clicks.push(timed_click(&client, "#undo").await);
        settled(&client).await;
        clicks.push(timed_click(&client, "[data-moves] button[data-word]").await);
        settled(&client).await;
    }
    clicks.sort_by(f64::total_cmp);
    let median = clicks[clicks.len() / 2];
    eprintln!("{length} words: clicks {clicks:.1?} ms, slowness {slowness:.2}");
    assert!(
        median < bound,
        "clicks {clicks:?} ms at {length} words, over {bound} ms"
    );
    assert_eq!(said(&client).await, length);
    client.close().await.unwrap();
    let _ = fs::remove_dir_all(&folder);
}

/// Times the clicks a player makes first on a freshly loaded page, in milliseconds: an opening or
/// a digit, a move, Undo, the solver's side, a step of the analysis.
async fn click_times(client: &Client, problem: &str) -> Vec<f64> {
    let mut clicks = Vec::new();
    // The solver takes the side that moves at once in the judge's largest games.
    let side = if problem == "shiritori" {
        clicks.push(timed_click(client, "[data-openings] button[data-word=\"1\"]").await);
        if game_state(client).await.0 == "playing" {
            clicks.push(timed_click(client, "[data-moves] button[data-word]").await);
        }
        "takahashi"
    } else {
        clicks.push(timed_click(client, "[data-moves] button").await);
        "aoki"
    };
    clicks.push(timed_click(client, "#undo").await);
    let solver_reply = format!(
        "const s = document.querySelector('[data-solver]'); s.value = '{side}'; const t0 = performance.now(); s.dispatchEvent(new Event('change')); document.body.offsetHeight; return performance.now() - t0;"
    );
    clicks.push(js(client, &solver_reply).await.as_f64().unwrap());
    clicks.push(timed_click(client, "#step-forward").await);
    clicks
}

#[tokio::test(flavor = "current_thread")]
#[ignore = "second tier: times real programs (cargo test -- --ignored)"]
async fn the_judges_largest_pages_answer_at_once_in_little_memory() {
    let Some((driver, port)) = start_driver() else {
        return;
    };
    let folder = folder("large");
    // Every family at 200,000, and a single block with every move but one.
    let mut inputs: Vec<(String, &str, String)> = Family::SHIRITORI
        .iter()
        .map(|family| {
            (
                family.name().to_string(),
                "shiritori",
                family.input(200_000, 3).text(),
            )
        })
        .collect();
    let mut one_block = vec!["xyzabc".to_string()];
    let mut rng = atcoder_games_tool::generate::Rng::new(5);
    one_block.extend((1..200_000).map(|_| {
        "abc".to_string()
            + &atcoder_games_tool::generate::random_word(
                &mut rng,
                atcoder_games_tool::generate::ALPHABET,
                0,
                5,
            )
    }));
    inputs.push((
        "one block with every move".to_string(),
        "shiritori",
        atcoder_games_tool::input::shiritori_input(&one_block),
    ));
    for family in Family::LUCKY7 {
        inputs.push((
            family.name().to_string(),
            "lucky7",
            family.input(200_000, 3).text(),
        ));
    }
    for (name, problem, text) in &inputs {
        let (url, _) = page(&folder, "large.html", problem, text.as_bytes());
        // A browser of its own for each page, so that the renderer holds that page alone.
        let client = browser(port, 1200).await;
        // Time on a busy machine is mostly the scheduler's: a page slower than the bounds is
        // loaded and played again, and the least of three tries counts. The bounds are this
        // machine's, by its pace in the same browser.
        client.goto("about:blank").await.unwrap();
        let slowness = slowness(&client).await;
        let (ready_bound, click_bound) = (READY_BOUND_MS * slowness, CLICK_BOUND_MS * slowness);
        let (mut ready, mut slowest) = (f64::INFINITY, f64::INFINITY);
        let mut tries = Vec::new();
        while (ready >= ready_bound || slowest >= click_bound) && tries.len() < 3 {
            open(&client, &url).await;
            let ready_at = js(&client, "return window.readyAt;").await;
            ready = ready.min(ready_at.as_f64().unwrap());
            let clicks = click_times(&client, problem).await;
            slowest = slowest.min(clicks.iter().copied().fold(0.0, f64::max));
            tries.push((ready_at, clicks));
        }
        assert!(
            ready < ready_bound && slowest < click_bound,
            "{name}: interactive after {ready} ms, a click took {slowest} ms, at best, where this \
             machine is {slowness:.2} times as slow as the reference \
             (each try's time to interactive and clicks: {tries:?})"
        );
        let memory = renderer_memory(&driver);
        assert!(
            memory < 400 << 20,
            "{name}: the renderer holds {} MB",
            memory >> 20
        );
        eprintln!(
            "{name}: interactive after {ready:.0} ms, the slowest click {slowest:.1} ms, renderer {} MB",
            memory >> 20
        );
        client.close().await.unwrap();
    }
    let _ = fs::remove_dir_all(&folder);
}
