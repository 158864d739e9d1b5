#ifndef FOLDER_EXCHANGE_H
#define FOLDER_EXCHANGE_H

// Swaps two paths in one step (renameat2 with RENAME_EXCHANGE), which glibc declares only
// under _GNU_SOURCE and Swift cannot call: a saved state's new folder takes the place of the
// previous one with no moment where neither is there.

/// 0, or -1 with errno (EINVAL where the file system cannot exchange).
int folder_exchange(const char *from, const char *to);

#endif
