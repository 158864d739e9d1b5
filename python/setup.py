"""The package's build, beside pyproject.toml: a wheel for one platform, since it carries
libswiftlv2host.so (and, made by `make wheel`, the libraries that needs and SwiftLV2's plugins),
though it has no Python extension; so its tag is py3-none-PLATFORM."""

import sys
from pathlib import Path

from setuptools import setup
from setuptools.dist import Distribution
from wheel.bdist_wheel import bdist_wheel

LIBRARY = Path(__file__).resolve().parent / "swiftlv2" / "libswiftlv2host.so"

if not LIBRARY.exists():
    sys.exit(f"swiftlv2 cannot be built without its library {LIBRARY}, which `make python` builds in a SwiftLV2 "
             "clone; run it first, or install the wheel `make wheel` makes.")


class PlatformDistribution(Distribution):
    """Binary, as a package with an extension is, so that it installs into platlib."""

    def has_ext_modules(self):
        return True


class PlatformWheel(bdist_wheel):
    """A wheel for this platform and any Python 3: the library is called through ctypes."""

    def get_tag(self):
        return "py3", "none", super().get_tag()[2]


setup(distclass=PlatformDistribution, cmdclass={"bdist_wheel": PlatformWheel})
