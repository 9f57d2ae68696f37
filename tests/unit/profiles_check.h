/* tests/unit/profiles_check.h: a profile set from inline XML, loaded with
 * the status a test expects (test_populate, test_horde).
 */
#ifndef RF_PROFILES_CHECK_H
#define RF_PROFILES_CHECK_H

#include <check.h>
#include <string.h>

#include "roomforge/profile.h"

static inline rf_profile_set *profiles(const char *xml, rf_status want)
{
    rf_profile_set *s = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    ck_assert(s && d);
    ck_assert_int_eq(rf_profile_set_load_buffer(s, xml, strlen(xml), "p.xml", d), want);
    rf_diags_free(d);
    return s;
}

#endif /* RF_PROFILES_CHECK_H */
