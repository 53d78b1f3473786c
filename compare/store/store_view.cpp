#include "store/store_view.hpp"

#include "base/errors.hpp"
#include "store/schema.hpp"

#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <streambuf>

namespace mmtp::compare::store {

namespace {

std::vector<std::string> splitCommas(const std::string& list) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        std::size_t end = list.find(',', start);
        parts.push_back(list.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos) return parts;
        start = end + 1;
    }
}

std::string joinCommas(const std::vector<std::string>& parts) {
    std::string s;
    for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? "," : "") + parts[i];
    return s;
}

// Takes "--long VALUE", "--long=VALUE" (and "-s VALUE", "-sVALUE" when short
// is given) out of args; the last one wins.
std::optional<std::string> takeOption(std::vector<std::string>& args, const std::string& lng, const std::string& shrt,
                                      std::size_t* position = nullptr) {
    std::optional<std::string> value;
    for (std::size_t i = 1; i < args.size();) {
        const std::string& a = args[i];
        if (a == "--") break;
        std::size_t take = 0;
        if (a == lng || (!shrt.empty() && a == shrt)) {
            if (i + 1 >= args.size()) throw UsageError(a + " needs a value");
            value = args[i + 1];
            take = 2;
        } else if (a.rfind(lng + "=", 0) == 0) {
            value = a.substr(lng.size() + 1);
            take = 1;
        } else if (!shrt.empty() && a.size() > shrt.size() && a.rfind(shrt, 0) == 0 && a[1] != '-') {
            value = a.substr(shrt.size());
            take = 1;
        }
        if (take) {
            if (position) *position = i;
            args.erase(args.begin() + static_cast<long>(i), args.begin() + static_cast<long>(i + take));
        } else {
            ++i;
        }
    }
    return value;
}

bool hasOption(const std::vector<std::string>& args, const std::string& lng, const std::string& shrt) {
    for (std::size_t i = 1; i < args.size() && args[i] != "--"; ++i) {
        const std::string& a = args[i];
        if (a == lng || a.rfind(lng + "=", 0) == 0) return true;
        if (!shrt.empty() && a.rfind(shrt, 0) == 0 && (a.size() == shrt.size() || a[1] != '-')) return true;
    }
    return false;
}

// Messages name files of the private tree as the store's: its path (where
// another user could wait for the name, and that means nothing to the
// reader) is replaced, a line at a time, on std::cerr. Installed once over
// whatever std::cerr writes to, for the rest of the program (the error line
// main prints after the view is gone is one of them); it holds no line at a
// newline, so the buffer it writes to may go first.
class RenamingBuf : public std::streambuf {
public:
    RenamingBuf(std::streambuf* out, std::vector<std::pair<std::string, std::string>> renames)
        : out_(out), renames_(std::move(renames)) {}

protected:
    int overflow(int c) override {
        if (c == traits_type::eof()) return 0;
        line_.push_back(static_cast<char>(c));
        if (c == '\n') writeLine();
        return c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        for (std::streamsize i = 0; i < n; ++i) overflow(static_cast<unsigned char>(s[i]));
        return n;
    }
    int sync() override { return out_->pubsync(); }  // a line goes whole, at its newline

private:
    void writeLine() {
        for (const auto& [from, to] : renames_)
            for (std::size_t at = 0; (at = line_.find(from, at)) != std::string::npos; at += to.size())
                line_.replace(at, from.size(), to);
        out_->sputn(line_.data(), static_cast<std::streamsize>(line_.size()));
        line_.clear();
    }

    std::streambuf* out_;
    std::vector<std::pair<std::string, std::string>> renames_;
    std::string line_;
};

void nameTreeAsStore(const std::filesystem::path& tree, const std::string& store) {
    static std::unique_ptr<RenamingBuf> buf;
    if (buf) return;
    std::vector<std::pair<std::string, std::string>> renames;
    std::error_code ec;
    for (const std::filesystem::path& p : {tree, std::filesystem::canonical(tree, ec)}) {
        if (p.empty()) continue;
        renames.emplace_back(p.string() + "/", "store " + store + ":");
        renames.emplace_back(p.string(), "store " + store);
    }
    buf = std::make_unique<RenamingBuf>(std::cerr.rdbuf(), std::move(renames));
    std::cerr.rdbuf(buf.get());
}

struct Selection {
    std::vector<StoredRun> runs;
    std::vector<std::string> labels;
};

std::string labelOf(const StoredRun& r, bool byMachine) { return byMachine ? r.machine + ":" + r.name : r.name; }

}  // namespace

std::vector<const char*> StoreView::argv() const {
    std::vector<const char*> v;
    for (const std::string& a : args) v.push_back(a.c_str());
    v.push_back(nullptr);
    return v;
}

