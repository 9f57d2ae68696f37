/* tools/lsp/lsp_rpc.c: JSON-RPC 2.0 over the frames: the loop, the one
 * table of methods, the lifecycle (initialize, shutdown, exit) and replies.
 *
 * Pipeline: CLI; lsp_serve is called by cmd_lsp.c, reads with lsp_frame.c and
 * hands each method to its feature file. Design: json-c parses each body
 * (strict, depth-bounded); anything that is not one request or notification
 * gets the JSON-RPC error the spec names (parse error, invalid request,
 * method not found, server not initialized) with the id when there is one,
 * else null, and the loop goes on. Unknown notifications are dropped. The
 * loop ends at `exit` (code 0 after `shutdown`, else 1) or at EOF (1).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lsp.h"

#define JSON_DEPTH 64

void lsp_log(const lsp_server *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("roomforge lsp: ", s->log);
    vfprintf(s->log, fmt, ap);
    fputc('\n', s->log);
    va_end(ap);
}

/* A message object, "jsonrpc" first. */
static json_object *new_message(void)
{
    json_object *msg = json_object_new_object();
    json_object_object_add(msg, "jsonrpc", json_object_new_string("2.0"));
    return msg;
}

/* Sends msg (taken) as one frame. */
static void send_message(lsp_server *s, json_object *msg)
{
    size_t len = 0;
    const char *text;
    text = json_object_to_json_string_length(msg, JSON_C_TO_STRING_PLAIN, &len);
    if (!text || !lsp_frame_write(s->out, text, len))
        lsp_log(s, "cannot write a message");
    json_object_put(msg);
}

void lsp_reply(lsp_server *s, json_object *id, json_object *result)
{
    json_object *msg = new_message();
    json_object_object_add(msg, "id", json_object_get(id));
    json_object_object_add(msg, "result", result);
    send_message(s, msg);
}

void lsp_reply_error(lsp_server *s, json_object *id, int code, const char *message)
{
    json_object *msg = new_message(), *err = json_object_new_object();
    json_object_object_add(err, "code", json_object_new_int(code));
    json_object_object_add(err, "message", json_object_new_string(message));
    json_object_object_add(msg, "id", json_object_get(id));
    json_object_object_add(msg, "error", err);
    send_message(s, msg);
}

void lsp_notify(lsp_server *s, const char *method, json_object *params)
{
    json_object *msg = new_message();
    json_object_object_add(msg, "method", json_object_new_string(method));
    json_object_object_add(msg, "params", params);
    send_message(s, msg);
}

/* ---- the lifecycle and the document notifications ---- */

static json_object *req_initialize(lsp_server *s, json_object *params, int *code, const char **msg)
{
    json_object *r = json_object_new_object(), *caps = json_object_new_object();
    json_object *comp = json_object_new_object(), *trig = json_object_new_array();
    json_object *info = json_object_new_object();
    static const char *const triggers[] = {"<", " ", "\"", "'"};
    size_t i;
    (void)code, (void)msg;
    s->initialized = true;
    lsp_diag_configure(s, params);
    json_object_object_add(caps, "positionEncoding", json_object_new_string("utf-16"));
    json_object_object_add(caps, "textDocumentSync", json_object_new_int(1)); /* Full */
    json_object_object_add(caps, "hoverProvider", json_object_new_boolean(1));
    for (i = 0; i < sizeof triggers / sizeof triggers[0]; i++)
        json_object_array_add(trig, json_object_new_string(triggers[i]));
    json_object_object_add(comp, "triggerCharacters", trig);
    json_object_object_add(caps, "completionProvider", comp);
    json_object_object_add(caps, "definitionProvider", json_object_new_boolean(1));
    json_object_object_add(caps, "documentSymbolProvider", json_object_new_boolean(1));
    json_object_object_add(caps, "codeActionProvider", json_object_new_boolean(1));
    json_object_object_add(r, "capabilities", caps);
    json_object_object_add(info, "name", json_object_new_string("roomforge"));
    json_object_object_add(r, "serverInfo", info);
    return r;
}

