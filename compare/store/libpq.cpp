#include "store/libpq.hpp"

#include <dlfcn.h>
#include <stdexcept>
#include <string>

namespace mmtp::compare::store {

namespace {

constexpr const char* kLibpq = "libpq.so.5";

template <typename Function>
void resolve(void* library, const char* name, Function& function) {
    void* symbol = ::dlsym(library, name);
    if (!symbol) throw std::runtime_error(std::string(kLibpq) + " has no " + name + " (libpq 14 or newer is needed)");
    function = reinterpret_cast<Function>(symbol);  // NOLINT: dlsym's documented use
}

Libpq load() {
    // Lazily bound: the libraries of libpq's 23 not linked -z now (Kerberos',
    // GMP, libffi) then resolve only what a session calls. RTLD_NOW cost 4.3
    // ms CPU a start, RTLD_LAZY 3.0 (perf stat, 40 starts each), against a
    // 4.4 ms report; every function pg_db.cpp calls is resolved below.
    void* library = ::dlopen(kLibpq, RTLD_LAZY | RTLD_LOCAL);
    if (!library) {
        const char* why = ::dlerror();
        throw std::runtime_error(std::string("PostgreSQL store: cannot load ") + kLibpq + " (" + (why ? why : "?") +
                                 "); apt-get install libpq5");
    }
    Libpq pq{};
    resolve(library, "PQclear", pq.PQclear);
    resolve(library, "PQcmdStatus", pq.PQcmdStatus);
    resolve(library, "PQconnectdb", pq.PQconnectdb);
    resolve(library, "PQenterPipelineMode", pq.PQenterPipelineMode);
    resolve(library, "PQerrorMessage", pq.PQerrorMessage);
    resolve(library, "PQexec", pq.PQexec);
    resolve(library, "PQexecParams", pq.PQexecParams);
    resolve(library, "PQexitPipelineMode", pq.PQexitPipelineMode);
    resolve(library, "PQfinish", pq.PQfinish);
    resolve(library, "PQfsize", pq.PQfsize);
    resolve(library, "PQftype", pq.PQftype);
    resolve(library, "PQgetResult", pq.PQgetResult);
    resolve(library, "PQgetisnull", pq.PQgetisnull);
    resolve(library, "PQgetlength", pq.PQgetlength);
    resolve(library, "PQgetvalue", pq.PQgetvalue);
    resolve(library, "PQntuples", pq.PQntuples);
    resolve(library, "PQpipelineStatus", pq.PQpipelineStatus);
    resolve(library, "PQpipelineSync", pq.PQpipelineSync);
    resolve(library, "PQprepare", pq.PQprepare);
    resolve(library, "PQputCopyData", pq.PQputCopyData);
    resolve(library, "PQputCopyEnd", pq.PQputCopyEnd);
    resolve(library, "PQresultErrorMessage", pq.PQresultErrorMessage);
    resolve(library, "PQresultStatus", pq.PQresultStatus);
    resolve(library, "PQsendPrepare", pq.PQsendPrepare);
    resolve(library, "PQsendQuery", pq.PQsendQuery);
    resolve(library, "PQsendQueryParams", pq.PQsendQueryParams);
    resolve(library, "PQsendQueryPrepared", pq.PQsendQueryPrepared);
    resolve(library, "PQsetNoticeProcessor", pq.PQsetNoticeProcessor);
    resolve(library, "PQsetSingleRowMode", pq.PQsetSingleRowMode);
    resolve(library, "PQstatus", pq.PQstatus);
    resolve(library, "PQtransactionStatus", pq.PQtransactionStatus);
    return pq;  // the library stays loaded for the life of the program
}

}  // namespace

const Libpq& libpq() {
    static const Libpq pq = load();
    return pq;
}

}  // namespace mmtp::compare::store
