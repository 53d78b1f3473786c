#include "common/option_table.hpp"

#include "base/errors.hpp"

#include <cctype>
#include <charconv>
#include <cstdlib>

namespace mmtp {

namespace {

OptionSpec row(const char* name, char shortName, const char* envVar, OptionType type,
               const char* defaultValue, const char* help) {
    OptionSpec s;
    s.name = name;
    s.shortName = shortName;
    s.envVar = envVar ? envVar : "";
    s.type = type;
    if (defaultValue) s.defaultValue = defaultValue;
    s.help = help;
    return s;
}

const OptionSpec kHelpRow = row("help", 'h', "", OptionType::Flag, nullptr, "show this help and exit");
// For shellpacks that need a value for their own loops: they ask, and restate no default.
OptionSpec printOptionRow() {
    OptionSpec s = row("print-option", 0, "", OptionType::Text, nullptr,
                       "print the value option NAME takes here (command line, config variable, default) and exit");
    s.valueName = "NAME";
    return s;
}

// run-config and a by-hand user ask the binary what it reads and how long it runs.
const OptionSpec kPrintVariablesRow =
    row("print-variables", 0, "", OptionType::Flag, nullptr,
        "print the MMTests config variables this program reads, VAR=DEFAULT one a line, and exit");
// The mitigation matrix asks what a program needs in a bare guest.
const OptionSpec kPrintNeedsRow =
    row("print-needs", 0, "", OptionType::Flag, nullptr,
        "print what this program needs in a bare guest beside itself (KIND VALUE one a line) and exit");
const OptionSpec kEstimateRow =
    row("estimate", 0, "", OptionType::Flag, nullptr,
        "print how many seconds a run with these options and variables takes (or 'unknown') and exit");

// Boost's bool words, any case, as configs and shellpacks have passed them.
std::string lower(std::string_view v) {
    std::string out(v);
    for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}
bool isYes(std::string_view v) {
    const std::string l = lower(v);
    return l == "yes" || l == "true" || l == "1" || l == "on";
}
bool isNo(std::string_view v) {
    const std::string l = lower(v);
    return l == "no" || l == "false" || l == "0" || l == "off";
}

std::vector<std::string_view> splitChoices(std::string_view choices) {
    std::vector<std::string_view> out;
    while (!choices.empty()) {
        const auto bar = choices.find('|');
        out.push_back(choices.substr(0, bar));
        if (bar == std::string_view::npos) break;
        choices.remove_prefix(bar + 1);
    }
    return out;
}

std::string commaList(std::string_view choices) {
    std::string out;
    for (auto c : splitChoices(choices)) out += (out.empty() ? "" : ", ") + std::string(c);
    return out;
}

// "--rwmixread" or "--rwmixread (from FIO_RWMIXREAD)": who gave the value.
std::string who(const OptionSpec& s, bool fromEnv) {
    return "--" + s.name + (fromEnv ? " (from " + s.envVar + ")" : "");
}

// Checks one value against its row; returns it as stored (YesNo as yes/no).
std::string validated(const OptionSpec& s, const std::string& v, bool fromEnv) {
    switch (s.type) {
    case OptionType::Flag:
        return "yes";
    case OptionType::YesNo:
        if (isYes(v)) return "yes";
        if (isNo(v)) return "no";
        throw UsageError(who(s, fromEnv) + ": expected yes or no, got '" + v + "'");
    case OptionType::Text:
        if (s.choices.empty()) return v;
        for (auto c : splitChoices(s.choices))
            if (c == v) return v;
        throw UsageError(who(s, fromEnv) + ": '" + v + "' is not one of " + commaList(s.choices));
    case OptionType::Integer: {
        const char* b = v.data();
        const char* e = b + v.size();
        const std::string range = s.max == std::numeric_limits<std::uint64_t>::max()
                                      ? "at least " + std::to_string(s.min)
                                      : "between " + std::to_string(s.min) + " and " + std::to_string(s.max);
        bool inRange = true;
        std::from_chars_result r{};
        if (!v.empty() && v[0] == '-') {
            std::int64_t n = 0;
            r = std::from_chars(b, e, n);
            inRange = n >= s.min;
        } else {
            std::uint64_t n = 0;
            r = std::from_chars(b, e, n);
            inRange = n <= s.max && (s.min <= 0 || n >= static_cast<std::uint64_t>(s.min));
        }
        if (r.ec == std::errc::result_out_of_range)
            throw UsageError(who(s, fromEnv) + ": must be " + range + " (got " + v + ")");
        if (v.empty() || r.ec != std::errc() || r.ptr != e)
            throw UsageError(who(s, fromEnv) + ": '" + v + "' is not a whole number");
        if (!inRange) throw UsageError(who(s, fromEnv) + ": must be " + range + " (got " + v + ")");
        return v;
    }
    }
    return v;
}

}  // namespace

OptionSpec integerOption(const char* name, char shortName, const char* envVar, const char* defaultValue,
                         std::int64_t min, std::uint64_t max, const char* help) {
    OptionSpec s = row(name, shortName, envVar, OptionType::Integer, defaultValue, help);
    s.min = min;
    s.max = max;
    return s;
}

OptionSpec textOption(const char* name, char shortName, const char* envVar, const char* defaultValue,
                      const char* help) {
    return row(name, shortName, envVar, OptionType::Text, defaultValue, help);
}

OptionSpec choiceOption(const char* name, char shortName, const char* envVar, const char* defaultValue,
                        const char* choices, const char* help) {
    OptionSpec s = row(name, shortName, envVar, OptionType::Text, defaultValue, help);
    s.choices = choices;
    return s;
}

OptionSpec yesNoOption(const char* name, char shortName, const char* envVar, const char* defaultValue,
                       const char* help) {
    return row(name, shortName, envVar, OptionType::YesNo, defaultValue, help);
}

OptionSpec flagOption(const char* name, char shortName, const char* help) {
    return row(name, shortName, "", OptionType::Flag, nullptr, help);
}

OptionSpec repeatedTextOption(const char* name, char shortName, const char* valueName, const char* help) {
    OptionSpec s = row(name, shortName, "", OptionType::Text, nullptr, help);
    s.valueName = valueName;
    s.repeatable = true;
    return s;
}

bool isHarnessVariable(std::string_view envVar) {
    return envVar.rfind("LOGDIR_", 0) == 0 || envVar.rfind("SHELLPACK_", 0) == 0;
}

// --- values -------------------------------------------------------------------

const OptionValues::Value& OptionValues::at(std::string_view name) const {
    auto it = values_.find(name);
    // A program asking for an undeclared or unset option is a bug, not bad input.
    if (it == values_.end()) throw std::logic_error("option --" + std::string(name) + " read but not set");
    return it->second;
}

bool OptionValues::has(std::string_view name) const { return values_.find(name) != values_.end(); }

bool OptionValues::given(std::string_view name) const {
    auto it = values_.find(name);
    return it != values_.end() && it->second.given;
}

const std::string& OptionValues::text(std::string_view name) const { return at(name).text; }

const std::string& OptionValues::required(std::string_view name) const {
    auto it = values_.find(name);
    if (it == values_.end() || it->second.text.empty()) {
        auto env = envVars_.find(name);
        throw UsageError("--" + std::string(name) + ": not given" +
                         (env != envVars_.end() && !env->second.empty() ? " and " + env->second + " is not set"
                                                                        : std::string()));
    }
    return it->second.text;
}

bool OptionValues::yes(std::string_view name) const {
    auto it = values_.find(name);
    return it != values_.end() && it->second.text == "yes";
}

std::int64_t OptionValues::integer(std::string_view name) const {
    const std::string& t = at(name).text;
    std::int64_t n = 0;
    auto r = std::from_chars(t.data(), t.data() + t.size(), n);
    if (r.ec != std::errc()) throw std::logic_error("option --" + std::string(name) + " read as a signed number");
    return n;
}

std::vector<std::string> OptionValues::all(std::string_view name) const {
    auto it = repeated_.find(name);
    return it == repeated_.end() ? std::vector<std::string>{} : it->second;
}

std::uint64_t OptionValues::unsignedInteger(std::string_view name) const {
    const std::string& t = at(name).text;
    std::uint64_t n = 0;
    auto r = std::from_chars(t.data(), t.data() + t.size(), n);
    if (r.ec != std::errc()) throw std::logic_error("option --" + std::string(name) + " read as an unsigned number");
    return n;
}

void OptionValues::setFromCommandLine(const OptionSpec& s, const std::string& text) {
    if (s.repeatable) {
        repeated_[s.name].push_back(validated(s, text, false));
        values_[s.name] = {text, true};
        return;
    }
    if (values_.count(s.name)) throw UsageError("--" + s.name + ": given more than once");
    values_[s.name] = {validated(s, text, false), true};
}

void OptionValues::setFromConfigOrDefault(const OptionSpec& s) {
    envVars_[s.name] = s.envVar;
    if (values_.count(s.name)) return;
    // An exported-but-empty config variable means "unset", as in MMTests.
    const char* v = s.envVar.empty() ? nullptr : std::getenv(s.envVar.c_str());
    if (v && *v) values_[s.name] = {validated(s, v, true), true};
    else if (s.defaultValue) values_[s.name] = {validated(s, *s.defaultValue, false), false};
}

OptionSpec logdirOption(const char* what) { return textOption("logdir", 0, "LOGDIR_RESULTS", nullptr, what); }

// --- the table ----------------------------------------------------------------

OptionTable::OptionTable(std::vector<OptionSpec> rows, std::vector<std::string> positionals)
    : rows_(std::move(rows)), positionals_(std::move(positionals)) {
    rows_.insert(rows_.begin(), {kHelpRow, printOptionRow(), kPrintVariablesRow, kPrintNeedsRow, kEstimateRow});
}

const OptionSpec* OptionTable::findLong(std::string_view name) const {
    for (const auto& r : rows_)
        if (r.name == name) return &r;
    return nullptr;
}

const OptionSpec* OptionTable::findShort(char c) const {
    for (const auto& r : rows_)
        if (r.shortName != 0 && r.shortName == c) return &r;
    return nullptr;
}

OptionValues OptionTable::parse(int argc, const char* const argv[]) const {
    OptionValues out;
    bool optionsEnded = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (optionsEnded || isPositional(arg)) out.positionals.push_back(arg);
        else if (arg == "--") optionsEnded = true;
        else i = readOption(out, argc, argv, i);
    }
    out.helpRequested = out.yes("help");
    out.variablesRequested = out.yes("print-variables");
    out.needsRequested = out.yes("print-needs");
    if (out.helpRequested || out.variablesRequested || out.needsRequested) return out;
    checkCommandLine(out);
    for (const auto& s : rows_) out.setFromConfigOrDefault(s);
    return out;
}

