// One Lighthouse 12 run of a logged-in page (bench/lighthouse.py starts it). The session cookie is set in
// the browser itself: `--extra-headers` reaches page requests but not the WebSocket handshake, so a table
// audited that way never got its socket and was measured showing "your session has ended".
// Usage: node bench/lighthouse_run.mjs <url> <session> <out.json>   (CHROME_PATH: the browser)
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(`${process.cwd()}/var/lighthouse/node_modules/`);
const lighthouse = (await import(require.resolve("lighthouse"))).default;
const puppeteer = (await import(require.resolve("puppeteer-core"))).default;

const [url, session, out] = process.argv.slice(2);
const host = new URL(url).hostname;
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox"],
});
try {
  const page = await browser.newPage();
  await browser.setCookie(
    { name: "sessionid", value: session, domain: host, path: "/" },
    { name: "django_language", value: "pt-br", domain: host, path: "/" },
  );
  // disableStorageReset: resetting the origin's storage would drop the session cookie.
  const result = await lighthouse(url, {
    output: "json",
    disableStorageReset: true,
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  }, undefined, page);
  writeFileSync(out, result.report);
} finally {
  await browser.close();
}
