#!/usr/bin/env python3
"""tests/cli/watch_serve.py ROOMFORGE SRCDIR: `roomforge watch --serve` end to
end (issue 16, DESIGN 11) over a temporary copy of the bundled pack.

Starts `watch --serve 0` (any free port, read back from stderr) with a forced
room, then: /level.json is generation 1; a room file saved the way editors
save (a new file renamed over the old) reaches generation 2 with the change
within one second; a broken save gives ok:false on /events, /diagnostics.json
has the error while /level.json keeps the last good level; the fixed save
recovers; 20 saves in a burst are built a few times, not 20; a new broken
file in the pack and its removal are seen; the pack's
folder removed and put back is reported and watched again; /level.json?seed=
&depth= re-rolls, bad values are 400; POST and PUT are 405, an unknown path
404; the socket listens on 127.0.0.1 only (/proc/net/tcp, and 127.0.0.2 is
refused); a second watch on the port is exit 2 saying the port is in use;
on a terminal (a pty) the keys s, d and q step the seed, the depth and quit;
SIGTERM ends it with exit 0 (under ASan: no leak); a build that fails on
an unknown --room or an unreadable --recipe says what gen says. Under RF_SANITIZED the
waits are longer (the builds are slower), the 1 s of the issue otherwise.
Prints 'N passed, N failed'; exit 0 when all pass."""
import json
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

RF, SRC = sys.argv[1], sys.argv[2]
SLOW = bool(os.environ.get("RF_SANITIZED"))
SAVE_WAIT = 5.0 if SLOW else 1.0  # the one second
ROOM = "Cobbled Crossroads"
results = []


def check(ok, what):
    results.append((bool(ok), what))
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    return ok


def get(url, method="GET"):
    """(status, headers, body) of one request."""
    req = urllib.request.Request(url, method=method, data=b"x=1" if method in ("POST", "PUT") else None)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def get_json(url):
    status, _, body = get(url)
    return status, json.loads(body) if body else None


