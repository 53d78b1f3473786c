#include "store/store_view.hpp"

#include "base/errors.hpp"
#include "store/memory_tree.hpp"
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

// The machines --machine names (none: every machine), each one the store holds.
std::vector<std::string> wantedMachines(const StoreRequest& request, const std::set<std::string>& machines,
                                        const std::string& storeName) {
    std::vector<std::string> wanted;
    if (!request.machines) return wanted;
    for (const std::string& m : splitCommas(*request.machines)) {
        if (!machines.count(m)) throw UsageError("--machine " + m + ": no run of that machine in store " + storeName);
        wanted.push_back(m);
    }
    return wanted;
}

bool isWanted(const std::vector<std::string>& wanted, const std::string& machine) {
    return wanted.empty() || std::find(wanted.begin(), wanted.end(), machine) != wanted.end();
}

// The run an entry of --names means (RUN, or MACHINE:RUN when MACHINE is
// stored); nullopt when the store lacks it, an error when several machines
// have it and the entry does not say which.
std::optional<StoredRun> namedRun(Db& db, const std::string& entry, const std::set<std::string>& machines,
                                  const std::vector<std::string>& wanted) {
    std::string machine, run = entry;
    if (std::size_t colon = run.find(':'); colon != std::string::npos && machines.count(run.substr(0, colon))) {
        machine = run.substr(0, colon);
        run = run.substr(colon + 1);
    }
    std::vector<StoredRun> matches;
    for (StoredRun& r : storedRunsNamed(db, run))
        if (machine.empty() ? isWanted(wanted, r.machine) : r.machine == machine) matches.push_back(std::move(r));
    if (matches.size() > 1)
        throw UsageError("run " + run + " is stored for " + std::to_string(matches.size()) +
                         " machines: name one with --machine or as MACHINE:RUN");
    if (matches.empty()) return std::nullopt;
    return std::move(matches.front());
}

// The runs --names lists, each once, labelled by machine too when they come
// from several; labels receives the list as the program is to read it.
Selection selectNamed(Db& db, const std::string& names, const std::set<std::string>& machines,
                      const std::vector<std::string>& wanted, std::optional<std::string>& labelsOut) {
    std::vector<std::string> entries = splitCommas(names);
    std::vector<std::optional<StoredRun>> found;
    std::set<std::string> machinesUsed;
    for (const std::string& entry : entries) {
        found.push_back(namedRun(db, entry, machines, wanted));
        if (found.back()) machinesUsed.insert(found.back()->machine);
    }
    const bool byMachine = machinesUsed.size() > 1;
    Selection sel;
    std::vector<std::string> labels;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        // A name the store lacks stays as given: the program warns as for a tree without it.
        labels.push_back(found[i] ? labelOf(*found[i], byMachine) : entries[i]);
        if (found[i] && std::find(sel.labels.begin(), sel.labels.end(), labels.back()) == sel.labels.end()) {
            sel.runs.push_back(*found[i]);
            sel.labels.push_back(labels.back());
        }
    }
    labelsOut = joinCommas(labels);
    return sel;
}

// Every run of the wanted machines, labelled by machine too when there are several.
Selection selectAll(Db& db, const std::vector<std::string>& wanted) {
    const std::vector<StoredRun> all = storedRuns(db);
    std::set<std::string> machinesUsed;
    for (const StoredRun& r : all)
        if (isWanted(wanted, r.machine)) machinesUsed.insert(r.machine);
    Selection sel;
    for (const StoredRun& r : all)
        if (isWanted(wanted, r.machine)) {
            sel.runs.push_back(r);
            sel.labels.push_back(labelOf(r, machinesUsed.size() > 1));
        }
    return sel;
}

// The named runs' stored rows, when every name is a run of its own (no
// name missing or repeated, which the tree path reports from the tree).
std::optional<std::vector<StoredRunRows>> rowsForNames(Db& db, const StoreRequest& request, const Selection& sel) {
    if (!request.rowsOf || !request.names || sel.labels.size() != splitCommas(*request.names).size())
        return std::nullopt;
    return storedReportRows(db, sel.runs, sel.labels, *request.rowsOf);
}

}  // namespace

StoreView storeView(const StoreRequest& request) {
    StoreView view;
    // The watcher's fork before the store's work, unless no tree may be needed.
    if (!request.rowsOf) view.tree = std::make_unique<PrivateTempDir>(PrivateTempDir::Deferred{});
    OpenStore store(request.store, Access::ExistingOnly);
    const ReadTransaction reading(store.db);
    std::set<std::string> machines;
    for (std::string& m : storedMachines(store.db)) machines.insert(std::move(m));
    const std::vector<std::string> wanted = wantedMachines(request, machines, store.db.name());

    const Selection sel = request.names ? selectNamed(store.db, *request.names, machines, wanted, view.names)
                                        : selectAll(store.db, wanted);
    if ((view.rows = rowsForNames(store.db, request, sel))) return view;
    if (request.rowsOf)
        if (std::optional<MemoryTree> memory = memoryTree(store.db, sel.runs, sel.labels)) {
            view.memory = std::move(memory->snapshot);
            view.logDir = memory->logDir;
            nameTreeAsStore(view.logDir, store.db.name());
            return view;
        }
    if (!view.tree) view.tree = std::make_unique<PrivateTempDir>(PrivateTempDir::Deferred{});
    view.tree->create(storedBytes(store.db, sel.runs));
    view.logDir = view.tree->path() / "log";
    std::filesystem::create_directory(view.logDir);
    TreeExport exporter(store.db, view.logDir);
    for (std::size_t i = 0; i < sel.runs.size(); ++i) exporter.add(sel.runs[i], sel.labels[i]);
    std::vector<MadeName> made{{"log", true}};
    made.reserve(exporter.made().size() + 1);
    for (const MadeName& name : exporter.made()) made.push_back({"log/" + name.path, name.directory});
    view.tree->removeFirst(std::move(made));
    nameTreeAsStore(view.logDir, store.db.name());
    return view;
}

}  // namespace mmtp::compare::store
