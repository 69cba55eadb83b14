#ifndef MIZAN_CSODIUM_SHIM_H
#define MIZAN_CSODIUM_SHIM_H
#include <sodium.h>
#endif