class Events:
    """Reads /events in a thread: the data of every `event: build`."""

    def __init__(self, host, port):
        self.builds, self.lock = [], threading.Lock()
        self.sock = socket.create_connection((host, port), timeout=30)
        self.sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        threading.Thread(target=self.run, daemon=True).start()

    def run(self):
        buf, event = b"", None
        try:
            while True:
                chunk = self.sock.recv(4096)
                if not chunk:
                    return
                buf += chunk
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    line = line.rstrip(b"\r").decode("utf-8", "replace")
                    if line.startswith("event: "):
                        event = line[7:]
                    elif line.startswith("data: ") and event == "build":
                        with self.lock:
                            self.builds.append(json.loads(line[6:]))
                        event = None
        except (OSError, ValueError):
            return

    def settle(self, quiet=0.5, timeout=10):
        """Waits until no build has come for quiet seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.lock:
                n = len(self.builds)
            time.sleep(quiet)
            with self.lock:
                if len(self.builds) == n:
                    return

    def wait(self, pred, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.lock:
                for b in self.builds:
                    if pred(b):
                        return b
            time.sleep(0.01)
        return None


def room_tiles(level, name):
    """The tiles inside the box of the placed template name, as one string."""
    for r in level["rooms"]:
        if r.get("template") == name:
            return "".join(row[r["x"]:r["x"] + r["w"]] for row in level["tiles"][r["y"]:r["y"] + r["h"]])
    return None


def save(path, text):
    """Saves the way many editors do: a new file renamed over the old one."""
    tmp = path + ".tmp~"
    with open(tmp, "w") as f:
        f.write(text)
    os.rename(tmp, path)


def poll_generation(base, want, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        status, lv = get_json(base + "level.json")
        if status == 200 and lv["generation"] >= want:
            return lv
        time.sleep(0.01)
    return None


def terminal(pack, halls, original):
    """Without --serve: the view and the build line on stdout, redrawn on a
    save; a broken save shows the error under the last good level; -o FILE
    is rewritten after each good build."""
    out = os.path.join(os.path.dirname(pack), "level.txt")
    p = subprocess.Popen([RF, "watch", "--content", pack, "--room", ROOM, "--format", "ascii",
                          "-o", out], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    lines, lock = [], threading.Lock()

    def read():
        for line in iter(p.stdout.readline, ""):
            with lock:
                lines.append(line)
    threading.Thread(target=read, daemon=True).start()

    def wait_for(pattern, timeout=30):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with lock:
                text = "".join(lines)
            if re.search(pattern, text):
                return text
            time.sleep(0.01)
        return None
    try:
        first = wait_for(r"build 1: ok")
        check(first, "the terminal shows build 1 ok")
        check(os.path.exists(out) and open(out).read().strip() and os.path.getsize(out) > 0,
              "-o FILE is written after the first build")
        before = open(out).read() if os.path.exists(out) else ""
        save(halls, original.replace('<row text="#....^.^....#"/>', '<row text="#....L.L....#"/>'))
        check(wait_for(r"build 2: ok", 10), "a save redraws: build 2 ok")
        time.sleep(0.05)
        after = open(out).read() if os.path.exists(out) else ""
        check("L" in after and after != before, "-o FILE is rewritten with the change")
        save(halls, original.replace('<row text="d.....@.....d"/>', '<row text="d.....@......d"/>', 1))
        text = wait_for(r"build 3: FAILED[^\n]*\n.*ragged-rows", 10)
        check(text, "a broken save shows FAILED and the error under the last good level")
        check(open(out).read() == after, "-o FILE keeps the last good level")
        save(halls, original)
    finally:
        p.send_signal(signal.SIGINT)
        try:
            rc = p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            rc = None
    check(rc == 0, "SIGINT ends it with exit 0 (got %s)" % rc)


def first_build(args):
    """The terminal output of watch ARGS up to its first build line and the
    diagnostics under it (then SIGINT)."""
    p = subprocess.Popen([RF, "watch", "--format", "ascii"] + args, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    text = ""
    try:
        end = time.monotonic() + 30
        while time.monotonic() < end:
            line = p.stdout.readline()
            if not line:
                break
            text += line
            if re.search(r"build 1: .*\n.*\n$", text):
                break
    finally:
        p.send_signal(signal.SIGINT)
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
    return text


def gen_words(pack, tmp):
    """A build that fails says what gen says: an unknown forced room (with the
    name meant) and a recipe that cannot be read, by the one implementation."""
    typo = "Wardens Gate"
    out = first_build(["--content", pack, "--room", typo])
    said = subprocess.run([RF, "gen", "--content", pack, "--room", typo], capture_output=True,
                          text=True, env=dict(os.environ, NO_COLOR="1")).stderr.splitlines()
    want = [line for line in said if "[unknown-room]" in line]
    check(want and "did you mean 'Warden's Gate'?" in want[0] and want[0] in out.splitlines(),
          "watch: an unknown --room is gen's unknown-room line: %r in %r" % (want, out))
    missing = os.path.join(tmp, "none.lua")
    out = first_build(["--content", pack, "--recipe", missing])
    said = subprocess.run([RF, "gen", "--content", pack, "--recipe", missing],
                          capture_output=True, text=True).stderr
    reason = said.strip().split(": cannot read: ")[-1]
    check(reason and "%s: error: --recipe: cannot read: %s [io-error]" % (missing, reason)
          in out.splitlines(), "watch: an unreadable --recipe gives gen's reason (%s): %r"
          % (reason, out))


def broken_elsewhere(src):
    """A pack with one broken room: watching a good room builds its level, the
    broken room's note beside it; with --strict the build fails (issue 35)."""
    pack = os.path.join(src, "tests", "data", "broken_room")
    out = first_build(["--content", pack, "--room", "Good Hall"])
    check(re.search(r"build 1: ok without the rooms that have errors, 2 errors", out) and
          "(no level yet" not in out and "broken.xml:5:18: error:" in out,
          "watch of a good room beside a broken one shows a level and the errors: %r" % out)
    out = first_build(["--content", pack, "--room", "Good Hall", "--strict"])
    check("build 1: FAILED" in out and "(no level yet" in out,
          "watch --strict: the broken room fails the build: %r" % out)
    out = first_build(["--content", pack, "--room", "Broken Vault"])
    check("build 1: FAILED" in out, "watch of the broken room itself fails: %r" % out)


