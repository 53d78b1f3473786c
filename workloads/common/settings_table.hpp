// settings_table.hpp - option rows bound to the fields of a workload's
// settings struct, as fio's option table binds each row to its offsetof in
// the job: one declaration per option drives the parser, --help,
// --print-variables, the config-variable fallback (option_table.hpp) and
// the field it fills, with the row's own check beside it. A workload keeps
// no second list that copies OptionValues into its settings by hand.
//
// A row: bind(SPEC, &Settings::field) (the field's type says how the value
// is read: a number, yes/no, text, a path, an optional), bind(SPEC, FIELD,
// convert) for a field read through a function of the text (an enum), or
// bindIn(SPEC, &Settings::member, &Member::field [, convert]) for a field
// inside a member. .check(fn) adds what one row's range cannot say
// (an option that depends on an earlier one); fill then check run row by
// row, in table order, so the first problem met is the one reported.
#pragma once
#include "common/option_table.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace mmtp {

namespace bound_detail {

template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};

// The value row `name` gave, as a T (a field's type); absent rows leave the
// field as the struct's initializer has it (bool: false).
template <class T>
void readInto(T& field, const OptionValues& v, const std::string& name) {
    if constexpr (std::is_same_v<T, bool>) {
        field = v.yes(name);
    } else if (!v.has(name)) {
        return;
    } else if constexpr (IsOptional<T>::value) {
        typename T::value_type inner{};
        readInto(inner, v, name);
        field = std::move(inner);
    } else if constexpr (std::is_integral_v<T>) {
        field = v.number<T>(name);
    } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
        field = v.all(name);
    } else {
        static_assert(std::is_constructible_v<T, const std::string&>, "bind: give a conversion for this field");
        field = T(v.text(name));
    }
}

}  // namespace bound_detail

// One option row and the field it fills.
template <class S>
struct BoundOption {
    OptionSpec spec;
    std::function<void(S&, const OptionValues&)> fill;
    std::function<void(const S&)> checkFn;  // empty: the row's range and choices say it all

    // What this row's value must also satisfy, given the rows before it;
    // throws UsageError naming the option.
    BoundOption check(std::function<void(const S&)> fn) && {
        checkFn = std::move(fn);
        return std::move(*this);
    }
};

namespace bound_detail {

// A row filling the field access(s) returns.
template <class S, class Access>
BoundOption<S> filling(OptionSpec spec, Access access) {
    std::string name = spec.name;
    return {std::move(spec), [access, name](S& s, const OptionValues& v) { readInto(access(s), v, name); }, {}};
}

// A row filling the field access(s) returns from its text, through convert.
template <class S, class Access, class Convert>
BoundOption<S> converting(OptionSpec spec, Access access, Convert convert) {
    std::string name = spec.name;
    return {std::move(spec),
            [access, name, convert](S& s, const OptionValues& v) {
                if (v.has(name)) access(s) = convert(v.text(name));
            },
            {}};
}

}  // namespace bound_detail

// A row filling the member field.
template <class S, class F>
BoundOption<S> bind(OptionSpec spec, F S::*field) {
    return bound_detail::filling<S>(std::move(spec), [field](S& s) -> F& { return s.*field; });
}

// A row filling the member field from its text through convert (an enum's parser).
template <class S, class F, class Convert>
BoundOption<S> bind(OptionSpec spec, F S::*field, Convert convert) {
    return bound_detail::converting<S>(
        std::move(spec), [field](S& s) -> F& { return s.*field; }, convert);
}

// A row filling a field of a member (s.recipe.rules: bindIn(SPEC, &S::recipe, &Recipe::rules)).
template <class S, class M, class F>
BoundOption<S> bindIn(OptionSpec spec, M S::*member, F M::*field) {
    return bound_detail::filling<S>(std::move(spec), [member, field](S& s) -> F& { return (s.*member).*field; });
}

// The same, from its text through convert.
template <class S, class M, class F, class Convert>
BoundOption<S> bindIn(OptionSpec spec, M S::*member, F M::*field, Convert convert) {
    return bound_detail::converting<S>(
        std::move(spec), [member, field](S& s) -> F& { return (s.*member).*field; }, convert);
}

// A row whose fill is its own: it reads more than its value (a row that
// another overrides), or nothing (a row other rows read, a row accepted for
// compatibility only).
template <class S>
BoundOption<S> row(OptionSpec spec, std::function<void(S&, const OptionValues&)> fill = {}) {
    if (!fill) fill = [](S&, const OptionValues&) {};
    return {std::move(spec), std::move(fill), {}};
}

// The option every workload shares: --logdir (logdirOption), required when
// the settings are made (--help and --print-variables make none).
template <class S>
BoundOption<S> logdirRow(const char* what, std::filesystem::path S::*field) {
    return {logdirOption(what), [field](S& s, const OptionValues& v) { s.*field = v.required("logdir"); }, {}};
}

// A workload's rows and the settings they make.
template <class S>
class SettingsTable {
public:
    explicit SettingsTable(std::vector<BoundOption<S>> rows, std::vector<std::string> positionals = {})
        : rows_(std::move(rows)), options_(specsOf(rows_), std::move(positionals)) {}

    // The rows as the parser, --help and --print-variables read them.
    const OptionTable& options() const { return options_; }

    // Each row fills its field, then checks it, in table order; throws UsageError naming the option.
    S settings(const OptionValues& v) const {
        S s{};
        for (const BoundOption<S>& row : rows_) {
            row.fill(s, v);
            if (row.checkFn) row.checkFn(s);
        }
        return s;
    }

private:
    static std::vector<OptionSpec> specsOf(const std::vector<BoundOption<S>>& rows) {
        std::vector<OptionSpec> specs;
        specs.reserve(rows.size());
        for (const BoundOption<S>& row : rows) specs.push_back(row.spec);
        return specs;
    }

    std::vector<BoundOption<S>> rows_;
    OptionTable options_;
};

}  // namespace mmtp
