#include "host_support.h"