def keys(pack):
    """On a terminal (a pty): the ansi view redrawn, s steps the seed, d the
    depth, q quits with exit 0."""
    import pty
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    p = subprocess.Popen([RF, "watch", "--content", pack], stdin=slave, stdout=slave,
                         stderr=subprocess.DEVNULL, close_fds=True, env=env)
    os.close(slave)
    seen = [b""]

    def wait_for(pattern, timeout=30):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            r, _, _ = select.select([master], [], [], 0.05)
            if r:
                try:
                    seen[0] += os.read(master, 65536)
                except OSError:
                    break
            m = re.search(pattern, seen[0])
            if m:
                text, seen[0] = seen[0][:m.end()], seen[0][m.end():]
                return text
        return None
    try:
        first = wait_for(rb"build 1: ok[^\n]*seed 1, depth 1")
        check(first, "on a terminal: build 1 drawn")
        check(first and b"\033[H\033[2J" in first and b"\033[48;5;236m" in first,
              "the screen cleared and the ansi view drawn (template rooms tinted)")
        check(wait_for(rb"keys: s/S"), "the keys are named")
        os.write(master, b"s")
        check(wait_for(rb"build 2: ok[^\n]*seed 2, depth 1"), "s: the next seed")
        os.write(master, b"d")
        check(wait_for(rb"build 3: ok[^\n]*seed 2, depth 2"), "d: the next depth")
        os.write(master, b"q")
        rc = p.wait(timeout=30)
        check(rc == 0, "q quits with exit 0 (got %s)" % rc)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        os.close(master)


