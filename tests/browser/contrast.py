"""Colour contrast, WCAG 2 AA, of the text on a page (issue 19): 4.5:1, 3:1 for large text.

Two checks. axe-core's `color-contrast` rule (the axe-playwright-python package bundles it)
must find no violation, nor an undecided case whose ratio it did work out and found too low.
axe leaves undecided what it cannot see through: text over a gradient (the felt), a CSS
filter (the greyed cards of your hand), symbols (★ ♪). So every visible text element is also
measured here (CONTRAST_JS): its colour and the backgrounds under it, ancestor by ancestor,
composited with their alpha and opacity, each gradient taken at its worst colour stop, and
the filters of the elements around it (grayscale, brightness) applied, as the browser paints
them. Disabled controls are left out, as WCAG does (an inactive component).
"""

from axe_playwright_python.sync_playwright import Axe

CONTRAST_JS = r"""(root) => {
  const parse = (text) => {
    const m = text.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const parts = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const over = (top, under) => {  // top (with alpha) painted over an opaque colour
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1);
  };
  // CSS filter functions on a colour (Filter Effects 1: the grayscale matrix, brightness).
  const filtered = (c, filter) => {
    let [r, g, b] = c;
    for (const [, name, arg] of filter.matchAll(/(grayscale|brightness)\(([\d.]+)\)/g)) {
      const v = Number(arg);
      if (name === "brightness") { r *= v; g *= v; b *= v; continue; }
      const k = 1 - Math.min(1, v);
      [r, g, b] = [
        (0.2126 + 0.7874 * k) * r + (0.7152 - 0.7152 * k) * g + (0.0722 - 0.0722 * k) * b,
        (0.2126 - 0.2126 * k) * r + (0.7152 + 0.2848 * k) * g + (0.0722 - 0.0722 * k) * b,
        (0.2126 - 0.2126 * k) * r + (0.7152 - 0.7152 * k) * g + (0.0722 + 0.9278 * k) * b,
      ];
    }
    return [r, g, b].map((x) => Math.max(0, Math.min(255, x))).concat(c[3]);
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((x) => {
      const s = x / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  // The layers under an element, nearest first: [{bg, stops, opacity, filter}] up to the first
  // opaque background. A gradient layer gives each of its colour stops.
  const layers = (node) => {
    const out = [];
    for (let e = node; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      const bg = parse(style.backgroundColor);
      const stops = [...style.backgroundImage.matchAll(/rgba?\([^)]+\)/g)].map((m) => parse(m[0]));
      out.push({ bg: bg && bg[3] > 0 ? bg : null, stops, opacity: Number(style.opacity), filter: style.filter });
      if (bg && bg[3] >= 1 && !stops.length) break;
    }
    return out;
  };
  // Every background colour the text may stand on (one per choice of gradient stop), with the
  // text's own colour as painted over it: opacity and filters of the elements between.
  const worst = (node) => {
    const style = getComputedStyle(node);
    const stack = layers(node);
    let grounds = [[255, 255, 255, 1]];  // the canvas under everything
    for (let i = stack.length - 1; i >= 0; i -= 1) {
      const layer = stack[i];
      let next = grounds.map((g) => (layer.bg ? over(layer.bg, g) : g));
      if (layer.stops.length) next = next.flatMap((g) => layer.stops.map((s) => over(s, g)));
      grounds = next;
    }
    let best = Infinity;
    for (const ground of grounds) {
      // The text and the backgrounds inside each filtered or translucent ancestor go through it.
      let fg = over(parse(style.color), ground);
      let bg = ground;
      for (const layer of stack) {
        if (layer.filter && layer.filter !== "none") { fg = filtered(fg, layer.filter); bg = filtered(bg, layer.filter); }
      }
      const opacity = stack.reduce((o, l) => o * l.opacity, 1);
      fg = [0, 1, 2].map((i) => fg[i] * opacity + bg[i] * (1 - opacity)).concat(1);
      best = Math.min(best, ratio(fg, bg));
    }
    return best;
  };
  const out = [];
  for (const node of document.querySelectorAll(`${root} *`)) {
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own || node.closest(":disabled") || node.closest("[hidden]")) continue;
    const style = getComputedStyle(node);
    const rect = node.getBoundingClientRect();
    if (style.visibility !== "visible" || rect.width < 2 || rect.height < 2) continue;
    if (style.clip !== "auto" || style.clipPath !== "none") continue;  // visually hidden, for screen readers
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const need = large ? 3 : 4.5;
    const got = worst(node);
    if (got < need) {
      const text = [...node.childNodes].filter((c) => c.nodeType === 3).map((c) => c.textContent.trim()).join(" ");
      out.push(`${node.tagName.toLowerCase()}.${node.className} "${text.slice(0, 30)}" ${got.toFixed(2)} < ${need}`);
    }
  }
  return out;
}"""


def axe_contrast_failures(page, root: str) -> list[str]:
    """What axe-core's color-contrast rule finds under ``root``: each violation, and each
    undecided case whose measured ratio is below the one required."""
    response = (
        Axe()
        .run(
            page,
            context=root,
            options={"runOnly": ["color-contrast"], "resultTypes": ["violations", "incomplete"]},
        )
        .response
    )
    out = []
    for kind in ("violations", "incomplete"):
        for rule in response[kind]:
            for node in rule["nodes"]:
                for check in node.get("any", []):
                    data = check.get("data") or {}
                    if not isinstance(data, dict):
                        continue
                    need = float(str(data.get("expectedContrastRatio") or "4.5:1").split(":")[0])
                    got = data.get("contrastRatio") or 0
                    if kind == "violations" or (got and got < need):
                        out.append(
                            f"axe {kind}: {node['target']} {got} < {need} ({data.get('fgColor')} on {data.get('bgColor')})"
                        )
    return out


def contrast_failures(page, root: str = "#table") -> list[str]:
    """Every text under ``root`` below WCAG AA contrast, by axe-core and by CONTRAST_JS."""
    return axe_contrast_failures(page, root) + page.evaluate(CONTRAST_JS, root)
