// option_table.hpp - every workload option declared once, as one row:
// {name, config variable, type, default, range or choices, help}. The row
// drives the command-line parser, the config-variable fallback, --help,
// validation (a value out of range names the option) and what a shellpack
// may leave out (the binary owns every default).
//
// Precedence: command line > config variable (exported and non-empty) >
// the row's default. Like fio's option table, the help and the parser read
// the same rows, so they cannot disagree.
#pragma once
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace mmtp {

enum class OptionType {
    Integer,  // a whole number in [min, max]; "-5" for a 0.. option is refused, not wrapped
    Text,     // any text, or one of `choices` ("a|b|c") when given
    YesNo,    // yes/no (true/false, 1/0, on/off); given alone, yes
    Flag,     // no value; command line only
};

struct OptionSpec {
    std::string name;     // long name
    char shortName = 0;   // e.g. 'P' for -P, or 0
    std::string envVar;   // MMTests config variable it falls back to, or ""
    OptionType type = OptionType::Text;
    std::optional<std::string> defaultValue;  // as it would be typed; none: absent unless given
    std::int64_t min = 0;      // Integer
    std::uint64_t max = 0;     // Integer
    std::string choices;       // Text: "a|b|c", or "" for any
    std::string help;
    std::string valueName;     // in --help: "N", "TEXT" or the choices unless set
    bool repeatable = false;   // Text, command line only: may be given many times (OptionValues::all)
};

// The rows, one call per option. shortName 0: none; envVar "": none;
// defaultValue nullptr: none (the option is absent unless given).
OptionSpec integerOption(const char* name, char shortName, const char* envVar, const char* defaultValue,
                         std::int64_t min, std::uint64_t max, const char* help);
OptionSpec textOption(const char* name, char shortName, const char* envVar, const char* defaultValue,
                      const char* help);
OptionSpec choiceOption(const char* name, char shortName, const char* envVar, const char* defaultValue,
                        const char* choices, const char* help);
OptionSpec yesNoOption(const char* name, char shortName, const char* envVar, const char* defaultValue,
                       const char* help);
OptionSpec flagOption(const char* name, char shortName, const char* help);
// --logdir, the option every workload shares: LOGDIR_RESULTS (which MMTests
// and run-config set), no default; `what` is what goes there, for --help.
// Its check is requireWritableDir (preflight.hpp), in the workload's supported().
OptionSpec logdirOption(const char* what);
// A text option that may be given many times, in order (e.g. --set A=1 --set B=2).
OptionSpec repeatedTextOption(const char* name, char shortName, const char* valueName, const char* help);

// LOGDIR_* and SHELLPACK_*: set by MMTests (run-mmtests.sh, run-single-test.sh)
// or run-config for every benchmark, never by a config.
bool isHarnessVariable(std::string_view envVar);

// What one command line and environment gave, validated against the table.
class OptionValues {
public:
    bool helpRequested = false;
    bool variablesRequested = false;  // --print-variables: like --help, reads no variable
    bool needsRequested = false;      // --print-needs: the same
    std::vector<std::string> positionals;

    // Set by the command line, the config variable or a default.
    bool has(std::string_view name) const;
    // Set on the command line or by the config variable (not defaulted).
    bool given(std::string_view name) const;
    const std::string& text(std::string_view name) const;
    // text(), or UsageError "--NAME: not given and VAR is not set" when absent or empty.
    const std::string& required(std::string_view name) const;
    bool yes(std::string_view name) const;  // YesNo and Flag rows
    std::int64_t integer(std::string_view name) const;
    std::uint64_t unsignedInteger(std::string_view name) const;
    // Every value of a repeatable option, in command-line order.
    std::vector<std::string> all(std::string_view name) const;
    template <class T> T number(std::string_view name) const {
        if constexpr (std::numeric_limits<T>::is_signed) return static_cast<T>(integer(name));
        else return static_cast<T>(unsignedInteger(name));
    }

private:
    friend class OptionTable;
    struct Value {
        std::string text;
        bool given = false;
    };
    std::map<std::string, Value, std::less<>> values_;
    std::map<std::string, std::vector<std::string>, std::less<>> repeated_;
    std::map<std::string, std::string, std::less<>> envVars_;  // for required()'s message
    const Value& at(std::string_view name) const;
    // A command-line value: a repeatable option collects it, any other refuses a second one.
    void setFromCommandLine(const OptionSpec& s, const std::string& text);
    // A row the command line left out: its config variable, else its default (else absent).
    void setFromConfigOrDefault(const OptionSpec& s);
};

class OptionTable {
public:
    // positionals: names of the arguments the program takes ("CONFIG",
    // "RUNNAME"); more than that many is a usage error.
    explicit OptionTable(std::vector<OptionSpec> rows, std::vector<std::string> positionals = {});

    // Parses argv[1..] and the config variables. Throws UsageError with one
    // line naming the option (and the variable, when the value came from it).
    OptionValues parse(int argc, const char* const argv[]) const;

    // "usage: PROG [options]", the summary, then one entry per row with its
    // variable, default and range.
    void printHelp(std::ostream& out, std::string_view program, std::string_view summary) const;

    // --print-variables: the MMTests config variables the rows read, one a
    // line in table order, "VAR=DEFAULT" ("VAR=" for an empty default, "VAR"
    // for none). The harness's own (isHarnessVariable) are not settings and
    // are left out.
    void printVariables(std::ostream& out) const;

    const std::vector<OptionSpec>& rows() const { return rows_; }

private:
    // One option argument: its row, and its value when attached (--name=value, -Xvalue).
    struct Given {
        const OptionSpec* spec = nullptr;
        std::optional<std::string> attached;
    };

    std::vector<OptionSpec> rows_;
    std::vector<std::string> positionals_;
    const OptionSpec* findLong(std::string_view name) const;
    const OptionSpec* findShort(char c) const;
    bool isPositional(const std::string& arg) const;
    Given lookUp(const std::string& arg) const;
    int readOption(OptionValues& out, int argc, const char* const argv[], int i) const;
    void checkCommandLine(const OptionValues& out) const;
};

}  // namespace mmtp
