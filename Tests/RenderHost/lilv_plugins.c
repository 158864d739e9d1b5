// Lists the plugins lilv finds on LV2_PATH, one line each: the URI, then "loads" if lilv
// instantiates it from its binary (with urid:map, the one feature ours require), else
// "does not load". The PackageTests build it for aarch64 against Debian's arm64 lilv and
// run it under qemu-user in the root the arm64 package was installed into.
#include "uri_map.h"

#include <lilv/lilv.h>
#include <stdio.h>

int main(void) {
    LilvWorld *world = lilv_world_new();
    lilv_world_load_all(world);
    LV2_URID_Map map = {NULL, map_uri};
    LV2_Feature map_feature = {LV2_URID__map, &map};
    const LV2_Feature *features[] = {&map_feature, NULL};
    const LilvPlugins *plugins = lilv_world_get_all_plugins(world);
    LILV_FOREACH (plugins, iterator, plugins) {
        const LilvPlugin *plugin = lilv_plugins_get(plugins, iterator);
        LilvInstance *instance = lilv_plugin_instantiate(plugin, 48000, features);
        printf("%s %s\n", lilv_node_as_uri(lilv_plugin_get_uri(plugin)), instance ? "loads" : "does not load");
        if (instance) lilv_instance_free(instance);
    }
    lilv_world_free(world);
    return 0;
}
