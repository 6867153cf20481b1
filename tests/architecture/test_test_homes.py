"""The tests mirror the source tree, one home per concern (docs/developing.md): no
test module at the top of tests/, helpers only in the tests/support package, one home per
built-in ruleset, and none of the homes the tests left comes back."""

from __future__ import annotations

from support import ROOT

TESTS = ROOT / "tests"
#: the homes the tests left (issue 19) and where they went
LEFT = {
    "foundation": "store/, cli/, app/, install/, transfer/",
    "parity": "store/",
    "snapshots": "store/snapshots/",
    "upgrade": "store/upgrade/",
    "plugins": "rulesets/stress/",
    "horror_factor": "rulesets/horror_factor/",
    "fright_check": "rulesets/fright_check/",
    "rules/horror_factor": "rulesets/horror_factor/rules/",
    "rules/fright_check": "rulesets/fright_check/rules/",
    "fixtures": "beside their tests (store/upgrade/fixtures/, identity/fixtures/)",
}


def test_no_test_module_lives_at_the_top() -> None:
    assert sorted(p.name for p in TESTS.glob("*.py")) == ["conftest.py"]


def test_helpers_live_in_the_support_package() -> None:
    strays = [
        str(path.relative_to(TESTS))
        for path in TESTS.rglob("*.py")
        if not {"fixtures", "support"} & set(path.relative_to(TESTS).parts)
        and not path.name.startswith("test_")
        and path.name != "conftest.py"
    ]
    assert strays == [], "helpers belong in tests/support/ (imported as `support.NAME`)"


def test_each_built_in_ruleset_has_one_home() -> None:
    rulesets = {p.parent.name for p in (ROOT / "journal" / "rulesets").glob("*/__init__.py")}
    assert rulesets
    assert {p.name for p in (TESTS / "rulesets").iterdir() if p.is_dir()} >= rulesets


def test_the_homes_the_tests_left_stay_empty() -> None:
    back = {
        f"tests/{old}": f"tests/{new}"
        for old, new in LEFT.items()
        if any(p.is_file() and "__pycache__" not in p.parts for p in (TESTS / old).rglob("*"))
    }
    assert back == {}, "move these tests to their new homes"
