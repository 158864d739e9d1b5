#define _GNU_SOURCE
#include "child_processes.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
enum { stop_signal_count = sizeof stop_signals / sizeof stop_signals[0] };

static int wake_pipe[2] = {-1, -1};
static volatile sig_atomic_t received = 0;

static void note_signal(int signal_number) {
    int saved = errno;
    if (signal_number != SIGCHLD && received == 0) {
        received = signal_number;
    }
    char byte = 0;
    (void)!write(wake_pipe[1], &byte, 1);
    errno = saved;
}

int stop_signals_watch(void) {
    if (pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        return -1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = note_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART | SA_NOCLDSTOP;
    for (int i = 0; i < stop_signal_count; i++) {
        struct sigaction previous;
        if (sigaction(stop_signals[i], NULL, &previous) == 0 && previous.sa_handler == SIG_IGN) {
            continue;  // nohup's SIGHUP stays ignored, here and in every child
        }
        sigaction(stop_signals[i], &action, NULL);
    }
    sigaction(SIGCHLD, &action, NULL);
    stop_signals_unblock();
    sigset_t child;
    sigemptyset(&child);
    sigaddset(&child, SIGCHLD);
    pthread_sigmask(SIG_UNBLOCK, &child, NULL);
    return wake_pipe[0];
}

void stop_signals_unblock(void) {
    sigset_t wanted;
    sigemptyset(&wanted);
    for (int i = 0; i < stop_signal_count; i++) {
        sigaddset(&wanted, stop_signals[i]);
    }
    pthread_sigmask(SIG_UNBLOCK, &wanted, NULL);
}

void stop_with_parent(pid_t parent) {
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) {
        raise(SIGTERM);
    }
}

int stop_signal_received(void) {
    return received;
}

void stop_signal_raise(int signal_number) {
    signal(signal_number, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &only, NULL);
    raise(signal_number);
}

int child_end_descriptor(pid_t pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

int child_output_file(void) {
    return memfd_create("lv2render-child", MFD_CLOEXEC);
}

pid_t child_spawn(const char *path, char *const argv[], int output, int errors, const int *shared, int shared_count) {
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_t actions;
    // Copies above any number the child's 3, 4… could be, so that no dup2 overwrites the next one's source.
    int copies[8];
    if (shared_count < 0 || shared_count > 8) {
        errno = EINVAL;
        return -1;
    }
    for (int i = 0; i < shared_count; i++) {
        copies[i] = fcntl(shared[i], F_DUPFD_CLOEXEC, 3 + shared_count);
        if (copies[i] < 0) {
            int saved = errno;
            while (i-- > 0) {
                close(copies[i]);
            }
            errno = saved;
            return -1;
        }
    }
    if (posix_spawnattr_init(&attributes) != 0) {
        for (int i = 0; i < shared_count; i++) {
            close(copies[i]);
        }
        return -1;
    }
    posix_spawn_file_actions_init(&actions);
    sigset_t empty, defaults;
    sigemptyset(&empty);
    sigemptyset(&defaults);
    for (int i = 0; i < stop_signal_count; i++) {
        // One we ignore (as nohup leaves SIGHUP, or a shell's background job SIGINT) the child
        // ignores too, whether or not stop_signals_watch ran: --isolate's child must outlive
        // what its parent outlives.
        struct sigaction current;
        if (sigaction(stop_signals[i], NULL, &current) != 0 || current.sa_handler != SIG_IGN) {
            sigaddset(&defaults, stop_signals[i]);
        }
    }
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGCHLD);
    posix_spawnattr_setsigmask(&attributes, &empty);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, errors, STDERR_FILENO);
    for (int i = 0; i < shared_count; i++) {
        posix_spawn_file_actions_adddup2(&actions, copies[i], 3 + i);
    }
    pid_t pid = -1;
    int status = posix_spawn(&pid, path, &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    for (int i = 0; i < shared_count; i++) {
        close(copies[i]);
    }
    if (status != 0) {
        errno = status;
        return -1;
    }
    return pid;
}
