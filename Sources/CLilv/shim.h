// Where liblilv-dev puts the header; lilv.h includes only LV2's headers and libc's.
#include <lilv-0/lilv/lilv.h>
