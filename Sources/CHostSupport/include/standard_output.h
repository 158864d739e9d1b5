#ifndef STANDARD_OUTPUT_H
#define STANDARD_OUTPUT_H

// C's stdout, which Swift 6 will not touch (a global variable), for what `print` wrote.

/// Flushes stdout: 0, or the errno of the failure (EIO when a write failed earlier).
int standard_output_flush(void);

#endif
