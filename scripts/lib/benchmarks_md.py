"""Writes a benchmark's section into BENCHMARKS.md between its <!-- NAME:start --> and
<!-- NAME:end --> markers, or appends it under HEADING the first time."""
import pathlib
import re


def splice(name: str, heading: str, section: str, path: str = "BENCHMARKS.md", under: str | None = None) -> None:
    """Replaces the `name` block; a new one goes at the end under `## heading`, or, with `under`, as
    `### heading` right below the `## under` section's heading (added at the end if missing)."""
    file = pathlib.Path(path)
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    block = f"{start}\n{section}{end}"
    text = file.read_text()
    if start in text and end in text:
        text = re.sub(re.escape(start) + r".*?" + re.escape(end), lambda _: block, text, flags=re.S)
    elif under:
        parent = f"## {under}\n"
        if parent not in text:
            text = text.rstrip("\n") + "\n\n" + parent
        text = text.replace(parent, f"{parent}\n### {heading}\n\n{block}\n", 1)
    else:
        text = text.rstrip("\n") + f"\n\n## {heading}\n\n" + block + "\n"
    file.write_text(text)
