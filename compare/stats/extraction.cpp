#include "stats/extraction.hpp"

#include "core/perl_scalar.hpp"

#include <set>

namespace mmtp::compare {

namespace {

bool tooLong(const std::string& op) { return op.size() > kMaxOperationNameBytes; }

}  // namespace

bool Extraction::refuseLong(const std::string& op) {
    if (!tooLong(op)) return false;
    ++refusedLongNames_;
    return true;
}

void Extraction::setOperations(std::vector<std::string> ops) {
    std::erase_if(ops, [this](const std::string& op) { return refuseLong(op); });
    fixedOps_ = std::move(ops);
}

void Extraction::addData(const std::string& op, std::string_view sampleNr, std::string_view value) {
    if (refuseLong(op)) return;
    remember(op);
    const std::optional<double> v = perlNumber(value), n = perlNumber(sampleNr);
    if (v && n) addNumbers(op, *n, *v);
}

void Extraction::addNumbers(const std::string& op, double sampleNr, double value) {
    if (refuseLong(op)) return;
    remember(op);
    IterationSamples& s = thisIteration(op);
    s.sampleNrs.push_back(sampleNr);
    s.values.push_back(value);
}

IterationSamples& Extraction::thisIteration(const std::string& op) {
    auto& iterations = data_[op];
    if (iterations.size() <= static_cast<std::size_t>(iteration_)) iterations.resize(static_cast<std::size_t>(iteration_) + 1);
    return iterations[static_cast<std::size_t>(iteration_)];
}

void Extraction::remember(const std::string& op) {
    if (seen_.insert(op).second) ops_.push_back(op);
}

namespace {

void setOperationLabel(std::string& label, const RowView& r) {
    label.assign(r.metric);
    for (std::string_view factor : {r.factorA, r.factorB})
        if (!factor.empty() && factor != "_") label.append("-").append(factor);
}

}  // namespace

std::string operationLabel(const RowView& r) {
    std::string label;
    setOperationLabel(label, r);
    return label;
}

void Extraction::addRows(const RowTable& rows, const LabelFilter& keep) {
    std::set<std::string> seenRatio;
    std::vector<std::string> ratioOps;
    // An operation's rows come one after another: its label is checked
    // (length, keep's regex) and its samples looked up once per run of rows,
    // with addData's rules (perlNumber) for each row.
    std::string label, last;
    bool first = true, refused = false, kept = false;
    IterationSamples* samples = nullptr;
    for (const RowView& r : rows) {
        setOperationLabel(label, r);
        if (first || label != last) {
            first = false;
            last = label;
            refused = tooLong(label);  // before keep, whose regex would recurse over it
            kept = !refused && (!keep || keep(label));
            if (kept) remember(label);
            samples = nullptr;
        }
        if (refused) {
            ++refusedLongNames_;
            continue;
        }
        if (kept) {
            const std::optional<double> value = perlNumber(r.value), sampleNr = perlNumber(r.interval);
            if (value && sampleNr) {
                if (!samples) samples = &thisIteration(label);
                samples->sampleNrs.push_back(*sampleNr);
                samples->values.push_back(*value);
            }
        }
        if (!r.extra.empty() && r.extra[0] == 'R' && seenRatio.insert(label).second) ratioOps.push_back(label);
    }
    // Each iteration's parse replaces the list (ExtractShellpack.pm).
    if (!ratioOps.empty()) ratioOps_ = ratioOps;
}

std::vector<double> Extraction::allValues(const std::string& op) const {
    std::vector<double> out;
    if (auto it = data_.find(op); it != data_.end()) {
        std::size_t n = 0;
        for (const IterationSamples& s : it->second) n += s.values.size();
        out.reserve(n);
        for (const IterationSamples& s : it->second) out.insert(out.end(), s.values.begin(), s.values.end());
    }
    return out;
}

const std::vector<IterationSamples>* Extraction::samples(const std::string& op) const {
    auto it = data_.find(op);
    return it == data_.end() ? nullptr : &it->second;
}

}  // namespace mmtp::compare
