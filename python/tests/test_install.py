"""`pip install .` builds the module for the Python that runs pip
(pyproject.toml's in-tree backend driving the CMake build), offline, and
installs it as the distribution pokerjudge."""

from __future__ import annotations

import json
import os
import re
import subprocess
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_pip_install_builds_the_module_for_the_active_interpreter(tmp_path):
    """Also: installed under the distribution name pokerjudge (PyPI's "poker"
    is another project's), with its licence, URL, classifiers and Python."""
    # A venv that sees the system's NumPy, as a user's with no index does.
    environment = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=True).create(environment)
    python = environment / "bin" / "python"
    # The build tree's package must not stand in for the installed one.
    env = {name: value for name, value in os.environ.items() if name not in ("PYTHONPATH", "PYTHONHOME")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    # run_pytest.sh names a build folder beside this build's (kept between
    # runs: a second install builds only what changed) and this build's
    # compiler and launcher (ccache), so that the first build reuses its
    # compilations.
    build_dir = os.environ.get("POKER_WHEEL_BUILD_DIR") or str(tmp_path / "build")
    env["CMAKE_ARGS"] = os.environ.get("POKER_WHEEL_CMAKE_ARGS", "")
    env.setdefault("CMAKE_BUILD_PARALLEL_LEVEL", "2")
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-build-isolation", "--no-index",
         "--config-settings", f"build-dir={build_dir}", str(ROOT)],
        env=env, capture_output=True, text=True, timeout=900,
    )
    assert install.returncode == 0, install.stdout[-4000:] + install.stderr[-4000:]

    check = subprocess.run(
        [str(python), "-c",
         "import importlib.metadata, sys, poker\n"
         "print(poker.__file__)\n"
         "print(poker.__version__, importlib.metadata.version('pokerjudge'))\n"
         "print(poker.evaluate('Ah Kh Qh Jh Th'), poker.CATEGORIES[poker.category(poker.evaluate('Ah Kh Qh Jh Th'))])\n"
         "print(poker.equity(['AhKh', 'QsQd']).deals)\n"],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )
    assert check.returncode == 0, check.stderr
    location, versions, value, deals = check.stdout.splitlines()
    assert Path(location).is_relative_to(environment), location
    cmake = (ROOT / "CMakeLists.txt").read_text()
    version = re.search(r"project\(poker VERSION ([0-9.]+)", cmake).group(1)
    assert versions.split() == [version, version]
    assert value == "32778 Straight flush"
    assert deals == "1712304"

    metadata = subprocess.run(
        [str(python), "-c",
         "import importlib.metadata, json\n"
         "meta = importlib.metadata.metadata('pokerjudge')\n"
         "files = [str(f) for f in importlib.metadata.files('pokerjudge')]\n"
         "print(json.dumps({'name': meta['Name'], 'license': meta['License'], 'home': meta['Home-page'],\n"
         "  'urls': meta.get_all('Project-URL'), 'python': meta['Requires-Python'],\n"
         "  'classifiers': meta.get_all('Classifier'), 'files': files,\n"
         "  'owner': importlib.metadata.packages_distributions().get('poker')}))\n"],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )
    assert metadata.returncode == 0, metadata.stderr
    meta = json.loads(metadata.stdout)
    assert meta["name"] == "pokerjudge"
    assert meta["owner"] == ["pokerjudge"]  # `import poker` comes from this distribution
    assert meta["license"] == "MIT"
    assert "License :: OSI Approved :: MIT License" in meta["classifiers"]
    assert "MIT License" in (ROOT / "LICENSE").read_text().splitlines()[0]
    assert any(name.endswith(".dist-info/LICENSE") for name in meta["files"])
    assert meta["home"].startswith("https://")
    assert any(url.startswith("Source, https://") for url in meta["urls"])
    assert meta["python"] == ">=3.9"
    assert "Programming Language :: Python :: 3" in meta["classifiers"]

    uninstall = subprocess.run([str(python), "-m", "pip", "uninstall", "--yes", "pokerjudge"], env=env,
                               capture_output=True, text=True, timeout=120)
    assert uninstall.returncode == 0, uninstall.stderr
    assert not any(environment.rglob("_poker*.so"))
