// fake_kernel.hpp - a file that identifies as a kernel image as an x86
// bzImage does (the setup header's "HdrS" and version string), for the
// schedule's tests: a schedule binds each row's image and its release.
#pragma once
#include <filesystem>
#include <fstream>
#include <string>

namespace mmtp::matrix::fakes {

inline std::filesystem::path writeFakeKernel(const std::filesystem::path& file,
                                             const std::string& release = "6.1.0-test", const std::string& salt = "") {
    std::string image(0x400, '\0');
    image.replace(0x202, 4, "HdrS");
    image[0x20E] = char(0x80);  // the version string at 0x200 + 0x80
    const std::string version = release + " (test@example) #1 SMP " + salt;
    image.replace(0x280, version.size(), version);
    std::ofstream(file, std::ios::binary) << image;
    return file;
}

}  // namespace mmtp::matrix::fakes
