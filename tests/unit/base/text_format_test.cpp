#include <catch2/catch.hpp>

#include "base/text_format.hpp"

#include <string>

using namespace mmtp;

TEST_CASE("formatText prints as printf would") {
    CHECK(formatText("%-13s %9.2f|%lld", "seccomp", 3.14159, 42LL) == "seccomp            3.14|42");
    CHECK(formatText(" %14lf usecs/op", 1.5) == "       1.500000 usecs/op");
    CHECK(formatText("%s", "").empty());
}

TEST_CASE("formatText never cuts a long result") {
    const std::string long_(5000, 'x');
    CHECK(formatText("<%s>", long_.c_str()) == "<" + long_ + ">");
    CHECK(formatText("%0300d", 7).size() == 300);
}
