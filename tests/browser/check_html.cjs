// tests/browser/check_html.cjs LEVEL.html SHOT.png [WIDE.html]: the html view of
// `roomforge gen --format html` loaded from file:// in Debian's headless
// chromium (puppeteer-core, CHROMIUM or /usr/bin/chromium) with the network
// off: any request but the page itself fails the test. Checks the rendered
// DOM: one map cell per tile, hovering a template cell names the template
// (and its file:line), clicking a room of the list highlights its cells,
// the three layer switches hide what they name; with WIDE.html, a map
// larger than the window fits it (or scrolls). Leaves a screenshot.
"use strict";
const path = require("path");
const puppeteer = require("puppeteer-core");

async function main() {
  const [page_path, shot, wide] = process.argv.slice(2);
  const url = "file://" + path.resolve(page_path);
  const results = [];
  const check = (ok, what) => { results.push([!!ok, what]); };
  const args = ["--headless=new", "--disable-gpu", "--proxy-server=127.0.0.1:9",
                "--proxy-bypass-list=<-loopback>", "--no-first-run"];
  if (process.getuid && process.getuid() === 0) args.push("--no-sandbox"); // root: no sandbox
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args,
    defaultViewport: { width: 1400, height: 900 } });
  try {
    const page = await browser.newPage();
    await page.setOfflineMode(true);
    await page.setRequestInterception(true);
    const foreign = [];
    page.on("request", r => {
      if (r.url() === url || (wide && r.url() === "file://" + path.resolve(wide))) r.continue();
      else { foreign.push(r.url()); r.abort(); }
    });
    const errors = [];
    page.on("pageerror", e => errors.push(String(e)));
    await page.goto(url, { waitUntil: "load" });
    await page.waitForSelector("body[data-ready='1']", { timeout: 10000 });
    check(errors.length === 0, "no script errors: " + errors.join("; "));
    check(foreign.length === 0, "no request but the page: " + foreign.join(" "));

    const lv = await page.evaluate(() =>
      JSON.parse(document.getElementById("roomforge-level").textContent));
    const ncells = await page.$$eval("#map .cell", cs => cs.length);
    check(ncells === lv.width * lv.height, "cells " + ncells + " for " + lv.width + "x" + lv.height);
    const glyphs = await page.$$eval("#map .cell .t", ts => ts.map(t => t.textContent).join(""));
    check(glyphs === lv.tiles.join(""), "the cells' terrain is the level's tiles");

    // hover a cell of the first template room: its name and file:line show
    const room = lv.rooms.find(r => r.template);
    check(room, "the level has a template room");
    const cell = await page.evaluate(r => {
      const c = [...document.querySelectorAll("#map .cell.tpl")].find(c =>
        +c.dataset.x >= r.x && +c.dataset.x < r.x + r.w && +c.dataset.y >= r.y && +c.dataset.y < r.y + r.h);
      return c ? [+c.dataset.x, +c.dataset.y] : null;
    }, room);
    check(cell, "a template cell of " + room.name);
    await page.hover(`#map .cell[data-x='${cell[0]}'][data-y='${cell[1]}']`);
    const info = await page.$eval("#cell-info", e => e.textContent);
    check(info.includes(room.template), "hover names the template: " + info);
    check(info.includes(room.file + ":" + room.line), "hover gives file:line: " + info);
    const obj = lv.objects.find(o => o.room === room.id) || lv.objects[0];
    if (obj) {
      await page.hover(`#map .cell[data-x='${obj.x}'][data-y='${obj.y}']`);
      const oinfo = await page.$eval("#cell-info", e => e.textContent);
      check(oinfo.includes("#" + obj.handle + " " + obj.type) && oinfo.includes("room=" + obj.room),
            "hover lists the object with its attributes: " + oinfo);
    }

    // click the room in the list: it is selected, its cells (and only
    // cells of its box) highlighted
    await page.click(`#rooms li[data-room='${room.id}']`);
    const hl = await page.$$eval("#map .cell.hl", cs => cs.map(c => [+c.dataset.x, +c.dataset.y]));
    const sel = await page.$eval(`#rooms li[data-room='${room.id}']`, li => li.classList.contains("selected"));
    check(sel, "the clicked room is selected");
    check(hl.length > 0 && hl.every(([x, y]) => x >= room.x && x < room.x + room.w &&
                                     y >= room.y && y < room.y + room.h),
          "clicking highlights the room's cells (" + hl.length + ")");
    await page.screenshot({ path: shot });

    // layer switches
    const style = (sel, prop) => page.$eval(sel, (e, p) => getComputedStyle(e)[p], prop);
    if (await page.$("#map .cell.has-obj")) {
      check(await style("#map .cell.has-obj .obj", "display") !== "none", "objects shown");
      await page.click("#layer-objects");
      check(await style("#map .cell.has-obj .obj", "display") === "none", "objects switch hides them");
      check(await style("#map .cell.has-obj .t", "display") !== "none", "terrain shows under them");
      await page.click("#layer-objects");
    }
    await page.click(`#rooms li[data-room='${room.id}']`); // unselect
    const tint = await style("#map .cell.tpl", "backgroundColor");
    await page.click("#layer-rooms");
    const none = await style("#map .cell.tpl", "backgroundColor");
    check(tint !== "rgba(0, 0, 0, 0)" && none === "rgba(0, 0, 0, 0)", "rooms switch: " + tint + " -> " + none);
    const side = await page.$eval("#map .cell.ot", e => getComputedStyle(e).borderTopColor);
    await page.click("#layer-outlines");
    const gone = await page.$eval("#map .cell.ot", e => getComputedStyle(e).borderTopColor);
    check(side !== "rgba(0, 0, 0, 0)" && gone === "rgba(0, 0, 0, 0)", "outlines switch: " + side + " -> " + gone);

    // a map wider and taller than the window (issue 35: it was cut off at
    // the box's edge): fit to window scales it to show whole, its far
    // corner hovered; without fit it is full size and the box scrolls
    if (wide) {
      await page.goto("file://" + path.resolve(wide), { waitUntil: "load" });
      await page.waitForSelector("body[data-ready='1']", { timeout: 10000 });
      const wl = await page.evaluate(() =>
        JSON.parse(document.getElementById("roomforge-level").textContent));
      const rect = sel => page.$eval(sel, e => {
        const r = e.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      });
      const corner = `#map .cell[data-x='${wl.width - 1}'][data-y='${wl.height - 1}']`;
      check(await page.$eval("#fit", e => e.checked), "fit to window is on by default");
      const box = await rect("#mapbox"), far = await rect(corner);
      check(far.right <= box.right + 1 && far.bottom <= box.bottom + 1 && box.right <= 1400,
            "fitted: the far corner cell is inside the box, the box in the window: " +
            JSON.stringify([far, box]));
      await page.hover(corner);
      const winfo = await page.$eval("#cell-info", e => e.textContent);
      check(winfo.startsWith((wl.width - 1) + "," + (wl.height - 1) + ":"),
            "hover on the fitted map names its cell: " + winfo);
      check(/\(\d+%\)/.test(await page.$eval("#fit-scale", e => e.textContent)),
            "the scale is shown");
      await page.click("#fit");
      const scroll = await page.$eval("#mapbox", e => [e.scrollWidth, e.clientWidth,
                                                       e.scrollHeight, e.clientHeight]);
      check(scroll[0] > scroll[1] && scroll[2] > scroll[3],
            "without fit the map is full size and the box scrolls: " + scroll);
      check(await page.$eval("#map", e => e.style.transform === ""), "without fit, no scale");
    }
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
