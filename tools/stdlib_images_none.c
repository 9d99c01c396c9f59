/* stdlib_images_none.c — an empty stdlib image table, so the build step
 * that makes the real one (hl_stdlib_build.c) can link the library's code
 * before the stdlib exists. */
#include "host/stdlib_images.h"

const hl_stdlib_image hl_stdlib_images[] = {{"", NULL, 0, 0}};
const size_t hl_stdlib_image_count = 0;
