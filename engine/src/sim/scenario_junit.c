/* engine/src/sim/scenario_junit.c: a folder of scenario plays as one JUnit
 * XML report, for CI services that show test results (GitLab, Jenkins,
 * GitHub test reporters).
 *
 * Pipeline: sim, after rf_scenario_play; `roomforge sim --scenario DIR
 * --format junit` adds each file's play and writes the report once. Design: a
 * scenario file is a test case: passed when it played with every expect met
 * and no error, a <failure> for unmet expects, an <error> when it did not play
 * or the room's scripts failed. The case keeps its diagnostics (gcc text) and
 * effect lines; libxml2's writer escapes, and text is first made XML-safe
 * (control bytes and invalid UTF-8 become '?'), whatever the files say.
 */
#include <libxml/xmlwriter.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "load/seam.h"
#include "roomforge/scenario.h"

typedef enum { CASE_PASS, CASE_FAILURE, CASE_ERROR } case_kind;

typedef struct junit_case {
    char *name, *classname, *type, *message, *detail, *out;
    case_kind kind;
} junit_case;

struct rf_scenario_junit {
    junit_case *cases;
    size_t n, cap;
};

rf_scenario_junit *rf_scenario_junit_new(void) { return rf_calloc(1, sizeof(rf_scenario_junit)); }

static void case_fini(junit_case *c)
{
    rf_free(c->name);
    rf_free(c->classname);
    rf_free(c->type);
    rf_free(c->message);
    rf_free(c->detail);
    rf_free(c->out);
}

void rf_scenario_junit_free(rf_scenario_junit *j)
{
    size_t i;
    if (!j)
        return;
    for (i = 0; i < j->n; i++)
        case_fini(&j->cases[i]);
    rf_free(j->cases);
    rf_free(j);
}

/* A copy of s that XML 1.0 can hold: C0 controls but tab and newline, and
 * bytes that are no UTF-8, become '?'. NULL when memory runs out. */
static char *xml_safe(const char *s)
{
    size_t n = s ? strlen(s) : 0, i = 0;
    char *out = rf_alloc(n + 1);
    if (!out)
        return NULL;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        size_t k = rf_text_utf8_len(s + i, n - i);
        if (k == 0 || (c < 0x20 && c != '\t' && c != '\n') || c == 0x7F) {
            out[i++] = '?';
            continue;
        }
        memcpy(out + i, s + i, k);
        i += k;
    }
    out[n] = '\0';
    return out;
}

/* What f wrote into a memory stream, made XML-safe; NULL on failure. */
static char *captured(char *buf, size_t len, bool ok)
{
    char *safe = ok && buf ? xml_safe(len ? buf : "") : NULL;
    free(buf); /* open_memstream's buffer is the C library's */
    return safe;
}

/* What d (gcc format) or r (effect lines) writes, as XML-safe text; NULL
 * when memory runs out. */
static char *text_of(const rf_diags *d, const rf_scenario_result *r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    bool ok;
    if (!f)
        return NULL;
    ok = d ? rf_diags_write_gcc(d, f, 0) == RF_OK
           : !r || rf_scenario_result_write(r, f, RF_SCENARIO_TEXT) == RF_OK;
    ok = fclose(f) == 0 && ok;
    return captured(buf, len, ok);
}

/* The first error of d (its code and message), or NULL. */
static const rf_diag *first_error(const rf_diags *d, const char *code)
{
    size_t i;
    for (i = 0; d && i < rf_diags_count(d); i++) {
        const rf_diag *g = rf_diags_at(d, i);
        if (g->severity == RF_SEV_ERROR && (!code || strcmp(g->code, code) == 0))
            return g;
    }
    return NULL;
}

rf_status rf_scenario_junit_add(rf_scenario_junit *j, const char *path,
                                const rf_scenario_result *r, const rf_diags *d)
{
    junit_case *c;
    const rf_diag *why;
    char msg[1200];
    if (!j || !path)
        return RF_ERR_ARG;
    if (!rf_grow((void **)&j->cases, &j->cap, j->n + 1, sizeof *j->cases))
        return RF_ERR_NOMEM;
    c = &j->cases[j->n];
    memset(c, 0, sizeof *c);
    /* an unplayed file or a script error is an error; unmet expects a failure */
    why = first_error(d, NULL);
    if (r && rf_scenario_result_failed(r) > 0) {
        const rf_diag *miss = first_error(d, "expect-failed");
        c->kind = CASE_FAILURE;
        why = miss ? miss : why;
    } else if (!r || why) {
        c->kind = CASE_ERROR;
    }
    if (c->kind != CASE_PASS) {
        if (why)
            snprintf(msg, sizeof msg, "%s:%d: %s", why->file, why->line, why->message);
        else
            snprintf(msg, sizeof msg, "%s did not play", path);
        c->type = rf_strdup(why ? why->code : "not-played");
        c->message = xml_safe(msg);
        c->detail = text_of(d, NULL);
        if (!c->type || !c->message || !c->detail) {
            case_fini(c);
            return RF_ERR_NOMEM;
        }
    }
    c->name = xml_safe(path);
    c->classname = xml_safe(r ? rf_scenario_result_room(r) : "roomforge.sim");
    c->out = r ? text_of(NULL, r) : NULL;
    if (!c->name || !c->classname || (r && !c->out)) {
        case_fini(c);
        return RF_ERR_NOMEM;
    }
    j->n++;
    return RF_OK;
}

