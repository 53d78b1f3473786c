#include "store/series_summary.hpp"

#include "core/perl_scalar.hpp"
#include "stats/extraction.hpp"
#include "stats/unit_inference.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstring>
#include <tuple>
#include <unordered_map>

namespace mmtp::compare::store {

namespace {

struct SortedRow {
    std::int64_t iteration;
    std::string_view sample, value;
};

// Rows sorted by (iteration, sample, value) into iteration means: each row
// whose sample and value are numbers counts (Extraction::addData's rule).
std::vector<IterationMean> meansOf(const std::vector<SortedRow>& rows) {
    std::vector<IterationMean> out;
    std::vector<IterationSamples> samples;
    for (const SortedRow& r : rows) {
        if (out.empty() || out.back().iteration != r.iteration) {
            out.push_back({r.iteration, std::nullopt});
            samples.emplace_back();
        }
        const std::optional<double> v = perlNumber(r.value), n = perlNumber(r.sample);
        if (v && n) samples.back().values.push_back(*v);
    }
    // iterationMeans leaves out the iterations without a number: the rest, in order.
    const std::vector<double> means = iterationMeans(samples);
    std::size_t next = 0;
    for (std::size_t i = 0; i < out.size(); ++i)
        if (!samples[i].values.empty()) out[i].mean = means[next++];
    return out;
}

template <typename T>
std::optional<T> number(std::string_view text) {
    T v{};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return v;
}

// The stored bytes are little-endian on every host (a store file moves).
std::uint64_t asLittleEndian(std::uint64_t v) {
    if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
    return v;
}

void appendLittleEndian(std::string& out, std::uint64_t v) {
    char bytes[8];
    v = asLittleEndian(v);
    std::memcpy(bytes, &v, sizeof bytes);
    out.append(bytes, sizeof bytes);
}

std::uint64_t littleEndian(const char* bytes) {
    std::uint64_t v = 0;
    std::memcpy(&v, bytes, sizeof v);
    return asLittleEndian(v);
}

// Schema 5's text, as its encoder wrote it: "ITER:MEAN;...", MEAN the
// shortest text of the double, empty without a number; iterations rising.
bool decodeTextMeans(std::string_view text, std::vector<IterationMean>& into) {
    into.clear();
    while (!text.empty()) {
        const std::size_t end = std::min(text.find(';'), text.size());
        const std::string_view part = text.substr(0, end);
        text.remove_prefix(end == text.size() ? end : end + 1);
        const std::size_t colon = part.find(':');
        if (colon == std::string_view::npos) return false;
        const std::optional<std::int64_t> iteration = number<std::int64_t>(part.substr(0, colon));
        if (!iteration || (!into.empty() && *iteration <= into.back().iteration)) return false;
        IterationMean it{*iteration, std::nullopt};
        if (colon + 1 < part.size() && !(it.mean = number<double>(part.substr(colon + 1)))) return false;
        into.push_back(it);
    }
    return true;
}

}  // namespace

std::string encodeMeans(const std::vector<IterationMean>& iterations) {
    std::string out(1, kPackedMeansFormat);
    out.reserve(1 + 17 * iterations.size());
    for (const IterationMean& it : iterations) {
        appendLittleEndian(out, static_cast<std::uint64_t>(it.iteration));
        out += it.mean ? '\1' : '\0';
        if (it.mean) appendLittleEndian(out, std::bit_cast<std::uint64_t>(*it.mean));
    }
    return out;
}

bool decodeMeans(std::string_view bytes, std::vector<IterationMean>& into) {
    into.clear();
    if (bytes.empty() || bytes[0] != kPackedMeansFormat) return false;
    for (std::size_t at = 1; at < bytes.size();) {
        if (bytes.size() - at < 9) return false;
        IterationMean it{static_cast<std::int64_t>(littleEndian(bytes.data() + at)), std::nullopt};
        const char hasMean = bytes[at + 8];
        at += 9;
        if (!into.empty() && it.iteration <= into.back().iteration) return false;
        if (hasMean == '\1') {
            if (bytes.size() - at < 8) return false;
            it.mean = std::bit_cast<double>(littleEndian(bytes.data() + at));
            at += 8;
        } else if (hasMean != '\0') {
            return false;
        }
        into.push_back(it);
    }
    return true;
}

void SeriesCollector::add(const std::string& label, std::int64_t iteration, std::string_view sample,
                          std::string_view value) {
    if (label.size() > kMaxOperationNameBytes) return;  // Extraction refuses it: no history has it
    byLabel_[label].push_back({iteration, std::string(sample), std::string(value)});
}

void SeriesCollector::write(BulkInsert& insert, const std::string& benchmark, const SeriesRunKey& run) {
    if (byLabel_.empty()) return;
    const SeriesRunKey* key = runs_.emplace_back(std::make_unique<SeriesRunKey>(run)).get();
    std::vector<SortedRow> sorted;
    for (auto& [label, rows] : byLabel_) {
        sorted.clear();
        for (const Row& r : rows) sorted.push_back({r.iteration, r.sample, r.value});
        std::sort(sorted.begin(), sorted.end(), [](const SortedRow& a, const SortedRow& b) {
            return std::tie(a.iteration, a.sample, a.value) < std::tie(b.iteration, b.sample, b.value);
        });
        queued_.push_back({benchmark, label, key, encodeMeans(meansOf(sorted))});
    }
    byLabel_.clear();
    if (queued_.size() >= kMaxQueued) flush(insert);
}

void SeriesCollector::flush(BulkInsert& insert) {
    // Sorted by pointer: moving the rows themselves (three strings each) was
    // half the cost of storing them.
    std::vector<const Queued*> order;
    order.reserve(queued_.size());
    for (const Queued& q : queued_) order.push_back(&q);
    std::sort(order.begin(), order.end(), [](const Queued* a, const Queued* b) {
        return std::tie(a->benchmark, a->label, a->run->machineId, a->run->startEpoch, a->run->runId) <
               std::tie(b->benchmark, b->label, b->run->machineId, b->run->startEpoch, b->run->runId);
    });
    for (const Queued* q : order) {
        const SeriesRunKey& run = *q->run;
        insert.text(q->benchmark).text(q->label).integer(run.machineId).integer(run.startEpoch);
        insert.integer(run.runId).text(run.name);
        if (run.replaced) insert.integer(*run.replaced);
        else insert.null();
        if (run.settings) insert.text(*run.settings);
        else insert.null();
        insert.blob(q->means).endRow();
    }
    queued_.clear();
    runs_.clear();
}

void buildSeriesFromRows(Db& db) {
    std::unordered_map<std::int64_t, SeriesRunKey> runs;
    {
        Stmt q(db, "SELECT id, machine_id, start_epoch, coalesce(replaced_name, name), replaced_epoch FROM runs");
        while (q.step()) {
            SeriesRunKey k{q.integer(0), q.integer(1), q.integer(2), q.text(3), std::nullopt, std::nullopt};
            if (!q.isNull(4)) k.replaced = q.integer(4);
            runs.emplace(k.runId, std::move(k));
        }
    }
    std::map<std::pair<std::int64_t, std::string>, std::string> settings;
    {
        Stmt q(db, "SELECT run_id, benchmark, settings FROM run_benchmarks WHERE settings IS NOT NULL");
        while (q.step()) settings.emplace(std::make_pair(q.integer(0), q.text(1)), q.text(2));
    }
    // The rows in the covering index's order: one (benchmark, label, run)
    // after another.
    Stmt q(db, std::string("SELECT benchmark, label, run_id, iteration, sample, value FROM results") +
                   (db.dialect() == Dialect::Sqlite ? " INDEXED BY results_by_label" : "") +
                   " ORDER BY benchmark, label, run_id, iteration, sample, value",
           Fetch::OneByOne);
    BulkInsert insert = seriesInsert(db);
    SeriesCollector one;
    std::string benchmark, label;
    std::int64_t runId = -1;
    auto flush = [&] {
        auto run = runs.find(runId);
        if (run == runs.end()) return one.clear();  // rows of no run: no history has them
        auto s = settings.find({runId, benchmark});
        run->second.settings = s == settings.end() ? std::nullopt : std::optional<std::string>(s->second);
        one.write(insert, benchmark, run->second);
    };
    while (q.step()) {
        std::string b = q.text(0), l = q.text(1);
        const std::int64_t id = q.integer(2);
        if (id != runId || b != benchmark || l != label) {
            if (runId >= 0) flush();
            benchmark = std::move(b), label = std::move(l), runId = id;
        }
        one.add(label, q.integer(3), q.text(4), q.text(5));
    }
    if (runId >= 0) flush();
    one.flush(insert);
}

void packTextMeans(Db& db) {
    struct Key {
        std::string benchmark, label;
        std::int64_t machineId, startEpoch, runId;
        std::string packed;
    };
    std::vector<Key> packed;
    {
        Stmt q(db, "SELECT benchmark, label, machine_id, start_epoch, run_id, means FROM series", Fetch::OneByOne);
        std::vector<IterationMean> means;
        while (q.step())
            if (decodeTextMeans(q.text(5), means))
                packed.push_back({q.text(0), q.text(1), q.integer(2), q.integer(3), q.integer(4), encodeMeans(means)});
    }
    Stmt set(db, "UPDATE series SET means = ? WHERE benchmark = ? AND label = ? AND machine_id = ? AND start_epoch = ? "
                 "AND run_id = ?");
    for (const Key& k : packed)
        set.bindBlob(1, k.packed).bind(2, k.benchmark).bind(3, k.label).bind(4, k.machineId).bind(5, k.startEpoch)
            .bind(6, k.runId).run();
}

}  // namespace mmtp::compare::store
