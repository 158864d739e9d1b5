// RTProbe: counts heap and lock calls made on one thread while counting is on.
//
// Linking this into a test process replaces malloc, calloc, realloc, free,
// posix_memalign, aligned_alloc, memalign and pthread_mutex_lock for the whole
// process (every shared library, plugins loaded with dlopen included). Each call is
// passed on to glibc unchanged; calls made on a thread between rt_probe_begin()
// and rt_probe_end() are also counted. Tests wrap a plugin's run() in those two
// calls and require zero.
#ifndef RT_PROBE_H
#define RT_PROBE_H

typedef struct {
    unsigned long allocations;  // malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign
    unsigned long frees;        // free (of a non-NULL pointer)
    unsigned long locks;        // pthread_mutex_lock
} RTProbeCounts;

/// Starts counting on the calling thread, from zero.
void rt_probe_begin(void);

/// Stops counting on the calling thread and returns what was counted.
RTProbeCounts rt_probe_end(void);

/// Whether this process really routes its allocations through the probe.
int rt_probe_is_active(void);

/// Bytes of heap the whole process has allocated and not freed (glibc's mallinfo2:
/// arena chunks in use plus mmapped chunks), for tests that look for leaks.
unsigned long rt_probe_heap_in_use(void);

#endif
