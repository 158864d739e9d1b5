#define _GNU_SOURCE
#include "loaded_file.h"

#include <dlfcn.h>
#include <stddef.h>

const char *loaded_file_containing(const void *address) {
    Dl_info info;
    return dladdr(address, &info) ? info.dli_fname : NULL;
}
