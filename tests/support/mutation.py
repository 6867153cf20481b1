"""The mutation run's areas (docs/mutation.md): each mutated module's mutants are tried
against the tests of its area alone, so the run stays bounded.

mutmut (`[tool.mutmut]` in pyproject.toml) first runs every area's tests once and notes
which tests reach each function; a mutant of a function is then tried against those tests.
While a mutant is under test (mutmut names it in `MUTANT_UNDER_TEST`, e.g.
`journal.audit.verify.x_verify_chain__mutmut_3`), `tests/conftest.py` hands the tests it
was given to `keep_the_area`, which deselects those outside its module's area: a mutant of
the chain checks is never tried against a handout's tests that happen to verify a chain.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

#: the test folders (or files) of each area, by the modules it holds (a prefix of the
#: module's dotted name); the first matching prefix wins
AREAS: dict[str, tuple[str, ...]] = {
    # the rules: each ruleset's own tests (its pure rules and its commands)
    "journal.rulesets.horror_factor.": ("tests/rulesets/horror_factor",),
    "journal.rulesets.fright_check.": ("tests/rulesets/fright_check",),
    # the audience filter and the knowledge fold
    "journal.handouts.recap": ("tests/handouts", "tests/secrets", "tests/proof", "tests/identity"),
    "journal.rules.core.knowledge": ("tests/secrets", "tests/handouts", "tests/proof"),
    "journal.rules.core.evolve": ("tests/secrets", "tests/handouts", "tests/proof", "tests/app"),
    # the proofs
    "journal.merkle": ("tests/proof",),
    "journal.proof.": ("tests/proof",),
    # the chain checks
    "journal.events.chain": ("tests/integrity", "tests/store/upgrade", "tests/proof"),
    "journal.audit.verify": ("tests/integrity", "tests/store/upgrade"),
    # the corrections
    "journal.audit.amend": ("tests/corrections",),
    "journal.audit.rerule": ("tests/corrections",),
    # the one safe writer
    "journal.files": ("tests/hostile", "tests/posting", "tests/web/test_web_links_file.py"),
}

#: what mutmut names a mutant: `MODULE.x_FUNCTION__mutmut_N`, `MODULE.xǁCLASSǁMETHOD__mutmut_N`
_NOT_A_MUTANT = {"", "fail", "stats", "list_all_tests", "mutant_generation"}


def area_of(mutant: str) -> tuple[str, ...] | None:
    """The test paths of the area of the module `mutant` is in (None: not a mutant, or
    of no area)."""
    if mutant in _NOT_A_MUTANT or "__mutmut_" not in mutant:
        return None
    module = mutant.rpartition(".")[0]
    for prefix, paths in AREAS.items():
        if module == prefix.rstrip(".") or module.startswith(prefix):
            return paths
    return None


def in_area(nodeid: str, paths: Sequence[str]) -> bool:
    """Whether the test `nodeid` (`tests/proof/test_x.py::test_y[...]`) is in `paths`."""
    file = PurePosixPath(nodeid.split("::", 1)[0])
    return any(file == PurePosixPath(p) or PurePosixPath(p) in file.parents for p in paths)


#: mutmut's steps before the mutants: noting which tests reach which function, listing
#: the tests, running them unmutated
_BEFORE_THE_MUTANTS = {"stats", "list_all_tests", ""}


def areas_of_the_run() -> tuple[str, ...] | None:
    """The test paths of the modules `.ci/mutation` was given (`JOURNAL_MUTATION_MODULES`,
    spaced): the run notes which of those tests reach which function, not every area's."""
    modules = os.environ.get("JOURNAL_MUTATION_MODULES", "").split()
    if not modules:
        return None
    paths = (area_of(f"{module}.x__mutmut_1") for module in modules)
    return tuple(dict.fromkeys(p for found in paths for p in found or ()))


def keep_the_area(items: list[object], deselected: object) -> None:
    """Deselect the tests outside the area of the mutant under test (if any), or before
    the mutants, outside the areas of the modules the run was given."""
    under_test = os.environ.get("MUTANT_UNDER_TEST")
    if under_test is None:
        return  # not the mutation run
    paths = areas_of_the_run() if under_test in _BEFORE_THE_MUTANTS else area_of(under_test)
    if paths is None:
        return
    kept = [i for i in items if in_area(getattr(i, "nodeid", ""), paths)]
    dropped = [i for i in items if i not in kept]
    if dropped:
        items[:] = kept
        deselected(items=dropped)  # type: ignore[operator]


#: what mutmut's exit codes say of a mutant (mutmut.stats.status_by_exit_code, in short)
_STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests",
           34: "skipped", 36: "timeout", 24: "timeout", -24: "timeout", 152: "timeout",
           255: "timeout", 37: "killed"}  # fmt: skip
_COLUMNS = ("killed", "timeout", "survived", "no tests", "not checked")


def tally(folder: Path) -> dict[str, Counter[str]]:
    """Each mutated module's mutants by what became of them, read from mutmut's results
    (`mutants/**/*.meta`, one a module)."""
    found: dict[str, Counter[str]] = {}
    for meta in sorted(folder.glob("journal/**/*.py.meta")):
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        module = meta.relative_to(folder).as_posix().removesuffix(".py.meta")
        found[module.replace("/", ".")] = Counter(
            "not checked" if code is None else _STATUS.get(code, "suspicious")
            for code in codes.values()
        )
    return found


def report(folder: Path) -> str:
    """The kill figures a module, as docs/mutation.md shows them: a timeout is a kill (the
    mutant hung the tests), and the score counts the mutants tried."""
    lines = ["| module | mutants | tried | killed (timeouts) | survived | no tests | score |",
             "|---|---|---|---|---|---|---|"]  # fmt: skip
    for module, seen in tally(folder).items():
        tried = sum(seen.values()) - seen["not checked"]
        killed = seen["killed"] + seen["timeout"]
        score = f"{killed / tried:.1%}" if tried else "-"
        lines.append(
            f"| `{module}` | {sum(seen.values())} | {tried} | {killed} ({seen['timeout']}) "
            f"| {seen['survived']} | {seen['no tests']} | {score} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    import sys

    print(report(Path(sys.argv[1] if len(sys.argv) > 1 else "mutants")))
