#include "stats/extraction.hpp"

#include "core/perl_scalar.hpp"

#include <set>

namespace mmtp::compare {

bool Extraction::refuseLong(const std::string& op) {
    if (op.size() <= kMaxOperationNameBytes) return false;
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
    if (!looksLikeNumber(value) || !looksLikeNumber(sampleNr)) return;
    addNumbers(op, numify(sampleNr), numify(value));
}

void Extraction::addNumbers(const std::string& op, double sampleNr, double value) {
    if (refuseLong(op)) return;
    remember(op);
    auto& iterations = data_[op];
    if (iterations.size() <= static_cast<std::size_t>(iteration_)) iterations.resize(static_cast<std::size_t>(iteration_) + 1);
    iterations[static_cast<std::size_t>(iteration_)].sampleNrs.push_back(sampleNr);
    iterations[static_cast<std::size_t>(iteration_)].values.push_back(value);
}

void Extraction::remember(const std::string& op) {
    if (seen_.insert(op).second) ops_.push_back(op);
}

std::string operationLabel(const Row& r) {
    std::string label = r.metric;
    if (!r.factorA.empty() && r.factorA != "_") label += "-" + r.factorA;
    if (!r.factorB.empty() && r.factorB != "_") label += "-" + r.factorB;
    return label;
}

void Extraction::addRows(const Rows& rows, const LabelFilter& keep) {
    std::set<std::string> seenRatio;
    std::vector<std::string> ratioOps;
    for (const Row& r : rows) {
        std::string label = operationLabel(r);
        if (refuseLong(label)) continue;  // before keep, whose regex would recurse over it
        if (!keep || keep(label)) addData(label, r.interval, r.value);
        if (!r.extra.empty() && r.extra[0] == 'R' && seenRatio.insert(label).second) ratioOps.push_back(label);
    }
    // Each iteration's parse replaces the list (ExtractShellpack.pm).
    if (!ratioOps.empty()) ratioOps_ = ratioOps;
}

std::vector<double> Extraction::allValues(const std::string& op) const {
    std::vector<double> out;
    if (auto it = data_.find(op); it != data_.end())
        for (const IterationSamples& s : it->second) out.insert(out.end(), s.values.begin(), s.values.end());
    return out;
}

const std::vector<IterationSamples>* Extraction::samples(const std::string& op) const {
    auto it = data_.find(op);
    return it == data_.end() ? nullptr : &it->second;
}

}  // namespace mmtp::compare
