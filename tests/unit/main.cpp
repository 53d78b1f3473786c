// The Catch2 (v2) runner for every file in tests/unit/.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
