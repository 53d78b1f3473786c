#include "input/bounded_json.hpp"

namespace mmtp::compare {

nlohmann::json parseBoundedJson(std::string_view text, const JsonBounds& bounds, const std::string& where) {
    using json = nlohmann::json;
    std::size_t values = 0;
    auto check = [&](int depth, json::parse_event_t event, json&) {
        if (depth > bounds.depth)
            throw JsonBoundError(where + ": JSON nested deeper than " + std::to_string(bounds.depth) + " levels (" +
                                 bounds.name + "); not read");
        if (event == json::parse_event_t::value || event == json::parse_event_t::object_start ||
            event == json::parse_event_t::array_start)
            if (++values > bounds.values)
                throw JsonBoundError(where + ": more than " + std::to_string(bounds.values) + " JSON values (" +
                                     bounds.name + "); not read");
        return true;
    };
    return json::parse(text, check);
}

}  // namespace mmtp::compare
