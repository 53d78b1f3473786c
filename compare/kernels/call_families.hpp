// call_families.hpp - compare-kernels' calls, once every comparison of the
// report is known: the report's metrics share one error rate (alpha), so
// the chance of any false call in the report stays at it.
#pragma once
#include "kernels/model.hpp"

namespace mmtp::compare {

// Each verdict's family: every metric of every benchmark and compared run.
void settleFamilies(KernelsData& d, const CallSettings& calls);

// Each --bisect candidate's place, at one confidence for every candidate's
// every metric (Bonferroni over them).
void settleBisectFamily(KernelsData& d);

}  // namespace mmtp::compare
