/* engine/src/view/view_png_write.c: an RGB picture written through libpng a
 * pixel row at a time, for the png view and the Tiled tileset alike.
 *
 * Pipeline: view, under view_png.c and view_tileset.c. Design: the caller
 * draws each row into one buffer; libpng's errors come back by longjmp to
 * one place, which frees libpng's state and reports RF_ERR_IO.
 */
#include <png.h>
#include <setjmp.h>

#include "view_int.h"

static void png_fail(png_structp png, png_const_charp msg)
{
    (void)msg; /* the status says it: the CLI names the output that failed */
    png_longjmp(png, 1);
}

static void png_warn(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg; /* warnings change nothing written */
}

rf_status rf_png_write_rgb(FILE *out, int w, int h, rf_png_row_fn draw, void *ctx,
                           unsigned char *row)
{
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, png_fail, png_warn);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    int y;
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        return RF_ERR_NOMEM;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return RF_ERR_IO;
    }
    png_init_io(png, out);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (y = 0; y < h; y++) {
        draw(ctx, y, row);
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return RF_OK;
}
