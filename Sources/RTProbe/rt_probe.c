#include "rt_probe.h"
