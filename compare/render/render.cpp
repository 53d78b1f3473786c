#include "render/render.hpp"

#include "render/html_escape.hpp"

namespace mmtp::compare {

namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string fallbackFormat(int fieldLength) { return "%" + std::to_string(fieldLength) + ".2f"; }

// PrintGeneric::printRow
void textRows(const FormattedTable& t, int fieldLength, std::string& out) {
    for (const auto& row : t.rows) {
        for (std::size_t c = 0; c < row.size(); ++c) {
            const PerlArg& cell = row[c];
            std::string format = c < t.formats.size() ? t.formats[c] : fallbackFormat(fieldLength);
            // A significant difference is shown as "* x%*" instead of "( x%)".
            if (cell.kind == PerlArg::Kind::String && endsWith(cell.str, ":SIG:"))
                for (char& ch : format)
                    if (ch == '(' || ch == ')') ch = '*';
            std::string s = perlSprintf(format, cell);
            out += cell.isUndef() ? std::string(s.size(), ' ') : s;
        }
        out += '\n';
    }
}

// PrintHtml::_printRow, which printf()s "<td>FORMAT</td>" with the cell. Only
// the formatted cell is escaped (run and operation names may carry markup);
// without & < > " ' in it that is the Perl's output byte for byte.
void htmlRows(const FormattedTable& t, int fieldLength, const std::string& open, const std::string& close,
              std::string& out) {
    for (const auto& row : t.rows) {
        out += "<tr>";
        for (std::size_t c = 0; c < row.size(); ++c) {
            PerlArg cell = row[c];
            if (c < t.formats.size()) {
                std::string color;
                if (cell.kind == PerlArg::Kind::String && endsWith(cell.str, ":SIG:")) {
                    cell.str.resize(cell.str.size() - 5);
                    color = cell.asNumber() > 0 ? "bgcolor=\"#A0FFA0\"" : "bgcolor=\"#FFA0A0\"";
                }
                if (cell.kind == PerlArg::Kind::String && endsWith(cell.str, ":NSIG:")) cell.str.resize(cell.str.size() - 6);
                out += "<" + open + " " + color + ">" + escapeHtml(perlSprintf(t.formats[c], cell)) + "</" + close + ">";
            } else {
                out += "<" + open + ">" + escapeHtml(perlSprintf(fallbackFormat(fieldLength), cell)) + "</" + close + ">";
            }
        }
        out += "</tr>\n";
    }
}

}  // namespace

std::string renderReport(const ComparisonReport& report, OutputFormat format) {
    std::string out;
    if (format == OutputFormat::Text) {
        textRows(report.header, report.fieldLength, out);
        textRows(report.body, report.fieldLength, out);
        return out;
    }
    out += "<table class=\"resultsTable\">\n";
    htmlRows(report.header, report.fieldLength, "th colspan=\"2\"", "th", out);
    htmlRows(report.body, report.fieldLength, "td", "td", out);
    out += "</table>\n";
    return out;
}

}  // namespace mmtp::compare
