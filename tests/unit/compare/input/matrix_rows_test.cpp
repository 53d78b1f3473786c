// A matrix's rows that are not in its tree are named, with why, escaped.
#include "input/matrix_rows.hpp"

#include "common/temp_dir.hpp"

#include <catch2/catch.hpp>
#include <fstream>

using namespace mmtp::compare;

TEST_CASE("the rows a matrix asked for but the tree lacks are named with their reason", "[compare][matrix-rows]") {
    mmtp::TempDir dir("matrix-rows-test");
    Warnings w;
    CHECK(matrixRowNotes(dir.path(), w).empty());  // not a matrix tree
    std::ofstream(dir.path() / "matrix-rows.txt")
        << "row mitigations=off accepted 3\nrow retbleed=off accepted 3\n"
           "row spectre_v2=ibrs rejected spectre_v2=ibrs is not in effect: \x1b[2Kvulnerabilities\n"
           "row retbleed=stuff short 1 of 3: the guest did not power off\ngarbage\n";
    CHECK(matrixRowNotes(dir.path(), w) ==
          std::vector<std::string>{
              "the matrix asked for 4 rows (mitigations=off, retbleed=off, spectre_v2=ibrs, retbleed=stuff); 2 not in "
              "this tree:",
              "  spectre_v2=ibrs rejected: spectre_v2=ibrs is not in effect: \\e[2Kvulnerabilities",
              "  retbleed=stuff short: 1 of 3: the guest did not power off"});
    std::ofstream(dir.path() / "matrix-rows.txt") << "row a accepted 2\nrow b accepted 2\n";
    CHECK(matrixRowNotes(dir.path(), w).empty());  // every row complete: nothing to say
    CHECK(w.empty());
}