const char* storeHelp() {
    return "\nFrom a results store (build/bin/results-store; docs/results-store.md):\n"
           "  --store DB            read the runs from the store DB instead of a tree\n"
           "  --machine M[,M2...]   the machine(s) whose runs are meant; with several, runs are\n"
           "                        labelled MACHINE:RUN (and may be named so in the run list)\n";
}

std::optional<StoreView> storeView(int argc, const char* const argv[], Program program) {
    std::vector<std::string> args(argv, argv + argc);
    if (hasOption(args, "--help", "-h")) return std::nullopt;
    std::optional<std::string> file = takeOption(args, "--store", "");
    std::optional<std::string> machineList = takeOption(args, "--machine", "");
    if (!file) {
        if (machineList) throw UsageError("--machine needs --store");
        return std::nullopt;
    }
    const bool kernels = program == Program::CompareKernels;
    const std::string dirOption = kernels ? "-C" : "-d";
    if (hasOption(args, kernels ? "-C" : "--directory", kernels ? "" : "-d") || hasOption(args, "--from-json", ""))
        throw UsageError("--store reads the runs from the store: it cannot go with " + dirOption +
                         (kernels ? "" : " or --from-json"));
    if (!kernels && hasOption(args, "--json-export", ""))
        throw UsageError("--json-export writes into the tree (-d); with --store there is none");

    OpenStore store(*file, Access::ExistingOnly);
    std::set<std::string> machines;
    for (std::string& m : storedMachines(store.db)) machines.insert(std::move(m));
    std::vector<std::string> wanted;
    if (machineList)
        for (const std::string& m : splitCommas(*machineList)) {
            if (!machines.count(m))
                throw UsageError("--machine " + m + ": no run of that machine in store " + store.db.name());
            wanted.push_back(m);
        }
    auto isWanted = [&](const std::string& m) {
        return wanted.empty() || std::find(wanted.begin(), wanted.end(), m) != wanted.end();
    };

    Selection sel;
    std::size_t namesAt = 0;
    std::optional<std::string> names = kernels ? std::nullopt : takeOption(args, "--names", "-n", &namesAt);
    if (names) {
        std::vector<std::string> entries = splitCommas(*names);
        std::vector<std::optional<StoredRun>> found(entries.size());
        std::set<std::string> machinesUsed;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            std::string machine, run = entries[i];
            if (std::size_t colon = run.find(':'); colon != std::string::npos && machines.count(run.substr(0, colon))) {
                machine = run.substr(0, colon);
                run = run.substr(colon + 1);
            }
            std::vector<StoredRun> matches;
            for (StoredRun& r : storedRunsNamed(store.db, run))
                if (machine.empty() ? isWanted(r.machine) : r.machine == machine) matches.push_back(std::move(r));
            if (matches.size() > 1)
                throw UsageError("run " + run + " is stored for " + std::to_string(matches.size()) +
                                 " machines: name one with --machine or as MACHINE:RUN");
            if (!matches.empty()) {
                found[i] = std::move(matches.front());
                machinesUsed.insert(found[i]->machine);
            }
        }
        const bool byMachine = machinesUsed.size() > 1;
        std::vector<std::string> labels;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            // A name the store lacks stays as given: the program warns as for a tree without it.
            labels.push_back(found[i] ? labelOf(*found[i], byMachine) : entries[i]);
            if (found[i] && std::find(sel.labels.begin(), sel.labels.end(), labels.back()) == sel.labels.end()) {
                sel.runs.push_back(*found[i]);
                sel.labels.push_back(labels.back());
            }
        }
        args.insert(args.begin() + static_cast<long>(namesAt), {"-n", joinCommas(labels)});
    } else {
        const std::vector<StoredRun> all = storedRuns(store.db);
        std::set<std::string> machinesUsed;
        for (const StoredRun& r : all)
            if (isWanted(r.machine)) machinesUsed.insert(r.machine);
        for (const StoredRun& r : all)
            if (isWanted(r.machine)) {
                sel.runs.push_back(r);
                sel.labels.push_back(labelOf(r, machinesUsed.size() > 1));
            }
    }

    StoreView view;
    view.tree = std::make_unique<PrivateTempDir>(storedBytes(store.db, sel.runs));
    const std::filesystem::path tree = view.tree->path() / "log";
    std::filesystem::create_directory(tree);
    TreeExport exporter(store.db, tree);
    for (std::size_t i = 0; i < sel.runs.size(); ++i) exporter.add(sel.runs[i], sel.labels[i]);
    nameTreeAsStore(tree, store.db.name());
    args.insert(args.begin() + 1, {dirOption, tree.string()});
    view.args = std::move(args);
    return view;
}

}  // namespace mmtp::compare::store
