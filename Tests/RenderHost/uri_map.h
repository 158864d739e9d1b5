// urid:map for the test hosts here: URIs numbered from 1 in the order they are first asked for.
#ifndef RENDER_HOST_URI_MAP_H
#define RENDER_HOST_URI_MAP_H

#include <lv2/urid/urid.h>

#include <stdlib.h>
#include <string.h>

enum { URI_MAP_CAPACITY = 256 };

static LV2_URID map_uri(LV2_URID_Map_Handle handle, const char *uri) {
    static char *uris[URI_MAP_CAPACITY];
    static int count;
    (void)handle;
    for (int index = 0; index < count; index++)
        if (strcmp(uris[index], uri) == 0) return (LV2_URID)index + 1;
    if (count == URI_MAP_CAPACITY) return 0;
    uris[count] = strdup(uri);
    return (LV2_URID)++count;
}

#endif
