#include "check_worker_hook.h"

#include <string.h>

// CheckRunner runs each check in a child process: the executable that asks, started again as
// `EXECUTABLE check-worker URI …`. In a test executable, XCTest's main would read those words
// as test names, so the child is caught here, before main, and never reaches XCTest. glibc
// hands constructors the program's arguments. A test executable started any other way is
// left alone.
__attribute__((constructor))
static void run_check_worker_when_asked(int argc, char **argv, char **environment) {
    (void)environment;
    if (argc > 1 && argv != NULL && strcmp(argv[1], "check-worker") == 0) {
        lv2testkit_check_worker_main(argc, argv);
    }
}
