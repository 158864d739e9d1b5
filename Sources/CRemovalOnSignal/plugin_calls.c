#include "plugin_calls.h"
#include "removal_state.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { max_depth = 8 };

struct plugin_call {
    const char *plugin;
    const char *call;
    long long first_frame;
    long long frames;
};

/// One thread's calls into plugins, innermost last. `serial` changes with every begin and
/// end, so the watchdog can tell one long call from many short ones.
struct call_record {
    struct plugin_call calls[max_depth];
    int depth;
    unsigned long serial;
};

static _Thread_local struct call_record record;
/// The record of the thread that installed the guard (the render's): the watchdog's, and
/// the one a crash on a plugin's own thread is blamed on.
static struct call_record *watched;
static long timeout_milliseconds;

/// Set once by plugin_guard_install: until then, nothing reads the records, so none is kept
/// (a library loaded with dlopen, as Python's is, allocates a thread's TLS on first touch).
static volatile sig_atomic_t guarded = 0;

void plugin_call_begin(const char *plugin, const char *call, long long first_frame, long long frames) {
    if (!guarded) {
        return;
    }
    int depth = record.depth;
    if (depth < max_depth) {
        record.calls[depth] = (struct plugin_call){plugin, call, first_frame, frames};
    }
    __atomic_store_n(&record.depth, depth + 1, __ATOMIC_RELEASE);
    __atomic_store_n(&record.serial, record.serial + 1, __ATOMIC_RELEASE);
}

void plugin_call_end(void) {
    if (!guarded) {
        return;
    }
    if (record.depth > 0) {
        __atomic_store_n(&record.depth, record.depth - 1, __ATOMIC_RELEASE);
    }
    __atomic_store_n(&record.serial, record.serial + 1, __ATOMIC_RELEASE);
}

// MARK: - The sentence, built with async-signal-safe code only

struct text {
    char bytes[2048];
    size_t length;
};

static void append(struct text *text, const char *string) {
    while (*string && text->length < sizeof text->bytes - 2) {
        text->bytes[text->length++] = *string++;
    }
}

