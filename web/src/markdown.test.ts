import { describe, expect, it } from "vitest";
import { markdown, section } from "./markdown";

const html = (md: string) =>
  markdown(md)
    .map((e) => e.outerHTML)
    .join("");

describe("markdown", () => {
  it("reads headings, paragraphs, lists and inline code", () => {
    expect(html("# Goal\nBe the first\nto win.\n\n- a `d3#e3` move\n- **two**\n")).toBe(
      "<h2>Goal</h2><p>Be the first to win.</p><ul><li>a <code>d3#e3</code> move</li><li><strong>two</strong></li></ul>",
    );
  });
  it("never turns text into HTML", () => {
    expect(html("<img src=x onerror=alert(1)>")).toBe("<p>&lt;img src=x onerror=alert(1)&gt;</p>");
    expect(html("[x](javascript:alert(1))")).toBe("<p>[x](javascript:alert(1))</p>");
  });
  it("links http(s) addresses", () => {
    expect(html("[rules](https://example.org/r)")).toBe('<p><a href="https://example.org/r">rules</a></p>');
  });
});

describe("fenced blocks", () => {
  it("hands a named block to the drawer with its index, and keeps plain code as code", () => {
    const seen: string[] = [];
    const out = markdown(
      "```position\nplay: a\n```\n```\nx\n```\n```position\nlegal: b\n```\n",
      (kind, i, lines) => {
        seen.push(`${kind} ${i} ${lines.join("|")}`);
        return i === 0 ? document.createElement("figure") : null;
      },
    );
    expect(seen).toEqual(["position 0 play: a", "position 1 legal: b"]);
    expect(out.map((e) => e.tagName.toLowerCase())).toEqual(["figure", "pre"]);
  });
});

describe("section", () => {
  it("cuts one section of a how-to out, for the notation help", () => {
    const md = "## Goal\nWin.\n\n## Notation\n`d3#e3` swaps two coins.\n\n- `end`\n## After\nx";
    expect(section(md, "Notation")).toBe("`d3#e3` swaps two coins.\n\n- `end`");
    expect(section("## Notation\nlast", "notation")).toBe("last");
    expect(section(md, "Scoring")).toBe("");
  });
});
