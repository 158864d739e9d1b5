// libc's buffered files, for code built as Embedded Swift (which cannot import Glibc).
#include <stdio.h>
#include <string.h>
