"""The extension links no window, GPU or sound library."""

import shutil
import subprocess

import pytest

import carom._carom


def test_the_extension_links_no_x11_vulkan_or_alsa():
    if shutil.which("ldd") is None:
        pytest.fail("ldd is needed to read the extension's libraries")
    libraries = subprocess.run(
        ["ldd", carom._carom.__file__], check=True, capture_output=True, text=True
    ).stdout
    assert "libc.so" in libraries
    for forbidden in ("libX11", "libxcb", "libvulkan", "libasound", "libwayland", "libudev"):
        assert forbidden not in libraries, libraries
