#ifndef CHECK_WORKER_HOOK_H
#define CHECK_WORKER_HOOK_H

/// Defined in Swift by LV2TestKit: runs the one check named on the command line
/// (`check-worker URI --check NAME …`, as CheckRunner starts its child) and exits.
void lv2testkit_check_worker_main(int argc, char **argv);

#endif
