/* tools/cli/cli_variant.h: --variant N as show, gen and sim take it (DESIGN
 * 16), and --orient K as show and sim do (DESIGN 12): one parse each and
 * one draw, so the commands say the same.
 *
 * Pipeline: CLI over rf_template_variant; gen hands the number to the level
 * options instead of drawing here.
 */
#ifndef RF_CLI_VARIANT_H
#define RF_CLI_VARIANT_H

#include <stdbool.h>
#include <stdint.h>

#include "roomforge/template.h"

/* --variant's value v (0 .. UINT32_MAX) into *out; false after printing
 * cmd's usage error when v is missing or no such number. */
bool cli_variant_parse(const char *cmd, const char *v, uint32_t *out);
/* --orient's value v (one digit 0-7) into *out; false after printing cmd's
 * usage error otherwise. */
bool cli_orient_parse(const char *cmd, const char *v, int *out);
/* Variant v of t into *vt, its checks' diagnostics on stderr: CLI_OK,
 * CLI_CONTENT when it has errors (*vt is still set) or t does not vary
 * (*vt NULL, "the room 'X' does not vary" on stderr), CLI_USAGE (*vt NULL)
 * when memory ran out. The caller frees *vt (rf_template_variant_free). */
int cli_variant_draw(const char *cmd, const rf_template *t, uint32_t v, rf_template **vt);

#endif /* RF_CLI_VARIANT_H */
