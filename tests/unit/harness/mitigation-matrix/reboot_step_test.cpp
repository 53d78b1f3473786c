// The kexec and manual backends through their state machine, with the
// reboot replaced by a hook that only changes the boot_id: each step, a
// reboot that did not happen, a SIGKILL mid-measurement, a rejected row.
#include "mitigation-matrix/reboot_step.hpp"
#include "common/temp_dir.hpp"
#include "fake_kernel.hpp"
#include "mitigation-matrix/local_boot.hpp"
#include "mitigation-matrix/schedule_state.hpp"
#include "mitigation-matrix/settle_boot.hpp"

#include <catch2/catch.hpp>
#include <csignal>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace mmtp;
using namespace mmtp::matrix;

namespace {

std::string slurp(const fs::path& file) {
    std::ifstream in(file);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// A machine whose reboots are a new boot_id, and whose "run" of the config
// hands back the files a real run-config would have written for it.
struct FakeMachine {
    int boots = 0;
    std::string bootId() const { return "boot-" + std::to_string(boots); }
    std::vector<std::string> arranged;
    std::string ignoredParameterRow;     // this row's "kernel" ignores its parameter
    std::string release = "6.1.0-test";  // what uname -r says after the reboot
    int iterations = 1;                  // the iter-Ns run-config writes in one boot

    BootFiles measure(const MatrixRow& row) const {
        BootFiles f;
        const bool ignored = row.name == ignoredParameterRow;
        const std::string off = row.cmdline.empty() || ignored ? "Mitigation: untrained return thunk" : "Vulnerable";
        f.files = {{"boot/boot-id", bootId() + "\n"},
                   {"boot/release", release + "\n"},
                   {"boot/cmdline", "root=/dev/vda1 " + row.cmdline + "\n"},
                   {"boot/vulnerabilities", "/sys/devices/system/cpu/vulnerabilities/retbleed:" + off + "\n"},
                   {"boot/dmesg", ignored ? "[0.0] RETBleed: Ignoring unknown retbleed option (offf).\n"
                                          : "[0.0] RETBleed: " + off + "\n"},
                   {"boot/run-config.status", "0\n"},
                   {"log/" + row.name + "/mmtests-activity", "1 run-mmtests: Start\n2 status :: 0\n"}};
        for (int j = 0; j < iterations; ++j) {
            const std::string iter = "log/" + row.name + "/iter-" + std::to_string(j);
            f.files.push_back({iter + "/tests-timestamp", "start :: 1\n"});
            f.files.push_back({iter + "/pipe-pingpong/logs/mmtests.log", "x" + std::to_string(j) + "\n"});
        }
        return f;
    }

    RebootHooks hooks() {
        return {[this] { return bootId(); }, [this](const MatrixRow& r, const KernelIdentity&) { return measure(r); },
                [this](const MatrixRow& r, const KernelIdentity&, int n) {
                    arranged.push_back(r.name + "#" + std::to_string(n));
                }};
    }
};

struct Fixture {
    TempDir dir{"matrix-step-test"};
    MatrixSpec spec;
    fs::path work = dir.path() / "work";

    fs::path kernel = fakes::writeFakeKernel(dir.path() / "vmlinuz");

    // KERNEL in rows: the fake kernel image.
    explicit Fixture(std::string rows =
                         "[row A]\nkernel = KERNEL\nexpect = retbleed: Mitigation\n"
                         "[row B]\nkernel = KERNEL\ncmdline = retbleed=off\n"
                         "expect = retbleed: Vulnerable\n",
                     const std::string& config = "export MMTESTS=pipe-pingpong\n") {
        for (auto at = rows.find("KERNEL"); at != std::string::npos; at = rows.find("KERNEL"))
            rows.replace(at, 6, kernel.string());
        std::ofstream(dir.path() / "config") << config;
        std::ofstream(dir.path() / "matrix") << "[matrix]\nconfig = config\nboots-per-row = 2\n" << rows;
        spec = parseMatrixFile(dir.path() / "matrix");
    }
    ScheduleState state() const { return *loadState(statePath(work)); }
    // The state as a process SIGKILLed after boot 0's import, before its
    // state save, left it: boot 0 still measuring, boot 1 not yet arranged.
    void asIfKilledBeforeTheStateSave() const {
        ScheduleState st = state();
        st.boots[0].status = BootStatus::Measuring;
        st.boots[0].iteration = -1;
        st.boots[1].status = BootStatus::Pending;
        st.boots[1].bootIdBefore.clear();
        saveState(statePath(work), st);
    }
};

}  // namespace

TEST_CASE("the reboot backends walk the schedule one boot per step, writing the tree", "[mitigation-matrix]") {
    Fixture fx;
    FakeMachine m;
    const auto hooks = m.hooks();
    int steps = 0;
    while (rebootStep(fx.spec, fx.work, hooks) == StepResult::RebootArranged) {
        ++m.boots;  // the reboot
        REQUIRE(++steps < 10);
    }
    CHECK(m.arranged == std::vector<std::string>{"A#0", "B#1", "A#2", "B#3"});
    for (const char* row : {"A", "B"})
        for (int it : {0, 1}) {
            const fs::path iter = fx.work / "log" / row / ("iter-" + std::to_string(it));
            CHECK(fs::is_regular_file(iter / "pipe-pingpong/logs/mmtests.log"));
            CHECK(slurp(iter / "matrix-boot.txt").find("verdict: accepted\n") != std::string::npos);
        }
    // A's iterations were boots 0 and 2: the boots after the 1st and 3rd reboots.
    CHECK(slurp(fx.work / "log/A/iter-0/boot-id") == "boot-1\n");
    CHECK(slurp(fx.work / "log/A/iter-1/boot-id") == "boot-3\n");
    const std::string activity = slurp(fx.work / "log/B/mmtests-activity");
    CHECK(activity.find("1 run-mmtests: Start\n1 run-mmtests: Start\n") == 0);
    CHECK(activity.find(" status :: 0\n") == activity.size() - std::string(" status :: 0\n").size());
    CHECK(rebootStep(fx.spec, fx.work, hooks) == StepResult::Done);
}

TEST_CASE("a step on the same boot_id says the reboot has not happened and arranges it again", "[mitigation-matrix]") {
    Fixture fx;
    FakeMachine m;
    const auto hooks = m.hooks();
    CHECK(rebootStep(fx.spec, fx.work, hooks) == StepResult::RebootArranged);
    CHECK(rebootStep(fx.spec, fx.work, hooks) == StepResult::StillWaiting);
    CHECK(m.arranged == std::vector<std::string>{"A#0", "A#0"});
    CHECK(fx.state().boots[0].status == BootStatus::Started);
    CHECK_FALSE(fs::exists(fx.work / "log"));
}

TEST_CASE("a SIGKILL while a boot is measured fails that boot and redoes its row", "[mitigation-matrix]") {
    Fixture fx;
    FakeMachine m;
    auto hooks = m.hooks();
    CHECK(rebootStep(fx.spec, fx.work, hooks) == StepResult::RebootArranged);
    ++m.boots;
    const pid_t pid = ::fork();
    if (pid == 0) {
        auto dying = hooks;
        dying.measureHere = [](const MatrixRow&, const KernelIdentity&) -> BootFiles {
            ::raise(SIGKILL);
            return {};
        };
        rebootStep(fx.spec, fx.work, dying);
        ::_exit(0);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    REQUIRE(WIFSIGNALED(status));
    CHECK(fx.state().boots[0].status == BootStatus::Measuring);
    ++m.boots;  // the machine comes back
    CHECK(rebootStep(fx.spec, fx.work, hooks) == StepResult::RebootArranged);
    const auto st = fx.state();
    CHECK(st.boots[0].status == BootStatus::Failed);
    CHECK(st.boots[0].reason == "the machine or mitigation-matrix went down while this boot ran");
    CHECK(st.boots.back().row == "A");  // the redo
    CHECK(st.boots.back().status == BootStatus::Pending);
    CHECK_FALSE(fs::exists(fx.work / "log/A/iter-0"));
}

TEST_CASE("a row whose kernel ignores its parameter is rejected, kept aside and not counted", "[mitigation-matrix]") {
    Fixture fx;
    FakeMachine m;
    m.ignoredParameterRow = "B";
    const auto hooks = m.hooks();
    while (rebootStep(fx.spec, fx.work, hooks) == StepResult::RebootArranged) ++m.boots;
    CHECK(m.arranged == std::vector<std::string>{"A#0", "B#1", "A#2"});
    CHECK_FALSE(fs::exists(fx.work / "log/B"));
    CHECK(fs::is_directory(fx.work / "log/A/iter-1"));
    const auto st = fx.state();
    CHECK(st.boots[1].reason ==
          "retbleed=off is not in effect: vulnerabilities/retbleed is \"Mitigation: untrained return thunk\", want "
          "\"Vulnerable\"; dmesg \"[0.0] RETBleed: Ignoring unknown retbleed option (offf).\"");
    CHECK(st.boots[3].status == BootStatus::Skipped);
    CHECK(slurp(fx.work / "matrix/boots/boot-1/matrix-boot.txt").find("verdict: rejected: retbleed=off is not") !=
          std::string::npos);
}

TEST_CASE("a boot of another kernel than the row's is a failed boot, named, and redone", "[mitigation-matrix]") {
    Fixture fx;
    FakeMachine m;
    const auto hooks = m.hooks();
    CHECK(rebootStep(fx.spec, fx.work, hooks) == StepResult::RebootArranged);
    ++m.boots;
    m.release = "6.1.0-fallback";  // grub's default came up instead
    CHECK(rebootStep(fx.spec, fx.work, hooks) == StepResult::RebootArranged);
    const auto st = fx.state();
    CHECK(st.boots[0].status == BootStatus::Failed);
    CHECK(st.boots[0].reason.find("another kernel booted: uname -r is \"6.1.0-fallback\", the row's ") == 0);
    CHECK(st.boots.back().row == "A");  // redone
    CHECK_FALSE(fs::exists(fx.work / "log/A/iter-0"));
}

TEST_CASE("a kernel image rebuilt at the same path is refused on resume, not pooled", "[mitigation-matrix]") {
    Fixture fx;
    FakeMachine m;
    CHECK(rebootStep(fx.spec, fx.work, m.hooks()) == StepResult::RebootArranged);
    CHECK(fx.state().kernels.at("A").release == "6.1.0-test");
    fakes::writeFakeKernel(fx.kernel, "6.1.0-test", "rebuilt");
    CHECK_THROWS_WITH(rebootStep(fx.spec, fx.work, m.hooks()),
                      Catch::Contains("row A's kernel " + fx.kernel.string() + " changed since the schedule"));
}

TEST_CASE("a changed matrix is not resumed in the old work dir", "[mitigation-matrix]") {
    Fixture fx;
    FakeMachine m;
    CHECK(rebootStep(fx.spec, fx.work, m.hooks()) == StepResult::RebootArranged);
    std::ofstream(fx.dir.path() / "config", std::ios::app) << "export X=1\n";
    CHECK_THROWS_WITH(rebootStep(fx.spec, fx.work, m.hooks()),
                      Catch::Contains("holds a schedule of another matrix or config"));
}

TEST_CASE("kexec loads the row's kernel with the base and row cmdline; the unit resumes the schedule",
          "[mitigation-matrix]") {
    Fixture fx("[row A]\nkernel = KERNEL\ninitrd = /boot/initrd.img-7.1\ncmdline = retbleed=off\n");
    const KernelIdentity k{fx.kernel, "7.1.0", "md5"};
    CHECK_THROWS_WITH(kexecLoadCommand(fx.spec, fx.spec.rows[0], k), Catch::Contains("needs base-cmdline"));
    fx.spec.baseCmdline = "root=/dev/sda1 ro";
    CHECK(kexecLoadCommand(fx.spec, fx.spec.rows[0], k) ==
          std::vector<std::string>{"kexec", "-l", fx.kernel.string(), "--initrd=/boot/initrd.img-7.1",
                                   "--append=root=/dev/sda1 ro retbleed=off"});
    const LocalSetup setup{"/opt/bin/mitigation-matrix", "/m/matrix", "/w/it's", "/opt/bin"};
    const std::string unit = systemdUnitText(setup);
    CHECK(unit.find("Type=oneshot\n") != std::string::npos);
    CHECK(
        unit.find("ExecStart=\"/opt/bin/mitigation-matrix\" \"/m/matrix\" --work-dir \"/w/it's\" --backend kexec\n") !=
        std::string::npos);
    const std::string manual = manualInstructions(fx.spec, fx.spec.rows[0], k, 3, setup);
    const KernelIdentity missing{"/boot/vmlinuz-gone", "7.2", kNoImage};
    CHECK_THROWS_WITH(kexecLoadCommand(fx.spec, fx.spec.rows[0], missing),
                      Catch::Contains("no kernel image /boot/vmlinuz-gone"));
    CHECK(manual.find("boot 3: row A\n") != std::string::npos);
    CHECK(manual.find("grub-reboot 'Advanced options for Debian GNU/Linux>Debian GNU/Linux, with Linux 7.1.0'") !=
          std::string::npos);
    CHECK(manual.find("cmdline: add 'retbleed=off' to 'root=/dev/sda1 ro'") != std::string::npos);
}

TEST_CASE("a boot whose iteration reached the tree just before a crash is accepted, not redone",
          "[mitigation-matrix]") {
    Fixture fx;
    FakeMachine m;
    const auto hooks = m.hooks();
    CHECK(rebootStep(fx.spec, fx.work, hooks) == StepResult::RebootArranged);
    ++m.boots;
    CHECK(rebootStep(fx.spec, fx.work, hooks) == StepResult::RebootArranged);  // boot 0 measured, A/iter-0
    // The state as it was between iter-0's rename and the state save.
    fx.asIfKilledBeforeTheStateSave();
    ++m.boots;
    CHECK(rebootStep(fx.spec, fx.work, hooks) == StepResult::RebootArranged);
    const auto after = fx.state();
    CHECK(after.boots[0].status == BootStatus::Accepted);
    CHECK(after.boots[0].iteration == 0);
    CHECK(after.boots.size() == 4);  // nothing redone
}

TEST_CASE("each boot runs the config's MMTEST_ITERATIONS, its iterations numbered on in the tree",
          "[mitigation-matrix]") {
    Fixture fx("[row A]\nkernel = KERNEL\n", "export MMTESTS=pipe-pingpong\nexport MMTEST_ITERATIONS=2\n");
    FakeMachine m;
    m.iterations = 2;
    const auto hooks = m.hooks();
    for (int steps = 0; rebootStep(fx.spec, fx.work, hooks) == StepResult::RebootArranged; ++m.boots)
        REQUIRE(++steps < 10);
    CHECK(fx.state().iterations.at("A") == 2);
    // Boot 0 (after the 1st reboot) is iter-0 and iter-1, boot 1 is iter-2 and iter-3.
    CHECK(slurp(fx.work / "log/A/iter-0/boot-id") == "boot-1\n");
    CHECK(slurp(fx.work / "log/A/iter-1/boot-id") == "boot-1\n");
    CHECK(slurp(fx.work / "log/A/iter-1/pipe-pingpong/logs/mmtests.log") == "x1\n");
    CHECK(slurp(fx.work / "log/A/iter-3/boot-id") == "boot-2\n");
    CHECK(slurp(fx.work / "log/A/iter-3/matrix-boot.txt").find("boot: 1\n") != std::string::npos);
    CHECK_FALSE(fs::exists(fx.work / "log/A/iter-4"));
    // The state owns the count: another one on resume is refused, naming it.
    fx.spec.iterationsPerBoot = 3;
    CHECK_THROWS_WITH(rebootStep(fx.spec, fx.work, hooks), Catch::Contains("row A's boots run 2 iterations each") &&
                                                               Catch::Contains("use --iterations-per-boot 2"));
}

TEST_CASE("a boot that sent fewer iterations than it runs is failed, and nothing of it reaches the tree",
          "[mitigation-matrix]") {
    Fixture fx("[row A]\nkernel = KERNEL\n", "export MMTESTS=pipe-pingpong\n");
    fx.spec.iterationsPerBoot = 2;
    FakeMachine m;  // its run-config writes iter-0 only
    const auto hooks = m.hooks();
    CHECK(rebootStep(fx.spec, fx.work, hooks) == StepResult::RebootArranged);
    ++m.boots;
    rebootStep(fx.spec, fx.work, hooks);
    CHECK(fx.state().boots[0].status == BootStatus::Failed);
    CHECK_THAT(fx.state().boots[0].reason, Catch::Contains("wrote no log/A/iter-1/"));
    CHECK_FALSE(fs::exists(fx.work / "log/A/iter-0"));
}

TEST_CASE("iterations an interrupted import renamed without the boot's first are removed and the boot redone",
          "[mitigation-matrix]") {
    Fixture fx("[row A]\nkernel = KERNEL\n", "export MMTESTS=pipe-pingpong\nexport MMTEST_ITERATIONS=2\n");
    FakeMachine m;
    m.iterations = 2;
    const auto hooks = m.hooks();
    CHECK(rebootStep(fx.spec, fx.work, hooks) == StepResult::RebootArranged);
    ++m.boots;
    CHECK(rebootStep(fx.spec, fx.work, hooks) == StepResult::RebootArranged);  // boot 0: iter-0, iter-1
    // As if the process died after renaming iter-1 (renamed first) and before iter-0.
    fx.asIfKilledBeforeTheStateSave();
    fs::remove_all(fx.work / "log/A/iter-0");
    ++m.boots;
    CHECK(rebootStep(fx.spec, fx.work, hooks) == StepResult::RebootArranged);
    CHECK(fx.state().boots[0].status == BootStatus::Failed);
    CHECK_FALSE(fs::exists(fx.work / "log/A/iter-1"));  // its next boot takes iter-0 and iter-1 whole
}

TEST_CASE("the next step repeats --iterations-per-boot, so a resumed schedule keeps its count", "[mitigation-matrix]") {
    LocalSetup setup{"/opt/bin/mitigation-matrix", "/m/matrix", "/w", "/opt/bin"};
    setup.iterationsPerBoot = 3;
    CHECK_THAT(systemdUnitText(setup), Catch::Contains("--backend kexec --iterations-per-boot 3\n"));
    setup.untilDecided = true;
    CHECK_THAT(systemdUnitText(setup), Catch::Contains("--backend kexec --until-decided --iterations-per-boot 3\n"));
}
