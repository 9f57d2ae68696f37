// tests/browser/check_watch.cjs ROOMFORGE PACK SHOT.png: the served page of
// `roomforge watch --serve` in Debian's headless chromium (puppeteer-core).
// Starts the watch over PACK (a copy the test may edit) on any free port,
// opens /, and checks: the map is drawn and the live controls show; a save of
// the forced room's file redraws the map with the change without a reload;
// a broken save shows the error overlay over the last good level (a broken
// room elsewhere: the level built without it, its errors listed); the fix
// hides it; the seed control re-rolls. Any request off the server fails the
// test. Leaves a screenshot of the error overlay.
"use strict";
const fs = require("fs");
const path = require("path");
const { spawn } = require("child_process");
const puppeteer = require("puppeteer-core");
// How long a page waits for the server: a hang guard (a rebuild takes under a
// second; under ASan beside a busy test one took over 10 s).
const WAIT = 30000;

const ROOM = "Cobbled Crossroads";

async function main() {
  const [rf, pack, shot] = process.argv.slice(2);
  const halls = path.join(pack, "rooms", "base_halls.xml");
  const original = fs.readFileSync(halls, "utf8");
  const save = text => { fs.writeFileSync(halls + ".tmp~", text); fs.renameSync(halls + ".tmp~", halls); };
  const results = [];
  const check = (ok, what) => { results.push([!!ok, what]); console.log((ok ? "ok   " : "FAIL ") + what); };
  const watch = spawn(rf, ["watch", "--content", pack, "--room", ROOM, "--serve", "0"],
                      { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  const url = await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("no URL from watch: " + stderr)), 30000);
    watch.stderr.on("data", d => {
      stderr += d;
      const m = /serving (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stderr);
      if (m) { clearTimeout(t); resolve(m[1]); }
    });
    watch.on("exit", c => reject(new Error("watch exited " + c + ": " + stderr)));
  });
  const args = ["--headless=new", "--disable-gpu", "--no-first-run"];
  if (process.getuid && process.getuid() === 0) args.push("--no-sandbox"); // root: no sandbox
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args,
    defaultViewport: { width: 1400, height: 900 } });
  try {
    const page = await browser.newPage();
    await page.setRequestInterception(true);
    const foreign = [];
    page.on("request", r => {
      if (r.url().startsWith(url)) r.continue(); else { foreign.push(r.url()); r.abort(); }
    });
    const errors = [];
    page.on("pageerror", e => errors.push(String(e)));
    let loads = 0;
    page.on("load", () => { loads++; });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForSelector("body[data-ready='1']", { timeout: WAIT });
    await page.waitForSelector("#live:not([hidden])", { timeout: WAIT });
    check(true, "the page is drawn and its live controls show");
    const tiles = () => page.$$eval("#map .cell .t", ts => ts.map(t => t.textContent).join(""));
    const level = async () => (await fetch(url + "level.json")).json();
    const lv1 = await level();
    check(await tiles() === lv1.tiles.join(""), "the map is the level of /level.json");
    await page.evaluate(() => { window.rfMark = 1; }); // gone if the page reloads

    // a save: the forced room's decorations turned to water
    save(original.replace('<row text="#....^.^....#"/>', '<row text="#....W.W....#"/>'));
    await page.waitForFunction(g => +document.body.dataset.generation > g, { timeout: WAIT },
                               lv1.generation);
    const lv2 = await level();
    check(lv2.generation > lv1.generation, "the save was built: generation " + lv2.generation);
    check(await tiles() === lv2.tiles.join(""), "the map redrew to the new level");
    check(lv2.tiles.join("").includes("W") && (await tiles()).includes("W"), "the water shows");
    check(await page.evaluate(() => window.rfMark === 1) && loads === 1, "without a reload");

    // a broken save: the overlay with the error, the last good level kept
    save(original.replace('<row text="d.....@.....d"/>', '<row text="d.....@......d"/>'));
    await page.waitForSelector("#broken:not([hidden])", { timeout: WAIT });
    const overlay = await page.$eval("#broken", e => e.textContent);
    check(overlay.includes("ragged-rows") && overlay.includes("base_halls.xml"),
          "the overlay shows the error: " + overlay.slice(0, 200));
    check(await tiles() === lv2.tiles.join(""), "the last good level stays drawn");
    await page.screenshot({ path: shot });

    // the fix
    save(original);
    await page.waitForSelector("#broken[hidden]", { timeout: WAIT });
    await page.waitForFunction(() => document.body.dataset.broken === undefined, { timeout: WAIT });
    check(true, "the fixed save hides the overlay");
    await page.waitForFunction(t => [...document.querySelectorAll("#map .cell .t")]
      .map(e => e.textContent).join("") === t, { timeout: WAIT }, lv1.tiles.join(""));
    check(true, "and the first level is back");

    // a broken room elsewhere in the pack (issue 35): the level is built
    // without it, redrawn, and its errors listed beside it; its removal
    // hides the list
    const extra = path.join(pack, "rooms", "zz_broken.xml");
    const gen0 = +(await page.evaluate(() => document.body.dataset.generation || 0));
    fs.writeFileSync(extra, '<roomdb><room name="Broken"><row text="#D#"/><row text="#~#"/>' +
                            '<row text="###"/></room></roomdb>\n');
    await page.waitForFunction(g => +document.body.dataset.leftOut > g, { timeout: WAIT }, gen0);
    const left = await page.$eval("#broken", e => e.hidden ? "" : e.textContent);
    check(left.includes("left out of this level") && left.includes("zz_broken.xml"),
          "a broken room elsewhere: the level is built and its errors listed: " + left.slice(0, 200));
    check(await page.evaluate(() => document.body.dataset.broken === undefined),
          "and the build is not a failed one");
    fs.unlinkSync(extra);
    await page.waitForSelector("#broken[hidden]", { timeout: WAIT });
    check(true, "its removal hides the list");

    // the seed control
    await page.$eval("#reroll input[name=seed]", e => { e.value = "9"; });
    await page.click("#reroll button[type=submit]");
    await page.waitForFunction(() => document.title.includes("seed 9"), { timeout: WAIT });
    const lv9 = await level();
    check(lv9.seed === 9 && await tiles() === lv9.tiles.join(""), "re-rolled to seed 9 in place");
    check(await page.evaluate(() => window.rfMark === 1), "still without a reload");
    check(errors.length === 0, "no script errors: " + errors.join("; "));
    check(foreign.length === 0, "no request off the server: " + foreign.join(" "));
  } finally {
    await browser.close();
    watch.kill("SIGTERM");
  }
  const code = await new Promise(r => watch.exitCode !== null ? r(watch.exitCode) : watch.on("exit", r));
  check(code === 0, "watch ends on SIGTERM with exit 0 (" + code + ")");
  let failed = 0;
  for (const [ok] of results) if (!ok) failed++;
  console.log((results.length - failed) + " passed, " + failed + " failed");
  process.exit(failed ? 1 : 0);
}

main().catch(e => { console.log("FAIL: " + (e && e.stack || e)); console.log("0 passed, 1 failed"); process.exit(1); });