static json_object *req_shutdown(lsp_server *s, json_object *params, int *code, const char **msg)
{
    (void)params, (void)code, (void)msg;
    s->shut_down = true;
    return NULL;
}

static void note_exit(lsp_server *s, json_object *params)
{
    (void)params;
    s->exiting = true;
    s->exit_code = s->shut_down ? 0 : 1;
}

static void note_ignore(lsp_server *s, json_object *params) { (void)s, (void)params; }

/* The text of a didOpen's textDocument, or of a didChange's last full change.
 */
static void note_text(lsp_server *s, json_object *params, bool open)
{
    json_object *td = NULL, *uri, *text = NULL, *ver = NULL, *changes;
    lsp_doc *doc;
    size_t n;
    if (!json_object_object_get_ex(params, "textDocument", &td) ||
        !json_object_object_get_ex(td, "uri", &uri) ||
        !json_object_is_type(uri, json_type_string)) {
        lsp_log(s, "a document notification without textDocument.uri, dropped");
        return;
    }
    json_object_object_get_ex(td, "version", &ver);
    if (open)
        json_object_object_get_ex(td, "text", &text);
    else if (json_object_object_get_ex(params, "contentChanges", &changes) &&
             json_object_is_type(changes, json_type_array) &&
             (n = json_object_array_length(changes)) > 0)
        json_object_object_get_ex(json_object_array_get_idx(changes, n - 1), "text", &text);
    if (!text || !json_object_is_type(text, json_type_string)) {
        lsp_log(s, "a document notification without its text, dropped");
        return;
    }
    doc = lsp_doc_set(s, json_object_get_string(uri), json_object_get_string(text),
                      (size_t)json_object_get_string_len(text), json_object_get_int64(ver));
    if (doc)
        lsp_diag_publish(s, doc);
    else
        lsp_log(s, "cannot hold %s (too many documents, too big, or out of memory)",
                json_object_get_string(uri));
}

static void note_open(lsp_server *s, json_object *params) { note_text(s, params, true); }
static void note_change(lsp_server *s, json_object *params) { note_text(s, params, false); }

static void note_close(lsp_server *s, json_object *params)
{
    json_object *td, *uri, *p = json_object_new_object();
    if (!json_object_object_get_ex(params, "textDocument", &td) ||
        !json_object_object_get_ex(td, "uri", &uri) ||
        !json_object_is_type(uri, json_type_string)) {
        json_object_put(p);
        return;
    }
    /* the document's diagnostics go with it */
    json_object_object_add(p, "uri", json_object_get(uri));
    json_object_object_add(p, "diagnostics", json_object_new_array());
    lsp_doc_close(s, json_object_get_string(uri));
    lsp_notify(s, "textDocument/publishDiagnostics", p);
}

/* One row per method: a request has req, a notification note. */
typedef struct method {
    const char *name;
    lsp_request_fn req;
    void (*note)(lsp_server *s, json_object *params);
    bool before_init; /* allowed before initialize */
} method;

static const method methods[] = {
    {"initialize", req_initialize, NULL, true},
    {"initialized", NULL, note_ignore, false},
    {"shutdown", req_shutdown, NULL, false},
    {"exit", NULL, note_exit, true},
    {"textDocument/didOpen", NULL, note_open, false},
    {"textDocument/didChange", NULL, note_change, false},
    {"textDocument/didSave", NULL, note_ignore, false},
    {"textDocument/didClose", NULL, note_close, false},
    {"textDocument/hover", lsp_hover, NULL, false},
    {"textDocument/completion", lsp_complete, NULL, false},
    {"textDocument/definition", lsp_define, NULL, false},
    {"textDocument/documentSymbol", lsp_symbols, NULL, false},
    {"textDocument/codeAction", lsp_actions, NULL, false},
};

