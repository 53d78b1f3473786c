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

StoreView storeView(const StoreRequest& request) {
    OpenStore store(request.store, Access::ExistingOnly);
    std::set<std::string> machines;
    for (std::string& m : storedMachines(store.db)) machines.insert(std::move(m));
    std::vector<std::string> wanted;
    if (request.machines)
        for (const std::string& m : splitCommas(*request.machines)) {
            if (!machines.count(m))
                throw UsageError("--machine " + m + ": no run of that machine in store " + store.db.name());
            wanted.push_back(m);
        }
    auto isWanted = [&](const std::string& m) {
        return wanted.empty() || std::find(wanted.begin(), wanted.end(), m) != wanted.end();
    };

    Selection sel;
    StoreView view;
    if (request.names) {
        std::vector<std::string> entries = splitCommas(*request.names);
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
        view.names = joinCommas(labels);
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

    view.tree = std::make_unique<PrivateTempDir>(storedBytes(store.db, sel.runs));
    view.logDir = view.tree->path() / "log";
    std::filesystem::create_directory(view.logDir);
    TreeExport exporter(store.db, view.logDir);
    for (std::size_t i = 0; i < sel.runs.size(); ++i) exporter.add(sel.runs[i], sel.labels[i]);
    nameTreeAsStore(view.logDir, store.db.name());
    return view;
}

}  // namespace mmtp::compare::store
