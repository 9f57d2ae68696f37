#!/bin/sh
# tests/lsp/frames.sh ROOMFORGE: `roomforge lsp` fed malformed frames and
# messages: a bad or missing Content-Length, garbage between frames, invalid
# JSON, a non-object, no method, an unknown method, bad params, a request
# before initialize, a truncated body, a length past the bound, an exit
# without shutdown. Each run must end (a timeout guards against a hang),
# never by a signal, with the exit code and the JSON-RPC errors expected.
set -u
[ $# -eq 1 ] || { echo "usage: frames.sh ROOMFORGE" >&2; exit 2; }
rf=$1
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
fails=0 passes=0

frame() { printf 'Content-Length: %d\r\n\r\n%s' "${#1}" "$1"; }
init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'

# run NAME WANT_RC: the server reads $work/in; its output is $work/out.
run() {
    timeout 20 "$rf" lsp <"$work/in" >"$work/out" 2>"$work/err"
    rc=$?
    if [ "$rc" -ne "$2" ]; then
        echo "FAIL $1: exit $rc, want $2"; sed 's/^/  /' "$work/err"; fails=$((fails + 1)); return 1
    fi
    return 0
}
# expect NAME TEXT...: each TEXT is in the output, in the order given.
expect() {
    name=$1; shift
    rest=$(tr -d '\r' <"$work/out")
    for want in "$@"; do
        case $rest in
        *"$want"*) rest=${rest#*"$want"} ;;
        *) echo "FAIL $name: no $want in order in:"; tr -d '\r' <"$work/out" | sed 's/^/  /'; echo
           fails=$((fails + 1)); return 1 ;;
        esac
    done
    echo "ok   $name"; passes=$((passes + 1))
}

{
    frame "$init"
    printf 'Content-Length: abc\r\n\r\n'
    printf 'X-Garbage\r\n\r\n'
    frame '{not json'
    frame '[1,2]'
    frame '{"jsonrpc":"2.0","id":5,"method":"roomforge/nosuch"}'
    frame '{"jsonrpc":"2.0","id":6}'
    frame '{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}'
    frame '{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{}}'
    frame '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{}}}'
    frame '{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":3}}'
    printf 'some garbage without a header'
    frame '{"jsonrpc":"2.0","id":8,"method":"shutdown"}'
    frame '{"jsonrpc":"2.0","id":9,"method":"textDocument/hover","params":{}}'
    frame '{"jsonrpc":"2.0","method":"exit"}'
    frame '{"jsonrpc":"2.0","id":10,"method":"shutdown"}'
} >"$work/in"
run "malformed messages in one session" 0 &&
    expect "malformed messages in one session" '{"jsonrpc":"2.0","id":1,"result":{"capabilities"' \
        '"id":null,"error":{"code":-32700' \
        '"id":null,"error":{"code":-32600,"message":"a message must be a JSON object"}' \
        '"id":5,"error":{"code":-32601,"message":"no such method"}' \
        '"id":6,"error":{"code":-32600,"message":"a message without a method"}' \
        '"id":null,"error":{"code":-32600,"message":"an id must be a number or a string"}' \
        '"id":7,"error":{"code":-32602' '"id":8,"result":null' \
        '"id":9,"error":{"code":-32600,"message":"the server was shut down"}'
if grep -q '"id":10' "$work/out"; then echo "FAIL: a message after exit was read"; fails=$((fails + 1)); fi

{ frame '{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}'; frame "$init"; } >"$work/in"
run "a request before initialize" 1 &&
    expect "a request before initialize" '"id":1,"error":{"code":-32002' '"id":1,"result"'

{ frame "$init"; printf 'Content-Length: 100\r\n\r\n{"jsonrpc":"2.0"'; } >"$work/in"
run "a body cut short: end of input, exit 1" 1 && expect "a body cut short: end of input, exit 1" '"id":1,"result"'

{ frame "$init"; printf 'Content-Length: 40000000\r\n\r\n{}'; } >"$work/in"
run "a length past the bound, cut short" 1 && expect "a length past the bound, cut short" '"id":1,"result"'

{ frame "$init"; printf 'Content-Length: 99999999999999999999\r\n\r\n'; frame "$init"; } >"$work/in"
run "a length past any bound: exit 1" 1 && expect "a length past any bound: exit 1" '"id":1,"result"'

# a body over the bound but whole: dropped with an error, the session goes on
big=$(mktemp -p "$work") || exit 1
{ frame "$init"; printf 'Content-Length: 33554433\r\n\r\n'; head -c 33554433 /dev/zero | tr '\0' ' '
  frame '{"jsonrpc":"2.0","id":2,"method":"shutdown"}'; frame '{"jsonrpc":"2.0","method":"exit"}'; } >"$work/in"
run "a whole body past the bound, dropped" 0 &&
    expect "a whole body past the bound, dropped" '"id":1,"result"' \
        '"id":null,"error":{"code":-32600,"message":"the message is too large"}' '"id":2,"result":null'
rm -f "$big"

{ frame "$init"; frame '{"jsonrpc":"2.0","method":"exit"}'; } >"$work/in"
run "exit without shutdown: exit 1" 1 && expect "exit without shutdown: exit 1" '"id":1,"result"'

: >"$work/in"
run "no input at all: exit 1" 1 && { echo "ok   no input at all: exit 1"; passes=$((passes + 1)); }

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
