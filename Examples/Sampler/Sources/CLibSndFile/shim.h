// libsndfile, for the sampler's worker (Embedded Swift imports C headers, not Glibc).
#include <sndfile.h>
