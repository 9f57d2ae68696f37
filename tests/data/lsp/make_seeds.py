#!/usr/bin/env python3
"""tests/data/lsp/make_seeds.py: writes the fuzz seeds of target lsp
(rooms.rpc, lua.rpc): one editing session each, Content-Length framed as an
editor sends it (initialize, open, hover, completion, definition, symbols,
code action, change, close, shutdown, exit). Run from the repository root.
"""
import json
room = '''<roomdb>
  <room name="Lever Hall" width="5" height="4" tags="hall,puzzle">
    <row text="##D##"/>
    <row text="#.1.#"/>
    <row text="#...#"/>
    <row text="##D##"/>
    <lever id="gate" at="1"/>
    <script><condition condition_type="activated" id="gate"/><action action_type="remove" id="gate"/></script>
  </room>
</roomdb>
'''
lua = 'room:rule{when=function(r) return r:entered() end, run=function(r) r:ticker("hi") end}\n'
def frame(o):
    b = json.dumps(o, separators=(',', ':')).encode()
    return b'Content-Length: %d\r\n\r\n' % len(b) + b
def session(docs):
    out = [frame({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":None,"rootUri":"file:///nonexistent/p","capabilities":{}}}),
           frame({"jsonrpc":"2.0","method":"initialized","params":{}})]
    i = 2
    for uri, lang, text in docs:
        out.append(frame({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":uri,"languageId":lang,"version":1,"text":text}}}))
        td = {"textDocument":{"uri":uri}}
        for m, extra in [("textDocument/hover",{"position":{"line":3,"character":17}}),
                         ("textDocument/hover",{"position":{"line":1,"character":16}}),
                         ("textDocument/completion",{"position":{"line":7,"character":50}}),
                         ("textDocument/completion",{"position":{"line":1,"character":56}}),
                         ("textDocument/definition",{"position":{"line":7,"character":50}}),
                         ("textDocument/documentSymbol",{}),
                         ("textDocument/codeAction",{"range":{"start":{"line":7,"character":0},"end":{"line":7,"character":99}},"context":{"diagnostics":[]}})]:
            p = dict(td); p.update(extra)
            out.append(frame({"jsonrpc":"2.0","id":i,"method":m,"params":p})); i += 1
        out.append(frame({"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":uri,"version":2},"contentChanges":[{"text":text.replace("id=\"gate\"/><action","id=\"gaet\"/><action")}]}}))
        out.append(frame({"jsonrpc":"2.0","method":"textDocument/didClose","params":td}))
    out.append(frame({"jsonrpc":"2.0","id":i,"method":"shutdown"}))
    out.append(frame({"jsonrpc":"2.0","method":"exit"}))
    return b''.join(out)
open('tests/data/lsp/rooms.rpc','wb').write(session([("file:///nonexistent/p/rooms/hall.xml","xml",room)]))
open('tests/data/lsp/lua.rpc','wb').write(session([("file:///nonexistent/p/rooms/glow.lua","lua",lua)]))