def main():
    tmp = tempfile.mkdtemp(prefix="rf-watch-")
    proc = None
    try:
        pack = os.path.join(tmp, "pack")
        shutil.copytree(os.path.join(SRC, "content"), pack)
        halls = os.path.join(pack, "rooms", "base_halls.xml")
        original = open(halls).read()
        proc = subprocess.Popen([RF, "watch", "--content", pack, "--room", ROOM, "--serve", "0"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        err_lines = []
        url = None
        end = time.monotonic() + 60
        while time.monotonic() < end and url is None:
            line = proc.stderr.readline()
            if not line:
                break
            err_lines.append(line)
            m = re.search(r"serving (http://127\.0\.0\.1:(\d+)/)", line)
            if m:
                url, port = m.group(1), int(m.group(2))
        if not check(url, "watch --serve 0 says where it serves: " + "".join(err_lines)):
            return
        threading.Thread(target=lambda: err_lines.extend(iter(proc.stderr.readline, "")),
                         daemon=True).start()
        lv1 = poll_generation(url, 1, 30)
        check(lv1 and lv1["generation"] == 1, "/level.json answers generation 1")
        check(lv1 and room_tiles(lv1, ROOM) and "W" not in room_tiles(lv1, ROOM),
              "the forced room is placed, with no water yet")
        for key in ("seed", "depth", "width", "height", "tiles", "rooms", "objects", "stairs", "feelings"):
            check(lv1 and key in lv1, "/level.json has gen's key " + key)
        events = Events("127.0.0.1", port)
        check(events.wait(lambda b: b["generation"] == 1 and b["ok"], 10),
              "/events tells the state on connect: build 1 ok")

        # an edit: floor decorations turned to water in the forced room
        watered = original.replace('<row text="#....^.^....#"/>', '<row text="#....W.W....#"/>')
        check(watered != original, "the edit changes the room file")
        save(halls, watered)
        lv2 = poll_generation(url, 2, SAVE_WAIT)
        check(lv2 and lv2["generation"] == 2, "a save reaches generation 2 within %.0f s" % SAVE_WAIT)
        check(lv2 and "W" in (room_tiles(lv2, ROOM) or ""), "generation 2 shows the change (water)")
        check(events.wait(lambda b: b["generation"] == 2 and b["ok"], 10), "/events: build 2 ok")

        # a broken edit, written in place: a ragged row
        broken = watered.replace('<row text="d.....@.....d"/>', '<row text="d.....@......d"/>', 1)
        with open(halls, "w") as f:
            f.write(broken)
        b3 = events.wait(lambda b: not b["ok"], 10)
        check(b3 and b3["errors"] >= 1, "/events: a broken save is ok:false with errors: %s" % b3)
        status, diags = get_json(url + "diagnostics.json")
        check(status == 200 and diags and b3 and diags["generation"] == b3["generation"],
              "/diagnostics.json is of the broken build")
        errs = [d for d in (diags or {}).get("diagnostics", []) if d["severity"] == "error"]
        check(any(d["code"] == "ragged-rows" and d["file"].endswith("base_halls.xml") for d in errs),
              "/diagnostics.json has the error with its file: %s" % errs)
        check(diags and diags["errors"] == len(errs), "its error count")
        status, lv = get_json(url + "level.json")
        check(status == 200 and lv["generation"] == 2 and lv["tiles"] == lv2["tiles"],
              "/level.json keeps the last good level (generation 2)")

        # the fix
        save(halls, watered)
        b4 = events.wait(lambda b: b3 and b["generation"] > b3["generation"] and b["ok"], 10)
        check(b4, "/events: the fixed save is ok:true")
        lv4 = poll_generation(url, b4["generation"] if b4 else 99, SAVE_WAIT)
        check(lv4 and lv4["tiles"] == lv2["tiles"], "/level.json recovers the level of the fixed file")

        # a new file in the pack's rooms folder, broken, then removed
        extra = os.path.join(pack, "rooms", "zz_new.xml")
        last = lv4["generation"] if lv4 else 99
        with open(extra, "w") as f:
            f.write('<roomdb><room name="New Room"><row text="#.#"/><row text="##"/></room></roomdb>\n')
        b5 = events.wait(lambda b: b["generation"] > last and b["errors"] >= 1, 10)
        check(b5 and b5["ok"], "a new broken room elsewhere in the pack is seen, and left out: "
              "ok:true with its errors (DESIGN 5): %s" % b5)
        lv5 = poll_generation(url, b5["generation"] if b5 else 99, SAVE_WAIT)
        check(lv5 and room_tiles(lv5, ROOM) and all(r["name"] != "New Room" for r in lv5["rooms"]),
              "/level.json is the level built without the broken room, not a 503")
        status, diags = get_json(url + "diagnostics.json")
        check(status == 200 and diags and b5 and diags["generation"] == b5["generation"] and
              any(d["code"] == "room-left-out" and d["file"].endswith("zz_new.xml")
                  for d in diags["diagnostics"]),
              "/diagnostics.json beside it says the broken room is left out")
        os.remove(extra)
        b6 = events.wait(lambda b: b5 and b["generation"] > b5["generation"] and b["ok"]
                         and b["errors"] == 0, 10)
        check(b6, "its removal is seen: ok:true without errors again")

        # the pack folder removed, then put back
        gone = pack + ".away"
        os.rename(pack, gone)
        b7 = events.wait(lambda b: b6 and b["generation"] > b6["generation"] and not b["ok"], 10)
        check(b7, "the pack folder moved away: a failed build")
        time.sleep(0.2)
        os.rename(gone, pack)
        b8 = events.wait(lambda b: b7 and b["generation"] > b7["generation"] and b["ok"], 10)
        check(b8, "the pack folder back: watching resumed, ok:true")
        time.sleep(0.1)
        text = "".join(err_lines)
        check("is missing" in text and "is back" in text, "the loss and the return are reported")
        save(halls, original)
        end, lv9 = time.monotonic() + SAVE_WAIT + 1, None
        while time.monotonic() < end:  # the save may come after a build of the folder's return
            status, lv = get_json(url + "level.json")
            if status == 200 and lv["tiles"] == lv1["tiles"]:
                lv9 = lv
                break
            time.sleep(0.01)
        check(lv9 and lv9["generation"] > b8["generation"],
              "a save after the return is built: the original file gives the first level back")
        events.settle()

        # a burst: 20 saves in a row are built a few times, not 20
        with events.lock:
            before = len(events.builds)
        for i in range(20):
            save(halls, watered if i % 2 == 0 else original)
        events.settle()
        with events.lock:
            burst = len(events.builds) - before
        check(1 <= burst < 10, "20 saves in a burst make %d build(s), not 20" % burst)
        status, lv = get_json(url + "level.json")
        check(lv["tiles"] == lv1["tiles"], "the burst's last save is what is shown")
        lv9 = lv

        # re-rolls
        status, lv = get_json(url + "level.json?seed=5&depth=3")
        check(status == 200 and lv["seed"] == 5 and lv["depth"] == 3 and lv9 and
              lv["generation"] > lv9["generation"],
              "/level.json?seed=5&depth=3 rebuilds with them")
        gen_now = lv["generation"] if status == 200 else 0
        for q in ("seed=x", "depth=0", "depth=1001", "profile=no-such-profile", "seed=-1"):
            status, body = get_json(url + "level.json?" + q)
            check(status == 400 and body and "error" in body, "?%s is 400 with why" % q)
        status, lv = get_json(url + "level.json")
        check(lv["generation"] == gen_now and lv["seed"] == 5, "refused re-rolls build nothing")

        # methods and paths
        for m in ("POST", "PUT", "DELETE"):
            status, headers, _ = get(url + "level.json", m)
            check(status == 405 and "GET" in (headers.get("Allow") or ""), m + " is 405 with Allow")
        for p in ("nope", "level.html", "../etc/passwd", "events/x"):
            status, _, _ = get(url + p)
            check(status == 404, "/%s is 404" % p)
        status, headers, body = get(url)
        check(status == 200 and b'id="roomforge-level"' in body and b"/events" in body,
              "/ is the html viewer that follows /events")
        status, _, _ = get(url + "diagnostics.json")
        check(status == 200, "/diagnostics.json is 200")
        status, _, body = get(url + "level.json", "HEAD")
        check(status == 200 and body == b"", "HEAD is GET without a body")
        req = urllib.request.Request(url + "level.json", headers={"Host": "evil.example:%d" % port})
        try:
            status = urllib.request.urlopen(req, timeout=10).status
        except urllib.error.HTTPError as e:
            status = e.code
        check(status == 403, "a Host naming another site is 403 (DNS rebinding)")

        # loopback only
        listening = open("/proc/net/tcp").read().splitlines()[1:]
        ours = [l.split() for l in listening if l.split()[1].endswith(":%04X" % port) and l.split()[3] == "0A"]
        check(ours and all(l[1].startswith("0100007F:") for l in ours),
              "the socket listens on 127.0.0.1 only: %s" % [l[1] for l in ours])
        try:
            socket.create_connection(("127.0.0.2", port), timeout=2).close()
            check(False, "127.0.0.2 is refused")
        except OSError:
            check(True, "127.0.0.2 is refused (not bound to every address)")

        # a port in use
        second = subprocess.run([RF, "watch", "--content", pack, "--serve", str(port)],
                                capture_output=True, text=True, timeout=60)
        check(second.returncode == 2 and "in use" in second.stderr,
              "a port in use is exit 2 saying so: %d %s" % (second.returncode, second.stderr.strip()))
        bad = subprocess.run([RF, "watch", "--serve", "70000"], capture_output=True, text=True, timeout=60)
        check(bad.returncode == 2 and "--serve" in bad.stderr, "--serve 70000 is a usage error")

        terminal(pack, halls, original)
        keys(pack)
        gen_words(pack, tmp)
        broken_elsewhere(SRC)
        for args, what in ((["--format", "png"], "png"), (["-o", "-"], "-o -"), (["--bogus"], "--bogus")):
            r = subprocess.run([RF, "watch", "--content", pack] + args, capture_output=True, text=True,
                               timeout=60)
            check(r.returncode == 2 and r.stderr.startswith("roomforge watch:"),
                  "watch %s is a usage error: %s" % (what, r.stderr.strip()))

        proc.send_signal(signal.SIGTERM)
        try:
            rc = proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            rc = None
        check(rc == 0, "SIGTERM ends it with exit 0 (got %s)" % rc)
        text = "".join(err_lines)
        check("LeakSanitizer" not in text and "AddressSanitizer" not in text, "no sanitizer report")
        proc = None
    finally:
        if proc:
            proc.kill()
            proc.wait()
        shutil.rmtree(tmp, ignore_errors=True)
        fails = sum(1 for ok, _ in results if not ok)
        print("%d passed, %d failed" % (len(results) - fails, fails))
        sys.exit(1 if fails or not results else 0)


main()
