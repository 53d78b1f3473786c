// shell_text.hpp - the text tools MMTests' shell parsers pipe through
// (cut, sed, awk number printing), reproduced where their quirks decide
// which rows come out.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace mmtp::compare {

// `cut -dD -fN` of one line (1-based; the whole line when D is absent).
std::string cutField(std::string_view line, char delim, int n);

// awk's conversion of a string to a number (leading blanks, numeric prefix).
double awkNumber(std::string_view s);

// awk's print of a number: an integer as %d, anything else with OFMT "%.6g".
std::string awkFormat(double v);

// Names in `names` matching the glob PREFIX*SUFFIX (no other metacharacters).
std::vector<std::string> globNames(const std::vector<std::string>& names,
                                   std::string_view prefix, std::string_view suffix = {});

// `sort -n` / `sort -u` of words, as the shell parsers call them (C locale).
std::vector<std::string> sortNumeric(std::vector<std::string> words);
std::vector<std::string> sortUnique(std::vector<std::string> words);

// Perl's split(/SEP/, $s): trailing empty fields dropped.
std::vector<std::string> perlSplit(std::string_view s, char sep);

// Perl's split(/\s+/, $s): a leading empty field when s starts with blanks,
// trailing empty fields dropped.
std::vector<std::string> perlSplitWhitespace(std::string_view s);

}  // namespace mmtp::compare
