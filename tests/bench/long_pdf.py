#!/usr/bin/env python3
"""Writes a 100-page PDF for the PDF extraction benchmark (tests/bench/material-pdf.bench.ts):
a report of numbered paragraphs, 40 lines a page (about 500 tokens a page), every tenth page a
table, Helvetica, uncompressed; built with the e2e fixtures' own PDF writer
(tests/e2e/fixtures/material/make.py), byte for byte the same on every run.

    python3 tests/bench/long_pdf.py OUT.pdf [PAGES]
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e" / "fixtures" / "material"))
from make import pages_pdf, pdf, text_page  # noqa: E402


def page_lines(number):
    lines = [(72, 800, f"Quarterly operations report, page {number}")]
    for row in range(40):
        y = 780 - row * 18
        if number % 10 == 0 and row < 12:
            lines.append((72, y, f"Region {row + 1:02d}    units {400 + row * 7}    price {12.5 + row:.2f}    late {row % 4}"))
        else:
            lines.append((72, y, f"{number}.{row + 1} The supplier shall keep customer data in region {row % 7} and report incidents within {24 + row} hours."))
    return lines


def main():
    out = Path(sys.argv[1])
    pages = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    out.write_bytes(pdf(pages_pdf([text_page(page_lines(n)) for n in range(1, pages + 1)])))


if __name__ == "__main__":
    main()
