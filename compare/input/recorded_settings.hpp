// recorded_settings.hpp - each run's workload settings per benchmark, read
// once by the one reader (run_settings.hpp's benchmarkSettings: the "Run:"
// line of runtime.opts), for every part of the report that speaks of them:
// the verdicts leave a run out for other settings through that reader
// (kernels/verdict_inputs.hpp), and the mail header's Config and Differs
// lines say them from this. The header once read only runtime.opts' "Set:"
// lines (the --set overrides) and said "no runtime.opts settings" and
// "Differs: nothing" beside a verdict that left a run out for its settings.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mmtp::compare {

struct RecordedSettings {
    std::string bench;
    // Per run, in the order given: the sorted assignments, nullopt when the
    // run recorded none (MMTests' own trees: unknown, never "different").
    std::vector<std::optional<std::vector<std::string>>> perRun;
    // The first run's "Defaults:" line (the bench's own defaults of the
    // variables its Run: line names); nullopt when it recorded none.
    std::optional<std::vector<std::string>> firstRunDefaults;
};

std::vector<RecordedSettings> readRecordedSettings(const std::filesystem::path& logDir,
                                                   const std::vector<std::string>& runs,
                                                   const std::vector<std::string>& benches);

// The first run's settings: "A=1 B=2", or "bench: A=1; other: B=2" for
// several benchmarks; "" when it recorded none.
std::string firstRunSettings(const std::vector<RecordedSettings>& recorded);

// The first run's settings that differ from the bench's own defaults:
// "A=1 B=2 (3 more at their defaults)", "bench: ...; other: ..." for
// several benchmarks, "every setting at its default"; nullopt when a bench
// that recorded settings recorded no defaults (then say firstRunSettings).
std::optional<std::string> firstRunSettingsOffDefaults(const std::vector<RecordedSettings>& recorded);

// One line per benchmark whose recorded settings differ between runs:
// "BENCH settings: RUN=A=1 B=2; RUN2=A=3 B=2", each run's assignments that
// not every recording run shares ("-" for none); runs that recorded nothing
// are left out, as the verdicts leave them in.
std::vector<std::string> settingsDifferences(const std::vector<RecordedSettings>& recorded,
                                             const std::vector<std::string>& runs);

}  // namespace mmtp::compare
