// A history from an untrusted store: a stored iteration number past the
// bound (3000000000 looped past INT_MAX; 2000000000 made that many empty
// iterations) leaves its run out with a warning, not the history; so do
// iteration means that are not what import writes (series_summary.hpp).
#include "../test_support.hpp"
#include "history/history.hpp"
#include "store/schema.hpp"
#include "store/series_summary.hpp"

#include <catch2/catch.hpp>

#include <bit>
#include <optional>
#include <utility>

using namespace mmtp::compare::store;

namespace {

// Bytes as series_summary.hpp packs them, written out here by hand: the
// format byte, then per iteration its number, 1 and the mean, or 0.
void appendLittleEndian(std::string& out, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) out += static_cast<char>(v >> (8 * i) & 0xFF);
}

std::string packed(const std::vector<std::pair<std::int64_t, std::optional<double>>>& iterations) {
    std::string out(1, '\x01');
    for (const auto& [iteration, mean] : iterations) {
        appendLittleEndian(out, static_cast<std::uint64_t>(iteration));
        out += mean ? '\x01' : '\x00';
        if (mean) appendLittleEndian(out, std::bit_cast<std::uint64_t>(*mean));
    }
    return out;
}

// A run whose GET series holds `means` (series_summary.hpp's bytes).
void addRun(Db& db, std::int64_t id, const std::string& name, const std::string& means) {
    Stmt(db,
         "INSERT INTO runs(id, machine_id, name, content_hash, start_epoch, imported_epoch) VALUES(?, 1, ?, 'x', ?, 0)")
        .bind(1, id)
        .bind(2, name)
        .bind(3, id)
        .run();
    Stmt(db, kInsertSeriesSql)
        .bind(1, "redis")
        .bind(2, "GET")
        .bind(3, std::int64_t{1})
        .bind(4, id)
        .bind(5, id)
        .bind(6, name)
        .bindNull(7)
        .bindNull(8)
        .bindBlob(9, means)
        .run();
}

void addRun(Db& db, std::int64_t id, const std::string& name, std::int64_t iteration, double value) {
    addRun(db, id, name, packed({{iteration, value}}));
}

// One machine and redis' GET, ready for addRun.
void addMachineAndGet(Db& db) {
    Stmt(db, "INSERT INTO machines(id, name) VALUES(1, 'box')").run();
    Stmt(db, "INSERT INTO operations(benchmark, label) VALUES('redis', 'GET')").run();
}

std::vector<Series> historyOfGet(Db& db, mmtp::compare::Warnings& warnings) {
    HistoryRequest r;
    r.benchmark = "redis";
    r.metric = "GET";
    return loadHistory(db, r, warnings);
}

}  // namespace

TEST_CASE("a stored iteration past the bound leaves its run out, with a warning", "[store][history]") {
    compare_test::ScratchTree t;
    OpenStore s((t.root() / "s.db").string(), Access::CreateIfMissing);
    addMachineAndGet(s.db);
    addRun(s.db, 1, "good", 0, 100);
    addRun(s.db, 2, "huge", 3000000000, 100);
    addRun(s.db, 3, "big", 2000000000, 100);
    addRun(s.db, 4, "past", kMaxStoredIterations, 100);
    addRun(s.db, 5, "negative", -1, 100);
    addRun(s.db, 6, "last", kMaxStoredIterations - 1, 100);
    mmtp::compare::Warnings warnings;
    std::vector<Series> series = historyOfGet(s.db, warnings);
    REQUIRE(series.size() == 1);
    std::vector<std::string> names;
    for (const HistoryRun& run : series[0].runs) names.push_back(run.run);
    CHECK(names == std::vector<std::string>{"good", "last"});
    REQUIRE(warnings.size() == 4);
    CHECK_THAT(warnings[0], Catch::Contains("run huge") && Catch::Contains("iteration 3000000000"));
}

TEST_CASE("iteration means that import would not write leave their run out, with a warning", "[store][history]") {
    compare_test::ScratchTree t;
    OpenStore s((t.root() / "s.db").string(), Access::CreateIfMissing);
    addMachineAndGet(s.db);
    addRun(s.db, 1, "good", packed({{0, 100}, {1, std::nullopt}, {2, 1e300}}));
    addRun(s.db, 2, "falling", packed({{1, 100}, {0, 100}}));
    addRun(s.db, 3, "twice", packed({{0, 100}, {0, 100}}));
    std::string flag = packed({{0, 100}});
    flag[9] = '\x02';
    addRun(s.db, 4, "flag", flag);
    addRun(s.db, 5, "trailing", packed({{0, 100}}) + '\x00');
    addRun(s.db, 6, "cut", packed({{0, 100}}).substr(0, 12));
    addRun(s.db, 7, "text", "0:100");  // schema 5's text, never packed
    addRun(s.db, 8, "empty", "");
    addRun(s.db, 9, "onlyempty", packed({{0, std::nullopt}}));
    mmtp::compare::Warnings warnings;
    std::vector<Series> series = historyOfGet(s.db, warnings);
    REQUIRE(series.size() == 1);
    REQUIRE(series[0].runs.size() == 1);
    CHECK(series[0].runs[0].run == "good");
    CHECK(series[0].runs[0].means == std::vector<double>{100, 1e300});
    CHECK(warnings.size() == 7);  // "onlyempty" has no number: no line, and no warning
}

TEST_CASE("iteration means read back as the very doubles written", "[store][history]") {
    const std::vector<IterationMean> means{{0, 0.1}, {1, std::nullopt}, {7, -1.0 / 3}, {9, 5e-324}, {12, 1.7976931348623157e308}};
    const std::string text = encodeMeans(means);
    CHECK(text == packed({{0, 0.1}, {1, std::nullopt}, {7, -1.0 / 3}, {9, 5e-324}, {12, 1.7976931348623157e308}}));
    std::vector<IterationMean> back;
    REQUIRE(decodeMeans(text, back));
    REQUIRE(back.size() == means.size());
    for (std::size_t i = 0; i < means.size(); ++i) {
        CHECK(back[i].iteration == means[i].iteration);
        CHECK(back[i].mean == means[i].mean);
    }
}
