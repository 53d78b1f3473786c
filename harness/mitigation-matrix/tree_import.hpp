// tree_import.hpp - one boot's files into the standard tree:
//   DIR/log/ROW/iter-N/...         run-config's iter-J of that boot, renamed
//                                  (N = FIRST + J: the row's next iterations)
//   DIR/log/ROW/iter-N/boot-id     the boot's /proc/sys/kernel/random/boot_id
//   DIR/log/ROW/iter-N/matrix-boot.txt   uname, cmdline, vulnerabilities, dmesg lines, verdict
//   DIR/log/ROW/mmtests-activity   every boot's lines, then one "status :: N"
// and every boot, counted or not, under DIR/matrix/boots/boot-K/.
#pragma once
#include "mitigation-matrix/boot_check.hpp"
#include "mitigation-matrix/boot_files.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace mmtp::matrix {

// boot/{boot-id,release,cmdline,vulnerabilities,dmesg} -> evidence. Throws
// Error naming what the boot did not send.
BootEvidence evidenceFrom(const BootFiles& files);

// The exit status run-config had in that boot (boot/run-config.status).
int runConfigStatus(const BootFiles& files);

// Writes DIR/matrix/boots/boot-K/ (the record, the console, run-config's
// output): kept for every boot, so a rejected or failed one can be read.
void keepBootRecord(const std::filesystem::path& workDir, int bootNumber, const std::string& record,
                    const BootFiles& files, const std::string& console);

// Moves the boot's iter-0..iter-(COUNT-1) into DIR/log/ROW/iter-FIRST...
// Each is built in a staging folder, then all are renamed, the first last:
// iter-FIRST (which names the boot, acceptImported's sign) appears only
// when the others are there. Throws Error when the boot's tree lacks one of
// them or a target exists already.
void importIterations(const std::filesystem::path& workDir, const MatrixRow& row, int first, int count,
                      const BootFiles& files, const std::string& record);

// A boot's iterations that an interrupted import renamed without iter-FIRST:
// removed, so the boot that redoes them finds their names free.
void removePartialImport(const std::filesystem::path& workDir, const std::string& row, int first, int count);

}  // namespace mmtp::matrix
