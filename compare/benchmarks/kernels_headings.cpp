#include "benchmarks/kernels_headings.hpp"

#include <algorithm>
#include <cctype>

namespace mmtp::compare {

namespace {

PlanStep line(std::string text) { return {PlanStep::Kind::Line, std::move(text), "", std::nullopt, std::nullopt, false}; }

// A compare-mmtests call: $COMPARE_CMD carries --print-significance under
// --auto-detect (sig), a bare compare-mmtests.pl line does not.
PlanStep table(bool sig, std::string alt = "", std::optional<std::string> sub = std::nullopt) {
    return {PlanStep::Kind::Table, "", std::move(alt), std::move(sub), std::nullopt, sig};
}

bool startsWith(const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; }
bool endsWith(const std::string& s, const std::string& p) {
    return s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0;
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

// dbench and tbench: loadfile time, then throughput and per-operation latency.
std::vector<PlanStep> loadfileSteps(const std::string& b) {
    return {line(b + " Loadfile Execution Time"), table(true, "", "loadfile"), line(""),
            line(b + " Throughput (misleading but traditional)"), table(false, "", "tput"), line(""),
            line(b + " Per-VFS Operation latency Latency"), table(false, "", "op")};
}

std::vector<PlanStep> caseArm(const std::string& b) {
    using V = std::vector<PlanStep>;
    // cyclictest's histogram table never prints: its `for KERNEL in $KERNEL_LIST`
    // loops once over the comma-joined list, whose find matches nothing.
    if (b == "cyclictest" || b == "specjbb") return {line(b), table(true)};
    if (b == "dbench" || b == "tbench") return loadfileSteps(b);
    if (b == "bonniepp")
        return {line("bonnie IO Execution Time"), table(true), line(""), line("bonnie Throughput"), table(false, "tput"),
                line("")};
    if (b == "ebizzy")
        return {line(b + " Overall Throughput"), table(true, "", "total_rec"), line(""), line(b + " Per-thread"),
                table(false, "", "thread_rec")};
    if (b == "fio")
        return {line("fio Throughput"), table(true), line(""), line("fio Latency read"),
                table(true, "latency", "latency-read"), line(""), line("fio Latency write"),
                table(true, "latency", "latency-write"), line("")};
    if (b == "monitor") return {line("No meaningful extraction script for monitor"), line("")};
    if (startsWith(b, "nas"))
        return {line(b + " Elapsed Time"), table(false, "", "Elapsed"), line(""), line(b + " System CPU Time"),
                table(false, "", "System"), line("")};
    if (startsWith(b, "netperf-")) return {line(b + " Default report"), table(false)};
    if (b == "parsecbuild" || (startsWith(b, "speccpu2017-") && endsWith(b, "-build"))) return {line(b)};
    if (b == "pgbench")
        return {line("pgbench Transactions"), table(true), table(true, "stalls"), line(""), line("pgbench Time"),
                table(false, "exectime"), line("")};
    if (b == "redis") {
        V v;
        for (const char* h : {"RPS", "lat95"})
            v.insert(v.end(), {line(b + " " + h), table(true, "", std::string(".*") + h), line("")});
        return v;
    }
    if (b == "redis-memtier") {
        V v;
        for (const char* h : {"Ops/sec", "Hits/sec", "Miss/sec"})
            v.insert(v.end(), {line(b + " " + h), table(true, "", lower(h)), line("")});
        return v;
    }
    if (b == "schbench") {
        V v;
        for (const char* h : {"Request-99.0th", "Wakeup-99.0th", "RPS-50.0th", "RPS-90.0th", "Request", "Wakeup", "RPS"})
            v.insert(v.end(), {line(b + " " + h + " Latency (usec)"), table(true, "", std::string(h)), line("")});
        return v;
    }
    if (b == "simoop")
        return {line("simoop latencies"), table(true), line(""), line("simoop rates"), table(false, "rates"), line("")};
    if (b == "stockfish")
        return {line("stockfish Nodes/sec"), table(false), line(""), line("stockfish Execution time"),
                table(false, "time"), line("")};
    if (b == "sysbench")
        return {line("sysbench Transactions"), table(true), line(""), line("sysbench Time"), table(false, "exectime"),
                line("")};
    if (b == "trunc") {
        V v;
        for (const char* op : {"trunc", "fault"})
            for (const char* type : {"Elapsed", "System"})
                v.insert(v.end(), {line(b + " " + type + " " + op), table(false, "", std::string(type) + "-" + op),
                                   line("")});
        v.push_back(line(""));
        return v;
    }
    if (b == "thpchallenge")
        return {line(b + " Fault Latencies"), table(true), line(""), line(b + " Percentage Faults Huge"),
                table(false, "counts"), line(""), line(b + " Percentage Locality"), table(false, "locality")};
    // Ours: each direction is its own report (README: which way is better).
    if (b == "redis-zpopmin")
        return {line(b + " RPS"), table(true), line(""), line(b + " Latency"), table(true, "latency"), line("")};
    if (b == "fiolike")
        return {line(b + " Throughput"), table(true), line(""), line(b + " kIOPS"), table(true, "iops"), line(""),
                line(b + " CPU"), table(true, "cpu"), line("")};
    return {line(b), table(true)};
}

}  // namespace

std::vector<PlanStep> benchmarkSteps(const std::string& bench) {
    std::vector<PlanStep> steps = caseArm(bench);
    steps.push_back(line(""));
    return steps;
}

}  // namespace mmtp::compare
