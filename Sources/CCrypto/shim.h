#ifndef SCROLLREEL_CCRYPTO_SHIM_H
#define SCROLLREEL_CCRYPTO_SHIM_H
#include <openssl/evp.h>
#endif
