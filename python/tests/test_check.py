"""swiftlv2.check runs lv2render's checks and gives their report as a dict."""

import pytest

import swiftlv2
from conftest import EG_AMP


def test_check_returns_the_report():
    report = swiftlv2.check(EG_AMP)
    assert report["name"] == "Simple Amplifier"
    results = {result["check"]: result["result"] for result in report["results"]}
    assert results["real-time"] == "pass" and results["determinism"] == "pass"
    assert report["failed"] is False


def test_check_of_an_unknown_plugin_raises_lv2renders_message():
    with pytest.raises(swiftlv2.Error, match=r"^No plugin with URI urn:nowhere was found on the LV2 path"):
        swiftlv2.check("urn:nowhere")
