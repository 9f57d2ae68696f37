/* tools/cli/cli_variant.c: --variant N for show, gen and sim (DESIGN 16):
 * the number's parse and the variant's draw with its diagnostics; --orient
 * K's parse for show and sim (DESIGN 12).
 *
 * Pipeline: CLI over rf_template_variant and rf_template_variant_check.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_variant.h"

bool cli_variant_parse(const char *cmd, const char *v, uint32_t *out)
{
    unsigned long long n;
    if (!v || !cli_parse_u64(v, &n) || n > UINT32_MAX) {
        (void)cli_usage_error(cmd, "--variant takes an integer from 0 to %lu",
                              (unsigned long)UINT32_MAX);
        return false;
    }
    *out = (uint32_t)n;
    return true;
}

bool cli_orient_parse(const char *cmd, const char *v, int *out)
{
    if (!v || strlen(v) != 1 || v[0] < '0' || v[0] > '7') {
        (void)cli_usage_error(cmd, "--orient takes an orientation from 0 to 7");
        return false;
    }
    *out = v[0] - '0';
    return true;
}

int cli_variant_draw(const char *cmd, const rf_template *t, uint32_t v, rf_template **vt)
{
    rf_diags *d;
    size_t errors;
    rf_status st;
    *vt = NULL;
    st = rf_template_variant(t, v, vt);
    if (st == RF_ERR_ARG) {
        *vt = NULL;
        fprintf(stderr, "roomforge %s: the room '%s' does not vary (it has no <vary>)\n", cmd,
                rf_template_name(t));
        return CLI_CONTENT;
    }
    if (st != RF_OK || !(d = rf_diags_new())) {
        if (st == RF_OK)
            rf_template_variant_free(*vt);
        *vt = NULL;
        fprintf(stderr, "roomforge %s: %s\n", cmd, rf_status_str(RF_ERR_NOMEM));
        return CLI_USAGE;
    }
    errors = rf_template_variant_check(*vt, d);
    if (rf_diags_write_gcc(d, stderr, 0) != RF_OK)
        errors = SIZE_MAX;
    rf_diags_free(d);
    return errors ? CLI_CONTENT : CLI_OK;
}
