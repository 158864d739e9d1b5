// Runs a fuzz target on the files and folders named on the command line, without
// libFuzzer: for valgrind, and for replaying a crash with an ordinary build.
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        fprintf(stderr, "Cannot read %s.\n", path);
        return 1;
    }
    uint8_t *data = NULL;
    size_t size = 0, capacity = 0, got;
    do {
        if (size == capacity) data = realloc(data, capacity = capacity * 2 + 4096);
        got = fread(data + size, 1, capacity - size, file);
        size += got;
    } while (got > 0);
    fclose(file);
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    return 0;
}

static int replay(const char *path) {
    struct stat status;
    if (stat(path, &status) != 0 || !S_ISDIR(status.st_mode)) return replay_file(path);
    DIR *folder = opendir(path);
    if (folder == NULL) return 1;
    int failures = 0;
    for (struct dirent *entry; (entry = readdir(folder)) != NULL;) {
        if (entry->d_name[0] == '.') continue;
        char child[4096];
        snprintf(child, sizeof child, "%s/%s", path, entry->d_name);
        failures += replay_file(child);
    }
    closedir(folder);
    return failures;
}

int main(int argc, char **argv) {
    LLVMFuzzerInitialize(&argc, &argv);
    int failures = 0;
    for (int index = 1; index < argc; index++) failures += replay(argv[index]);
    return failures > 0;
}
