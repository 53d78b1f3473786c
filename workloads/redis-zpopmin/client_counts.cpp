#include "redis-zpopmin/client_counts.hpp"

#include <algorithm>
#include <set>

namespace mmtp::rediszpopmin {

namespace {
void seq(std::set<int>& out, int from, int step, int to) {
    for (int v = from; v <= to; v += step) out.insert(v);
}
}  // namespace

std::vector<int> largeStrideClients(int minClients, int maxClients, int ncpus) {
    std::vector<int> result;
    if (maxClients <= 0 || minClients > maxClients) return result;
    std::set<int> v{minClients, maxClients};
    if (maxClients > ncpus * 8) {
        seq(v, minClients, 3, 8);
        seq(v, 12, 9, 32);
        seq(v, 48, 31, ncpus);
        int last = (maxClients - ncpus * 2) / 8;
        if (last <= 0) last = 31;
        seq(v, ncpus * 2, last, maxClients);
    } else if (maxClients > 32) {
        seq(v, minClients, 3, 8);
        seq(v, 12, 9, 32);
        seq(v, 48, 31, maxClients);
    } else if (maxClients > 8) {
        seq(v, minClients, 2, 8);
        seq(v, 12, 6, maxClients);
    } else {
        seq(v, minClients, 2, maxClients);
    }
    for (int n : v)
        if (n >= minClients && n <= maxClients) result.push_back(n);
    return result;
}

}  // namespace mmtp::rediszpopmin
