#include "standard_output.h"

#include <errno.h>
#include <stdio.h>

int standard_output_flush(void) {
    errno = 0;
    if (fflush(stdout) != 0) {
        return errno != 0 ? errno : EIO;
    }
    return ferror(stdout) ? EIO : 0;
}
