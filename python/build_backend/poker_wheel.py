"""The PEP 517 build backend of the Python module `poker`, the distribution
`pokerjudge` (pyproject.toml).

It drives the project's own CMake build for the interpreter that runs it
(-DPython_EXECUTABLE=sys.executable), builds the extension target alone, and
packs the package folder CMake lays out (build/.../python/poker/) into a
wheel with zipfile: no dependency beyond the standard library, CMake and the
compiler, so that `pip install --no-build-isolation .` works offline.

Settings, from pip's --config-settings (-C KEY=VALUE) or the environment:
  build-dir   where CMake builds, relative to the source tree or absolute
              (default build/pip-TAG: kept, so that a second install builds
              only what changed)
  cmake-args  more CMake arguments (blank-separated), after CMAKE_ARGS's
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The distribution's name, as pip installs and uninstalls it. The name
# "poker" on PyPI is another project's (which imports as `poker` too); this
# one installs the package `poker` under a name of its own.
NAME = "pokerjudge"
PACKAGE = "poker"  # what `import` names
SUMMARY = "The poker engine's evaluator, hold'em judge and equity over NumPy arrays"
URL = "https://github.com/pokerjudge/pokerjudge"
LICENSE = "MIT"  # the tree's LICENSE file, shipped in the .dist-info folder
REQUIRES_PYTHON = ">=3.9"
REQUIRES = ["numpy"]
CLASSIFIERS = [
    "Development Status :: 4 - Beta",
    "Intended Audience :: Developers",
    "Intended Audience :: Education",
    "Intended Audience :: Science/Research",
    "License :: OSI Approved :: MIT License",
    "Operating System :: POSIX :: Linux",
    "Programming Language :: C++",
    "Programming Language :: Python :: 3",
    "Programming Language :: Python :: 3 :: Only",
    "Programming Language :: Python :: Implementation :: CPython",
    "Topic :: Games/Entertainment",
    "Topic :: Scientific/Engineering :: Mathematics",
    "Typing :: Typed",
]


def _version() -> str:
    """The project's version, from the top CMakeLists.txt's project()."""
    text = (ROOT / "CMakeLists.txt").read_text()
    match = re.search(r"project\(\s*poker\s+VERSION\s+([0-9.]+)", text)
    if not match:
        raise RuntimeError("poker_wheel: no project(poker VERSION ...) in CMakeLists.txt")
    return match.group(1)


def _tag() -> str:
    """The wheel's tag for the running interpreter: python, ABI, platform."""
    version = f"{sys.version_info.major}{sys.version_info.minor}"
    if sys.implementation.name == "cpython":
        python = f"cp{version}"
        abi = python + ("d" if hasattr(sys, "gettotalrefcount") else "")
    else:
        python = f"{sys.implementation.name}{version}"
        abi = (sysconfig.get_config_var("SOABI") or "none").replace("-", "_").replace(".", "_")
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{python}-{abi}-{platform}"


def _setting(config_settings: dict | None, key: str) -> str | None:
    value = (config_settings or {}).get(key)
    if isinstance(value, list):  # a key given twice
        value = " ".join(value)
    return value


def _metadata() -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {NAME}",
        f"Version: {_version()}",
        f"Summary: {SUMMARY}",
        f"Home-page: {URL}",
        f"License: {LICENSE}",
        *(f"Classifier: {classifier}" for classifier in CLASSIFIERS),
        f"Project-URL: Source, {URL}",
        f"Project-URL: Documentation, {URL}/blob/main/docs/python.md",
        f"Requires-Python: {REQUIRES_PYTHON}",
        *(f"Requires-Dist: {requirement}" for requirement in REQUIRES),
    ]
    return "\n".join(lines) + "\n"


def _dist_info() -> str:
    return f"{NAME}-{_version()}.dist-info"


def _wheel_text(tag: str) -> str:
    return f"Wheel-Version: 1.0\nGenerator: poker_wheel\nRoot-Is-Purelib: false\nTag: {tag}\n"


