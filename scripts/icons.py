"""Draw the site's icons from static/img/logo.svg with Chromium (docs/ui.md "Installing the site").

Writes, in static/img/:

- ``icon-192.png``, ``icon-512.png``: the logo as it is (its rounded square on a clear ground);
- ``icon-maskable-512.png``, ``apple-touch-icon.png`` (180): the felt fills the whole square and the
  cards sit inside the middle 80 %, so a launcher may cut any shape out of it;
- ``favicon.ico``: the logo at 16, 32 and 48 pixels, each a PNG inside the .ico (no imaging library).

The files are committed; run this again only when the logo changes:

    .venv/bin/python -m scripts.icons
"""

import re
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMG = ROOT / "static" / "img"
CHROMIUM = "/usr/bin/chromium"
FELT = "#0f6b45"  # --felt of static/css/site.css: the logo's square, the header, the manifest's theme_color


def full_bleed(svg: str) -> str:
    """The logo with its rounded square grown to the whole canvas and the cards shrunk into the safe zone."""
    square = re.search(r'<rect x="2" y="2" width="60" height="60" rx="14" fill="[^"]+"/>', svg)
    if not square:
        raise SystemExit("static/img/logo.svg no longer starts with its rounded square: update scripts/icons.py")
    cards = svg[square.end() : svg.rindex("</svg>")]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
        f'<rect width="64" height="64" fill="{FELT}"/>'
        f'<g transform="translate(32 32) scale(0.78) translate(-32 -32)">{cards}</g></svg>'
    )


def render(page, svg: str, size: int) -> bytes:
    """The SVG as a PNG of size x size pixels, its clear parts kept clear."""
    page.set_viewport_size({"width": size, "height": size})
    page.set_content(
        '<html><body style="margin:0;background:transparent">'
        f'<div style="width:{size}px;height:{size}px">{svg.replace("<svg ", f"<svg width={size!r} height={size!r} ", 1)}'
        "</div></body></html>"
    )
    return page.locator("div").screenshot(omit_background=True)


def ico(pngs: dict[int, bytes]) -> bytes:
    """An .ico holding each PNG as is (Windows Vista and every browser read PNG entries)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, images = b"", b""
    for size, data in sorted(pngs.items()):
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset + len(images))
        images += data
    return header + entries + images


def main() -> None:
    from playwright.sync_api import sync_playwright

    logo = (IMG / "logo.svg").read_text(encoding="utf-8")
    bleed = full_bleed(logo)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        page = browser.new_page(device_scale_factor=1)
        out = {
            "icon-192.png": render(page, logo, 192),
            "icon-512.png": render(page, logo, 512),
            "icon-maskable-512.png": render(page, bleed, 512),
            "apple-touch-icon.png": render(page, bleed, 180),
            "favicon.ico": ico({size: render(page, logo, size) for size in (16, 32, 48)}),
        }
        browser.close()
    for name, data in out.items():
        (IMG / name).write_bytes(data)
        print(f"static/img/{name}: {len(data)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
