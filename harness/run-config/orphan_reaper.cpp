#include "run-config/orphan_reaper.hpp"

#include <cctype>
#include <csignal>
#include <ctime>
#include <dirent.h>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace mmtp::runconfig {

namespace {

// The parent pid in /proc/PID/stat ("PID (COMM) STATE PPID ..."; COMM may
// hold ')'), 0 for a zombie (it is only waiting to be reaped).
pid_t parentOf(const char* pid) {
    std::ifstream in(std::string("/proc/") + pid + "/stat");
    std::string line;
    if (!std::getline(in, line)) return 0;
    const auto close = line.rfind(')');
    if (close == std::string::npos) return 0;
    std::istringstream rest(line.substr(close + 1));
    std::string state;
    pid_t ppid = 0;
    rest >> state >> ppid;
    return state == "Z" ? 0 : ppid;
}

std::vector<pid_t> ourChildren() {
    std::vector<pid_t> kids;
    const pid_t self = ::getpid();
    DIR* proc = ::opendir("/proc");
    if (!proc) return kids;
    while (const dirent* e = ::readdir(proc))
        if (std::isdigit(static_cast<unsigned char>(e->d_name[0])) && parentOf(e->d_name) == self)
            kids.push_back(static_cast<pid_t>(std::stol(e->d_name)));
    ::closedir(proc);
    return kids;
}

void reapExited() {
    while (::waitpid(-1, nullptr, WNOHANG) > 0) {
    }
}

}  // namespace

OrphanReaper::OrphanReaper() { ::prctl(PR_SET_CHILD_SUBREAPER, 1); }

OrphanReaper::~OrphanReaper() {
    if (const std::size_t n = sweep())
        std::cerr << "run-config: killed " << n << " process" << (n == 1 ? "" : "es")
                  << " the config or a benchmark left running outside its process group (setsid)" << std::endl;
}

std::size_t OrphanReaper::sweep() noexcept {
    std::size_t killed = 0;
    try {
        for (int round = 0; round < kMaxReapRounds; ++round) {
            reapExited();
            const std::vector<pid_t> kids = ourChildren();
            if (kids.empty()) break;
            for (pid_t k : kids)
                if (::kill(k, SIGKILL) == 0) ++killed;
            const timespec step{0, 20'000'000};  // their children come to us once they are gone
            ::nanosleep(&step, nullptr);
        }
        reapExited();
    } catch (...) {
    }
    return killed;
}

}  // namespace mmtp::runconfig
