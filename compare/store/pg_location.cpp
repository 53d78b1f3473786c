#include "store/pg_location.hpp"

#include "store/db.hpp"

#include <algorithm>

namespace mmtp::compare::store {

namespace {

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// "%41b" -> "Ab"; a stray '%' is kept (libpq refuses it, and we redact both forms).
std::string percentDecoded(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && hexDigit(s[i + 1]) >= 0 && hexDigit(s[i + 2]) >= 0) {
            out.push_back(static_cast<char>(hexDigit(s[i + 1]) << 4 | hexDigit(s[i + 2])));
            i += 2;
        } else {
            out.push_back(s[i]);
        }
    }
    return out;
}

std::string schemeOf(const std::string& location) {
    return location.rfind("postgresql:", 0) == 0 ? "postgresql:" : "postgres:";
}

// Where the user information ends (its '@'), or npos. An '@' inside the
// parameters (?user=a@b) is not it: a '?' then a '=' come before it there.
std::size_t userInfoEnd(const std::string& rest) {
    if (rest.empty() || rest[0] == '/') return std::string::npos;
    std::size_t at = rest.rfind('@');
    std::size_t query = rest.find('?');
    if (at != std::string::npos && query != std::string::npos && query < at && rest.find('=', query) < at)
        at = rest.rfind('@', query);
    return at;
}

void addSecret(std::vector<std::string>& secrets, const std::string& s) {
    if (s.empty()) return;
    secrets.push_back(s);
    if (std::string d = percentDecoded(s); d != s && !d.empty()) secrets.push_back(d);
}

// Every value of a password= parameter in "a=1&password=x&b=2".
void addPasswordParameters(std::vector<std::string>& secrets, const std::string& query) {
    std::size_t start = 0;
    while (start <= query.size()) {
        std::size_t end = std::min(query.find('&', start), query.size());
        std::string pair = query.substr(start, end - start);
        std::size_t eq = pair.find('=');
        if (eq != std::string::npos && percentDecoded(pair.substr(0, eq)) == "password")
            addSecret(secrets, pair.substr(eq + 1));
        start = end + 1;
    }
}

}  // namespace

std::string PgLocation::redact(std::string message) const {
    for (const std::string& s : secrets)
        for (std::size_t at = 0; (at = message.find(s, at)) != std::string::npos; at += 3)
            message.replace(at, s.size(), "***");
    const std::string token = "invalid percent-encoded token";
    if (std::size_t at = message.find(token); at != std::string::npos) message = message.substr(0, at + token.size());
    return message;
}

PgLocation parsePgLocation(const std::string& location) {
    const std::string scheme = schemeOf(location);
    PgLocation loc;
    if (location == scheme) {
        loc.display = scheme;
        return loc;  // conninfo "": libpq's defaults
    }
    if (location.compare(scheme.size(), 2, "//") != 0)
        throw StoreError("store " + scheme + "...: not a PostgreSQL URI (" + scheme +
                         "//[user@][host][:port][/db][?param=value...], or " + scheme + " alone for libpq's defaults)");
    const std::string rest = location.substr(scheme.size() + 2);
    const std::size_t at = userInfoEnd(rest);
    std::string userInfo = at == std::string::npos ? "" : rest.substr(0, at);
    const std::string after = at == std::string::npos ? rest : rest.substr(at + 1);
    const std::size_t colon = userInfo.find(':');
    const std::string user = userInfo.substr(0, colon);
    const bool hasPassword = colon != std::string::npos;
    if (hasPassword) addSecret(loc.secrets, userInfo.substr(colon + 1));
    const std::size_t query = after.find('?');
    if (query != std::string::npos) addPasswordParameters(loc.secrets, after.substr(query + 1));
    std::sort(loc.secrets.begin(), loc.secrets.end(),
              [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
    const std::string shownUser = user.find_first_of("/?#@") == std::string::npos ? user : "...";
    loc.display = scheme + "//" + (at == std::string::npos ? "" : shownUser + (hasPassword ? ":***" : "") + "@") +
                  loc.redact(after.substr(0, query));
    if (userInfo.find_first_of("/?#@") != std::string::npos)
        throw StoreError("store " + loc.display +
                         ": the user name or password holds '/', '?', '#' or '@', where libpq would cut the URI: "
                         "percent-encode them (%2F, %3F, %23, %40)");
    loc.conninfo = location;
    return loc;
}

}  // namespace mmtp::compare::store