static int count(const rf_scenario_junit *j, case_kind k)
{
    size_t i;
    int n = 0;
    for (i = 0; i < j->n; i++)
        n += j->cases[i].kind == k;
    return n;
}

/* The counts of a <testsuites> or <testsuite> element. */
static bool write_counts(xmlTextWriterPtr w, const rf_scenario_junit *j)
{
    return xmlTextWriterWriteAttribute(w, BAD_CAST "name", BAD_CAST "roomforge sim") >= 0 &&
           xmlTextWriterWriteFormatAttribute(w, BAD_CAST "tests", "%zu", j->n) >= 0 &&
           xmlTextWriterWriteFormatAttribute(w, BAD_CAST "failures", "%d",
                                             count(j, CASE_FAILURE)) >= 0 &&
           xmlTextWriterWriteFormatAttribute(w, BAD_CAST "errors", "%d", count(j, CASE_ERROR)) >= 0;
}

static bool write_case(xmlTextWriterPtr w, const junit_case *c)
{
    bool ok = xmlTextWriterStartElement(w, BAD_CAST "testcase") >= 0 &&
              xmlTextWriterWriteAttribute(w, BAD_CAST "classname", BAD_CAST c->classname) >= 0 &&
              xmlTextWriterWriteAttribute(w, BAD_CAST "name", BAD_CAST c->name) >= 0 &&
              xmlTextWriterWriteAttribute(w, BAD_CAST "file", BAD_CAST c->name) >= 0;
    if (ok && c->kind != CASE_PASS)
        ok = xmlTextWriterStartElement(w, BAD_CAST(c->kind == CASE_FAILURE ? "failure" : "error")) >= 0 &&
             xmlTextWriterWriteAttribute(w, BAD_CAST "type", BAD_CAST c->type) >= 0 &&
             xmlTextWriterWriteAttribute(w, BAD_CAST "message", BAD_CAST c->message) >= 0 &&
             xmlTextWriterWriteString(w, BAD_CAST c->detail) >= 0 &&
             xmlTextWriterEndElement(w) >= 0;
    if (ok && c->out && *c->out)
        ok = xmlTextWriterWriteElement(w, BAD_CAST "system-out", BAD_CAST c->out) >= 0;
    return ok && xmlTextWriterEndElement(w) >= 0;
}

rf_status rf_scenario_junit_write(const rf_scenario_junit *j, FILE *out)
{
    xmlOutputBufferPtr buf;
    xmlTextWriterPtr w;
    bool ok;
    size_t i;
    if (!j || !out)
        return RF_ERR_ARG;
    rf_xml_once();
    buf = xmlOutputBufferCreateFile(out, NULL);
    if (!buf)
        return RF_ERR_NOMEM;
    w = xmlNewTextWriter(buf); /* owns buf from here */
    if (!w) {
        xmlOutputBufferClose(buf);
        return RF_ERR_NOMEM;
    }
    ok = xmlTextWriterSetIndent(w, 1) >= 0 &&
         xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL) >= 0 &&
         xmlTextWriterStartElement(w, BAD_CAST "testsuites") >= 0 && write_counts(w, j) &&
         xmlTextWriterStartElement(w, BAD_CAST "testsuite") >= 0 && write_counts(w, j) &&
         xmlTextWriterWriteAttribute(w, BAD_CAST "skipped", BAD_CAST "0") >= 0;
    for (i = 0; ok && i < j->n; i++)
        ok = write_case(w, &j->cases[i]);
    ok = ok && xmlTextWriterEndDocument(w) >= 0 && xmlTextWriterFlush(w) >= 0;
    xmlFreeTextWriter(w);
    return ok && !ferror(out) ? RF_OK : RF_ERR_IO;
}
