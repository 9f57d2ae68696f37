#!/usr/bin/env python3
"""tests/cli/watch_security.py ROOMFORGE SRCDIR: `roomforge watch --serve`
against what a hostile page or client does (issue 27, DESIGN 8), on loopback
only, each case bounded in time:

- a page of another site (Origin elsewhere; Sec-Fetch-Site cross-site or
  same-site; a foreign Referer on a re-roll) gets 403, and the user's -o file
  is not rewritten; the page's own origin re-rolls (200);
- a Host that names another site gets 403, also with --serve 0.0.0.0:P, which
  warns on stderr that it listens beyond this machine;
- 40 /events listeners opened and closed one after another leave no slot
  taken: a new listener gets the current build at once;
- 40 listeners that never read cannot lock anyone out: /level.json answers.

Prints `N passed, N failed`; exit 0 when all pass."""
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

RF, SRC = sys.argv[1], sys.argv[2]
ROOM = "Cobbled Crossroads"
results = []


def check(ok, what):
    results.append(bool(ok))
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    return ok


def request(port, path, headers=None, host="127.0.0.1", timeout=10):
    """(status, body) of one GET over a fresh connection; (None, why) on failure."""
    head = {"Host": "%s:%d" % (host, port), "Connection": "close"}
    head.update(headers or {})
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
            s.sendall(("GET %s HTTP/1.1\r\n" % path + "".join(
                "%s: %s\r\n" % kv for kv in head.items()) + "\r\n").encode())
            data = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
    except OSError as e:
        return None, str(e)
    m = re.match(rb"HTTP/1\.[01] (\d+)", data)
    return (int(m.group(1)) if m else None), data.split(b"\r\n\r\n", 1)[-1]


def start(args):
    """A watch --serve process and its port (None when it did not serve)."""
    p = subprocess.Popen([RF, "watch", "--content", os.path.join(SRC, "content"), "--room", ROOM,
                          "--format", "ascii"] + args, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    end, said = time.monotonic() + 30, ""
    while time.monotonic() < end:
        line = p.stderr.readline()
        if not line:
            break
        said += line
        m = re.search(r"serving http://[^ ]*:(\d+)/", line)
        if m:
            return p, int(m.group(1)), said
    return p, None, said


def stop(p):
    p.send_signal(signal.SIGINT)
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()


def wait_level(port):
    end = time.monotonic() + 30
    while time.monotonic() < end:
        status, _ = request(port, "/level.json")
        if status == 200:
            return True
        time.sleep(0.05)
    return False


def origins(tmp):
    out = os.path.join(tmp, "level.txt")
    p, port, _ = start(["--serve", "127.0.0.1:0", "-o", out])
    try:
        check(port and wait_level(port), "the server serves a level")
        if not port:
            return
        own = "http://127.0.0.1:%d" % port
        before = open(out, "rb").read()
        mtime = os.stat(out).st_mtime_ns
        for headers, what in (({"Origin": "http://evil.example"}, "a foreign Origin"),
                              ({"Sec-Fetch-Site": "cross-site"}, "Sec-Fetch-Site: cross-site"),
                              ({"Sec-Fetch-Site": "same-site"}, "Sec-Fetch-Site: same-site"),
                              ({"Referer": "http://evil.example/page"}, "a foreign Referer")):
            status, _ = request(port, "/level.json?seed=5&depth=3", headers)
            check(status == 403, "a re-roll with %s is 403 (got %s)" % (what, status))
        time.sleep(0.3)
        check(open(out, "rb").read() == before and os.stat(out).st_mtime_ns == mtime,
              "the -o file is not rewritten by a foreign request")
        status, _ = request(port, "/", {"Origin": "http://evil.example"})
        check(status == 403, "a plain GET with a foreign Origin is 403 (got %s)" % status)
        status, _ = request(port, "/level.json?seed=5&depth=3", {"Origin": own,
                                                                  "Sec-Fetch-Site": "same-origin",
                                                                  "Referer": own + "/"})
        check(status == 200, "the page's own origin re-rolls (got %s)" % status)
        status, _ = request(port, "/level.json", {"Sec-Fetch-Site": "none"})
        check(status == 200, "a URL the user typed (Sec-Fetch-Site: none) is served (got %s)" % status)
        status, _ = request(port, "/level.json", host="evil.example")
        check(status == 403, "a Host naming another site is 403 (got %s)" % status)
    finally:
        stop(p)


def listeners():
    p, port, _ = start(["--serve", "127.0.0.1:0"])
    try:
        if not check(port and wait_level(port), "a second server serves a level"):
            return
        # 40 listeners, one after another, each reading its first build and leaving
        got = 0
        for _ in range(40):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                    s.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    data = b""
                    while b"event: build" not in data:
                        chunk = s.recv(4096)
                        if not chunk:
                            break
                        data += chunk
                    got += b"event: build" in data
            except OSError:
                pass
        check(got == 40, "40 listeners in turn each get the build at once (%d did)" % got)
        status, _ = request(port, "/level.json", timeout=5)
        check(status == 200, "after 40 closed listeners /level.json answers (got %s)" % status)
        # 40 listeners that never read
        idle = []
        for _ in range(40):
            try:
                s = socket.socket()
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
                s.settimeout(5)
                s.connect(("127.0.0.1", port))
                s.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                idle.append(s)
            except OSError:
                pass
        time.sleep(0.3)
        status, _ = request(port, "/level.json", timeout=5)
        check(status == 200, "40 listeners that never read lock nobody out (got %s)" % status)
        status, body = request(port, "/diagnostics.json", timeout=5)
        check(status == 200, "and /diagnostics.json answers too (got %s)" % status)
        for s in idle:
            s.close()
    finally:
        stop(p)


def wildcard():
    p, port, said = start(["--serve", "0.0.0.0:0"])
    try:
        check(port and "warning" in said and "beyond this machine" in said,
              "--serve 0.0.0.0 warns that it listens beyond this machine: %r" % said)
        if not port or not wait_level(port):
            check(False, "the wildcard server serves a level")
            return
        status, _ = request(port, "/level.json")
        check(status == 200, "on 0.0.0.0 a loopback Host is served (got %s)" % status)
        status, _ = request(port, "/level.json", host="evil.example")
        check(status == 403, "on 0.0.0.0 a Host naming another site is still 403 (got %s)" % status)
    finally:
        stop(p)


def main():
    tmp = tempfile.mkdtemp()
    origins(tmp)
    listeners()
    wildcard()
    print("%d passed, %d failed" % (sum(results), len(results) - sum(results)))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
