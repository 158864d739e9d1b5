#define _GNU_SOURCE  // getdents64, which reads a folder without allocating
#include "removal_on_signal.h"
#include "removal_state.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static char removal_path[PATH_MAX];
static volatile sig_atomic_t removal_armed = 0;
static char removal_folder[PATH_MAX];
static volatile sig_atomic_t removal_folder_armed = 0;
static char completed_name[PATH_MAX];
static volatile sig_atomic_t completed = 0;
static int leave_handled = 0;

void removal_on_signal_leave_handled(void) {
    leave_handled = 1;
}

/// Removes what folder `parent` holds under `name`, files and folders, `depth` levels down at
/// most, with system calls only (async-signal-safe in practice: no allocation, no stdio).
static void remove_tree(int parent, const char *name, int depth) {
    if (unlinkat(parent, name, 0) == 0 || depth == 0) {
        return;
    }
    const int folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (folder < 0) {
        return;
    }
    char entries[4096];
    ssize_t length;
    while ((length = getdents64(folder, entries, sizeof entries)) > 0) {
        for (ssize_t offset = 0; offset < length;) {
            const struct dirent64 *entry = (const struct dirent64 *)(entries + offset);
            offset += entry->d_reclen;
            if (strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0) {
                remove_tree(folder, entry->d_name, depth - 1);
            }
        }
    }
    close(folder);
    unlinkat(parent, name, AT_REMOVEDIR);
}

void removal_remove_now(void) {
    if (removal_armed) {
        unlink(removal_path);
    }
    if (removal_folder_armed) {
        // A state folder holds a state's files and what a plugin made there with makePath.
        remove_tree(AT_FDCWD, removal_folder, 8);
    }
}

static volatile sig_atomic_t outputs_pending = 0;

const char *removal_completed_name(void) {
    return completed && !outputs_pending ? completed_name : NULL;
}

void removal_on_signal_outputs_pending(int pending) {
    outputs_pending = pending != 0;
}

void removal_on_signal_completed(const char *name) {
    completed = 0;
    if (name != NULL && strlen(name) < sizeof completed_name) {
        strcpy(completed_name, name);
        completed = 1;
    }
}

static void removal_handler(int signal_number) {
    removal_remove_now();
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

static void install_handlers(void) {
    static int installed = 0;
    if (installed) {
        return;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = removal_handler;
    sigemptyset(&action.sa_mask);
    // Every signal whose default action ends the process (signal(7)), but SIGKILL,
    // which cannot be caught, and SIGSTOP, which only pauses.
    const int signals[] = {SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1,
                           SIGSEGV, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU, SIGXFSZ,
                           SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSYS};
    const unsigned count = sizeof signals / sizeof signals[0];
    for (int i = 0; i < (int)count + SIGRTMAX - SIGRTMIN + 1; i++) {
        const int signal_number = i < (int)count ? signals[i] : SIGRTMIN + i - (int)count;
        struct sigaction previous;
        // A signal the caller ignores (nohup) stays ignored; in a library, one the program
        // handles itself (Python's SIGINT, its faulthandler's SIGSEGV) stays its own.
        // A crash the plugin guard reports (plugin_calls.h) removes the file there.
        if (plugin_guard_handles(signal_number) || sigaction(signal_number, NULL, &previous) != 0 ||
            previous.sa_handler == SIG_IGN ||
            (leave_handled && ((previous.sa_flags & SA_SIGINFO) || previous.sa_handler != SIG_DFL))) {
            continue;
        }
        sigaction(signal_number, &action, NULL);
    }
    installed = 1;
}

/// Copies `path` into `slot` and arms it (NULL disarms it); -1 when it is too long.
static int arm(char *slot, size_t size, volatile sig_atomic_t *armed, const char *path) {
    *armed = 0;
    if (path == NULL) {
        return 0;
    }
    if (strlen(path) >= size) {
        return -1;
    }
    strcpy(slot, path);
    install_handlers();
    *armed = 1;
    return 0;
}

int removal_on_signal_set(const char *path) {
    return arm(removal_path, sizeof removal_path, &removal_armed, path);
}

int removal_on_signal_set_folder(const char *path) {
    return arm(removal_folder, sizeof removal_folder, &removal_folder_armed, path);
}