// "-", a word, or (for a program that takes positionals) a negative number.
bool OptionTable::isPositional(const std::string& arg) const {
    const bool negativeNumber = arg.size() > 1 && arg[0] == '-' && std::isdigit(static_cast<unsigned char>(arg[1]));
    return arg == "-" || arg[0] != '-' || (negativeNumber && !positionals_.empty());
}

OptionTable::Given OptionTable::lookUp(const std::string& arg) const {
    Given g;
    if (arg.rfind("--", 0) == 0) {
        const auto eq = arg.find('=');
        g.spec = findLong(std::string_view(arg).substr(2, eq == std::string::npos ? std::string::npos : eq - 2));
        if (eq != std::string::npos) g.attached = arg.substr(eq + 1);
    } else {
        g.spec = findShort(arg[1]);
        if (arg.size() > 2) g.attached = arg.substr(2);
    }
    if (!g.spec) throw UsageError(arg.substr(0, arg.find('=')) + ": unknown option (see --help)");
    return g;
}

// Reads the option argv[i] and its value; returns the index of the last
// argument it used (i + 1 when the value is the next argument).
int OptionTable::readOption(OptionValues& out, int argc, const char* const argv[], int i) const {
    Given g = lookUp(argv[i]);
    const OptionSpec& s = *g.spec;
    if (s.type == OptionType::Flag) {
        if (g.attached) throw UsageError("--" + s.name + ": takes no value");
        out.setFromCommandLine(s, "yes");
    } else if (s.type == OptionType::YesNo) {
        // "--direct", "--direct=1", or "--threaded no" as the shellpacks pass it.
        if (!g.attached && i + 1 < argc && argv[i + 1][0] != '-') g.attached = argv[++i];
        out.setFromCommandLine(s, g.attached.value_or("yes"));
    } else {
        if (!g.attached) {
            if (i + 1 >= argc) throw UsageError("--" + s.name + ": needs a value");
            g.attached = argv[++i];
        }
        out.setFromCommandLine(s, *g.attached);
    }
    return i;
}

