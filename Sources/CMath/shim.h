// libm for the DSP code (Embedded Swift cannot import Glibc), and the CPU's
// flush-to-zero switch, which keeps denormal numbers from slowing down run().
#include <math.h>

/// Turns on flush-to-zero and denormals-are-zero; returns the previous state
/// for `swiftlv2_restore_float_mode`, so the host's thread is left as it was.
static inline unsigned long swiftlv2_enter_flush_to_zero(void) {
#if defined(__x86_64__) || defined(__i386__)
    unsigned int old = __builtin_ia32_stmxcsr();
    __builtin_ia32_ldmxcsr(old | 0x8040u);
    return old;
#elif defined(__aarch64__)
    unsigned long old;
    __asm__ __volatile__("mrs %0, fpcr" : "=r"(old));
    __asm__ __volatile__("msr fpcr, %0" : : "r"(old | (1ul << 24)));
    return old;
#else
    return 0;
#endif
}

static inline void swiftlv2_restore_float_mode(unsigned long old) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_ldmxcsr((unsigned int)old);
#elif defined(__aarch64__)
    __asm__ __volatile__("msr fpcr, %0" : : "r"(old));
#else
    (void)old;
#endif
}
