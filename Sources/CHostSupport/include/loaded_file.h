#ifndef LOADED_FILE_H
#define LOADED_FILE_H

/// The path of the executable or shared library that holds `address` (dladdr), or NULL:
/// how libswiftlv2 finds the checkout it was built in, as lv2render does from /proc/self/exe.
const char *loaded_file_containing(const void *address);

#endif