static void append_number(struct text *text, long long number) {
    char digits[24];
    int count = 0;
    unsigned long long value = number < 0 ? 0 : (unsigned long long)number;
    do {
        digits[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0);
    char reversed[24];
    for (int i = 0; i < count; i++) {
        reversed[i] = digits[count - 1 - i];
    }
    reversed[count] = 0;
    append(text, reversed);
}

/// " in CALL" and the frames of the innermost call that has some: ", at frames A to B" for
/// run itself, ", during run at frames A to B" for work done inside it.
static void append_call(struct text *text, const struct call_record *calls, int depth) {
    const struct plugin_call *innermost = &calls->calls[depth - 1];
    append(text, " in ");
    append(text, innermost->call);
    for (int level = depth - 1; level >= 0; level--) {
        const struct plugin_call *call = &calls->calls[level];
        if (call->frames < 0) {
            continue;
        }
        append(text, level == depth - 1 ? ", at frames " : ", during run at frames ");
        append_number(text, call->first_frame);
        append(text, " to ");
        append_number(text, call->first_frame + (call->frames > 0 ? call->frames - 1 : 0));
        break;
    }
}

static const char *signal_description(int signal_number) {
    switch (signal_number) {
    case SIGSEGV: return "segmentation fault";
    case SIGBUS: return "bus error";
    case SIGILL: return "illegal instruction";
    case SIGFPE: return "arithmetic exception";
    case SIGABRT: return "abort";
    default: return "signal";
    }
}

static void finish(struct text *text, int status) {
    text->bytes[text->length++] = '\n';
    ssize_t ignored = write(STDERR_FILENO, text->bytes, text->length);
    (void)ignored;
    _exit(status);
}

/// A crash or hang (`what`: "crashed (…)", "hung") in cleanup once the output is complete
/// costs nothing: a warning, status 0, the file stands. Returns otherwise.
static void finish_if_complete(const struct plugin_call *call, struct text *what) {
    what->bytes[what->length] = 0;  // the caller's sentence goes on with it as a C string
    const char *completed = removal_completed_name();
    if (completed == NULL || strcmp(call->call, "cleanup") != 0) {
        return;
    }
    struct text text = {.length = 0};
    append(&text, "Warning: The plugin ");
    append(&text, call->plugin);
    append(&text, " ");
    append(&text, what->bytes);
    append(&text, " in cleanup, after ");
    append(&text, completed);
    append(&text, " was complete; the file stands.");
    finish(&text, 0);
}

// MARK: - Crashes

static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
static struct sigaction previous_actions[sizeof crash_signals / sizeof crash_signals[0]];

static void crash_handler(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    const struct call_record *calls = &record;
    // Sent by another process (kill -SEGV): a stop like any other, not a plugin's crash. A
    // plugin's abort() is sent too, but by this process.
    const int external = info->si_code <= 0 && info->si_pid != getpid();
    int depth = external ? 0 : calls->depth;
    // A plugin's own thread (padthv1's, racing its cleanup) crashes in no call of ours:
    // the call the render is in is the one that set it off.
    if (!external && depth == 0 && watched != NULL && watched != &record) {
        calls = watched;
        depth = __atomic_load_n(&watched->depth, __ATOMIC_ACQUIRE);
    }
    if (depth > max_depth) {
        depth = max_depth;
    }
    if (depth == 0) {
        // Not a plugin's doing: no partial file is left, and the signal goes where it went before.
        removal_remove_now();
        for (unsigned i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
            if (crash_signals[i] == signal_number) {
                sigaction(signal_number, &previous_actions[i], NULL);
            }
        }
        raise(signal_number);
        return;
    }
    const struct plugin_call *innermost = &calls->calls[depth - 1];
    struct text text = {.length = 0};
    append(&text, "crashed (");
    append(&text, signal_description(signal_number));
    append(&text, ")");
    finish_if_complete(innermost, &text);
    removal_remove_now();
    struct text sentence = {.length = 0};
    append(&sentence, "The plugin ");
    append(&sentence, innermost->plugin);
    append(&sentence, " ");
    append(&sentence, text.bytes);
    append_call(&sentence, calls, depth);
    append(&sentence, ", so the render stopped.");
    finish(&sentence, PLUGIN_FAILURE_STATUS);
}

// MARK: - Hangs

static long long now_milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static void *watchdog(void *unused) {
    (void)unused;
    unsigned long seen_serial = 0;
    long long seen_at = now_milliseconds();
    const struct timespec tick = {.tv_sec = 0, .tv_nsec = 50 * 1000 * 1000};
    for (;;) {
        nanosleep(&tick, NULL);
        unsigned long serial = __atomic_load_n(&watched->serial, __ATOMIC_ACQUIRE);
        int depth = __atomic_load_n(&watched->depth, __ATOMIC_ACQUIRE);
        long long now = now_milliseconds();
        if (serial != seen_serial || depth == 0) {
            seen_serial = serial;
            seen_at = now;
            continue;
        }
        if (now - seen_at < timeout_milliseconds) {
            continue;
        }
        if (depth > max_depth) {
            depth = max_depth;
        }
        struct text text = {.length = 0};
        const struct plugin_call *innermost = &watched->calls[depth - 1];
        append(&text, "hung");
        finish_if_complete(innermost, &text);
        text.length = 0;
        removal_remove_now();
        append(&text, "The plugin ");
        append(&text, innermost->plugin);
        append(&text, " hung");
        append_call(&text, watched, depth);
        append(&text, ": it did not return within ");
        append_number(&text, timeout_milliseconds / 1000);
        if (timeout_milliseconds % 1000 != 0) {
            char fraction[5] = {'.', (char)('0' + timeout_milliseconds % 1000 / 100),
                                (char)('0' + timeout_milliseconds % 100 / 10), (char)('0' + timeout_milliseconds % 10), 0};
            for (int end = 3; end > 1 && fraction[end] == '0'; end--) {
                fraction[end] = 0;
            }
            append(&text, fraction);
        }
        append(&text, " s, so the render stopped.");
        finish(&text, PLUGIN_FAILURE_STATUS);
    }
    return NULL;
}

int plugin_guard_handles(int signal_number) {
    if (!guarded) {
        return 0;
    }
    for (unsigned i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        if (crash_signals[i] == signal_number) {
            return 1;
        }
    }
    return 0;
}

int plugin_guard_install(double timeout_seconds) {
    static int installed = 0;
    if (installed) {
        return 0;
    }
    stack_t stack = {.ss_size = 1 << 16, .ss_flags = 0};
    stack.ss_sp = malloc(stack.ss_size);
    if (stack.ss_sp == NULL || sigaltstack(&stack, NULL) != 0) {
        return -1;
    }
    watched = &record;
    guarded = 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = crash_handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (unsigned i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        sigaction(crash_signals[i], &action, &previous_actions[i]);
    }
    installed = 1;
    if (timeout_seconds > 0) {
        timeout_milliseconds = (long)(timeout_seconds * 1000 + 0.5);
        // The watchdog takes no signals: they stay with the threads that handle them.
        sigset_t all, before;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &before);
        pthread_t thread;
        int failed = pthread_create(&thread, NULL, watchdog, NULL);
        pthread_sigmask(SIG_SETMASK, &before, NULL);
        if (failed) {
            return -1;
        }
        pthread_detach(thread);
    }
    return 0;
}