def _write_dist_info(folder: Path, tag: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "METADATA").write_text(_metadata())
    (folder / "WHEEL").write_text(_wheel_text(tag))
    (folder / "LICENSE").write_bytes((ROOT / "LICENSE").read_bytes())


def _build_package(config_settings: dict | None) -> Path:
    """Builds the extension with CMake; returns the package folder."""
    cmake = shutil.which("cmake")
    if cmake is None:
        raise RuntimeError("poker_wheel: building the module needs CMake 3.25 or newer (apt-get install cmake)")
    build_dir = Path(_setting(config_settings, "build-dir") or f"build/pip-{_tag()}")
    if not build_dir.is_absolute():
        build_dir = ROOT / build_dir
    arguments = [
        cmake, "-S", str(ROOT), "-B", str(build_dir),
        "-DCMAKE_BUILD_TYPE=Release",
        f"-DPython_EXECUTABLE={sys.executable}",
        "-DPOKER_PYTHON=ON",
        "-DPOKER_BUILD_TESTS=OFF",
        "-DPOKER_BUILD_BENCHMARKS=OFF",
        "-DPOKER_INSTALL=OFF",
        # A newer compiler's new warning must not stop a user's install.
        "-DPOKER_WARNINGS_AS_ERRORS=OFF",
    ]
    if shutil.which("ninja") and not (build_dir / "CMakeCache.txt").exists():
        arguments += ["-G", "Ninja"]
    arguments += shlex.split(os.environ.get("CMAKE_ARGS", ""))
    arguments += shlex.split(_setting(config_settings, "cmake-args") or "")
    subprocess.run(arguments, check=True, stdout=sys.stderr)
    subprocess.run([cmake, "--build", str(build_dir), "--target", "poker_python"], check=True, stdout=sys.stderr)
    package = build_dir / "python" / PACKAGE
    if not any(package.glob("_poker*.so")) and not any(package.glob("_poker*.pyd")):
        raise RuntimeError(f"poker_wheel: the build left no extension module in {package}")
    return package


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


# PEP 517 hooks.

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _write_dist_info(Path(metadata_directory) / _dist_info(), _tag())
    return _dist_info()


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    package = _build_package(config_settings)
    tag = _tag()
    wheel_name = f"{NAME}-{_version()}-{tag}.whl"
    files: list[tuple[str, bytes]] = []
    for path in sorted(package.iterdir()):
        if path.is_file() and not path.name.endswith(".pyc"):
            files.append((f"{PACKAGE}/{path.name}", path.read_bytes()))
    dist_info = _dist_info()
    files.append((f"{dist_info}/METADATA", _metadata().encode()))
    files.append((f"{dist_info}/WHEEL", _wheel_text(tag).encode()))
    files.append((f"{dist_info}/LICENSE", (ROOT / "LICENSE").read_bytes()))
    record = [_record_line(name, data) for name, data in files] + [f"{dist_info}/RECORD,,"]
    files.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    with zipfile.ZipFile(Path(wheel_directory) / wheel_name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if name.endswith(".so") else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
    return wheel_name


def build_sdist(sdist_directory, config_settings=None):
    """The source tree as git tracks it (the whole tree, as the module builds
    with the project's CMake), with PKG-INFO."""
    base = f"{NAME}-{_version()}"
    listing = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], check=True, capture_output=True).stdout
    name = f"{base}.tar.gz"
    with tarfile.open(Path(sdist_directory) / name, "w:gz", format=tarfile.PAX_FORMAT) as sdist:
        for path in sorted(filter(None, listing.decode().split("\0"))):
            if (ROOT / path).is_file():
                sdist.add(ROOT / path, arcname=f"{base}/{path}", recursive=False)
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata().encode()
        info.size = len(data)
        sdist.addfile(info, io.BytesIO(data))
    return name
