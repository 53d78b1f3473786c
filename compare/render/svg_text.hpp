// svg_text.hpp - the pieces every inline SVG chart of the HTML report shares:
// text placed so it stays inside the picture (a width estimate from the font
// size, wrapping instead of cutting), nice axis ticks, the run colours and
// line styles, the legend, and MMTests' names for units. Every string from
// the log tree goes through escapeHtml here.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace mmtp::compare::svg {

std::string num(double v);  // coordinates: one decimal

// An upper estimate of the rendered width of text in a sans-serif font (every
// character counted as wide as an "m" is not: 0.62 em, wide enough for the
// digits, capitals and lower case of a run or operation name).
double textWidth(std::string_view text, double fontSize);

// text broken into lines no wider than maxWidth (textWidth), preferring to
// break after a space, '-', '_', '/', ',' or '.'; never splits a UTF-8 character.
std::vector<std::string> wrapText(std::string_view text, double fontSize, double maxWidth);

// One <text> element, content escaped. anchor: start, middle or end.
std::string text(double x, double y, std::string_view content, double fontSize, std::string_view anchor = "start",
                 std::string_view extraAttributes = "");

// Wrapped lines (lineHeight apart) starting with a baseline at y; returns the
// SVG and sets bottom to the last baseline plus a descent.
std::string wrappedText(double x, double y, std::string_view content, double fontSize, double maxWidth,
                        double& bottom, std::string_view extraAttributes = "");

const char* colour(std::size_t run);
const char* dash(std::size_t style);  // "" for a solid line

// About target ticks at round values (1, 2, 5 x 10^n) covering lo..hi; never
// empty (lo and hi alone when no round values fit: a denormal range, 1e308).
std::vector<double> niceTicks(double lo, double hi, int target = 5);
// niceTicks at whole numbers only (a step of at least 1) from lo's ceiling
// to hi's floor: iteration numbers, never 1.2 or 1.4; empty when no whole
// number lies in lo..hi.
std::vector<double> wholeTicks(double lo, double hi, int target = 5);
// A tick value with as many decimals as step needs; k/M/G above 10^4.
std::string tickLabel(double v, double step);

// MMTests' label for a shellpack.yaml unit (DataTypes.pm), the unit itself
// when unknown, "" when none.
std::string unitLabel(const std::string& unit);
// A shellpack.yaml unit whose values cannot be negative: every unit
// DataTypes.pm knows (times, latencies, rates, counts, percentages).
bool cannotBeNegative(const std::string& unit);

struct LegendEntry {
    std::string label;
    std::size_t colour = 0;
    std::size_t dash = 0;
};
// Swatch and label per entry, in rows that wrap at width (x..x+width); a
// label wider than a row wraps too. Returns the SVG; height is set to the
// height used.
std::string legend(const std::vector<LegendEntry>& entries, double x, double y, double width, double& height);

// <svg> with a viewBox equal to its size, so the page never scales it.
std::string openSvg(double width, double height, std::string_view cssClass);

}  // namespace mmtp::compare::svg
