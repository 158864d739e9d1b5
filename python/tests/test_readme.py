"""The README's Python example runs as written and writes what it says."""

import re
from pathlib import Path

import swiftlv2

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_example_renders_a_score_through_the_synth_and_the_rate_adapter(tmp_path, monkeypatch):
    example = re.search(r"## Python\n.*?```python\n(.*?)```", README.read_text(), re.S).group(1)
    assert len(example.strip().splitlines()) == 5
    monkeypatch.chdir(tmp_path)
    exec(compile(example, "README.md", "exec"), {})
    audio, rate = swiftlv2.read(tmp_path / "radio.wav")
    assert rate == 48000 and audio.shape == (2, 96000)
    assert abs(audio).max() > 0.1
