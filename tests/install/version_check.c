/* version_check.c — built against the installed library by check.sh: the
 * header's version macros (generated from the build's one version) and
 * hl_version() of the library actually linked must agree. */
#include <stdio.h>
#include <string.h>

#include <hyperlang.h>

#define STR2(x) #x
#define STR(x) STR2(x)

int main(void) {
    const char *macros = STR(HL_VERSION_MAJOR) "." STR(HL_VERSION_MINOR) "." STR(HL_VERSION_PATCH);
    printf("header %s, HL_VERSION_STRING %s, library %s\n", macros, HL_VERSION_STRING, hl_version());
    return strcmp(macros, HL_VERSION_STRING) == 0 && strcmp(macros, hl_version()) == 0 ? 0 : 1;
}
