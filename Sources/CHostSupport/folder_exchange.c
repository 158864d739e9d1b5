#define _GNU_SOURCE
#include "folder_exchange.h"

#include <fcntl.h>
#include <stdio.h>

int folder_exchange(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
}
