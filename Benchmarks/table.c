// The one table the benchmark prints, in Markdown, columns padded for reading as text.
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { COLUMNS = 9, ROW_CAPACITY = 128, CELL_LENGTH = 96 };

static const char *headers[COLUMNS] = {
    "Benchmark", "Case", "Unit", "SwiftLV2", "Baseline", "Ratio", "Baseline 2", "Ratio 2", "Target",
};
static char cells[ROW_CAPACITY][COLUMNS][CELL_LENGTH];
static int row_count;
static const char *group_title;

void table_group(const char *title) { group_title = title; }

/// Three significant digits, never in exponent form.
static void format_number(char *text, double value) {
    snprintf(text, CELL_LENGTH, "%.3g", value);
    double rounded = strtod(text, NULL);  // so that 9.996 is written 10.0, not 10.00
    double size = rounded < 0 ? -rounded : rounded;
    const char *format = size >= 100 ? "%.0f" : size >= 10 ? "%.1f" : size >= 1 ? "%.2f" : "%.3f";
    snprintf(text, CELL_LENGTH, format, value);
}

/// "median (lower quartile–upper quartile)", or one number for a single measurement.
static void format_summary(char *text, const Summary *summary) {
    if (!summary) return;
    char median[CELL_LENGTH], lower[CELL_LENGTH], upper[CELL_LENGTH];
    format_number(median, summary->median);
    if (summary->lower == summary->median && summary->upper == summary->median) {
        snprintf(text, CELL_LENGTH, "%s", median);
        return;
    }
    format_number(lower, summary->lower);
    format_number(upper, summary->upper);
    snprintf(text, CELL_LENGTH, "%s (%s–%s)", median, lower, upper);
}

static void format_ratio(char *text, double ratio) {
    if (ratio > 0) snprintf(text, CELL_LENGTH, "%.2f×", ratio);
}

static char (*new_row(const char *label, const char *unit))[CELL_LENGTH] {
    if (row_count == ROW_CAPACITY) return NULL;
    char (*row)[CELL_LENGTH] = cells[row_count++];
    memset(row, 0, sizeof cells[0]);
    if (group_title) snprintf(row[0], CELL_LENGTH, "%s", group_title);
    group_title = NULL;
    snprintf(row[1], CELL_LENGTH, "%s", label);
    snprintf(row[2], CELL_LENGTH, "%s", unit);
    return row;
}

void table_row(const char *label, const char *unit, const Summary *ours, const Summary *baseline, double ratio,
               const Summary *second, double second_ratio, const char *target) {
    char (*row)[CELL_LENGTH] = new_row(label, unit);
    if (!row) return;
    format_summary(row[3], ours);
    format_summary(row[4], baseline);
    if (baseline) format_ratio(row[5], ratio);
    format_summary(row[6], second);
    if (second) format_ratio(row[7], second_ratio);
    if (target) snprintf(row[8], CELL_LENGTH, "%s", target);
}

void table_timed_row(const char *label, const char *unit, const double *seconds, int count, int rounds,
                     double factor, const char *target) {
    Summary ours = scaled(summarize(seconds, rounds), factor);
    Summary baseline = scaled(summarize(seconds + rounds, rounds), factor);
    Summary second = count > 2 ? scaled(summarize(seconds + 2 * rounds, rounds), factor) : (Summary){0, 0, 0};
    table_row(label, unit, &ours, &baseline, median_ratio(seconds, seconds + rounds, rounds),
              count > 2 ? &second : NULL, count > 2 ? median_ratio(seconds, seconds + 2 * rounds, rounds) : 0, target);
}

void table_text_row(const char *label, const char *unit, const char *ours, const char *baseline,
                    const char *ratio, const char *target) {
    char (*row)[CELL_LENGTH] = new_row(label, unit);
    if (!row) return;
    const char *texts[] = {ours, baseline, ratio};
    int columns[] = {3, 4, 5};
    for (int index = 0; index < 3; index++)
        if (texts[index]) snprintf(row[columns[index]], CELL_LENGTH, "%s", texts[index]);
    if (target) snprintf(row[8], CELL_LENGTH, "%s", target);
}

/// Characters on screen: UTF-8 continuation bytes take no column.
static int display_width(const char *text) {
    int width = 0;
    for (; *text; text++) width += ((unsigned char)*text & 0xC0) != 0x80;
    return width;
}

static void print_cell(const char *text, int width) {
    printf("| %s%*s ", text, width - display_width(text), "");
}

void table_print(void) {
    int widths[COLUMNS];
    for (int column = 0; column < COLUMNS; column++) {
        widths[column] = display_width(headers[column]);
        for (int row = 0; row < row_count; row++) {
            int width = display_width(cells[row][column]);
            if (width > widths[column]) widths[column] = width;
        }
    }
    for (int column = 0; column < COLUMNS; column++) print_cell(headers[column], widths[column]);
    printf("|\n");
    for (int column = 0; column < COLUMNS; column++) {
        printf("|");
        for (int dash = 0; dash < widths[column] + 2; dash++) putchar('-');
    }
    printf("|\n");
    for (int row = 0; row < row_count; row++) {
        for (int column = 0; column < COLUMNS; column++) print_cell(cells[row][column], widths[column]);
        printf("|\n");
    }
}
