// libpq.hpp - libpq, loaded when a PostgreSQL store is first opened. Linked
// in, it brought 18 shared libraries (Kerberos, LDAP, GnuTLS) into every
// start of the compare tools, which cost more than most reports' own work
// (tests/README.md); an SQLite store and a report from a tree never use it.
#pragma once
#include <libpq-fe.h>

namespace mmtp::compare::store {

// The libpq functions pg_db.cpp calls, by their own names.
struct Libpq {
    decltype(&::PQclear) PQclear;
    decltype(&::PQcmdStatus) PQcmdStatus;
    decltype(&::PQconnectdb) PQconnectdb;
    decltype(&::PQenterPipelineMode) PQenterPipelineMode;
    decltype(&::PQerrorMessage) PQerrorMessage;
    decltype(&::PQexec) PQexec;
    decltype(&::PQexecParams) PQexecParams;
    decltype(&::PQexitPipelineMode) PQexitPipelineMode;
    decltype(&::PQfinish) PQfinish;
    decltype(&::PQfsize) PQfsize;
    decltype(&::PQftype) PQftype;
    decltype(&::PQgetResult) PQgetResult;
    decltype(&::PQgetisnull) PQgetisnull;
    decltype(&::PQgetlength) PQgetlength;
    decltype(&::PQgetvalue) PQgetvalue;
    decltype(&::PQntuples) PQntuples;
    decltype(&::PQpipelineStatus) PQpipelineStatus;
    decltype(&::PQpipelineSync) PQpipelineSync;
    decltype(&::PQprepare) PQprepare;
    decltype(&::PQputCopyData) PQputCopyData;
    decltype(&::PQputCopyEnd) PQputCopyEnd;
    decltype(&::PQresultErrorMessage) PQresultErrorMessage;
    decltype(&::PQresultStatus) PQresultStatus;
    decltype(&::PQsendPrepare) PQsendPrepare;
    decltype(&::PQsendQuery) PQsendQuery;
    decltype(&::PQsendQueryParams) PQsendQueryParams;
    decltype(&::PQsendQueryPrepared) PQsendQueryPrepared;
    decltype(&::PQsetNoticeProcessor) PQsetNoticeProcessor;
    decltype(&::PQsetSingleRowMode) PQsetSingleRowMode;
    decltype(&::PQstatus) PQstatus;
    decltype(&::PQtransactionStatus) PQtransactionStatus;
};

// libpq.so.5, loaded on the first call; throws std::runtime_error naming the
// library and how to install it when it cannot be loaded.
const Libpq& libpq();

}  // namespace mmtp::compare::store
