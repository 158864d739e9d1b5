#define _GNU_SOURCE
#include "rt_probe.h"

#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <malloc.h>

// glibc's own entry points, which the replacements below forward to.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);
// glibc exports its mutex lock under this second name only as an old symbol version.
extern int glibc_pthread_mutex_lock(pthread_mutex_t *mutex);
__asm__(".symver glibc_pthread_mutex_lock, __pthread_mutex_lock@GLIBC_2.2.5");

static __thread int counting;
static __thread RTProbeCounts counts;
static __thread int probed;

void rt_probe_begin(void) {
    counts = (RTProbeCounts){0, 0, 0};
    counting = 1;
}

RTProbeCounts rt_probe_end(void) {
    counting = 0;
    return counts;
}

int rt_probe_is_active(void) {
    probed = 0;
    void *volatile pointer = malloc(1);  // volatile: the call must really happen
    free(pointer);
    return probed;
}

unsigned long rt_probe_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

static inline void count_allocation(void) {
    probed = 1;
    if (counting) counts.allocations++;
}

void *malloc(size_t size) {
    count_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_allocation();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count_allocation();
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void free(void *pointer) {
    if (pointer != NULL && counting) counts.frees++;
    __libc_free(pointer);
}

int pthread_mutex_lock(pthread_mutex_t *mutex) {
    if (counting) counts.locks++;
    return glibc_pthread_mutex_lock(mutex);
}
