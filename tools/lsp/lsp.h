/* tools/lsp/lsp.h: what the files of `roomforge lsp`, the language server,
 * share: the server's state, the document store, positions and replies.
 *
 * Pipeline: CLI; cmd_lsp.c parses the options and calls lsp_serve, which
 * reads frames (lsp_frame.c), dispatches them (lsp_rpc.c) to one file per
 * feature, each over the library's public API (rf_lint_buffer, templates).
 * Design: one lsp_server on cmd_lsp's stack holds everything (no globals);
 * documents sync in full (TextDocumentSyncKind.Full), each keeping its text,
 * the rooms that load from it and its last lint's diagnostics.
 */
#ifndef RF_LSP_H
#define RF_LSP_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "roomforge/diag.h"
#include "roomforge/lint.h"
#include "roomforge/template.h"

#define LSP_BODY_MAX ((size_t)32 << 20) /* bytes of one message's body */
#define LSP_DOCS_MAX 4096               /* documents open at once */
#define LSP_DOC_MAX ((size_t)64 << 20)  /* bytes of one document */

/* JSON-RPC and LSP error codes (LSP 3.17 "Response Message"). */
enum {
    LSP_PARSE_ERROR = -32700,
    LSP_INVALID_REQUEST = -32600,
    LSP_METHOD_NOT_FOUND = -32601,
    LSP_INVALID_PARAMS = -32602,
    LSP_INTERNAL_ERROR = -32603,
    LSP_NOT_INITIALIZED = -32002
};

typedef struct lsp_doc {
    char *uri, *path; /* path: the file the uri names, as diagnostics carry it */
    char *text;
    size_t len;
    long version;
    rf_template_set *rooms; /* the rooms that load from text; never NULL */
    rf_diags *diags;        /* the last lint's findings; never NULL */
} lsp_doc;

typedef struct lsp_server {
    FILE *in, *out, *log;
    const char *scripts_dir;  /* --scripts: extension types */
    const char *bundled_dir;  /* the bundled pack's rooms (a mod replaces them by name) */
    rf_template_set *bundled; /* loaded at the first need; NULL before or when it failed */
    bool bundled_tried;
    rf_lint_policy *policy; /* the workspace's roomforge.toml, or NULL */
    lsp_doc *docs;
    size_t ndocs, cap;
    bool initialized, shut_down, exiting;
    int exit_code;
} lsp_server;

/* ---- lsp_frame.c: Content-Length framing (LSP 3.17 "Base Protocol") ---- */
enum { LSP_FRAME_OK = 0, LSP_FRAME_EOF, LSP_FRAME_SKIP, LSP_FRAME_TOO_BIG, LSP_FRAME_NOMEM };
/* Reads one message's body into *body (NUL-terminated, the caller frees it
 * with rf_free) and its length. LSP_FRAME_SKIP: a header block without a
 * usable Content-Length, logged and skipped; LSP_FRAME_TOO_BIG: a length
 * past LSP_BODY_MAX, its bytes read and dropped; LSP_FRAME_EOF: the input
 * ended (a body cut short included). */
int lsp_frame_read(FILE *in, FILE *log, char **body, size_t *len);
/* Writes body as one message; false when out failed. */
bool lsp_frame_write(FILE *out, const char *body, size_t len);

