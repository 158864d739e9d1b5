// lv2render against lilv's lv2apply: the same 60 s file through eg-amp (lv2-examples),
// whole commands, timed one after the other.
#include "bench.h"

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define EG_AMP_URI "http://lv2plug.in/plugins/eg-amp"
static const char *SYSTEM_BUNDLES = "/usr/lib/lv2";

/// A mono 32-bit float WAV file of a quiet 440 Hz sine.
static void write_sine_wav(const char *path, long frames, uint32_t rate) {
    FILE *file = fopen(path, "wb");
    if (!file) {
        fprintf(stderr, "bench: cannot write %s.\n", path);
        exit(1);
    }
    uint32_t data_bytes = (uint32_t)frames * 4;
    struct __attribute__((packed)) {
        char riff[4]; uint32_t riff_size; char wave[4];
        char fmt[4]; uint32_t fmt_size; uint16_t format, channels; uint32_t rate, byte_rate;
        uint16_t block_align, bits; char data[4]; uint32_t data_size;
    } header = {{'R', 'I', 'F', 'F'}, 36 + data_bytes, {'W', 'A', 'V', 'E'}, {'f', 'm', 't', ' '}, 16, 3, 1, rate,
                rate * 4, 4, 32, {'d', 'a', 't', 'a'}, data_bytes};
    fwrite(&header, sizeof header, 1, file);
    for (long frame = 0; frame < frames; frame++) {
        float sample = 0.25f * (float)sin(2 * M_PI * 440 * (double)frame / rate);
        fwrite(&sample, sizeof sample, 1, file);
    }
    fclose(file);
}

/// Runs a command with LV2_PATH set to the system bundles and its output thrown away;
/// stores its wall and CPU (user + system) seconds.
static void time_command(char *const arguments[], double *wall, double *cpu) {
    double start = wall_seconds();
    pid_t child = fork();
    if (child == 0) {
        setenv("LV2_PATH", SYSTEM_BUNDLES, 1);
        int null = open("/dev/null", O_WRONLY);
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        execvp(arguments[0], arguments);
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    wait4(child, &status, 0, &usage);
    *wall = wall_seconds() - start;
    *cpu = (double)usage.ru_utime.tv_sec + 1e-6 * (double)usage.ru_utime.tv_usec
         + (double)usage.ru_stime.tv_sec + 1e-6 * (double)usage.ru_stime.tv_usec;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench: %s failed (status %d).\n", arguments[0], status);
        exit(1);
    }
}

void host_suite(const Setup *setup) {
    double audio = setup->smoke ? 1 : 60;
    table_group("lv2render vs lv2apply, eg-amp");
    char input[512], applied[512], rendered[512];
    snprintf(input, sizeof input, "%s/host-input.wav", setup->work_folder);
    snprintf(applied, sizeof applied, "%s/host-lv2apply.wav", setup->work_folder);
    snprintf(rendered, sizeof rendered, "%s/host-lv2render.wav", setup->work_folder);
    write_sine_wav(input, (long)(audio * 48000), 48000);

    char *lv2apply[] = {"lv2apply", "-i", input, "-o", applied, EG_AMP_URI, NULL};
    char *render_512[] = {(char *)setup->lv2render, "render", EG_AMP_URI, "--input", input, "--output", rendered, NULL};
    char *render_1[] = {(char *)setup->lv2render, "render", EG_AMP_URI, "--input", input, "--output", rendered,
                        "--block", "1", NULL};
    char *const *commands[] = {render_512, render_1, lv2apply};
    const char *labels[] = {"60 s mono file, blocks of 512", "60 s mono file, --block 1 (as lv2apply)"};
    enum { COMMANDS = 3, ROUNDS = 7 };
    int rounds = rounds_for(setup, ROUNDS);
    double wall[COMMANDS][ROUNDS], cpu[COMMANDS][ROUNDS];
    for (int round = 0; round < rounds; round++) {
        progress(setup, "host: round %d", round + 1);
        for (int command = 0; command < COMMANDS; command++)
            time_command(commands[command], &wall[command][round], &cpu[command][round]);
    }
    char unit[64];
    snprintf(unit, sizeof unit, "s CPU (user+sys)");
    Summary apply_cpu = summarize(cpu[2], rounds), apply_wall = summarize(wall[2], rounds);
    for (int command = 0; command < 2; command++) {
        Summary ours = summarize(cpu[command], rounds);
        table_row(labels[command], unit, &ours, &apply_cpu, median_ratio(cpu[command], cpu[2], rounds), NULL, 0, NULL);
    }
    Summary ours_wall = summarize(wall[0], rounds);
    snprintf(unit, sizeof unit, "s wall");
    table_row(labels[0], unit, &ours_wall, &apply_wall, median_ratio(wall[0], wall[2], rounds), NULL, 0, NULL);
    remove(input);
    remove(applied);
    remove(rendered);
}
