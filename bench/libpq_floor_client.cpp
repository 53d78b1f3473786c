// libpq_floor_client.cpp - the least a PostgreSQL client does before its
// first query, for bench/results-store-scale.sh: load libpq.so.5 as
// compare/store/libpq.cpp loads it (dlopen, RTLD_LAZY | RTLD_LOCAL),
// connect, and disconnect. Its CPU beyond a process that does nothing (the
// same program given no URI) is what any libpq client's report pays on top
// of the tree's: the floor a --store report of a PostgreSQL store stands on.
// Built by the bench script into its temp dir; not part of the product.
//   libpq-floor-client [URI]   (no URI: exit at once, the bare process)
#include <dlfcn.h>

#include <cstdio>

int main(int argc, char** argv) {
    if (argc < 2) return 0;
    void* libpq = ::dlopen("libpq.so.5", RTLD_LAZY | RTLD_LOCAL);
    if (!libpq) {
        std::fprintf(stderr, "libpq-floor-client: %s\n", ::dlerror());
        return 1;
    }
    using Connect = void* (*)(const char*);
    using Status = int (*)(const void*);
    using Finish = void (*)(void*);
    auto connect = reinterpret_cast<Connect>(::dlsym(libpq, "PQconnectdb"));
    auto status = reinterpret_cast<Status>(::dlsym(libpq, "PQstatus"));
    auto finish = reinterpret_cast<Finish>(::dlsym(libpq, "PQfinish"));
    if (!connect || !status || !finish) return 1;
    void* conn = connect(argv[1]);
    const int ok = conn && status(conn) == 0;  // CONNECTION_OK
    finish(conn);
    if (!ok) std::fprintf(stderr, "libpq-floor-client: cannot connect\n");
    return ok ? 0 : 1;
}