/* ---- lsp_rpc.c: the loop, the method table, replies ---- */
/* Serves s->in until exit or the end of input; the process's exit code. */
int lsp_serve(lsp_server *s);
/* Sends the result (taken, NULL for null) of request id. */
void lsp_reply(lsp_server *s, json_object *id, json_object *result);
void lsp_reply_error(lsp_server *s, json_object *id, int code, const char *message);
/* Sends a notification (params taken). */
void lsp_notify(lsp_server *s, const char *method, json_object *params);
/* Logs one line to s->log (stderr), as "roomforge lsp: ...". */
void lsp_log(const lsp_server *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- lsp_docs.c: the document store ---- */
/* The open document of uri, or NULL. */
lsp_doc *lsp_doc_find(lsp_server *s, const char *uri);
/* Opens or replaces uri's text (copied); NULL when memory or LSP_DOCS_MAX ran
 * out. */
lsp_doc *lsp_doc_set(lsp_server *s, const char *uri, const char *text, size_t len, long version);
void lsp_doc_close(lsp_server *s, const char *uri);
void lsp_docs_free(lsp_server *s);
/* The room named name: in an open document (not the one standing at
 * 1-based line of skip, a definition's own tag), else the bundled pack's;
 * NULL when none. *doc gets its open document (NULL: bundled). */
const rf_template *lsp_room_named(lsp_server *s, const char *name, const lsp_doc *skip, int line,
                                  const lsp_doc **doc);
/* The bundled pack's rooms (loaded once), or NULL. */
const rf_template_set *lsp_bundled(lsp_server *s);
/* The document named by params.textDocument.uri, or NULL. */
lsp_doc *lsp_doc_of(lsp_server *s, json_object *params);
/* uri's path (file:// percent-decoded) into a fresh string; NULL when uri is
 * no file uri or memory ran out. */
char *lsp_uri_path(const char *uri);
/* A file:// uri for path, fresh; NULL when memory ran out. */
char *lsp_path_uri(const char *path);

/* ---- lsp_pos.c: positions (LSP: 0-based line, UTF-16 units; lint:
 * 1-based line and column in characters) ---- */
/* The byte offset of an LSP position, clamped to its line's end and the
 * text's end. */
size_t lsp_offset(const char *text, size_t len, int line, int character);
/* The LSP position of byte offset off. */
void lsp_position(const char *text, size_t len, size_t off, int *line, int *character);
/* The byte offset of 1-based line:col (characters); len when there is none. */
size_t lsp_offset_of_linecol(const char *text, size_t len, int line, int col);
/* The 1-based line:col (characters) of byte offset off. */
void lsp_linecol(const char *text, size_t len, size_t off, int *line, int *col);
/* {"line":..,"character":..} of byte offset off. */
json_object *lsp_json_position(const char *text, size_t len, size_t off);
/* {"start":..,"end":..} of bytes [from, to). */
json_object *lsp_json_range(const char *text, size_t len, size_t from, size_t to);
/* The position params.position as a byte offset of doc; false when absent. */
bool lsp_params_offset(const lsp_doc *doc, json_object *params, size_t *off);

/* ---- lsp_xml.c: where in the XML a byte offset stands ---- */
typedef enum lsp_where {
    LSP_IN_TEXT = 0,
    LSP_IN_TAG_NAME,
    LSP_IN_ATTR_NAME,
    LSP_IN_ATTR_VALUE
} lsp_where;
#define LSP_XML_ATTRS 32
typedef struct lsp_xml_at {
    lsp_where where;
    char tag[64];    /* the tag the offset stands in (as written) */
    char parent[64]; /* the element around that tag, "" at the root */
    char attr[64];   /* LSP_IN_ATTR_VALUE: whose value */
    size_t from, to; /* the word (tag name, attribute name or value) being written */
    size_t tag_at;   /* the tag's '<' */
    size_t nattrs;   /* the tag's attributes, to the first LSP_XML_ATTRS */
    struct {
        char name[64];
        size_t at, len;
    } attrs[LSP_XML_ATTRS];
} lsp_xml_at;
/* Fills at for byte offset off of text. */
void lsp_xml_find(const char *text, size_t len, size_t off, lsp_xml_at *at);
/* The value of attribute name (compared as normalised keys) among at's,
 * into buf; false when the tag has none (or it does not fit). */
bool lsp_xml_attr(const char *text, const lsp_xml_at *at, const char *name, char *buf, size_t cap);
/* Whether a and b are the same name once normalised (case, '_'). */
bool lsp_same_name(const char *a, const char *b);
/* The template of doc whose <room> stands last at or before 1-based line. */
const rf_template *lsp_room_at_line(const lsp_doc *doc, int line);

/* ---- lsp_ext.c: the extension types of --scripts ---- */
typedef struct lsp_ext {
    char name[64];
    bool action;
    char *path;
    int line, col; /* 1-based, of the name in roomforge.condition("name", ...) */
} lsp_ext;
/* The types the *.lua files of s->scripts_dir register, *n of them (fresh,
 * lsp_ext_free); NULL with *n 0 when there is none. */
lsp_ext *lsp_ext_scan(const lsp_server *s, size_t *n);
void lsp_ext_free(lsp_ext *e, size_t n);

/* ---- one file per feature; each is a method of the table in lsp_rpc.c.
 * Requests return their result (NULL: null) or set *code and *message. */
typedef json_object *(*lsp_request_fn)(lsp_server *s, json_object *params, int *code,
                                       const char **message);
void lsp_diag_publish(lsp_server *s, lsp_doc *doc);
/* Reads roomforge.toml at the root initialize names (rootUri, else the
 * first workspace folder): its codes and severities apply to every lint,
 * its scripts folder when --scripts was not given. Problems are logged. */
void lsp_diag_configure(lsp_server *s, json_object *init_params);
json_object *lsp_hover(lsp_server *s, json_object *params, int *code, const char **message);
json_object *lsp_complete(lsp_server *s, json_object *params, int *code, const char **message);
json_object *lsp_define(lsp_server *s, json_object *params, int *code, const char **message);
json_object *lsp_symbols(lsp_server *s, json_object *params, int *code, const char **message);
json_object *lsp_actions(lsp_server *s, json_object *params, int *code, const char **message);

#endif /* RF_LSP_H */