static const method *method_find(const char *name)
{
    size_t i;
    for (i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if (strcmp(methods[i].name, name) == 0)
            return &methods[i];
    return NULL;
}

/* Runs a request row m with params; sends its reply to id. */
static void run_request(lsp_server *s, const method *m, json_object *id, json_object *params)
{
    int code = 0;
    const char *message = NULL;
    json_object *r;
    if (s->shut_down) {
        lsp_reply_error(s, id, LSP_INVALID_REQUEST, "the server was shut down");
        return;
    }
    r = m->req(s, params, &code, &message);
    if (code) {
        json_object_put(r);
        lsp_reply_error(s, id, code, message ? message : "failed");
    } else {
        lsp_reply(s, id, r);
    }
}

/* One parsed message: a request (with an id) or a notification. */
static void dispatch(lsp_server *s, json_object *msg)
{
    json_object *jm = NULL, *id = NULL, *params = NULL;
    const method *m;
    bool has_id = json_object_object_get_ex(msg, "id", &id);
    if (has_id && !json_object_is_type(id, json_type_int) &&
        !json_object_is_type(id, json_type_string)) {
        lsp_reply_error(s, NULL, LSP_INVALID_REQUEST, "an id must be a number or a string");
        return;
    }
    if (!json_object_object_get_ex(msg, "method", &jm) ||
        !json_object_is_type(jm, json_type_string)) {
        /* a client's response needs nothing: the server asks nothing */
        if (!has_id || (!json_object_object_get_ex(msg, "result", NULL) &&
                        !json_object_object_get_ex(msg, "error", NULL)))
            lsp_reply_error(s, id, LSP_INVALID_REQUEST, "a message without a method");
        return;
    }
    json_object_object_get_ex(msg, "params", &params);
    m = method_find(json_object_get_string(jm));
    if (!m || (has_id ? !m->req : !m->note)) {
        if (has_id)
            lsp_reply_error(s, id, LSP_METHOD_NOT_FOUND, "no such method");
        return; /* an unknown notification ($/cancelRequest, ...) is dropped */
    }
    if (!s->initialized && !m->before_init) {
        if (has_id)
            lsp_reply_error(s, id, LSP_NOT_INITIALIZED, "initialize first");
        return;
    }
    if (has_id)
        run_request(s, m, id, params);
    else
        m->note(s, params);
}

/* Parses one body and dispatches it; a parse error or a non-object gets its
 * error. */
static void handle(lsp_server *s, const char *body, size_t len)
{
    json_tokener *tok = json_tokener_new_ex(JSON_DEPTH);
    json_object *msg;
    if (!tok) {
        lsp_log(s, "out of memory");
        return;
    }
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
    msg = json_tokener_parse_ex(tok, body, (int)len);
    if (!msg || json_tokener_get_error(tok) != json_tokener_success ||
        json_tokener_get_parse_end(tok) != len) {
        lsp_reply_error(s, NULL, LSP_PARSE_ERROR, "the message is not one JSON value");
    } else if (!json_object_is_type(msg, json_type_object)) {
        lsp_reply_error(s, NULL, LSP_INVALID_REQUEST, "a message must be a JSON object");
    } else {
        dispatch(s, msg);
    }
    json_object_put(msg);
    json_tokener_free(tok);
}

int lsp_serve(lsp_server *s)
{
    s->exit_code = 1;
    while (!s->exiting) {
        char *body = NULL;
        size_t len = 0;
        int r = lsp_frame_read(s->in, s->log, &body, &len);
        if (r == LSP_FRAME_EOF)
            break;
        if (r == LSP_FRAME_TOO_BIG)
            lsp_reply_error(s, NULL, LSP_INVALID_REQUEST, "the message is too large");
        else if (r == LSP_FRAME_NOMEM)
            lsp_reply_error(s, NULL, LSP_INTERNAL_ERROR, "out of memory");
        if (r != LSP_FRAME_OK)
            continue;
        handle(s, body, len);
        free(body);
    }
    lsp_docs_free(s);
    rf_lint_policy_free(s->policy);
    s->policy = NULL;
    return s->exiting ? s->exit_code : 1;
}
