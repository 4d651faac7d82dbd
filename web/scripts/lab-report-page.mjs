// Builds the lab's report page (web/lab-report.html, web/src/lab-report/) into one self-contained
// HTML file, data/lab-report-page.html: script and style inlined (vite-plugin-singlefile), no
// source map, nothing fetched at run time. The tabletop program compiles that file in and writes
// it with the lab's figures inlined (src/sim/report.h), so building the C++ needs no npm.
//   node scripts/lab-report-page.mjs          rewrite data/lab-report-page.html (npm run build:lab-report)
//   node scripts/lab-report-page.mjs --check  fail when the committed file differs from a fresh build
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { viteSingleFile } from "vite-plugin-singlefile";

const WEB = path.join(import.meta.dirname, "..");
export const PAGE = path.join(WEB, "..", "data", "lab-report-page.html");

/** The built page's text. */
export async function buildPage() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "lab-report-page-"));
  try {
    await build({
      root: WEB,
      configFile: false,
      logLevel: "warn",
      publicDir: false,
      plugins: [viteSingleFile({ removeViteModuleLoader: true })],
      build: {
        outDir,
        emptyOutDir: true,
        sourcemap: false,
        rollupOptions: { input: path.join(WEB, "lab-report.html") },
      },
    });
    return fs.readFileSync(path.join(outDir, "lab-report.html"), "utf8");
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  const page = await buildPage();
  if (!page.includes('<script type="application/json" id="lab-summary"></script>'))
    throw new Error("the built page lost its lab-summary block");
  if (page.includes(')tabletoptext"')) throw new Error("the built page ends CMake's raw string");
  if (process.argv.includes("--check")) {
    const committed = fs.existsSync(PAGE) ? fs.readFileSync(PAGE, "utf8") : "";
    if (committed !== page) {
      console.error(`${PAGE} is stale: run npm run build:lab-report in web/ and commit it`);
      process.exit(1);
    }
    console.log(`${PAGE} is up to date`);
  } else {
    fs.writeFileSync(PAGE, page);
    console.log(`wrote ${PAGE} (${page.length} characters)`);
  }
}
