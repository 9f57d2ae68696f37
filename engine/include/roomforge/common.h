/* roomforge/common.h: what every public header shares: export macros, the
 * status codes fallible calls return, and the C++ guards.
 *
 * Pipeline: all stages. Two channels report failure (STYLE B6): rf_status says
 * how a call went, an rf_diags sink says what is wrong with the user's input.
 */
#ifndef RF_COMMON_H
#define RF_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
#define RF_BEGIN_C extern "C" {
#define RF_END_C }
#else
#define RF_BEGIN_C
#define RF_END_C
#endif

#if defined(__GNUC__)
#define RF_API __attribute__((visibility("default")))
#define RF_NODISCARD __attribute__((warn_unused_result))
#define RF_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define RF_API
#define RF_NODISCARD
#define RF_PRINTF(fmt, args)
#endif

RF_BEGIN_C

/* How a call went. Failures are negative; out-parameters are filled only on
 * RF_OK. RF_ERR_CONTENT means the input had errors and the sink says which. */
typedef enum rf_status {
    RF_OK = 0,
    RF_ERR_CONTENT = -1, /* the user's input is wrong: see the rf_diags sink */
    RF_ERR_IO = -2,      /* a file could not be read or written */
    RF_ERR_NOMEM = -3,   /* memory ran out */
    RF_ERR_LIMIT = -4,   /* a size or count is beyond the documented limits */
    RF_ERR_SCRIPT = -5,  /* a script failed (error, budget, memory) */
    RF_ERR_ARG = -6      /* the caller passed something invalid: a bug */
} rf_status;

/* A short English name for s ("content errors", "out of memory", ...). */
RF_API const char *rf_status_str(rf_status s);

RF_END_C
#endif /* RF_COMMON_H */
