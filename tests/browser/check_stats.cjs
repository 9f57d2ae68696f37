// tests/browser/check_stats.cjs REPORT.html REPORT.json SHOT.png: the html
// report of `roomforge stats --format html` loaded from file:// in Debian's
// headless chromium with the network off: any request but the page itself,
// any script, fails the test. Checks the rendered page against the same
// run's JSON: the summary's figures, one share chart bar pair per template
// shown (worst drift first, flagged ones red), one table row per template,
// the never-placed list, and per profile one histogram per distribution
// with a bar per value that has levels. Leaves a screenshot.
"use strict";
const fs = require("fs");
const path = require("path");
const puppeteer = require("puppeteer-core");

async function main() {
  const [page_path, json_path, shot] = process.argv.slice(2);
  const url = "file://" + path.resolve(page_path);
  const st = JSON.parse(fs.readFileSync(json_path, "utf8"));
  const results = [];
  const check = (ok, what) => { results.push([!!ok, what]); };
  const args = ["--headless=new", "--disable-gpu", "--proxy-server=127.0.0.1:9",
                "--proxy-bypass-list=<-loopback>", "--no-first-run"];
  if (process.getuid && process.getuid() === 0) args.push("--no-sandbox"); // root: no sandbox
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args,
    defaultViewport: { width: 1200, height: 900 } });
  try {
    const page = await browser.newPage();
    await page.setOfflineMode(true);
    await page.setRequestInterception(true);
    const foreign = [];
    page.on("request", r => {
      if (r.url() === url) r.continue(); else { foreign.push(r.url()); r.abort(); }
    });
    const errors = [];
    page.on("pageerror", e => errors.push(String(e)));
    await page.goto(url, { waitUntil: "load" });
    check(errors.length === 0, "no script errors: " + errors.join("; "));
    check(foreign.length === 0, "no request but the page: " + foreign.join(" "));
    check(await page.$$eval("script, link, img, iframe", es => es.length) === 0,
          "no script, link, img or iframe: the page stands alone");

    const summary = await page.$eval("#summary", e => e.textContent);
    check(summary.includes(st.levels + " levels kept") && summary.includes(st.failed + " failed"),
          "the summary gives the run's levels: " + summary);
    const flagged = st.templates.filter(t => t.flag).length;
    check(summary.includes(flagged + " of " + st.templates.length + " templates"),
          "the summary counts the flagged templates: " + summary);

    // the share chart: a grey and a coloured bar per template shown
    const shown = Math.min(40, st.templates.length);
    const bars = await page.$$eval("#shares rect.obs", rs => rs.map(r => ({
      w: r.getBBox().width, fill: r.getAttribute("fill") })));
    check(bars.length === shown, "share chart bars: " + bars.length + " for " + shown);
    const labels = await page.$$eval("#shares > text", ts => ts.slice(1).map(t => t.textContent));
    const names = labels.filter((_, i) => i % 2 === 0);
    const worst = [...st.templates].sort((a, b) => Math.abs(b.z || 0) - Math.abs(a.z || 0))[0];
    check(worst.z === null || names[0] === worst.name || Math.abs(worst.z) ===
          Math.abs(st.templates.find(t => t.name === names[0]).z || 0),
          "the chart starts with the worst drift: " + names[0] + " vs " + worst.name);
    for (let i = 0; i < names.length; i++) {
      const t = st.templates.find(x => x.name === names[i]);
      check(t, "chart label " + names[i] + " is a template");
      if (!t) continue;
      check((bars[i].w > 0) === (t.observed_share > 0), names[i] + ": bar drawn iff observed");
      check((bars[i].fill === "#c0392b") === t.flag, names[i] + ": red iff flagged");
    }
    const rows = await page.$$eval("#templates tr", rs => rs.length - 1);
    check(rows === st.templates.length, "table rows: " + rows);
    const never = await page.$$eval("#never li", ls => ls.map(l => l.textContent));
    check(never.length === st.never_placed.length &&
          st.never_placed.every((n, i) => never[i].startsWith(n.name + ": ")),
          "never placed: " + never.join("; "));

    // per profile: one histogram a distribution, a bar a value with levels
    const hists = await page.$$eval("svg.hist", ss => ss.map(s => s.querySelectorAll("rect").length));
    const want = [];
    for (const p of st.profiles)
      for (const k of ["rooms", "templates", "monsters", "items", "traps", "secret_doors", "stair_path"])
        want.push(st.by_profile[p][k].hist.length);
    check(JSON.stringify(hists) === JSON.stringify(want),
          "histograms " + JSON.stringify(hists) + " vs " + JSON.stringify(want));
    check(want.every(n => n > 0), "every distribution has levels");
    const visible = await page.$eval("#shares", s => s.getBoundingClientRect().height > 100);
    check(visible, "the share chart is laid out");
    await page.screenshot({ path: shot, fullPage: true });
  } finally {
    await browser.close();
  }
  let failed = 0;
  for (const [ok, what] of results) {
    if (!ok) { failed++; console.log("FAIL: " + what); }
  }
  console.log((results.length - failed) + " passed, " + failed + " failed");
  process.exit(failed ? 1 : 0);
}

main().catch(e => { console.log("FAIL: " + (e && e.stack || e)); console.log("0 passed, 1 failed"); process.exit(1); });
