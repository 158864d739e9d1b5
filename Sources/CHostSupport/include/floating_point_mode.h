#ifndef FLOATING_POINT_MODE_H
#define FLOATING_POINT_MODE_H

// The calling thread's floating-point mode (rounding, flush-to-zero, denormals-are-zero, the
// exception masks), saved before the host calls into plugin code and put back after it: a
// plugin library that sets flush-to-zero when it is loaded (LADSPA libraries loaded by a
// bridge do) would otherwise make the host read a denormal port minimum as 0. Reading and
// writing the control registers directly costs a few cycles, so it wraps `run` too.

#include <stdint.h>

#if defined(__x86_64__) || defined(__i386__)
/// SSE's MXCSR and the x87 control word.
typedef struct {
    uint32_t mxcsr;
    uint16_t x87_control;
} HostFloatingPointMode;

static inline HostFloatingPointMode host_floating_point_mode_save(void) {
    HostFloatingPointMode mode;
    __asm__ volatile("stmxcsr %0" : "=m"(mode.mxcsr));
    __asm__ volatile("fnstcw %0" : "=m"(mode.x87_control));
    return mode;
}

static inline void host_floating_point_mode_restore(HostFloatingPointMode mode) {
    HostFloatingPointMode now = host_floating_point_mode_save();
    if (now.mxcsr != mode.mxcsr) __asm__ volatile("ldmxcsr %0" : : "m"(mode.mxcsr));
    if (now.x87_control != mode.x87_control) __asm__ volatile("fldcw %0" : : "m"(mode.x87_control));
}
#elif defined(__aarch64__)
/// FPCR (rounding, FZ, the trap enables).
typedef struct {
    uint64_t fpcr;
} HostFloatingPointMode;

static inline HostFloatingPointMode host_floating_point_mode_save(void) {
    HostFloatingPointMode mode;
    __asm__ volatile("mrs %0, fpcr" : "=r"(mode.fpcr));
    return mode;
}

static inline void host_floating_point_mode_restore(HostFloatingPointMode mode) {
    if (host_floating_point_mode_save().fpcr != mode.fpcr) __asm__ volatile("msr fpcr, %0" : : "r"(mode.fpcr));
}
#else
#include <fenv.h>
typedef struct {
    fenv_t environment;
} HostFloatingPointMode;

static inline HostFloatingPointMode host_floating_point_mode_save(void) {
    HostFloatingPointMode mode;
    fegetenv(&mode.environment);
    return mode;
}

static inline void host_floating_point_mode_restore(HostFloatingPointMode mode) {
    fesetenv(&mode.environment);
}
#endif

#endif