void OptionTable::checkCommandLine(const OptionValues& out) const {
    if (out.has("print-option") && !findLong(out.text("print-option")))
        throw UsageError("--print-option: no option --" + out.text("print-option"));
    if (out.positionals.size() > positionals_.size())
        throw UsageError("unexpected argument '" + out.positionals[positionals_.size()] + "'" +
                         (positionals_.empty() ? std::string(": this program takes only options (see --help)")
                                               : std::string(" (see --help)")));
}

void OptionTable::printHelp(std::ostream& out, std::string_view program, std::string_view summary) const {
    out << "usage: " << program << " [options]";
    for (const auto& p : positionals_) out << ' ' << p;
    out << '\n' << summary << "\n\noptions (config variable, default and range in brackets):\n";
    for (const auto& s : rows_) {
        std::string head = "  ";
        head += s.shortName ? std::string("-") + s.shortName + ", " : "    ";
        head += "--" + s.name;
        if (!s.valueName.empty()) head += " " + s.valueName;
        else if (s.type == OptionType::Integer) head += " N";
        else if (s.type == OptionType::Text) head += s.choices.empty() ? " TEXT" : " " + s.choices;
        else if (s.type == OptionType::YesNo) head += " [yes|no]";
        std::vector<std::string> notes;
        if (!s.envVar.empty()) notes.push_back(s.envVar);
        if (s.defaultValue) notes.push_back("default " + (s.defaultValue->empty() ? "''" : *s.defaultValue));
        if (s.type == OptionType::Integer)
            notes.push_back(s.max == std::numeric_limits<std::uint64_t>::max()
                                ? ">= " + std::to_string(s.min)
                                : std::to_string(s.min) + ".." + std::to_string(s.max));
        std::string bracket;
        for (const auto& n : notes) bracket += (bracket.empty() ? "[" : ", ") + n;
        if (!bracket.empty()) bracket += "]";
        out << head << '\n' << "        " << s.help << (bracket.empty() ? "" : " " + bracket) << '\n';
    }
}

void OptionTable::printVariables(std::ostream& out) const {
    for (const auto& s : rows_) {
        if (s.envVar.empty() || isHarnessVariable(s.envVar)) continue;
        out << s.envVar << (s.defaultValue ? "=" + *s.defaultValue : std::string()) << '\n';
    }
}

}  // namespace mmtp
